/* arbiter fix, one game solved (src/cmd_fix.c reads the games and hands
 * them here): the language it is in, its tokens (src/tokens.c) searched by
 * the fixer (src/fix.c), its variations read as lines of their own, read
 * again where another reading may be cheaper (the runner-up language, the
 * variations as main line), judged (src/judge.c) and checked against the
 * reviewer's decisions, then written by src/fix_pgn.c and src/fix_report.c;
 * and the game several inputs read (--group). They share the command's
 * state through src/fix_state.h. */
#include "fix_state.h"

#include "copies.h"
#include "decisions.h"
#include "fix.h"
#include "fuse.h"
#include "judge.h"
#include "mend.h"
#include "replay.h"
#include "resolve.h"
#include "tokens.h"

#include "uci.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define BLANK_CELLS_MAX 12 /* blank cells put in a row at most (add_blank_cells) */

enum {
    STARTS_LATER_TOKENS = 6,  /* the tokens starts_later() checks the numbers of */
    STARTS_LATER_NUMBERS = 5, /* and the written White numbers it looks for 2 and 3 in */
    FORCED_CHECK_MOVES = 6,   /* check_forced_language(): moves a game has at least */
    MOVE_WORD_MAX = 3,        /* letters_covered(): a token this long or less may be a move */
    /* detect_language(): a game is in figurines with this many of its
     * tokens begun by one, and this many times as many as by the
     * initials of the letters' best language (at 10% noise 11 at least) */
    FIGURINES_MIN = 4,
    FIGURINES_PER_LETTER = 8,
    /* fix_cmd_game_opens_at(): a game opens past this many tokens, with
     * this many at least; REST_PROBE_TOKENS of them read from the start
     * position for REST_PROBE_COST at most, and REST_MARGIN less than the
     * game's path paid for them */
    REST_FIRST = 8,
    REST_MIN_TOKENS = 8,
    REST_PROBE_TOKENS = 12,
    REST_PROBE_COST = 6 * CONF_UNIT,
    /* past the cut, where its tokens paid a spurious token's cost each */
    REST_PROBE_COST_PAST_CUT = 8 * CONF_UNIT,
    REST_MARGIN = 4 * CONF_UNIT,
    REST_SURE_PLIES = 3,
    REST_SURE_NUMBERS = 2,
    /* moves_made_up_in_text(): a text's words read as this many moves at
     * most, none as written, are no game */
    TEXT_MOVES_MAX = 2,
};

/* ---- variations' lines ---------------------------------------------------------- */

static void var_line_clear(gpointer p)
{
    struct var_line *v = p;
    g_array_free(v->tokens, TRUE);
    g_array_free(v->res.steps, TRUE);
}

GArray *fix_cmd_var_lines_new(void)
{
    GArray *a = g_array_new(FALSE, FALSE, sizeof(struct var_line));
    g_array_set_clear_func(a, var_line_clear);
    return a;
}

/* ---- language ------------------------------------------------------------------ */

/* Could the token be a move, or a move's initial ("Nf3", "Sxe", "Kt", "K"),
 * rather than a word of text ("Rules", "Loper")? It has a digit, or is
 * MOVE_WORD_MAX characters at most. */
static gboolean move_shaped(const ArbGame *game, const struct game_event *ev)
{
    const char *t = game_event_text(game, ev);
    return tokens_has_digit(t, ev->len) || g_utf8_strlen(t, (gssize)ev->len) <= MOVE_WORD_MAX;
}

/* What a token that starts with a piece initial of lang says for lang,
 * weighed: COVER_PIECE for a piece other than a pawn, COVER_PAWN for a
 * pawn's alone. A pawn's initial is seldom written beside a square: a
 * language that reads "Sf3" as a pawn's move (Finnish) or "Oe3" (Dutch)
 * says less than one that reads a knight's (German) or a bishop's
 * (Albanian). */
enum { COVER_PIECE = 2, COVER_PAWN = 1 };

/* What move token ev says for lang: COVER_PIECE or COVER_PAWN as above,
 * or 0 when it starts with no piece initial of lang. */
static int token_cover(const ArbLang *lang, const ArbGame *game, const struct game_event *ev)
{
    guint types;
    if (!game_token_has_initial(lang, game, TRUE, ev, &types) || !types || !move_shaped(game, ev))
        return 0;
    return types & ~(1u << PAWN) ? COVER_PIECE : COVER_PAWN;
}

/* The token stage over fc's tables and this game's token arrays (which
 * variations swap in and out: taken afresh at each call); it collects a
 * game's tokens to one past what the fixer reads, where its rest begins. */
static struct token_stage token_stage_of(struct fix_cmd *fc)
{
    return (struct token_stage){fc->conf, fc->tokens, fc->glued, fc->prose,
                                FIX_GAME_TOKENS_MAX + 1};
}

/* How many move tokens start with a piece initial of lang, each weighed
 * as above when weigh is set (tokens that start with a file, a digit
 * or castling's O say nothing, nor do words of text, which cover as many
 * initials as their capitals happen to: a page of English rules with "Nf3"
 * in it looked Estonian by its "Each" and "Example"; nor do the words of
 * the sentences between the moves, prose (PROSE_WORD per event): a game
 * with fifty short English sentences in it looked Spanish by their "The"
 * and "A", and every bishop's move was read as a misread "A"). */
static int letters_covered(const ArbLang *lang, const ArbGame *game, const GArray *prose,
                           gboolean weigh)
{
    int n = 0;
    for (guint i = 0; i < game->events->len; i++) {
        if (g_array_index(prose, guint8, i)) continue;
        int weight = token_cover(lang, game, &g_array_index(game->events, struct game_event, i));
        n += weigh || !weight ? weight : 1;
    }
    return n;
}

/* How many move tokens start with a figurine. */
static int figurines_begun(const ArbGame *game)
{
    int n = 0;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        gunichar c = ev->kind == EV_MOVE ? g_utf8_get_char(game_event_text(game, ev)) : 0;
        n += fan_is_figurine(c);
    }
    return n;
}

/* The index of the English table among fc->norms, or -1. */
static int english_norm(const struct fix_cmd *fc)
{
    for (guint i = 0; i < fc->n_norms; i++)
        if (norm_lang(fc->norms[i]) == fc->english) return (int)i;
    return -1;
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
    int english = english_norm(fc);
    if (english >= 0 && tokens_events_style(game, 0, game->events->len) != FIX_STYLE_SAN)
        return english;
    struct token_stage ts = token_stage_of(fc);
    tokens_mark_prose(&ts, game);
    int best = -1, best_cover = -1, best_pref = 0;
    g_autofree int *covers = g_new(int, fc->n_norms);
    struct replay_result res, best_res = {0};
    for (guint k = 0; k < fc->n_norms; k++) {
        guint i = fc->lang_order[k];
        const ArbLang *lang = norm_lang(fc->norms[i]);
        covers[i] = -2;
        if (lang == fc->figurines) continue;
        int cover = letters_covered(lang, game, fc->prose, TRUE);
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
    /* a game in figurines whose letters are a few look-alikes a scan made
     * ("S" for a 5, "D" for a 0): English, as convert reads figurines,
     * whatever language those letters guess (every table reads the
     * figurines, but a guess of German, Latvian or Spanish was read again
     * in English: 81 of 200 such games at 5% noise, the same moves) */
    int figurines = figurines_begun(game);
    if (english >= 0 && figurines >= FIGURINES_MIN &&
        COVER_PIECE * figurines >= FIGURINES_PER_LETTER * best_cover)
        return english;
    /* one token more or less says little: the most common language that
     * covers about as many is read too, and the cheaper reading kept */
    int up_pref = arb_lang_preference(norm_lang(fc->norms[best]));
    for (guint i = 0; i < fc->n_norms; i++) {
        const ArbLang *lang = norm_lang(fc->norms[i]);
        if ((int)i == best || lang == fc->figurines || covers[i] < best_cover - COVER_PIECE)
            continue;
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
    fc->fixer_used[lang] = ++fc->fixer_asks;
    fixer_set_alternatives(fc->fixers[lang], fc->report != NULL || fc->alternatives);
    fixer_set_slips(fc->fixers[lang], fc->hcs || fc->nbest);
    fixer_set_fixed(fc->fixers[lang], (const struct fix_point *)fc->points->data,
                    (int)fc->points->len);
    return fc->fixers[lang];
}

void fix_cmd_trim_fixers(struct fix_cmd *fc)
{
    for (;;) {
        guint held = 0, oldest = 0;
        for (guint i = 0; i < fc->n_norms; i++) {
            if (!fc->fixer_used[i]) continue;
            if (!held++ || fc->fixer_used[i] < fc->fixer_used[oldest]) oldest = i;
        }
        if (held <= FIXERS_HELD) return;
        fixer_trim(fc->fixers[oldest]);
        fc->fixer_used[oldest] = 0;
        if (fc->fresh == fc->fixers[oldest]) fc->fresh = NULL;
    }
}

/* ---- tokens (src/tokens.c) ------------------------------------------------------ */

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

/* Token t read as a cell the sheet lacks, its text kept to quote: the
 * move of the row after it written too soon (later) or of the row before
 * written again. */
static void blank_cell(struct fix_token *t, gboolean later)
{
    t->misplaced = t->cands[0].text;
    t->misplaced_len = t->cands[0].len;
    t->misplaced_later = later;
    t->n_cands = 1;
    t->cands[0] = (struct fix_cand){.text = "", .len = 0};
    t->blank = TRUE;
}

/* The tokens of a sheet with the first copy of each row written twice
 * read as cells the sheet lacks (twice: the same tokens with the second
 * copies marked repeated): a row written in the wrong place and then again
 * in its own, the numbers after it right, so that the moves of its cells
 * are not known. *cells: how many cells are so read. */
static GArray *misplaced_rows(GArray *as_written, const GArray *twice, int *cells)
{
    GArray *out = g_array_copy(as_written);
    const struct fix_token *t = (const struct fix_token *)twice->data;
    struct fix_token *o = (struct fix_token *)out->data;
    *cells = 0;
    for (guint i = 0; i < twice->len;) {
        guint w = 0;
        while (i + w < twice->len && t[i + w].repeated)
            w++;
        for (guint k = i >= w ? i - w : 0; k < i; k++) {
            if (o[k].blank) continue;
            blank_cell(&o[k], TRUE);
            ++*cells;
        }
        i += w ? w : 1;
    }
    return out;
}

static gboolean same_text(const struct fix_token *a, const struct fix_token *b)
{
    return a->cands[0].len == b->cands[0].len &&
           !memcmp(a->cands[0].text, b->cands[0].text, a->cands[0].len);
}

/* A cell of a sheet written the same as the cell two plies on, the cells
 * between them not ("25... Re3 26. Bxb3 Re3" on HCS sheet 093_0, for
 * 25...cxb3 26. Bxb3 Re8+): a move written a row too soon, or a row late
 * again, and the cell's own move lost; or two pieces' captures on one
 * square ("Nxb5 axb5 Nxb5"), which the cost of a cell read so leaves as
 * written. Returns how many such pairs there are; *soon and *again:
 * copies of the tokens with the first or the second cell of each read as
 * a cell the sheet lacks (NULL where there is none); events: the pairs'
 * events. */
static int cells_written_twice(const GArray *tokens, GArray **soon, GArray **again, GArray *events)
{
    const struct fix_token *t = (const struct fix_token *)tokens->data;
    int pairs = 0;
    *soon = *again = NULL;
    g_array_set_size(events, 0);
    for (guint i = 0; i + 2 < tokens->len; i++) {
        const struct fix_token *a = &t[i], *b = &t[i + 2];
        if (a->blank || b->blank || a->repeated || b->repeated || a->hint_ply < 0 ||
            b->hint_ply != a->hint_ply + 2 || !a->cands[0].len || !same_text(a, b) ||
            (i + 3 < tokens->len && same_text(&t[i + 1], &t[i + 3])))
            continue;
        if (!pairs++) {
            *soon = g_array_copy((GArray *)tokens);
            *again = g_array_copy((GArray *)tokens);
        }
        blank_cell(&g_array_index(*soon, struct fix_token, i), TRUE);
        blank_cell(&g_array_index(*again, struct fix_token, i + 2), FALSE);
        g_array_append_vals(events, (gsize[]){a->event, b->event}, 2);
        i += 2;
    }
    return pairs;
}

/* Does the path fc->res read a token of one of events (a cell written
 * twice) poorly, a unit or more, or drop it, or stop before it? */
static gboolean reads_poorly(const struct fix_cmd *fc, const GArray *events)
{
    const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
    guint seen = 0;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        for (int j = s->first_token; j < s->first_token + s->n_tokens; j++) {
            if (tokens[j].blank) continue;
            for (guint e = 0; e < events->len; e++) {
                if (tokens[j].event != g_array_index(events, gsize, e)) continue;
                if (s->change == FIX_DELETED || s->cost - s->prior >= CONF_UNIT) return TRUE;
                seen++;
            }
        }
    }
    return seen < events->len;
}

/* Rows that look written twice may be that, the moves after them a move
 * ahead ("17. Ng5 Nf8 18. Ng5 Nf8 19. Nxe6"), or a row written in the
 * wrong place and then again in its own, the numbers after it right ("22.
 * b3 Rc8 23. b3 Rc8 24. Kf2" for 22. f3 c5 23. b3 Rc8, on a sheet); on a
 * sheet, a cell written the same as the one two plies on may be either
 * (cells_written_twice()): each way is read, the cheapest path wins (as
 * written, a tie). */
static void search_tokens(struct fix_cmd *fc, int lang, const struct position *start)
{
    gboolean sheet = fc->hcs || fc->nbest;
    g_autoptr(GArray) as_written = mark_rows_written_twice(fc);
    g_autoptr(GArray) twice = as_written ? g_array_copy(fc->tokens) : NULL;
    if (!as_written) as_written = g_array_copy(fc->tokens);
    /* each way, and the cells it reads as ones the sheet lacks, which
     * were written: each pays as a token written twice */
    GArray *ways[5];
    int blanked[5], n_ways = 0;
    ways[n_ways] = as_written, blanked[n_ways++] = 0;
    if (twice) ways[n_ways] = twice, blanked[n_ways++] = 0;
    g_autoptr(GArray) rows =
        twice && sheet ? misplaced_rows(as_written, twice, &blanked[n_ways]) : NULL;
    if (rows) ways[n_ways++] = rows;
    /* cells written twice: read so only where the path as written reads
     * one of them poorly (where it reads both well, they are two moves:
     * two pieces' captures on one square) */
    int best = -1, best_cost = 0, first = 0;
    gboolean best_unresolved = TRUE;
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(gsize));
    g_autoptr(GArray) soon = NULL;
    g_autoptr(GArray) again = NULL;
    int pairs = sheet ? cells_written_twice(as_written, &soon, &again, events) : 0;
    if (pairs && !twice) {
        run_tokens(fc, lang, start);
        if (!reads_poorly(fc, events)) return;
        best = 0, best_cost = fc->res.cost, best_unresolved = fc->res.unresolved, first = 1;
    }
    /* (a cell written a row too soon is the likelier: read last, it needs
     * no search again when it wins) */
    if (pairs) {
        ways[n_ways] = again, blanked[n_ways++] = pairs;
        ways[n_ways] = soon, blanked[n_ways++] = pairs;
    }
    if (n_ways == 1) {
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
    for (int w = first; w < n_ways; w++) {
        g_array_set_size(fc->tokens, 0);
        g_array_append_vals(fc->tokens, ways[w]->data, ways[w]->len);
        fixer_set_once(fixer_for(fc, lang), w == 0 && twice && !fc->hcs);
        run_tokens(fc, lang, start);
        fixer_set_once(fc->fresh, FALSE);
        int cost = fc->res.cost + blanked[w] * confusion_cost(fc->conf, CONF_SKIP_REPEAT);
        if (best < 0 || best_unresolved > fc->res.unresolved ||
            (best_unresolved == fc->res.unresolved && cost < best_cost))
            best = w, best_cost = cost, best_unresolved = fc->res.unresolved;
    }
    if (best == n_ways - 1) return;
    g_array_set_size(fc->tokens, 0);
    g_array_append_vals(fc->tokens, ways[best]->data, ways[best]->len);
    run_tokens(fc, lang, start);
}

static void run_fixer(struct fix_cmd *fc, const ArbGame *game, int lang,
                      const struct position *start)
{
    collect_tokens(fc, game, fc->norms[lang]);
    search_tokens(fc, lang, start);
}

/* ---- the steps found, as the report and the PGN quote them ---------------- */

static gboolean group_place(const struct fix_cmd *fc, int token, guint64 *line, guint64 *col);

const char *fix_cmd_cut_why(const struct fix_cmd *fc)
{
    /* (the number is FIX_GAME_TOKENS_MAX's) */
    G_STATIC_ASSERT(FIX_GAME_TOKENS_MAX == 8192);
    return fc->res.too_long ? "it goes on past the 8192 tokens fix reads of a game"
                            : "nothing legal fits from here on";
}

/* What a step read, as the comment quotes it: the token(s) as written,
 * a space between two that did not touch ("z7.B" cut in two stays so). */
char *fix_cmd_read_text(const struct fix_cmd *fc, const ArbGame *game, const struct fix_step *s)
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

/* The cell a step put a move in that the sheet holds another row's move
 * in (struct fix_token.misplaced), or NULL. */
const struct fix_token *fix_cmd_misplaced_cell(const struct fix_cmd *fc, const struct fix_step *s)
{
    if (s->change != FIX_INSERTED || s->first_token < 0 || (guint)s->first_token >= fc->tokens->len)
        return NULL;
    const struct fix_token *t = &g_array_index(fc->tokens, struct fix_token, s->first_token);
    return t->blank && t->misplaced ? t : NULL;
}

/* text[0, len) without a check or mate mark at its end. */
static gsize without_check_mark(const char *text, gsize len)
{
    while (len > 0 && (text[len - 1] == '+' || text[len - 1] == '#'))
        len--;
    return len;
}

/* With n-best input (--from nbest), the recogniser's reading of step s's
 * cell that is its move as SAN writes it, check marks aside, when the best
 * reading is not (*rank: its number, from 2); else NULL. */
const struct fix_cand *fix_cmd_nbest_reading(const struct fix_cmd *fc, const struct fix_step *s,
                                             int *rank)
{
    if (!fc->nbest || s->move == MOVE_NONE || s->n_tokens != 1) return NULL;
    const struct fix_token *t = &g_array_index(fc->tokens, struct fix_token, s->first_token);
    char san[SAN_MAX];
    gsize n = without_check_mark(san, (gsize)san_write(&s->before, s->move, san));
    for (int k = 0; k < t->n_cands; k++) {
        const struct fix_cand *c = &t->cands[k];
        if (c->input == 0 && without_check_mark(c->text, c->len) == n && !memcmp(c->text, san, n)) {
            *rank = k + 1;
            return k ? c : NULL;
        }
    }
    return NULL;
}

/* Where token t stands in game's text, and its length in characters: a
 * token cut from its word ("Nf3" of "e52.Nf3", "Bxf5" of "28.Bxf5") where
 * it stands in the word, one made of several words (glued) at its word. */
void fix_cmd_token_extent(const struct fix_cmd *fc, const ArbGame *game, int t, guint64 *line,
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
void fix_cmd_token_place(const struct fix_cmd *fc, const ArbGame *game, int t, guint64 *line,
                         guint64 *col)
{
    guint64 chars;
    if (fc->sources && group_place(fc, t, line, col)) return;
    fix_cmd_token_extent(fc, game, t, line, col, &chars);
}

/* The ply of the position step s is played from, 0-based from the first
 * position of any game. */
int fix_cmd_ply_before(const struct fix_step *s)
{
    return 2 * (s->before.fullmove - 1) + s->before.side;
}

/* The step's ply counted from the game's start position, 1-based (the
 * report's and the decisions file's). */
int fix_cmd_step_ply(const struct fix_cmd *fc, const struct fix_step *s)
{
    return fix_cmd_ply_before(s) - fc->start_ply + 1;
}

/* Did the reviewer choose this step's move (--decisions)? */
gboolean fix_cmd_is_reviewed(const struct fix_cmd *fc, const struct fix_step *s)
{
    for (guint i = 0; s->move != MOVE_NONE && i < fc->n_game_decisions; i++) {
        const struct decision *d = &fc->game_decisions[i];
        if (d->ply == fix_cmd_step_ply(fc, s) &&
            uci_parse(&s->before, d->uci, strlen(d->uci)) == s->move)
            return TRUE;
    }
    return FALSE;
}

/* The share of the game's moves not read as written, smoothed (a sheet's
 * first changes say less than its hundredth): [calibration-sheets]'s. */
static double changed_share(const struct fix_cmd *fc)
{
    int moves = 0, changed = 0;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        moves += s->move != MOVE_NONE;
        changed += s->move != MOVE_NONE && s->change != FIX_NONE;
    }
    return (changed + 0.5) / (moves + 1.0);
}

double fix_cmd_confidence(const struct fix_cmd *fc, const struct fix_step *s)
{
    int margin = fix_step_margin(s);
    double t = MAX(confusion_cost(fc->conf, CONF_TEMPERATURE), 1);
    double read = s->change == FIX_NONE ? -1.0 : s->read_share;
    double rival = margin == FIX_NO_RIVAL ? -1.0 : MAX(margin, 0) / t;
    /* a sheet read alone: what its writer wrote errs as the sheet does */
    if (fc->hcs && !fc->sources)
        return confusion_calibrate_sheet(fc->conf, fix_change_name(s->change), s->confidence, read,
                                         rival, changed_share(fc));
    /* a move the engine's verdict made the search take has its own row, its
     * read share weighed whatever its change: no rival path stays behind
     * it (the search ran again with it fixed), where after a correction
     * that the search chose alone none is the surest sign */
    const struct judge_verdict *v = fix_cmd_verdict_of(fc, s);
    if (v && v->changed)
        return confusion_calibrate(fc->conf, "judged", s->confidence, s->read_share, rival);
    return confusion_calibrate(fc->conf, fix_change_name(s->change), s->confidence, read, rival);
}

/* A move the reader should look at: below --min-confidence and not decided. */
gboolean fix_cmd_needs_review(const struct fix_cmd *fc, const struct fix_step *s)
{
    return s->move != MOVE_NONE && fix_cmd_confidence(fc, s) < fc->min_confidence &&
           !fix_cmd_is_reviewed(fc, s);
}

/* The engine's verdict at step s, if it judged the move s plays. */
const struct judge_verdict *fix_cmd_verdict_of(const struct fix_cmd *fc, const struct fix_step *s)
{
    const struct judge_verdict *v = judge_verdict_at(fc->verdicts, &s->before);
    for (int i = 0; v && i < v->n; i++)
        if (v->moves[i] == s->move) return v;
    return NULL;
}

/* Makes line the one fc writes and reports: its tokens and steps, no
 * reviewer's decision and no engine's verdict (they are the main line's). */
void fix_cmd_enter_variation(struct fix_cmd *fc, struct var_line *line, struct var_swap *was)
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

void fix_cmd_leave_variation(struct fix_cmd *fc, const struct var_swap *was)
{
    fc->tokens = was->tokens, fc->res = was->res, fc->verdicts = was->verdicts;
    fc->n_game_decisions = was->n_decisions;
    fc->in_variation = was->in_variation;
}

/* The variation fc->variations holds that opens at event open, or NULL. */
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
            fix_cmd_ply_before(s) == ply)
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
        if (at && hint >= 0 && hint != fix_cmd_ply_before(at)) {
            int back = fix_cmd_ply_before(at) - hint;
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

/* A rating tag's value: its number, 0 where it has none ("", "?", "-",
 * and "0", as some databases write an unknown one), -1 where it is no
 * rating. */
static gint64 rating_of(const ArbGame *game, const char *tag)
{
    const char *v = game_tag(game, tag);
    if (!v || !*v || !strcmp(v, "?") || !strcmp(v, "-")) return 0;
    char *end = NULL;
    gint64 n = g_ascii_strtoll(v, &end, 10);
    return end == v || *end || n < 0 ? -1 : n;
}

/* Does the built-in search judge game under --engine auto (elo, else any
 * game)? Where both players are rated at least elo; and where neither is
 * rated at all and the game was played before FIX_AUTO_YEAR, the first
 * year of the rating list: a game kept from then is nearly always a
 * master's (the archive's games of the 1950s without ratings) */
static gboolean judged_by_builtin(const ArbGame *game, int elo)
{
    if (!elo) return TRUE;
    gint64 white = rating_of(game, "WhiteElo"), black = rating_of(game, "BlackElo");
    if (white >= elo && black >= elo) return TRUE;
    if (white || black) return FALSE;
    const char *date = game_tag(game, "Date");
    int year = 0, k = 0;
    for (; date && k < 4 && g_ascii_isdigit(date[k]); k++)
        year = 10 * year + (date[k] - '0');
    return k == 4 && year < FIX_AUTO_YEAR;
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
        .searched = fc->engine || (fc->builtin && judged_by_builtin(game, fc->builtin_elo)),
        /* (not on a sheet's cells: [calibration-sheets] was fitted without) */
        .replies = !fc->hcs && !fc->nbest && fc->prior_weight > 0};
    if (!info.searched && !info.drawn && !info.replies) return;
    g_autoptr(GError) error = NULL;
    if (judge_game(fixer, fc->engine, &fc->judge, &info, start,
                   (const struct fix_token *)fc->tokens->data, (int)fc->tokens->len,
                   (const struct fix_point *)fc->points->data, (int)fc->points->len,
                   fc->fresh == fixer, &fc->res, fc->verdicts, &error))
        return;
    fprintf(fix_cmd_err(fc), "arbiter fix: %s; going on without it\n", error->message);
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
 * the one before did not, or costs less (or as much, with ties); else the
 * one before stays. */
static gboolean rerun_if_better(struct fix_cmd *fc, const ArbGame *game, int lang,
                                const struct position *start, gboolean ties)
{
    g_autoptr(GArray) steps = g_array_copy(fc->res.steps);
    g_autoptr(GArray) tokens = g_array_copy(fc->tokens);
    g_autoptr(GArray) prose = g_array_copy(fc->prose);
    struct fix_result kept = fc->res;
    ArbFixer *fresh = fc->fresh;
    run_fixer(fc, game, lang, start);
    gboolean better = kept.unresolved != fc->res.unresolved
                          ? kept.unresolved
                          : fc->res.cost < kept.cost + (ties ? 1 : 0);
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
 * So is text with no move in it (words only, or words naming a square now
 * and then: tokens_mark_prose()), whose brackets are a sentence's, kept
 * with its words as the flat reading glues them, when it reads as no moves
 * again ("from White's left (the queenside) to right", not a "variation as
 * written" between two comments). Returns the game the result is for. */
static const ArbGame *try_flat(struct fix_cmd *fc, const ArbGame *game, int lang,
                               const struct position *start)
{
    gboolean text = !fc->res.unresolved && !fc->res.steps->len;
    if (!has_variation(game) || (!text && !fc->res.unresolved && fc->res.cost < 2 * CONF_UNIT))
        return game;
    if (!fc->flat) fc->flat = game_new();
    game_clear(fc->flat);
    fc->flat->number = game->number;
    fc->flat->first_line = game->first_line;
    game_append(fc->flat, game);
    mend_drop_variations(fc->flat, TRUE, text);
    return rerun_if_better(fc, fc->flat, lang, start, text) ? fc->flat : game;
}

/* ---- the reviewer's decisions --------------------------------------------------- */

/* This game's decisions as fixed points of the search. */
void fix_cmd_set_fixed_points(struct fix_cmd *fc, const struct position *start)
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
    fprintf(fix_cmd_err(fc),
            "arbiter fix: %s:%d: game %" G_GUINT64_FORMAT ", ply %d: decision %s %s\n",
            fc->decisions_path, d->file_line, d->game, d->ply, d->uci, why);
    fc->decision_errors++;
}

/* Is there a move token of the game at line:col (with --group, where the
 * report places it: in the first input that wrote it)? */
static gboolean token_at(const struct fix_cmd *fc, const ArbGame *game, guint64 line, guint64 col)
{
    for (guint t = 0; t < fc->tokens->len; t++) {
        guint64 l = 0, c = 0;
        fix_cmd_token_place(fc, game, (int)t, &l, &c);
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
        if (s->move == MOVE_NONE || fix_cmd_step_ply(fc, s) != ply - 1) continue;
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
            if (s->move != MOVE_NONE && fix_cmd_step_ply(fc, s) == d->ply) at = s;
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
void fix_cmd_check_unknown_games(struct fix_cmd *fc)
{
    for (guint i = 0; fc->decisions && i < fc->decisions->len; i++) {
        const struct decision *d = &g_array_index(fc->decisions, struct decision, i);
        if (d->game > (guint64)fc->games)
            decision_error(fc, d, "no longer fits: the input has %d games", fc->games);
    }
}

/* ---- a game solved -------------------------------------------------------------- */

/* Do the game's tokens (collect_tokens()) start later in a game, with no
 * tags to say where ("Nach 11... Lg4 zerlegte er seinen Gegner wie folgt:
 * 12. f3 b4 13. Sa4", a book quoting a game from its middle)? The first
 * token's number names a ply past the first move, the next ones' numbers
 * follow on from it one ply a token, and it is no legal move from start as
 * norm reads it (damage makes "1." a "7." now and then, but the game's
 * first move still plays, or the numbers written after it are 2 and 3). A
 * game with tags and no FEN starts at the start, as PGN has it ("11. Nf8
 * d\\5 2. c4" is a damaged "1. Nf3 d5"). *number: the move it starts at. */
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
    /* numbered 2 and 3 next as written: the first number was a misread 1
     * ("21. oA e5# 2. Nf3 Nc6 3. Bb5", the tokens' plies reading "2." as 22);
     * a bare number between them may be a move's digits, ICCF's ("11. s254
     * 37`35 2. |163": 37) */
    guint64 written[STARTS_LATER_NUMBERS];
    int n_written = game_white_numbers(game, FALSE, written, STARTS_LATER_NUMBERS);
    for (int j = 1, two = 0; j < n_written; j++) {
        if (written[j] == 2) two = 1;
        if (two && written[j] == 3) return FALSE;
    }
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
        int other_letters = letters_covered(norm_lang(fc->norms[lang]), game, fc->prose, FALSE);
        int forced_letters = letters_covered(norm_lang(fc->norms[forced]), game, fc->prose, FALSE);
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

/* The position game starts from (replay_start_position()); FALSE, with
 * why in message, where it has none (a bad FEN) or is no game of chess's
 * rules (its Variant tag): its moves, read as chess's, would be corrected
 * into other ones (an antichess game's "Kxf7" put beside a king in check). */
static gboolean start_of(const ArbGame *game, struct position *start, char *message, gsize size)
{
    char why[200];
    if (!replay_start_position(game, start, why, sizeof why)) {
        g_snprintf(message, size, "bad FEN (%s)", why);
        return FALSE;
    }
    const char *variant = game_tag(game, "Variant");
    if (replay_variant_is_chess(variant)) return TRUE;
    g_snprintf(message, size, "Variant \"%s\" is not played by chess's rules", variant);
    return FALSE;
}

/* Is fc->res, the path found for game, a book's text with a word or two
 * read as made-up moves: game has no tags and no move number, some of its
 * words are sentences (prose), and the path plays TEXT_MOVES_MAX moves or
 * fewer, none as written ("Simply 1-0 or 0-1 is written whether a player
 * resigned": "or" read as 1. e4)? */
static gboolean moves_made_up_in_text(const struct fix_cmd *fc, const ArbGame *game)
{
    if (fc->res.unresolved || fc->hcs || fc->nbest || game_has_event(game, EV_TAG) ||
        game_has_event(game, EV_MOVE_NUMBER))
        return FALSE;
    gboolean prose = FALSE;
    for (guint i = 0; i < fc->prose->len && !prose; i++)
        prose = g_array_index(fc->prose, guint8, i) != 0;
    int moves = 0;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (s->move == MOVE_NONE) continue;
        if (s->change == FIX_NONE || ++moves > TEXT_MOVES_MAX) return FALSE;
    }
    return prose && moves > 0;
}

/* game read as text, no moves: every word of its main line prose, no
 * token searched. */
static void read_as_text(struct fix_cmd *fc, const ArbGame *game)
{
    tokens_mark_all_prose(fc->prose, game);
    g_array_set_size(fc->tokens, 0);
    g_array_set_size(fc->res.steps, 0);
    fc->res.cost = 0;
    fc->fresh = NULL;
}

/* Game number fc->games read and searched (on a worker with --jobs);
 * returns the game the result is for: game, or fc->flat. */
const ArbGame *fix_cmd_solve_game(struct fix_cmd *fc, const ArbGame *game, struct solved *sv)
{
    g_string_chunk_clear(fc->glued);
    g_array_set_size(fc->variations, 0);
    sv->better_lang = -1;
    int runner_up;
    sv->lang = choose_language(fc, game, &runner_up);
    int first;
    sv->no_start = !start_of(game, &sv->start, sv->message, sizeof sv->message);
    if (!sv->no_start) {
        collect_tokens(fc, game, fc->norms[sv->lang]);
        sv->no_start = !fc->hcs && !fc->nbest &&
                       starts_later(fc, game, fc->norms[sv->lang], &sv->start, &first);
        if (sv->no_start)
            g_snprintf(sv->message, sizeof sv->message,
                       "its moves start at move %d and there is no FEN: the moves before are "
                       "missing",
                       first);
    }
    fix_cmd_set_fixed_points(fc, &sv->start);
    g_array_set_size(fc->res.steps, 0);
    fc->res.unresolved = sv->no_start;
    fc->res.too_long = FALSE;
    fc->res.cost = 0;
    if (sv->no_start) return game;
    search_tokens(fc, sv->lang, &sv->start);
    if (runner_up >= 0 && fc->res.cost > 0 &&
        rerun_if_better(fc, game, runner_up, &sv->start, FALSE))
        sv->lang = runner_up;
    check_forced_language(fc, game, sv);
    const ArbGame *solved = try_flat(fc, game, sv->lang, &sv->start);
    if (moves_made_up_in_text(fc, solved)) read_as_text(fc, solved);
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

/* ---- a game that opens inside another ------------------------------------------- */

/* The event a game would open at with token t: the move number written
 * before it on its line, if any, else its own. */
static guint opening_event(const ArbGame *game, const struct fix_token *t)
{
    if (t->event == 0) return 0;
    const struct game_event *ev = &g_array_index(game->events, struct game_event, t->event);
    const struct game_event *prev = ev - 1;
    return prev->kind == EV_MOVE_NUMBER && prev->line == ev->line ? (guint)t->event - 1
                                                                  : (guint)t->event;
}

/* May token t be a game's first move by the move number written before it
 * on its line? None, a 1, or a 7 (a "1" misread: confusion.ini's
 * one-ell). Before the cut, probes of lines numbered otherwise found no
 * game on the tuning sets (1,175 probes, run-together text too: every
 * game found opened at a 1 or a line without a number), and took 4% of
 * the time at 5% noise. */
static gboolean numbered_first(const ArbGame *game, const struct fix_token *t)
{
    guint at = opening_event(game, t);
    const struct game_event *ev = &g_array_index(game->events, struct game_event, at);
    if (at == t->event || ev->kind != EV_MOVE_NUMBER) return TRUE;
    const char *text = game_event_text(game, ev);
    if (!g_ascii_isdigit(*text)) return TRUE;
    guint64 number = g_ascii_strtoull(text, NULL, 10);
    return number == 1 || number == 7;
}

/* What the path in fc->res paid up to each token: paid[t] for tokens 0 to
 * t - 1 (a step's cost counted at its token; a token past the cut, what
 * a spurious token costs). */
static void paid_before(const struct fix_cmd *fc, int *paid)
{
    int n = (int)fc->tokens->len, skip = confusion_cost(fc->conf, CONF_SKIP_TOKEN);
    for (int t = 0; t <= n; t++)
        paid[t] = 0;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        paid[MIN(s->first_token, n - 1) + 1] += s->cost;
    }
    for (int t = 0; t < n; t++)
        paid[t + 1] += paid[t] + (fc->res.unresolved && t >= fc->res.cut_token ? skip : 0);
}

/* The language the tokens t[from, to) are likeliest in by their piece
 * initials, weighed as letters_covered() weighs a game's: the game's own
 * (lang) unless another covers more (games run together need not share
 * one). */
static int tokens_language(const struct fix_cmd *fc, const ArbGame *game, const struct fix_token *t,
                           int from, int to, int lang)
{
    int best = lang, best_cover = -1, best_pref = 0;
    for (guint i = 0; i < fc->n_norms; i++) {
        const ArbLang *l = norm_lang(fc->norms[i]);
        if (l == fc->figurines) continue;
        int cover = 0;
        for (int k = from; k < to; k++)
            cover +=
                token_cover(l, game, &g_array_index(game->events, struct game_event, t[k].event));
        int pref = (int)i == lang ? -1 : arb_lang_preference(l);
        if (cover > best_cover || (cover == best_cover && pref < best_pref))
            best = (int)i, best_cover = cover, best_pref = pref;
    }
    return best;
}

/* How many of the probe's steps read a token (of t, the probe's first)
 * that a move number written before names the ply of. */
static int numbers_agree(const struct fix_token *t, const struct fix_result *probe)
{
    int agree = 0;
    for (guint i = 0; i < probe->steps->len; i++) {
        const struct fix_step *s = &g_array_index(probe->steps, struct fix_step, i);
        if (s->move == MOVE_NONE || s->n_tokens == 0) continue;
        agree += t[s->first_token].hint_ply == fix_cmd_ply_before(s);
    }
    return agree;
}

/* Where a game opens at token k or a little past it (at a line's start or
 * after a "1."), or -1: its first tokens read from the start position, in
 * the language their piece initials tell (tokens_language()), for
 * REST_PROBE_COST at most (past the cut REST_PROBE_COST_PAST_CUT), and for
 * REST_MARGIN less than the path paid for them; the game opens at the
 * first token they read as a move. Before the cut, only where its first
 * moves read so as written (mend_plies_from_start()): the probe is a
 * search. */
static int opens_at(struct fix_cmd *fc, const ArbGame *game, const struct solved *sv, int k,
                    const int *paid, struct fix_result *probe)
{
    const struct fix_token *t = (const struct fix_token *)fc->tokens->data;
    int n = (int)fc->tokens->len, end = MIN(n, k + REST_PROBE_TOKENS);
    if (paid[end] - paid[k] < REST_MARGIN) return -1;
    const struct game_event *ev = &g_array_index(game->events, struct game_event, t[k].event);
    const struct game_event *before =
        &g_array_index(game->events, struct game_event, t[k - 1].event);
    if (ev->line == before->line && t[k].hint_ply != 0) return -1;
    /* (past the cut any line may be a game whose first moves were damaged:
     * ". ee5 2., Nf3 Nf6", "1. e4" misread and run together) */
    gboolean past_cut = fc->res.unresolved && k >= fc->res.cut_token;
    if (!past_cut && !numbered_first(game, &t[k])) return -1;
    int lang = tokens_language(fc, game, t, k, end, sv->lang);
    int plies = past_cut ? 0
                         : mend_plies_from_start(game, opening_event(game, &t[k]), fc->norms[lang],
                                                 fc->conf);
    if (!past_cut && !plies) return -1;
    if (!probe->steps) {
        probe->steps = g_array_new(FALSE, FALSE, sizeof(struct fix_step));
        fc->fresh = NULL; /* (the probes read other tokens) */
    }
    ArbFixer *f = fixer_for(fc, lang);
    fixer_set_fixed(f, NULL, 0);
    struct position start;
    pos_startpos(&start);
    fixer_set_once(f, TRUE);
    /* (where the path paid twice that for them or more, the probe may cost
     * as much as past the cut if its first REST_SURE_PLIES moves read as
     * written or REST_SURE_NUMBERS of the move numbers written among them
     * name the plies it reads their tokens at: "1l g4 d5 2 h3 h5" / "5 ♘ c3
     * ♗Xe6", 6.2 units from the start where the path paid 16.6) */
    gboolean dear = paid[end] - paid[k] >= 2 * REST_PROBE_COST;
    int most = past_cut || dear ? REST_PROBE_COST_PAST_CUT : REST_PROBE_COST;
    fixer_run_within(f, &start, t + k, end - k, most, probe);
    fixer_set_once(f, FALSE);
    if (probe->unresolved || probe->cost > most || probe->cost + REST_MARGIN > paid[end] - paid[k])
        return -1;
    if (!past_cut && probe->cost > REST_PROBE_COST && plies < REST_SURE_PLIES &&
        numbers_agree(t + k, probe) < REST_SURE_NUMBERS)
        return -1;
    /* (tokens the probe dropped before its first move are the game
     * before's: its last moves, misread) */
    guint lead = 0;
    while (lead < probe->steps->len &&
           g_array_index(probe->steps, struct fix_step, lead).change == FIX_DELETED)
        lead++;
    return lead < probe->steps->len
               ? k + g_array_index(probe->steps, struct fix_step, lead).first_token
               : -1;
}

guint fix_cmd_game_opens_at(struct fix_cmd *fc, const ArbGame *game, const struct solved *sv)
{
    int n = (int)fc->tokens->len;
    if (sv->no_start || fc->hcs || fc->nbest || fc->sources || n < REST_FIRST + REST_MIN_TOKENS)
        return 0;
    g_autofree int *paid = g_new(int, n + 1);
    paid_before(fc, paid);
    struct fix_result probe = {.steps = NULL};
    guint at = 0;
    for (int k = REST_FIRST, o; !at && n - k >= REST_MIN_TOKENS; k++)
        if ((o = opens_at(fc, game, sv, k, paid, &probe)) >= 0)
            at = opening_event(game, &g_array_index(fc->tokens, struct fix_token, o));
    if (probe.steps) g_array_free(probe.steps, TRUE);
    return at;
}

/* Counts an unresolved game and says so on stderr, and why (NULL: a cut
 * where nothing legal fits, which the PGN's comment shows). */
static void say_unresolved(struct fix_cmd *fc, const ArbGame *game, const char *why)
{
    fc->unresolved++;
    fprintf(fix_cmd_err(fc),
            "%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT ": unresolved%s%s\n", fc->file_name,
            game->first_line, game->number, why ? ": " : "", why ? why : "");
}

/* A UCI engine's verdicts on a solved game, then its PGN, report and
 * counts: always on the main thread, in input order. */
void fix_cmd_write_solved(struct fix_cmd *fc, const ArbGame *game, const struct solved *sv)
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
        fprintf(fix_cmd_err(fc),
                "%s:%" G_GUINT64_FORMAT ": note: game %" G_GUINT64_FORMAT
                " %s: is --from %s right? (said once)\n",
                fc->file_name, game->first_line, game->number, why, forced);
    }
    if (!sv->no_start && !fc->builtin) judge_moves(fc, game, fixer_for(fc, sv->lang), &sv->start);
    const char *status = fc->res.unresolved ? "unresolved"
                         : fc->res.changed  ? "corrected"
                                            : "clean";
    if (fc->res.unresolved) {
        say_unresolved(fc, game,
                       sv->no_start       ? sv->message
                       : fc->res.too_long ? fix_cmd_cut_why(fc)
                                          : NULL);
    } else if (fc->res.changed) {
        fc->corrected++;
    }
    check_decisions(fc, game, &sv->start, sv->no_start);
    fix_pgn_write_game(fc, game, sv->lang, sv->no_start, sv->message);
    fix_report_game(fc, game, sv->lang, status, sv->no_start ? NULL : &sv->start, sv->message);
    if (!sv->no_start) fix_report_note_pairs(fc, game);
    fix_cmd_draw_progress(fc, game);
}

/* ---- several readings of one game (--group, --pair) ------------------------------ */

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
gboolean fix_cmd_supports(struct fix_cmd *fc, const struct group_source *src, int lang,
                          const struct fix_step *s)
{
    struct resolve_answer ans;
    resolve_token(fc->norms[lang], &s->before, src->text, src->len, &ans);
    return ans.status == SAN_OK && ans.move == s->move && ans.cost == 0;
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
    char message[240];
    g_array_set_size(fc->res.steps, 0);
    fc->res.cost = 0;
    fc->res.unresolved = !start_of(games[0], &start, message, sizeof message);
    fc->res.too_long = FALSE;
    if (fc->res.unresolved) {
        say_unresolved(fc, games[0], message); /* (as for one input) */
        fix_pgn_write_game(fc, games[0], langs[0], TRUE, message);
        fix_report_game(fc, games[0], langs[0], "unresolved", NULL, message);
        fix_cmd_set_fixed_points(fc, &start);
        check_decisions(fc, games[0], &start, TRUE);
        return;
    }
    fix_cmd_set_fixed_points(fc, &start);
    if (!fc->translated) fc->translated = g_string_chunk_new(4096);
    ArbNorm *norms[FIX_CANDS_MAX];
    for (guint j = 0; j < n; j++)
        norms[j] = fc->norms[langs[j]];
    struct token_stage ts = token_stage_of(fc);
    ts.max_tokens = 0; /* (the rest is quoted from the inputs' tokens) */
    fuse_readings(&ts, games, norms, n, fc->start_ply, fc->sources, fc->translated);
    add_blank_cells(fc, &start);
    fc->group_langs = langs;
    fc->fresh = fixer_for(fc, langs[0]);
    fixer_run(fc->fresh, &start, (const struct fix_token *)fc->tokens->data, (int)fc->tokens->len,
              &fc->res);
    judge_moves(fc, games[0], fc->fresh, &start); /* (the first input's ratings) */
    check_decisions(fc, games[0], &start, FALSE);
    if (fc->res.unresolved) {
        say_unresolved(fc, games[0], fc->res.too_long ? fix_cmd_cut_why(fc) : NULL);
    } else if (fc->res.changed) {
        fc->corrected++;
    }
    fix_pgn_write_group_game(fc, games, n, langs);
    fix_report_game(fc, games[0], langs[0],
                    fc->res.unresolved ? "unresolved"
                    : fc->res.changed  ? "corrected"
                                       : "clean",
                    &start, NULL);
}

/* Fixes the games collected from n inputs (game i of each read as one),
 * reporting them as one input called by the inputs' names joined. */
void fix_cmd_solve_group(struct fix_cmd *fc, GPtrArray *const *games, int n,
                         const char *const *names)
{
    guint most = 0;
    for (int j = 0; j < n; j++)
        most = MAX(most, games[j]->len);
    fc->sources = g_array_new(FALSE, FALSE, sizeof(struct group_source));
    g_autoptr(GString) name = g_string_new(names[0]);
    for (int j = 1; j < n; j++) {
        int k = 0;
        while (k < j && strcmp(names[k], names[j]))
            k++;
        if (k == j) g_string_append_printf(name, " + %s", names[j]);
    }
    const char *joined = name->str;
    fc->file_name = names[0];
    fix_report_begin_input(fc, joined);
    for (guint i = 0; i < most; i++) {
        ArbGame *one[FIX_CANDS_MAX];
        guint k = 0;
        for (int j = 0; j < n; j++)
            if (i < games[j]->len) one[k++] = g_ptr_array_index(games[j], i);
        if (k < (guint)n)
            fprintf(fix_cmd_err(fc), "%s: game %u: only %u of the %d inputs have it\n", joined,
                    i + 1, k, n);
        fix_group(fc, one, k);
    }
    fix_report_end_input(fc);
    g_array_free(fc->sources, TRUE);
    fc->sources = NULL;
    if (fc->translated) g_string_chunk_free(fc->translated);
    fc->translated = NULL;
}
