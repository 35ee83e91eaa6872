/* Bitboards, squares and the basic chess types shared by all of core/.
 * Square 0 is a1, 7 is h1, 63 is h8. Plain C11, no allocation, no I/O. */
#ifndef ARBITER_BITBOARD_H
#define ARBITER_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t bitboard;

enum color { WHITE, BLACK };
enum piece_type { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, NO_TYPE };

/* A piece is type + 6 * color; NO_PIECE marks an empty square. */
enum { NO_PIECE = 12 };
enum { SQ_NONE = 64 };

static inline int make_piece(int color, int type)
{
    return type + 6 * color;
}
/* By table, as piece % 6 and piece / 6 (NO_PIECE: PAWN, and 2): the
 * division was in every move made and rendered. */
static inline int piece_type(int piece)
{
    static const unsigned char type[NO_PIECE + 1] = {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0};
    return type[piece];
}
static inline int piece_color(int piece)
{
    static const unsigned char color[NO_PIECE + 1] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2};
    return color[piece];
}

static inline int sq_file(int sq)
{
    return sq & 7;
}
static inline int sq_rank(int sq)
{
    return sq >> 3;
}
static inline int make_sq(int file, int rank)
{
    return rank * 8 + file;
}
/* The square's name ("e4") and a NUL into out; returns 2, the name's length. */
static inline int sq_name(int sq, char out[3])
{
    out[0] = (char)('a' + sq_file(sq));
    out[1] = (char)('1' + sq_rank(sq));
    out[2] = 0;
    return 2;
}
/* The same square seen from Black's side: a1 <-> a8. */
static inline int sq_flip(int sq)
{
    return sq ^ 56;
}

#define BB(sq)           ((bitboard)1 << (sq))
#define FILE_A_BB        UINT64_C(0x0101010101010101)
#define RANK_1_BB        UINT64_C(0xff)
#define FILE_BB(f)       (FILE_A_BB << (f))
#define RANK_BB(r)       (RANK_1_BB << (8 * (r)))
#define DARK_SQUARES_BB  UINT64_C(0xaa55aa55aa55aa55) /* a1's shade */
#define LIGHT_SQUARES_BB (~DARK_SQUARES_BB)

/* The squares of the shade the king's bishop of color starts on (f1, f8):
 * light for White, dark for Black. */
static inline bitboard king_bishop_squares(int color)
{
    return color == WHITE ? LIGHT_SQUARES_BB : DARK_SQUARES_BB;
}

/* Without the CPU's instruction (x86-64 before -mpopcnt) the builtin is a
 * call into libgcc: the search's evaluation counts material ten times a
 * position, so the bits are summed in place instead. */
static inline int popcount(bitboard b)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(b);
#else
    b -= (b >> 1) & 0x5555555555555555u;
    b = (b & 0x3333333333333333u) + ((b >> 2) & 0x3333333333333333u);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((b * 0x0101010101010101u) >> 56);
#endif
}
static inline int lsb(bitboard b)
{
    return __builtin_ctzll(b);
}
static inline int pop_lsb(bitboard *b)
{
    int sq = lsb(*b);
    *b &= *b - 1;
    return sq;
}
static inline bool more_than_one(bitboard b)
{
    return (b & (b - 1)) != 0;
}

#endif
