/* Legal move generation. Pins and checks are resolved while generating, so
 * every move produced is legal; no make/unmake test is needed. */
#ifndef ARBITER_MOVEGEN_H
#define ARBITER_MOVEGEN_H

#include "position.h"

/* All legal moves; returns their number (also list->count). */
int movegen_legal(const struct position *pos, struct move_list *list);

/* The legal moves of pieces of `type` (PAWN..KING) that land on `to`. For KING
 * this includes castling whose king destination is `to`. Cheap: used by the SAN
 * resolver and the checker for every move they read. */
int movegen_legal_to(const struct position *pos, int type, int to, struct move_list *list);

/* The legal moves that land on a square of `targets` (castling: where the
 * king goes), in movegen_legal()'s order: the captures a quiescence search
 * tries, without the quiet moves it would throw away. */
int movegen_legal_onto(const struct position *pos, bitboard targets, struct move_list *list);

bool movegen_is_legal(const struct position *pos, move_t m);

/* Whether m, legal in pos, checks the other side's king: the piece moved
 * (or promoted) attacks it where it lands, or a rook, bishop or queen of
 * its side does once the move has left the line between. Most moves are
 * worked out on the board, castling and en passant made. */
bool movegen_gives_check(const struct position *pos, move_t m);
bool movegen_has_legal_move(const struct position *pos);

/* Number of leaf nodes of the legal-move tree `depth` plies deep. */
uint64_t movegen_perft(const struct position *pos, int depth);

#endif
