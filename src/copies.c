/* Rows written twice among fix's tokens (copies.h): each copy is read with
 * its own damage, so two tokens are compared by a weighted edit distance
 * under the confusion table, not as text. */
#include "copies.h"

#include <string.h>

#define ROWS_TWICE_MAX 3 /* rows written twice together at most (rows_written_twice) */
/* what one character may cost a copy of a row: a plain edit, and a dash or
 * a mark read as its look-alike ("e77-e5" beside "e7~e5"; one and a half
 * units, a plain substitution, read a king and rook going one file over as
 * copies, 1660 -> 3417 wrong moves on the rt set) */
#define LOOKALIKE_GAP    (5 * CONF_UNIT / 4)
#define GAP_MAX          (3 * CONF_UNIT / 2) /* reading_gap(): further apart is no copy */
#define SAME_ROW_GAP_MAX (2 * CONF_UNIT)     /* the same beside a move written the same */
#define GAP_CHARS        32
#define ROW_TOKENS_MAX   4 /* row_span_written_twice(): tokens a row is written in at most */

/* What two tokens' readings differ by, as a weighted edit distance under
 * the confusion table, each edit the cheaper way round (each copy of a row
 * written twice is read with its own damage): 0 when they read the same,
 * G_MAXINT when that is more than max or a reading is shorter than two
 * characters. */
static int text_gap(const ArbConfusion *conf, const char *a, gsize a_len, const char *b,
                    gsize b_len, int max)
{
    if (a_len == b_len && !memcmp(a, b, a_len)) return 0;
    glong n = 0, m = 0;
    g_autofree gunichar *x = g_utf8_to_ucs4_fast(a, (glong)a_len, &n);
    g_autofree gunichar *y = g_utf8_to_ucs4_fast(b, (glong)b_len, &m);
    if (MIN(n, m) < 2 || n > GAP_CHARS || m > GAP_CHARS || ABS(n - m) > 2) return G_MAXINT;
    /* d[j]: the distance of x's first i characters to y's first j */
    int d[GAP_CHARS + 1];
    d[0] = 0;
    for (glong j = 1; j <= m; j++)
        d[j] = d[j - 1] + MIN(confusion_insert(conf, y[j - 1]), confusion_delete(conf, y[j - 1]));
    for (glong i = 1; i <= n; i++) {
        int diag = d[0],
            gap = MIN(confusion_insert(conf, x[i - 1]), confusion_delete(conf, x[i - 1]));
        d[0] += gap;
        for (glong j = 1; j <= m; j++) {
            int sub = x[i - 1] == y[j - 1] ? 0
                                           : MIN(confusion_substitute(conf, x[i - 1], y[j - 1]),
                                                 confusion_substitute(conf, y[j - 1], x[i - 1]));
            int here = MIN(diag + sub, d[j] + gap);
            here = MIN(here, d[j - 1] + MIN(confusion_insert(conf, y[j - 1]),
                                            confusion_delete(conf, y[j - 1])));
            diag = d[j];
            d[j] = here;
        }
    }
    return d[m] > max ? G_MAXINT : d[m];
}

static int reading_gap(const ArbConfusion *conf, const struct fix_token *a,
                       const struct fix_token *b, int max)
{
    return text_gap(conf, a->cands[0].text, a->cands[0].len, b->cands[0].text, b->cands[0].len,
                    max);
}

/* reading_gap() of a move beside one written the same in a copy of a row:
 * up to SAME_ROW_GAP_MAX, where the two are as long give or take one
 * character, three at least (not "Fx g6" beside "Fxh7 g6", a move split). */
static int damaged_gap(const ArbConfusion *conf, const struct fix_token *a,
                       const struct fix_token *b)
{
    glong n = g_utf8_strlen(a->cands[0].text, (gssize)a->cands[0].len),
          m = g_utf8_strlen(b->cands[0].text, (gssize)b->cands[0].len);
    if (MIN(n, m) < 3 || ABS(n - m) > 1) return G_MAXINT;
    return reading_gap(conf, a, b, SAME_ROW_GAP_MAX);
}

/* Do tokens i and i + 1 write the two before them again, in the next two
 * plies ("17. Ng5 Nf8 18. Ng5 Nf8", a sheet's cells or text), one of them
 * perhaps misread once? Mostly they cannot be moves: a side cannot go to the
 * same square twice in a row unless the other took on it. A row of
 * captures on one square ("Bxg6 fxg6 Bxg6 fxg6") may be, and is read both
 * ways like the others (search_tokens()). */
static gboolean row_written_twice(const ArbConfusion *conf, const struct fix_token *t, guint i,
                                  guint n, gboolean exact)
{
    if (i < 2 || i + 1 >= n) return FALSE;
    /* the numbers first, the cheaper test: in text, a copy may have lost
     * its number (". e3 e5", an exact copy) or have it misread ("8. d4
     * exd4" for 7.), and the row before a copy have its number misread
     * ("422. Td7 Tb6 43. Td7 Tb6") or read as no number at all ("7 f3 Nf6
     * 28 f3 Nf6", 7 too far from the 27 due), where the number after the
     * copy is the one after it */
    int h = t[i - 2].hint_ply, after = i + 2 < n ? t[i + 2].hint_ply : -1;
    gboolean lost = !exact && h >= 0 && t[i].hint_ply != h + 2 && after == h + 4;
    if (!exact && !lost && t[i].hint_ply >= 0 && t[i].hint_ply != h + 2 &&
        after == t[i].hint_ply + 2)
        h = t[i].hint_ply - 2;
    if (h < 0) return FALSE;
    /* (in text only the first move of a row has its number, or both, the
     * second's dots damaged so it reads as White's: "9.,. Qxd1") */
    int b1 = t[i - 1].hint_ply, b2 = t[i + 1].hint_ply;
    if (!lost && (t[i].hint_ply != h + 2 || (b1 >= 0 && b1 != h + 1 && b1 != h) ||
                  (b2 >= 0 && b2 != h + 3 && b2 != h + 2)))
        return FALSE;
    /* one move at least written the same, or both no further off than a
     * character lost, added or read as a look-alike: copies that differ by
     * another letter or digit are most often moves (a king and rook going
     * one file over: "Kg4 Rg1+ Kf4 Rf1+"). Beside a move written the
     * same, the other may be damaged more in the two copies ("Сt8-g" and
     * "Сf8–g7": a look-alike, a dash and a character lost) */
    int a = reading_gap(conf, &t[i], &t[i - 2], GAP_MAX),
        b = reading_gap(conf, &t[i + 1], &t[i - 1], GAP_MAX);
    if (exact || (lost && t[i].hint_ply < 0)) return !a && !b;
    if (!a && b == G_MAXINT) b = damaged_gap(conf, &t[i + 1], &t[i - 1]);
    if (!b && a == G_MAXINT) a = damaged_gap(conf, &t[i], &t[i - 2]);
    return a < G_MAXINT && b < G_MAXINT && (!a || !b || MAX(a, b) <= LOOKALIKE_GAP);
}

/* Can the move a token's text writes never be played again two moves
 * later: a pawn's push ("g3") or castling? */
static gboolean never_again(const struct fix_cand *c)
{
    if (c->len < 2) return FALSE;
    return san_is_square(c->text) || c->text[0] == 'O' || c->text[0] == '0';
}

/* Do the tokens from i on write the k rows before them again, every token
 * the same, in the next 2k plies, for k of 2 to ROWS_TWICE_MAX ("21. g3
 * Kf6 22. Kg2 Bd6+ 23. g3 Kf6 24. Kg2 Bd6+" on HCS sheet 034_0)? Returns k,
 * or 0. As moves they cannot be where one of them can never be played
 * twice; a position repeated ("Kg1 Kg8 Kh1 Kh8 Kg1 Kg8 Kh1 Kh8") is left
 * alone. */
static guint rows_written_twice(const ArbConfusion *conf, const struct fix_token *t, guint i,
                                guint n)
{
    for (guint k = 2; k <= ROWS_TWICE_MAX; k++) {
        guint w = 2 * k;
        if (i < w || i + w > n || t[i - w].hint_ply < 0) continue;
        int h = t[i - w].hint_ply;
        gboolean same = t[i].hint_ply == h + (int)w, once = FALSE;
        for (guint j = 0; j < w && same; j++) {
            int a = t[i - w + j].hint_ply, b = t[i + j].hint_ply;
            same = (a < 0 || a == h + (int)j) && (b < 0 || b == h + (int)(w + j)) &&
                   !reading_gap(conf, &t[i + j], &t[i - w + j], GAP_MAX);
            once |= never_again(&t[i + j].cands[0]);
        }
        if (same && once) return k;
    }
    return 0;
}

/* Tokens [from, to) as one text, with no space between ("dxe5" "Sac5":
 * "dxe5Sac5"), in buf of GAP_CHARS bytes: FALSE where it is longer. */
static gboolean span_text(const struct fix_token *t, guint from, guint to, char *buf, gsize *len)
{
    *len = 0;
    for (guint k = from; k < to; k++) {
        if (*len + t[k].cands[0].len > GAP_CHARS) return FALSE;
        memcpy(buf + *len, t[k].cands[0].text, t[k].cands[0].len);
        *len += t[k].cands[0].len;
    }
    return TRUE;
}

/* Does the row that token i begins write the row before it again, either
 * of them in other than two tokens: merged ("14. dxe5 Sac5 15. dxe5SacS
 * 16.") or split ("21. exf6 R exf6 22. exf6 Rexf6 23.")? The copy's number
 * is the one after the row's, or lost ("21. exf6 R exf6 exf6 Rexf6 23."),
 * the number after it the one after that, and the two rows read alike as
 * texts (no further apart than a look-alike or a character lost). Returns
 * the copy's tokens, or 0. (Rows of two tokens each are
 * row_written_twice()'s.) */
static guint row_span_written_twice(const ArbConfusion *conf, const struct fix_token *t, guint i,
                                    guint n)
{
    int c = t[i].hint_ply, h = -1; /* the copy's number (-1: lost), the row's */
    if (c >= 0 && (c < 2 || c % 2)) return 0;
    /* the row before: back to its number, past one for Black */
    guint j = i;
    while (j > 0 && i - j < ROW_TOKENS_MAX && h < 0) {
        int x = t[--j].hint_ply;
        if (x >= 0 && x % 2 == 0) h = x;
    }
    if (h < 0 || (c >= 0 && c != h + 2)) return 0;
    for (guint m = j + 1; m < i; m++)
        if (t[m].hint_ply >= 0 && t[m].hint_ply != h + 1) return 0;
    guint k = i + 1;
    for (; k < n && k - i < ROW_TOKENS_MAX && t[k].hint_ply != h + 4; k++)
        if (t[k].hint_ply >= 0 && t[k].hint_ply != h + 3) return 0;
    if (k >= n || t[k].hint_ply != h + 4 || (i - j == 2 && k - i == 2)) return 0;
    char a[GAP_CHARS], b[GAP_CHARS];
    gsize a_len, b_len;
    if (!span_text(t, j, i, a, &a_len) || !span_text(t, i, k, b, &b_len) || b_len < 4) return 0;
    return text_gap(conf, b, b_len, a, a_len, GAP_MAX) <= LOOKALIKE_GAP ? k - i : 0;
}

GArray *copies_mark(const ArbConfusion *conf, GArray *tokens, gboolean hcs)
{
    GArray *before = NULL;
    for (guint i = 2; i + 1 < tokens->len; i++) {
        struct fix_token *t = (struct fix_token *)tokens->data;
        guint n = tokens->len;
        /* (a transcription's near copies are moves: "Rd7 Ra3 Rd6 Rb3") */
        guint w = row_written_twice(conf, t, i, n, hcs) ? 2 : 2 * rows_written_twice(conf, t, i, n);
        /* (w tokens, as many plies; a row split or merged: 2 plies) */
        guint plies = w;
        if (!w && !hcs) plies = (w = row_span_written_twice(conf, t, i, n)) ? 2 : 0;
        if (!w) continue;
        if (!before) before = g_array_copy(tokens);
        for (guint k = i; k < i + w; k++) {
            t[k].repeated = TRUE;
            t[k].hint_ply = -1;
        }
        for (guint k = i + w; k < n; k++) {
            if (t[k].hint_ply >= (int)plies) t[k].hint_ply -= (int)plies;
            t[k].number_shift += (int)plies / 2;
        }
        i += w - 1;
    }
    return before;
}
