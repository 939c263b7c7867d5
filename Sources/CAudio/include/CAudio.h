// ALSA's libasound and libsndfile, loaded when the first sound plays or `nightstand sounds`
// runs (dlopen: a display without alarms loads neither, and the program does not link them).
// The declarations are the few each library's header (alsa/asoundlib.h, sndfile.h) gives for
// the calls used, with the constants' values from those headers; each call goes through a
// pointer that nightstand_alsa_load() or nightstand_sndfile_load() fills from dlsym. The
// functions carry a `nightstand_` prefix so that none of them stands in for the library's own
// symbol inside the library.
#ifndef NIGHTSTAND_CAUDIO_H
#define NIGHTSTAND_CAUDIO_H

#include <stddef.h>
#include <stdint.h>

// Loads the library once; 0, or -1 with the reason in `error`.
int nightstand_alsa_load(char *error, size_t size);
int nightstand_sndfile_load(char *error, size_t size);

// alsa/pcm.h
typedef struct _snd_pcm snd_pcm_t;
enum {
    NIGHTSTAND_PCM_STREAM_PLAYBACK = 0,
    NIGHTSTAND_PCM_STREAM_CAPTURE = 1,
    NIGHTSTAND_PCM_NONBLOCK = 1,
    NIGHTSTAND_PCM_FORMAT_S16_LE = 2,
    NIGHTSTAND_PCM_ACCESS_RW_INTERLEAVED = 3,
};
int nightstand_snd_pcm_open(snd_pcm_t **pcm, const char *name, int stream, int mode);
int nightstand_snd_pcm_set_params(snd_pcm_t *pcm, int format, int access, unsigned int channels,
                                  unsigned int rate, int soft_resample, unsigned int latency);
long nightstand_snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, unsigned long frames);
int nightstand_snd_pcm_wait(snd_pcm_t *pcm, int timeout);
int nightstand_snd_pcm_recover(snd_pcm_t *pcm, int error, int silent);
int nightstand_snd_pcm_drop(snd_pcm_t *pcm);
int nightstand_snd_pcm_close(snd_pcm_t *pcm);
const char *nightstand_snd_strerror(int error);
// alsa/control.h: the device name hints (`aplay -L`).
int nightstand_snd_device_name_hint(int card, const char *interface, void ***hints);
char *nightstand_snd_device_name_get_hint(const void *hint, const char *id);
int nightstand_snd_device_name_free_hint(void **hints);

// sndfile.h
typedef struct SNDFILE_tag SNDFILE;
typedef struct {
    int64_t frames;
    int samplerate;
    int channels;
    int format;
    int sections;
    int seekable;
} nightstand_sf_info;
enum {
    NIGHTSTAND_SFM_READ = 0x10,
    NIGHTSTAND_SFM_WRITE = 0x20,
    NIGHTSTAND_SF_FORMAT_WAV = 0x010000,
    NIGHTSTAND_SF_FORMAT_FLAC = 0x170000,
    NIGHTSTAND_SF_FORMAT_OGG = 0x200000,
    NIGHTSTAND_SF_FORMAT_MPEG = 0x230000,
    NIGHTSTAND_SF_FORMAT_PCM_16 = 0x0002,
    NIGHTSTAND_SF_FORMAT_VORBIS = 0x0060,
    NIGHTSTAND_SF_FORMAT_MPEG_LAYER_III = 0x0082,
};
SNDFILE *nightstand_sf_open(const char *path, int mode, nightstand_sf_info *info);
int64_t nightstand_sf_readf_float(SNDFILE *file, float *frames, int64_t count);
int64_t nightstand_sf_writef_float(SNDFILE *file, const float *frames, int64_t count);
int64_t nightstand_sf_seek(SNDFILE *file, int64_t frames, int whence);
int nightstand_sf_close(SNDFILE *file);
const char *nightstand_sf_strerror(SNDFILE *file);
int nightstand_sf_format_check(const nightstand_sf_info *info);

#endif
