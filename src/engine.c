/* The UCI client behind `arbiter fix --engine`: a GSubprocess with its
 * stdin and stdout on pipes. Lines are read from the stdout pipe's file
 * descriptor with poll() against a deadline, into a buffer of ENGINE_LINE_MAX
 * bytes (a longer line is cut there), so neither a silent engine nor one
 * that talks without end holds the run up past the deadline. */
#include "engine.h"

#include "fen.h"
#include "uci.h"

#include <errno.h>
#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    ENGINE_LINE_MAX = 8192,
    ENGINE_MOVES_MAX = 64,
    QUIT_WAIT_MS = 500, /* what a well-behaved engine gets to leave after quit */
};

struct _ArbEngine {
    char *path; /* as given: every message names it */
    GSubprocess *proc;
    GOutputStream *in;
    int out_fd;
    int timeout_ms;
    gboolean chess960; /* what UCI_Chess960 is set to */
    gboolean dead;     /* it exited or failed: nothing more is sent */
    char buf[ENGINE_LINE_MAX];
    gsize start, len; /* unread bytes of buf: [start, start + len) */
    char line[ENGINE_LINE_MAX];
};

static void fail(ArbEngine *e, GError **error, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

static void fail(ArbEngine *e, GError **error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *why = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    e->dead = TRUE;
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "engine %s: %s", e->path, why);
}

static gboolean send_line(ArbEngine *e, const char *text, GError **error)
{
    if (e->dead) {
        fail(e, error, "no longer running");
        return FALSE;
    }
    g_autoptr(GError) err = NULL;
    g_autofree char *line = g_strconcat(text, "\n", NULL);
    if (!g_output_stream_write_all(e->in, line, strlen(line), NULL, NULL, &err) ||
        !g_output_stream_flush(e->in, NULL, &err)) {
        fail(e, error, "cannot send '%s': %s (did it exit?)", text, err->message);
        return FALSE;
    }
    return TRUE;
}

/* Moves a whole line out of buf into e->line; FALSE when none is there. */
static gboolean take_line(ArbEngine *e)
{
    char *nl = memchr(e->buf + e->start, '\n', e->len);
    if (!nl && e->len < sizeof e->buf) return FALSE;
    gsize n = nl ? (gsize)(nl - (e->buf + e->start)) : e->len - 1; /* a full buffer is cut */
    gsize used = nl ? n + 1 : e->len;
    memcpy(e->line, e->buf + e->start, n);
    if (n && e->line[n - 1] == '\r') n--;
    e->line[n] = 0;
    e->start += used;
    e->len -= used;
    return TRUE;
}

/* The next line the engine writes, in e->line, before the deadline (in
 * monotonic microseconds); `waiting` says for what, in the message. */
static gboolean read_line(ArbEngine *e, gint64 deadline, const char *waiting, GError **error)
{
    for (;;) {
        if (take_line(e)) return TRUE;
        memmove(e->buf, e->buf + e->start, e->len);
        e->start = 0;
        gint64 left = deadline - g_get_monotonic_time();
        if (left <= 0) {
            fail(e, error, "no %s within %d ms", waiting, e->timeout_ms);
            return FALSE;
        }
        struct pollfd p = {.fd = e->out_fd, .events = POLLIN};
        int r = poll(&p, 1, (int)MIN(left / 1000 + 1, G_MAXINT));
        if (r < 0 && errno != EINTR) {
            fail(e, error, "reading its output: %s", g_strerror(errno));
            return FALSE;
        }
        if (r <= 0) continue;
        gssize got = read(e->out_fd, e->buf + e->len, sizeof e->buf - e->len);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (got <= 0) {
            fail(e, error, "closed its output (exited?) while arbiter waited for %s", waiting);
            return FALSE;
        }
        e->len += (gsize)got;
    }
}

/* Reads lines until one that is (or starts with) want followed by a space
 * or its end. */
static gboolean wait_for(ArbEngine *e, const char *want, GError **error)
{
    gint64 deadline = g_get_monotonic_time() + (gint64)e->timeout_ms * 1000;
    gsize n = strlen(want);
    g_autofree char *waiting = g_strdup_printf("'%s'", want);
    while (read_line(e, deadline, waiting, error))
        if (!strncmp(e->line, want, n) && (e->line[n] == 0 || e->line[n] == ' ')) return TRUE;
    return FALSE;
}

static gboolean is_ready(ArbEngine *e, GError **error)
{
    return send_line(e, "isready", error) && wait_for(e, "readyok", error);
}

ArbEngine *engine_start(const char *path, int timeout_ms, GError **error)
{
    g_autofree char *found = strchr(path, '/') ? g_strdup(path) : g_find_program_in_path(path);
    if (!found || !g_file_test(found, G_FILE_TEST_IS_REGULAR | G_FILE_TEST_IS_EXECUTABLE) ||
        g_file_test(found, G_FILE_TEST_IS_DIR)) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "engine %s: %s", path,
                    found && g_file_test(found, G_FILE_TEST_EXISTS) ? "not an executable file"
                                                                    : "not found");
        return NULL;
    }
    /* an engine that exits makes the next write fail with EPIPE: an error
     * to report, not a signal that ends arbiter */
    signal(SIGPIPE, SIG_IGN);
    ArbEngine *e = g_new0(ArbEngine, 1);
    e->path = g_strdup(path);
    e->timeout_ms = timeout_ms;
    g_autoptr(GError) err = NULL;
    const char *argv[] = {found, NULL};
    e->proc = g_subprocess_newv(argv,
                                G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                    G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                                &err);
    if (!e->proc) {
        fail(e, error, "cannot start: %s", err->message);
        engine_free(e);
        return NULL;
    }
    e->in = g_subprocess_get_stdin_pipe(e->proc);
    e->out_fd =
        g_unix_input_stream_get_fd(G_UNIX_INPUT_STREAM(g_subprocess_get_stdout_pipe(e->proc)));
    if (!send_line(e, "uci", error) || !wait_for(e, "uciok", error) ||
        !send_line(e, "setoption name Threads value 1", error) ||
        !send_line(e, "setoption name Hash value 16", error) || !is_ready(e, error)) {
        if (error && *error) {
            char *why = (*error)->message;
            (*error)->message = g_strdup_printf("%s (is it a UCI engine?)", why);
            g_free(why);
        }
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(ArbEngine *e)
{
    if (!e) return;
    if (e->proc) {
        if (!e->dead && send_line(e, "quit", NULL)) {
            /* drain until it closes its output (it exits) or the wait is up */
            gint64 deadline = g_get_monotonic_time() + QUIT_WAIT_MS * 1000;
            e->timeout_ms = QUIT_WAIT_MS;
            while (read_line(e, deadline, "its exit", NULL))
                ;
        }
        g_subprocess_force_exit(e->proc);
        g_subprocess_wait(e->proc, NULL, NULL);
        g_object_unref(e->proc);
    }
    g_free(e->path);
    g_free(e);
}

gboolean engine_new_game(ArbEngine *e, GError **error)
{
    return send_line(e, "ucinewgame", error) && is_ready(e, error);
}

/* The score of an "info depth D ... multipv K score cp X ... pv MOVE ..."
 * line, its depth and first pv move; FALSE for any other line and for bounds
 * (a search window's partial result). */
static gboolean parse_info(const char *line, char *move, gsize move_size, int *score, int *depth)
{
    g_auto(GStrv) w = g_strsplit_set(line, " \t", -1);
    if (!w[0] || strcmp(w[0], "info")) return FALSE;
    gboolean has_score = FALSE, has_multipv = FALSE;
    for (int i = 1; w[i]; i++) {
        if (!strcmp(w[i], "multipv")) has_multipv = TRUE;
        if (!strcmp(w[i], "depth") && w[i + 1]) *depth = atoi(w[i + 1]);
        if (!strcmp(w[i], "lowerbound") || !strcmp(w[i], "upperbound")) return FALSE;
        if (!strcmp(w[i], "score") && w[i + 1] && w[i + 2]) {
            char *end;
            long v = strtol(w[i + 2], &end, 10);
            if (*end || (strcmp(w[i + 1], "cp") && strcmp(w[i + 1], "mate"))) return FALSE;
            if (!strcmp(w[i + 1], "cp"))
                *score = (int)CLAMP(v, -ENGINE_MATE / 2, ENGINE_MATE / 2);
            else
                *score =
                    v > 0 ? ENGINE_MATE - (int)MIN(v, 1000) : -ENGINE_MATE - (int)MAX(v, -1000);
            has_score = TRUE;
            i += 2;
        } else if (!strcmp(w[i], "pv") && w[i + 1] && has_score) {
            g_strlcpy(move, w[i + 1], move_size);
            return has_multipv;
        }
    }
    return FALSE;
}

gboolean engine_score(ArbEngine *e, const struct position *pos, const move_t *moves, int n,
                      int best, int depth, int *cp, gboolean *has, GError **error)
{
    n = MIN(n, ENGINE_MOVES_MAX);
    best = CLAMP(best, 1, n);
    char fen[FEN_MAX], uci[UCI_MAX + 1];
    fen_write(pos, fen, sizeof fen);
    if (e->chess960 != pos->chess960) {
        e->chess960 = pos->chess960;
        if (!send_line(e,
                       pos->chess960 ? "setoption name UCI_Chess960 value true"
                                     : "setoption name UCI_Chess960 value false",
                       error))
            return FALSE;
    }
    GString *go = g_string_new(NULL);
    g_string_printf(go, "go depth %d searchmoves", depth);
    for (int i = 0; i < n; i++) {
        uci[uci_write(pos, moves[i], uci)] = 0;
        g_string_append_printf(go, " %s", uci);
        has[i] = FALSE;
    }
    g_autofree char *multipv = g_strdup_printf("setoption name MultiPV value %d", best);
    g_autofree char *position = g_strdup_printf("position fen %s", fen);
    g_autofree char *go_text = g_string_free(go, FALSE);
    if (!send_line(e, multipv, error) || !send_line(e, position, error) ||
        !send_line(e, go_text, error))
        return FALSE;
    gint64 deadline = g_get_monotonic_time() + (gint64)e->timeout_ms * 1000;
    /* each iteration of the search lists its best: only the deepest
     * iteration's count (a move it dropped keeps an older score) */
    int at_depth[ENGINE_MOVES_MAX], deepest = 0, scored = 0;
    for (;;) {
        if (!read_line(e, deadline, "'bestmove'", error)) return FALSE;
        if (!strncmp(e->line, "bestmove", 8)) break;
        char pv[16];
        int score = 0, d = 0;
        if (!parse_info(e->line, pv, sizeof pv, &score, &d)) continue;
        move_t m = uci_parse(pos, pv, strlen(pv));
        for (int i = 0; i < n; i++)
            if (moves[i] == m) {
                has[i] = TRUE;
                cp[i] = score;
                at_depth[i] = d;
                deepest = MAX(deepest, d);
            }
    }
    for (int i = 0; i < n; i++) {
        has[i] = has[i] && at_depth[i] == deepest;
        scored += has[i];
    }
    if (!scored) {
        fail(e, error, "scored none of the moves asked for in %s", fen);
        return FALSE;
    }
    return TRUE;
}
