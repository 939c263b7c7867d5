// The allocator entry points of glibc, counted per thread (see CAllocationCounter.h).
//
// Each forwards to glibc's exported `__libc_*` implementation directly: no dlsym (which may
// itself allocate), no recursion. The counters are initial-exec thread-locals of the
// executable, so reading them never calls `__tls_get_addr` (which may allocate).

#include "CAllocationCounter.h"

#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

#define THREAD_LOCAL _Thread_local __attribute__((tls_model("initial-exec")))

static THREAD_LOCAL int counting;
static THREAD_LOCAL int64_t allocations;
static THREAD_LOCAL int64_t frees;
static THREAD_LOCAL int64_t live_bytes;
static THREAD_LOCAL int64_t peak_bytes;

static inline void count_allocation(void) {
    if (counting) allocations += 1;
}

/// Adds a block's usable bytes to the live count (`sign` -1 takes them off), keeping the peak.
static inline void count_bytes(void *pointer, int sign) {
    if (!counting || pointer == NULL) return;
    live_bytes += sign * (int64_t)malloc_usable_size(pointer);
    if (live_bytes > peak_bytes) peak_bytes = live_bytes;
}

static inline void *counted(void *pointer) {
    count_bytes(pointer, 1);
    return pointer;
}

void allocation_counter_start(void) {
    allocations = 0;
    frees = 0;
    live_bytes = 0;
    peak_bytes = 0;
    counting = 1;
}

void allocation_counter_stop(void) { counting = 0; }

int64_t allocation_counter_allocations(void) { return allocations; }

int64_t allocation_counter_frees(void) { return frees; }

int64_t allocation_counter_peak_bytes(void) { return peak_bytes; }

void *malloc(size_t size) {
    count_allocation();
    return counted(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return counted(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    count_bytes(pointer, -1);
    return counted(__libc_realloc(pointer, size));
}

void free(void *pointer) {
    if (counting && pointer != NULL) frees += 1;
    count_bytes(pointer, -1);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return counted(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return counted(__libc_memalign(alignment, size));
}

// POSIX: the alignment must be a power of two and a multiple of sizeof(void *).
int posix_memalign(void **result, size_t alignment, size_t size) {
    count_allocation();
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *result = counted(p);
    return 0;
}

void *valloc(size_t size) {
    count_allocation();
    return counted(__libc_valloc(size));
}

void *pvalloc(size_t size) {
    count_allocation();
    return counted(__libc_pvalloc(size));
}
