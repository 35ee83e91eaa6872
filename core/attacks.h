/* Attack tables: leaper attacks, magic-bitboard slider attacks, and the
 * between/line masks that pin and check detection use. Filled once by
 * attacks_init() (called from core_init()); read-only afterwards. */
#ifndef ARBITER_ATTACKS_H
#define ARBITER_ATTACKS_H

#include "bitboard.h"

struct magic {
    bitboard mask;
    bitboard magic;
    const bitboard *table;
    unsigned shift;
};

extern bitboard attacks_pawn[2][64];
extern bitboard attacks_knight[64];
extern bitboard attacks_king[64];
extern bitboard attacks_between[64][64]; /* squares strictly between, if aligned */
extern bitboard attacks_line[64][64];    /* the full line through both, if aligned */
extern struct magic attacks_rook_magic[64];
extern struct magic attacks_bishop_magic[64];

void attacks_init(void);

static inline bitboard attacks_rook(int sq, bitboard occ)
{
    const struct magic *m = &attacks_rook_magic[sq];
    return m->table[((occ & m->mask) * m->magic) >> m->shift];
}
static inline bitboard attacks_bishop(int sq, bitboard occ)
{
    const struct magic *m = &attacks_bishop_magic[sq];
    return m->table[((occ & m->mask) * m->magic) >> m->shift];
}
static inline bitboard attacks_queen(int sq, bitboard occ)
{
    return attacks_rook(sq, occ) | attacks_bishop(sq, occ);
}

/* Attacks of a piece of the given type (not pawn) from sq on occupancy occ. */
static inline bitboard attacks_of(int type, int sq, bitboard occ)
{
    switch (type) {
    case KNIGHT: return attacks_knight[sq];
    case BISHOP: return attacks_bishop(sq, occ);
    case ROOK: return attacks_rook(sq, occ);
    case QUEEN: return attacks_queen(sq, occ);
    case KING: return attacks_king[sq];
    default: return 0;
    }
}

#endif
