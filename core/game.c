/* Game state: repetition history, mate and stalemate, dead positions by
 * material, the fifty/seventy-five-move rules and draw claims. No allocation:
 * the history is a fixed ring inside struct game. */
#include "game.h"

#include "attacks.h"
#include "movegen.h"

static int kept(const struct game *g)
{
    return g->played < GAME_HISTORY_MAX ? g->played : GAME_HISTORY_MAX;
}

/* The i-th kept key, 0 being the oldest. */
static uint64_t kept_key(const struct game *g, int i)
{
    return g->keys[(g->played - kept(g) + i) % GAME_HISTORY_MAX];
}

static void push_key(struct game *g, uint64_t key)
{
    g->keys[g->played % GAME_HISTORY_MAX] = key;
    g->played++;
    /* Keep the index bounded without losing the ring's alignment. */
    if (g->played >= 2 * GAME_HISTORY_MAX) g->played -= GAME_HISTORY_MAX;
}

void game_init(struct game *g, const struct position *pos)
{
    g->pos = *pos;
    g->played = 0;
    push_key(g, game_repetition_key(pos));
}

bool game_init_fen(struct game *g, const char *fen, struct fen_error *err)
{
    struct position pos;
    if (!fen_parse(&pos, fen, err)) return false;
    game_init(g, &pos);
    return true;
}

void game_play(struct game *g, move_t m)
{
    pos_make_move(&g->pos, m);
    /* After a capture or pawn move no earlier position can come back. */
    if (g->pos.halfmove == 0) g->played = 0;
    push_key(g, game_repetition_key(&g->pos));
}

uint64_t game_repetition_key(const struct position *pos)
{
    /* pos->key counts an en-passant square whenever a pawn stands ready to
     * take; the Laws count it only when the capture is legal. */
    if (pos->ep == SQ_NONE ||
        !(attacks_pawn[!pos->side][pos->ep] & pos_pieces(pos, pos->side, PAWN)))
        return pos->key;
    struct move_list list;
    movegen_legal_to(pos, PAWN, pos->ep, &list);
    for (int i = 0; i < list.count; i++)
        if (move_kind(list.moves[i]) == MOVE_EN_PASSANT) return pos->key;
    struct position without = *pos;
    without.ep = SQ_NONE;
    return pos_compute_key(&without);
}

/* Occurrences of key among the kept positions. */
static int occurrences(const struct game *g, uint64_t key)
{
    int n = 0, count = kept(g);
    for (int i = 0; i < count; i++)
        n += kept_key(g, i) == key;
    return n;
}

int game_repetitions(const struct game *g)
{
    /* The key includes the side to move, so only every other position can match. */
    uint64_t key = kept_key(g, kept(g) - 1);
    int n = 0;
    for (int i = kept(g) - 1; i >= 0; i -= 2)
        n += kept_key(g, i) == key;
    return n;
}

bool game_is_checkmate(const struct game *g)
{
    return pos_in_check(&g->pos) && !movegen_has_legal_move(&g->pos);
}

bool game_is_stalemate(const struct game *g)
{
    return !pos_in_check(&g->pos) && !movegen_has_legal_move(&g->pos);
}

bool game_is_insufficient_material(const struct position *pos)
{
    const bitboard *t = pos->by_type;
    if (t[PAWN] | t[ROOK] | t[QUEEN]) return false;
    if (t[KNIGHT]) return popcount(t[KNIGHT] | t[BISHOP]) == 1;
    return !(t[BISHOP] & DARK_SQUARES_BB) || !(t[BISHOP] & LIGHT_SQUARES_BB);
}

bool game_has_insufficient_material(const struct position *pos, int color)
{
    const bitboard *t = pos->by_type;
    bitboard own = pos->by_color[color], other = pos->by_color[!color];
    if (own & (t[PAWN] | t[ROOK] | t[QUEEN])) return false;
    /* A lone knight mates only if the opponent has a piece to block its own
     * king with (a queen never has to stay in the way). */
    if (own & t[KNIGHT]) return popcount(own) <= 2 && !(other & ~t[KING] & ~t[QUEEN]);
    /* Bishops of one colour mate only with a blocker that can stand on the
     * other colour or in front: a pawn, a knight, or a bishop of that colour. */
    if (own & t[BISHOP]) {
        bool one_colour = !(t[BISHOP] & DARK_SQUARES_BB) || !(t[BISHOP] & LIGHT_SQUARES_BB);
        return one_colour && !t[PAWN] && !t[KNIGHT];
    }
    return true;
}

bool game_is_fifty_moves(const struct game *g)
{
    return g->pos.halfmove >= 100;
}

bool game_is_seventy_five_moves(const struct game *g)
{
    return g->pos.halfmove >= 150;
}

bool game_is_threefold(const struct game *g)
{
    return game_repetitions(g) >= 3;
}

bool game_is_fivefold(const struct game *g)
{
    return game_repetitions(g) >= 5;
}

enum game_status game_status(const struct game *g)
{
    if (!movegen_has_legal_move(&g->pos))
        return pos_in_check(&g->pos) ? GAME_CHECKMATE : GAME_STALEMATE;
    if (game_is_insufficient_material(&g->pos)) return GAME_DEAD_POSITION;
    if (game_is_fivefold(g)) return GAME_FIVEFOLD;
    if (game_is_seventy_five_moves(g)) return GAME_SEVENTY_FIVE_MOVES;
    return GAME_ONGOING;
}

static bool is_mate(const struct position *pos)
{
    return pos_in_check(pos) && !movegen_has_legal_move(pos);
}

int game_claimable_draw(const struct game *g)
{
    const struct position *pos = &g->pos;
    struct move_list list;
    if (movegen_legal(pos, &list) == 0) return GAME_CLAIM_NONE;
    int claims = 0;
    if (game_is_fifty_moves(g)) claims |= GAME_CLAIM_FIFTY_MOVES;
    if (game_is_threefold(g)) claims |= GAME_CLAIM_THREEFOLD;
    /* A claim may also rest on the move the player writes down and announces;
     * a move that mates wins instead. Only reversible moves can repeat. */
    for (int i = 0; i < list.count && claims != (GAME_CLAIM_FIFTY_MOVES | GAME_CLAIM_THREEFOLD);
         i++) {
        struct position next = *pos;
        pos_make_move(&next, list.moves[i]);
        if (next.halfmove == 0 || is_mate(&next)) continue;
        if (next.halfmove >= 100) claims |= GAME_CLAIM_FIFTY_MOVES;
        if (!(claims & GAME_CLAIM_THREEFOLD) && occurrences(g, game_repetition_key(&next)) >= 2)
            claims |= GAME_CLAIM_THREEFOLD;
    }
    return claims;
}

bool game_can_claim_draw(const struct game *g)
{
    return game_claimable_draw(g) != GAME_CLAIM_NONE;
}

const char *game_status_name(enum game_status s)
{
    switch (s) {
    case GAME_ONGOING: return "ongoing";
    case GAME_CHECKMATE: return "checkmate";
    case GAME_STALEMATE: return "stalemate";
    case GAME_DEAD_POSITION: return "insufficient material";
    case GAME_FIVEFOLD: return "fivefold repetition";
    case GAME_SEVENTY_FIVE_MOVES: return "seventy-five-move rule";
    }
    return "?";
}
