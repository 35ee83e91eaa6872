/* HCS label lines to games, one per sheet (see hcs.h). The text is made
 * valid UTF-8 first, so every label is a token the later stages can take. */
#include "hcs.h"

#include <string.h>

struct hcs_cell {
    int move, black;
    guint64 line, col;
    const char *label; /* into the valid copy of the text */
};

static gsize keep_text(ArbGame *g, const char *text, gsize len)
{
    gsize at = g->text->len;
    g_string_append_len(g->text, text, (gssize)len);
    g_string_append_c(g->text, 0);
    return at;
}

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
    if (x->move != y->move) return x->move < y->move ? -1 : 1;
    return x->black - y->black;
}

static void flush_sheet(const ArbHcsVisitor *v, const char *name, GArray *cells, guint64 number)
{
    if (!cells->len) return;
    g_array_sort(cells, cmp_cell);
    g_autoptr(ArbGame) g = game_new();
    g->number = number;
    g->first_line = g_array_index(cells, struct hcs_cell, 0).line;
    g_autofree char *event = g_strdup_printf("HCS sheet %s", name);
    push_tag(g, "Event", event);
    for (guint i = 0; i < cells->len; i++) {
        const struct hcs_cell *c = &g_array_index(cells, struct hcs_cell, i);
        char num[32];
        g_snprintf(num, sizeof num, c->black ? "%d..." : "%d.", c->move);
        push_event(g, EV_MOVE_NUMBER, c->black, num, c->line, 1);
        push_event(g, EV_MOVE, 0, c->label, c->line, c->col);
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

void hcs_read(const char *text, gsize len, const ArbHcsVisitor *v)
{
    /* NULs become line ends before the text is made valid (which would
     * make them U+FFFD) */
    g_autofree char *copy = g_malloc(len + 1);
    for (gsize i = 0; i < len; i++)
        copy[i] = text[i] ? text[i] : '\n';
    copy[len] = 0;
    if (!g_utf8_validate_len(copy, len, NULL) && v->warning)
        v->warning(0, "bytes that are not UTF-8 read as U+FFFD", v->user_data);
    g_autofree char *valid = g_utf8_make_valid(copy, (gssize)len);

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
                if (sheet) flush_sheet(v, sheet, cells, ++number);
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
            v->warning(line, "not an HCS label line", v->user_data);
        }
        g_strfreev(parts);
    }
    if (sheet) flush_sheet(v, sheet, cells, ++number);
}
