// A test input device for the QEMU end-to-end test: creates a kernel input device through
// uinput, plays a script of events read from standard input, and removes the device at the
// end of the script (an unplug).
//
//   uinput-device touch NAME    a multitouch protocol-B touchscreen like the Pi 7" DSI panel's
//                               (800x480, ten slots, INPUT_PROP_DIRECT, pointer emulation)
//   uinput-device keys NAME     a gpio-keys-like device (KEY_NEXTSONG, KEY_PREVIOUSSONG,
//                               KEY_PROG1, KEY_ENTER)
//   uinput-device encoder NAME  a rotary-encoder-like device (REL_X)
//
// Script lines (one event each, as the kernel writes them; the device adds nothing):
//   abs CODE VALUE | key CODE VALUE | rel CODE VALUE | syn | sleep MS | ready
// CODE is a number (linux/input-event-codes.h). `ready` prints "ready NAME" once the device
// node exists, so the caller can wait for it.
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static int fd = -1;

static void emit(int type, int code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = type;
    event.code = code;
    event.value = value;
    if (write(fd, &event, sizeof event) != sizeof event) perror("uinput-device: write");
}

static void absolute(int code, int maximum) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = code;
    setup.absinfo.maximum = maximum;
    ioctl(fd, UI_SET_ABSBIT, code);
    if (ioctl(fd, UI_ABS_SETUP, &setup) != 0) perror("uinput-device: UI_ABS_SETUP");
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: uinput-device touch|keys|encoder NAME < script\n");
        return 2;
    }
    fd = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        perror("uinput-device: /dev/uinput");
        return 1;
    }
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    snprintf(setup.name, sizeof setup.name, "%s", argv[2]);
    if (strcmp(argv[1], "touch") == 0) {
        ioctl(fd, UI_SET_EVBIT, EV_ABS);
        ioctl(fd, UI_SET_EVBIT, EV_KEY);
        ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
        ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
        absolute(ABS_X, 799);
        absolute(ABS_Y, 479);
        absolute(ABS_MT_SLOT, 9);
        absolute(ABS_MT_POSITION_X, 799);
        absolute(ABS_MT_POSITION_Y, 479);
        absolute(ABS_MT_TRACKING_ID, 65535);
    } else if (strcmp(argv[1], "keys") == 0) {
        ioctl(fd, UI_SET_EVBIT, EV_KEY);
        int keys[] = {KEY_NEXTSONG, KEY_PREVIOUSSONG, KEY_PROG1, KEY_ENTER};
        for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) ioctl(fd, UI_SET_KEYBIT, keys[i]);
    } else if (strcmp(argv[1], "encoder") == 0) {
        ioctl(fd, UI_SET_EVBIT, EV_REL);
        ioctl(fd, UI_SET_RELBIT, REL_X);
    } else {
        fprintf(stderr, "uinput-device: unknown kind %s\n", argv[1]);
        return 2;
    }
    if (ioctl(fd, UI_DEV_SETUP, &setup) != 0 || ioctl(fd, UI_DEV_CREATE) != 0) {
        perror("uinput-device: create");
        return 1;
    }
    char line[128];
    while (fgets(line, sizeof line, stdin)) {
        char word[16];
        int code = 0, value = 0;
        if (sscanf(line, "%15s %d %d", word, &code, &value) < 1) continue;
        if (strcmp(word, "abs") == 0) emit(EV_ABS, code, value);
        else if (strcmp(word, "key") == 0) emit(EV_KEY, code, value);
        else if (strcmp(word, "rel") == 0) emit(EV_REL, code, value);
        else if (strcmp(word, "syn") == 0) emit(EV_SYN, SYN_REPORT, 0);
        else if (strcmp(word, "sleep") == 0) {
            struct timespec pause = {code / 1000, (long)(code % 1000) * 1000000L};
            nanosleep(&pause, NULL);
        } else if (strcmp(word, "ready") == 0) {
            char node[64];
            if (ioctl(fd, UI_GET_SYSNAME(sizeof node), node) >= 0) printf("ready %s\n", node);
            fflush(stdout);
        }
    }
    ioctl(fd, UI_DEV_DESTROY);
    close(fd);
    return 0;
}
