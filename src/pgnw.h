/* The PGN writer: the last stage of the pipeline. Takes a game as a stream of
 * events (tags, moves already rendered as text, comments, NAGs, variations,
 * result) and writes it in the PGN standard's export format. */
#ifndef ARBITER_PGNW_H
#define ARBITER_PGNW_H

#include <glib.h>
#include <stdbool.h>

/* Export format keeps lines to at most this many characters. */
enum { PGNW_LINE_MAX = 79 };

typedef struct pgnw ArbPgnWriter;

ArbPgnWriter *pgnw_new(void);
void pgnw_free(ArbPgnWriter *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ArbPgnWriter, pgnw_free)

void pgnw_begin_game(ArbPgnWriter *w);
/* Tags are held until the first movetext event: the Seven Tag Roster comes
 * first in its order (missing ones as "?"), then the others as given. A tag
 * given twice keeps its last value. */
void pgnw_tag(ArbPgnWriter *w, const char *name, const char *value);
/* A move already rendered; `fullmove` and `color` (0 white, 1 black) of the
 * position it is played from give the move number. */
void pgnw_move(ArbPgnWriter *w, int fullmove, int color, const char *text);
void pgnw_nag(ArbPgnWriter *w, int nag);
void pgnw_comment(ArbPgnWriter *w, const char *text);
void pgnw_begin_variation(ArbPgnWriter *w);
void pgnw_end_variation(ArbPgnWriter *w);
/* Ends the game: writes the result token ("1-0", "0-1", "1/2-1/2" or "*"),
 * which also becomes the Result tag if no tags were written yet. */
void pgnw_end_game(ArbPgnWriter *w, const char *result);

/* The text written so far; pgnw_take() hands it over and starts afresh. */
const GString *pgnw_text(const ArbPgnWriter *w);
char *pgnw_take(ArbPgnWriter *w, gsize *len);

#endif
