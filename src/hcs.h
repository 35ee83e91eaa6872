/* The scoresheet label reader behind `fix --from hcs`: HCS training label
 * lines "<game>_<page>_<move>_<white|black>.png <label>" become one game
 * (an ArbGame, as the reader's recorder makes them) per <game>_<page>
 * sheet, its cells in move order; the testing form without a page,
 * "<game>_<move>_<white|black>.png <label>", one game per <game>. The stage before the fix search.
 */
#ifndef ARBITER_HCS_H
#define ARBITER_HCS_H

#include "replay.h"

/* The largest move number a cell may carry; larger ones are read as this. */
enum { HCS_MOVE_MAX = 9999 };

typedef struct {
    /* One sheet read: its game (numbered from 1; owned by the reader and
     * valid during the call) and its name "<game>_<page>". */
    void (*sheet)(ArbGame *game, const char *name, gpointer user_data);
    /* A line that is no label line, or bytes that are not UTF-8 (read as
     * U+FFFD); line is 1-based, 0 for the whole text. */
    void (*warning)(guint64 line, const char *message, gpointer user_data);
    gpointer user_data;
} ArbHcsVisitor;

/* Reads the label lines in text[0..len) (any bytes; a NUL ends a line as a
 * line end does) and calls the visitor per sheet, in the order the sheets
 * first appear, a sheet ending where another begins. */
void hcs_read(const char *text, gsize len, const ArbHcsVisitor *visitor);

/* A recogniser's n-best output, one tab-separated line per move cell:
 *   game <TAB> move number <TAB> w|b|white|black <TAB> reading <TAB> score
 *   [<TAB> reading <TAB> score ...]
 * Scores are positive (probabilities or any likelihoods; only their ratios
 * count); '#' lines and blank lines are skipped. One game per run of lines
 * with the same game id, cells in move order. Each cell's best reading is
 * its move token; the next ones (NBEST_READINGS_MAX in all) follow it as an
 * ARB_COMMENT_NBEST comment "reading\tcost\t...", the cost 100 ln(best
 * score / score), at most NBEST_COST_MAX. */
enum { NBEST_READINGS_MAX = 8, NBEST_COST_MAX = 800 };
void nbest_read(const char *text, gsize len, const ArbHcsVisitor *visitor);

#endif
