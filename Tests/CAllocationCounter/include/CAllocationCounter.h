#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

// Counting heap allocations made by one thread, for tests that prove a code path allocates
// nothing. Linked into the test executable only: it defines the C allocator's entry points
// (malloc, calloc, realloc, free, posix_memalign, aligned_alloc, memalign, valloc, pvalloc),
// which then replace glibc's for the whole process (the executable comes first in symbol
// lookup), and forwards each to glibc's own implementation (`__libc_malloc` and friends, which
// glibc exports for this purpose), counting the calls made on a thread that asked to be counted.

#include <stdint.h>

// Starts counting on the calling thread, from zero.
void allocation_counter_start(void);

// Stops counting on the calling thread.
void allocation_counter_stop(void);

// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc,
// pvalloc) the calling thread made while counting.
int64_t allocation_counter_allocations(void);

// Frees (free of a non-null pointer) the calling thread made while counting.
int64_t allocation_counter_frees(void);

// The most bytes (malloc_usable_size) the calling thread's allocations held at once while
// counting, net of what it freed: the memory a code path needs at its peak.
int64_t allocation_counter_peak_bytes(void);

#endif
