/* The streaming reader and the encodings: a recording visitor turns callbacks
 * into a text trace, compared exactly (with line:col) for each feature;
 * hostile inputs must not crash and must keep begin/end balanced; corpus
 * files from ../shared are counted (skipped with a message when absent). */
#include "testutil.h"

#include "encoding.h"
#include "lang.h"
#include "reader.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

/* ---- the recording visitor ----------------------------------------------- */

typedef struct {
    GString *trace;    /* events, one per line */
    GString *problems; /* problem messages */
    gboolean positions;
    guint64 games, games_with_content, begun, ended, failed, errors, warnings;
    gint depth, max_depth;
    gboolean balanced;
} Rec;

static void pos(Rec *r, const ArbToken *t)
{
    if (r->positions)
        g_string_append_printf(r->trace, " @%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT, t->line,
                               t->col);
    g_string_append_c(r->trace, '\n');
}

static void on_begin(gpointer ud, guint64 n, const ArbToken *t)
{
    Rec *r = ud;
    if (r->begun != r->ended) r->balanced = FALSE;
    r->begun++;
    g_string_append_printf(r->trace, "G%" G_GUINT64_FORMAT, n);
    pos(r, t);
}

static void on_tag(gpointer ud, const ArbToken *name, const ArbToken *value)
{
    Rec *r = ud;
    g_string_append_printf(r->trace, "T %.*s=%.*s", (int)name->len, name->text, (int)value->len,
                           value->text);
    pos(r, name);
}

static void on_number(gpointer ud, guint64 n, gboolean black, const ArbToken *t)
{
    Rec *r = ud;
    g_string_append_printf(r->trace, "N%" G_GUINT64_FORMAT "%s", n, black ? "..." : "");
    pos(r, t);
}

static void on_move(gpointer ud, const ArbToken *t)
{
    Rec *r = ud;
    g_string_append_printf(r->trace, "M %.*s", (int)t->len, t->text);
    pos(r, t);
}

static void on_comment(gpointer ud, ArbCommentKind k, const ArbToken *t)
{
    Rec *r = ud;
    static const char *kinds[] = {"{", ";", "#", "H"};
    g_string_append_printf(r->trace, "C%s%.*s", kinds[k], (int)t->len, t->text);
    pos(r, t);
}

static void on_nag(gpointer ud, guint nag, const ArbToken *t)
{
    Rec *r = ud;
    g_string_append_printf(r->trace, "$%u %.*s", nag, (int)t->len, t->text);
    pos(r, t);
}

static void on_draw(gpointer ud, const ArbToken *t)
{
    Rec *r = ud;
    g_string_append(r->trace, "D");
    pos(r, t);
}

static void on_begin_var(gpointer ud, guint depth, const ArbToken *t)
{
    Rec *r = ud;
    r->depth++;
    r->max_depth = MAX(r->max_depth, r->depth);
    if ((guint)r->depth != depth) r->balanced = FALSE;
    g_string_append_printf(r->trace, "(%u", depth);
    pos(r, t);
}

static void on_end_var(gpointer ud, guint depth, const ArbToken *t)
{
    Rec *r = ud;
    if ((guint)r->depth != depth) r->balanced = FALSE;
    r->depth--;
    g_string_append_printf(r->trace, ")%u", depth);
    pos(r, t);
}

static void on_result(gpointer ud, ArbResult res, const ArbToken *t)
{
    Rec *r = ud;
    static const char *names[] = {"1-0", "0-1", "1/2", "*", "+/-", "-/+", "-/-", "1/2-0", "0-1/2"};
    g_string_append_printf(r->trace, "R%s %.*s", names[res], (int)t->len, t->text);
    pos(r, t);
}

static void on_end(gpointer ud, const ArbGameSummary *s)
{
    Rec *r = ud;
    if (r->depth != 0 || r->ended + 1 != r->begun) r->balanced = FALSE;
    r->ended++;
    r->games = s->number;
    if (s->n_tags || s->n_moves) r->games_with_content++;
    r->failed += s->failed;
    g_string_append_printf(r->trace, "E%" G_GUINT64_FORMAT "%s%s\n", s->number,
                           s->has_result ? "" : " noresult", s->failed ? " failed" : "");
}

static void on_problem(gpointer ud, const ArbProblem *p)
{
    Rec *r = ud;
    gboolean err = p->severity == ARB_PROBLEM_ERROR;
    (err ? r->errors++ : r->warnings++);
    g_string_append_printf(r->trace, "%s", err ? "X" : "W");
    if (r->positions)
        g_string_append_printf(r->trace, " @%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT, p->line,
                               p->col);
    g_string_append_c(r->trace, '\n');
    if (r->problems->len < 100000) g_string_append_printf(r->problems, "%s\n", p->message);
}

static const ArbReaderVisitor rec_visitor = {
    on_begin, on_tag,       on_number,  on_move,   on_comment, on_nag,
    on_draw,  on_begin_var, on_end_var, on_result, on_end,     on_problem,
};

static void rec_init(Rec *r)
{
    memset(r, 0, sizeof *r);
    r->trace = g_string_new(NULL);
    r->problems = g_string_new(NULL);
    r->positions = TRUE;
    r->balanced = TRUE;
}

static void rec_clear(Rec *r)
{
    g_string_free(r->trace, TRUE);
    g_string_free(r->problems, TRUE);
}

/* Reads data with the given limits (NULL: defaults) and charset. */
static ArbReader *read_data(Rec *rec, const void *data, gsize len, const char *charset,
                            const ArbReaderLimits *lim)
{
    ArbReader *r = reader_new_for_data(data, len, charset, &rec_visitor, rec);
    if (lim) reader_set_limits(r, lim);
    GError *err = NULL;
    ck_assert_msg(reader_read_all(r, &err), "%s", err ? err->message : "?");
    ck_assert_msg(rec->balanced, "unbalanced callbacks:\n%s", rec->trace->str);
    ck_assert_uint_eq(rec->begun, rec->ended);
    return r;
}

/* conf: the confusion table of the digit look-alikes (NULL: built in) */
static char *trace_with(const char *text, const ArbConfusion *conf)
{
    Rec rec;
    rec_init(&rec);
    ArbReader *r = reader_new_for_data(text, strlen(text), NULL, &rec_visitor, &rec);
    if (conf) reader_set_confusion(r, conf);
    ck_assert(reader_read_all(r, NULL));
    reader_free(r);
    g_string_free(rec.problems, TRUE);
    return g_string_free(rec.trace, FALSE);
}

static char *trace_of(const char *text)
{
    Rec rec;
    rec_init(&rec);
    reader_free(read_data(&rec, text, strlen(text), NULL, NULL));
    g_string_free(rec.problems, TRUE);
    return g_string_free(rec.trace, FALSE);
}

#define ck_trace(input, expected)                                                                  \
    do {                                                                                           \
        char *got_ = trace_of(input);                                                              \
        ck_assert_msg(!strcmp(got_, expected), "input:\n%s\n--- got:\n%s--- expected:\n%s", input, \
                      got_, expected);                                                             \
        g_free(got_);                                                                              \
    } while (0)

/* ---- PGN ------------------------------------------------------------------ */

START_TEST(test_basic_game)
{
    ck_trace("[Event \"Test\"]\n[White \"A\"]\n\n1. e4 e5 {best by test} 2. Nf3 $1 (2. f4 exf4)"
             " 2... Nc6 1-0\n",
             "G1 @1:2\n"
             "T Event=Test @1:2\n"
             "T White=A @2:2\n"
             "N1 @4:1\n"
             "M e4 @4:4\n"
             "M e5 @4:7\n"
             "C{best by test @4:10\n"
             "N2 @4:25\n"
             "M Nf3 @4:28\n"
             "$1 $1 @4:32\n"
             "(1 @4:35\n"
             "N2 @4:36\n"
             "M f4 @4:39\n"
             "M exf4 @4:42\n"
             ")1 @4:46\n"
             "N2... @4:48\n"
             "M Nc6 @4:53\n"
             "R1-0 1-0 @4:57\n"
             "E1\n");
}
END_TEST

START_TEST(test_two_games_and_no_tags)
{
    ck_trace("[Event \"a\"]\n1. d4 d5 *\n\n[Event \"b\"]\n1. c4 0-1\n1. e4 1/2-1/2\n",
             "G1 @1:2\nT Event=a @1:2\nN1 @2:1\nM d4 @2:4\nM d5 @2:7\nR* * @2:10\nE1\n"
             "G2 @4:2\nT Event=b @4:2\nN1 @5:1\nM c4 @5:4\nR0-1 0-1 @5:7\nE2\n"
             "G3 @6:1\nN1 @6:1\nM e4 @6:4\nR1/2 1/2-1/2 @6:7\nE3\n");
}
END_TEST

/* Text after the last game with no moves after it (a caption, a note) is
 * kept as a game of its own, with a warning at its first character; a lone
 * comment that is the whole input is a game and no warning. */
START_TEST(test_text_after_last_game)
{
    ck_trace("1. e4 1-0\n\n  Round 5, Oslo\n",
             "G1 @1:1\nN1 @1:1\nM e4 @1:4\nR1-0 1-0 @1:7\nE1\n"
             "G2 @3:3\nCHRound 5, Oslo @3:3\nW @3:3\nE2 noresult\n");
    ck_trace("{just a note}\n", "G1 @1:1\nC{just a note @1:1\nE1 noresult\n");
    Rec rec;
    rec_init(&rec);
    const char *text = "[Event \"a\"]\n1. e4 *\n\n{the end}\n";
    reader_free(read_data(&rec, text, strlen(text), NULL, NULL));
    ck_assert_uint_eq(rec.warnings, 1);
    ck_assert_msg(strstr(rec.problems->str, "text after the last game and no moves after it: "
                                            "kept as game 2, with no moves"),
                  "%s", rec.problems->str);
    rec_clear(&rec);
}
END_TEST

START_TEST(test_malformed_tags)
{
    ck_trace("[Event Casual Game]\n[Site \"The \"Big\" Hall\"]\n[Round]\n[White \"a\\\"b\\\\\"]\n"
             "[Black \"unterminated]\n[ \"x\"]\n*",
             "G1 @1:2\nW @1:2\nT Event=Casual Game @1:2\n"
             "W @2:2\nT Site=The \"Big\" Hall @2:2\n"
             "W @3:2\nT Round= @3:2\n"
             "T White=a\"b\\ @4:2\n"
             "W @5:2\nT Black=unterminated @5:2\n"
             "W @6:3\n"
             "R* * @7:1\nE1\n");
    /* chessops' pathological headers: escapes, ']' and '[' inside values */
    ck_trace("[A \"b\\\"\"] [B \"b\\\"\"] [C \"A]]\"] [D \"A]][\"] [E \"\\\"A]][\\\"\"] "
             "[F \"\\\"A]][\\\"\\\\\"] [G \"\\\"]\"]\n",
             "G1 @1:2\nT A=b\" @1:2\nT B=b\" @1:12\nT C=A]] @1:22\nT D=A]][ @1:32\n"
             "T E=\"A]][\" @1:43\nT F=\"A]][\"\\ @1:58\nT G=\"] @1:75\nE1 noresult\n");
}
END_TEST

START_TEST(test_tag_after_movetext)
{
    ck_trace("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 *\n",
             "G1 @1:2\nT Event=a @1:2\nN1 @2:1\nM e4 @2:4\nM e5 @2:7\nW @3:1\nE1 noresult\n"
             "G2 @3:2\nT Event=b @3:2\nN1 @4:1\nM d4 @4:4\nR* * @4:7\nE2\n");
    /* tags and movetext on one line, no result (chessops) */
    ck_trace("[Variant \"Antichess\"] 1.e3 e6 { c }\n[Variant \"X\"]\n1.e3\n",
             "G1 @1:2\nT Variant=Antichess @1:2\nN1 @1:23\nM e3 @1:25\nM e6 @1:28\n"
             "C{ c  @1:31\nW @2:1\nE1 noresult\nG2 @2:2\nT Variant=X @2:2\nN1 @3:1\nM e3 @3:3\n"
             "E2 noresult\n");
}
END_TEST

START_TEST(test_comments_and_escapes)
{
    ck_trace("% escape line\n1. e4 ; rest of line { not a comment\ne5 {multi\nline\r\ncomment} "
             "Nf3 {a { b} *\n",
             "G1 @2:1\nN1 @2:1\nM e4 @2:4\nC; rest of line { not a comment @2:7\nM e5 @3:1\n"
             "C{multi\nline\r\ncomment @3:4\nM Nf3 @5:10\nW @5:14\nC{a { b @5:14\nR* * @5:22\n"
             "E1\n");
}
END_TEST

START_TEST(test_variations)
{
    ck_trace("1. e4 (1. d4 (1. c4) 1... d5) (1. f4) e5 ) *",
             "G1 @1:1\nN1 @1:1\nM e4 @1:4\n(1 @1:7\nN1 @1:8\nM d4 @1:11\n(2 @1:14\nN1 @1:15\n"
             "M c4 @1:18\n)2 @1:20\nN1... @1:22\nM d5 @1:27\n)1 @1:29\n(1 @1:31\nN1 @1:32\n"
             "M f4 @1:35\n)1 @1:37\nM e5 @1:39\nW @1:42\nR* * @1:44\nE1\n");
    /* left open at the end: closed by the reader */
    ck_trace("1. e4 (1. d4 ((",
             "G1 @1:1\nN1 @1:1\nM e4 @1:4\n(1 @1:7\nN1 @1:8\nM d4 @1:11\n(2 @1:14\n(3 @1:15\n"
             "W @2:1\n)3 @2:1\n)2 @2:1\n)1 @2:1\nE1 noresult\n");
}
END_TEST

START_TEST(test_annotations)
{
    ck_trace("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 ?! (=) Nf6 = 5. O-O +/- b5 -+ 6. Bb3 "
             "\xe2\x88\x9e *",
             "G1 @1:1\nN1 @1:1\nM e4 @1:4\n$1 ! @1:6\nM e5 @1:8\n$2 ? @1:10\nN2 @1:12\n"
             "M Nf3 @1:15\n$3 !! @1:18\nM Nc6 @1:21\n$4 ?? @1:24\nN3 @1:27\nM Bb5 @1:30\n"
             "$5 !? @1:33\nM a6 @1:36\n$6 ?! @1:38\nN4 @1:41\nM Ba4 @1:44\n$6 ?! @1:48\n"
             "D @1:51\nM Nf6 @1:55\n$10 = @1:59\nN5 @1:61\nM O-O @1:64\n$16 +/- @1:68\n"
             "M b5 @1:72\n$19 -+ @1:75\nN6 @1:78\nM Bb3 @1:81\n$13 \xe2\x88\x9e @1:85\n"
             "R* * @1:87\nE1\n");
    ck_trace("e8(Q) e8=Q e8/Q $255 $1234",
             "G1 @1:1\nM e8(Q) @1:1\nM e8=Q @1:7\nM e8/Q @1:12\n$255 $255 @1:17\nW @1:22\n"
             "$1234 $1234 @1:22\nE1 noresult\n");
}
END_TEST

START_TEST(test_results)
{
    static const struct {
        const char *text, *code;
    } forms[] = {
        {"1-0", "1-0"},
        {"0-1", "0-1"},
        {"1/2-1/2", "1/2"},
        {"\xc2\xbd-\xc2\xbd", "1/2"},
        {"\xc2\xbd", "1/2"},
        {"*", "*"},
        {"1\xe2\x80\x93"
         "0",
         "1-0"},
        {"0\xe2\x80\x93"
         "1",
         "0-1"},
        {"\xc2\xbd\xe2\x80\x93\xc2\xbd", "1/2"},
        {"\xc2\xbd\xe2\x80\x93"
         "0",
         "1/2-0"},
        {"0\xe2\x80\x93\xc2\xbd", "0-1/2"},
        {"1:0", "1-0"},
        {"+/-", "+/-"},
        {"-/+", "-/+"},
        {"\xe2\x88\x92/\xe2\x88\x92", "-/-"},
        {"0-0", "-/-"},
        {"0\xe2\x80\x93"
         "0",
         "-/-"},
    };
    for (gsize i = 0; i < G_N_ELEMENTS(forms); i++) {
        char *in = g_strdup_printf("1. e4 e5 %s\n", forms[i].text);
        char *want = g_strdup_printf("G1 @1:1\nN1 @1:1\nM e4 @1:4\nM e5 @1:7\nR%s %s @1:10\nE1\n",
                                     forms[i].code, forms[i].text);
        ck_trace(in, want);
        g_free(in);
        g_free(want);
    }
    /* 0-0 right after a move number, or followed by more moves, is castling */
    ck_trace("1. e4 e5 2. 0-0 0-0 3. d4 *",
             "G1 @1:1\nN1 @1:1\nM e4 @1:4\nM e5 @1:7\nN2 @1:10\nM 0-0 @1:13\nM 0-0 @1:17\n"
             "N3 @1:21\nM d4 @1:24\nR* * @1:27\nE1\n");
    /* ... and at the end when the Result tag holds a real result */
    ck_trace("[Result \"1-0\"]\n1. e4 0-0\n",
             "G1 @1:2\nT Result=1-0 @1:2\nN1 @2:1\nM e4 @2:4\nM 0-0 @2:7\nE1 noresult\n");
    /* a forfeit at the end of a game followed by a new one */
    ck_trace("[Result \"*\"]\n1. e4 +/-\n[Event \"x\"]\n1. d4 -/+\n",
             "G1 @1:2\nT Result=* @1:2\nN1 @2:1\nM e4 @2:4\nR+/- +/- @2:7\nE1\n"
             "G2 @3:2\nT Event=x @3:2\nN1 @4:1\nM d4 @4:4\nR-/+ -/+ @4:7\nE2\n");
    /* a result inside a variation is dropped */
    ck_trace("1. e4 (1. d4 1-0) e5 0-1",
             "G1 @1:1\nN1 @1:1\nM e4 @1:4\n(1 @1:7\nN1 @1:8\nM d4 @1:11\nW @1:14\n)1 @1:17\n"
             "M e5 @1:19\nR0-1 0-1 @1:22\nE1\n");
}
END_TEST

START_TEST(test_result_closes_variations)
{
    /* "c(4": a misread letter opens a variation never closed. By default
     * the result inside it is dropped and the game goes on into the next;
     * with reader_set_result_closes the result ends the variations and the
     * game */
    const char *text = "1. c(4 e5 2. Nf3 1-0\n1. d4 d5 *\n";
    for (int closes = 0; closes <= 1; closes++) {
        Rec rec;
        rec_init(&rec);
        ArbReader *r = reader_new_for_data(text, strlen(text), NULL, &rec_visitor, &rec);
        reader_set_result_closes(r, closes);
        GError *err = NULL;
        ck_assert_msg(reader_read_all(r, &err), "%s", err ? err->message : "?");
        reader_free(r);
        ck_assert_msg(rec.balanced, "unbalanced callbacks:\n%s", rec.trace->str);
        gboolean ended = strstr(rec.trace->str, "R1-0 1-0") != NULL;
        gboolean two = strstr(rec.trace->str, "G2") != NULL;
        ck_assert_msg(ended == closes && two == closes, "closes %d:\n%s", closes, rec.trace->str);
        ck_assert_msg(strstr(rec.problems->str, closes ? "they end there" : "ignored"), "%s",
                      rec.problems->str);
        g_string_free(rec.problems, TRUE);
        g_string_free(rec.trace, TRUE);
    }
}
END_TEST

START_TEST(test_black_numbers)
{
    ck_trace("12... Nf6 13.. Nd5 14\xe2\x80\xa6"
             "c5 15. ... Qb6 16...Qc7 17.Nf3\n",
             "G1 @1:1\nN12... @1:1\nM Nf6 @1:7\nN13... @1:11\nM Nd5 @1:16\nN14... @1:20\n"
             "M c5 @1:23\nN15... @1:26\nM Qb6 @1:34\nN16... @1:38\nM Qc7 @1:43\nN17 @1:47\n"
             "M Nf3 @1:50\nE1 noresult\n");
    /* a lone placeholder is dropped */
    ck_trace("8. Nc3 ... 8. ... c6\n",
             "G1 @1:1\nN8 @1:1\nM Nc3 @1:4\nN8... @1:12\nM c6 @1:19\nE1 noresult\n");
    /* a dot of a black number read as a comma: two dots still make it
     * Black's; one dot and a comma is White's number with a stray comma */
    ck_trace("13.,. Qc7 14,.. Qd7 15., Nf3\n",
             "G1 @1:1\nN13... @1:1\nM Qc7 @1:7\nN14... @1:11\nM Qd7 @1:17\nN15 @1:21\n"
             "M Nf3 @1:26\nE1 noresult\n");
}
END_TEST

/* ---- free text ------------------------------------------------------------ */

START_TEST(test_scoresheet_forms)
{
    ck_trace("12) Sf3 Sc6\n13 Lb5\ta6\n14 | Lxc6 | dxc6\n15    O-O      f6\n",
             "G1 @1:1\nN12 @1:1\nM Sf3 @1:5\nM Sc6 @1:9\nN13 @2:1\nM Lb5 @2:4\nM a6 @2:8\n"
             "N14 @3:1\nM Lxc6 @3:6\nM dxc6 @3:13\nN15 @4:1\nM O-O @4:7\nM f6 @4:16\n"
             "E1 noresult\n");
    /* commas between move pairs, Russian long notation (columns in characters) */
    ck_trace("1. e2-e4 e7-e5, 2. \xd0\x9ag1-f3 \xd0\x9a"
             "b8-c6,3. \xd0\xa1"
             "f1-c4.\n",
             "G1 @1:1\nN1 @1:1\nM e2-e4 @1:4\nM e7-e5 @1:10\nN2 @1:17\nM \xd0\x9ag1-f3 @1:20\n"
             "M \xd0\x9a"
             "b8-c6 @1:27\nN3 @1:34\nM \xd0\xa1"
             "f1-c4. @1:37\nE1 noresult\n");
    /* one move per line, no numbers */
    ck_trace("e4\ne5\nNf3\n", "G1 @1:1\nM e4 @1:1\nM e5 @2:1\nM Nf3 @3:1\nE1 noresult\n");
    /* a bar between a file and a dash or a file is a misread 1 or 7, no
     * column rule; after a rank, a lone one or before a capital it is */
    ck_trace("9 Od1-e2 d|-d6 10 c|d6 Nc3|Nf6 e4|e5\n",
             "G1 @1:1\nN9 @1:1\nM Od1-e2 @1:3\nM d|-d6 @1:10\nN10 @1:16\nM c|d6 @1:19\n"
             "M Nc3 @1:24\nM Nf6 @1:28\nM e4 @1:32\nM e5 @1:35\nE1 noresult\n");
    /* ICCF numbers are moves, other bare numbers move numbers */
    ck_trace("1 5254 5755 2 6163\n", "G1 @1:1\nN1 @1:1\nM 5254 @1:3\nM 5755 @1:8\nN2 @1:13\n"
                                     "M 6163 @1:15\nE1 noresult\n");
}
END_TEST

START_TEST(test_free_text_games)
{
    ck_trace("Morphy - Anderssen, Paris 1858\n1. e4 e5 2. Nf3 d6\n\n"
             "Morphy - Duke of Brunswick\n1. e4 e5\nWhite resigns.\n\n1. d4 d5\n",
             "G1 @1:1\nCHMorphy - Anderssen, Paris 1858 @1:1\nN1 @2:1\nM e4 @2:4\nM e5 @2:7\n"
             "N2 @2:10\nM Nf3 @2:13\nM d6 @2:17\nE1 noresult\n"
             "G2 @4:1\nCHMorphy - Duke of Brunswick @4:1\nN1 @5:1\nM e4 @5:4\nM e5 @5:7\n"
             "CHWhite resigns. @6:1\nE2 noresult\n"
             "G3 @8:1\nN1 @8:1\nM d4 @8:4\nM d5 @8:7\nE3 noresult\n");
    /* ';' headers and a restart at move 1 without a blank line */
    ck_trace("; Game one\n1. e4 e5 2. Nf3\n\n; Game two\n1. d4\n# third\n1. c4 2. Nc3 1. g3\n",
             "G1 @1:1\nC; Game one @1:1\nN1 @2:1\nM e4 @2:4\nM e5 @2:7\nN2 @2:10\nM Nf3 @2:13\n"
             "E1 noresult\nG2 @4:1\nC; Game two @4:1\nN1 @5:1\nM d4 @5:4\nC# third @6:1\nN1 @7:1\n"
             "M c4 @7:4\nN2 @7:7\nM Nc3 @7:10\nE2 noresult\nG3 @7:14\nN1 @7:14\nM g3 @7:17\n"
             "E3 noresult\n");
    /* a book's caption between a game's moves, the game going on at its
     * number, does not split it (the next line's number tells, past blank
     * and header lines); a number that does not go on the game does */
    ck_trace("1. e4 e5 2. Nf3 Nc6\n\nWhite to play\n\n- 142 -\n3. Bb5 a6\n\n"
             "Diagram 12\n\n4. Ba4\n\nSome other game\n\n12. Qh5\n",
             "G1 @1:1\nN1 @1:1\nM e4 @1:4\nM e5 @1:7\nN2 @1:10\nM Nf3 @1:13\nM Nc6 @1:17\n"
             "CHWhite to play @3:1\nCH- 142 - @5:1\nN3 @6:1\nM Bb5 @6:4\nM a6 @6:8\n"
             "CHDiagram 12 @8:1\nN4 @10:1\nM Ba4 @10:4\nE1 noresult\n"
             "G2 @12:1\nCHSome other game @12:1\nN12 @14:1\nM Qh5 @14:5\nE2 noresult\n");
    /* so does a caption with a move in brackets; a line of moves with a
     * variation, or a bracket that begins with a move, is no caption */
    ck_trace("1. e4 e5 2. Nf3 Nc6\n\nDiagram 12 (after 2...Nc6).\n\n3. Bb5 (3. Bc4) a6\n"
             "Nxe5 (Nc3 d6)\nWhite (3. d4)\n",
             "G1 @1:1\nN1 @1:1\nM e4 @1:4\nM e5 @1:7\nN2 @1:10\nM Nf3 @1:13\nM Nc6 @1:17\n"
             "CHDiagram 12 (after 2...Nc6). @3:1\nN3 @5:1\nM Bb5 @5:4\n(1 @5:8\nN3 @5:9\n"
             "M Bc4 @5:12\n)1 @5:15\nM a6 @5:17\nM Nxe5 @6:1\n(1 @6:6\nM Nc3 @6:7\n"
             "M d6 @6:11\n)1 @6:13\nM White @7:1\n(1 @7:7\nN3 @7:8\nM d4 @7:11\n)1 @7:13\n"
             "E1 noresult\n");
    /* a running heading with the page's number first is a header; a bare
     * number near the game's with a damaged move is no heading */
    ck_trace("1. e4 e5 2. Nf3 Nc6\n142 Chapter 5: The Ruy Lopez\n3. Bb5 a6\n"
             "9 Laabxc4\n",
             "G1 @1:1\nN1 @1:1\nM e4 @1:4\nM e5 @1:7\nN2 @1:10\nM Nf3 @1:13\nM Nc6 @1:17\n"
             "CH142 Chapter 5: The Ruy Lopez @2:1\nN3 @3:1\nM Bb5 @3:4\nM a6 @3:8\nN9 @4:1\n"
             "M Laabxc4 @4:3\nE1 noresult\n");
    /* blank lines inside a tagged game do not split it */
    ck_trace("[Event \"a\"]\n1. e4 e5\n\nA long note.\n\n2. Nf3 *\n",
             "G1 @1:2\nT Event=a @1:2\nN1 @2:1\nM e4 @2:4\nM e5 @2:7\nCHA long note. @4:1\n"
             "N2 @6:1\nM Nf3 @6:4\nR* * @6:8\nE1\n");
    /* a line of moves whose ranks were misread ("1. e4 e5" as "| eA eS")
     * is movetext for the corrector, not a header */
    ck_trace("[Event \"a\"]\n\n| eA eS\n2 Nf3 Nc6 *\n",
             "G1 @1:2\nT Event=a @1:2\nM eA @3:3\nM eS @3:6\nN2 @4:1\nM Nf3 @4:3\nM Nc6 @4:7\n"
             "R* * @4:11\nE1\n");
    /* so is a line of ICCF moves glued to their numbers ("9.7563") that
     * begins with a damaged one ("z736", the 2 read as z) */
    ck_trace("1.5254 5755 2.7163 2836 3.6134 7866 4.6375 4745 5.5445 3615 6.3425 3736 7.4536\n"
             "z736 8.253 6645 9.7563 6846 10.5171 5878 11.6151 6765 12.6355 4866 13.5563 7775\n*\n",
             "G1 @1:1\nN1 @1:1\nM 5254 @1:3\nM 5755 @1:8\nN2 @1:13\nM 7163 @1:15\nM 2836 @1:20\n"
             "N3 @1:25\nM 6134 @1:27\nM 7866 @1:32\nN4 @1:37\nM 6375 @1:39\nM 4745 @1:44\n"
             "N5 @1:49\nM 5445 @1:51\nM 3615 @1:56\nN6 @1:61\nM 3425 @1:63\nM 3736 @1:68\n"
             "N7 @1:73\nM 4536 @1:75\nM z736 @2:1\nN8 @2:6\nN253 @2:8\nM 6645 @2:12\nN9 @2:17\n"
             "M 7563 @2:19\nM 6846 @2:24\nN10 @2:29\nM 5171 @2:32\nM 5878 @2:37\nN11 @2:42\n"
             "M 6151 @2:45\nM 6765 @2:50\nN12 @2:55\nM 6355 @2:58\nM 4866 @2:63\nN13 @2:68\nM 5563 "
             "@2:71\nM 7775 @2:76\nR* * @3:1\nE1\n");
    /* so is a line of English descriptive notation, none of whose moves
     * holds a square as SAN writes one (it was a header, the moves lost) */
    ck_trace("1. P-K4 P-K4 2. N-KB3\nP-QR3 3. P-KR3 N-KR3\n*\n",
             "G1 @1:1\nN1 @1:1\nM P-K4 @1:4\nM P-K4 @1:9\nN2 @1:14\nM N-KB3 @1:17\n"
             "M P-QR3 @2:1\nN3 @2:7\nM P-KR3 @2:10\nM N-KR3 @2:16\nR* * @3:1\nE1\n");
    /* descriptive's "Castles (QR)": the side castled to, no variation */
    ck_trace("1. Castles (QR) Castles(K) *\n",
             "G1 @1:1\nN1 @1:1\nM Castles (QR) @1:4\nM Castles(K) @1:17\nR* * @1:28\nE1\n");
    ck_trace("1. Castles (Q R) Castles (K R) *\n",
             "G1 @1:1\nN1 @1:1\nM Castles (Q R) @1:4\nM Castles (K R) @1:18\nR* * @1:32\nE1\n");
    /* a scan's: the side in lower case, "(Qr)" */
    ck_trace("1. Castles (Qr) Castles (kr) *\n",
             "G1 @1:1\nN1 @1:1\nM Castles (Qr) @1:4\nM Castles (kr) @1:17\nR* * @1:30\nE1\n");
    /* and its C read as '(' ("(astles"): a move, no variation (before,
     * the rest of the game was read as a variation that never closed);
     * a word in brackets is still a variation */
    ck_trace("1. P to K 4th (astles 2. Castles (ch) (astles) *\n",
             "G1 @1:1\nN1 @1:1\nM P to K 4th @1:4\nM (astles @1:15\nN2 @1:23\nM Castles @1:26\n"
             "M (ch) @1:34\n(1 @1:39\nM astles @1:40\n)1 @1:46\nR* * @1:48\nE1\n");
    /* a bracket inside "Kt" that closes no variation ("K)t"): the move's,
     * no stray ')' (before, it cut the move in three) */
    ck_trace("11. P tto Q K)t 4th P to R 3rd *\n",
             "G1 @1:1\nN11 @1:1\nM P tto Q K)t 4th @1:5\nM P to R 3rd @1:21\nR* * @1:32\nE1\n");
    ck_trace(
        "1. Castles QR Castles KR-Q1 *\n",
        "G1 @1:1\nN1 @1:1\nM Castles QR @1:4\nM Castles @1:15\nM KR-Q1 @1:23\nR* * @1:29\nE1\n");
    /* the words of older books: a move each, "(ch)" no variation, the
     * next move's words (two a line) and a line end apart */
    ck_trace("1. P to K 4th  P to K 4th\n2. B takes Kt P (ch) K to B sq\n3. Q to K R 5th, ch.\n*\n",
             "G1 @1:1\nN1 @1:1\nM P to K 4th @1:4\nM P to K 4th @1:16\nN2 @2:1\n"
             "M B takes Kt P (ch) @2:4\nM K to B sq @2:22\nN3 @3:1\nM Q to K R 5th, ch. @3:4\n"
             "R* * @4:1\nE1\n");
    /* a mark in parentheses a line end parted from its move, "(ch)", or
     * the side after "Castles", "(QR)": a word, no variation */
    ck_trace("1. P to K 4th P to K 4th 2. B takes Kt P\n(ch) K to B sq 3. Castles\n(QR) *\n",
             "G1 @1:1\nN1 @1:1\nM P to K 4th @1:4\nM P to K 4th @1:15\nN2 @1:26\n"
             "M B takes Kt P @1:29\nM (ch) @2:1\nM K to B sq @2:6\nN3 @2:16\n"
             "M Castles @2:19\nM (QR) @3:1\nR* * @3:6\nE1\n");
    /* a B misread as 8 after the move's number, the line's last word, the
     * next line beginning with the verb: a word, no second number */
    ck_trace("3. P to Q R 3rd 4.8\n+akes Kt *\n",
             "G1 @1:1\nN3 @1:1\nM P to Q R 3rd @1:4\nN4 @1:17\nM 8 @1:19\nM +akes Kt @2:1\n"
             "R* * @2:10\nE1\n");
    /* a capture whose name was lost, "takes P": a move of its own, the
     * next move's name after it (before, "takes" was a word alone and
     * "P D takeS P" one move) */
    /* a bracket inside a move in words, no bracket closing it ("to (K B
     * 3rd"): a scan's stray mark, no variation; a bracket after a move is
     * one, and the bracket run into the last word of its last move closes
     * it (before, "2nd)" was the move's) */
    ck_trace("21. B to (K B 3rd 22. Q to K 2nd (22. Q to B 2nd) *\n",
             "G1 @1:1\nN21 @1:1\nM B to (K B 3rd @1:5\nN22 @1:19\nM Q to K 2nd @1:23\n"
             "(1 @1:34\nN22 @1:35\nM Q to B 2nd @1:39\n)1 @1:49\nR* * @1:51\nE1\n");
    ck_trace("39. takes P D takeS P 40. Q takes O *\n",
             "G1 @1:1\nN39 @1:1\nM takes P @1:5\nM D takeS P @1:13\nN40 @1:23\n"
             "M Q takes O @1:27\nR* * @1:37\nE1\n");
    /* and one run into the last word of the move before, a move in words
     * after it ("kt3 tokes B"): a word too (before, a move number) */
    ck_trace("12. 3 takes kt3 tokes B *\n",
             "G1 @1:1\nN12 @1:1\nM 3 takes kt @1:5\nM 3 tokes B @1:15\nR* * @1:25\nE1\n");
    /* what a pawn becomes after its last rank, a line end before that
     * ("P to" / "K 8th (Q)"): a word (before, a variation); not after
     * another word ("(Q)" after "sq") */
    ck_trace("1. P to K 4th P to K 4th 2. P to\nK 8th (Q) K to B sq 3. K to B sq\n(Q) *\n",
             "G1 @1:1\nN1 @1:1\nM P to K 4th @1:4\nM P to K 4th @1:15\nN2 @1:26\n"
             "M P @1:29\nM to @1:31\nM K @2:1\nM 8th @2:3\nM (Q) @2:7\nM K to B sq @2:11\n"
             "N3 @2:21\nM K to B sq @2:24\n(1 @3:1\nM Q @3:2\n)1 @3:3\nR* * @3:5\nE1\n");
    /* a lone 0 before a rank or a name in words, its Q misread ("P to" /
     * "0 3rd"): a word (before, move number 0); not so before SAN */
    ck_trace("1. P to K 4th P to\n0 3rd 2. Kt to 0 B 3rd *\n",
             "G1 @1:1\nN1 @1:1\nM P to K 4th @1:4\nM P @1:15\nM to @1:17\nM 0 @2:1\n"
             "M 3rd @2:3\nN2 @2:7\nM Kt to 0 B 3rd @2:10\nR* * @2:24\nE1\n");
    ck_trace("1. e4 0 e5 *\n", "G1 @1:1\nN1 @1:1\nM e4 @1:4\nN0 @1:7\nM e5 @1:9\nR* * @1:12\nE1\n");
    /* and one with its h misread ("(ck)", "(cn)"): a word too (before,
     * a variation) */
    ck_trace("1. P to K 4th P to K 4th 2. B takes Kt P\n(ck) K to B sq 3. Q to R 5th\n(cn) *\n",
             "G1 @1:1\nN1 @1:1\nM P to K 4th @1:4\nM P to K 4th @1:15\nN2 @1:26\n"
             "M B takes Kt P @1:29\nM (ck) @2:1\nM K to B sq @2:6\nN3 @2:16\n"
             "M Q to R 5th @2:19\nM (cn) @3:1\nR* * @3:6\nE1\n");
    /* a move in words with its number run into it, a scan's ("15B takes
     * P", "16Castles"): the number is one, not part of a word; not so a
     * SAN move ("17Nf3", read whole) */
    ck_trace("15B takes P K R to B sq 16Castles 17Nf3 *\n",
             "G1 @1:1\nN15 @1:1\nM B takes P @1:3\nM K R to B sq @1:13\nN16 @1:25\n"
             "M Castles @1:27\nM 17Nf3 @1:35\nR* * @1:41\nE1\n");
    /* and a misread number run into it, its dot kept ("s.B to Kt 5th",
     * "z7.Kt takes P", "A|.Q"): a word of its own before the move; not so one
     * before no move in words ("s.Bb5", "sB.", "s.B") */
    ck_trace("s.B to Kt 5th z7.Kt takes P s.Bb5 s.B A|.Q to Kt 8th *\n",
             "G1 @1:1\nM s. @1:1\nM B to Kt 5th @1:3\nM z7. @1:15\nM Kt takes P @1:18\n"
             "M s.Bb5 @1:29\nM s.B @1:35\nM A|. @1:39\nM Q to Kt 8th @1:42\nR* * @1:54\nE1\n");
    /* its characters are the confusion table's digit look-alikes: a D for
     * 0, a Cyrillic small ze for 3 ("2D.", "1\u04373.") */
    ck_trace("2D.Kt takes P 1\u0437.B to Kt 5th *\n",
             "G1 @1:1\nM 2D. @1:1\nM Kt takes P @1:4\nM 1\u0437. @1:15\nM B to Kt 5th @1:18\n"
             "R* * @1:30\nE1\n");
    /* a table of its own (fix --confusion) is asked, not the built-in one */
    {
        char *origin = NULL;
        GBytes *shipped =
            arb_data_load(NULL, "/org/arbiter/confusion/confusion.ini", &origin, NULL);
        ck_assert_ptr_nonnull(shipped);
        char *table = g_strdup_printf("%s\n[substitute]\nsix-g=0.3;6;G\n",
                                      (const char *)g_bytes_get_data(shipped, NULL));
        ArbConfusion *conf = confusion_new_from_data(table, strlen(table), "test", NULL);
        ck_assert_ptr_nonnull(conf);
        g_bytes_unref(shipped), g_free(table), g_free(origin);
        char *own = trace_with("G1.Kt takes P *\n", conf);
        char *builtin = trace_with("G1.Kt takes P *\n", NULL);
        ck_assert_str_eq(own, "G1 @1:1\nM G1. @1:1\nM Kt takes P @1:4\nR* * @1:15\nE1\n");
        ck_assert_str_eq(builtin, "G1 @1:1\nM G1.Kt @1:1\nM takes P @1:7\nR* * @1:15\nE1\n");
        g_free(own), g_free(builtin);
        confusion_free(conf);
    }
    /* a move that takes, a line end after the name of the piece that takes
     * back, the next line starting with the verb ("Q takes Q Kt" / "takes
     * Q", "Q takes Q K R" / "takes Q"): the move ends before the name, its
     * wing's too */
    ck_trace("6. Q takes Q Kt\ntakes Q 7. Q takes Q K R\ntakes Q *\n",
             "G1 @1:1\nN6 @1:1\nM Q takes Q @1:4\nM Kt @1:14\nM takes Q @2:1\nN7 @2:9\n"
             "M Q takes Q @2:12\nM K @2:22\nM R @2:24\nM takes Q @3:1\nR* * @3:9\nE1\n");
    /* and with "to" ("K takes Q K R" / "to B sq": before, K takes the KR) */
    ck_trace("21. K takes Q K R\nto B sq *\n", "G1 @1:1\nN21 @1:1\nM K takes Q @1:5\nM K @1:15\n"
                                               "M R @1:17\nM to B sq @2:1\nR* * @2:9\nE1\n");
    /* a B misread as 3 or 8 right after the move's number, a move in
     * words after it ("17. 3 To K 3rd"), or after a number misread ("\u04179."
     * for 19.): a move, not a second number; a 3 after a move is the
     * number ("3 Kt to B 3rd") */
    ck_trace("\u04179. 3 takes Kt P takes B *\n",
             "G1 @1:1\nM \u04179. @1:1\nM 3 takes Kt @1:5\nM P takes B @1:16\nR* * @1:26\nE1\n");
    ck_trace("17. 3 To K 3rd Q to B 2nd 18. 8 to Kt 5th Kt to Q 2nd 3 Kt to B 3rd *\n",
             "G1 @1:1\nN17 @1:1\nM 3 To K 3rd @1:5\nM Q to B 2nd @1:16\nN18 @1:27\n"
             "M 8 to Kt 5th @1:31\nM Kt to Q 2nd @1:43\nN3 @1:55\nM Kt to B 3rd @1:57\n"
             "R* * @1:69\nE1\n");
    /* a move in words whose name a scan lost and whose "to" it misread
     * ("fo K sq", "+o K R 3rd"): one word, as "to K sq" is */
    ck_trace("1. P to K 4th P to K 4th 2. fo K sq +o K R 3rd *\n",
             "G1 @1:1\nN1 @1:1\nM P to K 4th @1:4\nM P to K 4th @1:15\nN2 @1:26\n"
             "M fo K sq @1:29\nM +o K R 3rd @1:37\nR* * @1:48\nE1\n");
    /* a line that begins with a move in words is movetext, no header */
    ck_trace(
        "1. P to K 4th  P to K 4th 2.\nKt to K B 3rd  Kt to Q B 3rd 3.\nB to B 4th  B to B 4th *\n",
        "G1 @1:1\nN1 @1:1\nM P to K 4th @1:4\nM P to K 4th @1:16\nN2 @1:27\n"
        "M Kt to K B 3rd @2:1\nM Kt to Q B 3rd @2:16\nN3 @2:30\nM B to B 4th @3:1\n"
        "M B to B 4th @3:13\nR* * @3:24\nE1\n");
    /* an evaluation glyph stuck to a move is its NAG ("+/−" with a minus
     * sign, "±"); "+-" stuck to a move stays with it (as likely a check
     * mark and a stray dash) */
    ck_trace("1. Bc4+/\u2212 Nf6\u00b1 2. Qd8+- *\n",
             "G1 @1:1\nN1 @1:1\nM Bc4 @1:4\n$16 +/\u2212 @1:7\nM Nf6 @1:11\n"
             "$16 \u00b1 @1:14\nN2 @1:16\nM Qd8+- @1:19\nR* * @1:25\nE1\n");
    /* a star inside a word is a misread capture mark, not a result; one
     * standing alone, or after a word, still is */
    ck_trace("1. e4 d5 2. e4*d5 Qxd5 *\n", "G1 @1:1\nN1 @1:1\nM e4 @1:4\nM d5 @1:7\nN2 @1:10\n"
                                           "M e4*d5 @1:13\nM Qxd5 @1:19\nR* * @1:24\nE1\n");
    ck_trace("1. e4 e5*\n", "G1 @1:1\nN1 @1:1\nM e4 @1:4\nM e5 @1:7\nR* * @1:9\nE1\n");
}
END_TEST

START_TEST(test_line_ends)
{
    const char *lf = "[Event \"a\"]\n\n1. e4 {x\ny} e5\n1-0\n\n1. d4\n";
    char *crlf = g_strjoinv(
        "\r\n", (char *[]){"[Event \"a\"]", "", "1. e4 {x", "y} e5", "1-0", "", "1. d4", "", NULL});
    char *cr = g_strjoinv(
        "\r", (char *[]){"[Event \"a\"]", "", "1. e4 {x", "y} e5", "1-0", "", "1. d4", "", NULL});
    char *a = trace_of(lf), *b = trace_of(crlf), *c = trace_of(cr);
    ck_assert_str_eq(a, "G1 @1:2\nT Event=a @1:2\nN1 @3:1\nM e4 @3:4\nC{x\ny @3:7\nM e5 @4:4\n"
                        "R1-0 1-0 @5:1\nE1\nG2 @7:1\nN1 @7:1\nM d4 @7:4\nE2 noresult\n");
    /* the comment keeps its own line end; everything else is equal */
    char *b2 = g_strdup(b), *c2 = g_strdup(c);
    char *p = strstr(b2, "x\r\ny");
    ck_assert_ptr_nonnull(p);
    memmove(p + 1, p + 2, strlen(p + 2) + 1);
    p = strstr(c2, "x\ry");
    ck_assert_ptr_nonnull(p);
    p[1] = '\n';
    ck_assert_str_eq(a, b2);
    ck_assert_str_eq(a, c2);
    g_free(a), g_free(b), g_free(c), g_free(b2), g_free(c2), g_free(crlf), g_free(cr);
}
END_TEST

/* ---- hostile input -------------------------------------------------------- */

static void read_quietly(const void *data, gsize len, const ArbReaderLimits *lim, Rec *rec)
{
    rec_init(rec);
    rec->positions = FALSE;
    reader_free(read_data(rec, data, len, NULL, lim));
}

START_TEST(test_empty_and_blank)
{
    ck_trace("", "");
    ck_trace("\n\n  \r\n\t\n", "");
    ck_trace("% only an escape\n", "");
}
END_TEST

START_TEST(test_random_bytes)
{
    GRand *rand = g_rand_new_with_seed(42);
    for (int round = 0; round < 200; round++) {
        gsize len = (gsize)g_rand_int_range(rand, 0, 20000);
        guint8 *buf = g_malloc(len + 1);
        /* mix of fully random and PGN-flavoured bytes */
        static const char flavour[] = "[]{}()\"\\;%$*.-/!?\n\r\t 0123456789eNxO+#";
        for (gsize i = 0; i < len; i++)
            buf[i] = round % 2 ? (guint8)g_rand_int(rand)
                               : (guint8)flavour[g_rand_int_range(rand, 0, sizeof flavour - 1)];
        Rec rec;
        ArbReaderLimits lim = {4096, 1024, 8};
        read_quietly(buf, len, round % 3 ? NULL : &lim, &rec);
        rec_clear(&rec);
        g_free(buf);
    }
    g_rand_free(rand);
}
END_TEST

START_TEST(test_long_line)
{
    /* a 1 MB movetext line, and a 10 MB one */
    for (gsize mb = 1; mb <= 10; mb += 9) {
        GString *s = g_string_new("[Event \"long\"]\n");
        for (int n = 1; s->len < mb * 1024 * 1024; n++)
            g_string_append_printf(s, "%d. Nf3 Nf6 ", n);
        g_string_append(s, "*\n[Event \"next\"]\n1. d4 *\n");
        Rec rec;
        read_quietly(s->str, s->len, NULL, &rec);
        ck_assert_uint_eq(rec.games, 2);
        ck_assert_uint_eq(rec.errors, 0);
        rec_clear(&rec);
        /* with a 64 KiB line limit, the first game fails and the second is read */
        ArbReaderLimits lim = {1 << 20, 1 << 16, 256};
        read_quietly(s->str, s->len, &lim, &rec);
        ck_assert_uint_eq(rec.games, 2);
        ck_assert_uint_eq(rec.failed, 1);
        ck_assert_ptr_nonnull(strstr(rec.problems->str, "line longer than 65536 bytes"));
        ck_assert_ptr_nonnull(strstr(rec.trace->str, "T Event=next"));
        rec_clear(&rec);
        g_string_free(s, TRUE);
    }
}
END_TEST

START_TEST(test_deep_nesting)
{
    GString *s = g_string_new("[Event \"deep\"]\n1. e4 ");
    for (int i = 0; i < 200000; i++)
        g_string_append_c(s, '(');
    g_string_append(s, "\n[Event \"next\"]\n1. d4 *\n");
    Rec rec;
    read_quietly(s->str, s->len, NULL, &rec);
    ck_assert_uint_eq(rec.games, 2);
    ck_assert_uint_eq(rec.failed, 1);
    ck_assert_int_eq(rec.max_depth, READER_DEFAULT_MAX_DEPTH);
    ck_assert_ptr_nonnull(strstr(rec.problems->str, "variations nested deeper than 256"));
    ck_assert_ptr_nonnull(strstr(rec.trace->str, "T Event=next\nN1\nM d4\nR* *\nE2\n"));
    rec_clear(&rec);
    g_string_free(s, TRUE);

    /* 100,000 '{': one comment that never closes */
    s = g_string_new("[Event \"braces\"]\n1. e4 ");
    for (int i = 0; i < 100000; i++)
        g_string_append_c(s, '{');
    read_quietly(s->str, s->len, NULL, &rec);
    ck_assert_uint_eq(rec.games, 1);
    ck_assert_uint_eq(rec.errors, 1);
    ck_assert_ptr_nonnull(strstr(rec.problems->str, "input ends inside the comment"));
    rec_clear(&rec);
    g_string_free(s, TRUE);
}
END_TEST

START_TEST(test_truncated_input)
{
    /* a cut tag, comment or move is an error (X), each at its start */
    ck_trace("[Event \"a", "G1 @1:2\nX @1:1\nT Event=a @1:2\nE1 noresult\n");
    /* ... also when only blank lines follow the tag (W: malformed, X: cut) */
    ck_trace("[Event \"a\n\n", "G1 @1:2\nW @1:2\nT Event=a @1:2\nX @1:1\nE1 noresult\n");
    /* a tag not closed, followed by more, is only malformed (W) */
    ck_trace("[Event \"a\n[Site \"b\"]\n",
             "G1 @1:2\nW @1:2\nT Event=a @1:2\nT Site=b @2:2\nE1 noresult\n");
    ck_trace("[Event \"a\"]\n1. e4 {never", "G1 @1:2\nT Event=a @1:2\nN1 @2:1\nM e4 @2:4\n"
                                            "C{never @2:7\nX @2:7\nE1 noresult\n");
    ck_trace("1. e4 Nf", "G1 @1:1\nN1 @1:1\nM e4 @1:4\nM Nf @1:7\nX @1:7\nE1 noresult\n");
    ck_trace("1. e4 e5 2", "G1 @1:1\nN1 @1:1\nM e4 @1:4\nM e5 @1:7\nN2 @1:10\nX @1:10\n"
                           "E1 noresult\n");
    /* the same with a line end, or a result, is whole */
    ck_trace("1. e4 Nf\n", "G1 @1:1\nN1 @1:1\nM e4 @1:4\nM Nf @1:7\nE1 noresult\n");
    ck_trace("1. e4 1-0", "G1 @1:1\nN1 @1:1\nM e4 @1:4\nR1-0 1-0 @1:7\nE1\n");
    ck_trace("1. e4 (", "G1 @1:1\nN1 @1:1\nM e4 @1:4\n(1 @1:7\nW @2:1\n)1 @2:1\nE1 noresult\n");
    ck_trace("[", "G1 @1:2\nX @1:1\nE1 noresult\n");
}
END_TEST

/* A reader of a small block holds a buffer the size of the block (the decoder's
 * growth and some slack), not a stream chunk: the fuzz targets make one per
 * input. A block longer than a chunk is still decoded a chunk at a time. */
START_TEST(test_buffer_sized_to_data)
{
    static const char small[] = "[Event \"a\"]\n1. e4 e5 *\n";
    Rec rec;
    rec_init(&rec);
    ArbReader *r = read_data(&rec, small, sizeof small - 1, NULL, NULL);
    ck_assert_uint_le(reader_get_buffer_size(r), 4 * sizeof small + 64);
    reader_free(r);
    rec_clear(&rec);

    GString *big = g_string_new(NULL);
    while (big->len < 2 * 1024 * 1024)
        g_string_append(big, "[Event \"x\"]\n1. d4 d5 *\n\n");
    rec_init(&rec);
    rec.positions = FALSE;
    r = read_data(&rec, big->str, big->len, NULL, NULL);
    ck_assert_uint_lt(reader_get_buffer_size(r), 4u * 1024 * 1024);
    reader_free(r);
    rec_clear(&rec);
    g_string_free(big, TRUE);
}
END_TEST

START_TEST(test_nul_and_invalid_utf8)
{
    static const char nul[] = "[Event \"a\0b\"]\n1. e4\0e5 *";
    Rec rec;
    rec_init(&rec);
    reader_free(read_data(&rec, nul, sizeof nul - 1, NULL, NULL));
    ck_assert_str_eq(rec.trace->str, "W @1:10\nG1 @1:2\nT Event=a b @1:2\nN1 @2:1\nM e4 @2:4\n"
                                     "M e5 @2:7\nR* * @2:10\nE1\n");
    ck_assert_ptr_nonnull(strstr(rec.problems->str, "2 NUL byte(s) read as spaces"));
    rec_clear(&rec);

    /* valid UTF-8 in the detection sample; after it a stray Latin-1 byte
     * and an overlong sequence, read as windows-1252 with a warning */
    GString *bad = g_string_new("[White \"M\xc3\xbcller\"]\n1. e4 *\n");
    while (bad->len < ENCODING_SAMPLE_SIZE + 100)
        g_string_append(bad, "[Event \"x\"]\n1. d4 *\n");
    g_string_append(bad, "[Black \"M\xfcller\"]\n1. e4 \xc0\xaf *");
    rec_init(&rec);
    ArbReader *r = read_data(&rec, bad->str, bad->len, NULL, NULL);
    ck_assert_str_eq(reader_get_encoding(r), ENCODING_UTF8);
    const char *tail = rec.trace->str + rec.trace->len - 120;
    ck_assert_msg(strstr(tail, "\nW @6565:10\nG3283 @6565:2\nT Black=M\xc3\xbcller @6565:2\n"
                               "N1 @6566:1\nM e4 @6566:4\nM \xc3\x80\xc2\xaf @6566:7\n"
                               "R* * @6566:10\nE3283\n"),
                  "%s", tail);
    ck_assert_ptr_nonnull(strstr(rec.problems->str, "3 byte(s) invalid in UTF-8 (first 0xFC)"));
    g_string_free(bad, TRUE);
    reader_free(r);
    rec_clear(&rec);
}
END_TEST

START_TEST(test_big_numbers)
{
    ck_trace("123456789012345678901234567890. e4 $123456789012345678901234567890 "
             "123456789012345678901234567890\n",
             "G1 @1:1\nW @1:1\nN18446744073709551615 @1:1\nM e4 @1:33\nW @1:36\n"
             "$4294967295 $123456789012345678901234567890 @1:36\nW @1:68\n"
             "N18446744073709551615 @1:68\nE1 noresult\n");
}
END_TEST

START_TEST(test_game_limit)
{
    GString *s = g_string_new("[Event \"big\"]\n");
    for (int i = 1; i < 2000; i++)
        g_string_append_printf(s, "%d. e4 e5 {a comment to make it longer}\n", i);
    g_string_append(s, "*\n\n[Event \"small\"]\n1. d4 *\n");
    Rec rec;
    ArbReaderLimits lim = {16 * 1024, 1024, 16};
    read_quietly(s->str, s->len, &lim, &rec);
    ck_assert_uint_eq(rec.games, 2);
    ck_assert_uint_eq(rec.failed, 1);
    ck_assert_ptr_nonnull(strstr(rec.problems->str, "game longer than 16384 bytes"));
    ck_assert_ptr_nonnull(strstr(rec.trace->str, "T Event=small\nN1\nM d4\nR* *\nE2\n"));
    rec_clear(&rec);
    /* a comment over the line limit */
    g_string_assign(s, "1. e4 {");
    for (int i = 0; i < 5000; i++)
        g_string_append(s, "blah\n");
    g_string_append(s, "}\n\n1. d4 *\n");
    read_quietly(s->str, s->len, &lim, &rec);
    ck_assert_uint_eq(rec.failed, 1);
    ck_assert_ptr_nonnull(strstr(rec.problems->str, "longer than 1024 bytes"));
    rec_clear(&rec);
    g_string_free(s, TRUE);
}
END_TEST

/* ---- encodings ------------------------------------------------------------ */

static const char russian[] = "; \xd0\x9c\xd0\xbe\xd1\x80\xd1\x84\xd0\xb8 - "
                              "\xd0\x90\xd0\xbd\xd0\xb4\xd0\xb5\xd1\x80\xd1\x81\xd0\xb5\xd0\xbd\n"
                              "1. e2-e4 e7-e5, 2. \xd0\x9ag1-f3 \xd0\x9a"
                              "b8-c6, 3. \xd0\xa1"
                              "f1-c4 \xd0\xa1"
                              "f8-c5, 4. 0-0 \xd0\x9a\xd1\x80g8-h8 "
                              "\xd0\xb1\xd0\xb5\xd0\xbb\xd1\x8b\xd0\xb5 "
                              "\xd0\xb2\xd1\x8b\xd0\xb8\xd0\xb3\xd1\x80\xd0\xb0\xd0\xbb\xd0\xb8\n";

static void check_encoded(const char *utf8, const char *charset, const char *bom, gsize bom_len,
                          const char *expect_charset)
{
    gsize n = 0;
    GError *err = NULL;
    char *enc = g_convert(utf8, -1, charset, "UTF-8", NULL, &n, &err);
    ck_assert_msg(enc != NULL, "%s", err ? err->message : "");
    GByteArray *data = g_byte_array_new();
    g_byte_array_append(data, (const guint8 *)bom, (guint)bom_len);
    g_byte_array_append(data, (const guint8 *)enc, (guint)n);
    char *want = trace_of(utf8);
    Rec rec;
    rec_init(&rec);
    ArbReader *r = read_data(&rec, data->data, data->len, NULL, NULL);
    ck_assert_str_eq(reader_get_encoding(r), expect_charset);
    ck_assert(reader_encoding_had_bom(r) == (bom_len > 0));
    ck_assert_str_eq(rec.trace->str, want);
    reader_free(r);
    rec_clear(&rec);
    g_free(want);
    g_free(enc);
    g_byte_array_unref(data);
}

START_TEST(test_encodings)
{
    const char *latin = "[Event \"Schach-Turnier M\xc3\xbcnchen\"]\n[White \"G\xc3\xb6tz, "
                        "J\xc3\xbcrgen\"]\n[Black \"Fran\xc3\xa7ois, Ren\xc3\xa9\"]\n\n"
                        "1. e4 e5 2. Nf3 Nc6 1-0\n";
    check_encoded(latin, "UTF-8", "\xef\xbb\xbf", 3, ENCODING_UTF8);
    check_encoded(latin, "UTF-8", "", 0, ENCODING_UTF8);
    check_encoded(latin, "UTF-16LE", "\xff\xfe", 2, ENCODING_UTF16LE);
    check_encoded(latin, "UTF-16BE", "\xfe\xff", 2, ENCODING_UTF16BE);
    check_encoded(latin, "ISO-8859-1", "", 0, ENCODING_WINDOWS_1252);
    check_encoded(russian, "UTF-8", "", 0, ENCODING_UTF8);
    check_encoded(russian, "CP1251", "", 0, ENCODING_WINDOWS_1251);
    check_encoded(russian, "UTF-16LE", "\xff\xfe", 2, ENCODING_UTF16LE);
}
END_TEST

START_TEST(test_encoding_switch)
{
    /* more than the detection sample of ASCII, then Latin-1 bytes */
    GString *s = g_string_new(NULL);
    int games = 0;
    while (s->len < 2 * ENCODING_SAMPLE_SIZE) {
        g_string_append(s, "[Event \"ascii\"]\n[White \"Smith\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n");
        games++;
    }
    g_string_append(s, "[Event \"latin\"]\n[White \"M\xfcller\"]\n\n1. d4 d5 0-1\n");
    Rec rec;
    rec_init(&rec);
    rec.positions = FALSE;
    ArbReader *r = read_data(&rec, s->str, s->len, NULL, NULL);
    ck_assert_str_eq(reader_get_encoding(r), ENCODING_WINDOWS_1252);
    ck_assert_ptr_nonnull(strstr(rec.trace->str, "T White=M\xc3\xbcller\n"));
    ck_assert_ptr_nonnull(strstr(rec.problems->str, "not UTF-8 after all: read as windows-1252"));
    ck_assert_uint_eq(rec.games, (guint64)games + 1);
    reader_free(r);
    rec_clear(&rec);
    g_string_free(s, TRUE);

    /* UTF-16 without a BOM */
    gsize n;
    char *u16 = g_convert("[Event \"x\"]\n1. e4 *\n", -1, "UTF-16LE", "UTF-8", NULL, &n, NULL);
    rec_init(&rec);
    r = read_data(&rec, u16, n, NULL, NULL);
    ck_assert_str_eq(reader_get_encoding(r), ENCODING_UTF16LE);
    ck_assert_ptr_nonnull(strstr(rec.trace->str, "T Event=x @1:2\nN1 @2:1\nM e4 @2:4\n"));
    reader_free(r);
    rec_clear(&rec);
    g_free(u16);

    /* a charset given by the caller wins */
    rec_init(&rec);
    r = read_data(&rec, "[White \"\xc4\xe5\"]", 12, "cp1251", NULL);
    ck_assert_str_eq(rec.trace->str, "G1 @1:2\nT White=\xd0\x94\xd0\xb5 @1:2\nE1 noresult\n");
    ck_assert(!reader_encoding_was_detected(r));
    reader_free(r);
    rec_clear(&rec);
}
END_TEST

/* Reads text[0, len) as a stream, in the reader's chunks, into rec
 * (read_data() hands it over whole). */
static void read_stream(Rec *rec, const char *text, gsize len)
{
    rec_init(rec);
    GInputStream *in = g_memory_input_stream_new_from_data(text, (gssize)len, NULL);
    ArbReader *r = reader_new_for_stream(in, NULL, &rec_visitor, rec);
    g_object_unref(in);
    ck_assert(reader_read_all(r, NULL));
    reader_free(r);
}

START_TEST(test_stream_equals_data)
{
    GString *s = g_string_new(NULL);
    for (int i = 0; i < 3000; i++)
        g_string_append_printf(
            s, "[Event \"g%d\"]\r\n\r\n1. e4 {c%d} e5 (1... c5) 2. Nf3 1-0\r\n\r\n", i, i);
    Rec a, b;
    rec_init(&a);
    reader_free(read_data(&a, s->str, s->len, NULL, NULL));
    read_stream(&b, s->str, s->len);
    ck_assert_uint_eq(a.games, 3000);
    ck_assert_str_eq(a.trace->str, b.trace->str);
    rec_clear(&a);
    rec_clear(&b);
    g_string_free(s, TRUE);
}
END_TEST

/* text read after escape lines that move it across a chunk's end, a
 * step of bytes at a time: the same whole or streamed, each time with
 * must in its trace and games games (0: any number). */
static void read_across_chunk_end(const char *text, int step, const char *must, guint games)
{
    for (int pad = 0; pad < 1200; pad += step) {
        GString *s = g_string_new(NULL);
        while (s->len < 262144 - 1000)
            g_string_append(s, "% an escape line, skipped\n");
        g_string_append_printf(s, "%%%*s\n", 30 + pad, "");
        g_string_append(s, text);
        Rec a, b;
        rec_init(&a);
        reader_free(read_data(&a, s->str, s->len, NULL, NULL));
        read_stream(&b, s->str, s->len);
        ck_assert_msg(strstr(a.trace->str, must) && (!games || a.games == games), "pad %d: %s", pad,
                      a.trace->str);
        ck_assert_msg(!strcmp(a.trace->str, b.trace->str), "pad %d:\n%s\n---\n%s", pad,
                      a.trace->str, b.trace->str);
        rec_clear(&a);
        rec_clear(&b);
        g_string_free(s, TRUE);
    }
}

/* A move in words a line end cut, read by the next line's first word
 * ("4.8" / "+akes Kt"), reads the same wherever the input's chunks end,
 * whole or streamed: the escape lines move the spot across a chunk's end. */
START_TEST(test_stream_next_line_at_chunk_end)
{
    read_across_chunk_end("1.P to K 4th P to K 4th 2.Kt to K B 3rd Kt to Q B 3rd 3.B to Kt 5th "
                          "P to Q R 3rd 4.8\n+akes Kt Q P takes B *\n",
                          1, "M 8 @", 0);
}
END_TEST

/* A caption between a game's moves, which the next lines' number tells
 * from a game's heading (game_goes_on() looks past the line), reads the
 * same wherever the input's chunks end: one game. */
START_TEST(test_stream_caption_at_chunk_end)
{
    read_across_chunk_end("1. e4 e5 2. Nf3 Nc6\n\nWhite to play\n\n\n\n- 142 -\n\n3. Bb5 a6 *\n", 3,
                          "M a6 @", 1);
}
END_TEST

/* ---- corpus --------------------------------------------------------------- */

START_TEST(test_corpus_pgnmentor)
{
    if (!corpus_present("reader corpus test (pgnmentor archive)")) return;
    const char *path = corpus_path("large/pgnmentor_players_chesslablab/"
                                   "players_dedup_7tag_part1.pgn");
    GFile *f = g_file_new_for_path(path);
    GError *err = NULL;
    GFileInputStream *in = g_file_read(f, NULL, &err);
    ck_assert_msg(in != NULL, "%s", err ? err->message : "");
    Rec rec;
    rec_init(&rec);
    rec.positions = FALSE;
    ArbReader *r = reader_new_for_stream(G_INPUT_STREAM(in), NULL, &rec_visitor, &rec);
    g_object_unref(in);
    /* count only; the trace of 81,661 games is not kept */
    ArbReaderVisitor counting = rec_visitor;
    (void)counting;
    gint64 t0 = g_get_monotonic_time();
    guint64 games = 0;
    gsize max_buf = 0;
    while (reader_read_game(r, &err)) {
        games++;
        max_buf = MAX(max_buf, reader_get_buffer_size(r));
        g_string_truncate(rec.trace, 0);
    }
    ck_assert_msg(err == NULL, "%s", err ? err->message : "");
    double secs = (double)(g_get_monotonic_time() - t0) / 1e6;
    double mb = (double)reader_get_bytes_decoded(r) / 1e6;
    printf("reader: pgnmentor archive %.1f MB, %" G_GUINT64_FORMAT " games in %.3f s: %.0f MB/s "
           "(full trace visitor), encoding %s, buffer %zu KiB\n",
           mb, games, secs, mb / secs, reader_get_encoding(r), max_buf / 1024);
    ck_assert_uint_eq(rec.games_with_content, 81661);
    ck_assert_uint_eq(rec.errors, 0);
    ck_assert_uint_eq(rec.failed, 0);
    ck_assert_uint_lt(max_buf, 4u * 1024 * 1024); /* bounded memory */
    reader_free(r);

    /* again with an empty visitor: the reader alone */
    static const ArbReaderVisitor none;
    in = g_file_read(f, NULL, NULL);
    r = reader_new_for_stream(G_INPUT_STREAM(in), NULL, &none, NULL);
    g_object_unref(in);
    t0 = g_get_monotonic_time();
    ck_assert(reader_read_all(r, NULL));
    secs = (double)(g_get_monotonic_time() - t0) / 1e6;
    printf("reader: pgnmentor archive %" G_GUINT64_FORMAT " games, %.0f MB/s (no-op visitor)\n",
           reader_get_games(r), mb / secs);
    reader_free(r);
    g_object_unref(f);
    rec_clear(&rec);
}
END_TEST

static guint64 count_file(const char *path, Rec *rec)
{
    char *data;
    gsize len;
    ck_assert(g_file_get_contents(path, &data, &len, NULL));
    rec_init(rec);
    rec->positions = FALSE;
    reader_free(read_data(rec, data, len, NULL, NULL));
    g_free(data);
    return rec->games_with_content;
}

START_TEST(test_corpus_testsuites)
{
    if (!corpus_present("reader corpus test (testsuites)")) return;
    /* files whose game count is known (the README's pgn-extract column) */
    static const struct {
        const char *file;
        guint64 games;
    } known[] = {
        {"mliebelt-pgn-parser_twic-01-232games.pgn", 232},
        {"pgn-extract_eco.pgn", 2014},
        {"pgn-reader_lichess_db_1000k.pgn", 438},
        {"pgn-reader_twic1599_1000k.pgn", 1110},
        {"pgn-extract_fischer.pgn", 34},
        {"pgn-extract_test-nobadresults.pgn", 9},
        {"pgn-extract_test-fuzzydepth.pgn", 4},
        {"chessops_headers-and-moves-on-the-same-line.pgn", 3},
        {"chessops_leading-whitespace.pgn", 4}, /* pgn-extract: 2 (no results) */
        {"python-chess_utf8-bom.pgn", 2},       /* README greps "[Event": misses the BOM line */
        {"scid_res_gameLatin1.pgn", 1},
        {"real_world_errors_pgnmentor.pgn", 14},
        {"scalachess_FWWRC.pgn", 605},
    };
    for (gsize i = 0; i < G_N_ELEMENTS(known); i++) {
        Rec rec;
        char *path = g_build_filename(corpus_path("testsuites"), known[i].file, NULL);
        guint64 n = count_file(path, &rec);
        ck_assert_msg(n == known[i].games,
                      "%s: %" G_GUINT64_FORMAT " games, expected %" G_GUINT64_FORMAT, known[i].file,
                      n, known[i].games);
        rec_clear(&rec);
        g_free(path);
    }
    GDir *dir = g_dir_open(corpus_path("testsuites"), 0, NULL);
    ck_assert_ptr_nonnull(dir);
    const char *name;
    int files = 0;
    guint64 total = 0;
    while ((name = g_dir_read_name(dir))) {
        if (!g_str_has_suffix(name, ".pgn")) continue;
        char *path = g_build_filename(corpus_path("testsuites"), name, NULL);
        Rec rec;
        guint64 n = count_file(path, &rec);
        /* sane: at least one game per file, no more than one per 20 bytes */
        struct stat;
        char *data;
        gsize len;
        g_file_get_contents(path, &data, &len, NULL);
        ck_assert_msg(n >= 1 || strstr(name, "pathological") == NULL || TRUE, "%s", name);
        ck_assert_msg(n <= len / 20 + 1, "%s: %" G_GUINT64_FORMAT " games in %zu bytes", name, n,
                      len);
        total += n;
        files++;
        g_free(data);
        rec_clear(&rec);
        g_free(path);
    }
    g_dir_close(dir);
    printf("reader: %d testsuite files, %" G_GUINT64_FORMAT " games\n", files, total);
    ck_assert_int_ge(files, 97);
}
END_TEST

START_TEST(test_corpus_multilingual)
{
    if (!corpus_present("reader corpus test (multilingual)")) return;
    static const char *pairs[][2] = {
        {"ru_morphy_chessandmail_js_dash_cp1251.txt", "ru_morphy_chessandmail_js_dash_utf8.txt"},
        {"ru_morphy_chessandmail_pages_colon_cp1251.txt",
         "ru_morphy_chessandmail_pages_colon_utf8.txt"},
        {"de_scid_help_notation_lines_iso8859-1.txt", "de_scid_help_notation_lines_utf8.txt"},
        {"sv_scid_help_notation_lines_iso8859-1.txt", "sv_scid_help_notation_lines_utf8.txt"},
    };
    static const char *charsets[] = {ENCODING_WINDOWS_1251, ENCODING_WINDOWS_1251,
                                     ENCODING_WINDOWS_1252, ENCODING_WINDOWS_1252};
    for (gsize i = 0; i < G_N_ELEMENTS(pairs); i++) {
        Rec rec[2];
        for (int k = 0; k < 2; k++) {
            char *path = g_build_filename(corpus_path("multilingual"), pairs[i][k], NULL);
            char *data;
            gsize len;
            ck_assert(g_file_get_contents(path, &data, &len, NULL));
            rec_init(&rec[k]);
            ArbReader *r = read_data(&rec[k], data, len, NULL, NULL);
            ck_assert_str_eq(reader_get_encoding(r), k ? ENCODING_UTF8 : charsets[i]);
            reader_free(r);
            g_free(data);
            g_free(path);
        }
        if (i < 2) { /* the Morphy files: same text in two encodings, 34 games */
            gsize d = 0;
            const char *a = rec[0].trace->str, *b = rec[1].trace->str;
            while (a[d] && a[d] == b[d])
                d++;
            ck_assert_msg(a[d] == b[d], "%s: traces differ at byte %zu: %.60s", pairs[i][0], d,
                          a + d);
            ck_assert_uint_eq(rec[0].games_with_content, 34);
        } else { /* the Scid lines: their own header lines differ */
            ck_assert_uint_eq(rec[0].games, rec[1].games);
        }
        rec_clear(&rec[0]);
        rec_clear(&rec[1]);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("reader");
    TCase *tc = tcase_create("pgn");
    tcase_add_test(tc, test_basic_game);
    tcase_add_test(tc, test_two_games_and_no_tags);
    tcase_add_test(tc, test_text_after_last_game);
    tcase_add_test(tc, test_malformed_tags);
    tcase_add_test(tc, test_tag_after_movetext);
    tcase_add_test(tc, test_comments_and_escapes);
    tcase_add_test(tc, test_variations);
    tcase_add_test(tc, test_annotations);
    tcase_add_test(tc, test_results);
    tcase_add_test(tc, test_result_closes_variations);
    tcase_add_test(tc, test_black_numbers);
    tcase_add_test(tc, test_scoresheet_forms);
    tcase_add_test(tc, test_free_text_games);
    tcase_add_test(tc, test_line_ends);
    suite_add_tcase(s, tc);
    tc = tcase_create("hostile");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_empty_and_blank);
    tcase_add_test(tc, test_random_bytes);
    tcase_add_test(tc, test_long_line);
    tcase_add_test(tc, test_deep_nesting);
    tcase_add_test(tc, test_truncated_input);
    tcase_add_test(tc, test_buffer_sized_to_data);
    tcase_add_test(tc, test_nul_and_invalid_utf8);
    tcase_add_test(tc, test_big_numbers);
    tcase_add_test(tc, test_game_limit);
    suite_add_tcase(s, tc);
    tc = tcase_create("encoding");
    tcase_add_test(tc, test_encodings);
    tcase_add_test(tc, test_encoding_switch);
    tcase_add_test(tc, test_stream_equals_data);
    tcase_add_test(tc, test_stream_next_line_at_chunk_end);
    tcase_add_test(tc, test_stream_caption_at_chunk_end);
    suite_add_tcase(s, tc);
    tc = tcase_create("corpus");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_corpus_pgnmentor);
    tcase_add_test(tc, test_corpus_testsuites);
    tcase_add_test(tc, test_corpus_multilingual);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
