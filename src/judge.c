/* The engine's say in `arbiter fix`: for each step whose share is below
 * min_share (its confidence before calibration), the search's move and its
 * near-tied rivals (fixer_step_candidates) are scored by a UCI engine or
 * the built-in search (core/search.h); a move's engine cost is what it
 * loses to the best of them, in pawns times the weight, capped at
 * JUDGE_CAP. When a rival is cheaper with it and stays ahead over
 * the next moves read greedily, the search runs again with the rival fixed
 * at that ply (as a reviewer's decision would be), from a few steps before
 * it, and keeps the new path only when its cost plus the rival's engine
 * cost is below the old path's plus its own. A move read as written is
 * judged only for a blunder: JUDGE_CAP when it loses JUDGE_BLUNDER or more
 * to a rival, else nothing. Where the engine weighs look-alike moves, so
 * does the opponent's reply to each (reply_costs()). */
#include "judge.h"

#include "movegen.h"
#include "search.h"

#include <math.h>
#include <string.h>

#define JUDGE_MARGIN CONF_UNIT /* rivals this close to the search's move are judged */
/* what a candidate pays, in confusion units a nat, for a reply the move
 * prior finds less likely after it than after another candidate, at most
 * REPLY_CAP (reply_costs()): on the tuning sets (tools/tune-sets) 406
 * wrong moves became 398 at 0.1, 391 at 0.15 and 0.2, 393 at 0.25, 395 at
 * 0.3 and 405 at 0.4; on the fresh sets 666 became 644 at 0.2 */
#define REPLY_WEIGHT 0.2
#define REPLY_CAP    CONF_UNIT
/* the same where the reply alone weighs (replies_only()): with --engine
 * none on the tuning sets, 520 wrong moves became 486 at 0.1, 482 at 0.15
 * and 483 at 0.2; at 0.2 a reading of "B to KT" / "3rd" as Bb6 (its rank
 * at the next line's start) went to Be6, 0.4 units dearer to read, for
 * 0.44 of reply */
#define REPLY_ALONE_WEIGHT 0.1
#define JUDGE_CAP    CONF_UNIT /* the most the engine adds to a move */
/* what a move read as written must lose to a rival's, in centipawns, to
 * be judged a blunder (blunder_costs()) */
#define JUDGE_BLUNDER 200
/* the scale of the logistic that turns a score into a share of the
 * points, in centipawns (win_share()): on the tuning sets (tools/tune-sets)
 * 411 wrong moves became 409 at 272 (the figure chess sites use), 409 at
 * 300, 406 at 400 and 409 at 600; on the fresh sets 677 became 666 at 400 */
#define JUDGE_WIN_SCALE 400.0
/* what the best candidate of the winner's last move must be worth to the
 * winner, in centipawns, for the search to see why the loser resigned
 * (winners_last()) */
#define JUDGE_SEES_WIN 300
/* A search again with a rival fixed gives up once every path its first
 * search holds costs this much more than a path it could keep (costs only
 * grow along a path): most do, long before the game's end, and the rival
 * is not kept. The searches again that follow the first in it can still
 * find a cheaper path, so not at once: on the tuning sets (3,040 games at
 * 5% and 10% noise, words and descriptive among them), giving up past the
 * limit itself changed three games (two better, one worse), 2 units past
 * it one (better); 8% fewer instructions at 5% noise. */
#define JUDGE_GIVE_UP_SLACK (2 * CONF_UNIT)
enum {
    JUDGE_RERUNS_MAX = 8, /* searches again per game (and JUDGE_BUDGET) */
    JUDGE_NODES = 200000, /* positions the built-in search looks at per move */
    /* second_look(): plies past the built-in search's depth, and the
     * positions it looks at per move */
    JUDGE_DEEPER = 2,
    JUDGE_DEEPER_NODES = 50000,
    JUDGE_BUILTIN_FROM = 16, /* the first ply the built-in search judges */
    JUDGE_LOOKAHEAD = 8,     /* steps gains_after() reads on */
    /* a search again keeps the path up to this many steps before the
     * fixed point's (the rest is searched) */
    JUDGE_BACK_STEPS = 8,
    /* judge_rivals(): steps less sure than RIVAL_CONFIDENCE, the rivals
     * within RIVAL_MARGIN of each (RIVALS_TRIED at most), this many
     * searches again per game, nor past RIVAL_BUDGET percent of its tokens */
    RIVALS_TRIED = 2,
    RIVAL_RERUNS_MAX = 3,
    RIVAL_BUDGET = 200,
    RIVAL_AHEAD = 24,
    REPEAT_PLIES = 2,
    THREEFOLD_PLIES = 12, /* threefold_costs(): steps this near a drawn game's end */
};
#define RIVAL_CONFIDENCE 0.2
#define RIVAL_MARGIN     CONF_UNIT
#define RIVAL_GAIN       (CONF_UNIT / 2)
#define RIVAL_AHEAD_COST (6 * CONF_UNIT)

static int ply_of(const struct position *pos)
{
    return 2 * (pos->fullmove - 1) + pos->side;
}

static gboolean is_fixed(const struct fix_point *points, int n, int ply)
{
    for (int i = 0; i < n; i++)
        if (points[i].ply == ply) return TRUE;
    return FALSE;
}

/* The score of the best candidate the engine scored. */
static int best_scored(const struct judge_verdict *v)
{
    int best = -2 * ENGINE_MATE;
    for (int i = 0; i < v->n; i++)
        if (v->has[i]) best = MAX(best, v->cp[i]);
    return best;
}

/* The share of the points a side scored cp can expect (a logistic of the
 * score, a half at 0). */
static double win_share(int cp)
{
    return 1.0 / (1.0 + exp(-cp / JUDGE_WIN_SCALE));
}

/* What a move scored cp loses beside a best scored, in pawns as they count
 * in an even position: the share of the points it gives away, four
 * JUDGE_WIN_SCALE pawns each (the logistic's slope at 0). Far ahead or
 * behind, a pawn counts for less, and a player who wins either way often
 * plays the move that wins more slowly (Carlsen's last move at Stavanger
 * 2016, "Rk8" in Spanish, was Kh8, +6.08 at depth 4 beside Kg8's +8.23:
 * those 2.15 pawns count as 1.06, 0.64 units at the built-in search's
 * weight, not the cap of one unit, and Kh8 reads better by more). */
static double pawns_lost(int cp, int best)
{
    if (cp >= best) return 0;
    return (win_share(best) - win_share(cp)) * 4 * JUDGE_WIN_SCALE / 100;
}

/* What a move scored cp pays beside a best scored: weight per pawn it
 * loses (pawns_lost()), at most JUDGE_CAP. */
static int loss_cost(const struct judge_options *o, int cp, int best)
{
    double loss = pawns_lost(cp, best);
    return (int)MIN(lround(MIN(loss * o->weight * CONF_UNIT, JUDGE_CAP)), JUDGE_CAP);
}

/* What a move read as written scored cp pays beside a best scored:
 * JUDGE_CAP where it loses JUDGE_BLUNDER or more (pawns_lost(), in
 * centipawns; blunder_costs()). */
static int blunder_cost(int cp, int best)
{
    return pawns_lost(cp, best) * 100 >= JUDGE_BLUNDER ? JUDGE_CAP : 0;
}

/* The engine's cost of each candidate: what it loses to the best scored. */
static void engine_costs(const struct judge_options *o, struct judge_verdict *v)
{
    int best = best_scored(v);
    for (int i = 0; i < v->n; i++)
        v->cost[i] = v->has[i] ? loss_cost(o, v->cp[i], best) : JUDGE_CAP;
}

/* The engine's cost of each candidate beside a move read as written
 * (candidate 0): JUDGE_CAP for a candidate that loses JUDGE_BLUNDER or
 * more to the best scored, else nothing. A move read as written is most
 * often the move played, and the engine's choice no more often than its
 * look-alike (is_doubtful()); but a master seldom gives away a piece,
 * while a random look-alike of the move played often does. Returns
 * whether candidate 0 is such a blunder (on the tuning sets at 5% noise,
 * with the built-in search: 196 wrong moves became 188, at 10% 181 became
 * 180, for 2% more instructions). */
static gboolean blunder_costs(struct judge_verdict *v)
{
    int best = best_scored(v);
    for (int i = 0; i < v->n; i++)
        v->cost[i] = v->has[i] ? blunder_cost(v->cp[i], best) : JUDGE_CAP;
    /* (an engine that did not score it among its best says too little) */
    return v->has[0] && v->cost[0] > 0;
}

/* The opponent's reply to each candidate, the next token read greedily
 * after it: what the moves that follow say of a doubtful one. A reply
 * answers the move that was played (it saves a piece that move attacks,
 * takes what it left, steps out of its check), and the move prior finds
 * it likelier there than after a look-alike: in 6,325 pairs of a move
 * played and a legal look-alike (the same piece, its square on the same
 * file or rank) from 40 archive games, the real reply was likelier after
 * the move played in 4,543 and after the look-alike in 1,533, by 0.74
 * nats in the mean. Each candidate pays REPLY_WEIGHT a nat that its reply
 * is less likely than after the candidate it fits best, at most
 * REPLY_CAP, on top of cost (reply keeps it apart); nothing where some
 * candidate has no reply (no next token read as one move, no prior). */
static void reply_costs(ArbFixer *f, const struct fix_result *res, guint k, struct judge_verdict *v)
{
    double lp[JUDGE_CANDS_MAX], best = -INFINITY;
    for (int i = 0; i < v->n; i++) {
        lp[i] = fixer_reply_log_prob(f, res, k, v->moves[i]);
        if (lp[i] > 0) return;
        best = MAX(best, lp[i]);
    }
    double weight = v->replies_only ? REPLY_ALONE_WEIGHT : REPLY_WEIGHT;
    for (int i = 0; i < v->n; i++) {
        v->reply[i] = MIN(REPLY_CAP, (int)lround(weight * CONF_UNIT * (best - lp[i])));
        v->cost[i] += v->reply[i];
    }
}

/* A verdict's key for a rival (judge_rivals()): its step is the one at
 * its ply, whatever the position there. */
#define ANY_POSITION 0

/* The step of res played from a position with this key at ply, or -1. */
static int step_at(const struct fix_result *res, int ply, guint64 key)
{
    for (guint k = 0; k < res->steps->len; k++) {
        const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
        if (ply_of(&s->before) == ply && (key == ANY_POSITION || s->before.key == key) &&
            s->move != MOVE_NONE)
            return (int)k;
    }
    return -1;
}

/* The first step of res past ply. */
static guint step_after(const struct fix_result *res, int ply)
{
    guint k = 0;
    while (k < res->steps->len &&
           ply_of(&g_array_index(res->steps, struct fix_step, k).before) <= ply)
        k++;
    return k;
}

static void copy_result(struct fix_result *to, const struct fix_result *from)
{
    GArray *steps = to->steps;
    g_array_set_size(steps, 0);
    g_array_append_vals(steps, from->steps->data, from->steps->len);
    *to = *from;
    to->steps = steps;
}

/* Searches again with the verdict's winner w fixed (points holds the
 * fixed points so far, w's appended and kept when the new path is). */
static void try_winner(ArbFixer *f, const struct position *start, GArray *points, int w,
                       struct judge_verdict *v, struct fix_result *res)
{
    int at = step_at(res, v->ply, v->key);
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, at);
    struct fix_point p = fix_point_of(&s->before, v->moves[w]);
    g_array_append_val(points, p);
    fixer_set_fixed(f, (const struct fix_point *)points->data, (int)points->len);
    struct fix_result again = {.steps = g_array_new(FALSE, FALSE, sizeof(struct fix_step))};
    /* a path dearer than res's, the engine's costs counted, is not kept:
     * the search gives up once every path it holds is dearer by more
     * than JUDGE_GIVE_UP_SLACK */
    /* (the second look's costs where it took one: the better judgement) */
    int cost0 = v->deeper ? v->deeper_cost[0] : v->cost[0];
    int cost_w = v->deeper ? v->deeper_cost[1] : v->cost[w];
    int limit = res->cost + cost0 - cost_w - 1 + JUDGE_GIVE_UP_SLACK;
    fixer_run_again(f, start, res, at > JUDGE_BACK_STEPS ? (guint)(at - JUDGE_BACK_STEPS) : 0,
                    limit, &again);
    /* only the move changes: the step reads the same tokens (a path that
     * gets there by other edits would owe the engine for those too) */
    int k = step_at(&again, v->ply, v->key);
    const struct fix_step *now = k >= 0 ? &g_array_index(again.steps, struct fix_step, k) : NULL;
    gboolean keep = now && !again.unresolved && now->move == v->moves[w] &&
                    now->first_token == s->first_token && now->n_tokens == s->n_tokens &&
                    (now->change == FIX_INSERTED) == (s->change == FIX_INSERTED) &&
                    again.cost + cost_w < res->cost + cost0;
    if (keep) {
        copy_result(res, &again);
        v->changed = TRUE;
        v->taken = v->moves[w];
    } else {
        g_array_set_size(points, points->len - 1);
    }
    g_array_free(again.steps, TRUE);
}

/* How far below the best candidate a move's score stops mattering: it
 * pays JUDGE_CAP past 1/weight pawns (engine_costs()), and a move read as
 * written pays it from JUDGE_BLUNDER on (blunder_costs()); 0 (every score
 * in full) for a weight too small to reach the cap within a queen. */
static int judge_window(const struct judge_options *o)
{
    double capped = 100.0 * JUDGE_CAP / (o->weight * CONF_UNIT);
    if (o->weight <= 0 || capped > 900) return 0;
    return MAX(JUDGE_BLUNDER, (int)ceil(capped));
}

/* The built-in search's scores of v's moves, the best JUDGE_SCORED of
 * them and the search's move (0) kept as an engine's would be. */
static void builtin_score(const struct judge_options *o, const struct position *pos,
                          struct judge_verdict *v)
{
    bool exact[JUDGE_CANDS_MAX];
    search_score_within(pos, v->moves, v->n, o->depth, JUDGE_NODES, judge_window(o), v->cp, exact);
    for (int i = 0; i < v->n; i++) {
        int better = 0;
        for (int j = 0; j < v->n; j++)
            better += exact[j] && (v->cp[j] > v->cp[i] || (v->cp[j] == v->cp[i] && j < i));
        v->has[i] = i == 0 || (exact[i] && better < JUDGE_SCORED);
    }
}

/* A second look, JUDGE_DEEPER plies deeper, before the built-in search's
 * verdict makes the search take candidate w for its move (0): the two
 * scored again, and w taken only if it still costs less, reading and
 * engine together. Its two plies misjudge a quiet move now and then
 * ("10 o4" of a Queen's Gambit was e4: a4 +0.51 against e4 -0.06 at
 * depth 2, e4 +0.55 against a4 +0.49 at depth 4), and it is asked only
 * where its verdict would change a move: on the tuning sets (tools/tune-sets) 424 wrong
 * moves became 416, on the fresh sets 703 became 692, for 4% more time at
 * 5% noise (at 200,000 positions a move, not 50,000: 418 and 690 for 24%
 * more). Returns w or 0; the scores go to v, and where w is
 * tried (try_winner()) its search again must win by the second look's
 * costs, not the first's: on the tuning sets 413 wrong moves became 411,
 * on the fresh sets 684 became 677. */
static int second_look(const struct judge_options *o, const struct position *pos,
                       const struct fix_alt *cands, gboolean read_as_written, int w,
                       struct judge_verdict *v)
{
    move_t two[2] = {v->moves[0], v->moves[w]};
    bool exact[2];
    v->deeper = o->depth + JUDGE_DEEPER;
    v->rival = w;
    search_score_within(pos, two, 2, v->deeper, JUDGE_DEEPER_NODES, judge_window(o), v->deeper_cp,
                        exact);
    v->deeper_has[0] = exact[0];
    v->deeper_has[1] = exact[1];
    /* (either score a bound where not exact: far enough behind to pay the cap) */
    for (int j = 0; j < 2; j++) {
        int cp = v->deeper_cp[j], other = v->deeper_cp[!j];
        v->deeper_cost[j] = read_as_written ? blunder_cost(cp, other) : loss_cost(o, cp, other);
    }
    /* (the replies weigh the same at any depth) */
    v->deeper_cost[0] += v->reply[0];
    v->deeper_cost[1] += v->reply[w];
    return cands[w].cost + v->deeper_cost[1] < cands[0].cost + v->deeper_cost[0] ? w : 0;
}

/* The cheapest candidate, reading and engine together; the search's move
 * (0) on a tie. */
static int winner(const struct fix_alt *cands, const struct judge_verdict *v)
{
    int w = 0;
    for (int i = 1; i < v->n; i++)
        if (cands[i].cost + v->cost[i] < cands[w].cost + v->cost[w]) w = i;
    return w;
}

/* Is the verdict's winner w still ahead of the search's move after the
 * next JUDGE_LOOKAHEAD steps read greedily? Most are not (a rook put on
 * another file than the one it later moves from): on 400 games of the
 * tuning sets at 5% noise, 124 of 135 searches again kept the move they
 * had, and this spares 85 of them, none of the 11 that changed it. */
static gboolean gains_after(ArbFixer *f, const struct fix_result *res, guint k,
                            const struct fix_alt *cands, const struct judge_verdict *v, int w)
{
    int ahead = cands[0].cost + v->cost[0] - cands[w].cost - v->cost[w];
    int worse = fixer_greedy_after(f, res, k, v->moves[w], JUDGE_LOOKAHEAD) -
                fixer_greedy_after(f, res, k, v->moves[0], JUDGE_LOOKAHEAD);
    return worse < ahead;
}

/* A step doubted: its share below min_share, and not read as written. An
 * exact reading that a rival path leaves open is marked for review, but
 * not judged as these are: on the tuning sets at 5% noise, judged by the
 * built-in search, 196 wrong moves became 212; by stockfish at depth 8 the
 * same number (a player's move is the engine's choice no more often than
 * the rival's). It is judged for a blunder only (is_exact_doubted()) */
static gboolean is_doubtful(const struct judge_options *o, const struct fix_step *s)
{
    return s->move != MOVE_NONE && s->change != FIX_NONE && s->confidence < o->min_share;
}

/* A move read as written that a rival path leaves open (its share below
 * min_share): judged only for a blunder, a move that loses JUDGE_BLUNDER
 * or more to a look-alike rival's (blunder_costs()). */
static gboolean is_exact_doubted(const struct judge_options *o, const struct fix_step *s)
{
    return s->move != MOVE_NONE && s->change == FIX_NONE && s->confidence < o->min_share;
}

/* Does the engine judge a doubtful step? Not in a game not searched, nor before
 * JUDGE_BUILTIN_FROM for the built-in search, whose two plies know less
 * there than the move prior's opening book (judged, the first moves took
 * nearly a third of its time and gained nothing on the tuning sets). */
static gboolean is_searched(const struct judge_game_info *g, gboolean builtin,
                            const struct fix_step *s)
{
    return g->searched && (!builtin || ply_of(&s->before) >= JUDGE_BUILTIN_FROM);
}

/* Is a doubtful step of a game no engine searches weighed by the
 * opponent's reply alone? From where the built-in search would judge it
 * (before, the book and the move rates know the openings): on the tuning
 * sets with --engine none and REPLY_ALONE_WEIGHT at 0.2, 520 wrong moves
 * became 483, and 494 from move 1 (at 0.1, 486). A drawn game's last two
 * moves are judged by repetition first. */
static gboolean replies_only(const struct judge_game_info *g, const struct fix_step *s)
{
    return !g->searched && g->replies && ply_of(&s->before) >= JUDGE_BUILTIN_FROM;
}

/* The moves res plays after step k. */
static int moves_after(const struct fix_result *res, guint k)
{
    int after = 0;
    for (guint j = k + 1; j < res->steps->len; j++)
        after += g_array_index(res->steps, struct fix_step, j).move != MOVE_NONE;
    return after;
}

/* Is step k of res among the game's last REPEAT_PLIES moves (on the tuning
 * sets, the last two: one game better; four: one better, one worse)? */
static gboolean near_end(const struct fix_result *res, guint k)
{
    return moves_after(res, k) < REPEAT_PLIES;
}

/* Is step k of res the last move of the side that lost the game? The
 * move a player resigns after is often the blunder that ends it, or one
 * of a lost position, where any move is as bad: the engine's judgement
 * of which is worse says nothing of which was played. */
static gboolean losers_last(const struct judge_game_info *g, const struct fix_result *res, guint k)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
    return g->loser >= 0 && s->before.side == g->loser && !moves_after(res, k);
}

/* Is step k of res the game's last move, the winner's? The loser
 * resigned after it: where the search sees no win for that side after
 * any of the candidates (JUDGE_SEES_WIN), the point of the move played
 * lies deeper than it looks, and its judgement of the candidates says
 * nothing of which was played (judge_game()). */
static gboolean winners_last(const struct judge_game_info *g, const struct fix_result *res, guint k)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
    return g->loser >= 0 && s->before.side != g->loser && !moves_after(res, k);
}

/* Does m, played at step k of res, bring back a position of the path
 * before it? */
static gboolean repeats(const struct fix_result *res, guint k, move_t m)
{
    struct position after = g_array_index(res->steps, struct fix_step, k).before;
    pos_make_move(&after, m);
    for (guint j = 0; j < k; j++) {
        const struct fix_step *s = &g_array_index(res->steps, struct fix_step, j);
        if (s->move != MOVE_NONE && s->before.key == after.key) return TRUE;
    }
    return FALSE;
}

/* Step s's move in pos: the one legal move of the same piece to the same
 * square ("Qb1" from c1 where s played it from d1), the same from square
 * among several; MOVE_NONE when there is none. */
static move_t same_move_in(const struct position *pos, const struct fix_step *s)
{
    struct move_list list;
    int type = pos_moving_type(&s->before, s->move);
    movegen_legal_to(pos, type, move_to(s->move), &list);
    move_t found = MOVE_NONE;
    int n = 0;
    for (int i = 0; i < list.count; i++) {
        if (move_promotion(list.moves[i]) != move_promotion(s->move)) continue;
        if (list.moves[i] == s->move) return s->move;
        found = list.moves[i];
        n++;
    }
    return n == 1 ? found : MOVE_NONE;
}

/* How often the position at the end of res comes up in it with m played
 * at step k and the moves after it as res plays them (0 when one of those
 * is illegal then). */
static int final_repeats(const struct fix_result *res, guint k, move_t m)
{
    const struct fix_step *steps = (const struct fix_step *)res->steps->data;
    struct position pos = steps[k].before;
    if (!movegen_is_legal(&pos, m)) return 0;
    pos_make_move(&pos, m);
    guint64 seen[THREEFOLD_PLIES + 1];
    int n = 0;
    seen[n++] = pos.key;
    for (guint j = k + 1; j < res->steps->len; j++) {
        if (steps[j].move == MOVE_NONE) continue;
        move_t again = n > THREEFOLD_PLIES ? MOVE_NONE : same_move_in(&pos, &steps[j]);
        if (again == MOVE_NONE) return 0;
        pos_make_move(&pos, again);
        seen[n++] = pos.key;
    }
    int count = 0;
    for (int i = 0; i < n; i++)
        count += seen[i] == pos.key;
    for (guint j = 0; j <= k; j++)
        count += steps[j].move != MOVE_NONE && steps[j].before.key == pos.key;
    return count;
}

/* A drawn game's doubtful step a few moves before its end judged by
 * repetition: where some candidates end the game in a position come up
 * three times (a draw claimed by threefold repetition: "Qc1 Qa3 Qb1 Qa2
 * Qc1", its first Qc1 read as Qd1) and others do not, those cost nothing,
 * the others JUDGE_CAP. FALSE when that tells none apart. */
static gboolean threefold_costs(const struct fix_result *res, guint k, struct judge_verdict *v)
{
    if (moves_after(res, k) >= THREEFOLD_PLIES) return FALSE;
    int three = 0;
    for (int i = 0; i < v->n; i++) {
        v->has[i] = FALSE;
        v->cost[i] = final_repeats(res, k, v->moves[i]) >= 3 ? 0 : JUDGE_CAP;
        three += v->cost[i] == 0;
    }
    v->repetition = three > 0;
    return three > 0 && three < v->n;
}

/* The last moves of a drawn game judged by repetition, not by the engine:
 * a draw is claimed or agreed once a position comes back (Bf3 back from
 * h5, the game over), seldom at the engine's best move. The candidates
 * that repeat a position cost nothing, the others JUDGE_CAP; FALSE when
 * none repeats, and the engine, if any, judges the step then (left
 * unjudged, three games of the tuning sets lost a last move the engine
 * had right). */
static gboolean repetition_costs(const struct fix_result *res, guint k, struct judge_verdict *v)
{
    gboolean any = FALSE;
    for (int i = 0; i < v->n; i++) {
        v->has[i] = FALSE;
        v->cost[i] = repeats(res, k, v->moves[i]) ? 0 : JUDGE_CAP;
        any |= v->cost[i] == 0;
    }
    v->repetition = any;
    return any;
}

/* Is step k of res judged? Doubtful, not fixed, not the loser's last
 * move, and searched or near a drawn game's end. */
static gboolean judged(const struct judge_options *o, const struct judge_game_info *g,
                       gboolean builtin, const struct fix_point *base, int n_base,
                       const struct fix_result *res, guint k)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
    if (is_fixed(base, n_base, ply_of(&s->before)) || losers_last(g, res, k)) return FALSE;
    if (is_exact_doubted(o, s)) return is_searched(g, builtin, s);
    return is_doubtful(o, s) &&
           (is_searched(g, builtin, s) || replies_only(g, s) ||
            (g->drawn && moves_after(res, k) < MAX(REPEAT_PLIES, THREEFOLD_PLIES)));
}

static gboolean any_judged(const struct judge_options *o, const struct judge_game_info *g,
                           gboolean builtin, const struct fix_point *base, int n_base,
                           const struct fix_result *res)
{
    for (guint k = 0; k < res->steps->len; k++)
        if (judged(o, g, builtin, base, n_base, res, k)) return TRUE;
    return FALSE;
}

gboolean judge_game(ArbFixer *f, ArbEngine *engine, const struct judge_options *o,
                    const struct judge_game_info *g, const struct position *start,
                    const struct fix_token *tokens, int n, const struct fix_point *base, int n_base,
                    gboolean fresh, struct fix_result *res, GArray *verdicts, GError **error)
{
    g_array_set_size(verdicts, 0);
    gboolean builtin = !engine && g->searched;
    if (res->unresolved || !any_judged(o, g, builtin, base, n_base, res)) return TRUE;
    if (engine && !engine_new_game(engine, error)) return FALSE;
    g_autoptr(GArray) points = g_array_new(FALSE, FALSE, sizeof(struct fix_point));
    g_array_append_vals(points, base, (guint)n_base);
    /* the fixer's tables must be this game's for fixer_step_candidates */
    fixer_set_fixed(f, base, n_base);
    if (!fresh) fixer_prepare(f, tokens, n);
    gboolean ok = TRUE;
    int reruns = 0;
    long searched_before = fixer_tokens_searched(f);
    long budget = (long)JUDGE_BUDGET * fixer_n_tokens(f) / 100;
    for (guint k = 0; ok && k < res->steps->len;) {
        const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
        struct fix_alt cands[JUDGE_CANDS_MAX];
        int nc = judged(o, g, builtin, base, n_base, res, k)
                     ? fixer_step_candidates(f, res, k, JUDGE_MARGIN, cands, JUDGE_CANDS_MAX)
                     : 0;
        if (nc < 2) {
            k++;
            continue;
        }
        struct judge_verdict v = {
            .ply = ply_of(&s->before), .key = s->before.key, .taken = s->move, .n = nc};
        for (int i = 0; i < nc; i++)
            v.moves[i] = cands[i].move;
        /* (a move read as written: a blunder, never a repetition) */
        gboolean exact = s->change == FIX_NONE;
        if (!exact && g->drawn && threefold_costs(res, k, &v)) {
            /* (judged by the repetition alone) */
        } else if (!exact && g->drawn && near_end(res, k) && repetition_costs(res, k, &v)) {
            /* (judged by repetition) */
        } else if (!exact && replies_only(g, s)) {
            v.replies_only = TRUE;
            reply_costs(f, res, k, &v);
            gboolean said = FALSE;
            for (int i = 0; i < nc; i++)
                said |= v.reply[i] > 0;
            if (!said) { /* (no reply weighed: nothing said) */
                k++;
                continue;
            }
        } else {
            if (!is_searched(g, builtin, s)) {
                k++;
                continue;
            }
            if (engine) {
                ok = engine_score(engine, &s->before, v.moves, nc, JUDGE_SCORED, o->depth, v.cp,
                                  v.has, error);
            } else {
                builtin_score(o, &s->before, &v);
            }
            if (!ok) break;
            if (winners_last(g, res, k) && best_scored(&v) < JUDGE_SEES_WIN) {
                k++;
                continue;
            }
            if (!exact) {
                engine_costs(o, &v);
                reply_costs(f, res, k, &v);
            } else if (!blunder_costs(&v)) { /* (no verdict: nothing said) */
                k++;
                continue;
            }
        }
        int w = winner(cands, &v);
        if (w > 0 && !gains_after(f, res, k, cands, &v, w)) w = 0;
        if (w > 0 && !engine && !v.repetition && !v.replies_only)
            w = second_look(o, &s->before, cands, exact, w, &v);
        if (w > 0 && reruns++ < JUDGE_RERUNS_MAX &&
            fixer_tokens_searched(f) - searched_before <= budget)
            try_winner(f, start, points, w, &v, res);
        g_array_append_val(verdicts, v);
        k = step_after(res, v.ply);
    }
    fixer_set_fixed(f, base, n_base);
    return ok;
}

/* What the RIVAL_AHEAD steps after step k of res cost together. */
static int cost_ahead(const struct fix_result *res, guint k)
{
    int sum = 0;
    for (guint j = k + 1; j < res->steps->len && j <= k + RIVAL_AHEAD; j++)
        sum += g_array_index(res->steps, struct fix_step, j).cost;
    return sum;
}

/* The least sure steps of res, each with its rivals fixed in turn, the
 * engine aside: a path that took a rival there may be much cheaper
 * further on, where the beam no longer held it (a knight's move read
 * from "-B3" sends the knight to the other wing, and twenty moves read
 * poorly after it). */
void judge_rivals(ArbFixer *f, const struct position *start, const struct fix_token *tokens, int n,
                  const struct fix_point *base, int n_base, gboolean fresh, struct fix_result *res)
{
    if (res->unresolved) return;
    g_autoptr(GArray) points = g_array_new(FALSE, FALSE, sizeof(struct fix_point));
    g_array_append_vals(points, base, (guint)n_base);
    gboolean ready = FALSE;
    int reruns = 0;
    long searched_before = 0, budget = 0;
    for (guint k = 0; k < res->steps->len && reruns < RIVAL_RERUNS_MAX; k++) {
        const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
        if (s->move == MOVE_NONE || s->confidence >= RIVAL_CONFIDENCE ||
            is_fixed(base, n_base, ply_of(&s->before)) || cost_ahead(res, k) < RIVAL_AHEAD_COST)
            continue;
        if (!ready) {
            /* the fixer's tables must be this game's */
            fixer_set_fixed(f, base, n_base);
            if (!fresh) fixer_prepare(f, tokens, n);
            searched_before = fixer_tokens_searched(f);
            budget = (long)RIVAL_BUDGET * fixer_n_tokens(f) / 100;
            ready = TRUE;
        }
        struct fix_alt cands[RIVALS_TRIED + 1];
        int nc = fixer_step_candidates(f, res, k, RIVAL_MARGIN, cands, RIVALS_TRIED + 1);
        /* (a rival's path is kept when cheaper by RIVAL_GAIN: about as
         * cheap, it is as often the wrong one; it may reach the rival by
         * other moves before, a move left out put in: "21. Qe2" and
         * "Tc8-o8", 21...Ra8 read out of order, for which 25. cxd5 fixed
         * finds 21...e6 left out and 22...Rcd8, 17 units cheaper) */
        struct judge_verdict v = {.ply = ply_of(&s->before), .key = ANY_POSITION, .n = nc};
        for (int i = 0; i < nc; i++)
            v.moves[i] = cands[i].move, v.cost[i] = i ? RIVAL_GAIN : 0;
        for (int w = 1; w < nc && !v.changed && reruns < RIVAL_RERUNS_MAX; w++) {
            if (fixer_tokens_searched(f) - searched_before > budget) reruns = RIVAL_RERUNS_MAX;
            if (cands[w].cost < cands[0].cost && reruns++ < RIVAL_RERUNS_MAX)
                try_winner(f, start, points, w, &v, res);
        }
    }
    if (ready) fixer_set_fixed(f, base, n_base);
}

const struct judge_verdict *judge_verdict_at(const GArray *verdicts, const struct position *before)
{
    for (guint i = 0; verdicts && i < verdicts->len; i++) {
        const struct judge_verdict *v = &g_array_index(verdicts, struct judge_verdict, i);
        if (v->ply == ply_of(before) && v->key == before->key) return v;
    }
    return NULL;
}
