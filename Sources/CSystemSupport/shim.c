#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include "CSystemSupport.h"

int nightstand_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }

int nightstand_set_thread_name(pthread_t thread, const char *name) {
    return pthread_setname_np(thread, name);
}

char *const *nightstand_environment(void) { return environ; }
