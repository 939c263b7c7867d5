#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "CSystemSupport.h"

int nightstand_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }

int nightstand_set_thread_name(pthread_t thread, const char *name) {
    return pthread_setname_np(thread, name);
}

char *const *nightstand_environment(void) { return environ; }

int nightstand_disable_huge_pages(void) {
    return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}

// The write end each signal is relayed to, plus one (0: none). Written before the handler is
// installed and after it is removed, read only by the handler.
static volatile sig_atomic_t relay_fds[_NSIG];

static void relay(int signo) {
    int saved = errno;  // write(2) may change errno under the interrupted code
    int fd = (int)relay_fds[signo] - 1;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)signo;
        // A full pipe drops the byte: signals of one kind coalesce anyway.
        (void)write(fd, &byte, 1);
    }
    errno = saved;
}

int nightstand_signal_pipe(int ends[2]) {
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    int flags = fcntl(ends[1], F_GETFL);
    if (flags < 0 || fcntl(ends[1], F_SETFL, flags | O_NONBLOCK) != 0) {
        int saved = errno;
        close(ends[0]);
        close(ends[1]);
        errno = saved;
        return -1;
    }
    return 0;
}

int nightstand_signal_relay(int signo, int fd) {
    if (signo <= 0 || signo >= _NSIG || signo > 255 || fd < 0) {
        errno = EINVAL;
        return -1;
    }
    relay_fds[signo] = fd + 1;
    struct sigaction action = {0};
    action.sa_handler = relay;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(signo, &action, NULL);
}

int nightstand_signal_unblock(int signo) {
    sigset_t set;
    sigemptyset(&set);
    if (sigaddset(&set, signo) != 0) return errno;
    return pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int nightstand_signal_default(int signo) {
    if (signo <= 0 || signo >= _NSIG) {
        errno = EINVAL;
        return -1;
    }
    struct sigaction action = {0};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    int r = sigaction(signo, &action, NULL);
    relay_fds[signo] = 0;
    return r;
}
