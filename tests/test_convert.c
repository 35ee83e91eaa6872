/* arbiter convert end to end: each golden input in tests/data is run through
 * the binary and its stdout compared byte for byte with the golden PGN; the
 * rejected ones must also exit 1 and name file:line:col, game, ply and text. */
#include "testutil.h"

#include <glib.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <string.h>

struct run {
    char *out, *err;
    int status; /* exit status, or -1 when the binary did not exit normally */
};

static const char *arbiter_bin(void)
{
    const char *bin = getenv("ARBITER_BIN");
    return bin ? bin : "build/src/arbiter";
}

/* Runs `arbiter convert [from_flag from] path`. */
static struct run convert(const char *from, const char *path)
{
    const char *argv[6] = {arbiter_bin(), "convert"};
    int n = 2;
    if (from) {
        argv[n++] = "--from";
        argv[n++] = from;
    }
    argv[n++] = path;
    argv[n] = NULL;

    struct run r = {0};
    int wait_status = 0;
    GError *err = NULL;
    gboolean ok = g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r.out,
                               &r.err, &wait_status, &err);
    ck_assert_msg(ok, "running %s: %s", argv[0], err ? err->message : "?");
    r.status = -1;
    if (WIFEXITED(wait_status)) r.status = WEXITSTATUS(wait_status);
    return r;
}

static char *contents_of(const char *path)
{
    char *text = NULL;
    GError *err = NULL;
    ck_assert_msg(g_file_get_contents(path, &text, NULL, &err), "%s", err ? err->message : path);
    return text;
}

static void run_free(struct run *r)
{
    g_free(r->out);
    g_free(r->err);
}

static const struct {
    const char *name; /* tests/data/<name>.txt and .pgn */
    const char *from; /* --from, or NULL for auto */
} good[] = {
    {"y_seed002_nn_game", "nn"},
    {"y_seed004_fide_game", NULL},
};

START_TEST(test_good)
{
    char *input = g_strdup_printf("%s.txt", good[_i].name);
    char *golden = g_strdup_printf("%s.pgn", good[_i].name);
    char *in_path = g_strdup(test_data_path(input));
    char *want = contents_of(test_data_path(golden));
    struct run r = convert(good[_i].from, in_path);
    ck_assert_msg(r.status == 0, "%s: exit %d, stderr:\n%s", input, r.status, r.err);
    ck_assert_msg(strcmp(r.out, want) == 0, "%s: got\n%s\nwant\n%s", input, r.out, want);
    ck_assert_str_eq(r.err, "");
    run_free(&r);
    g_free(want);
    g_free(in_path);
    g_free(golden);
    g_free(input);
}
END_TEST

START_TEST(test_illegal_move)
{
    char *in_path = g_strdup(test_data_path("n_illegal_king_move.txt"));
    char *want = contents_of(test_data_path("n_illegal_king_move.pgn"));
    struct run r = convert("en", in_path);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strcmp(r.out, want) == 0, "got\n%s\nwant\n%s", r.out, want);
    char *line = g_strdup_printf("%s:1:13: game 1: ply 3 (2. Kf3): illegal move:", in_path);
    ck_assert_msg(strstr(r.err, line) != NULL, "stderr lacks '%s':\n%s", line, r.err);
    g_free(line);
    run_free(&r);
    g_free(want);
    g_free(in_path);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("convert");
    TCase *tc = tcase_create("golden");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_good, 0, (int)(sizeof good / sizeof good[0]));
    tcase_add_test(tc, test_illegal_move);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
