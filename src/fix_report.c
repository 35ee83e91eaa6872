/* The XML report of `arbiter fix` (schema src/fix-report.rng): per game its
 * language, status and moves, each with what was read, the change, the
 * confidence and the next-best moves; the source lines with their tokens
 * marked; the games that may be readings of one game. */
#include "fix_state.h"

#include "report.h"

#include "fen.h"
#include "uci.h"

#include <math.h>
#include <string.h>

#define FIX_REPORT_NAMESPACE "urn:arbiter:fix-report:1"

/* Caps on the source text a report quotes per game. */
enum { SOURCE_LINES_MAX = 2000, SOURCE_LINE_BYTES = 4096 };

/* ---- report --------------------------------------------------------------------- */

static void report_readings(struct fix_cmd *fc, const struct fix_step *s, const int *langs);

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

/* The alternatives' confidences, share[0, s->n_alts): of the chance that
 * the move taken is wrong (1 - chance), each one's share by
 * exp(-cost / temperature) among them. */
static void alternative_shares(const struct fix_cmd *fc, const struct fix_step *s, double chance,
                               double *share)
{
    double t = MAX(confusion_cost(fc->conf, CONF_TEMPERATURE), 1);
    double sum = 0.0;
    for (int k = 0; k < s->n_alts; k++) {
        share[k] = exp(-(double)(s->alts[k].cost - s->alts[0].cost) / t);
        sum += share[k];
    }
    for (int k = 0; k < s->n_alts; k++)
        share[k] = (1.0 - chance) * share[k] / sum;
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

/* A score's cp= or mate= attribute. */
static void report_cp(struct fix_cmd *fc, int cp)
{
    if (cp > ENGINE_MATE / 2)
        xml_attr_fmt(fc, "mate", "%d", ENGINE_MATE - cp);
    else if (cp < -ENGINE_MATE / 2)
        xml_attr_fmt(fc, "mate", "%d", -(ENGINE_MATE + cp));
    else
        xml_attr_fmt(fc, "cp", "%d", cp);
}

/* <engine>: the candidates the engine scored at s, in the order judged,
 * and the built-in search's second look at two of them (<deeper>). */
static void report_verdict(struct fix_cmd *fc, const struct fix_step *s,
                           const struct judge_verdict *v)
{
    if (v->repetition) {
        report_repetition(fc, s, v);
        return;
    }
    if (v->replies_only) { /* <replies>: each candidate and what its reply cost */
        xml_start(fc, "replies");
        xml_attr(fc, "changed", v->changed ? "yes" : "no");
        for (int i = 0; i < v->n; i++) {
            xml_start_move(fc, "candidate", &s->before, v->moves[i]);
            xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(v->reply[i]));
            xml_end(fc);
        }
        xml_end(fc);
        return;
    }
    xml_start(fc, "engine");
    xml_attr_fmt(fc, "depth", "%d", fc->judge.depth);
    xml_attr(fc, "changed", v->changed ? "yes" : "no");
    for (int i = 0; i < v->n; i++) {
        if (i && !v->has[i]) continue; /* not among the best it scored */
        xml_start_move(fc, "score", &s->before, v->moves[i]);
        if (v->has[i]) report_cp(fc, v->cp[i]);
        xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(v->cost[i]));
        if (v->reply[i]) xml_attr_fmt(fc, "reply", "%.2f", fix_cost_value(v->reply[i]));
        xml_end(fc);
    }
    if (v->deeper) {
        xml_start(fc, "deeper");
        xml_attr_fmt(fc, "depth", "%d", v->deeper);
        for (int j = 0; j < 2; j++) {
            xml_start_move(fc, "score", &s->before, v->moves[j ? v->rival : 0]);
            if (v->deeper_has[j]) report_cp(fc, v->deeper_cp[j]);
            xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(v->deeper_cost[j]));
            int reply = v->reply[j ? v->rival : 0];
            if (reply) xml_attr_fmt(fc, "reply", "%.2f", fix_cost_value(reply));
            xml_end(fc);
        }
        xml_end(fc);
    }
    xml_end(fc);
}

static void report_step(struct fix_cmd *fc, const ArbGame *game, const struct fix_step *s)
{
    xml_start(fc, "move");
    xml_attr_fmt(fc, "ply", "%d", fix_cmd_step_ply(fc, s));
    xml_attr_fmt(fc, "number", "%d", s->before.fullmove);
    xml_attr(fc, "side", s->before.side == WHITE ? "white" : "black");
    xml_attr(fc, "change", fix_change_name(s->change));
    double chance = fix_cmd_confidence(fc, s);
    xml_attr_fmt(fc, "confidence", "%.3f", chance);
    /* (what the confidence is worked out from: tools/calibrate-confidence) */
    xml_attr_fmt(fc, "share", "%.4f", s->read_share);
    int margin = fix_step_margin(s);
    if (margin != FIX_NO_RIVAL) xml_attr_fmt(fc, "rival-margin", "%.2f", fix_cost_value(margin));
    xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(s->cost));
    if (s->move != MOVE_NONE) {
        char uci[UCI_MAX + 1];
        uci[uci_write(&s->before, s->move, uci)] = 0;
        xml_attr(fc, "uci", uci);
    }
    if (fix_cmd_needs_review(fc, s) && !fc->in_variation) { /* (a decision is for the main line) */
        char fen[FEN_MAX];
        fen_write(&s->before, fen, sizeof fen);
        xml_attr(fc, "review", "yes");
        xml_attr(fc, "fen", fen);
    }
    if (fix_cmd_is_reviewed(fc, s)) xml_attr(fc, "reviewed", "yes");
    /* (a move put in a cell that holds another row's move: that is its
     * input) */
    const struct fix_token *cell = fix_cmd_misplaced_cell(fc, s);
    if (s->n_tokens > 0 || cell) {
        guint64 line, col;
        fix_cmd_token_place(fc, game, s->first_token, &line, &col);
        xml_attr_fmt(fc, "line", "%" G_GUINT64_FORMAT, line);
        xml_attr_fmt(fc, "column", "%" G_GUINT64_FORMAT, col);
        g_autofree char *in =
            cell ? g_strndup(cell->misplaced, cell->misplaced_len) : fix_cmd_read_text(fc, game, s);
        xml_text_element(fc, "input", in);
        int rank;
        const struct fix_cand *reading = fix_cmd_nbest_reading(fc, s, &rank);
        if (reading) {
            g_autofree char *text = g_strndup(reading->text, reading->len);
            xml_start(fc, "nbest-reading");
            xml_attr_fmt(fc, "rank", "%d", rank);
            xml_text(fc, text);
            xml_end(fc);
        }
        if (fc->sources && !cell) report_readings(fc, s, fc->group_langs);
    }
    if (s->move != MOVE_NONE) {
        char san[SAN_MAX];
        san_write(&s->before, s->move, san);
        xml_text_element(fc, "san", san);
    }
    double share[FIX_ALTS_MAX];
    alternative_shares(fc, s, chance, share);
    for (int a = 0; a < s->n_alts; a++) {
        xml_start_move(fc, "alternative", &s->before, s->alts[a].move);
        xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(s->alts[a].cost));
        xml_attr_fmt(fc, "confidence", "%.3f", share[a]);
        xml_end(fc);
    }
    const struct judge_verdict *v = fix_cmd_verdict_of(fc, s);
    if (v) report_verdict(fc, s, v);
    xml_end(fc);
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
    gsize n = 0;
    g_free(fc->source_buf);
    fc->source_buf = g_data_input_stream_read_line(fc->source, &n, NULL, NULL);
    if (!fc->source_buf) return NULL;
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
        xml_attr(fc, "change", fix_change_name(m->change));
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
            struct source_mark m = {.ply = fix_cmd_step_ply(fc, s),
                                    .change = s->change,
                                    .review = fix_cmd_needs_review(fc, s) && !fc->in_variation,
                                    .variation = fc->in_variation};
            fix_cmd_token_extent(fc, game, s->first_token + j, &m.line, &m.col, &m.chars);
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
        fix_cmd_enter_variation(fc, &g_array_index(fc->variations, struct var_line, k), &was);
        add_marks(fc, game, marks);
        fix_cmd_leave_variation(fc, &was);
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
        fix_cmd_enter_variation(fc, v, &was);
        for (guint j = 0; j < fc->res.steps->len; j++)
            report_step(fc, game, &g_array_index(fc->res.steps, struct fix_step, j));
        fix_cmd_leave_variation(fc, &was);
        k = report_variations(fc, game, k + 1, v->close);
        xml_end(fc);
    }
    return k;
}

/* start is NULL for a game with no position to play its moves from: it is
 * reported unresolved at its first line, with why. */
void fix_report_game(struct fix_cmd *fc, const ArbGame *game, int lang, const char *status,
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
    if (start) {
        /* the wrong moves to expect of its main line: each move's chance of
         * being wrong, summed (which games to review first) */
        double wrong = 0;
        for (guint k = 0; k < fc->res.steps->len; k++) {
            const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
            if (s->move != MOVE_NONE) wrong += 1 - fix_cmd_confidence(fc, s);
        }
        xml_attr_fmt(fc, "expected-wrong", "%.3f", wrong);
        fc->expected_wrong += wrong;
    }
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
        fix_cmd_token_place(fc, game, fc->res.cut_token, &line, &col);
        xml_start(fc, "unresolved");
        xml_attr_fmt(fc, "line", "%" G_GUINT64_FORMAT, line);
        xml_attr_fmt(fc, "column", "%" G_GUINT64_FORMAT, col);
        if (fc->res.too_long) xml_attr(fc, "why", "too-long");
        GString *rest = g_string_new(NULL);
        if (fc->res.too_long && !fc->sources) /* (no token was collected past the cut's) */
            game_append_rest(game, tokens[fc->res.cut_token].event, rest);
        else
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
void fix_report_note_pairs(struct fix_cmd *fc, const ArbGame *game)
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
                 s->move != MOVE_NONE && fix_cmd_supports(fc, src, langs[src->input], s) ? "yes"
                                                                                         : "no");
        xml_string(fc, src->text, src->len);
        xml_end(fc);
    }
}

void fix_report_begin_input(struct fix_cmd *fc, const char *name)
{
    if (!fc->report) return;
    xml_start(fc, "input");
    xml_attr(fc, "name", name);
}

void fix_report_end_input(struct fix_cmd *fc)
{
    if (fc->report) xml_end(fc);
}

gboolean fix_cmd_open_report(struct fix_cmd *fc, const char *path)
{
    g_autoptr(GError) error = NULL;
    if (path) {
        fc->report = report_writer_open(path, &fc->report_file, &error);
    } else {
        fc->report_buf = xmlBufferCreate();
        fc->report = fc->report_buf ? xmlNewTextWriterMemory(fc->report_buf, 0) : NULL;
    }
    if (!fc->report) {
        fprintf(fix_cmd_err(fc), "arbiter fix: %s\n",
                error ? error->message : "cannot write the report in memory");
        return FALSE;
    }
    xmlSetStructuredErrorFunc(&fc->report_why, report_keep_message);
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
    xml_attr_fmt(fc, "expected-wrong", "%.2f", fc->expected_wrong);
    xml_attr_fmt(fc, "seconds", "%.3f", seconds);
    xml_end(fc);
    gboolean ok = xmlTextWriterEndDocument(fc->report) >= 0 && !fc->io_error;
    int err;
    ok = report_writer_close(fc->report, fc->report_file, &err) && ok;
    fc->report_file = NULL;
    if (err && !fc->report_why) fc->report_why = g_strdup(g_strerror(err));
    xmlSetStructuredErrorFunc(NULL, NULL);
    fc->report = NULL;
    if (fc->report_buf) {
        if (text) *text = g_strdup((const char *)xmlBufferContent(fc->report_buf));
        xmlBufferFree(fc->report_buf);
        fc->report_buf = NULL;
    }
    return ok;
}
