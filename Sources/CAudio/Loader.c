// libasound and libsndfile loaded on first use (include/CAudio.h): each function the Audio
// module calls, defined here as a call through a pointer found with dlsym.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "CAudio.h"

// F(return type, name, (parameters), (arguments)) for each function used.
#define ALSA_FUNCTIONS(F) \
    F(int, snd_pcm_open, (snd_pcm_t **pcm, const char *name, int stream, int mode), \
      (pcm, name, stream, mode)) \
    F(int, snd_pcm_set_params, \
      (snd_pcm_t *pcm, int format, int access, unsigned int channels, unsigned int rate, \
       int soft_resample, unsigned int latency), \
      (pcm, format, access, channels, rate, soft_resample, latency)) \
    F(long, snd_pcm_writei, (snd_pcm_t *pcm, const void *buffer, unsigned long frames), \
      (pcm, buffer, frames)) \
    F(int, snd_pcm_wait, (snd_pcm_t *pcm, int timeout), (pcm, timeout)) \
    F(int, snd_pcm_recover, (snd_pcm_t *pcm, int error, int silent), (pcm, error, silent)) \
    F(int, snd_pcm_drop, (snd_pcm_t *pcm), (pcm)) \
    F(int, snd_pcm_close, (snd_pcm_t *pcm), (pcm)) \
    F(const char *, snd_strerror, (int error), (error)) \
    F(int, snd_device_name_hint, (int card, const char *interface, void ***hints), \
      (card, interface, hints)) \
    F(char *, snd_device_name_get_hint, (const void *hint, const char *id), (hint, id)) \
    F(int, snd_device_name_free_hint, (void **hints), (hints))

#define SNDFILE_FUNCTIONS(F) \
    F(SNDFILE *, sf_open, (const char *path, int mode, nightstand_sf_info *info), \
      (path, mode, info)) \
    F(int64_t, sf_readf_float, (SNDFILE *file, float *frames, int64_t count), \
      (file, frames, count)) \
    F(int64_t, sf_writef_float, (SNDFILE *file, const float *frames, int64_t count), \
      (file, frames, count)) \
    F(int64_t, sf_seek, (SNDFILE *file, int64_t frames, int whence), (file, frames, whence)) \
    F(int, sf_close, (SNDFILE *file), (file)) \
    F(const char *, sf_strerror, (SNDFILE *file), (file)) \
    F(int, sf_format_check, (const nightstand_sf_info *info), (info))

#define POINTER(type, name, parameters, arguments) static type(*p_##name) parameters;
ALSA_FUNCTIONS(POINTER)
SNDFILE_FUNCTIONS(POINTER)

#define DEFINE(type, name, parameters, arguments) \
    type nightstand_##name parameters { return p_##name arguments; }
ALSA_FUNCTIONS(DEFINE)
SNDFILE_FUNCTIONS(DEFINE)

#define FIND(library, soname, problem, type, name) \
    *(void **)(&p_##name) = dlsym(library, #name); \
    if (!p_##name) { \
        snprintf(problem, sizeof problem, "%s has no %s", soname, #name); \
        return; \
    }

// libasound prints its own errors on stderr ("ALSA lib pcm.c:2666: Unknown PCM default"); the
// player reports them in its words instead, so the printing is turned off.
static void quiet(const char *file, int line, const char *function, int error, const char *format,
                  ...) {
    (void)file;
    (void)line;
    (void)function;
    (void)error;
    (void)format;
}

static pthread_once_t alsa_once = PTHREAD_ONCE_INIT;
static char alsa_problem[256];

static void load_alsa(void) {
    void *library = dlopen("libasound.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(alsa_problem, sizeof alsa_problem, "libasound.so.2 could not be loaded (%s)",
                 dlerror());
        return;
    }
#define FIND_ALSA(type, name, parameters, arguments) \
    FIND(library, "libasound.so.2", alsa_problem, type, name)
    ALSA_FUNCTIONS(FIND_ALSA)
    int (*set_handler)(void (*)(const char *, int, const char *, int, const char *, ...));
    *(void **)(&set_handler) = dlsym(library, "snd_lib_error_set_handler");
    if (set_handler) set_handler(quiet);
}

static pthread_once_t sndfile_once = PTHREAD_ONCE_INIT;
static char sndfile_problem[256];

static void load_sndfile(void) {
    void *library = dlopen("libsndfile.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(sndfile_problem, sizeof sndfile_problem,
                 "libsndfile.so.1 could not be loaded (%s)", dlerror());
        return;
    }
#define FIND_SNDFILE(type, name, parameters, arguments) \
    FIND(library, "libsndfile.so.1", sndfile_problem, type, name)
    SNDFILE_FUNCTIONS(FIND_SNDFILE)
}

static int report(const char *problem, char *error, size_t size) {
    if (problem[0] == 0) return 0;
    if (size > 0) snprintf(error, size, "%s", problem);
    return -1;
}

int nightstand_alsa_load(char *error, size_t size) {
    pthread_once(&alsa_once, load_alsa);
    return report(alsa_problem, error, size);
}

int nightstand_sndfile_load(char *error, size_t size) {
    pthread_once(&sndfile_once, load_sndfile);
    return report(sndfile_problem, error, size);
}
