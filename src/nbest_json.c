/* A recogniser's n-best output as JSON (see hcs.h) to games, one per game
 * object: the same cells as the tab-separated form, read with json-glib,
 * each cell and reading found at its line and column in the text. */
#include "cells.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The characters before a byte offset of the text (a character's first
 * byte), marked every CHAR_MARK_BYTES: a column is counted from the mark
 * before it, not from its line's start (a file of one long line). */
enum { CHAR_MARK_BYTES = 4096 };
struct char_mark {
    gsize byte;
    guint64 chars;
};

/* Where the parser met each object and array of a text. */
struct places {
    JsonParser *parser;
    const char *text;
    GArray *line_starts; /* gsize: the byte offset of each line */
    GArray *marks;       /* struct char_mark, every CHAR_MARK_BYTES bytes or so */
    GHashTable *at;      /* JsonObject or JsonArray -> its byte offset + 1 */
    GArray *open;        /* gsize: offsets of those not closed yet */
};

static gsize parser_offset(const struct places *p)
{
    guint line = json_parser_get_current_line(p->parser);
    guint pos = json_parser_get_current_pos(p->parser); /* 1-based, in bytes */
    line = CLAMP(line, 1, p->line_starts->len);
    return g_array_index(p->line_starts, gsize, line - 1) + (pos ? pos - 1 : 0);
}

static void on_open(JsonParser *parser, gpointer ud)
{
    struct places *p = ud;
    gsize at = parser_offset(p);
    g_array_append_val(p->open, at);
}

static void on_close(struct places *p, gpointer node)
{
    if (!p->open->len) return;
    gsize at = g_array_index(p->open, gsize, p->open->len - 1);
    g_array_set_size(p->open, p->open->len - 1);
    g_hash_table_insert(p->at, node, GSIZE_TO_POINTER(at + 1));
}

static void on_object_end(JsonParser *parser, JsonObject *object, gpointer ud)
{
    on_close(ud, object);
}

static void on_array_end(JsonParser *parser, JsonArray *array, gpointer ud)
{
    on_close(ud, array);
}

/* The characters of the text before byte offset at. */
static guint64 chars_before(const struct places *p, gsize at)
{
    guint k = (guint)MIN(at / CHAR_MARK_BYTES, (gsize)p->marks->len - 1);
    const struct char_mark *m = &g_array_index(p->marks, struct char_mark, k);
    while (m->byte > at) /* (a mark moved on to a character's start) */
        m--;
    return m->chars + (guint64)g_utf8_strlen(p->text + m->byte, (gssize)(at - m->byte));
}

/* The line and column (in characters, 1-based) of byte offset at. */
static void line_col(const struct places *p, gsize at, guint64 *line, guint64 *col)
{
    guint lo = 0, hi = p->line_starts->len; /* the last line starting at or before at */
    while (hi - lo > 1) {
        guint mid = (lo + hi) / 2;
        if (g_array_index(p->line_starts, gsize, mid) <= at)
            lo = mid;
        else
            hi = mid;
    }
    gsize start = g_array_index(p->line_starts, gsize, lo);
    *line = lo + 1;
    *col = chars_before(p, at) - chars_before(p, start) + 1;
}

/* p's line starts and character marks of its text. */
static void index_text(struct places *p)
{
    p->line_starts = g_array_new(FALSE, FALSE, sizeof(gsize));
    p->marks = g_array_new(FALSE, FALSE, sizeof(struct char_mark));
    gsize zero = 0;
    g_array_append_val(p->line_starts, zero);
    guint64 chars = 0;
    for (gsize at = 0; p->text[at]; at++) {
        gboolean first = ((guchar)p->text[at] & 0xC0) != 0x80;
        if (first && at >= (gsize)p->marks->len * CHAR_MARK_BYTES) {
            struct char_mark m = {at, chars};
            g_array_append_val(p->marks, m);
        }
        chars += first;
        if (p->text[at] == '\n') {
            gsize next = at + 1;
            g_array_append_val(p->line_starts, next);
        }
    }
    if (!p->marks->len) {
        struct char_mark m = {0, 0};
        g_array_append_val(p->marks, m);
    }
}

/* The byte offset where the parser met node (an object or array), or -1. */
static gssize offset_of(const struct places *p, gconstpointer node)
{
    gpointer v = node ? g_hash_table_lookup(p->at, node) : NULL;
    return v ? (gssize)GPOINTER_TO_SIZE(v) - 1 : -1;
}

static const char *skip_blank(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    return s;
}

/* The end of the JSON string whose opening quote is at s (past its
 * closing quote, or at the NUL ending an unclosed one). */
static const char *string_end(const char *s)
{
    for (s++; *s && *s != '"'; s++)
        if (*s == '\\' && s[1]) s++;
    return *s ? s + 1 : s;
}

/* The first character inside the string that is the reading's text: the
 * first element of the array at s, or the "text" member of the object at
 * s; NULL when not found (a key written with escapes). */
static const char *reading_text_at(const char *s)
{
    if (*s == '[') {
        s = skip_blank(s + 1);
        return *s == '"' ? s + 1 : NULL;
    }
    /* an object: its members at depth 0, a key after '{' or ',' */
    int depth = 0;
    gboolean key = TRUE;
    for (s++; *s; s++) {
        if (*s == '"') {
            const char *end = string_end(s);
            if (!depth && key && end - s == 6 && !strncmp(s, "\"text\"", 6)) {
                const char *v = skip_blank(end);
                if (*v != ':') return NULL;
                v = skip_blank(v + 1);
                return *v == '"' ? v + 1 : NULL;
            }
            key = FALSE;
            s = end - 1;
        } else if (*s == '{' || *s == '[') {
            depth++;
        } else if (*s == '}' || *s == ']') {
            if (!depth--) return NULL;
        } else if (*s == ',' && !depth) {
            key = TRUE;
        }
    }
    return NULL;
}

/* The byte offset where text nests deeper than NBEST_JSON_DEPTH, or -1
 * (json-glib's parser recurses once a level). */
static gssize too_deep(const char *text)
{
    int depth = 0;
    for (const char *s = text; *s; s++) {
        if (*s == '"') {
            s = string_end(s) - 1;
            if (!*s) break;
        } else if (*s == '{' || *s == '[') {
            if (++depth > NBEST_JSON_DEPTH) return s - text;
        } else if (*s == '}' || *s == ']') {
            depth--;
        }
    }
    return -1;
}

gboolean nbest_is_json(const char *text, gsize len)
{
    const char *end = text + len, *s = text;
    if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3)) s += 3; /* a byte order mark */
    while (s < end && g_ascii_isspace(*s))
        s++;
    if (s == end || (*s != '{' && *s != '[')) return FALSE;
    if (*s == '{') return TRUE;
    for (s++; s < end && g_ascii_isspace(*s); s++)
        ;
    return s < end && (*s == '{' || *s == '[' || *s == ']');
}

struct reader {
    const ArbHcsVisitor *v;
    struct places places;
    guint64 games;
};

static void warn_at(struct reader *r, gconstpointer node, const char *format, ...)
    G_GNUC_PRINTF(3, 4);

/* A warning at node's place (an object or array; the whole text when it
 * has none). */
static void warn_at(struct reader *r, gconstpointer node, const char *format, ...)
{
    if (!r->v->warning) return;
    va_list args;
    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    guint64 line = 0, col = 0;
    gssize at = offset_of(&r->places, node);
    if (at >= 0) line_col(&r->places, (gsize)at, &line, &col);
    r->v->warning(line, col, message, r->v->user_data);
}

static gboolean is_string(JsonNode *n)
{
    return n && JSON_NODE_HOLDS_VALUE(n) && json_node_get_value_type(n) == G_TYPE_STRING;
}

static gboolean is_number(JsonNode *n)
{
    GType t = n && JSON_NODE_HOLDS_VALUE(n) ? json_node_get_value_type(n) : G_TYPE_INVALID;
    return t == G_TYPE_INT64 || t == G_TYPE_DOUBLE;
}

/* One reading, [text, score] or {"text", "score"}: FALSE when malformed. */
static gboolean read_reading(JsonNode *n, struct nbest_reading *out)
{
    JsonNode *text = NULL, *score = NULL;
    if (JSON_NODE_HOLDS_ARRAY(n)) {
        JsonArray *a = json_node_get_array(n);
        if (json_array_get_length(a) != 2) return FALSE;
        text = json_array_get_element(a, 0), score = json_array_get_element(a, 1);
    } else if (JSON_NODE_HOLDS_OBJECT(n)) {
        JsonObject *o = json_node_get_object(n);
        text = json_object_get_member(o, "text"), score = json_object_get_member(o, "score");
    }
    if (!is_string(text) || !is_number(score)) return FALSE;
    out->text = json_node_get_string(text);
    out->score = json_node_get_double(score);
    return *out->text && out->score > 0 && out->score <= 1e300;
}

/* The cell's side: 0 White, 1 Black, -1 neither. */
static int side_of(JsonNode *n)
{
    const char *s = is_string(n) ? json_node_get_string(n) : "";
    if (!g_ascii_strcasecmp(s, "w") || !g_ascii_strcasecmp(s, "white")) return 0;
    if (!g_ascii_strcasecmp(s, "b") || !g_ascii_strcasecmp(s, "black")) return 1;
    return -1;
}

/* A cell: FALSE with *why when malformed. Its column is its best
 * reading's text's. */
/* A move number: a whole number from 1 (written 12 or 12.0), at most
 * HCS_MOVE_MAX; 0 when n is none. */
static int move_number_of(JsonNode *n)
{
    if (!is_number(n)) return 0;
    double v = json_node_get_double(n);
    if (!(v >= 1) || v != floor(v)) return 0;
    return (int)MIN(v, (double)HCS_MOVE_MAX);
}

static gboolean read_cell(struct reader *r, JsonObject *o, struct hcs_cell *c, const char **why)
{
    c->move = move_number_of(json_object_get_member(o, "move"));
    c->black = side_of(json_object_get_member(o, "side"));
    if (!c->move || c->black < 0) {
        *why = "a cell wants \"move\", a whole number from 1, and \"side\": w, b, white or black";
        return FALSE;
    }
    JsonNode *list = json_object_get_member(o, "readings");
    JsonArray *a = list && JSON_NODE_HOLDS_ARRAY(list) ? json_node_get_array(list) : NULL;
    guint n = a ? json_array_get_length(a) : 0;
    if (!n) {
        *why = "a cell wants \"readings\": [text, score] pairs or {\"text\", \"score\"} objects";
        return FALSE;
    }
    g_autofree struct nbest_reading *readings = g_new(struct nbest_reading, n);
    g_autofree JsonNode **nodes = g_new(JsonNode *, n);
    for (guint i = 0; i < n; i++) {
        nodes[i] = json_array_get_element(a, i);
        if (!read_reading(nodes[i], &readings[i])) {
            *why = "a reading needs text and a score above 0";
            return FALSE;
        }
    }
    cells_rank_readings(readings, n, c);
    /* the cell's place, then its best reading's text's, where found */
    gssize at = offset_of(&r->places, o);
    if (at >= 0) line_col(&r->places, (gsize)at, &c->line, &c->col);
    for (guint i = 0; i < n; i++) {
        struct nbest_reading best;
        JsonNode *node = nodes[i];
        gconstpointer key = JSON_NODE_HOLDS_ARRAY(node) ? (gconstpointer)json_node_get_array(node)
                                                        : (gconstpointer)json_node_get_object(node);
        if (!read_reading(node, &best) || best.text != c->label) continue;
        const char *text =
            (at = offset_of(&r->places, key)) >= 0 ? reading_text_at(r->places.text + at) : NULL;
        if (text) line_col(&r->places, (gsize)(text - r->places.text), &c->line, &c->col);
        break;
    }
    return TRUE;
}

/* The game's "tags", as cells_flush() takes them (NULL-ended pairs);
 * members that are no tag are warned of. */
static char **read_tags(struct reader *r, JsonObject *game)
{
    JsonNode *n = json_object_get_member(game, "tags");
    if (!n) return NULL;
    if (!JSON_NODE_HOLDS_OBJECT(n)) {
        warn_at(r, game, "\"tags\" is not an object: no tags read");
        return NULL;
    }
    JsonObject *o = json_node_get_object(n);
    GPtrArray *tags = g_ptr_array_new();
    g_autoptr(GList) names = json_object_get_members(o);
    for (GList *l = names; l; l = l->next) {
        const char *name = l->data;
        JsonNode *value = json_object_get_member(o, name);
        gboolean word = *name != 0;
        for (const char *s = name; *s; s++)
            word &= g_ascii_isalnum(*s) || *s == '_';
        if (!word || !is_string(value)) {
            warn_at(r, o,
                    "tag \"%s\" left out: a tag is a name of letters, digits and _ with a "
                    "string value",
                    name);
            continue;
        }
        g_ptr_array_add(tags, (gpointer)name);
        g_ptr_array_add(tags, (gpointer)json_node_get_string(value));
    }
    g_ptr_array_add(tags, NULL);
    return (char **)g_ptr_array_free(tags, FALSE);
}

static void read_game(struct reader *r, JsonNode *n, guint place)
{
    JsonObject *game = JSON_NODE_HOLDS_OBJECT(n) ? json_node_get_object(n) : NULL;
    JsonNode *list = game ? json_object_get_member(game, "cells") : NULL;
    if (!list || !JSON_NODE_HOLDS_ARRAY(list)) {
        gconstpointer where = game                       ? (gconstpointer)game
                              : JSON_NODE_HOLDS_ARRAY(n) ? (gconstpointer)json_node_get_array(n)
                                                         : NULL;
        warn_at(r, where, "game %u left out: a game is an object with \"cells\", an array", place);
        return;
    }
    JsonNode *idn = json_object_get_member(game, "id");
    g_autofree char *id =
        is_string(idn) ? g_strdup(json_node_get_string(idn))
        : idn && JSON_NODE_HOLDS_VALUE(idn) && json_node_get_value_type(idn) == G_TYPE_INT64
            ? g_strdup_printf("%" G_GINT64_FORMAT, json_node_get_int(idn))
            : g_strdup_printf("%u", place);
    JsonArray *cells_json = json_node_get_array(list);
    g_autoptr(GArray) cells = g_array_new(FALSE, FALSE, sizeof(struct hcs_cell));
    for (guint i = 0; i < json_array_get_length(cells_json); i++) {
        JsonNode *cn = json_array_get_element(cells_json, i);
        struct hcs_cell c = {0};
        const char *why = "a cell is an object";
        JsonObject *co = JSON_NODE_HOLDS_OBJECT(cn) ? json_node_get_object(cn) : NULL;
        if (co && read_cell(r, co, &c, &why)) {
            g_array_append_val(cells, c);
            continue;
        }
        warn_at(r, co ? (gconstpointer)co : (gconstpointer)cells_json, "game %s, cell %u: %s", id,
                i + 1, why);
    }
    if (!cells->len) {
        warn_at(r, game, "game %s has no cell read: no game", id);
        return;
    }
    g_autofree char **tags = read_tags(r, game);
    cells_flush(r->v, "n-best game", id, cells, ++r->games, tags);
}

static void error_at(const struct reader *r, gssize at, const char *message)
{
    if (!r->v->error) return;
    guint64 line = 0, col = 0;
    if (at >= 0) line_col(&r->places, (gsize)at, &line, &col);
    r->v->error(line, col, message, r->v->user_data);
}

/* json-glib's "<data>:LINE:POS: Parse error: what" as an error at its place. */
static void parse_error(struct reader *r, const GError *e)
{
    guint line = 0, pos = 0;
    int skip = 0;
    const char *what = e->message;
    if (sscanf(e->message, "%*[^:]:%u:%u: %n", &line, &pos, &skip) == 2 && skip > 0) {
        what = e->message + skip;
        if (g_str_has_prefix(what, "Parse error: ")) what += strlen("Parse error: ");
    }
    gssize at = -1;
    if (line >= 1 && line <= r->places.line_starts->len)
        at = (gssize)(g_array_index(r->places.line_starts, gsize, line - 1) + (pos ? pos - 1 : 0));
    g_autofree char *message = g_strdup_printf("not JSON the n-best reader can read: %s", what);
    error_at(r, at, message);
}

/* The games of the parsed text: FALSE when its root holds none of the
 * three forms (an error then). */
static gboolean read_root(struct reader *r, JsonNode *root)
{
    JsonArray *games = NULL;
    JsonObject *o = JSON_NODE_HOLDS_OBJECT(root) ? json_node_get_object(root) : NULL;
    JsonNode *list = o ? json_object_get_member(o, "games") : NULL;
    if (JSON_NODE_HOLDS_ARRAY(root)) {
        games = json_node_get_array(root);
    } else if (list && JSON_NODE_HOLDS_ARRAY(list)) {
        games = json_node_get_array(list);
    } else if (o && json_object_has_member(o, "cells")) {
        read_game(r, root, 1);
        return TRUE;
    } else {
        error_at(r, offset_of(&r->places, o),
                 "no games: want an object with \"games\", an array of games, or a game");
        return FALSE;
    }
    for (guint i = 0; i < json_array_get_length(games); i++)
        read_game(r, json_array_get_element(games, i), i + 1);
    return TRUE;
}

/* Parses p's text, each object's and array's place kept: FALSE, with an
 * error, when it nests too deep or does not parse. */
static gboolean parse(struct reader *r)
{
    struct places *p = &r->places;
    gssize deep = too_deep(p->text);
    if (deep >= 0) {
        g_autofree char *message =
            g_strdup_printf("JSON nested deeper than %d levels: not read", NBEST_JSON_DEPTH);
        error_at(r, deep, message);
        return FALSE;
    }
    g_signal_connect(p->parser, "object-start", G_CALLBACK(on_open), p);
    g_signal_connect(p->parser, "array-start", G_CALLBACK(on_open), p);
    g_signal_connect(p->parser, "object-end", G_CALLBACK(on_object_end), p);
    g_signal_connect(p->parser, "array-end", G_CALLBACK(on_array_end), p);
    g_autoptr(GError) e = NULL;
    if (json_parser_load_from_data(p->parser, p->text, (gssize)strlen(p->text), &e)) return TRUE;
    parse_error(r, e);
    return FALSE;
}

gboolean nbest_json_read(const char *text, gsize len, const ArbHcsVisitor *v)
{
    g_autofree char *valid = cells_valid_text(text, len, v);
    struct reader r = {.v = v};
    struct places *p = &r.places;
    p->text = valid;
    index_text(p);
    p->at = g_hash_table_new(NULL, NULL);
    p->open = g_array_new(FALSE, FALSE, sizeof(gsize));
    p->parser = json_parser_new();
    gboolean ok = parse(&r) && read_root(&r, json_parser_get_root(p->parser));
    g_object_unref(p->parser);
    g_hash_table_destroy(p->at);
    g_array_free(p->open, TRUE);
    g_array_free(p->line_starts, TRUE);
    g_array_free(p->marks, TRUE);
    return ok;
}
