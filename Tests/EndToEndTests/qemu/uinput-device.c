// A test input device for the QEMU end-to-end test: creates a kernel input device through
// uinput, plays a script of events read from standard input, and removes the device at the
// end of the script (an unplug).
//
//   uinput-device KIND NAME BUS VENDOR PRODUCT VERSION [KEY...] < script
//
// KIND is the device's capabilities, as the Raspberry Pi kernel's drivers register them
// (raspberrypi/linux; docs/raspberry-pi.md has the sources):
//   ft5x06   the 7" Touch Display's edt-ft5x06 touchscreen, `edt,edt-ft5506`: ten slots
//            (edt_ft5506_data), INPUT_MT_DIRECT (so INPUT_PROP_DIRECT, BTN_TOUCH and ABS_X/Y
//            copied from the MT axes), ABS_MT_POSITION_X 0-799 and _Y 0-479
//            (touchscreen-size-x/y of overlays/edt-ft5406.dtsi)
//   goodix   Touch Display 2's Goodix GT911 (goodix.c, goodix_configure_dev): keys
//            KEY_LEFTMETA and KEY_F1-KEY_F6, ABS_MT_WIDTH_MAJOR and _TOUCH_MAJOR 0-255,
//            ABS_MT_POSITION_X 0-719 and _Y 0-1279 (the panel's portrait size), five slots,
//            INPUT_MT_DIRECT | INPUT_MT_DROP_UNUSED
//   button   one `dtoverlay=gpio-key` line's gpio-keys device: the KEY codes given
//   encoder  a rotary-encoder-like device (REL_X)
// BUS VENDOR PRODUCT VERSION are the input_id (numbers, 0x… for hex): BUS_I2C (0x18) with 0 0 0
// for edt-ft5x06, BUS_I2C 0x0416 911 <firmware> for Goodix, BUS_HOST (0x19) 1 1 0x100 for
// gpio-keys.
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
    if (maximum < 0) return;
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = code;
    setup.absinfo.maximum = maximum;
    ioctl(fd, UI_SET_ABSBIT, code);
    if (ioctl(fd, UI_ABS_SETUP, &setup) != 0) perror("uinput-device: UI_ABS_SETUP");
}

int main(int argc, char **argv) {
    if (argc < 7) {
        fprintf(stderr, "usage: uinput-device ft5x06|goodix|button|encoder NAME BUS VENDOR PRODUCT "
                        "VERSION [KEY...] < script\n");
        return 2;
    }
    fd = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        perror("uinput-device: /dev/uinput");
        return 1;
    }
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = (unsigned short)strtoul(argv[3], NULL, 0);
    setup.id.vendor = (unsigned short)strtoul(argv[4], NULL, 0);
    setup.id.product = (unsigned short)strtoul(argv[5], NULL, 0);
    setup.id.version = (unsigned short)strtoul(argv[6], NULL, 0);
    snprintf(setup.name, sizeof setup.name, "%s", argv[2]);
    int goodix = strcmp(argv[1], "goodix") == 0;
    if (strcmp(argv[1], "ft5x06") == 0 || goodix) {
        int width = goodix ? 720 : 800, height = goodix ? 1280 : 480;
        ioctl(fd, UI_SET_EVBIT, EV_ABS);
        ioctl(fd, UI_SET_EVBIT, EV_KEY);
        ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
        ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
        absolute(ABS_X, width - 1);
        absolute(ABS_Y, height - 1);
        absolute(ABS_MT_SLOT, goodix ? 4 : 9);
        absolute(ABS_MT_TOUCH_MAJOR, goodix ? 255 : -1);
        absolute(ABS_MT_WIDTH_MAJOR, goodix ? 255 : -1);
        absolute(ABS_MT_POSITION_X, width - 1);
        absolute(ABS_MT_POSITION_Y, height - 1);
        absolute(ABS_MT_TRACKING_ID, 65535);
        if (goodix) {
            ioctl(fd, UI_SET_KEYBIT, KEY_LEFTMETA);
            for (int key = KEY_F1; key <= KEY_F6; key++) ioctl(fd, UI_SET_KEYBIT, key);
        }
    } else if (strcmp(argv[1], "button") == 0) {
        ioctl(fd, UI_SET_EVBIT, EV_KEY);
        for (int i = 7; i < argc; i++) ioctl(fd, UI_SET_KEYBIT, atoi(argv[i]));
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
