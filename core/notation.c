/* One entry point per direction over every exact notation: notation_write()
 * and notation_parse()/notation_read() pick the writer or parser by style.
 * UCI text is turned into a struct san here so its errors match the rest. */
#include "notation.h"

#include "uci.h"

#include <stdio.h>
#include <strings.h>

static const char *const style_names[] = {"san", "lan", "uci", "fan", "iccf", "descriptive"};

const char *notation_style_name(enum notation_style style)
{
    return style_names[style];
}

bool notation_style_from_name(const char *name, enum notation_style *out)
{
    for (int i = 0; i < (int)(sizeof style_names / sizeof style_names[0]); i++) {
        if (strcasecmp(name, style_names[i]) == 0) {
            *out = (enum notation_style)i;
            return true;
        }
    }
    return false;
}

size_t notation_write(const struct position *pos, move_t m, enum notation_style style, char *buf)
{
    switch (style) {
    case NOTATION_SAN: return san_write(pos, m, buf);
    case NOTATION_LAN: return lan_write(pos, m, buf);
    case NOTATION_FAN: return fan_write(pos, m, buf);
    case NOTATION_ICCF: return iccf_write(pos, m, buf);
    case NOTATION_DESCRIPTIVE: return desc_write(pos, m, buf);
    case NOTATION_UCI: break;
    }
    return uci_write(pos, m, buf);
}

static int8_t uci_promotion(char ch)
{
    switch (ch) {
    case 'n': return KNIGHT;
    case 'b': return BISHOP;
    case 'r': return ROOK;
    case 'q': return QUEEN;
    default: return NO_TYPE;
    }
}

static bool uci_square(const char *s, int8_t *file, int8_t *rank)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return false;
    *file = (int8_t)(s[0] - 'a');
    *rank = (int8_t)(s[1] - '1');
    return true;
}

enum san_status notation_parse_uci(const char *text, size_t len, struct san *out,
                                   struct san_error *err)
{
    san_clear(out);
    out->capture = SAN_CAPTURE_UNKNOWN;
    out->check = SAN_CHECK_UNKNOWN;
    if (len == 4 && text[0] == '0' && text[1] == '0' && text[2] == '0' && text[3] == '0') {
        out->is_null = 1;
        return SAN_OK;
    }
    int column = 0;
    if (len != 4 && len != 5)
        column = 1;
    else if (!uci_square(text, &out->from_file, &out->from_rank))
        column = 1;
    else if (!uci_square(text + 2, &out->to_file, &out->to_rank))
        column = 3;
    else if (len == 5 && (out->promotion = uci_promotion(text[4])) == NO_TYPE)
        column = 5;
    if (!column) return SAN_OK;
    if (err) {
        err->column = column;
        err->candidates = 0;
        snprintf(err->message, sizeof err->message,
                 "column %d: a UCI move is two squares and an optional n, b, r or q", column);
    }
    return SAN_INVALID;
}

enum san_status notation_parse(enum notation_style style, const char *text, size_t len,
                               struct san *out, struct san_error *err)
{
    switch (style) {
    case NOTATION_FAN: return fan_parse(text, len, out, err);
    case NOTATION_ICCF: return iccf_parse(text, len, out, err);
    case NOTATION_DESCRIPTIVE: return desc_parse(text, len, out, err);
    case NOTATION_UCI: return notation_parse_uci(text, len, out, err);
    case NOTATION_SAN:
    case NOTATION_LAN: break;
    }
    return san_parse(text, len, out, err);
}

enum san_status notation_read(const struct position *pos, enum notation_style style,
                              const char *text, size_t len, unsigned flags, move_t *out,
                              struct san_error *err)
{
    struct san san;
    *out = MOVE_NONE;
    enum san_status st = notation_parse(style, text, len, &san, err);
    return st == SAN_OK ? san_resolve(pos, &san, flags, out, err) : st;
}
