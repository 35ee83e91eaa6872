/* Perft against published counts: the small suite in tests/data (always), then
 * the suites in ../shared/corpus/perft (skipped with a message when absent).
 * Default run: each pychess_perftsuite.epd position to depth 4 or 5 (the
 * deepest count of at most PERFT_DEFAULT_NODES, but never less than depth 4),
 * all of tricky.perft, and the three 960 files to depth 3. `--full` runs every
 * depth of every file (hours: meson suite 'slow'). */
#include "testutil.h"

#include "fen.h"
#include "movegen.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PERFT_DEPTHS_MAX = 16, PERFT_LINE_MAX = 1024 };
#define PERFT_DEFAULT_NODES UINT64_C(2000000)

/* How deep to go in one file. */
struct depth_policy {
    int max_depth;       /* 0: no cap */
    uint64_t node_limit; /* 0: no limit; else the deepest count at most this... */
    int min_depth;       /* ...but at least this deep */
};

struct perft_case {
    char fen[256];
    int line;
    int count;
    int depth[PERFT_DEPTHS_MAX];
    uint64_t nodes[PERFT_DEPTHS_MAX];
};

struct perft_totals {
    const char *file;
    int positions;
    int checked;
    int failures;
};

static int full_run;

static void run_case(const struct perft_case *c, const struct depth_policy *p,
                     struct perft_totals *t)
{
    if (!c->fen[0] || c->count == 0) return;
    t->positions++;
    struct position pos;
    struct fen_error err;
    if (!fen_parse(&pos, c->fen, &err)) {
        fprintf(stderr, "%s:%d: FEN rejected: %s\n  FEN %s\n", t->file, c->line, err.message,
                c->fen);
        t->failures++;
        return;
    }
    for (int i = 0; i < c->count; i++) {
        int d = c->depth[i];
        bool deeper_than_needed = p->node_limit && c->nodes[i] > p->node_limit && d > p->min_depth;
        if (!full_run && ((p->max_depth && d > p->max_depth) || deeper_than_needed)) continue;
        uint64_t got = movegen_perft(&pos, d);
        t->checked++;
        if (got != c->nodes[i]) {
            fprintf(stderr,
                    "%s:%d: perft mismatch\n  FEN %s\n  depth %d: expected %" PRIu64
                    ", got %" PRIu64 "\n",
                    t->file, c->line, c->fen, d, c->nodes[i], got);
            t->failures++;
        }
    }
}

static void add_depth(struct perft_case *c, int depth, uint64_t nodes, struct perft_totals *t)
{
    if (c->count == PERFT_DEPTHS_MAX || depth < 1) {
        fprintf(stderr, "%s:%d: bad or too many depths\n", t->file, c->line);
        t->failures++;
        return;
    }
    c->depth[c->count] = depth;
    c->nodes[c->count] = nodes;
    c->count++;
}

/* `FEN ;D1 n ;D2 n ...` on one line. */
static void parse_epd_line(char *line, int lineno, struct perft_case *c, struct perft_totals *t)
{
    memset(c, 0, sizeof *c);
    c->line = lineno;
    char *semi = strstr(line, " ;");
    size_t len = semi ? (size_t)(semi - line) : strlen(line);
    if (len >= sizeof c->fen) len = sizeof c->fen - 1;
    memcpy(c->fen, line, len);
    while (semi) {
        char *next = strstr(semi + 2, " ;");
        int depth;
        uint64_t nodes;
        if (sscanf(semi + 2, "D%d %" SCNu64, &depth, &nodes) != 2) {
            fprintf(stderr, "%s:%d: cannot read '%s'\n", t->file, lineno, semi + 2);
            t->failures++;
            return;
        }
        add_depth(c, depth, nodes, t);
        semi = next;
    }
}

/* Runs the case gathered so far and starts an empty one. */
static void flush_case(struct perft_case *c, const struct depth_policy *p, struct perft_totals *t)
{
    run_case(c, p, t);
    memset(c, 0, sizeof *c);
}

static void run_file(const char *path, const char *name, const struct depth_policy *p,
                     struct perft_totals *t)
{
    FILE *f = fopen(path, "r");
    t->file = name;
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        t->failures++;
        return;
    }
    bool blocks = strstr(name, ".perft") != NULL;
    struct perft_case c = {0};
    char line[PERFT_LINE_MAX];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#' || line[0] == 0) {
            if (blocks && line[0] == 0) flush_case(&c, p, t);
            continue;
        }
        if (!blocks) {
            parse_epd_line(line, lineno, &c, t);
            flush_case(&c, p, t);
            continue;
        }
        /* python-chess blocks: `id` or a second `epd` opens a new position. */
        int depth;
        uint64_t nodes;
        if (!strncmp(line, "id ", 3)) {
            flush_case(&c, p, t);
        } else if (!strncmp(line, "epd ", 4)) {
            if (c.fen[0]) flush_case(&c, p, t);
            snprintf(c.fen, sizeof c.fen, "%.255s", line + 4);
            c.line = lineno;
        } else if (sscanf(line, "perft %d %" SCNu64, &depth, &nodes) == 2) {
            add_depth(&c, depth, nodes, t);
        } else {
            fprintf(stderr, "%s:%d: cannot read '%s'\n", name, lineno, line);
            t->failures++;
        }
    }
    run_case(&c, p, t);
    fclose(f);
}

static void check_file(const char *path, const char *name, const struct depth_policy *p)
{
    struct perft_totals t = {0};
    run_file(path, name, p, &t);
    printf("%s: %d positions, %d counts checked, %d failures\n", name, t.positions, t.checked,
           t.failures);
    fflush(stdout);
    ck_assert_msg(t.failures == 0, "%s: %d perft failures (details above)", name, t.failures);
    ck_assert_msg(t.checked > 0, "%s: no counts checked", name);
}

START_TEST(test_small_suite)
{
    const struct depth_policy all = {0, 0, 0};
    check_file(test_data_path("perft_small.epd"), "tests/data/perft_small.epd", &all);
}
END_TEST

static const struct {
    const char *file;
    struct depth_policy policy;
} corpus_files[] = {
    {"pychess_perftsuite.epd", {0, PERFT_DEFAULT_NODES, 4}},
    {"tricky.perft", {0, 0, 0}},
    {"chess960_perft.epd", {3, 0, 0}},
    {"ethereal_fischer.epd", {3, 0, 0}},
    {"chess960.perft", {3, 0, 0}},
};

START_TEST(test_corpus_file)
{
    char rel[128];
    snprintf(rel, sizeof rel, "perft/%s", corpus_files[_i].file);
    check_file(corpus_path(rel), corpus_files[_i].file, &corpus_files[_i].policy);
}
END_TEST

int main(int argc, char **argv)
{
    full_run = argc > 1 && !strcmp(argv[1], "--full");
    bool corpus = corpus_present("perft suites from ../shared/corpus/perft");

    core_init(); /* once here, not in every forked test: building the tables takes a while */
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("perft");
    /* --full runs for hours; the meson entry sets its own limit. */
    tcase_set_timeout(tc, full_run ? 0 : 600);
    tcase_add_test(tc, test_small_suite);
    if (corpus)
        tcase_add_loop_test(tc, test_corpus_file, 0,
                            (int)(sizeof corpus_files / sizeof corpus_files[0]));
    suite_add_tcase(s, tc);
    int status = run_suite(s);
    if (status == EXIT_SUCCESS && !corpus) {
        printf("SKIP: only the small suite in tests/data ran\n");
        return TEST_SKIP;
    }
    return status;
}
