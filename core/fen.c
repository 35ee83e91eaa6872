/* FEN parsing with full validation, and FEN writing. Every error names the
 * field and what is wrong with it; a position that parses is one the move
 * generator can trust (one king each, side not to move not in check, castling
 * rooks where the rights say, a possible en-passant square). */
#include "fen.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const field_names[] = {
    "", "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"};
static const char piece_chars[] = "PNBRQKpnbrqk";

/* Length of the valid UTF-8 sequence at s, or 0 when none starts there. */
static int utf8_sequence(const unsigned char *s)
{
    unsigned c = s[0];
    int n = c < 0x80                 ? 1
            : c >= 0xc2 && c <= 0xdf ? 2
            : c >= 0xe0 && c <= 0xef ? 3
            : c >= 0xf0 && c <= 0xf4 ? 4
                                     : 0;
    unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
    unsigned hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    for (int i = 1; i < n; i++, lo = 0x80, hi = 0xbf)
        if (s[i] < lo || s[i] > hi) return 0; /* also stops at the NUL */
    return n;
}

static bool fail(struct fen_error *err, int field, int column, const char *fmt, ...)
{
    if (!err) return false;
    err->field = field;
    err->column = column;
    int n = field ? snprintf(err->message, sizeof err->message, "FEN field %d (%s): ", field,
                             field_names[field])
                  : snprintf(err->message, sizeof err->message, "FEN: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message + n, sizeof err->message - (size_t)n, fmt, ap);
    va_end(ap);
    /* a quoted byte ('%c', '%.*s') may be part of a character: the message
     * goes into UTF-8 output, so such bytes become '?' */
    for (unsigned char *p = (unsigned char *)err->message; *p;) {
        int len = utf8_sequence(p);
        if (len)
            p += len;
        else
            *p++ = '?';
    }
    return false;
}

struct field {
    const char *text;
    int len;
    int column;
};

static bool parse_placement(struct position *pos, struct field f, struct fen_error *err)
{
    int rank = 7, file = 0;
    for (int i = 0; i < f.len; i++) {
        char c = f.text[i];
        int col = f.column + i;
        if (c == '/') {
            if (file != 8)
                return fail(err, 1, col, "rank %d has %d squares, not 8", rank + 1, file);
            if (--rank < 0) return fail(err, 1, col, "more than 8 ranks");
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return fail(err, 1, col, "rank %d has more than 8 squares", rank + 1);
        } else {
            const char *p = c ? strchr(piece_chars, c) : NULL;
            if (!p) return fail(err, 1, col, "'%c' is not a piece letter", c);
            if (file > 7) return fail(err, 1, col, "rank %d has more than 8 squares", rank + 1);
            pos_put(pos, (int)(p - piece_chars), make_sq(file, rank));
            file++;
        }
    }
    if (rank != 0) return fail(err, 1, f.column, "%d ranks, not 8", 8 - rank);
    if (file != 8) return fail(err, 1, f.column + f.len, "rank 1 has %d squares, not 8", file);
    return true;
}

static bool check_material(const struct position *pos, struct fen_error *err)
{
    static const char *const color_names[] = {"white", "black"};
    for (int c = WHITE; c <= BLACK; c++) {
        int kings = popcount(pos_pieces(pos, c, KING));
        if (kings != 1)
            return fail(err, 1, 1, "%d %s kings, there must be exactly one", kings, color_names[c]);
        if (popcount(pos_pieces(pos, c, PAWN)) > 8)
            return fail(err, 1, 1, "more than 8 %s pawns", color_names[c]);
        if (popcount(pos->by_color[c]) > 16)
            return fail(err, 1, 1, "more than 16 %s pieces", color_names[c]);
    }
    bitboard stray = pos->by_type[PAWN] & (RANK_BB(0) | RANK_BB(7));
    if (stray) {
        char s[3];
        sq_name(lsb(stray), s);
        return fail(err, 1, 1, "pawn on %s, pawns cannot stand on the first or last rank", s);
    }
    return true;
}

/* Finds the rook a castling letter means: K/Q the outermost rook on that
 * wing, a file letter the rook on that file. Returns SQ_NONE if there is none. */
static int castling_rook(const struct position *pos, int color, char c, bool *by_file)
{
    int back = color == WHITE ? 0 : 7;
    int ksq = pos_king(pos, color);
    bitboard rooks = pos_pieces(pos, color, ROOK) & RANK_BB(back);
    char u = (char)toupper((unsigned char)c);
    *by_file = u != 'K' && u != 'Q';
    if (*by_file) {
        int sq = make_sq(u - 'A', back);
        return (rooks & BB(sq)) ? sq : SQ_NONE;
    }
    for (int i = 0; i < 8; i++) {
        int file = u == 'K' ? 7 - i : i;
        int sq = make_sq(file, back);
        if ((u == 'K') == (sq > ksq) && (rooks & BB(sq))) return sq;
    }
    return SQ_NONE;
}

static bool parse_castling(struct position *pos, struct field f, struct fen_error *err)
{
    if (f.len == 1 && f.text[0] == '-') return true;
    for (int i = 0; i < f.len; i++) {
        char c = f.text[i];
        int col = f.column + i;
        char u = (char)toupper((unsigned char)c);
        if (!(u == 'K' || u == 'Q' || (u >= 'A' && u <= 'H')))
            return fail(err, 3, col, "'%c' is not a castling letter", c);
        int color = isupper((unsigned char)c) ? WHITE : BLACK;
        const char *who = color == WHITE ? "white" : "black";
        int ksq = pos_king(pos, color);
        if (sq_rank(ksq) != (color == WHITE ? 0 : 7))
            return fail(err, 3, col, "'%c' but the %s king is not on its first rank", c, who);
        bool by_file;
        int rsq = castling_rook(pos, color, c, &by_file);
        if (rsq == SQ_NONE) {
            if (by_file)
                return fail(err, 3, col, "'%c' but no %s rook on %c%d", c, who, tolower(u),
                            color == WHITE ? 1 : 8);
            return fail(err, 3, col, "'%c' but no %s rook on the %s side of the king", c, who,
                        u == 'K' ? "king" : "queen");
        }
        int right = 2 * color + (rsq > ksq ? 0 : 1);
        if (pos->castling & (1 << right))
            return fail(err, 3, col, "'%c' repeats a right already given", c);
        pos->castling |= (uint8_t)(1 << right);
        pos->castle_rook[right] = (uint8_t)rsq;
        bool corner = sq_file(rsq) == (rsq > ksq ? 7 : 0);
        if (by_file || sq_file(ksq) != 4 || !corner) pos->chess960 = 1;
    }
    return true;
}

static bool parse_en_passant(struct position *pos, struct field f, struct fen_error *err)
{
    if (f.len == 1 && f.text[0] == '-') return true;
    if (f.len != 2 || f.text[0] < 'a' || f.text[0] > 'h' || f.text[1] < '1' || f.text[1] > '8')
        return fail(err, 4, f.column, "'%.*s' is not a square or '-'", f.len > 8 ? 8 : f.len,
                    f.text);
    int sq = make_sq(f.text[0] - 'a', f.text[1] - '1');
    int us = pos->side, them = !us;
    int want_rank = us == WHITE ? 5 : 2;
    if (sq_rank(sq) != want_rank)
        return fail(err, 4, f.column, "%.2s is not on rank %d, where %s to move needs it", f.text,
                    want_rank + 1, us == WHITE ? "White" : "Black");
    int pawn_sq = sq + (us == WHITE ? -8 : 8), origin = sq + (us == WHITE ? 8 : -8);
    if (pos->board[pawn_sq] != make_piece(them, PAWN))
        return fail(err, 4, f.column, "%.2s but no %s pawn on %c%d that could have just moved",
                    f.text, them == WHITE ? "white" : "black", f.text[0], sq_rank(pawn_sq) + 1);
    if (pos->board[sq] != NO_PIECE || pos->board[origin] != NO_PIECE)
        return fail(err, 4, f.column, "%.2s but the pawn cannot have just moved two squares",
                    f.text);
    pos->ep = (uint8_t)sq;
    return true;
}

static bool parse_number(struct field f, int field, int min, unsigned long *out,
                         struct fen_error *err)
{
    int shown = f.len > 8 ? 8 : f.len;
    for (int i = 0; i < f.len; i++)
        if (!isdigit((unsigned char)f.text[i]))
            return fail(err, field, f.column + i, "'%.*s' is not a number", shown, f.text);
    /* Six digits already exceed the range; longer ones must not overflow v. */
    unsigned long v = 0;
    for (int i = 0; i < f.len && v <= 65535; i++)
        v = v * 10 + (unsigned long)(f.text[i] - '0');
    if (v < (unsigned long)min || v > 65535)
        return fail(err, field, f.column, "'%.*s' is out of range (%d to 65535)", shown, f.text,
                    min);
    *out = v;
    return true;
}

static int split_fields(const char *fen, struct field fields[7])
{
    int n = 0;
    const char *p = fen;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || *p == '\n' || *p == '\r') return n;
        if (n == 7) return n + 1;
        fields[n].text = p;
        fields[n].column = (int)(p - fen) + 1;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            p++;
        fields[n].len = (int)(p - fields[n].text);
        n++;
    }
}

bool fen_parse(struct position *pos, const char *fen, struct fen_error *err)
{
    core_init();
    struct field f[7];
    int n = split_fields(fen, f);
    if (n < 4)
        return fail(err, 0, 1,
                    "%d fields, needs at least 4 (placement, side, castling, en "
                    "passant)",
                    n);
    if (n > 6) return fail(err, 0, f[6].column, "unexpected text after field 6");

    pos_clear(pos);
    if (!parse_placement(pos, f[0], err) || !check_material(pos, err)) return false;
    if (f[1].len != 1 || (f[1].text[0] != 'w' && f[1].text[0] != 'b'))
        return fail(err, 2, f[1].column, "'%.*s' is neither 'w' nor 'b'",
                    f[1].len > 8 ? 8 : f[1].len, f[1].text);
    pos->side = f[1].text[0] == 'w' ? WHITE : BLACK;
    if (!parse_castling(pos, f[2], err) || !parse_en_passant(pos, f[3], err)) return false;

    unsigned long half = 0, full = 1;
    if (n > 4 && !parse_number(f[4], 5, 0, &half, err)) return false;
    if (n > 5 && !parse_number(f[5], 6, 1, &full, err)) return false;
    pos->halfmove = (uint16_t)half;
    pos->fullmove = (uint16_t)full;

    int them = !pos->side;
    if (pos_attacked_by(pos, pos_king(pos, them), pos->side, pos_occupied(pos)))
        return fail(err, 2, f[1].column, "%s to move but the %s king is already in check",
                    pos->side == WHITE ? "White" : "Black", them == WHITE ? "white" : "black");
    if (popcount(pos_checkers(pos)) > 2)
        return fail(err, 1, 1, "the king is in check from more than two pieces");
    pos->key = pos_compute_key(pos);
    return true;
}

static size_t write_castling(const struct position *pos, char *out)
{
    size_t n = 0;
    static const char standard[] = "KQkq";
    for (int right = 0; right < 4; right++) {
        if (!(pos->castling & (1 << right))) continue;
        int color = right >> 1;
        char c = pos->chess960 ? (char)('A' + sq_file(pos->castle_rook[right])) : standard[right];
        out[n++] =
            color == WHITE ? (char)toupper((unsigned char)c) : (char)tolower((unsigned char)c);
    }
    if (n == 0) out[n++] = '-';
    return n;
}

size_t fen_write(const struct position *pos, char *buf, size_t size)
{
    char tmp[FEN_MAX + 16];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int p = pos->board[make_sq(file, rank)];
            if (p == NO_PIECE) {
                empty++;
                continue;
            }
            if (empty) tmp[n++] = (char)('0' + empty);
            empty = 0;
            tmp[n++] = piece_chars[p];
        }
        if (empty) tmp[n++] = (char)('0' + empty);
        if (rank) tmp[n++] = '/';
    }
    tmp[n++] = ' ';
    tmp[n++] = pos->side == WHITE ? 'w' : 'b';
    tmp[n++] = ' ';
    n += write_castling(pos, tmp + n);
    tmp[n++] = ' ';
    if (pos->ep == SQ_NONE) {
        tmp[n++] = '-';
    } else {
        sq_name(pos->ep, tmp + n);
        n += 2;
    }
    n += (size_t)snprintf(tmp + n, sizeof tmp - n, " %u %u", pos->halfmove, pos->fullmove);
    if (size) {
        size_t len = n < size - 1 ? n : size - 1;
        memcpy(buf, tmp, len);
        buf[len] = 0;
    }
    return n;
}
