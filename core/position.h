/* A chess position: bitboards plus a mailbox, castling rights by rook square
 * (so Chess960 needs no special case), en passant, clocks and a Zobrist key.
 * Positions are small plain values: copy one to keep it, pos_make_move() to
 * go forward. */
#ifndef ARBITER_POSITION_H
#define ARBITER_POSITION_H

#include "bitboard.h"
#include "move.h"

#include <stddef.h>

/* The four castling rights, as bits; index with castle_index(). */
enum { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8 };

struct position {
    bitboard by_type[6];
    bitboard by_color[2];
    uint8_t board[64];        /* piece on each square, or NO_PIECE */
    uint8_t side;             /* WHITE or BLACK to move */
    uint8_t ep;               /* en-passant target square, or SQ_NONE */
    uint8_t castling;         /* CASTLE_* bits */
    uint8_t castle_rook[4];   /* rook square of each right (WK, WQ, BK, BQ) */
    uint8_t chess960;         /* render and parse castling the Chess960 way */
    uint16_t halfmove;        /* plies since the last capture or pawn move */
    uint16_t fullmove;        /* starts at 1, goes up after Black's move */
    uint64_t key;             /* Zobrist key of placement, side, rights, en passant */
};

/* Call once before using anything in core/ (safe to call again, from any thread). */
void core_init(void);

static inline bitboard pos_occupied(const struct position *pos)
{
    return pos->by_color[WHITE] | pos->by_color[BLACK];
}
static inline bitboard pos_pieces(const struct position *pos, int color, int type)
{
    return pos->by_color[color] & pos->by_type[type];
}
static inline int pos_king(const struct position *pos, int color)
{
    return lsb(pos_pieces(pos, color, KING));
}

/* An empty board, White to move, no rights; for building positions by hand. */
void pos_clear(struct position *pos);
void pos_put(struct position *pos, int piece, int sq);
void pos_remove(struct position *pos, int sq);
/* Recompute the Zobrist key from scratch (after building a position by hand). */
uint64_t pos_compute_key(const struct position *pos);

/* Every piece of either colour that attacks sq, given occupancy occ. */
bitboard pos_attackers(const struct position *pos, int sq, bitboard occ);
bool pos_attacked_by(const struct position *pos, int sq, int color, bitboard occ);
bitboard pos_checkers(const struct position *pos);
static inline bool pos_in_check(const struct position *pos)
{
    return pos_checkers(pos) != 0;
}

/* Plays a legal move (from movegen); the caller keeps the old position if needed. */
void pos_make_move(struct position *pos, move_t m);
bool pos_is_capture(const struct position *pos, move_t m);
/* The piece type a move takes (PAWN en passant), or NO_TYPE for none, as
 * pos_is_capture() tells it. */
int pos_captured_type(const struct position *pos, move_t m);
/* The piece type that moves (KING for castling). */
int pos_moving_type(const struct position *pos, move_t m);
/* Where the king ends up for a castling move. */
int castle_king_dest(int king_sq, int rook_sq);
int castle_rook_dest(int king_sq, int rook_sq);

/* The standard start position. */
void pos_startpos(struct position *pos);

#endif
