/* ICCF numeric notation, the correspondence-chess form: "5254" is e2-e4,
 * a fifth digit names the promotion piece (1 queen, 2 rook, 3 bishop,
 * 4 knight), castling is written as the king's move. */
#include "notation.h"

static const int promotion_digit[] = {0, 4, 3, 2, 1, 0}; /* by piece type */
static const int8_t promotion_of_digit[] = {NO_TYPE, QUEEN, ROOK, BISHOP, KNIGHT};

size_t iccf_write(const struct position *pos, move_t m, char *buf)
{
    size_t n = 0;
    if (m == MOVE_NONE || m == MOVE_NULL) {
        for (; n < 4; n++)
            buf[n] = '0';
        buf[n] = 0;
        return n;
    }
    int from = move_from(m), to = move_to(m);
    /* Standard castling as the king's move; in Chess960 the king may not
     * move at all, so king-takes-rook is the one unambiguous spelling. */
    if (move_kind(m) == MOVE_CASTLING && !pos->chess960) to = castle_king_dest(from, to);
    buf[n++] = (char)('1' + sq_file(from));
    buf[n++] = (char)('1' + sq_rank(from));
    buf[n++] = (char)('1' + sq_file(to));
    buf[n++] = (char)('1' + sq_rank(to));
    if (move_kind(m) == MOVE_PROMOTION) buf[n++] = (char)('0' + promotion_digit[move_promotion(m)]);
    buf[n] = 0;
    return n;
}

enum san_status iccf_parse(const char *text, size_t len, struct san *out, struct san_error *err)
{
    san_clear(out);
    out->capture = SAN_CAPTURE_UNKNOWN;
    out->check = SAN_CHECK_UNKNOWN;
    if (len == 4 && text[0] == '0' && text[1] == '0' && text[2] == '0' && text[3] == '0') {
        out->is_null = 1;
        return SAN_OK;
    }
    if (len != 4 && len != 5)
        return san_invalid(err, 1, "an ICCF move has 4 or 5 digits, not %zu characters", len);
    int8_t digit[5] = {0};
    for (size_t i = 0; i < len && i < sizeof digit; i++) {
        int max = i == 4 ? 4 : 8;
        if (text[i] < '1' || text[i] > '0' + max)
            return san_invalid(err, (int)i + 1, "expected a digit 1-%d", max);
        digit[i] = (int8_t)(text[i] - '1');
    }
    out->from_file = digit[0];
    out->from_rank = digit[1];
    out->to_file = digit[2];
    out->to_rank = digit[3];
    if (len == 5) out->promotion = promotion_of_digit[digit[4] + 1];
    return SAN_OK;
}
