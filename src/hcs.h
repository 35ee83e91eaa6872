/* The scoresheet cell readers behind `fix --from hcs` and `--from nbest`:
 * HCS training label lines "<game>_<page>_<move>_<white|black>.png <label>"
 * become one game (an ArbGame, as the reader's recorder makes them) per
 * <game>_<page> sheet, its cells in move order; the testing form without a
 * page, "<game>_<move>_<white|black>.png <label>", one game per <game>; a
 * recogniser's n-best output, as tab-separated lines or JSON, one game per
 * game id. The stage before the fix search.
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
    /* A line that is no label line, a cell that is malformed, or bytes that
     * are not UTF-8 (read as U+FFFD); line and col (in characters) are
     * 1-based, 0 when not known (line 0: the whole text). */
    void (*warning)(guint64 line, guint64 col, const char *message, gpointer user_data);
    /* Text that cannot be read at all (JSON that does not parse): nothing
     * of it is read; the reader returns FALSE. May be NULL. */
    void (*error)(guint64 line, guint64 col, const char *message, gpointer user_data);
    gpointer user_data;
} ArbHcsVisitor;

/* Reads the label lines in text[0..len) (any bytes; a NUL ends a line as a
 * line end does) and calls the visitor per sheet, in the order the sheets
 * first appear, a sheet ending where another begins. Returns TRUE. */
gboolean hcs_read(const char *text, gsize len, const ArbHcsVisitor *visitor);

/* A recogniser's n-best output, one tab-separated line per move cell:
 *   game <TAB> move number <TAB> w|b|white|black <TAB> reading <TAB> score
 *   [<TAB> reading <TAB> score ...]
 * Scores are positive (probabilities or any likelihoods; only their ratios
 * count); '#' lines and blank lines are skipped. One game per run of lines
 * with the same game id, cells in move order. Each cell's best reading is
 * its move token; the next ones (NBEST_READINGS_MAX in all) follow it as an
 * ARB_COMMENT_NBEST comment "reading\tcost\t...", the cost 100 ln(best
 * score / score) (hundredths of a nat; the token stage weighs it at the
 * confusion table's temperature), at most NBEST_COST_MAX. */
enum { NBEST_READINGS_MAX = 8, NBEST_COST_MAX = 800 };
/* Text that is JSON (nbest_is_json()) is read by nbest_json_read(); FALSE
 * when it does not parse. */
gboolean nbest_read(const char *text, gsize len, const ArbHcsVisitor *visitor);

/* The same cells as JSON (README: "n-best JSON"): an object with an array
 * "games", an array of games, or one game; a game is an object with
 * "cells", an array of cells, and optionally "id" (a string or a number;
 * else its place, from 1) and "tags" (PGN tags, string values); a cell is
 * an object with "move" (from 1), "side" ("w", "b", "white", "black") and
 * "readings", an array of [text, score] pairs or {"text", "score"}
 * objects. Other members are ignored. A malformed cell is a warning at its
 * line and column, the others read; JSON that does not parse, or nests
 * deeper than NBEST_JSON_DEPTH, is an error and nothing is read (FALSE). */
enum { NBEST_JSON_DEPTH = 32 };
gboolean nbest_json_read(const char *text, gsize len, const ArbHcsVisitor *visitor);

/* Does text[0..len) look like JSON: its first character not blank '{', or
 * '[' with '{', '[' or ']' next? */
gboolean nbest_is_json(const char *text, gsize len);

#endif
