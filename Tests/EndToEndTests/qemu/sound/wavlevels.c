// Prints a WAV recording's level, as run.sh's alarm check reads it: the RMS of each 0.1 s of
// 16-bit mono samples after the 44-byte header, one integer per window, on one line.
//
//   wavlevels FILE RATE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: wavlevels FILE RATE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    long window = atol(argv[2]) / 10;
    if (window <= 0 || fseek(file, 44, SEEK_SET) != 0) return 1;
    int16_t sample;
    double sum = 0;
    long count = 0;
    while (fread(&sample, sizeof sample, 1, file) == 1) {
        sum += (double)sample * sample;
        if (++count == window) {
            printf("%.0f ", sqrt(sum / window));
            sum = 0;
            count = 0;
        }
    }
    printf("\n");
    fclose(file);
    return 0;
}
