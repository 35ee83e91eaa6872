/* The tokens fix searches over, read from a recorded game's events
 * (tokens.h): between the reader (src/reader.c, src/replay.c) and the
 * search (src/fix.c), driven by src/fix_solve.c. */
#include "tokens.h"

#include "notation.h"
#include "reader.h"

#include <string.h>

enum {
    NEXT_NUMBER_EVENTS = 4,  /* next_number() looks this far */
    WEIGHED_TOKENS_MAX = 12, /* drop_weighed_line() */
    /* tokens_all_words(): a heading ("Game 12", "Round 5, Oslo") has a
     * word this long and at most this many numbers */
    HEADING_LETTERS = 4,
    HEADING_NUMBERS = 2,
    CAPTION_LETTERS = 5, /* is_caption(): a caption's word between moves */
    /* comment_is_words(): a ';' comment's words, long words, and words
     * at least beside a move */
    WORDS_COMMENT_LETTERS = 3,
    WORDS_COMMENT_LONG = 4,
    WORDS_COMMENT_MIN = 2,
};

/* The notation the moves of events [from, to) are written in: UCI, ICCF or
 * descriptive (fix_notation()), or SAN. */
enum fix_style tokens_events_style(const ArbGame *game, guint from, guint to)
{
    g_autofree const char **texts = g_new(const char *, to - from + 1);
    g_autofree gsize *lens = g_new(gsize, to - from + 1);
    int n = 0;
    for (guint i = from; i < to; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        if (ev->kind == EV_MOVE) texts[n] = game_event_text(game, ev), lens[n++] = ev->len;
    }
    return fix_notation(texts, lens, n, NULL);
}

gboolean tokens_has_digit(const char *s, gsize n)
{
    for (gsize i = 0; i < n; i++)
        if (g_ascii_isdigit(s[i])) return TRUE;
    return FALSE;
}

/* A token that is a move number read as move text ("l0.", "3B.", "14,",
 * "З2."): its number, or 0. Such a token ends with '.' or ',' and is up to
 * three digits and look-alikes of digits (lang/confusion.ini) before it, at
 * least one a real digit. */
static int misread_move_number(const ArbConfusion *conf, const char *s, gsize n)
{
    gsize written = n;
    while (n && (s[n - 1] == '.' || s[n - 1] == ',' || s[n - 1] == ')'))
        n--;
    if (n == 0 || n == written || !tokens_has_digit(s, n) || !g_utf8_validate(s, (gssize)n, NULL))
        return 0;
    int v = 0, chars = 0;
    for (const char *p = s; p < s + n; p = g_utf8_next_char(p), chars++) {
        int d = confusion_digit(conf, g_utf8_get_char(p));
        if (d < 0 || chars == 3) return 0;
        v = 10 * v + d;
    }
    return v;
}

/* Further readings of a token where it holds what a recogniser makes of
 * one character ("cl5" is d5): each such text read back as the character. */
static void add_split_readings(struct token_stage *ts, struct fix_token *t)
{
    int n;
    const struct confusion_split *sp = confusion_splits(ts->conf, &n);
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
        const char *kept = g_string_chunk_insert_len(ts->glued, r->str, (gssize)r->len);
        t->cands[t->n_cands++] =
            (struct fix_cand){.text = kept, .len = r->len, .prior = sp[i].cost, .input = c->input};
        g_string_free(r, TRUE);
    }
}

/* A descriptive move in words ("K Kt to B 3rd") is read in its short
 * form ("KKt-B3"), as the search spells moves, a word a scan damaged
 * ("fo" for "to") for half an edit; the words are what was read. */
static void read_short_form(struct token_stage *ts, struct fix_token *t)
{
    struct fix_cand *c = &t->cands[0];
    char short_form[DESC_MAX];
    int guesses;
    if (!memchr(c->text, ' ', c->len) ||
        desc_long_loose(c->text, c->len, short_form, &guesses) != c->len)
        return;
    t->written = c->text;
    t->written_len = c->len;
    c->text = g_string_chunk_insert(ts->glued, short_form);
    c->len = strlen(c->text);
    c->prior += guesses * CONF_UNIT / 2;
}

static void add_token(struct token_stage *ts, const char *text, gsize len, int *hint, guint event)
{
    struct fix_token t = {.n_cands = 1, .hint_ply = *hint, .event = event};
    t.cands[0] = (struct fix_cand){.text = text, .len = len};
    read_short_form(ts, &t);
    add_split_readings(ts, &t);
    g_array_append_val(ts->tokens, t);
    *hint = -1;
}

/* The ply the next token stands at as the last move number read before it
 * (of the last 64 tokens) leads to, counted on from there, or -1 for none
 * (hint: the ply the number just read names, or -1). */
static int ply_named(const struct token_stage *ts, int hint)
{
    enum { NAMED_BACK = 64 };
    if (hint >= 0) return hint;
    guint least = ts->tokens->len > NAMED_BACK ? ts->tokens->len - NAMED_BACK : 0;
    for (guint j = ts->tokens->len; j-- > least;) {
        int named = g_array_index(ts->tokens, struct fix_token, j).hint_ply;
        if (named >= 0) return named + (int)(ts->tokens->len - j);
    }
    return -1;
}

/* A move with the next move number run into its end ("c2-c48...",
 * "Td439."): the length of the move (ending in its rank digit), with the
 * ply the number names in *ply; else len. The number is the split nearest
 * the one a ply leads to, no more than 3 from it: the move's ply as the
 * tokens count it, tokens, or as the move numbers before it do, named (-1:
 * none). Either may be wrong: tokens a scan merged or that stood in a
 * comment, a number misread ("31." for 37.). */
static gsize trailing_number(const char *s, gsize len, int tokens, int named, int *ply)
{
    gsize n = len, dots = 0;
    while (n && (s[n - 1] == '.' || s[n - 1] == ','))
        n--, dots++;
    if (!dots || n < 3) return len;
    int expect = tokens / 2 + 1, also = named >= 0 ? named / 2 + 1 : expect, best_gap = 4;
    gsize best = len;
    for (gsize k = n - 1; k >= 2 && k + 3 >= n && g_ascii_isdigit(s[k]); k--) {
        if (!g_ascii_isdigit(s[k - 1])) break;
        int v = 0;
        for (gsize i = k; i < n; i++)
            v = 10 * v + (s[i] - '0');
        int gap = MIN(abs(v - expect), abs(v - also));
        if (v > 0 && gap < best_gap) {
            best_gap = gap;
            best = k;
            *ply = 2 * (v - 1) + (dots >= 3);
        }
    }
    return best;
}

gboolean tokens_has_square(const char *s, gsize len)
{
    for (gsize i = 0; i + 1 < len; i++)
        if (s[i] >= 'a' && s[i] <= 'h' && s[i + 1] >= '1' && s[i + 1] <= '8') return TRUE;
    return FALSE;
}

/* The digits of number written out in out; their count. */
static gsize number_digits(int number, char out[static 16])
{
    return (gsize)g_snprintf(out, 16, "%d", number);
}

/* Does s begin with the digits of number, a letter after them ("13Sc3xd5"
 * at move 13: the number due run into its move with no dot)? Their count,
 * or 0. */
static gsize leading_due_number(const char *s, gsize len, int number)
{
    char digits[16];
    gsize n = number_digits(number, digits);
    if (number <= 0 || len <= n + 1 || memcmp(s, digits, n) || !tokens_has_square(s + n, len - n))
        return 0;
    return g_ascii_isalpha(s[n]) || (guchar)s[n] >= 0x80 ? n : 0;
}

/* Does s end with the digits of number right after a square ("e6xd514" at
 * move 14: the next number run into the move with no dot)? The length of
 * the move before them, or len. */
static gsize trailing_due_number(const char *s, gsize len, int number)
{
    char digits[16];
    gsize n = number_digits(number, digits);
    if (number <= 0 || len < n + 2 || memcmp(s + len - n, digits, n)) return len;
    return tokens_has_square(s + len - n - 2, 2) ? len - n : len;
}

/* Moves run together with their move numbers, spaces lost ("e4e52.Nf3Nc6",
 * "f3Ld436.Le3Lxe3"): where in s a move number stands that is followed by
 * more text and comes after a move's end (a digit, a rank's ordinal or
 * "sq", a name, a check mark or castling's O), the one nearest expect and
 * no more than 2 from it. *cut
 * gets the number's start, *rest where the text after its dots starts and
 * *ply the ply it names; FALSE for none. */
static gboolean inner_number(const char *s, gsize len, int expect, gsize *cut, gsize *rest,
                             int *ply)
{
    int best_gap = 3;
    for (gsize k = 1; k + 2 < len; k++) {
        char end = s[k - 1];
        /* (or a rank in words: "Q 4th23.R/Q2-QB2", "K sq7.P"; or a name
         * that ends a descriptive capture, the one name left of one too:
         * "PxKt9.", "N13.QxN") */
        gboolean rank =
            k >= 2 && (desc_is_ordinal(s + k - 2, 2) || (s[k - 2] == 's' && end == 'q'));
        gboolean name = end && strchr("PNBRQKt", end);
        if (!g_ascii_isdigit(s[k]) || (k < 2 && !name) ||
            !(g_ascii_isdigit(end) || strchr("+#Oo", end) || rank || name))
            continue;
        gsize d = k, v = 0;
        while (d < len && d - k < 3 && g_ascii_isdigit(s[d]))
            v = 10 * v + (gsize)(s[d++] - '0');
        gsize dots = 0;
        while (d + dots < len && s[d + dots] == '.')
            dots++;
        /* (after a rank in words, the next move's name may be all: "4th23.R to") */
        if (!dots || d + dots + (rank ? 1 : 2) > len || v == 0) continue;
        int gap = abs((int)v - expect);
        if (gap >= best_gap) continue;
        best_gap = gap;
        *cut = k;
        *rest = d + dots;
        *ply = 2 * ((int)v - 1) + (dots >= 3);
    }
    return best_gap < 3;
}

/* One word of move text: a move number read as a move sets the hint, a
 * check word or prose is dropped, anything else is a token. */
static void add_move_text(struct token_stage *ts, const char *text, gsize len, ArbNorm *norm,
                          int *hint, guint event)
{
    int check;
    int number = misread_move_number(ts->conf, text, len);
    if (number > 0 && number < 10000) {
        *hint = 2 * (number - 1);
        return;
    }
    /* Black's mark run into the move ("14. ...Кc6-b4", "…Nf6"): no part of it */
    gsize lead = 0;
    while (lead < len && text[lead] == '.')
        lead++;
    if (lead < 2) lead = len >= 3 && !memcmp(text, "\u2026", 3) ? 3 : 0;
    if (lead && lead < len) text += lead, len -= lead;
    /* a move number run into its move: "Z8.Bxf5", "З2.Kg4" (up to three
     * characters of two bytes and the dot) */
    const char *dot = memchr(text, '.', MIN(len, 7));
    if (dot && dot > text && (gsize)(dot - text) + 2 < len) {
        g_autofree char *num = g_strndup(text, (gsize)(dot - text) + 1);
        number = misread_move_number(ts->conf, num, strlen(num));
        if (number > 0) {
            *hint = 2 * (number - 1);
            while (*dot == '.')
                dot++;
            add_token(ts, dot, len - (gsize)(dot - text), hint, event);
            return;
        }
    }
    /* the same with no dot, the number due written right ("13Sc3xd5") */
    int named = ply_named(ts, *hint);
    gsize digits = named >= 0 && named % 2 == 0 ? leading_due_number(text, len, named / 2 + 1) : 0;
    if (digits) {
        *hint = named;
        text += digits, len -= digits;
    }
    if (!tokens_has_digit(text, len) && norm_is_suffix_word(norm, text, len, &check)) return;
    if (!tokens_has_digit(text, len) && norm_is_prose(norm, text, len)) {
        g_array_index(ts->prose, guint8, event) = PROSE_WORD;
        return;
    }
    /* the next number due: after the one before the word, else as many
     * moves on as tokens were read */
    int expect = *hint >= 0 ? *hint / 2 + 2 : (int)ts->tokens->len / 2 + 1, ply;
    for (gsize cut, rest; inner_number(text, len, expect, &cut, &rest, &ply);) {
        add_token(ts, text, cut, hint, event);
        *hint = ply;
        expect = ply / 2 + 2;
        text += rest, len -= rest;
    }
    named = ply_named(ts, *hint);
    gsize move_len = trailing_number(text, len, (int)ts->tokens->len, named, &number);
    /* the next number with no dot, the one after the move this token
     * begins with ("e6xd514" at Black's 13th or White's) */
    if (move_len == len && named >= 0) {
        move_len = trailing_due_number(text, len, named / 2 + 2);
        number = 2 * (named / 2 + 1);
    }
    add_token(ts, text, move_len, hint, event);
    if (move_len < len) *hint = number;
}

/* The token text prefix + ';' + word, kept for the game. */
static const char *glue_semicolon(struct token_stage *ts, const char *prefix, gsize n,
                                  const char *word, gsize m, gsize *len)
{
    GString *joined = g_string_new_len(prefix, (gssize)n);
    g_string_append_c(joined, ';');
    g_string_append_len(joined, word, (gssize)m);
    *len = joined->len;
    const char *kept = g_string_chunk_insert_len(ts->glued, joined->str, (gssize)joined->len);
    g_string_free(joined, TRUE);
    return kept;
}

/* A game's result ("1-0", "1/2-1/2", "*"...) as a word of move text: its
 * PGN spelling, or NULL. */
const char *tokens_result_word(const char *p, gsize len)
{
    static const char *const written[] = {"1-0", "0-1", "1/2-1/2", "\u00bd-\u00bd", "*"};
    static const char *const pgn[] = {"1-0", "0-1", "1/2-1/2", "1/2-1/2", "*"};
    for (gsize k = 0; k < G_N_ELEMENTS(written); k++)
        if (strlen(written[k]) == len && !memcmp(p, written[k], len)) return pgn[k];
    return NULL;
}

static gboolean words_as_written(const char *text, gsize len);

enum { WORDS_ACROSS_EVENTS = 8 }; /* words of one move over a line end, at most */

/* The words p[0, n) at the end of a line comment, event i, joined with the
 * next line's first events where they make a move in words, as written,
 * that a line end cut (";P to" / "Q R 4th"): the joined text (ts's) and its
 * length, *more the events after i it takes; or NULL. */
static const char *comment_words_across(struct token_stage *ts, const ArbGame *game, guint i,
                                        const char *p, gsize n, gsize *len, guint *more)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    g_autoptr(GString) joined = g_string_new_len(p, (gssize)n);
    for (guint k = i + 1; k < game->events->len && k - i < WORDS_ACROSS_EVENTS; k++) {
        const struct game_event *next = &g_array_index(game->events, struct game_event, k);
        if (next->kind != EV_MOVE || next->line != ev->line + 1) break;
        g_string_append_c(joined, ' ');
        g_string_append_len(joined, game_event_text(game, next), (gssize)next->len);
        if (words_as_written(joined->str, joined->len)) {
            *len = joined->len;
            *more = k - i;
            return g_string_chunk_insert_len(ts->glued, joined->str, (gssize)joined->len);
        }
    }
    return NULL;
}

gboolean tokens_is_bare_number(const ArbGame *game, const struct game_event *ev)
{
    return ev->kind == EV_MOVE_NUMBER && !memchr(game_event_text(game, ev), '.', ev->len);
}

/* The length of the word at *p (no space in it) in text ending at end,
 * *p moved past the spaces before it; 0 where none is left. */
static gsize word_at(const char **p, const char *end)
{
    while (*p < end && g_ascii_isspace(**p))
        (*p)++;
    const char *e = *p;
    while (e < end && !g_ascii_isspace(*e))
        e++;
    return (gsize)(e - *p);
}

/* A ';' in damaged move text is far likelier a misread ':' or a stray mark
 * than a comment: the rest of the line is read as move text, and a word
 * glued to the ';' joins the move (or the number, a misread piece letter:
 * "3;d5") before it again; its last words, a move in words the line end
 * cut, join the next line's first events (";P to" / "Q R 4th"). hint_before
 * is the hint before that number. Returns how many events after i that
 * took. */
static guint collect_line_comment(struct token_stage *ts, const ArbGame *game, guint i,
                                  ArbNorm *norm, int *hint, int hint_before)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    const struct game_event *prev =
        i > 0 ? &g_array_index(game->events, struct game_event, i - 1) : NULL;
    const char *text = game_event_text(game, ev);
    const char *p = text, *end = text + ev->len;
    gboolean touching = prev && prev->offset + prev->len == ev->offset;
    struct fix_token *last =
        ts->tokens->len ? &g_array_index(ts->tokens, struct fix_token, ts->tokens->len - 1) : NULL;
    gboolean after_move = touching && prev->kind == EV_MOVE && last && last->event == i - 1;
    gboolean after_number = touching && prev->kind == EV_MOVE_NUMBER;
    /* (a number with its dot is one: "13.;P-Q5" is 13. P-Q5, read ";P-Q5") */
    gboolean bare = after_number && tokens_is_bare_number(game, prev);
    while (p < end) {
        gsize n = word_at(&p, end);
        if (!n) break;
        const char *e = p + n;
        /* a move in words the reader would have read whole ("Q to K 2nd") */
        char short_form[DESC_MAX];
        int guesses;
        gboolean glues = p == text && (after_move || after_number);
        gsize words = glues ? 0 : desc_long_loose(p, (gsize)(end - p), short_form, &guesses);
        gsize across_len;
        guint more;
        const char *across =
            glues || words == (gsize)(end - p)
                ? NULL
                : comment_words_across(ts, game, i, p, (gsize)(end - p), &across_len, &more);
        if (across) {
            add_token(ts, across, across_len, hint, i);
            g_array_index(ts->tokens, struct fix_token, ts->tokens->len - 1).more_events = more;
            return more;
        }
        if (words > (gsize)(e - p)) e = p + words;
        if (tokens_result_word(p, (gsize)(e - p))) {
            /* the game's end, which the ';' hid from the reader */
        } else if (p == text && after_move) {
            last->cands[0].text = glue_semicolon(ts, last->cands[0].text, last->cands[0].len, p,
                                                 (gsize)(e - p), &last->cands[0].len);
            last->event = i;
        } else if (p == text && after_number) {
            gsize len;
            const char *t = glue_semicolon(ts, bare ? game_event_text(game, prev) : "",
                                           bare ? prev->len : 0, p, (gsize)(e - p), &len);
            if (bare) *hint = hint_before;
            add_token(ts, t, len, hint, i);
        } else {
            add_move_text(ts, p, (gsize)(e - p), norm, hint, i);
        }
        p = e;
    }
    return 0;
}

/* A ';' comment before a game's first move that holds 2. and 3. is its
 * first line, the ';' a misread mark ("|.;P-K4 P-K3 2.P-Q4 P-Q4 3.N-B3":
 * the line was kept as a comment, its moves lost). */
gboolean tokens_holds_two_three(const char *text, gsize len)
{
    int want = 2;
    for (gsize i = 0; i + 1 < len && want <= 3; i++) {
        gboolean word_start = i == 0 || g_ascii_isspace(text[i - 1]);
        if (word_start && text[i] == '0' + want && (text[i + 1] == '.' || text[i + 1] == ','))
            want++;
    }
    return want > 3;
}

/* Is the number text[0, len) the number due with a digit lost ("5" for
 * 35, "3" for 31), after both moves of the last one (since: the tokens
 * after it)? */
static gboolean is_due_damaged(const char *text, gsize len, int last, int since)
{
    if (!len || last <= 0 || since < 2) return FALSE;
    char due[16];
    gsize n = number_digits(last + 1, due);
    return len < n && (!strncmp(due, text, len) || !strncmp(due + n - len, text, len));
}

/* The value of the first move number within NEXT_NUMBER_EVENTS events
 * after event i, or -1. */
static int next_number(const ArbGame *game, guint i)
{
    for (guint k = i + 1; k < game->events->len && k <= i + NEXT_NUMBER_EVENTS; k++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, k);
        if (ev->kind == EV_MOVE_NUMBER)
            return (int)g_ascii_strtoull(game_event_text(game, ev), NULL, 10);
    }
    return -1;
}

/* A move token that is the move number due written in look-alikes, with
 * no dot ("1 e4 e5 2 Nf3 Nc6 s Bb5 a6 6", s for 5) or with it ("A." for
 * 4., which misread_move_number() leaves: no digit): after two moves, only
 * look-alikes of digits, the number after last, and the next number read
 * is the one after it. Its number, or 0. */
static int lookalike_number(const ArbConfusion *conf, const ArbGame *game, guint i, int last,
                            int since)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    const char *text = game_event_text(game, ev);
    gsize len = ev->len;
    while (len && (text[len - 1] == '.' || text[len - 1] == ','))
        len--;
    if (since != 2 || last <= 0 || !len || len > 2 || tokens_has_digit(text, len)) return 0;
    int v = 0;
    for (gsize k = 0; k < len; k++) {
        int d = confusion_digit(conf, (guchar)text[k]);
        if (d < 0) return 0;
        v = 10 * v + d;
    }
    return v == last + 1 && next_number(game, i) == v + 1 ? v : 0;
}

/* Is the one-digit number text[0, len) at event i the number due read as
 * its look-alike ("8" for 3, "7" for 1), after both moves of the last one,
 * the next number the one after it? (Two digits so read, "18" for 13, sent
 * a game at 10% noise astray: left to the search.) */
static gboolean is_due_lookalike(const ArbGame *game, guint i, const char *text, gsize len,
                                 int last, int since)
{
    if (!len || last <= 0 || since < 2) return FALSE;
    char due[16];
    gsize n = number_digits(last + 1, due);
    if (len != 1 || n != 1) return FALSE;
    char a = MIN(due[0], text[0]), b = MAX(due[0], text[0]);
    return ((a == '1' && b == '7') || (a == '3' && b == '8')) && next_number(game, i) == last + 2;
}

/* A bare digit the reader took for a move number ("1. 4 d5", "e4 5 2.")
 * that cannot be the next one: a move whose file letter was lost; or two
 * far from any number due ("30. Rc1 96 31."): a move whose file was misread
 * as a digit (g as 9; the fixer still drops the token cheaply where it
 * reads as the number due). For one digit, the
 * next number after `last` follows at least one move, and is last + 1 or
 * fits the count of move tokens before it (give or take one); a digit touching
 * its neighbours, or beside another bare number on its line, is part of a damaged
 * number ("1|3", '|' being a column rule). */
static gboolean is_lost_move(const ArbGame *game, guint i, int last, int since, int tokens)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    const char *text = game_event_text(game, ev);
    if (ev->len == 1 ? text[0] < '1' || text[0] > '8'
                     : ev->len != 2 || !g_ascii_isdigit(text[0]) || !g_ascii_isdigit(text[1]))
        return FALSE;
    const struct game_event *prev = i ? ev - 1 : NULL;
    const struct game_event *next = i + 1 < game->events->len ? ev + 1 : NULL;
    if ((prev && (prev->offset + prev->len == ev->offset ||
                  (tokens_is_bare_number(game, prev) && prev->line == ev->line))) ||
        (next && (ev->offset + ev->len == next->offset ||
                  (tokens_is_bare_number(game, next) && next->line == ev->line))))
        return FALSE;
    if (is_due_damaged(text, ev->len, last, since) ||
        is_due_lookalike(game, i, text, ev->len, last, since))
        return FALSE;
    int n = (int)g_ascii_strtoull(text, NULL, 10);
    /* the same number with its dot right after it ("6... Sb 7 7. O-O"):
     * the digit is the rank the move before it lost to a space */
    if (ev->len == 1 && since > 0 && next && next->kind == EV_MOVE_NUMBER &&
        memchr(game_event_text(game, next), '.', next->len) &&
        (int)g_ascii_strtoull(game_event_text(game, next), NULL, 10) == n)
        return TRUE;
    if (ev->len == 2) /* a number a move or two on from the last, or near the count, is one */
        return !(last > 0 && n > last && n <= last + 3) && abs(2 * (n - 1) - tokens) > 4;
    if (last > 0 && since == 0) return TRUE;
    /* a move left out before it ("4 Ba4 Nf6 6 c3 g6 7 O-O"): the number
     * after the next is its next, and one move is missing from the count */
    if (n == last + 2 && 2 * (n - 1) - tokens == 2 && next_number(game, i) == n + 1) return FALSE;
    return n != last + 1 && abs(2 * (n - 1) - tokens) > 1;
}

/* A bare digit 1-8 standing alone on the line of the move number due, at
 * most two of them before any move ("27 4 5" for 27. c4 h5), or run into
 * that number's dot ("10.4" for 10.a4): moves whose files were lost, not a
 * damaged number (that one is whole). */
static gboolean after_due_number(const ArbGame *game, guint i, const struct game_event *due,
                                 int since)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    const char *text = game_event_text(game, ev);
    if (!due || since >= 2 || ev->line != due->line || ev->len != 1 || text[0] < '1' ||
        text[0] > '8')
        return FALSE;
    const struct game_event *prev = ev - 1; /* due is before it */
    const struct game_event *next = i + 1 < game->events->len ? ev + 1 : NULL;
    gboolean after_dot = prev == due && game_event_text(game, prev)[prev->len - 1] == '.';
    return (prev->offset + prev->len < ev->offset || after_dot) &&
           (!next || ev->offset + ev->len < next->offset);
}

/* Two digits right after the move number due on its line, before any move,
 * the first a look-alike of a file ("33 94 f4" for 33. g4 f4: g read as 9;
 * b as 6), or run into that number's dot ("29.63" for 29.b3): a move whose
 * file was misread, not a second number (a damaged number touches its
 * neighbours). A third digit is a mark or a stray stroke read as one ("35
 * 938" for 35. g3). */
static gboolean file_read_as_digit(const ArbConfusion *conf, const ArbGame *game, guint i,
                                   const struct game_event *due, int since)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    const char *text = game_event_text(game, ev);
    if (!due || since != 0 || ev - 1 != due || ev->line != due->line || ev->len < 2 ||
        ev->len > 3 || !g_ascii_isdigit(text[0]) || text[1] < '1' || text[1] > '8' ||
        (ev->len == 3 && !g_ascii_isdigit(text[2])) ||
        (due->offset + due->len == ev->offset && game_event_text(game, due)[due->len - 1] != '.'))
        return FALSE;
    const struct game_event *next = i + 1 < game->events->len ? ev + 1 : NULL;
    if (next && ev->offset + ev->len == next->offset) return FALSE;
    for (gunichar file = 'a'; file <= 'h'; file++)
        if (confusion_digit(conf, file) == text[0] - '0') return TRUE;
    return FALSE;
}

/* In an ICCF game, a bare number of two or three digits the reader took
 * for a move number that is not the one due (nor the due one damaged): an
 * ICCF move with a digit lost ("625" for 6125). */
static gboolean is_iccf_fragment(const ArbGame *game, guint i, int last, int since)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    const char *text = game_event_text(game, ev);
    if (!tokens_is_bare_number(game, ev) || ev->len < 2 || ev->len > 3) return FALSE;
    for (gsize k = 0; k < ev->len; k++)
        if (text[k] < '1' || text[k] > '8') return FALSE;
    if (is_due_damaged(text, ev->len, last, since) ||
        is_due_lookalike(game, i, text, ev->len, last, since))
        return FALSE;
    return (int)g_ascii_strtoull(text, NULL, 10) != last + 1;
}

/* In an ICCF game, a move number of five digits or more is a move's
 * digits the reader took for one: a move with a digit added or another
 * move run into it ("38477", "61251716"), or, with its dot, a move with
 * the number due run into its end ("78662." for 7866 2.). The length of
 * the move's digits (the whole text when bare), 0 for a number. */
static gsize iccf_run_in(const ArbGame *game, const struct game_event *ev, int last)
{
    const char *text = game_event_text(game, ev);
    gsize digits = 0;
    while (digits < ev->len && g_ascii_isdigit(text[digits]))
        digits++;
    if (digits < 5) return 0;
    if (tokens_is_bare_number(game, ev)) return ev->len;
    char due[16];
    gsize n = number_digits(last + 1, due);
    if (last < 0 || digits < n + 4 || memcmp(text + digits - n, due, n)) return 0;
    return digits - n;
}

/* A recogniser's other readings of the move token just before (n-best
 * input): "reading\tcost\t..." as candidates of that token. */
static void add_readings(struct token_stage *ts, const ArbGame *game, const struct game_event *ev,
                         guint event)
{
    if (!ts->tokens->len) return;
    struct fix_token *t = &g_array_index(ts->tokens, struct fix_token, ts->tokens->len - 1);
    if (t->event + 1 != event) return;
    const char *p = game_event_text(game, ev), *end = p + ev->len;
    while (p < end && t->n_cands < FIX_CANDS_MAX) {
        const char *tab = memchr(p, '\t', (gsize)(end - p));
        if (!tab) break;
        /* the recogniser's odds against the best reading, in hundredths of
         * a nat, at the confusion table's temperature: a calibrated
         * recogniser's likelihoods weigh as the table's own do */
        int nats = atoi(tab + 1);
        struct fix_cand *c = &t->cands[t->n_cands++];
        *c = (struct fix_cand){
            .text = p,
            .len = (gsize)(tab - p),
            .prior =
                (nats * confusion_cost(ts->conf, CONF_TEMPERATURE) + CONF_UNIT / 2) / CONF_UNIT};
        p = memchr(tab + 1, '\t', (gsize)(end - tab - 1));
        p = p ? p + 1 : end;
    }
}

/* The letters of text, a word of nothing else but an apostrophe and the
 * punctuation ending it ("Karpov's", "better."), else 0. */
static int word_letters(const char *text, gsize len)
{
    while (len > 0 && strchr(".,;:!?", text[len - 1]))
        len--;
    int letters = 0;
    for (const char *p = text; p < text + len; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        if (g_unichar_isalpha(c))
            letters++;
        else if (c != '\'' && c != 0x2019)
            return 0;
    }
    return letters;
}

/* Is text[0, len) a descriptive capture a scan damaged, piece names and
 * an x or two only ("QPxxB", "KtxxP")? No word of prose is. */
static gboolean capture_shaped(const char *text, gsize len)
{
    gboolean x = FALSE, name = FALSE;
    for (gsize i = 0; i < len; i++) {
        if (!strchr("KQRBNPxt", text[i]) || !text[i]) return FALSE;
        x |= text[i] == 'x';
        name |= text[i] != 'x' && text[i] != 't';
    }
    return x && name;
}

/* Does text[0, len) end with a file and a capital the confusion table
 * reads as a rank's digit ("cxdA", "SegA", "LbZ": 4, 4, 2)? A move whose
 * rank was misread, no word of prose (which ends so only in an acronym's
 * capitals, and none of the table's, A B I S Z, follows a file in those of
 * chess: "FIDE", "USSR"). */
static gboolean ends_in_misread_rank(const ArbConfusion *conf, const char *text, gsize len)
{
    if (len < 2 || text[len - 2] < 'a' || text[len - 2] > 'h' || !g_ascii_isupper(text[len - 1]))
        return FALSE;
    int digit = confusion_digit(conf, (gunichar)text[len - 1]);
    return digit >= 1 && digit <= 8;
}

/* Is the word one of a move's in words, as the books print them, or as a
 * scan damaged it ("fakes", "Casles"): a word a line end cut from its move
 * ("B" / "takes P") is no prose. Nor is a descriptive capture, which has
 * no digit either ("RxRch", "KtxKt", "QxRP"), nor a move whose rank a scan
 * read as a capital (ends_in_misread_rank()). */
static gboolean is_move_word(const ArbConfusion *conf, const char *text, gsize len)
{
    static const char *const words[] = {"takes", "castles", "mate", "check", "checkmate"};
    while (len > 0 && strchr(".,;:!?", text[len - 1]))
        len--;
    for (gsize k = 0; k < G_N_ELEMENTS(words); k++)
        if (len == strlen(words[k]) && !g_ascii_strncasecmp(text, words[k], len)) return TRUE;
    struct san san;
    return desc_takes_loose(text, len) || desc_castles_loose(text, len) ||
           (memchr(text, 'x', len) && desc_parse(text, len, &san, NULL) == SAN_OK) ||
           capture_shaped(text, len) || ends_in_misread_rank(conf, text, len);
}

/* Is the main line of game's events [from, to), all of the game, a book's
 * text that names a square now and then ("The knight goes to f3 first,
 * and the pawn to e4 or d4."), no game: no tags, no result, fewer than
 * two move numbers with a dot ("numbered 1 to 8" has none), and no two of
 * its tokens with a digit (a square's rank) side by side, a word between
 * each two (move numbers, comments and NAGs aside)? Read as moves, the
 * squares named became a made-up game, every word between them a move
 * inserted or misread ("at" a6). A game's moves, damaged or not, stand
 * side by side; one a sentence follows each move of numbers its moves. */
static gboolean names_squares_only(const ArbGame *game, guint from, guint to)
{
    if (from || to < game->events->len || game_has_event(game, EV_TAG)) return FALSE;
    int numbers = 0, depth = 0;
    gboolean after_square = FALSE;
    for (guint i = from; i < to; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        depth += ev->kind == EV_BEGIN_VARIATION;
        depth -= ev->kind == EV_END_VARIATION;
        if (depth) continue;
        if (ev->kind == EV_RESULT) return FALSE;
        if (ev->kind == EV_MOVE_NUMBER && memchr(game_event_text(game, ev), '.', ev->len) &&
            ++numbers >= 2)
            return FALSE;
        if (ev->kind != EV_MOVE) continue;
        gboolean square = tokens_has_digit(game_event_text(game, ev), ev->len);
        if (square && after_square) return FALSE;
        after_square = square;
    }
    return TRUE;
}

/* Sentences in the movetext (a book's comment between the moves, "This
 * gambit was Karpov's surprise."): runs of three words or more with no
 * digit and no move number between them, two of them of four letters or
 * more or (but in a game in words) one of five (none of them a move's
 * word: "takes", "Castles"), are flagged PROSE_WORD. Recognised move text
 * makes no such runs: of 11000 games tools/ocr-noise damaged at 2 to 10%,
 * none has one (damaged moves make shorter runs: "dxcb", "O-O oxcCA").
 * TRUE when the game has one. Events [from, to): the main line, or inside
 * a variation, its own line. */
static gboolean mark_sentences(struct token_stage *ts, const ArbGame *game, guint from, guint to)
{
    guint start = 0, words = 0, long_words = 0, longer_words = 0;
    gboolean any = FALSE;
    int depth = 0;
    /* in a game in the words of older books (a quarter of its moves or
     * more words the reader read as one move: "P to K 4th"), each move is
     * a run of such words, and a word a scan damaged past reading is often
     * five letters or more ("C astles", "tdnos"): two of four letters or
     * more make a sentence there */
    guint moves = 0, in_words = 0;
    for (guint i = from; i < to; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        if (ev->kind != EV_MOVE) continue;
        moves++;
        in_words += memchr(game_event_text(game, ev), ' ', ev->len) != NULL;
    }
    gboolean words_game = in_words >= 4 && 4 * in_words >= moves;
    for (guint i = from; i <= to; i++) {
        const struct game_event *ev =
            i < to ? &g_array_index(game->events, struct game_event, i) : NULL;
        if (ev && ev->kind == EV_BEGIN_VARIATION) depth++;
        if (ev && ev->kind == EV_END_VARIATION) depth--;
        gboolean word = ev && depth == 0 && ev->kind == EV_MOVE &&
                        !tokens_has_digit(game_event_text(game, ev), ev->len);
        if (word) {
            if (!words) start = i;
            words++;
            const char *text = game_event_text(game, ev);
            int letters = is_move_word(ts->conf, text, ev->len) ? 0 : word_letters(text, ev->len);
            long_words += letters >= 4;
            longer_words += letters >= 5;
            continue;
        }
        if (ev && ev->kind != EV_MOVE_NUMBER && ev->kind != EV_MOVE && ev->kind != EV_RESULT)
            continue; /* a NAG or comment inside a sentence ends none */
        if (words >= 3 && (long_words >= 2 || (longer_words >= 1 && !words_game)))
            for (guint k = start; k < i; k++, any = TRUE)
                if (g_array_index(game->events, struct game_event, k).kind == EV_MOVE)
                    g_array_index(ts->prose, guint8, k) = PROSE_WORD;
        words = long_words = longer_words = 0;
    }
    /* such text is all prose, its numbers and glyphs too ("Note that 4.
     * c3", "0-0 = rokade") */
    if (any && names_squares_only(game, from, to)) tokens_mark_all_prose(ts->prose, game);
    return any;
}

void tokens_mark_all_prose(GArray *prose, const ArbGame *game)
{
    int depth = 0;
    for (guint i = 0; i < game->events->len && i < prose->len; i++) {
        int kind = g_array_index(game->events, struct game_event, i).kind;
        depth += (kind == EV_BEGIN_VARIATION) - (kind == EV_END_VARIATION);
        if (!depth && (kind == EV_MOVE || kind == EV_MOVE_NUMBER || kind == EV_NAG))
            g_array_index(prose, guint8, i) = PROSE_WORD;
    }
}

/* Does a ';' comment's text[0, len) hold a sentence: three words or more
 * in a row with no digit, two of them of four letters or more (no move's
 * word), as mark_sentences() weighs a game in words? Such a comment is
 * one, no line of moves whose mark a scan misread ("6... a6; in the case
 * of a draw it is written so": its words had been read as made-up moves). */
static gboolean holds_sentence(const ArbConfusion *conf, const char *text, gsize len)
{
    int words = 0, long_words = 0;
    gsize n = 0;
    for (const char *p = text, *end = text + len; p < end; p += n) {
        n = word_at(&p, end);
        if (!n) break;
        if (tokens_has_digit(p, n)) {
            words = long_words = 0;
        } else {
            words++;
            long_words += !is_move_word(conf, p, n) && word_letters(p, n) >= 4;
            if (words >= 3 && long_words >= 2) return TRUE;
        }
    }
    return FALSE;
}

/* Is the ';' comment at event i an annotator's words, no line of moves
 * its ';' hid? The ';' stands apart from what is before it ("Nc6 ; the Ruy
 * Lopez"; a misread mark is glued: "c;d5", or follows a number: "16.
 * ;Raas"), and it holds a word of WORDS_COMMENT_LONG letters or more,
 * three of them lowercase in a row (reader_lowercase_run()), and, with a
 * token with a digit in it (a move, a number), WORDS_COMMENT_MIN words of
 * WORDS_COMMENT_LETTERS or more and more of them than such tokens ("; the
 * Ruy Lopez, Bb5 next");
 * no word counted is a move's ("takes", "RxRch") or a result's
 * ("resigns"). Read as moves, its words cut the game there, unresolved. */
static gboolean comment_is_words(const ArbConfusion *conf, const ArbGame *game, guint i)
{
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    if (i > 0) {
        const struct game_event *prev = &g_array_index(game->events, struct game_event, i - 1);
        if (prev->offset + prev->len >= ev->offset || prev->kind == EV_MOVE_NUMBER) return FALSE;
    }
    const char *text = game_event_text(game, ev);
    int words = 0, long_words = 0, digits = 0;
    gsize n = 0;
    for (const char *p = text, *end = text + ev->len; p < end; p += n) {
        n = word_at(&p, end);
        if (!n) break;
        if (tokens_has_digit(p, n)) {
            digits++;
            continue;
        }
        int letters = word_letters(p, n);
        if (letters < WORDS_COMMENT_LETTERS || is_move_word(conf, p, n) || tokens_result_word(p, n))
            continue;
        words++;
        long_words += letters >= WORDS_COMMENT_LONG && reader_lowercase_run(p, n);
    }
    return long_words && (!digits || (words >= WORDS_COMMENT_MIN && words > digits));
}

/* Is text[0, len) a dash between names ("Tal - Botvinnik"), no move? */
static gboolean is_dash(const char *text, gsize len)
{
    return (len == 1 && text[0] == '-') ||
           (len == 3 && (!memcmp(text, "\u2013", 3) || !memcmp(text, "\u2014", 3)));
}

/* Is text[0, len) an evaluation's glyph, '!' and '?' only? */
static gboolean is_glyph(const char *text, gsize len)
{
    return strspn(text, "!?") >= len;
}

/* Is a header line's text[0, len) between moves a caption, no column of
 * a scoresheet whose damaged moves the reader could not see: a sentence
 * (holds_sentence(): "White to play"), words with one of CAPTION_LETTERS
 * letters or more, none a move's, and a number or two or a list's dash or
 * a glyph first ("Diagram 12", "- Comments", "? a mistake"), or a page's
 * number between dashes ("- 142 -", as the reader tells one)? A column's damaged moves may be
 * such words ("abxbs" for axb5 axb5), but with none of those marks. */
static gboolean is_caption(const ArbConfusion *conf, const char *text, gsize len)
{
    if (holds_sentence(conf, text, len) || reader_page_number(text, len)) return TRUE;
    int numbers = 0, long_words = 0;
    gboolean marked = FALSE; /* a list's dash or a glyph first */
    gsize n = 0;
    for (const char *p = text, *end = text + len; p < end; p += n) {
        n = word_at(&p, end);
        if (!n) break;
        if (is_dash(p, n) || is_glyph(p, n)) {
            marked |= p == text;
            continue;
        }
        gsize digits = 0;
        while (digits < n && g_ascii_isdigit(p[digits]))
            digits++;
        if (digits && (digits == n || (digits + 1 == n && strchr(".:,", p[digits])))) {
            numbers++;
            continue;
        }
        int letters = word_letters(p, n);
        if (!letters || is_move_word(conf, p, n)) return FALSE;
        long_words += letters >= CAPTION_LETTERS;
    }
    return long_words >= 1 && numbers <= HEADING_NUMBERS && (numbers >= 1 || marked);
}

/* Does the ';' comment at event i end where a ')' closes its variation
 * ("(2. Nc3; the Vienna)": the reader stops it there)? A book's clause,
 * no moves. */
static gboolean closes_variation(const ArbGame *game, guint i)
{
    return i + 1 < game->events->len &&
           g_array_index(game->events, struct game_event, i + 1).kind == EV_END_VARIATION;
}

/* A White move number of the main line, where its tokens began. */
struct numbered {
    guint64 number;
    guint event, tokens;
};

/* Do the moves of game after event i (its numbers, comments and NAGs
 * aside) read as tokens [from, to) of ts, word for word? */
static gboolean moves_repeat(const struct token_stage *ts, const ArbGame *game, guint i, guint from,
                             guint to)
{
    for (guint k = i + 1; from < to && k < game->events->len; k++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, k);
        if (ev->kind == EV_MOVE_NUMBER || ev->kind == EV_COMMENT || ev->kind == EV_NAG) continue;
        const struct fix_cand *c = &g_array_index(ts->tokens, struct fix_token, from++).cands[0];
        if (ev->kind != EV_MOVE || c->len != ev->len ||
            memcmp(c->text, game_event_text(game, ev), c->len))
            return FALSE;
    }
    return from == to;
}

/* White's number n at event i, after an earlier number n of seen whose
 * moves the text after i repeats word for word, a few moves at most ("If
 * 22.Bxd6 Qxd6 23.g3 Nd7 and Black is better. 22.Bxd6 Qxd6 23.g3 Nd7"):
 * the earlier were a line the text weighed. Their tokens go and their text
 * is flagged PROSE_WORD (a comment where it stood, numbers and all); TRUE.
 * (A line weighed that the game did not follow is the search's to drop:
 * weigh_line().) */
static gboolean drop_weighed_line(struct token_stage *ts, const ArbGame *game, guint i, guint64 n,
                                  GArray *seen)
{
    for (guint k = seen->len; k-- > 0;) {
        const struct numbered *e = &g_array_index(seen, struct numbered, k);
        if (e->number != n) continue;
        if (e->tokens >= ts->tokens->len || ts->tokens->len - e->tokens > WEIGHED_TOKENS_MAX ||
            !moves_repeat(ts, game, i, e->tokens, ts->tokens->len))
            return FALSE;
        for (guint j = e->event; j < i; j++) {
            int kind = g_array_index(game->events, struct game_event, j).kind;
            if (kind == EV_MOVE || kind == EV_MOVE_NUMBER)
                g_array_index(ts->prose, guint8, j) = PROSE_WORD;
        }
        g_array_set_size(ts->tokens, e->tokens);
        g_array_set_size(seen, k);
        return TRUE;
    }
    return FALSE;
}

/* A White move number after a sentence (*line_start: the first token
 * since, or -1): where the numbers go back (back, a move the game's own line
 * had reached), the tokens since the sentence were a line it weighed
 * ("Perhaps stronger was 21...Ne4 22.Bxe4 Bxe4 23.Qe3 with a complex game.
 * 22.Bxd6"): the search drops them as cheaply as a token written twice.
 * Past WEIGHED_TOKENS_MAX tokens they are the game's. */
static void weigh_line(struct token_stage *ts, int *line_start, gboolean back)
{
    if (*line_start < 0) return;
    int len = (int)ts->tokens->len;
    if (back)
        for (int k = *line_start; k < len; k++)
            g_array_index(ts->tokens, struct fix_token, k).weighed = TRUE;
    if (back || *line_start > len || len - *line_start > WEIGHED_TOKENS_MAX) *line_start = -1;
}

/* White's number n after most, the highest yet (*recall_start: the first
 * token after a number that went back, or -1), in a text with sentences
 * (a book's): a number two moves back or more recalls an earlier move ("Now
 * 3. Bb5 was the Spanish. 8. c3"), and the tokens after it, to the number
 * that goes on from most, are dropped as cheaply as a token written twice.
 * (In recognised move text with no sentences a number that goes back is a
 * misread one: there this cost 7 games of 400 at 10% noise.) */
static void weigh_recalled(struct token_stage *ts, int *recall_start, guint64 n, guint64 most)
{
    int len = (int)ts->tokens->len;
    if (*recall_start >= 0 && n > most) {
        for (int k = *recall_start; k < len; k++)
            g_array_index(ts->tokens, struct fix_token, k).weighed = TRUE;
        *recall_start = -1;
    }
    if (*recall_start >= 0 && len - *recall_start > WEIGHED_TOKENS_MAX) *recall_start = -1;
    if (n + 1 < most) *recall_start = len;
}

/* Do the words read whole as one move in words, damage undone ("P fakes
 * B")? *guesses: how many guesses that took. */
static gboolean words_whole(const char *text, gsize len, int *guesses)
{
    char short_form[DESC_MAX];
    return desc_long_loose(text, len, short_form, guesses) == len;
}

/* Is text[0, len) one move in words, whole, as written (no guess)? */
static gboolean words_as_written(const char *text, gsize len)
{
    int guesses;
    return words_whole(text, len, &guesses) && !guesses;
}

/* Do the words read whole, guesses or not? */
static gboolean words_loosely(const char *text, gsize len)
{
    int guesses;
    return words_whole(text, len, &guesses);
}

/* The length of the first word of text[0, len) (words part at spaces). */
static gsize first_word(const char *text, gsize len)
{
    gsize n = 0;
    while (n < len && text[n] != ' ')
        n++;
    return n;
}

/* The length of the last word of text[0, len). */
static gsize last_word(const char *text, gsize len)
{
    gsize n = 0;
    while (n < len && text[len - n - 1] != ' ')
        n++;
    return n;
}

/* Is the first word of text[0, len) a rank, its digit and up to three
 * letters ("3rd", "2kd", "4"), its ordinal alone (its digit lost: "rd"),
 * or "sq" a scan damaged ("sqq", "s9")? */
static gboolean begins_with_rank(const char *text, gsize len)
{
    gsize n = first_word(text, len);
    if (n >= 2 && n <= 3 && text[0] == 's' && strchr("q9g", text[1])) return TRUE;
    if (desc_is_ordinal(text, n)) return TRUE;
    if (n < 1 || n > 4 || !san_is_rank(text[0])) return FALSE;
    for (gsize i = 1; i < n; i++)
        if (!g_ascii_isalpha(text[i])) return FALSE;
    return TRUE;
}

/* Does text[0, len) begin with a square in words, a file's names and a
 * rank ("R 4th", "K B 3rd", "Q sq"), or a rank alone (begins_with_rank())?
 * No move in words does: a line that does ends a move the line before
 * began. */
static gboolean begins_with_square(const char *text, gsize len)
{
    for (int names = 0; names <= 2; names++) {
        if (begins_with_rank(text, len)) return TRUE;
        gsize n = first_word(text, len);
        if (!n || !desc_is_name(text, n) || n == len) return FALSE;
        text += n + 1, len -= n + 1;
    }
    return FALSE;
}

/* Do the words read whole as a capture ("P takes B")? */
static gboolean words_capture(const char *text, gsize len)
{
    char short_form[DESC_MAX];
    int guesses;
    return desc_long_loose(text, len, short_form, &guesses) == len && strchr(short_form, 'x');
}

/* Does text[0, len) begin with "takes", its name lost ("takcs B")? */
static gboolean begins_with_takes(const char *text, gsize len)
{
    return desc_takes_loose(text, first_word(text, len));
}

/* Does text[0, len) end with "takes", damaged or not: what it takes is
 * still to come? */
static gboolean ends_with_takes(const char *text, gsize len)
{
    gsize n = last_word(text, len);
    return desc_takes_loose(text + len - n, n);
}

/* joined with the next line's first event (next_text, event next) after
 * it, ts's, as words_across_line() returns it; NULL where that must read as
 * written and does not. */
static const char *join_next(struct token_stage *ts, GString *joined, const char *next_text,
                             gsize next_len, guint next, gboolean as_written, guint *last,
                             gsize *len)
{
    g_string_append_c(joined, ' ');
    g_string_append_len(joined, next_text, (gssize)next_len);
    if (as_written && !words_as_written(joined->str, joined->len)) return NULL;
    *last = next;
    *len = joined->len;
    return g_string_chunk_insert_len(ts->glued, joined->str, (gssize)joined->len);
}

/* A move in words a line end cut ("2. Kt to" / "K B 3rd", "Kt to K B" /
 * "3rd"): events [i, *last] read as one move together, as written, the
 * line's last words and the next line's first, where neither the words
 * before the line end nor the first after it read whole as a move of their
 * own (a guess aside). The next line's words may end inside an event, where
 * the reader ran the move's last words into the next move ("Kt" / "takes
 * Kt Kt takes Kt"): then the rest of that event reads whole too (its
 * damage undone: "P fakes B"), and *rest is it (else NULL). Returns the joined text (ts's, with a
 * space for the line end) and its length, or NULL. */
static const char *words_across_line(struct token_stage *ts, const ArbGame *game, guint i, guint to,
                                     guint *last, gsize *len, const char **rest, gsize *rest_len)
{
    *rest = NULL;
    const struct game_event *first = &g_array_index(game->events, struct game_event, i);
    guint k = i; /* the line's last event */
    while (k + 1 < to && k + 1 - i < WORDS_ACROSS_EVENTS) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, k + 1);
        if (ev->kind != EV_MOVE || g_array_index(ts->prose, guint8, k + 1) ||
            ev->line != first->line)
            break;
        k++;
    }
    if (k + 1 >= to) return NULL;
    const struct game_event *next = &g_array_index(game->events, struct game_event, k + 1);
    if (next->kind != EV_MOVE || next->line != first->line + 1) return NULL;
    g_autoptr(GString) joined = g_string_new(NULL);
    for (guint e = i; e <= k; e++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, e);
        if (e > i) g_string_append_c(joined, ' ');
        g_string_append_len(joined, game_event_text(game, ev), (gssize)ev->len);
    }
    /* "Castles" / "(QR)": the side it castles to */
    const char *next_text = game_event_text(game, next);
    if (k == i && desc_castles_loose(joined->str, joined->len) &&
        desc_castles_side(next_text, next->len) == next->len)
        return join_next(ts, joined, next_text, next->len, k + 1, FALSE, last, len);
    /* (a whole move before the line end, read as written, is one, unless
     * its rank's ordinal goes on after it: "Kt to K B 3" / "rd", or a mark
     * the move's words end with: "Kt takes P" / "(ch)") */
    gboolean whole = words_as_written(joined->str, joined->len);
    /* (or what a capture takes goes on at the next line's start, the next
     * move after it as written: "P takes B" / "Pt Kt takes P" is "P takes
     * BP", "Kt takes P") */
    if (whole && words_capture(joined->str, joined->len))
        for (gsize w = 1; w < next->len; w++) {
            if (next_text[w] != ' ') continue;
            gsize at = joined->len;
            g_string_append_c(joined, ' ');
            g_string_append_len(joined, next_text, (gssize)w);
            const char *after = next_text + w + 1;
            gsize after_len = next->len - w - 1;
            if (words_loosely(joined->str, joined->len) && words_as_written(after, after_len)) {
                *last = k + 1;
                *len = joined->len;
                *rest = after;
                *rest_len = after_len;
                return g_string_chunk_insert_len(ts->glued, joined->str, (gssize)joined->len);
            }
            g_string_truncate(joined, at);
        }
    if (whole && !desc_is_ordinal(next_text, next->len))
        return join_next(ts, joined, next_text, next->len, k + 1, TRUE, last, len);
    /* (nor does the next line start with a whole move: "P" / "P to R 7th",
     * unless its first words end the move and the rest is one: "Kt takes" /
     * "P Kt takes Kt") */
    gboolean next_whole = words_as_written(next_text, next->len);
    /* (the next line's first words, over the events the reader made of
     * them: "R" / "3rd") */
    g_autoptr(GString) next_words = g_string_new(NULL);
    for (guint e = k + 1; e < to && e - k <= 3; e++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, e);
        if (ev->kind != EV_MOVE || ev->line != next->line) break;
        if (e > k + 1) g_string_append_c(next_words, ' ');
        g_string_append_len(next_words, game_event_text(game, ev), (gssize)ev->len);
    }
    const char *best = NULL;
    /* as written; else, where neither part reads even with its damage
     * undone, with it undone ("Q R tto Q" / "sq") */
    gboolean loose = FALSE;
    gsize line_end = joined->len;
    for (;;) {
        for (guint e = k + 1; e < to && e - i < WORDS_ACROSS_EVENTS; e++) {
            const struct game_event *ev = &g_array_index(game->events, struct game_event, e);
            if (ev->kind != EV_MOVE || g_array_index(ts->prose, guint8, e) ||
                ev->line != next->line)
                break;
            if (!whole) g_string_append_c(joined, ' '); /* (an ordinal joins its digit) */
            const char *text = game_event_text(game, ev);
            /* its words one by one, then whole */
            for (gsize w = 0; w <= ev->len; w++) {
                if (w < ev->len && (text[w] != ' ' || whole)) continue;
                if (w == ev->len && next_whole) break;
                gsize at = joined->len;
                g_string_append_len(joined, text, (gssize)w);
                const char *after = text + w;
                gsize after_len = ev->len - w;
                while (after_len && *after == ' ')
                    after++, after_len--;
                /* the most words that read whole, as written (a join that
                 * needs a guess joins a move's damaged words as often as two
                 * moves': "P" / "P to R 7th", so only where neither part
                 * reads alone), and what is left of the event too, its
                 * name not lost to the join: "Q Kt" / "takcs B P takes Kt" */
                if ((loose ? words_loosely(joined->str, joined->len)
                           : words_as_written(joined->str, joined->len)) &&
                    (!after_len ||
                     (words_loosely(after, after_len) && !begins_with_takes(after, after_len)))) {
                    best = g_string_chunk_insert_len(ts->glued, joined->str, (gssize)joined->len);
                    *last = e;
                    *len = joined->len;
                    *rest = after_len ? after : NULL;
                    *rest_len = after_len;
                }
                g_string_truncate(joined, at);
            }
            g_string_append_len(joined, text, (gssize)ev->len);
            if (whole || next_whole) break; /* (the ordinal only; the first event's words) */
        }
        g_string_truncate(joined, line_end);
        /* (a next line that begins with a rank, its ordinal damaged,
         * begins no move: "k t0 Kt" / "2kd"; nor does one that reads only
         * with its name lost, after names: "Q Kt" / "takcs B"; but a
         * line that ends with a capture's verb, damaged, is always tried
         * so: what it takes most often begins the next line, even one
         * that reads whole, "Kt +akes" / "P Kt to B 3rd", as "Kt takes" /
         * "P Kt to B 3rd" is read as written) */
        if (best || loose || whole ||
            (!ends_with_takes(joined->str, joined->len) &&
             (next_whole ||
              (words_loosely(joined->str, joined->len) &&
               !begins_with_square(next_words->str, next_words->len)) ||
              (words_loosely(next_text, next->len) && !begins_with_takes(next_text, next->len)))))
            break;
        loose = TRUE;
    }
    return best;
}

/* Past the last move, move number or result among events [from, to)
 * (from for none); *result_last: whether that last one is a result. */
static guint moves_end(const ArbGame *game, guint from, guint to, gboolean *result_last)
{
    for (guint i = to; i > from; i--) {
        int kind = g_array_index(game->events, struct game_event, i - 1).kind;
        if (kind == EV_MOVE || kind == EV_MOVE_NUMBER || kind == EV_RESULT) {
            *result_last = kind == EV_RESULT;
            return i;
        }
    }
    *result_last = FALSE;
    return from;
}

/* The move tokens of events [from, to) outside the variations there (the
 * main line, or a variation's own line), with the ply a move number names.
 * A header line after the first move (a column of a scoresheet whose move
 * the reader could not see as one: "o6", "B94") gives a token per word. */
void tokens_collect_range(struct token_stage *ts, const ArbGame *game, ArbNorm *norm, guint from,
                          guint to)
{
    g_array_set_size(ts->tokens, 0);
    gboolean has_prose = mark_sentences(ts, game, from, to);
    int depth = 0, hint = -1, hint_before = -1, last_number = 0, since_number = 0;
    gboolean in_moves = FALSE;
    g_autoptr(GArray) seen = g_array_new(FALSE, FALSE, sizeof(struct numbered));
    /* the tokens since a sentence ended, while a line it weighs may run */
    int line_start = -1, recall_start = -1;
    gboolean in_prose = FALSE;
    guint64 most = 0;                    /* the highest White number yet */
    const struct game_event *due = NULL; /* the last move number, when it was the one due */
    gboolean iccf = tokens_events_style(game, from, to) == FIX_STYLE_ICCF;
    /* where the text after the game's result holds no move nor number (an
     * engine's "; { Game Nr. 56 : Hannibal wins by GUI adjudication }" on
     * the lines after "1-0"), its line comments are comments, not moves
     * the ';' hid: read as moves, they put made-up moves after the game's
     * last and cut it there, unresolved */
    gboolean result_last;
    guint tail = moves_end(game, from, to, &result_last);
    for (guint i = from; i < to && (!ts->max_tokens || ts->tokens->len < ts->max_tokens); i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        const char *text = game_event_text(game, ev);
        if (ev->kind == EV_COMMENT && ev->comment_kind == ARB_COMMENT_NBEST) {
            add_readings(ts, game, ev, i);
            continue;
        }
        if (ev->kind == EV_BEGIN_VARIATION) depth++;
        if (ev->kind == EV_END_VARIATION) depth--;
        if (depth > 0) continue;
        if (g_array_index(ts->prose, guint8, i)) {
            in_prose = TRUE;
            continue;
        }
        if (in_prose && (ev->kind == EV_MOVE || ev->kind == EV_MOVE_NUMBER)) {
            in_prose = FALSE;
            if (line_start < 0) line_start = (int)ts->tokens->len;
        }
        if (ev->kind == EV_MOVE_NUMBER &&
            (after_due_number(game, i, due, since_number) ||
             file_read_as_digit(ts->conf, game, i, due, since_number) ||
             is_lost_move(game, i, last_number, since_number, (int)ts->tokens->len) ||
             (iccf && is_iccf_fragment(game, i, last_number, since_number)))) {
            add_token(ts, text, ev->len, &hint, i);
            since_number++;
            continue;
        }
        int lookalike = ev->kind == EV_MOVE
                            ? lookalike_number(ts->conf, game, i, last_number, since_number)
                            : 0;
        gsize run_in = iccf && ev->kind == EV_MOVE_NUMBER ? iccf_run_in(game, ev, last_number) : 0;
        if (run_in && run_in == ev->len) {
            add_token(ts, text, ev->len, &hint, i);
            since_number++;
            continue;
        }
        if (run_in) {
            add_token(ts, text, run_in, &hint, i);
            text += run_in;
        }
        if (ev->kind == EV_MOVE_NUMBER || lookalike) {
            guint64 n = g_ascii_strtoull(text, NULL, 10);
            gsize digits = 0, len = ev->len - run_in;
            while (digits < len && g_ascii_isdigit(text[digits]))
                digits++;
            if (is_due_damaged(text, digits, last_number, since_number) ||
                is_due_lookalike(game, i, text, digits, last_number, since_number) || lookalike)
                n = last_number + 1;
            if (!ev->value) {
                drop_weighed_line(ts, game, i, n, seen);
                struct numbered e = {n, i, ts->tokens->len};
                g_array_append_val(seen, e);
                weigh_line(ts, &line_start, n <= most);
                if (has_prose) weigh_recalled(ts, &recall_start, n, most);
                most = MAX(most, n);
            }
            /* the number after the last, or the one after that where the
             * moves between are two (their number lost or run into a move:
             * "27.Ke2 Ke6 Z8.Ke3 a5 29.63") */
            gboolean next = (int)n == last_number + 1 ||
                            ((int)n == last_number + 2 && since_number >= 3 && since_number <= 4);
            due = last_number > 0 && next ? ev : NULL;
            last_number = n < 10000 ? (int)n : -1;
            since_number = 0;
            hint_before = hint;
            hint = n >= 1 && n < 10000 ? 2 * ((int)n - 1) + (ev->value ? 1 : 0) : -1;
            in_moves = TRUE;
            continue;
        }
        if (ev->kind == EV_COMMENT && ev->comment_kind == ARB_COMMENT_HEADER && in_moves &&
            g_utf8_strlen(text, -1) <= 16 && !is_caption(ts->conf, text, ev->len)) {
            for (const char *p = text; *p;) {
                while (*p == ' ' || *p == '\t')
                    p++;
                const char *e = p;
                while (*e && *e != ' ' && *e != '\t')
                    e++;
                if (e > p) add_token(ts, p, (gsize)(e - p), &hint, i);
                p = e;
            }
            continue;
        }
        if (ev->kind == EV_COMMENT && ev->comment_kind == ARB_COMMENT_LINE &&
            !(result_last && i >= tail) && (in_moves || tokens_holds_two_three(text, ev->len)) &&
            !holds_sentence(ts->conf, text, ev->len) && !closes_variation(game, i) &&
            !comment_is_words(ts->conf, game, i)) {
            /* (its moves count as moves since the number: "10 c;d5 c:d5") */
            guint before = ts->tokens->len;
            i += collect_line_comment(ts, game, i, norm, &hint, hint_before);
            since_number += (int)(ts->tokens->len - before);
            continue;
        }
        if (ev->kind != EV_MOVE) continue;
        in_moves = TRUE;
        guint last;
        gsize len;
        const char *rest;
        gsize rest_len;
        const char *across = words_across_line(ts, game, i, to, &last, &len, &rest, &rest_len);
        if (across) {
            add_token(ts, across, len, &hint, i);
            struct fix_token *t = &g_array_index(ts->tokens, struct fix_token, ts->tokens->len - 1);
            t->more_events = last - i;
            if (rest) {
                const char *last_text =
                    game_event_text(game, &g_array_index(game->events, struct game_event, last));
                t->more_last_len = (gsize)(rest - last_text);
                while (t->more_last_len && last_text[t->more_last_len - 1] == ' ')
                    t->more_last_len--;
            }
            since_number++;
            i = last;
            if (rest) {
                guint before = ts->tokens->len;
                add_move_text(ts, rest, rest_len, norm, &hint, i);
                since_number += ts->tokens->len > before;
            }
            continue;
        }
        guint before = ts->tokens->len;
        add_move_text(ts, text, ev->len, norm, &hint, i);
        since_number += ts->tokens->len > before;
    }
}

void tokens_mark_prose(struct token_stage *ts, const ArbGame *game)
{
    g_array_set_size(ts->prose, 0);
    g_array_set_size(ts->prose, game->events->len); /* zeroed */
    mark_sentences(ts, game, 0, game->events->len);
}

gboolean tokens_all_prose(const ArbConfusion *conf, const ArbGame *game)
{
    g_autoptr(GArray) prose = g_array_new(FALSE, TRUE, 1);
    struct token_stage ts = {.conf = conf, .prose = prose};
    tokens_mark_prose(&ts, game);
    gboolean any = FALSE;
    int depth = 0;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        depth += (ev->kind == EV_BEGIN_VARIATION) - (ev->kind == EV_END_VARIATION);
        if (ev->kind != EV_MOVE && ev->kind != EV_MOVE_NUMBER) continue;
        if (depth ? ev->kind != EV_MOVE || tokens_has_digit(game_event_text(game, ev), ev->len)
                  : !g_array_index(prose, guint8, i))
            return FALSE;
        any = TRUE;
    }
    return any;
}

gboolean tokens_all_words(const ArbConfusion *conf, const ArbGame *game)
{
    int words = 0, long_words = 0, heading_words = 0, numbers = 0, depth = 0;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        depth += (ev->kind == EV_BEGIN_VARIATION) - (ev->kind == EV_END_VARIATION);
        numbers += !depth && ev->kind == EV_MOVE_NUMBER;
        if (depth || ev->kind != EV_MOVE) continue;
        const char *text = game_event_text(game, ev);
        if (is_dash(text, ev->len)) continue;
        int letters = word_letters(text, ev->len);
        if (!letters || is_move_word(conf, text, ev->len)) return FALSE;
        words++;
        long_words += letters >= 3;
        heading_words += letters >= HEADING_LETTERS;
    }
    return (words >= 3 && long_words >= 2) ||
           (numbers >= 1 && numbers <= HEADING_NUMBERS && heading_words >= 1);
}

/* The main line's tokens (tokens_collect_range()), the game's prose marks anew. */
void tokens_collect(struct token_stage *ts, const ArbGame *game, ArbNorm *norm)
{
    g_array_set_size(ts->prose, 0);
    g_array_set_size(ts->prose, game->events->len); /* zeroed */
    tokens_collect_range(ts, game, norm, 0, game->events->len);
}
