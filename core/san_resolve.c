/* struct san to the one legal move it means, or a reason why not: illegal
 * (with what was wrong: "no knight can reach d7", "castling through check")
 * or ambiguous (with the candidates). Only movegen_legal_to() is asked, so a
 * move costs a few attack lookups, not a full generation. */
#include "san.h"

#include "attacks.h"
#include "movegen.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const type_name[] = {"pawn",  "knight", "bishop", "rook",
                                        "queen", "king",   "piece"};

static enum san_status report(struct san_error *err, enum san_status st, int candidates,
                              const char *fmt, ...)
{
    if (!err) return st;
    err->column = 0;
    err->candidates = candidates;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return st;
}

static bool dest_known(const struct san *san)
{
    return san->to_file >= 0 && san->to_rank >= 0 && !san->relative;
}

static bool from_known(const struct san *san)
{
    return san->from_file >= 0 && san->from_rank >= 0 && !san->relative;
}

/* An absolute rank from the text's, which descriptive notation counts from
 * the mover's end. */
static int rank_of(const struct position *pos, const struct san *san, int rank)
{
    return san->relative && pos->side == BLACK ? 7 - rank : rank;
}

/* The squares of the king's (or queen's) bishop of color. */
static bitboard wing_shade(int wing, int color)
{
    return wing == SAN_WING_NONE   ? ~(bitboard)0
           : wing == SAN_WING_KING ? king_bishop_squares(color)
                                   : ~king_bishop_squares(color);
}

static bitboard squares_of(const struct position *pos, const struct san *san, int file, int rank,
                           unsigned files)
{
    bitboard f = 0;
    if (files) {
        for (int k = 0; k < 8; k++)
            if (files & (1u << k)) f |= FILE_BB(k);
    } else {
        f = file >= 0 ? FILE_BB(file) : ~(bitboard)0;
    }
    return f & (rank >= 0 ? RANK_BB(rank_of(pos, san, rank)) : ~(bitboard)0);
}

/* The squares the text allows as destination (all 64 when it says nothing). */
static bitboard dest_set(const struct position *pos, const struct san *san)
{
    return squares_of(pos, san, san->to_file, san->to_rank, san->to_files) &
           wing_shade(san->to_wing, !pos->side);
}

static bitboard from_mask(const struct position *pos, const struct san *san)
{
    return squares_of(pos, san, san->from_file, san->from_rank, san->from_files) &
           wing_shade(san->from_wing, pos->side);
}

static int captured_type(const struct position *pos, move_t m)
{
    if (move_kind(m) == MOVE_EN_PASSANT) return PAWN;
    if (move_kind(m) == MOVE_CASTLING || pos->board[move_to(m)] == NO_PIECE) return NO_TYPE;
    return piece_type(pos->board[move_to(m)]);
}

/* The king's two-square step stands for castling only in coordinate forms
 * ("e1g1", ICCF "5171") or when asked, and never in Chess960, where such a
 * step may be an ordinary king move. */
static bool castling_step_fits(const struct position *pos, const struct san *san, unsigned flags)
{
    if (pos->chess960) return false;
    if (san->piece == NO_TYPE) return from_known(san);
    return san->piece == KING && (flags & SAN_LENIENT_KING_STEP);
}

static bool promotion_fits(const struct san *san, unsigned flags, move_t m)
{
    if (move_kind(m) != MOVE_PROMOTION) return san->promotion == NO_TYPE;
    if (san->promotion == NO_TYPE)
        return (flags & SAN_LENIENT_PROMOTION) && move_promotion(m) == QUEEN;
    return move_promotion(m) == san->promotion;
}

/* A pawn move that names no file to come from and no capture. */
static bool pawn_pushes_only(const struct san *san)
{
    return san->piece == PAWN && san->from_file < 0 && san->capture != SAN_CAPTURE_YES &&
           san->captured == NO_TYPE;
}

static bool fits(const struct position *pos, const struct san *san, unsigned flags, move_t m)
{
    int from = move_from(m);
    if (!(from_mask(pos, san) & BB(from))) return false;
    if (move_kind(m) == MOVE_CASTLING) return castling_step_fits(pos, san, flags);
    if (!promotion_fits(san, flags, m)) return false;
    /* As python-chess: without a from-file, a pawn move is a push ("d5" is
     * never exd5), unless it says it takes ("Pxd5", descriptive "PxP"). */
    if (pawn_pushes_only(san) && sq_file(from) != sq_file(move_to(m))) return false;
    if (san->captured != NO_TYPE && captured_type(pos, m) != san->captured) return false;
    /* descriptive notation always marks a capture: "N-KB3" takes nothing */
    if (san->relative && san->capture == SAN_CAPTURE_NO && pos_is_capture(pos, m)) return false;
    /* With the destination unknown, the capture mark is all that ties the
     * reading down, so it filters; otherwise it is only verified on request. */
    if (!dest_known(san) && san->capture == SAN_CAPTURE_YES && !pos_is_capture(pos, m))
        return false;
    return true;
}

static void add_unique(struct move_list *found, move_t m)
{
    for (int i = 0; i < found->count; i++)
        if (found->moves[i] == m) return;
    found->moves[found->count++] = m;
}

/* Coordinate forms may write castling as king-takes-rook ("e1h1"), as UCI
 * does in Chess960. */
static bool is_castling_by_rook(const struct position *pos, const struct san *san, int to)
{
    if (san->piece != NO_TYPE || !from_known(san)) return false;
    int from = make_sq(san->from_file, san->from_rank);
    return (pos_pieces(pos, pos->side, KING) & BB(from)) &&
           (pos_pieces(pos, pos->side, ROOK) & BB(to));
}

static void add_castling_by_rook(const struct position *pos, const struct san *san, int to,
                                 struct move_list *found)
{
    if (!is_castling_by_rook(pos, san, to)) return;
    int from = make_sq(san->from_file, san->from_rank);
    struct move_list list;
    movegen_legal_to(pos, KING, castle_king_dest(from, to), &list);
    for (int i = 0; i < list.count; i++)
        if (move_kind(list.moves[i]) == MOVE_CASTLING && move_to(list.moves[i]) == to)
            add_unique(found, list.moves[i]);
}

static void collect(const struct position *pos, const struct san *san, unsigned flags,
                    struct move_list *found)
{
    int lo = san->piece == NO_TYPE ? PAWN : san->piece;
    int hi = san->piece == NO_TYPE ? KING : san->piece;
    bitboard dests = dest_set(pos, san);
    struct move_list list;
    found->count = 0;
    while (dests) {
        int to = pop_lsb(&dests);
        for (int type = lo; type <= hi; type++) {
            movegen_legal_to(pos, type, to, &list);
            for (int i = 0; i < list.count; i++)
                if (fits(pos, san, flags, list.moves[i])) add_unique(found, list.moves[i]);
        }
        add_castling_by_rook(pos, san, to, found);
    }
}

/* Our pawns that could move to `to` (push, double push, capture or en
 * passant) if pins and checks did not count. */
static bitboard pawn_sources(const struct position *pos, int to)
{
    int us = pos->side, up = us == WHITE ? 8 : -8;
    int rank = sq_rank(to), rel = us == WHITE ? rank : 7 - rank;
    bitboard pawns = pos_pieces(pos, us, PAWN), occ = pos_occupied(pos), src = 0;
    if (rel >= 2 && !(occ & BB(to))) {
        int one = to - up;
        src |= pawns & BB(one);
        if (rel == 3 && !(occ & BB(one))) src |= pawns & BB(one - up);
    }
    bool enemy = pos->by_color[!us] & BB(to);
    if (rel >= 2 && (enemy || to == pos->ep)) src |= attacks_pawn[!us][to] & pawns;
    return src;
}

/* Our pieces the text allows that could reach `to` if pins and checks did
 * not count: tells "no knight can reach d7" from "the king would be in check". */
static bitboard pseudo_sources(const struct position *pos, const struct san *san, int to)
{
    int lo = san->piece == NO_TYPE ? PAWN : san->piece;
    int hi = san->piece == NO_TYPE ? KING : san->piece;
    bitboard occ = pos_occupied(pos), src = 0;
    for (int type = lo; type <= hi; type++) {
        if (type == PAWN)
            src |= pawn_sources(pos, to);
        else
            src |= attacks_of(type, to, occ) & pos_pieces(pos, pos->side, type);
    }
    src &= from_mask(pos, san);
    if (pawn_pushes_only(san)) src &= FILE_BB(sq_file(to));
    return src;
}

/* " on g1", " on the g-file", " on rank 1" or "", for messages. */
static void hint_text(const struct san *san, char *buf, size_t size)
{
    if (from_known(san))
        snprintf(buf, size, " on %c%c", 'a' + san->from_file, '1' + san->from_rank);
    else if (san->from_file >= 0)
        snprintf(buf, size, " on the %c-file", 'a' + san->from_file);
    else if (san->from_rank >= 0)
        snprintf(buf, size, " on rank %d", san->from_rank + 1);
    else
        buf[0] = 0;
}

static bool has_castling_to(const struct position *pos, int to)
{
    struct move_list list;
    movegen_legal_to(pos, KING, to, &list);
    for (int i = 0; i < list.count; i++)
        if (move_kind(list.moves[i]) == MOVE_CASTLING) return true;
    return false;
}

static bool missing_promotion(const struct position *pos, const struct san *san)
{
    if (san->promotion != NO_TYPE || (san->piece != PAWN && san->piece != NO_TYPE)) return false;
    struct san any = *san;
    any.promotion = QUEEN;
    struct move_list found;
    collect(pos, &any, 0, &found);
    return found.count > 0;
}

static enum san_status explain_illegal(const struct position *pos, const struct san *san,
                                       struct san_error *err)
{
    if (!dest_known(san)) return report(err, SAN_ILLEGAL, 0, "no legal move fits");
    int to = make_sq(san->to_file, san->to_rank), us = pos->side;
    char sq[3], hint[24];
    sq_name(to, sq);
    if (missing_promotion(pos, san))
        return report(err, SAN_ILLEGAL, 0, "a pawn reaching %s must name its promotion piece", sq);
    if (is_castling_by_rook(pos, san, to))
        return report(err, SAN_ILLEGAL, 0, "castling (king takes rook on %s) is not legal", sq);
    if (pos->by_color[us] & BB(to))
        return report(err, SAN_ILLEGAL, 0, "%s holds a %s %s", sq, us == WHITE ? "white" : "black",
                      type_name[piece_type(pos->board[to])]);
    if (san->piece == KING && has_castling_to(pos, to))
        return report(err, SAN_ILLEGAL, 0, "the king reaches %s only by castling: write %s", sq,
                      sq_file(to) == 6 ? "O-O" : "O-O-O");
    if (!pseudo_sources(pos, san, to)) {
        hint_text(san, hint, sizeof hint);
        return report(err, SAN_ILLEGAL, 0, "no %s%s can reach %s", type_name[san->piece], hint, sq);
    }
    if (pos_in_check(pos))
        return report(err, SAN_ILLEGAL, 0, "the move does not get the king out of check");
    if (san->piece == KING)
        return report(err, SAN_ILLEGAL, 0, "the king would be in check on %s", sq);
    return report(err, SAN_ILLEGAL, 0, "the king would be in check");
}

static enum san_status report_ambiguous(const struct move_list *found, struct san_error *err)
{
    char list[64] = "";
    size_t n = 0;
    for (int i = 0; i < found->count && i < 4; i++) {
        char a[3], b[3];
        sq_name(move_from(found->moves[i]), a);
        sq_name(move_to(found->moves[i]), b);
        n += (size_t)snprintf(list + n, sizeof list - n, " %s-%s", a, b);
    }
    return report(err, SAN_AMBIGUOUS, found->count, "ambiguous: %d moves fit:%s%s", found->count,
                  list, found->count > 4 ? " ..." : "");
}

/* Why castling on this side is not legal, in the order a player checks. */
static enum san_status explain_castling(const struct position *pos, int right,
                                        struct san_error *err)
{
    int us = pos->side, ksq = pos_king(pos, us), rsq = pos->castle_rook[right];
    int kdest = castle_king_dest(ksq, rsq), rdest = castle_rook_dest(ksq, rsq);
    bitboard rest = pos_occupied(pos) ^ BB(ksq) ^ BB(rsq);
    bitboard path =
        attacks_between[ksq][kdest] | BB(kdest) | attacks_between[rsq][rdest] | BB(rdest);
    if (pos_in_check(pos)) return report(err, SAN_ILLEGAL, 0, "castling out of check");
    if (path & rest)
        return report(err, SAN_ILLEGAL, 0, "castling blocked: pieces stand in the way");
    if (pos_attacked_by(pos, kdest, !us, rest))
        return report(err, SAN_ILLEGAL, 0, "castling into check");
    return report(err, SAN_ILLEGAL, 0, "castling through check");
}

static enum san_status resolve_castling(const struct position *pos, const struct san *san,
                                        move_t *out, struct san_error *err)
{
    int right = 2 * pos->side + (san->castle == SAN_CASTLE_QUEEN);
    if (!(pos->castling & (1 << right)))
        return report(err, SAN_ILLEGAL, 0, "no %s-side castling right",
                      san->castle == SAN_CASTLE_QUEEN ? "queen" : "king");
    move_t m = move_make(pos_king(pos, pos->side), pos->castle_rook[right], MOVE_CASTLING, 0);
    if (!movegen_is_legal(pos, m)) return explain_castling(pos, right, err);
    *out = m;
    return SAN_OK;
}

static enum san_status verify_marks(const struct position *pos, const struct san *san,
                                    unsigned flags, move_t m, struct san_error *err)
{
    if ((flags & SAN_VERIFY_CAPTURE) && san->capture != SAN_CAPTURE_UNKNOWN &&
        pos_is_capture(pos, m) != (san->capture == SAN_CAPTURE_YES))
        return report(err, SAN_ILLEGAL, 0,
                      san->capture == SAN_CAPTURE_YES ? "marked 'x' but the move captures nothing"
                                                      : "the move captures but has no 'x'");
    if (!(flags & SAN_VERIFY_CHECK) || san->check == SAN_CHECK_UNKNOWN) return SAN_OK;
    char mark = san_check_mark(pos, m)[0];
    bool ok = san->check == SAN_CHECK_NONE    ? mark == 0
              : san->check == SAN_CHECK_CHECK ? mark == '+'
              : san->check == SAN_CHECK_MATE  ? mark == '#'
                                              : mark != 0;
    if (ok) return SAN_OK;
    return report(err, SAN_ILLEGAL, 0,
                  mark == 0     ? "marked as check but the move gives no check"
                  : mark == '+' ? "the move gives check, not mate: its mark is '+'"
                                : "the move mates: its mark is '#'");
}

static enum san_status resolve_move(const struct position *pos, const struct san *san,
                                    unsigned flags, move_t *out, struct san_error *err)
{
    struct move_list found;
    collect(pos, san, flags, &found);
    if (found.count == 0 && (flags & SAN_LENIENT_HINTS) && san->piece != NO_TYPE) {
        struct san loose = *san;
        loose.from_file = loose.from_rank = -1;
        collect(pos, &loose, flags, &found);
        if (found.count != 1) found.count = 0;
    }
    if (found.count == 0) return explain_illegal(pos, san, err);
    if (found.count > 1) return report_ambiguous(&found, err);
    *out = found.moves[0];
    return SAN_OK;
}

enum san_status san_resolve(const struct position *pos, const struct san *san, unsigned flags,
                            move_t *out, struct san_error *err)
{
    *out = MOVE_NONE;
    if (san->is_null) {
        if (pos_in_check(pos))
            return report(err, SAN_ILLEGAL, 0, "a null move (--) while in check");
        *out = MOVE_NULL;
        return SAN_OK;
    }
    enum san_status st = san->castle ? resolve_castling(pos, san, out, err)
                                     : resolve_move(pos, san, flags, out, err);
    if (st == SAN_OK) st = verify_marks(pos, san, flags, *out, err);
    if (st != SAN_OK) *out = MOVE_NONE;
    return st;
}

enum san_status san_read(const struct position *pos, const char *text, size_t len, unsigned flags,
                         move_t *out, struct san_error *err)
{
    struct san san;
    *out = MOVE_NONE;
    enum san_status st = san_parse(text, len, &san, err);
    return st == SAN_OK ? san_resolve(pos, &san, flags, out, err) : st;
}
