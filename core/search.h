/* A small search that judges a few candidate moves without an outside
 * engine: alpha-beta over the legal moves to a fixed depth (a check near
 * the root costs none), then captures, and quiet checks at the first ply,
 * until the position is quiet, scored by material, pawn structure, where
 * the pieces stand and what they reach, and the king's cover. It sees a
 * piece left hanging, a mate in one or two, a pawn that runs through, a
 * back-rank mate behind a check; nothing deeper. */
#ifndef ARBITER_SEARCH_H
#define ARBITER_SEARCH_H

#include "position.h"

/* A mate score: SEARCH_MATE - plies for the side to move mating, its
 * negation for being mated; every material score lies well inside. */
enum { SEARCH_MATE = 100000 };

/* The score of each of moves[0..n) (legal in pos) once played, in
 * centipawns from the view of the side to move in pos: depth plies are
 * searched in full after the move (a reply that checks, before the sixth
 * ply, costs none), then captures and promotions, at the first ply past
 * the depth the quiet checks too, and every reply to a check. Each move's
 * search stops widening after node_limit positions (0: no limit) and
 * scores what is left by material. */
void search_score_moves(const struct position *pos, const move_t *moves, int n, int depth,
                        long node_limit, int *cp);

/* The same where only the moves within window centipawns of the best
 * matter (window > 0): moves[0] is scored in full, each other move only as
 * far as whether it comes within window of the best scored before it.
 * exact[i] says whether cp[i] is its score; where not, it is a bound, and
 * the move's score is cp[i] or less, window or more below the best. The
 * moves in window are scored as search_score_moves() scores them, far
 * fewer positions looked at for the others. */
void search_score_within(const struct position *pos, const move_t *moves, int n, int depth,
                         long node_limit, int window, int *cp, bool *exact);

#endif
