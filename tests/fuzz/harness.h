/* The bodies of the fuzz targets, shared by the libFuzzer entry points
 * (tests/fuzz/fuzz_<target>.c, built with -Dfuzz=true) and by the Check suite
 * that replays tests/fuzz/corpus through them in every build (test_fuzz_corpus).
 * Each body feeds one input to a stage of the pipeline and abort()s, with a
 * message on stderr, when an invariant of that stage does not hold. */
#ifndef ARBITER_FUZZ_HARNESS_H
#define ARBITER_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* The targets, in the order of tests/fuzz/corpus/<name>/. */
enum fuzz_target { FUZZ_FEN, FUZZ_SAN, FUZZ_READER, FUZZ_CONVERT, FUZZ_TARGETS };

/* "fen", "san", "reader", "convert". */
const char *fuzz_target_name(enum fuzz_target target);

/* Loads what every target needs (core tables, language tables) once;
 * each fuzz_one() call does it when not done yet. */
void fuzz_init(void);

/* Runs one input through a target; returns 0 (libFuzzer's convention) or
 * does not return. */
int fuzz_one(enum fuzz_target target, const uint8_t *data, size_t size);

#endif
