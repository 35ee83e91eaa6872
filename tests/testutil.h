/* Small helpers shared by the Check suites: where the shared corpus is, and
 * the meson convention for a skipped test. */
#ifndef ARBITER_TESTUTIL_H
#define ARBITER_TESTUTIL_H

#include <check.h>
#include <glib.h>

/* meson reports a test that exits with this status as SKIP. */
enum { TEST_SKIP = 77 };

/* 1 in a build with AddressSanitizer (gcc's or clang's -fsanitize=address),
 * which runs several times slower: the slowest suites read fewer games. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

/* Path of a file under ../shared/corpus (or ../shared/seeds for seed_path);
 * a static buffer. */
const char *corpus_path(const char *rel);
const char *seed_path(const char *rel);
const char *test_data_path(const char *rel);

/* True when the shared corpus is there; otherwise prints why the test skips. */
int corpus_present(const char *what);

/* Does the XML file at doc_path parse and validate against the RELAX NG
 * schema at schema_path? (A schema that does not parse fails the test.) */
int xml_validates(const char *schema_path, const char *doc_path);

/* Four games in UCI, a game a line, no numbers and no results: the
 * second opens with c2c4, which goes on from the first game's end too
 * (its c-pawn unmoved), and the third is 12 plies long; and the four as
 * convert and fix write their moves in SAN. */
extern const char UCI_GAMES_A_LINE[];
extern const char *const UCI_GAMES_A_LINE_SAN[4];

/* How many times needle occurs in text, overlapping ones too. */
int count_of(const char *text, const char *needle);
/* len bytes of data compressed with gzip, or with Zstandard. */
GBytes *test_gzip(const char *data, gsize len);
GBytes *test_zstd(const char *data, gsize len);

/* Runs a suite, returns the exit status for main(). */
int run_suite(Suite *s);

#endif
