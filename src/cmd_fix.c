/* arbiter fix: reads damaged game scores (OCR, handwriting recognition,
 * HCS label files) and writes the game that was played as PGN export format,
 * every change explained in a comment and, with --report, in an XML report
 * (schema src/fix-report.rng). The search itself is src/fix.c. */
#include "cmd_fix.h"
#include "commands.h"

#include "fix.h"
#include "hcs.h"
#include "pgnw.h"
#include "render.h"
#include "replay.h"
#include "report.h"

#include <gio/gunixinputstream.h>
#include <libxml/xmlwriter.h>
#include <stdio.h>
#include <string.h>

#define FIX_REPORT_NAMESPACE "urn:arbiter:fix-report:1"

struct fix_cmd {
    ArbLangSet *langs;
    const ArbLang *english, *figurines;
    ArbNorm **norms;
    ArbFixer **fixers; /* one per language, made when first needed */
    guint n_norms;
    int forced; /* index of --from LANG, or -1 */
    ArbConfusion *conf;
    const ArbLang *to_lang;
    enum notation_style to_style;
    double min_confidence;
    gboolean no_comments, hcs;
    ArbPgnWriter *writer;
    FILE *out, *err;
    xmlTextWriterPtr report;
    xmlBufferPtr report_buf; /* the report in memory (fix_cmd_open_report(NULL)) */
    const char *file_name;
    GArray *tokens;   /* struct fix_token */
    ArbGame *pending; /* the last game read, held for its continuation */
    ArbGame *flat;    /* scratch: a game with its variations as main line */
    gboolean has_pending;
    struct fix_result res;
    int games, unresolved, corrected, failed;
    gboolean io_error;
};

static const char *const change_names[] = {"none",    "corrected", "inserted",
                                           "deleted", "merged",    "split"};

/* ---- language ------------------------------------------------------------------ */

static const char *const preferred[] = {"en", "de", "fr", "es", "it", "nl", "ru", "pt",
                                        "pl", "cs", "sv", "nb", "da", "hu", "fi", NULL};

static int preference(const ArbLang *lang)
{
    for (int i = 0; preferred[i]; i++)
        if (!strcmp(arb_lang_code(lang), preferred[i])) return i;
    return G_N_ELEMENTS(preferred);
}

/* How many move tokens start with a piece initial of lang (tokens that
 * start with a file, a digit or castling's O say nothing). */
static int letters_covered(const ArbLang *lang, const ArbGame *game)
{
    int n = 0;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        if (ev->kind != EV_MOVE) continue;
        const char *t = game_event_text(game, ev);
        gunichar c = g_utf8_get_char(t);
        if ((c >= 'a' && c <= 'h') || !g_unichar_isalpha(c) || c == 'O' || c == 'o') continue;
        ArbPieceMatch m[ARB_LANG_MATCH_MAX];
        n += arb_lang_match_pieces(lang, t, ev->len, ARB_MATCH_EXACT, m, G_N_ELEMENTS(m)) > 0;
    }
    return n;
}

/* The language whose piece initials cover the most tokens; among those, the
 * one that replays the most moves before the first bad one, then the more
 * common language. A damaged game is expected to have a bad move somewhere,
 * so the letters count for more than the replay (convert asks the reverse). */
static int choose_language(struct fix_cmd *fc, const ArbGame *game, int *runner_up)
{
    *runner_up = -1;
    if (fc->forced >= 0) return fc->forced;
    int best = -1, best_cover = -1, best_pref = 0;
    g_autofree int *covers = g_new(int, fc->n_norms);
    struct replay_result res, best_res = {0};
    for (guint i = 0; i < fc->n_norms; i++) {
        const ArbLang *lang = norm_lang(fc->norms[i]);
        covers[i] = -2;
        if (lang == fc->figurines) continue;
        int cover = letters_covered(lang, game);
        covers[i] = cover;
        if (cover < best_cover) continue;
        replay_game(game, fc->norms[i], NULL, &res);
        int pref = preference(lang);
        gboolean better =
            best < 0 || cover > best_cover || res.moves > best_res.moves ||
            (res.moves == best_res.moves &&
             (res.cost < best_res.cost || (res.cost == best_res.cost && pref < best_pref)));
        if (better) best = (int)i, best_res = res, best_pref = pref, best_cover = cover;
    }
    /* one token more or less says little: the most common language that
     * covers about as many is read too, and the cheaper reading kept */
    int up_pref = preference(norm_lang(fc->norms[best]));
    for (guint i = 0; i < fc->n_norms; i++) {
        const ArbLang *lang = norm_lang(fc->norms[i]);
        if ((int)i == best || lang == fc->figurines || covers[i] < best_cover - 1) continue;
        if (preference(lang) < up_pref) *runner_up = (int)i, up_pref = preference(lang);
    }
    return best;
}

static ArbFixer *fixer_for(struct fix_cmd *fc, int lang)
{
    if (!fc->fixers[lang]) fc->fixers[lang] = fixer_new(fc->conf, fc->norms[lang]);
    fixer_set_alternatives(fc->fixers[lang], fc->report != NULL);
    return fc->fixers[lang];
}

/* ---- tokens -------------------------------------------------------------------- */

static gboolean has_digit(const char *s, gsize n)
{
    for (gsize i = 0; i < n; i++)
        if (g_ascii_isdigit(s[i])) return TRUE;
    return FALSE;
}

/* A digit as a recogniser may have misread it ('l0.' is 10.), or -1. */
static int digit_value(char c)
{
    static const char from[] = "0123456789lIiOoDBSsZzqgb";
    static const char value[] = "012345678911100088552299";
    const char *p = c ? strchr(from, c) : NULL;
    return p ? value[p - from] - '0' : -1;
}

/* A token that is a move number read as move text ("l0.", "3B.", "14,"):
 * its number, or 0. Such a token ends with '.' or ',' and is digits and
 * digit look-alikes before it, at least one a real digit. */
static int misread_move_number(const char *s, gsize n)
{
    while (n && (s[n - 1] == '.' || s[n - 1] == ',' || s[n - 1] == ')'))
        n--;
    if (n == 0 || n > 3 || !has_digit(s, n) || n == strlen(s)) return 0;
    int v = 0;
    for (gsize i = 0; i < n; i++) {
        int d = digit_value(s[i]);
        if (d < 0) return 0;
        v = 10 * v + d;
    }
    return v;
}

static void add_token(struct fix_cmd *fc, const char *text, gsize len, int *hint, guint event)
{
    struct fix_token t = {.n_cands = 1, .hint_ply = *hint, .event = event};
    t.cands[0] = (struct fix_cand){text, len, 0};
    g_array_append_val(fc->tokens, t);
    *hint = -1;
}

/* The main line's move tokens, with the ply a move number names. A header
 * line after the first move (a column of a scoresheet whose move the reader
 * could not see as one: "o6", "B94") gives a token per word. */
static void collect_tokens(struct fix_cmd *fc, const ArbGame *game, ArbNorm *norm)
{
    g_array_set_size(fc->tokens, 0);
    int depth = 0, hint = -1, check;
    gboolean in_moves = FALSE;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        const char *text = game_event_text(game, ev);
        if (ev->kind == EV_BEGIN_VARIATION) depth++;
        if (ev->kind == EV_END_VARIATION) depth--;
        if (depth > 0) continue;
        if (ev->kind == EV_MOVE_NUMBER) {
            guint64 n = g_ascii_strtoull(text, NULL, 10);
            hint = n >= 1 && n < 10000 ? 2 * ((int)n - 1) + (ev->value ? 1 : 0) : -1;
            in_moves = TRUE;
            continue;
        }
        if (ev->kind == EV_COMMENT && ev->comment_kind == ARB_COMMENT_HEADER && in_moves &&
            g_utf8_strlen(text, -1) <= 16) {
            for (const char *p = text; *p;) {
                while (*p == ' ' || *p == '\t')
                    p++;
                const char *e = p;
                while (*e && *e != ' ' && *e != '\t')
                    e++;
                if (e > p) add_token(fc, p, (gsize)(e - p), &hint, i);
                p = e;
            }
            continue;
        }
        if (ev->kind != EV_MOVE) continue;
        in_moves = TRUE;
        int number = misread_move_number(text, ev->len);
        if (number > 0 && number < 10000) {
            hint = 2 * (number - 1);
            continue;
        }
        /* a move number run into its move: "Z8.Bxf5" */
        const char *dot = memchr(text, '.', MIN(ev->len, 5));
        if (dot && dot > text && (gsize)(dot - text) + 2 < ev->len) {
            g_autofree char *num = g_strndup(text, (gsize)(dot - text) + 1);
            number = misread_move_number(num, strlen(num));
            if (number > 0) {
                hint = 2 * (number - 1);
                while (*dot == '.')
                    dot++;
                add_token(fc, dot, ev->len - (gsize)(dot - text), &hint, i);
                continue;
            }
        }
        if (!has_digit(text, ev->len) && (norm_is_suffix_word(norm, text, ev->len, &check) ||
                                          norm_is_prose(norm, text, ev->len)))
            continue;
        add_token(fc, text, ev->len, &hint, i);
    }
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

static void xml_text_element(struct fix_cmd *fc, const char *name, const char *text)
{
    xml_start(fc, name);
    xml_text(fc, text);
    xml_end(fc);
}

/* What a step read, as the comment quotes it: the token(s) as written. */
static char *read_text(const struct fix_cmd *fc, const ArbGame *game, const struct fix_step *s)
{
    const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
    GString *t = g_string_new(NULL);
    for (int k = 0; k < s->n_tokens; k++) {
        const struct fix_cand *c = &tokens[s->first_token + k].cands[0];
        g_string_append_printf(t, "%s%.*s", k ? " " : "", (int)c->len, c->text);
    }
    return g_string_free(t, FALSE);
}

static void report_step(struct fix_cmd *fc, const ArbGame *game, const struct fix_step *s,
                        int start_ply)
{
    const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
    xml_start(fc, "move");
    xml_attr_fmt(fc, "ply", "%d", 2 * (s->before.fullmove - 1) + s->before.side - start_ply + 1);
    xml_attr_fmt(fc, "number", "%d", s->before.fullmove);
    xml_attr(fc, "side", s->before.side == WHITE ? "white" : "black");
    xml_attr(fc, "change", change_names[s->change]);
    xml_attr_fmt(fc, "confidence", "%.3f", s->confidence);
    xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(s->cost));
    if (s->n_tokens > 0) {
        const struct game_event *ev =
            &g_array_index(game->events, struct game_event, tokens[s->first_token].event);
        xml_attr_fmt(fc, "line", "%" G_GUINT64_FORMAT, ev->line);
        xml_attr_fmt(fc, "column", "%" G_GUINT64_FORMAT, ev->col);
        g_autofree char *in = read_text(fc, game, s);
        xml_text_element(fc, "input", in);
    }
    if (s->move != MOVE_NONE) {
        char san[SAN_MAX];
        san_write(&s->before, s->move, san);
        xml_text_element(fc, "san", san);
    }
    for (int a = 0; a < s->n_alts; a++) {
        char san[SAN_MAX];
        san_write(&s->before, s->alts[a].move, san);
        xml_start(fc, "alternative");
        xml_attr(fc, "san", san);
        xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(s->alts[a].cost));
        xml_end(fc);
    }
    xml_end(fc);
}

/* ---- output --------------------------------------------------------------------- */

static char *review_text(const struct fix_step *s)
{
    GString *t = g_string_new(NULL);
    g_string_append_printf(t, "review: confidence %.2f", s->confidence);
    for (int a = 0; a < s->n_alts; a++) {
        char san[SAN_MAX];
        san_write(&s->before, s->alts[a].move, san);
        g_string_append_printf(t, "%s %s (%.2f)", a ? "," : "; or", san,
                               fix_cost_value(s->alts[a].cost));
    }
    return g_string_free(t, FALSE);
}

/* Comments, NAGs and variations (as a comment) of the main line before event
 * `upto` that are not written yet. */
static void flush_events(struct fix_cmd *fc, const ArbGame *game, guint *next, guint upto)
{
    GString *var = NULL;
    int depth = 0;
    for (; *next < upto; (*next)++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, *next);
        const char *t = game_event_text(game, ev);
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
        if (ev->kind == EV_COMMENT) pgnw_comment(fc->writer, t);
        if (ev->kind == EV_NAG) pgnw_nag(fc->writer, ev->value);
        if (ev->kind == EV_DRAW_OFFER) pgnw_comment(fc->writer, "draw offer (=)");
    }
    if (var) {
        pgnw_comment(fc->writer, var->str);
        g_string_free(var, TRUE);
    }
}

static void write_rest(struct fix_cmd *fc, const ArbGame *game, guint from)
{
    GString *rest = g_string_new("arbiter: nothing legal fits from here on; the rest as written:");
    game_append_rest(game, from, rest);
    pgnw_comment(fc->writer, rest->str);
    g_string_free(rest, TRUE);
}

static void write_moves(struct fix_cmd *fc, const ArbGame *game, guint *next_event)
{
    const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
    int n_tok = (int)fc->tokens->len;
    for (guint k = 0; k < fc->res.steps->len; k++) {
        const struct fix_step *s = &g_array_index(fc->res.steps, struct fix_step, k);
        if (s->first_token < n_tok)
            flush_events(fc, game, next_event, tokens[s->first_token].event);
        if (s->n_tokens > 0)
            *next_event = MAX(*next_event, tokens[s->first_token + s->n_tokens - 1].event + 1);
        g_autofree char *read = read_text(fc, game, s);
        if (s->move != MOVE_NONE) {
            char text[RENDER_MAX];
            render_move(fc->to_lang, fc->to_style, &s->before, s->move, text, sizeof text);
            pgnw_move(fc->writer, s->before.fullmove, s->before.side, text);
        }
        if (fc->no_comments) continue;
        g_autofree char *note = NULL;
        if (s->change == FIX_INSERTED) note = g_strdup("inserted: not written");
        if (s->change == FIX_DELETED) note = g_strdup_printf("deleted: \"%s\"", read);
        if (s->change == FIX_CORRECTED || s->change == FIX_MERGED || s->change == FIX_SPLIT)
            note = g_strdup_printf("read: \"%s\"", read);
        if (note) pgnw_comment(fc->writer, note);
        if (s->confidence < fc->min_confidence && s->move != MOVE_NONE) {
            g_autofree char *review = review_text(s);
            pgnw_comment(fc->writer, review);
        }
    }
}

static void write_game(struct fix_cmd *fc, const ArbGame *game, int lang, gboolean bad_fen,
                       const char *fen_message)
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
    if (!has_result && tag_result) pgnw_tag(w, "Result", tag_result);
    if (has_result && !tag_result) pgnw_tag(w, "Result", game_result_text(result));
    const ArbLang *l = norm_lang(fc->norms[lang]);
    if (l != fc->english && fc->forced < 0) pgnw_tag(w, "Notation", arb_lang_code(l));
    guint next_event = 0;
    if (bad_fen) {
        pgnw_comment(w, fen_message);
    } else {
        write_moves(fc, game, &next_event);
        if (fc->res.unresolved) {
            const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
            write_rest(fc, game, (guint)tokens[fc->res.cut_token].event);
        } else {
            flush_events(fc, game, &next_event, game->events->len);
        }
    }
    pgnw_end_game(w, has_result ? game_result_text(result) : tag_result ? tag_result : "*");
    gsize len;
    g_autofree char *out = pgnw_take(w, &len);
    if (fwrite(out, 1, len, fc->out) != len) fc->io_error = TRUE;
}

/* start is NULL for a game whose FEN cannot be read: it is reported
 * unresolved at its first line, with fen_message. */
static void report_game(struct fix_cmd *fc, const ArbGame *game, int lang, const char *status,
                        const struct position *start, const char *fen_message)
{
    if (!fc->report) return;
    xml_start(fc, "game");
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
        g_autofree char *why = g_strdup_printf("bad FEN: %s", fen_message);
        xml_text(fc, why);
        xml_end(fc);
        xml_end(fc);
        return;
    }
    int start_ply = 2 * (start->fullmove - 1) + start->side;
    for (guint k = 0; k < fc->res.steps->len; k++)
        report_step(fc, game, &g_array_index(fc->res.steps, struct fix_step, k), start_ply);
    if (fc->res.unresolved) {
        const struct fix_token *tokens = (const struct fix_token *)fc->tokens->data;
        const struct game_event *ev =
            &g_array_index(game->events, struct game_event, tokens[fc->res.cut_token].event);
        xml_start(fc, "unresolved");
        xml_attr_fmt(fc, "line", "%" G_GUINT64_FORMAT, ev->line);
        xml_attr_fmt(fc, "column", "%" G_GUINT64_FORMAT, ev->col);
        GString *rest = g_string_new(NULL);
        for (guint t = (guint)fc->res.cut_token; t < fc->tokens->len; t++) {
            const struct game_event *e =
                &g_array_index(game->events, struct game_event, tokens[t].event);
            g_string_append_printf(rest, "%s%s", rest->len ? " " : "", game_event_text(game, e));
        }
        xml_text(fc, rest->str);
        g_string_free(rest, TRUE);
        xml_end(fc);
    }
    xml_end(fc);
}

static void drop_variations(ArbGame *game, gboolean all);
static void append_game(ArbGame *dst, const ArbGame *src);

static void run_fixer(struct fix_cmd *fc, const ArbGame *game, int lang,
                      const struct position *start)
{
    collect_tokens(fc, game, fc->norms[lang]);
    fixer_run(fixer_for(fc, lang), start, (const struct fix_token *)fc->tokens->data,
              (int)fc->tokens->len, &fc->res);
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
    struct fix_result kept = fc->res;
    run_fixer(fc, game, lang, start);
    gboolean better =
        kept.unresolved != fc->res.unresolved ? kept.unresolved : fc->res.cost < kept.cost;
    if (better) return TRUE;
    g_array_set_size(fc->res.steps, 0);
    g_array_append_vals(fc->res.steps, steps->data, steps->len);
    g_array_set_size(fc->tokens, 0);
    g_array_append_vals(fc->tokens, tokens->data, tokens->len);
    GArray *mine = fc->res.steps;
    fc->res = kept;
    fc->res.steps = mine;
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
    append_game(fc->flat, game);
    drop_variations(fc->flat, TRUE);
    return rerun_if_better(fc, fc->flat, lang, start) ? fc->flat : game;
}

static void fix_game(struct fix_cmd *fc, const ArbGame *game)
{
    fc->games++;
    int runner_up;
    int lang = choose_language(fc, game, &runner_up);
    struct position start;
    char message[200];
    gboolean bad_fen = !replay_start_position(game, &start, message, sizeof message);
    g_array_set_size(fc->res.steps, 0);
    fc->res.unresolved = bad_fen;
    fc->res.cost = 0;
    if (!bad_fen) {
        run_fixer(fc, game, lang, &start);
        if (runner_up >= 0 && fc->res.cost > 0 && rerun_if_better(fc, game, runner_up, &start))
            lang = runner_up;
        game = try_flat(fc, game, lang, &start);
    }
    const char *status = fc->res.unresolved ? "unresolved"
                         : fc->res.changed  ? "corrected"
                                            : "clean";
    if (fc->res.unresolved) {
        fc->unresolved++;
        fprintf(fc->err, "%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT ": unresolved%s%s\n",
                fc->file_name, game->first_line, game->number, bad_fen ? ": bad FEN: " : "",
                bad_fen ? message : "");
    } else if (fc->res.changed) {
        fc->corrected++;
    }
    write_game(fc, game, lang, bad_fen, message);
    report_game(fc, game, lang, status, bad_fen ? NULL : &start, message);
}

/* ---- mending what the damage did to the game's shape --------------------------- */

static gboolean has_event(const ArbGame *game, int kind)
{
    for (guint i = 0; i < game->events->len; i++)
        if (g_array_index(game->events, struct game_event, i).kind == kind) return TRUE;
    return FALSE;
}

/* Appends the events of src to dst, their text with them. */
static void append_game(ArbGame *dst, const ArbGame *src)
{
    gsize base = dst->text->len;
    g_string_append_len(dst->text, src->text->str, (gssize)src->text->len);
    for (guint i = 0; i < src->events->len; i++) {
        struct game_event ev = g_array_index(src->events, struct game_event, i);
        ev.text += base;
        ev.text2 += base;
        g_array_append_val(dst->events, ev);
    }
}

static guint64 last_line(const ArbGame *game)
{
    return game->events->len
               ? g_array_index(game->events, struct game_event, game->events->len - 1).line
               : 0;
}

static gboolean is_move_one(const ArbGame *game, const struct game_event *ev)
{
    return ev->kind == EV_MOVE_NUMBER && !ev->value &&
           g_ascii_strtoull(game_event_text(game, ev), NULL, 10) == 1;
}

/* Did the reader end `before` only because of damage: a move number read
 * "1" (a misread "21"), or a stray '*' read as a result? Then `after` has no
 * tags and follows on the same or the next line, with no blank line between
 * (a free-text game boundary needs one); after a result, it does not start
 * again at move 1. */
static gboolean continues(const ArbGame *before, const ArbGame *after)
{
    if (!after->events->len || has_event(after, EV_TAG)) return FALSE;
    const struct game_event *first = &g_array_index(after->events, struct game_event, 0);
    if (first->line > last_line(before) + 1) return FALSE;
    return !has_event(before, EV_RESULT) || !is_move_one(after, first);
}

/* Drops the marks of the variations (all, or those the reader had to close
 * at the end of the game, with an empty closing token: their '(' was a
 * stray mark), so that the moves in them are main line. */
static void drop_variations(ArbGame *game, gboolean all)
{
    GArray *ev = game->events;
    guint open[64], depth = 0, overflow = 0;
    g_autofree gboolean *drop = g_new0(gboolean, ev->len + 1);
    for (guint i = 0; i < ev->len; i++) {
        const struct game_event *e = &g_array_index(ev, struct game_event, i);
        if (e->kind == EV_BEGIN_VARIATION) {
            if (depth < G_N_ELEMENTS(open))
                open[depth++] = i;
            else
                overflow++;
        } else if (e->kind == EV_END_VARIATION) {
            if (overflow) {
                overflow--;
            } else if (depth) {
                depth--;
                if (all || e->len == 0) drop[i] = drop[open[depth]] = TRUE;
            }
        }
    }
    guint kept = 0;
    for (guint i = 0; i < ev->len; i++)
        if (!drop[i])
            g_array_index(ev, struct game_event, kept++) = g_array_index(ev, struct game_event, i);
    g_array_set_size(ev, kept);
}

static void flush_pending(struct fix_cmd *fc)
{
    if (!fc->has_pending) return;
    fc->has_pending = FALSE;
    drop_variations(fc->pending, FALSE);
    fix_game(fc, fc->pending);
}

/* Holds each game until the next one shows whether the reader split it. */
static void on_game(ArbGame *game, const ArbGameSummary *summary, gpointer ud)
{
    struct fix_cmd *fc = ud;
    if (fc->has_pending && continues(fc->pending, game)) {
        append_game(fc->pending, game);
        return;
    }
    flush_pending(fc);
    if (!fc->pending) fc->pending = game_new();
    game_clear(fc->pending);
    fc->pending->number = game->number;
    fc->pending->first_line = game->first_line;
    fc->pending->failed = game->failed;
    append_game(fc->pending, game);
    fc->has_pending = TRUE;
}

static void on_problem(const ArbProblem *p, gpointer ud)
{
    struct fix_cmd *fc = ud;
    if (p->severity == ARB_PROBLEM_ERROR) fc->failed++;
    fprintf(fc->err, "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": %s%s\n", fc->file_name,
            p->line, p->col,
            p->severity == ARB_PROBLEM_ERROR ? "error: " : "warning: ", p->message);
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
        fprintf(fc->err, "%s:%" G_GUINT64_FORMAT ": warning: %s\n", fc->file_name, line, message);
    else
        fprintf(fc->err, "%s: warning: %s\n", fc->file_name, message);
}

static void fix_hcs_text(struct fix_cmd *fc, const char *text, gsize len)
{
    const ArbHcsVisitor visitor = {on_sheet, on_hcs_warning, fc};
    hcs_read(text, len, &visitor);
}

/* "<game>_<page>_<move>_<white|black>.png <label>" lines (src/hcs.c). */
static gboolean read_hcs(struct fix_cmd *fc, const char *path)
{
    g_autofree char *text = NULL;
    gsize len = 0;
    g_autoptr(GError) err = NULL;
    if (!strcmp(path, "-")) {
        GString *all = g_string_new(NULL);
        char buf[65536];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
            g_string_append_len(all, buf, (gssize)n);
        len = all->len;
        text = g_string_free(all, FALSE);
    } else if (!g_file_get_contents(path, &text, &len, &err)) {
        fprintf(fc->err, "arbiter fix: %s: %s\n", path, err->message);
        return FALSE;
    }
    fix_hcs_text(fc, text, len);
    return TRUE;
}

/* ---- the command ------------------------------------------------------------------ */

static void begin_input(struct fix_cmd *fc, const char *name)
{
    fc->file_name = name;
    if (!fc->report) return;
    xml_start(fc, "input");
    xml_attr(fc, "name", name);
}

static void end_input(struct fix_cmd *fc)
{
    if (fc->report) xml_end(fc);
}

static gboolean read_games(struct fix_cmd *fc, ArbReader *reader)
{
    g_autoptr(GError) error = NULL;
    gboolean ok = reader_read_all(reader, &error);
    reader_free(reader);
    flush_pending(fc);
    if (!ok) fprintf(fc->err, "arbiter fix: %s: %s\n", fc->file_name, error->message);
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
    gboolean ok;
    if (fc->hcs) {
        ok = read_hcs(fc, path);
    } else {
        g_autoptr(GFile) file = !strcmp(path, "-") ? NULL : g_file_new_for_commandline_arg(path);
        g_autoptr(GError) ferr = NULL;
        g_autoptr(GInputStream) in = file ? G_INPUT_STREAM(g_file_read(file, NULL, &ferr))
                                          : g_unix_input_stream_new(0, FALSE);
        if (!in) fprintf(fc->err, "arbiter fix: %s: %s\n", path, ferr->message);
        ok = in && fix_stream(fc, in);
    }
    end_input(fc);
    return ok;
}

void fix_cmd_read_data(struct fix_cmd *fc, const char *name, const char *data, gsize len)
{
    begin_input(fc, name);
    if (fc->hcs) {
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
    fc->conf = confusion_load(opt->confusion, &error);
    if (!fc->conf) {
        fprintf(fc->err, "arbiter fix: confusion table: %s\n", error->message);
        return FALSE;
    }
    fc->langs = arb_lang_set_load(opt->lang_dir, &error);
    if (!fc->langs) {
        fprintf(fc->err, "arbiter fix: %s\n", error->message);
        return FALSE;
    }
    fc->english = arb_lang_set_lookup(fc->langs, "en");
    fc->figurines = arb_lang_set_lookup(fc->langs, "figurine");
    fc->n_norms = arb_lang_set_count(fc->langs);
    fc->norms = g_new0(ArbNorm *, fc->n_norms);
    fc->fixers = g_new0(ArbFixer *, fc->n_norms);
    gboolean named = from && g_ascii_strcasecmp(from, "auto") && !fc->hcs;
    for (guint i = 0; i < fc->n_norms; i++) {
        const ArbLang *l = arb_lang_set_nth(fc->langs, i);
        fc->norms[i] = norm_new(l, fc->english, fc->figurines);
        if ((named && arb_lang_set_lookup(fc->langs, from) == l) || (fc->hcs && l == fc->english))
            fc->forced = (int)i;
    }
    if (named && fc->forced < 0) {
        fprintf(fc->err, "arbiter fix: --from: no language table '%s' (see 'arbiter langs')\n",
                from);
        return FALSE;
    }
    if (!render_parse_target(fc->langs, to, &fc->to_lang, &fc->to_style)) {
        fprintf(fc->err,
                "arbiter fix: --to: '%s' is neither a notation (san, lan, uci, fan, iccf) "
                "nor a language code\n",
                to);
        return FALSE;
    }
    return TRUE;
}

struct fix_cmd *fix_cmd_new(const struct fix_cmd_options *options, FILE *err)
{
    struct fix_cmd *fc = g_new0(struct fix_cmd, 1);
    fc->err = err;
    fc->out = stdout;
    fc->writer = pgnw_new();
    fc->tokens = g_array_new(FALSE, FALSE, sizeof(struct fix_token));
    fc->res.steps = g_array_new(FALSE, FALSE, sizeof(struct fix_step));
    if (!setup(fc, options)) {
        fix_cmd_free(fc);
        return NULL;
    }
    return fc;
}

void fix_cmd_free(struct fix_cmd *fc)
{
    if (!fc) return;
    if (fc->report) xmlFreeTextWriter(fc->report);
    if (fc->report_buf) xmlBufferFree(fc->report_buf);
    for (guint i = 0; i < fc->n_norms; i++) {
        fixer_free(fc->fixers[i]);
        norm_free(fc->norms[i]);
    }
    g_free(fc->norms);
    g_free(fc->fixers);
    if (fc->langs) arb_lang_set_free(fc->langs);
    confusion_free(fc->conf);
    g_array_free(fc->res.steps, TRUE);
    g_array_free(fc->tokens, TRUE);
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
        fprintf(fc->err, "arbiter fix: cannot write the report %s\n", path ? path : "in memory");
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

int cmd_fix(int argc, char **argv)
{
    g_autofree char *from = NULL, *to = NULL, *output = NULL, *lang_dir = NULL, *report = NULL,
                    *confusion = NULL;
    double min_confidence = 0.9;
    gboolean no_comments = FALSE;
    GOptionEntry entries[] = {
        {"from", 'f', 0, G_OPTION_ARG_STRING, &from,
         "input: auto (default: per game, the language that reads it best), a language code, "
         "or hcs (HCS label lines, one game per <game>_<page>)",
         "auto|LANG|hcs"},
        {"to", 't', 0, G_OPTION_ARG_STRING, &to,
         "notation of the output: san (default), lan, uci, fan, iccf or a language code", "FORMAT"},
        {"report", 'r', 0, G_OPTION_ARG_FILENAME, &report,
         "write an XML report of every move to FILE (schema src/fix-report.rng)", "FILE.xml"},
        {"min-confidence", 0, 0, G_OPTION_ARG_DOUBLE, &min_confidence,
         "mark moves below this confidence for review (default 0.9)", "X"},
        {"no-comments", 0, 0, G_OPTION_ARG_NONE, &no_comments,
         "write no read/review comments, only the corrected moves", NULL},
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "write to FILE instead of stdout",
         "FILE"},
        {"lang-dir", 0, 0, G_OPTION_ARG_FILENAME, &lang_dir, "also load the language tables in DIR",
         "DIR"},
        {"confusion", 0, 0, G_OPTION_ARG_FILENAME, &confusion,
         "read the confusion table from FILE instead of the built-in lang/confusion.ini", "FILE"},
        G_OPTION_ENTRY_NULL};
    g_autoptr(GOptionContext) ctx = g_option_context_new("[FILE...]");
    g_option_context_set_summary(
        ctx, "Corrects game scores damaged by OCR or handwriting recognition against the rules "
             "and writes PGN export format. Reads stdin when no FILE is given.");
    g_option_context_set_description(
        ctx, "Every changed move keeps what was read in a comment ({read: \"Sd7\"}); a move\n"
             "below --min-confidence gets {review: ...} with the next-best moves. Where\n"
             "nothing legal fits any more, the game is cut and the rest kept in a comment.\n\n"
             "Input cut short (ending inside a tag, a comment, or a move with no line end\n"
             "or result after it) is a problem too: an error names the place.\n"
             "Exit status: 0 every game resolved, 1 some unresolved, 2 usage or I/O error.\n");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(ctx, &argc, &argv, &error)) {
        fprintf(stderr, "arbiter fix: %s\n", error->message);
        return EXIT_USAGE;
    }
    if (min_confidence < 0 || min_confidence > 1) {
        fprintf(stderr, "arbiter fix: --min-confidence: want a number from 0 to 1\n");
        return EXIT_USAGE;
    }
    const struct fix_cmd_options opt = {from, to, lang_dir, confusion, min_confidence, no_comments};
    struct fix_cmd *fc = fix_cmd_new(&opt, stderr);
    if (!fc) return EXIT_USAGE;
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
    if (argc < 2) io_ok &= fix_cmd_read_file(fc, "-");
    for (int i = 1; i < argc; i++)
        io_ok &= fix_cmd_read_file(fc, argv[i]);
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
    fix_cmd_free(fc);
    return !io_ok ? EXIT_USAGE : (n.unresolved || n.failed) ? EXIT_PROBLEMS : EXIT_CLEAN;
}
