/* Position bookkeeping: placing pieces, Zobrist keys, attack queries and
 * making moves. Move generation lives in movegen.c, FEN in fen.c. */
#include "position.h"

#include "attacks.h"
#include "fen.h"

#include <string.h>
#include <threads.h>

static uint64_t zobrist_piece[12][64];
static uint64_t zobrist_castling[16];
static uint64_t zobrist_ep[8];
static uint64_t zobrist_side;

static void init_zobrist(void)
{
    uint64_t s = UINT64_C(0x2545f4914f6cdd1d);
    /* splitmix64, fixed seed: keys are the same on every run and machine */
#define NEXT()                                                                                     \
    (s += UINT64_C(0x9e3779b97f4a7c15), z = s, z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9),  \
     z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb), z ^ (z >> 31))
    uint64_t z;
    for (int p = 0; p < 12; p++)
        for (int sq = 0; sq < 64; sq++)
            zobrist_piece[p][sq] = NEXT();
    for (int i = 0; i < 16; i++)
        zobrist_castling[i] = NEXT();
    for (int f = 0; f < 8; f++)
        zobrist_ep[f] = NEXT();
    zobrist_side = NEXT();
#undef NEXT
}

static void init_once(void)
{
    attacks_init();
    init_zobrist();
}

void core_init(void)
{
    static once_flag flag = ONCE_FLAG_INIT;
    call_once(&flag, init_once);
}

void pos_clear(struct position *pos)
{
    memset(pos, 0, sizeof *pos);
    memset(pos->board, NO_PIECE, sizeof pos->board);
    memset(pos->castle_rook, SQ_NONE, sizeof pos->castle_rook);
    pos->ep = SQ_NONE;
    pos->fullmove = 1;
}

void pos_put(struct position *pos, int piece, int sq)
{
    pos->board[sq] = (uint8_t)piece;
    pos->by_type[piece_type(piece)] |= BB(sq);
    pos->by_color[piece_color(piece)] |= BB(sq);
    pos->key ^= zobrist_piece[piece][sq];
}

void pos_remove(struct position *pos, int sq)
{
    int piece = pos->board[sq];
    pos->board[sq] = NO_PIECE;
    pos->by_type[piece_type(piece)] &= ~BB(sq);
    pos->by_color[piece_color(piece)] &= ~BB(sq);
    pos->key ^= zobrist_piece[piece][sq];
}

/* En passant only enters the key when a pawn could take: positions that differ
 * only by an unusable en-passant square are the same for repetition. */
static bool ep_capturable(const struct position *pos)
{
    return pos->ep != SQ_NONE &&
           (attacks_pawn[!pos->side][pos->ep] & pos_pieces(pos, pos->side, PAWN));
}

uint64_t pos_compute_key(const struct position *pos)
{
    uint64_t key = 0;
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq] != NO_PIECE)
            key ^= zobrist_piece[pos->board[sq]][sq];
    key ^= zobrist_castling[pos->castling];
    if (ep_capturable(pos))
        key ^= zobrist_ep[sq_file(pos->ep)];
    if (pos->side == BLACK)
        key ^= zobrist_side;
    return key;
}

bitboard pos_attackers(const struct position *pos, int sq, bitboard occ)
{
    const bitboard *t = pos->by_type;
    return (attacks_pawn[BLACK][sq] & pos_pieces(pos, WHITE, PAWN)) |
           (attacks_pawn[WHITE][sq] & pos_pieces(pos, BLACK, PAWN)) |
           (attacks_knight[sq] & t[KNIGHT]) | (attacks_king[sq] & t[KING]) |
           (attacks_bishop(sq, occ) & (t[BISHOP] | t[QUEEN])) |
           (attacks_rook(sq, occ) & (t[ROOK] | t[QUEEN]));
}

bool pos_attacked_by(const struct position *pos, int sq, int color, bitboard occ)
{
    return (pos_attackers(pos, sq, occ) & pos->by_color[color]) != 0;
}

bitboard pos_checkers(const struct position *pos)
{
    int us = pos->side;
    return pos_attackers(pos, pos_king(pos, us), pos_occupied(pos)) & pos->by_color[!us];
}

int castle_king_dest(int king_sq, int rook_sq)
{
    return make_sq(rook_sq > king_sq ? 6 : 2, sq_rank(king_sq));
}

int castle_rook_dest(int king_sq, int rook_sq)
{
    return make_sq(rook_sq > king_sq ? 5 : 3, sq_rank(king_sq));
}

bool pos_is_capture(const struct position *pos, move_t m)
{
    if (move_kind(m) == MOVE_CASTLING)
        return false;
    return move_kind(m) == MOVE_EN_PASSANT || pos->board[move_to(m)] != NO_PIECE;
}

int pos_captured_type(const struct position *pos, move_t m)
{
    if (!pos_is_capture(pos, m)) return NO_TYPE;
    return move_kind(m) == MOVE_EN_PASSANT ? PAWN : piece_type(pos->board[move_to(m)]);
}

int pos_moving_type(const struct position *pos, move_t m)
{
    return piece_type(pos->board[move_from(m)]);
}

/* The null move: only the side to move, the en-passant square and the
 * clocks change. */
static void make_null(struct position *pos)
{
    if (ep_capturable(pos))
        pos->key ^= zobrist_ep[sq_file(pos->ep)];
    pos->ep = SQ_NONE;
    pos->halfmove++;
    if (pos->side == BLACK)
        pos->fullmove++;
    pos->side = (uint8_t)!pos->side;
    pos->key ^= zobrist_side;
}

void pos_make_move(struct position *pos, move_t m)
{
    if (m == MOVE_NULL) {
        make_null(pos);
        return;
    }
    int us = pos->side, them = !us;
    int from = move_from(m), to = move_to(m), kind = move_kind(m);
    int piece = pos->board[from];
    int type = piece_type(piece);

    if (ep_capturable(pos))
        pos->key ^= zobrist_ep[sq_file(pos->ep)];
    pos->ep = SQ_NONE;

    /* Rights go when the king moves, or a castling rook moves or is taken
     * (most positions past the opening have none left to lose). */
    if (pos->castling) {
        pos->key ^= zobrist_castling[pos->castling];
        for (int i = 0; i < 4; i++) {
            int owner = i >> 1;
            if (pos->castle_rook[i] == from || pos->castle_rook[i] == to ||
                (type == KING && owner == us))
                pos->castling &= (uint8_t) ~(1 << i);
        }
        pos->key ^= zobrist_castling[pos->castling];
    }

    pos->halfmove++;
    if (kind == MOVE_CASTLING) {
        int rook = pos->board[to];
        pos_remove(pos, from);
        pos_remove(pos, to);
        pos_put(pos, piece, castle_king_dest(from, to));
        pos_put(pos, rook, castle_rook_dest(from, to));
    } else {
        if (kind == MOVE_EN_PASSANT) {
            pos_remove(pos, make_sq(sq_file(to), sq_rank(from)));
            pos->halfmove = 0;
        } else if (pos->board[to] != NO_PIECE) {
            pos_remove(pos, to);
            pos->halfmove = 0;
        }
        pos_remove(pos, from);
        pos_put(pos, kind == MOVE_PROMOTION ? make_piece(us, move_promotion(m)) : piece, to);
        if (type == PAWN) {
            pos->halfmove = 0;
            if ((from ^ to) == 16) {
                pos->ep = (uint8_t)((from + to) / 2);
                pos->side = (uint8_t)them; /* ep_capturable() asks from the mover's view */
                if (ep_capturable(pos))
                    pos->key ^= zobrist_ep[sq_file(pos->ep)];
                pos->side = (uint8_t)us;
            }
        }
    }
    if (us == BLACK)
        pos->fullmove++;
    pos->side = (uint8_t)them;
    pos->key ^= zobrist_side;
}

/* Read once: every game without a FEN starts here. */
static struct position start_position;

static void init_start_position(void)
{
    struct fen_error err;
    fen_parse(&start_position, FEN_START, &err);
}

void pos_startpos(struct position *pos)
{
    static once_flag flag = ONCE_FLAG_INIT;
    call_once(&flag, init_start_position);
    *pos = start_position;
}
