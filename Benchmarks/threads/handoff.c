// What it costs a core to update memory another core wrote last, against memory it wrote
// itself: the price a frame pays when its rows are drawn on one core and then read on
// another (Canvas.drawingThreads, docs/performance.md). Two threads pinned to CPUs 0 and 1
// take turns touching every cache line of a 4 MiB buffer (half a 1920x1080 frame); "solo"
// is one thread doing all the turns. Prints microseconds per pass.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BYTES = 4 << 20, PASSES = 400 };
static unsigned char *buffer;
static _Atomic int turn;
static double spent[2];

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double touch(void) {
    double t0 = now();
    for (size_t i = 0; i < BYTES; i += 64) buffer[i]++;
    return now() - t0;
}

static void *take_turns(void *arg) {
    long me = (long)arg;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(me, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    for (int p = 0; p < PASSES; p++) {
        while (atomic_load(&turn) != p * 2 + me) {}
        spent[me] += touch();
        atomic_store(&turn, p * 2 + me + 1);
    }
    return NULL;
}

int main(void) {
    buffer = aligned_alloc(64, BYTES);
    memset(buffer, 0, BYTES);
    double solo = 0;
    for (int p = 0; p < 2 * PASSES; p++) solo += touch();
    pthread_t a, b;
    pthread_create(&a, NULL, take_turns, (void *)0);
    pthread_create(&b, NULL, take_turns, (void *)1);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("solo_us=%.1f handoff_us=%.1f\n", solo / (2 * PASSES) * 1e6,
        (spent[0] + spent[1]) / (2 * PASSES) * 1e6);
    return 0;
}
