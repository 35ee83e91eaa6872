/* Several readings of one game fused into one token stream (fuse.h). */
#include "fuse.h"

#include <string.h>

/* A reading in one language with its piece initials in another's ("Sf3"
 * in German is "Nf3" in English): at the start and after a capture or
 * promotion mark. */
static const char *translate_reading(GStringChunk *translated, const ArbLang *from,
                                     const ArbLang *to, const char *text, gsize len)
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
    const char *kept = g_string_chunk_insert_len(translated, out->str, (gssize)out->len);
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

void fuse_readings(struct token_stage *ts, ArbGame *const *games, ArbNorm *const *norms, guint n,
                   int start_ply, GArray *sources, GStringChunk *translated)
{
    GArray *per[FIX_CANDS_MAX];
    GArray *plies[FIX_CANDS_MAX];
    const char **texts[FIX_CANDS_MAX];
    gsize *lens[FIX_CANDS_MAX];
    g_assert(n >= 1 && n <= FIX_CANDS_MAX);
    g_string_chunk_clear(translated);
    const ArbLang *to = norm_lang(norms[0]);
    for (guint j = 0; j < n; j++) {
        tokens_collect(ts, games[j], norms[j]);
        per[j] = g_array_copy(ts->tokens);
        plies[j] = g_array_sized_new(FALSE, FALSE, sizeof(int), per[j]->len);
        texts[j] = g_new(const char *, per[j]->len + 1);
        lens[j] = g_new(gsize, per[j]->len + 1);
        const ArbLang *from = norm_lang(norms[j]);
        int ply = start_ply - 1;
        for (guint i = 0; i < per[j]->len; i++) {
            const struct fix_token *t = &g_array_index(per[j], struct fix_token, i);
            ply = t->hint_ply > ply ? t->hint_ply : ply + 1;
            g_array_append_val(plies[j], ply);
            texts[j][i] = t->cands[0].text;
            lens[j][i] = t->cands[0].len;
            if (from != to) { /* the search reads every input in the first one's letters */
                texts[j][i] =
                    translate_reading(translated, from, to, t->cands[0].text, t->cands[0].len);
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
    g_array_set_size(ts->tokens, 0);
    g_array_set_size(sources, 0);
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
            struct group_source src = {(int)ts->tokens->len, (int)j,         ev->line, ev->col,
                                       t->cands[0].text,     t->cands[0].len};
            g_array_append_val(sources, src);
        }
        g_array_append_val(ts->tokens, fused);
    }
    g_array_free(slots, TRUE);
    for (guint j = 0; j < n; j++) {
        g_array_free(per[j], TRUE);
        g_array_free(plies[j], TRUE);
        g_free(texts[j]);
        g_free(lens[j]);
    }
}
