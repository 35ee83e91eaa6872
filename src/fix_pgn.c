/* The PGN `arbiter fix` writes: the moves found, with what was read, the
 * review marks and the engine's say as comments, the text that is no move
 * kept as comments where it stood, variations read as lines of their own;
 * and a game fused from several inputs (--group) with what each wrote. */
#include "fix_state.h"

#include "gamew.h"
#include "outputs.h"
#include "tokens.h"

#include <string.h>

#define STRAY_NUMBER_GAP 10 /* a bare number this far from the one due is no move number */

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

/* " Qc7 +0.41" of a verdict's list (", Qc7 +0.41" past its first, k 0;
 * "worse" for a move not scored). */
static void append_scored(GString *t, const struct position *pos, move_t m, int k, gboolean has,
                          int cp)
{
    char san[SAN_MAX];
    san_write(pos, m, san);
    g_string_append_printf(t, "%s %s ", k ? "," : "", san);
    if (has)
        append_score(t, cp);
    else
        g_string_append(t, "worse");
}

/* What the opponent's next move cost each candidate that paid for it
 * (judge.c's reply_costs()), after lead: " Kc6 0.79, Kc5 0.63"; scored:
 * only the candidates the engine's list shows (the search's move and
 * those it scored among its best). */
static void append_replies(GString *t, const struct position *pos, const struct judge_verdict *v,
                           const char *lead, gboolean scored)
{
    for (int i = 0, n_paid = 0; i < v->n; i++) {
        if (!v->reply[i] || (scored && i && !v->has[i])) continue;
        char san[SAN_MAX];
        san_write(pos, v->moves[i], san);
        g_string_append_printf(t, "%s %s %.2f", n_paid++ ? "," : lead, san,
                               fix_cost_value(v->reply[i]));
    }
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
    if (v->replies_only) { /* "reply: Kc6 0.79, Kc5 0.63" */
        append_replies(t, &s->before, v, "reply:", FALSE);
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
    for (int k = 0; k < n; k++)
        append_scored(t, &s->before, v->moves[order[k]], k, v->has[order[k]], v->cp[order[k]]);
    if (v->deeper) { /* "; depth 4: Rc1 +0.20, Re1 +0.10", the better first */
        g_string_append_printf(t, "; depth %d:", v->deeper);
        gboolean swap =
            v->deeper_has[1] && (!v->deeper_has[0] || v->deeper_cp[1] > v->deeper_cp[0]);
        for (int k = 0; k < 2; k++) {
            int j = k ^ swap;
            append_scored(t, &s->before, v->moves[j ? v->rival : 0], k, v->deeper_has[j],
                          v->deeper_cp[j]);
        }
    }
    append_replies(t, &s->before, v, "; reply:", TRUE); /* "; reply: Rc8 0.35" */
    if (v->changed) g_string_append(t, " (it chose the move)");
}

static char *review_text(const struct fix_cmd *fc, const struct fix_step *s)
{
    GString *t = g_string_new(NULL);
    g_string_append_printf(t, "review: confidence %.3f", fix_cmd_confidence(fc, s));
    for (int a = 0; a < s->n_alts; a++) {
        char san[SAN_MAX];
        san_write(&s->before, s->alts[a].move, san);
        g_string_append_printf(t, "%s %s (%.2f)", a ? "," : "; or", san,
                               fix_cost_value(s->alts[a].cost));
    }
    const struct judge_verdict *v = fix_cmd_verdict_of(fc, s);
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
    const struct judge_verdict *v = fix_cmd_verdict_of(fc, s);
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

/* Is event i a result written in the text, not the game's (a {deleted: ...}
 * note)? In a game read whole (fc->played set), one the path played a move
 * after (a misread "1-0" among the moves, a result the game was joined
 * across), or one among words where the path played none ("Simply 1-0 or
 * 0-1 is written"): a book's sentence after the game's result is no move
 * ("1-0 A fine win for White."). In a cut game and in --group, one with any
 * word after it. */
static gboolean is_text_result(const struct fix_cmd *fc, const ArbGame *game, guint i)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    if (ev->kind != EV_RESULT || !ev->len) return FALSE;
    /* (a result the game was joined across, a stray '*', is no result) */
    if (!fc->played || fc->res.unresolved) return game_moves_after(game, i, FALSE);
    gboolean before = FALSE;
    for (guint k = 0; k < game->events->len; k++) {
        if (!fc->played[k]) continue;
        if (k > i) return TRUE;
        before = TRUE;
    }
    return !before && game_has_event(game, EV_MOVE);
}

static void write_variation(struct fix_cmd *fc, const ArbGame *game, struct var_line *line);
static int next_fullmove(const struct fix_cmd *fc);

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
 * the move number written next) and a result that is the text's
 * (is_text_result()). */
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
            if (!depth) continue; /* (none open: nothing to close) */
            g_string_append_printf(var, " )%.*s", ev->len > 1 ? (int)ev->len - 1 : 0, t + 1);
            if (--depth == 0) {
                pgnw_comment(fc->writer, var->str);
                g_string_free(var, TRUE);
                var = NULL;
            }
            continue;
        }
        if (depth > 0) {
            /* (a ';' comment with its mark: "14... Qb7 ; White keeps") */
            gboolean semi = ev->kind == EV_COMMENT && ev->comment_kind == ARB_COMMENT_LINE;
            if (ev->kind != EV_TAG && ev->kind != EV_RESULT)
                g_string_append_printf(var, " %s%s%s", semi ? "; " : "", t, ev->comma ? "," : "");
            continue;
        }
        if (ev->kind == EV_COMMENT && ev->comment_kind != ARB_COMMENT_NBEST)
            pgnw_comment(fc->writer, t);
        if (ev->kind == EV_NAG) pgnw_nag(fc->writer, ev->value);
        if (ev->kind == EV_DRAW_OFFER) pgnw_comment(fc->writer, "draw offer (=)");
        if (!fc->no_comments && (is_text_result(fc, game, *next) ||
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

/* The head of the comment that keeps a cut game's rest: why it was cut. */
static GString *rest_comment(const struct fix_cmd *fc)
{
    GString *rest = g_string_new(NULL);
    g_string_printf(rest, "arbiter: %s; the rest as written:", fix_cmd_cut_why(fc));
    return rest;
}

static void write_rest(struct fix_cmd *fc, const ArbGame *game, guint from)
{
    GString *rest = rest_comment(fc);
    game_append_rest(game, from, rest);
    pgnw_comment(fc->writer, rest->str);
    g_string_free(rest, TRUE);
}

/* Where the rest of a game cut at event cut is written from, as written:
 * its first move or number the path did not write (at next or later: a
 * word the search weighed as prose, the number before the cut), else the
 * cut; the comments and variations before that are written as such ("3.
 * Nf3 (b6) Damenindisch", the variation). */
static guint rest_from(const ArbGame *game, guint next, guint cut)
{
    int depth = 0;
    for (guint i = next; i < cut; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        depth += (ev->kind == EV_BEGIN_VARIATION) - (ev->kind == EV_END_VARIATION);
        if (!depth && (ev->kind == EV_MOVE || ev->kind == EV_MOVE_NUMBER)) return i;
    }
    return cut;
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

/* The events of game that a step of the path played a move from (a
 * token of it read as the move): one flag per event, the caller's. */
static guint8 *played_events(const struct fix_cmd *fc, const ArbGame *game)
{
    const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
    guint8 *played = g_new0(guint8, game->events->len + 1);
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (s->move == MOVE_NONE) continue;
        for (int t = s->first_token; t < s->first_token + s->n_tokens; t++)
            if (tokens[t].event < game->events->len) played[tokens[t].event] = 1;
    }
    return played;
}

/* Does step s drop a token of a ';' comment the search read as moves
 * (src/tokens.c), none of whose tokens it played? Such a comment was
 * one: it is written back whole, as it stood, for the notes of its words
 * dropped one by one, which lost the words that make no token ("in the
 * case of a draw": a result's word, prose). */
static gboolean drops_comment(const struct fix_cmd *fc, const ArbGame *game, const guint8 *played,
                              const struct fix_step *s)
{
    if (s->change != FIX_DELETED || s->n_tokens < 1) return FALSE;
    const struct fix_token *first = &g_array_index(fc->tokens, struct fix_token, s->first_token);
    const struct fix_token *last = first + s->n_tokens - 1;
    if (last->event != first->event || last->more_events || played[first->event]) return FALSE;
    const struct game_event *ev = &g_array_index(game->events, struct game_event, first->event);
    return ev->kind == EV_COMMENT && ev->comment_kind == ARB_COMMENT_LINE;
}

static void write_moves(struct fix_cmd *fc, const ArbGame *game, guint *next_event)
{
    const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
    int n_tok = (int)fc->tokens->len;
    flag_weighed_drops(fc, game);
    /* (the main line's are fix_pgn_write_game()'s) */
    g_autofree guint8 *own = fc->in_variation ? played_events(fc, game) : NULL;
    const guint8 *played = own ? own : fc->played;
    /* the last move written: the variations that play it another way but
     * stand after the next are written before that (after what stands
     * between them) */
    guint moved_after = G_MAXUINT;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (is_weighed_drop(fc, game, s)) continue; /* with its sentence */
        if (drops_comment(fc, game, played, s)) {
            guint e = (guint)tokens[s->first_token].event;
            if (*next_event > e) continue; /* (written at its first token) */
            flush_events(fc, game, next_event, e, s->before.fullmove, FLUSH_ALL);
            pgnw_comment(fc->writer,
                         game_event_text(game, &g_array_index(game->events, struct game_event, e)));
            *next_event = e + 1;
            continue;
        }
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
        g_autofree char *read = fix_cmd_read_text(fc, game, s);
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
        const struct fix_token *cell = fix_cmd_misplaced_cell(fc, s);
        if (s->change == FIX_INSERTED)
            note =
                cell ? g_strdup_printf("inserted: the cell holds \"%.*s\", %s",
                                       (int)cell->misplaced_len, cell->misplaced,
                                       cell->misplaced_later ? "written again in its own row"
                                                             : "written already in the row before")
                     : g_strdup("inserted: not written");
        if (s->change == FIX_DELETED && move_number_value(read) != s->before.fullmove) {
            const struct game_event *num = number_before(fc, game, s);
            note = num ? g_strdup_printf("deleted: \"%.*s %s\"", (int)num->len,
                                         game_event_text(game, num), read)
                       : g_strdup_printf("deleted: \"%s\"", read);
        }
        int rank;
        const struct fix_cand *reading = fix_cmd_nbest_reading(fc, s, &rank);
        if (s->change == FIX_CORRECTED && reading)
            note = g_strdup_printf("read: \"%s\", the recogniser's reading %d: \"%.*s\"", read,
                                   rank, (int)reading->len, reading->text);
        else if (s->change == FIX_CORRECTED || s->change == FIX_MERGED || s->change == FIX_SPLIT)
            note = g_strdup_printf("read: \"%s\"", read);
        if (note) pgnw_comment(fc->writer, note);
        g_autofree char *review =
            fix_cmd_needs_review(fc, s) ? review_text(fc, s) : engine_text(fc, s);
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
    fix_cmd_enter_variation(fc, line, &was);
    pgnw_begin_variation(fc->writer);
    guint next = line->open + 1;
    write_moves(fc, game, &next);
    flush_events(fc, game, &next, line->close, next_fullmove(fc), FLUSH_ALL);
    pgnw_end_variation(fc->writer);
    fix_cmd_leave_variation(fc, &was);
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
        if (ev->kind == EV_RESULT && !is_text_result(fc, game, i))
            result = ev->value, has_result = TRUE;
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
    outputs_write(fc->out, out, len, &fc->out_errno);
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

void fix_pgn_write_game(struct fix_cmd *fc, const ArbGame *game, int lang, gboolean no_start,
                        const char *why)
{
    ArbPgnWriter *w = fc->writer;
    g_autofree guint8 *played = no_start ? NULL : played_events(fc, game);
    fc->played = played;
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
            guint from = rest_from(game, next_event, (guint)tokens[fc->res.cut_token].event);
            flush_events(fc, game, &next_event, from, next_fullmove(fc), FLUSH_ALL);
            write_rest(fc, game, from);
        } else {
            flush_events(fc, game, &next_event, game->events->len, next_fullmove(fc), FLUSH_ALL);
        }
    }
    end_game(fc, result);
    fc->played = NULL;
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
            all = all && fix_cmd_supports(fc, src, langs[j], s);
        }
        if (!seen) g_string_append_printf(t, "%s%c: not written", t->len ? ", " : "", 'A' + j);
        all = all && seen;
    }
    if (all || !t->len) return g_string_free(t, TRUE), NULL;
    return g_string_free(t, FALSE);
}

void fix_pgn_write_group_game(struct fix_cmd *fc, ArbGame *const *games, guint n, const int *langs)
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
        g_autofree char *review =
            fix_cmd_confidence(fc, s) < fc->min_confidence && s->move != MOVE_NONE
                ? review_text(fc, s)
                : engine_text(fc, s);
        if (review) pgnw_comment(fc->writer, review);
    }
    if (fc->res.unresolved) {
        GString *rest = rest_comment(fc);
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
