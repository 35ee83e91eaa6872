/* Moves written for people: SAN (or the long form) with a language's
 * initials in the capture, promotion, castling and check forms of
 * struct render_form. The SAN that core writes gives the disambiguation; only
 * the letters and marks around it change here. See render.h. */
#include "render.h"

#include "movegen.h"

#include <string.h>

static const char *initial(const ArbLang *lang, int type, gboolean black)
{
    static const char *const english[] = {"P", "N", "B", "R", "Q", "K"};
    return lang ? arb_lang_initial(lang, type, black) : english[type];
}

static void append_square(GString *s, int sq)
{
    g_string_append_c(s, (char)('a' + sq_file(sq)));
    g_string_append_c(s, (char)('1' + sq_rank(sq)));
}

gboolean render_minimal_capture_is_unique(const struct position *pos, move_t m)
{
    if (pos_moving_type(pos, m) != PAWN || !pos_is_capture(pos, m)) return FALSE;
    struct move_list list;
    movegen_legal(pos, &list);
    int from_file = sq_file(move_from(m)), to_file = sq_file(move_to(m)), fits = 0;
    for (int i = 0; i < list.count; i++) {
        move_t o = list.moves[i];
        if (pos_moving_type(pos, o) != PAWN || !pos_is_capture(pos, o)) continue;
        /* promotions to the four pieces are one capture here: the piece is
         * never dropped, so "exd" is not written for them at all */
        if (move_kind(o) == MOVE_PROMOTION && move_promotion(o) != QUEEN) continue;
        fits += sq_file(move_from(o)) == from_file && sq_file(move_to(o)) == to_file;
    }
    return fits == 1;
}

static void append_promotion(GString *s, const struct render_form *form, const char *piece)
{
    static const char *const open[] = {"=", "", "(", "/"};
    g_string_append(s, open[form->promotion < G_N_ELEMENTS(open) ? form->promotion : 0]);
    g_string_append(s, piece);
    if (form->promotion == RENDER_PROMOTION_PAREN) g_string_append_c(s, ')');
}

/* The capture mark that goes between the piece (or from-square) and the
 * destination: "x", ":", or none. */
static const char *mark_before(const struct render_form *form, gboolean capture)
{
    if (!capture) return form->long_form ? "-" : "";
    switch (form->capture) {
    case RENDER_CAPTURE_X: return "x";
    case RENDER_CAPTURE_COLON: return ":";
    default: return form->long_form ? "-" : "";
    }
}

static void append_body(GString *s, const ArbLang *lang, const struct render_form *form,
                        const struct position *pos, move_t m, const struct san *san)
{
    gboolean black = pos->side == BLACK, capture = san->capture == SAN_CAPTURE_YES;
    int from = move_from(m), to = move_to(m);
    if (san->castle != SAN_CASTLE_NONE) {
        const char *o = form->castle_zeros ? "0" : "O";
        g_string_append_printf(s, "%s-%s%s%s", o, o, san->castle == SAN_CASTLE_QUEEN ? "-" : "",
                               san->castle == SAN_CASTLE_QUEEN ? o : "");
        return;
    }
    if (san->piece != PAWN) g_string_append(s, initial(lang, san->piece, black));
    if (san->piece == PAWN && capture && !form->long_form && form->minimal_pawn_captures &&
        san->promotion == NO_TYPE && render_minimal_capture_is_unique(pos, m)) {
        g_string_append_c(s, (char)('a' + sq_file(from)));
        if (form->capture != RENDER_CAPTURE_NONE)
            g_string_append_c(s, form->capture == RENDER_CAPTURE_X ? 'x' : ':');
        g_string_append_c(s, (char)('a' + sq_file(to)));
        return;
    }
    if (form->long_form) {
        append_square(s, from);
    } else {
        if (san->from_file >= 0) g_string_append_c(s, (char)('a' + san->from_file));
        if (san->from_rank >= 0) g_string_append_c(s, (char)('1' + san->from_rank));
    }
    g_string_append(s, mark_before(form, capture));
    append_square(s, to);
    if (san->promotion != NO_TYPE) append_promotion(s, form, initial(lang, san->promotion, black));
    if (capture && form->capture == RENDER_CAPTURE_COLON_AFTER) g_string_append_c(s, ':');
}

gsize render_move_form(const ArbLang *lang, const struct render_form *form,
                       const struct position *pos, move_t m, char *buf, gsize size)
{
    char text[SAN_MAX];
    struct san san;
    san_write(pos, m, text);
    if (m == MOVE_NONE || m == MOVE_NULL || san_parse(text, strlen(text), &san, NULL) != SAN_OK)
        return g_strlcpy(buf, text, size); /* "--": nothing to translate */
    GString *s = g_string_sized_new(RENDER_MAX);
    append_body(s, lang, form, pos, m, &san);
    if (san.check == SAN_CHECK_CHECK) g_string_append(s, form->check ? form->check : "+");
    if (san.check == SAN_CHECK_MATE) g_string_append(s, form->mate ? form->mate : "#");
    gsize n = g_strlcpy(buf, s->str, size);
    g_string_free(s, TRUE);
    return MIN(n, size ? size - 1 : 0);
}

gsize render_move(const ArbLang *lang, enum notation_style style, const struct position *pos,
                  move_t m, char *buf, gsize size)
{
    if (lang && (style == NOTATION_SAN || style == NOTATION_LAN)) {
        struct render_form form = {0};
        form.long_form = style == NOTATION_LAN;
        return render_move_form(lang, &form, pos, m, buf, size);
    }
    char text[NOTATION_MAX];
    notation_write(pos, m, style, text);
    gsize n = g_strlcpy(buf, text, size);
    return MIN(n, size ? size - 1 : 0);
}

gboolean render_parse_target(const ArbLangSet *langs, const char *to, const ArbLang **lang,
                             enum notation_style *style)
{
    *lang = NULL;
    *style = NOTATION_SAN;
    if (!to || !*to || notation_style_from_name(to, style)) return TRUE;
    *lang = arb_lang_set_lookup(langs, to);
    if (*lang && *lang == arb_lang_set_lookup(langs, "figurine")) {
        *lang = NULL;
        *style = NOTATION_FAN;
    }
    return *lang != NULL || *style == NOTATION_FAN;
}
