/* Moves written for people: SAN with a language's piece initials (a figurine
 * table writes the moving side's figurines), in the forms printed books and
 * score sheets use ("B:e5", "Be5:", "ed", "e8(D)", "Sg1-f3", "0-0", "†"), or
 * one of core's exact notations. The last stage of the pipeline, beside
 * core/notation.h: convert writes with it, the round-trip tests read it back. */
#ifndef ARBITER_RENDER_H
#define ARBITER_RENDER_H

#include "lang.h"
#include "notation.h"

#include <glib.h>

/* Longest text render_move_form() writes, with its NUL: two initials of
 * ARB_LANG_INITIAL_MAX bytes, two squares, marks and a check sign of at
 * most RENDER_MARK_MAX bytes. Longer output is cut at the buffer's size. */
enum { RENDER_MARK_MAX = 12, RENDER_MAX = 2 * ARB_LANG_INITIAL_MAX + 16 + RENDER_MARK_MAX };

enum render_capture {
    RENDER_CAPTURE_X,           /* "Bxe5", "exd5" */
    RENDER_CAPTURE_COLON,       /* "B:e5", "e:d5" */
    RENDER_CAPTURE_COLON_AFTER, /* at the end of the move: "Be5:", "ed5:", "ed1=D:" */
    RENDER_CAPTURE_NONE         /* "Be5", "ed5"; in the long form "Td3-d7" */
};

enum render_promotion {
    RENDER_PROMOTION_EQUALS, /* "e8=Q" */
    RENDER_PROMOTION_PLAIN,  /* "e8Q" */
    RENDER_PROMOTION_PAREN,  /* "e8(Q)" */
    RENDER_PROMOTION_SLASH   /* "e8/Q" */
};

/* How to write a move. The zero value is the PGN export form. */
struct render_form {
    guint8 capture;   /* enum render_capture */
    guint8 promotion; /* enum render_promotion */
    /* Both squares, '-' between them for a quiet move: "Sg1-f3", "e2-e4". */
    gboolean long_form;
    /* A pawn capture by its files only, "exd" or "ed", where no other pawn
     * capture joins the same two files (written in full otherwise). A colon
     * goes between the files ("e:d") whichever capture style is asked for. */
    gboolean minimal_pawn_captures;
    gboolean castle_zeros; /* "0-0", "0-0-0" */
    /* Signs for check and mate (at most RENDER_MARK_MAX bytes); NULL: "+", "#". */
    const char *check, *mate;
};

/* Writes m (legal in pos) in the given form with lang's initials (NULL:
 * English) into buf of size bytes; returns the length written. */
gsize render_move_form(const ArbLang *lang, const struct render_form *form,
                       const struct position *pos, move_t m, char *buf, gsize size);

/* Writes m in style: with a language (lang not NULL), SAN and LAN use its
 * initials; UCI, ICCF and FAN, and every style without a language, are core's
 * writers. Returns the length written. */
gsize render_move(const ArbLang *lang, enum notation_style style, const struct position *pos,
                  move_t m, char *buf, gsize size);

/* Is m a pawn capture that "exd" names alone (no other legal pawn capture
 * from the same file to the same file)? */
gboolean render_minimal_capture_is_unique(const struct position *pos, move_t m);

/* Reads a --to argument: a notation (san, lan, uci, fan, iccf) or a language
 * code (the figurine table meaning FAN). NULL or empty is SAN. Sets *lang
 * (NULL for the core notations) and *style; FALSE when `to` is neither. */
gboolean render_parse_target(const ArbLangSet *langs, const char *to, const ArbLang **lang,
                             enum notation_style *style);

#endif
