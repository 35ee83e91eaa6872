/* Hostile input for `arbiter convert` (and, for truncated files and
 * "nothing lost", for check, check --fix and fix too), end to end through the
 * binary (ARBITER_BIN): random bytes, huge lines, deep nesting, NUL bytes,
 * broken encodings, huge numbers, garbage FEN, truncated files, directories
 * and missing files. Every case must exit 0, 1 or 2 as documented, name the
 * file and line where it reports a problem, and stay within a CPU-time,
 * wall-clock and memory bound. The last tests count games on a mixed file:
 * every game read is written out or named as a problem (nothing is lost). */
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The bounds every run must keep. A sanitizer build is slower and ASan
 * reserves terabytes of address space, so there only the resident size is
 * checked, not the address space. */
enum {
    CPU_SECONDS = 60,
    WALL_SECONDS = 120,
    MEMORY_MB = 1024,
};

struct run {
    char *out, *err;
    gsize out_len;
    int status; /* exit status; -N when killed by signal N */
    gboolean timed_out;
    long max_rss_kb;
};

static char *tmp_dir;

static const char *arbiter_bin(void)
{
    const char *bin = getenv("ARBITER_BIN");
    return bin ? bin : "build/src/arbiter";
}

static void setup(void)
{
    GError *err = NULL;
    tmp_dir = g_dir_make_tmp("arbiter-hostile-XXXXXX", &err);
    ck_assert_msg(tmp_dir, "%s", err ? err->message : "?");
}

static void teardown(void)
{
    GDir *dir = g_dir_open(tmp_dir, 0, NULL);
    for (const char *name; dir && (name = g_dir_read_name(dir));) {
        char *path = g_build_filename(tmp_dir, name, NULL);
        g_chmod(path, 0700);
        if (g_remove(path) != 0) g_rmdir(path);
        g_free(path);
    }
    if (dir) g_dir_close(dir);
    g_rmdir(tmp_dir);
    g_free(tmp_dir);
}

/* Writes data to a new file in the test's directory; returns its path. */
static char *write_input(const char *name, const void *data, gsize len)
{
    char *path = g_build_filename(tmp_dir, name, NULL);
    GError *err = NULL;
    ck_assert_msg(g_file_set_contents(path, data, (gssize)len, &err), "%s",
                  err ? err->message : "");
    return path;
}

static char *write_gstring(const char *name, GString *s)
{
    char *path = write_input(name, s->str, s->len);
    g_string_free(s, TRUE);
    return path;
}

static char *slurp_and_remove(const char *path, gsize *len)
{
    char *text = NULL;
    ck_assert(g_file_get_contents(path, &text, len, NULL));
    g_remove(path);
    return text;
}

static void child(const char *const *argv, int out_fd, int err_fd)
{
    int in_fd = open("/dev/null", O_RDONLY);
    if (in_fd < 0 || dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) _exit(126);
    struct rlimit cpu = {CPU_SECONDS, CPU_SECONDS};
    setrlimit(RLIMIT_CPU, &cpu);
#if !UNDER_ASAN
    struct rlimit as = {(rlim_t)MEMORY_MB << 20, (rlim_t)MEMORY_MB << 20};
    setrlimit(RLIMIT_AS, &as);
#endif
    execv(argv[0], (char *const *)argv);
    _exit(127);
}

/* Runs `arbiter COMMAND ARGS...` with stdin from /dev/null, stdout and
 * stderr to files, under the bounds above; fails the test when it crashes,
 * runs out of time or takes too much memory. */
static struct run run_argv(const char *command, const char *const *args)
{
    const char *argv[16] = {arbiter_bin(), command};
    int n = 2;
    for (; *args && n < 15; args++)
        argv[n++] = *args;
    argv[n] = NULL;

    char *out_path = g_build_filename(tmp_dir, "stdout", NULL);
    char *err_path = g_build_filename(tmp_dir, "stderr", NULL);
    int out_fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int err_fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ck_assert(out_fd >= 0 && err_fd >= 0);
    pid_t pid = fork();
    ck_assert_msg(pid >= 0, "fork: %s", g_strerror(errno));
    if (pid == 0) child(argv, out_fd, err_fd);
    close(out_fd);
    close(err_fd);

    struct run r = {0};
    int wstatus = 0;
    struct rusage ru = {0};
    gint64 deadline = g_get_monotonic_time() + (gint64)WALL_SECONDS * G_USEC_PER_SEC;
    for (;;) {
        pid_t done = wait4(pid, &wstatus, WNOHANG, &ru);
        if (done == pid) break;
        ck_assert_msg(done == 0, "wait4: %s", g_strerror(errno));
        if (g_get_monotonic_time() > deadline) {
            kill(pid, SIGKILL);
            wait4(pid, &wstatus, 0, &ru);
            r.timed_out = TRUE;
            break;
        }
        g_usleep(5000);
    }
    r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -WTERMSIG(wstatus);
    r.max_rss_kb = ru.ru_maxrss;
    r.out = slurp_and_remove(out_path, &r.out_len);
    r.err = slurp_and_remove(err_path, NULL);
    g_free(out_path);
    g_free(err_path);

    ck_assert_msg(!r.timed_out, "%s: no answer within %d s", argv[n - 1], WALL_SECONDS);
    ck_assert_msg(r.status >= 0, "%s: killed by signal %d; stderr:\n%.2000s", argv[n - 1],
                  -r.status, r.err);
    ck_assert_msg(r.status != 127 && r.status != 126, "could not run %s", argv[0]);
    ck_assert_msg(r.max_rss_kb < (long)MEMORY_MB * 1024, "%s: %ld kB resident", argv[n - 1],
                  r.max_rss_kb);
    ck_assert_msg(g_utf8_validate(r.out, (gssize)r.out_len, NULL), "%s: stdout is not UTF-8",
                  argv[n - 1]);
    ck_assert_msg(g_utf8_validate(r.err, -1, NULL), "%s: stderr is not UTF-8", argv[n - 1]);
    return r;
}

static struct run convert_argv(const char *const *args)
{
    return run_argv("convert", args);
}

static struct run convert(const char *path)
{
    const char *args[] = {path, NULL};
    return convert_argv(args);
}

static void run_free(struct run *r)
{
    g_free(r->out);
    g_free(r->err);
}

/* Exit 1 and a problem line in text (stderr, or check's stdout) that starts
 * "PATH:LINE:" with LINE >= 1. */
static void expect_problem_in(const struct run *r, const char *text, const char *path)
{
    ck_assert_msg(r->status == 1, "%s: exit %d, want 1; stderr:\n%.2000s", path, r->status, r->err);
    char *prefix = g_strdup_printf("%s:", path);
    const char *at = strstr(text, prefix);
    ck_assert_msg(at, "no problem names %s:\n%.2000s", path, text);
    ck_assert_msg(g_ascii_isdigit(at[strlen(prefix)]) && at[strlen(prefix)] != '0',
                  "no line number after %s in:\n%.2000s", prefix, text);
    g_free(prefix);
}

static void expect_problem_named(const struct run *r, const char *path)
{
    expect_problem_in(r, r->err, path);
}

/* Exit 0 or 1; when 1, a problem named with file and line. */
static void expect_handled(const struct run *r, const char *path)
{
    ck_assert_msg(r->status == 0 || r->status == 1, "%s: exit %d; stderr:\n%.2000s", path,
                  r->status, r->err);
    if (r->status == 1) expect_problem_named(r, path);
}

/* Number of games in PGN output: each starts with its Event tag. */
static int count_games(const char *out)
{
    int n = 0;
    for (const char *p = out; (p = strstr(p, "[Event ")); p++)
        if (p == out || p[-1] == '\n') n++;
    return n;
}

/* ---- the cases ------------------------------------------------------------- */

START_TEST(test_random_bytes)
{
    GRand *rand = g_rand_new_with_seed(20240601u + (guint32)_i);
    gsize len = 1u << 20;
    guint8 *data = g_malloc(len);
    for (gsize i = 0; i < len; i++)
        data[i] = (guint8)g_rand_int_range(rand, 0, 256);
    char *path = write_input("random.bin", data, len);
    struct run r = convert(path);
    expect_handled(&r, path);
    run_free(&r);
    g_free(path);
    g_free(data);
    g_rand_free(rand);
}
END_TEST

/* A 10 MB line (under the 16 MiB line cap): one move that is 10 MB long. */
START_TEST(test_long_line)
{
    GString *s = g_string_new("[Event \"long\"]\n\n1. e4 e5 2. ");
    for (int i = 0; i < 10 * 1024 * 1024 / 8; i++)
        g_string_append(s, "Nf3Nf3Nf");
    g_string_append(s, " Nc6 *\n\n[Event \"after\"]\n\n1. d4 d5 *\n");
    char *path = write_gstring("long_line.pgn", s);
    struct run r = convert(path);
    expect_problem_named(&r, path);
    ck_assert_msg(strstr(r.err, ":3:"), "the error names line 3:\n%.2000s", r.err);
    ck_assert_int_eq(count_games(r.out), 2);
    ck_assert_msg(strstr(r.out, "1. d4 d5"), "the game after the long line is lost");
    run_free(&r);
    g_free(path);
}
END_TEST

/* A 20 MB line passes the line cap: that game fails, the next is read. */
START_TEST(test_line_over_cap)
{
    GString *s = g_string_new("[Event \"huge\"]\n\n1. e4 {");
    for (int i = 0; i < 20 * 1024 * 1024 / 8; i++)
        g_string_append(s, "abcdefg ");
    g_string_append(s, "} e5 *\n\n[Event \"after\"]\n\n1. d4 d5 *\n");
    char *path = write_gstring("line_over_cap.pgn", s);
    struct run r = convert(path);
    expect_problem_named(&r, path);
    ck_assert_msg(strstr(r.out, "1. d4 d5"), "the game after the huge line is lost:\n%.500s",
                  r.out);
    run_free(&r);
    g_free(path);
}
END_TEST

static char *nested(const char *name, char open, int depth)
{
    GString *s = g_string_new("[Event \"deep\"]\n\n1. e4 ");
    for (int i = 0; i < depth; i++)
        g_string_append_c(s, open);
    g_string_append(s, " e5 *\n\n[Event \"after\"]\n\n1. d4 d5 *\n");
    return write_gstring(name, s);
}

START_TEST(test_nested_variations)
{
    char *path = nested("parens.pgn", '(', 200000);
    struct run r = convert(path);
    expect_problem_named(&r, path);
    ck_assert_msg(strstr(r.out, "1. d4 d5"), "the game after the nesting is lost");
    run_free(&r);
    g_free(path);
}
END_TEST

/* Braces do not nest in PGN: 100,000 '{' open one comment that no '}' ends. */
START_TEST(test_nested_braces)
{
    char *path = nested("braces.pgn", '{', 100000);
    struct run r = convert(path);
    expect_problem_named(&r, path);
    /* (the comment ends before the tag section after it) */
    ck_assert_msg(strstr(r.out, "1. d4 d5"), "the game after the comment is lost");
    run_free(&r);
    g_free(path);
}
END_TEST

START_TEST(test_nul_bytes)
{
    static const char data[] = "[Event \"n\0ul\"]\n\n1. e4\0 e5 2. N\0f3 Nc6 *\n";
    char *path = write_input("nul.pgn", data, sizeof data - 1);
    struct run r = convert(path);
    expect_handled(&r, path);
    ck_assert_msg(!memchr(r.out, 0, r.out_len), "a NUL byte in the output");
    ck_assert_int_eq(count_games(r.out), 1);
    run_free(&r);
    g_free(path);
}
END_TEST

/* Invalid UTF-8 (a lone continuation byte, a cut sequence, overlong '/' and
 * NUL, a surrogate) in a file that is otherwise UTF-8: read as windows-1252
 * byte by byte, the game still converts. */
START_TEST(test_invalid_utf8)
{
    static const char data[] = "[Event \"caf\xc3\xa9\"]\n[White \"\x80\xbf \xe2\x82 \xc0\xaf "
                               "\xe0\x80\xaf \xc0\x80 \xed\xa0\x80\"]\n\n"
                               "1. e4 {\xf8\x88\x80\x80\x80} e5 2. Nf3 Nc6 *\n";
    char *path = write_input("bad_utf8.pgn", data, sizeof data - 1);
    struct run r = convert(path);
    expect_handled(&r, path);
    ck_assert_int_eq(count_games(r.out), 1);
    ck_assert_msg(strstr(r.out, "2. Nf3 Nc6"), "moves lost:\n%s", r.out);
    run_free(&r);
    g_free(path);
}
END_TEST

START_TEST(test_utf16_without_bom)
{
    const char *text = "[Event \"utf16\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    gsize n = strlen(text);
    char *data = g_malloc0(2 * n);
    for (gsize i = 0; i < n; i++)
        data[2 * i + (_i ? 1 : 0)] = text[i]; /* _i: 0 little-endian, 1 big-endian */
    char *path = write_input(_i ? "utf16be.pgn" : "utf16le.pgn", data, 2 * n);
    struct run r = convert(path);
    expect_handled(&r, path);
    ck_assert_msg(!memchr(r.out, 0, r.out_len), "a NUL byte in the output");
    ck_assert_msg(strstr(r.out, "3. Bb5 a6 *"), "not read as UTF-16:\n%.500s", r.out);
    run_free(&r);
    g_free(path);
    g_free(data);
}
END_TEST

START_TEST(test_huge_numbers)
{
    static const char data[] =
        "[Event \"numbers\"]\n[Round \"123456789012345678901234567890\"]\n"
        "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 123456789012345678901234567890 "
        "123456789012345678901234567890\"]\n\n"
        "123456789012345678901234567890. Kd2 $123456789012345678901234567890 Kd7 *\n\n"
        "[Event \"numbers 2\"]\n\n"
        "1. e4 e5 123456789012345678901234567890... Nc6 "
        "123456789012345678901234567890 *\n";
    char *path = write_input("numbers.pgn", data, sizeof data - 1);
    struct run r = convert(path);
    expect_handled(&r, path);
    ck_assert_int_eq(count_games(r.out), 2);
    run_free(&r);
    g_free(path);
}
END_TEST

START_TEST(test_garbage_fen)
{
    static const char data[] = "[Event \"fen\"]\n[SetUp \"1\"]\n"
                               "[FEN \"rnbqkbnr/pppp\xc3\xa9pppp/8/8/99/8/PPPPPPPP/RNBQKBNR x "
                               "KQkqZ e9 -1 0 and more\"]\n\n1. e4 e5 *\n";
    char *path = write_input("fen.pgn", data, sizeof data - 1);
    struct run r = convert(path);
    expect_problem_named(&r, path);
    ck_assert_msg(strstr(r.err, "FEN"), "the error does not say FEN:\n%s", r.err);
    ck_assert_int_eq(count_games(r.out), 1);
    run_free(&r);
    g_free(path);
}
END_TEST

START_TEST(test_many_tags_no_moves)
{
    GString *s = g_string_new("[Event \"tags\"]\n");
    for (int i = 0; i < 100000; i++)
        g_string_append_printf(s, "[Tag%d \"value %d\"]\n", i, i);
    char *path = write_gstring("tags.pgn", s);
    struct run r = convert(path);
    expect_handled(&r, path);
    ck_assert_int_eq(count_games(r.out), 1);
    ck_assert_msg(strstr(r.out, "[Tag99999 \"value 99999\"]"), "the last tag is lost");
    run_free(&r);
    g_free(path);
}
END_TEST

/* A file cut off inside a tag, a comment or a move (README, "Exit status"):
 * every command exits 1 and names the file, line and column where the cut
 * tag, comment or move begins; the cut game is still written (convert, fix)
 * or counted (check). */
static const struct {
    const char *name, *text, *message;
} truncated[] = {
    {"in_tag.pgn", "[Event \"cut\"]\n[White \"Ali", ":2:1: "},
    {"in_tag_name.pgn", "[Event \"cut\"]\n[Whi", ":2:1: "},
    {"in_tag_then_blank.pgn", "[Event \"cut\"]\n[White \"Ali\n\n", ":2:1: "},
    {"in_comment.pgn", "[Event \"cut\"]\n\n1. e4 e5 {a comment that", ":3:10: "},
    {"in_move.pgn", "[Event \"cut\"]\n\n1. e4 e5 2. Nf", ":3:13: "},
    {"in_variation.pgn", "[Event \"cut\"]\n\n1. e4 e5 (1... c5 2. Nf3", ":3:22: "},
    {"after_number.pgn", "[Event \"cut\"]\n\n1. e4 e5 2.", ":3:10: "},
};

static const char *const commands[] = {"convert", "check", "fix"};

START_TEST(test_truncated)
{
    int cut = _i / (int)G_N_ELEMENTS(commands);
    const char *command = commands[_i % (int)G_N_ELEMENTS(commands)];
    char *path = write_input(truncated[cut].name, truncated[cut].text, strlen(truncated[cut].text));
    const char *args[] = {path, NULL};
    struct run r = run_argv(command, args);
    gboolean is_check = !strcmp(command, "check");
    const char *problems = is_check ? r.out : r.err;
    expect_problem_in(&r, problems, path);
    char *where = g_strconcat(path, truncated[cut].message, NULL);
    ck_assert_msg(strstr(problems, where) && strstr(problems, "input ends inside"),
                  "%s %s: no 'input ends inside' at %s:\n%s", command, path, truncated[cut].message,
                  problems);
    if (is_check)
        ck_assert_msg(strstr(r.err, "arbiter check: 1 games,"), "%s", r.err);
    else
        ck_assert_msg(count_games(r.out) == 1, "%s %s: the cut game is lost:\n%s", command, path,
                      r.out);
    g_free(where);
    run_free(&r);
    g_free(path);
}
END_TEST

START_TEST(test_empty_file)
{
    char *path = write_input("empty.pgn", "", 0);
    struct run r = convert(path);
    ck_assert_msg(r.status == 0, "exit %d; stderr:\n%s", r.status, r.err);
    ck_assert_int_eq((int)r.out_len, 0);
    run_free(&r);
    g_free(path);
}
END_TEST

/* Exit 2 and a message naming the path; a good file given beside it is
 * still converted. */
static void expect_io_error(const char *bad)
{
    char *good = write_input("good.pgn", "1. e4 e5 *\n", 11);
    const char *args[] = {bad, good, NULL};
    struct run r = convert_argv(args);
    ck_assert_msg(r.status == 2, "%s: exit %d, want 2; stderr:\n%s", bad, r.status, r.err);
    ck_assert_msg(strstr(r.err, bad), "stderr does not name %s:\n%s", bad, r.err);
    ck_assert_msg(count_games(r.out) == 1, "the good file beside %s was not converted", bad);
    run_free(&r);
    g_free(good);
}

START_TEST(test_directory)
{
    char *dir = g_build_filename(tmp_dir, "a_directory", NULL);
    ck_assert(g_mkdir(dir, 0700) == 0);
    expect_io_error(dir);
    g_free(dir);
}
END_TEST

START_TEST(test_missing_file)
{
    char *path = g_build_filename(tmp_dir, "no_such_file.pgn", NULL);
    expect_io_error(path);
    g_free(path);
}
END_TEST

/* A disk that fills up (/dev/full: every write fails): exit 2, and one
 * line that names the file and says why, none of libxml2's own. */
START_TEST(test_disk_full)
{
    if (!g_file_test("/dev/full", G_FILE_TEST_EXISTS)) {
        fprintf(stderr, "test_disk_full: no /dev/full here\n");
        return;
    }
    char *good = write_input("good.pgn", "1. e4 e5 *\n", 11);
    struct {
        const char *command;
        const char *args[5];
        const char *want;
    } cases[] = {
        {"convert", {"-o", "/dev/full", good, NULL}, "arbiter convert: error writing /dev/full: "},
        {"fix", {"-o", "/dev/full", good, NULL}, "arbiter fix: error writing /dev/full: "},
        {"fix",
         {"--report", "/dev/full", "-o", "/dev/null", good},
         "arbiter fix: error writing the report /dev/full: "},
        {"check",
         {"--fix", "-o", "/dev/full", good, NULL},
         "arbiter check: error writing /dev/full: "},
        {"check",
         {"--report", "/dev/full", good, NULL},
         "arbiter check: error writing the report /dev/full: "},
    };
    for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
        const char *args[7] = {NULL};
        for (int k = 0; k < 5 && cases[i].args[k]; k++)
            args[k] = cases[i].args[k];
        struct run r = run_argv(cases[i].command, args);
        char *want = g_strconcat(cases[i].want, g_strerror(ENOSPC), "\n", NULL);
        ck_assert_msg(r.status == 2 && strstr(r.err, want) && !strstr(r.err, "I/O error"),
                      "%s: exit %d\n%s", cases[i].command, r.status, r.err);
        g_free(want);
        run_free(&r);
    }
    /* review's page, made from a report fix wrote */
    g_autofree char *report = g_build_filename(tmp_dir, "full.xml", NULL);
    struct run r =
        run_argv("fix", (const char *[]){"--report", report, "-o", "/dev/null", good, NULL});
    ck_assert_int_eq(r.status, 0);
    run_free(&r);
    r = run_argv("review", (const char *[]){"-o", "/dev/full", report, NULL});
    g_autofree char *want =
        g_strconcat("arbiter review: cannot write /dev/full: ", g_strerror(ENOSPC), "\n", NULL);
    ck_assert_msg(r.status == 2 && !strcmp(r.err, want), "review: exit %d\n%s", r.status, r.err);
    run_free(&r);
    g_free(good);
}
END_TEST

START_TEST(test_unreadable_file)
{
    if (geteuid() == 0) {
        /* root reads a file of mode 000: nothing to test */
        fprintf(stderr, "test_unreadable_file: running as root, mode 000 does not stop reads\n");
        return;
    }
    char *path = write_input("unreadable.pgn", "1. e4 *\n", 8);
    ck_assert(g_chmod(path, 0) == 0);
    expect_io_error(path);
    g_free(path);
}
END_TEST

/* Nothing lost: good games, games with illegal, unreadable and ambiguous
 * moves, a bad FEN, garbage between games and a last game cut inside a move,
 * through each command. */
enum { MIXED_GAMES = 60, MIXED_IN = MIXED_GAMES + 2 }; /* + bad FEN + cut */

static char *mixed_file(int *n_ruy, int *n_broken)
{
    GString *s = g_string_new(NULL);
    *n_ruy = *n_broken = 0;
    for (int i = 0; i < MIXED_GAMES; i++) {
        g_string_append_printf(s, "[Event \"game %d\"]\n[Round \"%d\"]\n\n", i, i);
        switch (i % 6) {
        case 0:
        case 3: g_string_append(s, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Ruy} 1-0\n"), (*n_ruy)++; break;
        case 1: g_string_append(s, "1. d4 d5 2. Kd3 Nf6 0-1\n"), (*n_broken)++; break;
        case 2: g_string_append(s, "1. c4 e5 2. Xq9 Nf6 *\n"), (*n_broken)++; break;
        case 4:
            g_string_append(s, "1. Nf3 d5 2. Nc3 Nf6 3. Nb5 c6 4. Nbd4 c5 5. Nb3 Nc6 "
                               "6. Nd4 *\n");
            (*n_broken)++; /* 6. Nd4: both knights reach d4 */
            break;
        case 5: g_string_append(s, "1. e4 (1. d4 d5 (1... Nf6)) e5 2. f4 exf4 1/2-1/2\n");
        }
        g_string_append(s, "\n");
        if (i % 7 == 3) g_string_append(s, "%%% some garbage between games @@@ ]]] }}}\n\n");
        if (i % 11 == 5) g_string_append(s, "\x01\x02\x03 more garbage\n\n");
    }
    g_string_append(s, "[Event \"bad fen\"]\n[FEN \"8/8/8 w\"]\n\n1. e4 *\n\n");
    g_string_append(s, "[Event \"cut\"]\n\n1. e4 e5 2. Nf3 Nc6 3. B");
    *n_broken += 2;
    return write_gstring("mixed.pgn", s);
}

/* Every game of the mixed file is in out (by its Event tag), and the good
 * ones are complete. */
static void expect_all_written(const char *what, const char *out, int n_ruy)
{
    for (int i = 0; i < MIXED_GAMES; i++) {
        char *tag = g_strdup_printf("[Event \"game %d\"]", i);
        ck_assert_msg(strstr(out, tag), "%s: game %d is lost", what, i);
        g_free(tag);
    }
    ck_assert_msg(strstr(out, "[Event \"bad fen\"]"), "%s: the bad FEN game is lost", what);
    ck_assert_msg(strstr(out, "[Event \"cut\"]"), "%s: the cut game is lost", what);
    ck_assert_msg(count_games(out) == MIXED_IN, "%s: %d games out of %d in the output", what,
                  count_games(out), MIXED_IN);
    ck_assert_int_eq(count_of(out, "3. Bb5 a6 {Ruy} 1-0"), n_ruy);
}

/* How many problem lines in text name "PATH:LINE:COL: game N"; each game
 * named counts once. */
static int games_named(const char *text, const char *path)
{
    GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);
    char *prefix = g_strdup_printf("%s:", path);
    for (const char *p = text; (p = strstr(p, prefix)); p++) {
        const char *g = strstr(p, ": game ");
        const char *eol = strchr(p, '\n');
        if (!g || (eol && g > eol)) continue;
        guint64 n = g_ascii_strtoull(g + 7, NULL, 10);
        g_hash_table_add(seen, GSIZE_TO_POINTER(n));
    }
    int named = (int)g_hash_table_size(seen);
    g_hash_table_destroy(seen);
    g_free(prefix);
    return named;
}

/* convert: every game written; the broken ones also named on stderr. */
START_TEST(test_nothing_lost_convert)
{
    int n_ruy, n_broken;
    char *path = mixed_file(&n_ruy, &n_broken);
    struct run r = convert(path);
    ck_assert_msg(r.status == 1, "exit %d; stderr:\n%s", r.status, r.err);
    expect_all_written("convert", r.out, n_ruy);
    int named = games_named(r.err, path);
    ck_assert_msg(named == n_broken, "%d broken games, %d named on stderr:\n%s", n_broken, named,
                  r.err);
    run_free(&r);
    g_free(path);
}
END_TEST

/* check: every game counted, each broken one named on stdout; with --fix
 * -o, every game also written to the file. */
START_TEST(test_nothing_lost_check)
{
    int n_ruy, n_broken;
    char *path = mixed_file(&n_ruy, &n_broken);
    char *fixed = g_build_filename(tmp_dir, "fixed.pgn", NULL);
    const char *plain[] = {path, NULL};
    const char *with_fix[] = {"--fix", "-o", fixed, path, NULL};
    struct run r = run_argv("check", _i ? with_fix : plain);
    ck_assert_msg(r.status == 1, "exit %d; stderr:\n%s", r.status, r.err);
    char *summary = g_strdup_printf("arbiter check: %d games,", MIXED_IN);
    ck_assert_msg(strstr(r.err, summary), "want '%s' in:\n%s", summary, r.err);
    int named = games_named(r.out, path);
    ck_assert_msg(named == n_broken, "%d broken games, %d named:\n%s", n_broken, named, r.out);
    if (_i) {
        gsize len;
        char *out = slurp_and_remove(fixed, &len);
        expect_all_written("check --fix", out, n_ruy);
        g_free(out);
    }
    g_free(summary);
    g_free(fixed);
    run_free(&r);
    g_free(path);
}
END_TEST

/* fix: every game written (corrected or not); the ones it could not
 * resolve, and the cut one, are named on stderr. */
START_TEST(test_nothing_lost_fix)
{
    int n_ruy, n_broken;
    char *path = mixed_file(&n_ruy, &n_broken);
    const char *args[] = {path, NULL};
    struct run r = run_argv("fix", args);
    ck_assert_msg(r.status == 1, "exit %d; stderr:\n%s", r.status, r.err);
    expect_all_written("fix", r.out, n_ruy);
    ck_assert_msg(count_of(r.err, ": unresolved") >= 1, "the bad FEN game is not named:\n%s",
                  r.err);
    ck_assert_msg(strstr(r.err, "input ends inside a move"), "the cut game is not named:\n%s",
                  r.err);
    run_free(&r);
    g_free(path);
}
END_TEST

/* fix reads 8192 tokens of a game at most: one of 40,000 moves that no
 * numbers or result divide (a knight's shuffle, every token a legal move)
 * is cut there within the bounds above (its search would have taken some
 * 40 KB a token), its rest kept as written, and the game after it read. */
START_TEST(test_fix_game_too_long)
{
    GString *s = g_string_new("[Event \"endless\"]\n\n");
    for (int i = 0; i < 10000; i++)
        g_string_append(s, i % 4 == 3 ? "Nf3 Nf6 Ng1 Ng8\n" : "Nf3 Nf6 Ng1 Ng8 ");
    g_string_append(s, "\n[Event \"after\"]\n\n1. d4 d5 *\n");
    char *path = write_gstring("endless.txt", s);
    const char *args[] = {path, NULL};
    struct run r = run_argv("fix", args);
    expect_problem_named(&r, path);
    ck_assert_msg(strstr(r.err, "game 1: unresolved: it goes on past the 8192 tokens"), "%s",
                  r.err);
    ck_assert_int_eq(count_games(r.out), 2);
    ck_assert_msg(strstr(r.out, "1. d4 d5"), "the game after the long one is lost");
    ck_assert_int_eq(count_of(r.out, "Ng8"), 10000); /* as moves or in the comment */
    run_free(&r);
    g_free(path);
}
END_TEST

/* Text with no tags, numbers or results in 100,000 lines, a knight's
 * shuffle (every other line reads from the start position, and all go on
 * from the line before): whether a game opens at such a line is asked of
 * the moves before it read on from where the last line's asking left off
 * (each asking read them all again from the start, quadratic: 1,600 lines
 * took 1.6 s, these would take hours), within the bounds above. */
START_TEST(test_fix_move_list_lines)
{
    GString *s = g_string_new(NULL);
    for (int i = 0; i < 100000; i++)
        g_string_append(s, i % 2 ? "Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8\n"
                                 : "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6\n");
    char *path = write_gstring("shuffle_lines.txt", s);
    const char *args[] = {"--no-progress", path, NULL};
    struct run r = run_argv("fix", args);
    expect_problem_named(&r, path);
    ck_assert_msg(strstr(r.err, "game 1: unresolved: it goes on past the 8192 tokens"), "%s",
                  r.err);
    ck_assert_int_eq(count_games(r.out), 1);
    run_free(&r);
    g_free(path);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hostile");
    TCase *tc = tcase_create("convert");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 2 * WALL_SECONDS + 30);
    tcase_add_loop_test(tc, test_random_bytes, 0, 3);
    tcase_add_test(tc, test_long_line);
    tcase_add_test(tc, test_line_over_cap);
    tcase_add_test(tc, test_nested_variations);
    tcase_add_test(tc, test_nested_braces);
    tcase_add_test(tc, test_nul_bytes);
    tcase_add_test(tc, test_invalid_utf8);
    tcase_add_loop_test(tc, test_utf16_without_bom, 0, 2);
    tcase_add_test(tc, test_huge_numbers);
    tcase_add_test(tc, test_garbage_fen);
    tcase_add_test(tc, test_many_tags_no_moves);
    tcase_add_loop_test(tc, test_truncated, 0,
                        (int)(G_N_ELEMENTS(truncated) * G_N_ELEMENTS(commands)));
    tcase_add_test(tc, test_empty_file);
    tcase_add_test(tc, test_directory);
    tcase_add_test(tc, test_missing_file);
    tcase_add_test(tc, test_disk_full);
    tcase_add_test(tc, test_unreadable_file);
    tcase_add_test(tc, test_nothing_lost_convert);
    tcase_add_loop_test(tc, test_nothing_lost_check, 0, 2);
    tcase_add_test(tc, test_nothing_lost_fix);
    tcase_add_test(tc, test_fix_game_too_long);
    tcase_add_test(tc, test_fix_move_list_lines);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
