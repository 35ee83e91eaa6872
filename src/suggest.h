/* Suggestions for a move that reads but is illegal: the likeliest legal move
 * that fits its text. It sits beside the resolver (src/resolve.h): the token
 * is read through the normaliser and the legal moves decide. `check` uses it
 * to name what was probably meant and to go on replaying from there. */
#ifndef ARBITER_SUGGEST_H
#define ARBITER_SUGGEST_H

#include "normalize.h"

/* The one legal move that fits text[0..len) in pos best: as written with
 * lenient flags (a from-hint no piece fits dropped, a promotion without its
 * piece, "Kg1" for castling), else with the fewest one-field changes of the
 * parsed move (another piece letter, destination file or rank, origin, the
 * capture mark or castling side). FALSE when nothing fits or more than one
 * move fits equally well (the check mark written breaks ties). */
gboolean suggest_move(ArbNorm *norm, const struct position *pos, const char *text, gsize len,
                      move_t *out);

#endif
