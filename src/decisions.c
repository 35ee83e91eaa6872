/* Reading the reviewer's decisions file (format: src/decisions.h, README).
 * Small and strict: a malformed line is an error naming file and line, never
 * skipped, so a decision is not lost silently. */
#include "decisions.h"

#include <stdlib.h>
#include <string.h>

static gboolean parse_count(const char *s, guint64 max, guint64 *out)
{
    char *end = NULL;
    if (!g_ascii_isdigit(*s)) return FALSE;
    guint64 v = g_ascii_strtoull(s, &end, 10);
    if (*end || v == 0 || v > max) return FALSE;
    *out = v;
    return TRUE;
}

static gboolean is_uci(const char *s)
{
    gsize n = strlen(s);
    if (n != 4 && n != 5) return FALSE;
    for (int i = 0; i < 4; i += 2)
        if (s[i] < 'a' || s[i] > 'h' || s[i + 1] < '1' || s[i + 1] > '8') return FALSE;
    return n == 4 || strchr("qrbn", s[4]);
}

/* "12:7" or "-". */
static gboolean parse_source(const char *s, guint64 *line, guint64 *col)
{
    *line = *col = 0;
    if (!strcmp(s, "-")) return TRUE;
    g_auto(GStrv) lc = g_strsplit(s, ":", 3);
    return g_strv_length(lc) == 2 && parse_count(lc[0], G_MAXUINT32, line) &&
           parse_count(lc[1], G_MAXUINT32, col);
}

static gboolean parse_line(char *text, int number, struct decision *d, const char **why)
{
    g_auto(GStrv) f = g_strsplit(text, "\t", 5);
    guint64 game, ply;
    *why = NULL;
    if (g_strv_length(f) != 4)
        *why = "want 4 tab-separated fields: game, ply, move (UCI), line:col";
    else if (!parse_count(f[0], G_MAXUINT32, &game))
        *why = "game: want a game id from 1";
    else if (!parse_count(f[1], 1 << 20, &ply))
        *why = "ply: want a ply from 1";
    else if (!is_uci(f[2]))
        *why = "move: want UCI (e2e4, e7e8q)";
    else if (!parse_source(f[3], &d->line, &d->col))
        *why = "source: want line:col or -";
    if (*why) return FALSE;
    d->game = game;
    d->ply = (int)ply;
    g_strlcpy(d->uci, f[2], sizeof d->uci);
    d->file_line = number;
    return TRUE;
}

static int cmp_decision(gconstpointer a, gconstpointer b)
{
    const struct decision *x = a, *y = b;
    if (x->game != y->game) return x->game < y->game ? -1 : 1;
    if (x->ply != y->ply) return x->ply - y->ply;
    return x->file_line - y->file_line;
}

GArray *decisions_load(const char *path, GError **error)
{
    g_autofree char *text = NULL;
    if (!g_file_get_contents(path, &text, NULL, error)) return NULL;
    GArray *all = g_array_new(FALSE, FALSE, sizeof(struct decision));
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (int i = 0; lines[i]; i++) {
        char *l = lines[i];
        gsize n = strlen(l);
        if (n && l[n - 1] == '\r') l[n - 1] = 0;
        if (!*l || *l == '#') continue;
        struct decision d;
        const char *why;
        if (!parse_line(l, i + 1, &d, &why)) {
            g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%d: %s", path, i + 1, why);
            g_array_free(all, TRUE);
            return NULL;
        }
        g_array_append_val(all, d);
    }
    g_array_sort(all, cmp_decision);
    guint kept = 0; /* the last line for a game and ply wins */
    for (guint i = 0; i < all->len; i++) {
        const struct decision *d = &g_array_index(all, struct decision, i);
        if (kept && g_array_index(all, struct decision, kept - 1).game == d->game &&
            g_array_index(all, struct decision, kept - 1).ply == d->ply)
            kept--;
        g_array_index(all, struct decision, kept++) = *d;
    }
    g_array_set_size(all, kept);
    return all;
}

const struct decision *decisions_for_game(const GArray *all, guint64 game, guint *n)
{
    *n = 0;
    const struct decision *first = NULL;
    for (guint i = 0; all && i < all->len; i++) {
        const struct decision *d = &g_array_index(all, struct decision, i);
        if (d->game != game) continue;
        if (!first) first = d;
        (*n)++;
    }
    return first;
}
