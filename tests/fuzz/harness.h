/* The bodies of the fuzz targets, shared by the libFuzzer entry points
 * (tests/fuzz/fuzz_<target>.c, built with -Dfuzz=true) and by the Check suite
 * that replays tests/fuzz/corpus through them in every build (test_fuzz_corpus).
 * Each body feeds one input to a stage of the pipeline and abort()s, with a
 * message on stderr, when an invariant of that stage does not hold. */
#ifndef ARBITER_FUZZ_HARNESS_H
#define ARBITER_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The targets, in the order of tests/fuzz/corpus/<name>/. */
enum fuzz_target {
    FUZZ_FEN,
    FUZZ_SAN,
    FUZZ_READER,
    FUZZ_CONVERT,
    FUZZ_HCS,
    FUZZ_FIX,
    FUZZ_REPORT,
    FUZZ_TARGETS
};

/* "fen", "san", "reader", "convert", "hcs", "fix", "report". */
const char *fuzz_target_name(enum fuzz_target target);

/* Loads what every target needs (core tables, language tables) once;
 * each fuzz_one() call does it when not done yet. */
void fuzz_init(void);

/* Runs one input through a target; returns 0 (libFuzzer's convention) or
 * does not return. */
int fuzz_one(enum fuzz_target target, const uint8_t *data, size_t size);

/* ---- for the target bodies (harness.c, harness_fix.c) ---------------------- */

#define FUZZ_ASSERT(cond, ...)                                                                     \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: invariant failed: %s: ", __FILE__, __LINE__, #cond);           \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* The scoresheet reader, the whole fix pipeline and the XML report writers
 * (harness_fix.c); fuzz_fix_init loads what they share once. */
void fuzz_fix_init(void);
void fuzz_hcs(const uint8_t *data, size_t size);
void fuzz_fix(const uint8_t *data, size_t size);
void fuzz_report(const uint8_t *data, size_t size);

#endif
