/* Recording a game's events and replaying its moves against the board.
 * Variations are followed with an explicit stack of positions (no recursion:
 * the reader caps nesting, the stack grows on the heap). */
#include "replay.h"

#include "fen.h"
#include "movegen.h"

#include <string.h>

ArbGame *game_new(void)
{
    ArbGame *g = g_new0(ArbGame, 1);
    g->events = g_array_new(FALSE, FALSE, sizeof(struct game_event));
    g->text = g_string_sized_new(8192);
    return g;
}

void game_free(ArbGame *g)
{
    if (!g) return;
    g_array_free(g->events, TRUE);
    g_string_free(g->text, TRUE);
    g_free(g);
}

void game_clear(ArbGame *g)
{
    g_array_set_size(g->events, 0);
    g->reserved = 0;
    g_string_truncate(g->text, 0);
    g->failed = FALSE;
}

const char *game_event_text(const ArbGame *g, const struct game_event *ev)
{
    return g->text->str + ev->text;
}

const char *game_event_value(const ArbGame *g, const struct game_event *ev)
{
    return g->text->str + ev->text2;
}

const char *game_tag(const ArbGame *g, const char *name)
{
    for (guint i = 0; i < g->events->len; i++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        if (ev->kind == EV_MOVE || ev->kind == EV_MOVE_NUMBER)
            break; /* the reader puts every tag of a game before its movetext */
        if (ev->kind == EV_TAG && !g_ascii_strcasecmp(game_event_text(g, ev), name))
            return game_event_value(g, ev);
    }
    return NULL;
}

gboolean game_has_event(const ArbGame *game, int kind)
{
    for (guint i = 0; i < game->events->len; i++)
        if (g_array_index(game->events, struct game_event, i).kind == kind) return TRUE;
    return FALSE;
}

int game_count_events(const ArbGame *game, int kind)
{
    int n = 0;
    for (guint i = 0; i < game->events->len; i++)
        n += g_array_index(game->events, struct game_event, i).kind == kind;
    return n;
}

int game_white_numbers(const ArbGame *game, gboolean from_end, guint64 *out, int max)
{
    int n = 0;
    guint len = game->events->len;
    for (guint k = 0; k < len && n < max; k++) {
        const struct game_event *ev =
            &g_array_index(game->events, struct game_event, from_end ? len - 1 - k : k);
        if (ev->kind != EV_MOVE_NUMBER || ev->value) continue;
        guint64 v = g_ascii_strtoull(game_event_text(game, ev), NULL, 10);
        if (v) out[n++] = v;
    }
    return n;
}

void game_append(ArbGame *dst, const ArbGame *src)
{
    game_append_range(dst, src, 0, src->events->len);
}

void game_append_range(ArbGame *dst, const ArbGame *src, guint from, guint to)
{
    /* only the text the events name (a part of a long game copies its
     * own, not the whole game's) */
    gsize lo = src->text->len, hi = 0;
    for (guint i = from; i < to; i++) {
        const struct game_event *ev = &g_array_index(src->events, struct game_event, i);
        lo = MIN(lo, ev->text);
        hi = MAX(hi, MIN(ev->text + ev->len + 1, src->text->len));
        if (ev->kind == EV_TAG) {
            lo = MIN(lo, ev->text2);
            hi = MAX(hi, MIN(ev->text2 + ev->len2 + 1, src->text->len));
        }
    }
    if (lo > hi) lo = hi;
    gsize base = dst->text->len;
    g_string_append_len(dst->text, src->text->str + lo, (gssize)(hi - lo));
    for (guint i = from; i < to; i++) {
        struct game_event ev = g_array_index(src->events, struct game_event, i);
        ev.text = ev.text - lo + base;
        ev.text2 = ev.kind == EV_TAG ? ev.text2 - lo + base : base;
        g_array_append_val(dst->events, ev);
    }
}

int move_number_value(const char *text)
{
    char *end = NULL;
    if (!g_ascii_isdigit(text[0])) return -1;
    guint64 v = g_ascii_strtoull(text, &end, 10);
    while (*end == '.')
        end++;
    return *end || v > G_MAXINT ? -1 : (int)v;
}

const char *game_result_text(int result)
{
    switch (result) {
    case ARB_RESULT_WHITE_WINS:
    case ARB_RESULT_WHITE_WINS_FORFEIT: return "1-0";
    case ARB_RESULT_BLACK_WINS:
    case ARB_RESULT_BLACK_WINS_FORFEIT: return "0-1";
    case ARB_RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

const char *game_termination(gboolean has_result, int result, const char *tag_result)
{
    static const char *const tokens[] = {"1-0", "0-1", "1/2-1/2", "*"};
    if (has_result) return game_result_text(result);
    for (gsize i = 0; tag_result && i < G_N_ELEMENTS(tokens); i++)
        if (!strcmp(tag_result, tokens[i])) return tokens[i];
    return "*";
}

gboolean game_moves_after(const ArbGame *game, gsize i, gboolean numbers)
{
    for (gsize k = i + 1; k < game->events->len; k++) {
        int kind = g_array_index(game->events, struct game_event, k).kind;
        if (kind == EV_MOVE || (numbers && kind == EV_MOVE_NUMBER)) return TRUE;
    }
    return FALSE;
}

void game_append_rest(const ArbGame *game, gsize from, GString *out)
{
    /* (a result with moves or move numbers after it is text: "Simply 1-0
     * or 0-1 is written"; the game's own ends the PGN) */
    for (gsize i = from; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        const char *t = game_event_text(game, ev);
        switch (ev->kind) {
        case EV_TAG: break;
        case EV_RESULT:
            if (ev->len && game_moves_after(game, i, TRUE))
                g_string_append_printf(out, " %.*s", (int)ev->len, t);
            break;
        case EV_COMMENT:
            if (ev->comment_kind != ARB_COMMENT_NBEST) g_string_append_printf(out, " [%s]", t);
            break;
        case EV_BEGIN_VARIATION: g_string_append(out, " ("); break;
        case EV_END_VARIATION: g_string_append(out, " )"); break;
        default: g_string_append_printf(out, " %s%s", t, ev->comma ? "," : ""); break;
        }
    }
}

/* Does a token begin with a move number a scan misread, no file before
 * its dot ("Z.c4", "Z0.Kd3", "I.O:c4")? Its letter is no piece's. */
static gboolean misread_number_first(const char *t, gsize len)
{
    for (gsize k = 1; k < MIN(len, 4); k++) {
        if (t[k] == '.' || t[k] == ',') return TRUE;
        if (san_is_file(t[k])) return FALSE;
    }
    return FALSE;
}

gboolean game_token_has_initial(const ArbLang *lang, const ArbGame *game, gboolean o_initial,
                                const struct game_event *ev, guint *types)
{
    if (ev->kind != EV_MOVE) return FALSE;
    const char *t = game_event_text(game, ev);
    gunichar c = g_utf8_get_char(t);
    /* (an O before a square's file or a capture mark is a piece's initial,
     * Albanian's bishop: "Oe2", "O:e7"; else castling's) */
    gboolean initial_o =
        o_initial && ev->len > 1 && (san_is_file(t[1]) || t[1] == 'x' || t[1] == ':');
    if (san_is_file((int)c) || !g_unichar_isalpha(c) || ((c == 'O' || c == 'o') && !initial_o) ||
        misread_number_first(t, ev->len))
        return FALSE;
    ArbPieceMatch m[ARB_LANG_MATCH_MAX];
    guint n = arb_lang_match_pieces(lang, t, ev->len, ARB_MATCH_EXACT, m, G_N_ELEMENTS(m));
    *types = 0;
    for (guint k = 0; k < n; k++)
        *types |= 1u << m[k].type;
    return TRUE;
}

gboolean game_covers_letters(const ArbLang *lang, const ArbGame *game)
{
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        /* (an O says nothing here, a piece's initial or not: a German
         * game's Db5 misread "Ob5" or "ob5" would leave it no language) */
        guint types;
        if (game_token_has_initial(lang, game, FALSE, ev, &types) && !types) return FALSE;
    }
    return TRUE;
}

/* ---- the recording visitor ---------------------------------------------- */

/* Copies a token's text, NUL-terminated, to the end of the game's text.
 * Every token passes through here: one resize and one copy, no more. */
static gsize keep(ArbGame *g, const char *text, gsize len)
{
    GString *t = g->text;
    gsize at = t->len;
    g_string_set_size(t, at + len + 1);
    memcpy(t->str + at, text, len);
    t->str[at + len] = 0;
    return at;
}

enum { RESERVE_EVENTS = 32 };

/* Appends an event, filled in place in a slot reserved ahead. */
static struct game_event *push(ArbRecorder *r, int kind, const ArbToken *tok)
{
    ArbGame *g = r->game;
    if (!g->reserved) {
        g_array_set_size(g->events, g->events->len + RESERVE_EVENTS);
        g->reserved = RESERVE_EVENTS;
    }
    struct game_event *ev =
        &g_array_index(g->events, struct game_event, g->events->len - g->reserved--);
    *ev = (struct game_event){.kind = (guint8)kind};
    if (tok) {
        ev->text = keep(r->game, tok->text, tok->len);
        ev->len = tok->len;
        ev->line = tok->line;
        ev->col = tok->col;
        ev->offset = tok->offset;
        ev->comma = (guint8)tok->comma;
    }
    return ev;
}

static void rec_begin_game(gpointer ud, guint64 number, const ArbToken *first)
{
    ArbRecorder *r = ud;
    game_clear(r->game);
    r->game->number = number;
    r->game->first_line = first ? first->line : 0;
}

static void rec_tag(gpointer ud, const ArbToken *name, const ArbToken *value)
{
    ArbRecorder *r = ud;
    struct game_event *ev = push(r, EV_TAG, name);
    ev->text2 = keep(r->game, value->text, value->len);
    ev->len2 = value->len;
}

static void rec_move_number(gpointer ud, guint64 number, gboolean is_black, const ArbToken *tok)
{
    struct game_event *ev = push(ud, EV_MOVE_NUMBER, tok);
    ev->value = is_black;
}

static void rec_move_text(gpointer ud, const ArbToken *tok)
{
    push(ud, EV_MOVE, tok);
}

static void rec_comment(gpointer ud, ArbCommentKind kind, const ArbToken *tok)
{
    struct game_event *ev = push(ud, EV_COMMENT, tok);
    ev->comment_kind = (guint8)kind;
}

static void rec_nag(gpointer ud, guint nag, const ArbToken *tok)
{
    struct game_event *ev = push(ud, EV_NAG, tok);
    ev->value = (int)MIN(nag, 255u);
}

static void rec_draw_offer(gpointer ud, const ArbToken *tok)
{
    push(ud, EV_DRAW_OFFER, tok);
}

static void rec_begin_variation(gpointer ud, guint depth, const ArbToken *tok)
{
    push(ud, EV_BEGIN_VARIATION, tok);
}

static void rec_end_variation(gpointer ud, guint depth, const ArbToken *tok)
{
    push(ud, EV_END_VARIATION, tok);
}

static void rec_result(gpointer ud, ArbResult result, const ArbToken *tok)
{
    struct game_event *ev = push(ud, EV_RESULT, tok);
    ev->value = (int)result;
}

static void rec_end_game(gpointer ud, const ArbGameSummary *summary)
{
    ArbRecorder *r = ud;
    g_array_set_size(r->game->events, r->game->events->len - r->game->reserved);
    r->game->reserved = 0;
    r->game->failed = summary->failed;
    if (r->on_game) r->on_game(r->game, summary, r->user_data);
}

static void rec_problem(gpointer ud, const ArbProblem *problem)
{
    ArbRecorder *r = ud;
    if (r->on_problem) r->on_problem(problem, r->user_data);
}

const ArbReaderVisitor game_recorder_visitor = {
    .begin_game = rec_begin_game,
    .tag = rec_tag,
    .move_number = rec_move_number,
    .move_text = rec_move_text,
    .comment = rec_comment,
    .nag = rec_nag,
    .draw_offer = rec_draw_offer,
    .begin_variation = rec_begin_variation,
    .end_variation = rec_end_variation,
    .result = rec_result,
    .end_game = rec_end_game,
    .problem = rec_problem,
};

/* ---- replay --------------------------------------------------------------- */

/* The names of Variant tags, each between spaces, as variant_key()
 * writes them: Chess960's, and the others that play by chess's rules
 * (with "?" for unknown; Three-check and King of the Hill only add ways
 * to win). */
#define CHESS960_NAMES " chess960 fischerandom fischerrandom frc 960 fischerrandomchess "
#define CHESS_NAMES                                                                                \
    " ? standard chess normal classical fromposition threecheck 3check kingofthehill koth "

/* A Variant tag's value as the names above write it: lower case, without
 * spaces, '-' or '_', between spaces (" fischerrandom "), so that
 * "Fischer-Random" and "fischer random" are one. Returns the characters
 * kept: 0 for no tag or none kept, -1 for more than any name has. */
static int variant_key(const char *variant, char key[32])
{
    int n = 1;
    key[0] = ' ';
    for (const char *c = variant ? variant : ""; *c; c++) {
        if (*c == ' ' || *c == '-' || *c == '_') continue;
        if (n + 2 >= 32) return -1;
        key[n++] = g_ascii_tolower(*c);
    }
    key[n] = ' ';
    key[n + 1] = 0;
    return n - 1;
}

static gboolean is_chess960_variant(const char *variant)
{
    char key[32];
    return variant_key(variant, key) > 0 && strstr(CHESS960_NAMES, key);
}

gboolean replay_variant_is_chess(const char *variant)
{
    char key[32];
    int n = variant_key(variant, key);
    return n == 0 || (n > 0 && (strstr(CHESS960_NAMES, key) || strstr(CHESS_NAMES, key)));
}

/* Adds the squares [a-h][1-8] of text[0, len) to *squares, up to the first
 * ')', ']' or line end. */
static void odds_squares(const char *text, gsize len, bitboard *squares)
{
    for (gsize k = 0; k + 1 < len && text[k] != ')' && text[k] != ']' && text[k] != '\n'; k++) {
        gboolean alone = (!k || !g_ascii_isalnum(text[k - 1])) &&
                         (k + 2 >= len || !g_ascii_isalnum(text[k + 2]));
        if (alone && san_is_square(text + k))
            *squares |= (bitboard)1 << ((text[k + 1] - '1') * 8 + (text[k] - 'a'));
    }
}

gboolean replay_odds_fen(const ArbGame *g, char *fen, gsize size)
{
    bitboard removed = 0;
    gboolean tags = FALSE;
    for (guint i = 0; i < g->events->len; i++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        if (ev->kind == EV_MOVE || ev->kind == EV_MOVE_NUMBER) break;
        tags |= ev->kind == EV_TAG;
        if (ev->kind != EV_COMMENT) continue;
        const char *text = game_event_text(g, ev), *end = text + ev->len;
        /* the shared corpus's note, or Russian "без" (without): "белые без
         * коня b1", "Белые без ладьи на a1 и коня на b1" */
        static const char *const marks[] = {"[removed at start:", "\xd0\xb1\xd0\xb5\xd0\xb7 "};
        for (gsize m = 0; m < G_N_ELEMENTS(marks); m++) {
            const char *at = g_strstr_len(text, ev->len, marks[m]);
            if (at) odds_squares(at, (gsize)(end - at), &removed);
        }
    }
    if (!removed) return FALSE;
    for (guint i = 0; tags && i < g->events->len; i++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        if (ev->kind == EV_MOVE || ev->kind == EV_MOVE_NUMBER) break;
        if (ev->kind == EV_TAG && !g_ascii_strcasecmp(game_event_text(g, ev), "FEN")) return FALSE;
    }
    /* a piece of the initial position other than a king; a rook removed
     * takes its castling with it */
    struct position pos;
    pos_startpos(&pos);
    for (bitboard b = removed; b;) {
        int sq = pop_lsb(&b);
        if (pos.board[sq] == NO_PIECE || piece_type(pos.board[sq]) == KING) return FALSE;
        pos_remove(&pos, sq);
        for (int right = 0; right < 4; right++)
            if (pos.castle_rook[right] == sq) pos.castling &= (uint8_t) ~(1 << right);
    }
    return fen_write(&pos, fen, size) < size;
}

gboolean replay_start_position(const ArbGame *g, struct position *pos, char *message, gsize size)
{
    /* game_tag() twice, in one pass over the tags */
    const char *fen = NULL, *variant = NULL;
    for (guint i = 0; i < g->events->len; i++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        if (ev->kind == EV_MOVE || ev->kind == EV_MOVE_NUMBER) break;
        if (ev->kind != EV_TAG) continue;
        const char *name = game_event_text(g, ev);
        if (!fen && !g_ascii_strcasecmp(name, "FEN"))
            fen = game_event_value(g, ev);
        else if (!variant && !g_ascii_strcasecmp(name, "Variant"))
            variant = game_event_value(g, ev);
    }
    struct fen_error err;
    char odds[100];
    if (!fen && replay_odds_fen(g, odds, sizeof odds)) fen = odds;
    if (!fen) {
        pos_startpos(pos);
    } else if (!fen_parse(pos, fen, &err)) {
        g_snprintf(message, size, "%s", err.message);
        return FALSE;
    }
    if (is_chess960_variant(variant)) pos->chess960 = 1;
    return TRUE;
}

struct frame {
    struct position cur, prev;
};

/* The position before the last main-line move is the main line's prev: in a
 * variation, the frame at the bottom of the stack. Found once at the end
 * rather than copied at every move. */
static void end_replay(struct replay_result *res, const struct frame *f, const GArray *stack)
{
    res->final_pos = f->cur;
    if (res->last_move_event == G_MAXSIZE) return;
    const struct frame *main_line = stack->len ? &g_array_index(stack, struct frame, 0) : f;
    res->last_move_pos = main_line->prev;
}

void replay_game(const ArbGame *g, ArbNorm *norm, GArray *moves, struct replay_result *res)
{
    replay_game_with(g, norm, moves, NULL, res);
}

/* English SAN goes straight through the core (the bulk of every archive,
 * as resolve_token's own fast path, without its set-up); the resolver takes
 * the rest. On success only move, cost, check and nag are set. */
static void resolve_event(gboolean english, ArbNorm *norm, const struct position *pos,
                          const char *text, gsize len, struct resolve_answer *ans)
{
    struct san s;
    if (english && san_parse(text, len, &s, NULL) == SAN_OK && !s.is_null &&
        san_resolve(pos, &s, SAN_STRICT, &ans->move, NULL) == SAN_OK) {
        ans->status = SAN_OK;
        ans->cost = 0;
        ans->check = s.check;
        ans->nag = s.nag;
        return;
    }
    resolve_token(norm, pos, text, len, ans);
}

enum { JOINED_EVENTS_MAX = 8 }; /* words of one move over a line end, at most */

/* A move in words a line end cut ("2. Kt to" / "K B 3rd", "Kt to K B" /
 * "3rd"): event i, which reads no move, and the move tokens after it to
 * its line's end, with the fewest of the next line's first move tokens
 * that make them one move with it. Returns the last event joined (0:
 * none, *ans untouched) and the answer into *ans. */
static guint join_line_end(const ArbGame *g, ArbNorm *norm, const struct position *pos, guint i,
                           struct resolve_answer *ans)
{
    const struct game_event *first = &g_array_index(g->events, struct game_event, i);
    g_autoptr(GString) joined = g_string_new(NULL);
    for (guint k = i; k < g->events->len && k - i < JOINED_EVENTS_MAX; k++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, k);
        if (ev->kind != EV_MOVE || (ev->line != first->line && ev->line != first->line + 1))
            return 0;
        if (k > i) g_string_append_c(joined, ' ');
        g_string_append_len(joined, game_event_text(g, ev), (gssize)ev->len);
        if (ev->line == first->line) continue;
        struct resolve_answer one;
        resolve_token(norm, pos, joined->str, joined->len, &one);
        if (one.status == SAN_OK && one.move != MOVE_NULL) {
            *ans = one;
            return k;
        }
    }
    return 0;
}

/* The move tokens after event `from` that are neither suffix words nor prose. */
static int count_later_moves(const ArbGame *g, ArbNorm *norm, gsize from)
{
    int n = 0, check;
    for (guint i = (guint)from + 1; i < g->events->len; i++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        const char *text = game_event_text(g, ev);
        if (ev->kind == EV_MOVE && !norm_is_suffix_word(norm, text, ev->len, &check) &&
            !norm_is_prose(norm, text, ev->len))
            n++;
    }
    return n;
}

void replay_game_with(const ArbGame *g, ArbNorm *norm, GArray *moves,
                      const struct replay_options *opts, struct replay_result *res)
{
    memset(res, 0, sizeof *res);
    res->last_move_event = G_MAXSIZE;
    const gboolean english = norm_is_english(norm);
    struct frame f;
    if (!replay_start_position(g, &f.cur, res->fen_message, sizeof res->fen_message)) {
        res->bad_fen = TRUE;
        res->errors = 1;
        return;
    }
    f.prev = f.cur;
    int start_ply = 2 * (f.cur.fullmove - 1) + f.cur.side;
    g_autoptr(GArray) stack = g_array_new(FALSE, FALSE, sizeof(struct frame));
    if (moves) g_array_set_size(moves, g->events->len);

    for (guint i = 0; i < g->events->len; i++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        struct replay_move *rm = moves ? &g_array_index(moves, struct replay_move, i) : NULL;
        if (ev->kind == EV_BEGIN_VARIATION) {
            g_array_append_val(stack, f);
            f.cur = f.prev;
            continue;
        }
        if (ev->kind == EV_END_VARIATION) {
            if (stack->len) {
                f = g_array_index(stack, struct frame, stack->len - 1);
                g_array_set_size(stack, stack->len - 1);
            }
            continue;
        }
        if (ev->kind != EV_MOVE) continue;
        const char *text = game_event_text(g, ev);
        struct resolve_answer ans;
        resolve_event(english, norm, &f.cur, text, ev->len, &ans);
        if (ans.status == SAN_OK && ans.move == MOVE_NULL && opts && opts->refuse_null) {
            ans.status = SAN_ILLEGAL;
            g_snprintf(ans.message, sizeof ans.message,
                       "a null move ('%.*s'): no pass is a move of chess", (int)MIN(ev->len, 8),
                       text);
        }
        guint joined = ans.status != SAN_OK ? join_line_end(g, norm, &f.cur, i, &ans) : 0;
        int check;
        /* a check or mate word written apart ("ch", "Schach") is no move;
         * asked only of tokens that are not moves, as it costs table look-ups */
        if (ans.status != SAN_OK && norm_is_suffix_word(norm, text, ev->len, &check)) {
            if (rm) *rm = (struct replay_move){.is_suffix = TRUE};
            continue;
        }
        if (ans.status != SAN_OK && norm_is_prose(norm, text, ev->len)) {
            if (rm) *rm = (struct replay_move){.is_prose = TRUE};
            res->prose++;
            continue;
        }
        if (ans.status != SAN_OK && res->substituted) {
            /* a second bad move after the substitute: the examination ends */
            end_replay(res, &f, stack);
            return;
        }
        if (ans.status != SAN_OK) {
            res->errors = 1;
            res->error_event = i;
            res->error_ply = 2 * (f.cur.fullmove - 1) + f.cur.side - start_ply + 1;
            res->error_pos = f.cur;
            res->answer = ans;
            if (!opts || !opts->substitute ||
                !opts->substitute(norm, &f.cur, text, ev->len, &ans, &res->substitute,
                                  opts->user_data)) {
                end_replay(res, &f, stack);
                return;
            }
            res->substituted = TRUE;
            res->later_moves = count_later_moves(g, norm, i);
            ans.move = res->substitute;
            ans.cost = 0;
        } else if (res->substituted) {
            res->later_consistent++;
        }
        if (!stack->len) res->last_move_event = i;
        if (rm)
            *rm = (struct replay_move){
                .move = ans.move, .before = f.cur, .cost = ans.cost, .nag = ans.nag};
        res->cost += ans.cost;
        res->moves++;
        f.prev = f.cur;
        pos_make_move(&f.cur, ans.move);
        for (; joined > i; i++)
            if (moves) g_array_index(moves, struct replay_move, i + 1).is_joined = TRUE;
        if (!stack->len) res->last_move_event = i;
    }
    end_replay(res, &f, stack);
}

/* ---- numbers ---------------------------------------------------------------- */

/* The number written for the move at event i ("13." before it, or
 * before White's move before it for Black's), 0 when none tells; *black:
 * whether it numbers Black's move ("13...", or "13." and White's move). */
static guint64 written_number(const ArbGame *g, guint i, gboolean *black)
{
    gboolean past_move = FALSE;
    while (i-- > 0) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        if (ev->kind == EV_COMMENT || ev->kind == EV_NAG) continue;
        if (ev->kind == EV_MOVE && !past_move) {
            past_move = TRUE;
            continue;
        }
        if (ev->kind != EV_MOVE_NUMBER || (past_move && ev->value)) return 0;
        *black = past_move || ev->value;
        return g_ascii_strtoull(game_event_text(g, ev), NULL, 10);
    }
    return 0;
}

/* The first move number of the main line, 0 if none. */
static guint64 first_number(const ArbGame *g)
{
    int depth = 0;
    for (guint i = 0; i < g->events->len; i++) {
        const struct game_event *ev = &g_array_index(g->events, struct game_event, i);
        depth += ev->kind == EV_BEGIN_VARIATION;
        depth -= ev->kind == EV_END_VARIATION;
        if (ev->kind == EV_MOVE_NUMBER && depth == 0)
            return g_ascii_strtoull(game_event_text(g, ev), NULL, 10);
        if (ev->kind == EV_MOVE && depth == 0) return 0;
    }
    return 0;
}

/* What the text's numbers say beside a bad move whose number differs
 * from the board's ("2. Bb5" where "13. Bb5" stands): the move as
 * written, and for a game numbered from a later move with no FEN tag (a
 * fragment, read from the start position) that too; NULL where they
 * agree or none is written. */
char *replay_numbering_hint(const ArbGame *g, const struct replay_result *res)
{
    const struct position *pos = &res->error_pos;
    gboolean black = FALSE;
    guint64 n = written_number(g, res->error_event, &black);
    if (!n || (n == (guint64)pos->fullmove && black == (pos->side == BLACK))) return NULL;
    if (black != (pos->side == BLACK))
        return g_strdup_printf("written as %s move %" G_GUINT64_FORMAT,
                               black ? "Black's" : "White's", n);
    guint64 first = first_number(g);
    if (first > 1 && !game_tag(g, "FEN"))
        return g_strdup_printf("written as move %" G_GUINT64_FORMAT
                               "; the game is numbered from move %" G_GUINT64_FORMAT
                               " but has no FEN tag, so it is read from the start position",
                               n, first);
    return g_strdup_printf("written as move %" G_GUINT64_FORMAT, n);
}
