/*
 * The native reference of the StreamFlex predictability harness: the same periodic loop as a
 * StreamFlex clock thread (SCHED_FIFO, absolute clock_nanosleep on CLOCK_MONOTONIC to a spin tail,
 * then spinning to the deadline; the paper's release rule), with the same calibrated FIR workload,
 * so that every figure of the Java runs can be read as a ratio to what this machine allows.
 *
 * usage: periodic PERIOD_US WORK_US PERIODS SPIN_US PRIORITY CPU OUT.csv
 *   PRIORITY 0 keeps SCHED_OTHER; CPU -1 does not pin.
 * Writes one line per release: boundary,start_ns,completion_ns,missed (times since boundary 0),
 * and prints the policy in force on stderr.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TAPS 256

static float state[TAPS];
static float coeff[TAPS];
static volatile float sink;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t) t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The same loop as CalibratedWork.compute in Java: a FIR over a state that feeds back. */
static float compute(int rounds) {
    float acc = 0;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < TAPS; i++) {
            acc += state[i] * coeff[(i + r) & (TAPS - 1)];
        }
        state[r & (TAPS - 1)] = acc * 1e-3f;
    }
    return acc;
}

static int calibrate(int64_t work_ns) {
    if (work_ns <= 0) {
        return 0;
    }
    int64_t best = INT64_MAX;
    for (int i = 0; i < 200; i++) {
        int64_t t0 = now_ns();
        sink = compute(100);
        int64_t t = now_ns() - t0;
        if (t < best) {
            best = t;
        }
    }
    double per_round = best / 100.0;
    int rounds = (int) (work_ns / per_round);
    return rounds < 1 ? 1 : rounds;
}

static void sleep_until(int64_t deadline) {
    struct timespec t = { deadline / 1000000000LL, deadline % 1000000000LL };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR) {
    }
}

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: %s PERIOD_US WORK_US PERIODS SPIN_US PRIORITY CPU OUT.csv\n", argv[0]);
        return 2;
    }
    int64_t period = atoll(argv[1]) * 1000LL;
    int64_t work = atoll(argv[2]) * 1000LL;
    long periods = atol(argv[3]);
    int64_t spin = atoll(argv[4]) * 1000LL;
    int priority = atoi(argv[5]);
    int cpu = atoi(argv[6]);
    FILE *out = fopen(argv[7], "w");
    if (out == NULL || period <= 0 || periods <= 0) {
        fprintf(stderr, "bad arguments or cannot write %s: %s\n", argv[7], strerror(errno));
        return 2;
    }
    for (int i = 0; i < TAPS; i++) {
        state[i] = (float) (i % 7) * 0.01f;
        coeff[i] = 1.0f / (float) (i + 1);
    }
    int rounds = calibrate(work);
    int64_t *starts = malloc(sizeof(int64_t) * periods);
    int64_t *completions = malloc(sizeof(int64_t) * periods);
    int64_t *boundaries = malloc(sizeof(int64_t) * periods);
    char cpu_text[32] = "cpu any";
    if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        if (sched_setaffinity(0, sizeof set, &set) == 0) {
            snprintf(cpu_text, sizeof cpu_text, "cpu %d", cpu);
        }
    }
    const char *policy = "SCHED_OTHER";
    if (priority > 0) {
        struct sched_param param = { .sched_priority = priority };
        policy = sched_setscheduler(0, SCHED_FIFO, &param) == 0 ? "SCHED_FIFO" : "SCHED_OTHER (SCHED_FIFO refused)";
    }
    fprintf(stderr, "native: %s priority %d, %s, clock_nanosleep then %lld us spin, %d rounds of work\n",
            policy, priority, cpu_text, (long long) (spin / 1000), rounds);
    int64_t start = now_ns() + 1000000LL;
    int64_t boundary = 0;
    for (long i = 0; i < periods; i++) {
        int64_t deadline = start + boundary * period;
        if (deadline - now_ns() > spin) {
            sleep_until(deadline - spin);
        }
        while (now_ns() < deadline) {
        }
        int64_t s = now_ns() - start;
        sink = compute(rounds);
        int64_t c = now_ns() - start;
        starts[i] = s;
        completions[i] = c;
        boundaries[i] = boundary;
        int64_t first_after = (c + period - 1) / period;
        boundary = first_after > boundary + 1 ? first_after : boundary + 1;
    }
    for (long i = 0; i < periods; i++) {
        int missed = completions[i] > (boundaries[i] + 1) * period;
        fprintf(out, "%lld,%lld,%lld,%d\n", (long long) boundaries[i], (long long) starts[i],
                (long long) completions[i], missed);
    }
    fclose(out);
    return 0;
}
