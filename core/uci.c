/* UCI move text in and out. */
#include "uci.h"

#include "movegen.h"

#include <string.h>

size_t uci_write(const struct position *pos, move_t m, char *buf)
{
    int from = move_from(m), to = move_to(m);
    size_t n = 0;
    if (m == MOVE_NONE || m == MOVE_NULL) {
        memcpy(buf, "0000", 5);
        return 4;
    }
    if (move_kind(m) == MOVE_CASTLING && !pos->chess960) to = castle_king_dest(from, to);
    n += (size_t)sq_name(from, buf + n);
    n += (size_t)sq_name(to, buf + n);
    if (move_kind(m) == MOVE_PROMOTION) buf[n++] = "pnbrqk"[move_promotion(m)];
    buf[n] = 0;
    return n;
}

static int square_at(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return SQ_NONE;
    return make_sq(s[0] - 'a', s[1] - '1');
}

move_t uci_parse(const struct position *pos, const char *text, size_t len)
{
    if (len < 4 || len > 5) return MOVE_NONE;
    int from = square_at(text), to = square_at(text + 2);
    if (from == SQ_NONE || to == SQ_NONE) return MOVE_NONE;
    int promo = NO_TYPE;
    if (len == 5) {
        switch (text[4]) {
        case 'n': promo = KNIGHT; break;
        case 'b': promo = BISHOP; break;
        case 'r': promo = ROOK; break;
        case 'q': promo = QUEEN; break;
        default: return MOVE_NONE;
        }
    }
    int piece = pos->board[from];
    if (piece == NO_PIECE || piece_color(piece) != pos->side) return MOVE_NONE;
    /* (a king's move may be castling, spelt with the rook's square or the
     * king's: all of its moves are looked at; another piece's land on to) */
    struct move_list list;
    if (piece_type(piece) == KING)
        movegen_legal(pos, &list);
    else
        movegen_legal_to(pos, piece_type(piece), to, &list);
    /* In Chess960 "b1c1" may be a king step or castling to c1: the step wins,
     * since UCI writes Chess960 castling as king-takes-rook. */
    move_t by_king_dest = MOVE_NONE;
    for (int i = 0; i < list.count; i++) {
        move_t m = list.moves[i];
        if (move_from(m) != from) continue;
        if (move_kind(m) == MOVE_CASTLING) {
            if (promo == NO_TYPE && move_to(m) == to) return m;
            if (promo == NO_TYPE && castle_king_dest(from, move_to(m)) == to) by_king_dest = m;
            continue;
        }
        if (move_to(m) != to) continue;
        if (move_kind(m) == MOVE_PROMOTION ? move_promotion(m) == promo : promo == NO_TYPE)
            return m;
    }
    return by_king_dest;
}
