/* Attack tables for the legal-move core. Magic multipliers come from
 * magics.h, which this file's own seeded search produced; each is verified
 * while the tables are filled, and a square whose number does not fit is
 * searched again, so a wrong constant costs time, never correctness. */
#include "attacks.h"

#include "magics.h"

#include <stdlib.h>

#include <string.h>

bitboard attacks_pawn[2][64];
bitboard attacks_knight[64];
bitboard attacks_king[64];
bitboard attacks_between[64][64];
bitboard attacks_line[64][64];
struct magic attacks_rook_magic[64];
struct magic attacks_bishop_magic[64];

static bitboard rook_table[0x19000];
static bitboard bishop_table[0x1480];

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static bool on_board(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* Slow ray walk, used only to fill the tables. */
static bitboard slide(int sq, bitboard occ, const int dirs[4][2])
{
    bitboard att = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq_file(sq) + dirs[d][0], r = sq_rank(sq) + dirs[d][1];
        for (; on_board(f, r); f += dirs[d][0], r += dirs[d][1]) {
            att |= BB(make_sq(f, r));
            if (occ & BB(make_sq(f, r)))
                break;
        }
    }
    return att;
}

static bitboard leaper(int sq, const int (*steps)[2], int n)
{
    bitboard att = 0;
    for (int i = 0; i < n; i++) {
        int f = sq_file(sq) + steps[i][0], r = sq_rank(sq) + steps[i][1];
        if (on_board(f, r))
            att |= BB(make_sq(f, r));
    }
    return att;
}

/* xorshift64*: a fixed seed keeps the magics the same on every run. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * UINT64_C(2685821657736338717);
}

static void init_magics(struct magic *magics, bitboard *table, const int dirs[4][2],
                        const uint64_t *known)
{
    static bitboard occupancy[4096], reference[4096];
    static unsigned epoch[4096];
    uint64_t seed = UINT64_C(0x9e3779b97f4a7c15);
    unsigned attempt = 0;
    bitboard *next_table = table;

    for (int sq = 0; sq < 64; sq++) {
        struct magic *m = &magics[sq];
        bitboard edges = ((RANK_BB(0) | RANK_BB(7)) & ~RANK_BB(sq_rank(sq))) |
                         ((FILE_BB(0) | FILE_BB(7)) & ~FILE_BB(sq_file(sq)));
        m->mask = slide(sq, 0, dirs) & ~edges;
        m->shift = 64 - (unsigned)popcount(m->mask);
        m->table = next_table;

        /* Carry-rippler: enumerate every subset of the mask. */
        int size = 0;
        bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slide(sq, b, dirs);
            size++;
            b = (b - m->mask) & m->mask;
        } while (b);

        bitboard *entries = next_table;
        for (bool first = known != NULL;; first = false) {
            if (first) {
                m->magic = known[sq];
            } else {
                do
                    m->magic = next_random(&seed) & next_random(&seed) & next_random(&seed);
                while (popcount((m->mask * m->magic) >> 56) < 6);
            }
            attempt++;
            int i;
            for (i = 0; i < size; i++) {
                unsigned idx = (unsigned)(((occupancy[i] & m->mask) * m->magic) >> m->shift);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    entries[idx] = reference[i];
                } else if (entries[idx] != reference[i]) {
                    break;
                }
            }
            if (i == size)
                break;
        }
        next_table += size;
    }
}

void attacks_init(void)
{
    static const int knight_steps[8][2] = {{1, 2}, {2, 1},   {2, -1},  {1, -2},
                                           {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king_steps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                         {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int white_pawn_steps[2][2] = {{-1, 1}, {1, 1}};
    static const int black_pawn_steps[2][2] = {{-1, -1}, {1, -1}};

    for (int sq = 0; sq < 64; sq++) {
        attacks_knight[sq] = leaper(sq, knight_steps, 8);
        attacks_king[sq] = leaper(sq, king_steps, 8);
        attacks_pawn[WHITE][sq] = leaper(sq, white_pawn_steps, 2);
        attacks_pawn[BLACK][sq] = leaper(sq, black_pawn_steps, 2);
    }
    bool search = getenv("ARBITER_MAGIC_SEARCH") != NULL;
    init_magics(attacks_rook_magic, rook_table, rook_dirs, search ? NULL : rook_seed_magics);
    init_magics(attacks_bishop_magic, bishop_table, bishop_dirs,
                search ? NULL : bishop_seed_magics);

    memset(attacks_between, 0, sizeof attacks_between);
    memset(attacks_line, 0, sizeof attacks_line);
    for (int a = 0; a < 64; a++) {
        for (int b = 0; b < 64; b++) {
            if (a == b)
                continue;
            for (int t = BISHOP; t <= ROOK; t++) {
                if (attacks_of(t, a, 0) & BB(b)) {
                    attacks_line[a][b] =
                        (attacks_of(t, a, 0) & attacks_of(t, b, 0)) | BB(a) | BB(b);
                    attacks_between[a][b] = attacks_of(t, a, BB(b)) & attacks_of(t, b, BB(a));
                }
            }
        }
    }
}
