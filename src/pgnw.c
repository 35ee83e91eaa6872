/* PGN export format: Seven Tag Roster first, escaped tag values, movetext
 * wrapped at PGNW_LINE_MAX, "12..." after comments and variations, a blank
 * line after the tags and after each game. */
#include "pgnw.h"

#include <string.h>

static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const roster_default[] = {"?", "?", "????.??.??", "?", "?", "?", "*"};
enum { ROSTER_SIZE = 7 };

struct pgnw {
    GString *out;
    GPtrArray *tag_names;  /* owned strings, in the order given */
    GPtrArray *tag_values; /* parallel to tag_names */
    GHashTable
        *tag_index; /* name (owned by tag_names) -> index + 1: a game may have 100,000 tags */
    bool tags_written;
    bool need_number;  /* next black move needs "N..." */
    int opens;         /* "(" not yet written: they stick to the next token */
    size_t line_start; /* offset in out where the current line starts */
    size_t wide_bytes; /* bytes beyond one per character on the current line */
};

ArbPgnWriter *pgnw_new(void)
{
    ArbPgnWriter *w = g_new0(ArbPgnWriter, 1);
    w->out = g_string_sized_new(4096);
    w->tag_names = g_ptr_array_new_with_free_func(g_free);
    w->tag_values = g_ptr_array_new_with_free_func(g_free);
    w->tag_index = g_hash_table_new(g_str_hash, g_str_equal);
    return w;
}

void pgnw_free(ArbPgnWriter *w)
{
    if (!w) return;
    g_string_free(w->out, TRUE);
    g_ptr_array_free(w->tag_names, TRUE);
    g_ptr_array_free(w->tag_values, TRUE);
    g_hash_table_destroy(w->tag_index);
    g_free(w);
}

void pgnw_begin_game(ArbPgnWriter *w)
{
    g_hash_table_remove_all(w->tag_index);
    g_ptr_array_set_size(w->tag_names, 0);
    g_ptr_array_set_size(w->tag_values, 0);
    w->tags_written = false;
    w->need_number = true;
    w->opens = 0;
}

static int find_tag(const ArbPgnWriter *w, const char *name)
{
    return GPOINTER_TO_INT(g_hash_table_lookup(w->tag_index, name)) - 1;
}

void pgnw_tag(ArbPgnWriter *w, const char *name, const char *value)
{
    int i = find_tag(w, name);
    if (i >= 0) {
        g_free(g_ptr_array_index(w->tag_values, i));
        g_ptr_array_index(w->tag_values, i) = g_strdup(value);
        return;
    }
    g_ptr_array_add(w->tag_names, g_strdup(name));
    g_ptr_array_add(w->tag_values, g_strdup(value));
    g_hash_table_insert(w->tag_index, g_ptr_array_index(w->tag_names, w->tag_names->len - 1),
                        GINT_TO_POINTER((int)w->tag_names->len));
}

static void write_tag(ArbPgnWriter *w, const char *name, const char *value)
{
    g_string_append_printf(w->out, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        if (*p == '\\' || *p == '"') g_string_append_c(w->out, '\\');
        /* a tag is one line: line breaks inside a value become spaces */
        g_string_append_c(w->out, (*p == '\n' || *p == '\r' || *p == '\t') ? ' ' : *p);
    }
    g_string_append(w->out, "\"]\n");
}

static void flush_tags(ArbPgnWriter *w)
{
    if (w->tags_written) return;
    for (int r = 0; r < ROSTER_SIZE; r++) {
        int i = find_tag(w, roster[r]);
        write_tag(w, roster[r], i >= 0 ? g_ptr_array_index(w->tag_values, i) : roster_default[r]);
    }
    for (guint i = 0; i < w->tag_names->len; i++) {
        const char *name = g_ptr_array_index(w->tag_names, i);
        bool in_roster = false;
        for (int r = 0; r < ROSTER_SIZE; r++)
            in_roster |= !strcmp(name, roster[r]);
        if (!in_roster) write_tag(w, name, g_ptr_array_index(w->tag_values, i));
    }
    g_string_append_c(w->out, '\n');
    w->tags_written = true;
    w->line_start = w->out->len;
    w->wide_bytes = 0;
}

/* Width in characters of UTF-8 text: its length for ASCII, the common case. */
static size_t text_width(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)text[i] >= 0x80) return (size_t)g_utf8_strlen(text, (gssize)len);
    return len;
}

static void new_line(ArbPgnWriter *w)
{
    g_string_append_c(w->out, '\n');
    w->line_start = w->out->len;
    w->wide_bytes = 0;
}

/* Appends one token (with any pending "("), breaking the line first if it
 * would pass the limit. Columns count characters, not bytes. */
static void put_token(ArbPgnWriter *w, const char *text, size_t len)
{
    flush_tags(w);
    size_t col = w->out->len - w->line_start - w->wide_bytes;
    size_t chars = text_width(text, len);
    if (col > 0 && col + 1 + (size_t)w->opens + chars > PGNW_LINE_MAX) {
        new_line(w);
        col = 0;
    }
    if (col > 0) g_string_append_c(w->out, ' ');
    for (; w->opens > 0; w->opens--)
        g_string_append_c(w->out, '(');
    g_string_append_len(w->out, text, (gssize)len);
    w->wide_bytes += len - chars;
}

/* "12." or "12..." without printf: this runs once per move. */
static size_t format_number(char *buf, int n, int color)
{
    char digits[12];
    size_t k = 0, len = 0;
    unsigned v = n > 0 ? (unsigned)n : 0;
    do
        digits[k++] = (char)('0' + v % 10);
    while (v /= 10);
    while (k)
        buf[len++] = digits[--k];
    for (int i = 0; i < (color == 0 ? 1 : 3); i++)
        buf[len++] = '.';
    return len;
}

void pgnw_move(ArbPgnWriter *w, int fullmove, int color, const char *text)
{
    size_t tlen = strlen(text);
    if (color == 0 || w->need_number) {
        /* the number and its move stay on one line */
        char joined[64];
        size_t n = format_number(joined, fullmove, color);
        joined[n++] = ' ';
        tlen = MIN(tlen, sizeof joined - n);
        memcpy(joined + n, text, tlen);
        put_token(w, joined, n + tlen);
    } else {
        put_token(w, text, tlen);
    }
    w->need_number = false;
}

void pgnw_nag(ArbPgnWriter *w, int nag)
{
    char buf[16];
    int n = g_snprintf(buf, sizeof buf, "$%d", nag);
    put_token(w, buf, (size_t)n);
}

/* Comments are wrapped word by word; "}" cannot appear inside one, so it is
 * written as ")" and runs of white space become one space. A word that
 * begins with '%' or '[' never begins a line: a '%' there makes the line an
 * escape that readers skip, a '[' looks like a tag to many of them (it
 * stays on the line of the word before it). Nor does a word that ends '"]'
 * end a line (the word after it stays on its line): '{A "b"]' alone on a
 * line, or '{A "b} {c"]', reads as a tag pair whose '[' was misread. Nor
 * does it with only words a reader skips as space after it (controls, ','
 * and '|', which separate columns). */
static bool ends_like_tag(const GString *word)
{
    size_t n = word->len;
    while (n > 0 && ((unsigned char)word->str[n - 1] < 0x20 || word->str[n - 1] == 0x7F ||
                     word->str[n - 1] == ' ' || word->str[n - 1] == ',' || word->str[n - 1] == '|'))
        n--;
    return n >= 2 && word->str[n - 2] == '"' && word->str[n - 1] == ']';
}

void pgnw_comment(ArbPgnWriter *w, const char *text)
{
    g_autofree char *clean = g_strdup(text);
    for (char *p = clean; *p; p++)
        if (*p == '}') *p = ')';
    g_auto(GStrv) words =
        g_strsplit_set(clean, " \t\r\n\v\f", -1); /* \v, \f: space, or a line end, to readers */
    GString *word = g_string_new("{");
    bool any = false;
    for (char **p = words; *p; p++) {
        if (!**p) continue;
        if (any && (**p == '%' || **p == '[' || ends_like_tag(word))) {
            g_string_append_c(word, ' ');
        } else if (any) {
            put_token(w, word->str, word->len);
            g_string_truncate(word, 0);
        }
        g_string_append(word, *p);
        any = true;
    }
    g_string_append_c(word, '}');
    put_token(w, word->str, word->len);
    g_string_free(word, TRUE);
    w->need_number = true;
}

void pgnw_begin_variation(ArbPgnWriter *w)
{
    w->opens++;
    w->need_number = true;
}

void pgnw_end_variation(ArbPgnWriter *w)
{
    if (w->opens > 0) {
        w->opens--; /* an empty variation: "()" */
        put_token(w, "()", 2);
    } else {
        if (w->out->len - w->line_start - w->wide_bytes >= PGNW_LINE_MAX) new_line(w);
        g_string_append_c(w->out, ')');
    }
    w->need_number = true;
}

void pgnw_end_game(ArbPgnWriter *w, const char *result)
{
    if (!w->tags_written && find_tag(w, "Result") < 0) pgnw_tag(w, "Result", result);
    put_token(w, result, strlen(result));
    g_string_append(w->out, "\n\n");
    w->line_start = w->out->len;
    w->wide_bytes = 0;
}

const GString *pgnw_text(const ArbPgnWriter *w)
{
    return w->out;
}

char *pgnw_take(ArbPgnWriter *w, gsize *len)
{
    if (len) *len = w->out->len;
    char *text = g_string_free(w->out, FALSE);
    w->out = g_string_sized_new(4096);
    w->line_start = 0;
    w->wide_bytes = 0;
    return text;
}
