/*
 * libgps_unpack_bench.c -- the C reference for gpsd-benchmark: libgps's own JSON unpacker, gps_unpack(),
 * on the same lines. Same argument and output format as gpsd-benchmark so the two print side by side.
 * build: gcc -O2 -o libgps_unpack_bench libgps_unpack_bench.c -lgps -lm
 * usage: libgps_unpack_bench FILE.jsonl [MESSAGES] [REPEATS]
 */
#include <gps.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: %s FILE.jsonl [MESSAGES] [REPEATS]\n", argv[0]); return 2; }
    long messages = argc > 2 ? atol(argv[2]) : 1000000;
    int repeats = argc > 3 ? atoi(argv[3]) : 5;
    if (repeats < 1) repeats = 1;
    FILE *input = fopen(argv[1], "r");
    if (!input) { perror(argv[1]); return 1; }
    char **lines = NULL, *buffer = NULL;
    size_t count = 0, capacity = 0, bufsize = 0, total = 0;
    ssize_t length;
    while ((length = getline(&buffer, &bufsize, input)) > 0) {
        while (length > 0 && (buffer[length - 1] == '\n' || buffer[length - 1] == '\r')) buffer[--length] = 0;
        if (length == 0) continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 256;
            char **grown = realloc(lines, capacity * sizeof *lines);
            if (!grown) { perror("realloc"); return 1; }
            lines = grown;
        }
        lines[count++] = strdup(buffer);
        total += (size_t)length;
    }
    fclose(input);
    free(buffer);
    if (count == 0) { fprintf(stderr, "no lines in %s\n", argv[1]); return 1; }
    double average = (double)total / (double)count;
    static struct gps_data_t data;
    double *rates = calloc((size_t)repeats, sizeof *rates);
    for (long i = 0; i < 50000 && i < messages; i++) gps_unpack(lines[i % (long)count], &data); /* warm-up */
    for (int r = 0; r < repeats; r++) {
        long with_position = 0;
        double checksum = 0, start = seconds_now();
        for (long i = 0; i < messages; i++) {
            gps_unpack(lines[i % (long)count], &data);
            if (data.set & LATLON_SET) { checksum += data.fix.latitude; with_position++; }
        }
        double elapsed = seconds_now() - start;
        rates[r] = (double)messages / elapsed;
        printf("rep %d: %ld msgs in %.3f s = %.0f msgs/s (%.1f MB/s), latlon-set=%ld chk=%.3f\n", r, messages,
               elapsed, rates[r], rates[r] * average / 1e6, with_position, checksum);
    }
    qsort(rates, (size_t)repeats, sizeof *rates, by_value);
    printf("distinct lines=%zu avg_len=%.1f bytes; median of %d = %.0f msgs/s (%.1f MB/s)\n", count, average, repeats,
           rates[repeats / 2], rates[repeats / 2] * average / 1e6);
    return 0;
}
