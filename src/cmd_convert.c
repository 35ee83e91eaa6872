/* arbiter convert: reads games in any notation and language and writes them
 * as PGN export format, moves rendered in the chosen notation. A move that no
 * rule reads (or that is illegal) cuts its game there: the moves before it are
 * written, the rest is kept in a comment, and the error line names file, line,
 * column, game, ply and text. */
#include "cli.h"
#include "commands.h"
#include "compressed.h"
#include "outputs.h"

#include "gamew.h"
#include "mend.h"
#include "notation.h"

#include <errno.h>
#include <gio/gunixinputstream.h>
#include <stdio.h>
#include <string.h>

/* Games are converted in batches; a batch is what a worker thread takes. */
enum { BATCH_GAMES = 256 };

/* Everything one batch is converted with and produces: workers never share
 * one, so batches convert in parallel and still print in input order. */
struct work {
    ArbPgnWriter *writer;
    GArray *moves;      /* struct replay_move per event of the game at hand */
    GString *out, *err; /* PGN for stdout, messages for stderr */
    const char *file_name;
    int games, failed;
};

struct batch {
    struct work wk;
    GPtrArray *games;    /* ArbGame *, owned */
    GPtrArray *problems; /* per game: the reader's messages about it, or NULL */
    char *tail;          /* reader messages after the last game */
    gboolean done;
};

struct convert {
    ArbLangSet *langs;
    const ArbLang *english, *figurines;
    ArbNorm **norms; /* one per language table, in set order; read-only */
    guint n_norms;
    ArbNorm *forced; /* --from LANG, or NULL for auto */
    const ArbLang *to_lang;
    enum notation_style to_style;
    FILE *out;
    int jobs, games, failed;
    int out_errno; /* why writing the output first failed, 0: it has not */
    /* reading, on the main thread */
    ArbRecorder *rec;
    struct batch *current;
    GString *problems; /* reader messages for the game being read */
    /* batches handed out, oldest first; the mutex guards their done flags */
    GQueue pending;
    GThreadPool *pool;
    GMutex lock;
    GCond finished;
};

static gboolean better(const struct replay_result *a, int pa, const struct replay_result *b, int pb)
{
    if (a->errors != b->errors) return a->errors < b->errors;
    if (a->moves != b->moves) return a->moves > b->moves;
    if (a->cost != b->cost) return a->cost < b->cost;
    return pa < pb;
}

/* Picks the language of a game: among the tables whose letters cover every
 * piece letter the game uses (all tables if none does), the one that reads it
 * with no error and the fewest guesses; ties go to the more common language. */
static ArbNorm *choose_language(const struct convert *cv, struct work *wk, const ArbGame *game,
                                struct replay_result *done)
{
    done->moves = -1; /* not replayed with moves recorded */
    if (cv->forced) return cv->forced;
    ArbNorm *en = NULL;
    for (guint i = 0; i < cv->n_norms; i++)
        if (norm_lang(cv->norms[i]) == cv->english) en = cv->norms[i];
    struct replay_result res, best_res;
    if (en) {
        /* the common case: record the moves on the way, so a clean English
         * game is resolved once, not twice */
        replay_game(game, en, wk->moves, &res);
        if (res.errors == 0 && res.cost == 0) {
            *done = res;
            return en;
        }
    }
    ArbNorm *best = NULL;
    int best_pref = 0;
    for (int pass = 0; pass < 2 && !best; pass++) {
        for (guint i = 0; i < cv->n_norms; i++) {
            ArbNorm *nm = cv->norms[i];
            const ArbLang *lang = norm_lang(nm);
            if (lang == cv->figurines || (pass == 0 && !game_covers_letters(lang, game))) continue;
            replay_game(game, nm, NULL, &res);
            int pref = arb_lang_preference(lang);
            if (!best || better(&res, pref, &best_res, best_pref)) {
                best = nm;
                best_res = res;
                best_pref = pref;
            }
        }
    }
    return best ? best : en;
}

static void report_error(struct work *wk, const ArbGame *game, const struct replay_result *res)
{
    if (res->bad_fen) {
        g_string_append_printf(
            wk->err, "%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT ": bad FEN: %s\n",
            wk->file_name, game->first_line, game->number, res->fen_message);
        return;
    }
    const struct game_event *ev = &g_array_index(game->events, struct game_event, res->error_event);
    const struct position *p = &res->error_pos;
    g_autofree char *hint =
        res->answer.status == SAN_ILLEGAL ? replay_numbering_hint(game, res) : NULL;
    g_string_append_printf(wk->err,
                           "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT
                           ": ply %d (%d%s %s): %s: %s%s%s%s\n",
                           wk->file_name, ev->line, ev->col, game->number, res->error_ply,
                           p->fullmove, p->side == WHITE ? "." : "...", game_event_text(game, ev),
                           res->answer.status == SAN_INVALID     ? "unreadable move"
                           : res->answer.status == SAN_AMBIGUOUS ? "ambiguous move"
                                                                 : "illegal move",
                           res->answer.message, hint ? " (" : "", hint ? hint : "",
                           hint ? ")" : "");
}

/* A move read only by guessing (a case slip, a look-alike letter of another
 * script, English letters in a German game) is never changed silently. */
static void report_guess(struct work *wk, const ArbGame *game, const struct game_event *ev,
                         const struct replay_move *rm)
{
    char san[SAN_MAX];
    san_write(&rm->before, rm->move, san);
    g_string_append_printf(wk->err,
                           "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT
                           ": note: read '%s' as %d%s %s (%d guess%s)\n",
                           wk->file_name, ev->line, ev->col, game->number,
                           game_event_text(game, ev), rm->before.fullmove,
                           rm->before.side == WHITE ? "." : "...", san, rm->cost,
                           rm->cost == 1 ? "" : "es");
}

static void on_guess(const ArbGame *game, const struct game_event *ev, const struct replay_move *rm,
                     gpointer user_data)
{
    report_guess(user_data, game, ev, rm);
}

static void write_game(const struct convert *cv, struct work *wk, const ArbGame *game, ArbNorm *nm,
                       const struct replay_result *res)
{
    const struct gamew gw = {wk->writer, cv->to_lang, cv->to_style, on_guess, wk};
    const gboolean foreign = nm && norm_lang(nm) != cv->english && !cv->forced;
    const struct gamew_game gg = {
        .game = game,
        .moves = wk->moves,
        .res = res,
        .notation = foreign ? arb_lang_code(norm_lang(nm)) : NULL,
    };
    gamew_write(&gw, &gg, wk->out);
}

static void convert_game(const struct convert *cv, struct work *wk, const ArbGame *game)
{
    wk->games++;
    struct replay_result res;
    ArbNorm *nm = choose_language(cv, wk, game, &res);
    if (res.moves < 0) replay_game(game, nm, wk->moves, &res);
    if (res.errors) {
        wk->failed++;
        report_error(wk, game, &res);
    }
    write_game(cv, wk, game, nm, &res);
}

/* Runs on a worker thread (or on the main one with --jobs 1). */
static void convert_batch(gpointer data, gpointer user_data)
{
    struct batch *b = data;
    struct convert *cv = user_data;
    b->wk.writer = pgnw_new();
    b->wk.moves = g_array_new(FALSE, TRUE, sizeof(struct replay_move));
    for (guint i = 0; i < b->games->len; i++) {
        const char *problems = g_ptr_array_index(b->problems, i);
        if (problems) g_string_append(b->wk.err, problems);
        convert_game(cv, &b->wk, g_ptr_array_index(b->games, i));
    }
    if (b->tail) g_string_append(b->wk.err, b->tail);
    pgnw_free(b->wk.writer);
    g_array_free(b->wk.moves, TRUE);
    g_mutex_lock(&cv->lock);
    b->done = TRUE;
    g_cond_broadcast(&cv->finished);
    g_mutex_unlock(&cv->lock);
}

static struct batch *batch_new(const char *file_name)
{
    struct batch *b = g_new0(struct batch, 1);
    b->games = g_ptr_array_new_with_free_func((GDestroyNotify)game_free);
    b->problems = g_ptr_array_new_with_free_func(g_free);
    b->wk.out = g_string_sized_new(BATCH_GAMES * 1024);
    b->wk.err = g_string_new(NULL);
    b->wk.file_name = file_name;
    return b;
}

static void batch_free(struct batch *b)
{
    g_ptr_array_free(b->games, TRUE);
    g_ptr_array_free(b->problems, TRUE);
    g_string_free(b->wk.out, TRUE);
    g_string_free(b->wk.err, TRUE);
    g_free(b->tail);
    g_free(b);
}

/* Prints finished batches from the oldest on; with wait_all, waits for all. */
static void flush_batches(struct convert *cv, gboolean wait_all)
{
    for (;;) {
        g_mutex_lock(&cv->lock);
        struct batch *b = g_queue_peek_head(&cv->pending);
        gboolean must_wait = b && (wait_all || cv->pending.length > 2 * (guint)cv->jobs);
        while (b && !b->done && must_wait)
            g_cond_wait(&cv->finished, &cv->lock);
        gboolean ready = b && b->done;
        if (ready) g_queue_pop_head(&cv->pending);
        g_mutex_unlock(&cv->lock);
        if (!ready) return;
        outputs_write(cv->out, b->wk.out->str, b->wk.out->len, &cv->out_errno);
        fputs(b->wk.err->str, stderr);
        cv->games += b->wk.games;
        cv->failed += b->wk.failed;
        batch_free(b);
    }
}

static void submit_batch(struct convert *cv)
{
    struct batch *b = cv->current;
    cv->current = NULL;
    g_mutex_lock(&cv->lock);
    g_queue_push_tail(&cv->pending, b);
    g_mutex_unlock(&cv->lock);
    if (cv->pool)
        g_thread_pool_push(cv->pool, b, NULL);
    else
        convert_batch(b, cv);
    flush_batches(cv, FALSE);
}

/* Gives game (the batch keeps it) and the reader's messages so far to the
 * batch being filled. */
static void add_game(struct convert *cv, ArbGame *game)
{
    g_ptr_array_add(cv->current->games, game);
    g_ptr_array_add(cv->current->problems, cv->problems->len ? g_strdup(cv->problems->str) : NULL);
    g_string_truncate(cv->problems, 0);
    if (cv->current->games->len >= BATCH_GAMES) {
        const char *name = cv->current->wk.file_name;
        submit_batch(cv);
        cv->current = batch_new(name);
    }
}

/* A game the reader read; text of move lists with no numbers, a game a
 * line ("e2e4 e7e5 g1f3 ..."), which the reader cannot tell apart without
 * the board, as the games it holds (mend_split_listed()). */
static void on_game(ArbGame *game, const ArbGameSummary *summary, gpointer ud)
{
    struct convert *cv = ud;
    cv->rec->game = game_new(); /* the batch keeps the recorded one */
    const struct mend_reading reading = {cv->forced ? &cv->forced : cv->norms,
                                         cv->forced ? 1 : cv->n_norms, NULL};
    GPtrArray *parts = mend_split_listed(game, &reading);
    if (!parts) {
        add_game(cv, game);
        return;
    }
    g_ptr_array_set_free_func(parts, NULL); /* the batches keep them */
    for (guint i = 0; i < parts->len; i++)
        add_game(cv, g_ptr_array_index(parts, i));
    g_ptr_array_unref(parts);
    game_free(game);
}

/* Kept with the game being read, so it prints just before that game's own
 * messages whatever the number of jobs. */
static void on_problem(const ArbProblem *p, gpointer ud)
{
    struct convert *cv = ud;
    if (p->severity == ARB_PROBLEM_ERROR) cv->current->wk.failed++;
    g_string_append_printf(cv->problems, "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": %s%s\n",
                           cv->current->wk.file_name, p->line, p->col,
                           p->severity == ARB_PROBLEM_ERROR ? "error: " : "warning: ", p->message);
}

static gboolean convert_stream(struct convert *cv, GInputStream *raw, const char *name)
{
    g_autoptr(GError) read_error = NULL;
    g_autoptr(GInputStream) in = arb_decompressing(raw, NULL, &read_error);
    if (!in) {
        fprintf(stderr, "arbiter convert: %s: %s\n", name, read_error->message);
        return FALSE;
    }
    ArbRecorder rec = {game_new(), on_game, on_problem, cv};
    cv->rec = &rec;
    cv->current = batch_new(name);
    ArbReader *reader = reader_new_for_stream(in, NULL, &game_recorder_visitor, &rec);
    g_autoptr(GError) error = NULL;
    gboolean ok = reader_read_all(reader, &error);
    const char *charset = reader_get_encoding(reader);
    g_autofree char *decoded_from =
        charset && g_ascii_strcasecmp(charset, "UTF-8")
            ? g_strdup_printf("%s: note: read as %s (%s)\n", name, charset,
                              reader_encoding_was_detected(reader) ? "detected" : "as given")
            : NULL;
    reader_free(reader);
    game_free(rec.game);
    if (cv->problems->len) cv->current->tail = g_strdup(cv->problems->str);
    g_string_truncate(cv->problems, 0);
    submit_batch(cv);
    flush_batches(cv, TRUE);
    if (decoded_from) fputs(decoded_from, stderr);
    if (!ok) fprintf(stderr, "arbiter convert: %s: %s\n", name, error->message);
    return ok;
}

static gboolean setup(struct convert *cv, const char *lang_dir, const char *from, const char *to)
{
    g_autoptr(GError) error = NULL;
    cv->langs = arb_lang_set_load(lang_dir, &error);
    if (!cv->langs) {
        fprintf(stderr, "arbiter convert: %s\n", error->message);
        return FALSE;
    }
    cv->english = arb_lang_set_lookup(cv->langs, "en");
    cv->figurines = arb_lang_set_lookup(cv->langs, "figurine");
    cv->n_norms = arb_lang_set_count(cv->langs);
    cv->norms = g_new0(ArbNorm *, cv->n_norms);
    for (guint i = 0; i < cv->n_norms; i++) {
        const ArbLang *l = arb_lang_set_nth(cv->langs, i);
        cv->norms[i] = norm_new(l, cv->english, cv->figurines);
        if (from && g_ascii_strcasecmp(from, "auto") && arb_lang_set_lookup(cv->langs, from) == l)
            cv->forced = cv->norms[i];
    }
    if (from && g_ascii_strcasecmp(from, "auto") && !cv->forced) {
        fprintf(stderr, "arbiter convert: --from: no language table '%s' (see 'arbiter langs')\n",
                from);
        return FALSE;
    }
    if (!render_parse_target(cv->langs, to, &cv->to_lang, &cv->to_style)) {
        fprintf(stderr,
                "arbiter convert: --to: '%s' is neither a notation (san, lan, uci, "
                "fan, iccf, descriptive) nor a language code\n",
                to);
        return FALSE;
    }
    return TRUE;
}

static void teardown(struct convert *cv)
{
    for (guint i = 0; i < cv->n_norms; i++)
        norm_free(cv->norms[i]);
    g_free(cv->norms);
    if (cv->langs) arb_lang_set_free(cv->langs);
}

int cmd_convert(int argc, char **argv)
{
    g_autofree char *from = NULL, *to = NULL, *output = NULL, *lang_dir = NULL;
    int jobs = (int)g_get_num_processors();
    GOptionEntry entries[] = {
        {"from", 'f', 0, G_OPTION_ARG_STRING, &from,
         "notation of the input: auto (default: per game, the language that reads it with the "
         "fewest guesses) or a language code",
         "auto|LANG"},
        {"to", 't', 0, G_OPTION_ARG_STRING, &to,
         "notation of the output: san (default), lan, uci, fan, iccf, descriptive or a language "
         "code",
         "FORMAT"},
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
         "write to FILE instead of stdout (- for stdout)", "FILE"},
        {"lang-dir", 0, 0, G_OPTION_ARG_FILENAME, &lang_dir, "also load the language tables in DIR",
         "DIR"},
        {"jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
         "convert with N threads (default: the number of cores); the output is the same for any N",
         "N"},
        G_OPTION_ENTRY_NULL};
    g_autoptr(GOptionContext) ctx = g_option_context_new("[FILE...]");
    g_option_context_set_summary(ctx, "Converts games in any notation and language to PGN export "
                                      "format. Reads stdin when no FILE is given; gzip and "
                                      "zstd input (a file or stdin) is decompressed, told by "
                                      "its first bytes.");
    g_option_context_set_description(
        ctx, "A move that cannot be read, or is illegal, is reported as\n"
             "  FILE:LINE:COL: game N: ply P (12... Nd7): KIND: why\n"
             "and its game is written up to that move, the rest kept in a comment.\n\n"
             "Input cut short (ending inside a tag, a comment, or a move with no line end\n"
             "or result after it) is a problem too: an error names the place.\n"
             "Exit status: 0 all games converted, 1 some had errors, 2 usage or I/O error.\n");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_auto(GStrv) words = NULL;
    if (!cli_parse(ctx, entries, "convert", &argc, &argv, &words)) return EXIT_USAGE;
    if (output && !strcmp(output, "-")) g_clear_pointer(&output, g_free); /* stdout */
    if (jobs < 1 || jobs > 256) {
        fprintf(stderr, "arbiter convert: --jobs takes a number from 1 to 256\n");
        return EXIT_USAGE;
    }
    struct convert cv = {.jobs = jobs};
    if (!setup(&cv, lang_dir, from, to)) {
        teardown(&cv);
        return EXIT_USAGE;
    }
    const char *option = "-o";
    if (!outputs_apart("convert", &option, (const char **)&output, 1, argv + 1, argc - 1)) {
        teardown(&cv);
        return EXIT_USAGE;
    }
    cv.out = output ? fopen(output, "wb") : stdout;
    if (!cv.out) {
        fprintf(stderr, "arbiter convert: cannot write %s: %s\n", output, g_strerror(errno));
        teardown(&cv);
        return EXIT_USAGE;
    }
    g_mutex_init(&cv.lock);
    g_cond_init(&cv.finished);
    g_queue_init(&cv.pending);
    cv.problems = g_string_new(NULL);
    if (jobs > 1) cv.pool = g_thread_pool_new(convert_batch, &cv, jobs, TRUE, NULL);
    gboolean io_ok = TRUE;
    if (argc < 2) {
        g_autoptr(GInputStream) in = g_unix_input_stream_new(0, FALSE);
        io_ok &= convert_stream(&cv, in, "-");
    }
    for (int i = 1; i < argc; i++) {
        g_autoptr(GFile) file =
            !strcmp(argv[i], "-") ? NULL : g_file_new_for_commandline_arg(argv[i]);
        g_autoptr(GError) ferr = NULL;
        g_autoptr(GInputStream) in = file ? G_INPUT_STREAM(g_file_read(file, NULL, &ferr))
                                          : g_unix_input_stream_new(0, FALSE);
        if (!in) {
            fprintf(stderr, "arbiter convert: %s: %s\n", argv[i], ferr->message);
            io_ok = FALSE;
            continue;
        }
        io_ok &= convert_stream(&cv, in, argv[i]);
    }
    int err = outputs_finish(cv.out, output != NULL, cv.out_errno);
    if (err) {
        fprintf(stderr, "arbiter convert: error writing %s: %s\n", output ? output : "the output",
                g_strerror(err));
        io_ok = FALSE;
    }
    if (cv.pool) g_thread_pool_free(cv.pool, FALSE, TRUE);
    g_string_free(cv.problems, TRUE);
    g_mutex_clear(&cv.lock);
    g_cond_clear(&cv.finished);
    teardown(&cv);
    return !io_ok ? EXIT_USAGE : cv.failed ? EXIT_PROBLEMS : EXIT_CLEAN;
}
