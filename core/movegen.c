/* Legal move generation with check and pin masks: a pinned piece moves only
 * along its pin line, in check only moves onto the check mask count, and king
 * moves are tested against the occupancy without the king. En passant, the one
 * move that removes two pieces from a line, gets a full attack test. */
#include "movegen.h"

#include "attacks.h"

#define RANK_3_4(c)  ((c) == WHITE ? RANK_BB(2) : RANK_BB(5))
#define LAST_RANK(c) ((c) == WHITE ? RANK_BB(7) : RANK_BB(0))

enum { ALL_TYPES = 0x3f };

static inline bitboard push_up(bitboard b, int color)
{
    return color == WHITE ? b << 8 : b >> 8;
}

static inline move_t *add_promotions(move_t *out, int from, int to)
{
    for (int t = QUEEN; t >= KNIGHT; t--)
        *out++ = move_make(from, to, MOVE_PROMOTION, t);
    return out;
}

/* Moves from `from` to each square of `to_set`, promoting if on the last rank. */
static inline move_t *add_pawn_moves(move_t *out, int from, bitboard to_set, int us)
{
    while (to_set) {
        int to = pop_lsb(&to_set);
        if (BB(to) & LAST_RANK(us))
            out = add_promotions(out, from, to);
        else
            *out++ = move_make(from, to, MOVE_NORMAL, 0);
    }
    return out;
}

/* Set-wise pawn moves: `delta` is the signed square step from origin to target. */
static inline move_t *add_pawn_set(move_t *out, bitboard to_set, int delta, int us)
{
    while (to_set) {
        int to = pop_lsb(&to_set);
        if (BB(to) & LAST_RANK(us))
            out = add_promotions(out, to - delta, to);
        else
            *out++ = move_make(to - delta, to, MOVE_NORMAL, 0);
    }
    return out;
}

static bitboard pinned_pieces(const struct position *pos, int us, int ksq, bitboard occ)
{
    int them = !us;
    const bitboard *t = pos->by_type;
    bitboard snipers = ((attacks_rook(ksq, 0) & (t[ROOK] | t[QUEEN])) |
                        (attacks_bishop(ksq, 0) & (t[BISHOP] | t[QUEEN]))) &
                       pos->by_color[them];
    bitboard pinned = 0;
    while (snipers) {
        bitboard b = attacks_between[ksq][pop_lsb(&snipers)] & occ;
        if (b && !more_than_one(b)) pinned |= b;
    }
    return pinned & pos->by_color[us];
}

static move_t *gen_castling(const struct position *pos, move_t *out, int ksq, bitboard targets)
{
    int us = pos->side, them = !us;
    bitboard occ = pos_occupied(pos);
    for (int i = 2 * us; i < 2 * us + 2; i++) {
        if (!(pos->castling & (1 << i))) continue;
        int rsq = pos->castle_rook[i];
        int kdest = castle_king_dest(ksq, rsq), rdest = castle_rook_dest(ksq, rsq);
        if (!(targets & BB(kdest))) continue;
        bitboard rest = occ ^ BB(ksq) ^ BB(rsq);
        bitboard king_path = attacks_between[ksq][kdest] | BB(kdest);
        if ((king_path | attacks_between[rsq][rdest] | BB(rdest)) & rest) continue;
        /* The castling rook is lifted too: in Chess960 it may shield the
         * king's destination from a rook on the back rank. */
        bool safe = true;
        while (king_path && safe)
            safe = !pos_attacked_by(pos, pop_lsb(&king_path), them, rest);
        if (safe) *out++ = move_make(ksq, rsq, MOVE_CASTLING, 0);
    }
    return out;
}

static move_t *gen_en_passant(const struct position *pos, move_t *out, int ksq, bitboard occ)
{
    int us = pos->side, them = !us;
    int capsq = pos->ep + (us == WHITE ? -8 : 8);
    bitboard takers = attacks_pawn[them][pos->ep] & pos_pieces(pos, us, PAWN);
    while (takers) {
        int from = pop_lsb(&takers);
        bitboard after = (occ ^ BB(from) ^ BB(capsq)) | BB(pos->ep);
        bitboard hit = pos_attackers(pos, ksq, after) & pos->by_color[them] & ~BB(capsq);
        if (!hit) *out++ = move_make(from, pos->ep, MOVE_EN_PASSANT, 0);
    }
    return out;
}

static move_t *gen_pawns(const struct position *pos, move_t *out, bitboard pinned, int ksq,
                         bitboard mask)
{
    int us = pos->side, them = !us;
    int up = us == WHITE ? 8 : -8;
    bitboard occ = pos_occupied(pos), empty = ~occ, enemy = pos->by_color[them];
    bitboard pawns = pos_pieces(pos, us, PAWN);
    bitboard free_pawns = pawns & ~pinned;

    bitboard one = push_up(free_pawns, us) & empty;
    bitboard two = push_up(one & RANK_3_4(us), us) & empty;
    out = add_pawn_set(out, one & mask, up, us);
    out = add_pawn_set(out, two & mask, 2 * up, us);

    bitboard west = push_up(free_pawns & ~FILE_BB(0), us);
    bitboard east = push_up(free_pawns & ~FILE_BB(7), us);
    out = add_pawn_set(out, (west >> 1) & enemy & mask, up - 1, us);
    out = add_pawn_set(out, (east << 1) & enemy & mask, up + 1, us);

    /* A pinned pawn moves only along the line through it and its king. */
    bitboard stuck = pawns & pinned;
    while (stuck) {
        int from = pop_lsb(&stuck);
        bitboard line = attacks_line[ksq][from];
        bitboard to = attacks_pawn[us][from] & enemy;
        bitboard step = push_up(BB(from), us) & empty;
        to |= step | (push_up(step & RANK_3_4(us), us) & empty);
        out = add_pawn_moves(out, from, to & line & mask, us);
    }
    return out;
}

static int generate(const struct position *pos, move_t *moves, unsigned types, bitboard targets)
{
    int us = pos->side, them = !us;
    bitboard occ = pos_occupied(pos), own = pos->by_color[us];
    int ksq = pos_king(pos, us);
    bitboard checkers = pos_attackers(pos, ksq, occ) & pos->by_color[them];
    move_t *out = moves;

    if (types & (1u << KING)) {
        bitboard to = attacks_king[ksq] & ~own & targets;
        bitboard rest = occ ^ BB(ksq);
        while (to) {
            int sq = pop_lsb(&to);
            if (!pos_attacked_by(pos, sq, them, rest)) *out++ = move_make(ksq, sq, MOVE_NORMAL, 0);
        }
        if (!checkers && (pos->castling & (us == WHITE ? 3 : 12)))
            out = gen_castling(pos, out, ksq, targets);
    }
    if (more_than_one(checkers)) return (int)(out - moves);

    bitboard mask = targets & ~own;
    if (checkers) mask &= attacks_between[ksq][lsb(checkers)] | checkers;
    bitboard pinned = pinned_pieces(pos, us, ksq, occ);

    if (types & (1u << PAWN)) {
        out = gen_pawns(pos, out, pinned, ksq, mask);
        if (pos->ep != SQ_NONE && (targets & BB(pos->ep))) out = gen_en_passant(pos, out, ksq, occ);
    }
    for (int type = KNIGHT; type <= QUEEN; type++) {
        if (!(types & (1u << type))) continue;
        bitboard pieces = pos_pieces(pos, us, type);
        if (type == KNIGHT) pieces &= ~pinned;
        while (pieces) {
            int from = pop_lsb(&pieces);
            bitboard to = attacks_of(type, from, occ) & mask;
            if (BB(from) & pinned) to &= attacks_line[ksq][from];
            while (to)
                *out++ = move_make(from, pop_lsb(&to), MOVE_NORMAL, 0);
        }
    }
    return (int)(out - moves);
}

int movegen_legal(const struct position *pos, struct move_list *list)
{
    list->count = generate(pos, list->moves, ALL_TYPES, ~(bitboard)0);
    return list->count;
}

int movegen_legal_onto(const struct position *pos, bitboard targets, struct move_list *list)
{
    list->count = generate(pos, list->moves, ALL_TYPES, targets);
    return list->count;
}

/* The moves of knights, bishops, rooks or queens to one square, tested one
 * by one: after the move no slider may see the king and no knight or pawn
 * may give check. Cheaper than generate() when, as in SAN, one or two pieces
 * can reach the square. */
static int pieces_to(const struct position *pos, int type, int to, move_t *out)
{
    int us = pos->side, them = !us;
    bitboard occ = pos_occupied(pos);
    bitboard sources = attacks_of(type, to, occ) & pos_pieces(pos, us, type);
    if (!sources || (pos->by_color[us] & BB(to))) return 0;
    int ksq = pos_king(pos, us), n = 0;
    bitboard jumpers = (attacks_knight[ksq] & pos_pieces(pos, them, KNIGHT)) |
                       (attacks_pawn[us][ksq] & pos_pieces(pos, them, PAWN));
    if (jumpers & ~BB(to)) return 0; /* a knight or pawn gives check and is not taken */
    const bitboard *t = pos->by_type;
    bitboard rooks = (t[ROOK] | t[QUEEN]) & pos->by_color[them] & ~BB(to);
    bitboard bishops = (t[BISHOP] | t[QUEEN]) & pos->by_color[them] & ~BB(to);
    while (sources) {
        int from = pop_lsb(&sources);
        bitboard after = (occ ^ BB(from)) | BB(to);
        if ((attacks_rook(ksq, after) & rooks) || (attacks_bishop(ksq, after) & bishops)) continue;
        out[n++] = move_make(from, to, MOVE_NORMAL, 0);
    }
    return n;
}

/* Is our king safe once `from` moves to `to`, taking whatever stands on
 * `taken` (to, or the en-passant pawn's square)? */
static bool safe_after(const struct position *pos, int ksq, int from, int to, int taken)
{
    int us = pos->side, them = !us;
    bitboard occ = ((pos_occupied(pos) ^ BB(from)) & ~BB(taken)) | BB(to);
    bitboard jumpers = (attacks_knight[ksq] & pos_pieces(pos, them, KNIGHT)) |
                       (attacks_pawn[us][ksq] & pos_pieces(pos, them, PAWN));
    if (jumpers & ~BB(taken)) return false;
    const bitboard *t = pos->by_type;
    bitboard rooks = (t[ROOK] | t[QUEEN]) & pos->by_color[them] & ~BB(taken);
    bitboard bishops = (t[BISHOP] | t[QUEEN]) & pos->by_color[them] & ~BB(taken);
    return !(attacks_rook(ksq, occ) & rooks) && !(attacks_bishop(ksq, occ) & bishops);
}

/* The pawn moves to one square, each tested like pieces_to(). */
static int pawns_to(const struct position *pos, int to, move_t *out)
{
    int us = pos->side, up = us == WHITE ? 8 : -8;
    int rel_rank = us == WHITE ? sq_rank(to) : 7 - sq_rank(to);
    bitboard pawns = pos_pieces(pos, us, PAWN), occ = pos_occupied(pos);
    if (rel_rank < 2 || (pos->by_color[us] & BB(to))) return 0;
    bitboard sources;
    int taken = to, kind = MOVE_NORMAL;
    if (pos->by_color[!us] & BB(to)) {
        sources = attacks_pawn[!us][to] & pawns;
    } else if (to == pos->ep) {
        /* the square behind a pawn that just moved two: only a capture lands there */
        sources = attacks_pawn[!us][to] & pawns;
        taken = to - up;
        kind = MOVE_EN_PASSANT;
    } else {
        sources = pawns & BB(to - up);
        if (rel_rank == 3 && !(occ & BB(to - up))) sources |= pawns & BB(to - 2 * up);
    }
    int ksq = pos_king(pos, us);
    move_t *p = out;
    while (sources) {
        int from = pop_lsb(&sources);
        if (!safe_after(pos, ksq, from, to, taken)) continue;
        if (rel_rank == 7)
            p = add_promotions(p, from, to);
        else
            *p++ = move_make(from, to, kind, 0);
    }
    return (int)(p - out);
}

int movegen_legal_to(const struct position *pos, int type, int to, struct move_list *list)
{
    if (type == PAWN)
        list->count = pawns_to(pos, to, list->moves);
    else if (type >= KNIGHT && type <= QUEEN)
        list->count = pieces_to(pos, type, to, list->moves);
    else
        list->count = generate(pos, list->moves, 1u << type, BB(to));
    return list->count;
}

bool movegen_is_legal(const struct position *pos, move_t m)
{
    int from = move_from(m);
    if (pos->board[from] == NO_PIECE || piece_color(pos->board[from]) != pos->side) return false;
    int type = piece_type(pos->board[from]);
    int to = move_kind(m) == MOVE_CASTLING ? castle_king_dest(from, move_to(m)) : move_to(m);
    struct move_list list;
    movegen_legal_to(pos, type, to, &list);
    for (int i = 0; i < list.count; i++)
        if (list.moves[i] == m) return true;
    return false;
}

bool movegen_gives_check(const struct position *pos, move_t m)
{
    int kind = move_kind(m);
    if (kind == MOVE_CASTLING || kind == MOVE_EN_PASSANT) {
        struct position next = *pos; /* a rook or a vanished pawn: made */
        pos_make_move(&next, m);
        return pos_in_check(&next);
    }
    int us = pos->side, from = move_from(m), to = move_to(m);
    int king = pos_king(pos, us ^ 1);
    bitboard occ = (pos_occupied(pos) & ~BB(from)) | BB(to);
    int type = kind == MOVE_PROMOTION ? move_promotion(m) : piece_type(pos->board[from]);
    bitboard direct = type == PAWN ? attacks_pawn[us][to] : attacks_of(type, to, occ);
    if (direct & BB(king)) return true;
    /* a slider of its side that the move uncovers */
    bitboard mine = pos->by_color[us] & ~BB(from);
    bitboard diagonal = mine & (pos->by_type[BISHOP] | pos->by_type[QUEEN]);
    bitboard straight = mine & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
    return (attacks_bishop(king, occ) & diagonal) || (attacks_rook(king, occ) & straight);
}

bool movegen_has_legal_move(const struct position *pos)
{
    struct move_list list;
    return movegen_legal(pos, &list) > 0;
}

uint64_t movegen_perft(const struct position *pos, int depth)
{
    struct move_list list;
    if (depth <= 0) return 1;
    movegen_legal(pos, &list);
    if (depth == 1) return (uint64_t)list.count;
    uint64_t nodes = 0;
    for (int i = 0; i < list.count; i++) {
        struct position next = *pos;
        pos_make_move(&next, list.moves[i]);
        nodes += movegen_perft(&next, depth - 1);
    }
    return nodes;
}
