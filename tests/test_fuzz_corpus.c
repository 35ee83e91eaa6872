/* The fuzz targets' seed corpora (tests/fuzz/corpus/<target>/, among them
 * every input that once crashed a target) replayed through the same harness
 * the libFuzzer build uses, so regressions show in every build, without
 * clang. A failed invariant aborts: Check reports the file named on stderr. */
#include "fuzz/harness.h"
#include "testutil.h"

#include <glib.h>
#include <stdio.h>

static const char *corpus_root;

START_TEST(test_target)
{
    char *dir_path = g_build_filename(corpus_root, fuzz_target_name(_i), NULL);
    GError *err = NULL;
    GDir *dir = g_dir_open(dir_path, 0, &err);
    ck_assert_msg(dir, "%s", err ? err->message : dir_path);
    int files = 0;
    for (const char *name; (name = g_dir_read_name(dir));) {
        char *path = g_build_filename(dir_path, name, NULL);
        char *data = NULL;
        gsize len = 0;
        ck_assert_msg(g_file_get_contents(path, &data, &len, &err), "%s", path);
        fprintf(stderr, "replaying %s\n", path);
        fuzz_one(_i, (const uint8_t *)data, len);
        g_free(data);
        g_free(path);
        files++;
    }
    ck_assert_msg(files > 0, "%s: no seed inputs", dir_path);
    g_dir_close(dir);
    g_free(dir_path);
}
END_TEST

static void replay_file(enum fuzz_target target, const char *name)
{
    char *path = g_build_filename(corpus_root, fuzz_target_name(target), name, NULL);
    char *data = NULL;
    gsize len = 0;
    GError *err = NULL;
    ck_assert_msg(g_file_get_contents(path, &data, &len, &err), "%s", path);
    fprintf(stderr, "replaying %s\n", path);
    fuzz_one(target, (const uint8_t *)data, len);
    g_free(data);
    g_free(path);
}

START_TEST(test_fix_inputs_in_turn)
{
    /* The harness keeps a fixer per option set from input to input, as a
     * run keeps it from file to file: a group read after a game with a
     * variation reported that game's variation, its tokens looked up in
     * the group's events (out of bounds: the fuzzer found it as a crash,
     * the harness now checks each reported variation has its '('). In
     * this order: */
    static const char variation[] = "1. e4 (1. d4 d5) e5 2. Nf3 *\n";
    fuzz_one(FUZZ_FIX, (const uint8_t *)variation, sizeof variation - 1);
    replay_file(FUZZ_FIX, "regress_group_after_variations.pgn");
}
END_TEST

int main(int argc, char **argv)
{
    corpus_root = argc > 1 ? argv[1] : "tests/fuzz/corpus";
    fuzz_init(); /* once here, not in each forked test */
    Suite *s = suite_create("fuzz_corpus");
    TCase *tc = tcase_create("replay");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_target, 0, FUZZ_TARGETS);
    tcase_add_test(tc, test_fix_inputs_in_turn);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
