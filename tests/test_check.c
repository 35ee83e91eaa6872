/* arbiter check end to end: the binary is run on the shared real-world error
 * file, on real games with illegal moves injected at known plies, and on
 * small damaged inputs (nothing may be lost); output must not depend on
 * --jobs, shards must concatenate to the unsharded output, compressed input
 * must read like plain, and the XML report must validate against its
 * RELAX NG schema. Corpus-dependent cases skip when ../shared is absent. */
#include "testutil.h"

#include "reader.h"
#include "zstd_stream.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libxml/relaxng.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

struct run {
    char *out, *err;
    int status; /* exit status, or -1 when the binary did not exit normally */
};

static const char *arbiter_bin(void)
{
    const char *bin = getenv("ARBITER_BIN");
    return bin ? bin : "build/src/arbiter";
}

/* Runs `arbiter COMMAND FIRST ARGS...` (args NULL-terminated). */
static struct run arbiter_vrun(const char *command, const char *first, va_list ap)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (char *)arbiter_bin());
    g_ptr_array_add(argv, (char *)command);
    for (const char *a = first; a; a = va_arg(ap, const char *))
        g_ptr_array_add(argv, (char *)a);
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

/* Runs `arbiter check ARGS...` (NULL-terminated). */
static struct run check_run(const char *first, ...)
{
    va_list ap;
    va_start(ap, first);
    struct run r = arbiter_vrun("check", first, ap);
    va_end(ap);
    return r;
}

/* Runs `arbiter convert ARGS...` (NULL-terminated). */
static struct run convert_run(const char *first, ...)
{
    va_list ap;
    va_start(ap, first);
    struct run r = arbiter_vrun("convert", first, ap);
    va_end(ap);
    return r;
}

static void run_free(struct run *r)
{
    g_free(r->out);
    g_free(r->err);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* Where two outputs first differ, short enough for a failure message. */
static char *first_difference(const char *got, const char *want)
{
    int line = 1;
    const char *g = got, *w = want;
    for (; *g && *g == *w; g++, w++)
        if (*g == '\n') line++;
    const char *gl = g, *wl = w;
    while (gl > got && gl[-1] != '\n')
        gl--;
    while (wl > want && wl[-1] != '\n')
        wl--;
    return g_strdup_printf("line %d:\n got: %.*s\nwant: %.*s", line, (int)strcspn(gl, "\n"), gl,
                           (int)strcspn(wl, "\n"), wl);
}

static char *temp_dir;
static GPtrArray *temp_paths;

static char *temp_file(const char *name, const char *data, gsize len)
{
    if (!temp_dir) temp_dir = g_dir_make_tmp("test_check_XXXXXX", NULL);
    if (!temp_paths) temp_paths = g_ptr_array_new_with_free_func(g_free);
    char *path = g_build_filename(temp_dir, name, NULL);
    ck_assert(g_file_set_contents(path, data, (gssize)len, NULL));
    g_ptr_array_add(temp_paths, g_strdup(path));
    return path;
}

/* Removes what temp_file wrote (and reports written beside it). */
static void temp_cleanup(void)
{
    for (guint i = 0; temp_paths && i < temp_paths->len; i++) {
        const char *p = g_ptr_array_index(temp_paths, i);
        char *xml = g_strconcat(p, ".xml", NULL);
        g_remove(xml);
        g_remove(p);
        g_free(xml);
    }
    if (temp_dir) g_rmdir(temp_dir);
    g_clear_pointer(&temp_paths, g_ptr_array_unref);
    g_clear_pointer(&temp_dir, g_free);
}

/* A short option's value in the same word ("-j2", "-tuci", "-o-"), as make
 * and most tools take it, is that option's value (GOption alone read
 * "-j2" as -j and -2 and took the next word for -j's value); a word that
 * is a long option's value ("--output -j2") stays whole; "-o -" is stdout;
 * the "--" that ends the options is no file. */
START_TEST(test_short_option_values)
{
    static const char pgn[] = "[Event \"e\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    char *path = temp_file("short.pgn", pgn, strlen(pgn));
    struct run spaced = check_run("--jobs", "2", "--quiet", path, NULL);
    struct run joined = check_run("-j2", "-q", path, NULL);
    ck_assert_int_eq(spaced.status, 0);
    ck_assert_int_eq(joined.status, 0);
    ck_assert_str_eq(joined.out, spaced.out);
    struct run uci = convert_run("--to", "uci", path, NULL);
    struct run uci_joined = convert_run("-tuci", path, NULL);
    ck_assert_int_eq(uci_joined.status, 0);
    ck_assert_str_eq(uci_joined.out, uci.out);
    ck_assert_msg(strstr(uci.out, "1. e2e4 e7e5") != NULL, "%s", uci.out);
    struct run dash = convert_run("-o", "-", path, NULL);
    struct run dash_joined = convert_run("-o-", path, NULL);
    struct run plain = convert_run(path, NULL);
    ck_assert_str_eq(dash.out, plain.out);
    ck_assert_str_eq(dash_joined.out, plain.out);
    ck_assert(plain.out[0] == '[');
    /* a long option's value that looks like a short option and its value */
    char *odd = g_build_filename(temp_dir, "-j2", NULL);
    char *odd_arg = g_strconcat("--output=", odd, NULL);
    struct run to_file = convert_run("--output", odd, path, NULL);
    ck_assert_int_eq(to_file.status, 0);
    ck_assert_str_eq(to_file.out, "");
    char *written = NULL;
    ck_assert(g_file_get_contents(odd, &written, NULL, NULL));
    ck_assert_str_eq(written, plain.out);
    g_remove(odd);
    struct run to_file_eq = convert_run(odd_arg, path, NULL);
    ck_assert_int_eq(to_file_eq.status, 0);
    ck_assert(g_file_test(odd, G_FILE_TEST_EXISTS));
    g_remove(odd);
    /* after "--", a file whose name begins with a dash */
    char *dashed = temp_file("-j2.pgn", pgn, strlen(pgn));
    char *cwd = g_get_current_dir();
    ck_assert_int_eq(g_chdir(temp_dir), 0);
    struct run after_end = convert_run("--", "-j2.pgn", NULL);
    ck_assert_int_eq(g_chdir(cwd), 0);
    ck_assert_msg(after_end.status == 0, "%s", after_end.err);
    ck_assert_str_eq(after_end.out, plain.out);
    g_free(cwd);
    g_free(dashed);
    struct run *runs[] = {&spaced,      &joined, &uci,     &uci_joined, &dash,
                          &dash_joined, &plain,  &to_file, &to_file_eq, &after_end};
    for (gsize i = 0; i < G_N_ELEMENTS(runs); i++)
        run_free(runs[i]);
    g_free(written);
    g_free(odd_arg);
    g_free(odd);
    g_free(path);
    temp_cleanup();
}
END_TEST

/* The number of games the summary on stderr counts. */
static long summary_games(const char *err)
{
    const char *s = strstr(err, "arbiter check: ");
    ck_assert_msg(s != NULL, "no summary in:\n%s", err);
    return strtol(s + strlen("arbiter check: "), NULL, 10);
}

static const char *real_world(void)
{
    return corpus_path("testsuites/real_world_errors_pgnmentor.pgn");
}

/* ---- the shared real-world errors ----------------------------------------- */

/* An English archive stays English: a move that reads but is illegal is
 * reported, even where another table (Indonesian K = knight) would make it
 * legal; a game English cannot read at all is read in its own language. */
START_TEST(test_language_only_for_unreadable)
{
    static const char text[] = "1. e4 e5 2. Kf3 *\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 *\n";
    char *path = temp_file("lang.pgn", text, sizeof text - 1);
    struct run r = check_run("-q", path, NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_int_eq(count_lines(r.out), 1);
    ck_assert_ptr_nonnull(
        strstr(r.out, ":1:13: game 1 (? - ?, ?, ?): ply 3 (2. Kf3): illegal move"));
    run_free(&r);
    g_free(path);
    /* a token begun by an O ("ob5", "Ob5": a scan's Db5) leaves the game's
     * language German: the error is there, not at 2. Sf3 read in English */
    static const char *const damaged[] = {"ob5", "Ob5"};
    for (gsize k = 0; k < G_N_ELEMENTS(damaged); k++) {
        char *game =
            g_strdup_printf("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O %s *\n", damaged[k]);
        path = temp_file("o.pgn", game, strlen(game));
        r = check_run("-q", path, NULL);
        ck_assert_msg(strstr(r.out, ":1:49: game 1 (? - ?, ?, ?): ply 10 (5... "), "%s", r.out);
        run_free(&r);
        g_free(path);
        g_free(game);
    }
    temp_cleanup();
}
END_TEST

START_TEST(test_words_cut_by_line_end)
{
    /* a book's move in words a line end cut is one move, not an error;
     * an illegal one after it is still found where it stands */
    static const char text[] = "1. P to K 4th P to K 4th 2. Kt to\nK B 3rd Kt to Q B 3rd *\n\n"
                               "1. P to K 4th P to K 4th 2. Kt to\nK B 3rd K to K 3rd *\n";
    char *path = temp_file("words.txt", text, sizeof text - 1);
    struct run r = check_run("-q", path, NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(count_lines(r.out) == 1 && strstr(r.out, ":5:9: game 2") &&
                      strstr(r.out, "ply 4 (2... K to K 3rd): illegal move"),
                  "%s", r.out);
    run_free(&r);
    g_free(path);
    temp_cleanup();
}
END_TEST

START_TEST(test_real_world_errors)
{
    if (!corpus_present("real_world_errors_pgnmentor.pgn")) return;
    struct run r = check_run("-q", real_world(), NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_int_eq(count_lines(r.out), 2);
    ck_assert_ptr_nonnull(strstr(r.out, ":16:15: game 1 (Gelfand,B - Gareev,T, World Blitz 2019, "
                                        "2019.12.29): ply 61 (31. Qxe1): illegal move: "));
    ck_assert_ptr_nonnull(strstr(r.out, ": game 2 (Schleining,Z - Paehtz,E, 1st German Masters "
                                        "Frauen, 2014.11.23): ply 75 (38. Bf3): illegal move: "));
    /* Gelfand's 31. Qxe1 has a legal look-alike (Qxe7+) that the next move
     * contradicts: no suggestion is better than a wrong one */
    ck_assert_ptr_null(strstr(r.out, "likely meant"));
    ck_assert_str_eq(r.err, "");
    run_free(&r);

    /* --strict adds the twelve results that contradict the final mate or
     * stalemate, at the last ply the .md lists */
    static const int plies[12] = {78, 70, 76, 75, 39, 166, 83, 76, 122, 26, 98, 60};
    r = check_run("--strict", real_world(), NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_int_eq(count_lines(r.out), 14);
    for (int i = 0; i < 12; i++) {
        char *want = g_strdup_printf(": game %d (", i + 3);
        char *line = strstr(r.out, want);
        ck_assert_msg(line != NULL, "no line for game %d", i + 3);
        char *ply = g_strdup_printf("): ply %d (", plies[i]);
        char *eol = strchr(line, '\n');
        ck_assert_msg(g_strstr_len(line, eol - line, ply) != NULL, "game %d: want %s in %.*s",
                      i + 3, ply, (int)(eol - line), line);
        ck_assert(g_strstr_len(line, eol - line, "result contradicts the final position") != NULL);
        g_free(ply);
        g_free(want);
    }
    ck_assert_ptr_nonnull(strstr(r.err, "14 games, 0 clean"));
    run_free(&r);
}
END_TEST

/* ---- injected illegal moves in real games ---------------------------------- */

/* The first n_games games of the pgnmentor archive, movetext without comments
 * or variations; NULL when the corpus is absent. */
static GPtrArray *real_games(int n_games)
{
    const char *path =
        corpus_path("large/pgnmentor_players_chesslablab/players_dedup_7tag_part1.pgn");
    GFile *file = g_file_new_for_path(path);
    GFileInputStream *in = g_file_read(file, NULL, NULL);
    g_object_unref(file);
    if (!in) return NULL;
    gsize cap = 4u << 20, len = 0;
    char *buf = g_malloc(cap + 1);
    g_input_stream_read_all(G_INPUT_STREAM(in), buf, cap, &len, NULL, NULL);
    buf[len] = 0;
    g_object_unref(in);
    gsize w = 0; /* the archive has CRLF line ends: written back as LF */
    for (gsize i = 0; i < len; i++)
        if (buf[i] != '\r') buf[w++] = buf[i];
    buf[w] = 0;
    GPtrArray *games = g_ptr_array_new_with_free_func(g_free);
    char *p = buf;
    while (games->len < (guint)n_games) {
        char *next = strstr(p + 1, "\n\n[Event ");
        if (!next) break;
        char *game = g_strndup(p, (gsize)(next - p) + 2);
        gboolean plain = !strpbrk(game, "{(;$%\r");
        for (const char *c = game; *c && plain; c++)
            plain = (unsigned char)*c < 0x80;
        if (plain)
            g_ptr_array_add(games, game);
        else
            g_free(game);
        p = next + 2;
    }
    g_free(buf);
    return games;
}

struct injected {
    int game, ply; /* 1-based, in the file written */
    guint64 line, col;
};

/* Replaces the move at `want_ply` of game text g with a pawn step to its own
 * back rank ("e1" for White, "e8" for Black: never legal); returns the new
 * text and the ply actually used, and the line and column of the move in g. */
static char *inject(const char *g, int want_ply, int *ply_out, guint64 *line, guint64 *col)
{
    const char *movetext = strstr(g, "\n\n") + 2;
    int ply = 0;
    const char *tok = movetext, *target = NULL, *target_end = NULL;
    while (*tok) {
        while (*tok == ' ' || *tok == '\n')
            tok++;
        const char *end = tok;
        while (*end && *end != ' ' && *end != '\n')
            end++;
        if (end == tok) break;
        const char *m = tok;
        while (m < end && (g_ascii_isdigit(*m) || *m == '.'))
            m++;
        gboolean result = !end[strspn(end, " \n")]; /* the last token ("0-0" is castling) */
        if (m < end && !result) {
            ply++;
            target = m, target_end = end;
            if (ply == want_ply) break;
        }
        tok = end;
    }
    ck_assert(target != NULL);
    *ply_out = ply;
    *line = 1, *col = 1;
    for (const char *c = g; c < target; c++) {
        if (*c == '\n')
            (*line)++, *col = 1;
        else
            (*col)++;
    }
    return g_strdup_printf("%.*s%s%s", (int)(target - g), g, ply % 2 ? "e1" : "e8", target_end);
}

START_TEST(test_injected)
{
    if (!corpus_present("the pgnmentor archive")) return;
    GPtrArray *games = real_games(400);
    ck_assert_msg(games && games->len >= 300, "too few plain games");
    struct injected inj[] = {
        {3, 1, 0, 0}, {57, 20, 0, 0}, {140, 37, 0, 0}, {299, 64, 0, 0}, {300, 2, 0, 0}};
    GString *file = g_string_new(NULL);
    guint64 lines = 0;
    for (guint i = 0, k = 0; i < games->len; i++) {
        const char *g = g_ptr_array_index(games, i);
        char *text = NULL;
        if (k < G_N_ELEMENTS(inj) && inj[k].game == (int)i + 1) {
            text = inject(g, inj[k].ply, &inj[k].ply, &inj[k].line, &inj[k].col);
            inj[k].line += lines;
            k++;
        }
        g_string_append(file, text ? text : g);
        lines += (guint64)count_lines(text ? text : g);
        g_free(text);
    }
    char *path = temp_file("injected.pgn", file->str, file->len);
    struct run r = check_run("--jobs", "1", path, NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_int_eq(count_lines(r.out), (int)G_N_ELEMENTS(inj));
    char *line = r.out;
    for (guint k = 0; k < G_N_ELEMENTS(inj); k++) {
        char *want = g_strdup_printf("%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": game %d (",
                                     path, inj[k].line, inj[k].col, inj[k].game);
        ck_assert_msg(g_str_has_prefix(line, want), "want %s, got %.*s", want,
                      (int)(strchr(line, '\n') - line), line);
        char *ply = g_strdup_printf("): ply %d (", inj[k].ply);
        char *eol = strchr(line, '\n');
        ck_assert_msg(g_strstr_len(line, eol - line, ply) != NULL &&
                          g_strstr_len(line, eol - line, "): illegal move: ") != NULL,
                      "want %s and an illegal move in %.*s", ply, (int)(eol - line), line);
        line = eol + 1;
        g_free(ply);
        g_free(want);
    }
    ck_assert_int_eq(summary_games(r.err), (long)games->len);

    /* the same output for any --jobs and for the shards concatenated */
    struct run j2 = check_run("--jobs", "2", "-q", path, NULL);
    ck_assert_str_eq(j2.out, r.out);
    run_free(&j2);
    for (int n = 1; n <= 4; n++) {
        GString *cat = g_string_new(NULL);
        for (int i = 1; i <= n; i++) {
            char *shard = g_strdup_printf("%d/%d", i, n);
            struct run s = check_run("--shard", shard, "-q", "--strict", path, NULL);
            ck_assert_int_le(s.status, 1);
            g_string_append(cat, s.out);
            run_free(&s);
            g_free(shard);
        }
        struct run whole = check_run("-q", "--strict", path, NULL);
        ck_assert_msg(!strcmp(cat->str, whole.out), "%d shards differ:\n%s\nwant\n%s", n, cat->str,
                      whole.out);
        run_free(&whole);
        g_string_free(cat, TRUE);
    }
    run_free(&r);
    g_free(path);
    g_string_free(file, TRUE);
    g_ptr_array_free(games, TRUE);
    temp_cleanup();
}
END_TEST

START_TEST(test_jobs_and_shards_real_world)
{
    if (!corpus_present("real_world_errors_pgnmentor.pgn")) return;
    struct run one = check_run("-q", "--strict", "--jobs", "1", real_world(), NULL);
    for (int jobs = 2; jobs <= 4; jobs++) {
        char *j = g_strdup_printf("%d", jobs);
        struct run r = check_run("-q", "--strict", "--jobs", j, real_world(), NULL);
        ck_assert_str_eq(r.out, one.out);
        run_free(&r);
        g_free(j);
    }
    for (int n = 1; n <= 4; n++) {
        GString *cat = g_string_new(NULL);
        for (int i = 1; i <= n; i++) {
            char *shard = g_strdup_printf("%d/%d", i, n);
            struct run s = check_run("--shard", shard, "-q", "--strict", real_world(), NULL);
            g_string_append(cat, s.out);
            run_free(&s);
            g_free(shard);
        }
        ck_assert_str_eq(cat->str, one.out);
        g_string_free(cat, TRUE);
    }
    run_free(&one);
}
END_TEST

/* Layouts the quick scan for game starts must read as the reader does: a
 * blank line inside a tag section (ChessBase), no blank line between a game
 * and the next tags, tag sections without movetext, leading blanks, games
 * without results before a cut, Latin-1 text: every shard split gives the
 * unsharded output, and so does every --jobs. */
static GString *odd_layouts(int n)
{
    GString *text = g_string_new(NULL);
    for (int i = 0; i < n; i++) {
        switch (i % 5) {
        case 0:
            g_string_append_printf(text,
                                   "[Event \"cb %d\"]\n\n[White \"M\xfcller\"]\n[Result \"*\"]\n"
                                   "\n1. e4 e5 2. Ke3 *\n\n",
                                   i);
            break;
        case 1:
            g_string_append_printf(text, "[Event \"tight %d\"]\n\n1. d4 d5 2. Qxd5 0-1\n", i);
            break;
        case 2:
            g_string_append_printf(text, "[Event \"tags only %d\"]\n[Site \"x\"]\n\n", i);
            break;
        case 3:
            g_string_append_printf(text, "  [Event \"no result %d\"]\n\n1. c4 c5 2. Nc3 Qa5\n\n",
                                   i);
            break;
        default:
            g_string_append_printf(text, "[Event \"plain %d\"]\n[Result \"1-0\"]\n\n1. e4 0-1\n\n",
                                   i);
        }
    }
    return text;
}

START_TEST(test_shards_odd_layouts)
{
    GString *text = odd_layouts(40);
    char *path = temp_file("layouts.pgn", text->str, text->len);
    struct run whole = check_run("-q", "--strict", "--jobs", "1", path, NULL);
    ck_assert_int_eq(whole.status, 1);
    struct run counted = check_run("--strict", path, NULL);
    ck_assert_int_eq(summary_games(counted.err), 40);
    run_free(&counted);
    /* the problems of the last game, which no cut follows */
    ck_assert_msg(strstr(whole.out, "game 40 (? - ?, plain 39, ?): malformed PGN: the game ends "
                                    "0-1 but its Result tag says 1-0\n"),
                  "%s", whole.out);
    ck_assert_msg(strstr(whole.out, "game 39 (? - ?, no result 38, ?): malformed PGN: the game has "
                                    "no result before the next tag section\n"),
                  "%s", whole.out);
    static const int splits[] = {2, 3, 4, 7, 12};
    for (gsize si = 0; si < G_N_ELEMENTS(splits); si++) {
        int n = splits[si];
        GString *cat = g_string_new(NULL);
        for (int i = 1; i <= n; i++) {
            char *shard = g_strdup_printf("%d/%d", i, n);
            struct run r = check_run("-q", "--strict", "--shard", shard, path, NULL);
            g_string_append(cat, r.out);
            run_free(&r);
            g_free(shard);
        }
        char *diff = first_difference(cat->str, whole.out);
        ck_assert_msg(!strcmp(cat->str, whole.out), "%d shards differ at %s", n, diff);
        g_free(diff);
        g_string_free(cat, TRUE);
    }
    run_free(&whole);
    g_free(path);
    g_string_free(text, TRUE);
    temp_cleanup();
}
END_TEST

/* ---- nothing lost ---------------------------------------------------------------- */

#define THREE_GAMES                                                                                \
    "[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n\n"                \
    "[Event \"c\"]\n\n1. c4 *\n"

static const struct {
    const char *name;
    const char *text;
    long games;
    const char *line; /* the first problem line after "FILE:" */
    int lines;        /* problem lines, when more than one */
} damaged[] = {
    {"broken-first.pgn", THREE_GAMES, 3,
     "3:13: game 1 (? - ?, a, ?): ply 3 (2. Ke3): illegal move: no king can reach e3", 1},
    {"crlf.pgn",
     "[Event \"a\"]\r\n\r\n1. e4 e5 2. Ke3 Nc6 1-0\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 d5 0-1\r\n", 2,
     "3:13: game 1 (? - ?, a, ?): ply 3 (2. Ke3): illegal move: no king can reach e3", 1},
    {"bom.pgn", "\xEF\xBB\xBF" THREE_GAMES, 3,
     "3:13: game 1 (? - ?, a, ?): ply 3 (2. Ke3): illegal move: no king can reach e3", 1},
    {"stray.pgn",
     "[Event \"a\"]\n\n1. e4 e5 1-0\n\nSome stray text, not a game.\n\n[Event \"b\"]\n\n"
     "1. d4 d5 2. Qxd5 0-1\n",
     2, "9:13: game 2 (? - ?, b, ?): ply 3 (2. Qxd5): illegal move: no queen can reach d5", 1},
    {"truncated.pgn", "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 2. Kd3 e6 3. Nc",
     2,
     "7:13: game 2 (? - ?, b, ?): ply 3 (2. Kd3): illegal move: no king can reach d3\n"
     "/", /* then, in text order, the truncated move at 7:23 */
     2},
    {"latin1.pgn", "[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n\n1. e4 e5 2. Ke3 1-0\n", 1,
     "4:13: game 1 (M\xc3\xbcller - ?, Caf\xc3\xa9, ?): ply 3 (2. Ke3): illegal move: ", 1},
    {"notags.pgn", "1. e4 e5 2. Ke3 1-0\n\n1. d4 d5 0-1\n\n1. c4 c5 2. Nc3 Nc6 1/2-1/2\n", 3,
     "1:13: game 1 (? - ?, ?, ?): ply 3 (2. Ke3): illegal move: ", 1},
    {"broken-last.pgn", "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 2. Bxd5 *\n", 2,
     "7:13: game 2 (? - ?, b, ?): ply 3 (2. Bxd5): illegal move: ", 1},
};

START_TEST(test_nothing_lost)
{
    char *path = temp_file(damaged[_i].name, damaged[_i].text, strlen(damaged[_i].text));
    struct run r = check_run(path, NULL);
    ck_assert_msg(r.status == 1, "%s: exit %d", damaged[_i].name, r.status);
    ck_assert_int_eq(summary_games(r.err), damaged[_i].games);
    char *want = g_strdup_printf("%s:%s", path, damaged[_i].line);
    ck_assert_msg(g_str_has_prefix(r.out, want), "%s: want\n%s\ngot\n%s", damaged[_i].name, want,
                  r.out);
    ck_assert_int_eq(count_lines(r.out), damaged[_i].lines);
    g_free(want);
    run_free(&r);
    g_free(path);
    temp_cleanup();
}
END_TEST

/* Each case's input, checked from a file of its own, gives one problem:
 * the file's path and the case's line. */
static void assert_problems(const char *const (*cases)[2], gsize n)
{
    for (gsize i = 0; i < n; i++) {
        char *path = temp_file("case.txt", cases[i][0], strlen(cases[i][0]));
        struct run r = check_run(path, NULL);
        ck_assert_int_eq(r.status, 1);
        char *want = g_strconcat(path, cases[i][1], NULL);
        ck_assert_str_eq(r.out, want);
        g_free(want);
        run_free(&r);
        g_free(path);
    }
    temp_cleanup();
}

START_TEST(test_suggestion)
{
    static const char *const cases[][2] = {
        {"[Event \"t\"]\n\n1. e4 e5 2. Nf4 Nc6 3. Bc4 Nf6 1-0\n",
         ":3:13: game 1 (? - ?, t, ?): ply 3 (2. Nf4): illegal move: no knight can reach f4; "
         "likely meant 2. Nf3 (3 of 3 later moves fit)\n"},
    };
    assert_problems(cases, G_N_ELEMENTS(cases));
}
END_TEST

/* A file of UCI move lists, a game a line, no numbers: each line a game,
 * split where a line reads from the start further than the game before
 * goes on into it (mend.c), the second game's c2c4 going on from the
 * first's end too. Clean, four games; with an illegal move in the second
 * game, that move is the one reported, at its ply in that game (before,
 * c2c4 was read as the first game's 11th move and g8f6 reported). */
START_TEST(test_uci_game_a_line)
{
    char *path = temp_file("lines.txt", UCI_GAMES_A_LINE, strlen(UCI_GAMES_A_LINE));
    struct run r = check_run(path, NULL);
    ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
    ck_assert_msg(strstr(r.err, "4 games, 4 clean"), "%s", r.err);
    run_free(&r);
    g_free(path);
    /* (the text's second line's e2e4 written e2e5) */
    g_autofree char *bad = g_strdup(UCI_GAMES_A_LINE);
    char *second = strchr(bad, '\n') + 1;
    memcpy(strstr(second, "e2e4"), "e2e5", 4);
    const char *const cases[][2] = {
        {bad, ":2:31: game 1 (? - ?, ?, ?): ply 7 (4. e2e5): illegal move: no piece on e2 can "
              "reach e5\n"},
    };
    assert_problems(cases, G_N_ELEMENTS(cases));
}
END_TEST

/* An illegal move whose written number differs from the board's says so:
 * a move or a row left out or written twice, a move under the other
 * side's number, or a fragment numbered from a later move with no FEN. */
START_TEST(test_written_number)
{
    static const char *const cases[][2] = {
        {"1. e4 e5 2. Nf3 Nc6\n\n12. Qh5 a6 *\n",
         ":3:5: game 1 (? - ?, ?, ?): ply 5 (3. Qh5): illegal move: no queen can reach h5 "
         "(written as move 12)\n"},
        {"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 4... Bxe4 *\n",
         ":1:47: game 1 (? - ?, ?, ?): ply 9 (5. Bxe4): illegal move: e4 holds a white pawn "
         "(written as Black's move 4)\n"},
        {"12. Nf3 Nc6 13. Bb5 a6 *\n",
         ":1:17: game 1 (? - ?, ?, ?): ply 3 (2. Bb5): illegal move: no bishop can reach b5 "
         "(written as move 13; the game is numbered from move 12 but has no FEN tag, so it is "
         "read from the start position)\n"},
        /* (numbered as the board has it: nothing said) */
        {"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Qxe4 *\n",
         ":1:49: game 1 (? - ?, ?, ?): ply 10 (5... Qxe4): illegal move: no queen can reach e4; "
         "likely meant 5... Nxe4\n"},
    };
    assert_problems(cases, G_N_ELEMENTS(cases));
}
END_TEST

/* --strict: a result token that the Result tag contradicts (a game ending in
 * '*' agrees with any tag; a '?' tag is not compared); without --strict it is
 * no problem. */
START_TEST(test_result_tag)
{
    const char *text = "[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Result \"1-0\"]\n\n1. e4 *\n\n"
                       "[Result \"*\"]\n\n1. d4 d5 1/2-1/2\n\n[Result \"?\"]\n\n1. c4 1-0\n\n"
                       "[Result \"0-1\"]\n\n1. c4 0-1\n";
    char *path = temp_file("result-tag.pgn", text, strlen(text));
    struct run r = check_run("-q", path, NULL);
    ck_assert_int_eq(r.status, 0);
    run_free(&r);
    r = check_run("--strict", path, NULL);
    ck_assert_int_eq(r.status, 1);
    char *want = g_strdup_printf(
        "%s:3:10: game 1 (? - ?, ?, ?): malformed PGN: the game ends 0-1 but its Result tag says "
        "1-0\n%s:11:10: game 3 (? - ?, ?, ?): malformed PGN: the game ends 1/2-1/2 but its Result "
        "tag says *\n",
        path, path);
    ck_assert_str_eq(r.out, want);
    ck_assert_ptr_nonnull(strstr(r.err, "5 games, 3 clean"));
    g_free(want);
    run_free(&r);
    g_free(path);
    temp_cleanup();
}
END_TEST

/* ---- --fix: the archive written back -------------------------------------------------- */

/* One game of each sort check tells apart, stray text between two of them
 * and a last game cut short. */
static const char fix_input[] =
    "[Event \"clean\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6 3. d4) 3. Bb5 a6 1-0\n\n"
    "[Event \"suggest\"]\n\n1. e4 e5 2. Nf4 Nc6 3. Bc4 Nf6 1-0\n\n"
    "Some stray text between games.\n\n"
    "[Event \"no suggestion\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Bc4 Nf6 1-0\n\n"
    "[Event \"unreadable\"]\n\n1. e4 e5 2. Xz9 Nc6 3. Bc4 0-1\n\n"
    "[Event \"bad FEN\"]\n[SetUp \"1\"]\n"
    "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\"]\n\n1. e4 e5 *\n\n"
    "[Event \"contradicted\"]\n\n1. e4 e5 2. Nf4 Nc6 3. Nh5 Nf6 1-0\n\n"
    "[Event \"cut short\"]\n\n1. d4 d5 2. c4 e6 3. Nc";

/* The text of a file with every line end made a space (PGN export wraps
 * lines wherever a comment grows long). */
static char *flat_contents(const char *path)
{
    char *text = NULL;
    ck_assert_msg(g_file_get_contents(path, &text, NULL, NULL), "cannot read %s", path);
    for (char *c = text; *c; c++)
        if (*c == '\n') *c = ' ';
    return text;
}

/* The games the summary counts in a file check reads. */
static long games_in(const char *path)
{
    struct run r = check_run(path, NULL);
    long n = summary_games(r.err);
    run_free(&r);
    return n;
}

START_TEST(test_fix)
{
    char *in = temp_file("fix.pgn", fix_input, strlen(fix_input));
    char *out1 = temp_file("fix-1.pgn", "", 0), *out3 = temp_file("fix-3.pgn", "", 0);
    struct run r1 = check_run("-q", "--fix", "-o", out1, "--jobs", "1", in, NULL);
    struct run r3 = check_run("-q", "--fix", "-o", out3, "--jobs", "3", in, NULL);
    ck_assert_int_eq(r1.status, 1);
    ck_assert_str_eq(r3.out, r1.out);
    char *fixed = flat_contents(out1), *fixed3 = flat_contents(out3);
    ck_assert_str_eq(fixed3, fixed); /* the same for any --jobs */

    /* nothing lost: as many games as the input, in input order */
    ck_assert_int_eq(games_in(in), 7);
    ck_assert_int_eq(games_in(out1), 7);
    static const char *const order[] = {"clean",   "suggest",      "no suggestion", "unreadable",
                                        "bad FEN", "contradicted", "cut short"};
    const char *at = fixed;
    for (gsize i = 0; i < G_N_ELEMENTS(order); i++) {
        char *tag = g_strdup_printf("[Event \"%s\"]", order[i]);
        at = strstr(at, tag);
        ck_assert_msg(at != NULL, "%s missing or out of order in\n%s", tag, fixed);
        g_free(tag);
    }

    /* the confident suggestion played and marked; the game goes on */
    ck_assert_msg(strstr(fixed, "2. Nf3 {arbiter: \"Nf4\" read as Nf3 (illegal as written)} "
                                "2... Nc6 3. Bc4 Nf6 1-0"),
                  "%s", fixed);
    /* the others cut at the bad move, the rest kept as written, and why */
    ck_assert_msg(strstr(fixed, "1. e4 e5 {arbiter: could not read 'Ke3' (no king can reach e3); "
                                "the rest as written: 2. Ke3 Nc6 3. Bc4 Nf6} 1-0"),
                  "%s", fixed);
    /* a suggestion the next moves contradict is not played */
    ck_assert_msg(strstr(fixed, "1. e4 e5 {arbiter: could not read 'Nf4' (no knight can reach f4); "
                                "the rest as written: 2. Nf4 Nc6 3. Nh5 Nf6} 1-0"),
                  "%s", fixed);
    ck_assert_msg(strstr(fixed, "1. e4 e5 {arbiter: could not read 'Xz9' (no notation rule reads "
                                "'Xz9'); the rest as written: 2. Xz9 Nc6 3. Bc4} 0-1"),
                  "%s", fixed);
    ck_assert_msg(strstr(fixed, "{arbiter: bad FEN (FEN field 1 (placement): 'X' is not a piece "
                                "letter); the moves as written: 1. e4 e5} *"),
                  "%s", fixed);
    ck_assert_msg(strstr(fixed, "1. d4 d5 2. c4 e6 {arbiter: could not read 'Nc'"), "%s", fixed);
    ck_assert_msg(strstr(fixed, "Some stray text between games."), "%s", fixed);

    /* read again, only the bad FEN (kept as it was) is still a problem */
    struct run again = check_run("-q", out1, NULL);
    ck_assert_int_eq(count_lines(again.out), 1);
    ck_assert_ptr_nonnull(strstr(again.out, "bad FEN/SetUp"));
    run_free(&again);

    /* a clean game is written as convert writes it */
    const char *clean = "[Event \"a\"]\n\n1. e4 {x} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 1-0\n";
    char *clean_in = temp_file("clean.pgn", clean, strlen(clean));
    char *clean_out = temp_file("clean-fixed.pgn", "", 0);
    struct run rc = check_run("--fix", "-o", clean_out, clean_in, NULL);
    ck_assert_int_eq(rc.status, 0);
    struct run conv = convert_run(clean_in, NULL);
    char *clean_fixed = NULL;
    ck_assert(g_file_get_contents(clean_out, &clean_fixed, NULL, NULL));
    ck_assert_str_eq(clean_fixed, conv.out);

    /* --fix needs -o, and -o needs --fix */
    struct run u = check_run("--fix", in, NULL);
    ck_assert_int_eq(u.status, 2);
    run_free(&u);
    u = check_run("-o", out1, in, NULL);
    ck_assert_int_eq(u.status, 2);
    run_free(&u);

    g_free(clean_fixed);
    run_free(&conv);
    run_free(&rc);
    g_free(clean_out);
    g_free(clean_in);
    g_free(fixed);
    g_free(fixed3);
    run_free(&r1);
    run_free(&r3);
    g_free(out1);
    g_free(out3);
    g_free(in);
    temp_cleanup();
}
END_TEST

/* On real games with injected damage: as many games out as in, the same for
 * any --jobs and for the shards' outputs concatenated. */
START_TEST(test_fix_real_games)
{
    if (!corpus_present("the pgnmentor archive")) return;
    GPtrArray *games = real_games(300);
    GString *file = g_string_new(NULL);
    for (guint i = 0; i < games->len; i++) {
        const char *g = g_ptr_array_index(games, i);
        int ply;
        guint64 line, col;
        char *text = i % 50 == 7 ? inject(g, 30, &ply, &line, &col) : NULL;
        g_string_append(file, text ? text : g);
        g_free(text);
    }
    char *in = temp_file("fix-real.pgn", file->str, file->len);
    char *out1 = temp_file("fix-real-1.pgn", "", 0), *out2 = temp_file("fix-real-2.pgn", "", 0);
    struct run r1 = check_run("-q", "--fix", "-o", out1, "--jobs", "1", in, NULL);
    struct run r2 = check_run("-q", "--fix", "-o", out2, "--jobs", "2", in, NULL);
    char *t1 = NULL, *t2 = NULL;
    ck_assert(g_file_get_contents(out1, &t1, NULL, NULL));
    ck_assert(g_file_get_contents(out2, &t2, NULL, NULL));
    ck_assert(!strcmp(t1, t2));
    ck_assert_int_eq(games_in(out1), (long)games->len);
    GString *cat = g_string_new(NULL);
    for (int i = 1; i <= 3; i++) {
        char *shard = g_strdup_printf("%d/3", i);
        char *part = NULL;
        struct run s = check_run("-q", "--shard", shard, "--fix", "-o", out2, in, NULL);
        ck_assert(g_file_get_contents(out2, &part, NULL, NULL));
        g_string_append(cat, part);
        g_free(part);
        run_free(&s);
        g_free(shard);
    }
    ck_assert(!strcmp(cat->str, t1));
    g_string_free(cat, TRUE);
    g_free(t1);
    g_free(t2);
    run_free(&r1);
    run_free(&r2);
    g_free(out1);
    g_free(out2);
    g_free(in);
    g_string_free(file, TRUE);
    g_ptr_array_free(games, TRUE);
    temp_cleanup();
}
END_TEST

/* ---- exit statuses, stdin ------------------------------------------------------------ */

START_TEST(test_exit_status)
{
    const char *clean = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n";
    const char *empty = "[Event \"a\"]\n[Result \"*\"]\n\n*\n";
    char *clean_path = temp_file("clean.pgn", clean, strlen(clean));
    char *empty_path = temp_file("empty.pgn", empty, strlen(empty));
    struct run r = check_run(clean_path, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "");
    run_free(&r);
    r = check_run("--quiet", clean_path, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "");
    run_free(&r);
    r = check_run(empty_path, NULL); /* no moves: a problem only with --strict */
    ck_assert_int_eq(r.status, 0);
    run_free(&r);
    r = check_run("--strict", empty_path, NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, ": game with no moves: "));
    run_free(&r);
    r = check_run("/nonexistent/file.pgn", NULL);
    ck_assert_int_eq(r.status, 2);
    run_free(&r);
    r = check_run("--no-such-option", clean_path, NULL);
    ck_assert_int_eq(r.status, 2);
    run_free(&r);
    r = check_run("--shard", "5/4", clean_path, NULL);
    ck_assert_int_eq(r.status, 2);
    run_free(&r);
    r = check_run("--shard", "1/2", "-", NULL);
    ck_assert_int_eq(r.status, 2);
    run_free(&r);

    /* stdin is named '-' */
    char *cmd = g_strdup_printf("'%s' check - < '%s'", arbiter_bin(), real_world());
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    char *out = NULL;
    int ws = 0;
    if (corpus_present("real_world_errors_pgnmentor.pgn")) {
        ck_assert(g_spawn_sync(NULL, argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                               &ws, NULL));
        ck_assert_int_eq(WEXITSTATUS(ws), 1);
        ck_assert(g_str_has_prefix(out, "-:16:15: game 1 (Gelfand,B - Gareev,T"));
        g_free(out);
    }
    g_free(cmd);
    g_free(clean_path);
    g_free(empty_path);
    temp_cleanup();
}
END_TEST

/* ---- compressed input ------------------------------------------------------------------ */

static char *replace_all(const char *s, const char *from, const char *to)
{
    char **parts = g_strsplit(s, from, -1);
    char *joined = g_strjoinv(to, parts);
    g_strfreev(parts);
    return joined;
}

START_TEST(test_compressed)
{
    if (!corpus_present("the lichess sample")) return;
    const char *zst = corpus_path("large/lichess_sample/lichess_db_sample_438games.pgn.zst");
    char *zst_path = g_strdup(zst);
    /* decompress with the project's own stream, then compare with the plain file */
    GFile *f = g_file_new_for_path(zst_path);
    GInputStream *raw = G_INPUT_STREAM(g_file_read(f, NULL, NULL));
    ck_assert_ptr_nonnull(raw);
    GInputStream *z = zstd_input_stream_new(raw);
    GOutputStream *mem = g_memory_output_stream_new_resizable();
    ck_assert(g_output_stream_splice(mem, z, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, NULL) > 0);
    gsize len = g_memory_output_stream_get_data_size(G_MEMORY_OUTPUT_STREAM(mem));
    char *plain_path =
        temp_file("lichess.pgn", g_memory_output_stream_get_data(G_MEMORY_OUTPUT_STREAM(mem)), len);
    /* and gzip it */
    GConverter *gz = G_CONVERTER(g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1));
    GInputStream *plain_in = g_memory_input_stream_new_from_data(
        g_memory_output_stream_get_data(G_MEMORY_OUTPUT_STREAM(mem)), (gssize)len, NULL);
    GInputStream *gz_in = g_converter_input_stream_new(plain_in, gz);
    GOutputStream *gz_mem = g_memory_output_stream_new_resizable();
    ck_assert(
        g_output_stream_splice(gz_mem, gz_in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, NULL) > 0);
    char *gz_path =
        temp_file("lichess.pgn.gz", g_memory_output_stream_get_data(G_MEMORY_OUTPUT_STREAM(gz_mem)),
                  g_memory_output_stream_get_data_size(G_MEMORY_OUTPUT_STREAM(gz_mem)));

    struct run rp = check_run("--strict", plain_path, NULL);
    struct run rz = check_run("--strict", zst_path, NULL);
    struct run rg = check_run("--strict", gz_path, NULL);
    ck_assert_int_eq(summary_games(rz.err), 438);
    ck_assert_int_eq(summary_games(rg.err), 438);
    ck_assert_int_eq(rz.status, rp.status);
    char *want_z = replace_all(rp.out, plain_path, zst_path);
    char *want_g = replace_all(rp.out, plain_path, gz_path);
    ck_assert_str_eq(rz.out, want_z);
    ck_assert_str_eq(rg.out, want_g);
    g_free(want_z);
    g_free(want_g);
    run_free(&rp);
    run_free(&rz);
    run_free(&rg);

    /* a truncated .zst is an I/O error */
    GFile *zf = g_file_new_for_path(zst_path);
    char *zdata = NULL;
    gsize zlen = 0;
    ck_assert(g_file_load_contents(zf, NULL, &zdata, &zlen, NULL, NULL));
    char *cut_path = temp_file("cut.pgn.zst", zdata, zlen / 2);
    struct run rc = check_run("-q", cut_path, NULL);
    ck_assert_int_eq(rc.status, 2);
    run_free(&rc);
    g_free(cut_path);
    g_free(zdata);
    g_object_unref(zf);

    g_object_unref(gz_mem);
    g_object_unref(gz_in);
    g_object_unref(plain_in);
    g_object_unref(gz);
    g_object_unref(mem);
    g_object_unref(z);
    g_object_unref(raw);
    g_object_unref(f);
    g_free(plain_path);
    g_free(gz_path);
    g_free(zst_path);
    temp_cleanup();
}
END_TEST

static char *temp_bytes(const char *name, GBytes *b)
{
    gsize len = 0;
    const char *data = g_bytes_get_data(b, &len);
    return temp_file(name, data, len);
}

/* Runs `arbiter check ARGS < path` through the shell (args: one string,
 * already quoted). */
static struct run check_stdin(const char *args, const char *path)
{
    char *cmd = g_strdup_printf("exec '%s' check %s < '%s'", arbiter_bin(), args, path);
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    struct run r = {0};
    int ws = 0;
    ck_assert(
        g_spawn_sync(NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r.out, &r.err, &ws, NULL));
    r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
    g_free(cmd);
    return r;
}

/* Compression is told by the first bytes, not the name: gzip and zstd on
 * stdin and in files named .pgn read like the plain text; a plain file named
 * .gz or .zst is read as plain; damaged compressed data is an I/O error that
 * names the input. The text is longer than the 64 KiB peek buffer. */
START_TEST(test_compressed_by_content)
{
    GString *text = g_string_new(THREE_GAMES "\n");
    for (int i = 0; i < 1000; i++)
        g_string_append_printf(text,
                               "[Event \"filler %d\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 "
                               "5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 "
                               "%s 1/2-1/2\n\n",
                               i, i % 100 == 99 ? "11. Kg3" : "11. Nbd2");
    ck_assert_uint_gt(text->len, 128 << 10);
    char *plain = temp_file("plain.pgn", text->str, text->len);
    struct run want = check_run("--jobs", "1", plain, NULL);
    ck_assert_int_eq(want.status, 1);
    ck_assert_int_eq(summary_games(want.err), 1003);
    ck_assert_int_eq(count_lines(want.out), 11); /* Ke3 and ten Kg3 */
    char *want_stdin = replace_all(want.out, plain, "-");

    GBytes *gz = test_gzip(text->str, text->len), *zst = test_zstd(text->str, text->len);
    const struct {
        const char *name;
        GBytes *data;
    } as[] = {{"gz-content.pgn", gz},
              {"zst-content.pgn", zst},
              {"gz-content", gz},
              {"plain-named.pgn.gz", NULL},
              {"plain-named.pgn.zst", NULL}};
    for (gsize i = 0; i < G_N_ELEMENTS(as); i++) {
        char *path = as[i].data ? temp_bytes(as[i].name, as[i].data)
                                : temp_file(as[i].name, text->str, text->len);
        for (int jobs = 1; jobs <= 2; jobs++) {
            char *j = g_strdup_printf("%d", jobs);
            struct run r = check_run("--jobs", j, path, NULL);
            ck_assert_msg(r.status == 1, "%s: exit %d: %s", as[i].name, r.status, r.err);
            ck_assert_int_eq(summary_games(r.err), 1003);
            char *w = replace_all(want.out, plain, path);
            ck_assert_str_eq(r.out, w);
            g_free(w);
            run_free(&r);
            g_free(j);
        }
        if (as[i].data) { /* and on stdin */
            struct run r = check_stdin("--jobs 2", path);
            ck_assert_int_eq(r.status, 1);
            ck_assert_int_eq(summary_games(r.err), 1003);
            ck_assert_str_eq(r.out, want_stdin);
            run_free(&r);
            /* a compressed file cannot be sharded: said, naming the file */
            r = check_run("--shard", "1/2", path, NULL);
            ck_assert_int_eq(r.status, 2);
            ck_assert_msg(strstr(r.err, path) && strstr(r.err, as[i].data == gz ? "gzip" : "zstd"),
                          "%s", r.err);
            run_free(&r);
        }
        g_free(path);
    }
    /* a gzip file of several members (cat a.gz b.gz) reads whole; bytes
     * after a member that begin no other are an error, not skipped */
    GString *twice = g_string_new_len(text->str, (gssize)text->len);
    g_string_append_len(twice, text->str, (gssize)text->len);
    char *twice_plain = temp_file("twice.pgn", twice->str, twice->len);
    struct run want2 = check_run("-q", twice_plain, NULL);
    gsize gz_len = 0;
    const char *gz_data = g_bytes_get_data(gz, &gz_len);
    GString *members = g_string_new_len(gz_data, (gssize)gz_len);
    g_string_append_len(members, gz_data, (gssize)gz_len);
    char *members_path = temp_file("members.pgn.gz", members->str, members->len);
    struct run r2 = check_run(members_path, NULL);
    ck_assert_int_eq(summary_games(r2.err), 2006);
    char *w2 = replace_all(want2.out, twice_plain, members_path);
    ck_assert_str_eq(r2.out, w2);
    run_free(&r2);
    g_string_append(members, "trailing bytes");
    char *trailing = temp_file("trailing.pgn.gz", members->str, members->len);
    r2 = check_run("-q", trailing, NULL);
    ck_assert_int_eq(r2.status, 2);
    ck_assert_msg(strstr(r2.err, trailing) && strstr(r2.err, "gzip: "), "%s", r2.err);
    run_free(&r2);
    g_free(trailing);
    g_free(w2);
    g_free(members_path);
    g_string_free(members, TRUE);
    run_free(&want2);
    g_free(twice_plain);
    g_string_free(twice, TRUE);

    /* plain text on stdin still reads */
    struct run r = check_stdin("-q", plain);
    ck_assert_str_eq(r.out, want_stdin);
    run_free(&r);

    /* damaged: the magic number, then not what it promises */
    for (gsize i = 0; i < 2; i++) {
        gsize len = 0;
        const char *data = g_bytes_get_data(i ? zst : gz, &len);
        GString *bad = g_string_new_len(data, 64);
        for (int k = 0; k < 512; k++)
            g_string_append_c(bad, (char)(k * 37 + 11));
        char *path = temp_file(i ? "bad-zst.pgn" : "bad-gz.pgn", bad->str, bad->len);
        r = check_run("-q", path, NULL);
        ck_assert_int_eq(r.status, 2);
        ck_assert_msg(g_str_has_prefix(r.err, "arbiter check: ") && strstr(r.err, path), "%s",
                      r.err);
        run_free(&r);
        r = check_stdin("-q", path);
        ck_assert_int_eq(r.status, 2);
        ck_assert_msg(strstr(r.err, "arbiter check: -: ") != NULL, "%s", r.err);
        run_free(&r);
        g_free(path);
        g_string_free(bad, TRUE);
    }
    g_bytes_unref(gz);
    g_bytes_unref(zst);
    g_free(want_stdin);
    run_free(&want);
    g_free(plain);
    g_string_free(text, TRUE);
    temp_cleanup();
}
END_TEST

/* ---- the XML report ----------------------------------------------------------------------- */

static int count_elements(const char *path, const char *name)
{
    xmlDocPtr doc = xmlReadFile(path, NULL, 0);
    int n = 0;
    xmlNodePtr root = xmlDocGetRootElement(doc);
    for (xmlNodePtr in = root->children; in; in = in->next)
        for (xmlNodePtr p = in->children; p; p = p->next)
            n += p->type == XML_ELEMENT_NODE && !strcmp((const char *)p->name, name);
    xmlFreeDoc(doc);
    return n;
}

START_TEST(test_report)
{
    char *schema = g_build_filename(test_data_path(".."), "..", "src", "report.rng", NULL);
    const char *text = "[Event \"a\x01\"]\n\n1. e4 e5 2. Nf4 Nc6 1-0\n\n1. d4 d5 2. Kd3 *\n";
    char *path = temp_file("report.pgn", text, strlen(text));
    char *xml = g_strconcat(path, ".xml", NULL);
    struct run r = check_run("-q", "--report", xml, path, NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(xml_validates(schema, xml), "%s does not validate", xml);
    ck_assert_int_eq(count_elements(xml, "problem"), 2);
    run_free(&r);
    g_free(xml);
    g_free(path);
    /* a file name that is not UTF-8 and a tag with U+FFFE, which XML cannot
     * hold: both written as U+FFFD, and the report still parses */
    text = "[Event \"a\xef\xbf\xbe\"]\n\n1. e4 e5 2. Nf4 Nc6 1-0\n";
    path = temp_file("not-utf8-\xff.pgn", text, strlen(text));
    xml = g_strconcat(path, ".xml", NULL);
    r = check_run("-q", "--report", xml, path, NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(xml_validates(schema, xml), "%s does not validate", xml);
    ck_assert_int_eq(count_elements(xml, "problem"), 1);
    run_free(&r);
    if (corpus_present("real_world_errors_pgnmentor.pgn")) {
        r = check_run("-q", "--strict", "--jobs", "2", "--report", xml, real_world(), NULL);
        ck_assert(xml_validates(schema, xml));
        ck_assert_int_eq(count_elements(xml, "problem"), 14);
        run_free(&r);
    }
    /* a report no file can be made for: the system's reason, once, exit 2 */
    r = check_run("-q", "--report", "/nonexistent-arbiter-dir/r.xml", path, NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "arbiter check: cannot write the report "
                            "/nonexistent-arbiter-dir/r.xml: No such file or directory\n");
    run_free(&r);
    g_free(xml);
    g_free(path);
    g_free(schema);
    temp_cleanup();
}
END_TEST

/* ---- every file of ../shared/corpus/testsuites ------------------------------------ */

/* One row of testsuites/README.md's table of files. */
struct suite_file {
    char *name;
    guint64 bytes;
    long pgn_extract_games; /* what pgn-extract 19.04 reads */
    char *notes;            /* "" for a file with nothing special */
};

static void suite_file_free(gpointer p)
{
    struct suite_file *f = p;
    g_free(f->name);
    g_free(f->notes);
    g_free(f);
}

/* The README's table: | file | repo | path | bytes | Event lines | pgn-extract | notes | */
static GPtrArray *suite_files(void)
{
    char *text = NULL;
    ck_assert(g_file_get_contents(corpus_path("testsuites/README.md"), &text, NULL, NULL));
    GPtrArray *rows = g_ptr_array_new_with_free_func(suite_file_free);
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        if (!g_str_has_prefix(*l, "| ")) continue;
        char **cols = g_strsplit(*l, "|", -1);
        if (g_strv_length(cols) == 9 && g_str_has_suffix(g_strstrip(cols[1]), ".pgn")) {
            struct suite_file *f = g_new0(struct suite_file, 1);
            f->name = g_strdup(cols[1]);
            f->bytes = g_ascii_strtoull(g_strstrip(cols[4]), NULL, 10);
            f->pgn_extract_games = strtol(g_strstrip(cols[6]), NULL, 10);
            f->notes = g_strdup(g_strstrip(cols[7]));
            g_ptr_array_add(rows, f);
        }
        g_strfreev(cols);
    }
    g_strfreev(lines);
    g_free(text);
    return rows;
}

static void count_game(gpointer user_data, const ArbGameSummary *summary)
{
    (void)summary;
    (*(guint64 *)user_data)++;
}

/* The games the reader itself sees in data. */
static guint64 reader_games(const char *data, gsize len)
{
    static const ArbReaderVisitor counter = {.end_game = count_game};
    guint64 n = 0;
    ArbReader *r = reader_new_for_data(data, len, NULL, &counter, &n);
    ck_assert(reader_read_all(r, NULL));
    ck_assert_uint_eq(reader_get_games(r), n);
    reader_free(r);
    return n;
}

/* The count of one kind in the summary on stderr (0 when it has none). */
static long summary_kind(const char *err, const char *kind)
{
    char *key = g_strdup_printf("%s: ", kind);
    const char *s = strstr(err, "arbiter check: ");
    const char *k = s ? strstr(s, key) : NULL;
    long n = k ? strtol(k + strlen(key), NULL, 10) : 0;
    g_free(key);
    return n;
}

static long summary_count(const char *err, const char *what)
{
    const char *s = strstr(err, "arbiter check: ");
    ck_assert_ptr_nonnull(s);
    char *pattern = g_strdup_printf(" ([0-9]+) %s", what);
    GRegex *re = g_regex_new(pattern, 0, 0, NULL);
    GMatchInfo *m = NULL;
    long n = -1;
    if (g_regex_match(re, s, 0, &m)) {
        char *d = g_match_info_fetch(m, 1);
        n = strtol(d, NULL, 10);
        g_free(d);
    }
    g_match_info_free(m);
    g_regex_unref(re);
    g_free(pattern);
    ck_assert_msg(n >= 0, "no '%s' in %s", what, s);
    return n;
}

/* The problem lines of one file: each FILE:LINE:COL: game N (...): [ply P
 * (move): ]KIND: why, LINE within the file, N within the games read and in
 * input order. Returns the number of games with a problem. */
static long check_problem_lines(const char *name, const char *path, const char *out,
                                guint64 file_lines, long games)
{
    static const char *const kind_texts =
        "illegal move|ambiguous move|unreadable token|bad FEN/SetUp|truncated game|result "
        "contradicts the final position|game with no moves|malformed PGN";
    char *escaped = g_regex_escape_string(path, -1);
    char *pattern = g_strdup_printf(
        "^%s:([1-9][0-9]*):([1-9][0-9]*): game ([1-9][0-9]*) \\(.* - .*, .*, .*\\): "
        "(ply [1-9][0-9]* \\([1-9][0-9]*\\.(\\.\\.)? [^ ]+\\): )?(%s): .+$",
        escaped, kind_texts);
    GRegex *re = g_regex_new(pattern, 0, 0, NULL);
    ck_assert_ptr_nonnull(re);
    char **lines = g_strsplit(out, "\n", -1);
    long last_game = 0, with_problems = 0;
    guint64 last_line = 0, last_col = 0;
    for (char **l = lines; *l && **l; l++) {
        GMatchInfo *m = NULL;
        ck_assert_msg(g_regex_match(re, *l, 0, &m), "%s: not FILE:LINE:COL: game N (...): KIND: %s",
                      name, *l);
        char *line = g_match_info_fetch(m, 1), *col = g_match_info_fetch(m, 2);
        char *game = g_match_info_fetch(m, 3);
        guint64 at_line = g_ascii_strtoull(line, NULL, 10),
                at_col = g_ascii_strtoull(col, NULL, 10);
        ck_assert_msg(at_line <= file_lines + 1, "%s: line past the end: %s", name, *l);
        long g = strtol(game, NULL, 10);
        ck_assert_msg(g <= games && g >= last_game, "%s: game %ld of %ld, after %ld: %s", name, g,
                      games, last_game, *l);
        /* one game's problems in the order of the text */
        ck_assert_msg(
            g != last_game || at_line > last_line || (at_line == last_line && at_col >= last_col),
            "%s: %s after %" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT, name, *l, last_line, last_col);
        with_problems += g != last_game;
        last_game = g, last_line = at_line, last_col = at_col;
        g_free(line);
        g_free(col);
        g_free(game);
        g_match_info_free(m);
    }
    g_strfreev(lines);
    g_regex_unref(re);
    g_free(pattern);
    g_free(escaped);
    return with_problems;
}

/* The lines of out that hold needle. */
static int lines_with(const char *out, const char *needle)
{
    int n = 0;
    char **lines = g_strsplit(out, "\n", -1);
    for (char **l = lines; *l; l++)
        n += strstr(*l, needle) != NULL;
    g_strfreev(lines);
    return n;
}

/* What the README (or the .md beside a file) says is wrong in it, as check
 * --strict must find it: problem counts by kind, and a text that each of
 * `lines` problem lines holds. Files not listed carry no known error: they
 * must be clean but for games without moves (abandoned online games). */
static const struct documented {
    const char *file;
    long games;       /* -1: not stated */
    const char *kind; /* the kind counted, or NULL */
    long kind_count;  /* -1: every game */
    const char *text; /* or NULL */
    int lines;        /* problem lines holding text */
} documented[] = {
    /* the .md is read for the plies and moves below (test_real_world_errors too) */
    {"real_world_errors_pgnmentor.pgn", 14, "illegal move", 2, NULL, 0},
    {"real_world_errors_pgnmentor.pgn", 14, "result contradicts the final position", 12, NULL, 0},
    /* "Result tags that contradict checkmate/stalemate on the board (5 warnings)" */
    {"pgn-extract_test-fixresulttags-in.pgn", 5, "result contradicts the final position", 5, NULL,
     0},
    /* "Result tag disagreeing with terminating result (6 of 9 games)" */
    {"pgn-extract_test-nobadresults.pgn", 9, "malformed PGN", 6, "but its Result tag says", 6},
    /* Antichess: "illegal under standard rules" */
    {"python-chess_antichess-programfox.pgn", 2, "illegal move", -1, NULL, 0},
    /* Crazyhouse: "piece drops `B@e3`, illegal under standard rules" */
    {"python-chess_knightvuillaume-jannlee-zh-lichess.pgn", 1, "unreadable token", 1, "@", 1},
    {"python-chess_saturs-jannlee-zh-lichess.pgn", 1, "unreadable token", 1, "@", 1},
    /* "German piece letter `Sf3` (must be rejected or localised)": rejected */
    {"mliebelt-pgn-parser_sampleGameThrow.pgn", 1, "unreadable token", 1, "'Sf3'", 1},
    /* "nested `{ { } }` comment (only valid with --nestedcomment)" */
    {"pgn-extract_nested-comment.pgn", 1, "malformed PGN", 2, "'{' inside a comment", 1},
    /* "null moves (`--`)" */
    {"pgn-extract_test-allownullmoves.pgn", 2, "illegal move", -1, "null move ('--')", 2},
    /* "tag sections only, no movetext" */
    {"scalachess_FWWRC.pgn", 605, "game with no moves", -1, NULL, 0},
    {"scalachess_uzchesscup.pgn", -1, "game with no moves", -1, NULL, 0},
    {"chessops_pathological-headers.pgn", 1, "game with no moves", -1, NULL, 0},
    /* "no result token": the games before the next tag section */
    {"chessops_headers-and-moves-on-the-same-line.pgn", 3, "malformed PGN", 2,
     "the game has no result before the next tag section", 2},
    {"chessops_leading-whitespace.pgn", 4, "malformed PGN", 3, "the game has no result before", 3},
    /* "UTF-8 byte-order mark at start of file": both games read, from line 1 */
    {"python-chess_utf8-bom.pgn", 2, "game with no moves", 2, NULL, 0},
    /* "whole game on one line with HTML <br />": read as broken, not lost */
    {"chess.js_0.pgn", -1, "unreadable token", -1, "'<br'", 8},
    /* not in the README: null moves as python-chess ("Z0") and pgn-extract
     * ("--") write them */
    {"python-chess_anastasian-lewis.pgn", 1, "illegal move", 1, "null move ('Z0')", 1},
    {"pgn-extract_odds.pgn", 32, "illegal move", 2, "null move ('--')", 2},
};

static void check_documented(const char *name, const char *out, const char *err, long games)
{
    gboolean listed = FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS(documented); i++) {
        const struct documented *d = &documented[i];
        if (strcmp(d->file, name)) continue;
        listed = TRUE;
        if (d->games >= 0) ck_assert_msg(games == d->games, "%s: %ld games", name, games);
        long want = d->kind_count >= 0 ? d->kind_count : games;
        ck_assert_msg(summary_kind(err, d->kind) == want, "%s: want %s: %ld in\n%s", name, d->kind,
                      want, err);
        if (d->text)
            ck_assert_msg(lines_with(out, d->text) == d->lines, "%s: want %d lines with %s in\n%s",
                          name, d->lines, d->text, out);
    }
    if (listed) return;
    /* no known error: clean, but for games without moves */
    long no_moves = summary_kind(err, "game with no moves");
    ck_assert_msg(lines_with(out, ": game with no moves: ") == count_lines(out) &&
                      summary_count(err, "with problems") == no_moves,
                  "%s has no documented error, but:\n%s", name, out);
}

/* The .md's tables: "| # | White – Black | ... | ply | `31.Qxe1` | ..." for
 * the illegal moves and "| # | ... | plies | `39...Bf6+` (mate) | ..." for
 * the results; each must be reported at that game, ply and move. */
static void check_real_world_md(const char *out)
{
    char *md = NULL;
    ck_assert(g_file_get_contents(corpus_path("testsuites/real_world_errors_pgnmentor.md"), &md,
                                  NULL, NULL));
    GRegex *row = g_regex_new("^\\| ([0-9]+) \\|.*\\| ([0-9]+) \\| `([0-9]+)\\.(\\.\\.)?([^`]+)`",
                              G_REGEX_MULTILINE, 0, NULL);
    GMatchInfo *m = NULL;
    int rows = 0;
    for (g_regex_match(row, md, 0, &m); g_match_info_matches(m); g_match_info_next(m, NULL)) {
        char *game = g_match_info_fetch(m, 1), *ply = g_match_info_fetch(m, 2);
        char *number = g_match_info_fetch(m, 3), *dots = g_match_info_fetch(m, 4);
        char *move = g_match_info_fetch(m, 5);
        char *want = g_strdup_printf(": game %s (", game);
        char *want_move = g_strdup_printf("): ply %s (%s.%s %s): ", ply, number, dots, move);
        const char *line = strstr(out, want);
        ck_assert_msg(line != NULL, "game %s of the .md not reported", game);
        gsize len = strcspn(line, "\n");
        ck_assert_msg(g_strstr_len(line, (gssize)len, want_move) != NULL, "want %s in %.*s",
                      want_move, (int)len, line);
        rows++;
        g_free(want_move);
        g_free(want);
        g_free(move);
        g_free(dots);
        g_free(number);
        g_free(ply);
        g_free(game);
    }
    g_match_info_free(m);
    g_regex_unref(row);
    g_free(md);
    ck_assert_int_eq(rows, 14);
}

START_TEST(test_testsuites)
{
    GPtrArray *rows = suite_files();
    /* the README lists every .pgn file there, and only those */
    GDir *dir = g_dir_open(corpus_path("testsuites"), 0, NULL);
    ck_assert_ptr_nonnull(dir);
    guint on_disk = 0;
    for (const char *n; (n = g_dir_read_name(dir));)
        on_disk += g_str_has_suffix(n, ".pgn");
    g_dir_close(dir);
    ck_assert_uint_eq(rows->len, on_disk);
    ck_assert_uint_ge(rows->len, 98);

    guint64 total_games = 0;
    long total_problem_games = 0;
    for (guint i = 0; i < rows->len; i++) {
        const struct suite_file *f = g_ptr_array_index(rows, i);
        char *path = g_strdup(corpus_path("testsuites"));
        char *full = g_build_filename(path, f->name, NULL);
        char *data = NULL;
        gsize len = 0;
        if (!g_file_get_contents(full, &data, &len, NULL)) { /* unreadable: an I/O error */
            struct run r = check_run("-q", full, NULL);
            ck_assert_msg(r.status == 2, "%s cannot be read, but check exits %d", f->name,
                          r.status);
            run_free(&r);
            g_free(full);
            g_free(path);
            continue;
        }
        ck_assert_msg(len == f->bytes, "%s: %zu bytes, the README says %" G_GUINT64_FORMAT, f->name,
                      (size_t)len, f->bytes);
        long games = (long)reader_games(data, len);

        /* no crash: exit 0 or 1, 1 exactly when a problem line is written */
        struct run r = check_run("--strict", "--jobs", "2", full, NULL);
        ck_assert_msg(r.status == 0 || r.status == 1, "%s: exit %d (-1: a signal)\n%s", f->name,
                      r.status, r.err);
        ck_assert_msg((r.status == 1) == (r.out[0] != 0), "%s: exit %d with output\n%s", f->name,
                      r.status, r.out);
        /* nothing lost: check counts the games the reader sees */
        ck_assert_msg(summary_games(r.err) == games, "%s: check read %ld games, the reader %ld",
                      f->name, summary_games(r.err), games);
        long with_problems = summary_count(r.err, "with problems");
        ck_assert_int_eq(summary_count(r.err, "clean") + with_problems, games);
        ck_assert_msg(check_problem_lines(f->name, full, r.out, (guint64)count_lines(data),
                                          games) == with_problems,
                      "%s: the problem lines name another number of games than the summary's %ld",
                      f->name, with_problems);
        /* a file with nothing special is read as pgn-extract reads it */
        if (!*f->notes)
            ck_assert_msg(games == f->pgn_extract_games, "%s: %ld games, pgn-extract reads %ld",
                          f->name, games, f->pgn_extract_games);
        check_documented(f->name, r.out, r.err, games);
        if (!strcmp(f->name, "real_world_errors_pgnmentor.pgn")) check_real_world_md(r.out);

        /* three shards give the same output, and their games add up */
        if (games >= 2) {
            GString *cat = g_string_new(NULL);
            long shard_games = 0;
            for (int k = 1; k <= 3; k++) {
                char *shard = g_strdup_printf("%d/3", k);
                struct run sr = check_run("--strict", "--shard", shard, full, NULL);
                ck_assert_int_le((guint)sr.status, 1);
                shard_games += summary_games(sr.err);
                g_string_append(cat, sr.out);
                run_free(&sr);
                g_free(shard);
            }
            char *diff = first_difference(cat->str, r.out);
            ck_assert_msg(!strcmp(cat->str, r.out), "%s: 3 shards differ at %s", f->name, diff);
            ck_assert_msg(shard_games == games, "%s: 3 shards read %ld games of %ld", f->name,
                          shard_games, games);
            g_free(diff);
            g_string_free(cat, TRUE);
        }
        total_games += (guint64)games;
        total_problem_games += with_problems;
        run_free(&r);
        g_free(data);
        g_free(full);
        g_free(path);
    }
    printf("testsuites: %u files, %" G_GUINT64_FORMAT " games, %ld with problems (--strict)\n",
           rows->len, total_games, total_problem_games);
    g_ptr_array_free(rows, TRUE);
}
END_TEST

/* ---- the progress bar ----------------------------------------------------------------- */

/* Runs a shell command under script(1), which gives it a terminal; returns
 * what the terminal showed, or NULL when script cannot run here. */
static char *on_terminal(const char *cmd, int *status)
{
    char *argv[] = {"script", "-qec", (char *)cmd, "/dev/null", NULL};
    char *out = NULL;
    int ws = 0;
    if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                      NULL, &out, NULL, &ws, NULL))
        return NULL;
    *status = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
    if (*status > 1) g_clear_pointer(&out, g_free);
    return out;
}

/* The progress bar is drawn on stderr when it is a terminal, cleared at the
 * end, and never otherwise; --quiet drops it with the summary. */
START_TEST(test_progress)
{
    GString *text = odd_layouts(50);
    char *path = temp_file("progress.pgn", text->str, text->len);
    struct run r = check_run(path, NULL);
    ck_assert_int_eq(count_lines(r.err), 1); /* the summary alone */
    ck_assert(g_str_has_prefix(r.err, "arbiter check: 50 games"));
    ck_assert(!strchr(r.err, '\r') && !strchr(r.err, '\033'));
    run_free(&r);

    char *cmd = g_strdup_printf("'%s' check '%s' > /dev/null", arbiter_bin(), path);
    int status = 0;
    char *shown = on_terminal(cmd, &status);
    if (!shown) {
        printf("SKIP (part): script(1) cannot give check a terminal here\n");
    } else {
        ck_assert_int_eq(status, 1);
        ck_assert_msg(strstr(shown, "\r\033[K") && strstr(shown, " games/s") &&
                          strstr(shown, "arbiter check: 50 games"),
                      "no progress bar on the terminal:\n%s", shown);
        g_free(shown);
        char *quiet = g_strdup_printf("'%s' check -q '%s' > /dev/null", arbiter_bin(), path);
        shown = on_terminal(quiet, &status);
        ck_assert_ptr_nonnull(shown);
        ck_assert_msg(!strchr(shown, '\033') && !strstr(shown, "arbiter check:"), "%s", shown);
        g_free(shown);
        g_free(quiet);
    }
    g_free(cmd);
    g_free(path);
    g_string_free(text, TRUE);
    temp_cleanup();
}
END_TEST

/* ---- the README's recipes for --shard ------------------------------------------------ */

/* The README's line that starts with prefix (a static copy). */
static char *readme_line(const char *prefix)
{
    char *path = g_build_filename(test_data_path(".."), "..", "README.md", NULL);
    char *text = NULL;
    ck_assert_msg(g_file_get_contents(path, &text, NULL, NULL), "cannot read %s", path);
    char *line = NULL;
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l && !line; l++)
        if (g_str_has_prefix(*l, prefix)) line = g_strdup(*l);
    ck_assert_msg(line != NULL, "no line starting '%s' in %s", prefix, path);
    g_strfreev(lines);
    g_free(text);
    g_free(path);
    return line;
}

/* The recipe with this build's binary and a test file in place of the
 * README's `arbiter` and /data/big.pgn. */
static char *recipe_for(const char *recipe, const char *input)
{
    ck_assert_msg(strstr(recipe, "arbiter check ") && strstr(recipe, "/data/big.pgn"),
                  "the README's recipe changed shape: %s", recipe);
    char *abs = g_canonicalize_filename(arbiter_bin(), NULL); /* run from the temp dir */
    char *bin = g_strdup_printf("'%s' check ", abs);
    g_free(abs);
    char *a = replace_all(recipe, "arbiter check ", bin);
    char *b = replace_all(a, "/data/big.pgn", input);
    g_free(a);
    g_free(bin);
    return b;
}

static int shell_in(const char *dir, const char *cmd, char **envp)
{
    char *argv[] = {"/bin/sh", "-c", (char *)cmd, NULL};
    int ws = 0;
    GError *err = NULL;
    ck_assert_msg(g_spawn_sync(dir, argv, envp, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &ws, &err),
                  "%s: %s", cmd, err ? err->message : "?");
    return WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
}

/* The unsharded output and how many of the 8 shards find a problem. */
static char *single_run(const char *path, int *shards_with_problems)
{
    struct run whole = check_run("-q", path, NULL);
    ck_assert_int_eq(whole.status, 1);
    *shards_with_problems = 0;
    for (int i = 1; i <= 8; i++) {
        char *shard = g_strdup_printf("%d/8", i);
        struct run r = check_run("-q", "--shard", shard, path, NULL);
        *shards_with_problems += r.status == 1;
        run_free(&r);
        g_free(shard);
    }
    g_free(whole.err);
    return whole.out;
}

static gboolean gnu_parallel_present(void)
{
    char *out = NULL;
    char *argv[] = {"parallel", "--version", NULL};
    gboolean ok = g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, NULL, NULL) &&
                  out && g_str_has_prefix(out, "GNU parallel");
    if (!ok)
        printf("SKIP: the GNU parallel recipe needs GNU parallel (Debian package parallel; "
               "moreutils' parallel is another program)\n");
    g_free(out);
    return ok;
}

/* The README's GNU parallel line, its hosts replaced by "2/:" (two jobs on
 * this machine, no ssh): the output equals the unsharded run's, and
 * parallel's exit status counts the shards that found problems. */
START_TEST(test_parallel_recipe)
{
    char *recipe = readme_line("parallel -");
    ck_assert_msg(strstr(recipe, " -k ") && strstr(recipe, "--sshlogin ") &&
                      strstr(recipe, "--shard {}/8 ") && strstr(recipe, "::: $(seq 8)") &&
                      strstr(recipe, "> problems.txt"),
                  "the README's parallel recipe changed shape: %s", recipe);
    GString *text = odd_layouts(400);
    char *path = temp_file("big.pgn", text->str, text->len);
    char *out = temp_file("problems.txt", "", 0);
    const char *hosts = strstr(recipe, "--sshlogin ") + strlen("--sshlogin ");
    char *host_list = g_strndup(hosts, strcspn(hosts, " "));
    char *local = g_strdup_printf("--sshlogin %s ", host_list);
    char *a = recipe_for(recipe, path);
    char *cmd = replace_all(a, local, "--sshlogin 2/: ");
    int shards_with_problems = 0;
    char *want = single_run(path, &shards_with_problems);
    ck_assert_int_ge(shards_with_problems, 6);
    /* parallel keeps state in $HOME/.parallel: here, in the temp dir */
    char **envp = g_environ_setenv(g_get_environ(), "HOME", temp_dir, TRUE);
    int status = shell_in(temp_dir, cmd, envp);
    ck_assert_int_eq(shell_in(temp_dir, "rm -rf .parallel", NULL), 0);
    g_strfreev(envp);
    ck_assert_msg(status == shards_with_problems, "%s: exit %d, want %d", cmd, status,
                  shards_with_problems);
    char *got = NULL;
    ck_assert(g_file_get_contents(out, &got, NULL, NULL));
    char *diff = first_difference(got, want);
    ck_assert_msg(!strcmp(got, want), "%s differs at %s", cmd, diff);
    ck_assert_int_gt(count_lines(got), 100);
    printf("parallel recipe: %d problem lines, %d of 8 shards with problems\n", count_lines(got),
           shards_with_problems);
    g_free(diff);
    g_free(got);
    g_free(want);
    g_free(cmd);
    g_free(a);
    g_free(local);
    g_free(host_list);
    g_free(out);
    g_free(path);
    g_string_free(text, TRUE);
    g_free(recipe);
    temp_cleanup();
}
END_TEST

/* The README's Slurm line: its --wrap command run for each array task as
 * Slurm would (SLURM_ARRAY_TASK_ID set), the parts concatenated in order. */
START_TEST(test_slurm_recipe)
{
    char *recipe = readme_line("sbatch ");
    ck_assert_msg(strstr(recipe, "--array=1-8 ") && strstr(recipe, "--wrap '") &&
                      strstr(recipe, "--shard ${SLURM_ARRAY_TASK_ID}/8 ") &&
                      strstr(recipe, "> part.${SLURM_ARRAY_TASK_ID}'"),
                  "the README's Slurm recipe changed shape: %s", recipe);
    const char *wrap = strstr(recipe, "--wrap '") + strlen("--wrap '");
    char *body = g_strndup(wrap, strcspn(wrap, "'"));
    GString *text = odd_layouts(200);
    char *path = temp_file("big.pgn", text->str, text->len);
    char *cmd = recipe_for(body, path);
    int shards_with_problems = 0;
    char *want = single_run(path, &shards_with_problems);
    GString *cat = g_string_new(NULL);
    for (int i = 1; i <= 8; i++) {
        char name[16];
        snprintf(name, sizeof name, "part.%d", i);
        char *part = temp_file(name, "", 0);
        char *id = g_strdup_printf("%d", i);
        char **envp = g_environ_setenv(g_get_environ(), "SLURM_ARRAY_TASK_ID", id, TRUE);
        int status = shell_in(temp_dir, cmd, envp);
        ck_assert_int_le((guint)status, 1);
        char *got = NULL;
        ck_assert(g_file_get_contents(part, &got, NULL, NULL));
        g_string_append(cat, got);
        g_free(got);
        g_strfreev(envp);
        g_free(id);
        g_free(part);
    }
    char *diff = first_difference(cat->str, want);
    ck_assert_msg(!strcmp(cat->str, want), "the parts differ at %s", diff);
    g_free(diff);
    g_string_free(cat, TRUE);
    g_free(want);
    g_free(cmd);
    g_free(path);
    g_string_free(text, TRUE);
    g_free(body);
    g_free(recipe);
    temp_cleanup();
}
END_TEST

/* No argument: the suite that runs anywhere. "testsuites": every file of
 * ../shared/corpus/testsuites (SKIP without it). "parallel": the README's
 * GNU parallel recipe (SKIP without GNU parallel). */
int main(int argc, char **argv)
{
    const char *part = argc > 1 ? argv[1] : "";
    /* decided before the suite is made: a skip leaves nothing allocated
     * (LeakSanitizer turned such a skip into a failure) */
    if (!strcmp(part, "testsuites") && !corpus_present("check over every file of testsuites/"))
        return TEST_SKIP;
    if (!strcmp(part, "parallel") && !gnu_parallel_present()) return TEST_SKIP;
    Suite *s = suite_create("check");
    TCase *tc = tcase_create("check");
    tcase_set_timeout(tc, 300);
    if (!strcmp(part, "testsuites")) {
        tcase_add_test(tc, test_testsuites);
    } else if (!strcmp(part, "parallel")) {
        tcase_add_test(tc, test_parallel_recipe);
    } else {
        tcase_add_test(tc, test_words_cut_by_line_end);
        tcase_add_test(tc, test_real_world_errors);
        tcase_add_test(tc, test_language_only_for_unreadable);
        tcase_add_test(tc, test_injected);
        tcase_add_test(tc, test_jobs_and_shards_real_world);
        tcase_add_test(tc, test_shards_odd_layouts);
        tcase_add_loop_test(tc, test_nothing_lost, 0, (int)G_N_ELEMENTS(damaged));
        tcase_add_test(tc, test_suggestion);
        tcase_add_test(tc, test_written_number);
        tcase_add_test(tc, test_uci_game_a_line);
        tcase_add_test(tc, test_result_tag);
        tcase_add_test(tc, test_fix);
        tcase_add_test(tc, test_fix_real_games);
        tcase_add_test(tc, test_exit_status);
        tcase_add_test(tc, test_short_option_values);
        tcase_add_test(tc, test_compressed);
        tcase_add_test(tc, test_compressed_by_content);
        tcase_add_test(tc, test_report);
        tcase_add_test(tc, test_slurm_recipe);
        tcase_add_test(tc, test_progress);
    }
    suite_add_tcase(s, tc);
    return run_suite(s);
}
