// Type metadata by protocol conformance, from the conformance records the Swift compiler emits
// into the `swift5_protocol_conformances` section (one 32-bit relative pointer to a
// ProtocolConformanceDescriptor a record). The layouts below are the stable Swift ABI
// (swift/include/swift/ABI/Metadata.h); the linker defines the section's bounds.
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "CSystemSupport.h"

extern const int32_t __start_swift5_protocol_conformances[] __attribute__((weak));
extern const int32_t __stop_swift5_protocol_conformances[] __attribute__((weak));

/// A relative direct pointer: the address `*field` bytes from the field itself.
static const void *relative(const int32_t *field) {
    return *field == 0 ? NULL : (const char *)field + *field;
}

/// A relative pointer whose lowest bit says the target holds the address (indirect).
static const void *relative_indirectable(const int32_t *field) {
    int32_t offset = *field;
    if (offset == 0) return NULL;
    const char *target = (const char *)field + (offset & ~1);
    return (offset & 1) ? *(const void *const *)target : target;
}

/// A context descriptor: flags, then a relative pointer to its parent.
struct context_descriptor {
    uint32_t flags;
    int32_t parent;
};

/// A protocol's descriptor (context kind 3): flags, parent (its module), name, ...
struct protocol_descriptor {
    uint32_t flags;
    int32_t parent;
    int32_t name;
};

/// A module's descriptor (context kind 0): flags, parent, name.
struct module_descriptor {
    uint32_t flags;
    int32_t parent;
    int32_t name;
};

/// A nominal type's descriptor: flags, parent, name, the metadata access function, ...
struct type_descriptor {
    uint32_t flags;
    int32_t parent;
    int32_t name;
    int32_t access_function;
};

/// A conformance record: the protocol, the conforming type, the witness table, the flags.
struct conformance_descriptor {
    int32_t protocol;
    int32_t type;
    int32_t witness_table;
    uint32_t flags;
};

/// What a metadata access function returns (swiftcall: both words in registers).
struct metadata_response {
    const void *metadata;
    size_t state;
};

typedef struct metadata_response (*access_function)(size_t request)
    __attribute__((swiftcall));

enum {
    kind_mask = 0x1f,
    kind_module = 0,
    kind_protocol = 3,
    kind_class = 16,
    kind_enum = 18,
    is_generic = 0x80,
    type_reference_shift = 3,
    type_reference_mask = 0x7,
    direct_type_descriptor = 0,
    indirect_type_descriptor = 1,
};

static int is_protocol(const struct protocol_descriptor *protocol, const char *module_name,
                       const char *protocol_name) {
    if (protocol == NULL || (protocol->flags & kind_mask) != kind_protocol) return 0;
    const char *name = relative(&protocol->name);
    if (name == NULL || strcmp(name, protocol_name) != 0) return 0;
    const struct module_descriptor *module = relative_indirectable(&protocol->parent);
    if (module == NULL || (module->flags & kind_mask) != kind_module) return 0;
    const char *module_text = relative(&module->name);
    return module_text != NULL && strcmp(module_text, module_name) == 0;
}

static const struct type_descriptor *conforming_type(const struct conformance_descriptor *record) {
    const int32_t *field = &record->type;
    switch ((record->flags >> type_reference_shift) & type_reference_mask) {
    case direct_type_descriptor:
        return relative(field);
    case indirect_type_descriptor: {
        const void *const *slot = relative(field);
        return slot == NULL ? NULL : *slot;
    }
    default:  // Objective-C classes: none on Linux.
        return NULL;
    }
}

unsigned long nightstand_conforming_types(
    const char *module_name, const char *protocol_name, const void **types,
    unsigned long capacity) {
    unsigned long count = 0;
    const int32_t *record = __start_swift5_protocol_conformances;
    for (; record != NULL && record < __stop_swift5_protocol_conformances; record++) {
        const struct conformance_descriptor *conformance = relative(record);
        if (conformance == NULL) continue;
        if (!is_protocol(relative_indirectable(&conformance->protocol), module_name,
                         protocol_name))
            continue;
        const struct type_descriptor *type = conforming_type(conformance);
        if (type == NULL) continue;
        uint32_t kind = type->flags & kind_mask;
        if (kind < kind_class || kind > kind_enum || (type->flags & is_generic)) continue;
        access_function access = (access_function)relative(&type->access_function);
        if (access == NULL) continue;
        if (count < capacity) types[count] = access(0).metadata;
        count++;
    }
    return count;
}
