/* arbiter convert end to end: every golden case tests/data/MANIFEST.md lists
 * is run through the binary and its stdout compared byte for byte with the
 * golden PGN; the rejected ones must also exit 1 and name file:line:col, game,
 * ply and text (NAME.err). A case marked as a known failure prints SKIP. */
#include "testutil.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <sys/wait.h>
#include <stdio.h>
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

/* One row of tests/data/MANIFEST.md: "| `NAME.txt` | ARGS | VERDICT | SEED | WHAT |". */
struct golden {
    char *name;   /* y_..., n_..., i_... */
    char **args;  /* extra arguments, NULL-terminated */
    char verdict; /* 'y', 'n' or 'i' */
    char *known;  /* the reason after "**Known failure**", or NULL */
};

static char *cell(char *text)
{
    g_strstrip(text);
    gsize n = strlen(text);
    if (n >= 2 && text[0] == '`' && text[n - 1] == '`') {
        text[n - 1] = 0;
        text++;
    }
    return text;
}

/* Every convert case the manifest lists (rows whose file is a y_/n_/i_ .txt). */
static GPtrArray *read_manifest(void)
{
    GPtrArray *cases = g_ptr_array_new();
    char *text = NULL;
    GError *err = NULL;
    if (!g_file_get_contents(test_data_path("MANIFEST.md"), &text, NULL, &err))
        g_error("%s", err->message); /* before any test runs: no ck_assert here */
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        if (!g_str_has_prefix(*l, "| `")) continue;
        char **cells = g_strsplit(*l, "|", -1);
        if (g_strv_length(cells) < 7) {
            g_strfreev(cells);
            continue;
        }
        char *file = cell(cells[1]), *args = cell(cells[2]), *verdict = cell(cells[3]);
        gboolean is_case = (file[0] == 'y' || file[0] == 'n' || file[0] == 'i') && file[1] == '_' &&
                           g_str_has_suffix(file, ".txt");
        if (is_case) {
            struct golden *g = g_new0(struct golden, 1);
            g->name = g_strndup(file, strlen(file) - 4);
            g->args = args[0] == '(' ? g_new0(char *, 1) : g_strsplit(args, " ", -1);
            g->verdict = verdict[0];
            const char *known = strstr(*l, "**Known failure**");
            if (known) {
                g->known = g_strdup(known + strlen("**Known failure**: "));
                char *bar = strrchr(g->known, '|');
                if (bar) *bar = 0;
                g_strstrip(g->known);
            }
            g_ptr_array_add(cases, g);
        }
        g_strfreev(cells);
    }
    g_strfreev(lines);
    g_free(text);
    return cases;
}

/* Read-only after main() fills it, before Check forks. */
static GPtrArray *goldens;

static struct run command_args(const char *command, char **args, const char *path)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (char *)arbiter_bin());
    g_ptr_array_add(argv, (char *)command);
    for (char **a = args; *a; a++)
        g_ptr_array_add(argv, *a);
    g_ptr_array_add(argv, (char *)path);
    g_ptr_array_add(argv, NULL);
    struct run r = {0};
    int wait_status = 0;
    GError *err = NULL;
    gboolean ok = g_spawn_sync(NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &r.out, &r.err, &wait_status, &err);
    ck_assert_msg(ok, "running %s: %s", arbiter_bin(), err ? err->message : "?");
    r.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
    g_ptr_array_free(argv, TRUE);
    return r;
}

static struct run convert_args(char **args, const char *path)
{
    return command_args("convert", args, path);
}

/* stderr of a y_ case may hold notes on guesses, nothing else. */
static void assert_only_notes(const char *name, const char *err)
{
    char **lines = g_strsplit(err, "\n", -1);
    for (char **l = lines; *l; l++)
        ck_assert_msg(**l == 0 || strstr(*l, ": note: "), "%s: stderr: %s", name, *l);
    g_strfreev(lines);
}

/* Every line of NAME.err, FILE replaced by the input's path, is on stderr. */
static void assert_errors(const char *name, const char *in_path, const char *err)
{
    char *err_name = g_strdup_printf("%s.err", name);
    char *want = contents_of(test_data_path(err_name));
    char **lines = g_strsplit(want, "\n", -1);
    for (char **l = lines; *l; l++) {
        if (**l == 0) continue;
        char **parts = g_strsplit(*l, "FILE", -1);
        char *line = g_strjoinv(in_path, parts);
        ck_assert_msg(strstr(err, line) != NULL, "%s: stderr lacks '%s':\n%s", name, line, err);
        g_free(line);
        g_strfreev(parts);
    }
    g_strfreev(lines);
    g_free(want);
    g_free(err_name);
}

/* A golden case run through an arbiter command: its input's name and
 * path, the PGN it should give, and what the run gave. */
struct golden_run {
    char *input, *in_path, *want;
    struct run r;
};

static struct golden_run run_golden(const struct golden *g, const char *command)
{
    struct golden_run gr = {.input = g_strdup_printf("%s.txt", g->name)};
    g_autofree char *expected = g_strdup_printf("%s.pgn", g->name);
    gr.in_path = g_strdup(test_data_path(gr.input));
    gr.want = contents_of(test_data_path(expected));
    gr.r = command_args(command, g->args, gr.in_path);
    return gr;
}

static void golden_run_free(struct golden_run *gr)
{
    run_free(&gr->r);
    g_free(gr->want);
    g_free(gr->in_path);
    g_free(gr->input);
}

START_TEST(test_golden)
{
    const struct golden *g = g_ptr_array_index(goldens, _i);
    if (g->known) {
        printf("SKIP %s: known failure: %s\n", g->name, g->known);
        return;
    }
    struct golden_run gr = run_golden(g, "convert");
    const char *input = gr.input;
    const struct run *r = &gr.r;
    int want_status = g->verdict == 'y' ? 0 : 1;
    if (g->verdict == 'i')
        ck_assert_msg(r->status == 0 || r->status == 1, "%s: exit %d, stderr:\n%s", input,
                      r->status, r->err);
    else
        ck_assert_msg(r->status == want_status, "%s: exit %d, not %d; stderr:\n%s", input,
                      r->status, want_status, r->err);
    ck_assert_msg(strcmp(r->out, gr.want) == 0, "%s: got\n%s\nwant\n%s", input, r->out, gr.want);
    if (g->verdict == 'y') assert_only_notes(input, r->err);
    if (g->verdict == 'n') assert_errors(g->name, gr.in_path, r->err);
    golden_run_free(&gr);
}
END_TEST

/* text without its [Notation "..."] lines (fix names the language it read
 * a game in; convert does not). */
static char *without_notation(const char *text)
{
    GString *out = g_string_new(NULL);
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++)
        if (!g_str_has_prefix(*l, "[Notation \""))
            g_string_append_printf(out, "%s%s", out->len ? "\n" : "", *l);
    g_strfreev(lines);
    return g_string_free(out, FALSE);
}

/* fix on an accepted case, clean text in any of the forms the seed texts
 * describe (ICCF, coordinates, glyphs stuck to moves), changes nothing:
 * convert's game, comment for comment. */
START_TEST(test_golden_fix)
{
    const struct golden *g = g_ptr_array_index(goldens, _i);
    if (g->verdict != 'y' || g->known) return;
    struct golden_run gr = run_golden(g, "fix");
    ck_assert_msg(gr.r.status == 0, "%s: exit %d; stderr:\n%s", gr.input, gr.r.status, gr.r.err);
    g_autofree char *got = without_notation(gr.r.out);
    ck_assert_msg(strcmp(got, gr.want) == 0, "%s: got\n%s\nwant\n%s", gr.input, got, gr.want);
    golden_run_free(&gr);
}
END_TEST

/* Several batches of games, with an illegal move and a reader warning in
 * later batches: any number of jobs gives the same stdout and stderr. */
START_TEST(test_jobs_same_output)
{
    GString *text = g_string_new(NULL);
    for (int g = 1; g <= 700; g++) {
        g_string_append_printf(text, "[Event \"game %d\"]\n", g);
        if (g == 500) g_string_append(text, "[White \"no closing quote]\n");
        g_string_append(text, g == 300 ? "\n1. e4 e5 2. Ke3 *\n\n" : "\n1. e4 e5 2. Nf3 Nc6 *\n\n");
    }
    g_autofree char *path = g_build_filename(g_get_tmp_dir(), "arbiter-jobs-XXXXXX.pgn", NULL);
    int fd = g_mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text->str, text->len), (int)text->len);
    close(fd);
    char *one[] = {"--jobs", "1", NULL}, *three[] = {"--jobs", "3", NULL};
    struct run a = convert_args(one, path), b = convert_args(three, path);
    ck_assert_int_eq(a.status, 1);
    ck_assert_int_eq(b.status, 1);
    ck_assert_str_eq(a.out, b.out);
    ck_assert_str_eq(a.err, b.err);
    const char *illegal = strstr(a.err, "game 300: ply 3 (2. Ke3): illegal move");
    const char *warning = strstr(a.err, "warning:");
    ck_assert_msg(illegal && warning && illegal < warning, "%s", a.err);
    ck_assert_int_eq(count_of(a.out, "[Event \"game "), 700);
    run_free(&a);
    run_free(&b);
    g_unlink(path);
    g_string_free(text, TRUE);
}
END_TEST

/* `arbiter convert` with args on text[0..len) in a temporary file (its
 * name from template). */
static struct run convert_text_args(const char *template, const char *text, gsize len, char **args)
{
    g_autofree char *path = g_build_filename(g_get_tmp_dir(), template, NULL);
    int fd = g_mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, len), (int)len);
    close(fd);
    struct run r = convert_args(args, path);
    g_unlink(path);
    return r;
}

/* The same with no arguments. */
static struct run convert_text(const char *template, const char *text, gsize len)
{
    char *none[] = {NULL};
    return convert_text_args(template, text, len, none);
}

/* err with every line's text up to its first ".pgn" (the file's name)
 * dropped. */
static char *without_names(const char *err)
{
    char **lines = g_strsplit(err, "\n", -1);
    GString *out = g_string_new(NULL);
    for (char **l = lines; *l; l++) {
        const char *at = strstr(*l, ".pgn");
        g_string_append_printf(out, "%s\n", at ? at + 4 : *l);
    }
    g_strfreev(lines);
    return g_string_free(out, FALSE);
}

/* gzip and Zstandard read as the text they hold, told by the first bytes
 * (the files are named .pgn), from a file and on stdin: the same games and
 * the same messages, at the text's lines and columns. */
START_TEST(test_compressed_input)
{
    static const char text[] = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
                               "[Event \"b\"]\n\n1. d4 d5 2. Ke3 Nf6 *\n";
    struct run want = convert_text("arbiter-plain-XXXXXX.pgn", text, sizeof text - 1);
    ck_assert_msg(want.status == 1 && strstr(want.out, "2. Nf3 Nc6 *") &&
                      strstr(want.err, ":7:13: game 2"),
                  "exit %d\n%s%s", want.status, want.out, want.err);
    char *want_err = without_names(want.err);
    GBytes *packed[] = {test_gzip(text, sizeof text - 1), test_zstd(text, sizeof text - 1)};
    for (int k = 0; k < 2; k++) {
        gsize n = 0;
        const char *data = g_bytes_get_data(packed[k], &n);
        struct run r = convert_text("arbiter-packed-XXXXXX.pgn", data, n);
        ck_assert_int_eq(r.status, want.status);
        ck_assert_str_eq(r.out, want.out);
        char *err = without_names(r.err);
        ck_assert_str_eq(err, want_err);
        g_free(err);
        run_free(&r);
        /* on stdin */
        g_autofree char *path = g_build_filename(g_get_tmp_dir(), "arbiter-in-XXXXXX", NULL);
        int fd = g_mkstemp(path);
        ck_assert_int_ge(fd, 0);
        ck_assert_int_eq(write(fd, data, n), (int)n);
        close(fd);
        char *argv[] = {"/bin/sh", "-c", "exec \"$0\" convert < \"$1\"", (char *)arbiter_bin(),
                        path,      NULL};
        int ws = 0;
        ck_assert(
            g_spawn_sync(NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r.out, &r.err, &ws, NULL));
        ck_assert_int_eq(WIFEXITED(ws) ? WEXITSTATUS(ws) : -1, want.status);
        ck_assert_str_eq(r.out, want.out);
        ck_assert_msg(strstr(r.err, "-:7:13: game 2"), "%s", r.err);
        run_free(&r);
        g_unlink(path);
        g_bytes_unref(packed[k]);
    }
    g_free(want_err);
    run_free(&want);
}
END_TEST

/* A Windows-1251 file (the Russian habit): decoded, read, and said so. */
START_TEST(test_encoding_note)
{
    static const char text[] = "; \xcf\xe0\xf0\xf2\xe8\xff\n1. e2-e4 e7-e5 2. \xca"
                               "g1-f3 \xca"
                               "b8-c6 3. \xd1"
                               "f1-b5 a7-a6 *\n";
    struct run r = convert_text("arbiter-cp1251-XXXXXX.txt", text, sizeof text - 1);
    ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
    ck_assert_msg(strstr(r.out, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "{\xd0\x9f\xd0\xb0\xd1\x80\xd1\x82\xd0\xb8\xd1\x8f}"), "%s",
                  r.out); /* the header line, now UTF-8 */
    ck_assert_msg(strstr(r.err, "note: read as windows-1251 (detected)"), "%s", r.err);
    run_free(&r);
}
END_TEST

START_TEST(test_result_tag_not_a_result)
{
    /* a game with no result token ends with its Result tag only when that
     * is a PGN result: "1]0-" in the movetext would break the output */
    static const char text[] = "[Event \"a\"]\n[Result \"1]0-\"]\n\n1. e4 e5\n\n"
                               "[Event \"b\"]\n[Result \"0-1\"]\n\n1. d4 d5\n";
    struct run r = convert_text("arbiter-result-XXXXXX.pgn", text, sizeof text - 1);
    ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
    ck_assert_msg(strstr(r.out, "[Result \"1]0-\"]"), "the tag is kept:\n%s", r.out);
    ck_assert_msg(strstr(r.out, "1. e4 e5 *\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "1. d4 d5 0-1\n"), "%s", r.out);
    run_free(&r);
}
END_TEST

/* A file of UCI move lists, a game a line, no numbers and no results: each
 * line a game (split where a line reads from the start further than the
 * game before goes on into it: mend.c), not one game cut at the first
 * line's end with the rest in a comment. */
START_TEST(test_uci_game_a_line)
{
    struct run r =
        convert_text("arbiter-uci-lines-XXXXXX.pgn", UCI_GAMES_A_LINE, strlen(UCI_GAMES_A_LINE));
    ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
    ck_assert_str_eq(r.err, "");
    g_autofree char *flat = g_strdelimit(g_strdup(r.out), "\n", ' ');
    const char *at = flat;
    for (gsize i = 0; i < G_N_ELEMENTS(UCI_GAMES_A_LINE_SAN); i++) {
        at = strstr(at, UCI_GAMES_A_LINE_SAN[i]);
        ck_assert_msg(at, "game %zu not found in order:\n%s", i + 1, r.out);
    }
    ck_assert_int_eq(count_of(r.out, "[Event "), 4);
    run_free(&r);
}
END_TEST

/* A tag pair's '[' misread as '{' or '(' is a tag, and a '{' no '}'
 * closes ends before the tag section after a blank line: neither takes
 * the games after it into a comment or a variation. */
START_TEST(test_misread_bracket_keeps_games)
{
    static const char text[] =
        "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
        "{Event \"b\"]\n(Site \"here\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n"
        "[Event \"c\"]\n[Result \"*\"]\n\n1. c4 {fine 1. Nf3 c5 *\n\n"
        "[Event \"d\"]\n[Result \"*\"]\n\n1. g3 g6 *\n";
    struct run r = convert_text("arbiter-bracket-XXXXXX.pgn", text, sizeof text - 1);
    ck_assert_msg(strstr(r.out, "[Event \"b\"]\n[Site \"here\"]"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "1. d4 d5 0-1\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "1. c4 {fine 1. Nf3 c5 *} *\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "[Event \"d\"]"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "1. g3 g6 *\n"), "%s", r.out);
    ck_assert_msg(strstr(r.err, ":15:7: error: comment not closed before the tag section after "
                                "it: it ends there"),
                  "%s", r.err);
    run_free(&r);
}
END_TEST

START_TEST(test_words_cut_by_line_end)
{
    /* a book's move in words that a line end cut, after the name, after
     * "to" or before the rank's ordinal, is one move: before, convert
     * stopped at "Kt" ("no notation rule reads 'Kt'") */
    static const char text[] = "1. P to K 4th P to K 4th 2. Kt to\nK B 3rd Kt to Q B\n3rd "
                               "3. B to B 4th B to B\n4th 4. P to Q Kt 4th B takes\nKt P "
                               "5. P to B 3rd B to R 4th *\n";
    struct run r = convert_text("arbiter-words-XXXXXX.txt", text, sizeof text - 1);
    ck_assert_msg(r.status == 0, "status %d: %s\n%s", r.status, r.err, r.out);
    ck_assert_msg(strstr(r.out, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 *"), "%s",
                  r.out);
    run_free(&r);
    /* a move that reads no move even so stops the replay where it began */
    static const char bad[] = "1. P to K 4th P to K 4th 2. Kt to\nK Kt 5th *\n";
    r = convert_text("arbiter-words-XXXXXX.txt", bad, sizeof bad - 1);
    ck_assert_msg(r.status == 1, "status %d: %s\n%s", r.status, r.err, r.out);
    ck_assert_msg(strstr(r.out, "could not read 'Kt' (no notation rule reads 'Kt')"), "%s", r.out);
    run_free(&r);
}
END_TEST

START_TEST(test_lone_piece_initial_is_no_prose)
{
    /* "К f6": a knight's initial cut off its square is no word in another
     * script to keep as a comment (the game then read 4...f6, a pawn move
     * nobody wrote); convert corrects nothing, so it cannot be read */
    static const char text[] = "1. e4 e5 2. \u041af3 \u041ac6 3. \u0421b5 a6 4. \u0421a4 "
                               "\u041a f6 5. O-O *\n";
    struct run r = convert_text("arbiter-initial-XXXXXX.txt", text, sizeof text - 1);
    ck_assert_msg(r.status == 1, "status %d: %s\n%s", r.status, r.err, r.out);
    ck_assert_msg(!strstr(r.out, "4... f6"), "%s", r.out);
    ck_assert_msg(strstr(r.err, ":1:38: game 1: ply 8 (4... \u041a): unreadable move"), "%s",
                  r.err);
    run_free(&r);
}
END_TEST

START_TEST(test_output_that_is_an_input)
{
    /* -o or --report naming an input (under another name too) would empty
     * it before it is read: refused, the file untouched, exit 2; two
     * outputs naming one file are refused too */
    static const char text[] = "1. e4 e5 2. Nf3 Nc6 *\n";
    char *dir = g_dir_make_tmp("arbiter-outputs-XXXXXX", NULL);
    char *path = g_build_filename(dir, "game.pgn", NULL);
    char *other = g_build_filename(dir, ".", "game.pgn", NULL);
    char *out = g_build_filename(dir, "out.pgn", NULL);
    ck_assert(g_file_set_contents(path, text, -1, NULL));
    struct {
        const char *command;
        char *args[6];
        const char *want;
    } cases[] = {
        {"convert", {"-o", other, NULL}, "arbiter convert: -o "},
        {"fix", {"-o", path, NULL}, "arbiter fix: -o "},
        {"fix", {"--report", other, NULL}, "arbiter fix: --report "},
        {"fix", {"-o", out, "--report", out, NULL}, "arbiter fix: -o and --report both name "},
        {"check", {"--report", path, NULL}, "arbiter check: --report "},
        {"check", {"--fix", "-o", other, NULL}, "arbiter check: -o "},
    };
    for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
        struct run r = command_args(cases[i].command, cases[i].args, path);
        ck_assert_msg(r.status == 2 && g_str_has_prefix(r.err, cases[i].want) && !*r.out,
                      "case %zu: exit %d\n%s", i, r.status, r.err);
        char *now = NULL;
        ck_assert(g_file_get_contents(path, &now, NULL, NULL));
        ck_assert_str_eq(now, text);
        g_free(now);
        run_free(&r);
    }
    /* review's page over its report */
    char *report = g_build_filename(dir, "r.xml", NULL);
    ck_assert(g_file_set_contents(report, "<fix-report/>", -1, NULL));
    char *args[] = {"-o", report, NULL};
    struct run r = command_args("review", args, report);
    ck_assert_msg(r.status == 2 && strstr(r.err, "is the input"), "exit %d\n%s", r.status, r.err);
    run_free(&r);
    const char *files[] = {path, out, report};
    for (gsize i = 0; i < G_N_ELEMENTS(files); i++)
        g_remove(files[i]);
    g_rmdir(dir);
    g_free(report);
    g_free(out);
    g_free(other);
    g_free(path);
    g_free(dir);
}
END_TEST

START_TEST(test_odds_game)
{
    /* a knight-odds game, the odds said before the moves in Russian
     * ("white without the knight on b1"): 3. Rb1 is legal there, and the
     * PGN says where the game started */
    static const char text[] = "; (\u0431\u0435\u043b\u044b\u0435 \u0431\u0435\u0437 "
                               "\u043a\u043e\u043d\u044f b1)\n"
                               "1. e2-e4 e7-e5 2. \u0421f1-c4 \u041ag8-f6 3. \u041b"
                               "a1-b1 \u041ab8-c6 *\n";
    struct run r = convert_text("arbiter-odds-XXXXXX.txt", text, sizeof text - 1);
    ck_assert_msg(r.status == 0, "status %d: %s\n%s", r.status, r.err, r.out);
    ck_assert_msg(strstr(r.out, "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
                                "R1BQKBNR w KQkq - 0 1\"]"),
                  "%s", r.out);
    ck_assert_msg(strstr(r.out, "1. e4 e5 2. Bc4 Nf6 3. Rb1 Nc6 *"), "%s", r.out);
    run_free(&r);
    /* the shared corpus's own note of the squares emptied: a rook taken
     * takes its castling with it */
    static const char note[] = "{[removed at start: a1,f7]} 1. e4 Nc6 2. Nf3 Nf6 3. Ng5 *\n";
    r = convert_text("arbiter-odds-XXXXXX.txt", note, sizeof note - 1);
    ck_assert_msg(r.status == 0, "status %d: %s\n%s", r.status, r.err, r.out);
    ck_assert_msg(
        strstr(r.out, "[FEN \"rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1\"]"), "%s",
        r.out);
    run_free(&r);
    /* a square that holds no piece at the start, or a king, is no odds */
    static const char no_odds[] = "{without: e4 [removed at start: e1]} 1. e4 e5 *\n";
    r = convert_text("arbiter-odds-XXXXXX.txt", no_odds, sizeof no_odds - 1);
    ck_assert_msg(r.status == 0, "status %d: %s\n%s", r.status, r.err, r.out);
    ck_assert_msg(!strstr(r.out, "FEN"), "%s", r.out);
    run_free(&r);
}
END_TEST

/* A Variant tag names Chess960 however it is spelled (case, spaces, '-'
 * and '_' aside): castling is then the king taking its rook, "e1h1" in
 * UCI; under chess's own names, or none, it is "e1g1". */
START_TEST(test_chess960_variant_spellings)
{
    static const struct {
        const char *variant, *castling;
    } cases[] = {
        {"Chess960", "e1h1"},
        {"Fischer-Random", "e1h1"},
        {"fischer_random_chess", "e1h1"},
        {"chess 960", "e1h1"},
        {"FRC", "e1h1"},
        {"Standard", "e1g1"},
        {"", "e1g1"},
        {"9-6-0 x", "e1g1"},
    };
    for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *text = g_strdup_printf(
            "[Variant \"%s\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]"
            "\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n",
            cases[i].variant);
        char *to_uci[] = {"--to", "uci", NULL};
        struct run r = convert_text_args("arbiter-960-XXXXXX.pgn", text, strlen(text), to_uci);
        g_autofree char *want = g_strdup_printf("4. %s *", cases[i].castling);
        ck_assert_msg(r.status == 0 && strstr(r.out, want), "Variant \"%s\": exit %d\n%s%s",
                      cases[i].variant, r.status, r.out, r.err);
        run_free(&r);
    }
}
END_TEST

int main(void)
{
    goldens = read_manifest();
    Suite *s = suite_create("convert");
    TCase *tc = tcase_create("golden");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_golden, 0, (int)goldens->len);
    tcase_add_loop_test(tc, test_golden_fix, 0, (int)goldens->len);
    tcase_add_test(tc, test_jobs_same_output);
    tcase_add_test(tc, test_encoding_note);
    tcase_add_test(tc, test_result_tag_not_a_result);
    tcase_add_test(tc, test_uci_game_a_line);
    tcase_add_test(tc, test_words_cut_by_line_end);
    tcase_add_test(tc, test_lone_piece_initial_is_no_prose);
    tcase_add_test(tc, test_odds_game);
    tcase_add_test(tc, test_chess960_variant_spellings);
    tcase_add_test(tc, test_output_that_is_an_input);
    tcase_add_test(tc, test_compressed_input);
    tcase_add_test(tc, test_misread_bracket_keeps_games);
    suite_add_tcase(s, tc);
    printf("%u golden cases in tests/data/MANIFEST.md\n", goldens->len);
    return run_suite(s);
}
