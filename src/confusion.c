/* Loads lang/confusion.ini into lookup tables: a full matrix for ASCII (the
 * common case, looked up in the inner loop of fix's edit distance) and a hash
 * of pairs for everything else. */
#include "confusion.h"

#include "lang.h"

#include <gio/gio.h>
#include <math.h>
#include <string.h>

#define CONFUSION_RESOURCE "/org/arbiter/confusion/confusion.ini"

struct _ArbConfusion {
    int costs[CONF_COST_COUNT];
    int substitute, insert, delete; /* defaults */
    guint16 ascii_sub[128][128];
    guint16 ascii_ins[128], ascii_del[128];
    GHashTable *sub, *ins, *del; /* other code points: key -> cost + 1 */
    struct confusion_split split[CONF_SPLIT_MAX];
    int n_split;
    struct calibration {
        char kind[16];
        double a, b, c, d, e, top; /* e: the sheets' only, top: the others' */
    } cal[CONF_CALIBRATION_MAX], sheet_cal[CONF_CALIBRATION_MAX];
    int n_cal, n_sheet_cal;
};

static const char *const cost_keys[CONF_COST_COUNT] = {
    "skip-token",
    "skip-repeat",
    "insert-move",
    "insert-whole-move",
    "merge",
    "split",
    "swap",
    "misnumbered",
    "sheet-shift",
    "form-lan",
    "form-pawn-files",
    "form-descriptive",
    "form-queen-implied",
    "form-ambiguous",
    "poor-fit",
    "garbage-rate",
    "temperature",
    "repeat-char",
};

static guint64 pair_key(gunichar a, gunichar b)
{
    return ((guint64)a << 32) | b;
}

static gboolean read_cost(GKeyFile *kf, const char *group, const char *key, const char *origin,
                          int *out, GError **error)
{
    g_autoptr(GError) local = NULL;
    double v = g_key_file_get_double(kf, group, key, &local);
    if (local || v < 0 || v > 100) {
        g_set_error(error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                    "%s: [%s] %s: a cost from 0 to 100 is required", origin, group, key);
        return FALSE;
    }
    *out = (int)(v * CONF_UNIT + 0.5);
    return TRUE;
}

static void set_sub(ArbConfusion *c, gunichar a, gunichar b, int cost)
{
    if (a < 128 && b < 128) {
        c->ascii_sub[a][b] = (guint16)MIN(c->ascii_sub[a][b], cost);
        return;
    }
    guint64 *k = g_new(guint64, 1);
    *k = pair_key(a, b);
    gpointer old = g_hash_table_lookup(c->sub, k);
    if (!old || GPOINTER_TO_INT(old) - 1 > cost)
        g_hash_table_replace(c->sub, k, GINT_TO_POINTER(cost + 1));
    else
        g_free(k);
}

static void set_single(guint16 *ascii, GHashTable *other, gunichar ch, int cost)
{
    if (ch < 128)
        ascii[ch] = (guint16)MIN(ascii[ch], cost);
    else
        g_hash_table_insert(other, GUINT_TO_POINTER(ch), GINT_TO_POINTER(cost + 1));
}

/* A group "cost;c;c;...": each item one code point. */
static gboolean read_group(ArbConfusion *c, GKeyFile *kf, const char *group, const char *key,
                           const char *origin, GError **error)
{
    gsize n = 0;
    g_auto(GStrv) items = g_key_file_get_string_list(kf, group, key, &n, NULL);
    char *end = NULL;
    double v = n ? g_ascii_strtod(items[0], &end) : -1;
    if (n < 2 || !end || *end || v < 0 || v > 100) {
        g_set_error(error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                    "%s: [%s] %s: want a cost and then characters, ';' between", origin, group,
                    key);
        return FALSE;
    }
    int cost = (int)(v * CONF_UNIT + 0.5);
    gunichar chars[64];
    gsize m = 0;
    for (gsize i = 1; i < n && m < G_N_ELEMENTS(chars); i++) {
        if (!g_utf8_validate(items[i], -1, NULL) || g_utf8_strlen(items[i], -1) != 1) {
            g_set_error(error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                        "%s: [%s] %s: '%s' is not one character", origin, group, key, items[i]);
            return FALSE;
        }
        chars[m++] = g_utf8_get_char(items[i]);
    }
    for (gsize i = 0; i < m; i++) {
        if (!strcmp(group, "insert")) set_single(c->ascii_ins, c->ins, chars[i], cost);
        if (!strcmp(group, "delete")) set_single(c->ascii_del, c->del, chars[i], cost);
        if (!strcmp(group, "substitute"))
            for (gsize j = 0; j < m; j++)
                if (i != j) set_sub(c, chars[i], chars[j], cost);
    }
    return TRUE;
}

/* A [split] key: "seq=cost;c", the character c read as the text seq. */
static gboolean read_split(ArbConfusion *c, GKeyFile *kf, const char *key, const char *origin,
                           GError **error)
{
    gsize n = 0;
    g_auto(GStrv) items = g_key_file_get_string_list(kf, "split", key, &n, NULL);
    char *end = NULL;
    double v = n == 2 ? g_ascii_strtod(items[0], &end) : -1;
    gsize key_len = strlen(key);
    if (!end || *end || v < 0 || v > 100 || g_utf8_strlen(items[1], -1) != 1 || key_len < 2 ||
        key_len >= sizeof c->split[0].seq || c->n_split >= CONF_SPLIT_MAX) {
        g_set_error(error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                    "%s: [split] %s: want text=cost;character (text of 2 to %d bytes, at most %d "
                    "keys)",
                    origin, key, (int)sizeof c->split[0].seq - 1, CONF_SPLIT_MAX);
        return FALSE;
    }
    struct confusion_split *sp = &c->split[c->n_split++];
    memcpy(sp->seq, key, key_len + 1);
    sp->ch = g_utf8_get_char(items[1]);
    sp->cost = (int)(v * CONF_UNIT + 0.5);
    return TRUE;
}

/* A [calibration] key: "kind=a;b;c;d;top;", b and c at least 0 (a higher
 * share or a wider margin is never a lower chance), top above 0 and at
 * most 1; or a [calibration-sheets] key, "kind=a;b;c;d;e;", e at most 0 (a
 * sheet with more moves changed is never surer). */
static gboolean read_calibration(ArbConfusion *c, GKeyFile *kf, const char *group, const char *key,
                                 const char *origin, GError **error)
{
    gboolean sheets = !strcmp(group, "calibration-sheets");
    struct calibration *rows = sheets ? c->sheet_cal : c->cal;
    int *n_rows = sheets ? &c->n_sheet_cal : &c->n_cal;
    gsize n = 0;
    g_autofree double *v = g_key_file_get_double_list(kf, group, key, &n, NULL);
    gboolean ok = v && n == 5 && strlen(key) < sizeof rows[0].kind &&
                  *n_rows < CONF_CALIBRATION_MAX &&
                  (sheets ? v[4] <= 0 && v[4] >= -100 : v[4] > 0 && v[4] <= 1);
    for (gsize i = 0; ok && i < 4; i++)
        ok = fabs(v[i]) <= 100 && (i == 0 || i == 3 || v[i] >= 0);
    if (!ok) {
        g_set_error(error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                    sheets ? "%s: [%s] %s: want kind=a;b;c;d;e; (a and d from -100 to 100, b "
                             "and c from 0 to 100, e from -100 to 0; at most %d kinds)"
                           : "%s: [%s] %s: want kind=a;b;c;d;top; (a and d from -100 to 100, b "
                             "and c from 0 to 100, top above 0 and at most 1; at most %d kinds)",
                    origin, group, key, CONF_CALIBRATION_MAX);
        return FALSE;
    }
    struct calibration *cal = &rows[(*n_rows)++];
    g_strlcpy(cal->kind, key, sizeof cal->kind);
    cal->a = v[0];
    cal->b = v[1];
    cal->c = v[2];
    cal->d = v[3];
    cal->e = sheets ? v[4] : 0;
    cal->top = sheets ? 1 : v[4];
    return TRUE;
}

ArbConfusion *confusion_new_from_data(const char *data, gsize len, const char *origin,
                                      GError **error)
{
    g_autoptr(GKeyFile) kf = g_key_file_new();
    if (!g_key_file_load_from_data(kf, data, len, G_KEY_FILE_NONE, error)) return NULL;
    ArbConfusion *c = g_new0(ArbConfusion, 1);
    c->sub = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    c->ins = g_hash_table_new(g_direct_hash, g_direct_equal);
    c->del = g_hash_table_new(g_direct_hash, g_direct_equal);
    gboolean ok = read_cost(kf, "costs", "substitute", origin, &c->substitute, error) &&
                  read_cost(kf, "costs", "insert", origin, &c->insert, error) &&
                  read_cost(kf, "costs", "delete", origin, &c->delete, error);
    for (int i = 0; ok && i < CONF_COST_COUNT; i++)
        ok = read_cost(kf, "costs", cost_keys[i], origin, &c->costs[i], error);
    if (ok) {
        for (int a = 0; a < 128; a++) {
            for (int b = 0; b < 128; b++)
                c->ascii_sub[a][b] = a == b ? 0 : (guint16)c->substitute;
            c->ascii_ins[a] = (guint16)c->insert;
            c->ascii_del[a] = (guint16)c->delete;
        }
    }
    g_auto(GStrv) splits = g_key_file_get_keys(kf, "split", NULL, NULL);
    for (char **k = splits; ok && k && *k; k++)
        ok = read_split(c, kf, *k, origin, error);
    static const char *const calibrations[] = {"calibration", "calibration-sheets"};
    for (gsize g = 0; ok && g < G_N_ELEMENTS(calibrations); g++) {
        g_auto(GStrv) keys = g_key_file_get_keys(kf, calibrations[g], NULL, NULL);
        for (char **k = keys; ok && k && *k; k++)
            ok = read_calibration(c, kf, calibrations[g], *k, origin, error);
    }
    static const char *const groups[] = {"substitute", "insert", "delete"};
    for (gsize g = 0; ok && g < G_N_ELEMENTS(groups); g++) {
        g_auto(GStrv) keys = g_key_file_get_keys(kf, groups[g], NULL, NULL);
        for (char **k = keys; ok && k && *k; k++)
            ok = read_group(c, kf, groups[g], *k, origin, error);
    }
    if (!ok) {
        confusion_free(c);
        return NULL;
    }
    return c;
}

ArbConfusion *confusion_load(const char *path, GError **error)
{
    g_autofree char *origin = NULL;
    g_autoptr(GBytes) bytes = arb_data_load(path, CONFUSION_RESOURCE, &origin, error);
    if (!bytes) return NULL;
    gsize len = 0;
    const char *data = g_bytes_get_data(bytes, &len);
    return confusion_new_from_data(data, len, origin, error);
}

const ArbConfusion *confusion_builtin(void)
{
    static gsize builtin;
    if (g_once_init_enter(&builtin)) {
        g_autoptr(GError) error = NULL;
        ArbConfusion *c = confusion_load(NULL, &error);
        if (!c) g_error("the built-in confusion table: %s", error->message);
        g_once_init_leave(&builtin, (gsize)c);
    }
    return (const ArbConfusion *)builtin;
}

void confusion_free(ArbConfusion *c)
{
    if (!c) return;
    g_hash_table_destroy(c->sub);
    g_hash_table_destroy(c->ins);
    g_hash_table_destroy(c->del);
    g_free(c);
}

int confusion_cost(const ArbConfusion *c, ArbConfusionCost which)
{
    return c->costs[which];
}

int confusion_substitute(const ArbConfusion *c, gunichar a, gunichar b)
{
    if (a < 128 && b < 128) return c->ascii_sub[a][b];
    if (a == b) return 0;
    guint64 k = pair_key(a, b);
    gpointer v = g_hash_table_lookup(c->sub, &k);
    return v ? GPOINTER_TO_INT(v) - 1 : c->substitute;
}

int confusion_digit(const ArbConfusion *c, gunichar ch)
{
    if (ch >= '0' && ch <= '9') return (int)(ch - '0');
    int best = -1, cost = CONF_UNIT;
    for (int d = 0; d <= 9; d++) {
        int k = confusion_substitute(c, ch, (gunichar)('0' + d));
        if (k < cost) best = d, cost = k;
    }
    return best;
}

int confusion_insert(const ArbConfusion *c, gunichar ch)
{
    if (ch < 128) return c->ascii_ins[ch];
    gpointer v = g_hash_table_lookup(c->ins, GUINT_TO_POINTER(ch));
    return v ? GPOINTER_TO_INT(v) - 1 : c->insert;
}

int confusion_delete(const ArbConfusion *c, gunichar ch)
{
    if (ch < 128) return c->ascii_del[ch];
    gpointer v = g_hash_table_lookup(c->del, GUINT_TO_POINTER(ch));
    return v ? GPOINTER_TO_INT(v) - 1 : c->delete;
}

const guint16 (*confusion_ascii_substitutions(const ArbConfusion *c))[128]
{
    return (const guint16(*)[128])c->ascii_sub;
}

const struct confusion_split *confusion_splits(const ArbConfusion *c, int *n)
{
    *n = c->n_split;
    return c->split;
}

/* A row's log-odds, the share's and the margin's terms. */
static double row_odds(const struct calibration *cal, double read, double margin)
{
    double r = CLAMP(read, 1e-4, 1 - 1e-6);
    return cal->a + (read < 0 ? 0 : cal->b * log(r / (1 - r))) +
           (margin < 0 ? cal->d : cal->c * MIN(margin, CONF_MARGIN_CAP));
}

double confusion_calibrate(const ArbConfusion *c, const char *kind, double share, double read,
                           double margin)
{
    for (int i = 0; i < c->n_cal; i++) {
        const struct calibration *cal = &c->cal[i];
        if (strcmp(cal->kind, kind)) continue;
        if (share >= CONF_TOP_SHARE) return cal->top;
        return MIN(cal->top, 1.0 / (1.0 + exp(-row_odds(cal, read, margin))));
    }
    return share;
}

double confusion_calibrate_sheet(const ArbConfusion *c, const char *kind, double share, double read,
                                 double margin, double changed)
{
    for (int i = 0; i < c->n_sheet_cal; i++) {
        const struct calibration *cal = &c->sheet_cal[i];
        if (strcmp(cal->kind, kind)) continue;
        double q = CLAMP(changed, 1e-4, 1 - 1e-4);
        return 1.0 / (1.0 + exp(-row_odds(cal, read, margin) - cal->e * log(q / (1 - q))));
    }
    return confusion_calibrate(c, kind, share, read, margin);
}
