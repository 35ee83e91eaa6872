/* `arbiter fix` without its command line: what cmd_fix() runs, open to the
 * fuzz harness (tests/fuzz), which drives it on inputs held in memory. One
 * ArbFixCmd holds the loaded tables; each run (begin .. close_report) writes
 * the PGN to one FILE and counts its games afresh. */
#ifndef ARBITER_CMD_FIX_H
#define ARBITER_CMD_FIX_H

#include <glib.h>
#include <stdio.h>

typedef struct fix_cmd ArbFixCmd;

/* The options of the command line; NULL strings take the defaults. */
struct fix_cmd_options {
    const char *from, *to, *lang_dir, *confusion;
    double min_confidence;
    gboolean no_comments;
    double prior_weight; /* of the move prior; 0: off */
    /* --engine: a UCI engine judges doubtful moves (NULL: off) */
    const char *engine;
    int engine_depth;      /* 0: the default */
    double engine_weight;  /* confusion units per pawn; 0: the default */
    double engine_timeout; /* seconds per answer; 0: the default */
    /* games solved on this many threads at once (0 or 1: on the caller's),
     * written in input order: the output is the same for any number */
    int jobs;
};

struct fix_counts {
    int games, corrected, unresolved;
    int failed;    /* errors the reader reported (a cut game, a limit) */
    int out_errno; /* why writing the output first failed (errno), 0: it has not */
};

/* Loads the tables; NULL, with a message on err, on a bad option or table. */
ArbFixCmd *fix_cmd_new(const struct fix_cmd_options *options, FILE *err);
void fix_cmd_free(ArbFixCmd *fc);

/* Starts a run: PGN to out, messages to err, the counts from 0. */
void fix_cmd_begin(ArbFixCmd *fc, FILE *out, FILE *err);
/* The run's XML report (schema src/fix-report.rng): to the file path, or
 * into memory when path is NULL. */
gboolean fix_cmd_open_report(ArbFixCmd *fc, const char *path);
/* Reads and fixes one input: a file, or stdin for "-". FALSE on an I/O error
 * (said on err). */
gboolean fix_cmd_read_file(ArbFixCmd *fc, const char *path);
/* The same for an input held in memory, called name in messages and the
 * report. */
void fix_cmd_read_data(ArbFixCmd *fc, const char *name, const char *data, gsize len);
/* --group on inputs held in memory: game i of each of the n inputs (at
 * most 8) are readings of one game. */
void fix_cmd_read_group_data(ArbFixCmd *fc, const char *const *names, const char *const *data,
                             const gsize *lens, int n);
/* A progress bar on err while inputs are read (on), or none and the one
 * shown cleared (off); messages clear it before they are written. */
void fix_cmd_show_progress(ArbFixCmd *fc, gboolean on);
/* Ends the report (when one is open); a report in memory goes to *text
 * (g_free it). FALSE when writing the report failed. */
gboolean fix_cmd_close_report(ArbFixCmd *fc, double seconds, char **text);
void fix_cmd_counts(const ArbFixCmd *fc, struct fix_counts *counts);

#endif
