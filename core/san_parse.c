/* SAN text to struct san, with no board: the PGN export form plus the
 * over-disambiguated and long forms. Every rejection names the column, so a
 * reader can point at the character. Localised letters and figurines are the
 * normaliser's business; this parser reads English letters only. */
#include "san.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct cursor {
    const char *text;
    size_t len;
    size_t at;
    struct san_error *err;
};

static int peek(const struct cursor *c, size_t ahead)
{
    return c->at + ahead < c->len ? (unsigned char)c->text[c->at + ahead] : 0;
}

static enum san_status vinvalid(struct san_error *err, int column, const char *fmt, va_list ap)
{
    if (!err) return SAN_INVALID;
    err->column = column;
    err->candidates = 0;
    int n = snprintf(err->message, sizeof err->message, "column %d: ", column);
    vsnprintf(err->message + n, sizeof err->message - (size_t)n, fmt, ap);
    return SAN_INVALID;
}

enum san_status san_invalid(struct san_error *err, int column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vinvalid(err, column, fmt, ap);
    va_end(ap);
    return SAN_INVALID;
}

static enum san_status fail(const struct cursor *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vinvalid(c->err, (int)c->at + 1, fmt, ap);
    va_end(ap);
    return SAN_INVALID;
}

/* What the character at the cursor is, for messages: "'z'", "byte 0xe2" or
 * "the end". buf holds SHOWN_MAX bytes. */
enum { SHOWN_MAX = 12 };
static const char *shown(const struct cursor *c, char *buf)
{
    if (c->at >= c->len) return "the end";
    unsigned char ch = (unsigned char)c->text[c->at];
    if (ch < 0x20 || ch >= 0x7f)
        snprintf(buf, SHOWN_MAX, "byte 0x%02x", ch);
    else
        snprintf(buf, SHOWN_MAX, "'%c'", ch);
    return buf;
}

void san_clear(struct san *san)
{
    memset(san, 0, sizeof *san);
    san->piece = NO_TYPE;
    san->from_file = san->from_rank = -1;
    san->to_file = san->to_rank = -1;
    san->promotion = NO_TYPE;
    san->captured = NO_TYPE;
    san->capture = SAN_CAPTURE_NO;
    san->check = SAN_CHECK_NONE;
}

static bool take(struct cursor *c, const char *word)
{
    size_t n = strlen(word);
    if (c->len - c->at < n || memcmp(c->text + c->at, word, n) != 0) return false;
    c->at += n;
    return true;
}

/* Castling and the null-move spellings; the longer castling form first. */
static bool parse_special(struct cursor *c, struct san *out)
{
    static const char *const nulls[] = {"--", "Z0", "0000", "@@@@"};
    if (take(c, "O-O-O") || take(c, "0-0-0")) {
        out->castle = SAN_CASTLE_QUEEN;
        return true;
    }
    if (take(c, "O-O") || take(c, "0-0")) {
        out->castle = SAN_CASTLE_KING;
        return true;
    }
    for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++) {
        if (take(c, nulls[i])) {
            out->is_null = 1;
            return true;
        }
    }
    return false;
}

int san_piece_of_letter(int ch)
{
    switch (ch) {
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    default: return NO_TYPE;
    }
}

static int promotion_of_letter(int ch)
{
    switch (ch) {
    case 'N':
    case 'n': return KNIGHT;
    case 'B':
    case 'b': return BISHOP;
    case 'R':
    case 'r': return ROOK;
    case 'Q':
    case 'q': return QUEEN;
    default: return NO_TYPE;
    }
}

/* The optional from-file/rank, the optional '-'/'x' and the to-square.
 * "Nf3" gives one square, which is then the destination. */
static enum san_status parse_squares(struct cursor *c, struct san *out)
{
    char buf[SHOWN_MAX];
    int file = -1, rank = -1;
    if (san_is_file(peek(c, 0))) file = c->text[c->at++] - 'a';
    if (san_is_rank(peek(c, 0))) rank = c->text[c->at++] - '1';
    int sep = peek(c, 0);
    size_t sep_at = c->at;
    if (sep == 'x' || sep == '-')
        c->at++;
    else
        sep = 0;
    if (san_is_file(peek(c, 0)) && san_is_rank(peek(c, 1))) {
        out->from_file = (int8_t)file;
        out->from_rank = (int8_t)rank;
        out->to_file = (int8_t)(c->text[c->at] - 'a');
        out->to_rank = (int8_t)(c->text[c->at + 1] - '1');
        c->at += 2;
    } else if (sep) {
        return fail(c, "'%c' must be followed by a square, not %s", sep, shown(c, buf));
    } else if (file >= 0 && rank >= 0) {
        out->to_file = (int8_t)file;
        out->to_rank = (int8_t)rank;
    } else {
        return fail(c, "expected a square, found %s", shown(c, buf));
    }
    if (sep == '-' && (out->from_file < 0 || out->from_rank < 0)) {
        c->at = sep_at;
        return fail(c, "'-' needs the full from-square before it");
    }
    out->capture = sep == 'x' ? SAN_CAPTURE_YES : SAN_CAPTURE_NO;
    return SAN_OK;
}

/* Pawn-specific shape rules, checked once the squares are known. */
static enum san_status check_pawn(struct cursor *c, struct san *out, size_t start)
{
    if (out->capture == SAN_CAPTURE_YES && out->from_file < 0) {
        c->at = start;
        return fail(c, "a pawn capture must name the pawn's file");
    }
    /* Without a letter, a full from-square may belong to any piece. */
    if (out->from_file >= 0 && out->from_rank >= 0) out->piece = NO_TYPE;
    return SAN_OK;
}

static enum san_status parse_promotion(struct cursor *c, struct san *out)
{
    char buf[SHOWN_MAX];
    bool has_equals = peek(c, 0) == '=';
    int type = promotion_of_letter(peek(c, has_equals));
    if (type == NO_TYPE) {
        if (has_equals) c->at++;
        return has_equals ? fail(c, "'=' must be followed by N, B, R or Q, not %s", shown(c, buf))
                          : SAN_OK;
    }
    if (out->piece != PAWN && out->piece != NO_TYPE) return fail(c, "only a pawn promotes");
    if (out->to_rank != 0 && out->to_rank != 7)
        return fail(c, "a pawn promotes only on the first or last rank");
    out->promotion = (int8_t)type;
    c->at += 1 + has_equals;
    return SAN_OK;
}

static void parse_check(struct cursor *c, struct san *out)
{
    if (take(c, "++"))
        out->check = SAN_CHECK_CHECK_OR_MATE;
    else if (take(c, "+"))
        out->check = SAN_CHECK_CHECK;
    else if (take(c, "#"))
        out->check = SAN_CHECK_MATE;
}

static void parse_nag(struct cursor *c, struct san *out)
{
    /* Two-character suffixes first, so "!!" is not read as '!' and junk. */
    static const char *const suffix[] = {"!!", "??", "!?", "?!", "!", "?"};
    static const uint8_t nag[] = {3, 4, 5, 6, 1, 2};
    for (int i = 0; i < 6; i++) {
        if (take(c, suffix[i])) {
            out->nag = nag[i];
            return;
        }
    }
}

static enum san_status parse_move(struct cursor *c, struct san *out)
{
    size_t start = c->at;
    int type = san_piece_of_letter(peek(c, 0));
    out->piece = (int8_t)(type == NO_TYPE ? PAWN : type);
    if (type != NO_TYPE)
        c->at++;
    else if (!san_is_file(peek(c, 0))) {
        char buf[SHOWN_MAX];
        return c->at >= c->len ? fail(c, "empty move")
                               : fail(c, "a move starts with a piece letter, a file or O-O, not %s",
                                      shown(c, buf));
    }
    enum san_status st = parse_squares(c, out);
    if (st == SAN_OK && out->piece == PAWN) st = check_pawn(c, out, start);
    if (st == SAN_OK) st = parse_promotion(c, out);
    return st;
}

enum san_status san_parse(const char *text, size_t len, struct san *out, struct san_error *err)
{
    struct cursor c = {text, len, 0, err};
    san_clear(out);
    if (!parse_special(&c, out)) {
        enum san_status st = parse_move(&c, out);
        if (st != SAN_OK) return st;
    }
    parse_check(&c, out);
    parse_nag(&c, out);
    if (c.at < len) {
        char buf[SHOWN_MAX];
        return fail(&c, "unexpected %s after the move", shown(&c, buf));
    }
    if (err) {
        err->column = 0;
        err->candidates = 0;
        err->message[0] = 0;
    }
    return SAN_OK;
}
