/* The whole-game corrector behind `arbiter fix`: the stage after the reader
 * for damaged text. Given the move tokens of one game (each with its n-best
 * candidate readings), it searches (beam search over position x token) for
 * the cheapest sequence of legal moves that explains them, where a token may
 * be misread (a weighted edit distance under the confusion table against the
 * move's renderings in the game's language), spurious, two moves run
 * together or half a move, and a move may be missing. */
#ifndef ARBITER_FIX_H
#define ARBITER_FIX_H

#include "confusion.h"
#include "normalize.h"
#include "prior.h"

G_BEGIN_DECLS

enum { FIX_CANDS_MAX = 8, FIX_ALTS_MAX = 3, FIX_TOKEN_CHARS = 24 };

/* The most tokens of one game the fixer reads: past them the game is cut
 * (fix_result.too_long), the rest kept as written. The longest games played
 * take a tenth of it; what reaches it is text that no move numbers or
 * result divide, whose search would take time and memory (some 40 KB a
 * token) without end. */
enum { FIX_GAME_TOKENS_MAX = 8192 };

/* One reading a recogniser offers for a token, with its cost (0 for the one
 * plain-text reading). text need not be NUL-terminated. A token may hold the
 * readings of several inputs of one game (both players' sheets): input says
 * whose, and a token's candidates come grouped by input. */
struct fix_cand {
    const char *text;
    gsize len;
    int prior; /* in confusion cost units */
    int input; /* 0 unless several inputs are read together */
};

/* One move token as read. With several inputs, a move's cost for the token
 * is the mean over the inputs of each input's cheapest candidate. */
struct fix_token {
    int n_cands;
    struct fix_cand cands[FIX_CANDS_MAX];
    /* The ply (2 * (fullmove - 1) + side) a move number written right before
     * it names, or -1. */
    int hint_ply;
    gsize event; /* caller's own index (the game event) */
    /* events after it its text takes too (a move in words a line end cut:
     * "Kt to" / "K B 3rd"), the caller's; 0 for none; and the bytes of the
     * last of them it takes, where the next move's words run on in it
     * ("P" of "P Kt takes Kt"), else 0: all */
    guint more_events;
    gsize more_last_len;
    /* a cell the sheet lacks (its numbered cells skip this ply): a move
     * stood here, nothing was read; the search reads it as every legal
     * move, the prior's likeliest first, and the step as FIX_INSERTED with
     * no token (first_token this one, n_tokens 0) */
    gboolean blank;
    /* with blank: what the sheet holds in the cell instead (kept to quote
     * it, not read), a move of the row after written there too soon
     * (misplaced_later) or of the row before written again; NULL where the
     * cell is empty */
    const char *misplaced;
    gsize misplaced_len;
    gboolean misplaced_later;
    /* in a line the text weighs (a book's "Perhaps stronger was 21...Ne4
     * 22.Bxe4" before the game's own 22.): dropped for what a token
     * written twice costs */
    gboolean weighed;
    /* a token of a row written twice, the second copy (a sheet's cell,
     * or a move in text): dropped for what a token written twice costs */
    gboolean repeated;
    /* moves a move number it reads as names past the one it stands for
     * (by the rows written twice before it; hint_ply has it taken off) */
    int number_shift;
    /* the text as written when cands[0] is a reading of it (a move in
     * words in its short form: "P to K 4th" read as "P-K4"), else NULL */
    const char *written;
    gsize written_len;
};

typedef enum {
    FIX_NONE,      /* read as written */
    FIX_CORRECTED, /* read as a different text */
    FIX_INSERTED,  /* a move no token gives */
    FIX_DELETED,   /* a token that is no move */
    FIX_MERGED,    /* one of two moves a single token gives */
    FIX_SPLIT,     /* one move two tokens give */
} ArbFixChange;

struct fix_alt {
    move_t move;
    int cost;
};

struct fix_step {
    guint8 change;          /* ArbFixChange */
    move_t move;            /* MOVE_NONE for a deleted token */
    int first_token;        /* the token read (an inserted move: the next token) */
    int n_tokens;           /* 0 inserted, 2 split, else 1 */
    int cost;               /* of this step */
    int prior;              /* of cost, what the move prior (and a sheet's shift) added */
    /* the search's share: the move's beside the other readings of its
     * token (1 for a token read as written), times a logistic of
     * rival_margin (token_rival_margin for one read as written, where
     * EXACT_DOUBT or less); fix_cmd_confidence() makes it a chance */
    double confidence;
    double read_share;      /* of confidence, the share beside the other readings */
    struct position before; /* the position the move is played from */
    move_t last;            /* the move that led to before (MOVE_NONE: none, or a deleted token) */
    int offset;             /* a sheet's: how many plies the path was past its cells before */
    int n_alts;
    struct fix_alt alts[FIX_ALTS_MAX]; /* next-best moves, cheapest first */
    /* how much dearer the cheapest whole path the search kept to the end
     * is that plays another move at this ply (FIX_NO_RIVAL: none was kept,
     * every other fell behind by more than the beam's margin) */
    int rival_margin;
    int token_rival_margin; /* the same, of the paths that read this step's token alone */
};

enum { FIX_NO_RIVAL = G_MAXINT };

/* The margin of the rival path that step s's share weighed (in cost
 * units), or FIX_NO_RIVAL: its rival_margin; for a token read as written,
 * its token_rival_margin where that doubted it (the share below 1). */
int fix_step_margin(const struct fix_step *s);

struct fix_result {
    GArray *steps; /* struct fix_step, in game order */
    int cost;
    gboolean unresolved; /* cut where nothing legal fits any more */
    gboolean too_long;   /* cut, fits or not, past FIX_GAME_TOKENS_MAX tokens */
    int cut_token;       /* first token left out when unresolved, else n */
    gboolean changed;    /* some step is not FIX_NONE */
};

typedef struct _ArbFixer ArbFixer;

/* norm reads the language the game is in; both must outlive the fixer. */
ArbFixer *fixer_new(const ArbConfusion *conf, ArbNorm *norm);
void fixer_free(ArbFixer *fixer);
/* Gives back what the games read so far made it hold (its search's
 * buffers, which grow with the longest game): for a fixer of a language
 * not read for a while. It reads no game again before fixer_run(). */
void fixer_trim(ArbFixer *fixer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ArbFixer, fixer_free)

/* Next-best alternatives are worked out for every step (with_alternatives)
 * or only for the corrected ones (cheaper). */
void fixer_set_alternatives(ArbFixer *fixer, gboolean with_alternatives);
/* With once, fixer_run searches once, never again where the path took
 * doubtful steps: a quicker, dearer path, to weigh against another. */
void fixer_set_once(ArbFixer *fixer, gboolean once);
/* With keep, the tokens read next are taken to be written in the notation
 * style of those read last (a variation's few moves, in its game's: one
 * "P-KB4" alone tells nothing), not found from them (fix_notation()). */
void fixer_keep_style(ArbFixer *fixer, gboolean keep);
/* With slips, the tokens were written by hand (scoresheets): a token that
 * reads exactly as a legal move may still be a slip of the pen one plain
 * edit off ("d4" for e4), so such rivals are read beside it too. */
void fixer_set_slips(ArbFixer *fixer, gboolean slips);
/* The notations besides SAN a game's moves may be written in, UCI ("g1f3",
 * "e2-e4", "E2E4"), ICCF numeric ("7163") and English descriptive ("P-K4",
 * "N-KB3"): the fixer renders every move so too, at no cost, in a game
 * whose tokens fix_notation() finds written so: of the n texts[i]
 * (lens[i] bytes), half or more shaped like one (for UCI and ICCF one of
 * the squares' characters off at most, and under a tenth a piece's move in
 * long notation: "Ng1-f3"'s pawn moves are shaped so); else FIX_STYLE_SAN.
 * *upper (may be NULL): UCI in capitals ("E2E4"). */
enum fix_style { FIX_STYLE_SAN, FIX_STYLE_UCI, FIX_STYLE_ICCF, FIX_STYLE_DESCRIPTIVE };

enum fix_style fix_notation(const char *const *texts, const gsize *lens, int n, gboolean *upper);

/* The move prior breaks near-ties between readings: weight is its cost in
 * confusion units per nat of likelihood (0 or a NULL prior: off); a move's
 * prior cost is at most one and a half plain edits. prior must outlive the
 * fixer. */
void fixer_set_prior(ArbFixer *fixer, const ArbPrior *prior, double weight);

/* A move the reviewer chose (arbiter fix --decisions): the ply (2 *
 * (fullmove - 1) + side, as a position counts it) may only be played by the
 * move this UCI text names in the position the search reaches there (which
 * an earlier fixed point may change, so the text is resolved there). */
struct fix_point {
    int ply;
    char uci[8]; /* NUL-terminated */
};

/* Fixed points for the next fixer_run calls (n 0: none). The array is the
 * caller's and must outlive those calls. A fixed point the search cannot keep
 * (the move is illegal there, or no reading reaches that ply) shows in the
 * result as a step at that ply with another move, or as no step: the caller
 * checks. */
void fixer_set_fixed(ArbFixer *fixer, const struct fix_point *points, int n);

/* The fixed point that plays m from pos (at pos's ply). */
struct fix_point fix_point_of(const struct position *pos, move_t m);

/* Fixes one game from start; res->steps must be a GArray of struct fix_step
 * (cleared first). */
void fixer_run(ArbFixer *fixer, const struct position *start, const struct fix_token *tokens, int n,
               struct fix_result *res);

/* fixer_run, giving up once every path it holds costs more than limit:
 * res is then unresolved, with no steps. */
void fixer_run_within(ArbFixer *fixer, const struct position *start, const struct fix_token *tokens,
                      int n, int limit, struct fix_result *res);

/* Reads tokens as fixer_run does, searching nothing: for
 * fixer_step_candidates on a result fixer_run made from the same tokens
 * and fixed points, when the fixer has run on others since. */
void fixer_prepare(ArbFixer *fixer, const struct fix_token *tokens, int n);

/* fixer_run again on the tokens it (or fixer_prepare) read last, with the
 * fixed points set since, into res: last's steps before step from are
 * kept (from 0: none) and only the rest is searched again, and what the
 * search worked out for the plies whose fixed point is the same is used
 * again, so this costs much less. last is a result of those tokens. The
 * first search gives up once every path it holds costs more than limit
 * in all (G_MAXINT: never): res is then unresolved, with no steps. */
void fixer_run_again(ArbFixer *fixer, const struct position *start, const struct fix_result *last,
                     guint from, int limit, struct fix_result *res);

/* What the next n steps after step k of res (a result of the tokens the
 * fixer read last) cost read greedily, each token as its cheapest move
 * where the moves before left the game, with step k playing m: up to the
 * first step that is no move read from one token. A guess at what m
 * costs the path after it, against the same for the step's own move. */
int fixer_greedy_after(ArbFixer *fixer, const struct fix_result *res, guint k, move_t m, int n);

/* The natural log of the move prior's probability of the reply to step k
 * of res playing m: the next step's token read greedily as there, its
 * cheapest move where m leaves the game; 1 where there is no such reply
 * (no next step read from one token, no move read, or no prior). What the
 * opponent did next tells which of two look-alike moves was played: a
 * reply that answers one of them is likelier after it. */
double fixer_reply_log_prob(ArbFixer *fixer, const struct fix_result *res, guint k, move_t m);

/* The moves that could stand at step k of the last fixer_run's res about
 * as well as its own: the step's own move first (at its cost), then every
 * other whose cost for the step (its reading and prior, and what the next
 * token then reads worse; for an inserted move only the last two) is within
 * margin of it, cheapest first; at most max. Returns the count (0 for a
 * deleted or merged step). */
int fixer_step_candidates(ArbFixer *fixer, const struct fix_result *res, guint k, int margin,
                          struct fix_alt *out, int max);

/* Tokens the fixer's searches have read since it last read tokens
 * (fixer_prepare(), fixer_run()), and how many it read. */
long fixer_tokens_searched(const ArbFixer *fixer);
int fixer_n_tokens(const ArbFixer *fixer);

/* Renders a cost as the decimal the report and comments show ("1.25"). */
double fix_cost_value(int cost);
/* A change's name, as the report writes it ("none", "corrected", ...). */
const char *fix_change_name(int change);

G_END_DECLS

#endif
