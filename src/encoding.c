/* Input encodings: BOM / UTF-8 / ICU charset detection and a streaming decoder
 * to UTF-8. Single-byte charsets decode through a 128-entry table built once
 * from ICU's converter, so the hot path is a table lookup per byte. */
#include "encoding.h"

#include <string.h>
#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>

typedef enum { DEC_UTF8, DEC_UTF16LE, DEC_UTF16BE, DEC_TABLE } DecoderKind;

/* UTF-8 of the bytes 0x80..0xFF in a single-byte charset. */
typedef struct {
    guint8 bytes[128][3];
    guint8 len[128];
} HighTable;

struct _ArbDecoder {
    DecoderKind kind;
    const char *charset;
    gboolean ascii_guess;
    HighTable table;    /* the charset's table (DEC_TABLE) */
    HighTable fallback; /* windows-1252, for invalid bytes in UTF-8 */
};

static const struct {
    const char *alias;
    const char *canonical;
} charset_names[] = {
    {"utf-8", ENCODING_UTF8},
    {"utf8", ENCODING_UTF8},
    {"utf-16le", ENCODING_UTF16LE},
    {"utf-16be", ENCODING_UTF16BE},
    {"windows-1252", ENCODING_WINDOWS_1252},
    {"cp1252", ENCODING_WINDOWS_1252},
    {"iso-8859-1", ENCODING_WINDOWS_1252},
    {"latin1", ENCODING_WINDOWS_1252},
    {"latin-1", ENCODING_WINDOWS_1252},
    {"windows-1251", ENCODING_WINDOWS_1251},
    {"cp1251", ENCODING_WINDOWS_1251},
    {"windows-1250", ENCODING_WINDOWS_1250},
    {"cp1250", ENCODING_WINDOWS_1250},
    {"iso-8859-2", ENCODING_ISO_8859_2},
    {"latin2", ENCODING_ISO_8859_2},
    {"koi8-r", ENCODING_KOI8_R},
};

const char *encoding_canonical_name(const char *name)
{
    for (gsize i = 0; i < G_N_ELEMENTS(charset_names); i++)
        if (!g_ascii_strcasecmp(name, charset_names[i].alias)) return charset_names[i].canonical;
    return NULL;
}

/* Length of the valid UTF-8 sequence at p (1-4), 0 when invalid, or -1 when
 * the bytes so far are a valid prefix cut by end. */
static int utf8_sequence(const guint8 *p, const guint8 *end)
{
    guint8 b = p[0];
    int need;
    guint8 lo = 0x80, hi = 0xBF;
    if (b < 0x80) return 1;
    if (b >= 0xC2 && b <= 0xDF)
        need = 1;
    else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        if (b == 0xE0)
            lo = 0xA0;
        else if (b == 0xED)
            hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        if (b == 0xF0)
            lo = 0x90;
        else if (b == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    for (int k = 1; k <= need; k++) {
        if (p + k >= end) return -1;
        guint8 c = p[k];
        if (k == 1 ? (c < lo || c > hi) : (c < 0x80 || c > 0xBF)) return 0;
    }
    return need + 1;
}

static gboolean is_valid_utf8(const guint8 *p, gsize len, gboolean whole)
{
    const guint8 *end = p + len;
    while (p < end) {
        if (*p < 0x80) {
            p++;
            continue;
        }
        int n = utf8_sequence(p, end);
        if (n == 0) return FALSE;
        if (n < 0) return !whole;
        p += n;
    }
    return TRUE;
}

/* UTF-16 without BOM: text that is mostly ASCII has a NUL in every other byte. */
static const char *utf16_by_nuls(const guint8 *p, gsize len)
{
    gsize n = MIN(len, 4096) & ~(gsize)1;
    gsize even = 0, odd = 0;
    if (n < 4) return NULL;
    for (gsize i = 0; i < n; i += 2) {
        even += p[i] == 0;
        odd += p[i + 1] == 0;
    }
    gsize pairs = n / 2;
    if (odd * 10 >= pairs * 4 && even * 20 < pairs) return ENCODING_UTF16LE;
    if (even * 10 >= pairs * 4 && odd * 20 < pairs) return ENCODING_UTF16BE;
    return NULL;
}

/* Cyrillic single-byte text has its letters in runs of high bytes (words);
 * Latin-1 text has an accented letter here and there between ASCII ones.
 * ICU's n-gram detector misses the first when ASCII move text dominates, so
 * this decides the family first. Russian is mostly lowercase: 0xE0-0xFF in
 * windows-1251, 0xC0-0xDF in KOI8-R. */
static const char *cyrillic_by_runs(const guint8 *p, gsize len)
{
    gsize high = 0, paired = 0, upper_half = 0, lower_half = 0;
    for (gsize i = 0; i < len; i++) {
        if (p[i] < 0x80) continue;
        high++;
        if (!((i > 0 && p[i - 1] >= 0x80) || (i + 1 < len && p[i + 1] >= 0x80))) continue;
        paired++; /* inside a word: piece letters (uppercase) stand alone */
        if (p[i] >= 0xE0)
            upper_half++;
        else if (p[i] >= 0xC0)
            lower_half++;
    }
    if (high < 8 || paired * 100 < high * 35) return NULL;
    return upper_half >= lower_half ? ENCODING_WINDOWS_1251 : ENCODING_KOI8_R;
}

static const char *icu_detect(const guint8 *data, gsize len, gint *confidence)
{
    const char *cyr = cyrillic_by_runs(data, len);
    if (cyr) {
        *confidence = 50;
        return cyr;
    }
    UErrorCode st = U_ZERO_ERROR;
    UCharsetDetector *det = ucsdet_open(&st);
    const char *best = NULL;
    if (U_FAILURE(st)) return NULL;
    ucsdet_setText(det, (const char *)data, (int32_t)MIN(len, (gsize)ENCODING_SAMPLE_SIZE), &st);
    int32_t n = 0;
    const UCharsetMatch **all = ucsdet_detectAll(det, &n, &st);
    for (int32_t i = 0; U_SUCCESS(st) && i < n && !best; i++) {
        const char *name = ucsdet_getName(all[i], &st);
        if (U_FAILURE(st) || !name) break;
        const char *canon = encoding_canonical_name(name);
        /* Only the single-byte charsets: UTF-8/16 were ruled out before. */
        if (canon && strcmp(canon, ENCODING_UTF8) && strncmp(canon, "UTF-16", 6)) {
            best = canon;
            *confidence = ucsdet_getConfidence(all[i], &st);
        }
    }
    ucsdet_close(det);
    return best;
}

void encoding_detect(const guint8 *data, gsize len, gboolean is_whole_input,
                     ArbEncodingGuess *guess)
{
    memset(guess, 0, sizeof *guess);
    guess->confidence = 100;
    if (len >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) {
        guess->charset = ENCODING_UTF8;
        guess->bom_len = 3;
        return;
    }
    if (len >= 2 && data[0] == 0xFF && data[1] == 0xFE) {
        guess->charset = ENCODING_UTF16LE;
        guess->bom_len = 2;
        return;
    }
    if (len >= 2 && data[0] == 0xFE && data[1] == 0xFF) {
        guess->charset = ENCODING_UTF16BE;
        guess->bom_len = 2;
        return;
    }
    const char *u16 = utf16_by_nuls(data, len);
    if (u16) {
        guess->charset = u16;
        guess->no_bom_utf16 = TRUE;
        guess->confidence = 50;
        return;
    }
    gsize sample = MIN(len, (gsize)ENCODING_SAMPLE_SIZE);
    gboolean whole = is_whole_input && sample == len;
    gboolean ascii = TRUE;
    for (gsize i = 0; i < sample && ascii; i++)
        ascii = data[i] < 0x80;
    if (ascii || is_valid_utf8(data, sample, whole)) {
        guess->charset = ENCODING_UTF8;
        guess->ascii_only = ascii;
        return;
    }
    guess->confidence = 0;
    guess->charset = icu_detect(data, sample, &guess->confidence);
    if (!guess->charset) guess->charset = ENCODING_WINDOWS_1252;
}

static void put_utf8(guint8 *dst, guint8 *len, guint32 cp)
{
    if (cp < 0x80) {
        dst[0] = (guint8)cp;
        *len = 1;
    } else if (cp < 0x800) {
        dst[0] = (guint8)(0xC0 | (cp >> 6));
        dst[1] = (guint8)(0x80 | (cp & 0x3F));
        *len = 2;
    } else {
        dst[0] = (guint8)(0xE0 | (cp >> 12));
        dst[1] = (guint8)(0x80 | ((cp >> 6) & 0x3F));
        dst[2] = (guint8)(0x80 | (cp & 0x3F));
        *len = 3;
    }
}

/* The upper half of a single-byte charset, through ICU's converter. Bytes the
 * charset leaves unassigned become U+FFFD. */
static void build_table(HighTable *t, const char *charset)
{
    UErrorCode st = U_ZERO_ERROR;
    UConverter *cv = ucnv_open(charset, &st);
    for (int b = 0x80; b <= 0xFF; b++) {
        guint32 cp = 0xFFFD;
        if (cv && U_SUCCESS(st)) {
            UErrorCode e = U_ZERO_ERROR;
            UChar u[4];
            char in = (char)b;
            ucnv_reset(cv);
            int32_t k = ucnv_toUChars(cv, u, 4, &in, 1, &e);
            if (U_SUCCESS(e) && k == 1 && u[0] != 0x1A && (u[0] < 0xD800 || u[0] > 0xDFFF))
                cp = u[0];
        } else {
            cp = (guint32)b; /* ICU without the table: read as Latin-1 */
        }
        put_utf8(t->bytes[b - 0x80], &t->len[b - 0x80], cp);
    }
    if (cv) ucnv_close(cv);
}

ArbDecoder *encoding_decoder_new(const char *charset, gboolean ascii_guess)
{
    ArbDecoder *dec = g_new0(ArbDecoder, 1);
    const char *canon = charset ? encoding_canonical_name(charset) : NULL;
    dec->charset = canon ? canon : ENCODING_UTF8;
    dec->ascii_guess = ascii_guess && !strcmp(dec->charset, ENCODING_UTF8);
    if (!strcmp(dec->charset, ENCODING_UTF8))
        dec->kind = DEC_UTF8;
    else if (!strcmp(dec->charset, ENCODING_UTF16LE))
        dec->kind = DEC_UTF16LE;
    else if (!strcmp(dec->charset, ENCODING_UTF16BE))
        dec->kind = DEC_UTF16BE;
    else {
        dec->kind = DEC_TABLE;
        build_table(&dec->table, dec->charset);
    }
    build_table(&dec->fallback, ENCODING_WINDOWS_1252);
    return dec;
}

void encoding_decoder_free(ArbDecoder *dec)
{
    g_free(dec);
}

const char *encoding_decoder_charset(const ArbDecoder *dec)
{
    return dec->charset;
}

static inline gsize put_ascii(guint8 *out, gsize o, guint8 b, gsize *n_nul, gsize *first_nul)
{
    if (G_UNLIKELY(b == 0)) {
        if ((*n_nul)++ == 0) *first_nul = o;
        b = ' ';
    }
    out[o] = b;
    return o + 1;
}

static inline gsize put_table(guint8 *out, gsize o, const HighTable *t, guint8 b)
{
    const guint8 *src = t->bytes[b - 0x80];
    out[o] = src[0];
    out[o + 1] = src[1];
    out[o + 2] = src[2];
    return o + t->len[b - 0x80];
}

static inline gboolean word_is_plain_ascii(const guint8 *p)
{
    guint64 w;
    memcpy(&w, p, 8);
    const guint64 ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    /* No byte >= 0x80 and no zero byte. */
    return (w & highs) == 0 && ((w - ones) & ~w & highs) == 0;
}

static gsize decode_table(const ArbDecoder *dec, const guint8 *in, gsize n, guint8 *out,
                          ArbDecodeNotice *nt)
{
    gsize o = 0;
    for (gsize i = 0; i < n;) {
        /* a single-byte charset is ASCII below 0x80: copied a word at a time */
        while (i + 8 <= n && word_is_plain_ascii(in + i)) {
            memcpy(out + o, in + i, 8);
            i += 8;
            o += 8;
        }
        if (i >= n) break;
        guint8 b = in[i++];
        if (b < 0x80)
            o = put_ascii(out, o, b, &nt->n_nul, &nt->first_nul_at);
        else
            o = put_table(out, o, &dec->table, b);
    }
    return o;
}

static gsize decode_utf8(ArbDecoder *dec, const guint8 *in, gsize n, gboolean final, guint8 *out,
                         gsize *consumed, ArbDecodeNotice *nt)
{
    const guint8 *end = in + n;
    gsize i = 0, o = 0;
    while (i < n) {
        while (i + 8 <= n && word_is_plain_ascii(in + i)) {
            memcpy(out + o, in + i, 8);
            i += 8;
            o += 8;
        }
        if (i >= n) break;
        guint8 b = in[i];
        if (b < 0x80) {
            o = put_ascii(out, o, b, &nt->n_nul, &nt->first_nul_at);
            i++;
            continue;
        }
        if (G_UNLIKELY(dec->ascii_guess)) {
            /* First non-ASCII byte of input guessed UTF-8 from an ASCII sample:
             * look again at what follows. */
            ArbEncodingGuess g;
            dec->ascii_guess = FALSE;
            encoding_detect(in + i, n - i, final, &g);
            if (strcmp(g.charset, ENCODING_UTF8) && !g.no_bom_utf16) {
                dec->charset = g.charset;
                dec->kind = DEC_TABLE;
                build_table(&dec->table, dec->charset);
                nt->switched_to = dec->charset;
                nt->switched_at = o;
                *consumed = n;
                return o + decode_table(dec, in + i, n - i, out + o, nt);
            }
        }
        int len = utf8_sequence(in + i, end);
        if (len < 0 && !final) break; /* cut sequence: keep for the next call */
        if (len <= 0) {
            if (nt->n_invalid++ == 0) {
                nt->first_invalid_at = o;
                nt->first_invalid_byte = b;
            }
            o = put_table(out, o, &dec->fallback, b);
            i++;
            continue;
        }
        memcpy(out + o, in + i, (gsize)len);
        o += (gsize)len;
        i += (gsize)len;
    }
    *consumed = i;
    return o;
}

static gsize decode_utf16(const ArbDecoder *dec, const guint8 *in, gsize n, gboolean final,
                          guint8 *out, gsize *consumed, ArbDecodeNotice *nt)
{
    gboolean le = dec->kind == DEC_UTF16LE;
    gsize i = 0, o = 0;
    while (i + 1 < n) {
        guint32 u = le ? (guint32)(in[i] | in[i + 1] << 8) : (guint32)(in[i] << 8 | in[i + 1]);
        gsize used = 2;
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (i + 3 >= n && !final) break;
            guint32 v = 0;
            if (i + 3 < n)
                v = le ? (guint32)(in[i + 2] | in[i + 3] << 8)
                       : (guint32)(in[i + 2] << 8 | in[i + 3]);
            if (v >= 0xDC00 && v <= 0xDFFF) {
                u = 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00);
                used = 4;
            } else {
                u = 0xFFFD;
            }
        } else if (u >= 0xDC00 && u <= 0xDFFF) {
            u = 0xFFFD;
        }
        if (u == 0xFFFD && used == 2 && nt->n_invalid++ == 0) {
            nt->first_invalid_at = o;
            nt->first_invalid_byte = in[i];
        }
        if (u < 0x80) {
            o = put_ascii(out, o, (guint8)u, &nt->n_nul, &nt->first_nul_at);
        } else if (u < 0x10000) {
            guint8 l;
            put_utf8(out + o, &l, u);
            o += l;
        } else {
            out[o++] = (guint8)(0xF0 | (u >> 18));
            out[o++] = (guint8)(0x80 | ((u >> 12) & 0x3F));
            out[o++] = (guint8)(0x80 | ((u >> 6) & 0x3F));
            out[o++] = (guint8)(0x80 | (u & 0x3F));
        }
        i += used;
    }
    if (final && i < n) { /* a lone trailing byte */
        if (nt->n_invalid++ == 0) {
            nt->first_invalid_at = o;
            nt->first_invalid_byte = in[i];
        }
        guint8 l;
        put_utf8(out + o, &l, 0xFFFD);
        o += l;
        i = n;
    }
    *consumed = i;
    return o;
}

gsize encoding_decode(ArbDecoder *dec, const guint8 *in, gsize n, gboolean final, guint8 *out,
                      gsize *consumed, ArbDecodeNotice *notice)
{
    memset(notice, 0, sizeof *notice);
    switch (dec->kind) {
    case DEC_UTF8: return decode_utf8(dec, in, n, final, out, consumed, notice);
    case DEC_UTF16LE:
    case DEC_UTF16BE: return decode_utf16(dec, in, n, final, out, consumed, notice);
    case DEC_TABLE: break;
    }
    *consumed = n;
    return decode_table(dec, in, n, out, notice);
}
