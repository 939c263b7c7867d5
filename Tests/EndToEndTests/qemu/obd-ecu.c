// An engine ECU for the QEMU VM's car case: answers OBD-II mode-01 requests (SAE J1979) over
// ISO-TP (the kernel's can-isotp) on a CAN interface, at the engine ECU's physical ids
// (ISO 15765-4: requests on 0x7E0, answers from 0x7E8), as a car's would.
// Usage: obd-ecu INTERFACE RPM SPEED
// Supported PIDs: 0x0C (engine speed, RPM), 0x0D (speed, km/h), 0x05 (coolant, 90 °C); the
// others are refused (7F 01 12). Each request is printed as "@@ECU 01 XX" on standard output.
// The interface going down is waited out: it keeps reading (the errors are printed once).
#include <errno.h>
#include <linux/can.h>
#include <linux/can/isotp.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: obd-ecu INTERFACE RPM SPEED\n");
        return 2;
    }
    unsigned rpm4 = (unsigned)(atof(argv[2]) * 4), speed = (unsigned)atoi(argv[3]);
    int fd = socket(PF_CAN, SOCK_DGRAM, CAN_ISOTP);
    if (fd < 0) { perror("obd-ecu: socket"); return 1; }
    struct can_isotp_options options = {.flags = CAN_ISOTP_TX_PADDING, .txpad_content = 0xCC};
    setsockopt(fd, SOL_CAN_ISOTP, CAN_ISOTP_OPTS, &options, sizeof options);
    struct sockaddr_can address = {.can_family = AF_CAN, .can_ifindex = (int)if_nametoindex(argv[1])};
    address.can_addr.tp.rx_id = 0x7E0;
    address.can_addr.tp.tx_id = 0x7E8;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0) { perror("obd-ecu: bind"); return 1; }
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("@@ECU ready on %s: rpm %u, speed %u@@\n", argv[1], rpm4 / 4, speed);
    int last_error = 0;
    for (;;) {
        unsigned char request[64], answer[8];
        ssize_t count = recv(fd, request, sizeof request, 0);
        if (count < 0) {
            if (errno != last_error) printf("@@ECU error: %s@@\n", strerror(errno));
            last_error = errno;
            usleep(100000);
            continue;
        }
        last_error = 0;
        if (count < 2 || request[0] != 0x01) continue;
        printf("@@ECU 01 %02X@@\n", request[1]);
        size_t length = 0;
        answer[length++] = 0x41;
        answer[length++] = request[1];
        switch (request[1]) {
            case 0x00:  // 0x05, 0x0C, 0x0D supported; no next bitmap
                answer[length++] = 0x08; answer[length++] = 0x18;
                answer[length++] = 0x00; answer[length++] = 0x00;
                break;
            case 0x05: answer[length++] = 90 + 40; break;
            case 0x0C: answer[length++] = rpm4 >> 8; answer[length++] = rpm4 & 0xFF; break;
            case 0x0D: answer[length++] = speed; break;
            default:
                answer[0] = 0x7F; answer[1] = 0x01; answer[2] = 0x12; length = 3;
        }
        send(fd, answer, length, 0);
    }
}
