/* A small UCI client: `arbiter fix --engine PATH` asks a chess engine
 * (stockfish) how good each of a few near-tied candidate moves is, at low
 * depth. The engine runs as a child process on pipes; every answer is waited
 * for with a deadline, so a dead or silent engine is an error, never a hang. */
#ifndef ARBITER_ENGINE_H
#define ARBITER_ENGINE_H

#include "position.h"

#include <glib.h>

G_BEGIN_DECLS

/* A mate score: ENGINE_MATE - plies for the side to move mating, its
 * negation for being mated; every centipawn score lies well inside. */
#define ENGINE_MATE 100000

typedef struct _ArbEngine ArbEngine;

/* Starts the engine at path (a name without '/' is looked up on PATH) and
 * waits for uciok and readyok, each within timeout_ms. NULL with error set,
 * naming the path, when it is not found, exits or is no UCI engine. */
ArbEngine *engine_start(const char *path, int timeout_ms, GError **error);

/* Sends quit, waits a moment, kills the engine if it is still there. */
void engine_free(ArbEngine *engine);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ArbEngine, engine_free)

/* Tells the engine a new game starts (it may clear its hash). */
gboolean engine_new_game(ArbEngine *engine, GError **error);

/* Scores the best `best` of moves[0..n) (legal in pos, n <= 64) by a
 * search to depth among them only: cp[i] in centipawns from the side to
 * move's view, or ENGINE_MATE-based. has[i] is FALSE for a move the engine
 * gave no score for (one not among the best). FALSE with error set when the
 * engine dies, answers nothing in time or scores no move. */
gboolean engine_score(ArbEngine *engine, const struct position *pos, const move_t *moves, int n,
                      int best, int depth, int *cp, gboolean *has, GError **error);

G_END_DECLS

#endif
