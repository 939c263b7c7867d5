// libmosquitto loaded on first use (include/CMosquitto.h): each libmosquitto function the
// Network module calls, defined here as a call through a pointer found with dlsym.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "CMosquitto.h"
#include "CSystemSupport.h"

// FUNCTIONS(F): F(return type, name, (parameters), (arguments)) for each function used.
#define FUNCTIONS(F) \
    F(int, mosquitto_lib_init, (void), ()) \
    F(struct mosquitto *, mosquitto_new, (const char *id, bool clean, void *obj), (id, clean, obj)) \
    F(void, mosquitto_destroy, (struct mosquitto *m), (m)) \
    F(void, mosquitto_user_data_set, (struct mosquitto *m, void *obj), (m, obj)) \
    F(int, mosquitto_threaded_set, (struct mosquitto *m, bool threaded), (m, threaded)) \
    F(int, mosquitto_int_option, (struct mosquitto *m, enum mosq_opt_t o, int v), (m, o, v)) \
    F(int, mosquitto_username_pw_set, (struct mosquitto *m, const char *u, const char *p), \
      (m, u, p)) \
    F(int, mosquitto_will_set, \
      (struct mosquitto *m, const char *t, int n, const void *p, int q, bool r), \
      (m, t, n, p, q, r)) \
    F(int, mosquitto_tls_set, \
      (struct mosquitto *m, const char *ca, const char *path, const char *cert, \
       const char *key, int (*pw)(char *, int, int, void *)), \
      (m, ca, path, cert, key, pw)) \
    F(void, mosquitto_connect_v5_callback_set, \
      (struct mosquitto *m, \
       void (*f)(struct mosquitto *, void *, int, int, const mosquitto_property *)), \
      (m, f)) \
    F(void, mosquitto_disconnect_callback_set, \
      (struct mosquitto *m, void (*f)(struct mosquitto *, void *, int)), (m, f)) \
    F(void, mosquitto_message_callback_set, \
      (struct mosquitto *m, \
       void (*f)(struct mosquitto *, void *, const struct mosquitto_message *)), \
      (m, f)) \
    F(void, mosquitto_publish_callback_set, \
      (struct mosquitto *m, void (*f)(struct mosquitto *, void *, int)), (m, f)) \
    F(void, mosquitto_log_callback_set, \
      (struct mosquitto *m, void (*f)(struct mosquitto *, void *, int, const char *)), (m, f)) \
    F(int, mosquitto_property_add_int32, (mosquitto_property **l, int id, uint32_t v), \
      (l, id, v)) \
    F(void, mosquitto_property_free_all, (mosquitto_property **l), (l)) \
    F(int, mosquitto_connect_bind_v5, \
      (struct mosquitto *m, const char *h, int port, int k, const char *b, \
       const mosquitto_property *p), \
      (m, h, port, k, b, p)) \
    F(int, mosquitto_loop, (struct mosquitto *m, int timeout, int packets), (m, timeout, packets)) \
    F(int, mosquitto_publish, \
      (struct mosquitto *m, int *mid, const char *t, int n, const void *p, int q, bool r), \
      (m, mid, t, n, p, q, r)) \
    F(int, mosquitto_subscribe, (struct mosquitto *m, int *mid, const char *s, int q), \
      (m, mid, s, q)) \
    F(int, mosquitto_disconnect, (struct mosquitto *m), (m)) \
    F(const char *, mosquitto_strerror, (int e), (e)) \
    F(const char *, mosquitto_reason_string, (int r), (r))

// The pointers, filled once by load().
#define POINTER(type, name, parameters, arguments) static type(*p_##name) parameters;
FUNCTIONS(POINTER)

// The definitions the Network module links against.
#define DEFINE(type, name, parameters, arguments) \
    type name parameters { return p_##name arguments; }
FUNCTIONS(DEFINE)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char problem[256];

// The objects loaded before libmosquitto, by load address: the ones release_load_pages leaves
// alone. A process has a few dozen; more than fit are simply not released from.
enum { KNOWN_LIMIT = 256 };
struct known {
    uintptr_t address[KNOWN_LIMIT];
    size_t count;
    int overflowed;
};

static int remember(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct known *known = data;
    if (known->count < KNOWN_LIMIT) {
        known->address[known->count++] = (uintptr_t)info->dlpi_addr;
    } else {
        known->overflowed = 1;
    }
    return 0;
}

// Loading libmosquitto loads the OpenSSL it links (libssl, libcrypto) even for a plain mqtt://
// connection, which runs none of OpenSSL's code: the loader reads their symbol and relocation
// tables once (about 1 MiB of libcrypto's pages) and never again. Afterwards the read-only
// pages of the newly loaded objects are given back (MADV_DONTNEED): they are the files' own,
// unmodified pages, so any later use (a TLS connection, a dlsym) maps them in again from the
// page cache. Their writable and relocated pages (RELRO) stay.
static void release_load_pages(const struct known *known) {
    if (known->overflowed) return;
    nightstand_release_readonly_pages(known->address, known->count);
}

static void load(void) {
    struct known known = {.count = 0, .overflowed = 0};
    dl_iterate_phdr(remember, &known);
    void *library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(problem, sizeof problem, "libmosquitto.so.1 could not be loaded (%s)", dlerror());
        return;
    }
    release_load_pages(&known);
#define FIND(type, name, parameters, arguments) \
    *(void **)(&p_##name) = dlsym(library, #name); \
    if (!p_##name) { \
        snprintf(problem, sizeof problem, "libmosquitto.so.1 has no %s", #name); \
        return; \
    }
    FUNCTIONS(FIND)
}

int nightstand_mosquitto_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (problem[0] == 0) return 0;
    if (size > 0) snprintf(error, size, "%s", problem);
    return -1;
}
