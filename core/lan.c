/* Long algebraic notation out: the piece letter, both squares joined by '-'
 * or 'x', the promotion and the check mark. Castling stays O-O/O-O-O. */
#include "notation.h"

static size_t write_move(const struct position *pos, move_t m, char *buf)
{
    int from = move_from(m), type = pos_moving_type(pos, m);
    size_t n = 0;
    if (move_kind(m) == MOVE_CASTLING) return san_write_castling(m, buf);
    if (type != PAWN) buf[n++] = san_piece_letter(type);
    n += (size_t)sq_name(from, buf + n);
    buf[n++] = pos_is_capture(pos, m) ? 'x' : '-';
    n += (size_t)sq_name(move_to(m), buf + n);
    if (move_kind(m) == MOVE_PROMOTION) {
        buf[n++] = '=';
        buf[n++] = san_piece_letter(move_promotion(m));
    }
    return n;
}

size_t lan_write(const struct position *pos, move_t m, char *buf)
{
    if (m == MOVE_NONE || m == MOVE_NULL) {
        buf[0] = buf[1] = '-';
        buf[2] = 0;
        return 2;
    }
    return san_append_check(pos, m, buf, write_move(pos, m, buf));
}
