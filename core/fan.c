/* Figurine algebraic notation: SAN with the piece letters replaced by the
 * Unicode chess symbols (U+2654..U+265F, three bytes each in UTF-8), and the
 * way back to a struct san through the SAN parser. */
#include "notation.h"

#include <stdio.h>
#include <string.h>

/* UTF-8 of U+2654 + k is E2 99 (0x94 + k); k = 0..5 white K Q R B N P,
 * 6..11 the same in black. */
enum { FIGURINE_LEAD0 = 0xe2, FIGURINE_LEAD1 = 0x99, FIGURINE_BASE = 0x94 };
static const char figurine_letters[] = "KQRBNP";

static size_t put_figurine(char letter, int color, char *buf)
{
    int k = (int)(strchr(figurine_letters, letter) - figurine_letters) + 6 * color;
    buf[0] = (char)FIGURINE_LEAD0;
    buf[1] = (char)FIGURINE_LEAD1;
    buf[2] = (char)(FIGURINE_BASE + k);
    return 3;
}

size_t fan_write(const struct position *pos, move_t m, char *buf)
{
    char san[SAN_MAX];
    size_t len = san_write(pos, m, san), n = 0;
    for (size_t i = 0; i < len; i++) {
        /* 'O' is castling, never a piece. */
        if (san[i] != 'O' && strchr(figurine_letters, san[i]))
            n += put_figurine(san[i], pos->side, buf + n);
        else
            buf[n++] = san[i];
    }
    buf[n] = 0;
    return n;
}

/* The letter a figurine at text[i..] stands for ('P' for the pawn), or 0. */
static char figurine_at(const char *text, size_t len, size_t i)
{
    const unsigned char *s = (const unsigned char *)text + i;
    if (len - i < 3 || s[0] != FIGURINE_LEAD0 || s[1] != FIGURINE_LEAD1) return 0;
    int k = s[2] - FIGURINE_BASE;
    return k >= 0 && k < 12 ? figurine_letters[k % 6] : 0;
}

/* Longest figurine text taken: a LAN move with two figurines and suffixes
 * fits easily; longer input cannot be a move. */
enum { FAN_INPUT_MAX = 32 };

enum san_status fan_parse(const char *text, size_t len, struct san *out, struct san_error *err)
{
    char plain[FAN_INPUT_MAX];
    int column[FAN_INPUT_MAX + 1]; /* character column of each byte of plain */
    size_t n = 0, i = 0;
    int col = 1;
    while (i < len && n < FAN_INPUT_MAX) {
        char letter = figurine_at(text, len, i);
        column[n] = col++;
        if (letter) {
            i += 3;
            if (letter != 'P') /* a pawn figurine says nothing SAN needs */
                plain[n++] = letter;
            continue;
        }
        plain[n++] = text[i++];
    }
    column[n] = col;
    if (i < len) {
        san_clear(out);
        if (err) {
            err->column = col;
            err->candidates = 0;
            snprintf(err->message, sizeof err->message, "column %d: too long for a move", col);
        }
        return SAN_INVALID;
    }
    enum san_status st = san_parse(plain, n, out, err);
    if (st != SAN_OK && err && err->column > 0 && err->column <= (int)n + 1) {
        int c = column[err->column - 1];
        char rest[sizeof err->message];
        const char *tail = strchr(err->message, ':');
        snprintf(rest, sizeof rest, "%s", tail ? tail : "");
        err->column = c;
        snprintf(err->message, sizeof err->message, "column %d%.100s", c, rest);
    }
    return st;
}
