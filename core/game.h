/* Game state on top of a position: the keys of the positions since the last
 * capture or pawn move (for repetition), and the ways a game ends or may be
 * claimed drawn under the FIDE Laws (Articles 5, 9.2, 9.3, 9.6). The PGN
 * checker and the resolver drive it one legal move at a time. */
#ifndef ARBITER_GAME_H
#define ARBITER_GAME_H

#include "fen.h"
#include "position.h"

/* Keys kept for repetition. Only positions since the last capture or pawn move
 * can repeat, and the seventy-five-move rule ends a game 150 plies after one,
 * so 1024 is far more than any lawful game needs. A longer run (a PGN that
 * plays on regardless) keeps the newest 1024 keys: older positions are then
 * no longer counted as repetitions, and nothing is ever written out of bounds. */
enum { GAME_HISTORY_MAX = 1024 };

struct game {
    struct position pos;
    /* Repetition keys of the positions since the last capture or pawn move, the
     * current one included, in a ring: the i-th of them (0 = oldest kept) is
     * keys[(played - kept + i) % GAME_HISTORY_MAX]. */
    uint64_t keys[GAME_HISTORY_MAX];
    int played; /* positions pushed since the last reset (may exceed the cap) */
};

/* How a game stands after the last move. The automatic endings come first in
 * the order the Laws rank them: mate beats everything, since a move that mates
 * ends the game even if it also completes 75 moves or a fifth repetition. */
enum game_status {
    GAME_ONGOING,
    GAME_CHECKMATE,          /* the side to move is mated (5.1.1) */
    GAME_STALEMATE,          /* the side to move has no legal move, not in check (5.2.1) */
    GAME_DEAD_POSITION,      /* neither side can mate: K v K, K+minor v K, same-colour bishops */
    GAME_FIVEFOLD,           /* the position has appeared five times (9.6.1) */
    GAME_SEVENTY_FIVE_MOVES, /* 75 moves each without capture or pawn move (9.6.2) */
};

/* Draws a player may claim (9.2, 9.3), on the board or with the move they intend. */
enum game_claim {
    GAME_CLAIM_NONE = 0,
    GAME_CLAIM_THREEFOLD = 1,  /* the position (now, or after some legal move) appears 3 times */
    GAME_CLAIM_FIFTY_MOVES = 2 /* 50 moves each without capture or pawn move (now or after one) */
};

/* Starts a game at pos; earlier positions are unknown, so repetition counts from here. */
void game_init(struct game *g, const struct position *pos);
/* Starts a game from a FEN (see fen_parse); false with err filled if it is bad. */
bool game_init_fen(struct game *g, const char *fen, struct fen_error *err);

/* Plays m, which must be legal in g->pos (from movegen or a resolver). */
void game_play(struct game *g, move_t m);

/* The key two positions share exactly when they are the same position for
 * repetition (9.2.3): same placement, side to move, castling rights and
 * possible en-passant captures. Differs from pos->key only when an en-passant
 * capture looks possible but is illegal (the capturing pawn is pinned). */
uint64_t game_repetition_key(const struct position *pos);

/* How many times the current position has appeared, this time included (>= 1). */
int game_repetitions(const struct game *g);

bool game_is_checkmate(const struct game *g);
bool game_is_stalemate(const struct game *g);
/* Dead position by material alone: K v K, K+B v K, K+N v K, or only kings and
 * bishops, all bishops on squares of one colour. */
bool game_is_insufficient_material(const struct position *pos);
/* `color` cannot mate by any sequence of legal moves, whatever the opponent
 * does: what decides a loss on time into a draw (6.9). */
bool game_has_insufficient_material(const struct position *pos, int color);
bool game_is_fifty_moves(const struct game *g);        /* halfmove clock >= 100 */
bool game_is_seventy_five_moves(const struct game *g); /* halfmove clock >= 150 */
bool game_is_threefold(const struct game *g);          /* repetitions >= 3 */
bool game_is_fivefold(const struct game *g);           /* repetitions >= 5 */

/* The automatic result, or GAME_ONGOING. */
enum game_status game_status(const struct game *g);
/* Whether the side to move may claim a draw now: a GAME_CLAIM_* bit set,
 * counting both the position on the board and every legal move it could
 * announce (9.2.1.1, 9.3.1). GAME_CLAIM_NONE after mate or stalemate. */
int game_claimable_draw(const struct game *g);
bool game_can_claim_draw(const struct game *g);

/* "checkmate", "stalemate", ... for messages. */
const char *game_status_name(enum game_status s);

#endif
