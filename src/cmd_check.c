/* arbiter check: validates archives of any size, one compiler-style line per
 * problem on stdout. A plain file is mapped and cut into byte ranges at game
 * starts, each read and checked by a worker; a stream (stdin, a pipe, a gzip
 * or zstd file, told by its first bytes) is read on the main thread, which
 * hands recorded games to the workers in batches. Replay takes English SAN
 * straight through the core and the normaliser only for the rest. Findings
 * keep range-relative numbers and are formatted when printed, in input
 * order, so the output is the same for any --jobs and any --shard split. */
#include "cli.h"
#include "commands.h"
#include "outputs.h"

#include "compressed.h"
#include "encoding.h"
#include "gamew.h"
#include "mend.h"
#include "movegen.h"
#include "progress.h"
#include "replay.h"
#include "report.h"
#include "suggest.h"

#include <errno.h>
#include <gio/gunixinputstream.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* A batch is handed to a worker when it holds this many games or bytes of
 * game text; at most MAX_IN_FLIGHT_PER_JOB batches per worker are out at
 * once, which bounds memory whatever the input's size. */
enum { BATCH_GAMES = 64, BATCH_BYTES = 1 << 19, MAX_IN_FLIGHT_PER_JOB = 4 };
/* A mapped file is cut into ranges of at most RANGE_MAX bytes that shrink
 * towards the end (a 1/RANGE_SHARE share of what is left per worker, but
 * not under RANGE_MIN), so the workers finish together. */
enum { RANGE_MIN = 1 << 20, RANGE_MAX = 4 << 20, RANGE_SHARE = 2 };
/* Recycled games keep their buffers unless these grew past this. */
enum { RECYCLE_MAX_TEXT = 1 << 20, FREE_GAMES_MAX = 1024 };

enum kind {
    KIND_ILLEGAL,
    KIND_AMBIGUOUS,
    KIND_UNREADABLE,
    KIND_BAD_FEN,
    KIND_TRUNCATED,
    KIND_RESULT,
    KIND_NO_MOVES,
    KIND_MALFORMED,
    N_KINDS,
    KIND_NOTE = N_KINDS /* an encoding notice: to stderr, not counted */
};

static const struct {
    const char *text; /* in the problem line */
    const char *id;   /* in the XML report */
} kinds[N_KINDS] = {
    [KIND_ILLEGAL] = {"illegal move", "illegal-move"},
    [KIND_AMBIGUOUS] = {"ambiguous move", "ambiguous-move"},
    [KIND_UNREADABLE] = {"unreadable token", "unreadable-token"},
    [KIND_BAD_FEN] = {"bad FEN/SetUp", "bad-fen"},
    [KIND_TRUNCATED] = {"truncated game", "truncated-game"},
    [KIND_RESULT] = {"result contradicts the final position", "result-contradicts-position"},
    [KIND_NO_MOVES] = {"game with no moves", "no-moves"},
    [KIND_MALFORMED] = {"malformed PGN", "malformed-pgn"},
};

struct counts {
    guint64 games, clean, plies;
    guint64 problems[N_KINDS];
};

/* One input as the output names it. A shard adds what lies before its byte
 * range, so its line, game and offset numbers equal the unsharded run's. */
struct source {
    char *name;
    guint input; /* ranges of one input share it */
    guint64 line_base, game_base, offset_base;
};

/* A problem the reader reported, kept until its game is checked. */
struct reader_problem {
    ArbProblemSeverity severity;
    char *message;
    guint64 game, line, col, offset;
};

/* A game to check and the reader problems that came before its end. game is
 * NULL for problems after the last game of an input. */
struct job {
    ArbGame *game;
    guint first_problem, n_problems;
};

struct finding {
    enum kind kind;
    guint64 game, line, col, offset;
    int ply;
    char *move;       /* as written */
    char *move_label; /* "31. Qxe1" */
    char *message;
    char *suggestion; /* "31. Qxe7+", or NULL */
    int later_moves, later_consistent;
    char *white, *black, *event, *date;
};

struct batch {
    guint64 seq;
    const struct source *src;
    GArray *jobs;     /* struct job */
    GArray *problems; /* struct reader_problem */
    guint assigned;   /* problems already given to a job */
    gsize text_bytes;
    /* a byte range of a mapped file to read, and the source of the range
     * after it, whose bases are known once this one is printed */
    const char *range;
    gsize range_len;
    const char *charset; /* the file's, for a range after its start */
    gboolean cut_after;  /* more of the file follows the range */
    struct source *next_src;
    /* filled by the worker */
    GArray *findings; /* struct finding, numbers relative to src */
    GString *fixed;   /* --fix: the games checked so far as PGN */
    struct counts counts;
    guint64 lines, games; /* of the range */
};

struct options {
    gboolean strict, quiet, want_findings, fix;
};

/* One worker's state: its own normalisers (they keep scratch state). */
struct worker {
    const struct options *opt;
    ArbNorm **norms;
    guint n_norms;
    ArbNorm *english;
    const ArbLang *figurines;
    GAsyncQueue *todo, *done;
    struct batch *stop; /* the sentinel that ends the thread */
    /* --fix: games are written back with these */
    ArbPgnWriter *writer;
    GArray *moves; /* struct replay_move per event */
    GThread *thread;
    struct check *ck; /* what a thread sets itself up from */
};

struct check {
    struct options opt;
    ArbLangSet *langs;
    struct worker *workers;
    guint n_workers; /* threads; 0: batches are checked on the reading thread */
    struct worker inline_worker;
    GAsyncQueue *todo, *done;
    struct batch stop;
    guint in_flight, max_in_flight;
    guint64 next_seq, next_to_print;
    GHashTable *waiting; /* seq -> batch checked but not yet printed */
    GPtrArray *free_games;
    GPtrArray *sources;
    guint n_inputs;
    struct counts total;
    /* why writing the findings (stdout) or the fixed games (-o) first
     * failed, 0: it has not */
    int findings_errno, fixed_errno;
    FILE *fix_out; /* --fix: where the games go, or NULL */
    ArbReport *report;
    const struct source *report_src;
    /* reading */
    ArbRecorder rec;
    struct batch *cur;
    const struct source *src;
    /* progress */
    gboolean progress;
    gint64 started, last_tick;
    GSeekable *tell;    /* the file stream, for bytes read */
    ArbReader *reader;  /* or the reader of mapped data */
    guint64 input_size; /* 0 when unknown */
    guint64 games_read;
};

/* ---- batches ---------------------------------------------------------------- */

static struct batch *batch_new(const struct source *src)
{
    struct batch *b = g_new0(struct batch, 1);
    b->src = src;
    b->jobs = g_array_new(FALSE, FALSE, sizeof(struct job));
    b->problems = g_array_new(FALSE, FALSE, sizeof(struct reader_problem));
    b->findings = g_array_new(FALSE, FALSE, sizeof(struct finding));
    b->fixed = g_string_new(NULL);
    return b;
}

static void finding_clear(struct finding *f)
{
    g_free(f->move);
    g_free(f->move_label);
    g_free(f->message);
    g_free(f->suggestion);
    g_free(f->white);
    g_free(f->black);
    g_free(f->event);
    g_free(f->date);
}

static void batch_free(struct batch *b)
{
    for (guint i = 0; i < b->problems->len; i++)
        g_free(g_array_index(b->problems, struct reader_problem, i).message);
    for (guint i = 0; i < b->findings->len; i++)
        finding_clear(&g_array_index(b->findings, struct finding, i));
    g_array_free(b->jobs, TRUE);
    g_array_free(b->problems, TRUE);
    g_array_free(b->findings, TRUE);
    g_string_free(b->fixed, TRUE);
    g_free(b);
}

/* ---- checking one game (worker side) ------------------------------------ */

static const char *tag_or_unknown(const ArbGame *g, const char *name)
{
    const char *v = g ? game_tag(g, name) : NULL;
    return v && *v ? v : "?";
}

/* Keeps f (with the game's names) and counts it. */
static void emit(const struct worker *w, struct batch *b, const ArbGame *g, struct finding *f)
{
    if (f->game) {
        f->white = g_strdup(tag_or_unknown(g, "White"));
        f->black = g_strdup(tag_or_unknown(g, "Black"));
        f->event = g_strdup(tag_or_unknown(g, "Event"));
        f->date = g_strdup(tag_or_unknown(g, "Date"));
    }
    if (f->kind != KIND_NOTE) b->counts.problems[f->kind]++;
    g_array_append_val(b->findings, *f);
}

static char *move_label(const struct position *before, const char *text)
{
    return g_strdup_printf("%d%s %s", before->fullmove, before->side == WHITE ? "." : "...", text);
}

static int ply_of(const ArbGame *g, const struct position *before)
{
    struct position start;
    char msg[8];
    if (!replay_start_position(g, &start, msg, sizeof msg)) return 0;
    return 2 * (before->fullmove - start.fullmove) + before->side - start.side + 1;
}

/* Encoding notices are about the file, not a game: they go to stderr. */
static gboolean is_encoding_notice(const char *message)
{
    return g_str_has_prefix(message, "input ") || strstr(message, "read as windows-1252") ||
           strstr(message, "NUL byte");
}

/* The reader's message without the reader's game number ("game 3 has no
 * result ..."): the line names the game, and a range's reader counts from
 * the range's start, not the file's. */
static char *problem_message(const struct reader_problem *p)
{
    g_autofree char *prefix = g_strdup_printf("game %" G_GUINT64_FORMAT " ", p->game);
    if (p->game && g_str_has_prefix(p->message, prefix))
        return g_strconcat("the game ", p->message + strlen(prefix), NULL);
    return g_strdup(p->message);
}

static void check_reader_problems(const struct worker *w, struct batch *b, const struct job *job)
{
    for (guint i = 0; i < job->n_problems; i++) {
        const struct reader_problem *p =
            &g_array_index(b->problems, struct reader_problem, job->first_problem + i);
        gboolean error = p->severity == ARB_PROBLEM_ERROR;
        gboolean note = !error && is_encoding_notice(p->message);
        if (!error && !note && !w->opt->strict) continue;
        const ArbGame *g = job->game && p->game == job->game->number ? job->game : NULL;
        struct finding f = {.kind = error  ? KIND_TRUNCATED
                                    : note ? KIND_NOTE
                                           : KIND_MALFORMED,
                            .game = g ? p->game : 0,
                            .line = p->line,
                            .col = p->col,
                            .offset = p->offset,
                            .message = problem_message(p)};
        emit(w, b, g, &f);
    }
}

static gboolean substitute(ArbNorm *norm, const struct position *pos, const char *text, gsize len,
                           const struct resolve_answer *bad, move_t *out, gpointer user_data)
{
    return bad->status == SAN_ILLEGAL && suggest_move(norm, pos, text, len, out);
}

/* A suggestion that the rest of the game contradicts is no suggestion. */
static gboolean is_confident(const struct replay_result *res)
{
    return res->substituted && res->later_consistent == res->later_moves;
}

/* Replays in English; a game English cannot read is tried in the languages
 * whose letters cover it: one that reads it clean wins, else the one that
 * got furthest is reported. moves (may be NULL) gets the moves of the replay
 * reported. */
static void replay_checked(const struct worker *w, const ArbGame *g, GArray *moves,
                           struct replay_result *res, ArbNorm **used)
{
    const struct replay_options opts = {substitute, NULL, TRUE}, plain = {.refuse_null = TRUE};
    *used = w->english;
    replay_game_with(g, w->english, moves, &opts, res);
    /* An archive is English SAN unless English cannot read it: a move that
     * reads but is illegal ("2. Kf3") is reported, not taken for an
     * Indonesian knight move. */
    if (!res->errors || res->bad_fen || res->answer.status != SAN_INVALID) return;
    ArbNorm *best = NULL;
    gsize best_at = res->error_event;
    for (guint i = 0; i < w->n_norms; i++) {
        ArbNorm *nm = w->norms[i];
        if (nm == w->english || norm_lang(nm) == w->figurines ||
            !game_covers_letters(norm_lang(nm), g))
            continue;
        struct replay_result r;
        replay_game_with(g, nm, NULL, &plain, &r);
        if (!r.errors) {
            *res = r;
            *used = nm;
            if (moves) replay_game_with(g, nm, moves, &plain, res);
            return;
        }
        if (r.error_event > best_at) best = nm, best_at = r.error_event;
    }
    if (best) {
        *used = best;
        replay_game_with(g, best, moves, &opts, res);
    }
}

static const struct game_event *find_tag(const ArbGame *g, const char *name)
{
    for (guint i = 0; i < g->events->len; i++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        if (ev->kind == EV_TAG && !g_ascii_strcasecmp(game_event_text(g, ev), name)) return ev;
    }
    return NULL;
}

static void emit_at_event(const struct worker *w, struct batch *b, const ArbGame *g,
                          const struct game_event *ev, enum kind kind, char *message)
{
    struct finding f = {.kind = kind, .game = g->number, .message = message};
    if (ev) {
        f.line = ev->line, f.col = ev->col, f.offset = ev->offset;
    } else {
        f.line = g->first_line, f.col = 1;
    }
    emit(w, b, g, &f);
}

static void report_bad_move(const struct worker *w, struct batch *b, const ArbGame *g,
                            const struct replay_result *res)
{
    const struct game_event *ev = &g_array_index(g->events, struct game_event, res->error_event);
    const char *text = game_event_text(g, ev);
    enum kind kind = res->answer.status == SAN_INVALID     ? KIND_UNREADABLE
                     : res->answer.status == SAN_AMBIGUOUS ? KIND_AMBIGUOUS
                                                           : KIND_ILLEGAL;
    struct finding f = {.kind = kind,
                        .game = g->number,
                        .line = ev->line,
                        .col = ev->col,
                        .offset = ev->offset,
                        .ply = res->error_ply,
                        .move = g_strdup(text),
                        .move_label = move_label(&res->error_pos, text),
                        .message = g_strdup(res->answer.message)};
    char *hint = kind == KIND_ILLEGAL ? replay_numbering_hint(g, res) : NULL;
    if (hint) {
        char *m = g_strdup_printf("%s (%s)", f.message, hint);
        g_free(f.message);
        g_free(hint);
        f.message = m;
    }
    if (is_confident(res)) {
        char san[SAN_MAX];
        san_write(&res->error_pos, res->substitute, san);
        f.suggestion = move_label(&res->error_pos, san);
        f.later_moves = res->later_moves;
        f.later_consistent = res->later_consistent;
    }
    emit(w, b, g, &f);
}

static const char *result_text(int result)
{
    switch (result) {
    case ARB_RESULT_WHITE_WINS: return "1-0";
    case ARB_RESULT_BLACK_WINS: return "0-1";
    case ARB_RESULT_DRAW: return "1/2-1/2";
    default: return NULL; /* unfinished, forfeits: nothing the board can contradict */
    }
}

static const char *decisive_tag(const char *v)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2"};
    for (gsize i = 0; v && i < G_N_ELEMENTS(results); i++)
        if (!strcmp(v, results[i])) return results[i];
    return NULL;
}

/* --strict: a result token that says otherwise than the Result tag (as
 * pgn-extract's "inconsistent result strings": a game ending in '*' agrees
 * with any tag; a tag of '?' or another value is not compared). */
static void check_result_tag(const struct worker *w, struct batch *b, const ArbGame *g)
{
    const char *tag = game_tag(g, "Result");
    if (!tag || !(decisive_tag(tag) || !strcmp(tag, "*"))) return;
    for (guint i = g->events->len; i-- > 0;) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        if (ev->kind != EV_RESULT) continue;
        const char *token = result_text(ev->value);
        if (token && strcmp(token, tag))
            emit_at_event(
                w, b, g, ev, KIND_MALFORMED,
                g_strdup_printf("the game ends %s but its Result tag says %s", token, tag));
        return;
    }
}

/* --strict: a game that ends in mate or stalemate on the board but whose
 * result token or Result tag says otherwise. */
static void check_result(const struct worker *w, struct batch *b, const ArbGame *g,
                         const struct replay_result *res)
{
    if (res->last_move_event == G_MAXSIZE || movegen_has_legal_move(&res->final_pos)) return;
    gboolean mate = pos_in_check(&res->final_pos);
    const char *truth = !mate ? "1/2-1/2" : res->final_pos.side == WHITE ? "0-1" : "1-0";
    const char *token = NULL;
    for (guint i = g->events->len; i-- > 0;) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        if (ev->kind == EV_RESULT) {
            token = result_text(ev->value);
            break;
        }
    }
    const char *tag = decisive_tag(game_tag(g, "Result"));
    const char *said = NULL, *where = NULL;
    if (token && strcmp(token, truth))
        said = token, where = "result";
    else if (tag && strcmp(tag, truth))
        said = tag, where = "Result tag";
    if (!said) return;
    const struct game_event *ev =
        &g_array_index(g->events, struct game_event, res->last_move_event);
    const char *text = game_event_text(g, ev);
    g_autofree char *label = move_label(&res->last_move_pos, text);
    struct finding f = {
        .kind = KIND_RESULT,
        .game = g->number,
        .line = ev->line,
        .col = ev->col,
        .offset = ev->offset,
        .ply = ply_of(g, &res->last_move_pos),
        .move = g_strdup(text),
        .move_label = g_strdup(label),
        .message =
            mate ? g_strdup_printf("%s %s, but %s mates: %s", where, said, label, truth)
                 : g_strdup_printf("%s %s, but %s is stalemate: %s", where, said, label, truth)};
    emit(w, b, g, &f);
}

static guint64 problem_total(const struct counts *c)
{
    guint64 n = 0;
    for (int k = 0; k < N_KINDS; k++)
        n += c->problems[k];
    return n;
}

static void check_game(const struct worker *w, struct batch *b, const struct job *job);

static guint64 count_line_ends(const char *data, gsize len)
{
    guint64 n = 0;
    for (const char *p = data, *end = data + len; (p = memchr(p, '\n', (gsize)(end - p))); p++)
        n++;
    return n;
}

/* Reading a range on a worker: each game is checked as soon as it ends. */
struct range_reading {
    const struct worker *w;
    struct batch *b;
    ArbRecorder rec;
    ArbReader *reader;
    gsize released;         /* bytes of the range whose pages were given back */
    struct check *flush_to; /* inline: print every BATCH_GAMES games */
    /* the last game read is checked when the next one ends or the range
     * does: a game cut by the range's end may yet get a problem */
    struct job held;
    gboolean held_unended; /* ended by no result (and not failed) */
};

static void print_findings(struct check *ck, struct batch *b);

/* Gives the pages of data[from, to) back to the kernel. The mapping is a
 * read-only file mapping, so a page touched again is read again from the
 * file: always correct, and it keeps the resident size flat however large
 * the file (the reader holds one game, far less than the margin kept). */
static void release_pages(const char *data, gsize from, gsize to)
{
    const gsize page = (gsize)sysconf(_SC_PAGESIZE);
    guintptr a = ((guintptr)(data + from) + page - 1) / page * page;
    guintptr b = (guintptr)(data + to) / page * page;
    if (b > a) madvise((void *)a, b - a, MADV_DONTNEED);
}

enum { RELEASE_MARGIN = 1 << 20 };

static void check_held(struct range_reading *rr)
{
    struct batch *b = rr->b;
    check_game(rr->w, b, &rr->held);
    if (b->counts.games % BATCH_GAMES) return;
    if (rr->flush_to) print_findings(rr->flush_to, b);
    gsize at = (gsize)MIN(reader_get_bytes_decoded(rr->reader), b->range_len);
    if (at > rr->released + 2 * RELEASE_MARGIN) {
        /* line ends are counted before the pages go (only the range after
         * this one needs them) */
        if (b->next_src)
            b->lines +=
                count_line_ends(b->range + rr->released, at - RELEASE_MARGIN - rr->released);
        release_pages(b->range, rr->released, at - RELEASE_MARGIN);
        rr->released = at - RELEASE_MARGIN;
    }
}

static void range_on_game(ArbGame *game, const ArbGameSummary *summary, gpointer ud)
{
    struct range_reading *rr = ud;
    struct batch *b = rr->b;
    ArbGame *spare = rr->held.game;
    if (spare) check_held(rr);
    rr->held = (struct job){game, b->assigned, b->problems->len - b->assigned};
    rr->held_unended = !summary->has_result && !summary->failed;
    b->assigned = b->problems->len;
    rr->rec.game = spare ? spare : game_new(); /* the recorder reuses a game */
}

/* The whole file's reader warns about a game without a result when the
 * next game's tags begin; a range ends there, so its reader cannot: the
 * same warning is added, at the first tag of the range after. */
static void warn_unended_at_cut(struct range_reading *rr)
{
    struct batch *b = rr->b;
    const char *next = b->range + b->range_len;
    gsize blanks = 0;
    while (next[blanks] == ' ' || next[blanks] == '\t')
        blanks++;
    struct reader_problem rp = {ARB_PROBLEM_WARNING,
                                g_strdup_printf("game %" G_GUINT64_FORMAT
                                                " has no result before the next tag section",
                                                rr->held.game->number),
                                rr->held.game->number,
                                count_line_ends(b->range, b->range_len) + 1,
                                blanks + 1,
                                b->range_len + blanks};
    guint at = rr->held.first_problem + rr->held.n_problems;
    g_array_insert_val(b->problems, at, rp);
    rr->held.n_problems++;
    b->assigned++;
}

static void range_on_problem(const ArbProblem *p, gpointer ud)
{
    struct range_reading *rr = ud;
    struct reader_problem rp = {p->severity, g_strdup(p->message), p->game, p->line, p->col,
                                p->offset};
    g_array_append_val(rr->b->problems, rp);
}

static void check_range(const struct worker *w, struct batch *b, struct check *flush_to)
{
    struct range_reading rr = {.w = w,
                               .b = b,
                               .rec = {game_new(), range_on_game, range_on_problem, NULL},
                               .flush_to = flush_to};
    rr.rec.user_data = &rr;
    const char *charset = b->src->offset_base ? b->charset : NULL;
    ArbReader *reader = reader_new_for_data(b->range_len ? b->range : "", b->range_len, charset,
                                            &game_recorder_visitor, &rr.rec);
    rr.reader = reader;
    if (flush_to) flush_to->reader = reader; /* for the progress bar */
    reader_read_all(reader, NULL);           /* reading memory cannot fail */
    if (rr.held.game) {
        if (rr.held_unended && b->cut_after && w->opt->strict) warn_unended_at_cut(&rr);
        check_held(&rr);
        game_free(rr.held.game);
    }
    if (flush_to) flush_to->reader = NULL;
    if (b->assigned < b->problems->len) {
        struct job job = {NULL, b->assigned, b->problems->len - b->assigned};
        b->assigned = b->problems->len;
        check_game(w, b, &job);
    }
    b->games = reader_get_games(reader);
    if (b->next_src)
        b->lines += count_line_ends(b->range + rr.released, b->range_len - rr.released);
    release_pages(b->range, 0, b->range_len);
    reader_free(reader);
    game_free(rr.rec.game);
}

/* --fix: the game as PGN export format, the confident suggestion played in
 * place of its illegal move; any other bad move cuts the game there, the
 * rest kept as written in a comment. */
static void write_fixed(const struct worker *w, struct batch *b, const ArbGame *g, ArbNorm *used,
                        const struct replay_result *res)
{
    const struct gamew gw = {w->writer, NULL, NOTATION_SAN, NULL, NULL};
    const struct gamew_game gg = {
        .game = g,
        .moves = w->moves,
        .res = res,
        .notation = used != w->english ? arb_lang_code(norm_lang(used)) : NULL,
        .play_substitute = is_confident(res),
    };
    gamew_write(&gw, &gg, b->fixed);
}

/* A finding's place in the text; an unknown line goes last. */
static gboolean comes_before(const struct finding *a, const struct finding *b)
{
    guint64 al = a->line ? a->line : G_MAXUINT64, bl = b->line ? b->line : G_MAXUINT64;
    return al < bl || (al == bl && a->col < b->col);
}

/* Puts the findings from `first` on (one game's: a handful) in the order of
 * the text, as a compiler does; equal places keep the order found. */
static void sort_findings(GArray *findings, guint first)
{
    struct finding *f = (struct finding *)(void *)findings->data;
    for (guint i = first + 1; i < findings->len; i++) {
        struct finding x = f[i];
        guint j = i;
        for (; j > first && comes_before(&x, &f[j - 1]); j--)
            f[j] = f[j - 1];
        f[j] = x;
    }
}

/* Checks game g (the reader's problems aside, counted before it when
 * check_game() asks). */
static void check_moves(const struct worker *w, struct batch *b, const ArbGame *g, guint64 before,
                        guint first_finding)
{
    b->counts.games++;
    const char *setup = game_tag(g, "SetUp");
    if (setup && !strcmp(setup, "1") && !game_tag(g, "FEN"))
        emit_at_event(w, b, g, find_tag(g, "SetUp"), KIND_BAD_FEN,
                      g_strdup("SetUp \"1\" but no FEN tag"));
    struct replay_result res;
    ArbNorm *used;
    replay_checked(w, g, w->opt->fix ? w->moves : NULL, &res, &used);
    b->counts.plies += (guint64)res.moves;
    if (res.bad_fen)
        emit_at_event(w, b, g, find_tag(g, "FEN"), KIND_BAD_FEN, g_strdup(res.fen_message));
    else if (res.errors)
        report_bad_move(w, b, g, &res);
    else if (w->opt->strict && res.last_move_event == G_MAXSIZE)
        emit_at_event(w, b, g,
                      g->events->len ? &g_array_index(g->events, struct game_event, 0) : NULL,
                      KIND_NO_MOVES, g_strdup("the game has no moves"));
    else if (w->opt->strict) {
        check_result_tag(w, b, g);
        check_result(w, b, g, &res);
    }
    sort_findings(b->findings, first_finding);
    if (problem_total(&b->counts) == before) b->counts.clean++;
    if (w->opt->fix) write_fixed(w, b, g, used, &res);
}

/* Checks a game the reader read: text of move lists with no numbers, a
 * game a line, which the reader cannot tell apart without the board, as
 * the games it holds (mend_split_listed(), as convert and fix split it). */
static void check_game(const struct worker *w, struct batch *b, const struct job *job)
{
    guint64 before = problem_total(&b->counts);
    guint first_finding = b->findings->len;
    check_reader_problems(w, b, job);
    const ArbGame *g = job->game;
    if (!g) return;
    const struct mend_reading reading = {w->norms, w->n_norms, NULL};
    g_autoptr(GPtrArray) parts = mend_split_listed(g, &reading);
    if (!parts) {
        check_moves(w, b, g, before, first_finding);
        return;
    }
    for (guint i = 0; i < parts->len; i++) {
        check_moves(w, b, g_ptr_array_index(parts, i), before, first_finding);
        before = problem_total(&b->counts);
        first_finding = b->findings->len;
    }
}

static void check_batch(const struct worker *w, struct batch *b)
{
    for (guint i = 0; i < b->jobs->len; i++)
        check_game(w, b, &g_array_index(b->jobs, struct job, i));
}

static void worker_init(struct worker *w, struct check *ck)
{
    w->opt = &ck->opt;
    const ArbLang *english = arb_lang_set_lookup(ck->langs, "en");
    w->figurines = arb_lang_set_lookup(ck->langs, "figurine");
    w->n_norms = arb_lang_set_count(ck->langs);
    w->norms = g_new0(ArbNorm *, w->n_norms);
    for (guint i = 0; i < w->n_norms; i++) {
        const ArbLang *l = arb_lang_set_nth(ck->langs, i);
        w->norms[i] = norm_new(l, english, w->figurines);
        if (l == english) w->english = w->norms[i];
    }
    w->todo = ck->todo;
    w->done = ck->done;
    w->stop = &ck->stop;
    if (ck->opt.fix) {
        w->writer = pgnw_new();
        w->moves = g_array_new(FALSE, TRUE, sizeof(struct replay_move));
    }
}

static void worker_clear(struct worker *w)
{
    if (w->writer) pgnw_free(w->writer);
    if (w->moves) g_array_free(w->moves, TRUE);
    for (guint i = 0; i < w->n_norms; i++)
        norm_free(w->norms[i]);
    g_free(w->norms);
}

static gpointer worker_main(gpointer data)
{
    struct worker *w = data;
    worker_init(w, w->ck); /* in the thread: the workers set up side by side */
    for (;;) {
        struct batch *b = g_async_queue_pop(w->todo);
        if (b == w->stop) return NULL;
        if (b->range)
            check_range(w, b, NULL);
        else
            check_batch(w, b);
        g_async_queue_push(w->done, b);
    }
}

/* ---- printing, in input order (reading thread) ------------------------------ */

static void draw_progress(struct check *ck, gboolean final);

static void recycle_game(struct check *ck, ArbGame *g)
{
    if (ck->free_games->len < FREE_GAMES_MAX && g->text->allocated_len <= RECYCLE_MAX_TEXT)
        g_ptr_array_add(ck->free_games, g);
    else
        game_free(g);
}

static void add_counts(struct counts *to, const struct counts *c)
{
    to->games += c->games;
    to->clean += c->clean;
    to->plies += c->plies;
    for (int k = 0; k < N_KINDS; k++)
        to->problems[k] += c->problems[k];
}

static void report_finding(struct check *ck, const struct source *src, const struct finding *f)
{
    if (!ck->report_src || ck->report_src->input != src->input) {
        if (ck->report_src) report_end_input(ck->report);
        report_begin_input(ck->report, src->name);
        ck->report_src = src;
    }
    struct report_problem p = {.game = f->game,
                               .offset = f->offset,
                               .line = f->line,
                               .column = f->col,
                               .ply = f->ply,
                               .kind = kinds[f->kind].id,
                               .white = f->white,
                               .black = f->black,
                               .event = f->event,
                               .date = f->date,
                               .move = f->move,
                               .message = f->message,
                               .suggestion = f->suggestion,
                               .later_moves = f->later_moves,
                               .later_consistent = f->later_consistent};
    report_problem(ck->report, &p);
}

static void format_finding(GString *o, const struct source *src, const struct finding *f)
{
    g_string_append_printf(o, "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": ", src->name,
                           f->line, f->col);
    if (f->kind == KIND_NOTE) {
        g_string_append_printf(o, "note: %s\n", f->message);
        return;
    }
    if (f->game)
        g_string_append_printf(o, "game %" G_GUINT64_FORMAT " (%s - %s, %s, %s): ", f->game,
                               f->white, f->black, f->event, f->date);
    if (f->ply) g_string_append_printf(o, "ply %d (%s): ", f->ply, f->move_label);
    g_string_append_printf(o, "%s: %s", kinds[f->kind].text, f->message);
    if (f->suggestion) g_string_append_printf(o, "; likely meant %s", f->suggestion);
    if (f->suggestion && f->later_moves)
        g_string_append_printf(o, " (%d of %d later moves fit)", f->later_consistent,
                               f->later_moves);
    g_string_append_c(o, '\n');
}

/* Prints the batch's findings so far, with the numbers of its source's
 * bases, and adds its counts to the total. */
static void print_findings(struct check *ck, struct batch *b)
{
    const struct source *src = b->src;
    GString *o = g_string_new(NULL);
    for (guint i = 0; i < b->findings->len; i++) {
        struct finding *f = &g_array_index(b->findings, struct finding, i);
        if (f->line) f->line += src->line_base;
        if (f->game) f->game += src->game_base;
        f->offset += src->offset_base;
        if (f->kind == KIND_NOTE) {
            if (!ck->opt.quiet) {
                GString *n = g_string_new(NULL);
                format_finding(n, src, f);
                fputs(n->str, stderr);
                g_string_free(n, TRUE);
            }
        } else {
            format_finding(o, src, f);
            if (ck->report) report_finding(ck, src, f);
        }
        finding_clear(f);
    }
    g_array_set_size(b->findings, 0);
    outputs_write(stdout, o->str, o->len, &ck->findings_errno);
    g_string_free(o, TRUE);
    if (ck->fix_out) outputs_write(ck->fix_out, b->fixed->str, b->fixed->len, &ck->fixed_errno);
    g_string_truncate(b->fixed, 0);
    add_counts(&ck->total, &b->counts);
    memset(&b->counts, 0, sizeof b->counts);
    if (ck->progress) draw_progress(ck, FALSE);
}

static void print_batch(struct check *ck, struct batch *b)
{
    print_findings(ck, b);
    if (b->next_src) {
        b->next_src->line_base = b->src->line_base + b->lines;
        b->next_src->game_base = b->src->game_base + b->games;
    }
    for (guint i = 0; i < b->jobs->len; i++) {
        ArbGame *g = g_array_index(b->jobs, struct job, i).game;
        if (g) recycle_game(ck, g);
    }
    batch_free(b);
    ck->next_to_print++;
}

/* Takes checked batches off the queue and prints those whose turn it is;
 * blocks while too many are out (or, with all, until none is). */
static void collect(struct check *ck, gboolean all)
{
    for (;;) {
        struct batch *b;
        if (ck->in_flight && (all || ck->in_flight >= ck->max_in_flight))
            b = g_async_queue_pop(ck->done);
        else if (!(b = g_async_queue_try_pop(ck->done)))
            return;
        ck->in_flight--;
        g_hash_table_insert(ck->waiting, GSIZE_TO_POINTER((gsize)b->seq), b);
        while ((b = g_hash_table_lookup(ck->waiting, GSIZE_TO_POINTER((gsize)ck->next_to_print)))) {
            g_hash_table_remove(ck->waiting, GSIZE_TO_POINTER((gsize)ck->next_to_print));
            print_batch(ck, b);
        }
    }
}

static void submit(struct check *ck)
{
    struct batch *b = ck->cur;
    b->seq = ck->next_seq++;
    ck->cur = batch_new(ck->src);
    if (!ck->n_workers) {
        check_batch(&ck->inline_worker, b);
        print_batch(ck, b);
        return;
    }
    g_async_queue_push(ck->todo, b);
    ck->in_flight++;
    collect(ck, FALSE);
}

/* ---- progress --------------------------------------------------------------- */

static void draw_progress(struct check *ck, gboolean final)
{
    gint64 now = g_get_monotonic_time();
    if (!final && now - ck->last_tick < 200000) return;
    ck->last_tick = now;
    double secs = (now - ck->started) / 1e6;
    guint64 done = ck->tell     ? (guint64)g_seekable_tell(ck->tell)
                   : ck->reader ? reader_get_bytes_decoded(ck->reader)
                                : 0;
    guint64 games = MAX(ck->games_read, ck->total.games);
    if (final) {
        progress_clear(stderr);
        return;
    }
    progress_draw(stderr, NULL, done, ck->input_size, games, secs);
}

/* ---- reading ------------------------------------------------------------------ */

static ArbGame *take_game(struct check *ck)
{
    if (ck->free_games->len)
        return g_ptr_array_steal_index_fast(ck->free_games, ck->free_games->len - 1);
    return game_new();
}

static void on_game(ArbGame *game, const ArbGameSummary *summary, gpointer ud)
{
    struct check *ck = ud;
    struct batch *b = ck->cur;
    struct job job = {game, b->assigned, b->problems->len - b->assigned};
    b->assigned = b->problems->len;
    ck->games_read++;
    if (!ck->n_workers) { /* check it now; the recorder reuses the game */
        check_game(&ck->inline_worker, b, &job);
        if (b->counts.games >= BATCH_GAMES) print_findings(ck, b);
        return;
    }
    g_array_append_val(b->jobs, job);
    b->text_bytes += game->text->len;
    ck->rec.game = take_game(ck);
    if (b->jobs->len >= BATCH_GAMES || b->text_bytes >= BATCH_BYTES) submit(ck);
}

static void on_problem(const ArbProblem *p, gpointer ud)
{
    struct check *ck = ud;
    struct reader_problem rp = {p->severity, g_strdup(p->message), p->game, p->line, p->col,
                                p->offset};
    g_array_append_val(ck->cur->problems, rp);
}

/* Reads every game of one input into batches; the last batch of an input is
 * always submitted (with the problems after its last game). */
static gboolean read_input(struct check *ck, ArbReader *reader, const char *name)
{
    ck->reader = reader;
    ck->cur->src = ck->src;
    g_autoptr(GError) error = NULL;
    gboolean ok = reader_read_all(reader, &error);
    struct batch *b = ck->cur;
    if (b->assigned < b->problems->len) {
        struct job job = {NULL, b->assigned, b->problems->len - b->assigned};
        b->assigned = b->problems->len;
        if (ck->n_workers)
            g_array_append_val(b->jobs, job);
        else
            check_game(&ck->inline_worker, b, &job);
    }
    submit(ck);
    ck->reader = NULL;
    if (!ok) fprintf(stderr, "arbiter check: %s: %s\n", name, error->message);
    return ok;
}

static struct source *add_source(struct check *ck, const char *name)
{
    struct source *s = g_new0(struct source, 1);
    s->name = g_strdup(name);
    s->input = ck->n_inputs;
    g_ptr_array_add(ck->sources, s);
    ck->src = s;
    return s;
}

/* ---- sharding ----------------------------------------------------------------- */

/* Game starts are told from lines alone, at memchr speed, without parsing.
 * Ranges and shards are cut only before a tag line ('[' and a letter, after
 * optional blanks) that follows a blank line whose previous non-blank line is
 * no tag line: where PGN export format puts a game's first tag, and never
 * inside a tag section (ChessBase leaves blank lines there). The games before
 * a shard are counted by the reader's own rule for tags: a tag line begins a
 * game when it is the first, follows movetext or repeats a tag name of the
 * game (tag sections without movetext). Games the reader finds without tags
 * are not counted: they shift a shard's game numbers, never its lines or
 * problems. */
static gsize line_end(const char *data, gsize len, gsize at)
{
    const char *nl = memchr(data + at, '\n', len - at);
    return nl ? (gsize)(nl - data) : len;
}

/* The start of the line before the one at `at` (> 0, a line start). */
static gsize prev_line_start(const char *data, gsize at)
{
    gsize p = at - 1;
    while (p > 0 && data[p - 1] != '\n')
        p--;
    return p;
}

static gboolean is_blank_line(const char *data, gsize s, gsize e)
{
    for (; s < e; s++)
        if (data[s] != ' ' && data[s] != '\t' && data[s] != '\r') return FALSE;
    return TRUE;
}

/* The length of the tag name of line [s, e), 0 when it is no tag line. */
static gsize tag_name(const char *data, gsize s, gsize e, const char **name)
{
    if (s == 0 && e >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3)) s = 3; /* a UTF-8 BOM */
    while (s < e && (data[s] == ' ' || data[s] == '\t'))
        s++;
    if (s + 1 >= e || data[s] != '[' || !g_ascii_isalpha(data[s + 1])) return 0;
    gsize n = s + 1;
    while (n < e && (g_ascii_isalnum(data[n]) || data[n] == '_'))
        n++;
    *name = data + s + 1;
    return n - s - 1;
}

/* May a range or shard begin at data[at]? */
static gboolean is_cut_point(const char *data, gsize len, gsize at)
{
    if (at > 0 && data[at - 1] != '\n') return FALSE;
    const char *name;
    if (!tag_name(data, at, line_end(data, len, at), &name)) return FALSE;
    gboolean blank_before = FALSE;
    gsize s = at, e;
    for (;;) { /* back to the previous non-blank line [s, e) */
        if (s == 0) return TRUE;
        e = s - 1;
        s = prev_line_start(data, s);
        if (!is_blank_line(data, s, e)) break;
        blank_before = TRUE;
    }
    return blank_before && !tag_name(data, s, e, &name);
}

/* The first cut point at or after from (len when none). */
static gsize next_game_start(const char *data, gsize len, gsize from)
{
    if (from == 0 || from >= len) return MIN(from, len);
    if (is_cut_point(data, len, from)) return from;
    for (const char *p = data + from; (p = memchr(p, '\n', (gsize)(data + len - p)));) {
        gsize at = (gsize)(++p - data);
        if (at < len && is_cut_point(data, len, at)) return at;
    }
    return len;
}

/* Tag names a game may repeat before the count stops telling (more are
 * rare; the count then only misses a repeat). */
enum { SCAN_MAX_TAGS = 64 };

/* Lines and game starts in data[0..end), end a line start. The pages read
 * are given back as the scan goes, so a late shard of a large file stays as
 * small as the first. */
static void count_before(const char *data, gsize end, guint64 *lines, guint64 *games)
{
    gsize released = 0;
    struct {
        const char *text;
        gsize len;
    } names[SCAN_MAX_TAGS];
    guint n_names = 0;
    gboolean in_game = FALSE, movetext = FALSE;
    *lines = 0;
    *games = 0;
    for (gsize at = 0; at < end;) {
        gsize e = line_end(data, end, at);
        const char *name;
        gsize n = tag_name(data, at, e, &name);
        if (n) {
            gboolean repeated = FALSE;
            for (guint i = 0; i < n_names && !repeated; i++)
                repeated = names[i].len == n && !memcmp(names[i].text, name, n);
            if (!in_game || movetext || repeated) {
                (*games)++;
                in_game = TRUE, movetext = FALSE, n_names = 0;
            }
            if (n_names < SCAN_MAX_TAGS) names[n_names].text = name, names[n_names++].len = n;
        } else if (in_game && !is_blank_line(data, at, e)) {
            movetext = TRUE;
        }
        if (e == end) break;
        (*lines)++;
        at = e + 1;
        if (at - released >= 2 * RELEASE_MARGIN) {
            release_pages(data, released, at - RELEASE_MARGIN);
            released = at - RELEASE_MARGIN;
        }
    }
}

struct shard {
    guint index, count; /* 1-based index of count; count 0: no sharding */
};

/* The size of the next range when `left` bytes are left. */
static gsize range_size(const struct check *ck, gsize left)
{
    return CLAMP(left / (RANGE_SHARE * ck->n_workers), (gsize)RANGE_MIN, (gsize)RANGE_MAX);
}

/* Cuts [lo, hi) into ranges at game starts and queues one batch per range,
 * never more than max_in_flight at once; each range's source learns its line
 * and game bases when the range before it is printed. */
static void queue_ranges(struct check *ck, const char *data, gsize len, gsize lo, gsize hi,
                         struct source *first, const char *charset)
{
    struct source *src = first;
    for (gsize start = lo, end; start < hi; start = end) {
        gsize want = range_size(ck, hi - start);
        end = hi - start <= want + want / 2 ? hi : next_game_start(data, hi, start + want);
        struct batch *b = batch_new(src);
        b->range = data + start;
        b->range_len = end - start;
        b->charset = charset;
        b->cut_after = end < len;
        if (end < hi) {
            b->next_src = add_source(ck, src->name);
            b->next_src->offset_base = end;
            src = b->next_src;
        }
        b->seq = ck->next_seq++;
        g_async_queue_push(ck->todo, b);
        ck->in_flight++;
        collect(ck, FALSE);
    }
    collect(ck, TRUE); /* the mapping lives until every range is checked */
}

static gboolean check_mapped(struct check *ck, const char *path, const struct shard *shard)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GMappedFile) map = g_mapped_file_new(path, FALSE, &error);
    if (!map) {
        fprintf(stderr, "arbiter check: %s\n", error->message);
        return FALSE;
    }
    const char *data = g_mapped_file_get_contents(map);
    gsize len = g_mapped_file_get_length(map);
    guint index = shard->count ? shard->index : 1, count = shard->count ? shard->count : 1;
    gsize lo = next_game_start(data, len, (gsize)((guint64)len * (index - 1) / count));
    gsize hi =
        index == count ? len : next_game_start(data, len, (gsize)((guint64)len * index / count));
    struct source *src = add_source(ck, path);
    count_before(data, lo, &src->line_base, &src->game_base);
    release_pages(data, 0, lo);
    src->offset_base = lo;
    ck->input_size = hi - lo;
    ck->tell = NULL;
    /* the whole file's reader detects the charset from the file's head; a
     * range later in the file (or a shard) reads with the same */
    ArbEncodingGuess guess;
    encoding_detect((const guint8 *)data, len, len < ENCODING_SAMPLE_SIZE, &guess);
    const char *charset = guess.ascii_only ? NULL : guess.charset;
    if (ck->n_workers) {
        queue_ranges(ck, data, len, lo, hi, src, charset);
    } else {
        struct batch *b = batch_new(src);
        b->range = data + lo;
        b->range_len = hi - lo;
        b->charset = charset;
        b->cut_after = hi < len;
        check_range(&ck->inline_worker, b, ck);
        print_batch(ck, b);
    }
    ck->n_inputs++;
    return TRUE;
}

/* ---- inputs ------------------------------------------------------------------- */

/* A plain regular file is mapped (and may be cut into ranges and shards);
 * stdin, pipes and compressed files are streamed. Compression is told by
 * content, never by the file's name. */
static gboolean check_input(struct check *ck, const char *arg, const struct shard *shard)
{
    gboolean is_stdin = !strcmp(arg, "-");
    gboolean regular = !is_stdin && g_file_test(arg, G_FILE_TEST_IS_REGULAR);
    enum arb_compression comp = regular ? arb_compression_of_file(arg) : ARB_PLAIN;
    if (regular && comp == ARB_PLAIN) return check_mapped(ck, arg, shard);
    if (shard->count) {
        if (regular)
            fprintf(stderr, "arbiter check: %s: --shard needs a plain file, and this one is %s\n",
                    arg, arb_compression_name(comp));
        else
            fprintf(stderr, "arbiter check: %s: --shard needs a plain file, not a stream\n", arg);
        return FALSE;
    }
    g_autoptr(GInputStream) raw = NULL;
    g_autoptr(GError) error = NULL;
    ck->input_size = 0;
    if (is_stdin) {
        raw = g_unix_input_stream_new(0, FALSE);
    } else {
        g_autoptr(GFile) file = g_file_new_for_commandline_arg(arg);
        GFileInputStream *fin = g_file_read(file, NULL, &error);
        if (!fin) {
            fprintf(stderr, "arbiter check: %s: %s\n", arg, error->message);
            return FALSE;
        }
        raw = G_INPUT_STREAM(fin);
        g_autoptr(GFileInfo) info =
            g_file_input_stream_query_info(fin, G_FILE_ATTRIBUTE_STANDARD_SIZE, NULL, NULL);
        if (info) ck->input_size = (guint64)g_file_info_get_size(info);
    }
    g_autoptr(GInputStream) in = arb_decompressing(raw, NULL, &error);
    if (!in) {
        fprintf(stderr, "arbiter check: %s: %s\n", arg, error->message);
        return FALSE;
    }
    ck->tell = G_IS_SEEKABLE(raw) && !is_stdin ? G_SEEKABLE(raw) : NULL;
    add_source(ck, arg);
    ArbReader *reader = reader_new_for_stream(in, NULL, &game_recorder_visitor, &ck->rec);
    gboolean ok = read_input(ck, reader, arg);
    reader_free(reader);
    ck->tell = NULL;
    ck->n_inputs++;
    return ok;
}

/* ---- the command ----------------------------------------------------------- */

static void print_summary(const struct check *ck, double secs)
{
    const struct counts *t = &ck->total;
    GString *s = g_string_new(NULL);
    g_string_append_printf(s,
                           "arbiter check: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
                           " clean, %" G_GUINT64_FORMAT " with problems",
                           t->games, t->clean, t->games - t->clean);
    const char *sep = " (";
    for (int k = 0; k < N_KINDS; k++) {
        if (!t->problems[k]) continue;
        g_string_append_printf(s, "%s%s: %" G_GUINT64_FORMAT, sep, kinds[k].text, t->problems[k]);
        sep = ", ";
    }
    if (*sep == ',') g_string_append_c(s, ')');
    g_string_append_printf(
        s, "; %" G_GUINT64_FORMAT " plies in %.2f s, %.0f games/s, %.0f plies/s\n", t->plies, secs,
        secs > 0 ? t->games / secs : 0, secs > 0 ? t->plies / secs : 0);
    fputs(s->str, stderr);
    g_string_free(s, TRUE);
}

static void write_report_summary(struct check *ck, double secs)
{
    if (ck->report_src) report_end_input(ck->report);
    report_begin_summary(ck->report, secs);
    report_count(ck->report, "games", ck->total.games);
    report_count(ck->report, "clean", ck->total.clean);
    report_count(ck->report, "plies", ck->total.plies);
    for (int k = 0; k < N_KINDS; k++)
        report_count(ck->report, kinds[k].id, ck->total.problems[k]);
}

static gboolean parse_shard(const char *text, struct shard *shard)
{
    unsigned i, n;
    char end;
    if (sscanf(text, "%u/%u%c", &i, &n, &end) != 2 || n == 0 || i == 0 || i > n) return FALSE;
    shard->index = i;
    shard->count = n;
    return TRUE;
}

/* One job checks on the reading thread (the inline worker); more start
 * that many threads, and the reading thread only reads and prints. */
static void start_workers(struct check *ck, int jobs)
{
    if (jobs <= 1) {
        worker_init(&ck->inline_worker, ck);
        return;
    }
    ck->n_workers = (guint)jobs;
    ck->max_in_flight = MAX_IN_FLIGHT_PER_JOB * ck->n_workers;
    ck->workers = g_new0(struct worker, ck->n_workers);
    for (guint i = 0; i < ck->n_workers; i++) {
        ck->workers[i].ck = ck;
        ck->workers[i].thread = g_thread_new("check", worker_main, &ck->workers[i]);
    }
}

static void stop_workers(struct check *ck)
{
    for (guint i = 0; i < ck->n_workers; i++)
        g_async_queue_push(ck->todo, &ck->stop);
    for (guint i = 0; i < ck->n_workers; i++) {
        g_thread_join(ck->workers[i].thread);
        worker_clear(&ck->workers[i]);
    }
    g_free(ck->workers);
    worker_clear(&ck->inline_worker);
}

static void source_free(gpointer p)
{
    struct source *s = p;
    g_free(s->name);
    g_free(s);
}

int cmd_check(int argc, char **argv)
{
    gint jobs = 0;
    gboolean quiet = FALSE, strict = FALSE, fix = FALSE;
    g_autofree char *report_path = NULL, *shard_text = NULL, *lang_dir = NULL, *output = NULL;
    GOptionEntry entries[] = {
        {"jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
         "worker threads (default: the number of cores); the output is the same for any N", "N"},
        {"report", 'r', 0, G_OPTION_ARG_FILENAME, &report_path,
         "also write every problem to FILE as XML (schema: src/report.rng)", "FILE.xml"},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet,
         "no summary and no progress bar on stderr (problem lines are still written)", NULL},
        {"strict", 's', 0, G_OPTION_ARG_NONE, &strict,
         "also report results that contradict the final position, result tokens that contradict "
         "the Result tag, games without moves and malformed PGN (tags and other reader warnings)",
         NULL},
        {"shard", 0, 0, G_OPTION_ARG_STRING, &shard_text,
         "check only the I-th of N byte ranges of each FILE (plain, not stdin), split before "
         "a game's first tag line after a blank line; the N outputs concatenated equal the "
         "unsharded output (game numbers can differ where games without tags come first)",
         "I/N"},
        {"fix", 0, 0, G_OPTION_ARG_NONE, &fix,
         "also write every game to the -o FILE as PGN export format, each illegal move that one "
         "legal move clearly fits replaced by it and marked in a comment; other bad moves cut "
         "their game, the rest kept as written in a comment",
         NULL},
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "where --fix writes the games", "FILE"},
        {"lang-dir", 0, 0, G_OPTION_ARG_FILENAME, &lang_dir, "also load the language tables in DIR",
         "DIR"},
        G_OPTION_ENTRY_NULL};
    g_autoptr(GOptionContext) ctx = g_option_context_new("[FILE...]");
    g_option_context_set_summary(
        ctx,
        "Checks games for illegal, ambiguous and unreadable moves and bad FENs. Reads stdin "
        "when no FILE is given ('-' is stdin). A FILE or stdin compressed with gzip or zstd is "
        "decompressed, told by its first bytes, not by its name (a plain file named .gz is "
        "read as plain).");
    g_option_context_set_description(
        ctx, "One line per problem on stdout:\n"
             "  FILE:LINE:COL: game N (White - Black, Event, Date): ply P (12... Nd7): KIND: why\n"
             "followed, for an illegal move that one legal move clearly fits, by\n"
             "  ; likely meant 12... Nf6 (K of M later moves fit)\n"
             "A summary goes to stderr, and a progress bar when stderr is a terminal.\n\n"
             "--fix -o FILE writes the archive back out, as many games as were read, in input\n"
             "order: a suggested move is played and marked {arbiter: \"Nf4\" read as Nf3\n"
             "(illegal as written)}; a game with any other bad move or a bad FEN stops there,\n"
             "the rest as written kept in a comment that says why.\n\n"
             "Input cut short (ending inside a tag, a comment, or a move with no line end\n"
             "or result after it) is a problem too: an error names the place.\n"
             "Exit status: 0 every game clean, 1 some problem found, 2 usage or I/O error.\n");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_auto(GStrv) words = NULL;
    if (!cli_parse(ctx, entries, "check", &argc, &argv, &words)) return EXIT_USAGE;
    g_autoptr(GError) error = NULL;
    struct shard shard = {0, 0};
    if (shard_text && !parse_shard(shard_text, &shard)) {
        fprintf(stderr, "arbiter check: --shard: '%s' is not I/N with 1 <= I <= N\n", shard_text);
        return EXIT_USAGE;
    }
    if (jobs < 0 || jobs > 1024) {
        fprintf(stderr, "arbiter check: --jobs: %d is not between 1 and 1024\n", jobs);
        return EXIT_USAGE;
    }
    if (jobs == 0) jobs = (int)g_get_num_processors();
    if (fix != (output != NULL)) {
        fprintf(stderr, "arbiter check: %s\n",
                fix ? "--fix needs -o FILE" : "-o FILE is where --fix writes: add --fix");
        return EXIT_USAGE;
    }

    struct check ck = {.opt = {strict, quiet, report_path != NULL, fix}};
    ck.langs = arb_lang_set_load(lang_dir, &error);
    if (!ck.langs) {
        fprintf(stderr, "arbiter check: %s\n", error->message);
        return EXIT_USAGE;
    }
    const char *outputs[] = {output, report_path}, *options[] = {"-o", "--report"};
    if (!outputs_apart("check", options, outputs, 2, argv + 1, argc - 1)) {
        arb_lang_set_free(ck.langs);
        return EXIT_USAGE;
    }
    if (report_path && !(ck.report = report_open(report_path, "check", &error))) {
        fprintf(stderr, "arbiter check: %s\n", error->message);
        arb_lang_set_free(ck.langs);
        return EXIT_USAGE;
    }
    if (output && !(ck.fix_out = fopen(output, "wb"))) {
        fprintf(stderr, "arbiter check: cannot write %s: %s\n", output, g_strerror(errno));
        if (ck.report) report_close(ck.report, NULL);
        arb_lang_set_free(ck.langs);
        return EXIT_USAGE;
    }
    ck.todo = g_async_queue_new();
    ck.done = g_async_queue_new();
    ck.waiting = g_hash_table_new(g_direct_hash, g_direct_equal);
    ck.free_games = g_ptr_array_new_with_free_func((GDestroyNotify)game_free);
    ck.sources = g_ptr_array_new_with_free_func(source_free);
    ck.rec = (ArbRecorder){game_new(), on_game, on_problem, &ck};
    ck.progress = !quiet && isatty(STDERR_FILENO);
    ck.started = g_get_monotonic_time();
    start_workers(&ck, jobs);
    ck.cur = batch_new(NULL);

    gboolean io_ok = TRUE;
    if (argc < 2) io_ok &= check_input(&ck, "-", &shard);
    for (int i = 1; i < argc; i++)
        io_ok &= check_input(&ck, argv[i], &shard);
    collect(&ck, TRUE);
    stop_workers(&ck);
    if (ck.progress) draw_progress(&ck, TRUE);
    double secs = (g_get_monotonic_time() - ck.started) / 1e6;
    if (ck.fix_out) ck.fixed_errno = outputs_finish(ck.fix_out, TRUE, ck.fixed_errno);
    ck.findings_errno = outputs_finish(stdout, FALSE, ck.findings_errno);
    if (ck.fixed_errno) {
        fprintf(stderr, "arbiter check: error writing %s: %s\n", output,
                g_strerror(ck.fixed_errno));
        io_ok = FALSE;
    }
    if (ck.findings_errno) {
        fprintf(stderr, "arbiter check: error writing the findings: %s\n",
                g_strerror(ck.findings_errno));
        io_ok = FALSE;
    }
    if (ck.report) {
        write_report_summary(&ck, secs);
        if (!report_close(ck.report, &error)) {
            fprintf(stderr, "arbiter check: %s\n", error->message);
            io_ok = FALSE;
        }
    }
    if (!quiet) print_summary(&ck, secs);
    gboolean problems = problem_total(&ck.total) > 0;

    batch_free(ck.cur);
    game_free(ck.rec.game);
    g_ptr_array_free(ck.free_games, TRUE);
    g_ptr_array_free(ck.sources, TRUE);
    g_hash_table_destroy(ck.waiting);
    g_async_queue_unref(ck.todo);
    g_async_queue_unref(ck.done);
    arb_lang_set_free(ck.langs);
    return !io_ok ? EXIT_USAGE : problems ? EXIT_PROBLEMS : EXIT_CLEAN;
}
