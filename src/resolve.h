/* The resolver: the stage that looks at the board. Given a raw move token and
 * the position, it asks the normaliser for every reading and lets the legal
 * moves decide: the cheapest readings that fit exactly one legal move win. */
#ifndef ARBITER_RESOLVE_H
#define ARBITER_RESOLVE_H

#include "normalize.h"

struct resolve_answer {
    enum san_status status; /* SAN_OK, or why not: invalid, illegal, ambiguous */
    move_t move;            /* when SAN_OK */
    int cost;               /* guesses the reading that won needed (0: as written) */
    int check;              /* the check mark the text gave (enum san_check) */
    int nag;                /* a suffix annotation on the token ("e4!?"), or 0 */
    char message[160];      /* why not, for the error line */
};

void resolve_token(ArbNorm *norm, const struct position *pos, const char *text, gsize len,
                   struct resolve_answer *out);

/* The move resolve_token answers at cost 0 from readings r[0..n) (as
 * norm_readings gives them, cheapest first), or MOVE_NONE: for a caller that
 * asks about one token in many positions and reads it once. The fast path
 * for plain English SAN is the caller's to try first. */
move_t resolve_exact(const struct position *pos, const struct norm_reading *r, int n);

#endif
