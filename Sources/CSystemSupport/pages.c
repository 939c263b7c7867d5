#define _GNU_SOURCE
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "CSystemSupport.h"

struct keep {
    const uintptr_t *address;
    size_t count;
    size_t released;
};

// Whether the object's dynamic section asks for relocations in its read-only segments (then
// their pages hold the loader's writes and must stay).
static int has_text_relocations(const struct dl_phdr_info *info) {
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        if (info->dlpi_phdr[i].p_type != PT_DYNAMIC) continue;
        const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
        for (; entry->d_tag != DT_NULL; entry++) {
            if (entry->d_tag == DT_TEXTREL) return 1;
            if (entry->d_tag == DT_FLAGS && (entry->d_un.d_val & DF_TEXTREL)) return 1;
        }
    }
    return 0;
}

static int release(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct keep *keep = data;
    for (size_t i = 0; i < keep->count; i++) {
        if (keep->address[i] == info->dlpi_addr) return 0;
    }
    // The kernel's vDSO is no file of the page cache.
    if (info->dlpi_name != NULL && strncmp(info->dlpi_name, "linux-", 6) == 0) return 0;
    if (has_text_relocations(info)) return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W)) continue;
        // Only whole pages inside the segment: a page shared with a writable one keeps its
        // relocated data.
        uintptr_t start = (uintptr_t)(info->dlpi_addr + segment->p_vaddr);
        uintptr_t end = start + segment->p_memsz;
        start = (start + page - 1) & ~(page - 1);
        end &= ~(page - 1);
        if (end > start && madvise((void *)start, end - start, MADV_DONTNEED) == 0) {
            keep->released += end - start;
        }
    }
    return 0;
}

size_t nightstand_release_readonly_pages(const uintptr_t *keep, size_t count) {
    struct keep state = {keep, count, 0};
    dl_iterate_phdr(release, &state);
    return state.released;
}
