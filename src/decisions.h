/* The reviewer's decisions file: what `arbiter review`'s page writes and
 * `arbiter fix --decisions` reads back as fixed points of the search. One
 * decision a line, tab-separated: game id (the report's game/@id), ply (the
 * report's move/@ply), the chosen move in UCI, and the source token's
 * line:col ("-" for a move that was not written). Blank lines and lines
 * starting with '#' are skipped. */
#ifndef ARBITER_DECISIONS_H
#define ARBITER_DECISIONS_H

#include <glib.h>

struct decision {
    guint64 game; /* 1-based, over the whole run */
    int ply;      /* 1-based from the game's start position */
    char uci[8];
    guint64 line, col; /* 0 when "-" */
    int file_line;     /* where it stands in the decisions file */
};

/* Reads path into a GArray of struct decision sorted by game then ply; a
 * later line for the same game and ply replaces the earlier one. NULL with
 * error set (naming file and line) when a line is malformed. */
GArray *decisions_load(const char *path, GError **error);

/* The decisions of one game: *n of them from the returned one (NULL when
 * none). */
const struct decision *decisions_for_game(const GArray *all, guint64 game, guint *n);

#endif
