/* arbiter review and fix --decisions: the page made from a real report (the
 * project's damaged sample, corpus/fix-sample) parses back with libxml2's
 * HTML parser, with one panel per move the report marks for review, each
 * with a 64-square board holding the pieces of its FEN and the report's
 * alternatives as buttons, and nothing fetched from outside; a decisions
 * file fixes moves in fix's output, marks them reviewed and rejects, naming
 * game and ply, a decision that no longer fits. */
#include "testutil.h"

#include "decisions.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <libxml/HTMLparser.h>
#include <libxml/relaxng.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

struct run {
    char *out, *err;
    int status;
};

static char *tmp_dir;

static const char *arbiter_bin(void)
{
    const char *bin = getenv("ARBITER_BIN");
    return bin ? bin : "build/src/arbiter";
}

static char *tmp_path(const char *name)
{
    return g_build_filename(tmp_dir, name, NULL);
}

/* Runs arbiter with the arguments (NULL-terminated). */
static struct run run_arbiter(const char *const *args)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (char *)arbiter_bin());
    for (const char *const *a = args; *a; a++)
        g_ptr_array_add(argv, (char *)*a);
    g_ptr_array_add(argv, NULL);
    struct run r = {0};
    int wait_status = 0;
    GError *err = NULL;
    ck_assert_msg(g_spawn_sync(NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &r.out, &r.err, &wait_status, &err),
                  "running %s: %s", arbiter_bin(), err ? err->message : "?");
    r.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
    g_ptr_array_free(argv, TRUE);
    return r;
}

static void run_free(struct run *r)
{
    g_free(r->out);
    g_free(r->err);
}

/* The first n games of the project's damaged sample, as a file. */
static char *sample_games(int n)
{
    char *src =
        g_build_filename(test_data_path(".."), "..", "corpus", "fix-sample", "damaged.txt", NULL);
    char *text = NULL;
    ck_assert_msg(g_file_get_contents(src, &text, NULL, NULL), "cannot read %s", src);
    char *end = text;
    for (int g = 0; g <= n && end; g++)
        end = strstr(end + 1, "\n[Event ");
    if (end) end[1] = 0;
    char *path = tmp_path("sample.txt");
    ck_assert(g_file_set_contents(path, text, -1, NULL));
    g_free(text);
    g_free(src);
    return path;
}

static void assert_valid_report(const char *path)
{
    char *schema_path = g_build_filename(test_data_path(".."), "..", "src", "fix-report.rng", NULL);
    ck_assert_msg(xml_validates(schema_path, path), "report %s does not validate", path);
    g_free(schema_path);
}

static xmlXPathObjectPtr eval(xmlXPathContextPtr ctx, xmlNodePtr at, const char *expr)
{
    ctx->node = at;
    xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST expr, ctx);
    ck_assert_msg(o != NULL, "bad XPath %s", expr);
    return o;
}

static double number(xmlXPathContextPtr ctx, xmlNodePtr at, const char *expr)
{
    xmlXPathObjectPtr o = eval(ctx, at, expr);
    double v = xmlXPathCastToNumber(o);
    xmlXPathFreeObject(o);
    return v;
}

static char *string(xmlXPathContextPtr ctx, xmlNodePtr at, const char *expr)
{
    xmlXPathObjectPtr o = eval(ctx, at, expr);
    xmlChar *s = xmlXPathCastToString(o);
    char *copy = g_strdup((const char *)s);
    xmlFree(s);
    xmlXPathFreeObject(o);
    return copy;
}

/* HTML parse errors other than tags HTML 4 does not know (svg, article...). */
static int html_errors;
static void count_html_error(void *ud, const xmlError *e)
{
    if (e->code != XML_HTML_UNKNOWN_TAG) {
        html_errors++;
        fprintf(stderr, "HTML line %d: %s", e->line, e->message);
    }
}

/* "a8" .. "h1" -> FEN letter, from a placement; '.' empty. */
static void board_of_fen(const char *fen, char board[8][8])
{
    memset(board, '.', 64);
    int file = 0, rank = 7;
    for (const char *p = fen; *p && *p != ' '; p++) {
        if (*p == '/')
            rank--, file = 0;
        else if (*p >= '1' && *p <= '8')
            file += *p - '0';
        else if (file < 8 && rank >= 0)
            board[rank][file++] = *p;
    }
}

/* Every panel: 64 squares, the FEN's pieces and no others, an arrow for the
 * chosen move, one button per alternative of the report. */
static void check_panel(xmlXPathContextPtr page, xmlNodePtr panel, xmlXPathContextPtr rep)
{
    char *game = string(page, panel, "string(@data-game)");
    char *ply = string(page, panel, "string(@data-ply)");
    char *q = g_strdup_printf("//r:game[@id='%s']/r:move[@ply='%s' and @review='yes']", game, ply);
    xmlXPathObjectPtr mv = eval(rep, NULL, q);
    ck_assert_msg(mv->nodesetval && mv->nodesetval->nodeNr == 1, "panel %s/%s: no move", game, ply);
    xmlNodePtr move = mv->nodesetval->nodeTab[0];
    char *fen = string(rep, move, "string(@fen)");
    char *uci = string(rep, move, "string(@uci)");
    ck_assert_int_eq((int)number(page, panel, "count(.//svg//rect[contains(@class,'sq')])"), 64);
    char board[8][8];
    board_of_fen(fen, board);
    int pieces = 0;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            if (board[r][f] == '.') continue;
            pieces++;
            char *x = g_strdup_printf("string(.//svg//text[@data-square='%c%d']/@data-piece)",
                                      'a' + f, r + 1);
            char *got = string(page, panel, x);
            ck_assert_msg(got[0] == board[r][f] && !got[1], "%s on %c%d: want %c, got '%s'", fen,
                          'a' + f, r + 1, board[r][f], got);
            g_free(got);
            g_free(x);
        }
    ck_assert_int_eq((int)number(page, panel, "count(.//svg//text[@data-piece])"), pieces);
    char *arrow = string(page, panel, "string(.//svg//line[contains(@class,'arrow')]/@data-uci)");
    ck_assert_str_eq(arrow, uci);
    char *accept = string(page, panel, "string(.//button[@data-key='a']/@data-uci)");
    ck_assert_str_eq(accept, uci);
    int alts = (int)number(rep, move, "count(r:alternative)");
    ck_assert_int_eq((int)number(page, panel, "count(.//button[contains(@class,'alt')])"),
                     MIN(alts, 9));
    if (alts) {
        char *want = string(rep, move, "string(r:alternative[1]/@uci)");
        char *got = string(page, panel, "string(.//button[@data-key='1']/@data-uci)");
        ck_assert_str_eq(got, want);
        g_free(want);
        g_free(got);
    }
    g_free(accept);
    g_free(arrow);
    g_free(uci);
    g_free(fen);
    xmlXPathFreeObject(mv);
    g_free(q);
    g_free(ply);
    g_free(game);
}

/* Runs fix with args (its exit status at most max_status), checks the
 * report it wrote, and makes the review page html of it. */
static void fix_and_review(const char *const *args, int max_status, const char *report,
                           const char *html)
{
    struct run r = run_arbiter(args);
    ck_assert_msg(r.status <= max_status, "fix: exit %d\n%s", r.status, r.err);
    run_free(&r);
    assert_valid_report(report);
    const char *review[] = {"review", report, "-o", html, NULL};
    r = run_arbiter(review);
    ck_assert_msg(r.status == 0, "review: exit %d\n%s", r.status, r.err);
    run_free(&r);
}

/* The review page of fix's report on text (with --min-confidence
 * min_confidence, or NULL: the default), parsed, and an XPath context on
 * it in *px: both the caller's to free. */
static htmlDocPtr page_of_text(const char *text, const char *min_confidence, xmlXPathContextPtr *px)
{
    g_autofree char *input = tmp_path("t.pgn"), *report = tmp_path("t.xml"),
                    *html = tmp_path("t.html");
    ck_assert(g_file_set_contents(input, text, -1, NULL));
    const char *fix[] = {"fix", "--report", report, "-o", "/dev/null", input, NULL, NULL, NULL};
    if (min_confidence) fix[6] = "--min-confidence", fix[7] = min_confidence;
    fix_and_review(fix, 0, report, html);
    htmlDocPtr page =
        htmlReadFile(html, "UTF-8", HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
    ck_assert(page != NULL);
    *px = xmlXPathNewContext(page);
    return page;
}

START_TEST(test_page_has_a_panel_per_move_to_review)
{
    char *input = sample_games(4), *report = tmp_path("r.xml"), *html = tmp_path("r.html");
    /* (below 0.995, not the default 0.9: the sample's four games have no
     * move that likely wrong) */
    const char *fix[] = {"fix",       "--report", report, "--min-confidence", "0.995", "-o",
                         "/dev/null", input,      NULL};
    fix_and_review(fix, 1, report, html);

    xmlDocPtr rdoc = xmlReadFile(report, NULL, 0);
    xmlXPathContextPtr rep = xmlXPathNewContext(rdoc);
    xmlXPathRegisterNs(rep, BAD_CAST "r", BAD_CAST "urn:arbiter:fix-report:1");
    int flagged = (int)number(rep, NULL, "count(//r:move[@review='yes'])");
    ck_assert_msg(flagged >= 3, "only %d moves to review in the sample", flagged);
    ck_assert_int_eq((int)number(rep, NULL, "count(//r:move[@review='yes' and not(@fen)])"), 0);

    html_errors = 0;
    xmlSetStructuredErrorFunc(NULL, (xmlStructuredErrorFunc)count_html_error);
    htmlDocPtr page = htmlReadFile(html, "UTF-8", HTML_PARSE_NONET);
    xmlSetStructuredErrorFunc(NULL, NULL);
    ck_assert_msg(page != NULL, "%s does not parse as HTML", html);
    ck_assert_int_eq(html_errors, 0);
    xmlXPathContextPtr px = xmlXPathNewContext(page);
    ck_assert_int_eq((int)number(px, NULL, "count(/html/body)"), 1);
    ck_assert_int_eq((int)number(px, NULL, "count(//article[contains(@class,'panel')])"), flagged);
    ck_assert_int_eq((int)number(px, NULL, "count(//section[contains(@class,'game')])"),
                     (int)number(rep, NULL, "count(//r:game)"));
    /* self-contained: nothing loaded from elsewhere */
    ck_assert_int_eq((int)number(px, NULL, "count(//*[@src] | //link)"), 0);
    ck_assert_int_eq((int)number(px, NULL, "count(//*[starts-with(@href,'http')])"), 0);
    ck_assert_int_eq((int)number(px, NULL, "count(//pre[@id='decisions'])"), 1);
    /* the source token of each move to review is marked */
    ck_assert_int_eq((int)number(px, NULL, "count(//mark[contains(@class,'review')])"),
                     (int)number(rep, NULL, "count(//r:token[@review='yes'])"));
    xmlXPathObjectPtr panels = eval(px, NULL, "//article[contains(@class,'panel')]");
    for (int i = 0; i < panels->nodesetval->nodeNr; i++)
        check_panel(px, panels->nodesetval->nodeTab[i], rep);
    xmlXPathFreeObject(panels);
    xmlXPathFreeContext(px);
    xmlFreeDoc(page);
    xmlXPathFreeContext(rep);
    xmlFreeDoc(rdoc);
    g_free(html);
    g_free(report);
    g_free(input);
}
END_TEST

/* expr's number on the page in the file html. */
static double page_number(const char *html, const char *expr)
{
    htmlDocPtr page =
        htmlReadFile(html, "UTF-8", HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
    ck_assert(page != NULL);
    xmlXPathContextPtr px = xmlXPathNewContext(page);
    double v = number(px, NULL, expr);
    xmlXPathFreeContext(px);
    xmlFreeDoc(page);
    return v;
}

/* Where several games came, the page lists them by the wrong moves their
 * report expects (game/@expected-wrong), most first, each a link to its
 * section; for one game, no list. */
START_TEST(test_page_lists_games_to_look_at_first)
{
    char *input = tmp_path("f.txt"), *report = tmp_path("f.xml"), *html = tmp_path("f.html");
    ck_assert(g_file_set_contents(input,
                                  "1. e4 e5 2. Nf3 Nc6 *\n\n1. e4 e5 2. N3 *\n\n"
                                  "1. e4 c5 2. Nt3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. N3 a6 *\n",
                                  -1, NULL));
    const char *fix[] = {"fix", "--report", report, "-o", "/dev/null", input, NULL};
    fix_and_review(fix, 0, report, html);
    xmlDocPtr rdoc = xmlReadFile(report, NULL, 0);
    xmlXPathContextPtr rep = xmlXPathNewContext(rdoc);
    xmlXPathRegisterNs(rep, BAD_CAST "r", BAD_CAST "urn:arbiter:fix-report:1");
    htmlDocPtr page =
        htmlReadFile(html, "UTF-8", HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
    ck_assert(page != NULL);
    xmlXPathContextPtr px = xmlXPathNewContext(page);
    ck_assert_int_eq((int)number(px, NULL, "count(//nav[@class='first']//li)"), 3);
    double was = 2;
    for (int k = 1; k <= 3; k++) {
        g_autofree char *href_of =
            g_strdup_printf("string((//nav[@class='first']//a)[%d]/@href)", k);
        char *href = string(px, NULL, href_of);
        ck_assert_msg(g_str_has_prefix(href, "#g-"), "%s", href);
        g_autofree char *expected =
            g_strdup_printf("number(//r:game[@id='%s']/@expected-wrong)", href + 3);
        double e = number(rep, NULL, expected);
        ck_assert_msg(e <= was, "game %s: %g after %g", href + 3, e, was);
        was = e;
        g_autofree char *section = g_strdup_printf("count(//section[@id='%s'])", href + 1);
        ck_assert_int_eq((int)number(px, NULL, section), 1);
        g_free(href);
    }
    /* the game read as Nf3 from "N3", a four-way tie at its end, first */
    char *first = string(px, NULL, "string((//nav[@class='first']//a)[1]/@href)");
    ck_assert_str_eq(first, "#g-2");
    g_free(first);
    xmlXPathFreeContext(px);
    xmlFreeDoc(page);
    xmlXPathFreeContext(rep);
    xmlFreeDoc(rdoc);
    /* one game: no list */
    ck_assert(g_file_set_contents(input, "1. e4 e5 2. N3 *\n", -1, NULL));
    fix_and_review(fix, 0, report, html);
    ck_assert_int_eq((int)page_number(html, "count(//nav)"), 0);
    g_free(input);
    g_free(report);
    g_free(html);
}
END_TEST

/* A variation fix read as moves shows in the movetext after the move it
 * plays another way, its corrections marked, Black's number again after it;
 * none of its moves gets a panel (a decision names a main-line ply), and
 * the report marks none of them for review. */
START_TEST(test_page_shows_variations)
{
    xmlXPathContextPtr px;
    htmlDocPtr page =
        page_of_text("1. e4 e5 2. Nf3 (2. t4 exf4 (2... d5)) 2... Nc6 3. Bb5 a6 *\n", "1", &px);
    char *text = string(px, NULL, "normalize-space(//p[@class='movetext'])");
    ck_assert_msg(!strcmp(text, "1.e4 e5 2.Nf3 ( 2.f4 exf4 ( 2...d5 ) ) 2...Nc6 3.Bb5 a6"), "%s",
                  text);
    g_free(text);
    /* f4 read from "t4", marked; nested variation inside the first */
    ck_assert_int_eq(
        (int)number(px, NULL, "count(//span[@class='var']//*[contains(@class,'corrected')])"), 1);
    ck_assert_int_eq((int)number(px, NULL, "count(//span[@class='var']//span[@class='var'])"), 1);
    /* the source marks its tokens as a variation's: "t4" corrected */
    ck_assert_int_eq((int)number(px, NULL, "count(//mark[@class='tok corrected var'])"), 1);
    ck_assert_int_eq((int)number(px, NULL, "count(//mark[contains(@class,' var')])"), 3);
    /* every move is below --min-confidence 1 (no reading is a certainty):
     * the main line's six get panels, f4 and the variations' other moves
     * none */
    ck_assert_int_eq((int)number(px, NULL, "count(//article[contains(@class,'panel')])"), 6);
    xmlXPathFreeContext(px);
    xmlFreeDoc(page);
}
END_TEST

/* A token read as no move (deleted) between a variation and Black's
 * move: Black's number is still written after the variation (the move
 * played before is the one before the deleted token), and not after a
 * deleted token alone. */
START_TEST(test_page_numbers_past_deleted)
{
    xmlXPathContextPtr px;
    htmlDocPtr page = page_of_text(
        "1. e4 e5 2. Nf3 (2. f4 exf4) zzqq 2... Nc6 3. Bb5 Verteidigung a6 *\n", NULL, &px);
    char *text = string(px, NULL, "normalize-space(//p[@class='movetext'])");
    ck_assert_msg(!strcmp(text, "1.e4 e5 2.Nf3 ( 2.f4 exf4 ) zzqq 2...Nc6 3.Bb5 Verteidigung a6"),
                  "%s", text);
    g_free(text);
    ck_assert_int_eq((int)number(px, NULL, "count(//del[contains(@class,'deleted')])"), 2);
    xmlXPathFreeContext(px);
    xmlFreeDoc(page);
}
END_TEST

/* The text of the page's unresolved span for a report of fix on text
 * (why="too-long" put into its <unresolved> when too_long: a game that
 * long makes a slow test). */
static char *unresolved_shown(const char *text, gboolean too_long)
{
    char *input = tmp_path("c.txt"), *report = tmp_path("c.xml"), *html = tmp_path("c.html");
    ck_assert(g_file_set_contents(input, text, -1, NULL));
    const char *fix[] = {"fix", "--report", report, "-o", "/dev/null", input, NULL};
    struct run r = run_arbiter(fix);
    ck_assert_msg(r.status == 1, "fix: exit %d\n%s", r.status, r.err);
    run_free(&r);
    if (too_long) {
        g_autofree char *xml = NULL;
        ck_assert(g_file_get_contents(report, &xml, NULL, NULL));
        g_auto(GStrv) parts = g_strsplit(xml, "<unresolved ", 2);
        ck_assert(parts[1] != NULL);
        g_autofree char *marked =
            g_strconcat(parts[0], "<unresolved why=\"too-long\" ", parts[1], NULL);
        ck_assert(g_file_set_contents(report, marked, -1, NULL));
    }
    assert_valid_report(report);
    const char *review[] = {"review", report, "-o", html, NULL};
    r = run_arbiter(review);
    ck_assert_msg(r.status == 0, "review: exit %d\n%s", r.status, r.err);
    run_free(&r);
    htmlDocPtr page =
        htmlReadFile(html, "UTF-8", HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
    ck_assert(page != NULL);
    xmlXPathContextPtr px = xmlXPathNewContext(page);
    char *shown = string(px, NULL, "normalize-space(//span[@class='unresolved'])");
    xmlXPathFreeContext(px);
    xmlFreeDoc(page);
    g_free(html);
    g_free(report);
    g_free(input);
    return shown;
}

/* A game cut where nothing legal fits any more shows its rest as written,
 * from its line; one cut past the tokens fix reads of a game says so
 * (test_fix.c's test_game_too_long_cut has fix write that report). */
START_TEST(test_page_shows_cut_games)
{
    static const char text[] = "[Event \"garbage\"]\n\n1. e4 e5 2. Nf3 Nc6\n"
                               "Qxh8 Kxa1 Rxb9 Qxq4 Bxz2 Nxk7 *\n";
    g_autofree char *cut = unresolved_shown(text, FALSE);
    ck_assert_msg(!strcmp(cut, "unresolved from line 4: Qxh8 Kxa1 Rxb9 Qxq4 Bxz2 Nxk7"), "%s", cut);
    g_autofree char *too_long = unresolved_shown(text, TRUE);
    ck_assert_msg(!strcmp(too_long, "unresolved (it goes on past the 8192 tokens fix reads of a "
                                    "game) from line 4: Qxh8 Kxa1 Rxb9 Qxq4 Bxz2 Nxk7"),
                  "%s", too_long);
}
END_TEST

/* args run, exit status 2 and nothing on stderr but want. */
static void assert_fails_saying(const char *const *args, const char *want)
{
    struct run r = run_arbiter(args);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, want);
    run_free(&r);
}

START_TEST(test_review_usage)
{
    const char *none[] = {"review", NULL};
    struct run r = run_arbiter(none);
    ck_assert_int_eq(r.status, 2);
    run_free(&r);
    char *bad = tmp_path("bad.xml");
    ck_assert(g_file_set_contents(bad, "<other/>", -1, NULL));
    const char *other[] = {"review", bad, "-o", "/dev/null", NULL};
    r = run_arbiter(other);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "not a fix report"), "%s", r.err);
    run_free(&r);
    /* XML cut short: its first error at its line and column, in one line
     * (none of libxml2's own); a report that is not there, or a page that
     * cannot be written: the system's reason */
    ck_assert(g_file_set_contents(bad, "<fix-report>\n  <a>\n</fix-report>\n", -1, NULL));
    char *want = g_strdup_printf("%s:3:14: error: not a readable XML report: Opening and ending "
                                 "tag mismatch: a line 2 and fix-report\n",
                                 bad);
    assert_fails_saying(other, want);
    g_free(want);
    ck_assert(g_file_set_contents(bad, "<fix-report/>", -1, NULL));
    const char *missing[] = {"review", "/nonexistent-arbiter-dir/r.xml", NULL};
    assert_fails_saying(missing, "arbiter review: cannot read /nonexistent-arbiter-dir/r.xml: No "
                                 "such file or directory\n");
    const char *unwritable[] = {"review", bad, "-o", "/nonexistent-arbiter-dir/r.html", NULL};
    assert_fails_saying(unwritable, "arbiter review: cannot write "
                                    "/nonexistent-arbiter-dir/r.html: No such file or directory\n");
    /* a --stylesheet that is no XML: the same, as a stylesheet */
    char *xsl = tmp_path("bad.xsl");
    ck_assert(g_file_set_contents(xsl, "<x", -1, NULL));
    const char *styled[] = {"review", "--stylesheet", xsl, bad, "-o", "/dev/null", NULL};
    want = g_strdup_printf("%s:1:3: error: not a readable XML stylesheet: Couldn't find end of "
                           "Start Tag x line 1\n",
                           xsl);
    assert_fails_saying(styled, want);
    g_free(want);
    g_free(xsl);
    g_free(bad);
}
END_TEST

/* ---- fix --decisions --------------------------------------------------------------- */

static const char *const game_text = "[White \"A\"]\n[Black \"B\"]\n\n"
                                     "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";

static struct run fix_with(const char *decisions, const char *report)
{
    char *in = tmp_path("game.pgn"), *dec = tmp_path("decisions.tsv");
    ck_assert(g_file_set_contents(in, game_text, -1, NULL));
    ck_assert(g_file_set_contents(dec, decisions, -1, NULL));
    const char *with_report[] = {"fix", "--decisions", dec, "--report", report, in, NULL};
    const char *plain[] = {"fix", "--decisions", dec, in, NULL};
    struct run r = run_arbiter(report ? with_report : plain);
    g_free(in);
    g_free(dec);
    return r;
}

START_TEST(test_decision_is_a_fixed_point)
{
    char *report = tmp_path("d.xml");
    /* 2. Nf3 (line 4, column 10) decided as Nh3: the rest re-resolved */
    struct run r = fix_with("# game\tply\tmove\tline:col\n1\t3\tg1h3\t4:13\n", report);
    ck_assert_msg(r.status == 0, "exit %d\n%s", r.status, r.err);
    /* (e5 and a6, as written, are marked: c5 and d6 are a look-alike off,
     * and little or nothing comes after them) */
    g_autofree char *flat = g_strdelimit(g_strdup(r.out), "\n", ' ');
    ck_assert_msg(strstr(flat, "2. Nh3 {read: \"Nf3\"} 2... Nc6 3. Bb5 a6"), "%s", r.out);
    assert_valid_report(report);
    char *xml = NULL;
    ck_assert(g_file_get_contents(report, &xml, NULL, NULL));
    ck_assert_msg(strstr(xml, "uci=\"g1h3\" reviewed=\"yes\""), "%s", xml);
    g_free(xml);
    run_free(&r);
    g_free(report);
}
END_TEST

START_TEST(test_decision_that_no_longer_fits)
{
    struct run r = fix_with("1\t3\te2e5\t4:13\n", NULL); /* illegal there */
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "game 1, ply 3") && strstr(r.err, "illegal"), "%s", r.err);
    run_free(&r);
    r = fix_with("2\t1\te2e4\t4:4\n", NULL); /* no game 2 */
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "game 2, ply 1"), "%s", r.err);
    run_free(&r);
    r = fix_with("1\t3\tg1h3\t9:1\n", NULL); /* its token is gone */
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "game 1, ply 3") && strstr(r.err, "9:1"), "%s", r.err);
    run_free(&r);
    r = fix_with("1\t40\te2e4\t-\n", NULL); /* past the end */
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "game 1, ply 40"), "%s", r.err);
    run_free(&r);
    r = fix_with("1\tthree\tg1h3\t4:13\n", NULL); /* malformed */
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "decisions.tsv:1: ply"), "%s", r.err);
    run_free(&r);
}
END_TEST

START_TEST(test_decisions_file)
{
    char *path = tmp_path("dec.tsv");
    ck_assert(g_file_set_contents(path,
                                  "# header\n\n2\t5\te7e8q\t-\r\n1\t3\tg1h3\t4:13\n"
                                  "2\t5\te7e8n\t12:3\n",
                                  -1, NULL));
    GError *err = NULL;
    GArray *all = decisions_load(path, &err);
    ck_assert_msg(all != NULL, "%s", err ? err->message : "?");
    ck_assert_int_eq(all->len, 2); /* the later line for game 2, ply 5 wins */
    const struct decision *d = &g_array_index(all, struct decision, 0);
    ck_assert(d->game == 1 && d->ply == 3 && d->line == 4 && d->col == 13);
    ck_assert_str_eq(d->uci, "g1h3");
    guint n;
    d = decisions_for_game(all, 2, &n);
    ck_assert(n == 1 && d->line == 12 && d->file_line == 5);
    ck_assert_str_eq(d->uci, "e7e8n");
    ck_assert(decisions_for_game(all, 3, &n) == NULL && n == 0);
    g_array_free(all, TRUE);
    ck_assert(g_file_set_contents(path, "1\t3\tNf3\t4:13\n", -1, NULL));
    ck_assert(decisions_load(path, &err) == NULL);
    ck_assert_msg(strstr(err->message, ":1: move"), "%s", err->message);
    g_clear_error(&err);
    g_free(path);
}
END_TEST

int main(void)
{
    tmp_dir = g_dir_make_tmp("arbiter-review-XXXXXX", NULL);
    Suite *s = suite_create("review");
    TCase *tc = tcase_create("review");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_page_has_a_panel_per_move_to_review);
    tcase_add_test(tc, test_review_usage);
    tcase_add_test(tc, test_page_shows_variations);
    tcase_add_test(tc, test_page_numbers_past_deleted);
    tcase_add_test(tc, test_page_shows_cut_games);
    tcase_add_test(tc, test_decision_is_a_fixed_point);
    tcase_add_test(tc, test_decision_that_no_longer_fits);
    tcase_add_test(tc, test_decisions_file);
    tcase_add_test(tc, test_page_lists_games_to_look_at_first);
    suite_add_tcase(s, tc);
    int status = run_suite(s);
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp_dir);
    if (system(cmd) != 0) status = 1;
    g_free(cmd);
    g_free(tmp_dir);
    return status;
}
