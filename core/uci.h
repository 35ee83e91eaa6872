/* UCI move text: "g1f3", "e7e8q"; castling as king-to-g1/c1 in standard chess
 * and king-takes-rook in Chess960 (what engines expect in each). */
#ifndef ARBITER_UCI_H
#define ARBITER_UCI_H

#include "position.h"

#include <stddef.h>

enum { UCI_MAX = 6 };

/* Writes m (legal in pos, or MOVE_NULL or MOVE_NONE for "0000") as UCI into
 * buf (UCI_MAX bytes); returns the length. */
size_t uci_write(const struct position *pos, move_t m, char *buf);

/* The legal move that the UCI text means, or MOVE_NONE. Accepts both castling
 * spellings (e1g1 and e1h1) in either kind of game. */
move_t uci_parse(const struct position *pos, const char *text, size_t len);

#endif
