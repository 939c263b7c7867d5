// The allocator entry points of glibc, counted per thread (see CAllocationCounter.h).
//
// Each forwards to glibc's exported `__libc_*` implementation directly: no dlsym (which may
// itself allocate), no recursion. The counters are initial-exec thread-locals of the
// executable, so reading them never calls `__tls_get_addr` (which may allocate).

#include "CAllocationCounter.h"

#include <errno.h>
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

static inline void count_allocation(void) {
    if (counting) allocations += 1;
}

void allocation_counter_start(void) {
    allocations = 0;
    frees = 0;
    counting = 1;
}

void allocation_counter_stop(void) { counting = 0; }

int64_t allocation_counter_allocations(void) { return allocations; }

int64_t allocation_counter_frees(void) { return frees; }

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (counting && pointer != NULL) frees += 1;
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

// POSIX: the alignment must be a power of two and a multiple of sizeof(void *).
int posix_memalign(void **result, size_t alignment, size_t size) {
    count_allocation();
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *result = p;
    return 0;
}

void *valloc(size_t size) {
    count_allocation();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_allocation();
    return __libc_pvalloc(size);
}
