/* fix's move prior: which legal move players tend to choose, learned from
 * real games by tools/learn-prior (lang/prior.tsv, compiled in). It only
 * breaks near-ties between readings of a damaged token: its costs are small
 * and capped. Three parts: how often a piece on a square moved to another
 * when it could, by game phase; an opening book; and factors for a move's
 * kind (a recapture, a capture up, even or down, a quiet move) and for
 * moving to a square the opponent attacks. */
#ifndef ARBITER_PRIOR_H
#define ARBITER_PRIOR_H

#include "position.h"

#include <glib.h>

typedef struct _ArbPrior ArbPrior;

/* Reads a prior in lang/prior.tsv's format; origin names it in errors. */
ArbPrior *prior_new_from_data(const char *data, gsize len, const char *origin, GError **error);
/* The compiled-in prior (path NULL) or the one in a file. */
ArbPrior *prior_load(const char *path, GError **error);
void prior_free(ArbPrior *prior);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ArbPrior, prior_free)

/* How many book positions and move rows it holds. */
gsize prior_book_positions(const ArbPrior *prior);

/* Is pos a book position (seen in enough games to use the book)? */
gboolean prior_in_book(const ArbPrior *prior, const struct position *pos);

/* The natural log of the prior probability of each of the n legal moves of
 * pos (they need not be all of them: the probabilities are normalised over
 * every legal move); last is the move that led to pos, MOVE_NONE if not
 * known (taking the piece that just moved is a kind of its own). */
void prior_log_probs(const ArbPrior *prior, const struct position *pos, move_t last,
                     const move_t *moves, int n, double *out);

/* Costs in confusion units (CONF_UNIT a plain edit): weight * (log p of
 * the likeliest legal move - log p of the move), at most cap. */
void prior_costs(const ArbPrior *prior, const struct position *pos, move_t last,
                 const move_t *moves, int n, double weight, int cap, int *out);

/* The same with the legal moves of pos given (all of them, as
 * movegen_legal lists them), or against some of them only: the likeliest
 * of those, p as if no other move were legal (fix weighs a token's
 * readings against each other so). */
void prior_costs_among(const ArbPrior *prior, const struct position *pos, move_t last,
                       const move_t *legal, int n_legal, const move_t *moves, int n, double weight,
                       int cap, int *out);

#endif
