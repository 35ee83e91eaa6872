/* What the scoresheet cell readers share (src/hcs.c: HCS labels and n-best
 * lines; src/nbest_json.c: n-best JSON): a cell read, its readings ranked,
 * and the game a sheet's cells make. Private to those readers. */
#ifndef ARBITER_CELLS_H
#define ARBITER_CELLS_H

#include "hcs.h"

struct hcs_cell {
    int move, black;
    guint64 line, col;
    const char *label; /* into the valid copy of the text */
    char *others;      /* n-best: the other readings, "text\tcost\t...", or NULL */
};

/* A recogniser's reading of a cell and its score (any positive likelihood). */
struct nbest_reading {
    const char *text;
    double score;
};

/* The text as valid UTF-8, NULs made line ends first; a warning when it
 * was not. */
char *cells_valid_text(const char *text, gsize len, const ArbHcsVisitor *v);

/* Ranks r[0..n) (n >= 1, every score above 0) by score: the best is c's
 * label, the next ones (NBEST_READINGS_MAX in all) its others. */
void cells_rank_readings(struct nbest_reading *r, guint n, struct hcs_cell *c);

/* The game the cells make (sorted into move order, then emptied), its
 * Event "<kind> <name>" unless tags (name, value, ... NULL; may be NULL)
 * name one, handed to v. */
void cells_flush(const ArbHcsVisitor *v, const char *kind, const char *name, GArray *cells,
                 guint64 number, char **tags);

#endif
