/* A legal move to SAN exactly as the PGN export form: disambiguation by file,
 * else rank, else both, counting only legal moves; "x", "=Q", "+"/"#";
 * castling as O-O/O-O-O in standard chess and Chess960 alike. */
#include "san.h"

#include "attacks.h"
#include "movegen.h"

char san_piece_letter(int type)
{
    return "PNBRQK"[type];
}

/* Does m give check? 1 or 0, worked out on the board for a plain move or
 * a promotion (the piece on its new square, or a slider it uncovers); -1
 * for castling and en passant, which take the move made. */
static int gives_check(const struct position *pos, move_t m)
{
    int kind = move_kind(m);
    if (kind == MOVE_CASTLING || kind == MOVE_EN_PASSANT) return -1;
    int us = pos->side, them = us ^ 1, from = move_from(m), to = move_to(m);
    int king = pos_king(pos, them);
    bitboard occ = (pos_occupied(pos) & ~(1ULL << from)) | 1ULL << to;
    int type = kind == MOVE_PROMOTION ? move_promotion(m) : piece_type(pos->board[from]);
    bitboard direct = type == PAWN ? attacks_pawn[us][to] : attacks_of(type, to, occ);
    if (direct & 1ULL << king) return 1;
    bitboard mine = pos->by_color[us] & ~(1ULL << from);
    bitboard diagonal = mine & (pos->by_type[BISHOP] | pos->by_type[QUEEN]);
    bitboard straight = mine & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
    if ((attacks_bishop(king, occ) & diagonal) || (attacks_rook(king, occ) & straight)) return 1;
    return 0;
}

const char *san_check_mark(const struct position *pos, move_t m)
{
    if (!gives_check(pos, m)) return ""; /* most moves: no move made */
    struct position next = *pos;
    pos_make_move(&next, m);
    if (!pos_in_check(&next)) return "";
    return movegen_has_legal_move(&next) ? "+" : "#";
}

/* What the from-square must add so that no other legal move of the same
 * piece type to the same square fits: nothing, the file, the rank or both. */
static size_t write_disambiguation(const struct position *pos, move_t m, int type, char *buf)
{
    struct move_list list;
    int from = move_from(m);
    bool clash = false, same_file = false, same_rank = false;
    /* no other piece of the type even attacks the square: most moves */
    bitboard rivals = attacks_of(type, move_to(m), pos_occupied(pos)) &
                      pos_pieces(pos, pos->side, type) & ~(1ULL << from);
    if (!rivals) return 0;
    movegen_legal_to(pos, type, move_to(m), &list);
    for (int i = 0; i < list.count; i++) {
        int other = move_from(list.moves[i]);
        if (other == from || move_kind(list.moves[i]) == MOVE_CASTLING) continue;
        clash = true;
        same_file |= sq_file(other) == sq_file(from);
        same_rank |= sq_rank(other) == sq_rank(from);
    }
    size_t n = 0;
    if (clash && (!same_file || same_rank)) buf[n++] = (char)('a' + sq_file(from));
    if (clash && same_file) buf[n++] = (char)('1' + sq_rank(from));
    return n;
}

size_t san_write_castling(move_t m, char *buf)
{
    const char *text = move_to(m) > move_from(m) ? "O-O" : "O-O-O";
    size_t n = 0;
    for (; text[n]; n++)
        buf[n] = text[n];
    return n;
}

static size_t write_body(const struct position *pos, move_t m, char *buf)
{
    int from = move_from(m), type = pos_moving_type(pos, m);
    bool capture = pos_is_capture(pos, m);
    size_t n = 0;
    if (move_kind(m) == MOVE_CASTLING) return san_write_castling(m, buf);
    if (type == PAWN) {
        if (capture) buf[n++] = (char)('a' + sq_file(from));
    } else {
        buf[n++] = san_piece_letter(type);
        n += write_disambiguation(pos, m, type, buf + n);
    }
    if (capture) buf[n++] = 'x';
    n += (size_t)sq_name(move_to(m), buf + n);
    if (move_kind(m) == MOVE_PROMOTION) {
        buf[n++] = '=';
        buf[n++] = san_piece_letter(move_promotion(m));
    }
    return n;
}

size_t san_write(const struct position *pos, move_t m, char *buf)
{
    if (m == MOVE_NONE || m == MOVE_NULL) {
        buf[0] = buf[1] = '-';
        buf[2] = 0;
        return 2;
    }
    return san_append_check(pos, m, buf, write_body(pos, m, buf));
}

size_t san_append_check(const struct position *pos, move_t m, char *buf, size_t n)
{
    for (const char *mark = san_check_mark(pos, m); *mark; mark++)
        buf[n++] = *mark;
    buf[n] = 0;
    return n;
}
