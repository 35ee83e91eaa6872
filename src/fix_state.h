/* The state of one `arbiter fix` run (struct fix_cmd), shared by the
 * command (src/cmd_fix.c), the games it solves (src/fix_solve.c), its XML
 * report (src/fix_report.c) and its PGN output (src/fix_pgn.c); private to
 * them. */
#ifndef ARBITER_FIX_STATE_H
#define ARBITER_FIX_STATE_H

#include "cmd_fix.h"

#include "decisions.h"
#include "engine.h"
#include "fix.h"
#include "fuse.h"
#include "judge.h"
#include "lang.h"
#include "mend.h"
#include "normalize.h"
#include "pgnw.h"
#include "prior.h"
#include "render.h"
#include "replay.h"

#include <libxml/xmlwriter.h>

/* A variation read as a line of its own: the events of its '(' and ')'
 * and what the search made of the tokens between (variations nested in it
 * are lines of their own too). */
struct var_line {
    guint open, close;
    /* the event of the last token of the move it plays another way, when
     * that is not the move right before it ("2. Nf3 Nc6 (2. Bc4 Bc5)"): it
     * is written after that move; G_MAXUINT where it stands */
    guint anchor;
    GArray *tokens; /* struct fix_token */
    struct fix_result res;
};

enum { FIXERS_HELD = 3 };
/* --engine auto: the year the rating list began (fc->builtin_elo) */
#define FIX_AUTO_YEAR 1970

struct fix_cmd {
    ArbLangSet *langs;
    const ArbLang *english, *figurines;
    ArbNorm **norms;
    ArbFixer **fixers; /* one per language, made when first needed */
    /* per language: when its fixer was last asked for (fixer_asks then),
     * 0 if not since fix_cmd_trim_fixers() trimmed it */
    guint64 *fixer_used, fixer_asks;
    guint n_norms;
    guint *lang_order; /* norms, the more common languages first (otherwise in order) */
    int forced;        /* index of --from LANG, or -1 */
    ArbConfusion *conf;
    struct mend_reading mend; /* norms and conf, for mend.c */
    ArbPrior *prior;          /* NULL when --prior-weight is 0 */
    double prior_weight;
    const ArbLang *to_lang;
    enum notation_style to_style;
    double min_confidence;
    gboolean no_comments, hcs, nbest; /* --from hcs, --from nbest */
    ArbPgnWriter *writer;
    FILE *out, *err;
    xmlTextWriterPtr report;
    xmlBufferPtr report_buf; /* the report in memory (fix_cmd_open_report(NULL)) */
    char *report_why;        /* libxml2's first message on writing it, or NULL */
    FILE *report_file;       /* the report's file (report_writer_open()) */
    const char *file_name;
    GArray *tokens;      /* struct fix_token */
    GStringChunk *glued; /* texts of tokens joined across a ';' (one game's) */
    /* guint8 per event of the game: PROSE_WORD for text that is no move
     * (written back as a comment where it stood), else 0 */
    GArray *prose;
    /* per event of the game fix_pgn.c writes: a step of the path played a
     * move read from it (played_events()); NULL but while writing one */
    const guint8 *played;
    /* struct var_line: the game's variations read as lines of their own
     * (solve_variations()) */
    GArray *variations;
    gboolean in_variation;     /* what is written is a variation's */
    gboolean said_better_lang; /* check_forced_language()'s note was written */
    ArbGame *pending;          /* the last game read, held for its continuation */
    ArbGame *flat;             /* scratch: a game with its variations as main line */
    gboolean has_pending;
    struct fix_result res;
    GPtrArray *collect;       /* --group: the games read are kept here (ArbGame), not fixed */
    GPtrArray *sheet_names;   /* with collect, for --group of one HCS file: each sheet's name */
    GArray *sources;          /* --group: struct group_source per candidate of fc->tokens */
    GStringChunk *translated; /* --group: readings put into the first input's letters */
    const int *group_langs;   /* --group: each input's language */
    GHashTable *seen;         /* with --report: a game's tags or first plies -> its id */
    GString *pairs;           /* "first second reason" lines for the report */
    int games, unresolved, corrected, failed;
    double expected_wrong; /* with --report: the games' (fix_report_game()), summed */
    gboolean io_error;     /* writing the report failed */
    int out_errno;     /* why writing the PGN first failed, 0: it has not */
    /* --decisions: all of them, this game's as fixed points, errors found */
    const char *decisions_path;
    GArray *decisions;
    const struct decision *game_decisions;
    guint n_game_decisions;
    GArray *points; /* struct fix_point */
    int start_ply;  /* of the game being fixed */
    int decision_errors;
    /* --engine: it, how it judges, this game's verdicts; engine_failed when
     * it failed during the run (said on err; the exit status is 2); with
     * builtin, the built-in search judges instead, on the thread that
     * solved the game, with fresh the fixer whose last run read fc->tokens
     * (judging needs no second read then) */
    ArbEngine *engine;
    gboolean builtin;
    /* with builtin, only games both players rated this high, or neither
     * rated and played before FIX_AUTO_YEAR (auto); 0 all */
    int builtin_elo;
    ArbFixer *fresh;
    struct judge_options judge;
    GArray *verdicts; /* struct judge_verdict */
    gboolean engine_failed;
    /* the progress bar on err (fix_cmd_show_progress): shown now, when the
     * run began and the bar was last drawn, the size of the file being read
     * (0: not known) */
    gboolean progress, progress_shown;
    gint64 progress_start, progress_tick;
    guint64 input_size, input_done; /* input_done: where the last game fixed ends */
    /* stdin, when its first bytes were read to sniff its format (they are
     * still there to read); NULL: stdin untouched */
    GInputStream *stdin_in;
    /* --jobs: the options again (for the workers' copies), the games
     * handed to them so far, and the workers' queue of games and messages
     * (struct fix_job), written in order; alternatives: a worker's fixers
     * give the report's next-best moves */
    int jobs;
    struct fix_cmd_options options;
    guint64 submitted;
    GThreadPool *pool;
    GAsyncQueue *idle; /* the workers' copies not in use */
    GQueue *queue;
    GMutex jobs_lock;
    GCond jobs_done;
    gboolean alternatives;
    gboolean borrowed; /* a worker's copy: langs, conf and prior are main's */
    /* the input read again line by line for the report's source text
     * (decompressed where it is compressed), its line number and last line */
    GDataInputStream *source;
    guint64 source_line;
    char *source_buf;
};

/* What a variation's writing or report puts aside: the line it is in
 * (fix_cmd_enter_variation()). */
struct var_swap {
    GArray *tokens, *verdicts;
    struct fix_result res;
    guint n_decisions;
    gboolean in_variation;
};

/* What solving a game found, before the engine judges it and it is written:
 * with the moves in fc->res and fc->tokens. */
struct solved {
    int lang;
    gboolean no_start; /* the moves cannot be played: a bad FEN, a fragment */
    struct position start;
    char message[240]; /* why, when no_start */
    /* with --from LANG, when most of the game's moves needed a correction
     * and another language reads far more of them as written: it, and how
     * many moves each reads before the first it cannot (else -1); or, where
     * the text is damaged, whose piece initials many more tokens start with
     * (better_moves -1): how many tokens each language's initials begin */
    int better_lang, better_moves, forced_moves;
    int better_letters, forced_letters;
};

/* ---- src/cmd_fix.c: the command ---- */

/* err, the progress bar cleared first: every message goes through this. */
FILE *fix_cmd_err(struct fix_cmd *fc);
/* Redraws the progress bar after game (now and then). */
void fix_cmd_draw_progress(struct fix_cmd *fc, const ArbGame *game);

/* ---- src/fix_solve.c: one game solved, and the steps as the writers read them ---- */

/* An array of struct var_line that frees their contents. */
GArray *fix_cmd_var_lines_new(void);
/* This game's decisions (--decisions) as fixed points of the search. */
void fix_cmd_set_fixed_points(struct fix_cmd *fc, const struct position *start);
/* Game number fc->games read and searched (on a worker with --jobs), into
 * fc->res and fc->tokens; returns the game the result is for: game, or
 * fc->flat. */
const ArbGame *fix_cmd_solve_game(struct fix_cmd *fc, const ArbGame *game, struct solved *sv);
/* Trims (fixer_trim()) the fixers that read a game, all but the
 * FIXERS_HELD asked for last: the games of a file in many languages would
 * otherwise make every language's fixer as big as its longest game (on
 * 800 games in 40 languages, 320 MB); trimming after every game the
 * fixers of the language a game was not solved in, where two languages
 * alternate (a figurine game now and then among German ones), made the
 * heap grow by half again. */
void fix_cmd_trim_fixers(struct fix_cmd *fc);
/* Where another game opens inside game, just solved (fix_cmd_solve_game(),
 * its result; game the one it returned), its first moves read from the
 * start position far cheaper than the game's path read them: the index of
 * the event it opens at, or 0. */
guint fix_cmd_game_opens_at(struct fix_cmd *fc, const ArbGame *game, const struct solved *sv);
/* A UCI engine's verdicts on a solved game, then its PGN, report and
 * counts: always on the main thread, in input order. */
void fix_cmd_write_solved(struct fix_cmd *fc, const ArbGame *game, const struct solved *sv);
/* --group: fixes the games collected from n inputs (game i of each read
 * as one), reporting them as one input called by the inputs' names joined
 * (a name given twice once). */
void fix_cmd_solve_group(struct fix_cmd *fc, GPtrArray *const *games, int n,
                         const char *const *names);
/* Decisions for games the input does not have: errors. */
void fix_cmd_check_unknown_games(struct fix_cmd *fc);
/* Why a game was cut (fc->res unresolved), as the comment holding its
 * rest, the report and the message on stderr say it. */
const char *fix_cmd_cut_why(const struct fix_cmd *fc);
/* What step s read, as the comments quote it. */
char *fix_cmd_read_text(const struct fix_cmd *fc, const ArbGame *game, const struct fix_step *s);
/* The cell a step put a move in that the sheet holds another row's move
 * in (struct fix_token.misplaced), or NULL. */
const struct fix_token *fix_cmd_misplaced_cell(const struct fix_cmd *fc, const struct fix_step *s);
/* With n-best input, the recogniser's reading of step s's cell that is
 * its move as SAN writes it, when the best is not (*rank: its number, from
 * 2); else NULL. */
const struct fix_cand *fix_cmd_nbest_reading(const struct fix_cmd *fc, const struct fix_step *s,
                                             int *rank);
/* Where token t stands in game's text, and its length in characters. */
void fix_cmd_token_extent(const struct fix_cmd *fc, const ArbGame *game, int t, guint64 *line,
                          guint64 *col, guint64 *chars);
/* Where token t was read: in game, or with --group in its first input. */
void fix_cmd_token_place(const struct fix_cmd *fc, const ArbGame *game, int t, guint64 *line,
                         guint64 *col);
/* The ply step s is played from, 0-based from the first position of any game. */
int fix_cmd_ply_before(const struct fix_step *s);
/* Step s's ply counted from the game's start, 1-based (the report's). */
int fix_cmd_step_ply(const struct fix_cmd *fc, const struct fix_step *s);
/* Did the reviewer choose step s's move (--decisions)? */
gboolean fix_cmd_is_reviewed(const struct fix_cmd *fc, const struct fix_step *s);
/* Step s's confidence as fix writes and weighs it: the chance that its
 * move is right, from the share the search worked out (s->confidence,
 * which the judging weighs: judge.h's JUDGE_MIN_SHARE) by the confusion
 * table's [calibration]. */
double fix_cmd_confidence(const struct fix_cmd *fc, const struct fix_step *s);
/* Below --min-confidence and not decided. */
gboolean fix_cmd_needs_review(const struct fix_cmd *fc, const struct fix_step *s);
/* The engine's verdict at step s, if it judged the move s plays. */
const struct judge_verdict *fix_cmd_verdict_of(const struct fix_cmd *fc, const struct fix_step *s);
/* Makes line the one fc writes and reports, *was what to put back. */
void fix_cmd_enter_variation(struct fix_cmd *fc, struct var_line *line, struct var_swap *was);
void fix_cmd_leave_variation(struct fix_cmd *fc, const struct var_swap *was);
/* --group: does this input's reading give exactly the move step s plays? */
gboolean fix_cmd_supports(struct fix_cmd *fc, const struct group_source *src, int lang,
                          const struct fix_step *s);

/* ---- src/fix_report.c: the XML report ---- */

/* <input name=...> around the games of one input (or group), and its end;
 * nothing without a report. */
void fix_report_begin_input(struct fix_cmd *fc, const char *name);
void fix_report_end_input(struct fix_cmd *fc);
/* The game just solved (fc->res, fc->tokens, fc->variations) as <game>;
 * start NULL for one with no position to play from, reported unresolved
 * with why. */
void fix_report_game(struct fix_cmd *fc, const ArbGame *game, int lang, const char *status,
                     const struct position *start, const char *why);
/* Remembers the game just fixed, to offer it as the pair of a later one
 * that may be another reading of it. */
void fix_report_note_pairs(struct fix_cmd *fc, const ArbGame *game);

/* ---- src/fix_pgn.c: the PGN ---- */

/* The game just solved, as PGN export format on fc->writer; no_start:
 * its moves cannot be played (why), written as read in a comment. */
void fix_pgn_write_game(struct fix_cmd *fc, const ArbGame *game, int lang, gboolean no_start,
                        const char *why);
/* The game fused from n inputs (--group), with what each wrote. */
void fix_pgn_write_group_game(struct fix_cmd *fc, ArbGame *const *games, guint n, const int *langs);

#endif
