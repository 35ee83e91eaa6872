/* Writing one recorded game, with the moves its replay resolved, as PGN
 * export format through pgnw: the last stage of convert and of check --fix.
 * A bad move either cuts the game (the rest as written kept in a comment) or,
 * when the caller trusts the replay's substitute, is replaced by it and
 * marked with a comment. */
#ifndef ARBITER_GAMEW_H
#define ARBITER_GAMEW_H

#include "pgnw.h"
#include "render.h"
#include "replay.h"

/* How moves are written, and who hears of guesses. */
struct gamew {
    ArbPgnWriter *writer;
    const ArbLang *lang; /* initials of the moves written; NULL: English */
    enum notation_style style;
    /* Told of each move read only by guessing (cost > 0) as it is written;
     * may be NULL. */
    void (*on_guess)(const ArbGame *game, const struct game_event *ev, const struct replay_move *rm,
                     gpointer user_data);
    gpointer user_data;
};

/* One game to write. */
struct gamew_game {
    const ArbGame *game;
    const GArray *moves; /* struct replay_move per event, from the replay */
    const struct replay_result *res;
    const char *notation; /* the value of a Notation tag to add, or NULL */
    /* res->substituted and the replay went through to the end: the
     * substitute is played where the bad move stood, with a comment */
    gboolean play_substitute;
};

/* [SetUp "1"] and [FEN] for an odds game read with no FEN tag
 * (replay_odds_fen()), so the PGN written starts where it was played. */
void gamew_odds_tags(ArbPgnWriter *w, const ArbGame *game);

/* Appends the game as PGN export format to out. */
void gamew_write(const struct gamew *gw, const struct gamew_game *gg, GString *out);

#endif
