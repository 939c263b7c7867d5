// scripts/close-spy's preload: a close() that keeps the number.
//
// Every test runs in one process, so a test that closes a descriptor number it no longer owns
// closes whatever another test was given that number in the meantime (an eventfd, a socket),
// and that test fails far away, now and then. Here close() replaces the descriptor with a
// tombstone instead (dup3, atomically), so the number is not handed out again for the next
// QUARANTINE closes, and a second close() of it is reported with its stack (to the file
// $CLOSE_SPY_LOG) and does nothing else. Only the test binary (NightstandPackageTests) is
// watched; the programs it starts are left alone. Closes inside libc (fclose, closedir) are
// not seen.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

// How many closed numbers stay held, oldest given back first. Small enough that the numbers in
// use stay under 1024, which libmosquitto's select() needs.
#define QUARANTINE 700

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int (*real_close)(int);
static int watched = -1;
// The read end of a pipe whose write end is never written: never readable (a non-blocking
// read says EAGAIN) and never writable, so code that still polls a closed number waits
// rather than spins. Its /proc/self/fd link names it.
static int tombstone = -1;
static char tombstone_name[64];
static int held[QUARANTINE];
static int held_count = 0;
static int held_next = 0;

static int is_watched(void) {
    if (watched < 0) {
        char exe[512] = {0};
        readlink("/proc/self/exe", exe, sizeof exe - 1);
        watched = strstr(exe, "NightstandPackageTests") != NULL;
    }
    return watched;
}

static void make_tombstone(void) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return;
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", ends[0]);
    ssize_t n = readlink(path, tombstone_name, sizeof tombstone_name - 1);
    if (n <= 0) return;
    tombstone_name[n] = 0;
    tombstone = ends[0];
}

static int is_tombstone(int fd) {
    char path[64], target[256];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(path, target, sizeof target - 1);
    if (n <= 0) return 0;
    target[n] = 0;
    return strcmp(target, tombstone_name) == 0;
}

static void report(int fd) {
    const char *log = getenv("CLOSE_SPY_LOG");
    int out = open(log ? log : "/dev/stderr", O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (out < 0) return;
    char head[128];
    int length = snprintf(head, sizeof head, "close-spy: descriptor %d closed again (thread %ld)\n",
                          fd, (long)syscall(SYS_gettid));
    void *frames[32];
    int count = backtrace(frames, 32);
    write(out, head, (size_t)length);
    backtrace_symbols_fd(frames, count, out);
    write(out, "--\n", 3);
    syscall(SYS_close, out);
}

int close(int fd) {
    if (real_close == NULL) real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
    if (fd < 0 || !is_watched()) return real_close(fd);
    pthread_mutex_lock(&lock);
    if (tombstone < 0) make_tombstone();
    pthread_mutex_unlock(&lock);
    if (tombstone < 0 || fd == tombstone) return real_close(fd);
    if (is_tombstone(fd)) {
        report(fd);
        return 0;
    }
    if (dup3(tombstone, fd, O_CLOEXEC) < 0) return real_close(fd);
    pthread_mutex_lock(&lock);
    if (held_count == QUARANTINE) {
        int oldest = held[held_next];
        if (is_tombstone(oldest)) real_close(oldest);
    } else {
        held_count++;
    }
    held[held_next] = fd;
    held_next = (held_next + 1) % QUARANTINE;
    pthread_mutex_unlock(&lock);
    return 0;
}
