// Times a program from its exec to its first frame: runs PROGRAM ARGUMENTS… with NOTIFY_SOCKET
// set to a datagram socket of its own (as systemd does for a Type=notify service), and prints
// "@@FIRST-FRAME <ms> ms pid <pid>@@" when READY=1 arrives (nightstand sends it once its first
// frame is presented), measured on CLOCK_MONOTONIC from just before the fork. It then keeps
// reading the socket (WATCHDOG=1, STATUS=…) until the program ends, and exits with its status.
// Usage: first-frame SOCKET PROGRAM ARGUMENTS…
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: first-frame SOCKET PROGRAM ARGUMENTS...\n");
        return 2;
    }
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    unlink(argv[1]);
    if (fd < 0 || bind(fd, (struct sockaddr *)&address, sizeof address) < 0) {
        perror("first-frame: socket");
        return 1;
    }
    setenv("NOTIFY_SOCKET", argv[1], 1);
    setvbuf(stdout, NULL, _IOLBF, 0);
    double start = now_ms();
    pid_t pid = fork();
    if (pid == 0) {
        execv(argv[2], argv + 2);
        perror("first-frame: exec");
        _exit(127);
    }
    int ready = 0, status = 0;
    for (;;) {
        struct pollfd poller = {.fd = fd, .events = POLLIN};
        if (poll(&poller, 1, 50) > 0) {
            char message[512];
            ssize_t count = recv(fd, message, sizeof message - 1, 0);
            if (count > 0) {
                message[count] = 0;
                if (!ready && strstr(message, "READY=1")) {
                    ready = 1;
                    printf("@@FIRST-FRAME %.0f ms pid %d@@\n", now_ms() - start, (int)pid);
                }
            }
        }
        if (waitpid(pid, &status, WNOHANG) == pid) break;
    }
    unlink(argv[1]);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
