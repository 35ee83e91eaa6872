/* Writing one recorded game as PGN export format: tags, the replayed moves
 * rendered in the chosen notation, comments, NAGs, variations, result. */
#include "gamew.h"

/* The events from `from` on as written, after `head`, in one comment. */
static void write_rest_comment(const struct gamew *gw, const ArbGame *game, gsize from,
                               GString *head)
{
    game_append_rest(game, from, head);
    pgnw_comment(gw->writer, head->str);
}

static void write_cut(const struct gamew *gw, const struct gamew_game *gg, gsize stop)
{
    const ArbGame *game = gg->game;
    const struct replay_result *res = gg->res;
    g_autoptr(GString) head = g_string_new(NULL);
    if (res->bad_fen) {
        g_string_printf(head, "arbiter: bad FEN (%s); the moves as written:", res->fen_message);
    } else {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, stop);
        g_string_printf(head, "arbiter: could not read '%s' (%s); the rest as written:",
                        game_event_text(game, ev), res->answer.message);
        /* (with the move number written before it: "3. Ke3") */
        if (stop > 0 && (ev - 1)->kind == EV_MOVE_NUMBER) stop--;
    }
    write_rest_comment(gw, game, stop, head);
}

static void write_move(const struct gamew *gw, const struct gamew_game *gg, gsize i)
{
    const ArbGame *game = gg->game;
    const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
    const struct replay_move *rm = &g_array_index(gg->moves, struct replay_move, i);
    if (rm->is_suffix || rm->is_joined) return;
    if (rm->is_prose) {
        pgnw_comment(gw->writer, game_event_text(game, ev));
        return;
    }
    char text[RENDER_MAX];
    render_move(gw->lang, gw->style, &rm->before, rm->move, text, sizeof text);
    if (rm->cost > 0 && gw->on_guess) gw->on_guess(game, ev, rm, gw->user_data);
    pgnw_move(gw->writer, rm->before.fullmove, rm->before.side, text);
    if (rm->nag) pgnw_nag(gw->writer, rm->nag);
    if (gg->play_substitute && i == gg->res->error_event) {
        g_autofree char *note = g_strdup_printf("arbiter: \"%s\" read as %s (illegal as written)",
                                                game_event_text(game, ev), text);
        pgnw_comment(gw->writer, note);
    }
}

void gamew_odds_tags(ArbPgnWriter *w, const ArbGame *game)
{
    char fen[100];
    if (!replay_odds_fen(game, fen, sizeof fen)) return;
    pgnw_tag(w, "SetUp", "1");
    pgnw_tag(w, "FEN", fen);
}

static void write_tags(const struct gamew *gw, const struct gamew_game *gg, int *result,
                       gboolean *has_result, const char **tag_result)
{
    const ArbGame *game = gg->game;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        if (ev->kind == EV_TAG)
            pgnw_tag(gw->writer, game_event_text(game, ev), game_event_value(game, ev));
        if (ev->kind == EV_RESULT) *result = ev->value, *has_result = TRUE;
    }
    *tag_result = game_tag(game, "Result");
    if (!*has_result && *tag_result) pgnw_tag(gw->writer, "Result", *tag_result);
    if (*has_result && !*tag_result) pgnw_tag(gw->writer, "Result", game_result_text(*result));
    if (gg->notation) pgnw_tag(gw->writer, "Notation", gg->notation);
    gamew_odds_tags(gw->writer, game);
}

/* Results PGN has no token for are kept in a comment. */
static void write_result_comment(ArbPgnWriter *w, int result)
{
    if (result == ARB_RESULT_DOUBLE_FORFEIT)
        pgnw_comment(w, "double forfeit");
    else if (result == ARB_RESULT_WHITE_HALF || result == ARB_RESULT_BLACK_HALF)
        pgnw_comment(w, result == ARB_RESULT_WHITE_HALF ? "result 1/2-0" : "result 0-1/2");
    else if (result == ARB_RESULT_WHITE_WINS_FORFEIT || result == ARB_RESULT_BLACK_WINS_FORFEIT)
        pgnw_comment(w, "forfeit");
}

void gamew_write(const struct gamew *gw, const struct gamew_game *gg, GString *out)
{
    ArbPgnWriter *w = gw->writer;
    const ArbGame *game = gg->game;
    const struct replay_result *res = gg->res;
    const gboolean cut = res->errors && !(gg->play_substitute && res->substituted);
    gsize stop = res->bad_fen ? 0 : cut ? res->error_event : game->events->len;
    int result = ARB_RESULT_UNFINISHED, depth = 0;
    gboolean has_result = FALSE;
    const char *tag_result;
    pgnw_begin_game(w);
    write_tags(gw, gg, &result, &has_result, &tag_result);
    for (gsize i = 0; i < stop; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        switch (ev->kind) {
        case EV_MOVE: write_move(gw, gg, i); break;
        case EV_COMMENT: pgnw_comment(w, game_event_text(game, ev)); break;
        case EV_NAG: pgnw_nag(w, ev->value); break;
        case EV_DRAW_OFFER: pgnw_comment(w, "draw offer (=)"); break;
        case EV_BEGIN_VARIATION: pgnw_begin_variation(w), depth++; break;
        case EV_END_VARIATION: pgnw_end_variation(w), depth--; break;
        default: break;
        }
    }
    if (cut) {
        for (; depth > 0; depth--)
            pgnw_end_variation(w);
        write_cut(gw, gg, stop);
    }
    write_result_comment(w, result);
    pgnw_end_game(w, game_termination(has_result, result, tag_result));
    gsize len;
    g_autofree char *text = pgnw_take(w, &len);
    g_string_append_len(out, text, (gssize)len);
}
