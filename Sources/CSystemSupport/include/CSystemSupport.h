// GNU extensions of glibc that Swift's Glibc module (built without _GNU_SOURCE) does not show,
// wrapped as plain functions.
#ifndef NIGHTSTAND_CSYSTEMSUPPORT_H
#define NIGHTSTAND_CSYSTEMSUPPORT_H

#include <pthread.h>

/// pipe2(2): a pipe whose ends get `flags` (O_CLOEXEC, O_NONBLOCK) atomically.
int nightstand_pipe2(int fds[2], int flags);

/// pthread_setname_np(3): names a thread (at most 15 bytes) for ps, top and gdb.
int nightstand_set_thread_name(pthread_t thread, const char *name);

/// The process's environment, `environ`, as execve(2) takes it.
char *const *nightstand_environment(void);

#endif
