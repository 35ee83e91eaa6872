/* The fuzz targets' bodies: FEN parse/write round trips, the notation
 * parsers and writers, the streaming reader with an invariant-checking
 * visitor, and the whole convert pipeline (reader -> recorder -> replay ->
 * PGN writer) with its output read back. The fix-side targets are in
 * harness_fix.c. See harness.h. */
#include "harness.h"

#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "pgnw.h"
#include "replay.h"
#include "uci.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Inputs longer than these are cut: a FEN or a move is short, and longer
 * inputs only slow the search down. */
enum { FEN_INPUT_MAX = 512, SAN_INPUT_MAX = 128 };

/* What the targets share; loaded once per process (a fuzz entry point has
 * no other place to keep it). */
static struct {
    gboolean ready;
    ArbLangSet *langs;
    const ArbLang *english, *figurines;
    ArbNorm **norms; /* one per table, in set order */
    guint n_norms;
    ArbNorm *english_norm;
} ctx;

static const char *const target_names[FUZZ_TARGETS] = {"fen", "san", "reader", "convert",
                                                       "hcs", "fix", "report"};

const char *fuzz_target_name(enum fuzz_target target)
{
    return target_names[target];
}

void fuzz_init(void)
{
    if (ctx.ready) return;
    core_init();
    GError *error = NULL;
    ctx.langs = arb_lang_set_load(NULL, &error);
    FUZZ_ASSERT(ctx.langs, "%s", error->message);
    ctx.english = arb_lang_set_lookup(ctx.langs, "en");
    ctx.figurines = arb_lang_set_lookup(ctx.langs, "figurine");
    ctx.n_norms = arb_lang_set_count(ctx.langs);
    ctx.norms = g_new0(ArbNorm *, ctx.n_norms);
    for (guint i = 0; i < ctx.n_norms; i++) {
        const ArbLang *lang = arb_lang_set_nth(ctx.langs, i);
        ctx.norms[i] = norm_new(lang, ctx.english, ctx.figurines);
        if (lang == ctx.english) ctx.english_norm = ctx.norms[i];
    }
    FUZZ_ASSERT(ctx.english_norm, "no English table");
    fuzz_fix_init();
    ctx.ready = TRUE;
}

static gboolean is_terminated(const char *s, size_t size)
{
    return memchr(s, 0, size) != NULL;
}

/* ---- positions and the move writers --------------------------------------- */

/* The bitboards, the mailbox and the key tell the same story. */
static void check_position(const struct position *pos)
{
    bitboard all = 0;
    for (int t = PAWN; t <= KING; t++) {
        FUZZ_ASSERT(!(all & pos->by_type[t]), "piece types overlap");
        all |= pos->by_type[t];
    }
    FUZZ_ASSERT(all == (pos->by_color[WHITE] | pos->by_color[BLACK]), "colours != types");
    FUZZ_ASSERT(!(pos->by_color[WHITE] & pos->by_color[BLACK]), "colours overlap");
    for (int sq = 0; sq < 64; sq++) {
        int piece = pos->board[sq];
        bitboard bit = (bitboard)1 << sq;
        if (piece == NO_PIECE) {
            FUZZ_ASSERT(!(all & bit), "square %d empty in the mailbox only", sq);
            continue;
        }
        FUZZ_ASSERT(piece < NO_PIECE, "square %d holds %d", sq, piece);
        FUZZ_ASSERT(pos->by_type[piece % 6] & pos->by_color[piece / 6] & bit,
                    "square %d: mailbox and bitboards differ", sq);
    }
    FUZZ_ASSERT(pos->side <= BLACK, "side %d", pos->side);
    FUZZ_ASSERT(pos->ep <= SQ_NONE, "ep %d", pos->ep);
    FUZZ_ASSERT(pos->key == pos_compute_key(pos), "stale Zobrist key");
}

/* Writes m with a writer into a buffer of exactly its documented size (so
 * ASan sees an overflow) and checks the length it returns. */
#define WRITE_EXACT(writer, max, pos, m, out)                                                      \
    do {                                                                                           \
        char *buf_ = g_malloc(max);                                                                \
        size_t n_ = writer(pos, m, buf_);                                                          \
        FUZZ_ASSERT(n_ < (size_t)(max) && strlen(buf_) == n_, #writer " wrote %zu bytes", n_);     \
        FUZZ_ASSERT(g_utf8_validate(buf_, (gssize)n_, NULL), #writer " wrote bad UTF-8");          \
        memcpy(out, buf_, n_ + 1);                                                                 \
        g_free(buf_);                                                                              \
    } while (0)

static void expect_reads_back(const struct position *pos, move_t m, const char *text,
                              enum san_status st, const struct san *san, const char *what)
{
    FUZZ_ASSERT(st == SAN_OK, "%s '%s' does not parse", what, text);
    move_t back = MOVE_NONE;
    struct san_error err;
    st = san_resolve(pos, san, SAN_STRICT, &back, &err);
    FUZZ_ASSERT(st == SAN_OK && back == m, "%s '%s' resolves to %u, not %u: %s", what, text, back,
                m, err.message);
}

/* Every writer stays within its documented maximum, and every notation
 * reads back as the move it was written from. */
static void check_writers(const struct position *pos, move_t m)
{
    char text[64];
    struct san san;
    move_t back;
    struct san_error err;

    WRITE_EXACT(san_write, SAN_MAX, pos, m, text);
    enum san_status st = san_read(pos, text, strlen(text), SAN_EXPORT_FORM, &back, &err);
    FUZZ_ASSERT(st == SAN_OK && back == m, "SAN '%s' reads back as %u, not %u: %s", text, back, m,
                err.message);

    WRITE_EXACT(lan_write, LAN_MAX, pos, m, text);
    expect_reads_back(pos, m, text, san_parse(text, strlen(text), &san, NULL), &san, "LAN");
    WRITE_EXACT(fan_write, FAN_MAX, pos, m, text);
    expect_reads_back(pos, m, text, fan_parse(text, strlen(text), &san, NULL), &san, "FAN");
    WRITE_EXACT(iccf_write, ICCF_MAX, pos, m, text);
    expect_reads_back(pos, m, text, iccf_parse(text, strlen(text), &san, NULL), &san, "ICCF");
    WRITE_EXACT(desc_write, DESC_MAX, pos, m, text);
    expect_reads_back(pos, m, text, desc_parse(text, strlen(text), &san, NULL), &san,
                      "descriptive");
    WRITE_EXACT(uci_write, NOTATION_MAX, pos, m, text);
    FUZZ_ASSERT(uci_parse(pos, text, strlen(text)) == m, "UCI '%s' reads back wrong", text);
    for (int style = NOTATION_SAN; style <= NOTATION_DESCRIPTIVE; style++) {
        char *buf = g_malloc(NOTATION_MAX);
        size_t n = notation_write(pos, m, (enum notation_style)style, buf);
        FUZZ_ASSERT(n < NOTATION_MAX && strlen(buf) == n, "notation_write %d: %zu", style, n);
        g_free(buf);
    }
}

/* ---- FEN ------------------------------------------------------------------ */

static void fuzz_fen(const uint8_t *data, size_t size)
{
    char fen[FEN_INPUT_MAX + 1];
    size = MIN(size, (size_t)FEN_INPUT_MAX);
    memcpy(fen, data, size);
    fen[size] = 0; /* a NUL inside ends the text, as for any C string */

    struct position pos;
    struct fen_error err;
    memset(&err, 0x55, sizeof err); /* the parser must fill it in */
    if (!fen_parse(&pos, fen, &err)) {
        FUZZ_ASSERT(is_terminated(err.message, sizeof err.message), "message not terminated");
        FUZZ_ASSERT(err.message[0], "empty message for '%s'", fen);
        FUZZ_ASSERT(g_utf8_validate(err.message, -1, NULL), "message not UTF-8: %s", err.message);
        FUZZ_ASSERT(err.field >= 0 && err.field <= 6, "field %d", err.field);
        FUZZ_ASSERT(err.column >= 0 && (size_t)err.column <= strlen(fen) + 1, "column %d",
                    err.column);
        return;
    }
    check_position(&pos);

    char *out = g_malloc(FEN_MAX);
    size_t n = fen_write(&pos, out, FEN_MAX);
    FUZZ_ASSERT(n < FEN_MAX && strlen(out) == n, "fen_write: %zu bytes", n);
    struct position again;
    FUZZ_ASSERT(fen_parse(&again, out, &err), "'%s' (from '%s') does not parse: %s", out, fen,
                err.message);
    FUZZ_ASSERT(again.key == pos.key && !memcmp(again.board, pos.board, sizeof pos.board) &&
                    again.castling == pos.castling && again.ep == pos.ep &&
                    again.chess960 == pos.chess960 && again.halfmove == pos.halfmove &&
                    again.fullmove == pos.fullmove,
                "'%s' reads back as another position (from '%s')", out, fen);
    char out2[FEN_MAX];
    fen_write(&again, out2, sizeof out2);
    FUZZ_ASSERT(!strcmp(out, out2), "'%s' is written back as '%s'", out, out2);
    g_free(out);

    struct move_list list;
    int count = movegen_legal(&pos, &list);
    FUZZ_ASSERT(count == list.count && count >= 0 && count <= 218, "%d legal moves", count);
    for (int i = 0; i < count; i++) {
        check_writers(&pos, list.moves[i]);
        struct position next = pos;
        pos_make_move(&next, list.moves[i]);
        check_position(&next);
    }
}

/* ---- SAN and the other notation parsers ----------------------------------- */

static const char *const fixed_fens[] = {
    FEN_START,
    /* castling both ways, promotions by capture, pins */
    "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/1PPBBPPP/R3K2R w KQkq - 0 1",
    /* en passant */
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    /* Chess960, Shredder castling */
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    /* black promotes; four knights make disambiguation needed */
    "4k3/8/8/2n1n3/8/2n1n3/6p1/4K3 b - - 0 40",
};

static void check_parsed(const struct san *s)
{
    FUZZ_ASSERT(s->piece >= PAWN && s->piece <= NO_TYPE, "piece %d", s->piece);
    FUZZ_ASSERT(s->from_file >= -1 && s->from_file <= 7, "from_file %d", s->from_file);
    FUZZ_ASSERT(s->from_rank >= -1 && s->from_rank <= 7, "from_rank %d", s->from_rank);
    FUZZ_ASSERT(s->to_file >= -1 && s->to_file <= 7, "to_file %d", s->to_file);
    FUZZ_ASSERT(s->to_rank >= -1 && s->to_rank <= 7, "to_rank %d", s->to_rank);
    FUZZ_ASSERT(s->promotion == NO_TYPE || (s->promotion >= KNIGHT && s->promotion <= QUEEN),
                "promotion %d", s->promotion);
    FUZZ_ASSERT(s->castle <= SAN_CASTLE_QUEEN && s->check <= SAN_CHECK_UNKNOWN &&
                    s->capture <= SAN_CAPTURE_UNKNOWN && s->nag <= 6,
                "castle %d check %d capture %d nag %d", s->castle, s->check, s->capture, s->nag);
    FUZZ_ASSERT(s->relative <= 1 && s->from_wing <= SAN_WING_QUEEN && s->to_wing <= SAN_WING_QUEEN,
                "relative %d wings %d %d", s->relative, s->from_wing, s->to_wing);
}

static void resolve_everywhere(const struct san *s)
{
    static const unsigned flag_sets[] = {SAN_STRICT, SAN_EXPORT_FORM,
                                         SAN_LENIENT_PROMOTION | SAN_LENIENT_HINTS |
                                             SAN_LENIENT_KING_STEP};
    for (size_t f = 0; f < G_N_ELEMENTS(fixed_fens); f++) {
        struct position pos;
        FUZZ_ASSERT(fen_parse(&pos, fixed_fens[f], NULL), "fixed FEN %zu", f);
        for (size_t k = 0; k < G_N_ELEMENTS(flag_sets); k++) {
            move_t m = 0xffff;
            struct san_error err;
            memset(&err, 0x55, sizeof err);
            enum san_status st = san_resolve(&pos, s, flag_sets[k], &m, &err);
            FUZZ_ASSERT(st <= SAN_AMBIGUOUS, "status %d", st);
            if (st != SAN_OK) {
                FUZZ_ASSERT(is_terminated(err.message, sizeof err.message) && err.message[0],
                            "no message for status %d", st);
                FUZZ_ASSERT(st != SAN_AMBIGUOUS || err.candidates >= 2, "ambiguous among %d",
                            err.candidates);
                continue;
            }
            FUZZ_ASSERT(m != MOVE_NONE, "MOVE_NONE resolved");
            if (m == MOVE_NULL) {
                FUZZ_ASSERT(s->is_null && !pos_in_check(&pos), "a null move not asked for");
                continue;
            }
            FUZZ_ASSERT(movegen_is_legal(&pos, m), "resolved to an illegal move %u", m);
            check_writers(&pos, m);
        }
    }
}

typedef enum san_status (*notation_parser)(const char *, size_t, struct san *, struct san_error *);

static void fuzz_san(const uint8_t *data, size_t size)
{
    size = MIN(size, (size_t)SAN_INPUT_MAX);
    char *text = g_malloc(size ? size : 1); /* exact size: ASan sees a read past len */
    memcpy(text, data, size);
    static const notation_parser parsers[] = {san_parse, fan_parse, iccf_parse, notation_parse_uci,
                                              desc_parse};
    for (size_t p = 0; p < G_N_ELEMENTS(parsers); p++) {
        struct san s;
        struct san_error err;
        memset(&err, 0x55, sizeof err);
        enum san_status st = parsers[p](text, size, &s, &err);
        FUZZ_ASSERT(st == SAN_OK || st == SAN_INVALID, "parser %zu: status %d", p, st);
        if (st != SAN_OK) {
            FUZZ_ASSERT(is_terminated(err.message, sizeof err.message) && err.message[0],
                        "parser %zu: no message", p);
            FUZZ_ASSERT(g_utf8_validate(err.message, -1, NULL) ||
                            !g_utf8_validate(text, size, NULL),
                        "parser %zu: message not UTF-8 for UTF-8 text: %s", p, err.message);
            continue;
        }
        check_parsed(&s);
        resolve_everywhere(&s);
    }
    g_free(text);
}

/* ---- the reader ----------------------------------------------------------- */

struct reader_check {
    const uint8_t *data;
    size_t size;
    ArbReader *reader;
    ArbReaderLimits limits;
    gboolean in_game;
    guint64 games, number;
    guint depth;
};

static void check_token(struct reader_check *rc, const ArbToken *tok, gboolean may_be_empty)
{
    FUZZ_ASSERT(rc->in_game, "token outside a game");
    FUZZ_ASSERT(tok->text || tok->len == 0, "no text");
    FUZZ_ASSERT(may_be_empty || tok->len > 0, "empty token at %" G_GUINT64_FORMAT, tok->line);
    FUZZ_ASSERT(tok->len <= rc->limits.max_line_bytes, "token of %zu bytes", (size_t)tok->len);
    FUZZ_ASSERT(g_utf8_validate(tok->text, (gssize)tok->len, NULL), "token not UTF-8");
    FUZZ_ASSERT(!tok->len || !memchr(tok->text, 0, tok->len), "NUL in a token");
    FUZZ_ASSERT(tok->line >= 1 && tok->col >= 1,
                "position %" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT, tok->line, tok->col);
    FUZZ_ASSERT(tok->offset <= reader_get_bytes_decoded(rc->reader),
                "offset %" G_GUINT64_FORMAT " past the %" G_GUINT64_FORMAT " bytes decoded",
                tok->offset, reader_get_bytes_decoded(rc->reader));
}

static void rd_begin_game(gpointer ud, guint64 number, const ArbToken *first)
{
    struct reader_check *rc = ud;
    FUZZ_ASSERT(!rc->in_game, "begin_game inside a game");
    FUZZ_ASSERT(number == rc->number + 1, "game %" G_GUINT64_FORMAT " after %" G_GUINT64_FORMAT,
                number, rc->number);
    rc->in_game = TRUE;
    rc->number = number;
    rc->depth = 0;
}

static void rd_tag(gpointer ud, const ArbToken *name, const ArbToken *value)
{
    check_token(ud, name, FALSE);
    check_token(ud, value, TRUE);
}

static void rd_move_number(gpointer ud, guint64 number, gboolean is_black, const ArbToken *tok)
{
    check_token(ud, tok, FALSE);
}

static void rd_move_text(gpointer ud, const ArbToken *tok)
{
    check_token(ud, tok, FALSE);
}

static void rd_comment(gpointer ud, ArbCommentKind kind, const ArbToken *tok)
{
    FUZZ_ASSERT(kind <= ARB_COMMENT_HEADER, "comment kind %d", kind);
    check_token(ud, tok, TRUE);
}

static void rd_nag(gpointer ud, guint nag, const ArbToken *tok)
{
    check_token(ud, tok, FALSE);
}

static void rd_draw_offer(gpointer ud, const ArbToken *tok)
{
    check_token(ud, tok, FALSE);
}

static void rd_begin_variation(gpointer ud, guint depth, const ArbToken *tok)
{
    struct reader_check *rc = ud;
    check_token(rc, tok, TRUE);
    FUZZ_ASSERT(depth == rc->depth + 1, "variation depth %u after %u", depth, rc->depth);
    FUZZ_ASSERT(depth <= rc->limits.max_depth, "depth %u past the cap %u", depth,
                rc->limits.max_depth);
    rc->depth = depth;
}

static void rd_end_variation(gpointer ud, guint depth, const ArbToken *tok)
{
    struct reader_check *rc = ud;
    check_token(rc, tok, TRUE);
    FUZZ_ASSERT(depth == rc->depth && depth >= 1, "end of variation %u at depth %u", depth,
                rc->depth);
    rc->depth--;
}

static void rd_result(gpointer ud, ArbResult result, const ArbToken *tok)
{
    check_token(ud, tok, FALSE);
    FUZZ_ASSERT(result <= ARB_RESULT_BLACK_HALF, "result %d", result);
}

static void rd_end_game(gpointer ud, const ArbGameSummary *summary)
{
    struct reader_check *rc = ud;
    FUZZ_ASSERT(rc->in_game, "end_game outside a game");
    FUZZ_ASSERT(rc->depth == 0, "game ends %u variations deep", rc->depth);
    FUZZ_ASSERT(summary->number == rc->number, "summary of game %" G_GUINT64_FORMAT,
                summary->number);
    FUZZ_ASSERT(summary->first_line <= summary->last_line,
                "lines %" G_GUINT64_FORMAT "..%" G_GUINT64_FORMAT, summary->first_line,
                summary->last_line);
    rc->in_game = FALSE;
    rc->games++;
}

static void rd_problem(gpointer ud, const ArbProblem *p)
{
    FUZZ_ASSERT(p->severity <= ARB_PROBLEM_ERROR, "severity %d", p->severity);
    FUZZ_ASSERT(p->message && p->message[0], "problem without a message");
    FUZZ_ASSERT(g_utf8_validate(p->message, -1, NULL), "message not UTF-8");
}

static const ArbReaderVisitor checking_visitor = {
    .begin_game = rd_begin_game,
    .tag = rd_tag,
    .move_number = rd_move_number,
    .move_text = rd_move_text,
    .comment = rd_comment,
    .nag = rd_nag,
    .draw_offer = rd_draw_offer,
    .begin_variation = rd_begin_variation,
    .end_variation = rd_end_variation,
    .result = rd_result,
    .end_game = rd_end_game,
    .problem = rd_problem,
};

static void read_checked(const uint8_t *data, size_t size, const ArbReaderLimits *limits)
{
    struct reader_check rc = {.data = data, .size = size};
    rc.reader = reader_new_for_data(data, size, NULL, &checking_visitor, &rc);
    if (limits) reader_set_limits(rc.reader, limits);
    reader_get_limits(rc.reader, &rc.limits);
    GError *error = NULL;
    gboolean ok = reader_read_all(rc.reader, &error);
    FUZZ_ASSERT(ok, "reading memory failed: %s", error ? error->message : "?");
    FUZZ_ASSERT(!rc.in_game, "the last game never ended");
    FUZZ_ASSERT(reader_get_games(rc.reader) == rc.games,
                "reader counts %" G_GUINT64_FORMAT " games, the visitor %" G_GUINT64_FORMAT,
                reader_get_games(rc.reader), rc.games);
    /* one line or game, one chunk, and the decoder's slack */
    gsize cap = 4 * MAX(rc.limits.max_line_bytes, rc.limits.max_game_bytes) + 4 * 1024 * 1024;
    FUZZ_ASSERT(reader_get_buffer_size(rc.reader) <= cap, "reader holds %zu bytes",
                (size_t)reader_get_buffer_size(rc.reader));
    reader_free(rc.reader);
}

static void fuzz_reader(const uint8_t *data, size_t size)
{
    read_checked(data, size, NULL);
    /* small caps, so that inputs of a few hundred bytes reach every limit */
    const ArbReaderLimits small = {.max_game_bytes = 2048, .max_line_bytes = 256, .max_depth = 4};
    read_checked(data, size, &small);
}

/* ---- the convert pipeline ------------------------------------------------- */

struct pipeline {
    ArbNorm *norm;
    enum notation_style style;
    ArbPgnWriter *writer;
    GArray *moves;
    GString *out;
    int games, clean_games, clean_moves;
};

/* As cmd_convert.c writes a game, without the language detection: tags,
 * then the moves up to the first bad one, then the rest in a comment. */
static void pipeline_game(ArbGame *game, const ArbGameSummary *summary, gpointer ud)
{
    struct pipeline *pl = ud;
    struct replay_result res;
    replay_game(game, pl->norm, pl->moves, &res);
    FUZZ_ASSERT(res.errors == 0 || res.errors == 1, "%d errors", res.errors);
    FUZZ_ASSERT(!res.errors || res.bad_fen || res.error_event < game->events->len,
                "error at event %zu of %u", (size_t)res.error_event, game->events->len);
    pl->games++;
    if (!res.errors) pl->clean_games++, pl->clean_moves += res.moves;

    ArbPgnWriter *w = pl->writer;
    pgnw_begin_game(w);
    int result = ARB_RESULT_UNFINISHED, depth = 0;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        FUZZ_ASSERT(ev->text + ev->len < game->text->len || ev->len == 0, "event past the text");
        if (ev->kind == EV_TAG) pgnw_tag(w, game_event_text(game, ev), game_event_value(game, ev));
        if (ev->kind == EV_RESULT) result = ev->value;
    }
    gsize stop = res.bad_fen ? 0 : res.errors ? res.error_event : game->events->len;
    for (gsize i = 0; i < stop; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        const struct replay_move *rm = &g_array_index(pl->moves, struct replay_move, i);
        char text[NOTATION_MAX];
        switch (ev->kind) {
        case EV_MOVE:
            /* (words a line end cut off a move: written with it, as gamew.c does) */
            if (rm->is_suffix || rm->is_joined) break;
            if (rm->is_prose) {
                pgnw_comment(w, game_event_text(game, ev));
                break;
            }
            FUZZ_ASSERT(rm->before.fullmove >= 1, "no replay record for move event %zu", (size_t)i);
            FUZZ_ASSERT(rm->move == MOVE_NONE ||
                            (rm->move == MOVE_NULL ? !pos_in_check(&rm->before)
                                                   : movegen_is_legal(&rm->before, rm->move)),
                        "replay recorded an illegal move");
            notation_write(&rm->before, rm->move, pl->style, text);
            pgnw_move(w, rm->before.fullmove, rm->before.side, text);
            if (rm->nag) pgnw_nag(w, rm->nag);
            break;
        case EV_COMMENT: pgnw_comment(w, game_event_text(game, ev)); break;
        case EV_NAG: pgnw_nag(w, ev->value); break;
        case EV_BEGIN_VARIATION: pgnw_begin_variation(w), depth++; break;
        case EV_END_VARIATION: pgnw_end_variation(w), depth--; break;
        default: break;
        }
    }
    FUZZ_ASSERT(depth >= 0, "variations closed more often than opened");
    for (; depth > 0; depth--)
        pgnw_end_variation(w);
    if (res.errors) pgnw_comment(w, res.bad_fen ? res.fen_message : res.answer.message);
    pgnw_end_game(w, game_result_text(result));
    gsize len;
    char *text = pgnw_take(w, &len);
    g_string_append_len(pl->out, text, (gssize)len);
    g_free(text);
}

static void pipeline_problem(const ArbProblem *p, gpointer ud)
{
    FUZZ_ASSERT(p->message && g_utf8_validate(p->message, -1, NULL), "bad problem message");
}

static void run_pipeline(struct pipeline *pl, const char *data, size_t size)
{
    ArbGame *game = game_new();
    ArbRecorder rec = {game, pipeline_game, pipeline_problem, pl};
    ArbReader *reader = reader_new_for_data(data, size, NULL, &game_recorder_visitor, &rec);
    GError *error = NULL;
    FUZZ_ASSERT(reader_read_all(reader, &error), "%s", error ? error->message : "?");
    reader_free(reader);
    game_free(game);
}

static void fuzz_convert(const uint8_t *data, size_t size)
{
    /* the last byte picks the language and the notation written, so that the
     * search can reach every table without a separate target */
    unsigned pick = size ? data[size - 1] : 0;
    struct pipeline pl = {
        .norm = pick & 1 ? ctx.norms[(pick >> 1) % ctx.n_norms] : ctx.english_norm,
        .style = (enum notation_style)((pick >> 4) % (NOTATION_DESCRIPTIVE + 1)),
        .writer = pgnw_new(),
        .moves = g_array_new(FALSE, TRUE, sizeof(struct replay_move)),
        .out = g_string_new(NULL),
    };
    run_pipeline(&pl, (const char *)data, size);
    FUZZ_ASSERT(g_utf8_validate(pl.out->str, (gssize)pl.out->len, NULL), "output not UTF-8");
    FUZZ_ASSERT(!memchr(pl.out->str, 0, pl.out->len), "NUL in the output");

    /* Nothing lost: the output, read again as SAN in English, holds one game
     * per game read, and the games that were clean replay as cleanly. */
    if (pl.style == NOTATION_SAN) {
        struct pipeline again = {
            .norm = ctx.english_norm,
            .style = NOTATION_SAN,
            .writer = pgnw_new(),
            .moves = g_array_new(FALSE, TRUE, sizeof(struct replay_move)),
            .out = g_string_new(NULL),
        };
        run_pipeline(&again, pl.out->str, pl.out->len);
        FUZZ_ASSERT(again.games == pl.games, "%d games written, %d read back:\n%s", pl.games,
                    again.games, pl.out->str);
        FUZZ_ASSERT(again.clean_games >= pl.clean_games && again.clean_moves >= pl.clean_moves,
                    "clean games %d -> %d, moves %d -> %d:\n%s", pl.clean_games, again.clean_games,
                    pl.clean_moves, again.clean_moves, pl.out->str);
        g_string_free(again.out, TRUE);
        g_array_free(again.moves, TRUE);
        pgnw_free(again.writer);
    }
    g_string_free(pl.out, TRUE);
    g_array_free(pl.moves, TRUE);
    pgnw_free(pl.writer);
}

int fuzz_one(enum fuzz_target target, const uint8_t *data, size_t size)
{
    fuzz_init();
    switch (target) {
    case FUZZ_FEN: fuzz_fen(data, size); break;
    case FUZZ_SAN: fuzz_san(data, size); break;
    case FUZZ_READER: fuzz_reader(data, size); break;
    case FUZZ_CONVERT: fuzz_convert(data, size); break;
    case FUZZ_HCS: fuzz_hcs(data, size); break;
    case FUZZ_FIX: fuzz_fix(data, size); break;
    case FUZZ_REPORT: fuzz_report(data, size); break;
    default: abort();
    }
    return 0;
}
