/* arbiter fix: reads damaged game scores (OCR, handwriting recognition,
 * HCS label files) and writes the game that was played as PGN export format,
 * every change explained in a comment and, with --report, in an XML report
 * (schema src/fix-report.rng). This is the command: its options, the inputs
 * (sniffed, read, grouped), the games handed to the workers (--jobs) and
 * written in order. Each game is solved in src/fix_solve.c, searched by
 * src/fix.c and written by src/fix_pgn.c and src/fix_report.c, all sharing
 * the command's state through src/fix_state.h. */
#include "cmd_fix.h"
#include "cli.h"
#include "commands.h"
#include "compressed.h"
#include "outputs.h"
#include "report.h"
#include "fix_state.h"

#include "decisions.h"
#include "fix.h"
#include "hcs.h"
#include "mend.h"
#include "pgnw.h"
#include "progress.h"
#include "render.h"
#include "replay.h"

#include <errno.h>
#include <gio/gunixinputstream.h>
#include <libxml/xmlwriter.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIX_PRIOR_WEIGHT  0.1
#define FIX_ENGINE_DEPTH  8
#define FIX_SEARCH_DEPTH  2 /* the built-in search's (core/search.h) */
#define FIX_ENGINE_WEIGHT 0.5
/* the built-in search's: on the tuning sets (tools/tune-sets) 0.5, 0.6,
 * 0.7, 0.8 and 1.0 left 416, 413, 414, 417 and 429 wrong moves; on the
 * fresh sets 0.6 left 684 where 0.5 left 692 */
#define FIX_SEARCH_WEIGHT  0.6
#define FIX_ENGINE_TIMEOUT 10
/* --min-confidence: 0.9, as CLARIFICATIONS.md has it: a move marked is one
 * more likely than one in ten to be wrong. On corpus/fix-sample (5% noise)
 * the marks fall on 0.20% of the moves and hold 8 of the 19 wrong ones;
 * below 0.995 on 2.6% and hold 16 (tests/meson.build's fix-sample) */
#define FIX_MIN_CONFIDENCE 0.9
/* --engine auto: the built-in search judges a game whose players are both
 * rated this high (or neither rated, before FIX_AUTO_YEAR): it settled
 * more of the archive's master games right and fewer of lichess's
 * club-level ones (README) */
#define FIX_AUTO_ELO 2200
#define AUTO_ELO     G_STRINGIFY(FIX_AUTO_ELO) /* (for --help) */
#define AUTO_YEAR    G_STRINGIFY(FIX_AUTO_YEAR)
#define FIX_JOBS_MAX 8    /* the default --jobs at most */
#define SNIFF_BYTES  4096 /* of each file sniff_sheets() reads */

/* --jobs: games read ahead of the one being written, per worker */
enum { JOBS_AHEAD = 4 };

/* ---- messages and progress ---------------------------------------------------- */

/* err, the progress bar cleared first: every message goes through this. */
FILE *fix_cmd_err(struct fix_cmd *fc)
{
    if (fc->progress_shown) progress_clear(fc->err);
    fc->progress_shown = FALSE;
    return fc->err;
}

/* Redraws the progress bar after game, five times a second at most, from a
 * second into the run: how far into the file the games fixed reach when its
 * size is known (offsets in the text as decoded: a file in another charset
 * than UTF-8 may run past its size, and then only the count shows), the
 * games fixed and their rate. */
void fix_cmd_draw_progress(struct fix_cmd *fc, const ArbGame *game)
{
    if (game->events->len)
        fc->input_done =
            g_array_index(game->events, struct game_event, game->events->len - 1).offset;
    gint64 now = g_get_monotonic_time();
    if (!fc->progress || now - fc->progress_start < G_USEC_PER_SEC ||
        now - fc->progress_tick < G_USEC_PER_SEC / 5)
        return;
    fc->progress_tick = now;
    double secs = (double)(now - fc->progress_start) / G_USEC_PER_SEC;
    g_autofree char *name = g_path_get_basename(fc->file_name ? fc->file_name : "-");
    progress_draw(fc->err, name, fc->input_done, fc->input_size, (guint64)fc->games, secs);
    fc->progress_shown = TRUE;
}

void fix_cmd_show_progress(struct fix_cmd *fc, gboolean on)
{
    fc->progress = on;
    fc->progress_start = g_get_monotonic_time();
    if (!on) fix_cmd_err(fc);
}

/* --group: the game read is kept, to be read with the others' games. */
static void keep_game(struct fix_cmd *fc, const ArbGame *game)
{
    ArbGame *copy = game_new();
    copy->number = game->number;
    copy->first_line = game->first_line;
    copy->failed = game->failed;
    game_append(copy, game);
    g_ptr_array_add(fc->collect, copy);
}

/* Solves game; where another game opens inside it (fix_cmd_game_opens_at():
 * a game whose result and the next one's tags were lost, its "1." too
 * damaged for mend_next_game_at()), solves the part before that instead,
 * *part, and gives the rest, *rest, to be solved next as a game of its own
 * (both the caller's, else NULL). Returns the game the result is for. */
static const ArbGame *solve_part(struct fix_cmd *fc, const ArbGame *game, struct solved *sv,
                                 ArbGame **part, ArbGame **rest)
{
    *part = *rest = NULL;
    const ArbGame *solved = fix_cmd_solve_game(fc, game, sv);
    guint at = fix_cmd_game_opens_at(fc, solved, sv);
    if (!at) return solved;
    *part = mend_game_part(solved, 0, at);
    *rest = mend_game_part(solved, at, solved->events->len);
    return fix_cmd_solve_game(fc, *part, sv);
}

static void fix_game(struct fix_cmd *fc, const ArbGame *game)
{
    if (fc->collect) {
        keep_game(fc, game);
        return;
    }
    ArbGame *rest = NULL;
    while (game) {
        fc->games++;
        struct solved sv;
        ArbGame *part, *next;
        const ArbGame *solved = solve_part(fc, game, &sv, &part, &next);
        fix_cmd_write_solved(fc, solved, &sv);
        fix_cmd_trim_fixers(fc);
        if (part) game_free(part);
        if (rest) game_free(rest);
        game = rest = next;
    }
}

/* ---- --jobs: games solved on worker threads, written in input order ---------- */

/* A game given to the workers, or a message of the reader's that waits
 * for the games before it to be written. */
struct fix_job {
    ArbGame *game, *flat; /* flat: the game read again without its variations */
    /* where another game opened inside it (solve_part()): the part solved,
     * and the job the rest was solved in, written after this one */
    ArbGame *part;
    struct fix_job *next;
    char *message;  /* a message job: only this, for err */
    guint64 number; /* fc->games when it is written */
    struct solved sv;
    struct fix_result res;
    GArray *tokens, *prose, *verdicts, *variations;
    GStringChunk *glued;
    gboolean done; /* under fc->jobs_lock */
};

/* Frees job and the jobs chained to it. */
static void job_free(struct fix_job *job)
{
    while (job) {
        struct fix_job *next = job->next;
        if (job->game) game_free(job->game);
        if (job->part) game_free(job->part);
        if (job->flat) game_free(job->flat);
        if (job->res.steps) g_array_free(job->res.steps, TRUE);
        if (job->tokens) g_array_free(job->tokens, TRUE);
        if (job->prose) g_array_free(job->prose, TRUE);
        if (job->verdicts) g_array_free(job->verdicts, TRUE);
        if (job->variations) g_array_free(job->variations, TRUE);
        if (job->glued) g_string_chunk_free(job->glued);
        g_free(job->message);
        g_free(job);
        job = next;
    }
}

/* Trades the arrays a game's solution is in between a command and a job. */
static void trade(struct fix_cmd *fc, struct fix_job *job)
{
    GArray *tokens = fc->tokens, *prose = fc->prose, *verdicts = fc->verdicts;
    GArray *variations = fc->variations;
    GStringChunk *glued = fc->glued;
    fc->tokens = job->tokens, fc->prose = job->prose, fc->glued = job->glued;
    fc->verdicts = job->verdicts, fc->variations = job->variations;
    job->tokens = tokens, job->prose = prose, job->glued = glued, job->verdicts = verdicts;
    job->variations = variations;
}

static struct fix_job *job_new(guint64 number);

/* A worker: solves job on an idle copy of the command (its own tables and
 * fixers) and hands the result over in the job's arrays; each game split
 * off its rest (solve_part()) in a job chained to it. */
static void work(gpointer data, gpointer user_data)
{
    struct fix_job *job = data, *into = job;
    struct fix_cmd *fc = user_data, *w = g_async_queue_pop(fc->idle);
    w->games = (int)job->number;
    for (const ArbGame *game = job->game;;) {
        ArbGame *rest;
        const ArbGame *solved = solve_part(w, game, &into->sv, &into->part, &rest);
        if (solved == w->flat) { /* into->flat is NULL */
            into->flat = w->flat;
            w->flat = NULL;
        }
        GArray *steps = into->res.steps; /* empty */
        into->res = w->res;
        w->res.steps = steps;
        trade(w, into);
        fix_cmd_trim_fixers(w);
        if (!rest) break;
        into = into->next = job_new(into->number + 1);
        into->game = rest;
        game = rest;
        w->games++;
    }
    g_async_queue_push(fc->idle, w);
    g_mutex_lock(&fc->jobs_lock);
    job->done = TRUE;
    g_cond_broadcast(&fc->jobs_done);
    g_mutex_unlock(&fc->jobs_lock);
}

/* Writes the job at the head of the queue, which is done, and the jobs
 * chained to it. A game split before it made its number, which decisions
 * are keyed by, one too low: with decisions it is solved again here. */
static void write_job(struct fix_cmd *fc, struct fix_job *job)
{
    if (job->message) {
        fputs(job->message, fix_cmd_err(fc));
        return;
    }
    if (fc->decisions && job->number != (guint64)fc->games + 1) {
        fix_game(fc, job->game);
        return;
    }
    for (; job; job = job->next) {
        fc->games++;
        GArray *steps = fc->res.steps;
        fc->res = job->res;
        job->res.steps = steps;
        trade(fc, job);
        fix_cmd_set_fixed_points(fc, &job->sv.start);
        fix_cmd_write_solved(fc,
                             job->flat   ? job->flat
                             : job->part ? job->part
                                         : job->game,
                             &job->sv);
    }
}

/* Writes the jobs at the head of the queue that are done, waiting for the
 * head while the queue holds more than keep. */
static void write_done_jobs(struct fix_cmd *fc, guint keep)
{
    for (;;) {
        struct fix_job *job = g_queue_peek_head(fc->queue);
        if (!job) return;
        g_mutex_lock(&fc->jobs_lock);
        while (!job->done && fc->queue->length > keep)
            g_cond_wait(&fc->jobs_done, &fc->jobs_lock);
        gboolean done = job->done;
        g_mutex_unlock(&fc->jobs_lock);
        if (!done) return;
        g_queue_pop_head(fc->queue);
        write_job(fc, job);
        job_free(job);
    }
}

static struct fix_cmd *fix_cmd_make(const struct fix_cmd_options *options, FILE *err,
                                    const struct fix_cmd *main);

/* The workers and their copies of the command, made for the first game. */
static void start_jobs(struct fix_cmd *fc)
{
    fc->idle = g_async_queue_new();
    for (int i = 0; i < fc->jobs; i++) {
        struct fix_cmd *w = fix_cmd_make(&fc->options, fc->err, fc);
        w->decisions = fc->decisions; /* read only; fc frees it */
        w->alternatives = fc->report != NULL;
        g_async_queue_push(fc->idle, w);
    }
    fc->pool = g_thread_pool_new(work, fc, fc->jobs, FALSE, NULL);
}

static void stop_jobs(struct fix_cmd *fc)
{
    if (!fc->pool) return;
    write_done_jobs(fc, 0);
    g_thread_pool_free(fc->pool, FALSE, TRUE);
    for (int i = 0; i < fc->jobs; i++) {
        struct fix_cmd *w = g_async_queue_pop(fc->idle);
        w->decisions = NULL;
        fix_cmd_free(w);
    }
    g_async_queue_unref(fc->idle);
    fc->pool = NULL;
    fc->idle = NULL;
}

/* A job for game number number, its arrays empty. */
static struct fix_job *job_new(guint64 number)
{
    struct fix_job *job = g_new0(struct fix_job, 1);
    job->number = number;
    job->res.steps = g_array_new(FALSE, FALSE, sizeof(struct fix_step));
    job->tokens = g_array_new(FALSE, FALSE, sizeof(struct fix_token));
    job->prose = g_array_new(FALSE, TRUE, 1);
    job->verdicts = g_array_new(FALSE, FALSE, sizeof(struct judge_verdict));
    job->variations = fix_cmd_var_lines_new();
    job->glued = g_string_chunk_new(256);
    return job;
}

/* Hands the pending game to the workers. */
static void submit_pending(struct fix_cmd *fc)
{
    if (!fc->pool) start_jobs(fc);
    struct fix_job *job = job_new(++fc->submitted);
    job->game = fc->pending;
    fc->pending = NULL;
    g_queue_push_tail(fc->queue, job);
    g_thread_pool_push(fc->pool, job, NULL);
    write_done_jobs(fc, (guint)fc->jobs * JOBS_AHEAD);
}

static void flush_pending(struct fix_cmd *fc)
{
    if (!fc->has_pending) return;
    fc->has_pending = FALSE;
    mend_drop_variations(fc->pending, FALSE, FALSE);
    if (fc->jobs > 1 && !fc->collect)
        submit_pending(fc);
    else
        fix_game(fc, fc->pending);
}

/* Holds each game until the next one shows whether the reader split it:
 * joins, whether game goes on with the game held (mend_continues(); never
 * a part fix split off itself). */
static void take_part(struct fix_cmd *fc, const ArbGame *game, gboolean joins)
{
    if (joins) {
        mend_castling_again(fc->pending);
        game_append(fc->pending, game);
        return;
    }
    flush_pending(fc);
    if (!fc->pending) fc->pending = game_new();
    game_clear(fc->pending);
    fc->pending->number = game->number;
    fc->pending->first_line = game->first_line;
    fc->pending->failed = game->failed;
    game_append(fc->pending, game);
    fc->has_pending = TRUE;
}

/* The event past the last result of the game held where the words the
 * reader joined to it begin, if they are a heading or sentence before
 * game's "1." (mend_introduces()): "1-0 / Round 5, Oslo 1. e4". Else 0. */
static guint heading_after_result(struct fix_cmd *fc, const ArbGame *game)
{
    const ArbGame *held = fc->pending;
    guint at = 0;
    for (guint k = held->events->len; k-- > 0 && !at;)
        if (g_array_index(held->events, struct game_event, k).kind == EV_RESULT) at = k + 1;
    if (!at || at >= held->events->len || !game_has_event(held, EV_MOVE)) return 0;
    g_autoptr(ArbGame) tail = mend_game_part(held, at, held->events->len);
    return mend_introduces(tail, game, &fc->mend) ? at : 0;
}

/* take_part() for each game that opens inside game, its "1." damaged
 * (mend_next_game_at()), the first of them joinable: counted on from the
 * game held, which it goes on when the reader split that only at damage
 * ("1|..." for "11..." in a game in columns, the part after it too short
 * to hold another game's opening). */
static void take_game(struct fix_cmd *fc, const ArbGame *game)
{
    /* a heading the game held took in after its result is game's */
    guint heading_at = fc->has_pending ? heading_after_result(fc, game) : 0;
    if (heading_at) {
        g_autoptr(ArbGame) held = mend_game_part(fc->pending, 0, heading_at);
        g_autoptr(ArbGame) heading =
            mend_game_part(fc->pending, heading_at, fc->pending->events->len);
        fc->has_pending = FALSE;
        take_part(fc, held, FALSE);
        take_part(fc, heading, FALSE);
    }
    /* a sentence before the game's "1." is its first comment */
    if (fc->has_pending && mend_introduces(fc->pending, game, &fc->mend)) {
        g_autoptr(ArbGame) whole = game_new();
        mend_with_introduction(fc->pending, game, whole);
        fc->has_pending = FALSE;
        take_game(fc, whole);
        return;
    }
    gboolean joins = fc->has_pending && mend_continues(fc->pending, game, &fc->mend);
    int before =
        joins && !game_has_event(fc->pending, EV_TAG) ? game_count_events(fc->pending, EV_MOVE) : 0;
    guint from = 0, at = mend_next_game_at(game, 0, before, &fc->mend);
    if (!at) {
        take_part(fc, game, joins);
        return;
    }
    for (;;) {
        g_autoptr(ArbGame) part = mend_game_part(game, from, at ? at : game->events->len);
        take_part(fc, part,
                  !from && fc->has_pending && mend_continues(fc->pending, part, &fc->mend));
        if (!at) return;
        from = at;
        at = mend_next_game_at(game, from, 0, &fc->mend);
    }
}

static void on_game(ArbGame *game, const ArbGameSummary *summary, gpointer ud)
{
    take_game(ud, game);
}

static void on_problem(const ArbProblem *p, gpointer ud)
{
    struct fix_cmd *fc = ud;
    if (p->severity == ARB_PROBLEM_ERROR) fc->failed++;
    char *text = g_strdup_printf(
        "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": %s%s\n", fc->file_name, p->line, p->col,
        p->severity == ARB_PROBLEM_ERROR ? "error: " : "warning: ", p->message);
    if (fc->queue && fc->queue->length) { /* after the games before it */
        struct fix_job *job = g_new0(struct fix_job, 1);
        job->message = text;
        job->done = TRUE;
        g_queue_push_tail(fc->queue, job);
        return;
    }
    fputs(text, fix_cmd_err(fc));
    g_free(text);
}

/* ---- HCS labels ------------------------------------------------------------------- */

static void on_sheet(ArbGame *game, const char *name, gpointer ud)
{
    struct fix_cmd *fc = ud;
    if (fc->collect && fc->sheet_names) g_ptr_array_add(fc->sheet_names, g_strdup(name));
    fix_game(fc, game);
}

/* "FILE:LINE[:COL]: KIND: message" (no line: the whole file). */
static void cells_message(struct fix_cmd *fc, guint64 line, guint64 col, const char *kind,
                          const char *message)
{
    FILE *err = fix_cmd_err(fc);
    fprintf(err, "%s", fc->file_name);
    if (line) fprintf(err, ":%" G_GUINT64_FORMAT, line);
    if (line && col) fprintf(err, ":%" G_GUINT64_FORMAT, col);
    fprintf(err, ": %s: %s\n", kind, message);
}

static void on_hcs_warning(guint64 line, guint64 col, const char *message, gpointer ud)
{
    cells_message(ud, line, col, "warning", message);
}

static void on_hcs_error(guint64 line, guint64 col, const char *message, gpointer ud)
{
    cells_message(ud, line, col, "error", message);
}

/* FALSE when the text cannot be read at all (JSON that does not parse). */
static gboolean fix_hcs_text(struct fix_cmd *fc, const char *text, gsize len)
{
    const ArbHcsVisitor visitor = {on_sheet, on_hcs_warning, on_hcs_error, fc};
    return fc->nbest ? nbest_read(text, len, &visitor) : hcs_read(text, len, &visitor);
}

/* The input named path (stdin for "-"), decompressed where its first
 * bytes say so (*was: what they said); NULL after saying why. stdin
 * sniffed for sheets (fc->stdin_in) is decompressed already. */
static GInputStream *open_input(struct fix_cmd *fc, const char *path, enum arb_compression *was)
{
    g_autoptr(GError) err = NULL;
    GInputStream *in;
    if (strcmp(path, "-"))
        in = arb_open_decompressed(path, was, &err);
    else if (fc->stdin_in)
        in = g_object_ref(fc->stdin_in);
    else {
        g_autoptr(GInputStream) raw = g_unix_input_stream_new(0, FALSE);
        in = arb_decompressing(raw, was, &err);
    }
    if (!in) fprintf(fix_cmd_err(fc), "arbiter fix: %s: %s\n", path, err->message);
    return in;
}

/* The file at path, decompressed where it is compressed, to read by
 * lines; NULL where it cannot be opened (reading it says why). */
static GDataInputStream *open_source(const char *path)
{
    g_autoptr(GInputStream) in = arb_open_decompressed(path, NULL, NULL);
    if (!in) return NULL;
    GDataInputStream *lines = g_data_input_stream_new(in);
    g_data_input_stream_set_newline_type(lines, G_DATA_STREAM_NEWLINE_TYPE_LF);
    return lines;
}

/* "<game>_<page>_<move>_<white|black>.png <label>" lines, or n-best lines
 * (src/hcs.c). */
static gboolean read_hcs(struct fix_cmd *fc, const char *path)
{
    g_autoptr(GInputStream) in = open_input(fc, path, NULL);
    if (!in) return FALSE;
    g_autoptr(GError) err = NULL;
    GString *all = g_string_new(NULL);
    char buf[65536];
    gssize n;
    while ((n = g_input_stream_read(in, buf, sizeof buf, NULL, &err)) > 0)
        g_string_append_len(all, buf, n);
    gsize len = all->len;
    g_autofree char *text = g_string_free(all, FALSE);
    if (n < 0) {
        fprintf(fix_cmd_err(fc), "arbiter fix: %s: %s\n", path, err->message);
        return FALSE;
    }
    return fix_hcs_text(fc, text, len);
}

/* ---- the command ------------------------------------------------------------------ */

static void begin_input(struct fix_cmd *fc, const char *name)
{
    fc->file_name = name;
    if (!fc->collect) fix_report_begin_input(fc, name);
}

static void end_input(struct fix_cmd *fc)
{
    if (!fc->collect) fix_report_end_input(fc);
    g_clear_object(&fc->source);
}

static gboolean read_games(struct fix_cmd *fc, ArbReader *reader)
{
    g_autoptr(GError) error = NULL;
    reader_set_result_closes(reader, TRUE);
    reader_set_confusion(reader, fc->conf);
    gboolean ok = reader_read_all(reader, &error);
    reader_free(reader);
    flush_pending(fc);
    write_done_jobs(fc, 0);
    if (!ok) fprintf(fix_cmd_err(fc), "arbiter fix: %s: %s\n", fc->file_name, error->message);
    return ok;
}

static gboolean fix_stream(struct fix_cmd *fc, GInputStream *in)
{
    g_autoptr(ArbGame) game = game_new();
    ArbRecorder rec = {game, on_game, on_problem, fc};
    return read_games(fc, reader_new_for_stream(in, NULL, &game_recorder_visitor, &rec));
}

gboolean fix_cmd_read_file(struct fix_cmd *fc, const char *path)
{
    begin_input(fc, path);
    if (fc->report && !fc->collect && strcmp(path, "-")) {
        fc->source = open_source(path); /* the report quotes the source lines */
        fc->source_line = 0;
    }
    gboolean ok;
    if (fc->hcs || fc->nbest) {
        ok = read_hcs(fc, path);
    } else {
        enum arb_compression comp = ARB_PLAIN;
        g_autoptr(GInputStream) in = open_input(fc, path, &comp);
        /* (the progress counts the text read, which a compressed file's
         * size says nothing of) */
        fc->input_size = 0;
        struct stat st;
        if (in && comp == ARB_PLAIN && strcmp(path, "-") && !stat(path, &st))
            fc->input_size = (guint64)st.st_size;
        fc->input_done = 0;
        ok = in && fix_stream(fc, in);
    }
    end_input(fc);
    return ok;
}

/* ---- several readings of one game (--group, --pair): the inputs read ------------- */

/* Reads input j of a group into fc->collect; FALSE on an I/O error. */
typedef gboolean (*group_reader)(struct fix_cmd *fc, int j, gconstpointer inputs);

/* --group: game i of every input are readings of one game. Collects the
 * games of the n inputs (named names) with read, then fixes them. */
static gboolean fix_group_inputs(struct fix_cmd *fc, int n, const char *const *names,
                                 group_reader read, gconstpointer inputs)
{
    g_assert(n >= 1 && n <= FIX_CANDS_MAX);
    GPtrArray *games[FIX_CANDS_MAX] = {NULL};
    const char *all[FIX_CANDS_MAX + 1] = {NULL}; /* NULL-terminated for the joined name */
    gboolean ok = TRUE;
    for (int j = 0; j < n; j++) {
        fc->collect = games[j] = g_ptr_array_new_with_free_func((GDestroyNotify)game_free);
        ok &= read(fc, j, inputs);
        all[j] = names[j];
    }
    fc->collect = NULL;
    fix_cmd_solve_group(fc, games, n, all);
    for (int j = 0; j < n; j++)
        g_ptr_array_free(games[j], TRUE);
    return ok;
}

/* --group with one HCS file: the sheets of each game in it (its pages,
 * "<game>_<page>": both players' copies) are read together, one game
 * written per game id, in the order the ids first come; a game with one
 * sheet is read alone. Messages name the file and its lines as ever, and
 * the games by their place in the output, as --group's game N. */
static gboolean fix_sheets_together(struct fix_cmd *fc, const char *path)
{
    g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func((GDestroyNotify)game_free);
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    fc->collect = sheets;
    fc->sheet_names = names;
    gboolean ok = fix_cmd_read_file(fc, path);
    fc->collect = NULL;
    fc->sheet_names = NULL;
    g_autofree gboolean *taken = g_new0(gboolean, sheets->len);
    guint64 number = 0;
    for (guint i = 0; i < sheets->len; i++) {
        if (taken[i]) continue;
        const char *id = g_ptr_array_index(names, i);
        size_t id_len = strcspn(id, "_");
        GPtrArray *games[FIX_CANDS_MAX];
        const char *inputs[FIX_CANDS_MAX + 1] = {NULL};
        int n = 0;
        for (guint j = i; j < sheets->len && n < FIX_CANDS_MAX; j++) {
            const char *other = g_ptr_array_index(names, j);
            if (taken[j] || strcspn(other, "_") != id_len || strncmp(other, id, id_len)) continue;
            taken[j] = TRUE;
            ((ArbGame *)g_ptr_array_index(sheets, j))->number = number + 1;
            games[n] = g_ptr_array_new();
            g_ptr_array_add(games[n], g_ptr_array_index(sheets, j));
            inputs[n++] = path;
        }
        if (n == 1) {
            begin_input(fc, path);
            fix_game(fc, g_ptr_array_index(games[0], 0));
            end_input(fc);
        } else {
            fix_cmd_solve_group(fc, games, n, inputs);
        }
        for (int j = 0; j < n; j++)
            g_ptr_array_free(games[j], TRUE);
        number++;
    }
    return ok;
}

static gboolean read_group_file(struct fix_cmd *fc, int j, gconstpointer paths)
{
    return fix_cmd_read_file(fc, ((char *const *)paths)[j]);
}

static gboolean fix_files_as_group(struct fix_cmd *fc, char **paths, int n)
{
    return fix_group_inputs(fc, n, (const char *const *)paths, read_group_file, paths);
}

/* What fix_cmd_read_group_data reads. */
struct group_data {
    const char *const *names, *const *data;
    const gsize *lens;
};

static gboolean read_group_data(struct fix_cmd *fc, int j, gconstpointer inputs)
{
    const struct group_data *in = inputs;
    fix_cmd_read_data(fc, in->names[j], in->data[j], in->lens[j]);
    return TRUE;
}

void fix_cmd_read_group_data(ArbFixCmd *fc, const char *const *names, const char *const *data,
                             const gsize *lens, int n)
{
    g_return_if_fail(n >= 1 && n <= FIX_CANDS_MAX);
    const struct group_data in = {names, data, lens};
    fix_group_inputs(fc, n, names, read_group_data, &in);
}

void fix_cmd_read_data(struct fix_cmd *fc, const char *name, const char *data, gsize len)
{
    begin_input(fc, name);
    if (fc->hcs || fc->nbest) {
        fix_hcs_text(fc, data, len);
    } else {
        g_autoptr(ArbGame) game = game_new();
        ArbRecorder rec = {game, on_game, on_problem, fc};
        read_games(fc, reader_new_for_data(data, len, NULL, &game_recorder_visitor, &rec));
    }
    end_input(fc);
}

static gboolean setup(struct fix_cmd *fc, const struct fix_cmd_options *opt)
{
    g_autoptr(GError) error = NULL;
    const char *from = opt->from, *to = opt->to;
    fc->forced = -1;
    fc->min_confidence = opt->min_confidence;
    fc->no_comments = opt->no_comments;
    fc->hcs = from && !g_ascii_strcasecmp(from, "hcs");
    fc->nbest = from && !g_ascii_strcasecmp(from, "nbest");
    if (!fc->conf) fc->conf = confusion_load(opt->confusion, &error);
    if (!fc->conf) {
        fprintf(fix_cmd_err(fc), "arbiter fix: confusion table: %s\n", error->message);
        return FALSE;
    }
    fc->prior_weight = opt->prior_weight;
    if (fc->prior_weight > 0 && !fc->prior && !(fc->prior = prior_load(NULL, &error))) {
        fprintf(fix_cmd_err(fc), "arbiter fix: move prior: %s\n", error->message);
        return FALSE;
    }
    if (!fc->langs) fc->langs = arb_lang_set_load(opt->lang_dir, &error);
    if (!fc->langs) {
        fprintf(fix_cmd_err(fc), "arbiter fix: %s\n", error->message);
        return FALSE;
    }
    fc->english = arb_lang_set_lookup(fc->langs, "en");
    fc->figurines = arb_lang_set_lookup(fc->langs, "figurine");
    fc->n_norms = arb_lang_set_count(fc->langs);
    fc->norms = g_new0(ArbNorm *, fc->n_norms);
    fc->fixers = g_new0(ArbFixer *, fc->n_norms);
    fc->fixer_used = g_new0(guint64, fc->n_norms);
    gboolean named = from && g_ascii_strcasecmp(from, "auto") && !fc->hcs && !fc->nbest;
    for (guint i = 0; i < fc->n_norms; i++) {
        const ArbLang *l = arb_lang_set_nth(fc->langs, i);
        fc->norms[i] = norm_new(l, fc->english, fc->figurines);
        if ((named && arb_lang_set_lookup(fc->langs, from) == l) ||
            ((fc->hcs || fc->nbest) && l == fc->english))
            fc->forced = (int)i;
    }
    fc->mend = (struct mend_reading){fc->norms, fc->n_norms, fc->conf};
    fc->lang_order = g_new(guint, fc->n_norms);
    for (guint k = 0; k < fc->n_norms; k++) { /* a stable insertion sort by preference */
        guint j = k;
        int pref = arb_lang_preference(norm_lang(fc->norms[k]));
        for (; j > 0 && arb_lang_preference(norm_lang(fc->norms[fc->lang_order[j - 1]])) > pref;
             j--)
            fc->lang_order[j] = fc->lang_order[j - 1];
        fc->lang_order[j] = k;
    }
    if (named && fc->forced < 0) {
        fprintf(fix_cmd_err(fc),
                "arbiter fix: --from: no language table '%s' (see 'arbiter langs')\n", from);
        return FALSE;
    }
    const char *engine = opt->engine ? opt->engine : "auto";
    gboolean none = !strcmp(engine, "none");
    fc->builtin_elo = !strcmp(engine, "auto") ? FIX_AUTO_ELO : 0;
    fc->builtin = fc->builtin_elo || !strcmp(engine, "builtin");
    int depth = opt->engine_depth > 0 ? opt->engine_depth
                : fc->builtin         ? FIX_SEARCH_DEPTH
                                      : FIX_ENGINE_DEPTH;
    fc->judge = (struct judge_options){.depth = depth,
                                       .weight = opt->engine_weight > 0 ? opt->engine_weight
                                                 : fc->builtin          ? FIX_SEARCH_WEIGHT
                                                                        : FIX_ENGINE_WEIGHT,
                                       .min_share = JUDGE_MIN_SHARE};
    double timeout = opt->engine_timeout > 0 ? opt->engine_timeout : FIX_ENGINE_TIMEOUT;
    if (!none && !fc->builtin && !fc->borrowed &&
        !(fc->engine = engine_start(engine, (int)(timeout * 1000), &error))) {
        fprintf(fix_cmd_err(fc), "arbiter fix: --engine: %s\n", error->message);
        return FALSE;
    }
    if (!render_parse_target(fc->langs, to, &fc->to_lang, &fc->to_style)) {
        fprintf(
            fix_cmd_err(fc),
            "arbiter fix: --to: '%s' is neither a notation (san, lan, uci, fan, iccf, descriptive) "
            "nor a language code\n",
            to);
        return FALSE;
    }
    return TRUE;
}

/* The command, or a worker's copy of main for --jobs: no engine, no workers
 * of its own, main's tables (read only) and its own fixers. */
static struct fix_cmd *fix_cmd_make(const struct fix_cmd_options *options, FILE *err,
                                    const struct fix_cmd *main)
{
    gboolean worker = main != NULL;
    struct fix_cmd *fc = g_new0(struct fix_cmd, 1);
    if (worker) {
        fc->borrowed = TRUE;
        fc->conf = main->conf;
        fc->prior = main->prior;
        fc->langs = main->langs;
    }
    fc->options = *options;
    fc->options.from = g_strdup(options->from);
    fc->options.to = g_strdup(options->to);
    fc->options.lang_dir = g_strdup(options->lang_dir);
    fc->options.confusion = g_strdup(options->confusion);
    fc->options.engine = g_strdup(options->engine);
    fc->jobs = worker ? 1 : MAX(options->jobs, 1);
    fc->queue = g_queue_new();
    g_mutex_init(&fc->jobs_lock);
    g_cond_init(&fc->jobs_done);
    fc->err = err;
    fc->out = stdout;
    fc->writer = pgnw_new();
    fc->tokens = g_array_new(FALSE, FALSE, sizeof(struct fix_token));
    fc->prose = g_array_new(FALSE, TRUE, 1);
    fc->variations = fix_cmd_var_lines_new();
    fc->glued = g_string_chunk_new(256);
    fc->res.steps = g_array_new(FALSE, FALSE, sizeof(struct fix_step));
    fc->points = g_array_new(FALSE, FALSE, sizeof(struct fix_point));
    fc->verdicts = g_array_new(FALSE, FALSE, sizeof(struct judge_verdict));
    if (!setup(fc, &fc->options)) {
        fix_cmd_free(fc);
        return NULL;
    }
    return fc;
}

struct fix_cmd *fix_cmd_new(const struct fix_cmd_options *options, FILE *err)
{
    return fix_cmd_make(options, err, NULL);
}

void fix_cmd_free(struct fix_cmd *fc)
{
    if (!fc) return;
    stop_jobs(fc);
    g_queue_free_full(fc->queue, (GDestroyNotify)job_free);
    g_mutex_clear(&fc->jobs_lock);
    g_cond_clear(&fc->jobs_done);
    g_free((char *)fc->options.from);
    g_free((char *)fc->options.to);
    g_free((char *)fc->options.lang_dir);
    g_free((char *)fc->options.confusion);
    g_free((char *)fc->options.engine);
    if (fc->report) {
        int err;
        report_writer_close(fc->report, fc->report_file, &err);
        xmlSetStructuredErrorFunc(NULL, NULL);
    }
    if (fc->report_buf) xmlBufferFree(fc->report_buf);
    g_free(fc->report_why);
    if (fc->decisions) g_array_free(fc->decisions, TRUE);
    if (fc->points) g_array_free(fc->points, TRUE);
    g_array_free(fc->verdicts, TRUE);
    engine_free(fc->engine);
    g_free(fc->source_buf);
    if (fc->stdin_in) g_object_unref(fc->stdin_in);
    for (guint i = 0; i < fc->n_norms; i++) {
        fixer_free(fc->fixers[i]);
        norm_free(fc->norms[i]);
    }
    g_free(fc->norms);
    g_free(fc->lang_order);
    g_free(fc->fixers);
    g_free(fc->fixer_used);
    if (!fc->borrowed) {
        if (fc->langs) arb_lang_set_free(fc->langs);
        confusion_free(fc->conf);
        prior_free(fc->prior);
    }
    g_array_free(fc->res.steps, TRUE);
    g_array_free(fc->tokens, TRUE);
    g_array_free(fc->prose, TRUE);
    g_array_free(fc->variations, TRUE);
    g_string_chunk_free(fc->glued);
    if (fc->pending) game_free(fc->pending);
    if (fc->flat) game_free(fc->flat);
    pgnw_free(fc->writer);
    g_free(fc);
}

void fix_cmd_begin(struct fix_cmd *fc, FILE *out, FILE *err)
{
    fc->out = out;
    fc->err = err;
    fc->has_pending = FALSE;
    fc->games = fc->unresolved = fc->corrected = fc->failed = 0;
    fc->expected_wrong = 0;
    fc->submitted = 0;
    fc->io_error = FALSE;
    fc->out_errno = 0;
}

void fix_cmd_counts(const struct fix_cmd *fc, struct fix_counts *counts)
{
    *counts = (struct fix_counts){.games = fc->games,
                                  .corrected = fc->corrected,
                                  .unresolved = fc->unresolved,
                                  .failed = fc->failed,
                                  .out_errno = fc->out_errno};
}

/* What the readers of hcs.c make of a line (sniff_sheets()). */
struct sniffed {
    int sheets, warnings;
};

static void on_sniffed_sheet(ArbGame *game, const char *name, gpointer ud)
{
    (void)game, (void)name;
    ((struct sniffed *)ud)->sheets++;
}

static void on_sniffed_warning(guint64 line, guint64 col, const char *message, gpointer ud)
{
    (void)line, (void)col, (void)message;
    ((struct sniffed *)ud)->warnings++;
}

/* Does read (hcs_read or nbest_read) take line[0, len) for a cell, with no
 * warning? */
static gboolean reads_as_cell(gboolean (*read)(const char *, gsize, const ArbHcsVisitor *),
                              const char *line, gsize len)
{
    struct sniffed s = {0};
    const ArbHcsVisitor v = {on_sniffed_sheet, on_sniffed_warning, on_sniffed_warning, &s};
    read(line, len, &v);
    return s.sheets == 1 && !s.warnings;
}

/* Is line[0, len) an HCS label line: one hcs_read() takes, its file name
 * a cell's image ("<game>[_<page>]_<move>_<white|black>.png <label>"), as
 * --from auto must be sure where --from hcs reads any such words? */
static gboolean is_label_line(const char *line, gsize len)
{
    const char *png = g_strstr_len(line, (gssize)len, ".png");
    return png && png - line >= 6 &&
           (!strncmp(png - 6, "_white", 6) || !strncmp(png - 6, "_black", 6)) &&
           reads_as_cell(hcs_read, line, len);
}

/* Is buf[0, len) the start of n-best JSON: JSON with a "readings" member
 * (a PGN may begin with a {comment}, not with that)? */
static gboolean is_nbest_json(const char *buf, gsize len)
{
    if (!nbest_is_json(buf, len)) return FALSE;
    for (const char *s = buf, *end = buf + len;
         (s = g_strstr_len(s, end - s, "\"readings\"")) != NULL;) {
        s += strlen("\"readings\"");
        while (s < end && g_ascii_isspace(*s))
            s++;
        if (s < end && *s == ':') return TRUE;
    }
    return FALSE;
}

/* What the first bytes of an input, buf[0, len), are: "hcs" or "nbest"
 * when its first line that is not blank or a '#' comment is such a line
 * (or it is n-best JSON), "" when it is another, NULL when there is none. */
static const char *sniff_lines(const char *buf, gsize len)
{
    if (is_nbest_json(buf, len)) return "nbest";
    const char *line = buf, *end = buf + len;
    while (line < end) {
        const char *eol = memchr(line, '\n', (gsize)(end - line));
        gsize n_line = (gsize)((eol ? eol : end) - line);
        gsize blank = 0;
        while (blank < n_line && (line[blank] == ' ' || line[blank] == '\t' || line[blank] == '\r'))
            blank++;
        if (blank < n_line && line[0] != '#')
            return is_label_line(line, n_line)               ? "hcs"
                   : reads_as_cell(nbest_read, line, n_line) ? "nbest"
                                                             : "";
        if (!eol) break;
        line = eol + 1;
    }
    return NULL;
}

/* Reads stdin's first SNIFF_BYTES (fewer at its end) into a buffered
 * stream, *keep (for fc->stdin_in), and sniffs them; NULL on a read error. */
static const char *sniff_stdin(GInputStream **keep)
{
    g_autoptr(GInputStream) raw = g_unix_input_stream_new(0, FALSE);
    /* (compressed, what it holds) */
    g_autoptr(GInputStream) plain = arb_decompressing(raw, NULL, NULL);
    GInputStream *in = g_buffered_input_stream_new_sized(plain ? plain : raw, SNIFF_BYTES);
    GBufferedInputStream *buffered = G_BUFFERED_INPUT_STREAM(in);
    *keep = in;
    gsize have;
    while ((have = g_buffered_input_stream_get_available(buffered)) < SNIFF_BYTES) {
        gssize n = g_buffered_input_stream_fill(buffered, (gssize)(SNIFF_BYTES - have), NULL, NULL);
        if (n < 0) return NULL; /* reading it again reports the error */
        if (n == 0) break;
    }
    gsize len = 0;
    const char *buf = g_buffered_input_stream_peek_buffer(buffered, &len);
    return sniff_lines(buf, len);
}

/* With --from auto: "hcs" or "nbest" when every input named (stdin: "-")
 * begins with such lines, else NULL. stdin's first bytes, read, are kept
 * in *stdin_in. */
static const char *sniff_sheets(int n, char **paths, GInputStream **stdin_in)
{
    const char *found = NULL;
    for (int i = 0; i < n; i++) {
        const char *kind;
        if (!strcmp(paths[i], "-")) {
            /* named twice, it is read once; a terminal is someone typing
             * moves, who should see each game fixed as it ends */
            if (*stdin_in || isatty(STDIN_FILENO)) return NULL;
            kind = sniff_stdin(stdin_in);
        } else {
            /* (compressed, what it holds) */
            g_autoptr(GInputStream) in = arb_open_decompressed(paths[i], NULL, NULL);
            char buf[SNIFF_BYTES];
            gsize len = 0;
            if (!in || !g_input_stream_read_all(in, buf, sizeof buf, &len, NULL, NULL)) return NULL;
            kind = sniff_lines(buf, len);
        }
        if (!kind || !*kind || (found && strcmp(found, kind))) return NULL;
        found = kind;
    }
    return found;
}

/* The search's buffers grow to tens of megabytes in a long game and are
 * given back when a language's fixer is trimmed (fix_cmd_trim_fixers()).
 * glibc would hand such blocks to mmap and return the heap's freed top to
 * the system, so that each game touched fresh pages again. Kept in the
 * heap instead, freed memory is reused: t05 (800 games at 5% noise, one
 * thread) took 10.2 s, not 11.0 s, at the same peak memory (136 MB); with
 * two threads the peak was up to a sixth more (233 MB to 252-276 MB). */
static void keep_freed_memory(void)
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 32 << 20); /* (glibc's most) */
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}

int cmd_fix(int argc, char **argv)
{
    g_autofree char *from = NULL, *to = NULL, *output = NULL, *lang_dir = NULL, *report = NULL,
                    *confusion = NULL, *decisions = NULL, *engine = NULL;
    double min_confidence = FIX_MIN_CONFIDENCE, prior_weight = FIX_PRIOR_WEIGHT;
    /* (--engine-weight read as text: 0, not given, is no number a user may give) */
    double engine_weight = 0, engine_timeout = FIX_ENGINE_TIMEOUT;
    g_autofree char *engine_weight_text = NULL;
    /* each thread holds its own search tables (15 MB for a game in one
     * language, up to 90 MB when games in many languages come) */
    int engine_depth = INT_MIN, jobs = MIN((int)g_get_num_processors(), FIX_JOBS_MAX);
    gboolean no_comments = FALSE, group = FALSE, pair = FALSE, no_progress = FALSE;
    GOptionEntry entries[] = {
        {"from", 'f', 0, G_OPTION_ARG_STRING, &from,
         "input: auto (default: per game, the language that reads it best; inputs, stdin "
         "too, that all begin with HCS lines or n-best output are read as such), a language "
         "code, hcs (HCS label lines, one game per <game>_<page>) or nbest (a recogniser's "
         "readings with scores, tab-separated: game, move, w|b, reading, score, reading, "
         "score...; or JSON: {\"games\": [{\"cells\": [{\"move\": 1, \"side\": \"w\", "
         "\"readings\": [[\"e4\", 0.9], ...]}, ...]}]}, README)",
         "auto|LANG|hcs|nbest"},
        {"to", 't', 0, G_OPTION_ARG_STRING, &to,
         "notation of the output: san (default), lan, uci, fan, iccf, descriptive or a language "
         "code",
         "FORMAT"},
        {"report", 'r', 0, G_OPTION_ARG_FILENAME, &report,
         "write an XML report of every move to FILE (schema src/fix-report.rng)", "FILE.xml"},
        {"min-confidence", 0, 0, G_OPTION_ARG_DOUBLE, &min_confidence,
         "mark moves below this confidence (the chance that the move is right) for review "
         "(default " G_STRINGIFY(FIX_MIN_CONFIDENCE) ")",
         "X"},
        {"group", 'g', 0, G_OPTION_ARG_NONE, &group,
         "the FILEs are readings of the same games (both players' sheets, another "
         "recogniser's output): game N of every FILE is read together as one game; with "
         "one HCS FILE, the sheets of each game in it",
         NULL},
        {"pair", 0, 0, G_OPTION_ARG_NONE, &pair, "--group with exactly two FILEs", NULL},
        {"no-comments", 0, 0, G_OPTION_ARG_NONE, &no_comments,
         "write no read/review comments, only the corrected moves", NULL},
        {"no-progress", 0, 0, G_OPTION_ARG_NONE, &no_progress,
         "no progress bar on stderr (there is one when stderr is a terminal)", NULL},
        {"prior-weight", 0, 0, G_OPTION_ARG_DOUBLE, &prior_weight,
         "weight of the move prior (which moves players choose, learned from real games) "
         "in confusion units per nat; it only breaks near-ties; 0 turns it off "
         "(default " G_STRINGIFY(FIX_PRIOR_WEIGHT) ")",
         "W"},
        {"jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
         "fix N games at once on N threads (default: the number of cores, at most " G_STRINGIFY(
             FIX_JOBS_MAX) "); the output is the same for any N",
         "N"},
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
         "write to FILE instead of stdout (- for stdout)", "FILE"},
        {"lang-dir", 0, 0, G_OPTION_ARG_FILENAME, &lang_dir, "also load the language tables in DIR",
         "DIR"},
        {"decisions", 'd', 0, G_OPTION_ARG_FILENAME, &decisions,
         "a reviewer's decisions (from arbiter review's page) as fixed moves: game, ply, UCI, "
         "line:col per line, tab-separated",
         "FILE"},
        {"confusion", 0, 0, G_OPTION_ARG_FILENAME, &confusion,
         "read the confusion table from FILE instead of the built-in lang/confusion.ini", "FILE"},
        {"engine", 'e', 0, G_OPTION_ARG_FILENAME, &engine,
         "what scores the near-tied readings of doubtful moves: auto (the "
         "default: builtin for a game whose WhiteElo and BlackElo are both " AUTO_ELO
         " or more, or with neither rating and a Date before " AUTO_YEAR
         ", else none), builtin (a small search of arbiter's own), none, or a UCI chess "
         "engine (e.g. /usr/games/stockfish)",
         "auto|builtin|none|PATH"},
        {"engine-depth", 0, 0, G_OPTION_ARG_INT, &engine_depth,
         "depth of the engine's search (default " G_STRINGIFY(
             FIX_SEARCH_DEPTH) " for builtin, " G_STRINGIFY(FIX_ENGINE_DEPTH) " for an engine)",
         "D"},
        {"engine-weight", 0, 0, G_OPTION_ARG_STRING, &engine_weight_text,
         "cost, in confusion units, of each pawn a candidate loses to the best one by the "
         "engine's score, at most one unit (default " G_STRINGIFY(
             FIX_SEARCH_WEIGHT) " for builtin, " G_STRINGIFY(FIX_ENGINE_WEIGHT) " for an engine)",
         "W"},
        {"engine-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &engine_timeout,
         "seconds to wait for each answer of the engine (default " G_STRINGIFY(
             FIX_ENGINE_TIMEOUT) ")",
         "S"},
        G_OPTION_ENTRY_NULL};
    g_autoptr(GOptionContext) ctx = g_option_context_new("[FILE...]");
    g_option_context_set_summary(
        ctx, "Corrects game scores damaged by OCR or handwriting recognition against the rules "
             "and writes PGN export format. Reads stdin when no FILE is given; gzip and zstd "
             "input (a file or stdin) is decompressed, told by its first bytes.");
    g_option_context_set_description(
        ctx, "Every changed move keeps what was read in a comment ({read: \"Sd7\"}); a move\n"
             "below --min-confidence gets {review: ...} with the next-best moves. Where\n"
             "nothing legal fits any more, the game is cut and the rest kept in a comment.\n\n"
             "A move's confidence is the chance that it is right: its share beside the\n"
             "moves that read about as well, turned into a chance per kind of change by\n"
             "the confusion table's [calibration] (fitted on OCR-damaged text, where moves\n"
             "given about 0.98 were right 98 times in 100). A sheet read alone (--from hcs)\n"
             "takes [calibration-sheets], which weighs the writer's slips too: the more of\n"
             "a sheet's moves were changed, the less sure the others. The alternatives\n"
             "share the chance that the move is wrong. The default mark, 0.9, is for moves\n"
             "more likely than one in ten to be wrong; --min-confidence 0.995 marks about\n"
             "2.6% of the moves at 5% noise and holds five in six of the wrong ones.\n\n"
             "With --group (--pair), each move is scored against every input at once; a\n"
             "move where the inputs did not all write it gets {A: \"Nd6\", B: \"Nf6\"},\n"
             "inputs lettered in the order given, and the report a <reading> per input.\n\n"
             "With --decisions, the moves a reviewer chose are fixed points of the search and\n"
             "the report marks them reviewed=\"yes\"; a decision that no longer fits the\n"
             "input (illegal at its ply, its game or token gone) is an error naming game and\n"
             "ply, and the exit status is 2.\n\n"
             "Where an engine judges (by default the built-in search, in a game of rated\n"
             "players: see --engine), each doubtful move (a share below 0.9) whose rivals read\n"
             "about as well (within one unit; for an inserted move, any move the next one\n"
             "still reads after) is scored at --engine-depth by the built-in search\n"
             "(material, pawns, where pieces stand and reach, the king's cover; every\n"
             "reply to that depth, checks a ply deeper, then captures and checks; from\n"
             "move 9 on) or by a UCI engine;\n"
             "each candidate pays --engine-weight per pawn it loses to the best of them,\n"
             "pawns counted by the share of the points they give away (near an even score\n"
             "a pawn is a pawn; far ahead or behind it counts for less); a move read\n"
             "exactly as written pays one unit where it loses two pawns or more, else\n"
             "nothing. Beside a move not read as written, each candidate also pays 0.2\n"
             "units a nat (at most one) that the opponent's next move, read after it, is\n"
             "less likely by the move prior than after the candidate it fits best\n"
             "(\"; reply: Kc6 0.79\"); in a game no engine judges, the reply alone, at half\n"
             "that, from move 9 on (not on HCS sheets or n-best cells: \"{reply: ...}\", the\n"
             "report's <replies>). Where a rival is then cheaper, the game is searched again\n"
             "with it fixed and kept when the whole path costs less. The scores go into\n"
             "{review: ...} and the report's <engine>; an engine that cannot start or\n"
             "fails is an error naming it (exit status 2).\n"
             "The last two moves of a drawn game, where one of those rivals brings back an\n"
             "earlier position and another does not, are judged by that instead (with any\n"
             "--engine, none too): the rivals that do not repeat one pay a unit\n"
             "(\"drawn, near the end: Bf3 repeats a position, not Bf7+\"; the report's\n"
             "<repetition>).\n\n"
             "A progress bar goes to stderr when it is a terminal (not with --no-progress).\n"
             "Input cut short (ending inside a tag, a comment, or a move with no line end\n"
             "or result after it) is a problem too: an error names the place.\n"
             "Exit status: 0 every game resolved, 1 some unresolved, 2 usage or I/O error,\n"
             "a decision that no longer fits, or an engine that failed.\n");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_auto(GStrv) words = NULL;
    if (!cli_parse(ctx, entries, "fix", &argc, &argv, &words)) return EXIT_USAGE;
    g_autoptr(GError) error = NULL;
    if (output && !strcmp(output, "-")) g_clear_pointer(&output, g_free); /* stdout */
    if (pair && argc != 3) {
        fprintf(stderr, "arbiter fix: --pair: want two files\n");
        return EXIT_USAGE;
    }
    group |= pair;
    keep_freed_memory();
    if (group && (argc < 2 || argc - 1 > FIX_CANDS_MAX)) {
        fprintf(stderr, "arbiter fix: --group: want 1 to %d files\n", FIX_CANDS_MAX);
        return EXIT_USAGE;
    }
    if (jobs < 1 || jobs > 1024) {
        fprintf(stderr, "arbiter fix: --jobs: %d is not between 1 and 1024\n", jobs);
        return EXIT_USAGE;
    }
    /* (each test false for NaN, "nan" read as a number) */
    if (!(min_confidence >= 0 && min_confidence <= 1)) {
        fprintf(stderr, "arbiter fix: --min-confidence: want a number from 0 to 1\n");
        return EXIT_USAGE;
    }
    if (!(prior_weight >= 0 && prior_weight <= 10)) {
        fprintf(stderr, "arbiter fix: --prior-weight: want a number from 0 to 10\n");
        return EXIT_USAGE;
    }
    if (engine_depth != INT_MIN && (engine_depth < 1 || engine_depth > 30)) {
        fprintf(stderr, "arbiter fix: --engine-depth: want a number from 1 to 30\n");
        return EXIT_USAGE;
    }
    char *weight_end = NULL;
    if (engine_weight_text) engine_weight = g_ascii_strtod(engine_weight_text, &weight_end);
    if (engine_weight_text && (weight_end == engine_weight_text || *weight_end ||
                               !(engine_weight > 0 && engine_weight <= 100))) {
        fprintf(stderr, "arbiter fix: --engine-weight: want a number above 0, at most 100\n");
        return EXIT_USAGE;
    }
    if (!(engine_timeout > 0 && engine_timeout <= 3600)) {
        fprintf(stderr, "arbiter fix: --engine-timeout: want seconds above 0, at most 3600\n");
        return EXIT_USAGE;
    }
    GInputStream *stdin_in = NULL;
    if (!from || !g_ascii_strcasecmp(from, "auto")) {
        char *only_stdin[] = {"-"};
        const char *sheets = argc > 1 ? sniff_sheets(argc - 1, argv + 1, &stdin_in)
                                      : sniff_sheets(1, only_stdin, &stdin_in);
        if (sheets) {
            fprintf(stderr, "arbiter fix: note: the input is %s: read as with --from %s\n",
                    !strcmp(sheets, "hcs") ? "HCS label lines" : "a recogniser's n-best output",
                    sheets);
            g_free(from);
            from = g_strdup(sheets);
        }
    }
    const struct fix_cmd_options opt = {.from = from,
                                        .to = to,
                                        .lang_dir = lang_dir,
                                        .confusion = confusion,
                                        .min_confidence = min_confidence,
                                        .no_comments = no_comments,
                                        .prior_weight = prior_weight,
                                        .engine = engine,
                                        .engine_depth = MAX(engine_depth, 0),
                                        .engine_weight = engine_weight,
                                        .engine_timeout = engine_timeout,
                                        .jobs = jobs};
    struct fix_cmd *fc = fix_cmd_new(&opt, stderr);
    if (!fc) {
        if (stdin_in) g_object_unref(stdin_in);
        return EXIT_USAGE;
    }
    fc->stdin_in = stdin_in;
    fc->decisions_path = decisions;
    if (decisions && !(fc->decisions = decisions_load(decisions, &error))) {
        fprintf(stderr, "arbiter fix: --decisions: %s\n", error->message);
        fix_cmd_free(fc);
        return EXIT_USAGE;
    }
    g_autoptr(GPtrArray) inputs = g_ptr_array_new();
    for (int i = 1; i < argc; i++)
        g_ptr_array_add(inputs, argv[i]);
    if (decisions) g_ptr_array_add(inputs, decisions);
    const char *outputs[] = {output, report}, *options[] = {"-o", "--report"};
    if (!outputs_apart("fix", options, outputs, 2, (char **)inputs->pdata, (int)inputs->len)) {
        fix_cmd_free(fc);
        return EXIT_USAGE;
    }
    FILE *out = output ? fopen(output, "wb") : stdout;
    if (!out) {
        fprintf(stderr, "arbiter fix: cannot write %s: %s\n", output, g_strerror(errno));
        fix_cmd_free(fc);
        return EXIT_USAGE;
    }
    fix_cmd_begin(fc, out, stderr);
    if (report && !fix_cmd_open_report(fc, report)) {
        if (output) fclose(out);
        fix_cmd_free(fc);
        return EXIT_USAGE;
    }
    gint64 t0 = g_get_monotonic_time();
    gboolean io_ok = TRUE;
    fix_cmd_show_progress(fc, !no_progress && isatty(STDERR_FILENO));
    if (group && argc == 2 && fc->hcs)
        io_ok = fix_sheets_together(fc, argv[1]);
    else if (group)
        io_ok = fix_files_as_group(fc, argv + 1, argc - 1);
    else if (argc < 2)
        io_ok &= fix_cmd_read_file(fc, "-");
    for (int i = 1; !group && i < argc; i++)
        io_ok &= fix_cmd_read_file(fc, argv[i]);
    fix_cmd_show_progress(fc, FALSE);
    fix_cmd_check_unknown_games(fc);
    if (!fix_cmd_close_report(fc, (double)(g_get_monotonic_time() - t0) / 1e6, NULL)) {
        fprintf(stderr, "arbiter fix: error writing the report %s%s%s\n", report,
                fc->report_why ? ": " : "", fc->report_why ? fc->report_why : "");
        io_ok = FALSE;
    }
    struct fix_counts n;
    fix_cmd_counts(fc, &n);
    int err = outputs_finish(out, output != NULL, n.out_errno);
    if (err) {
        fprintf(stderr, "arbiter fix: error writing %s: %s\n", output ? output : "the output",
                g_strerror(err));
        io_ok = FALSE;
    }
    int decision_errors = fc->decision_errors + fc->engine_failed;
    fix_cmd_free(fc);
    return !io_ok || decision_errors    ? EXIT_USAGE
           : (n.unresolved || n.failed) ? EXIT_PROBLEMS
                                        : EXIT_CLEAN;
}
