/* FEN in and out, with full validation. Castling fields may be standard
 * (KQkq), X-FEN (KQkq meaning the outermost rook, or a file letter for an inner
 * rook) or Shredder-FEN (HAha); anything but plain KQkq with rooks in the
 * corners and king on e1/e8 makes the position a Chess960 one. */
#ifndef ARBITER_FEN_H
#define ARBITER_FEN_H

#include "position.h"

#include <stddef.h>

#define FEN_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

enum { FEN_MAX = 100 }; /* longest FEN written, with its NUL */

struct fen_error {
    int field;         /* 1..6, or 0 for the FEN as a whole */
    int column;        /* 1-based offset into the FEN text */
    char message[160]; /* "FEN field 3 (castling): 'K' but no white rook on h1" */
};

/* Parses and validates; on failure fills err and leaves pos unspecified.
 * The two clock fields may be absent (EPD): they default to 0 and 1. */
bool fen_parse(struct position *pos, const char *fen, struct fen_error *err);

/* Writes the FEN of pos into buf (FEN_MAX bytes suffice); returns its length. */
size_t fen_write(const struct position *pos, char *buf, size_t size);

#endif
