/* The move as the core passes it around: 16 bits, no board needed to store it.
 * Castling is encoded king-takes-own-rook (from = king, to = rook square), which
 * covers standard chess and Chess960 alike. */
#ifndef ARBITER_MOVE_H
#define ARBITER_MOVE_H

#include <stdint.h>

typedef uint16_t move_t;

enum move_kind { MOVE_NORMAL = 0, MOVE_PROMOTION = 1, MOVE_EN_PASSANT = 2, MOVE_CASTLING = 3 };
enum { MOVE_NONE = 0, MOVE_LIST_MAX = 256 };
/* The null move ("--": the side to move passes, as annotators and odds
 * games write it): castling from a1 to a1, which no position has. The
 * writers give MOVE_NONE the null move's spellings too. */
enum { MOVE_NULL = MOVE_CASTLING << 12 };

static inline move_t move_make(int from, int to, int kind, int promo_type)
{
    /* promo_type is KNIGHT..QUEEN (1..4) for promotions, else ignored */
    int p = kind == MOVE_PROMOTION ? promo_type - 1 : 0;
    return (move_t)(from | (to << 6) | (kind << 12) | (p << 14));
}
static inline int move_from(move_t m)
{
    return m & 63;
}
static inline int move_to(move_t m)
{
    return (m >> 6) & 63;
}
static inline int move_kind(move_t m)
{
    return (m >> 12) & 3;
}
/* KNIGHT..QUEEN for a promotion; meaningless otherwise. */
static inline int move_promotion(move_t m)
{
    return ((m >> 14) & 3) + 1;
}

/* The most legal moves any position has is 218; 256 leaves room. */
struct move_list {
    int count;
    move_t moves[MOVE_LIST_MAX];
};

#endif
