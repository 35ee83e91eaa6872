/* Rows a writer wrote twice: on a scoresheet, moves copied into the next
 * row by mistake; in text, a move and its reply written again after a
 * comment or a line end ("17. Ng5 Nf8 18. Ng5 Nf8"). Found among fix's
 * tokens (struct fix_token, src/fix.h) before the search, so that it reads
 * the second copy as a row to drop as well as the moves it spells.
 * Called from src/fix_solve.c. */
#ifndef ARBITER_COPIES_H
#define ARBITER_COPIES_H

#include "fix.h"

G_BEGIN_DECLS

/* Marks the rows of tokens (a GArray of struct fix_token, one input's)
 * written twice (in the tokens of HCS sheet cells when hcs) as such:
 * their tokens get `repeated` and name no ply, the tokens after them name
 * theirs a move earlier (hint_ply, number_shift), the ones they stood for.
 * Returns a copy of the tokens as they were before, or NULL where no row
 * was found (and nothing changed). */
GArray *copies_mark(const ArbConfusion *conf, GArray *tokens, gboolean hcs);

G_END_DECLS

#endif
