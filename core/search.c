/* search.h's small search. Negamax with alpha-beta over movegen's legal
 * moves, captures tried first (the dearest victim, then the cheapest
 * attacker), then the quiet moves that refuted a sibling (killers), a null
 * window past each node's first move, a move that checks searched a ply
 * deeper near the root; past the full depth, captures and promotions, at
 * its first ply the quiet checks too, and every reply to a check.
 * Positions are copied, never unmade. */
#include "search.h"

#include "attacks.h"
#include "movegen.h"

/* evaluate() is built twice, once with the CPU's bit-counting instruction
 * (x86-64 has it since 2008; the first x86-64s did not), and the copy the
 * CPU can run is chosen at load time by glibc's indirect functions; what
 * it calls is built into each copy, so that each counts bits its own way
 * (bit_count()). Elsewhere one plain copy. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__) && defined(__GLIBC__)
#define EVALUATE_CLONES __attribute__((target_clones("popcnt", "default")))
#define EVALUATE_PART   static inline __attribute__((always_inline))
#else
#define EVALUATE_CLONES
#define EVALUATE_PART static
#endif

/* bitboard.h's popcount() counts in plain arithmetic on an x86-64 built
 * without the instruction; inside evaluate()'s copy built with it, this is
 * the instruction (in the other copy, libgcc's count) */
EVALUATE_PART int bit_count(bitboard b)
{
    return __builtin_popcountll(b);
}

enum {
    SCORE_INF = SEARCH_MATE + 1000,
    QUIET_PLIES = 12, /* captures searched past the full depth at most */
    /* a move that checks, made before this ply, does not use up a ply of
     * the depth (the replies to it are few) */
    CHECK_EXTENSION_PLIES = 6,
    KILLER_PLIES = 16,
};

/* a piece's worth in the move order (captures of the dearest first) */
static const int piece_value[6] = {100, 320, 330, 500, 900, 0};

/* A score of the middlegame and one of the endgame, blended by how much
 * of the pieces is left (evaluate()): a king behind its pawns and a rook
 * on an open file count most with the queens on, a passed pawn and a
 * king in the centre with few pieces left. */
struct blend {
    int mg, eg;
};

/* What evaluate() counts, in centipawns. (SEARCH_TUNABLE: a tool that
 * includes this file to fit them may change them.) */
#ifdef SEARCH_TUNABLE
#define WEIGHTS_CONST
#else
#define WEIGHTS_CONST const
#endif
static WEIGHTS_CONST struct weights {
    int material[5];  /* pawn, knight, bishop, rook, queen */
    int pawn_endgame; /* on top of a pawn's worth, with few pieces left */
    /* a pawn by how far it has come (rank 2 to 7 for White), more when no
     * enemy pawn can stop it (twice that in the endgame) */
    int pawn_advance[8], pawn_passed[8];
    struct blend doubled, alone; /* taken off per such pawn */
    /* per square a piece reaches that no enemy pawn guards and no piece
     * of its own stands on (knight, bishop, rook, queen) */
    struct blend mobility[6];
    /* percent of minor_centre a knight and a bishop get */
    int knight_centre, bishop_centre;
    struct blend bishop_pair, rook_half_open, rook_open;
    /* the king in the middlegame: on the back rank by its file, else per
     * rank forward; per file before it with a pawn of its own one or two
     * ranks ahead, and with none; in the endgame, per step from the centre */
    int king_back_rank[8], king_forward, shield_pawn, shield_open, king_centre;
} weights = {
    .material = {100, 320, 330, 500, 900},
    .pawn_endgame = 20,
    .pawn_advance = {0, 0, 4, 8, 14, 22, 34, 0},
    .pawn_passed = {0, 8, 12, 20, 35, 60, 100, 0},
    .doubled = {6, 10},
    .alone = {10, 14},
    .mobility = {{0, 0}, {4, 4}, {5, 5}, {2, 4}, {1, 2}, {0, 0}},
    .knight_centre = 100,
    .bishop_centre = 50,
    .bishop_pair = {30, 45},
    .rook_half_open = {10, 5},
    .rook_open = {20, 10},
    .king_back_rank = {10, 20, 5, -10, -10, 5, 20, 10},
    .king_forward = 15,
    .shield_pawn = 12,
    .shield_open = 18,
    .king_centre = 4,
};

/* a knight or bishop by how near the centre it stands: 0 on the rim, 8
 * a ring in, 14 two in, 18 on the four centre squares */
/* clang-format off */
static const unsigned char minor_centre[64] = {
    0, 0, 0,  0,  0,  0,  0, 0,
    0, 8, 8,  8,  8,  8,  8, 0,
    0, 8, 14, 14, 14, 14, 8, 0,
    0, 8, 14, 18, 18, 14, 8, 0,
    0, 8, 14, 18, 18, 14, 8, 0,
    0, 8, 14, 14, 14, 14, 8, 0,
    0, 8, 8,  8,  8,  8,  8, 0,
    0, 0, 0,  0,  0,  0,  0, 0,
};
/* clang-format on */

/* killer[ply]: the last two quiet moves that refuted a move at that ply,
 * tried after the captures: the same reply often refutes the siblings
 * too, here and in the next candidate's search. Only the order changes,
 * never a score (alpha-beta's value does not depend on it). */
struct search {
    long nodes, limit;
    move_t killer[KILLER_PLIES][2];
};

/* b and every square north (towards rank 8) of a square of b; south; and
 * the whole file of every square of b. */
EVALUATE_PART bitboard north_fill(bitboard b)
{
    b |= b << 8;
    b |= b << 16;
    return b | b << 32;
}

EVALUATE_PART bitboard south_fill(bitboard b)
{
    b |= b >> 8;
    b |= b >> 16;
    return b | b >> 32;
}

EVALUATE_PART bitboard file_fill(bitboard b)
{
    return north_fill(b) | south_fill(b);
}

/* The squares one file east or west of a square of b. */
EVALUATE_PART bitboard files_beside(bitboard b)
{
    return ((b & ~FILE_BB(7)) << 1) | ((b & ~FILE_BB(0)) >> 1);
}

/* The squares where a pawn of color has no enemy pawn ahead of it on its
 * file or the files beside it: all but those behind an enemy pawn, seen
 * from color's side, on its file and the two beside it. */
EVALUATE_PART bitboard passed_squares(const struct position *pos, int color)
{
    bitboard enemy = pos_pieces(pos, !color, PAWN);
    /* each enemy pawn filled towards color's side, itself excluded */
    bitboard behind = color == WHITE ? south_fill(enemy >> 8) : north_fill(enemy << 8);
    return ~(behind | files_beside(behind));
}

/* The squares the pawns of color attack. */
EVALUATE_PART bitboard pawn_attacks(bitboard pawns, int color)
{
    bitboard west = pawns & ~FILE_BB(0), east = pawns & ~FILE_BB(7);
    return color == WHITE ? (west << 7) | (east << 9) : (west >> 9) | (east >> 7);
}

enum { PHASE_FULL = 24 }; /* knights and bishops 1, rooks 2, queens 4 */
static const int phase_of[6] = {0, 1, 1, 2, 4, 0};
/* What color's king and the pawns before it are worth where it stands:
 * in the middlegame behind its pawns, towards a corner; in the endgame
 * near the centre. */
EVALUATE_PART struct blend king_place(const struct position *pos, int color)
{
    int k = pos_king(pos, color), file = sq_file(k);
    int rank = color == WHITE ? sq_rank(k) : 7 - sq_rank(k);
    struct blend b = {0, 0};
    /* the middlegame: on the back rank, off the centre files */
    b.mg += rank == 0 ? weights.king_back_rank[file] : -weights.king_forward * rank;
    /* its shield: pawns of its own one or two ranks before it, on its
     * file and the two beside it; a file there with none is open to it */
    bitboard own = pos_pieces(pos, color, PAWN), near = 0;
    for (int r = rank + 1; r <= rank + 2 && r <= 7; r++)
        near |= RANK_BB(color == WHITE ? r : 7 - r);
    for (int f = file - 1; f <= file + 1; f++) {
        if (f < 0 || f > 7) continue;
        bitboard on_file = own & FILE_BB(f);
        b.mg += on_file & near ? weights.shield_pawn : on_file ? 0 : -weights.shield_open;
    }
    /* the endgame: how far from the centre */
    int df = file < 4 ? 3 - file : file - 4, dr = rank < 4 ? 3 - rank : rank - 4;
    b.eg -= weights.king_centre * (df + dr);
    return b;
}

/* What a piece of type reaching the squares of reach adds to b. */
EVALUATE_PART void add_reach(struct blend *b, int type, bitboard reach)
{
    int n = bit_count(reach);
    b->mg += weights.mobility[type].mg * n;
    b->eg += weights.mobility[type].eg * n;
}

/* color's pieces: material, pawns by how far they have come, passed,
 * doubled or alone on their file, knights and bishops near the centre,
 * every piece by the squares it reaches, the bishop pair, rooks on files
 * without pawns of their own, the king's place. */
EVALUATE_PART struct blend side_score(const struct position *pos, int color, int *phase)
{
    struct blend b = {0, 0};
    bitboard occ = pos_occupied(pos), own = pos->by_color[color];
    bitboard pawns = pos_pieces(pos, color, PAWN), enemy_pawns = pos_pieces(pos, !color, PAWN);
    bitboard guarded = pawn_attacks(enemy_pawns, !color);
    bitboard passed = passed_squares(pos, color);
    for (int type = PAWN; type < KING; type++) {
        int n = bit_count(pos_pieces(pos, color, type));
        b.mg += weights.material[type] * n;
        b.eg += weights.material[type] * n + (type == PAWN ? weights.pawn_endgame * n : 0);
        *phase += phase_of[type] * n;
    }
    /* (no pawn stands on the first rank or the last, where both tables
     * hold 0) */
    int advance = 0;
    for (int r = 1; r < 7; r++)
        advance += weights.pawn_advance[r] * bit_count(pawns & RANK_BB(color == WHITE ? r : 7 - r));
    b.mg += advance;
    b.eg += advance;
    for (bitboard p = pawns & passed; p;) {
        int sq = pop_lsb(&p);
        int r = color == WHITE ? sq_rank(sq) : 7 - sq_rank(sq);
        b.mg += weights.pawn_passed[r];
        b.eg += 2 * weights.pawn_passed[r];
    }
    /* doubled: each pawn with another of its own on its file; alone: each
     * pawn with none of its own on the files beside it */
    bitboard files = file_fill(pawns);
    int doubled = bit_count(pawns & (north_fill(pawns << 8) | south_fill(pawns >> 8)));
    int alone = bit_count(pawns & ~files_beside(files));
    b.mg -= weights.doubled.mg * doubled + weights.alone.mg * alone;
    b.eg -= weights.doubled.eg * doubled + weights.alone.eg * alone;
    /* each piece by the squares it reaches (a loop per type: no test of
     * the type per piece) */
    bitboard safe = ~own & ~guarded; /* not its own, no enemy pawn guarding */
    for (bitboard p = pos_pieces(pos, color, KNIGHT); p;) {
        int sq = pop_lsb(&p);
        add_reach(&b, KNIGHT, attacks_knight[sq] & safe);
        b.mg += minor_centre[sq] * weights.knight_centre / 100;
    }
    bitboard bishops = pos_pieces(pos, color, BISHOP);
    for (bitboard p = bishops; p;) {
        int sq = pop_lsb(&p);
        add_reach(&b, BISHOP, attacks_bishop(sq, occ) & safe);
        b.mg += minor_centre[sq] * weights.bishop_centre / 100;
    }
    if (more_than_one(bishops)) {
        b.mg += weights.bishop_pair.mg;
        b.eg += weights.bishop_pair.eg;
    }
    for (bitboard p = pos_pieces(pos, color, ROOK); p;) {
        int sq = pop_lsb(&p);
        add_reach(&b, ROOK, attacks_rook(sq, occ) & safe);
        if (!(files & BB(sq))) { /* no pawn of its own on its file */
            bool open = !(enemy_pawns & FILE_BB(sq_file(sq)));
            struct blend r = open ? weights.rook_open : weights.rook_half_open;
            b.mg += r.mg;
            b.eg += r.eg;
        }
    }
    for (bitboard p = pos_pieces(pos, color, QUEEN); p;) {
        int sq = pop_lsb(&p);
        add_reach(&b, QUEEN, attacks_queen(sq, occ) & safe);
    }
    struct blend k = king_place(pos, color);
    b.mg += k.mg;
    b.eg += k.eg;
    return b;
}

/* From the side to move's view: each side's score as a middlegame and
 * as an endgame, blended by the pieces left (all of them: the
 * middlegame's). (Counting bits is much of it: EVALUATE_CLONES.) */
static int EVALUATE_CLONES evaluate(const struct position *pos)
{
    int phase = 0;
    /* (each side's with its colour known where it is built: the shifts
     * and ranks that depend on it are fixed) */
    struct blend white = side_score(pos, WHITE, &phase);
    struct blend black = side_score(pos, BLACK, &phase);
    phase = phase > PHASE_FULL ? PHASE_FULL : phase;
    int mg = white.mg - black.mg, eg = white.eg - black.eg;
    int score = (mg * phase + eg * (PHASE_FULL - phase)) / PHASE_FULL;
    /* (the division truncates: Black's view is the exact negation) */
    return pos->side == WHITE ? score : -score;
}

/* evaluate() remembered by position key: the candidates' searches meet the
 * same positions again and again (a thread's own table; the key covers the
 * side to move, and the score depends on nothing else the key leaves out) */
enum { EVAL_CACHE = 1 << 14 };
static _Thread_local struct {
    uint64_t key;
    int score;
} eval_cache[EVAL_CACHE];

static int evaluate_cached(const struct position *pos)
{
    unsigned h = (unsigned)(pos->key >> 50) & (EVAL_CACHE - 1);
    if (eval_cache[h].key == pos->key && pos->key) return eval_cache[h].score;
    int score = evaluate(pos);
    eval_cache[h].key = pos->key;
    eval_cache[h].score = score;
    return score;
}

/* Captures first, the dearest victim, then the cheapest attacker; a
 * promotion as a capture of what it becomes. */
static inline int order_key(const struct position *pos, move_t m)
{
    int key = 0;
    if (move_kind(m) == MOVE_PROMOTION) key += piece_value[move_promotion(m)];
    if (move_kind(m) == MOVE_EN_PASSANT) {
        key += piece_value[PAWN];
    } else if (move_kind(m) != MOVE_CASTLING && pos->board[move_to(m)] != NO_PIECE) {
        key += piece_value[piece_type(pos->board[move_to(m)])];
    } else if (!key) {
        return 0;
    }
    return 16 * key - piece_value[piece_type(pos->board[move_from(m)])] / 100 + 1;
}

/* Sorts list by order_key, dropping the moves whose key is 0 when
 * only_loud; returns how many come before the quiet ones. */
static int order_moves(const struct position *pos, struct move_list *list, bool only_loud)
{
    int key[MOVE_LIST_MAX], n = 0;
    for (int i = 0; i < list->count; i++) {
        move_t m = list->moves[i];
        int k = order_key(pos, m);
        if (only_loud && !k) continue;
        int j = n++;
        for (; j > 0 && key[j - 1] < k; j--)
            key[j] = key[j - 1], list->moves[j] = list->moves[j - 1];
        key[j] = k;
        list->moves[j] = m;
    }
    list->count = n;
    int loud = 0;
    while (loud < n && key[loud])
        loud++;
    return loud;
}

/* Moves the killers among list's quiet moves (from loud on) to their
 * front, the newer first. */
static void killers_first(struct move_list *list, int loud, const move_t *killer)
{
    for (int k = 1; k >= 0; k--) {
        if (killer[k] == MOVE_NONE) continue;
        int i = loud;
        while (i < list->count && list->moves[i] != killer[k])
            i++;
        if (i == list->count) continue;
        for (; i > loud; i--)
            list->moves[i] = list->moves[i - 1];
        list->moves[loud] = killer[k];
    }
}

static void add_killer(move_t *killer, move_t m)
{
    if (killer[0] == m) return;
    killer[1] = killer[0];
    killer[0] = m;
}

/* Where the side to move's pieces would check the other king from, by
 * type (the squares a piece of the type on the king's square attacks;
 * none for the king), and which of its pieces stand alone between a
 * rook, bishop or queen of its side and that king: the checks a quiet
 * move may give, looked up for each move in quiet_checks(). */
struct check_squares {
    bitboard from_type[6], uncovering;
    int king;
};

static void check_squares(const struct position *pos, struct check_squares *c)
{
    int us = pos->side, king = pos_king(pos, !us);
    bitboard occ = pos_occupied(pos), queens = pos_pieces(pos, us, QUEEN);
    c->king = king;
    c->from_type[PAWN] = attacks_pawn[!us][king];
    c->from_type[KNIGHT] = attacks_knight[king];
    c->from_type[BISHOP] = attacks_bishop(king, occ);
    c->from_type[ROOK] = attacks_rook(king, occ);
    c->from_type[QUEEN] = c->from_type[BISHOP] | c->from_type[ROOK];
    c->from_type[KING] = 0;
    c->uncovering = 0;
    bitboard snipers = (attacks_rook(king, 0) & (pos_pieces(pos, us, ROOK) | queens)) |
                       (attacks_bishop(king, 0) & (pos_pieces(pos, us, BISHOP) | queens));
    while (snipers) {
        bitboard between = attacks_between[pop_lsb(&snipers)][king] & occ;
        if (between && !more_than_one(between)) c->uncovering |= between & pos->by_color[us];
    }
}

/* Appends to list, past its first n moves, those of quiet[0..n_quiet)
 * that give check; returns the new count. (A quiet move landing on a
 * square its type checks from checks: moving along a line the king is
 * on, it stood in the way of nothing; one leaving a line of its slider to
 * the king uncovers it; castling, the rook's check, is made on the
 * board.) */
static int quiet_checks(const struct position *pos, const struct check_squares *c,
                        struct move_list *list, int n, const move_t *quiet, int n_quiet)
{
    for (int i = 0; i < n_quiet; i++) {
        move_t m = quiet[i];
        int from = move_from(m), to = move_to(m);
        bool check;
        if (move_kind(m) != MOVE_NORMAL)
            check = movegen_gives_check(pos, m);
        else
            check = (c->from_type[piece_type(pos->board[from])] & BB(to)) ||
                    ((c->uncovering & BB(from)) && !(attacks_line[from][c->king] & BB(to)));
        if (check) list->moves[n++] = m;
    }
    return n;
}

static int quiesce(struct search *s, const struct position *pos, int alpha, int beta, int ply,
                   int quiet_ply)
{
    s->nodes++;
    struct move_list list;
    bool check = pos_in_check(pos);
    int best = -SCORE_INF;
    if (check) {
        if (!movegen_legal(pos, &list)) return -SEARCH_MATE + ply;
        if (quiet_ply >= QUIET_PLIES || (s->limit && s->nodes > s->limit))
            return evaluate_cached(pos);
        order_moves(pos, &list, false);
    } else {
        best = evaluate_cached(pos);
        if (best >= beta || quiet_ply >= QUIET_PLIES || (s->limit && s->nodes > s->limit))
            return best;
        if (best > alpha) alpha = best;
        /* what may be loud: a capture, en passant, a promotion */
        bitboard onto = pos->by_color[!pos->side] | (pos->side == WHITE ? RANK_BB(7) : RANK_BB(0));
        if (pos->ep != SQ_NONE) onto |= BB(pos->ep);
        if (quiet_ply == 0) {
            /* and the quiet checks: at the horizon a mate, a fork, a rook
             * behind the back rank, that captures alone would not see */
            struct check_squares c;
            check_squares(pos, &c);
            bool anywhere = c.uncovering ||
                            (pos->castling &
                             (pos->side == WHITE ? CASTLE_WK | CASTLE_WQ : CASTLE_BK | CASTLE_BQ));
            onto = anywhere ? ~(bitboard)0
                            : onto | c.from_type[PAWN] | c.from_type[KNIGHT] | c.from_type[QUEEN];
            movegen_legal_onto(pos, onto, &list);
            move_t quiet[MOVE_LIST_MAX];
            int n_quiet = 0, loud = 0;
            for (int i = 0; i < list.count; i++) {
                move_t m = list.moves[i];
                if (order_key(pos, m))
                    list.moves[loud++] = m;
                else
                    quiet[n_quiet++] = m;
            }
            list.count = loud;
            order_moves(pos, &list, true);
            list.count = quiet_checks(pos, &c, &list, loud, quiet, n_quiet);
        } else {
            movegen_legal_onto(pos, onto, &list);
            order_moves(pos, &list, true);
        }
    }
    for (int i = 0; i < list.count; i++) {
        struct position next = *pos;
        pos_make_move(&next, list.moves[i]);
        int score = -quiesce(s, &next, -beta, -alpha, ply + 1, quiet_ply + 1);
        if (score > best) best = score;
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
    }
    return best;
}

static int negamax(struct search *s, const struct position *pos, int depth, int alpha, int beta,
                   int ply)
{
    if (depth <= 0) return quiesce(s, pos, alpha, beta, ply, 0);
    s->nodes++;
    struct move_list list;
    if (!movegen_legal(pos, &list)) return pos_in_check(pos) ? -SEARCH_MATE + ply : 0;
    if (s->limit && s->nodes > s->limit) return evaluate_cached(pos);
    int loud = order_moves(pos, &list, false);
    if (ply < KILLER_PLIES) killers_first(&list, loud, s->killer[ply]);
    int best = -SCORE_INF;
    for (int i = 0; i < list.count; i++) {
        struct position next = *pos;
        pos_make_move(&next, list.moves[i]);
        /* past the first move, a null window asks only whether the move
         * beats alpha; one that does is searched again in full */
        int score, left = depth - 1;
        if (ply < CHECK_EXTENSION_PLIES && pos_in_check(&next)) left = depth;
        if (i == 0 || beta - alpha == 1) {
            score = -negamax(s, &next, left, -beta, -alpha, ply + 1);
        } else {
            score = -negamax(s, &next, left, -alpha - 1, -alpha, ply + 1);
            if (score > alpha && score < beta)
                score = -negamax(s, &next, left, -beta, -alpha, ply + 1);
        }
        if (score > best) best = score;
        if (score > alpha) alpha = score;
        if (alpha >= beta) {
            if (i >= loud && ply < KILLER_PLIES) add_killer(s->killer[ply], list.moves[i]);
            break;
        }
    }
    return best;
}

void search_score_moves(const struct position *pos, const move_t *moves, int n, int depth,
                        long node_limit, int *cp)
{
    struct search s = {.limit = node_limit};
    for (int i = 0; i < n; i++) {
        s.nodes = 0;
        struct position next = *pos;
        pos_make_move(&next, moves[i]);
        cp[i] = -negamax(&s, &next, depth, -SCORE_INF, SCORE_INF, 1);
    }
}

void search_score_within(const struct position *pos, const move_t *moves, int n, int depth,
                         long node_limit, int window, int *cp, bool *exact)
{
    struct search s = {.limit = node_limit};
    int best = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        s.nodes = 0;
        struct position next = *pos;
        pos_make_move(&next, moves[i]);
        /* (fail-soft: a move that cannot beat alpha returns a bound no
         * higher than alpha) */
        int alpha =
            i == 0 || window <= 0 || best - window < -SCORE_INF ? -SCORE_INF : best - window;
        cp[i] = -negamax(&s, &next, depth, -SCORE_INF, -alpha, 1);
        exact[i] = i == 0 || cp[i] > alpha;
        if (cp[i] > best) best = cp[i];
    }
}
