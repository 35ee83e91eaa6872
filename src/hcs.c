/* HCS label lines and n-best lines to games, one per sheet (see hcs.h).
 * The text is made valid UTF-8 first, so every label is a token the later
 * stages can take. */
#include "cells.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static gsize keep_text(ArbGame *g, const char *text, gsize len)
{
    gsize at = g->text->len;
    g_string_append_len(g->text, text, (gssize)len);
    g_string_append_c(g->text, 0);
    return at;
}

static struct game_event *push_event(ArbGame *g, int kind, int value, const char *text,
                                     guint64 line, guint64 col)
{
    struct game_event ev = {.kind = (guint8)kind, .value = value, .line = line, .col = col};
    ev.len = strlen(text);
    ev.text = keep_text(g, text, ev.len);
    g_array_append_val(g->events, ev);
    return &g_array_index(g->events, struct game_event, g->events->len - 1);
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
    if (x->move != y->move) return x->move < y->move ? -1 : 1;
    return x->black - y->black;
}

static gboolean names_event(char **tags)
{
    for (char **t = tags; t && *t; t += 2)
        if (!strcmp(*t, "Event")) return TRUE;
    return FALSE;
}

void cells_flush(const ArbHcsVisitor *v, const char *kind, const char *name, GArray *cells,
                 guint64 number, char **tags)
{
    if (!cells->len) return;
    g_array_sort(cells, cmp_cell);
    g_autoptr(ArbGame) g = game_new();
    g->number = number;
    g->first_line = g_array_index(cells, struct hcs_cell, 0).line;
    if (!names_event(tags)) {
        g_autofree char *event = g_strdup_printf("%s %s", kind, name);
        push_tag(g, "Event", event);
    }
    for (char **t = tags; t && *t; t += 2)
        push_tag(g, t[0], t[1]);
    for (guint i = 0; i < cells->len; i++) {
        const struct hcs_cell *c = &g_array_index(cells, struct hcs_cell, i);
        char num[32];
        g_snprintf(num, sizeof num, c->black ? "%d..." : "%d.", c->move);
        push_event(g, EV_MOVE_NUMBER, c->black, num, c->line, 1);
        push_event(g, EV_MOVE, 0, c->label, c->line, c->col);
        if (c->others) {
            push_event(g, EV_COMMENT, 0, c->others, c->line, c->col)->comment_kind =
                ARB_COMMENT_NBEST;
            g_free(c->others);
        }
    }
    g_array_set_size(cells, 0);
    v->sheet(g, name, v->user_data);
}

/* "12" -> 12; no digits -> 0; beyond HCS_MOVE_MAX -> HCS_MOVE_MAX. */
static int move_number(const char *s)
{
    guint64 n = 0;
    for (; g_ascii_isdigit(*s) && n <= HCS_MOVE_MAX; s++)
        n = 10 * n + (guint64)(*s - '0');
    return (int)MIN(n, (guint64)HCS_MOVE_MAX);
}

/* The text as valid UTF-8, NULs made line ends first (making it valid
 * would make them U+FFFD). */
char *cells_valid_text(const char *text, gsize len, const ArbHcsVisitor *v)
{
    g_autofree char *copy = g_malloc(len + 1);
    for (gsize i = 0; i < len; i++)
        copy[i] = text[i] ? text[i] : '\n';
    copy[len] = 0;
    if (!g_utf8_validate_len(copy, len, NULL) && v->warning)
        v->warning(0, 0, "bytes that are not UTF-8 read as U+FFFD", v->user_data);
    return g_utf8_make_valid(copy, (gssize)len);
}

gboolean hcs_read(const char *text, gsize len, const ArbHcsVisitor *v)
{
    g_autofree char *valid = cells_valid_text(text, len, v);

    g_autoptr(GArray) cells = g_array_new(FALSE, FALSE, sizeof(struct hcs_cell));
    g_autofree char *sheet = NULL;
    guint64 number = 0, line = 0;
    for (char *l = valid, *next; l; l = next) {
        line++;
        next = strchr(l, '\n');
        if (next) *next++ = 0;
        gsize lead = 0;
        while (g_ascii_isspace(l[lead]))
            lead++;
        char *s = g_strchomp(l + lead);
        if (!*s) continue;
        char *space = strpbrk(s, " \t");
        if (space) *space = 0; /* the file name is the first word */
        char **parts = g_strsplit(s, "_", 4);
        guint n_parts = g_strv_length(parts);
        /* the training form has a page, the testing form none */
        gboolean ok = space && (n_parts == 4 || n_parts == 3);
        if (ok) {
            char *key =
                n_parts == 4 ? g_strdup_printf("%s_%s", parts[0], parts[1]) : g_strdup(parts[0]);
            char *move = parts[n_parts - 2], *colour = parts[n_parts - 1];
            if (!sheet || strcmp(sheet, key)) {
                if (sheet) cells_flush(v, "HCS sheet", sheet, cells, ++number, NULL);
                g_free(sheet);
                sheet = key;
            } else {
                g_free(key);
            }
            const char *label = space + 1;
            while (g_ascii_isspace(*label))
                label++;
            struct hcs_cell c = {.move = move_number(move),
                                 .black = g_str_has_prefix(colour, "black"),
                                 .line = line,
                                 .col = lead + (guint64)g_utf8_strlen(s, -1) +
                                        (guint64)(label - space) + 1,
                                 .label = label};
            g_array_append_val(cells, c);
        } else if (v->warning) {
            v->warning(line, 0, "not an HCS label line", v->user_data);
        }
        g_strfreev(parts);
    }
    if (sheet) cells_flush(v, "HCS sheet", sheet, cells, ++number, NULL);
    return TRUE;
}

/* ---- n-best lines ------------------------------------------------------------- */

enum { NBEST_FIELDS_MAX = 3 + 2 * 64 };

static int cmp_reading(const void *a, const void *b)
{
    const struct nbest_reading *x = a, *y = b;
    return (x->score < y->score) - (x->score > y->score);
}

void cells_rank_readings(struct nbest_reading *r, guint n, struct hcs_cell *c)
{
    qsort(r, n, sizeof r[0], cmp_reading);
    c->label = r[0].text;
    c->others = NULL;
    if (n == 1) return;
    GString *others = g_string_new(NULL);
    for (guint i = 1; i < n && i < NBEST_READINGS_MAX; i++) {
        double cost = MIN(100.0 * log(r[0].score / r[i].score), NBEST_COST_MAX);
        g_string_append_printf(others, "%s%s\t%ld", i > 1 ? "\t" : "", r[i].text, lround(cost));
    }
    c->others = g_string_free(others, FALSE);
}

/* One cell's readings (fields 3 on, reading and score pairs): the best is
 * its label, the next ones (at most NBEST_READINGS_MAX in all) its others
 * with their costs. FALSE with *why on a malformed line. */
static gboolean read_readings(char **f, guint n, struct hcs_cell *c, const char **why)
{
    struct nbest_reading r[NBEST_FIELDS_MAX / 2];
    guint k = 0;
    if (n < 5 || (n - 3) % 2) {
        *why = "want game, move, side, then reading and score pairs";
        return FALSE;
    }
    for (guint i = 3; i + 1 < n; i += 2) {
        char *end = NULL;
        double score = g_ascii_strtod(f[i + 1], &end);
        if (!*f[i] || end == f[i + 1] || *end || !(score > 0) || score > 1e300) {
            *why = "a reading needs text and a score above 0";
            return FALSE;
        }
        r[k++] = (struct nbest_reading){f[i], score};
    }
    cells_rank_readings(r, k, c);
    return TRUE;
}

gboolean nbest_read(const char *text, gsize len, const ArbHcsVisitor *v)
{
    if (nbest_is_json(text, len)) return nbest_json_read(text, len, v);
    g_autofree char *valid = cells_valid_text(text, len, v);
    g_autoptr(GArray) cells = g_array_new(FALSE, FALSE, sizeof(struct hcs_cell));
    const char *game = NULL;
    guint64 number = 0, line = 0;
    for (char *l = valid, *next; l; l = next) {
        line++;
        next = strchr(l, '\n');
        if (next) *next++ = 0;
        g_strchomp(l);
        if (!*l || *l == '#') continue;
        char *f[NBEST_FIELDS_MAX];
        guint n = 0;
        for (char *p = l; p && n < NBEST_FIELDS_MAX;) { /* split in place: labels stay valid */
            f[n++] = p;
            if ((p = strchr(p, '\t'))) *p++ = 0;
        }
        const char *why = "want a move number from 1 and a side (w, b, white or black)";
        struct hcs_cell c = {.line = line};
        char *end = NULL;
        guint64 move = n >= 3 ? g_ascii_strtoull(f[1], &end, 10) : 0;
        c.move = (int)MIN(move, (guint64)HCS_MOVE_MAX);
        c.black = n >= 3 && (!g_ascii_strcasecmp(f[2], "b") || !g_ascii_strcasecmp(f[2], "black"));
        gboolean ok =
            n >= 3 && *f[1] && !*end && move >= 1 &&
            (c.black || !g_ascii_strcasecmp(f[2], "w") || !g_ascii_strcasecmp(f[2], "white"));
        ok = ok && read_readings(f, n, &c, &why);
        if (!ok) {
            if (v->warning) v->warning(line, 0, why, v->user_data);
            continue;
        }
        c.col = 1; /* the best reading's column, in characters */
        for (guint i = 0; i < n && f[i] != c.label; i++)
            c.col += (guint64)g_utf8_strlen(f[i], -1) + 1;
        if (!game || strcmp(game, f[0])) {
            if (game) cells_flush(v, "n-best game", game, cells, ++number, NULL);
            game = f[0];
        }
        g_array_append_val(cells, c);
    }
    if (game) cells_flush(v, "n-best game", game, cells, ++number, NULL);
    return TRUE;
}
