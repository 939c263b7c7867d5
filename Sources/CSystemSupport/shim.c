#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <linux/can.h>
#include <linux/can/isotp.h>
#include <linux/netlink.h>
#include <malloc.h>
#include <net/if.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "CSystemSupport.h"

int nightstand_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }

int nightstand_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int nightstand_accept(int listener) {
    return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int nightstand_set_thread_name(pthread_t thread, const char *name) {
    return pthread_setname_np(thread, name);
}

int nightstand_thread_id(void) { return (int)gettid(); }

char *const *nightstand_environment(void) { return environ; }

int nightstand_disable_huge_pages(void) {
    return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}

int nightstand_fix_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes) && mallopt(M_TRIM_THRESHOLD, bytes);
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

int nightstand_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

int nightstand_eventfd_signal(int fd) {
    uint64_t one = 1;
    return write(fd, &one, sizeof one) == (ssize_t)sizeof one ? 0 : -1;
}

unsigned long long nightstand_eventfd_drain(int fd) {
    uint64_t count = 0;
    return read(fd, &count, sizeof count) == (ssize_t)sizeof count ? count : 0;
}

int nightstand_uevent_socket(int buffer_bytes) {
    int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
                    NETLINK_KOBJECT_UEVENT);
    if (fd < 0) return -1;
    if (buffer_bytes > 0) {
        (void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer_bytes, sizeof buffer_bytes);
    }
    struct sockaddr_nl address;
    memset(&address, 0, sizeof address);
    address.nl_family = AF_NETLINK;
    address.nl_groups = 1;  // the kernel's own broadcast (udev's is group 2)
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

long nightstand_uevent_receive(int fd, void *buffer, unsigned long size) {
    struct sockaddr_nl sender;
    memset(&sender, 0, sizeof sender);
    struct iovec piece = {.iov_base = buffer, .iov_len = size};
    struct msghdr message = {
        .msg_name = &sender, .msg_namelen = sizeof sender, .msg_iov = &piece, .msg_iovlen = 1};
    ssize_t length = recvmsg(fd, &message, 0);
    if (length < 0) return -1;
    if (message.msg_flags & MSG_TRUNC) return 0;
    // Only the kernel (port 0) speaks for devices: any process may send to a netlink socket.
    if (message.msg_namelen >= sizeof sender && sender.nl_family == AF_NETLINK &&
        sender.nl_pid != 0) {
        return 0;
    }
    return (long)length;
}

int nightstand_peer_uid(int fd, unsigned int *uid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *uid = credentials.uid;
    return 0;
}

int nightstand_isotp_socket(const char *interface, unsigned int tx_id, unsigned int rx_id) {
    unsigned int index = if_nametoindex(interface);
    if (index == 0) return -1;
    int fd = socket(PF_CAN, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, CAN_ISOTP);
    if (fd < 0) return -1;
    struct can_isotp_options options = {
        .flags = CAN_ISOTP_TX_PADDING,
        .txpad_content = 0xCC,
    };
    struct sockaddr_can address = {.can_family = AF_CAN, .can_ifindex = (int)index};
    address.can_addr.tp.tx_id = tx_id;
    address.can_addr.tp.rx_id = rx_id;
    if (setsockopt(fd, SOL_CAN_ISOTP, CAN_ISOTP_OPTS, &options, sizeof options) < 0 ||
        bind(fd, (struct sockaddr *)&address, sizeof address) < 0) {
        int error = errno;
        close(fd);
        errno = error;
        return -1;
    }
    return fd;
}
