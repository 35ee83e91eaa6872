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

const char *san_check_mark(const struct position *pos, move_t m)
{
    if (!movegen_gives_check(pos, m)) return ""; /* most moves: no move made */
    struct position next = *pos;
    pos_make_move(&next, m);
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
