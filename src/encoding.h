/* Input encodings: detection (BOM, UTF-8 validity, then ICU charset detection
 * among the charsets chess archives really use) and a streaming decoder to
 * UTF-8. Sits in front of the reader (src/reader.c): bytes -> UTF-8 text. */
#ifndef ARBITER_ENCODING_H
#define ARBITER_ENCODING_H

#include <glib.h>

/* How many bytes of the input the detector looks at. */
#define ENCODING_SAMPLE_SIZE (64 * 1024)

/* Canonical charset names this module reports and decodes. */
#define ENCODING_UTF8         "UTF-8"
#define ENCODING_UTF16LE      "UTF-16LE"
#define ENCODING_UTF16BE      "UTF-16BE"
#define ENCODING_WINDOWS_1252 "windows-1252"
#define ENCODING_WINDOWS_1251 "windows-1251"
#define ENCODING_WINDOWS_1250 "windows-1250"
#define ENCODING_ISO_8859_2   "ISO-8859-2"
#define ENCODING_KOI8_R       "KOI8-R"

typedef struct {
    const char *charset;   /* one of the ENCODING_* names (static) */
    guint bom_len;         /* bytes of byte-order mark at the start, 0 if none */
    gboolean ascii_only;   /* the sample had no byte >= 0x80: UTF-8 is a guess */
    gboolean no_bom_utf16; /* UTF-16 recognised from its NUL bytes, no BOM */
    gint confidence;       /* 100 for a BOM or valid UTF-8, else ICU's 0-100 */
} ArbEncodingGuess;

/* Detects the charset of a sample (the first bytes of the input). The rules, in
 * order: a BOM decides (UTF-8, UTF-16LE/BE); a sample that is valid UTF-8
 * (a sequence cut by the end of a sample that is not the whole input counts as
 * valid) is UTF-8; a sample with many NUL bytes in alternating positions is
 * UTF-16 without BOM; otherwise ICU's detector, limited to the single-byte
 * charsets above, decides, and windows-1252 (the PGN standard's Latin-1) is the
 * fallback. */
void encoding_detect(const guint8 *data, gsize len, gboolean is_whole_input,
                     ArbEncodingGuess *guess);

/* Returns the canonical name for a charset name given by the user
 * ("latin1", "cp1251", "utf8", ...), or NULL when it is not supported. */
const char *encoding_canonical_name(const char *name);

/* A streaming decoder to UTF-8. It never fails: NUL bytes become spaces (so
 * that every slice handed on is a valid C-string-safe text), and bytes that are
 * invalid in the input charset are decoded as windows-1252 (in UTF-8 mode) or
 * as U+FFFD (UTF-16 mode), counted in the notices below. */
typedef struct _ArbDecoder ArbDecoder;

/* What happened in one encoding_decode() call; the *_at fields are offsets
 * into that call's output. */
typedef struct {
    gsize n_invalid;          /* invalid bytes or units replaced */
    gsize first_invalid_at;   /* output offset of the first one */
    guint first_invalid_byte; /* its value */
    gsize n_nul;              /* NUL characters turned into spaces */
    gsize first_nul_at;
    const char *switched_to; /* non-NULL: ASCII-so-far input turned out to be this */
    gsize switched_at;
} ArbDecodeNotice;

/* charset: an ENCODING_* name. ascii_guess: the charset was guessed from an
 * all-ASCII sample; the first chunk that is not valid UTF-8 is then detected
 * again and the decoder switches charset (reported in the notice). */
ArbDecoder *encoding_decoder_new(const char *charset, gboolean ascii_guess);
void encoding_decoder_free(ArbDecoder *dec);
const char *encoding_decoder_charset(const ArbDecoder *dec);

/* Decodes up to n bytes; out must have room for ENCODING_MAX_GROWTH * n + 8
 * bytes. Unless final, a multi-byte sequence cut by the end of the input is
 * left unconsumed (*consumed < n, at most 3 bytes short): pass it again in
 * front of the next bytes. Returns the number of bytes written. */
gsize encoding_decode(ArbDecoder *dec, const guint8 *in, gsize n, gboolean final, guint8 *out,
                      gsize *consumed, ArbDecodeNotice *notice);

/* Upper bound of output bytes per input byte (see encoding_decode). */
#define ENCODING_MAX_GROWTH 3

#endif
