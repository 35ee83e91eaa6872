/* arbiter fix: reads damaged game scores (OCR, handwriting recognition,
 * HCS label files) and writes the game that was played as PGN export format,
 * every change explained in a comment and, with --report, in an XML report
 * (schema src/fix-report.rng). The search itself is src/fix.c. */
#include "cmd_fix.h"
#include "commands.h"

#include "copies.h"
#include "decisions.h"
#include "fix.h"
#include "gamew.h"
#include "hcs.h"
#include "judge.h"
#include "mend.h"
#include "pgnw.h"
#include "progress.h"
#include "render.h"
#include "replay.h"
#include "report.h"
#include "resolve.h"
#include "tokens.h"

#include "fen.h"
#include "uci.h"

#include <gio/gunixinputstream.h>
#include <libxml/xmlwriter.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define FIX_REPORT_NAMESPACE "urn:arbiter:fix-report:1"
#define FIX_PRIOR_WEIGHT     0.1
#define FIX_ENGINE_DEPTH     8
#define FIX_SEARCH_DEPTH     2 /* the built-in search's (core/search.h) */
#define FIX_ENGINE_WEIGHT    0.5
#define FIX_ENGINE_TIMEOUT   10
/* --engine auto: the built-in search judges a game whose players are both
 * rated this high: it settled more of the archive's master games right
 * and fewer of lichess's club-level ones (README) */
#define FIX_AUTO_ELO     2200
#define FIX_JOBS_MAX     8    /* the default --jobs at most */
#define BLANK_CELLS_MAX  12   /* blank cells put in a row at most (add_blank_cells) */
#define STRAY_NUMBER_GAP 10   /* a bare number this far from the one due is no move number */
#define SNIFF_BYTES      4096 /* of each file sniff_sheets() reads */

/* A variation read as a line of its own: the events of its '(' and ')'
 * and what the search made of the tokens between (variations nested in it
 * are lines of their own too). */
struct var_line {
    guint open, close;
    /* the event of the last token of the move it plays another way, when
     * that is not the move right before it ("2. Nf3 Nc6 (2. Bc4 Bc5)"): it
     * is written after that move; G_MAXUINT where it stands */
    guint anchor;
    GArray *tokens; /* struct fix_token */
    struct fix_result res;
};

static void var_line_clear(gpointer p)
{
    struct var_line *v = p;
    g_array_free(v->tokens, TRUE);
    g_array_free(v->res.steps, TRUE);
}

static GArray *var_lines_new(void)
{
    GArray *a = g_array_new(FALSE, FALSE, sizeof(struct var_line));
    g_array_set_clear_func(a, var_line_clear);
    return a;
}

struct fix_cmd {
    ArbLangSet *langs;
    const ArbLang *english, *figurines;
    ArbNorm **norms;
    ArbFixer **fixers; /* one per language, made when first needed */
    guint n_norms;
    guint *lang_order; /* norms, the more common languages first (otherwise in order) */
    int forced;        /* index of --from LANG, or -1 */
    ArbConfusion *conf;
    ArbPrior *prior; /* NULL when --prior-weight is 0 */
    double prior_weight;
    const ArbLang *to_lang;
    enum notation_style to_style;
    double min_confidence;
    gboolean no_comments, hcs, nbest; /* --from hcs, --from nbest */
    ArbPgnWriter *writer;
    FILE *out, *err;
    xmlTextWriterPtr report;
    xmlBufferPtr report_buf; /* the report in memory (fix_cmd_open_report(NULL)) */
    const char *file_name;
    GArray *tokens;      /* struct fix_token */
    GStringChunk *glued; /* texts of tokens joined across a ';' (one game's) */
    /* guint8 per event of the game: PROSE_WORD for text that is no move
     * (written back as a comment where it stood), else 0 */
    GArray *prose;
    /* struct var_line: the game's variations read as lines of their own
     * (solve_variations()) */
    GArray *variations;
    gboolean in_variation;     /* what is written is a variation's */
    gboolean said_better_lang; /* check_forced_language()'s note was written */
    ArbGame *pending;          /* the last game read, held for its continuation */
    ArbGame *flat;             /* scratch: a game with its variations as main line */
    gboolean has_pending;
    struct fix_result res;
    GPtrArray *collect;       /* --group: the games read are kept here (ArbGame), not fixed */
    GArray *sources;          /* --group: struct group_source per candidate of fc->tokens */
    GStringChunk *translated; /* --group: readings put into the first input's letters */
    const int *group_langs;   /* --group: each input's language */
    GHashTable *seen;         /* with --report: a game's tags or first plies -> its id */
    GString *pairs;           /* "first second reason" lines for the report */
    int games, unresolved, corrected, failed;
    gboolean io_error;
    /* --decisions: all of them, this game's as fixed points, errors found */
    const char *decisions_path;
    GArray *decisions;
    const struct decision *game_decisions;
    guint n_game_decisions;
    GArray *points; /* struct fix_point */
    int start_ply;  /* of the game being fixed */
    int decision_errors;
    /* --engine: it, how it judges, this game's verdicts; engine_failed when
     * it failed during the run (said on err; the exit status is 2); with
     * builtin, the built-in search judges instead, on the thread that
     * solved the game, with fresh the fixer whose last run read fc->tokens
     * (judging needs no second read then) */
    ArbEngine *engine;
    gboolean builtin;
    int builtin_elo; /* with builtin, only games both players rated this high (auto); 0 all */
    ArbFixer *fresh;
    struct judge_options judge;
    GArray *verdicts; /* struct judge_verdict */
    gboolean engine_failed;
    /* the progress bar on err (fix_cmd_show_progress): shown now, when the
     * run began and the bar was last drawn, the size of the file being read
     * (0: not known) */
    gboolean progress, progress_shown;
    gint64 progress_start, progress_tick;
    guint64 input_size, input_done; /* input_done: where the last game fixed ends */
    /* stdin, when its first bytes were read to sniff its format (they are
     * still there to read); NULL: stdin untouched */
    GInputStream *stdin_in;
    /* --jobs: the options again (for the workers' copies), the games
     * handed to them so far, and the workers' queue of games and messages
     * (struct fix_job), written in order; alternatives: a worker's fixers
     * give the report's next-best moves */
    int jobs;
    struct fix_cmd_options options;
    guint64 submitted;
    GThreadPool *pool;
    GAsyncQueue *idle; /* the workers' copies not in use */
    GQueue *queue;
    GMutex jobs_lock;
    GCond jobs_done;
    gboolean alternatives;
    gboolean borrowed; /* a worker's copy: langs, conf and prior are main's */
    /* the input read again line by line for the report's source text */
    FILE *source;
    guint64 source_line;
    char *source_buf;
    size_t source_cap;
};

/* Caps on the source text a report quotes per game. */
enum { SOURCE_LINES_MAX = 2000, SOURCE_LINE_BYTES = 4096 };

/* --jobs: games read ahead of the one being written, per worker */
enum { JOBS_AHEAD = 4 };

static const char *const change_names[] = {"none",    "corrected", "inserted",
                                           "deleted", "merged",    "split"};

enum {
    STARTS_LATER_TOKENS = 6, /* the tokens starts_later() checks the numbers of */
    FORCED_CHECK_MOVES = 6,  /* check_forced_language(): moves a game has at least */
};

/* ---- messages and progress ---------------------------------------------------- */

/* err, the progress bar cleared first: every message goes through this. */
static FILE *err_of(struct fix_cmd *fc)
{
    if (fc->progress_shown) progress_clear(fc->err);
    fc->progress_shown = FALSE;
    return fc->err;
}

/* Redraws the progress bar after game, five times a second at most, from a
 * second into the run: how far into the file the games fixed reach when its
 * size is known (offsets in the text as decoded: a file in another charset
 * than UTF-8 may run past its size, and then only the count shows), the
 * games fixed and their rate. */
static void draw_progress(struct fix_cmd *fc, const ArbGame *game)
{
    if (game->events->len)
        fc->input_done =
            g_array_index(game->events, struct game_event, game->events->len - 1).offset;
    gint64 now = g_get_monotonic_time();
    if (!fc->progress || now - fc->progress_start < G_USEC_PER_SEC ||
        now - fc->progress_tick < G_USEC_PER_SEC / 5)
        return;
    fc->progress_tick = now;
    double secs = (double)(now - fc->progress_start) / G_USEC_PER_SEC;
    g_autofree char *name = g_path_get_basename(fc->file_name ? fc->file_name : "-");
    progress_draw(fc->err, name, fc->input_done, fc->input_size, (guint64)fc->games, secs);
    fc->progress_shown = TRUE;
}

void fix_cmd_show_progress(struct fix_cmd *fc, gboolean on)
{
    fc->progress = on;
    fc->progress_start = g_get_monotonic_time();
    if (!on) err_of(fc);
}

/* ---- language ------------------------------------------------------------------ */

/* How many move tokens start with a piece initial of lang (tokens that
 * start with a file, a digit or castling's O say nothing). */
static int letters_covered(const ArbLang *lang, const ArbGame *game)
{
    int n = 0;
    for (guint i = 0; i < game->events->len; i++) {
        gboolean has;
        n += game_token_has_initial(lang, game, &g_array_index(game->events, struct game_event, i),
                                    &has) &&
             has;
    }
    return n;
}

/* The language whose piece initials cover the most tokens; among those, the
 * one that replays the most moves before the first bad one, then the more
 * common language. A damaged game is expected to have a bad move somewhere,
 * so the letters count for more than the replay (convert asks the reverse).
 * --from aside: check_forced_language() asks it too. A game in UCI, ICCF
 * or descriptive is English. */
static int detect_language(struct fix_cmd *fc, const ArbGame *game, int *runner_up)
{
    *runner_up = -1;
    /* a game in UCI or ICCF, whose letters are files (no piece's initial),
     * or in descriptive, which only English writes: English, whatever
     * letters the others cover */
    gboolean english = tokens_events_style(game, 0, game->events->len) != FIX_STYLE_SAN;
    for (guint i = 0; english && i < fc->n_norms; i++)
        if (norm_lang(fc->norms[i]) == fc->english) return (int)i;
    int best = -1, best_cover = -1, best_pref = 0;
    g_autofree int *covers = g_new(int, fc->n_norms);
    struct replay_result res, best_res = {0};
    for (guint k = 0; k < fc->n_norms; k++) {
        guint i = fc->lang_order[k];
        const ArbLang *lang = norm_lang(fc->norms[i]);
        covers[i] = -2;
        if (lang == fc->figurines) continue;
        int cover = letters_covered(lang, game);
        covers[i] = cover;
        if (cover < best_cover) continue;
        /* a rarer language that covers no more letters cannot beat one that
         * reads every token as a move as written: not replayed */
        if (cover == best_cover && !best_res.errors && !best_res.cost && !best_res.prose) continue;
        replay_game(game, fc->norms[i], NULL, &res);
        int pref = arb_lang_preference(lang);
        gboolean better =
            best < 0 || cover > best_cover || res.moves > best_res.moves ||
            (res.moves == best_res.moves &&
             (res.cost < best_res.cost || (res.cost == best_res.cost && pref < best_pref)));
        if (better) best = (int)i, best_res = res, best_pref = pref, best_cover = cover;
    }
    /* one token more or less says little: the most common language that
     * covers about as many is read too, and the cheaper reading kept */
    int up_pref = arb_lang_preference(norm_lang(fc->norms[best]));
    for (guint i = 0; i < fc->n_norms; i++) {
        const ArbLang *lang = norm_lang(fc->norms[i]);
        if ((int)i == best || lang == fc->figurines || covers[i] < best_cover - 1) continue;
        if (arb_lang_preference(lang) < up_pref)
            *runner_up = (int)i, up_pref = arb_lang_preference(lang);
    }
    return best;
}

/* The game's language: --from's, else detect_language(). */
static int choose_language(struct fix_cmd *fc, const ArbGame *game, int *runner_up)
{
    *runner_up = -1;
    return fc->forced >= 0 ? fc->forced : detect_language(fc, game, runner_up);
}

static ArbFixer *fixer_for(struct fix_cmd *fc, int lang)
{
    if (!fc->fixers[lang]) {
        fc->fixers[lang] = fixer_new(fc->conf, fc->norms[lang]);
        fixer_set_prior(fc->fixers[lang], fc->prior, fc->prior_weight);
    }
    fixer_set_alternatives(fc->fixers[lang], fc->report != NULL || fc->alternatives);
    fixer_set_slips(fc->fixers[lang], fc->hcs || fc->nbest);
    fixer_set_fixed(fc->fixers[lang], (const struct fix_point *)fc->points->data,
                    (int)fc->points->len);
    return fc->fixers[lang];
}

/* ---- tokens (src/tokens.c) ------------------------------------------------------ */

/* The token stage over fc's tables and this game's token arrays (which
 * variations swap in and out: taken afresh at each call). */
static struct token_stage token_stage_of(struct fix_cmd *fc)
{
    return (struct token_stage){fc->conf, fc->tokens, fc->glued, fc->prose};
}

static void collect_tokens(struct fix_cmd *fc, const ArbGame *game, ArbNorm *norm)
{
    struct token_stage ts = token_stage_of(fc);
    tokens_collect(&ts, game, norm);
}

static void collect_range(struct fix_cmd *fc, const ArbGame *game, ArbNorm *norm, guint from,
                          guint to)
{
    struct token_stage ts = token_stage_of(fc);
    tokens_collect_range(&ts, game, norm, from, to);
}

/* ---- report --------------------------------------------------------------------- */

static void xml_attr(struct fix_cmd *fc, const char *name, const char *value)
{
    if (!value) return;
    g_autofree char *safe = report_xml_safe(value);
    if (xmlTextWriterWriteAttribute(fc->report, BAD_CAST name, BAD_CAST safe) < 0)
        fc->io_error = TRUE;
}

static void xml_text(struct fix_cmd *fc, const char *text)
{
    g_autofree char *safe = report_xml_safe(text);
    if (xmlTextWriterWriteString(fc->report, BAD_CAST safe) < 0) fc->io_error = TRUE;
}

static void xml_attr_fmt(struct fix_cmd *fc, const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *v = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    xml_attr(fc, name, v);
}

static void xml_start(struct fix_cmd *fc, const char *name)
{
    if (xmlTextWriterStartElement(fc->report, BAD_CAST name) < 0) fc->io_error = TRUE;
}

static void xml_end(struct fix_cmd *fc)
{
    if (xmlTextWriterEndElement(fc->report) < 0) fc->io_error = TRUE;
}

/* Text content of len bytes (at most: it stops at a NUL). */
static void xml_string(struct fix_cmd *fc, const char *text, gsize len)
{
    g_autofree char *t = g_strndup(text, len);
    xml_text(fc, t);
}

static void xml_text_element(struct fix_cmd *fc, const char *name, const char *text)
{
    xml_start(fc, name);
    xml_text(fc, text);
    xml_end(fc);
}

/* What a step read, as the comment quotes it: the token(s) as written,
 * a space between two that did not touch ("z7.B" cut in two stays so). */
static char *read_text(const struct fix_cmd *fc, const ArbGame *game, const struct fix_step *s)
{
    const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
    GString *t = g_string_new(NULL);
    for (int k = 0; k < s->n_tokens; k++) {
        const struct fix_token *tok = &tokens[s->first_token + k];
        const char *text = tok->written ? tok->written : tok->cands[0].text;
        gsize len = tok->written ? tok->written_len : tok->cands[0].len;
        /* (a group's tokens are fused from several inputs: fc->sources) */
        gboolean touch = FALSE;
        gsize last = k ? tok[-1].event + tok[-1].more_events : 0;
        if (k && !fc->sources && !tok[-1].more_last_len && last < tok->event &&
            tok->event < game->events->len) {
            const struct game_event *a = &g_array_index(game->events, struct game_event, last);
            const struct game_event *b =
                &g_array_index(game->events, struct game_event, tok->event);
            touch = a->offset + a->len == b->offset;
        }
        g_string_append_printf(t, "%s%.*s", k && !touch ? " " : "", (int)len, text);
    }
    return g_string_free(t, FALSE);
}

static void report_readings(struct fix_cmd *fc, const struct fix_step *s, const int *langs);
static gboolean group_place(const struct fix_cmd *fc, int token, guint64 *line, guint64 *col);

/* Where token t stands in game's text, and its length in characters: a
 * token cut from its word ("Nf3" of "e52.Nf3", "Bxf5" of "28.Bxf5") where
 * it stands in the word, one made of several words (glued) at its word. */
static void token_extent(const struct fix_cmd *fc, const ArbGame *game, int t, guint64 *line,
                         guint64 *col, guint64 *chars)
{
    const struct fix_token *tok = &g_array_index(fc->tokens, struct fix_token, t);
    const struct game_event *ev = &g_array_index(game->events, struct game_event, tok->event);
    const char *word = game_event_text(game, ev), *text = tok->cands[0].text;
    gsize text_len = tok->cands[0].len;
    if (tok->written && tok->written >= word && tok->written < word + ev->len)
        text = tok->written, text_len = tok->written_len; /* a move in words */
    *line = ev->line;
    *col = ev->col;
    *chars = (guint64)g_utf8_strlen(word, (gssize)ev->len);
    if (text < word || text >= word + ev->len) return;
    /* a comment stands at its '{' or ';', its text after it, and a brace
     * comment may run over lines */
    if (ev->kind == EV_COMMENT) *col += 1;
    for (const char *p = word; p < text; p = g_utf8_next_char(p)) {
        if (*p == '\n') {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
    }
    gsize len = MIN(text_len, (gsize)(word + ev->len - text));
    *chars = (guint64)g_utf8_strlen(text, (gssize)len);
}

/* Where token t was read: in game, or with --group in its first input. */
static void token_place(const struct fix_cmd *fc, const ArbGame *game, int t, guint64 *line,
                        guint64 *col)
{
    guint64 chars;
    if (fc->sources && group_place(fc, t, line, col)) return;
    token_extent(fc, game, t, line, col, &chars);
}

/* The ply of the position step s is played from, 0-based from the first
 * position of any game. */
static int ply_before(const struct fix_step *s)
{
    return 2 * (s->before.fullmove - 1) + s->before.side;
}

/* The step's ply counted from the game's start position, 1-based (the
 * report's and the decisions file's). */
static int step_ply(const struct fix_cmd *fc, const struct fix_step *s)
{
    return ply_before(s) - fc->start_ply + 1;
}

/* Did the reviewer choose this step's move (--decisions)? */
static gboolean is_reviewed(const struct fix_cmd *fc, const struct fix_step *s)
{
    for (guint i = 0; s->move != MOVE_NONE && i < fc->n_game_decisions; i++) {
        const struct decision *d = &fc->game_decisions[i];
        if (d->ply == step_ply(fc, s) && uci_parse(&s->before, d->uci, strlen(d->uci)) == s->move)
            return TRUE;
    }
    return FALSE;
}

/* A move the reader should look at: below --min-confidence and not decided. */
static gboolean needs_review(const struct fix_cmd *fc, const struct fix_step *s)
{
    return s->move != MOVE_NONE && s->confidence < fc->min_confidence && !is_reviewed(fc, s);
}

/* Each alternative's share, as a confidence, of exp(-cost / temperature)
 * over the move taken and its alternatives. */
static double alternative_share(const struct fix_cmd *fc, const struct fix_step *s, int a)
{
    double t = MAX(confusion_cost(fc->conf, CONF_TEMPERATURE), 1);
    double sum = 1.0;
    for (int k = 0; k < s->n_alts; k++)
        sum += exp(-(double)(s->alts[k].cost - s->cost) / t);
    return exp(-(double)(s->alts[a].cost - s->cost) / t) / sum;
}

/* The engine's verdict at step s, if it judged the move s plays. */
static const struct judge_verdict *verdict_of(const struct fix_cmd *fc, const struct fix_step *s)
{
    const struct judge_verdict *v = judge_verdict_at(fc->verdicts, &s->before);
    for (int i = 0; v && i < v->n; i++)
        if (v->moves[i] == s->move) return v;
    return NULL;
}

/* Starts element name for move m of pos: its san and uci attributes. */
static void xml_start_move(struct fix_cmd *fc, const char *name, const struct position *pos,
                           move_t m)
{
    char san[SAN_MAX], uci[UCI_MAX + 1];
    san_write(pos, m, san);
    uci[uci_write(pos, m, uci)] = 0;
    xml_start(fc, name);
    xml_attr(fc, "san", san);
    xml_attr(fc, "uci", uci);
}

/* <repetition>: the candidates of one of a drawn game's last two moves, whether
 * each brings back a position. */
static void report_repetition(struct fix_cmd *fc, const struct fix_step *s,
                              const struct judge_verdict *v)
{
    xml_start(fc, "repetition");
    xml_attr(fc, "changed", v->changed ? "yes" : "no");
    for (int i = 0; i < v->n; i++) {
        xml_start_move(fc, "candidate", &s->before, v->moves[i]);
        xml_attr(fc, "repeats", v->cost[i] ? "no" : "yes");
        xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(v->cost[i]));
        xml_end(fc);
    }
    xml_end(fc);
}

/* <engine>: the candidates the engine scored at s, in the order judged. */
static void report_verdict(struct fix_cmd *fc, const struct fix_step *s,
                           const struct judge_verdict *v)
{
    if (v->repetition) {
        report_repetition(fc, s, v);
        return;
    }
    xml_start(fc, "engine");
    xml_attr_fmt(fc, "depth", "%d", fc->judge.depth);
    xml_attr(fc, "changed", v->changed ? "yes" : "no");
    for (int i = 0; i < v->n; i++) {
        if (i && !v->has[i]) continue; /* not among the best it scored */
        xml_start_move(fc, "score", &s->before, v->moves[i]);
        if (!v->has[i])
            ;
        else if (v->cp[i] > ENGINE_MATE / 2)
            xml_attr_fmt(fc, "mate", "%d", ENGINE_MATE - v->cp[i]);
        else if (v->cp[i] < -ENGINE_MATE / 2)
            xml_attr_fmt(fc, "mate", "%d", -(ENGINE_MATE + v->cp[i]));
        else
            xml_attr_fmt(fc, "cp", "%d", v->cp[i]);
        xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(v->cost[i]));
        xml_end(fc);
    }
    xml_end(fc);
}

static void report_step(struct fix_cmd *fc, const ArbGame *game, const struct fix_step *s)
{
    xml_start(fc, "move");
    xml_attr_fmt(fc, "ply", "%d", step_ply(fc, s));
    xml_attr_fmt(fc, "number", "%d", s->before.fullmove);
    xml_attr(fc, "side", s->before.side == WHITE ? "white" : "black");
    xml_attr(fc, "change", change_names[s->change]);
    xml_attr_fmt(fc, "confidence", "%.3f", s->confidence);
    xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(s->cost));
    if (s->move != MOVE_NONE) {
        char uci[UCI_MAX + 1];
        uci[uci_write(&s->before, s->move, uci)] = 0;
        xml_attr(fc, "uci", uci);
    }
    if (needs_review(fc, s) && !fc->in_variation) { /* (a decision is for the main line) */
        char fen[FEN_MAX];
        fen_write(&s->before, fen, sizeof fen);
        xml_attr(fc, "review", "yes");
        xml_attr(fc, "fen", fen);
    }
    if (is_reviewed(fc, s)) xml_attr(fc, "reviewed", "yes");
    if (s->n_tokens > 0) {
        guint64 line, col;
        token_place(fc, game, s->first_token, &line, &col);
        xml_attr_fmt(fc, "line", "%" G_GUINT64_FORMAT, line);
        xml_attr_fmt(fc, "column", "%" G_GUINT64_FORMAT, col);
        g_autofree char *in = read_text(fc, game, s);
        xml_text_element(fc, "input", in);
        if (fc->sources) report_readings(fc, s, fc->group_langs);
    }
    if (s->move != MOVE_NONE) {
        char san[SAN_MAX];
        san_write(&s->before, s->move, san);
        xml_text_element(fc, "san", san);
    }
    for (int a = 0; a < s->n_alts; a++) {
        xml_start_move(fc, "alternative", &s->before, s->alts[a].move);
        xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(s->alts[a].cost));
        xml_attr_fmt(fc, "confidence", "%.3f", alternative_share(fc, s, a));
        xml_end(fc);
    }
    const struct judge_verdict *v = verdict_of(fc, s);
    if (v) report_verdict(fc, s, v);
    xml_end(fc);
}

/* ---- output --------------------------------------------------------------------- */

/* An engine score as the comments show it: pawns from the mover's side
 * ("+0.35") or a mate ("#3", "#-2"). */
static void append_score(GString *t, int cp)
{
    if (cp > ENGINE_MATE / 2)
        g_string_append_printf(t, "#%d", ENGINE_MATE - cp);
    else if (cp < -ENGINE_MATE / 2)
        g_string_append_printf(t, "#-%d", ENGINE_MATE + cp);
    else
        g_string_append_printf(t, "%+.2f", cp / 100.0);
}

/* "engine depth 8: Qc7 +0.41, Qb6 -1.25", and what it changed; by
 * repetition "drawn, near the end: Bf3 repeats a position, not Bf7+". */
static void append_verdict(const struct fix_cmd *fc, GString *t, const struct fix_step *s,
                           const struct judge_verdict *v)
{
    if (v->repetition) {
        g_string_append(t, "drawn, near the end:");
        for (int pass = 0; pass < 2; pass++) {
            int n = 0;
            for (int i = 0; i < v->n; i++) {
                if ((v->cost[i] != 0) != pass) continue;
                char san[SAN_MAX];
                san_write(&s->before, v->moves[i], san);
                g_string_append_printf(t, "%s %s", n++ ? "," : pass ? ", not" : "", san);
            }
            if (!pass) g_string_append(t, n > 1 ? " repeat a position" : " repeats a position");
        }
        if (v->changed) g_string_append(t, " (it chose the move)");
        return;
    }
    g_string_append_printf(t, "%s depth %d:", fc->builtin ? "search" : "engine", fc->judge.depth);
    int order[JUDGE_CANDS_MAX], n = 0; /* best first; the search's move last when unscored */
    for (int i = 0; i < v->n; i++) {
        if (!v->has[i] && i) continue; /* not among the best it scored */
        int j = n++;
        for (; j > 0 && (!v->has[order[j - 1]] || (v->has[i] && v->cp[order[j - 1]] < v->cp[i]));
             j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (int k = 0; k < n; k++) {
        int i = order[k];
        char san[SAN_MAX];
        san_write(&s->before, v->moves[i], san);
        g_string_append_printf(t, "%s %s ", k ? "," : "", san);
        if (v->has[i])
            append_score(t, v->cp[i]);
        else
            g_string_append(t, "worse");
    }
    if (v->changed) g_string_append(t, " (it chose the move)");
}

static char *review_text(const struct fix_cmd *fc, const struct fix_step *s)
{
    GString *t = g_string_new(NULL);
    g_string_append_printf(t, "review: confidence %.2f", s->confidence);
    for (int a = 0; a < s->n_alts; a++) {
        char san[SAN_MAX];
        san_write(&s->before, s->alts[a].move, san);
        g_string_append_printf(t, "%s %s (%.2f)", a ? "," : "; or", san,
                               fix_cost_value(s->alts[a].cost));
    }
    const struct judge_verdict *v = verdict_of(fc, s);
    if (v) {
        g_string_append(t, "; ");
        append_verdict(fc, t, s, v);
    }
    return g_string_free(t, FALSE);
}

/* The comment for a move the engine chose that is not marked for review
 * (it is said in {review: ...} when it is), or NULL. */
static char *engine_text(const struct fix_cmd *fc, const struct fix_step *s)
{
    const struct judge_verdict *v = verdict_of(fc, s);
    if (!v || !v->changed) return NULL;
    GString *t = g_string_new(NULL);
    append_verdict(fc, t, s, v);
    return g_string_free(t, FALSE);
}

/* Adds the word of prose event i to *words (made when NULL), with the
 * comma after it. */
static void add_word(GString **words, const ArbGame *game, guint i)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    if (!*words) *words = g_string_new(NULL);
    g_string_append_printf(*words, "%s%s%s", (*words)->len ? " " : "", game_event_text(game, ev),
                           ev->comma ? "," : "");
}

/* Writes *words, if any, as one comment, and empties it. */
static void put_words(struct fix_cmd *fc, GString **words)
{
    if (!*words) return;
    pgnw_comment(fc->writer, (*words)->str);
    g_string_free(*words, TRUE);
    *words = NULL;
}

/* A number standing alone ("124", no stop) far from the move number due
 * where it stands, and no damaged form of it or of the one before: not a
 * part ("4" of 47), not it with more digits ("177" for 17.), not it with a
 * digit misread ("74" for 14). A page number or the like. */
static gboolean is_stray_number(const ArbGame *game, const struct game_event *ev, int due)
{
    if (!tokens_is_bare_number(game, ev) || ev->value) return FALSE;
    const char *t = game_event_text(game, ev);
    guint64 n = g_ascii_strtoull(t, NULL, 10);
    if (n <= (guint64)due + STRAY_NUMBER_GAP && n + STRAY_NUMBER_GAP >= (guint64)due) return FALSE;
    for (int k = due - 1; k <= due; k++) {
        char near[16];
        gsize m = (gsize)g_snprintf(near, sizeof near, "%d", k), differ = 0;
        if (strstr(near, t) || (m > 1 && !strncmp(t, near, m))) return FALSE;
        for (gsize i = 0; m == ev->len && i < m; i++)
            differ += near[i] != t[i];
        if (differ == 1) return FALSE;
    }
    return TRUE;
}

/* Does a move come after event i (a result the game was joined across,
 * a stray '*', is no result)? */
static gboolean has_moves_after(const ArbGame *game, guint i)
{
    for (guint k = i + 1; k < game->events->len; k++)
        if (g_array_index(game->events, struct game_event, k).kind == EV_MOVE) return TRUE;
    return FALSE;
}

static void write_variation(struct fix_cmd *fc, const ArbGame *game, struct var_line *line);
static int next_fullmove(const struct fix_cmd *fc);

/* What a variation's writing or report puts aside: the line it is in. */
struct var_swap {
    GArray *tokens, *verdicts;
    struct fix_result res;
    guint n_decisions;
    gboolean in_variation;
};

/* Makes line the one fc writes and reports: its tokens and steps, no
 * reviewer's decision and no engine's verdict (they are the main line's). */
static void enter_variation(struct fix_cmd *fc, struct var_line *line, struct var_swap *was)
{
    static GArray *no_verdicts;
    if (g_once_init_enter(&no_verdicts))
        g_once_init_leave(&no_verdicts, g_array_new(FALSE, FALSE, sizeof(struct judge_verdict)));
    *was = (struct var_swap){fc->tokens, fc->verdicts, fc->res, fc->n_game_decisions,
                             fc->in_variation};
    fc->tokens = line->tokens, fc->res = line->res, fc->verdicts = no_verdicts;
    fc->n_game_decisions = 0;
    fc->in_variation = TRUE;
}

static void leave_variation(struct fix_cmd *fc, const struct var_swap *was)
{
    fc->tokens = was->tokens, fc->res = was->res, fc->verdicts = was->verdicts;
    fc->n_game_decisions = was->n_decisions;
    fc->in_variation = was->in_variation;
}

/* The variation fc->variations holds that opens at event open, or NULL. */
static struct var_line *var_line_at(const struct fix_cmd *fc, guint open)
{
    for (guint k = 0; k < fc->variations->len; k++) {
        struct var_line *v = &g_array_index(fc->variations, struct var_line, k);
        if (v->open == open) return v;
    }
    return NULL;
}

/* What flush_events() writes: all, or only the variations, or all but the
 * variations and prose (the words between the tokens of one move are
 * write_prose_between()'s). */
enum flush { FLUSH_ALL, FLUSH_VARIATIONS, FLUSH_NOTES };

/* Comments, NAGs and variations of a line (the main line, or a variation
 * read as one) before event `upto` that are not written yet: a variation
 * read as moves as one (write_variation()), else as a comment; the words of
 * prose; in a {deleted: ...} note, a stray number (is_stray_number(), due
 * the move number written next) and a result with moves after it. */
static void flush_events(struct fix_cmd *fc, const ArbGame *game, guint *next, guint upto, int due,
                         enum flush what)
{
    GString *var = NULL, *words = NULL;
    int depth = 0;
    for (; *next < upto; (*next)++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, *next);
        const char *t = game_event_text(game, ev);
        /* prose, the words of a run in one comment */
        gboolean prose = *next < fc->prose->len && g_array_index(fc->prose, guint8, *next);
        if (prose) {
            if (what == FLUSH_ALL) add_word(&words, game, *next);
            continue;
        }
        /* (a variation's events are all skipped where only notes are) */
        if (what == FLUSH_VARIATIONS && !depth && ev->kind != EV_BEGIN_VARIATION) continue;
        if (what == FLUSH_NOTES && (depth || ev->kind == EV_BEGIN_VARIATION)) {
            depth += ev->kind == EV_BEGIN_VARIATION;
            depth -= ev->kind == EV_END_VARIATION;
            continue;
        }
        if (ev->kind != EV_MOVE_NUMBER) put_words(fc, &words);
        struct var_line *line = depth ? NULL : var_line_at(fc, *next);
        if (line) { /* read as moves: written as a variation (here, or
                     * after the move it plays another way) */
            if (line->anchor == G_MAXUINT) write_variation(fc, game, line);
            *next = line->close;
            continue;
        }
        if (ev->kind == EV_BEGIN_VARIATION) {
            if (!depth++) var = g_string_new("variation as written:");
            g_string_append(var, " (");
            continue;
        }
        if (ev->kind == EV_END_VARIATION) {
            g_string_append(var, " )");
            if (--depth == 0) {
                pgnw_comment(fc->writer, var->str);
                g_string_free(var, TRUE);
                var = NULL;
            }
            continue;
        }
        if (depth > 0) {
            if (ev->kind != EV_TAG && ev->kind != EV_RESULT) g_string_append_printf(var, " %s", t);
            continue;
        }
        if (ev->kind == EV_COMMENT && ev->comment_kind != ARB_COMMENT_NBEST)
            pgnw_comment(fc->writer, t);
        if (ev->kind == EV_NAG) pgnw_nag(fc->writer, ev->value);
        if (ev->kind == EV_DRAW_OFFER) pgnw_comment(fc->writer, "draw offer (=)");
        if (!fc->no_comments &&
            ((ev->kind == EV_RESULT && ev->len && has_moves_after(game, *next)) ||
             (ev->kind == EV_MOVE_NUMBER && is_stray_number(game, ev, due)))) {
            g_autofree char *note = g_strdup_printf("deleted: \"%.*s\"", (int)ev->len, t);
            pgnw_comment(fc->writer, note);
        }
    }
    if (var) {
        pgnw_comment(fc->writer, var->str);
        g_string_free(var, TRUE);
    }
    put_words(fc, &words);
}

static void write_rest(struct fix_cmd *fc, const ArbGame *game, guint from)
{
    GString *rest = g_string_new("arbiter: nothing legal fits from here on; the rest as written:");
    game_append_rest(game, from, rest);
    pgnw_comment(fc->writer, rest->str);
    g_string_free(rest, TRUE);
}

/* Is step s a token of a line the text weighed (fix_token.weighed), dropped
 * whole: written back with its sentence, numbers and all? */
static gboolean is_weighed_drop(const struct fix_cmd *fc, const ArbGame *game,
                                const struct fix_step *s)
{
    if (s->change != FIX_DELETED || s->n_tokens != 1) return FALSE;
    const struct fix_token *t = &g_array_index(fc->tokens, struct fix_token, s->first_token);
    const struct game_event *ev = &g_array_index(game->events, struct game_event, t->event);
    return t->weighed && t->cands[0].text == game_event_text(game, ev) &&
           t->cands[0].len == ev->len;
}

/* Flags the words of the weighed lines the search dropped, and the move
 * numbers before them, PROSE_WORD: flush_events() writes each such line in
 * one comment with the sentences round it. */
static void flag_weighed_drops(struct fix_cmd *fc, const ArbGame *game)
{
    gboolean any = FALSE;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (!is_weighed_drop(fc, game, s)) continue;
        guint e = (guint)g_array_index(fc->tokens, struct fix_token, s->first_token).event;
        g_array_index(fc->prose, guint8, e) = PROSE_WORD;
        any = TRUE;
    }
    for (guint i = game->events->len; any && i-- > 1;) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i - 1);
        if (ev->kind == EV_MOVE_NUMBER && g_array_index(fc->prose, guint8, i))
            g_array_index(fc->prose, guint8, i - 1) = PROSE_WORD;
    }
}

/* The prose between events from and to (a sentence between two tokens one
 * step read together), in one comment. */
static void write_prose_between(struct fix_cmd *fc, const ArbGame *game, guint from, guint to)
{
    GString *words = NULL;
    for (guint i = from + 1; i < to && i < fc->prose->len; i++)
        if (g_array_index(fc->prose, guint8, i)) add_word(&words, game, i);
    put_words(fc, &words);
}

/* Is event ev's text a number written with look-alikes of digits ("1S.",
 * "2A"), which collect_tokens() read as a number, no move? */
static gboolean is_lookalike_digits(const ArbConfusion *conf, const ArbGame *game,
                                    const struct game_event *ev)
{
    const char *text = game_event_text(game, ev), *end = text + ev->len, *p = text;
    if (!g_utf8_validate(text, (gssize)ev->len, NULL)) return FALSE;
    for (; p < end && confusion_digit(conf, g_utf8_get_char(p)) >= 0; p = g_utf8_next_char(p))
        ;
    gboolean digits = p > text;
    for (; p < end && (*p == '.' || *p == ','); p++)
        ;
    return digits && p == end;
}

/* The move number written right before step s's token, when s drops the
 * token whole (a number flush_events() writes nothing for: no prose, no
 * stray number's note): the note keeps it ("Now 3. Bb5 was ..." one move
 * back: {deleted: "3. Bb5"}), else NULL. */
static const struct game_event *number_before(const struct fix_cmd *fc, const ArbGame *game,
                                              const struct fix_step *s)
{
    if (s->n_tokens != 1) return NULL;
    const struct fix_token *t = &g_array_index(fc->tokens, struct fix_token, s->first_token);
    const struct game_event *ev = &g_array_index(game->events, struct game_event, t->event);
    if (!t->event || t->cands[0].text != game_event_text(game, ev)) return NULL;
    /* (a bare digit read as a move is a token's, not a number: "27 4 5") */
    if (s->first_token > 0 && t[-1].event == t->event - 1) return NULL;
    const struct game_event *num = ev - 1;
    gboolean prose =
        t->event - 1 < fc->prose->len && g_array_index(fc->prose, guint8, t->event - 1);
    if (prose || (num->kind == EV_MOVE ? !is_lookalike_digits(fc->conf, game, num)
                                       : num->kind != EV_MOVE_NUMBER ||
                                             is_stray_number(game, num, s->before.fullmove)))
        return NULL;
    return num;
}

/* The variations written after the move whose last token is event
 * anchor, not where they stand (struct var_line). */
static void write_moved_variations(struct fix_cmd *fc, const ArbGame *game, guint anchor)
{
    for (guint k = 0; k < fc->variations->len; k++) {
        struct var_line *v = &g_array_index(fc->variations, struct var_line, k);
        if (v->anchor == anchor) write_variation(fc, game, v);
    }
}

static void write_moves(struct fix_cmd *fc, const ArbGame *game, guint *next_event)
{
    const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
    int n_tok = (int)fc->tokens->len;
    flag_weighed_drops(fc, game);
    /* the last move written: the variations that play it another way but
     * stand after the next are written before that (after what stands
     * between them) */
    guint moved_after = G_MAXUINT;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (is_weighed_drop(fc, game, s)) continue; /* with its sentence */
        if (s->first_token < n_tok)
            flush_events(fc, game, next_event, tokens[s->first_token].event, s->before.fullmove,
                         FLUSH_ALL);
        if (s->move != MOVE_NONE && moved_after != G_MAXUINT) {
            write_moved_variations(fc, game, moved_after);
            moved_after = G_MAXUINT;
        }
        /* what stands between its tokens ("56.d5 $l (56.Ra5+ Kh4) 56...e5",
         * "2. N {the knight} f3"): a variation before it (it plays the move
         * before another way), the rest after it */
        guint between = s->n_tokens > 1 ? (guint)tokens[s->first_token].event + 1 : 0;
        guint between_end = s->n_tokens > 1 ? tokens[s->first_token + s->n_tokens - 1].event : 0;
        if (between < between_end) {
            guint at = between;
            flush_events(fc, game, &at, between_end, s->before.fullmove, FLUSH_VARIATIONS);
        }
        if (s->n_tokens > 0)
            *next_event = MAX(*next_event, tokens[s->first_token + s->n_tokens - 1].event + 1);
        g_autofree char *read = read_text(fc, game, s);
        if (s->move != MOVE_NONE) {
            char text[RENDER_MAX];
            render_move(fc->to_lang, fc->to_style, &s->before, s->move, text, sizeof text);
            pgnw_move(fc->writer, s->before.fullmove, s->before.side, text);
        }
        if (s->n_tokens > 1) /* (its prose whatever the comments) */
            write_prose_between(fc, game, (guint)tokens[s->first_token].event,
                                (guint)tokens[s->first_token + s->n_tokens - 1].event);
        if (between < between_end)
            flush_events(fc, game, &between, between_end, s->before.fullmove, FLUSH_NOTES);
        if (fc->no_comments) continue;
        g_autofree char *note = NULL;
        if (s->change == FIX_INSERTED) note = g_strdup("inserted: not written");
        if (s->change == FIX_DELETED && move_number_value(read) != s->before.fullmove) {
            const struct game_event *num = number_before(fc, game, s);
            note = num ? g_strdup_printf("deleted: \"%.*s %s\"", (int)num->len,
                                         game_event_text(game, num), read)
                       : g_strdup_printf("deleted: \"%s\"", read);
        }
        if (s->change == FIX_CORRECTED || s->change == FIX_MERGED || s->change == FIX_SPLIT)
            note = g_strdup_printf("read: \"%s\"", read);
        if (note) pgnw_comment(fc->writer, note);
        g_autofree char *review = needs_review(fc, s) ? review_text(fc, s) : engine_text(fc, s);
        if (review) pgnw_comment(fc->writer, review);
        if (s->move != MOVE_NONE && s->n_tokens > 0)
            moved_after = tokens[s->first_token + s->n_tokens - 1].event;
    }
}

/* A variation the search read as moves, as one: its moves with their notes
 * and what stood between them, its own variations in turn. No reviewer's
 * decision and no engine's verdict is about its moves. */
static void write_variation(struct fix_cmd *fc, const ArbGame *game, struct var_line *line)
{
    struct var_swap was;
    enter_variation(fc, line, &was);
    pgnw_begin_variation(fc->writer);
    guint next = line->open + 1;
    write_moves(fc, game, &next);
    flush_events(fc, game, &next, line->close, next_fullmove(fc), FLUSH_ALL);
    pgnw_end_variation(fc->writer);
    leave_variation(fc, &was);
}

/* The result a ';' hid from the reader at the game's end ("13.;P-Q5 1-0"):
 * the last word of the last line comment among the moves, with no move
 * after it (src/tokens.c reads the rest as moves), or NULL. */
static const char *result_in_line_comment(const ArbGame *game)
{
    const char *found = NULL;
    gboolean in_moves = FALSE;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        if (ev->kind == EV_MOVE) found = NULL;
        in_moves = in_moves || ev->kind == EV_MOVE || ev->kind == EV_MOVE_NUMBER;
        if (ev->kind != EV_COMMENT || ev->comment_kind != ARB_COMMENT_LINE || !in_moves) continue;
        const char *text = game_event_text(game, ev), *end = text + ev->len, *w;
        while (end > text && g_ascii_isspace(end[-1]))
            end--;
        for (w = end; w > text && !g_ascii_isspace(w[-1]); w--)
            ;
        found = tokens_result_word(w, (gsize)(end - w));
    }
    return found;
}

/* Starts a game with game's tags (and [Notation] when read in another
 * language than English by choice); returns the result to end it with. */
static const char *begin_game(struct fix_cmd *fc, const ArbGame *game, int lang)
{
    ArbPgnWriter *w = fc->writer;
    int result = ARB_RESULT_UNFINISHED;
    gboolean has_result = FALSE;
    pgnw_begin_game(w);
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        if (ev->kind == EV_TAG) pgnw_tag(w, game_event_text(game, ev), game_event_value(game, ev));
        if (ev->kind == EV_RESULT) result = ev->value, has_result = TRUE;
    }
    const char *tag_result = game_tag(game, "Result");
    /* (where no Result tag says it either) */
    const char *hidden = has_result || tag_result ? NULL : result_in_line_comment(game);
    if (!has_result && tag_result) pgnw_tag(w, "Result", tag_result);
    if ((has_result || hidden) && !tag_result)
        pgnw_tag(w, "Result", hidden ? hidden : game_result_text(result));
    const ArbLang *l = norm_lang(fc->norms[lang]);
    if (l != fc->english && fc->forced < 0) pgnw_tag(w, "Notation", arb_lang_code(l));
    gamew_odds_tags(w, game);
    return hidden ? hidden : game_termination(has_result, result, tag_result);
}

static void end_game(struct fix_cmd *fc, const char *result)
{
    pgnw_end_game(fc->writer, result);
    gsize len;
    g_autofree char *out = pgnw_take(fc->writer, &len);
    if (fwrite(out, 1, len, fc->out) != len) fc->io_error = TRUE;
}

/* The move number after the last move the search gave. */
static int next_fullmove(const struct fix_cmd *fc)
{
    for (guint k = fc->res.steps->len; k-- > 0;) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (s->move != MOVE_NONE) return s->before.fullmove + (s->before.side == BLACK);
    }
    return 1;
}

static void write_game(struct fix_cmd *fc, const ArbGame *game, int lang, gboolean no_start,
                       const char *why)
{
    ArbPgnWriter *w = fc->writer;
    const char *result = begin_game(fc, game, lang);
    guint next_event = 0;
    if (no_start) { /* no position to play the moves from: kept as written */
        GString *text = g_string_new(NULL);
        g_string_printf(text, "arbiter: %s; the moves as written:", why);
        game_append_rest(game, 0, text);
        pgnw_comment(w, text->str);
        g_string_free(text, TRUE);
    } else {
        write_moves(fc, game, &next_event);
        if (fc->res.unresolved) {
            const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
            write_rest(fc, game, (guint)tokens[fc->res.cut_token].event);
        } else {
            flush_events(fc, game, &next_event, game->events->len, next_fullmove(fc), FLUSH_ALL);
        }
    }
    end_game(fc, result);
}

/* ---- the source text in the report -------------------------------------------- */

/* A move token in the source text, and what the step that reads it made
 * of it: its ply, change, and whether it is for review (a main-line move)
 * or a variation's. */
struct source_mark {
    guint64 line, col, chars;
    int ply, change;
    gboolean review, variation;
};

static int cmp_mark(gconstpointer a, gconstpointer b)
{
    const struct source_mark *x = a, *y = b;
    if (x->line != y->line) return x->line < y->line ? -1 : 1;
    return (x->col > y->col) - (x->col < y->col);
}

/* The next line of the input read again (without its end of line), or NULL. */
static const char *next_source_line(struct fix_cmd *fc)
{
    ssize_t n = getline(&fc->source_buf, &fc->source_cap, fc->source);
    if (n < 0) return NULL;
    fc->source_line++;
    while (n > 0 && (fc->source_buf[n - 1] == '\n' || fc->source_buf[n - 1] == '\r'))
        fc->source_buf[--n] = 0;
    return fc->source_buf;
}

/* One source line with its move tokens as <token> elements; a token whose
 * text is not where the reader saw it (a charset the reader converted) is
 * left unmarked. */
static void report_line(struct fix_cmd *fc, const ArbGame *game, guint64 number, const char *raw,
                        const struct source_mark *marks, guint n_marks)
{
    g_autofree char *line = g_utf8_make_valid(raw, MIN(strlen(raw), SOURCE_LINE_BYTES));
    const char *end = line + strlen(line), *at = line;
    guint64 col = 1;
    xml_start(fc, "line");
    xml_attr_fmt(fc, "number", "%" G_GUINT64_FORMAT, number);
    for (guint i = 0; i < n_marks; i++) {
        const struct source_mark *m = &marks[i];
        if (m->col < col) continue; /* overlaps the one before */
        const char *p = at;
        for (guint64 c = col; c < m->col && p < end; c++)
            p = g_utf8_next_char(p);
        const char *q = p;
        for (guint64 c = 0; c < m->chars && q < end; c++)
            q = g_utf8_next_char(q);
        if (p >= end) break;
        xml_string(fc, at, (gsize)(p - at));
        xml_start(fc, "token");
        xml_attr_fmt(fc, "column", "%" G_GUINT64_FORMAT, m->col);
        xml_attr_fmt(fc, "ply", "%d", m->ply);
        xml_attr(fc, "change", change_names[m->change]);
        if (m->review) xml_attr(fc, "review", "yes");
        if (m->variation) xml_attr(fc, "variation", "yes");
        xml_string(fc, p, (gsize)(q - p));
        xml_end(fc);
        at = q;
        col = m->col + m->chars;
    }
    xml_string(fc, at, (gsize)(end - at));
    xml_end(fc);
}

/* A mark per token of the line fc reads (the main line or a variation). */
static void add_marks(struct fix_cmd *fc, const ArbGame *game, GArray *marks)
{
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        for (int j = 0; j < s->n_tokens; j++) {
            struct source_mark m = {.ply = step_ply(fc, s),
                                    .change = s->change,
                                    .review = needs_review(fc, s) && !fc->in_variation,
                                    .variation = fc->in_variation};
            token_extent(fc, game, s->first_token + j, &m.line, &m.col, &m.chars);
            g_array_append_val(marks, m);
            /* the rest of a move in words a line end cut */
            const struct fix_token *t =
                &g_array_index(fc->tokens, struct fix_token, s->first_token + j);
            for (guint e = 1; e <= t->more_events; e++) {
                const struct game_event *ev =
                    &g_array_index(game->events, struct game_event, t->event + e);
                m.line = ev->line;
                m.col = ev->col;
                gsize len = e == t->more_events && t->more_last_len ? t->more_last_len : ev->len;
                m.chars = (guint64)g_utf8_strlen(game_event_text(game, ev), (gssize)len);
                g_array_append_val(marks, m);
            }
        }
    }
}

/* The lines the game spans, as the input has them (not for stdin). */
static void report_source(struct fix_cmd *fc, const ArbGame *game)
{
    guint64 first = G_MAXUINT64, last = 0;
    for (guint i = 0; i < game->events->len; i++) {
        guint64 l = g_array_index(game->events, struct game_event, i).line;
        if (l) first = MIN(first, l), last = MAX(last, l);
    }
    if (!fc->source || !last || first <= fc->source_line) return;
    last = MIN(last, first + SOURCE_LINES_MAX - 1);
    g_autoptr(GArray) marks = g_array_new(FALSE, FALSE, sizeof(struct source_mark));
    add_marks(fc, game, marks);
    for (guint k = 0; k < fc->variations->len; k++) {
        struct var_swap was;
        enter_variation(fc, &g_array_index(fc->variations, struct var_line, k), &was);
        add_marks(fc, game, marks);
        leave_variation(fc, &was);
    }
    g_array_sort(marks, cmp_mark);
    /* mixed content: indenting would add text to the lines */
    xmlTextWriterSetIndent(fc->report, 0);
    xml_start(fc, "source");
    guint next = 0;
    while (fc->source_line < last) {
        const char *raw = next_source_line(fc);
        if (!raw) break;
        if (fc->source_line < first) continue;
        while (next < marks->len &&
               g_array_index(marks, struct source_mark, next).line < fc->source_line)
            next++;
        guint n = next;
        while (n < marks->len &&
               g_array_index(marks, struct source_mark, n).line == fc->source_line)
            n++;
        /* (no marks: the array may have no storage at all) */
        const struct source_mark *on_line =
            n > next ? &g_array_index(marks, struct source_mark, next) : NULL;
        report_line(fc, game, fc->source_line, raw, on_line, n - next);
        xml_string(fc, "\n", 1);
        next = n;
    }
    xml_end(fc);
    xmlTextWriterSetIndent(fc->report, 1);
}

/* <variation> per variation read as moves (fc->variations, k on) that
 * opens before event close, each with its moves and its own variations;
 * returns the index of the first past them. */
static guint report_variations(struct fix_cmd *fc, const ArbGame *game, guint k, guint close)
{
    while (k < fc->variations->len) {
        struct var_line *v = &g_array_index(fc->variations, struct var_line, k);
        if (v->open >= close) break;
        const struct game_event *open = &g_array_index(game->events, struct game_event, v->open);
        xml_start(fc, "variation");
        xml_attr_fmt(fc, "line", "%" G_GUINT64_FORMAT, open->line);
        xml_attr_fmt(fc, "column", "%" G_GUINT64_FORMAT, open->col);
        xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(v->res.cost));
        struct var_swap was;
        enter_variation(fc, v, &was);
        for (guint j = 0; j < fc->res.steps->len; j++)
            report_step(fc, game, &g_array_index(fc->res.steps, struct fix_step, j));
        leave_variation(fc, &was);
        k = report_variations(fc, game, k + 1, v->close);
        xml_end(fc);
    }
    return k;
}

/* start is NULL for a game with no position to play its moves from: it is
 * reported unresolved at its first line, with why. */
static void report_game(struct fix_cmd *fc, const ArbGame *game, int lang, const char *status,
                        const struct position *start, const char *why)
{
    if (!fc->report) return;
    xml_start(fc, "game");
    xml_attr_fmt(fc, "id", "%d", fc->games);
    xml_attr_fmt(fc, "number", "%" G_GUINT64_FORMAT, game->number);
    xml_attr(fc, "language", arb_lang_code(norm_lang(fc->norms[lang])));
    xml_attr(fc, "status", status);
    xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(fc->res.cost));
    xml_attr(fc, "white", game_tag(game, "White"));
    xml_attr(fc, "black", game_tag(game, "Black"));
    if (!start) {
        xml_start(fc, "unresolved");
        xml_attr_fmt(fc, "line", "%" G_GUINT64_FORMAT, game->first_line);
        xml_attr(fc, "column", "1");
        xml_text(fc, why);
        xml_end(fc);
        xml_end(fc);
        return;
    }
    for (guint k = 0; k < fc->res.steps->len; k++)
        report_step(fc, game, &g_array_index(fc->res.steps, struct fix_step, k));
    if (fc->res.unresolved) {
        const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
        guint64 line, col;
        token_place(fc, game, fc->res.cut_token, &line, &col);
        xml_start(fc, "unresolved");
        xml_attr_fmt(fc, "line", "%" G_GUINT64_FORMAT, line);
        xml_attr_fmt(fc, "column", "%" G_GUINT64_FORMAT, col);
        GString *rest = g_string_new(NULL);
        for (guint t = (guint)fc->res.cut_token; t < fc->tokens->len; t++)
            g_string_append_printf(rest, "%s%.*s", rest->len ? " " : "",
                                   (int)tokens[t].cands[0].len, tokens[t].cands[0].text);
        xml_text(fc, rest->str);
        g_string_free(rest, TRUE);
        xml_end(fc);
    }
    report_variations(fc, game, 0, G_MAXUINT);
    report_source(fc, game);
    xml_end(fc);
}

/* Where a candidate of a fused token comes from. */
struct group_source {
    int token, input;
    guint64 line, col;
    const char *text;
    gsize len;
};

/* Rows written twice in a single input (copies.h), read as such. (With
 * --group the inputs' alignment takes care of them.) */
static GArray *mark_rows_written_twice(struct fix_cmd *fc)
{
    return fc->sources ? NULL : copies_mark(fc->conf, fc->tokens, fc->hcs);
}

/* Sheet cells (--from hcs, nbest) each name their ply: where they skip
 * one, a move stood there that nothing was read for (a cell the sheet or
 * its transcription lacks). A blank token goes in for each such ply, up to
 * BLANK_CELLS_MAX in a row (a longer hole is left to the search's own
 * edits), as for the plies before the first cell. */
static void add_blank_cells(struct fix_cmd *fc, const struct position *start)
{
    if (!fc->hcs && !fc->nbest) return;
    GArray *with = g_array_sized_new(FALSE, FALSE, sizeof(struct fix_token), fc->tokens->len);
    int *moved = g_new(int, fc->tokens->len + 1); /* a token's index among them all */
    int due = 2 * (start->fullmove - 1) + start->side;
    for (guint i = 0; i < fc->tokens->len; i++) {
        const struct fix_token *t = &g_array_index(fc->tokens, struct fix_token, i);
        if (t->hint_ply > due && t->hint_ply - due <= BLANK_CELLS_MAX)
            for (; due < t->hint_ply; due++) {
                struct fix_token blank = {
                    .n_cands = 1, .hint_ply = due, .event = t->event, .blank = TRUE};
                blank.cands[0] = (struct fix_cand){.text = "", .len = 0};
                g_array_append_val(with, blank);
            }
        moved[i] = (int)with->len;
        g_array_append_val(with, *t);
        /* (a cell written twice names its ply again) */
        due = t->hint_ply >= 0 ? t->hint_ply + 1 : due + 1;
    }
    /* --group: where each input read a token */
    for (guint k = 0; fc->sources && k < fc->sources->len; k++) {
        struct group_source *src = &g_array_index(fc->sources, struct group_source, k);
        if (src->token >= 0 && (guint)src->token < fc->tokens->len) src->token = moved[src->token];
    }
    g_free(moved);
    g_array_set_size(fc->tokens, 0);
    g_array_append_vals(fc->tokens, with->data, with->len);
    g_array_free(with, TRUE);
}

/* The search over the tokens collect_tokens() gave. */
static void run_tokens(struct fix_cmd *fc, int lang, const struct position *start)
{
    add_blank_cells(fc, start);
    fc->fresh = fixer_for(fc, lang);
    fixer_run(fc->fresh, start, (const struct fix_token *)fc->tokens->data, (int)fc->tokens->len,
              &fc->res);
}

/* Rows that look written twice may be that, the moves after them a move
 * ahead ("17. Ng5 Nf8 18. Ng5 Nf8 19. Nxe6"), or a row written in the
 * wrong place and then again in its own, the numbers after it right ("22.
 * b3 Rc8 23. b3 Rc8 24. Kf2" for 22. f3 c5 23. b3 Rc8, on a sheet): read
 * both ways, the cheaper path wins. */
static void search_tokens(struct fix_cmd *fc, int lang, const struct position *start)
{
    g_autoptr(GArray) as_written = mark_rows_written_twice(fc);
    if (!as_written) {
        run_tokens(fc, lang, start);
        return;
    }
    /* as written first: the rows read as written twice mostly win, and
     * the one read last needs no search again to be the fixer's. As
     * written is searched once in text (not again where its path took
     * doubtful steps, as copies read as moves make it): it costs no less
     * so. (Sheets' exact copies are as often a row written in the wrong
     * place and then again in its own, and weighed as closely: searched
     * once, the pairs of sheets of one game agreed on 27 plies fewer.) */
    g_autoptr(GArray) twice = g_array_copy(fc->tokens);
    g_array_set_size(fc->tokens, 0);
    g_array_append_vals(fc->tokens, as_written->data, as_written->len);
    fixer_set_once(fixer_for(fc, lang), !fc->hcs);
    run_tokens(fc, lang, start);
    fixer_set_once(fc->fresh, FALSE);
    int cost = fc->res.cost;
    gboolean unresolved = fc->res.unresolved;
    g_array_set_size(fc->tokens, 0);
    g_array_append_vals(fc->tokens, twice->data, twice->len);
    run_tokens(fc, lang, start);
    /* (as written wins a tie) */
    if (unresolved > fc->res.unresolved || cost > fc->res.cost) return;
    g_array_set_size(fc->tokens, 0);
    g_array_append_vals(fc->tokens, as_written->data, as_written->len);
    run_tokens(fc, lang, start);
}

static void run_fixer(struct fix_cmd *fc, const ArbGame *game, int lang,
                      const struct position *start)
{
    collect_tokens(fc, game, fc->norms[lang]);
    search_tokens(fc, lang, start);
}

/* ---- variations, read as lines of their own ------------------------------------ */

static gboolean has_variation(const ArbGame *game);

enum {
    VARIATION_DEPTH_MAX = 32, /* variations nested deeper are kept as written */
    VARIATION_BACK_PLIES = 2, /* variation_start() */
};

/* The event a step stands at in the text: its last token's, or for a move
 * put in, just before the token after it (G_MAXUINT past the last). */
static guint step_event(const GArray *tokens, const struct fix_step *s)
{
    if (s->n_tokens)
        return g_array_index(tokens, struct fix_token, s->first_token + s->n_tokens - 1).event;
    return (guint)s->first_token < tokens->len
               ? g_array_index(tokens, struct fix_token, s->first_token).event
               : G_MAXUINT;
}

/* The step a variation opening at event open plays another way: the
 * line's move written last before it, or NULL. */
static const struct fix_step *variation_start(const GArray *steps, const GArray *tokens, guint open)
{
    const struct fix_step *last = NULL;
    for (guint k = 0; k < steps->len; k++) {
        const struct fix_step *s = &g_array_index(steps, struct fix_step, k);
        if (s->move == MOVE_NONE) continue;
        if (step_event(tokens, s) > open) break;
        last = s;
    }
    return last;
}

/* The step of a line that plays ply with a token written before event
 * open, or NULL. */
static const struct fix_step *written_step_at(const GArray *steps, const GArray *tokens, guint open,
                                              int ply)
{
    for (guint k = 0; k < steps->len; k++) {
        const struct fix_step *s = &g_array_index(steps, struct fix_step, k);
        if (s->move != MOVE_NONE && s->n_tokens > 0 && step_event(tokens, s) < open &&
            ply_before(s) == ply)
            return s;
    }
    return NULL;
}

/* Is the first move of fc->res read as written? */
static gboolean first_move_exact(const struct fix_cmd *fc)
{
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (s->move != MOVE_NONE) return s->change == FIX_NONE;
    }
    return FALSE;
}

/* A variation's first move number names ply hint, not the one it starts
 * at: the plies it gave the tokens after it are forgotten, up to the next
 * number. */
static void forget_misread_number(GArray *tokens, int hint)
{
    for (guint k = 0; k < tokens->len; k++) {
        struct fix_token *t = &g_array_index(tokens, struct fix_token, k);
        if (t->hint_ply != hint + (int)k) break;
        t->hint_ply = -1;
    }
}

/* Does fc->res read the variation's tokens as moves: resolved, its first
 * move written (not put in: a variation plays the move before another
 * way), and its moves cost an edit each at most on average, or half an edit
 * (a look-alike read: "(es)" for e5) when none reads as written? A book's
 * aside in brackets that holds a word or two ("(a)", "(see below)") stays
 * as written. */
static gboolean reads_as_moves(const struct fix_cmd *fc)
{
    int moves = 0, exact = 0;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (s->move == MOVE_NONE) continue;
        if (!moves++ && s->change == FIX_INSERTED) return FALSE;
        exact += s->change == FIX_NONE;
    }
    int most = exact ? moves * CONF_UNIT : moves * CONF_UNIT / 2;
    return !fc->res.unresolved && moves > 0 && fc->res.cost <= most;
}

/* The ')' that closes the '(' at event open, or G_MAXUINT before to. */
static guint variation_close(const ArbGame *game, guint open, guint to)
{
    int depth = 0;
    for (guint i = open; i < to; i++) {
        int kind = g_array_index(game->events, struct game_event, i).kind;
        if (kind == EV_BEGIN_VARIATION) depth++;
        if (kind == EV_END_VARIATION && --depth == 0) return i;
    }
    return G_MAXUINT;
}

/* Keeps what fc read last (its tokens and path) as line v's. */
static void keep_line(struct fix_cmd *fc, struct var_line *v)
{
    v->tokens = g_array_copy(fc->tokens);
    v->res = fc->res;
    v->res.steps = g_array_copy(fc->res.steps);
}

/* The variations that open among events [from, to) of a line (the main
 * line, or a variation's own), each read by the search as a line of its own
 * from where it starts (variation_start()) and kept in fc->variations when
 * it reads as moves; the variations nested in those in turn. fc->tokens and
 * fc->res hold the line before and after. */
static void solve_variations(struct fix_cmd *fc, const ArbGame *game, int lang, guint from,
                             guint to, int depth)
{
    g_autoptr(GArray) tokens = g_array_copy(fc->tokens);
    g_autoptr(GArray) steps = g_array_copy(fc->res.steps);
    struct fix_result line = fc->res;
    /* an unresolved line keeps the rest as written, variations and all */
    if (line.unresolved && (guint)line.cut_token < tokens->len)
        to = MIN(to, g_array_index(tokens, struct fix_token, line.cut_token).event);
    for (guint i = from; i < to; i++) {
        if (g_array_index(game->events, struct game_event, i).kind != EV_BEGIN_VARIATION) continue;
        guint close = variation_close(game, i, to);
        if (close == G_MAXUINT) break;
        collect_range(fc, game, fc->norms[lang], i + 1, close);
        int hint = fc->tokens->len ? g_array_index(fc->tokens, struct fix_token, 0).hint_ply : -1;
        const struct fix_step *at = fc->tokens->len ? variation_start(steps, tokens, i) : NULL;
        /* a first move number that names another ply: misread, or the
         * variation plays one of the moves before another way ("2. Nf3
         * Nc6 (2. Bc4 Bc5)"), which no PGN variation can stand after: it
         * is read from that move (and written after it), and from here
         * when its first move reads as written; the cheaper reading wins,
         * a tie the one its number names */
        const struct fix_step *earlier = NULL;
        g_autoptr(GArray) numbered = NULL;
        if (at && hint >= 0 && hint != ply_before(at)) {
            int back = ply_before(at) - hint;
            if (back > 0 && back <= VARIATION_BACK_PLIES)
                earlier = written_step_at(steps, tokens, i, hint);
            if (earlier) numbered = g_array_copy(fc->tokens);
            forget_misread_number(fc->tokens, hint);
        }
        gboolean kept = FALSE;
        struct var_line v = {.open = i, .close = close, .anchor = G_MAXUINT};
        if (at) {
            struct position start = at->before;
            search_tokens(fc, lang, &start);
            kept = reads_as_moves(fc) && (!earlier || first_move_exact(fc));
            if (kept) keep_line(fc, &v);
        }
        if (earlier) {
            g_array_set_size(fc->tokens, 0);
            g_array_append_vals(fc->tokens, numbered->data, numbered->len);
            struct position start = earlier->before;
            search_tokens(fc, lang, &start);
            if (reads_as_moves(fc) && (!kept || fc->res.cost <= v.res.cost)) {
                if (kept) var_line_clear(&v);
                v.anchor = step_event(tokens, earlier);
                keep_line(fc, &v);
                kept = TRUE;
            }
        }
        if (kept) { /* (the line its own variations are read in) */
            g_array_set_size(fc->tokens, 0);
            g_array_append_vals(fc->tokens, v.tokens->data, v.tokens->len);
            GArray *mine = fc->res.steps;
            g_array_set_size(mine, 0);
            g_array_append_vals(mine, v.res.steps->data, v.res.steps->len);
            fc->res = v.res;
            fc->res.steps = mine;
            g_array_append_val(fc->variations, v);
            if (depth < VARIATION_DEPTH_MAX)
                solve_variations(fc, game, lang, i + 1, close, depth + 1);
        } else { /* as written, its words too */
            memset(&g_array_index(fc->prose, guint8, i + 1), 0, close - i - 1);
        }
        i = close;
    }
    g_array_set_size(fc->tokens, 0);
    g_array_append_vals(fc->tokens, tokens->data, tokens->len);
    GArray *mine = fc->res.steps;
    g_array_set_size(mine, 0);
    g_array_append_vals(mine, steps->data, steps->len);
    fc->res = line;
    fc->res.steps = mine;
}

/* The game's variations (solve_variations()), read with no reviewer's
 * decisions (they name plies of the main line). */
static void solve_game_variations(struct fix_cmd *fc, const ArbGame *game, int lang)
{
    g_array_set_size(fc->variations, 0);
    if (fc->hcs || fc->nbest || fc->sources || !has_variation(game)) return;
    g_autoptr(GArray) points = g_array_copy(fc->points);
    g_array_set_size(fc->points, 0);
    /* (in the notation the game was read in: the last search was its) */
    fixer_keep_style(fixer_for(fc, lang), TRUE);
    solve_variations(fc, game, lang, 0, game->events->len, 1);
    fixer_keep_style(fixer_for(fc, lang), FALSE);
    g_array_append_vals(fc->points, points->data, points->len);
    fc->fresh = NULL; /* it read the variations last */
}

/* Are both players of game rated at least elo (its WhiteElo and BlackElo
 * tags)? Always for elo 0. */
static gboolean rated_enough(const ArbGame *game, int elo)
{
    if (!elo) return TRUE;
    const char *tags[] = {"WhiteElo", "BlackElo"};
    for (int k = 0; k < 2; k++) {
        const char *v = game_tag(game, tags[k]);
        char *end = NULL;
        gint64 n = v ? g_ascii_strtoll(v, &end, 10) : 0;
        if (!v || end == v || *end || n < elo) return FALSE;
    }
    return TRUE;
}

/* game's result: the first in the text, else its Result tag, as
 * game_termination() reads them. */
static const char *result_of(const ArbGame *game)
{
    const struct game_event *result = NULL;
    for (guint i = 0; !result && i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        if (ev->kind == EV_RESULT) result = ev;
    }
    return game_termination(result != NULL, result ? result->value : 0, game_tag(game, "Result"));
}

/* --engine: the engine (or the built-in search, with auto only in a game
 * of rated players) judges the doubtful moves of fc->res, which fixer made
 * from start for game, a drawn game's last two by repetition where it can
 * (with no engine too); an engine that fails is said once and used no
 * more. */
static void judge_moves(struct fix_cmd *fc, const ArbGame *game, ArbFixer *fixer,
                        const struct position *start)
{
    g_array_set_size(fc->verdicts, 0);
    const char *r = result_of(game);
    struct judge_game_info info = {
        .loser = !strcmp(r, "1-0")   ? BLACK
                 : !strcmp(r, "0-1") ? WHITE
                                     : -1,
        .drawn = !strcmp(r, "1/2-1/2"),
        .searched = fc->engine || (fc->builtin && rated_enough(game, fc->builtin_elo))};
    if (!info.searched && !info.drawn) return;
    g_autoptr(GError) error = NULL;
    if (judge_game(fixer, fc->engine, &fc->judge, &info, start,
                   (const struct fix_token *)fc->tokens->data, (int)fc->tokens->len,
                   (const struct fix_point *)fc->points->data, (int)fc->points->len,
                   fc->fresh == fixer, &fc->res, fc->verdicts, &error))
        return;
    fprintf(err_of(fc), "arbiter fix: %s; going on without it\n", error->message);
    engine_free(fc->engine);
    fc->engine = NULL;
    fc->engine_failed = TRUE;
}

static gboolean has_variation(const ArbGame *game)
{
    for (guint i = 0; i < game->events->len; i++)
        if (g_array_index(game->events, struct game_event, i).kind == EV_BEGIN_VARIATION)
            return TRUE;
    return FALSE;
}

/* Reads game again (in lang) and keeps that reading when it resolves what
 * the one before did not, or costs less; else the one before stays. */
static gboolean rerun_if_better(struct fix_cmd *fc, const ArbGame *game, int lang,
                                const struct position *start)
{
    g_autoptr(GArray) steps = g_array_copy(fc->res.steps);
    g_autoptr(GArray) tokens = g_array_copy(fc->tokens);
    g_autoptr(GArray) prose = g_array_copy(fc->prose);
    struct fix_result kept = fc->res;
    ArbFixer *fresh = fc->fresh;
    run_fixer(fc, game, lang, start);
    gboolean better =
        kept.unresolved != fc->res.unresolved ? kept.unresolved : fc->res.cost < kept.cost;
    if (better) return TRUE;
    g_array_set_size(fc->res.steps, 0);
    g_array_append_vals(fc->res.steps, steps->data, steps->len);
    g_array_set_size(fc->tokens, 0);
    g_array_append_vals(fc->tokens, tokens->data, tokens->len);
    g_array_set_size(fc->prose, 0);
    g_array_append_vals(fc->prose, prose->data, prose->len);
    GArray *mine = fc->res.steps;
    fc->res = kept;
    fc->res.steps = mine;
    fc->fresh = fresh == fc->fresh ? NULL : fresh; /* the fixer that read them, unless read over */
    return FALSE;
}

/* A game that reads badly with its variations may have had a stray '(' and
 * ')' put round main-line moves: it is read again with the variations as
 * main line, and that reading kept when it is cheaper (or resolves it).
 * Returns the game the result is for. */
static const ArbGame *try_flat(struct fix_cmd *fc, const ArbGame *game, int lang,
                               const struct position *start)
{
    if ((!fc->res.unresolved && fc->res.cost < 2 * CONF_UNIT) || !has_variation(game)) return game;
    if (!fc->flat) fc->flat = game_new();
    game_clear(fc->flat);
    fc->flat->number = game->number;
    fc->flat->first_line = game->first_line;
    game_append(fc->flat, game);
    mend_drop_variations(fc->flat, TRUE);
    return rerun_if_better(fc, fc->flat, lang, start) ? fc->flat : game;
}

static void keep_game(struct fix_cmd *fc, const ArbGame *game);

/* ---- the reviewer's decisions --------------------------------------------------- */

/* This game's decisions as fixed points of the search. */
static void set_fixed_points(struct fix_cmd *fc, const struct position *start)
{
    g_array_set_size(fc->points, 0);
    fc->start_ply = 2 * (start->fullmove - 1) + start->side;
    fc->game_decisions =
        decisions_for_game(fc->decisions, (guint64)fc->games, &fc->n_game_decisions);
    for (guint i = 0; i < fc->n_game_decisions; i++) {
        const struct decision *d = &fc->game_decisions[i];
        struct fix_point p = {.ply = fc->start_ply + d->ply - 1};
        g_strlcpy(p.uci, d->uci, sizeof p.uci);
        g_array_append_val(fc->points, p);
    }
}

static void decision_error(struct fix_cmd *fc, const struct decision *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *why = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    fprintf(err_of(fc), "arbiter fix: %s:%d: game %" G_GUINT64_FORMAT ", ply %d: decision %s %s\n",
            fc->decisions_path, d->file_line, d->game, d->ply, d->uci, why);
    fc->decision_errors++;
}

/* Is there a move token of the game at line:col (with --group, where the
 * report places it: in the first input that wrote it)? */
static gboolean token_at(const struct fix_cmd *fc, const ArbGame *game, guint64 line, guint64 col)
{
    for (guint t = 0; t < fc->tokens->len; t++) {
        guint64 l = 0, c = 0;
        token_place(fc, game, (int)t, &l, &c);
        if (l == line && c == col) return TRUE;
    }
    return FALSE;
}

/* The position at a ply (1-based) as far as the result shows it, or NULL. */
static const struct position *position_at(const struct fix_cmd *fc, const struct position *start,
                                          int ply, struct position *tmp)
{
    if (ply == 1) return start;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (s->move == MOVE_NONE || step_ply(fc, s) != ply - 1) continue;
        *tmp = s->before;
        pos_make_move(tmp, s->move);
        return tmp;
    }
    return NULL;
}

/* Every decision of the game must hold in the result: its ply reached and
 * played by its move, and its source token still there. */
static void check_decisions(struct fix_cmd *fc, const ArbGame *game, const struct position *start,
                            gboolean no_start)
{
    for (guint i = 0; i < fc->n_game_decisions; i++) {
        const struct decision *d = &fc->game_decisions[i];
        const struct fix_step *at = NULL;
        const struct position *pos;
        struct position tmp;
        for (guint k = 0; !no_start && k < fc->res.steps->len && !at; k++) {
            const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
            if (s->move != MOVE_NONE && step_ply(fc, s) == d->ply) at = s;
        }
        if (d->line && !token_at(fc, game, d->line, d->col))
            decision_error(fc, d,
                           "no longer fits: no move token at line %" G_GUINT64_FORMAT
                           ":%" G_GUINT64_FORMAT " (the input changed?)",
                           d->line, d->col);
        else if (!at && !no_start && (pos = position_at(fc, start, d->ply, &tmp)) &&
                 uci_parse(pos, d->uci, strlen(d->uci)) == MOVE_NONE)
            decision_error(fc, d, "no longer fits: illegal at that ply");
        else if (!at)
            decision_error(fc, d, "no longer fits: the corrected game does not reach that ply");
        else if (uci_parse(&at->before, d->uci, strlen(d->uci)) == MOVE_NONE)
            decision_error(fc, d, "no longer fits: illegal at that ply");
        else if (uci_parse(&at->before, d->uci, strlen(d->uci)) != at->move)
            decision_error(fc, d, "could not be kept: no reading of the game fits it");
    }
}

/* Decisions for games the input does not have. */
static void check_unknown_games(struct fix_cmd *fc)
{
    for (guint i = 0; fc->decisions && i < fc->decisions->len; i++) {
        const struct decision *d = &g_array_index(fc->decisions, struct decision, i);
        if (d->game > (guint64)fc->games)
            decision_error(fc, d, "no longer fits: the input has %d games", fc->games);
    }
}

/* ---- games that may be readings of one game ------------------------------------- */

enum {
    PAIR_PLIES = 20,     /* games whose first plies are the same ... */
    PAIR_AGREE = 50,     /* ... and that agree on this percentage of all plies */
    PAIR_CANDIDATES = 8, /* games kept per opening to compare with */
};

/* A game remembered for pairing: its id and its moves in UCI. */
struct seen_game {
    int id;
    GPtrArray *moves; /* char * */
};

static void seen_free(gpointer p)
{
    GPtrArray *games = p;
    for (guint i = 0; i < games->len; i++)
        g_ptr_array_free(((struct seen_game *)g_ptr_array_index(games, i))->moves, TRUE);
    g_ptr_array_free(games, TRUE);
}

/* Of two move lists, the share (in percent) of plies with the same move,
 * over the longer. */
static int agreement(const GPtrArray *a, const GPtrArray *b)
{
    guint n = MAX(a->len, b->len), same = 0;
    for (guint i = 0; i < MIN(a->len, b->len); i++)
        same += !strcmp(g_ptr_array_index(a, i), g_ptr_array_index(b, i));
    return n ? (int)(100 * same / n) : 0;
}

/* Offers the game just fixed as the pair of the one before it under key
 * that agrees best with it (tags: any), and remembers it there. */
static void offer_pair(struct fix_cmd *fc, char *key, const char *reason, GPtrArray *moves)
{
    GPtrArray *games = g_hash_table_lookup(fc->seen, key);
    if (!games) {
        games = g_ptr_array_new_with_free_func(g_free);
        g_hash_table_insert(fc->seen, key, games);
    } else {
        g_free(key);
    }
    int best = -1, best_id = 0;
    for (guint i = 0; i < games->len; i++) {
        const struct seen_game *g = g_ptr_array_index(games, i);
        int a = moves ? agreement(moves, g->moves) : 100;
        if (a > best) best = a, best_id = g->id;
    }
    if (best >= (moves ? PAIR_AGREE : 0))
        g_string_append_printf(fc->pairs, "%d %d %s\n", best_id, fc->games, reason);
    if (games->len >= PAIR_CANDIDATES) {
        if (moves) g_ptr_array_free(moves, TRUE);
        return;
    }
    struct seen_game *g = g_new(struct seen_game, 1);
    *g = (struct seen_game){fc->games, moves ? moves : g_ptr_array_new()};
    g_ptr_array_add(games, g);
}

/* Remembers the game just fixed by its tags (players, event, round and date
 * all known) and by its first PAIR_PLIES moves; a game seen before with the
 * same tags, or the same first plies and PAIR_AGREE of all, is offered as its
 * pair in the report. */
static void note_for_pairs(struct fix_cmd *fc, const ArbGame *game)
{
    if (!fc->report) return;
    if (!fc->seen) {
        fc->seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, seen_free);
        fc->pairs = g_string_new(NULL);
    }
    static const char *const names[] = {"White", "Black", "Event", "Round", "Date"};
    GString *key = g_string_new("tags");
    for (gsize i = 0; i < G_N_ELEMENTS(names) && key; i++) {
        const char *v = game_tag(game, names[i]);
        if (!v || !*v || strchr(v, '?')) {
            g_string_free(key, TRUE);
            key = NULL;
        } else {
            g_string_append_printf(key, "\t%s", v);
        }
    }
    if (key) offer_pair(fc, g_string_free(key, FALSE), "tags", NULL);
    GPtrArray *moves = g_ptr_array_new_with_free_func(g_free);
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (s->move == MOVE_NONE) continue;
        char uci[UCI_MAX + 1];
        uci[uci_write(&s->before, s->move, uci)] = 0;
        g_ptr_array_add(moves, g_strdup(uci));
    }
    if (moves->len < PAIR_PLIES) {
        g_ptr_array_free(moves, TRUE);
        return;
    }
    key = g_string_new("moves");
    for (guint k = 0; k < PAIR_PLIES; k++)
        g_string_append_printf(key, " %s", (const char *)g_ptr_array_index(moves, k));
    offer_pair(fc, g_string_free(key, FALSE), "moves", moves);
}

static void report_pairs(struct fix_cmd *fc)
{
    if (!fc->pairs) return;
    g_auto(GStrv) lines = g_strsplit(fc->pairs->str, "\n", -1);
    for (char **l = lines; *l && **l; l++) {
        g_auto(GStrv) f = g_strsplit(*l, " ", 3);
        xml_start(fc, "pair");
        xml_attr(fc, "first", f[0]);
        xml_attr(fc, "second", f[1]);
        xml_attr(fc, "reason", f[2]);
        xml_end(fc);
    }
    g_string_free(fc->pairs, TRUE);
    g_hash_table_destroy(fc->seen);
    fc->pairs = NULL;
    fc->seen = NULL;
}

/* What solving a game found, before the engine judges it and it is written:
 * with the moves in fc->res and fc->tokens. */
struct solved {
    int lang;
    gboolean no_start; /* the moves cannot be played: a bad FEN, a fragment */
    struct position start;
    char message[240]; /* why, when no_start */
    /* with --from LANG, when most of the game's moves needed a correction
     * and another language reads far more of them as written: it, and how
     * many moves each reads before the first it cannot (else -1); or, where
     * the text is damaged, whose piece initials many more tokens start with
     * (better_moves -1): how many tokens each language's initials begin */
    int better_lang, better_moves, forced_moves;
    int better_letters, forced_letters;
};

/* Do the game's tokens (collect_tokens()) start later in a game, with no
 * tags to say where ("Nach 11... Lg4 zerlegte er seinen Gegner wie folgt:
 * 12. f3 b4 13. Sa4", a book quoting a game from its middle)? The first
 * token's number names a ply past the first move, the next ones' numbers
 * follow on from it one ply a token, and it is no legal move from start as
 * norm reads it (damage makes "1." a "7." now and then, but the game's first
 * move still plays). A game with tags and no FEN starts at the start, as PGN
 * has it ("11. Nf8 d\\5 2. c4" is a damaged "1. Nf3 d5"). *number: the move
 * it starts at. */
static gboolean starts_later(const struct fix_cmd *fc, const ArbGame *game, ArbNorm *norm,
                             const struct position *start, int *number)
{
    const struct fix_token *t = (const struct fix_token *)fc->tokens->data;
    guint n = fc->tokens->len, agree = 0;
    if (n < 3 || t[0].hint_ply < 2 || game_has_event(game, EV_TAG)) return FALSE;
    for (guint k = 1; k < n && k < STARTS_LATER_TOKENS; k++) {
        if (t[k].hint_ply < 0) continue;
        if (t[k].hint_ply != t[0].hint_ply + (int)k) return FALSE;
        agree++;
    }
    if (agree < 2) return FALSE;
    struct resolve_answer a;
    resolve_token(norm, start, t[0].cands[0].text, t[0].cands[0].len, &a);
    *number = t[0].hint_ply / 2 + 1;
    return a.status != SAN_OK;
}

/* With --from LANG: does another language read the game far better
 * (sv->better_lang): every move as written where LANG needs a guess for
 * half of them or cannot read one? Or, a damaged text being read as no
 * language reads it as written, do twice as many of its tokens (and a few
 * more) start with that language's piece initials ("Кf6", "Фa4+" read as
 * German: a text in Russian, fix's guesses slow and poor)? Asked only of a
 * game a third of whose moves fix corrected, so a right --from costs next
 * to nothing. */
static void check_forced_language(struct fix_cmd *fc, const ArbGame *game, struct solved *sv)
{
    if (fc->forced < 0 || fc->hcs || fc->nbest) return;
    int moves = 0, corrected = 0;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        moves += s->move != MOVE_NONE;
        corrected += s->move != MOVE_NONE && s->change != FIX_NONE;
    }
    if (moves < FORCED_CHECK_MOVES || 3 * corrected < moves) return;
    int forced = fc->forced, runner_up;
    int lang = detect_language(fc, game, &runner_up);
    if (lang == forced) return;
    struct replay_result as_forced, as_other;
    replay_game(game, fc->norms[forced], NULL, &as_forced);
    replay_game(game, fc->norms[lang], NULL, &as_other);
    if (as_other.errors || as_other.cost || as_other.moves < as_forced.moves ||
        (!as_forced.errors && 2 * as_forced.cost < as_forced.moves)) {
        int other_letters = letters_covered(norm_lang(fc->norms[lang]), game);
        int forced_letters = letters_covered(norm_lang(fc->norms[forced]), game);
        if (other_letters < 2 * forced_letters + FORCED_CHECK_MOVES / 2) return;
        sv->better_lang = lang;
        sv->better_moves = -1;
        sv->better_letters = other_letters;
        sv->forced_letters = forced_letters;
        return;
    }
    sv->better_lang = lang;
    sv->better_moves = as_other.moves;
    sv->forced_moves = as_forced.errors ? -1 : as_forced.cost;
}

/* Game number fc->games read and searched (on a worker with --jobs);
 * returns the game the result is for: game, or fc->flat. */
static const ArbGame *solve_game(struct fix_cmd *fc, const ArbGame *game, struct solved *sv)
{
    g_string_chunk_clear(fc->glued);
    g_array_set_size(fc->variations, 0);
    sv->better_lang = -1;
    int runner_up;
    sv->lang = choose_language(fc, game, &runner_up);
    char fen_message[200];
    int first;
    sv->no_start = !replay_start_position(game, &sv->start, fen_message, sizeof fen_message);
    if (sv->no_start) {
        g_snprintf(sv->message, sizeof sv->message, "bad FEN (%s)", fen_message);
    } else {
        collect_tokens(fc, game, fc->norms[sv->lang]);
        sv->no_start = !fc->hcs && !fc->nbest &&
                       starts_later(fc, game, fc->norms[sv->lang], &sv->start, &first);
        if (sv->no_start)
            g_snprintf(sv->message, sizeof sv->message,
                       "its moves start at move %d and there is no FEN: the moves before are "
                       "missing",
                       first);
    }
    set_fixed_points(fc, &sv->start);
    g_array_set_size(fc->res.steps, 0);
    fc->res.unresolved = sv->no_start;
    fc->res.cost = 0;
    if (sv->no_start) return game;
    search_tokens(fc, sv->lang, &sv->start);
    if (runner_up >= 0 && fc->res.cost > 0 && rerun_if_better(fc, game, runner_up, &sv->start))
        sv->lang = runner_up;
    check_forced_language(fc, game, sv);
    const ArbGame *solved = try_flat(fc, game, sv->lang, &sv->start);
    ArbFixer *fixer = fixer_for(fc, sv->lang);
    /* (not on a sheet's cells, whose steps are less sure: there it took
     * twice the time for 4 more plies of 3248 where two sheets agree) */
    if (fc->res.cost > 0 && !fc->hcs && !fc->nbest)
        judge_rivals(fixer, &sv->start, (const struct fix_token *)fc->tokens->data,
                     (int)fc->tokens->len, (const struct fix_point *)fc->points->data,
                     (int)fc->points->len, fc->fresh == fixer, &fc->res);
    if (fc->builtin) judge_moves(fc, game, fixer, &sv->start);
    solve_game_variations(fc, solved, sv->lang);
    return solved;
}

/* A UCI engine's verdicts on a solved game, then its PGN, report and
 * counts: always on the main thread, in input order. */
static void write_solved(struct fix_cmd *fc, const ArbGame *game, const struct solved *sv)
{
    if (sv->better_lang >= 0 && !fc->said_better_lang) { /* (once a run) */
        fc->said_better_lang = TRUE;
        const char *other = arb_lang_code(norm_lang(fc->norms[sv->better_lang]));
        const char *forced = arb_lang_code(norm_lang(fc->norms[fc->forced]));
        char why[120];
        if (sv->better_moves < 0)
            g_snprintf(why, sizeof why,
                       "looks like %s: %d of its moves start with a piece initial of %s, %d with "
                       "one of %s",
                       other, sv->better_letters, other, sv->forced_letters, forced);
        else if (sv->forced_moves < 0)
            g_snprintf(why, sizeof why,
                       "reads as %s, its %d moves as written, but as %s a move cannot be read",
                       other, sv->better_moves, forced);
        else
            g_snprintf(why, sizeof why,
                       "reads as %s, its %d moves as written, but as %s %d of them need a guess",
                       other, sv->better_moves, forced, sv->forced_moves);
        fprintf(err_of(fc),
                "%s:%" G_GUINT64_FORMAT ": note: game %" G_GUINT64_FORMAT
                " %s: is --from %s right? (said once)\n",
                fc->file_name, game->first_line, game->number, why, forced);
    }
    if (!sv->no_start && !fc->builtin) judge_moves(fc, game, fixer_for(fc, sv->lang), &sv->start);
    const char *status = fc->res.unresolved ? "unresolved"
                         : fc->res.changed  ? "corrected"
                                            : "clean";
    if (fc->res.unresolved) {
        fc->unresolved++;
        fprintf(err_of(fc),
                "%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT ": unresolved%s%s\n",
                fc->file_name, game->first_line, game->number, sv->no_start ? ": " : "",
                sv->no_start ? sv->message : "");
    } else if (fc->res.changed) {
        fc->corrected++;
    }
    check_decisions(fc, game, &sv->start, sv->no_start);
    write_game(fc, game, sv->lang, sv->no_start, sv->message);
    report_game(fc, game, sv->lang, status, sv->no_start ? NULL : &sv->start, sv->message);
    if (!sv->no_start) note_for_pairs(fc, game);
    draw_progress(fc, game);
}

static void fix_game(struct fix_cmd *fc, const ArbGame *game)
{
    if (fc->collect) {
        keep_game(fc, game);
        return;
    }
    fc->games++;
    struct solved sv;
    game = solve_game(fc, game, &sv);
    write_solved(fc, game, &sv);
}

/* ---- --jobs: games solved on worker threads, written in input order ---------- */

/* A game given to the workers, or a message of the reader's that waits
 * for the games before it to be written. */
struct fix_job {
    ArbGame *game, *flat; /* flat: the game read again without its variations */
    char *message;        /* a message job: only this, for err */
    guint64 number;       /* fc->games when it is written */
    struct solved sv;
    struct fix_result res;
    GArray *tokens, *prose, *verdicts, *variations;
    GStringChunk *glued;
    gboolean done; /* under fc->jobs_lock */
};

static void job_free(struct fix_job *job)
{
    if (job->game) game_free(job->game);
    if (job->flat) game_free(job->flat);
    if (job->res.steps) g_array_free(job->res.steps, TRUE);
    if (job->tokens) g_array_free(job->tokens, TRUE);
    if (job->prose) g_array_free(job->prose, TRUE);
    if (job->verdicts) g_array_free(job->verdicts, TRUE);
    if (job->variations) g_array_free(job->variations, TRUE);
    if (job->glued) g_string_chunk_free(job->glued);
    g_free(job->message);
    g_free(job);
}

/* Trades the arrays a game's solution is in between a command and a job. */
static void trade(struct fix_cmd *fc, struct fix_job *job)
{
    GArray *tokens = fc->tokens, *prose = fc->prose, *verdicts = fc->verdicts;
    GArray *variations = fc->variations;
    GStringChunk *glued = fc->glued;
    fc->tokens = job->tokens, fc->prose = job->prose, fc->glued = job->glued;
    fc->verdicts = job->verdicts, fc->variations = job->variations;
    job->tokens = tokens, job->prose = prose, job->glued = glued, job->verdicts = verdicts;
    job->variations = variations;
}

/* A worker: solves job on an idle copy of the command (its own tables and
 * fixers) and hands the result over in the job's arrays. */
static void work(gpointer data, gpointer user_data)
{
    struct fix_job *job = data;
    struct fix_cmd *fc = user_data, *w = g_async_queue_pop(fc->idle);
    w->games = (int)job->number;
    const ArbGame *game = solve_game(w, job->game, &job->sv);
    if (game != job->game) { /* job->flat is NULL */
        job->flat = w->flat;
        w->flat = NULL;
    }
    GArray *steps = job->res.steps; /* empty */
    job->res = w->res;
    w->res.steps = steps;
    trade(w, job);
    g_async_queue_push(fc->idle, w);
    g_mutex_lock(&fc->jobs_lock);
    job->done = TRUE;
    g_cond_broadcast(&fc->jobs_done);
    g_mutex_unlock(&fc->jobs_lock);
}

/* Writes the job at the head of the queue, which is done. */
static void write_job(struct fix_cmd *fc, struct fix_job *job)
{
    if (job->message) {
        fputs(job->message, err_of(fc));
        return;
    }
    fc->games++;
    GArray *steps = fc->res.steps;
    fc->res = job->res;
    job->res.steps = steps;
    trade(fc, job);
    set_fixed_points(fc, &job->sv.start);
    write_solved(fc, job->flat ? job->flat : job->game, &job->sv);
}

/* Writes the jobs at the head of the queue that are done, waiting for the
 * head while the queue holds more than keep. */
static void write_done_jobs(struct fix_cmd *fc, guint keep)
{
    for (;;) {
        struct fix_job *job = g_queue_peek_head(fc->queue);
        if (!job) return;
        g_mutex_lock(&fc->jobs_lock);
        while (!job->done && fc->queue->length > keep)
            g_cond_wait(&fc->jobs_done, &fc->jobs_lock);
        gboolean done = job->done;
        g_mutex_unlock(&fc->jobs_lock);
        if (!done) return;
        g_queue_pop_head(fc->queue);
        write_job(fc, job);
        job_free(job);
    }
}

static struct fix_cmd *fix_cmd_make(const struct fix_cmd_options *options, FILE *err,
                                    const struct fix_cmd *main);

/* The workers and their copies of the command, made for the first game. */
static void start_jobs(struct fix_cmd *fc)
{
    fc->idle = g_async_queue_new();
    for (int i = 0; i < fc->jobs; i++) {
        struct fix_cmd *w = fix_cmd_make(&fc->options, fc->err, fc);
        w->decisions = fc->decisions; /* read only; fc frees it */
        w->alternatives = fc->report != NULL;
        g_async_queue_push(fc->idle, w);
    }
    fc->pool = g_thread_pool_new(work, fc, fc->jobs, FALSE, NULL);
}

static void stop_jobs(struct fix_cmd *fc)
{
    if (!fc->pool) return;
    write_done_jobs(fc, 0);
    g_thread_pool_free(fc->pool, FALSE, TRUE);
    for (int i = 0; i < fc->jobs; i++) {
        struct fix_cmd *w = g_async_queue_pop(fc->idle);
        w->decisions = NULL;
        fix_cmd_free(w);
    }
    g_async_queue_unref(fc->idle);
    fc->pool = NULL;
    fc->idle = NULL;
}

/* Hands the pending game to the workers. */
static void submit_pending(struct fix_cmd *fc)
{
    if (!fc->pool) start_jobs(fc);
    struct fix_job *job = g_new0(struct fix_job, 1);
    job->game = fc->pending;
    fc->pending = NULL;
    job->number = ++fc->submitted;
    job->res.steps = g_array_new(FALSE, FALSE, sizeof(struct fix_step));
    job->tokens = g_array_new(FALSE, FALSE, sizeof(struct fix_token));
    job->prose = g_array_new(FALSE, TRUE, 1);
    job->verdicts = g_array_new(FALSE, FALSE, sizeof(struct judge_verdict));
    job->variations = var_lines_new();
    job->glued = g_string_chunk_new(256);
    g_queue_push_tail(fc->queue, job);
    g_thread_pool_push(fc->pool, job, NULL);
    write_done_jobs(fc, (guint)fc->jobs * JOBS_AHEAD);
}

static void flush_pending(struct fix_cmd *fc)
{
    if (!fc->has_pending) return;
    fc->has_pending = FALSE;
    mend_drop_variations(fc->pending, FALSE);
    if (fc->jobs > 1 && !fc->collect)
        submit_pending(fc);
    else
        fix_game(fc, fc->pending);
}

/* Holds each game until the next one shows whether the reader split it. */
static void on_game(ArbGame *game, const ArbGameSummary *summary, gpointer ud)
{
    struct fix_cmd *fc = ud;
    if (fc->has_pending && mend_continues(fc->pending, game)) {
        mend_castling_again(fc->pending);
        game_append(fc->pending, game);
        return;
    }
    flush_pending(fc);
    if (!fc->pending) fc->pending = game_new();
    game_clear(fc->pending);
    fc->pending->number = game->number;
    fc->pending->first_line = game->first_line;
    fc->pending->failed = game->failed;
    game_append(fc->pending, game);
    fc->has_pending = TRUE;
}

static void on_problem(const ArbProblem *p, gpointer ud)
{
    struct fix_cmd *fc = ud;
    if (p->severity == ARB_PROBLEM_ERROR) fc->failed++;
    char *text = g_strdup_printf(
        "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": %s%s\n", fc->file_name, p->line, p->col,
        p->severity == ARB_PROBLEM_ERROR ? "error: " : "warning: ", p->message);
    if (fc->queue && fc->queue->length) { /* after the games before it */
        struct fix_job *job = g_new0(struct fix_job, 1);
        job->message = text;
        job->done = TRUE;
        g_queue_push_tail(fc->queue, job);
        return;
    }
    fputs(text, err_of(fc));
    g_free(text);
}

/* ---- HCS labels ------------------------------------------------------------------- */

static void on_sheet(ArbGame *game, const char *name, gpointer ud)
{
    fix_game(ud, game);
}

static void on_hcs_warning(guint64 line, const char *message, gpointer ud)
{
    struct fix_cmd *fc = ud;
    if (line)
        fprintf(err_of(fc), "%s:%" G_GUINT64_FORMAT ": warning: %s\n", fc->file_name, line,
                message);
    else
        fprintf(err_of(fc), "%s: warning: %s\n", fc->file_name, message);
}

static void fix_hcs_text(struct fix_cmd *fc, const char *text, gsize len)
{
    const ArbHcsVisitor visitor = {on_sheet, on_hcs_warning, fc};
    if (fc->nbest)
        nbest_read(text, len, &visitor);
    else
        hcs_read(text, len, &visitor);
}

/* stdin as a stream (a new reference), with the bytes sniffed, if any. */
static GInputStream *stdin_stream(struct fix_cmd *fc)
{
    return fc->stdin_in ? g_object_ref(fc->stdin_in) : g_unix_input_stream_new(0, FALSE);
}

/* "<game>_<page>_<move>_<white|black>.png <label>" lines, or n-best lines
 * (src/hcs.c). */
static gboolean read_hcs(struct fix_cmd *fc, const char *path)
{
    g_autofree char *text = NULL;
    gsize len = 0;
    g_autoptr(GError) err = NULL;
    if (!strcmp(path, "-")) {
        g_autoptr(GInputStream) in = stdin_stream(fc);
        GString *all = g_string_new(NULL);
        char buf[65536];
        gssize n;
        while ((n = g_input_stream_read(in, buf, sizeof buf, NULL, &err)) > 0)
            g_string_append_len(all, buf, n);
        len = all->len;
        text = g_string_free(all, FALSE);
        if (n < 0) {
            fprintf(err_of(fc), "arbiter fix: -: %s\n", err->message);
            return FALSE;
        }
    } else if (!g_file_get_contents(path, &text, &len, &err)) {
        fprintf(err_of(fc), "arbiter fix: %s: %s\n", path, err->message);
        return FALSE;
    }
    fix_hcs_text(fc, text, len);
    return TRUE;
}

/* ---- the command ------------------------------------------------------------------ */

static void begin_input(struct fix_cmd *fc, const char *name)
{
    fc->file_name = name;
    if (!fc->report || fc->collect) return;
    xml_start(fc, "input");
    xml_attr(fc, "name", name);
}

static void end_input(struct fix_cmd *fc)
{
    if (fc->report && !fc->collect) xml_end(fc);
    if (fc->source) fclose(fc->source);
    fc->source = NULL;
}

static gboolean read_games(struct fix_cmd *fc, ArbReader *reader)
{
    g_autoptr(GError) error = NULL;
    reader_set_result_closes(reader, TRUE);
    reader_set_confusion(reader, fc->conf);
    gboolean ok = reader_read_all(reader, &error);
    reader_free(reader);
    flush_pending(fc);
    write_done_jobs(fc, 0);
    if (!ok) fprintf(err_of(fc), "arbiter fix: %s: %s\n", fc->file_name, error->message);
    return ok;
}

static gboolean fix_stream(struct fix_cmd *fc, GInputStream *in)
{
    g_autoptr(ArbGame) game = game_new();
    ArbRecorder rec = {game, on_game, on_problem, fc};
    return read_games(fc, reader_new_for_stream(in, NULL, &game_recorder_visitor, &rec));
}

gboolean fix_cmd_read_file(struct fix_cmd *fc, const char *path)
{
    begin_input(fc, path);
    if (fc->report && !fc->collect && strcmp(path, "-")) {
        fc->source = fopen(path, "rb"); /* the report quotes the source lines */
        fc->source_line = 0;
    }
    gboolean ok;
    if (fc->hcs || fc->nbest) {
        ok = read_hcs(fc, path);
    } else {
        g_autoptr(GFile) file = !strcmp(path, "-") ? NULL : g_file_new_for_commandline_arg(path);
        g_autoptr(GError) ferr = NULL;
        g_autoptr(GInputStream) in =
            file ? G_INPUT_STREAM(g_file_read(file, NULL, &ferr)) : stdin_stream(fc);
        if (!in) fprintf(err_of(fc), "arbiter fix: %s: %s\n", path, ferr->message);
        g_autoptr(GFileInfo) info =
            in && file ? g_file_input_stream_query_info(G_FILE_INPUT_STREAM(in),
                                                        G_FILE_ATTRIBUTE_STANDARD_SIZE, NULL, NULL)
                       : NULL;
        fc->input_size = info ? (guint64)g_file_info_get_size(info) : 0;
        fc->input_done = 0;
        ok = in && fix_stream(fc, in);
    }
    end_input(fc);
    return ok;
}

/* ---- several readings of one game (--group, --pair) ------------------------------ */

static void keep_game(struct fix_cmd *fc, const ArbGame *game)
{
    ArbGame *copy = game_new();
    copy->number = game->number;
    copy->first_line = game->first_line;
    copy->failed = game->failed;
    game_append(copy, game);
    g_ptr_array_add(fc->collect, copy);
}

/* The readings of one game by n inputs as one token stream: each input's
 * tokens stand for the ply their move number names, else the one after the
 * token before (never backwards); the tokens of all inputs for one ply
 * become one token with a candidate per input. */
/* A reading in one language with its piece initials in another's ("Sf3"
 * in German is "Nf3" in English): at the start and after a capture or
 * promotion mark. */
static const char *translate_reading(struct fix_cmd *fc, const ArbLang *from, const ArbLang *to,
                                     const char *text, gsize len)
{
    GString *out = g_string_sized_new(len + 8);
    gboolean piece_may_follow = TRUE;
    for (gsize i = 0; i < len;) {
        ArbPieceMatch m[ARB_LANG_MATCH_MAX];
        guint n = piece_may_follow ? arb_lang_match_pieces(from, text + i, len - i, ARB_MATCH_EXACT,
                                                           m, G_N_ELEMENTS(m))
                                   : 0;
        if (n && m[0].type != PAWN) {
            g_string_append(out, arb_lang_initial(to, m[0].type, FALSE));
            i += m[0].length;
            piece_may_follow = FALSE;
            continue;
        }
        piece_may_follow = strchr("x:=", text[i]) != NULL;
        g_string_append_c(out, text[i++]);
    }
    const char *kept = g_string_chunk_insert_len(fc->translated, out->str, (gssize)out->len);
    g_string_free(out, TRUE);
    return kept;
}

/* One move of the fused game: the token each input gives it (-1: none),
 * the ply the first one's move numbers name, and the ply the fixer is told
 * (-1 where the inputs' numbers disagree). */
struct slot {
    int ply, hint;
    int tok[FIX_CANDS_MAX];
};

/* How unlike two readings are, 0 (the same) to 1: their edit distance
 * over the longer length. */
static double reading_distance(const char *a, gsize la, const char *b, gsize lb)
{
    if (!la || !lb) return 1;
    la = MIN(la, 32), lb = MIN(lb, 32);
    int row[33];
    for (gsize j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (gsize i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (gsize j = 1; j <= lb; j++) {
            int v = MIN(row[j], row[j - 1]) + 1;
            v = MIN(v, diag + (g_ascii_tolower(a[i - 1]) != g_ascii_tolower(b[j - 1])));
            diag = row[j];
            row[j] = v;
        }
    }
    return (double)row[lb] / (double)MAX(la, lb);
}

enum { ALIGN_MAX = 1024 }; /* tokens per input aligned by content; longer by plies */
#define ALIGN_GAP     0.6  /* a token only one input has */
#define ALIGN_PLY     0.1  /* per ply the move numbers of two matched tokens differ */
#define ALIGN_PLY_MAX 0.5

/* Aligns input j's tokens (b, with their plies) to the slots so far by
 * what they read (an edit distance, in the first input's letters) and,
 * more weakly, by their move numbers: a cell one sheet wrote a row off, or
 * a sheet that starts later, still meets the same move of the other. */
/* The same by move numbers alone: a token goes with the slot of its ply. */
static void align_by_plies(GArray *slots, guint j, const GArray *plies)
{
    GArray *out = g_array_sized_new(FALSE, FALSE, sizeof(struct slot), slots->len + plies->len);
    guint x = 0, y = 0;
    while (x < slots->len || y < plies->len) {
        int pa = x < slots->len ? g_array_index(slots, struct slot, x).ply : G_MAXINT;
        int pb = y < plies->len ? g_array_index(plies, int, y) : G_MAXINT;
        struct slot sl = {.ply = MIN(pa, pb), .hint = MIN(pa, pb)};
        for (guint k = 0; k < FIX_CANDS_MAX; k++)
            sl.tok[k] = -1;
        if (pa <= pb) sl = g_array_index(slots, struct slot, x++);
        if (pb <= pa) sl.tok[j] = (int)y++;
        g_array_append_val(out, sl);
    }
    g_array_set_size(slots, 0);
    g_array_append_vals(slots, out->data, out->len);
    g_array_free(out, TRUE);
}

static void align_input(GArray *slots, guint j, const GArray *plies,
                        const char *const *texts[FIX_CANDS_MAX],
                        const gsize *const lens[FIX_CANDS_MAX])
{
    guint na = slots->len, nb = plies->len;
    if (na > ALIGN_MAX || nb > ALIGN_MAX) {
        align_by_plies(slots, j, plies);
        return;
    }
    double *cost = g_new(double, (gsize)(na + 1) * (nb + 1));
    guint8 *move = g_new(guint8, (gsize)(na + 1) * (nb + 1)); /* 0 match, 1 a only, 2 b only */
#define AT(x, y) ((gsize)(x) * (nb + 1) + (y))
    for (guint x = 0; x <= na; x++)
        for (guint y = 0; y <= nb; y++) {
            if (!x && !y) {
                cost[0] = 0;
                continue;
            }
            double best = G_MAXDOUBLE;
            guint8 how = 0;
            if (x && y) {
                const struct slot *sl = &g_array_index(slots, struct slot, x - 1);
                guint k = 0;
                while (sl->tok[k] < 0)
                    k++;
                double d = reading_distance(texts[k][sl->tok[k]], lens[k][sl->tok[k]],
                                            texts[j][y - 1], lens[j][y - 1]);
                int off = abs(sl->ply - g_array_index(plies, int, y - 1));
                best = cost[AT(x - 1, y - 1)] + d + MIN(ALIGN_PLY * off, ALIGN_PLY_MAX);
            }
            if (x && cost[AT(x - 1, y)] + ALIGN_GAP < best)
                best = cost[AT(x - 1, y)] + ALIGN_GAP, how = 1;
            if (y && cost[AT(x, y - 1)] + ALIGN_GAP < best)
                best = cost[AT(x, y - 1)] + ALIGN_GAP, how = 2;
            cost[AT(x, y)] = best;
            move[AT(x, y)] = how;
        }
    GArray *out = g_array_sized_new(FALSE, FALSE, sizeof(struct slot), na + nb);
    guint x = na, y = nb;
    while (x || y) { /* the path back, slots in reverse */
        guint8 how = move[AT(x, y)];
        struct slot sl;
        if (how == 2) {
            sl.ply = sl.hint = g_array_index(plies, int, y - 1);
            for (guint k = 0; k < FIX_CANDS_MAX; k++)
                sl.tok[k] = -1;
        } else {
            sl = g_array_index(slots, struct slot, x - 1);
            if (!how && sl.ply != g_array_index(plies, int, y - 1)) sl.hint = -1;
        }
        sl.tok[j] = how == 1 ? -1 : (int)y - 1;
        g_array_append_val(out, sl);
        x -= how != 2;
        y -= how != 1;
    }
#undef AT
    g_array_set_size(slots, 0);
    for (guint i = out->len; i > 0; i--)
        g_array_append_val(slots, g_array_index(out, struct slot, i - 1));
    g_array_free(out, TRUE);
    g_free(cost);
    g_free(move);
}

static void fuse_tokens(struct fix_cmd *fc, ArbGame *const *games, guint n, const int *langs,
                        int start_ply)
{
    GArray *per[FIX_CANDS_MAX];
    GArray *plies[FIX_CANDS_MAX];
    const char **texts[FIX_CANDS_MAX];
    gsize *lens[FIX_CANDS_MAX];
    g_assert(n >= 1 && n <= FIX_CANDS_MAX);
    if (!fc->translated) fc->translated = g_string_chunk_new(4096);
    g_string_chunk_clear(fc->translated);
    const ArbLang *to = norm_lang(fc->norms[langs[0]]);
    for (guint j = 0; j < n; j++) {
        collect_tokens(fc, games[j], fc->norms[langs[j]]);
        per[j] = g_array_copy(fc->tokens);
        plies[j] = g_array_sized_new(FALSE, FALSE, sizeof(int), per[j]->len);
        texts[j] = g_new(const char *, per[j]->len + 1);
        lens[j] = g_new(gsize, per[j]->len + 1);
        const ArbLang *from = norm_lang(fc->norms[langs[j]]);
        int ply = start_ply - 1;
        for (guint i = 0; i < per[j]->len; i++) {
            const struct fix_token *t = &g_array_index(per[j], struct fix_token, i);
            ply = t->hint_ply > ply ? t->hint_ply : ply + 1;
            g_array_append_val(plies[j], ply);
            texts[j][i] = t->cands[0].text;
            lens[j][i] = t->cands[0].len;
            if (from != to) { /* the search reads every input in the first one's letters */
                texts[j][i] = translate_reading(fc, from, to, t->cands[0].text, t->cands[0].len);
                lens[j][i] = strlen(texts[j][i]);
            }
        }
    }
    GArray *slots = g_array_new(FALSE, FALSE, sizeof(struct slot));
    for (guint i = 0; i < per[0]->len; i++) {
        struct slot sl = {.ply = g_array_index(plies[0], int, i)};
        sl.hint = sl.ply;
        for (guint k = 0; k < FIX_CANDS_MAX; k++)
            sl.tok[k] = -1;
        sl.tok[0] = (int)i;
        g_array_append_val(slots, sl);
    }
    for (guint j = 1; j < n; j++)
        align_input(slots, j, plies[j], (const char *const **)texts, (const gsize *const *)lens);
    g_array_set_size(fc->tokens, 0);
    g_array_set_size(fc->sources, 0);
    for (guint i = 0; i < slots->len; i++) {
        const struct slot *sl = &g_array_index(slots, struct slot, i);
        struct fix_token fused = {.hint_ply = sl->hint};
        for (guint j = 0; j < n; j++) {
            if (sl->tok[j] < 0) continue;
            const struct fix_token *t = &g_array_index(per[j], struct fix_token, sl->tok[j]);
            const struct game_event *ev =
                &g_array_index(games[j]->events, struct game_event, t->event);
            if (!fused.n_cands) fused.event = t->event;
            struct fix_cand *c = &fused.cands[fused.n_cands++];
            *c = t->cands[0];
            c->input = (int)j;
            c->text = texts[j][sl->tok[j]];
            c->len = lens[j][sl->tok[j]];
            struct group_source src = {(int)fc->tokens->len, (int)j,         ev->line, ev->col,
                                       t->cands[0].text,     t->cands[0].len};
            g_array_append_val(fc->sources, src);
        }
        g_array_append_val(fc->tokens, fused);
    }
    g_array_free(slots, TRUE);
    for (guint j = 0; j < n; j++) {
        g_array_free(per[j], TRUE);
        g_array_free(plies[j], TRUE);
        g_free(texts[j]);
        g_free(lens[j]);
    }
}

static gboolean group_place(const struct fix_cmd *fc, int token, guint64 *line, guint64 *col)
{
    for (guint i = 0; i < fc->sources->len; i++) {
        const struct group_source *src = &g_array_index(fc->sources, struct group_source, i);
        if (src->token == token) {
            *line = src->line;
            *col = src->col;
            return TRUE;
        }
    }
    return FALSE;
}

/* Does this input's reading give exactly the move played? */
static gboolean supports(struct fix_cmd *fc, const struct group_source *src, int lang,
                         const struct fix_step *s)
{
    struct resolve_answer ans;
    resolve_token(fc->norms[lang], &s->before, src->text, src->len, &ans);
    return ans.status == SAN_OK && ans.move == s->move && ans.cost == 0;
}

/* What each input wrote for a step ("A: \"Nd6\", B: \"Nf6\""), or NULL when
 * every input wrote the move played. */
static char *group_readings(struct fix_cmd *fc, const struct fix_step *s, const int *langs, guint n)
{
    GString *t = g_string_new(NULL);
    gboolean all = s->n_tokens == 1 && s->move != MOVE_NONE;
    for (guint j = 0; j < n && s->n_tokens > 0; j++) {
        gboolean seen = FALSE;
        for (guint i = 0; i < fc->sources->len; i++) {
            const struct group_source *src = &g_array_index(fc->sources, struct group_source, i);
            if (src->input != (int)j || src->token < s->first_token ||
                src->token >= s->first_token + s->n_tokens)
                continue;
            g_string_append_printf(t, "%s%c: \"%.*s\"", t->len ? ", " : "", 'A' + j, (int)src->len,
                                   src->text);
            seen = TRUE;
            all = all && supports(fc, src, langs[j], s);
        }
        if (!seen) g_string_append_printf(t, "%s%c: not written", t->len ? ", " : "", 'A' + j);
        all = all && seen;
    }
    if (all || !t->len) return g_string_free(t, TRUE), NULL;
    return g_string_free(t, FALSE);
}

static void report_readings(struct fix_cmd *fc, const struct fix_step *s, const int *langs)
{
    for (guint i = 0; i < fc->sources->len; i++) {
        const struct group_source *src = &g_array_index(fc->sources, struct group_source, i);
        if (src->token < s->first_token || src->token >= s->first_token + s->n_tokens) continue;
        xml_start(fc, "reading");
        xml_attr_fmt(fc, "input", "%c", 'A' + src->input);
        xml_attr_fmt(fc, "line", "%" G_GUINT64_FORMAT, src->line);
        xml_attr_fmt(fc, "column", "%" G_GUINT64_FORMAT, src->col);
        xml_attr(fc, "supports",
                 s->move != MOVE_NONE && supports(fc, src, langs[src->input], s) ? "yes" : "no");
        xml_string(fc, src->text, src->len);
        xml_end(fc);
    }
}

static void write_group_game(struct fix_cmd *fc, ArbGame *const *games, guint n, const int *langs)
{
    const char *result = begin_game(fc, games[0], langs[0]);
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (s->move != MOVE_NONE) {
            char text[RENDER_MAX];
            render_move(fc->to_lang, fc->to_style, &s->before, s->move, text, sizeof text);
            pgnw_move(fc->writer, s->before.fullmove, s->before.side, text);
        }
        if (fc->no_comments) continue;
        g_autofree char *read = group_readings(fc, s, langs, n);
        g_autofree char *note = NULL;
        if (s->change == FIX_INSERTED) note = g_strdup("inserted: not written");
        if (s->change == FIX_DELETED)
            note = g_strdup_printf("deleted: %s", read);
        else if (read)
            note = g_strdup(read);
        if (note) pgnw_comment(fc->writer, note);
        g_autofree char *review = s->confidence < fc->min_confidence && s->move != MOVE_NONE
                                      ? review_text(fc, s)
                                      : engine_text(fc, s);
        if (review) pgnw_comment(fc->writer, review);
    }
    if (fc->res.unresolved) {
        GString *rest =
            g_string_new("arbiter: nothing legal fits from here on; the rest as written:");
        for (guint i = 0; i < fc->sources->len; i++) {
            const struct group_source *src = &g_array_index(fc->sources, struct group_source, i);
            if (src->token >= fc->res.cut_token)
                g_string_append_printf(rest, " %c: %.*s", 'A' + src->input, (int)src->len,
                                       src->text);
        }
        pgnw_comment(fc->writer, rest->str);
        g_string_free(rest, TRUE);
    }
    end_game(fc, result);
}

/* Fixes the n readings of one game together and writes one game. */
static void fix_group(struct fix_cmd *fc, ArbGame *const *games, guint n)
{
    fc->games++;
    /* a group reads no variation as moves: none of a game read before it
     * may be reported with it */
    g_array_set_size(fc->variations, 0);
    int langs[FIX_CANDS_MAX], runner_up;
    for (guint j = 0; j < n; j++)
        langs[j] = choose_language(fc, games[j], &runner_up);
    struct position start;
    char message[200];
    g_array_set_size(fc->res.steps, 0);
    fc->res.cost = 0;
    fc->res.unresolved = !replay_start_position(games[0], &start, message, sizeof message);
    if (fc->res.unresolved) {
        fc->unresolved++;
        /* (said as for one input: unresolved, and why) */
        fprintf(err_of(fc),
                "%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT ": unresolved: bad FEN (%s)\n",
                fc->file_name, games[0]->first_line, games[0]->number, message);
        write_game(fc, games[0], langs[0], TRUE, message);
        report_game(fc, games[0], langs[0], "unresolved", NULL, message);
        set_fixed_points(fc, &start);
        check_decisions(fc, games[0], &start, TRUE);
        return;
    }
    set_fixed_points(fc, &start);
    fuse_tokens(fc, games, n, langs, fc->start_ply);
    add_blank_cells(fc, &start);
    fc->group_langs = langs;
    fc->fresh = fixer_for(fc, langs[0]);
    fixer_run(fc->fresh, &start, (const struct fix_token *)fc->tokens->data, (int)fc->tokens->len,
              &fc->res);
    judge_moves(fc, games[0], fc->fresh, &start); /* (the first input's ratings) */
    check_decisions(fc, games[0], &start, FALSE);
    if (fc->res.unresolved) {
        fc->unresolved++;
        fprintf(err_of(fc), "%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT ": unresolved\n",
                fc->file_name, games[0]->first_line, games[0]->number);
    } else if (fc->res.changed) {
        fc->corrected++;
    }
    write_group_game(fc, games, n, langs);
    report_game(fc, games[0], langs[0],
                fc->res.unresolved ? "unresolved"
                : fc->res.changed  ? "corrected"
                                   : "clean",
                &start, NULL);
}

/* Fixes the games collected from n inputs (game i of each read as one),
 * reporting them as one input called by the inputs' names joined. */
static void fix_collected_group(struct fix_cmd *fc, GPtrArray *const *games, int n,
                                const char *const *names)
{
    guint most = 0;
    for (int j = 0; j < n; j++)
        most = MAX(most, games[j]->len);
    fc->sources = g_array_new(FALSE, FALSE, sizeof(struct group_source));
    g_autofree char *joined = g_strjoinv(" + ", (char **)names);
    fc->file_name = names[0];
    if (fc->report) {
        xml_start(fc, "input");
        xml_attr(fc, "name", joined);
    }
    for (guint i = 0; i < most; i++) {
        ArbGame *one[FIX_CANDS_MAX];
        guint k = 0;
        for (int j = 0; j < n; j++)
            if (i < games[j]->len) one[k++] = g_ptr_array_index(games[j], i);
        if (k < (guint)n)
            fprintf(err_of(fc), "%s: game %u: only %u of the %d inputs have it\n", joined, i + 1, k,
                    n);
        fix_group(fc, one, k);
    }
    if (fc->report) xml_end(fc);
    g_array_free(fc->sources, TRUE);
    fc->sources = NULL;
    if (fc->translated) g_string_chunk_free(fc->translated);
    fc->translated = NULL;
}

/* Reads input j of a group into fc->collect; FALSE on an I/O error. */
typedef gboolean (*group_reader)(struct fix_cmd *fc, int j, gconstpointer inputs);

/* --group: game i of every input are readings of one game. Collects the
 * games of the n inputs (named names) with read, then fixes them. */
static gboolean fix_group_inputs(struct fix_cmd *fc, int n, const char *const *names,
                                 group_reader read, gconstpointer inputs)
{
    g_assert(n >= 1 && n <= FIX_CANDS_MAX);
    GPtrArray *games[FIX_CANDS_MAX] = {NULL};
    const char *all[FIX_CANDS_MAX + 1] = {NULL}; /* NULL-terminated for the joined name */
    gboolean ok = TRUE;
    for (int j = 0; j < n; j++) {
        fc->collect = games[j] = g_ptr_array_new_with_free_func((GDestroyNotify)game_free);
        ok &= read(fc, j, inputs);
        all[j] = names[j];
    }
    fc->collect = NULL;
    fix_collected_group(fc, games, n, all);
    for (int j = 0; j < n; j++)
        g_ptr_array_free(games[j], TRUE);
    return ok;
}

static gboolean read_group_file(struct fix_cmd *fc, int j, gconstpointer paths)
{
    return fix_cmd_read_file(fc, ((char *const *)paths)[j]);
}

static gboolean fix_files_as_group(struct fix_cmd *fc, char **paths, int n)
{
    return fix_group_inputs(fc, n, (const char *const *)paths, read_group_file, paths);
}

/* What fix_cmd_read_group_data reads. */
struct group_data {
    const char *const *names, *const *data;
    const gsize *lens;
};

static gboolean read_group_data(struct fix_cmd *fc, int j, gconstpointer inputs)
{
    const struct group_data *in = inputs;
    fix_cmd_read_data(fc, in->names[j], in->data[j], in->lens[j]);
    return TRUE;
}

void fix_cmd_read_group_data(ArbFixCmd *fc, const char *const *names, const char *const *data,
                             const gsize *lens, int n)
{
    g_return_if_fail(n >= 1 && n <= FIX_CANDS_MAX);
    const struct group_data in = {names, data, lens};
    fix_group_inputs(fc, n, names, read_group_data, &in);
}

void fix_cmd_read_data(struct fix_cmd *fc, const char *name, const char *data, gsize len)
{
    begin_input(fc, name);
    if (fc->hcs || fc->nbest) {
        fix_hcs_text(fc, data, len);
    } else {
        g_autoptr(ArbGame) game = game_new();
        ArbRecorder rec = {game, on_game, on_problem, fc};
        read_games(fc, reader_new_for_data(data, len, NULL, &game_recorder_visitor, &rec));
    }
    end_input(fc);
}

static gboolean setup(struct fix_cmd *fc, const struct fix_cmd_options *opt)
{
    g_autoptr(GError) error = NULL;
    const char *from = opt->from, *to = opt->to;
    fc->forced = -1;
    fc->min_confidence = opt->min_confidence;
    fc->no_comments = opt->no_comments;
    fc->hcs = from && !g_ascii_strcasecmp(from, "hcs");
    fc->nbest = from && !g_ascii_strcasecmp(from, "nbest");
    if (!fc->conf) fc->conf = confusion_load(opt->confusion, &error);
    if (!fc->conf) {
        fprintf(err_of(fc), "arbiter fix: confusion table: %s\n", error->message);
        return FALSE;
    }
    fc->prior_weight = opt->prior_weight;
    if (fc->prior_weight > 0 && !fc->prior && !(fc->prior = prior_load(NULL, &error))) {
        fprintf(err_of(fc), "arbiter fix: move prior: %s\n", error->message);
        return FALSE;
    }
    if (!fc->langs) fc->langs = arb_lang_set_load(opt->lang_dir, &error);
    if (!fc->langs) {
        fprintf(err_of(fc), "arbiter fix: %s\n", error->message);
        return FALSE;
    }
    fc->english = arb_lang_set_lookup(fc->langs, "en");
    fc->figurines = arb_lang_set_lookup(fc->langs, "figurine");
    fc->n_norms = arb_lang_set_count(fc->langs);
    fc->norms = g_new0(ArbNorm *, fc->n_norms);
    fc->fixers = g_new0(ArbFixer *, fc->n_norms);
    gboolean named = from && g_ascii_strcasecmp(from, "auto") && !fc->hcs && !fc->nbest;
    for (guint i = 0; i < fc->n_norms; i++) {
        const ArbLang *l = arb_lang_set_nth(fc->langs, i);
        fc->norms[i] = norm_new(l, fc->english, fc->figurines);
        if ((named && arb_lang_set_lookup(fc->langs, from) == l) ||
            ((fc->hcs || fc->nbest) && l == fc->english))
            fc->forced = (int)i;
    }
    fc->lang_order = g_new(guint, fc->n_norms);
    for (guint k = 0; k < fc->n_norms; k++) { /* a stable insertion sort by preference */
        guint j = k;
        int pref = arb_lang_preference(norm_lang(fc->norms[k]));
        for (; j > 0 && arb_lang_preference(norm_lang(fc->norms[fc->lang_order[j - 1]])) > pref;
             j--)
            fc->lang_order[j] = fc->lang_order[j - 1];
        fc->lang_order[j] = k;
    }
    if (named && fc->forced < 0) {
        fprintf(err_of(fc), "arbiter fix: --from: no language table '%s' (see 'arbiter langs')\n",
                from);
        return FALSE;
    }
    const char *engine = opt->engine ? opt->engine : "auto";
    gboolean none = !strcmp(engine, "none");
    fc->builtin_elo = !strcmp(engine, "auto") ? FIX_AUTO_ELO : 0;
    fc->builtin = fc->builtin_elo || !strcmp(engine, "builtin");
    int depth = opt->engine_depth > 0 ? opt->engine_depth
                : fc->builtin         ? FIX_SEARCH_DEPTH
                                      : FIX_ENGINE_DEPTH;
    fc->judge = (struct judge_options){.depth = depth,
                                       .weight = opt->engine_weight > 0 ? opt->engine_weight
                                                                        : FIX_ENGINE_WEIGHT,
                                       .min_confidence = opt->min_confidence};
    double timeout = opt->engine_timeout > 0 ? opt->engine_timeout : FIX_ENGINE_TIMEOUT;
    if (!none && !fc->builtin && !fc->borrowed &&
        !(fc->engine = engine_start(engine, (int)(timeout * 1000), &error))) {
        fprintf(err_of(fc), "arbiter fix: --engine: %s\n", error->message);
        return FALSE;
    }
    if (!render_parse_target(fc->langs, to, &fc->to_lang, &fc->to_style)) {
        fprintf(
            err_of(fc),
            "arbiter fix: --to: '%s' is neither a notation (san, lan, uci, fan, iccf, descriptive) "
            "nor a language code\n",
            to);
        return FALSE;
    }
    return TRUE;
}

/* The command, or a worker's copy of main for --jobs: no engine, no workers
 * of its own, main's tables (read only) and its own fixers. */
static struct fix_cmd *fix_cmd_make(const struct fix_cmd_options *options, FILE *err,
                                    const struct fix_cmd *main)
{
    gboolean worker = main != NULL;
    struct fix_cmd *fc = g_new0(struct fix_cmd, 1);
    if (worker) {
        fc->borrowed = TRUE;
        fc->conf = main->conf;
        fc->prior = main->prior;
        fc->langs = main->langs;
    }
    fc->options = *options;
    fc->options.from = g_strdup(options->from);
    fc->options.to = g_strdup(options->to);
    fc->options.lang_dir = g_strdup(options->lang_dir);
    fc->options.confusion = g_strdup(options->confusion);
    fc->options.engine = g_strdup(options->engine);
    fc->jobs = worker ? 1 : MAX(options->jobs, 1);
    fc->queue = g_queue_new();
    g_mutex_init(&fc->jobs_lock);
    g_cond_init(&fc->jobs_done);
    fc->err = err;
    fc->out = stdout;
    fc->writer = pgnw_new();
    fc->tokens = g_array_new(FALSE, FALSE, sizeof(struct fix_token));
    fc->prose = g_array_new(FALSE, TRUE, 1);
    fc->variations = var_lines_new();
    fc->glued = g_string_chunk_new(256);
    fc->res.steps = g_array_new(FALSE, FALSE, sizeof(struct fix_step));
    fc->points = g_array_new(FALSE, FALSE, sizeof(struct fix_point));
    fc->verdicts = g_array_new(FALSE, FALSE, sizeof(struct judge_verdict));
    if (!setup(fc, &fc->options)) {
        fix_cmd_free(fc);
        return NULL;
    }
    return fc;
}

struct fix_cmd *fix_cmd_new(const struct fix_cmd_options *options, FILE *err)
{
    return fix_cmd_make(options, err, NULL);
}

void fix_cmd_free(struct fix_cmd *fc)
{
    if (!fc) return;
    stop_jobs(fc);
    g_queue_free_full(fc->queue, (GDestroyNotify)job_free);
    g_mutex_clear(&fc->jobs_lock);
    g_cond_clear(&fc->jobs_done);
    g_free((char *)fc->options.from);
    g_free((char *)fc->options.to);
    g_free((char *)fc->options.lang_dir);
    g_free((char *)fc->options.confusion);
    g_free((char *)fc->options.engine);
    if (fc->report) xmlFreeTextWriter(fc->report);
    if (fc->report_buf) xmlBufferFree(fc->report_buf);
    if (fc->decisions) g_array_free(fc->decisions, TRUE);
    if (fc->points) g_array_free(fc->points, TRUE);
    g_array_free(fc->verdicts, TRUE);
    engine_free(fc->engine);
    g_free(fc->source_buf);
    if (fc->stdin_in) g_object_unref(fc->stdin_in);
    for (guint i = 0; i < fc->n_norms; i++) {
        fixer_free(fc->fixers[i]);
        norm_free(fc->norms[i]);
    }
    g_free(fc->norms);
    g_free(fc->lang_order);
    g_free(fc->fixers);
    if (!fc->borrowed) {
        if (fc->langs) arb_lang_set_free(fc->langs);
        confusion_free(fc->conf);
        prior_free(fc->prior);
    }
    g_array_free(fc->res.steps, TRUE);
    g_array_free(fc->tokens, TRUE);
    g_array_free(fc->prose, TRUE);
    g_array_free(fc->variations, TRUE);
    g_string_chunk_free(fc->glued);
    if (fc->pending) game_free(fc->pending);
    if (fc->flat) game_free(fc->flat);
    pgnw_free(fc->writer);
    g_free(fc);
}

void fix_cmd_begin(struct fix_cmd *fc, FILE *out, FILE *err)
{
    fc->out = out;
    fc->err = err;
    fc->has_pending = FALSE;
    fc->games = fc->unresolved = fc->corrected = fc->failed = 0;
    fc->submitted = 0;
    fc->io_error = FALSE;
}

gboolean fix_cmd_open_report(struct fix_cmd *fc, const char *path)
{
    if (path) {
        fc->report = xmlNewTextWriterFilename(path, 0);
    } else {
        fc->report_buf = xmlBufferCreate();
        fc->report = fc->report_buf ? xmlNewTextWriterMemory(fc->report_buf, 0) : NULL;
    }
    if (!fc->report) {
        fprintf(err_of(fc), "arbiter fix: cannot write the report %s\n", path ? path : "in memory");
        return FALSE;
    }
    xmlTextWriterSetIndent(fc->report, 1);
    xmlTextWriterSetIndentString(fc->report, BAD_CAST "  ");
    xmlTextWriterStartDocument(fc->report, NULL, "UTF-8", NULL);
    xmlTextWriterStartElementNS(fc->report, NULL, BAD_CAST "fix-report",
                                BAD_CAST FIX_REPORT_NAMESPACE);
    xml_attr(fc, "command", "fix");
    return TRUE;
}

gboolean fix_cmd_close_report(struct fix_cmd *fc, double seconds, char **text)
{
    if (text) *text = NULL;
    if (!fc->report) return TRUE;
    report_pairs(fc);
    xml_start(fc, "summary");
    xml_attr_fmt(fc, "games", "%d", fc->games);
    xml_attr_fmt(fc, "clean", "%d", fc->games - fc->corrected - fc->unresolved);
    xml_attr_fmt(fc, "corrected", "%d", fc->corrected);
    xml_attr_fmt(fc, "unresolved", "%d", fc->unresolved);
    xml_attr_fmt(fc, "seconds", "%.3f", seconds);
    xml_end(fc);
    gboolean ok = xmlTextWriterEndDocument(fc->report) >= 0 && !fc->io_error;
    xmlFreeTextWriter(fc->report); /* flushes into the file or the buffer */
    fc->report = NULL;
    if (fc->report_buf) {
        if (text) *text = g_strdup((const char *)xmlBufferContent(fc->report_buf));
        xmlBufferFree(fc->report_buf);
        fc->report_buf = NULL;
    }
    return ok;
}

void fix_cmd_counts(const struct fix_cmd *fc, struct fix_counts *counts)
{
    *counts = (struct fix_counts){.games = fc->games,
                                  .corrected = fc->corrected,
                                  .unresolved = fc->unresolved,
                                  .failed = fc->failed,
                                  .io_error = fc->io_error};
}

/* What the readers of hcs.c make of a line (sniff_sheets()). */
struct sniffed {
    int sheets, warnings;
};

static void on_sniffed_sheet(ArbGame *game, const char *name, gpointer ud)
{
    (void)game, (void)name;
    ((struct sniffed *)ud)->sheets++;
}

static void on_sniffed_warning(guint64 line, const char *message, gpointer ud)
{
    (void)line, (void)message;
    ((struct sniffed *)ud)->warnings++;
}

/* Does read (hcs_read or nbest_read) take line[0, len) for a cell, with no
 * warning? */
static gboolean reads_as_cell(void (*read)(const char *, gsize, const ArbHcsVisitor *),
                              const char *line, gsize len)
{
    struct sniffed s = {0};
    const ArbHcsVisitor v = {on_sniffed_sheet, on_sniffed_warning, &s};
    read(line, len, &v);
    return s.sheets == 1 && !s.warnings;
}

/* Is line[0, len) an HCS label line: one hcs_read() takes, its file name
 * a cell's image ("<game>[_<page>]_<move>_<white|black>.png <label>"), as
 * --from auto must be sure where --from hcs reads any such words? */
static gboolean is_label_line(const char *line, gsize len)
{
    const char *png = g_strstr_len(line, (gssize)len, ".png");
    return png && png - line >= 6 &&
           (!strncmp(png - 6, "_white", 6) || !strncmp(png - 6, "_black", 6)) &&
           reads_as_cell(hcs_read, line, len);
}

/* What the first bytes of an input, buf[0, len), are: "hcs" or "nbest"
 * when its first line that is not blank or a '#' comment is such a line,
 * "" when it is another, NULL when there is none. */
static const char *sniff_lines(const char *buf, gsize len)
{
    const char *line = buf, *end = buf + len;
    while (line < end) {
        const char *eol = memchr(line, '\n', (gsize)(end - line));
        gsize n_line = (gsize)((eol ? eol : end) - line);
        gsize blank = 0;
        while (blank < n_line && (line[blank] == ' ' || line[blank] == '\t' || line[blank] == '\r'))
            blank++;
        if (blank < n_line && line[0] != '#')
            return is_label_line(line, n_line)               ? "hcs"
                   : reads_as_cell(nbest_read, line, n_line) ? "nbest"
                                                             : "";
        if (!eol) break;
        line = eol + 1;
    }
    return NULL;
}

/* Reads stdin's first SNIFF_BYTES (fewer at its end) into a buffered
 * stream, *keep (for fc->stdin_in), and sniffs them; NULL on a read error. */
static const char *sniff_stdin(GInputStream **keep)
{
    g_autoptr(GInputStream) raw = g_unix_input_stream_new(0, FALSE);
    GInputStream *in = g_buffered_input_stream_new_sized(raw, SNIFF_BYTES);
    GBufferedInputStream *buffered = G_BUFFERED_INPUT_STREAM(in);
    *keep = in;
    gsize have;
    while ((have = g_buffered_input_stream_get_available(buffered)) < SNIFF_BYTES) {
        gssize n = g_buffered_input_stream_fill(buffered, (gssize)(SNIFF_BYTES - have), NULL, NULL);
        if (n < 0) return NULL; /* reading it again reports the error */
        if (n == 0) break;
    }
    gsize len = 0;
    const char *buf = g_buffered_input_stream_peek_buffer(buffered, &len);
    return sniff_lines(buf, len);
}

/* With --from auto: "hcs" or "nbest" when every input named (stdin: "-")
 * begins with such lines, else NULL. stdin's first bytes, read, are kept
 * in *stdin_in. */
static const char *sniff_sheets(int n, char **paths, GInputStream **stdin_in)
{
    const char *found = NULL;
    for (int i = 0; i < n; i++) {
        const char *kind;
        if (!strcmp(paths[i], "-")) {
            /* named twice, it is read once; a terminal is someone typing
             * moves, who should see each game fixed as it ends */
            if (*stdin_in || isatty(STDIN_FILENO)) return NULL;
            kind = sniff_stdin(stdin_in);
        } else {
            FILE *f = fopen(paths[i], "rb");
            if (!f) return NULL;
            char buf[SNIFF_BYTES];
            gsize len = fread(buf, 1, sizeof buf, f);
            fclose(f);
            kind = sniff_lines(buf, len);
        }
        if (!kind || !*kind || (found && strcmp(found, kind))) return NULL;
        found = kind;
    }
    return found;
}

int cmd_fix(int argc, char **argv)
{
    g_autofree char *from = NULL, *to = NULL, *output = NULL, *lang_dir = NULL, *report = NULL,
                    *confusion = NULL, *decisions = NULL, *engine = NULL;
    double min_confidence = 0.9, prior_weight = FIX_PRIOR_WEIGHT;
    double engine_weight = FIX_ENGINE_WEIGHT, engine_timeout = FIX_ENGINE_TIMEOUT;
    /* each thread holds its own search tables (15 MB for a game in one
     * language, up to 90 MB when games in many languages come) */
    int engine_depth = INT_MIN, jobs = MIN((int)g_get_num_processors(), FIX_JOBS_MAX);
    gboolean no_comments = FALSE, group = FALSE, pair = FALSE, no_progress = FALSE;
    GOptionEntry entries[] = {
        {"from", 'f', 0, G_OPTION_ARG_STRING, &from,
         "input: auto (default: per game, the language that reads it best; inputs, stdin "
         "too, that all begin with HCS or n-best lines are read as such), a language code, "
         "hcs (HCS label lines, one game per <game>_<page>) or nbest (a recogniser's "
         "readings with scores, tab-separated: game, move, w|b, reading, score, reading, "
         "score...)",
         "auto|LANG|hcs|nbest"},
        {"to", 't', 0, G_OPTION_ARG_STRING, &to,
         "notation of the output: san (default), lan, uci, fan, iccf, descriptive or a language "
         "code",
         "FORMAT"},
        {"report", 'r', 0, G_OPTION_ARG_FILENAME, &report,
         "write an XML report of every move to FILE (schema src/fix-report.rng)", "FILE.xml"},
        {"min-confidence", 0, 0, G_OPTION_ARG_DOUBLE, &min_confidence,
         "mark moves below this confidence for review (default 0.9)", "X"},
        {"group", 'g', 0, G_OPTION_ARG_NONE, &group,
         "the FILEs are readings of the same games (both players' sheets, another "
         "recogniser's output): game N of every FILE is read together as one game",
         NULL},
        {"pair", 0, 0, G_OPTION_ARG_NONE, &pair, "--group with exactly two FILEs", NULL},
        {"no-comments", 0, 0, G_OPTION_ARG_NONE, &no_comments,
         "write no read/review comments, only the corrected moves", NULL},
        {"no-progress", 0, 0, G_OPTION_ARG_NONE, &no_progress,
         "no progress bar on stderr (there is one when stderr is a terminal)", NULL},
        {"prior-weight", 0, 0, G_OPTION_ARG_DOUBLE, &prior_weight,
         "weight of the move prior (which moves players choose, learned from real games) "
         "in confusion units per nat; it only breaks near-ties; 0 turns it off "
         "(default " G_STRINGIFY(FIX_PRIOR_WEIGHT) ")",
         "W"},
        {"jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
         "fix N games at once on N threads (default: the number of cores, at most " G_STRINGIFY(
             FIX_JOBS_MAX) "); the output is the same for any N",
         "N"},
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "write to FILE instead of stdout",
         "FILE"},
        {"lang-dir", 0, 0, G_OPTION_ARG_FILENAME, &lang_dir, "also load the language tables in DIR",
         "DIR"},
        {"decisions", 'd', 0, G_OPTION_ARG_FILENAME, &decisions,
         "a reviewer's decisions (from arbiter review's page) as fixed moves: game, ply, UCI, "
         "line:col per line, tab-separated",
         "FILE"},
        {"confusion", 0, 0, G_OPTION_ARG_FILENAME, &confusion,
         "read the confusion table from FILE instead of the built-in lang/confusion.ini", "FILE"},
        {"engine", 'e', 0, G_OPTION_ARG_FILENAME, &engine,
         "what scores the near-tied readings of moves below --min-confidence: auto (the "
         "default: builtin for a game whose WhiteElo and BlackElo are both " G_STRINGIFY(
             FIX_AUTO_ELO) " or more, else none), builtin (a small search of arbiter's own), "
                           "none, or a UCI chess engine (e.g. /usr/games/stockfish)",
         "auto|builtin|none|PATH"},
        {"engine-depth", 0, 0, G_OPTION_ARG_INT, &engine_depth,
         "depth of the engine's search (default " G_STRINGIFY(
             FIX_SEARCH_DEPTH) " for builtin, " G_STRINGIFY(FIX_ENGINE_DEPTH) " for an engine)",
         "D"},
        {"engine-weight", 0, 0, G_OPTION_ARG_DOUBLE, &engine_weight,
         "cost, in confusion units, of each pawn a candidate loses to the best one by the "
         "engine's score, at most one unit (default " G_STRINGIFY(FIX_ENGINE_WEIGHT) ")",
         "W"},
        {"engine-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &engine_timeout,
         "seconds to wait for each answer of the engine (default " G_STRINGIFY(
             FIX_ENGINE_TIMEOUT) ")",
         "S"},
        G_OPTION_ENTRY_NULL};
    g_autoptr(GOptionContext) ctx = g_option_context_new("[FILE...]");
    g_option_context_set_summary(
        ctx, "Corrects game scores damaged by OCR or handwriting recognition against the rules "
             "and writes PGN export format. Reads stdin when no FILE is given.");
    g_option_context_set_description(
        ctx, "Every changed move keeps what was read in a comment ({read: \"Sd7\"}); a move\n"
             "below --min-confidence gets {review: ...} with the next-best moves. Where\n"
             "nothing legal fits any more, the game is cut and the rest kept in a comment.\n\n"
             "With --group (--pair), each move is scored against every input at once; a\n"
             "move where the inputs did not all write it gets {A: \"Nd6\", B: \"Nf6\"},\n"
             "inputs lettered in the order given, and the report a <reading> per input.\n\n"
             "With --decisions, the moves a reviewer chose are fixed points of the search and\n"
             "the report marks them reviewed=\"yes\"; a decision that no longer fits the\n"
             "input (illegal at its ply, its game or token gone) is an error naming game and\n"
             "ply, and the exit status is 2.\n\n"
             "Where an engine judges (by default the built-in search, in a game of rated\n"
             "players: see --engine), each move below --min-confidence whose rivals read\n"
             "about as well (within one unit; for an inserted move, any move the next one\n"
             "still reads after) is scored at --engine-depth by the built-in search\n"
             "(material and a little placement, every reply to that depth, then captures;\n"
             "from move 9 on) or by a UCI engine; each candidate pays --engine-weight per\n"
             "pawn it loses to the best of them. Where a rival is then cheaper, the game is\n"
             "searched again with it fixed and kept when the whole path costs less. The\n"
             "scores go into {review: ...} and the report's <engine>;\n"
             "an engine that cannot start or fails is an error naming it (exit status 2).\n"
             "The last two moves of a drawn game, where one of those rivals brings back an\n"
             "earlier position and another does not, are judged by that instead (with any\n"
             "--engine, none too): the rivals that do not repeat one pay a unit\n"
             "(\"drawn, near the end: Bf3 repeats a position, not Bf7+\"; the report's\n"
             "<repetition>).\n\n"
             "A progress bar goes to stderr when it is a terminal (not with --no-progress).\n"
             "Input cut short (ending inside a tag, a comment, or a move with no line end\n"
             "or result after it) is a problem too: an error names the place.\n"
             "Exit status: 0 every game resolved, 1 some unresolved, 2 usage or I/O error,\n"
             "a decision that no longer fits, or an engine that failed.\n");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(ctx, &argc, &argv, &error)) {
        fprintf(stderr, "arbiter fix: %s\n", error->message);
        return EXIT_USAGE;
    }
    if (pair && argc != 3) {
        fprintf(stderr, "arbiter fix: --pair: want two files\n");
        return EXIT_USAGE;
    }
    group |= pair;
    if (group && (argc < 2 || argc - 1 > FIX_CANDS_MAX)) {
        fprintf(stderr, "arbiter fix: --group: want 1 to %d files\n", FIX_CANDS_MAX);
        return EXIT_USAGE;
    }
    if (jobs < 1 || jobs > 1024) {
        fprintf(stderr, "arbiter fix: --jobs: %d is not between 1 and 1024\n", jobs);
        return EXIT_USAGE;
    }
    if (min_confidence < 0 || min_confidence > 1) {
        fprintf(stderr, "arbiter fix: --min-confidence: want a number from 0 to 1\n");
        return EXIT_USAGE;
    }
    if (prior_weight < 0 || prior_weight > 10) {
        fprintf(stderr, "arbiter fix: --prior-weight: want a number from 0 to 10\n");
        return EXIT_USAGE;
    }
    if (engine_depth != INT_MIN && (engine_depth < 1 || engine_depth > 30)) {
        fprintf(stderr, "arbiter fix: --engine-depth: want a number from 1 to 30\n");
        return EXIT_USAGE;
    }
    if (engine_weight <= 0 || engine_weight > 100) {
        fprintf(stderr, "arbiter fix: --engine-weight: want a number above 0, at most 100\n");
        return EXIT_USAGE;
    }
    if (engine_timeout <= 0 || engine_timeout > 3600) {
        fprintf(stderr, "arbiter fix: --engine-timeout: want seconds above 0, at most 3600\n");
        return EXIT_USAGE;
    }
    GInputStream *stdin_in = NULL;
    if (!from || !g_ascii_strcasecmp(from, "auto")) {
        char *only_stdin[] = {"-"};
        const char *sheets = argc > 1 ? sniff_sheets(argc - 1, argv + 1, &stdin_in)
                                      : sniff_sheets(1, only_stdin, &stdin_in);
        if (sheets) {
            fprintf(stderr, "arbiter fix: note: the input is %s lines: read as with --from %s\n",
                    !strcmp(sheets, "hcs") ? "HCS label" : "n-best", sheets);
            g_free(from);
            from = g_strdup(sheets);
        }
    }
    const struct fix_cmd_options opt = {.from = from,
                                        .to = to,
                                        .lang_dir = lang_dir,
                                        .confusion = confusion,
                                        .min_confidence = min_confidence,
                                        .no_comments = no_comments,
                                        .prior_weight = prior_weight,
                                        .engine = engine,
                                        .engine_depth = MAX(engine_depth, 0),
                                        .engine_weight = engine_weight,
                                        .engine_timeout = engine_timeout,
                                        .jobs = jobs};
    struct fix_cmd *fc = fix_cmd_new(&opt, stderr);
    if (!fc) {
        if (stdin_in) g_object_unref(stdin_in);
        return EXIT_USAGE;
    }
    fc->stdin_in = stdin_in;
    fc->decisions_path = decisions;
    if (decisions && !(fc->decisions = decisions_load(decisions, &error))) {
        fprintf(stderr, "arbiter fix: --decisions: %s\n", error->message);
        fix_cmd_free(fc);
        return EXIT_USAGE;
    }
    FILE *out = output ? fopen(output, "wb") : stdout;
    if (!out) {
        fprintf(stderr, "arbiter fix: cannot write %s: %s\n", output, g_strerror(errno));
        fix_cmd_free(fc);
        return EXIT_USAGE;
    }
    fix_cmd_begin(fc, out, stderr);
    if (report && !fix_cmd_open_report(fc, report)) {
        if (output) fclose(out);
        fix_cmd_free(fc);
        return EXIT_USAGE;
    }
    gint64 t0 = g_get_monotonic_time();
    gboolean io_ok = TRUE;
    fix_cmd_show_progress(fc, !no_progress && isatty(STDERR_FILENO));
    if (group)
        io_ok = fix_files_as_group(fc, argv + 1, argc - 1);
    else if (argc < 2)
        io_ok &= fix_cmd_read_file(fc, "-");
    for (int i = 1; !group && i < argc; i++)
        io_ok &= fix_cmd_read_file(fc, argv[i]);
    fix_cmd_show_progress(fc, FALSE);
    check_unknown_games(fc);
    if (!fix_cmd_close_report(fc, (double)(g_get_monotonic_time() - t0) / 1e6, NULL)) {
        fprintf(stderr, "arbiter fix: error writing the report %s\n", report);
        io_ok = FALSE;
    }
    struct fix_counts n;
    fix_cmd_counts(fc, &n);
    if (fflush(out) != 0 || n.io_error) {
        fprintf(stderr, "arbiter fix: error writing the output\n");
        io_ok = FALSE;
    }
    if (output) fclose(out);
    int decision_errors = fc->decision_errors + fc->engine_failed;
    fix_cmd_free(fc);
    return !io_ok || decision_errors    ? EXIT_USAGE
           : (n.unresolved || n.failed) ? EXIT_PROBLEMS
                                        : EXIT_CLEAN;
}
