/* The fixer's insides (struct _ArbFixer and the states, tokens and
 * renderings it works on), shared by the search run whole (src/fix.c), its
 * beam (src/fix_beam.c), the costs of reading a token as a move
 * (src/fix_read.c) and the tokens made ready for them (src/fix_tokens.c);
 * private to them and their tests. */
#ifndef ARBITER_FIX_PRIVATE_H
#define ARBITER_FIX_PRIVATE_H

#include "fix.h"

#include "attacks.h"
#include "movegen.h"
#include "notation.h"
#include "prior.h"
#include "resolve.h"
#include "uci.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    FORM_MAX = 16,
    FORMS_PER_MOVE = 10, /* SAN, descriptive's eight (desc_spell()), a queen implied */
    BEAM_WIDTH = 256,
    /* on sheets (fixer_set_slips()): a cell the writer skipped puts in
     * every legal move, so a few of them in a row fill a beam of 256 with
     * states all about as cheap, and cut the one the later cells want
     * (HCS 091_1: 12...Qf6 in a skipped cell, 1.4 units behind, then
     * 15. Bxh7+ in another, Kxh7 and Qh6 written after them) */
    SHEET_BEAM_WIDTH = 512,
    WIDE_BEAM_WIDTH = 40, /* the search again where the path took doubtful edits */
    WIDE_BACK_STEPS = 8,  /* from this many steps before the first of them */
    WIDE_TOKENS = 16,     /* to this many tokens after it */
    WIDE_TRIES = 3,       /* windows searched so, each past the one before */
    /* a path with this many doubtful steps, or a stretch of DENSE_STEPS
     * steps that cost DENSE_COST together, most likely left the game played
     * before the first: that part is searched again with the beam's margins
     * twice as wide (the right path fell behind by more than they allow
     * before the moves that contradict the wrong one) and this many states */
    DERAILED_STEPS = 3,
    MISNUMBERED_RUN = 6,  /* numbered steps in a row the path's plies disagree with */
    MISNUMBERED_BACK = 2, /* searched again from this many steps before they last agreed */
    DENSE_STEPS = 12,
    DERAILED_WIDTH = 200,
    DERAILED_TRIES = 3,      /* windows searched so, each past the one before */
    DERAILED_SCALE = 200,    /* the margins there, in percent */
    FAR_BACK_STEPS = 40,     /* a path derailed still is searched again from this far back */
    BLOCKED_TRIES = 2,       /* lines blocked by an earlier reading searched again, at most */
    PAWN_BACK_STEPS = 60,    /* pawn moves this far back from a dear step are weighed */
    PAWN_TRIES = 2,          /* and searched again so, at most */
    PIECE_TRIES = 2,         /* the same for a piece a move's from-square places elsewhere */
    NUMBERED_NEAR_STEPS = 4, /* numbered_near() looks this far back */
    KEEP_PER_STATE = 8,
    KEEP_TIES = 16, /* readings kept per state when they are about as good */
    /* the same where a derailed path is searched again: a short token
     * ("b|" for "Ch7") reads as many moves about as cheaply, and the one
     * played may be past the first eight */
    DERAILED_KEEP = 24,
    DERAILED_KEEP_TIES = 32,
    MERGE_MIN_CHARS = 4,
    /* a move spaced out over tokens (spaced_run()) */
    SPACED_MAX = 5,
    SPACED_PART = 1,
    SPACED_CHARS = 7,
    RINGS = SPACED_MAX + 1, /* a step reads this many tokens at most, and one more */
    GARBAGE_MIN_POOR = 2,   /* poor steps at least where a game is cut */
    PAIR_TIES = 3,          /* readings of a merged or split token's part kept when about as good */
    PAIR_TIES_MAX = 8,      /* of which the prior chooses */
    INSERT_KEEP = 32,       /* missing moves tried per state */
    INSERTS_WIDER = 2,      /* the cheapest of them: the token after read more ways */
    WHOLE_KEEP = 64,        /* whole moves left out tried per state */
    TWO_WHOLE_FIRST = 6,    /* first moves of two left out tried, by the prior */
    TWO_WHOLE_SECOND = 8,   /* and of the second's two plies, each (see expand_two_whole_moves()) */
    WHOLE_AHEAD = 4,        /* the move numbers whole_move_due() weighs */
    WHOLE_AHEAD_TOKENS = 12, /* within this many tokens */
    NUMBER_READINGS = 4,
    AHEAD_NUMBERS = 2, /* move numbers the prune looks ahead to */
    AHEAD_TOKENS = 8,  /* within this many tokens */
    /* the characters renderings are made of (files, ranks, marks, castling's
     * O, the language's piece initials) are numbered, so a reading keeps its
     * substitution costs against each in a row (struct pcand) */
    SYM_MAX = 48,
    SYM_NONE = 255,
    ORDER_STEP = CONF_UNIT, /* bounds fix_order_next() sorts at a time past the least */
    /* text that is no game (prose, a recogniser's garbage): where the best
     * path has taken this many poor steps in a row (a token dropped, a move
     * put in, a reading dearer than GARBAGE_STEP), the beam holds this many
     * states and only its best tries a move left out, until a token reads
     * as a move again. Every token there reads poorly, which opens every
     * edit for every state: without this a page of prose took a minute and
     * a gigabyte */
    GARBAGE_RUN = 4,
    GARBAGE_WIDTH = 16,
    /* a tail cut by its rate (dense_from()) reads this many characters at least */
    GARBAGE_RATE_CHARS = 60,
    /* past such a run, the beam holds twice as many states a step, this
     * many steps, before its full width: a page's lists of openings
     * ("<li>B3 e4 c5 Nf3 Nc6: Sicilianskt </li>") read a move or two well
     * between runs, and 256 states, all about as poor, went on from each */
    GARBAGE_REGROW = 4,
    /* fix_search() gives up where the cheapest path read the last
     * HOPELESS_TOKENS tokens (no word of text among them) at
     * HOPELESS_RATE percent of the garbage rate or more: moves of the games
     * that follow, numbers and results lost, read from this one's last
     * position (1.0 to 1.5 times the rate), or random move-like tokens;
     * noisy games read at a quarter of it at 10% noise and 1.25 at most at
     * 30%, over as many tokens, checked every HOPELESS_EVERY tokens */
    HOPELESS_TOKENS = 32,
    HOPELESS_RATE = 150,
    HOPELESS_EVERY = 16,
    WORD_MIN_LETTERS = 6, /* fix_word_of_text() */
    /* no search again (wider, or of a derailed path) starts once the
     * searches of a game have read this many times its tokens, in percent:
     * a page of prose, which reads poorly everywhere, sent every window
     * through them and took three times as long; on the tuning sets no
     * game at 5% or 10% noise needed more */
    SEARCH_BUDGET = 350,
    /* nor does a search_all() read cuts of merged tokens once it has read
     * this many per token (expand_merged()): on the tuning sets, 415 at
     * most (t10; 3 on average at 5% noise, 11 at 10%), on the HCS sheets
     * 294; a sheet whose cells each held a game's worth of moves ("K1. e4
     * e5 2. Nf3 Nc6 3.") read 9,000 a token, 14 s for 50 cells */
    CUTS_BUDGET = 1000,
    /* the arena holds every state a search pushed; past this many it keeps
     * only those the beam's states descend from (compact_arena()), and
     * again past twice as many as it kept: a long text that reads poorly
     * pushed thousands a token, half a gigabyte for 800 tokens; 2^16
     * states (12 MB) rather than 2^18: a fixer of 400 German games at 5%
     * noise peaked at 85 MB, not 124, in the same time */
    COMPACT_MIN = 1 << 16,
    KEPT_SET = 1024,          /* >= 2 x the widest beam: prune's set of positions kept */
    DIST_CACHE = 8192,        /* edit distances remembered per game (direct-mapped) */
    SPELL_CACHE = 256,        /* descriptive spellings remembered per game (the same) */
    SPELL_FORMS = 6,          /* put_variants()'s forms of a move at most, by a square apart */
    EXPANSIONS_MAX = 1 << 16, /* expansions remembered per game; past them none is */
    RECORDS_MAX = 1 << 21,    /* nor past this many states they pushed (80 MB) */
    /* a state that can keep only readings this cheap (most behind the
     * best) asks for the moves to the squares a token may name within it,
     * TARGETED_ASKS of them at most, rather than for every legal move
     * (refused, a table of every legal move is scored: on 40 games of the
     * tuning sets at 5% noise, 12 asks refused 59,000 of the 186,000 tables
     * fix_best_in() asks for, mostly a missing move's second reads; 64
     * took 4% fewer instructions in all, 48 to 96 about as few) */
    TARGETED_MAX = 2 * CONF_UNIT,
    TARGETED_ASKS = 64,
    /* the states of the beam that go on past a cell the sheet lacks, each
     * with every legal move: the best this many */
    BLANK_WIDTH = 32,
};
#define PAIRS_MARGIN CONF_UNIT /* beam states this close to the best try the two-move edits */
/* and for a token that names two moves ("d:e5C:e5"), any this close: the
 * state whose move before was read worse ("g6" as Ng6, the knight that
 * takes on e5) may be far down the beam */
#define TWO_MOVES_MARGIN (3 * CONF_UNIT / 2)
/* and a move left out (the dearest of them to try: each legal move, then
 * the token after it), within this */
#define INSERTS_MARGIN (CONF_UNIT / 2)
#define BEAM_MARGIN    (9 * CONF_UNIT / 4)
#define EDITED_MARGIN  (3 * CONF_UNIT) /* for a state an edit past a correction led to */
#define SUCC_MARGIN    (3 * CONF_UNIT)
/* readings of a token kept: any dearer would fall out of the beam */
#define READ_MARGIN       BEAM_MARGIN
#define EXACT_READ_MARGIN (CONF_UNIT * 5 / 4) /* the same beside an exact reading */
#define COST_INF          (1 << 28)
#define EXACT_MAX         (CONF_UNIT / 2)      /* an exact reading whose marks cost less */
#define POOR_READING      (CONF_UNIT / 2)      /* a best reading this dear opens the other edits */
#define DISAMBIG_DELETE   (CONF_UNIT * 6 / 10) /* a disambiguation left out */
#define TIE_MARGIN        (CONF_UNIT * 3 / 10) /* readings this close are all kept */
#define PAIR_TIES_MARGIN  CONF_UNIT            /* the same for a part of a merged or split token */
#define PRIOR_CAP         (3 * CONF_UNIT / 2)  /* the most the move prior adds to a reading */
#define PRIOR_TIE         (7 * CONF_UNIT / 4)  /* readings the prior chooses among */
#define BLANK_PRIOR_CAP   (2 * CONF_UNIT)      /* the most it adds to a move read from no cell */
#define GARBAGE_STEP      (3 * CONF_UNIT / 2)  /* a reading this dear counts as garbage */
#define DENSE_COST        (10 * CONF_UNIT)     /* what DENSE_STEPS steps cost together */
#define DOUBTFUL_DROP     CONF_UNIT            /* a token dropped for less is no doubt */
#define EXACT_DOUBT       (CONF_UNIT / 2)      /* a rival path this close doubts an exact reading */
#define FIXED_PENALTY     (1 << 20)            /* another move where a reviewer fixed one */
/* EXACT_READ_MARGIN where a derailed path is searched again: an exact
 * reading may be the wrong move ("Fd7" for Be7, a plain substitution away)
 * that a later one contradicts ("O-O", the bishop still on f8) */
#define EXACT_READ_MARGIN_DERAILED (CONF_UNIT * 3 / 2)
/* and on handwritten sheets throughout (fixer_set_slips()), where such a
 * rival is the writer's slip of the pen: a plain substitution and what the
 * prior may make of it (HCS sheets 029_0 and 128_0's "c6", a digit off
 * 3...c5, the prior a tenth of a unit against it: past the margin above,
 * the cell read as e5, and 4...cxd4 as exd4) */
#define SLIP_READ_MARGIN (CONF_UNIT * 7 / 4)

struct form {
    guint16 base;
    /* another move there spells the same: a reading of it that is no
     * exact copy costs form-ambiguous more (FORM_ALIKE_UNKNOWN: not yet
     * looked at, fix_form_ambiguous()) */
    guint8 ambiguous;
    guint8 variant; /* the game's own notation's variant it spells */
    guint8 len;
    guint8 all_sym; /* every character has a symbol (sym[i] < SYM_NONE) */
    /* bit i: del[i] lowered as a disambiguation's; with all_sym, sym and
     * this say what del holds */
    guint16 lowered;
    gunichar ch[FORM_MAX];
    guint16 del[FORM_MAX];
    guint8 sym[FORM_MAX];
};

struct move_forms {
    move_t move;
    int n;
    /* the LAN form f[1] is put in when a reading's bound lets it in (most
     * never do); until then it is empty and lan_pending */
    gboolean lan_pending;
    guint8 type, capture, mark; /* for it: the moving piece, 'x' or '-', '+', '#' or 0 */
    /* descriptive's spellings that name a piece by its square ("N/KN1-B3")
     * are put in from this variant on when a reading's bound lets them in
     * (most never do): until then tab, the table mf is in, is kept */
    guint8 desc_next;
    struct movetab *tab;
    struct form f[FORMS_PER_MOVE];
};

/* The legal moves of pos; a move's forms are rendered when first asked for
 * (fix_forms_of: m[i].n is 0 until then), as most are ruled out by
 * skeleton_bound() before. */
struct movetab {
    struct position pos;
    int count;
    /* only the moves a token may read as within a limit (fix_build_targeted),
     * not every legal move */
    gboolean partial;
    struct move_forms m[MOVE_LIST_MAX];
    /* every legal move and its spelling_key(), made when first asked for */
    gboolean keyed;
    struct move_list all;
    guint16 all_key[MOVE_LIST_MAX];
};

struct pcand {
    int len, prior, input;
    gunichar ch[FIX_TOKEN_CHARS];
    guint16 ins[FIX_TOKEN_CHARS];
    /* the least a rendering's character (by symbol) costs against this
     * reading when matched by one of its characters (their cheapest
     * substitution), for form_bound() */
    guint16 cover[SYM_MAX];
    /* the same bound for the characters a rendering always has: the
     * initials of each piece type (none for a pawn), files, ranks, marks */
    guint16 low_piece[KING + 1], low_file[8], low_rank[8], low_x, low_eq;
    guint16 subs[SYM_MAX][FIX_TOKEN_CHARS]; /* sub_cost(ch[j], symbol y) */
    /* the symbols y that ch[j] is cheaper to read as than to add, as bits
     * (reading_bound()) */
    guint64 near[FIX_TOKEN_CHARS];
    int ins_total; /* the sum of ins: reading_bound() is never more */
    /* a hash of len, ch and ins, all edit_distance() reads of it (subs
     * follow from ch): the distance cache's key (known_distance()), 64
     * bits as a chess engine's position keys are, two readings alike in
     * it taken for the same */
    guint64 key;
};

struct ptoken {
    int n, inputs;     /* candidates, and how many inputs they come from */
    gboolean is_input; /* one of the fixer's tokens, not made by fix_slice_token */
    struct pcand c[FIX_CANDS_MAX];
    int hint_ply;
    gboolean blank;    /* a cell the sheet lacks (struct fix_token) */
    gboolean weighed;  /* in a line the text weighs (struct fix_token) */
    gboolean repeated; /* of a row written twice, the second copy (struct fix_token) */
    gboolean words;    /* read from a move in words (struct fix_token's written): no SAN */
    gboolean
        two_moves; /* its first reading names two moves (names_two_moves(), fix_doubled_file()) */
    gboolean lone_initial; /* its first reading a piece's initial alone ("N", "Nx") */
    /* its first reading a piece's initial and a file or rank, the next
     * token's a square: one move spaced out after its disambiguation
     * ("C6 h7", "Tf e1") */
    gboolean initial_cut;
    gboolean null_move; /* it is a null move's spelling ("--", "Z0"): read as one, or dropped */
    /* every reading of it is a word of text (fix_word_of_text()) and none
     * an exact move: the beam reads it as garbage (GARBAGE_WIDTH) */
    gboolean prose_word;
    /* its first reading ends with a dash, or the next token's begins with
     * one, or with a capture mark and a square after a square of its own:
     * a move cut at a space ("Re4- b4", "O-O _O", "Qc7 :d6") */
    gboolean cut_short;
    /* the move numbers the token reads as through digit look-alikes ("b"
     * for 6, "I7." for 17), with what the look-alikes cost */
    int n_numbers;
    int number[NUMBER_READINGS], number_cost[NUMBER_READINGS];
    int number_shift; /* taken off number[] (struct fix_token) */
    const char *text; /* first candidate, raw */
    gsize len;
    /* text read once for fix_exact_move: plain English SAN, and the cost-0
     * readings (readings[first_exact..+n_exact) of the fixer) */
    gboolean has_plain;
    struct san plain;
    int first_exact, n_exact;
};

/* What a token costs at least as any move of a piece type to a square
 * (whatever else its renderings hold), those pairs cheapest first as far as
 * TARGETED_MAX; and as the capture forms that name no square: "exd" by the
 * files, "QxN" by the pieces (a pawn by its cheapest file). */
struct targets {
    /* fix_move_bound() of a move that takes nothing and promotes nothing, by
     * piece type << 6 | square */
    guint16 quiet[6 * 64];
    int n;
    guint32 key[6 * 64]; /* bound << 12 | type << 6 | square */
    int pawn_files[8][8], descriptive[KING + 1][KING + 1];
};

/* One edit distance of a reading (by its key: struct pcand) to a
 * rendering, as the rendering's symbols and lowered deletion costs (which
 * with the symbols say what every deletion costs): the same rendering
 * recurs in many positions of the beam and after every move the
 * missing-move edit tries, and the same slice of a token in every state
 * that cuts it there. */
struct dist_entry {
    guint64 cand; /* the reading's key */
    guint32 game; /* the fixer's run it belongs to; 0 unused */
    guint16 lowered;
    guint16 value;
    guint8 len;
    guint8 exact; /* value is the distance, else the distance is more */
    guint8 sym[FORM_MAX];
};

/* The forms put_variants() put in for a move's variants [from, to) in
 * the game's own notation: what they spell depends on the piece, its
 * squares, what it takes and its mark, not the rest of the position (every
 * state of the beam spells a move again). */
struct spell_entry {
    guint32 game; /* the fixer's run it belongs to; 0 unused */
    guint64 key;  /* spell_key() */
    guint8 n;
    struct form f[SPELL_FORMS];
};

struct scored {
    move_t move;
    int cost;  /* of the reading */
    int prior; /* the move prior's cost on top of it (ranks by the sum) */
};

/* Two paths that met in one position: prune() kept the cheaper (kept)
 * and dropped the other, dearer by diff. */
struct merge {
    int kept, dropped, diff;
};

struct state {
    struct position pos;
    int cost, step_cost;
    int prior;  /* of step_cost, what the move prior (and a sheet's shift) added */
    int parent; /* arena index, -1 at the root */
    int token;  /* tokens consumed */
    int first_token, n_tokens;
    move_t move;
    move_t last; /* the last move played on the way here (a dropped token plays none) */
    int offset;  /* a sheet's: how many plies the path is past its cells (push_state()) */
    guint8 change;
    guint8 rank; /* its place in the beam when expanded (255 past it) */
};

/* One state expand() pushed, as it pushed it: a search again meets the
 * same (position, token) and repeats it from here instead of scoring. */
struct push_record {
    move_t move;
    int parent; /* -1: the state expanded, else the record's index in its run */
    int step_cost, prior, first_token, n_tokens, token_after;
    int ring; /* the ring it went to, -1 none */
    guint8 change;
};

/* What expand() pushed for token token in pos: the readings, the
 * reviewer's move and the skip (records [first, first + n)), then the
 * two-move edits if they were tried (pairs_first, n_pairs), which need best
 * and best_reading. */
struct expansion {
    int token;
    move_t last; /* the move that led to pos: the prior weighs taking what just moved */
    struct position pos;
    guint first, n, pairs_first, n_pairs, inserts_first, n_inserts;
    gboolean has_pairs, has_inserts;
    /* the margin scale they were tried for (merged_limit()): a wider one
     * tries them again */
    int pairs_scale, inserts_scale;
    int best, best_reading;
    int cap;  /* the dearest reading it pushed for (COST_INF: any) */
    int keep; /* the readings kept per state then (keep_of) */
    /* read from the moves the token may read as within cap only: past cap,
     * best and best_reading may be dearer than a read of every move gives */
    gboolean targeted;
};

struct _ArbFixer {
    const ArbConfusion *conf;
    int n_inputs; /* of the game's tokens: several when sheets are read together */
    const guint16 (*sub)[128];
    ArbNorm *norm;
    gunichar initial[6][4];
    int initial_len[6];
    int form_len_max; /* no rendering is longer (part_cost_low()) */
    gunichar sym_char[SYM_MAX];
    guint16 sym_del[SYM_MAX]; /* confusion_delete of each */
    guint8 sym_ascii[128], initial_sym[6][4];
    /* as bits for move_symbols: of an ASCII character, of a piece's
     * initials (bit 63: one has no symbol) */
    guint64 sym_bit[128], initial_bits[6];
    int n_sym;
    int costs[CONF_COST_COUNT];
    gboolean with_alternatives;
    gboolean once;       /* fixer_set_once() */
    gboolean style_kept; /* fixer_keep_style() */
    gboolean slips;      /* fixer_set_slips() */
    /* the notation the game's moves are written in besides SAN, by its
     * tokens: each move is also rendered so, at no cost, so that a token
     * in it reads exactly ("g1f3", "7163") and a damaged one by its damage */
    enum fix_style style;
    gboolean style_upper;         /* UCI written in capitals ("E2E4") */
    gboolean style_kt;            /* descriptive with the older Kt for the knight */
    guint beam_width, wide_width; /* the beam's, and before wide_until */
    int margin_scale;             /* the beam's margins before wide_until, in percent */
    /* the search starts at from_token (its start position is before it) with
     * a wide beam before token wide_until */
    int from_token, wide_until;
    gboolean in_garbage;   /* at the token being expanded (GARBAGE_RUN) */
    move_t start_last;     /* the move that led to the search's start */
    int start_offset;      /* and the path's offset there (state.offset) */
    const ArbPrior *prior; /* may be NULL */
    double prior_weight;
    /* prune() keeps the cheapest states however alike, not diverse()
     * (search_with_move()) */
    gboolean keep_history;
    /* scratch: a position, one after a move, one more (and two more for
     * two whole moves left out) */
    struct movetab *tab; /* [5] */
    struct scored sc[2][MOVE_LIST_MAX];
    GArray *arena;        /* struct state */
    GArray *ring[RINGS];  /* the states before token i are in ring[i % RINGS] */
    int ring_best[RINGS]; /* the cheapest state in each ring */
    struct ptoken *tok;
    struct targets *targets; /* of each token of one input, filled when first asked for */
    gboolean *targets_filled;
    int n_tok, tok_cap;
    gboolean tokens_left; /* more tokens given than FIX_GAME_TOKENS_MAX: the rest unread */
    long searched;     /* tokens the searches of this search_all() read (SEARCH_BUDGET) */
    long searched_all; /* and of every search since fixer_prepare() */
    long cuts_read;    /* cuts of merged tokens read since fixer_new() */
    long cuts_until;   /* and none read past this many (CUTS_BUDGET, set by search_all()) */
    long expanded;     /* states expanded since fixer_new() (likewise a test's) */
    guint compact_at;  /* the arena's length that compacts it next */
    guint compact_min; /* COMPACT_MIN (a test sets less) */
    guint records_max; /* RECORDS_MAX (the same) */
    GArray *arena_map; /* guint32 per arena state: compact_arena()'s scratch */
    const struct fix_point *fixed; /* the reviewer's moves (fixer_set_fixed) */
    int n_fixed;
    GArray *recorded_fixed;  /* struct fix_point: those the expansions were recorded with */
    GArray *readings;        /* struct norm_reading: the tokens' cost-0 readings */
    struct dist_entry *dist; /* DIST_CACHE of them */
    struct spell_entry *spell; /* SPELL_CACHE of them */
    guint32 game;
    /* this game's expansions (struct expansion), found by (position,
     * token) through an open-addressed table of their indices + 1 */
    GArray *expansions;
    guint32 *expansion_slot;
    guint n_slots;          /* a power of two, at least twice the expansions */
    struct expansion spare; /* for an expansion past EXPANSIONS_MAX or RECORDS_MAX: not recorded */
    GArray *records;        /* struct push_record, this game's */
    GArray *recording;      /* records while an expansion runs, else NULL */
    int record_base;        /* the arena's length when it began */
    GArray *prune_keys;     /* guint64: prune()'s scratch */
    GArray *on_best;        /* gboolean per arena state: on the best path (rival_margins) */
    /* struct merge: states prune() dropped for a cheaper one in the same
     * position, by EXACT_DOUBT or less, in this search (rival_margins) */
    GArray *merges;
    GArray *best_moves; /* guint32 per ply of the best path: san_key() (rival_margins) */
};

/* The moves of tab by fix_move_bound, lowest first, as they are asked for: the
 * search for the cheapest moves stops where the bounds pass what it keeps,
 * most moves never rendered. Moves bound above the most fix_order_next() will be
 * asked for are left out; the limit fix_order_next() is given never grows, so
 * past the first move only those within the limit then are sorted. */
struct bound_order {
    int n, next;
    int sorted;                 /* key[next, sorted) ascending, below the rest */
    guint32 key[MOVE_LIST_MAX]; /* bound << 8 | move index */
};

/* ---- renderings (src/fix_read.c) ---------------------------------------------- */

static inline gboolean queen_promotion(move_t m)
{
    return move_kind(m) == MOVE_PROMOTION && move_promotion(m) == QUEEN;
}

static inline void put_sym(const ArbFixer *f, struct form *fm, gunichar c, guint8 sym)
{
    if (fm->len >= FORM_MAX) return;
    if (!fm->len) fm->all_sym = TRUE, fm->lowered = 0;
    fm->ch[fm->len] = c;
    fm->del[fm->len] = sym != SYM_NONE ? f->sym_del[sym] : (guint16)confusion_delete(f->conf, c);
    fm->sym[fm->len] = sym;
    fm->all_sym &= sym != SYM_NONE;
    fm->len++;
}

static inline void put(const ArbFixer *f, struct form *fm, gunichar c)
{
    put_sym(f, fm, c, c < 128 ? f->sym_ascii[c] : SYM_NONE);
}

static inline void put_initial(const ArbFixer *f, struct form *fm, int type)
{
    for (int i = 0; i < f->initial_len[type]; i++)
        put_sym(f, fm, f->initial[type][i], f->initial_sym[type][i]);
}

void fix_render_forms(const ArbFixer *f, const struct position *pos, move_t m,
                      struct move_forms *mf, struct movetab *tab);
void fix_build_table(const struct position *pos, struct movetab *tab);
struct move_forms *fix_forms_of(const ArbFixer *f, struct movetab *tab, int i);
/* fix_forms_of() with every form put in, those a reading's bound may leave
 * out too (the descriptive spellings by a square) */
struct move_forms *fix_forms_whole(const ArbFixer *f, struct movetab *tab, int i);
/* Does another move of mf's table spell as fm, mf's form in a descriptive
 * variant (form.ambiguous)? Worked out when first asked: most forms never
 * are. */
gboolean fix_form_ambiguous(const ArbFixer *f, struct move_forms *mf, struct form *fm);

/* ---- costs (src/fix_read.c) ------------------------------------------------------ */

static inline int sub_cost(const ArbFixer *f, gunichar a, gunichar b)
{
    if (a == b) return 0;
    if (a < 128 && b < 128) return f->sub[a][b];
    return confusion_substitute(f->conf, a, b);
}

/* What a rendering's character (symbol y) costs at least against c: dropped
 * or matched (see put()); 0 for one without a symbol. */
static inline int cover_sym(const ArbFixer *f, const struct pcand *c, int y)
{
    return y == SYM_NONE ? 0 : MIN(f->sym_del[y], c->cover[y]);
}

int fix_move_cost(const ArbFixer *f, const struct ptoken *t, struct move_forms *mf, int bound);
int fix_move_bound(const ArbFixer *f, const struct ptoken *t, const struct movetab *tab, int i);
int fix_tab_cost(const ArbFixer *f, const struct ptoken *t, struct movetab *tab, int i, int bound);
int fix_ordered_cost(const ArbFixer *f, const struct ptoken *t, struct movetab *tab, int i, int low,
                     int bound);
const struct targets *fix_targets_of(const ArbFixer *f, int i);
gboolean fix_build_targeted(const struct targets *g, const struct position *pos, int limit,
                            struct movetab *tab);
void fix_order_init(const ArbFixer *f, const struct ptoken *t, const struct movetab *tab, int limit,
                    struct bound_order *o);
int fix_order_next(struct bound_order *o, int limit, int *low);
int fix_score_kept(const ArbFixer *f, const struct ptoken *t, struct movetab *tab, int cap,
                   int keep_n, struct scored *out);
int fix_score_all(const ArbFixer *f, const struct ptoken *t, struct movetab *tab,
                  struct scored *out);
void fix_tab_moves(const struct movetab *tab, move_t *out);
void fix_prior_of_tab(const ArbFixer *f, const struct movetab *tab, move_t last, int cap, int *out);
void fix_add_prior(const ArbFixer *f, const struct movetab *tab, move_t last, struct scored *sc,
                   int n, int rest);
int fix_count_within(const struct scored *sc, int n, int margin);

/* ---- tokens (src/fix_tokens.c) -------------------------------------------------- */

void fix_prepare_tokens(ArbFixer *f, const struct fix_token *tokens, int n);
void fix_slice_token(const ArbFixer *f, const struct pcand *a, int from, int to,
                     struct ptoken *out);
void fix_join_tokens(const ArbFixer *f, const struct ptoken *a, const struct ptoken *b,
                     struct ptoken *out);
gboolean fix_doubled_file(const struct pcand *c);
gboolean fix_word_of_text(const struct pcand *c);

/* ---- the beam (src/fix_beam.c) -------------------------------------------------- */

int fix_hint_cost(const ArbFixer *f, const struct ptoken *t, const struct position *pos);
void fix_join_run(const ArbFixer *f, int i, int n, struct ptoken *out);
gboolean fix_exact_move(ArbFixer *f, const struct position *pos, const struct ptoken *t,
                        move_t *out);
gboolean fix_marks_verified(const ArbFixer *f, const struct position *pos, const struct ptoken *t,
                            move_t m);
gboolean fix_is_blank_step(const ArbFixer *f, int first_token, int n_tokens, int change);
int fix_best_in(ArbFixer *f, const struct position *pos, const struct ptoken *t, int slot,
                int limit, move_t *out);
int fix_search(ArbFixer *f, const struct position *start, int limit);
void fix_collect_path(ArbFixer *f, int idx, struct fix_result *res);

/* Is c a capture mark as a token writes it: 'x', the colon of French,
 * German and Scandinavian books, or the multiplication sign? */
static inline gboolean fix_is_capture_mark(gunichar c)
{
    return c == 'x' || c == ':' || c == 0x00D7;
}

/* The ply pos is at: 0 before White's first move. */
static inline int ply_of(const struct position *pos)
{
    return 2 * (pos->fullmove - 1) + pos->side;
}

#endif
