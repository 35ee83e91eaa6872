/* Several readings of one game (both players' sheets, two recognisers'
 * outputs: `arbiter fix --group`) fused into one token stream for the
 * search: each input's tokens stand for the ply their move number names,
 * else the one after the token before (never backwards), the inputs
 * aligned by those plies and by how alike their readings are; the tokens
 * of all inputs for one ply become one token with a candidate per input,
 * read in the first input's piece letters. Between the token stage
 * (src/tokens.h) and the search; src/fix_solve.c drives it. */
#ifndef ARBITER_FUSE_H
#define ARBITER_FUSE_H

#include "tokens.h"

G_BEGIN_DECLS

/* Where a candidate of a fused token comes from. */
struct group_source {
    int token, input;
    guint64 line, col;
    const char *text;
    gsize len;
};

/* Fuses the readings games[0..n) (n from 1 to FIX_CANDS_MAX), each read in
 * the language of norms[j], into ts->tokens (emptied first); sources gets
 * one record per candidate of them, translated (emptied first) holds the
 * readings put into the first input's letters. start_ply: the ply the
 * game starts at. */
void fuse_readings(struct token_stage *ts, ArbGame *const *games, ArbNorm *const *norms, guint n,
                   int start_ply, GArray *sources, GStringChunk *translated);

G_END_DECLS

#endif
