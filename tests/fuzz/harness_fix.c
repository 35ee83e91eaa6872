/* The fix side's fuzz target bodies: the HCS scoresheet reader (src/hcs.c)
 * under a visitor that checks its games, the whole `fix` run (ArbFixCmd:
 * reader or HCS reader -> language choice -> beam search -> PGN writer and
 * XML report) on one input, or on two read together (--group) where the
 * input holds a form feed, and the two XML report writers (check's
 * src/report.c, fix's in src/fix_report.c) with text the input chooses. Every
 * report must parse back with libxml2 and validate against its shipped
 * RELAX NG schema (src/report.rng, src/fix-report.rng). See harness.h. */
#include "harness.h"

#include "cmd_fix.h"
#include "hcs.h"
#include "replay.h"
#include "report.h"

#include <glib.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <string.h>

#ifndef ARBITER_SOURCE_DIR
#error "ARBITER_SOURCE_DIR: the source tree, where src/*.rng are"
#endif

/* The option sets a fix input may pick (by its last byte); the second has
 * the built-in search judge the near-ties. */
static const struct fix_cmd_options fix_setups[] = {
    {.min_confidence = 0.9},
    {.from = "en", .to = "lan", .min_confidence = 0.9, .no_comments = TRUE, .engine = "builtin"},
    {.from = "de", .to = "de", .min_confidence = 0.5},
    {.from = "hcs", .to = "fan", .min_confidence = 0.99},
};

static struct {
    xmlRelaxNGPtr check_schema, fix_schema;
    ArbFixCmd *fixers[G_N_ELEMENTS(fix_setups)]; /* made when first picked */
} fx;

static xmlRelaxNGPtr load_schema(const char *name)
{
    g_autofree char *path = g_build_filename(ARBITER_SOURCE_DIR, "src", name, NULL);
    xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewParserCtxt(path);
    xmlRelaxNGPtr schema = pc ? xmlRelaxNGParse(pc) : NULL;
    xmlRelaxNGFreeParserCtxt(pc);
    FUZZ_ASSERT(schema, "cannot load the schema %s", path);
    return schema;
}

void fuzz_fix_init(void)
{
    if (fx.check_schema) return;
    xmlInitParser();
    fx.check_schema = load_schema("report.rng");
    fx.fix_schema = load_schema("fix-report.rng");
}

/* Parses an XML report and validates it; the caller frees the document. */
static xmlDocPtr parse_valid(const char *text, xmlRelaxNGPtr schema, const char *what)
{
    FUZZ_ASSERT(text, "no %s", what);
    xmlDocPtr doc = xmlReadMemory(text, (int)strlen(text), what, "UTF-8", XML_PARSE_NONET);
    FUZZ_ASSERT(doc, "the %s does not parse:\n%s", what, text);
    xmlRelaxNGValidCtxtPtr v = xmlRelaxNGNewValidCtxt(schema);
    int rc = xmlRelaxNGValidateDoc(v, doc);
    xmlRelaxNGFreeValidCtxt(v);
    FUZZ_ASSERT(rc == 0, "the %s does not validate (%d):\n%s", what, rc, text);
    return doc;
}

static guint count_elements(xmlNodePtr node, const char *name)
{
    guint n = 0;
    for (; node; node = node->next) {
        if (node->type != XML_ELEMENT_NODE) continue;
        n += !strcmp((const char *)node->name, name);
        n += count_elements(node->children, name); /* a report is a few levels deep */
    }
    return n;
}

static xmlNodePtr find_element(xmlNodePtr node, const char *name)
{
    for (; node; node = node->next) {
        if (node->type != XML_ELEMENT_NODE) continue;
        if (!strcmp((const char *)node->name, name)) return node;
        xmlNodePtr in = find_element(node->children, name);
        if (in) return in;
    }
    return NULL;
}

static long attr_long(xmlNodePtr node, const char *name)
{
    xmlChar *v = xmlGetProp(node, BAD_CAST name);
    FUZZ_ASSERT(v, "no attribute %s", name);
    long n = strtol((const char *)v, NULL, 10);
    xmlFree(v);
    return n;
}

/* ---- the HCS reader ------------------------------------------------------------------ */

struct hcs_check {
    guint64 sheets, cells, line_warnings;
};

static void check_text(const char *text, gsize len, const char *what)
{
    FUZZ_ASSERT(strlen(text) == len, "%s holds a NUL", what);
    FUZZ_ASSERT(g_utf8_validate(text, (gssize)len, NULL), "%s is not UTF-8", what);
}

static void hcs_sheet(ArbGame *g, const char *name, gpointer ud)
{
    struct hcs_check *hc = ud;
    hc->sheets++;
    FUZZ_ASSERT(g->number == hc->sheets, "sheet %" G_GUINT64_FORMAT " numbered %" G_GUINT64_FORMAT,
                hc->sheets, g->number);
    check_text(name, strlen(name), "the sheet name");
    FUZZ_ASSERT(g->events->len >= 3 && g->events->len % 2 == 1, "%u events", g->events->len);
    const struct game_event *tag = &g_array_index(g->events, struct game_event, 0);
    FUZZ_ASSERT(tag->kind == EV_TAG && !strcmp(game_event_text(g, tag), "Event"), "no Event tag");
    g_autofree char *event = g_strdup_printf("HCS sheet %s", name);
    FUZZ_ASSERT(!strcmp(game_event_value(g, tag), event), "Event '%s'", game_event_value(g, tag));
    guint64 last_move = 0;
    int last_black = 0;
    for (guint i = 1; i < g->events->len; i += 2) {
        const struct game_event *num = &g_array_index(g->events, struct game_event, i);
        const struct game_event *mv = &g_array_index(g->events, struct game_event, i + 1);
        FUZZ_ASSERT(num->kind == EV_MOVE_NUMBER && mv->kind == EV_MOVE, "events %u, %u", num->kind,
                    mv->kind);
        const char *n = game_event_text(g, num), *text = game_event_text(g, mv);
        check_text(n, num->len, "a move number");
        check_text(text, mv->len, "a label");
        FUZZ_ASSERT(mv->len > 0 && !g_ascii_isspace(text[0]) && !g_ascii_isspace(text[mv->len - 1]),
                    "label '%s'", text);
        guint64 move = g_ascii_strtoull(n, NULL, 10);
        FUZZ_ASSERT(move <= HCS_MOVE_MAX, "move number %s", n);
        FUZZ_ASSERT(move > last_move || (move == last_move && num->value >= last_black),
                    "cells out of order: %s after %" G_GUINT64_FORMAT, n, last_move);
        FUZZ_ASSERT(mv->line >= 1 && mv->col >= 1 && num->line == mv->line,
                    "position %" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT, mv->line, mv->col);
        last_move = move;
        last_black = num->value;
        hc->cells++;
    }
}

static void hcs_warning(guint64 line, guint64 col, const char *message, gpointer ud)
{
    struct hcs_check *hc = ud;
    FUZZ_ASSERT(message && message[0], "empty warning");
    hc->line_warnings += line > 0;
}

/* Lines with something but white space (a NUL ends a line as '\n' does). */
static guint64 nonblank_lines(const uint8_t *data, size_t size)
{
    guint64 n = 0;
    gboolean any = FALSE;
    for (size_t i = 0; i <= size; i++) {
        if (i == size || data[i] == '\n' || data[i] == 0) {
            n += any;
            any = FALSE;
        } else if (!g_ascii_isspace(data[i])) {
            any = TRUE;
        }
    }
    return n;
}

/* ---- n-best JSON (read by the hcs target when the input looks like JSON) ---------- */

struct json_check {
    guint64 games, errors;
};

static void json_game(ArbGame *g, const char *name, gpointer ud)
{
    struct json_check *jc = ud;
    jc->games++;
    FUZZ_ASSERT(g->number == jc->games, "game %" G_GUINT64_FORMAT " numbered %" G_GUINT64_FORMAT,
                jc->games, g->number);
    check_text(name, strlen(name), "the game id");
    guint moves = 0;
    for (guint i = 0; i < g->events->len; i++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        const char *text = game_event_text(g, ev);
        check_text(text, ev->len, "an event's text");
        if (ev->kind == EV_TAG) {
            FUZZ_ASSERT(!moves, "a tag after the moves");
            check_text(game_event_value(g, ev), ev->len2, "a tag's value");
        } else if (ev->kind == EV_MOVE) {
            moves++;
            FUZZ_ASSERT(ev->len > 0 && ev->line >= 1 && ev->col >= 1,
                        "move '%s' at %" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT, text, ev->line,
                        ev->col);
        }
    }
    FUZZ_ASSERT(moves > 0, "a game with no move");
}

static void json_warning(guint64 line, guint64 col, const char *message, gpointer ud)
{
    FUZZ_ASSERT(message && message[0], "empty warning");
}

static void json_error(guint64 line, guint64 col, const char *message, gpointer ud)
{
    FUZZ_ASSERT(message && message[0], "empty error");
    ((struct json_check *)ud)->errors++;
}

/* What cannot be read is an error, and then no game is read. */
static void fuzz_nbest_json(const uint8_t *data, size_t size)
{
    struct json_check jc = {0};
    const ArbHcsVisitor visitor = {json_game, json_warning, json_error, &jc};
    gboolean ok = nbest_json_read((const char *)data, size, &visitor);
    FUZZ_ASSERT(ok ? !jc.errors : jc.errors == 1 && !jc.games,
                "read %d, %" G_GUINT64_FORMAT " errors, %" G_GUINT64_FORMAT " games", ok, jc.errors,
                jc.games);
}

void fuzz_hcs(const uint8_t *data, size_t size)
{
    if (nbest_is_json((const char *)data, size)) {
        fuzz_nbest_json(data, size);
        return;
    }
    struct hcs_check hc = {0};
    const ArbHcsVisitor visitor = {hcs_sheet, hcs_warning, NULL, &hc};
    hcs_read((const char *)data, size, &visitor);
    /* nothing lost: every line with text is a cell or named in a warning */
    guint64 lines = nonblank_lines(data, size);
    FUZZ_ASSERT(hc.cells + hc.line_warnings == lines,
                "%" G_GUINT64_FORMAT " cells + %" G_GUINT64_FORMAT " warnings, %" G_GUINT64_FORMAT
                " lines",
                hc.cells, hc.line_warnings, lines);
}

/* ---- the whole fix run ----------------------------------------------------------------- */

struct fix_run {
    char *out, *err, *report;
    size_t out_len, err_len;
    struct fix_counts counts;
};

static ArbFixCmd *fixer_for_setup(unsigned setup)
{
    if (!fx.fixers[setup]) {
        fx.fixers[setup] = fix_cmd_new(&fix_setups[setup], stderr);
        FUZZ_ASSERT(fx.fixers[setup], "fix setup %u", setup);
    }
    return fx.fixers[setup];
}

/* With group, the input is two readings of its games (--group): the
 * bytes up to the first form feed, and the rest. */
static void run_fix(ArbFixCmd *fc, gboolean with_report, gboolean group, const char *name,
                    const char *data, size_t size, struct fix_run *run)
{
    memset(run, 0, sizeof *run);
    FILE *out = open_memstream(&run->out, &run->out_len);
    FILE *err = open_memstream(&run->err, &run->err_len);
    FUZZ_ASSERT(out && err, "open_memstream");
    fix_cmd_begin(fc, out, err);
    if (with_report) FUZZ_ASSERT(fix_cmd_open_report(fc, NULL), "report in memory");
    const char *ff = group ? memchr(data, '\f', size) : NULL;
    if (ff) {
        const char *names[] = {name, "fuzz2.pgn"}, *parts[] = {data, ff + 1};
        gsize lens[] = {(gsize)(ff - data), size - (gsize)(ff + 1 - data)};
        fix_cmd_read_group_data(fc, names, parts, lens, 2);
    } else {
        fix_cmd_read_data(fc, name, data, size);
    }
    FUZZ_ASSERT(fix_cmd_close_report(fc, 0.25, &run->report), "writing the report failed");
    fix_cmd_counts(fc, &run->counts);
    fclose(out);
    fclose(err);
}

static void free_run(struct fix_run *run)
{
    free(run->out);
    free(run->err);
    g_free(run->report);
}

static void count_game(gpointer ud, const ArbGameSummary *summary)
{
    (*(guint64 *)ud)++;
}

/* The games in text, as convert reads them, or (as_fix) as fix does: a
 * result inside variations ends them and the game (reader_set_result_closes) */
static guint64 games_in(const char *text, size_t len, gboolean as_fix)
{
    const ArbReaderVisitor counter = {.end_game = count_game};
    guint64 games = 0;
    ArbReader *r = reader_new_for_data(text, len, NULL, &counter, &games);
    reader_set_result_closes(r, as_fix);
    FUZZ_ASSERT(reader_read_all(r, NULL), "reading memory failed");
    reader_free(r);
    return games;
}

/* The fix report holds every game the run counted, and its summary agrees;
 * each variation it reports opened at a '(' of the input (of data). */
static void check_fix_report(const struct fix_run *run, const uint8_t *data, size_t size)
{
    xmlDocPtr doc = parse_valid(run->report, fx.fix_schema, "fix report");
    xmlNodePtr root = xmlDocGetRootElement(doc);
    guint parens = 0;
    for (size_t k = 0; k < size; k++)
        parens += data[k] == '(';
    guint variations = count_elements(root->children, "variation");
    FUZZ_ASSERT(variations <= parens, "%u variations reported, %u '(' read:\n%s", variations,
                parens, run->report);
    guint games = count_elements(root->children, "game");
    FUZZ_ASSERT(games == (guint)run->counts.games, "%u games in the report, %d fixed:\n%s", games,
                run->counts.games, run->report);
    xmlNodePtr summary = find_element(root->children, "summary");
    FUZZ_ASSERT(summary && attr_long(summary, "games") == run->counts.games &&
                    attr_long(summary, "unresolved") == run->counts.unresolved &&
                    attr_long(summary, "corrected") == run->counts.corrected,
                "summary disagrees:\n%s", run->report);
    xmlFreeDoc(doc);
}

void fuzz_fix(const uint8_t *data, size_t size)
{
    /* the last byte picks the options and whether a report is written; a
     * text file's '\n' picks the defaults and a report */
    unsigned pick = size ? data[size - 1] ^ '\n' : 0;
    unsigned setup = pick % G_N_ELEMENTS(fix_setups);
    gboolean with_report = !(pick & 0x10);
    gboolean hcs = fix_setups[setup].from && !strcmp(fix_setups[setup].from, "hcs");
    /* a form feed splits the input into two readings read together (HCS
     * sheets too: --from hcs --pair) */
    const char *ff = memchr(data, '\f', size);
    struct fix_run run;
    run_fix(fixer_for_setup(setup), with_report, ff != NULL, "fuzz.pgn", (const char *)data, size,
            &run);

    FUZZ_ASSERT(g_utf8_validate(run.out, (gssize)run.out_len, NULL), "output not UTF-8");
    FUZZ_ASSERT(!memchr(run.out, 0, run.out_len), "NUL in the output");
    FUZZ_ASSERT(g_utf8_validate(run.err, (gssize)run.err_len, NULL), "messages not UTF-8:\n%s",
                run.err);
    const struct fix_counts *n = &run.counts;
    FUZZ_ASSERT(n->games >= 0 && n->corrected + n->unresolved <= n->games && !n->out_errno,
                "counts %d games, %d corrected, %d unresolved", n->games, n->corrected,
                n->unresolved);
    /* nothing lost: one game written per game fixed, and (from PGN) every
     * game read is fixed, alone or joined to the one it continues */
    guint64 written = games_in(run.out, run.out_len, FALSE);
    FUZZ_ASSERT(written == (guint64)n->games, "%d games fixed, %" G_GUINT64_FORMAT " written:\n%s",
                n->games, written, run.out);
    if (ff && !hcs) { /* a game for every game either reading has */
        size_t first = (size_t)(ff - (const char *)data);
        guint64 a = games_in((const char *)data, first, TRUE);
        guint64 b = games_in(ff + 1, size - first - 1, TRUE);
        FUZZ_ASSERT((guint64)n->games <= MAX(a, b) && (MAX(a, b) == 0) == (n->games == 0),
                    "%" G_GUINT64_FORMAT " and %" G_GUINT64_FORMAT " games read, %d fixed", a, b,
                    n->games);
    } else if (!hcs) {
        guint64 read = games_in((const char *)data, size, TRUE);
        FUZZ_ASSERT((guint64)n->games <= read && (read == 0) == (n->games == 0),
                    "%" G_GUINT64_FORMAT " games read, %d fixed", read, n->games);
    }
    /* every unresolved game is named in the messages */
    GRegex *unresolved =
        g_regex_new("^fuzz\\.pgn:[0-9]+: game [0-9]+: unresolved", G_REGEX_MULTILINE, 0, NULL);
    GMatchInfo *match = NULL;
    int named = 0;
    for (g_regex_match(unresolved, run.err, 0, &match); g_match_info_matches(match);
         g_match_info_next(match, NULL))
        named++;
    g_match_info_free(match);
    g_regex_unref(unresolved);
    FUZZ_ASSERT(named == n->unresolved, "%d unresolved, %d named:\n%s", n->unresolved, named,
                run.err);
    if (with_report) check_fix_report(&run, data, size);
    free_run(&run);
}

/* ---- the report writers ------------------------------------------------------------------ */

/* The input, cut at NULs into fields; fields past the end read as "". */
struct fields {
    const char *text[64];
    int n;
};

static void split_fields(char *copy, size_t size, struct fields *f)
{
    f->n = 0;
    for (char *p = copy; p <= copy + size && f->n < (int)G_N_ELEMENTS(f->text);) {
        f->text[f->n++] = p;
        p += strlen(p) + 1;
    }
}

static const char *field(const struct fields *f, int i)
{
    return i < f->n ? f->text[i] : "";
}

static const char *optional_field(const struct fields *f, int i)
{
    return i < f->n && f->text[i][0] ? f->text[i] : NULL;
}

enum { PROBLEM_FIELDS = 8 };

static const char *const kinds[] = {"illegal-move", "ambiguous-move", "unreadable-token",
                                    "bad-fen",      "truncated-game", "result-contradicts-position",
                                    "no-moves",     "malformed-pgn"};

static void fill_problem(const struct fields *f, int k, struct report_problem *p)
{
    int at = 1 + k * PROBLEM_FIELDS;
    const char *white = optional_field(f, at + 1);
    gsize mix = strlen(field(f, at)) + 7 * (gsize)k;
    *p = (struct report_problem){
        .game = mix % 3 ? (guint64)k + 1 : 0,
        .offset = G_MAXUINT64 - mix,
        .line = mix,
        .column = mix * 31,
        .ply = (int)(mix % 5),
        .kind = kinds[mix % G_N_ELEMENTS(kinds)],
        .white = white,
        .black = optional_field(f, at + 2),
        .event = optional_field(f, at + 3),
        .date = optional_field(f, at + 4),
        .move = optional_field(f, at + 5),
        .message = field(f, at + 6),
        .suggestion = optional_field(f, at + 7),
        .later_moves = (int)mix,
        .later_consistent = (int)(mix / 2),
    };
}

/* The text of the attribute or child element name of node, or NULL. */
static char *read_back(xmlNodePtr node, const char *name, gboolean is_element)
{
    if (!is_element) return (char *)xmlGetProp(node, BAD_CAST name);
    xmlNodePtr child = find_element(node->children, name);
    return child ? (char *)xmlNodeGetContent(child) : NULL;
}

/* What was written reads back as the input made XML-safe, byte for byte. */
static void expect_round_trip(xmlNodePtr node, const char *name, gboolean is_element,
                              const char *written)
{
    char *got = read_back(node, name, is_element);
    if (!written) {
        FUZZ_ASSERT(!got, "%s written from nothing", name);
        return;
    }
    g_autofree char *want = report_xml_safe(written);
    FUZZ_ASSERT(got && !strcmp(got, want), "%s reads back as '%s', not '%s'", name,
                got ? got : "(none)", want);
    xmlFree(got);
}

static void check_report_round_trip(const char *text, const struct fields *f, int problems)
{
    xmlDocPtr doc = parse_valid(text, fx.check_schema, "check report");
    xmlNodePtr root = xmlDocGetRootElement(doc);
    xmlNodePtr input = find_element(root->children, "input");
    FUZZ_ASSERT(input, "no input element");
    expect_round_trip(input, "name", FALSE, field(f, 0));
    int k = 0;
    for (xmlNodePtr node = input->children; node; node = node->next) {
        if (node->type != XML_ELEMENT_NODE) continue;
        struct report_problem p;
        fill_problem(f, k++, &p);
        expect_round_trip(node, "white", FALSE, p.white);
        expect_round_trip(node, "black", FALSE, p.black);
        expect_round_trip(node, "event", FALSE, p.event);
        expect_round_trip(node, "date", FALSE, p.date);
        expect_round_trip(node, "move", TRUE, p.move);
        expect_round_trip(node, "message", TRUE, p.message);
        expect_round_trip(node, "suggestion", TRUE, p.suggestion);
    }
    FUZZ_ASSERT(k == problems, "%d problems written, %d read back", problems, k);
    xmlFreeDoc(doc);
}

/* check's writer: field 0 names the input, each further 8 fields are one
 * problem (white, black, event, date, move, message, suggestion, after a
 * field that sets the numbers and the kind). */
static void fuzz_check_report(const struct fields *f)
{
    int problems = MAX(1, (f->n - 1 + PROBLEM_FIELDS - 1) / PROBLEM_FIELDS);
    ArbReport *r = report_open_memory(field(f, 0));
    report_begin_input(r, field(f, 0));
    for (int k = 0; k < problems; k++) {
        struct report_problem p;
        fill_problem(f, k, &p);
        report_problem(r, &p);
    }
    report_end_input(r);
    report_begin_summary(r, 1.5);
    report_count(r, field(f, 1), (guint64)problems);
    g_autofree char *text = report_close_memory(r);
    check_report_round_trip(text, f, problems);
}

/* fix's writer: a one-game PGN whose players and move are fields 1-3, in an
 * input that field 0 names. */
static void fuzz_fix_report(const struct fields *f)
{
    g_autofree char *pgn = g_strdup_printf("[White \"%s\"]\n[Black \"%s\"]\n\n1. %s %s *\n",
                                           field(f, 1), field(f, 2), field(f, 3), field(f, 4));
    struct fix_run run;
    run_fix(fixer_for_setup(1), TRUE, FALSE, field(f, 0), pgn, strlen(pgn),
            &run); /* English: fast */
    xmlDocPtr doc = parse_valid(run.report, fx.fix_schema, "fix report");
    xmlNodePtr input = find_element(xmlDocGetRootElement(doc)->children, "input");
    FUZZ_ASSERT(input, "no input element");
    expect_round_trip(input, "name", FALSE, field(f, 0));
    xmlFreeDoc(doc);
    free_run(&run);
}

void fuzz_report(const uint8_t *data, size_t size)
{
    char *copy = g_malloc(size + 1);
    memcpy(copy, data, size);
    copy[size] = 0;
    struct fields f;
    split_fields(copy, size, &f);
    fuzz_check_report(&f);
    fuzz_fix_report(&f);
    g_free(copy);
}
