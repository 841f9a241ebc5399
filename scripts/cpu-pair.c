/* How much a second busy thread slows the first on this machine (scripts/cpu-pair.sh).

   Two kinds of work, each run on one thread and then on two threads at once (each thread doing
   the same amount): a chain of dependent floating-point additions (bound by latency: it leaves
   the core's execution ports mostly idle) and writing and reading buffers that fit a core's
   L2 cache, then ones that do not (bound by load/store throughput, then by memory bandwidth). On two separate physical cores both
   take the same time with two threads as with one (ratio 1.0). On two hyperthreads of one core
   (SMT siblings, which a VM may present as two cores) the latency-bound work still gives 1.0,
   but the throughput-bound work slows towards 2.0: the second thread adds almost nothing. PNG
   painting, pixel conversion and deflate are throughput-bound, so this ratio caps what a second
   thread can gain (docs/performance.md). */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static void *latency_bound(void *arg) {
    (void)arg;
    volatile double x = 0;
    for (long i = 0; i < 150000000; i++) x += i * 0.5;
    return NULL;
}

static void *throughput_bound(void *arg) {
    size_t size = *(size_t *)arg;
    /* Writes and reads the buffer (memset, then a sum the compiler vectorises). No memcpy
       between two buffers: glibc's `rep movsb` copy is pathologically slow on some CPUs when
       source and destination lie a few bytes apart modulo 4 KiB, which would measure that. */
    uint64_t *a = malloc(size);
    if (!a) exit(1);
    volatile uint64_t sink = 0;
    for (long i = 0; i < (4096L << 20) / (long)size; i++) {
        memset(a, (int)i, size);
        uint64_t sum = 0;
        for (size_t k = 0; k < size / 8; k++) sum += a[k];
        sink += sum;
    }
    free(a);
    return NULL;
}

static double run(void *(*work)(void *), void *arg, int threads) {
    double best = 1e9;
    for (int repeat = 0; repeat < 3; repeat++) {
        pthread_t t[2];
        double start = now();
        for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, work, arg);
        for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
        double elapsed = now() - start;
        if (elapsed < best) best = elapsed;
    }
    return best;
}

int main(void) {
    double one = run(latency_bound, NULL, 1), two = run(latency_bound, NULL, 2);
    printf("latency-bound (dependent additions):  1 thread %.3f s, 2 threads %.3f s, ratio %.2f\n", one, two, two / one);
    size_t sizes[] = {128 << 10, 512 << 10, 8 << 20};
    for (int k = 0; k < 3; k++) {
        one = run(throughput_bound, &sizes[k], 1); two = run(throughput_bound, &sizes[k], 2);
        printf("throughput-bound (memset+sum, %5zu KiB): 1 thread %.3f s, 2 threads %.3f s, ratio %.2f\n",
               sizes[k] >> 10, one, two, two / one);
    }
    printf("(ratio 1.0: the threads do not slow each other; 2.0: they share one core's resources)\n");
    return 0;
}
