// Stands in for systemd-logind's power key in the car VM (which has no systemd): does what
// logind's src/login/logind-button.c does with a key device, then what a shutdown does to a
// service. It opens every /dev/input/event*, as it comes, read-write and non-blocking as
// logind does (button_open), keeps those with KEY_POWER in their EV_KEY bits
// (button_suitable), asks for that key's events only (EVIOCSMASK, as button_set_mask asks for
// the keys it handles), and grabs nothing. On KEY_POWER pressed (EV_KEY, value > 0: logind's "Power key pressed short."
// with HandlePowerKey=poweroff, its default) it prints
//   @@POWER key on /dev/input/eventN (NAME)@@
// sends SIGTERM to PID (systemd stopping the service on the way to poweroff.target), and prints
//   @@POWER PID ended in MS ms@@
// once PID has ended (a pidfd), or "@@POWER no key@@" after TIMEOUT seconds without the key.
// Usage: power-key PID TIMEOUT
#include <dirent.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define BITS (8 * sizeof(unsigned long))
#define HAS(bits, n) (((bits)[(n) / BITS] >> ((n) % BITS)) & 1UL)

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// Opens the /dev/input/event* not open yet that have KEY_POWER, as logind's button_open and
// button_suitable do, with its event mask; adds them to fds and names.
static void scan(struct pollfd *fds, char paths[][300], char names[][520], int *count) {
    DIR *dir = opendir("/dev/input");
    struct dirent *entry;
    while (dir && (entry = readdir(dir)) && *count < 32) {
        if (strncmp(entry->d_name, "event", 5) != 0) continue;
        char path[300];
        snprintf(path, sizeof path, "/dev/input/%s", entry->d_name);
        int known = 0;
        for (int i = 0; i < *count; i++) known |= strcmp(paths[i], path) == 0;
        if (known) continue;
        snprintf(paths[*count], 300, "%s", path);
        int fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
        if (fd < 0) continue;
        unsigned long types[EV_MAX / BITS + 1] = {0}, keys[KEY_MAX / BITS + 1] = {0};
        ioctl(fd, EVIOCGBIT(0, sizeof types), types);
        ioctl(fd, EVIOCGBIT(EV_KEY, sizeof keys), keys);
        char name[200] = "";
        ioctl(fd, EVIOCGNAME(sizeof name), name);
        if (!HAS(types, EV_KEY) || !HAS(keys, KEY_POWER)) {
            // Not one of ours: remembered (poll skips a negative descriptor), closed.
            fds[(*count)++] = (struct pollfd){.fd = -1};
            close(fd);
            continue;
        }
        unsigned long wanted[KEY_MAX / BITS + 1] = {0};
        wanted[KEY_POWER / BITS] |= 1UL << (KEY_POWER % BITS);
        struct input_mask mask = {.type = EV_KEY, .codes_size = sizeof wanted,
                                  .codes_ptr = (unsigned long)wanted};
        ioctl(fd, EVIOCSMASK, &mask);
        snprintf(names[*count], 520, "%s (%s)", path, name);
        fds[(*count)++] = (struct pollfd){.fd = fd, .events = POLLIN};
    }
    if (dir) closedir(dir);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: power-key PID TIMEOUT\n");
        return 2;
    }
    pid_t pid = (pid_t)atoi(argv[1]);
    double deadline = now_ms() + atof(argv[2]) * 1e3;
    setvbuf(stdout, NULL, _IOLBF, 0);
    struct pollfd fds[32];
    char paths[32][300], names[32][520];
    int count = 0;
    for (;;) {
        // Devices that come are opened as they come (logind hears of them from udev): the
        // key's device is made after this starts, and the VM's keyboard has a power key too.
        scan(fds, paths, names, &count);
        int left = (int)(deadline - now_ms());
        if (left <= 0) {
            printf("@@POWER no key@@\n");
            return 1;
        }
        if (poll(fds, count, left < 100 ? left : 100) <= 0) continue;
        for (int i = 0; i < count; i++) {
            // A device gone (its node removed) is left.
            if (fds[i].revents & (POLLERR | POLLHUP | POLLNVAL)) fds[i].fd = -1;
            struct input_event event;
            while (read(fds[i].fd, &event, sizeof event) == sizeof event) {
                if (event.type != EV_KEY || event.code != KEY_POWER || event.value <= 0) continue;
                printf("@@POWER key on %s@@\n", names[i]);
                int process = (int)syscall(SYS_pidfd_open, pid, 0);
                double start = now_ms();
                kill(pid, SIGTERM);
                struct pollfd ended = {.fd = process, .events = POLLIN};
                if (process < 0 || poll(&ended, 1, 10000) != 1) {
                    printf("@@POWER %d still running 10 s after SIGTERM@@\n", (int)pid);
                    return 1;
                }
                printf("@@POWER %d ended in %.0f ms@@\n", (int)pid, now_ms() - start);
                return 0;
            }
        }
    }
}
