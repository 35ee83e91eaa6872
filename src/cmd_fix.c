/* arbiter fix: reads damaged game scores (OCR, handwriting recognition,
 * HCS label files) and writes the game that was played as PGN export format,
 * every change explained in a comment and, with --report, in an XML report
 * (schema src/fix-report.rng). The search itself is src/fix.c. */
#include "commands.h"

#include "fix.h"
#include "pgnw.h"
#include "render.h"
#include "replay.h"

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
    gboolean no_comments;
    ArbPgnWriter *writer;
    FILE *out;
    xmlTextWriterPtr report;
    const char *file_name;
    GArray *tokens;      /* struct fix_token */
    GStringChunk *glued; /* texts of tokens joined across a ';' (one game's) */
    ArbGame *pending;    /* the last game read, held for its continuation */
    ArbGame *flat;       /* scratch: a game with its variations as main line */
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
    gsize written = n;
    while (n && (s[n - 1] == '.' || s[n - 1] == ',' || s[n - 1] == ')'))
        n--;
    if (n == 0 || n > 3 || !has_digit(s, n) || n == written) return 0;
    int v = 0;
    for (gsize i = 0; i < n; i++) {
        int d = digit_value(s[i]);
        if (d < 0) return 0;
        v = 10 * v + d;
    }
    return v;
}

/* Further readings of a token where it holds what a recogniser makes of
 * one character ("cl5" is d5): each such text read back as the character. */
static void add_split_readings(struct fix_cmd *fc, struct fix_token *t)
{
    int n;
    const struct confusion_split *sp = confusion_splits(fc->conf, &n);
    const struct fix_cand *c = &t->cands[0];
    for (int i = 0; i < n && t->n_cands < FIX_CANDS_MAX; i++) {
        gsize m = strlen(sp[i].seq);
        if (c->len < m || !g_strstr_len(c->text, (gssize)c->len, sp[i].seq)) continue;
        GString *r = g_string_sized_new(c->len);
        for (gsize k = 0; k < c->len;) {
            if (k + m <= c->len && !memcmp(c->text + k, sp[i].seq, m)) {
                g_string_append_unichar(r, sp[i].ch);
                k += m;
            } else {
                g_string_append_c(r, c->text[k++]);
            }
        }
        const char *kept = g_string_chunk_insert_len(fc->glued, r->str, (gssize)r->len);
        t->cands[t->n_cands++] = (struct fix_cand){kept, r->len, sp[i].cost};
        g_string_free(r, TRUE);
    }
}

static void add_token(struct fix_cmd *fc, const char *text, gsize len, int *hint, guint event)
{
    struct fix_token t = {.n_cands = 1, .hint_ply = *hint, .event = event};
    t.cands[0] = (struct fix_cand){text, len, 0};
    add_split_readings(fc, &t);
    g_array_append_val(fc->tokens, t);
    *hint = -1;
}

/* A move with the next move number run into its end ("c2-c48...",
 * "Td439."): the length of the move (ending in its rank digit), with the
 * ply the number names in *ply; else len. The number is the split nearest
 * the one the token count leads to, and no more than 3 from it. */
static gsize trailing_number(const char *s, gsize len, int tokens, int *ply)
{
    gsize n = len, dots = 0;
    while (n && (s[n - 1] == '.' || s[n - 1] == ','))
        n--, dots++;
    if (!dots || n < 3) return len;
    int expect = tokens / 2 + 1, best_gap = 4;
    gsize best = len;
    for (gsize k = n - 1; k >= 2 && k + 3 >= n && g_ascii_isdigit(s[k]); k--) {
        if (!g_ascii_isdigit(s[k - 1])) break;
        int v = 0;
        for (gsize i = k; i < n; i++)
            v = 10 * v + (s[i] - '0');
        if (v > 0 && abs(v - expect) < best_gap) {
            best_gap = abs(v - expect);
            best = k;
            *ply = 2 * (v - 1) + (dots >= 3);
        }
    }
    return best;
}

/* One word of move text: a move number read as a move sets the hint, a
 * check word or prose is dropped, anything else is a token. */
static void add_move_text(struct fix_cmd *fc, const char *text, gsize len, ArbNorm *norm, int *hint,
                          guint event)
{
    int check;
    int number = misread_move_number(text, len);
    if (number > 0 && number < 10000) {
        *hint = 2 * (number - 1);
        return;
    }
    /* a move number run into its move: "Z8.Bxf5" */
    const char *dot = memchr(text, '.', MIN(len, 5));
    if (dot && dot > text && (gsize)(dot - text) + 2 < len) {
        g_autofree char *num = g_strndup(text, (gsize)(dot - text) + 1);
        number = misread_move_number(num, strlen(num));
        if (number > 0) {
            *hint = 2 * (number - 1);
            while (*dot == '.')
                dot++;
            add_token(fc, dot, len - (gsize)(dot - text), hint, event);
            return;
        }
    }
    if (!has_digit(text, len) &&
        (norm_is_suffix_word(norm, text, len, &check) || norm_is_prose(norm, text, len)))
        return;
    gsize move_len = trailing_number(text, len, (int)fc->tokens->len, &number);
    add_token(fc, text, move_len, hint, event);
    if (move_len < len) *hint = number;
}

/* The token text prefix + ';' + word, kept for the game. */
static const char *glue_semicolon(struct fix_cmd *fc, const char *prefix, gsize n, const char *word,
                                  gsize m, gsize *len)
{
    GString *joined = g_string_new_len(prefix, (gssize)n);
    g_string_append_c(joined, ';');
    g_string_append_len(joined, word, (gssize)m);
    *len = joined->len;
    const char *kept = g_string_chunk_insert_len(fc->glued, joined->str, (gssize)joined->len);
    g_string_free(joined, TRUE);
    return kept;
}

/* A ';' in damaged move text is far likelier a misread ':' or a stray mark
 * than a comment: the rest of the line is read as move text, and a word
 * glued to the ';' joins the move (or the number, a misread piece letter:
 * "3;d5") before it again. hint_before is the hint before that number. */
static void collect_line_comment(struct fix_cmd *fc, const ArbGame *game, guint i, ArbNorm *norm,
                                 int *hint, int hint_before)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    const struct game_event *prev =
        i > 0 ? &g_array_index(game->events, struct game_event, i - 1) : NULL;
    const char *text = game_event_text(game, ev);
    const char *p = text, *end = text + ev->len;
    gboolean touching = prev && prev->offset + prev->len == ev->offset;
    struct fix_token *last =
        fc->tokens->len ? &g_array_index(fc->tokens, struct fix_token, fc->tokens->len - 1) : NULL;
    gboolean after_move = touching && prev->kind == EV_MOVE && last && last->event == i - 1;
    gboolean after_number = touching && prev->kind == EV_MOVE_NUMBER;
    while (p < end) {
        while (p < end && g_ascii_isspace(*p))
            p++;
        const char *e = p;
        while (e < end && !g_ascii_isspace(*e))
            e++;
        if (e == p) break;
        if (p == text && after_move) {
            last->cands[0].text = glue_semicolon(fc, last->cands[0].text, last->cands[0].len, p,
                                                 (gsize)(e - p), &last->cands[0].len);
            last->event = i;
        } else if (p == text && after_number) {
            gsize len;
            const char *t =
                glue_semicolon(fc, game_event_text(game, prev), prev->len, p, (gsize)(e - p), &len);
            *hint = hint_before;
            add_token(fc, t, len, hint, i);
        } else {
            add_move_text(fc, p, (gsize)(e - p), norm, hint, i);
        }
        p = e;
    }
}

static gboolean is_bare_number(const ArbGame *game, const struct game_event *ev)
{
    return ev->kind == EV_MOVE_NUMBER && !memchr(game_event_text(game, ev), '.', ev->len);
}

/* A bare digit the reader took for a move number ("1. 4 d5", "e4 5 2.")
 * that cannot be the next one: a move whose file letter was lost. The
 * next number after `last` follows at least one move, and is last + 1 or
 * fits the count of move tokens before it (give or take one); a digit touching
 * its neighbours, or beside another bare number, is part of a damaged
 * number ("1|3", '|' being a column rule). */
static gboolean is_lost_move(const ArbGame *game, guint i, int last, int since, int tokens)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    const char *text = game_event_text(game, ev);
    if (ev->len != 1 || text[0] < '1' || text[0] > '8') return FALSE;
    const struct game_event *prev = i ? ev - 1 : NULL;
    const struct game_event *next = i + 1 < game->events->len ? ev + 1 : NULL;
    if ((prev && (prev->offset + prev->len == ev->offset || is_bare_number(game, prev))) ||
        (next && (ev->offset + ev->len == next->offset || is_bare_number(game, next))))
        return FALSE;
    int n = text[0] - '0';
    if (last > 0 && since == 0) return TRUE;
    return n != last + 1 && abs(2 * (n - 1) - tokens) > 1;
}

/* The main line's move tokens, with the ply a move number names. A header
 * line after the first move (a column of a scoresheet whose move the reader
 * could not see as one: "o6", "B94") gives a token per word. */
static void collect_tokens(struct fix_cmd *fc, const ArbGame *game, ArbNorm *norm)
{
    g_array_set_size(fc->tokens, 0);
    int depth = 0, hint = -1, hint_before = -1, last_number = 0, since_number = 0;
    gboolean in_moves = FALSE;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        const char *text = game_event_text(game, ev);
        if (ev->kind == EV_BEGIN_VARIATION) depth++;
        if (ev->kind == EV_END_VARIATION) depth--;
        if (depth > 0) continue;
        if (ev->kind == EV_MOVE_NUMBER &&
            is_lost_move(game, i, last_number, since_number, (int)fc->tokens->len)) {
            add_token(fc, text, ev->len, &hint, i);
            since_number++;
            continue;
        }
        if (ev->kind == EV_MOVE_NUMBER) {
            guint64 n = g_ascii_strtoull(text, NULL, 10);
            last_number = n < 10000 ? (int)n : -1;
            since_number = 0;
            hint_before = hint;
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
        if (ev->kind == EV_COMMENT && ev->comment_kind == ARB_COMMENT_LINE && in_moves) {
            collect_line_comment(fc, game, i, norm, &hint, hint_before);
            continue;
        }
        if (ev->kind != EV_MOVE) continue;
        in_moves = TRUE;
        guint before = fc->tokens->len;
        add_move_text(fc, text, ev->len, norm, &hint, i);
        since_number += fc->tokens->len > before;
    }
}

/* ---- report --------------------------------------------------------------------- */

static void xml_attr(struct fix_cmd *fc, const char *name, const char *value)
{
    if (!value) return;
    GString *safe = g_string_new(NULL);
    for (const char *p = value; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
            g_string_append(safe, "\xEF\xBF\xBD");
        else
            g_string_append_c(safe, *p);
    }
    if (xmlTextWriterWriteAttribute(fc->report, BAD_CAST name, BAD_CAST safe->str) < 0)
        fc->io_error = TRUE;
    g_string_free(safe, TRUE);
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
    GString *safe = g_string_new(NULL);
    for (const char *p = text; *p; p++)
        if ((unsigned char)*p >= 0x20 || *p == '\t' || *p == '\n')
            g_string_append_c(safe, *p);
        else
            g_string_append(safe, "\xEF\xBF\xBD");
    if (xmlTextWriterWriteString(fc->report, BAD_CAST safe->str) < 0) fc->io_error = TRUE;
    g_string_free(safe, TRUE);
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

static void report_game(struct fix_cmd *fc, const ArbGame *game, int lang, const char *status,
                        const struct position *start)
{
    if (!fc->report) return;
    xml_start(fc, "game");
    xml_attr_fmt(fc, "number", "%" G_GUINT64_FORMAT, game->number);
    xml_attr(fc, "language", arb_lang_code(norm_lang(fc->norms[lang])));
    xml_attr(fc, "status", status);
    xml_attr_fmt(fc, "cost", "%.2f", fix_cost_value(fc->res.cost));
    xml_attr(fc, "white", game_tag(game, "White"));
    xml_attr(fc, "black", game_tag(game, "Black"));
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
        if (xmlTextWriterWriteString(fc->report, BAD_CAST rest->str) < 0) fc->io_error = TRUE;
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
    g_string_chunk_clear(fc->glued);
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
        fprintf(stderr, "%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT ": unresolved%s%s\n",
                fc->file_name, game->first_line, game->number, bad_fen ? ": bad FEN: " : "",
                bad_fen ? message : "");
    } else if (fc->res.changed) {
        fc->corrected++;
    }
    write_game(fc, game, lang, bad_fen, message);
    if (!bad_fen) report_game(fc, game, lang, status, &start);
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

/* Did a result end the game? (A stray '*' the game was joined across
 * stays inside it.) */
static gboolean ends_with_result(const ArbGame *game)
{
    return game->events->len &&
           g_array_index(game->events, struct game_event, game->events->len - 1).kind == EV_RESULT;
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
    return !ends_with_result(before) || !is_move_one(after, first);
}

static gsize keep_text(ArbGame *g, const char *text, gsize len)
{
    gsize at = g->text->len;
    g_string_append_len(g->text, text, (gssize)len);
    g_string_append_c(g->text, 0);
    return at;
}

/* A dropped '(' written against the word after it was a misread letter
 * ("(4", "(f3": a 'c' or a stray mark): that word is move text again, with
 * the '(' in front. A move number with its dot stays what it is. */
static void glue_paren(ArbGame *game, guint i)
{
    const struct game_event *paren = &g_array_index(game->events, struct game_event, i);
    struct game_event *next = &g_array_index(game->events, struct game_event, i + 1);
    if (next->offset != paren->offset + paren->len || paren->len != 1) return;
    if (next->kind != EV_MOVE && next->kind != EV_MOVE_NUMBER) return;
    const char *t = game_event_text(game, next);
    if (next->kind == EV_MOVE_NUMBER && memchr(t, '.', next->len)) return;
    g_autofree char *joined = g_strdup_printf("(%.*s", (int)next->len, t);
    next->text = keep_text(game, joined, next->len + 1);
    next->len++;
    next->offset = paren->offset;
    next->col = paren->col;
    next->kind = EV_MOVE;
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
    for (guint i = 0; i + 1 < ev->len; i++)
        if (drop[i] && g_array_index(ev, struct game_event, i).kind == EV_BEGIN_VARIATION)
            glue_paren(game, i);
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
    fprintf(stderr, "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": %s%s\n", fc->file_name,
            p->line, p->col,
            p->severity == ARB_PROBLEM_ERROR ? "error: " : "warning: ", p->message);
}

/* ---- HCS labels ------------------------------------------------------------------- */

struct hcs_cell {
    int move, black;
    guint64 line, col;
    char *label;
};

static void push_event(ArbGame *g, int kind, int value, const char *text, guint64 line, guint64 col)
{
    struct game_event ev = {.kind = (guint8)kind, .value = value, .line = line, .col = col};
    ev.len = strlen(text);
    ev.text = keep_text(g, text, ev.len);
    g_array_append_val(g->events, ev);
}

static void push_tag(ArbGame *g, const char *name, const char *value)
{
    struct game_event ev = {.kind = EV_TAG};
    ev.len = strlen(name);
    ev.text = keep_text(g, name, ev.len);
    ev.len2 = strlen(value);
    ev.text2 = keep_text(g, value, ev.len2);
    g_array_append_val(g->events, ev);
}

static int cmp_cell(gconstpointer a, gconstpointer b)
{
    const struct hcs_cell *x = a, *y = b;
    if (x->move != y->move) return x->move - y->move;
    return x->black - y->black;
}

static void hcs_flush(struct fix_cmd *fc, const char *sheet, GArray *cells, guint64 number)
{
    if (!cells->len) return;
    g_array_sort(cells, cmp_cell);
    g_autoptr(ArbGame) g = game_new();
    g->number = number;
    g->first_line = g_array_index(cells, struct hcs_cell, 0).line;
    g_autofree char *event = g_strdup_printf("HCS sheet %s", sheet);
    push_tag(g, "Event", event);
    for (guint i = 0; i < cells->len; i++) {
        struct hcs_cell *c = &g_array_index(cells, struct hcs_cell, i);
        char num[32];
        g_snprintf(num, sizeof num, c->black ? "%d..." : "%d.", c->move);
        push_event(g, EV_MOVE_NUMBER, c->black, num, c->line, 1);
        push_event(g, EV_MOVE, 0, c->label, c->line, c->col);
        g_free(c->label);
    }
    g_array_set_size(cells, 0);
    fix_game(fc, g);
}

/* "<game>_<page>_<move>_<white|black>.png <label>" lines; one game per
 * <game>_<page>, cells in move order. */
static gboolean read_hcs(struct fix_cmd *fc, const char *path)
{
    g_autofree char *text = NULL;
    g_autoptr(GError) err = NULL;
    gboolean is_stdin = !strcmp(path, "-");
    if (is_stdin) {
        GString *all = g_string_new(NULL);
        char buf[65536];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
            g_string_append_len(all, buf, (gssize)n);
        text = g_string_free(all, FALSE);
    } else if (!g_file_get_contents(path, &text, NULL, &err)) {
        fprintf(stderr, "arbiter fix: %s: %s\n", path, err->message);
        return FALSE;
    }
    fc->file_name = path;
    g_autoptr(GArray) cells = g_array_new(FALSE, FALSE, sizeof(struct hcs_cell));
    g_autofree char *sheet = NULL;
    guint64 number = 0, line = 0;
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        line++;
        char *s = g_strstrip(*l);
        if (!*s) continue;
        char *space = strpbrk(s, " \t");
        char **parts = g_strsplit(s, "_", 4);
        gboolean ok = space && g_strv_length(parts) == 4;
        if (ok) {
            char *key = g_strdup_printf("%s_%s", parts[0], parts[1]);
            if (!sheet || strcmp(sheet, key)) {
                if (sheet) hcs_flush(fc, sheet, cells, ++number);
                g_free(sheet);
                sheet = key;
            } else {
                g_free(key);
            }
            const char *label = space;
            while (*label == ' ' || *label == '\t')
                label++;
            struct hcs_cell c = {.move = atoi(parts[2]),
                                 .black = g_str_has_prefix(parts[3], "black"),
                                 .line = line,
                                 .col = (guint64)g_utf8_strlen(s, label - s) + 1,
                                 .label = g_strdup(label)};
            g_array_append_val(cells, c);
        } else {
            fprintf(stderr, "%s:%" G_GUINT64_FORMAT ": warning: not an HCS label line\n", path,
                    line);
        }
        g_strfreev(parts);
    }
    g_strfreev(lines);
    if (sheet) hcs_flush(fc, sheet, cells, ++number);
    return TRUE;
}

/* ---- the command ------------------------------------------------------------------ */

static gboolean fix_stream(struct fix_cmd *fc, GInputStream *in, const char *name)
{
    g_autoptr(ArbGame) game = game_new();
    ArbRecorder rec = {game, on_game, on_problem, fc};
    fc->file_name = name;
    ArbReader *reader = reader_new_for_stream(in, NULL, &game_recorder_visitor, &rec);
    g_autoptr(GError) error = NULL;
    gboolean ok = reader_read_all(reader, &error);
    reader_free(reader);
    flush_pending(fc);
    if (!ok) fprintf(stderr, "arbiter fix: %s: %s\n", name, error->message);
    return ok;
}

static gboolean fix_file(struct fix_cmd *fc, const char *path, gboolean hcs)
{
    if (fc->report) {
        xml_start(fc, "input");
        xml_attr(fc, "name", path);
    }
    gboolean ok;
    if (hcs) {
        ok = read_hcs(fc, path);
    } else {
        g_autoptr(GFile) file = !strcmp(path, "-") ? NULL : g_file_new_for_commandline_arg(path);
        g_autoptr(GError) ferr = NULL;
        g_autoptr(GInputStream) in = file ? G_INPUT_STREAM(g_file_read(file, NULL, &ferr))
                                          : g_unix_input_stream_new(0, FALSE);
        if (!in) fprintf(stderr, "arbiter fix: %s: %s\n", path, ferr->message);
        ok = in && fix_stream(fc, in, path);
    }
    if (fc->report) xml_end(fc);
    return ok;
}

static gboolean setup(struct fix_cmd *fc, const char *lang_dir, const char *from, const char *to,
                      const char *confusion)
{
    g_autoptr(GError) error = NULL;
    fc->forced = -1;
    fc->conf = confusion_load(confusion, &error);
    if (!fc->conf) {
        fprintf(stderr, "arbiter fix: confusion table: %s\n", error->message);
        return FALSE;
    }
    fc->langs = arb_lang_set_load(lang_dir, &error);
    if (!fc->langs) {
        fprintf(stderr, "arbiter fix: %s\n", error->message);
        return FALSE;
    }
    fc->english = arb_lang_set_lookup(fc->langs, "en");
    fc->figurines = arb_lang_set_lookup(fc->langs, "figurine");
    fc->n_norms = arb_lang_set_count(fc->langs);
    fc->norms = g_new0(ArbNorm *, fc->n_norms);
    fc->fixers = g_new0(ArbFixer *, fc->n_norms);
    gboolean named = from && g_ascii_strcasecmp(from, "auto") && g_ascii_strcasecmp(from, "hcs");
    for (guint i = 0; i < fc->n_norms; i++) {
        const ArbLang *l = arb_lang_set_nth(fc->langs, i);
        fc->norms[i] = norm_new(l, fc->english, fc->figurines);
        if ((named && arb_lang_set_lookup(fc->langs, from) == l) ||
            (!named && from && !g_ascii_strcasecmp(from, "hcs") && l == fc->english))
            fc->forced = (int)i;
    }
    if (named && fc->forced < 0) {
        fprintf(stderr, "arbiter fix: --from: no language table '%s' (see 'arbiter langs')\n",
                from);
        return FALSE;
    }
    if (!render_parse_target(fc->langs, to, &fc->to_lang, &fc->to_style)) {
        fprintf(stderr,
                "arbiter fix: --to: '%s' is neither a notation (san, lan, uci, fan, iccf) "
                "nor a language code\n",
                to);
        return FALSE;
    }
    return TRUE;
}

static void teardown(struct fix_cmd *fc)
{
    for (guint i = 0; i < fc->n_norms; i++) {
        fixer_free(fc->fixers[i]);
        norm_free(fc->norms[i]);
    }
    g_free(fc->norms);
    g_free(fc->fixers);
    if (fc->langs) arb_lang_set_free(fc->langs);
    confusion_free(fc->conf);
}

static gboolean open_report(struct fix_cmd *fc, const char *path)
{
    fc->report = xmlNewTextWriterFilename(path, 0);
    if (!fc->report) {
        fprintf(stderr, "arbiter fix: cannot write the report %s\n", path);
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

static gboolean close_report(struct fix_cmd *fc, double seconds)
{
    if (!fc->report) return TRUE;
    xml_start(fc, "summary");
    xml_attr_fmt(fc, "games", "%d", fc->games);
    xml_attr_fmt(fc, "clean", "%d", fc->games - fc->corrected - fc->unresolved);
    xml_attr_fmt(fc, "corrected", "%d", fc->corrected);
    xml_attr_fmt(fc, "unresolved", "%d", fc->unresolved);
    xml_attr_fmt(fc, "seconds", "%.3f", seconds);
    xml_end(fc);
    gboolean ok = xmlTextWriterEndDocument(fc->report) >= 0 && !fc->io_error;
    xmlFreeTextWriter(fc->report);
    fc->report = NULL;
    return ok;
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
    struct fix_cmd fc = {.min_confidence = min_confidence, .no_comments = no_comments};
    if (!setup(&fc, lang_dir, from, to, confusion)) {
        teardown(&fc);
        return EXIT_USAGE;
    }
    fc.out = output ? fopen(output, "wb") : stdout;
    if (!fc.out || (report && !open_report(&fc, report))) {
        if (!fc.out)
            fprintf(stderr, "arbiter fix: cannot write %s: %s\n", output, g_strerror(errno));
        if (output && fc.out) fclose(fc.out);
        teardown(&fc);
        return EXIT_USAGE;
    }
    gboolean hcs = from && !g_ascii_strcasecmp(from, "hcs");
    fc.writer = pgnw_new();
    fc.tokens = g_array_new(FALSE, FALSE, sizeof(struct fix_token));
    fc.glued = g_string_chunk_new(256);
    fc.res.steps = g_array_new(FALSE, FALSE, sizeof(struct fix_step));
    gint64 t0 = g_get_monotonic_time();
    gboolean io_ok = TRUE;
    if (argc < 2) io_ok &= fix_file(&fc, "-", hcs);
    for (int i = 1; i < argc; i++)
        io_ok &= fix_file(&fc, argv[i], hcs);
    if (!close_report(&fc, (double)(g_get_monotonic_time() - t0) / 1e6)) {
        fprintf(stderr, "arbiter fix: error writing the report %s\n", report);
        io_ok = FALSE;
    }
    if (fflush(fc.out) != 0 || fc.io_error) {
        fprintf(stderr, "arbiter fix: error writing the output\n");
        io_ok = FALSE;
    }
    if (output) fclose(fc.out);
    g_array_free(fc.res.steps, TRUE);
    g_array_free(fc.tokens, TRUE);
    g_string_chunk_free(fc.glued);
    if (fc.pending) game_free(fc.pending);
    if (fc.flat) game_free(fc.flat);
    pgnw_free(fc.writer);
    teardown(&fc);
    return !io_ok ? EXIT_USAGE : (fc.unresolved || fc.failed) ? EXIT_PROBLEMS : EXIT_CLEAN;
}
