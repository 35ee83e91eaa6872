/* Mending a damaged game's shape before `arbiter fix` reads it: a game
 * the reader ended too early (a move number misread "1", a stray '*' read
 * as a result, a diagram between two parts) joined with the part after it,
 * a game the reader did not end split where the next one opens (its "1."
 * misread), and the marks of variations that are none (a '(' that was a misread c or
 * a stray mark) dropped so that their moves are main line. */
#ifndef ARBITER_MEND_H
#define ARBITER_MEND_H

#include "confusion.h"
#include "normalize.h"
#include "replay.h"

/* What a part's first moves are read with, to see whether they open a
 * game: the languages, and the look-alikes a scan reads for a move's
 * characters ("o4" for c4). */
struct mend_reading {
    ArbNorm *const *norms;
    guint n_norms;
    const ArbConfusion *conf;
};

/* Does after, the game the reader read next, go on with before (see
 * mend.c for the cases)? */
gboolean mend_continues(const ArbGame *before, const ArbGame *after,
                        const struct mend_reading *reading);

/* Is before, a game of no tags and no result, a book's sentence that
 * introduces after, the game the reader read next, on its line or the
 * line before ("Carlsen won round 3. 1. e4 e5": the reader ended a game
 * at the "1." after the "3")? after has no tags and opens at move 1. */
gboolean mend_introduces(const ArbGame *before, const ArbGame *after,
                         const struct mend_reading *reading);
/* out (cleared) made before's text as one comment, then after's events. */
void mend_with_introduction(const ArbGame *before, const ArbGame *after, ArbGame *out);

/* Where, in a game with no tags, another game opens after a blank line
 * with its "1." lost or misread ("7 e4 e5" / "2 Nf3 Nc6" / "3 Bb5"), or
 * at a line's start after 30 moves with "2" and "3" written next or
 * moves that read, as reading reads them, as a game's first; or, in
 * text with no move numbers, at a line's start where its first moves
 * read as a game's first and those before do not go on into it (mend.c):
 * the index of its first event past from (the moves before it counted
 * from there, and from 0 with moves_before more: those of the game it
 * goes on, mend_continues()), or 0. The reader starts a game at a blank
 * line only before "1." (or a look-alike with its dot). */
guint mend_next_game_at(const ArbGame *game, guint from, int moves_before,
                        const struct mend_reading *reading);

/* How many of game's move tokens from event k on read in norm, one after
 * another, as a game's first moves (3 at most; a look-alike in a square
 * forgiven, mend.c): does a game open there? */
int mend_plies_from_start(const ArbGame *game, guint k, ArbNorm *norm, const ArbConfusion *conf);
/* game, read by the reader as one, as the games it holds where it is text
 * of move lists with no move numbers, a game a line ("e2e4 e7e5 g1f3"),
 * split where mend_next_game_at() splits such text (and nowhere else:
 * convert and check, which read no damage, split it so); NULL where it
 * splits nowhere. The parts are the array's (mend_game_part()). */
GPtrArray *mend_split_listed(const ArbGame *game, const struct mend_reading *reading);

/* A part of a game split at mend_next_game_at() made whole: the ends of
 * variations opened before it dropped, those open at its end closed there. */
void mend_balance_variations(ArbGame *part);

/* Events [from, to) of game as a game of its own (a part split off where
 * another game opens), its variations balanced; only the last part keeps
 * the reader's failure, whose cut is at the game's end. */
ArbGame *mend_game_part(const ArbGame *game, guint from, guint to);

/* game ended in "0-0" read as a double forfeit and goes on in the next
 * part: that was castling, a move again. */
void mend_castling_again(ArbGame *game);

/* Drops the marks of the variations of game: all of them, or only those
 * that are none (closed by the reader at the game's end, opened right
 * after a move number, written inside words, or going on from the main
 * line). A mark written against a word stays on it where it may be text's
 * (its ')' against a word of four letters or more), or with text, game's
 * text read as no moves, always. */
void mend_drop_variations(ArbGame *game, gboolean all, gboolean text);

#endif
