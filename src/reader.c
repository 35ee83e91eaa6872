/* The streaming reader: decodes input to UTF-8 in chunks, finds whole lines
 * with memchr, tokenises them with a byte-class table and hands every token
 * to the visitor as a slice of its buffer. No recursion, no allocation per
 * token; the buffer holds the current line (or multi-line comment) and one
 * chunk. Rules and limits are documented in reader.h. */
#include "reader.h"

#include "confusion.h"
#include "encoding.h"
#include "notation.h"

#include <stdarg.h>
#include <string.h>

#define READ_CHUNK     (128 * 1024) /* raw bytes read at a time */
#define LINE_LOOKAHEAD 64           /* bytes past a line's end held with it */
#define RAW_CAP        (2 * READ_CHUNK)
#define NONE           G_MAXSIZE

#define CONTINUE_LOOKAHEAD   1024 /* bytes game_goes_on() looks at past a header line */
#define CONTINUE_LINES       6    /* and lines */
#define CAPTION_WORDS        4    /* line_is_caption(): words before the '(' at most */
#define CAPTION_WORD_LETTERS 4    /* and letters of the first at least */
#define PAGE_NUMBER_MAX      32   /* reader_page_number(): a line's bytes at most */
#define HEADING_WORD_LETTERS 4    /* line_is_numbered_heading(): a word's letters at least */
#define HEADING_NUMBER_GAP   2    /* and how far its number is from the game's at least */

/* Byte classes. Everything that is not listed is a token character. */
enum {
    C_TOK = 0,
    C_DIGIT,
    C_WS,  /* space, tab, controls, ',' and '|' (column separators) */
    C_EOL, /* '\n' '\r': every line in the buffer ends with one */
    C_UNI, /* a byte >= 0x80: a token character unless a Unicode space */
    C_LBRACE,
    C_RBRACE,
    C_LPAREN,
    C_RPAREN,
    C_LBRACK,
    C_RBRACK,
    C_SEMI,
    C_DOLLAR,
    C_STAR,
};

static guint8 byte_class[256];

static void init_classes(void)
{
    for (int c = 0; c < 256; c++) {
        guint8 k = C_TOK;
        if (c >= 0x80)
            k = C_UNI;
        else if (c >= '0' && c <= '9')
            k = C_DIGIT;
        else if (c == '\n' || c == '\r')
            k = C_EOL;
        else if (c < 0x20 || c == 0x7F || c == ' ' || c == ',' || c == '|')
            k = C_WS;
        byte_class[c] = k;
    }
    byte_class['{'] = C_LBRACE;
    byte_class['}'] = C_RBRACE;
    byte_class['('] = C_LPAREN;
    byte_class[')'] = C_RPAREN;
    byte_class['['] = C_LBRACK;
    byte_class[']'] = C_RBRACK;
    byte_class[';'] = C_SEMI;
    byte_class['$'] = C_DOLLAR;
    byte_class['*'] = C_STAR;
}

typedef enum {
    PEND_NONE,
    PEND_ZERO_ZERO,   /* 0-0: castling, or a double forfeit at the end */
    PEND_PLUS_MINUS,  /* +/-: NAG 16, or White wins by forfeit at the end */
    PEND_MINUS_PLUS,  /* -/+: NAG 17, or Black wins by forfeit */
    PEND_MINUS_MINUS, /* -/-: double forfeit at the end, else move text */
} PendingKind;

typedef enum { LINE_SCAN, LINE_DONE, LINE_EOF, LINE_IOERR, LINE_BOUNDARY } LineStatus;

struct _ArbReader {
    const ArbReaderVisitor *vis;
    gpointer ud;
    ArbReaderLimits lim;

    /* Source: a stream, read in chunks into raw, or a memory block, decoded
     * where it lies (see pending_input). */
    GInputStream *stream;
    const guint8 *data;
    gsize data_len, data_pos;
    gboolean src_done;
    guint8 *raw;
    gsize raw_len;
    ArbDecoder *dec;
    const char *forced_charset;
    gboolean started, detected, had_bom, finished;
    gboolean result_closes; /* a result closes the variations open (reader_set_result_closes) */

    /* Decoded text: buf[0..len), buf[0] at absolute offset base. */
    guint8 *buf;
    gsize cap, len;
    guint64 base;
    gboolean eof; /* everything is decoded */

    /* Scanning. Invariant: anchor <= pos, and the character column of
     * buf[anchor] is anchor_col; anchor is the earliest byte kept on refill. */
    gsize pos, eol;
    gboolean at_line_start;
    guint64 line;
    gsize anchor;
    guint64 anchor_col;
    gsize lf_idx, lf_clear; /* cache of the next '\n' (see find_lf) */

    /* A decoder notice waiting for the line it happened on. */
    char *notice;
    guint64 notice_at;

    /* The game being read. */
    gboolean in_game, game_done;
    ArbGameSummary sum;
    guint64 game_start;
    guint64 game_col; /* the column of its first token */
    gboolean game_has_tags, game_has_movetext, result_tag_decisive;
    guint64 max_number;
    guint depth;
    gboolean after_number;
    /* the digit look-alikes of a misread move number (lookalike_digit) */
    const ArbConfusion *conf;
    gint8 ascii_digit[128];
    gboolean ascii_digits_ready;
    guint blank_lines;
    gboolean file_has_tags;
    gboolean skipping, skip_mid_line, skip_saw_blank;

    /* The last tag had no ']' and no non-blank line has come since: when the
     * input ends now, it ends inside that tag. */
    gboolean has_open_tag;
    ArbToken open_tag;

    PendingKind pend;
    char pend_text[16];
    ArbToken pend_tok;

    /* Hashes of the tag names seen in this game (a repeated name begins a
     * new game when tag sections follow each other without movetext). */
    guint64 tag_hash[64];
    guint n_tag_hash;

    GString *scratch;
    guint64 games;
};

/* ---- problems ---------------------------------------------------------- */

static void problem(ArbReader *r, ArbProblemSeverity sev, guint64 line, guint64 col, guint64 offset,
                    const char *fmt, ...) G_GNUC_PRINTF(6, 7);

static void problem(ArbReader *r, ArbProblemSeverity sev, guint64 line, guint64 col, guint64 offset,
                    const char *fmt, ...)
{
    if (!r->vis->problem) return;
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    ArbProblem p = {sev, msg, r->in_game ? r->sum.number : 0, line, col, offset};
    r->vis->problem(r->ud, &p);
    g_free(msg);
}

/* ---- positions ----------------------------------------------------------- */

static guint64 col_of(ArbReader *r, gsize idx)
{
    guint64 col = r->anchor_col;
    const guint8 *b = r->buf;
    for (gsize i = r->anchor; i < idx; i++)
        col += (b[i] & 0xC0) != 0x80;
    r->anchor = idx;
    r->anchor_col = col;
    return col;
}

static void make_tok(ArbReader *r, ArbToken *t, gsize start, gsize end)
{
    t->text = (const char *)r->buf + start;
    t->len = end - start;
    t->line = r->line;
    t->col = col_of(r, start);
    t->offset = r->base + start;
    t->comma = end < r->len && r->buf[end] == ',';
}

/* ---- input --------------------------------------------------------------- */

/* Reads stream bytes after the carried ones; sets src_done at the end. */
static gboolean read_raw(ArbReader *r, GError **error)
{
    gssize n =
        g_input_stream_read(r->stream, r->raw + r->raw_len, RAW_CAP - r->raw_len, NULL, error);
    if (n < 0) return FALSE;
    if (n == 0) r->src_done = TRUE;
    r->raw_len += (gsize)n;
    return TRUE;
}

/* The undecoded input at hand, at most RAW_CAP bytes: what was read from the
 * stream, or the rest of the memory block, which is never copied; *final:
 * nothing follows it. */
static const guint8 *pending_input(const ArbReader *r, gsize *n, gboolean *final)
{
    if (r->stream) {
        *n = r->raw_len;
        *final = r->src_done;
        return r->raw;
    }
    gsize left = r->data_len - r->data_pos;
    *n = MIN(left, (gsize)RAW_CAP);
    *final = *n == left;
    return r->data + r->data_pos;
}

/* What one decode step may add to buf: the decoder's growth over the most
 * raw bytes pending_input hands it, a line-end sentinel and slack. A memory
 * block shorter than a chunk needs only room for itself (a reader per small
 * input, as the fuzz targets make, then costs no large allocation). */
static gsize decode_room(const ArbReader *r)
{
    gsize raw = r->stream ? RAW_CAP : MIN(r->data_len - r->data_pos, (gsize)RAW_CAP);
    return ENCODING_MAX_GROWTH * (raw + 8) + 16;
}

/* Drops the first n bytes of the pending input. */
static void consume_input(ArbReader *r, gsize n)
{
    if (!r->stream) {
        r->data_pos += n;
        return;
    }
    memmove(r->raw, r->raw + n, r->raw_len - n);
    r->raw_len -= n;
}

static void queue_notice(ArbReader *r, guint64 at, char *msg)
{
    if (r->notice) { /* an older one still waits: say it now, without a line */
        problem(r, ARB_PROBLEM_WARNING, 0, 0, r->notice_at, "%s", r->notice);
        g_free(r->notice);
    }
    r->notice = msg;
    r->notice_at = at;
}

static void take_notice(ArbReader *r, const ArbDecodeNotice *nt, guint64 out_base)
{
    if (nt->switched_to)
        queue_notice(r, out_base + nt->switched_at,
                     g_strdup_printf("input is not UTF-8 after all: read as %s from here on",
                                     nt->switched_to));
    if (nt->n_invalid)
        queue_notice(r, out_base + nt->first_invalid_at,
                     g_strdup_printf("%" G_GSIZE_FORMAT " byte(s) invalid in %s (first 0x%02X) "
                                     "read as windows-1252",
                                     nt->n_invalid, encoding_decoder_charset(r->dec),
                                     nt->first_invalid_byte));
    if (nt->n_nul)
        queue_notice(r, out_base + nt->first_nul_at,
                     g_strdup_printf("%" G_GSIZE_FORMAT " NUL byte(s) read as spaces", nt->n_nul));
}

/* The first read: fills a detection sample, picks the charset, drops a BOM. */
static gboolean start(ArbReader *r, GError **error)
{
    r->started = TRUE;
    while (r->stream && !r->src_done && r->raw_len < ENCODING_SAMPLE_SIZE)
        if (!read_raw(r, error)) return FALSE;
    gsize n;
    gboolean final;
    const guint8 *sample = pending_input(r, &n, &final);
    /* a block is final when shorter than a sample, as a stream would be */
    if (!r->stream) final = n < ENCODING_SAMPLE_SIZE;
    ArbEncodingGuess g;
    encoding_detect(sample, n, final, &g);
    const char *charset = g.charset;
    if (r->forced_charset) {
        charset = r->forced_charset;
        if (strcmp(charset, g.charset)) g.bom_len = 0;
    }
    r->detected = !r->forced_charset;
    r->had_bom = g.bom_len > 0;
    r->dec = encoding_decoder_new(charset, r->detected && g.ascii_only);
    if (g.bom_len) {
        consume_input(r, g.bom_len);
        if (!strcmp(charset, ENCODING_UTF8)) r->base = g.bom_len; /* offsets stay input offsets */
    }
    if (g.no_bom_utf16 && r->detected)
        queue_notice(r, r->base,
                     g_strdup_printf("input read as %s without a byte-order mark", g.charset));
    return TRUE;
}

/* Drops buf[0..keep_from) and decodes more input: at least as much as is
 * kept, so that a long line costs linear time. Indices kept in the struct are
 * shifted; callers shift their own by keep_from. */
static gboolean refill(ArbReader *r, gsize keep_from, GError **error)
{
    g_assert(keep_from <= r->anchor && r->anchor <= r->pos);
    if (keep_from) {
        memmove(r->buf, r->buf + keep_from, r->len - keep_from);
        r->len -= keep_from;
        r->base += keep_from;
        r->pos -= keep_from;
        r->anchor -= keep_from;
        r->eol = r->eol >= keep_from ? r->eol - keep_from : 0;
        r->lf_idx = (r->lf_idx != NONE && r->lf_idx >= keep_from) ? r->lf_idx - keep_from : NONE;
        r->lf_clear = r->lf_clear >= keep_from ? r->lf_clear - keep_from : 0;
    }
    gsize want = MAX((gsize)READ_CHUNK, r->len), added = 0;
    while (added < want && !r->eof) {
        gsize need = r->len + decode_room(r);
        if (need > r->cap) {
            r->cap = MAX(need, r->cap * 2);
            r->buf = g_realloc(r->buf, r->cap);
        }
        if (r->stream && !r->src_done && r->raw_len < READ_CHUNK && !read_raw(r, error))
            return FALSE;
        gsize n, consumed;
        gboolean final;
        const guint8 *in = pending_input(r, &n, &final);
        ArbDecodeNotice nt;
        gsize out = encoding_decode(r->dec, in, n, final, r->buf + r->len, &consumed, &nt);
        if (nt.n_invalid || nt.n_nul || nt.switched_to) take_notice(r, &nt, r->base + r->len);
        consume_input(r, consumed);
        r->len += out;
        added += out;
        if (final) r->eof = TRUE;
    }
    return TRUE;
}

/* ---- lines ----------------------------------------------------------------- */

/* Index of the first '\n' at or after from, or NONE. lf_idx remembers the
 * last one found; no '\n' lies in [any earlier from, lf_clear). */
static gsize find_lf(ArbReader *r, gsize from)
{
    if (r->lf_idx != NONE && r->lf_idx >= from) return r->lf_idx;
    gsize s = MAX(from, r->lf_clear);
    if (s < r->len) {
        const guint8 *q = memchr(r->buf + s, '\n', r->len - s);
        if (q) return r->lf_idx = (gsize)(q - r->buf);
    }
    r->lf_clear = r->len;
    return NONE;
}

/* The line terminator at or after from: '\n', or '\r' (alone or before '\n').
 * FALSE when the buffer holds none yet (or ends in '\r' before more input). */
static gboolean find_eol(ArbReader *r, gsize from, gsize *eol)
{
    gsize nl = find_lf(r, from);
    gsize lim = nl == NONE ? r->len : nl;
    const guint8 *cr = memchr(r->buf + from, '\r', lim - from);
    if (cr) {
        gsize ci = (gsize)(cr - r->buf);
        if (ci + 1 == r->len && !r->eof) return FALSE;
        *eol = ci;
        return TRUE;
    }
    if (nl == NONE) return FALSE;
    *eol = nl;
    return TRUE;
}

static void fail_game(ArbReader *r, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* Makes the line from pos to its terminator available in the buffer. */
static LineStatus locate_eol(ArbReader *r, GError **error)
{
    for (;;) {
        gsize eol;
        if (find_eol(r, r->pos, &eol) && eol - r->anchor <= r->lim.max_line_bytes) {
            /* and the next line's first bytes: a move a line end cut is
             * read by the word the next line begins with (next_line_word()),
             * the same wherever the input's chunks end */
            if (!r->eof && r->len < eol + LINE_LOOKAHEAD &&
                r->len - r->anchor <= r->lim.max_line_bytes) {
                if (!refill(r, r->anchor, error)) return LINE_IOERR;
                continue;
            }
            r->eol = eol;
            return LINE_SCAN;
        }
        if (r->eof && r->len - r->anchor <= r->lim.max_line_bytes) {
            r->eol = r->len;
            r->buf[r->len] = '\n'; /* sentinel: the last line has no terminator */
            return LINE_SCAN;
        }
        if (r->len - r->anchor > r->lim.max_line_bytes) {
            fail_game(r, "line longer than %" G_GSIZE_FORMAT " bytes", r->lim.max_line_bytes);
            r->skip_mid_line = TRUE;
            return LINE_DONE;
        }
        if (!refill(r, r->anchor, error)) return LINE_IOERR;
    }
}

/* Is buf[at] the end of the input, on a last line with no line end (where
 * locate_eol put its sentinel)? */
static gboolean at_input_end(const ArbReader *r, gsize at)
{
    return r->eof && at == r->len && r->eol == r->len;
}

/* ---- games --------------------------------------------------------------- */

static void ensure_game(ArbReader *r, const ArbToken *first)
{
    if (r->in_game) return;
    r->in_game = TRUE;
    memset(&r->sum, 0, sizeof r->sum);
    r->sum.number = ++r->games;
    r->sum.first_line = first->line;
    r->game_start = first->offset;
    r->game_col = first->col;
    r->game_has_tags = r->game_has_movetext = r->result_tag_decisive = FALSE;
    r->max_number = 0;
    r->depth = 0;
    r->after_number = FALSE;
    r->n_tag_hash = 0;
    if (r->vis->begin_game) r->vis->begin_game(r->ud, r->sum.number, first);
}

/* A token at the current scan position with no text (for synthetic events). */
static void here_tok(ArbReader *r, ArbToken *t)
{
    gsize at = MAX(r->pos, r->anchor);
    make_tok(r, t, at, at);
}

static void flush_pending(ArbReader *r, gboolean game_ends);

static void close_variations(ArbReader *r, gboolean report)
{
    if (!r->depth) return;
    ArbToken t;
    here_tok(r, &t);
    if (report)
        problem(r, ARB_PROBLEM_WARNING, t.line, t.col, t.offset,
                "%u variation(s) not closed at the end of the game", r->depth);
    for (; r->depth > 0; r->depth--)
        if (r->vis->end_variation) r->vis->end_variation(r->ud, r->depth, &t);
}

static void finish_game(ArbReader *r)
{
    r->sum.last_line = r->line;
    if (r->vis->end_game) r->vis->end_game(r->ud, &r->sum);
    r->in_game = FALSE;
    r->game_done = TRUE;
    r->depth = 0;
    r->after_number = FALSE;
}

/* Ends the game at a boundary (result, new game, end of input). */
static void end_game(ArbReader *r)
{
    if (!r->in_game) return;
    flush_pending(r, TRUE);
    close_variations(r, TRUE);
    finish_game(r);
}

/* A limit or an error: the game ends here, failed, and the reader skips to
 * the next game. */
static void fail_game(ArbReader *r, const char *fmt, ...)
{
    ArbToken t;
    here_tok(r, &t);
    ensure_game(r, &t);
    flush_pending(r, FALSE);
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    problem(r, ARB_PROBLEM_ERROR, t.line, t.col, t.offset,
            "%s; game %" G_GUINT64_FORMAT " skipped from here to the next game", msg,
            r->sum.number);
    g_free(msg);
    r->sum.failed = TRUE;
    close_variations(r, FALSE);
    finish_game(r);
    r->skipping = TRUE;
    r->skip_saw_blank = FALSE;
}

/* A new game begins at this token: the current one ends first. */
static void boundary(ArbReader *r, gsize at, const char *why)
{
    r->pos = at;
    if (r->game_has_tags && !r->sum.has_result && !r->pend) {
        ArbToken t;
        make_tok(r, &t, at, at);
        problem(r, ARB_PROBLEM_WARNING, t.line, t.col, t.offset,
                "game %" G_GUINT64_FORMAT " has no result before %s", r->sum.number, why);
    }
    end_game(r);
}

/* ---- emitting ------------------------------------------------------------ */

static inline void before_emit(ArbReader *r, const ArbToken *t)
{
    if (G_UNLIKELY(r->pend)) flush_pending(r, FALSE);
    ensure_game(r, t);
    r->after_number = FALSE;
}

static void emit_move_text(ArbReader *r, const ArbToken *t)
{
    before_emit(r, t);
    r->game_has_movetext = TRUE;
    r->sum.n_moves++;
    if (r->vis->move_text) r->vis->move_text(r->ud, t);
}

static void emit_nag(ArbReader *r, guint nag, const ArbToken *t)
{
    before_emit(r, t);
    r->game_has_movetext = TRUE;
    if (r->vis->nag) r->vis->nag(r->ud, nag, t);
}

static void emit_comment(ArbReader *r, ArbCommentKind kind, const ArbToken *t)
{
    before_emit(r, t);
    if (r->vis->comment) r->vis->comment(r->ud, kind, t);
}

static void emit_result(ArbReader *r, ArbResult res, const ArbToken *t)
{
    if (r->depth && r->result_closes) {
        before_emit(r, t);
        problem(r, ARB_PROBLEM_WARNING, t->line, t->col, t->offset,
                "result '%.*s' inside %u variation(s): they end there", (int)t->len, t->text,
                r->depth);
        close_variations(r, FALSE);
    }
    if (r->depth) {
        before_emit(r, t);
        problem(r, ARB_PROBLEM_WARNING, t->line, t->col, t->offset,
                "result '%.*s' inside a variation ignored", (int)t->len, t->text);
        return;
    }
    before_emit(r, t);
    r->sum.has_result = TRUE;
    if (r->vis->result) r->vis->result(r->ud, res, t);
    end_game(r);
}

static void flush_pending(ArbReader *r, gboolean game_ends)
{
    PendingKind k = r->pend;
    if (!k) return;
    r->pend = PEND_NONE;
    ArbToken t = r->pend_tok;
    t.text = r->pend_text;
    if (game_ends) {
        static const ArbResult res[] = {0, ARB_RESULT_DOUBLE_FORFEIT, ARB_RESULT_WHITE_WINS_FORFEIT,
                                        ARB_RESULT_BLACK_WINS_FORFEIT, ARB_RESULT_DOUBLE_FORFEIT};
        r->sum.has_result = TRUE;
        if (r->vis->result) r->vis->result(r->ud, res[k], &t);
        return;
    }
    if (k == PEND_PLUS_MINUS || k == PEND_MINUS_PLUS)
        emit_nag(r, k == PEND_PLUS_MINUS ? 16 : 17, &t);
    else
        emit_move_text(r, &t);
}

static void set_pending(ArbReader *r, PendingKind k, const ArbToken *t)
{
    before_emit(r, t);
    r->pend = k;
    memcpy(r->pend_text, t->text, MIN(t->len, sizeof r->pend_text));
    r->pend_tok = *t;
}

/* ---- classifying tokens ---------------------------------------------------- */

/* Bytes of a Unicode space (NBSP, U+2000-200A, U+202F, U+205F, U+3000, a
 * stray BOM) at p, or 0. p[0] >= 0x80; reads stop at a line terminator. */
static inline gsize uni_space_len(const guint8 *p)
{
    if (p[0] == 0xC2) return p[1] == 0xA0 ? 2 : 0;
    if (p[0] == 0xE2 && p[1] == 0x80)
        return ((p[2] >= 0x80 && p[2] <= 0x8A) || p[2] == 0xAF) ? 3 : 0;
    if (p[0] == 0xE2 && p[1] == 0x81) return p[2] == 0x9F ? 3 : 0;
    if (p[0] == 0xE3 && p[1] == 0x80) return p[2] == 0x80 ? 3 : 0;
    if (p[0] == 0xEF && p[1] == 0xBB) return p[2] == 0xBF ? 3 : 0;
    return 0;
}

static inline gsize skip_space(const guint8 *b, gsize i)
{
    for (;;) {
        while (byte_class[b[i]] == C_WS)
            i++;
        if (byte_class[b[i]] != C_UNI) return i;
        gsize n = uni_space_len(b + i);
        if (!n) return i;
        i += n;
    }
}

/* End of a word-like token starting at i: stops at spaces, line ends and the
 * PGN delimiters; "(Q)" right after a rank digit stays in (e8(Q)). */
static gsize token_end(const guint8 *b, gsize i)
{
    for (;;) {
        guint8 k = byte_class[b[i]];
        if (k == C_TOK || k == C_DIGIT) {
            i++;
        } else if (k == C_UNI) {
            if (uni_space_len(b + i)) return i;
            i++;
        } else if (k == C_STAR && i > 0 && g_ascii_isalnum(b[i - 1]) && g_ascii_isalnum(b[i + 1])) {
            i++; /* inside a word ("Nf6*e4") a star is no result: a misread capture mark */
        } else if (b[i] == '|' && i > 0 && b[i - 1] >= 'a' && b[i - 1] <= 'h' &&
                   ((b[i + 1] && strchr("-x:", b[i + 1])) ||
                    (b[i + 1] >= 'a' && b[i + 1] <= 'h'))) {
            i++; /* after a file, before a dash or a file ("d|-d6"): no column rule, a
                  * misread 1 or 7 */
        } else if (b[i] == '|' && i > 0 && g_ascii_isdigit(b[i - 1]) && g_ascii_isdigit(b[i + 1]) &&
                   (i == 1 || g_ascii_isdigit(b[i - 2]) || byte_class[b[i - 2]] == C_WS)) {
            i++; /* between the digits of a word of digits ("8|84", iccf_with_bar()): a
                  * misread 1 or 7 (after a square, "Qc7|14.", a column rule) */
        } else if (b[i] == '|' && i > 0 && g_ascii_isalpha(b[i - 1]) && b[i + 1] >= 'a' &&
                   b[i + 1] <= 'z') {
            i++; /* between letters of a word ("Cast|es"): a misread l */
        } else if (k == C_LPAREN && i > 0 && b[i - 1] >= '1' && b[i - 1] <= '8') {
            gsize n = 0;
            if (g_ascii_isalpha(b[i + 1]))
                n = 1;
            else if (b[i + 1] >= 0xC0 && b[i + 1] < 0xE0 && (b[i + 2] & 0xC0) == 0x80)
                n = 2;
            if (!n || b[i + 1 + n] != ')') return i;
            i += n + 2;
        } else {
            return i;
        }
    }
}

/* Is the word at i..e "Castles", in either case? */
static gboolean is_castles_word(const guint8 *b, gsize i, gsize e)
{
    return e - i == 7 && !g_ascii_strncasecmp((const char *)b + i, "castles", 7);
}

/* Is the word at i..e two castlings run together, a scan's lost space
 * ("CastlesCastles", either maybe damaged)? The side after it is the
 * second's. */
static gboolean castles_twice(const guint8 *b, gsize i, gsize e)
{
    for (gsize k = i + 5; k + 5 <= e; k++)
        if ((b[k] == 'C' || b[k] == 'c') && desc_castles_loose((const char *)b + i, k - i) &&
            desc_castles_loose((const char *)b + k, e - k))
            return TRUE;
    return FALSE;
}

/* End of "Castles" at i..e with the side it castles to after it, as
 * descriptive books print it ("Castles (QR)", "Castles (Q R)",
 * "Castles(Q)", "Castles QR"): a parenthesis there is no variation, "QR"
 * no move. Returns e when there is none. */
static gsize castles_end(const ArbReader *r, gsize i, gsize e)
{
    const guint8 *b = r->buf;
    /* "Castles", or a scan's damage of it ("Casles", "Castle") with a side
     * after, on its line */
    gboolean exact = is_castles_word(b, i, e);
    if (!exact && !desc_castles_loose((const char *)b + i, e - i) && !castles_twice(b, i, e))
        return e;
    gsize k = b[e] == ' ' ? e + 1 : e;
    gsize n = k < r->eol ? desc_castles_side((const char *)b + k, r->eol - k) : 0;
    /* (a side with its ")" lost, a scan's, only as a word of its own: not
     * "(QR" run into more) */
    if (n && (b[k + n - 1] == ')' || byte_class[b[k + n]] == C_WS || byte_class[b[k + n]] == C_EOL))
        return k + n;
    /* "Castles(Q)", and a bare "QR" as a word of its own: not "KR-Q1" */
    static const char *const sides[] = {"(Q)", "(K)", "QR", "KR"};
    for (gsize s = 0; s < G_N_ELEMENTS(sides); s++) {
        gsize len = strlen(sides[s]), end = k + len;
        gboolean paren = sides[s][0] == '(';
        if (paren ? g_ascii_strncasecmp((const char *)b + k, sides[s], len)
                  : strncmp((const char *)b + k, sides[s], len))
            continue;
        if (paren || byte_class[b[end]] == C_WS || byte_class[b[end]] == C_EOL) return end;
    }
    return e;
}

/* Does the word before i, on its line or the one before, begin with a
 * rank a pawn promotes on, as books write it ("8th", a scan's "8tH")? */
static gboolean after_last_rank(const ArbReader *r, gsize i)
{
    const guint8 *b = r->buf;
    gsize e = i; /* (no further back than the buffer keeps) */
    while (e > r->anchor && strchr(" \t\r\n", b[e - 1]) && b[e - 1])
        e--;
    gsize w = e;
    while (w > r->anchor && !strchr(" \t\r\n", b[w - 1]))
        w--;
    return e > w && b[w] == '8';
}

/* End of "Castles" at i whose C a scan read as '(' ("(astles"), or i. */
static gsize paren_castles_end(const ArbReader *r, gsize i)
{
    const guint8 *b = r->buf;
    gsize e = i + 1;
    while (e < r->eol && g_ascii_isalpha(b[e]) && e - i < 10)
        e++;
    if (e - i < 5 || e - i > 9 || !(byte_class[b[e]] == C_WS || byte_class[b[e]] == C_EOL))
        return i;
    char word[10] = {'C'};
    memcpy(word + 1, b + i + 1, e - i - 1);
    return desc_castles_loose(word, e - i) ? e : i;
}

/* End of a check or mate mark in parentheses at i, as descriptive books
 * print one after a move ("(ch)", "(check)", "(mate)"), the side after
 * "Castles" ("(QR)"), or what a pawn becomes after its rank ("8th (Q)"),
 * which a line end parted from its move, or "Castles" with its C read as
 * '(': a word, never a variation. Returns i when there is none. */
static gsize paren_mark_end(const ArbReader *r, gsize i)
{
    const guint8 *b = r->buf;
    gsize castles = paren_castles_end(r, i);
    if (castles > i) return castles;
    static const char *const pieces[] = {"(Q)", "(R)", "(B)", "(Kt)", "(N)"};
    for (gsize k = 0; k < G_N_ELEMENTS(pieces); k++) {
        gsize len = strlen(pieces[k]);
        if (!strncmp((const char *)b + i, pieces[k], len) &&
            (byte_class[b[i + len]] == C_WS || byte_class[b[i + len]] == C_EOL) &&
            after_last_rank(r, i))
            return i + len;
    }
    /* (a scan's too, its ")" lost: "(ch", "(QR") */
    static const char *const marks[] = {"(ch)", "(ch.)", "(check)", "(mate)", "(ch", "(mate",
                                        /* (its h misread) */
                                        "(ck)", "(cn)", "(cb)", "(c+)", "(cli)"};
    gsize n = i < r->eol ? desc_castles_side((const char *)b + i, r->eol - i) : 0;
    for (gsize k = 0; k < G_N_ELEMENTS(marks) && !n; k++)
        if (!g_ascii_strncasecmp((const char *)b + i, marks[k], strlen(marks[k])))
            n = strlen(marks[k]);
    gboolean ends =
        n && (byte_class[b[i + n]] == C_WS || byte_class[b[i + n]] == C_EOL || b[i + n] == '.');
    return ends ? i + n : i;
}

/* End of a descriptive move in the words of older books starting at i
 * ("P to K 4th", "K Kt to B 3rd", "B takes Kt P (ch)"), or of one a scan
 * damaged ("P fo K 4th": desc_long_loose(), a token of its own that
 * convert cannot read and fix reads), on the line that ends at eol; e when
 * there is none or it ends sooner. */
enum { READER_LONG_FORM_MAX = 64 }; /* bytes a move in words may take */

static gsize long_form_end(const guint8 *b, gsize i, gsize e, gsize eol)
{
    if (eol <= i || b[i] == 0) return e;
    /* A name's first letter, a Cyrillic or Greek look-alike's first byte,
     * a stray mark before a name ("~B"), "to" or "takes" whose name a scan
     * lost, its t misread too ("fo", "+o"), or a word of one byte (a name
     * misread: "8 to Kt 2nd"); anything
     * else starts no such move, nor does a longer word with a digit, a
     * piece move's SAN ("Nf3"): most tokens, which need not be looked at
     * further */
    gboolean lone = i + 1 >= eol || b[i + 1] == ' ' || b[i + 1] == '\t';
    if (!lone) {
        if (!strchr("PKNBRQpknbrqtf+\xCE\xD0~`'_^*", b[i])) return e;
        for (gsize k = i; k < eol && k < i + READER_LONG_FORM_MAX && b[k] != ' ' && b[k] != '\t';
             k++)
            if (b[k] >= '0' && b[k] <= '9') return e;
    }
    /* (the window ends between characters: a Cyrillic look-alike's first
     * byte alone at its end was taken into the move) */
    gsize window = MIN(eol - i, (gsize)READER_LONG_FORM_MAX);
    while (window > 0 && i + window < eol && (b[i + window] & 0xC0) == 0x80)
        window--;
    char short_form[DESC_MAX];
    int guesses;
    gsize n = desc_long_loose((const char *)b + i, window, short_form, &guesses);
    return i + n > e ? i + n : e;
}

/* The start of the word that ends at e (words part at spaces), >= i. */
static gsize word_start(const guint8 *b, gsize i, gsize e)
{
    while (e > i && b[e - 1] != ' ')
        e--;
    return e;
}

/* The first word of the line after the one that ends at eol: its start
 * into *start, its length (0: none, or that line not read in yet). */
static gsize next_line_word(const ArbReader *r, gsize *start)
{
    const guint8 *b = r->buf;
    gsize n = r->eol + (b[r->eol] == '\r' && r->eol + 1 < r->len && b[r->eol + 1] == '\n') + 1;
    while (n < r->len && (b[n] == ' ' || b[n] == '\t'))
        n++;
    gsize e = n;
    while (e < r->len && b[e] != ' ' && b[e] != '\t' && b[e] != '\n' && b[e] != '\r')
        e++;
    *start = n;
    return e > n ? e - n : 0;
}

/* The end of a move in words at i..e that a line end cut after the name
 * of what it takes, where the next line begins with a verb ("Q takes Q Kt"
 * / "takes Q", "Q takes Q K R" / "takes Q", "K takes Q K R" / "to B sq"):
 * the name, a wing's too,
 * begins the next move ("Kt takes Q", "K R takes Q"; a line begins with no
 * move's verb), so the move ends before it, where what is left reads
 * whole as a capture ("Q takes Q"). Else e. */
static gsize before_name_at_line_end(const ArbReader *r, gsize i, gsize e)
{
    const guint8 *b = r->buf;
    gsize k = e;
    while (k < r->eol && (b[k] == ' ' || b[k] == '\t'))
        k++;
    if (k != r->eol || r->eol >= r->len) return e;
    /* the last word a name (tried first: most words are none) */
    gsize w = word_start(b, i, e);
    if (w == i || !desc_is_name((const char *)b + w, e - w)) return e;
    /* the next line's first word: "takes", or a scan's damage of it, or
     * "to" ("K takes Q K R" / "to B sq": no move begins with "to" either) */
    gsize n, nn = next_line_word(r, &n);
    gboolean to = nn == 2 && (b[n] == 't' || b[n] == 'T') && b[n + 1] == 'o';
    if (!nn || (!to && !desc_takes_loose((const char *)b + n, nn))) return e;
    /* a wing before the name ("K R") goes with it */
    gsize w2 = word_start(b, i, w - 1), cuts[2] = {w, w};
    gboolean piece = e - w == 2 || strchr("RBN", b[w]); /* ("Kt", not "K", "Q", "P") */
    if (w2 > i && w - 1 - w2 == 1 && (b[w2] == 'K' || b[w2] == 'Q') && piece) cuts[0] = w2;
    for (int c = 0; c < 2; c++) {
        gsize p = cuts[c];
        while (p > i && b[p - 1] == ' ')
            p--;
        char short_form[DESC_MAX];
        int guesses;
        gsize whole = desc_long_loose((const char *)b + i, p - i, short_form, &guesses);
        if (whole == p - i && strchr(short_form, 'x')) return p;
    }
    return e;
}

/* The length of a dash at b[i] ('-', an en or em dash), or 0. */
static gsize dash_len(const guint8 *b, gsize i, gsize eol)
{
    if (b[i] == '-') return 1;
    return i + 2 < eol && b[i] == 0xE2 && b[i + 1] == 0x80 && (b[i + 2] == 0x93 || b[i + 2] == 0x94)
               ? 3
               : 0;
}

/* Replaces the Unicode dashes and minus in a short token by '-' and '½' by
 * '\x01', so results and glyphs compare as ASCII. Returns FALSE if too long. */
static gboolean fold_token(const guint8 *s, gsize n, char *out, gsize cap)
{
    gsize o = 0;
    for (gsize i = 0; i < n; i++) {
        if (o + 1 >= cap) return FALSE;
        if (dash_len(s, i, n) == 3) {
            out[o++] = '-'; /* en dash, em dash */
            i += 2;
        } else if (s[i] == 0xE2 && i + 2 < n && s[i + 1] == 0x88 && s[i + 2] == 0x92) {
            out[o++] = '-'; /* minus sign */
            i += 2;
        } else if (s[i] == 0xC2 && i + 1 < n && s[i + 1] == 0xBD) {
            out[o++] = '\x01'; /* ½ (never part of a token) */
            i += 1;
        } else {
            out[o++] = (char)s[i];
        }
    }
    out[o] = 0;
    return TRUE;
}

typedef enum { RES_NONE, RES_FINAL, RES_PENDING } ResultClass;

static ResultClass classify_result(const char *f, ArbResult *res, PendingKind *pend)
{
    static const struct {
        const char *text;
        ArbResult res;
    } finals[] = {
        {"1-0", ARB_RESULT_WHITE_WINS},    {"0-1", ARB_RESULT_BLACK_WINS},
        {"1:0", ARB_RESULT_WHITE_WINS},    {"0:1", ARB_RESULT_BLACK_WINS},
        {"1/2-1/2", ARB_RESULT_DRAW},      {"1/2", ARB_RESULT_DRAW},
        {"\x01-\x01", ARB_RESULT_DRAW},    {"\x01", ARB_RESULT_DRAW},
        {"\x01:\x01", ARB_RESULT_DRAW},    {"1/2:1/2", ARB_RESULT_DRAW},
        {"\x01-0", ARB_RESULT_WHITE_HALF}, {"0-\x01", ARB_RESULT_BLACK_HALF},
        {"*", ARB_RESULT_UNFINISHED},
    };
    static const struct {
        const char *text;
        PendingKind kind;
    } pendings[] = {
        {"0-0", PEND_ZERO_ZERO},
        {"+/-", PEND_PLUS_MINUS},
        {"-/+", PEND_MINUS_PLUS},
        {"-/-", PEND_MINUS_MINUS},
    };
    for (gsize i = 0; i < G_N_ELEMENTS(finals); i++)
        if (!strcmp(f, finals[i].text)) {
            *res = finals[i].res;
            return RES_FINAL;
        }
    for (gsize i = 0; i < G_N_ELEMENTS(pendings); i++)
        if (!strcmp(f, pendings[i].text)) {
            *pend = pendings[i].kind;
            return RES_PENDING;
        }
    return RES_NONE;
}

/* NAG of an annotation glyph, or -1. */
static int glyph_nag(const char *f)
{
    static const struct {
        const char *text;
        int nag;
    } glyphs[] = {
        {"!", 1},       {"?", 2},       {"!!", 3},  {"??", 4},      {"!?", 5},
        {"?!", 6},      {"\u25a1", 7},  {"=", 10},  {"\u221e", 13}, {"+=", 14},
        {"+/=", 14},    {"\u2a72", 14}, {"=+", 15}, {"=/+", 15},    {"\u2a71", 15},
        {"\u00b1", 16}, {"\u2213", 17}, {"+-", 18}, {"-+", 19},
    };
    for (gsize i = 0; i < G_N_ELEMENTS(glyphs); i++)
        if (!strcmp(f, glyphs[i].text)) return glyphs[i].nag;
    return -1;
}

static gboolean iccf_shaped(const guint8 *s, gsize n)
{
    if (n != 4 && n != 5) return FALSE;
    for (gsize i = 0; i < 4; i++)
        if (s[i] < '1' || s[i] > '8') return FALSE;
    return n == 4 || (s[4] >= '1' && s[4] <= '4');
}

/* An ICCF move with a digit read as a bar ("8|84", "2|33"; a misread 1 or
 * 7, no column rule): four characters, the bar between digits 1-8, then
 * no more of a word. */
static gboolean iccf_with_bar(const guint8 *s)
{
    int bars = 0;
    for (int k = 0; k < 4; k++) {
        if (s[k] == '|' && k > 0 && k < 3)
            bars++;
        else if (s[k] < '1' || s[k] > '8')
            return FALSE;
    }
    return bars == 1 && byte_class[s[4]] != C_TOK && byte_class[s[4]] != C_DIGIT && s[4] != '|';
}

/* ---- free-text header lines ---------------------------------------------- */

static gboolean is_word_like(const guint8 *s, gsize n)
{
    /* A run of three letters of one script: lowercase ASCII but 'x' (exd5 is
     * a move), or non-ASCII characters (continuation bytes do not count). */
    int run = 0, script = 0;
    for (gsize i = 0; i < n; i++) {
        guint8 c = s[i];
        int k = (c >= 'a' && c <= 'z' && c != 'x') ? 1 : c >= 0xC0 ? 2 : c >= 0x80 ? -1 : 0;
        if (k < 0) continue;
        if (k == 0) {
            run = 0;
        } else {
            run = k == script ? run + 1 : 1;
            if (run >= 3) return TRUE;
        }
        script = k;
    }
    return FALSE;
}

static gboolean has_square(const guint8 *s, gsize n)
{
    for (gsize i = 0; i + 1 < n; i++) {
        guint8 f = s[i] | 0x20;
        if (san_is_file(f) && san_is_rank(s[i + 1])) return TRUE;
    }
    return FALSE;
}

static gboolean is_castling(const guint8 *s, gsize n)
{
    if (n < 3) return FALSE;
    guint8 a = s[0], c = s[2];
    return (a == 'O' || a == '0' || a == 'o') && s[1] == '-' && (c == 'O' || c == '0' || c == 'o');
}

/* Where the last word of b[from, eol) starts when it is a final result
 * ("1-0", "1/2-1/2", "*"; not "0-0", castling as often), else eol. */
static gsize result_ending_line(const guint8 *b, gsize from, gsize eol)
{
    gsize end = eol, w;
    while (end > from && byte_class[b[end - 1]] == C_WS)
        end--;
    for (w = end; w > from && byte_class[b[w - 1]] != C_WS;)
        w--;
    char f[32];
    ArbResult res;
    PendingKind pk;
    if (w == end || !fold_token(b + w, end - w, f, sizeof f) ||
        classify_result(f, &res, &pk) != RES_FINAL)
        return eol;
    return w;
}

/* Where, in b[from, eol), the ')' that closes the variation open stands
 * (a '(' in between opens one more, closed first), else eol. */
static gsize variation_close_in(const guint8 *b, gsize from, gsize eol)
{
    guint open = 0;
    for (gsize i = from; i < eol; i++) {
        if (b[i] == '(') open++;
        if (b[i] == ')' && open-- == 0) return i;
    }
    return eol;
}

/* Is this token enough to make its line movetext? */
static gboolean is_move_like(const guint8 *s, gsize n)
{
    char f[32];
    ArbResult res;
    PendingKind pk;
    if (is_castling(s, n)) return TRUE;
    if (fold_token(s, n, f, sizeof f) && classify_result(f, &res, &pk) != RES_NONE) return TRUE;
    if (n >= 3 && s[0] == 0xE2 && s[1] == 0x99 && s[2] >= 0x94 && s[2] <= 0x9F)
        return TRUE; /* figurine */
    if (n >= 2 && n <= 3 && san_is_file(s[0]) && s[1] && strchr("AlISZBgq|", s[1]) &&
        (n == 2 || s[2] == '+' || s[2] == '#'))
        return TRUE; /* a square with its rank misread: "eA", "cl" */
    if (has_square(s, n) && !is_word_like(s, n)) return TRUE;
    /* English descriptive: "P-K4", "NxP", "QR-Q1" (not "Castles": a word too) */
    struct san san;
    return (memchr(s, '-', n) || memchr(s, 'x', n)) &&
           desc_parse((const char *)s, n, &san, NULL) == SAN_OK;
}

/* A top-level line that holds words but no move-like token: a header. */
static gboolean line_is_header(const guint8 *b, gsize i, gsize eol)
{
    gboolean any_word = FALSE, dot_number = FALSE;
    int iccf = 0;
    for (;;) {
        i = skip_space(b, i);
        if (i >= eol) break;
        gsize s = i;
        while (i < eol && byte_class[b[i]] != C_WS && !(b[i] >= 0x80 && uni_space_len(b + i)))
            i++;
        const guint8 *t = b + s;
        gsize n = i - s;
        if (memchr(t, '{', n)) return FALSE;
        if (long_form_end(b, s, s, eol) > s) return FALSE; /* "Kt to K B 3rd" */
        if (t[0] >= '0' && t[0] <= '9') {
            gsize d = 0;
            while (d < n && t[d] >= '0' && t[d] <= '9')
                d++;
            if (d < n && (t[d] == '.' || t[d] == ')')) {
                gsize k = d;
                while (k < n && (t[k] == '.' || t[k] == ')'))
                    k++;
                if (k < n && !(t[k] >= '0' && t[k] <= '9') && is_move_like(t + k, n - k))
                    return FALSE;
                if (k == n) dot_number = TRUE;
                if (k < n && iccf_shaped(t + k, n - k)) dot_number = TRUE, iccf++; /* "9.7563" */
                continue;
            }
            if (is_move_like(t, n)) return FALSE;
            iccf += iccf_shaped(t, n);
            continue;
        }
        if (is_move_like(t, n)) return FALSE;
        for (gsize k = 0; k < n && !any_word; k++)
            any_word = g_ascii_isalpha(t[k]) || t[k] >= 0xC0;
    }
    return any_word && !(dot_number && iccf);
}

/* A top-level line that is a page's number between dashes, "- 142 -", a
 * book's page break: a header (a comment), no moves. */
static gboolean line_is_page_number(const guint8 *b, gsize i, gsize eol)
{
    gsize d = dash_len(b, i, eol);
    if (!d) return FALSE;
    i = skip_space(b, i + d);
    gsize digits = i;
    while (i < eol && g_ascii_isdigit(b[i]))
        i++;
    if (i == digits || i - digits > 4) return FALSE;
    i = skip_space(b, i);
    d = i < eol ? dash_len(b, i, eol) : 0;
    return d && skip_space(b, i + d) >= eol;
}

/* A book's caption with a move in brackets: "Diagram 12 (after 14. Bb5)",
 * "White to play (see 2...Nc6)". Before the '(' a header (words, its first
 * a word of CAPTION_WORD_LETTERS letters or more, CAPTION_WORDS words at
 * most); inside, a word first (letters only, "after", "nach"), then a
 * move; after the ')' nothing, or punctuation. A game's line with a
 * variation ("Nf3 (Nc3 d5)") begins with a move, and a variation with one. */
static gboolean line_is_caption(const guint8 *b, gsize i, gsize eol)
{
    const guint8 *open = memchr(b + i, '(', eol - i);
    if (!open) return FALSE;
    gsize o = (gsize)(open - b), close = variation_close_in(b, o + 1, eol);
    if (close >= eol) return FALSE;
    int words = 0, letters = 0;
    for (gsize k = i; k < o;) {
        k = skip_space(b, k);
        if (k >= o) break;
        gsize s = k;
        while (k < o && byte_class[b[k]] != C_WS)
            k++;
        if (!words)
            for (gsize c = s; c < k; c++)
                letters += g_ascii_isalpha(b[c]) || b[c] >= 0xC0;
        words++;
    }
    if (!words || words > CAPTION_WORDS || letters < CAPTION_WORD_LETTERS ||
        !line_is_header(b, i, o))
        return FALSE;
    gsize w = skip_space(b, o + 1), we = w;
    while (we < close && (g_ascii_isalpha(b[we]) || b[we] >= 0x80))
        we++;
    if (we - w < 2 || (we < close && byte_class[b[we]] != C_WS) || line_is_header(b, w, close))
        return FALSE;
    for (gsize k = close + 1; k < eol; k++)
        if (byte_class[b[k]] != C_WS && !strchr(".,:;", b[k])) return FALSE;
    return TRUE;
}

gboolean reader_page_number(const char *text, gsize len)
{
    guint8 line[PAGE_NUMBER_MAX + 1]; /* (NUL-ended, as skip_space() needs) */
    if (len > PAGE_NUMBER_MAX) return FALSE;
    memcpy(line, text, len);
    line[len] = 0;
    return line_is_page_number(line, 0, len);
}

gboolean reader_lowercase_run(const char *text, gsize len)
{
    int run = 0;
    for (const char *p = text, *end = text + len; p < end; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char_validated(p, end - p);
        if (c == (gunichar)-1 || c == (gunichar)-2) return FALSE;
        run = c != 'x' && g_unichar_islower(c) ? run + 1 : 0;
        if (run >= 3) return TRUE;
    }
    return FALSE;
}

/* Is s[0, n) letters only, but for a stop, comma or colon after them
 * ("Chapter", "Lopez:"; not "Laabxc4", "Sf–e6")? */
static gboolean letters_only(const guint8 *s, gsize n)
{
    while (n > 0 && strchr(".,:;", s[n - 1]))
        n--;
    for (gsize i = 0; i < n; i++)
        if (!g_ascii_isalpha(s[i]) && s[i] < 0x80) return FALSE;
    return n > 0;
}

/* A book's running heading that begins with the page's number: "142
 * Chapter 5: The Ruy Lopez", "87 The Sicilian". A bare number (4 digits at
 * most) more than HEADING_NUMBER_GAP from the game's last move number (a
 * scan's damaged number is near it: "26 Фbk4-Ь66" after "24."), then a
 * header (line_is_header()) with a word of HEADING_WORD_LETTERS letters or
 * more, letters only, three of them lowercase in a row (reader_lowercase_run():
 * "Chapter"; not a damaged move's, "Laabxc4"). */
static gboolean line_is_numbered_heading(const ArbReader *r, const guint8 *b, gsize i, gsize eol)
{
    gsize d = i;
    guint64 v = 0;
    while (d < eol && g_ascii_isdigit(b[d]) && d - i < 5)
        v = v * 10 + (guint64)(b[d++] - '0');
    if (d == i || d - i > 4 || byte_class[b[d]] != C_WS) return FALSE;
    if (v + HEADING_NUMBER_GAP >= r->max_number && v <= r->max_number + HEADING_NUMBER_GAP)
        return FALSE;
    gsize k = skip_space(b, d);
    if (k >= eol || !line_is_header(b, k, eol)) return FALSE;
    while (k < eol) {
        gsize s = k;
        while (k < eol && byte_class[b[k]] != C_WS)
            k++;
        if (k - s >= HEADING_WORD_LETTERS && letters_only(b + s, k - s) &&
            reader_lowercase_run((const char *)b + s, k - s))
            return TRUE;
        k = skip_space(b, k);
    }
    return FALSE;
}

/* Is the line at i (to eol) one the reader takes as a header: words and
 * no moves, a page's number between dashes, a caption, a running heading
 * with the page's number first? */
static gboolean line_is_any_header(const ArbReader *r, const guint8 *b, gsize i, gsize eol)
{
    guint8 k = byte_class[b[i]];
    if (k == C_DIGIT) return line_is_numbered_heading(r, b, i, eol);
    return (k == C_TOK || k == C_UNI) && b[i] != '#' &&
           (line_is_header(b, i, eol) || line_is_page_number(b, i, eol) ||
            line_is_caption(b, i, eol));
}

/* ---- token handlers ------------------------------------------------------ */

static gsize scan_tag(ArbReader *r, gsize i)
{
    const guint8 *b = r->buf;
    if (r->in_game && r->game_has_movetext) {
        boundary(r, i, "the next tag section");
        return NONE;
    }
    gsize j = skip_space(b, i + 1), ns = j;
    while (byte_class[b[j]] != C_WS && byte_class[b[j]] != C_EOL && b[j] != '"' && b[j] != ']' &&
           b[j] != '[')
        j++;
    gsize ne = j;
    guint64 h = 14695981039346656037ULL; /* FNV-1a of the name */
    for (gsize k = ns; k < ne; k++)
        h = (h ^ b[k]) * 1099511628211ULL;
    if (r->in_game && ne > ns) {
        for (guint k = 0; k < r->n_tag_hash; k++)
            if (r->tag_hash[k] == h) {
                boundary(r, i, "a repeated tag");
                return NONE;
            }
    }
    ArbToken open, name, value;
    make_tok(r, &open, i, i + 1); /* make_tok goes forward only */
    make_tok(r, &name, ns, ne);
    ensure_game(r, &name);
    if (r->n_tag_hash < G_N_ELEMENTS(r->tag_hash)) r->tag_hash[r->n_tag_hash++] = h;
    j = skip_space(b, j);
    gsize vs, ve;
    gboolean escaped = FALSE;
    const char *complaint = NULL;
    if (b[j] == '"') {
        gsize k = vs = j + 1;
        gboolean stray_quote = FALSE;
        for (;;) {
            guint8 c = b[k];
            if (byte_class[c] == C_EOL) { /* no closing quote: up to the last ']' */
                ve = k;
                while (ve > vs && b[ve - 1] != ']')
                    ve--;
                ve = ve > vs ? ve - 1 : k;
                j = ve < k ? ve + 1 : k;
                complaint = "value not closed with '\"'";
                break;
            }
            if (c == '\\' && byte_class[b[k + 1]] != C_EOL) {
                escaped = TRUE;
                k += 2;
                continue;
            }
            if (c == '"') {
                gsize m = skip_space(b, k + 1);
                if (b[m] == ']' || byte_class[b[m]] == C_EOL) {
                    ve = k;
                    j = b[m] == ']' ? m + 1 : m;
                    if (b[m] != ']') complaint = "not closed with ']'";
                    break;
                }
                stray_quote = TRUE;
            }
            k++;
        }
        if (stray_quote && !complaint) complaint = "value holds an unescaped '\"'";
    } else if (b[j] == ']' || byte_class[b[j]] == C_EOL) {
        vs = ve = j;
        complaint = "has no value";
        j += b[j] == ']';
    } else {
        vs = j;
        while (b[j] != ']' && byte_class[b[j]] != C_EOL)
            j++;
        ve = j;
        while (ve > vs && byte_class[b[ve - 1]] == C_WS)
            ve--;
        complaint = "value not in quotes";
        j += b[j] == ']';
    }
    make_tok(r, &value, vs, ve);
    if (escaped) {
        g_string_truncate(r->scratch, 0);
        for (gsize k = vs; k < ve; k++) {
            if (b[k] == '\\' && k + 1 < ve) k++;
            g_string_append_c(r->scratch, (char)b[k]);
        }
        value.text = r->scratch->str;
        value.len = r->scratch->len;
    }
    /* No ']' and the input ends here (or, found later, after blank lines
     * only): the file was cut inside the tag, an error as inside a comment
     * or a move. */
    r->has_open_tag = FALSE;
    if (b[j - 1] != ']' && at_input_end(r, j)) {
        problem(r, ARB_PROBLEM_ERROR, open.line, open.col, open.offset,
                "input ends inside the tag opened here");
        complaint = NULL;
    } else if (b[j - 1] != ']') {
        r->has_open_tag = TRUE;
        r->open_tag = open;
    }
    if (ns == ne) {
        if (complaint || b[j - 1] == ']')
            problem(r, ARB_PROBLEM_WARNING, name.line, name.col, name.offset,
                    "tag without a name ignored");
        return j;
    }
    if (complaint)
        problem(r, ARB_PROBLEM_WARNING, name.line, name.col, name.offset, "tag %.*s %s",
                (int)name.len, name.text, complaint);
    if (name.len == 6 && !memcmp(name.text, "Result", 6))
        r->result_tag_decisive =
            (value.len == 3 && (!memcmp(value.text, "1-0", 3) || !memcmp(value.text, "0-1", 3))) ||
            (value.len == 7 && !memcmp(value.text, "1/2-1/2", 7));
    if (r->pend) flush_pending(r, FALSE);
    r->game_has_tags = r->file_has_tags = TRUE;
    r->sum.n_tags++;
    if (r->vis->tag) r->vis->tag(r->ud, &name, &value);
    return j;
}

/* Is the '{' or '(' at i a tag pair's '[' misread: alone at its line's
 * start, then a name, a quoted value and ']' to the line's end ('{Event
 * "Leon"]'), one tag's (no quote inside the value but an escaped one: a
 * comment of tag-like text, '{A "b"] [B "c"]' and more on the lines after,
 * is one, as convert writes it back)? */
static gboolean bracket_misread(const guint8 *b, gsize i, gsize eol)
{
    for (gsize k = i; k > 0 && b[k - 1] != '\n' && b[k - 1] != '\r'; k--)
        if (byte_class[b[k - 1]] != C_WS) return FALSE;
    gsize j = i + 1;
    if (!g_ascii_isupper(b[j])) return FALSE;
    while (j < eol && (g_ascii_isalnum(b[j]) || b[j] == '_'))
        j++;
    if (j >= eol || b[j] != ' ') return FALSE;
    j = skip_space(b, j);
    gsize e = eol;
    while (e > j && byte_class[b[e - 1]] == C_WS)
        e--;
    if (b[j] != '"' || e < j + 3 || b[e - 1] != ']' || b[e - 2] != '"') return FALSE;
    for (gsize k = j + 1; k < e - 2; k++) {
        if (b[k] == '\\')
            k++;
        else if (b[k] == '"')
            return FALSE;
    }
    return TRUE;
}

/* Where a tag pair's line ('[Name "') begins after a blank line in
 * b[from, to), or NONE. */
static gsize tag_section_within(const guint8 *b, gsize from, gsize to)
{
    for (const guint8 *q = memchr(b + from, '[', to - from); q;
         q = memchr(q + 1, '[', to - (gsize)(q + 1 - b))) {
        gsize k = (gsize)(q - b), n = k;
        if (k < from + 2 || b[k - 1] != '\n') continue;
        n = k - 1;
        if (b[n - 1] == '\r') n--;
        if (n == from || b[n - 1] != '\n') continue; /* no blank line before */
        gsize e = k + 1;
        while (e < to && g_ascii_isalnum(b[e]))
            e++;
        if (e > k + 1 && g_ascii_isalpha(b[k + 1]) && e + 1 < to && b[e] == ' ' && b[e + 1] == '"')
            return k;
        if (q + 1 >= b + to) break;
    }
    return NONE;
}

/* A '{' comment, which may span lines (and refills). Returns the index after
 * '}', or NONE when the game failed or the input ended. */
static gsize scan_brace_comment(ArbReader *r, gsize i, GError **error, gboolean *io_failed)
{
    ArbToken t;
    make_tok(r, &t, i, i + 1);
    gsize start = i, s = i + 1, close;
    for (;;) {
        const guint8 *q = memchr(r->buf + s, '}', r->len - s);
        close = q ? (gsize)(q - r->buf) : r->len;
        if ((q || r->eof) && close - start <= r->lim.max_line_bytes) break;
        if (close - start > r->lim.max_line_bytes) {
            r->pos = start;
            fail_game(r,
                      "comment opened at %" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT
                      " longer than %" G_GSIZE_FORMAT " bytes",
                      t.line, t.col, r->lim.max_line_bytes);
            r->pos = r->anchor = start + 1; /* skip_lines counts the lines from here */
            r->skip_mid_line = TRUE;
            return NONE;
        }
        r->pos = start;
        gsize old_len = r->len;
        if (!refill(r, start, error)) {
            *io_failed = TRUE;
            return NONE;
        }
        s = old_len - start;
        start = 0;
    }
    const guint8 *b = r->buf;
    /* a tag section after a blank line inside it: a '{' no '}' closed (a
     * misread '['), which must not swallow the games after it */
    gsize tags = tag_section_within(b, start + 1, close);
    t.text = (const char *)b + start + 1;
    t.len = (tags != NONE ? tags : close) - start - 1;
    while (tags != NONE && t.len && (t.text[t.len - 1] == '\n' || t.text[t.len - 1] == '\r'))
        t.len--;
    if (tags != NONE) {
        problem(r, ARB_PROBLEM_ERROR, t.line, t.col, t.offset,
                "comment not closed before the tag section after it: it ends there");
        close = tags;
    }
    if (memchr(t.text, '{', t.len))
        problem(r, ARB_PROBLEM_WARNING, t.line, t.col, t.offset,
                "'{' inside a comment: PGN comments do not nest");
    emit_comment(r, ARB_COMMENT_BRACE, &t);
    /* Count the lines the comment spans. */
    gsize last_start = NONE;
    guint64 lines = 0;
    for (gsize k = start + 1; k < close; k++) {
        if (b[k] == '\n' || b[k] == '\r') {
            if (b[k] == '\r' && k + 1 < close && b[k + 1] == '\n') k++;
            lines++;
            last_start = k + 1;
        }
    }
    if (lines) {
        r->line += lines;
        r->anchor = last_start;
        r->anchor_col = 1;
    }
    if (tags != NONE) return tags;
    if (close == r->len) {
        problem(r, ARB_PROBLEM_ERROR, t.line, t.col, t.offset,
                "input ends inside the comment opened here");
        r->pos = r->len;
        return NONE;
    }
    return close + 1;
}

/* Does a move in words start at j: "Castles", or words that run past
 * the first ("B takes P", "Kt to B 3rd", "Castles (QR)")? */
static gboolean words_move_at(const ArbReader *r, gsize j)
{
    gsize e = token_end(r->buf, j);
    return is_castles_word(r->buf, j, e) || castles_end(r, j, e) > e ||
           long_form_end(r->buf, j, e, r->eol) > e;
}

/* The digit a character of a misread move number reads as, under the
 * confusion table (the built-in one unless reader_set_confusion() gave
 * another): -1 for none. *len is the character's length in bytes. */
static int lookalike_digit(ArbReader *r, gsize k, gsize *len)
{
    if (!r->conf) r->conf = confusion_builtin();
    guint8 c = r->buf[k];
    *len = 1;
    if (c < 0x80) {
        if (!r->ascii_digits_ready) {
            for (int x = 0; x < 128; x++)
                r->ascii_digit[x] = (gint8)confusion_digit(r->conf, x);
            r->ascii_digits_ready = TRUE;
        }
        return r->ascii_digit[c];
    }
    gunichar ch = g_utf8_get_char_validated((const char *)r->buf + k, (gssize)(r->len - k));
    if (ch == (gunichar)-1 || ch == (gunichar)-2) return -1;
    *len = (gsize)g_unichar_to_utf8(ch, NULL);
    return confusion_digit(r->conf, ch);
}

/* The end of a move number a scan misread at i, one to three digits or
 * their look-alikes, a letter among them, and a dot ("z7.", "I3.", "A|.",
 * "\u04179." with a Cyrillic Ze): after the dot, or i. */
static gsize misread_number_end(ArbReader *r, gsize i)
{
    gboolean letter = FALSE;
    gsize k = i;
    for (int n = 0; n < 3; n++) {
        gsize w;
        if (lookalike_digit(r, k, &w) < 0) break;
        letter |= !g_ascii_isdigit(r->buf[k]);
        k += w;
    }
    return k > i && letter && r->buf[k] == '.' ? k + 1 : i;
}

/* Is there a move in words at k, right after a misread number that ends
 * there ("z7.B to B 3rd", "s.Kt takes P")? Read whole with it, the word is
 * no move, and the words after it none either. */
static gboolean words_after_number(const ArbReader *r, gsize k)
{
    return r->buf[k] && strchr("PKNBRQ", r->buf[k]) && words_move_at(r, k);
}

/* Does the line after the one that ends at eol begin with a move's verb,
 * "to" or "takes" (a scan's damage of either too: "fo", "+akes")? */
static gboolean next_line_verb(const ArbReader *r)
{
    const guint8 *b = r->buf;
    gsize n, len = next_line_word(r, &n);
    gboolean to = len == 2 && b[n + 1] == 'o' && b[n] && strchr("tf+", b[n]);
    return len && (to || desc_takes_loose((const char *)b + n, len));
}

/* Is the word at j a rank in words ("3rd", "sq") or a name ("B", "Kt")? */
static gboolean words_square_word(const guint8 *b, gsize j)
{
    gsize e = j;
    while (b[e] && b[e] != ' ' && b[e] != '\t' && b[e] != '\r' && b[e] != '\n')
        e++;
    const char *w = (const char *)b + j;
    gsize n = e - j;
    return (n == 2 && !memcmp(w, "sq", 2)) ||
           (n == 3 && b[j] >= '1' && b[j] <= '8' && desc_is_ordinal(w + 1, 2)) ||
           desc_is_name(w, n);
}

/* The dots (an ellipsis three) of the run of dots at i, and with commas
 * also of commas (a dot of "13..." misread as one leaves two), the run's
 * end in *end. */
static gsize dots_at(const guint8 *b, gsize i, gboolean commas, gsize *end)
{
    gsize dots = 0;
    for (;;) {
        if (b[i] == '.')
            i++, dots++;
        else if (b[i] == ',' && commas)
            i++;
        else if (b[i] == 0xE2 && b[i + 1] == 0x80 && b[i + 2] == 0xA6)
            i += 3, dots += 3;
        else
            break;
    }
    *end = i;
    return dots;
}

/* Is i the first character of its line but for spaces and tabs? */
static gboolean at_line_start(const guint8 *b, gsize i)
{
    while (i > 0 && (b[i - 1] == ' ' || b[i - 1] == '\t'))
        i--;
    return i == 0 || b[i - 1] == '\n';
}

/* A run of digits at i: move number, ICCF move, result or castling. */
static gsize scan_number(ArbReader *r, gsize i, gboolean *boundary_hit)
{
    const guint8 *b = r->buf;
    /* a B misread as 3 or 8 that begins a move in words right after the
     * move's number ("17. 3 to K Kt 3rd", or with a line end after it:
     * "13.8" / "+akes Kt") or run into the last word of the move before
     * ("3 takes kt3 tokes B": the move before ended there): no number */
    gboolean after_word = i > 0 && g_ascii_isalpha(b[i - 1]);
    if ((r->after_number || after_word) && (b[i] == '3' || b[i] == '8') &&
        ((byte_class[b[i + 1]] == C_WS && words_move_at(r, i)) ||
         (i + 1 == r->eol && next_line_verb(r))))
        return i;
    gsize j = i;
    guint64 v = 0;
    gboolean overflow = FALSE;
    while (byte_class[b[j]] == C_DIGIT) {
        guint d = b[j] - '0';
        if (v > (G_MAXUINT64 - d) / 10) overflow = TRUE;
        v = overflow ? G_MAXUINT64 : v * 10 + d;
        j++;
    }
    gsize end;
    gboolean is_black = FALSE;
    guint8 c = b[j];
    if (c == '|' && iccf_with_bar(b + i)) return i; /* a word: the caller reads it whole */
    if (dots_at(b, j, TRUE, &end) >= 2) {           /* "13...", "13.,.", "14,..": Black's */
        is_black = TRUE;
    } else if (c == '.') { /* "12. ..." too */
        end = j + 1;
        gsize m = skip_space(b, end), e;
        gsize dots = dots_at(b, m, FALSE, &e);
        guint8 after = byte_class[b[e]];
        if (m > end && dots >= 2 && after != C_TOK && after != C_DIGIT &&
            !(after == C_UNI && !uni_space_len(b + e))) {
            is_black = TRUE;
            end = e;
        }
    } else if (c == ')' && r->depth == 0) {
        end = j + 1;
    } else {
        guint8 k = byte_class[c];
        /* (a star between digits and a word's character is none of a
         * result: token_end() keeps it in the word, "536*1" an ICCF move) */
        gboolean star_inside = k == C_STAR && g_ascii_isalnum(b[j + 1]);
        gboolean alone =
            k != C_TOK && k != C_DIGIT && !(k == C_UNI && !uni_space_len(b + j)) && !star_inside;
        /* a move in words with its number run into it, dot and space lost
         * ("15B takes P", "9Castles"): the number is one */
        gboolean glued = !alone && k == C_TOK && words_move_at(r, j);
        /* (a lone 0 before a rank or a name in words is the queen's
         * letter misread, a move's word: "P to" / "0 3rd"; no move is
         * numbered 0) */
        gboolean queen = alone && v == 0 && j - i == 1 && (c == ' ' || c == '\t') &&
                         words_square_word(b, skip_space(b, j));
        if ((!alone && !glued) || queen || iccf_shaped(b + i, j - i))
            return i; /* a word: the caller reads it whole */
        end = j;
    }
    /* (for fix inside variations too, a "1." apart from the '(': a '('
     * there is most likely a misread letter, and a game must not stay
     * inside it; "Rd1-(1" is a move's square) */
    gboolean dotted_apart =
        b[j] == '.' && i > 0 && (byte_class[b[i - 1]] == C_WS || b[i - 1] == '\n');
    /* (and a "1" with no dot that begins a line: "Q(7" / ... /
     * "50. Rc1 Qc6" / "1 d4 Nf6") */
    gboolean bare_line_start = b[j] != '.' && at_line_start(b, i);
    /* (nor a 1 with a bar and digits after it: "1|2", a number a bar
     * split, is_lost_move() in src/tokens.c) */
    gboolean barred = b[j] == '|' && g_ascii_isdigit(b[j + 1]);
    if (v == 1 && !is_black &&
        (r->depth == 0 || (r->result_closes && (dotted_apart || bare_line_start))) && r->in_game &&
        r->max_number >= 2 && !barred) {
        boundary(r, i, "move number 1");
        *boundary_hit = TRUE;
        return NONE;
    }
    ArbToken t;
    make_tok(r, &t, i, end);
    before_emit(r, &t);
    if (overflow)
        problem(r, ARB_PROBLEM_WARNING, t.line, t.col, t.offset, "move number %.*s out of range",
                (int)(j - i), t.text);
    /* (for fix inside variations too: a bracket misread early, "C|-(s"
     * for c7-c5, leaves the whole game inside one) */
    if ((r->depth == 0 || r->result_closes) && v > r->max_number) r->max_number = v;
    r->game_has_movetext = TRUE;
    r->sum.n_move_numbers++;
    if (r->vis->move_number) r->vis->move_number(r->ud, v, is_black, &t);
    r->after_number = TRUE;
    return end;
}

/* NAG of an evaluation glyph that may stand stuck to a move ("Bc4+/−",
 * "Nf5±"), or -1: one with a slash or not ASCII, as "+-", "=+" after a
 * move are as likely its check mark and a stray dash ("Qd8+-"), and "!",
 * "?" are read apart. */
static int evaluation_nag(const guint8 *s, gsize n)
{
    char f[16];
    if (!fold_token(s, n, f, sizeof f)) return -1;
    if (!strchr(f, '/') && s[0] < 0x80) return -1;
    if (!strcmp(f, "+/-")) return 16;
    if (!strcmp(f, "-/+")) return 17;
    int nag = glyph_nag(f);
    return nag >= 13 ? nag : -1;
}

enum { GLYPH_SUFFIX_MAX = 7 }; /* bytes: "+/−" with the minus sign */

/* Emits the move t, [i, g), and its glyph [g, e) as a NAG of nag. */
static void emit_move_and_nag(ArbReader *r, ArbToken *t, gsize i, gsize g, gsize e, int nag)
{
    t->len = g - i;
    emit_move_text(r, t);
    ArbToken a;
    make_tok(r, &a, g, e);
    emit_nag(r, (guint)nag, &a);
}

/* A word-like token [i, e): a move, a glyph, a result or a placeholder. */
static void take_word(ArbReader *r, gsize i, gsize e)
{
    const guint8 *b = r->buf;
    ArbToken t;
    char f[32];
    ArbResult res;
    PendingKind pk = PEND_NONE;
    make_tok(r, &t, i, e);
    /* Glyphs, results and placeholders start with one of these; moves
     * (letters) skip the table lookups. */
    guint8 c0 = b[i];
    gboolean maybe_special = c0 == '!' || c0 == '?' || c0 == '=' || c0 == '+' || c0 == '-' ||
                             c0 == '0' || c0 == '1' || c0 == '.' || c0 == 0xC2 || c0 == 0xE2;
    if (maybe_special && fold_token(b + i, e - i, f, sizeof f)) {
        int nag = glyph_nag(f);
        if (nag >= 0) {
            emit_nag(r, (guint)nag, &t);
            return;
        }
        ResultClass rc = classify_result(f, &res, &pk);
        if (rc == RES_FINAL) {
            emit_result(r, res, &t);
            return;
        }
        if (rc == RES_PENDING) {
            gboolean castling_now =
                pk == PEND_ZERO_ZERO && (r->after_number || r->result_tag_decisive);
            if (r->depth == 0 && !castling_now) {
                set_pending(r, pk, &t);
                return;
            }
            if (pk == PEND_PLUS_MINUS || pk == PEND_MINUS_PLUS) {
                emit_nag(r, pk == PEND_PLUS_MINUS ? 16 : 17, &t);
                return;
            }
        }
        gsize k = 0;
        while (f[k] == '.')
            k++;
        if (f[k] == 0 || !strcmp(f, "\u2026")) return; /* a "..." placeholder */
    }
    /* A suffix annotation stuck to the move: "e4!?". */
    gsize g = e;
    while (g > i && (b[g - 1] == '!' || b[g - 1] == '?') && e - g < 2)
        g--;
    if (g > i && g < e) {
        char s[3] = {0};
        memcpy(s, b + g, e - g);
        int nag = glyph_nag(s);
        if (nag >= 0) {
            emit_move_and_nag(r, &t, i, g, e, nag);
            return;
        }
    }
    /* an evaluation stuck to the move (the longest that is one), after a
     * character a move ends with */
    for (g = e - i > GLYPH_SUFFIX_MAX + 2 ? e - GLYPH_SUFFIX_MAX : i + 2; g < e; g++) {
        if ((b[g] & 0xC0) == 0x80 || !(g_ascii_isalnum(b[g - 1]) || b[g - 1] == '#')) continue;
        int nag = evaluation_nag(b + g, e - g);
        if (nag >= 0) {
            emit_move_and_nag(r, &t, i, g, e, nag);
            return;
        }
    }
    emit_move_text(r, &t);
}

static gsize scan_nag(ArbReader *r, gsize i)
{
    const guint8 *b = r->buf;
    gsize j = i + 1;
    guint64 v = 0;
    while (byte_class[b[j]] == C_DIGIT) {
        v = MIN(v * 10 + (guint)(b[j] - '0'), (guint64)G_MAXUINT);
        j++;
    }
    ArbToken t;
    make_tok(r, &t, i, j);
    if (j == i + 1) {
        ensure_game(r, &t);
        problem(r, ARB_PROBLEM_WARNING, t.line, t.col, t.offset, "'$' without a number ignored");
        return j;
    }
    if (v > 255) {
        ensure_game(r, &t);
        problem(r, ARB_PROBLEM_WARNING, t.line, t.col, t.offset, "NAG %.*s out of range 0-255",
                (int)t.len, t.text);
    }
    emit_nag(r, (guint)v, &t);
    return j;
}

static void stray(ArbReader *r, gsize i, const char *what)
{
    ArbToken t;
    make_tok(r, &t, i, i + 1);
    ensure_game(r, &t);
    problem(r, ARB_PROBLEM_WARNING, t.line, t.col, t.offset, "%s ignored", what);
}

/* Advances past the terminator of the current line. */
static void line_end(ArbReader *r)
{
    gsize e = r->eol;
    if (e >= r->len)
        r->pos = r->len;
    else if (r->buf[e] == '\r' && e + 1 < r->len && r->buf[e + 1] == '\n')
        r->pos = e + 2;
    else
        r->pos = e + 1;
    r->line++;
    r->anchor = r->pos;
    r->anchor_col = 1;
    r->at_line_start = TRUE;
    if (r->in_game && r->base + r->pos - r->game_start > r->lim.max_game_bytes)
        fail_game(r, "game longer than %" G_GSIZE_FORMAT " bytes", r->lim.max_game_bytes);
}

/* Movetext buf[start..end) that runs into the end of the input, on a last
 * line with no line end, in a game with no result: the file was cut inside
 * a move (an error, as inside a tag or a comment). A result or a pending
 * 0-0 / +/- that may still become one is no cut. */
static void check_cut_move(ArbReader *r, gsize start, gsize end)
{
    if (!at_input_end(r, end) || !r->in_game || r->game_done || r->sum.has_result || r->pend)
        return;
    ArbToken t;
    make_tok(r, &t, start, end);
    problem(r, ARB_PROBLEM_ERROR, t.line, t.col, t.offset,
            "input ends inside a move: no line end and no result after this text");
}

/* Tokens from pos to the end of the line, or until the game ends. */
static gboolean scan_tokens(ArbReader *r, GError **error)
{
    gsize i = r->pos;
    while (!r->game_done) {
        const guint8 *b = r->buf;
        i = skip_space(b, i);
        r->pos = i;
        guint8 k = byte_class[b[i]];
        gsize e;
        gboolean hit = FALSE, io_failed = FALSE;
        switch (k) {
        case C_EOL: line_end(r); return TRUE;
        case C_LBRACE:
            if (bracket_misread(b, i, r->eol)) {
                i = scan_tag(r, i);
                if (i == NONE) return TRUE;
                break;
            }
            i = scan_brace_comment(r, i, error, &io_failed);
            if (io_failed) return FALSE;
            if (i == NONE) { /* failed, or end of input: the line loop decides */
                r->at_line_start = TRUE;
                return TRUE;
            }
            if (i > r->eol) {
                r->pos = i;
                LineStatus st = locate_eol(r, error);
                if (st == LINE_IOERR) return FALSE;
                if (st != LINE_SCAN) {
                    r->at_line_start = TRUE;
                    return TRUE;
                }
                i = r->pos;
            }
            break;
        case C_SEMI: {
            /* fix reads a ';' as a stray mark, the words after it as moves:
             * a result that ends the line ends the game, so the line comment
             * stops before it and the result is read as one */
            gsize end = r->result_closes ? result_ending_line(b, i + 1, r->eol) : r->eol;
            /* and in a variation, a book's ';' between two clauses, the
             * comment stops at the ')' that closes it ("(Better is
             * 14...Qb7; White keeps an edge.)"): it held the ')', and the
             * variation took in the rest of the game */
            if (r->result_closes && r->depth) end = MIN(end, variation_close_in(b, i + 1, end));
            ArbToken t; /* positioned at ';' like a brace comment at '{' */
            make_tok(r, &t, i, end);
            t.text++;
            t.len--;
            emit_comment(r, ARB_COMMENT_LINE, &t);
            r->pos = end;
            i = end;
            break;
        }
        case C_LBRACK:
            i = scan_tag(r, i);
            if (i == NONE) return TRUE;
            break;
        case C_LPAREN:
            if (bracket_misread(b, i, r->eol)) {
                i = scan_tag(r, i);
                if (i == NONE) return TRUE;
                break;
            }
            if ((e = paren_mark_end(r, i)) > i) {
                r->pos = e;
                take_word(r, i, e);
                i = e;
                break;
            }
            if (b[i + 1] == '=' && b[i + 2] == ')') {
                ArbToken t;
                make_tok(r, &t, i, i + 3);
                before_emit(r, &t);
                if (r->vis->draw_offer) r->vis->draw_offer(r->ud, &t);
                i += 3;
                break;
            }
            if (r->depth >= r->lim.max_depth) {
                fail_game(r, "variations nested deeper than %u", r->lim.max_depth);
                r->pos = r->eol;
                r->skip_mid_line = TRUE;
                r->at_line_start = TRUE;
                return TRUE;
            } else {
                ArbToken t;
                make_tok(r, &t, i, i + 1);
                before_emit(r, &t);
                r->game_has_movetext = TRUE;
                r->depth++;
                if (r->vis->begin_variation) r->vis->begin_variation(r->ud, r->depth, &t);
            }
            i++;
            break;
        case C_RPAREN:
            if (!r->depth) {
                stray(r, i, "')' without '('");
            } else {
                /* a sentence's stop or comma right after it is its
                 * text, not a lone '.' (a "..." placeholder, dropped) or
                 * ',' (a stray mark): "(the kingside)." and "(Norway),"
                 * keep it where the words are written back */
                gsize end = i + 1;
                if ((b[end] == '.' || b[end] == ',' || b[end] == ':') &&
                    (byte_class[b[end + 1]] == C_WS || byte_class[b[end + 1]] == C_EOL))
                    end++;
                ArbToken t;
                make_tok(r, &t, i, end);
                before_emit(r, &t);
                if (r->vis->end_variation) r->vis->end_variation(r->ud, r->depth, &t);
                r->depth--;
                i = end - 1;
            }
            i++;
            break;
        case C_RBRACE:
            stray(r, i, "'}' without '{'");
            i++;
            break;
        case C_RBRACK:
            stray(r, i, "']' outside a tag");
            i++;
            break;
        case C_DOLLAR: i = scan_nag(r, i); break;
        case C_STAR: {
            ArbToken t;
            make_tok(r, &t, i, i + 1);
            i++;
            r->pos = i;
            emit_result(r, ARB_RESULT_UNFINISHED, &t);
            break;
        }
        case C_DIGIT:
            e = scan_number(r, i, &hit);
            if (hit) return TRUE;
            if (e != i) {
                check_cut_move(r, i, e);
                i = e;
                break;
            }
            G_GNUC_FALLTHROUGH; /* a word that starts with a digit */
        default: {
            gsize number = misread_number_end(r, i);
            gboolean glued = number > i && words_after_number(r, number);
            if (glued) {
                e = number; /* "z7.B to B 3rd": "z7." a word of its own */
            } else {
                gsize word_end = token_end(b, i);
                e = long_form_end(b, i, castles_end(r, i, word_end), r->eol);
                e = before_name_at_line_end(r, i, e);
                /* a rank a move in words ends with, the next move's name
                 * run into it ("5thKt takes Kt", a scan's lost space, where
                 * the words before it read no move: "Kt to" / "Q 5thKt"):
                 * a word of its own */
                gsize glued_name = desc_glued_name((const char *)b + i, word_end - i);
                if (e == word_end && glued_name &&
                    long_form_end(b, i + glued_name, word_end, r->eol) > word_end)
                    e = i + glued_name;
                /* or the next move's number ("3rd10." at a line's start,
                 * the move's other words on the line before) */
                gsize glued_number = desc_glued_number((const char *)b + i, word_end - i);
                if (e == word_end && glued_number) e = i + glued_number;
                if (e == i) e = i + 1; /* cannot happen; keeps the loop moving */
            }
            r->pos = e;
            take_word(r, i, e);
            if (!glued) check_cut_move(r, i, e);
            /* (a misread number is a number: "\u04179. 3 takes Kt") */
            if (number == e) r->after_number = TRUE;
            i = e;
            break;
        }
        }
        r->pos = i;
    }
    return TRUE;
}

/* ---- line starts and skipping -------------------------------------------- */

/* After a failed game: skip lines up to the next game (see reader.h). */
static LineStatus skip_lines(ArbReader *r, GError **error)
{
    for (;;) {
        if (!r->skip_mid_line) {
            r->anchor = r->pos;
            while (r->len - r->pos < 2 && !r->eof)
                if (!refill(r, r->pos, error)) return LINE_IOERR;
            if (r->pos >= r->len) return LINE_EOF;
            const guint8 *p = r->buf + r->pos;
            gboolean blank = byte_class[p[0]] == C_EOL;
            if (r->file_has_tags ? (p[0] == '[' && r->pos + 1 < r->len && g_ascii_isalpha(p[1]))
                                 : (r->skip_saw_blank && !blank)) {
                r->skipping = FALSE;
                return LINE_DONE;
            }
        }
        gsize eol;
        if (find_eol(r, r->pos, &eol)) {
            if (!r->skip_mid_line) r->skip_saw_blank = eol == r->pos;
            r->eol = eol;
            r->skip_mid_line = FALSE;
            line_end(r);
            continue;
        }
        if (r->eof) {
            r->pos = r->anchor = r->len;
            return LINE_EOF;
        }
        gsize keep = r->len - (r->len > r->pos && r->buf[r->len - 1] == '\r');
        r->pos = r->anchor = keep;
        r->skip_mid_line = TRUE;
        if (!refill(r, keep, error)) return LINE_IOERR;
    }
}

static void take_pending_notice(ArbReader *r)
{
    guint64 line_from = r->base + r->pos, line_to = r->base + r->eol;
    if (!r->notice || r->notice_at > line_to) return;
    guint64 col = 0;
    if (r->notice_at >= line_from) {
        gsize save_anchor = r->anchor;
        guint64 save_col = r->anchor_col;
        col = col_of(r, (gsize)(r->notice_at - r->base));
        r->anchor = save_anchor;
        r->anchor_col = save_col;
    }
    char *msg = r->notice;
    r->notice = NULL;
    problem(r, ARB_PROBLEM_WARNING, r->line, col, r->notice_at, "%s", msg);
    g_free(msg);
}

/* Does the line start with move number 1 for White ("1.", "1 ", "1)")? */
static gboolean starts_with_move_one(const guint8 *p)
{
    if (p[0] != '1' || byte_class[p[1]] == C_DIGIT) return FALSE;
    if (p[1] == '.') return p[2] != '.';
    return p[1] == ')' || byte_class[p[1]] == C_WS;
}

/* Does the line start with a look-alike of "1." (fix's damaged text: "l.",
 * "I.", "i.")? After a blank line, in a game past move 1, that begins the
 * next game ("l. d2-cl4"); a game a page break cut goes on at a number
 * of its own. (A bar is a column rule, space to the reader: "|." leaves a
 * lone dot, which src/mend.c weighs.) */
static gboolean starts_with_misread_one(const guint8 *p)
{
    return (p[0] == 'l' || p[0] == 'I' || p[0] == 'i') && p[1] == '.' && p[2] != '.';
}

/* The move number a line begins with ("3.", "3...", "3)", "3 e4"), or 0. */
static guint64 leading_number(const guint8 *b, gsize i, gsize eol)
{
    guint64 v = 0;
    gsize d = i;
    while (d < eol && g_ascii_isdigit(b[d]) && d - i < 4)
        v = v * 10 + (guint64)(b[d++] - '0');
    if (d == i || (d < eol && g_ascii_isdigit(b[d]))) return 0;
    return d == eol || b[d] == '.' || b[d] == ')' || byte_class[b[d]] == C_WS ? v : 0;
}

/* Does a game without tags go on past the header or comment line at pos (a
 * book's caption between its moves: "Diagram 12", "White to play")? The
 * first line after it that is neither blank nor a header begins with the
 * game's last move number or the next ("3." after "2... Nc6"), within
 * CONTINUE_LOOKAHEAD bytes and CONTINUE_LINES lines. A game's heading is
 * followed by its "1.", and rule 4 ends the game before. FALSE on an I/O
 * error too (*error set). The buffer may move: callers take their indices
 * from r->pos again. */
static gboolean game_goes_on(ArbReader *r, GError **error)
{
    while (!r->eof && r->len < r->eol + CONTINUE_LOOKAHEAD)
        if (!refill(r, r->anchor, error)) return FALSE;
    if (r->max_number < 1) return FALSE;
    guint8 *b = r->buf;
    if (r->eof) b[r->len] = '\n'; /* sentinel, as locate_eol() puts it */
    gsize i = r->eol;
    for (int n = 0; n <= CONTINUE_LINES && i < r->len; n++) {
        /* past the line's terminator: "\n", "\r\n" or "\r" */
        if (b[i] == '\r') i++;
        if (i < r->len && b[i] == '\n') i++;
        gsize e = i;
        while (e < r->len && b[e] != '\n' && b[e] != '\r')
            e++;
        if (e == r->len && !r->eof) break;
        gsize p = skip_space(b, i);
        if (p < e && !line_is_any_header(r, b, p, e)) {
            guint64 v = leading_number(b, p, e);
            return v >= 2 && (v == r->max_number || v == r->max_number + 1);
        }
        i = e;
    }
    return FALSE;
}

/* Looks at a new line: blank lines, '%' escapes, '#' and header lines, and
 * the free-text game boundary (rule 4 in reader.h). */
static LineStatus line_begin(ArbReader *r, GError **error)
{
    if (r->skipping) {
        LineStatus st = skip_lines(r, error);
        if (st != LINE_DONE) return st;
    }
    LineStatus st = locate_eol(r, error);
    if (st != LINE_SCAN) return st;
    if (r->pos >= r->len && r->eof) return LINE_EOF;
    if (G_UNLIKELY(r->notice != NULL)) take_pending_notice(r);
    const guint8 *b = r->buf;
    gsize p = skip_space(b, r->pos);
    if (p >= r->eol) {
        r->blank_lines++;
        line_end(r);
        return LINE_DONE;
    }
    r->has_open_tag = FALSE;
    if (p == r->pos && b[p] == '%') {
        line_end(r);
        return LINE_DONE;
    }
    gboolean line_comment = b[p] == ';' || b[p] == '#';
    gboolean header = r->depth == 0 && line_is_any_header(r, b, p, r->eol);
    /* (inside variations too: a '(' that closed nothing, a misread c or a
     * stray mark, must not swallow the games after it; end_game() closes
     * them with a warning) */
    gboolean splits = r->in_game && !r->game_has_tags && r->game_has_movetext &&
                      r->blank_lines > 0 &&
                      (header || line_comment || starts_with_move_one(b + p) ||
                       (r->result_closes && r->max_number >= 2 && starts_with_misread_one(b + p)));
    if (splits && (header || line_comment)) {
        gsize at = p - r->pos;
        GError *err = NULL;
        splits = !game_goes_on(r, &err);
        if (err) {
            g_propagate_error(error, err);
            return LINE_IOERR;
        }
        b = r->buf;
        p = r->pos + at;
    }
    if (splits) {
        gsize line_start = r->pos;
        r->blank_lines = 0;
        end_game(r);
        r->pos = line_start; /* the line is read again, in the new game */
        return LINE_BOUNDARY;
    }
    r->blank_lines = 0;
    if (header || b[p] == '#') {
        gsize e = r->eol;
        while (e > p && byte_class[b[e - 1]] == C_WS)
            e--;
        ArbToken t;
        make_tok(r, &t, p, e);
        if (!header) {
            t.text++;
            t.len--;
        }
        emit_comment(r, header ? ARB_COMMENT_HEADER : ARB_COMMENT_HASH, &t);
        line_end(r);
        return LINE_DONE;
    }
    r->pos = p;
    r->at_line_start = FALSE;
    return LINE_SCAN;
}

/* ---- public ---------------------------------------------------------------- */

static ArbReader *reader_new(const char *charset, const ArbReaderVisitor *visitor,
                             gpointer user_data)
{
    static gsize once;
    static const ArbReaderVisitor empty;
    if (g_once_init_enter(&once)) {
        init_classes();
        g_once_init_leave(&once, 1);
    }
    ArbReader *r = g_new0(ArbReader, 1);
    r->vis = visitor ? visitor : &empty;
    r->ud = user_data;
    r->lim.max_game_bytes = READER_DEFAULT_MAX_GAME_BYTES;
    r->lim.max_line_bytes = READER_DEFAULT_MAX_LINE_BYTES;
    r->lim.max_depth = READER_DEFAULT_MAX_DEPTH;
    r->forced_charset = charset ? encoding_canonical_name(charset) : NULL;
    if (charset && !r->forced_charset)
        g_warning("reader: unknown charset '%s', detecting instead", charset);
    r->line = 1;
    r->anchor_col = 1;
    r->at_line_start = TRUE;
    r->lf_idx = NONE;
    r->scratch = g_string_new(NULL);
    return r;
}

ArbReader *reader_new_for_stream(GInputStream *stream, const char *charset,
                                 const ArbReaderVisitor *visitor, gpointer user_data)
{
    ArbReader *r = reader_new(charset, visitor, user_data);
    r->stream = g_object_ref(stream);
    r->raw = g_malloc(RAW_CAP);
    r->cap = decode_room(r);
    r->buf = g_malloc(r->cap);
    return r;
}

ArbReader *reader_new_for_data(const void *data, gsize len, const char *charset,
                               const ArbReaderVisitor *visitor, gpointer user_data)
{
    ArbReader *r = reader_new(charset, visitor, user_data);
    r->data = data;
    r->data_len = len;
    r->cap = decode_room(r);
    r->buf = g_malloc(r->cap);
    return r;
}

void reader_free(ArbReader *r)
{
    if (!r) return;
    if (r->stream) g_object_unref(r->stream);
    if (r->dec) encoding_decoder_free(r->dec);
    g_free(r->notice);
    g_free(r->raw);
    g_free(r->buf);
    g_string_free(r->scratch, TRUE);
    g_free(r);
}

void reader_set_confusion(ArbReader *r, const ArbConfusion *conf)
{
    r->conf = conf;
    r->ascii_digits_ready = FALSE;
}

void reader_set_result_closes(ArbReader *r, gboolean closes)
{
    r->result_closes = closes;
}

void reader_set_limits(ArbReader *r, const ArbReaderLimits *limits)
{
    r->lim = *limits;
    r->lim.max_line_bytes = MAX(r->lim.max_line_bytes, 64);
    r->lim.max_game_bytes = MAX(r->lim.max_game_bytes, 64);
}

void reader_get_limits(const ArbReader *r, ArbReaderLimits *limits)
{
    *limits = r->lim;
}

static void finish_input(ArbReader *r)
{
    if (r->notice) {
        problem(r, ARB_PROBLEM_WARNING, r->line, 0, r->notice_at, "%s", r->notice);
        g_free(r->notice);
        r->notice = NULL;
    }
    if (r->has_open_tag && r->in_game)
        problem(r, ARB_PROBLEM_ERROR, r->open_tag.line, r->open_tag.col, r->open_tag.offset,
                "input ends inside the tag opened here");
    r->has_open_tag = FALSE;
    /* a heading or a note after the last game: kept, as a game of its own */
    if (r->in_game && r->games > 1 && !r->game_has_tags && !r->game_has_movetext &&
        !r->sum.has_result && !r->pend)
        problem(r, ARB_PROBLEM_WARNING, r->sum.first_line, r->game_col, r->game_start,
                "text after the last game and no moves after it: kept as game %" G_GUINT64_FORMAT
                ", with no moves",
                r->sum.number);
    end_game(r);
    r->finished = TRUE;
}

gboolean reader_read_game(ArbReader *r, GError **error)
{
    if (r->finished) return FALSE;
    if (!r->started && !start(r, error)) {
        r->finished = TRUE;
        return FALSE;
    }
    r->game_done = FALSE;
    while (!r->game_done) {
        gboolean ok = TRUE;
        if (r->at_line_start) {
            LineStatus st = line_begin(r, error);
            if (st == LINE_EOF) {
                gboolean had_game = r->in_game;
                finish_input(r);
                return had_game;
            }
            ok = st != LINE_IOERR;
        } else {
            ok = scan_tokens(r, error);
        }
        if (!ok) {
            if (r->in_game) {
                r->sum.failed = TRUE;
                end_game(r);
            }
            r->finished = TRUE;
            return FALSE;
        }
    }
    return TRUE;
}

gboolean reader_read_all(ArbReader *r, GError **error)
{
    GError *err = NULL;
    while (reader_read_game(r, &err))
        ;
    if (err) {
        g_propagate_error(error, err);
        return FALSE;
    }
    return TRUE;
}

const char *reader_get_encoding(const ArbReader *r)
{
    return r->dec ? encoding_decoder_charset(r->dec) : NULL;
}

gboolean reader_encoding_was_detected(const ArbReader *r)
{
    return r->detected;
}

gboolean reader_encoding_had_bom(const ArbReader *r)
{
    return r->had_bom;
}

guint64 reader_get_games(const ArbReader *r)
{
    return r->games;
}

guint64 reader_get_bytes_decoded(const ArbReader *r)
{
    return r->base + r->len;
}

gsize reader_get_buffer_size(const ArbReader *r)
{
    return r->cap + (r->raw ? RAW_CAP : 0);
}
