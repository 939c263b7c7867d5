// GNU extensions of glibc that Swift's Glibc module (built without _GNU_SOURCE) does not show,
// wrapped as plain functions.
#ifndef NIGHTSTAND_CSYSTEMSUPPORT_H
#define NIGHTSTAND_CSYSTEMSUPPORT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <spawn.h>
#include <sys/timerfd.h>

/// pipe2(2): a pipe whose ends get `flags` (O_CLOEXEC, O_NONBLOCK) atomically.
int nightstand_pipe2(int fds[2], int flags);

/// posix_spawn_file_actions_addclosefrom_np(3) (glibc 2.34): the child closes every descriptor
/// from `from` up, whatever its close-on-exec flag.
int nightstand_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

/// accept4(2): the next connection of a listening socket, non-blocking and close-on-exec from
/// the start (no window in which a spawned program could inherit it). -1 with errno.
int nightstand_accept(int listener);

/// pthread_setname_np(3): names a thread (at most 15 bytes) for ps, top and gdb.
int nightstand_set_thread_name(pthread_t thread, const char *name);

/// gettid(2): the kernel's id of the calling thread (its /proc/self/task/<id> entry).
int nightstand_thread_id(void);

/// The process's environment, `environ`, as execve(2) takes it.
char *const *nightstand_environment(void);

/// prctl(PR_SET_THP_DISABLE): the kernel backs none of the process's memory with transparent
/// huge pages from now on. Returns 0 or -1 with errno.
int nightstand_disable_huge_pages(void);

/// mallopt(M_MMAP_THRESHOLD, M_TRIM_THRESHOLD): blocks of `bytes` and more are mapped of their
/// own and unmapped when freed, glibc no longer raises the threshold as blocks are freed, and
/// free space of more than `bytes` at the top of a heap goes back to the kernel. Returns 1, or
/// 0 when refused.
int nightstand_fix_mmap_threshold(int bytes);

// Signals relayed through a pipe (the self-pipe pattern): the handler only writes the signal's
// number, one byte, to a file descriptor, which is async-signal-safe; a thread reading the
// other end does the real work. C, because a signal handler cannot safely run Swift code.

/// Makes the relay pipe: ends[0] to read (blocking), ends[1] for the handlers (non-blocking,
/// so a handler never waits on a full pipe), both close-on-exec. Returns 0 or -1 with errno.
int nightstand_signal_pipe(int ends[2]);

/// Routes `signo` to `fd`: installs a handler (SA_RESTART) that writes the signal number as one
/// byte to `fd`. Returns 0, or -1 with errno set (EINVAL for a bad signal number).
int nightstand_signal_relay(int signo, int fd);

/// Unblocks `signo` in the calling thread (threads inherit their creator's mask, and
/// libdispatch's worker threads block every signal). Returns 0 or an errno value.
int nightstand_signal_unblock(int signo);

/// Puts back the default action of `signo` and stops relaying it. Returns 0 or -1 with errno.
int nightstand_signal_default(int signo);

// Waking a poll(2) and hearing the kernel's device events, for the run loop (EventCore).

/// eventfd(2), non-blocking and close-on-exec: a counter another thread writes to wake a
/// poll(2). Returns the descriptor or -1 with errno.
int nightstand_eventfd(void);

/// Adds one to an eventfd's counter. Returns 0 or -1 with errno (EAGAIN: the counter is full,
/// which still wakes the reader).
int nightstand_eventfd_signal(int fd);

/// Reads and zeroes an eventfd's counter; 0 when it was zero already.
unsigned long long nightstand_eventfd_drain(int fd);

/// A netlink socket (NETLINK_KOBJECT_UEVENT) bound to the kernel's broadcast of device events,
/// non-blocking and close-on-exec, with a receive buffer of `buffer_bytes` (0: the system's).
/// Returns the descriptor or -1 with errno.
int nightstand_uevent_socket(int buffer_bytes);

/// Receives one datagram into `buffer`. Returns its length; 0 when it was dropped (sent by a
/// process, not the kernel, or cut short by `size`); -1 with errno (EAGAIN: none waiting).
long nightstand_uevent_receive(int fd, void *buffer, unsigned long size);

/// The user id of the process at the other end of a connected Unix socket (SO_PEERCRED, as
/// the kernel recorded it when the peer bound or connected). Returns 0 or -1 with errno.
int nightstand_peer_uid(int fd, unsigned int *uid);

// OBD-II over SocketCAN (a CAN HAT's `can0`) through the kernel's ISO-TP (ISO 15765-2) sockets.

/// An ISO-TP socket (PF_CAN, SOCK_DGRAM, CAN_ISOTP) on the CAN interface `interface`, sending
/// to the 11-bit id `tx_id` and receiving from `rx_id`, its frames padded to 8 bytes with 0xCC
/// (ISO 15765-4), non-blocking and close-on-exec. Returns the descriptor or -1 with errno
/// (ENODEV: no such interface; EAFNOSUPPORT or EPROTONOSUPPORT: no CAN or can-isotp module).
int nightstand_isotp_socket(const char *interface, unsigned int tx_id, unsigned int rx_id);

/// Gives back the resident pages of the read-only segments (code, constants: PT_LOAD without
/// PF_W) of every loaded ELF object but those loaded at the addresses in `keep` (`count` of
/// them; `dlpi_addr` as dl_iterate_phdr reports it), with MADV_DONTNEED on their whole pages.
/// They are the files' own, unmodified pages, so whatever runs or reads them later maps them in
/// again from the page cache; writable and relocated pages (RELRO), and every object with text
/// relocations, stay. Returns the bytes advised.
size_t nightstand_release_readonly_pages(const uintptr_t *keep, size_t count);

// Finding types by a protocol they conform to, as the Swift runtime records conformances.

/// Writes to `types` (up to `capacity` of them) the type metadata of every non-generic struct,
/// enum or class linked into the program that declares a conformance to the protocol named
/// `protocol_name` of the module named `module_name`, in the order the linker laid the
/// records out. Returns how many there are, which may be more than `capacity`: call with 0
/// to count.
///
/// The records are the linker's `swift5_protocol_conformances` section of the image this
/// file is linked into (the program, with every module of a SwiftPM build in it): one 32-bit
/// relative pointer a record, the record's layout being the Swift ABI's
/// ProtocolConformanceDescriptor (docs/ABI/TypeMetadata.rst in the Swift repository).
unsigned long nightstand_conforming_types(
    const char *module_name, const char *protocol_name, const void **types,
    unsigned long capacity);

#endif
