// System library shim for libevdev (pkg-config), provided by Debian's libevdev-dev: the
// evdev protocol (SYN_DROPPED resync, multitouch slot state, axis ranges, code names) of the
// kernel's input devices. Also the kernel uapi the Input module reads (event codes, inotify,
// epoll).
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <time.h>

// The instant of an event in seconds: `struct input_event` names its time fields differently
// where time_t is 64 bits on a 32-bit machine (input_event_sec/usec cover both layouts).
static inline double nightstand_input_event_seconds(const struct input_event *event) {
    return (double)event->input_event_sec + (double)event->input_event_usec / 1e6;
}
