/* `arbiter fix --engine`: after the search, a UCI engine or the built-in
 * search (core/search.h) judges the moves the search was unsure of. Where
 * a near-tied rival reading is a better move by the engine's low-depth
 * score, the search runs again with that move as a fixed point, and the new
 * path is kept when it costs less, the engine's costs counted. Sits between
 * fixer_run (src/fix.c) and fix's writers (src/fix_pgn.c, src/fix_report.c),
 * which show the verdicts. */
#ifndef ARBITER_JUDGE_H
#define ARBITER_JUDGE_H

#include "engine.h"
#include "fix.h"

G_BEGIN_DECLS

/* Candidates judged per step, and how many of them the engine scores (the
 * rest, worse than those by its search, pay the most). */
enum { JUDGE_CANDS_MAX = 48, JUDGE_SCORED = 6 };

/* No search again starts once the game's searches again have read this
 * many tokens, in percent of the game's: a game read poorly throughout
 * (moves in words a scan damaged, tools/ocr-noise at 5%) took 35 s, its
 * searches again reading 23 times its tokens, 11 s with the bound; on 400
 * SAN games at 5% noise they read 0.68 times them at the 90th percentile,
 * 2.2 at the 99th, and the bound changes none of them. */
enum { JUDGE_BUDGET = 300 };

/* The share (a step's confidence before [calibration] makes it a chance,
 * src/fix_solve.c) below which a step is doubtful and judged. */
#define JUDGE_MIN_SHARE 0.9

/* The same for every game of a run. */
struct judge_options {
    int depth;             /* of the engine's search */
    double weight;         /* confusion units per pawn a move loses to the best candidate */
    double min_share;      /* steps whose share is below it are judged (JUDGE_MIN_SHARE) */
};

/* What one game says that the judging weighs. */
struct judge_game_info {
    int loser;      /* the side the game's result says lost (WHITE, BLACK), or -1 */
    gboolean drawn; /* the game's result says it was drawn */
    /* the engine, or without one the built-in search, scores the doubtful
     * steps; else only a drawn game's last two moves are judged, by
     * repetition */
    gboolean searched;
    /* where not searched, the doubtful steps from move 9 on are weighed by
     * the opponent's reply alone (judge.c's reply_costs()) */
    gboolean replies;
};

/* What the engine said at one step: the candidates (the search's move
 * first), their scores and the cost each paid for it. */
struct judge_verdict {
    int ply;          /* 2 * (fullmove - 1) + side of the position judged */
    guint64 key;      /* that position's Zobrist key */
    move_t taken;     /* the move the result plays there after the verdict */
    gboolean changed; /* the engine made the search take another move */
    /* judged by repetition, not scored: near a drawn game's end, where a
     * candidate brings back a position of the game (cp and has unused) */
    gboolean repetition;
    /* weighed by the opponent's replies alone, no engine scores (cp and
     * has unused) */
    gboolean replies_only;
    int n;
    move_t moves[JUDGE_CANDS_MAX];
    int cp[JUDGE_CANDS_MAX]; /* ENGINE_MATE-based for mates; side to move's view */
    gboolean has[JUDGE_CANDS_MAX];
    int cost[JUDGE_CANDS_MAX]; /* in confusion units */
    /* of cost, what the opponent's reply to each paid (judge.c's
     * reply_costs(); 0 where the replies were not weighed) */
    int reply[JUDGE_CANDS_MAX];
    /* the built-in search's second look, where its verdict would have
     * changed the move (0: none): the search's move and candidate rival
     * scored again at depth deeper, each a bound where not has */
    int deeper, rival;
    int deeper_cp[2], deeper_cost[2];
    gboolean deeper_has[2];
};

/* Judges the doubtful steps of res, which fixer_run made from start and
 * tokens with the fixed points base[0..n_base) (the reviewer's: never
 * overruled), and may replace res; a drawn game's last two moves by
 * repetition where a candidate brings back a position (see judge.c). The
 * verdicts go to verdicts (a GArray of struct judge_verdict, cleared
 * first). engine NULL: the built-in search judges (or none, where game's
 * searched is FALSE). fresh:
 * the fixer's last run was that one (what it worked out serves the
 * searches again). The fixer keeps base as its fixed points after. FALSE
 * with error set when the engine fails (res is then the best found so
 * far). */
gboolean judge_game(ArbFixer *fixer, ArbEngine *engine, const struct judge_options *options,
                    const struct judge_game_info *game, const struct position *start,
                    const struct fix_token *tokens, int n, const struct fix_point *base, int n_base,
                    gboolean fresh, struct fix_result *res, GArray *verdicts, GError **error);

/* Without an engine: each step of res less sure than a fifth, searched
 * again with each of its nearest rivals fixed there in turn (as a
 * reviewer's decision would be), the new path kept when the whole of it
 * costs less. The arguments are judge_game()'s. */
void judge_rivals(ArbFixer *fixer, const struct position *start, const struct fix_token *tokens,
                  int n, const struct fix_point *base, int n_base, gboolean fresh,
                  struct fix_result *res);

/* The verdict for a step played from before, or NULL. */
const struct judge_verdict *judge_verdict_at(const GArray *verdicts, const struct position *before);

G_END_DECLS

#endif
