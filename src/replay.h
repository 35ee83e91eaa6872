/* One game as the reader saw it (its events, recorded), and the replay that
 * resolves every move token against the board. convert, check and fix all
 * record with the same visitor and replay with the same code. */
#ifndef ARBITER_REPLAY_H
#define ARBITER_REPLAY_H

#include "reader.h"
#include "resolve.h"

typedef enum {
    EV_TAG,
    EV_MOVE_NUMBER,
    EV_MOVE,
    EV_COMMENT,
    EV_NAG,
    EV_DRAW_OFFER,
    EV_BEGIN_VARIATION,
    EV_END_VARIATION,
    EV_RESULT,
} ArbEventKind;

struct game_event {
    guint8 kind;
    guint8 comment_kind; /* ArbCommentKind, for EV_COMMENT */
    guint8 comma;        /* a ',' stood right after it (ArbToken.comma) */
    int value;           /* NAG, result (ArbResult) */
    gsize text, len;     /* slice of the game's text: tag name, move, comment */
    gsize text2, len2;   /* tag value */
    guint64 line, col, offset;
};

/* A resolved move event. */
struct replay_move {
    move_t move;
    gboolean is_suffix; /* a check/mate word standing alone: no move of its own */
    gboolean is_prose;  /* words, not a move ("и", "Ничья"): kept as a comment */
    gboolean is_joined; /* words of the move before, which a line end cut ("Kt to" / "K B 3rd") */
    struct position before;
    int cost;
    int nag;
};

typedef struct {
    guint64 number;
    GArray *events; /* struct game_event */
    GString *text;  /* every slice the events name */
    guint64 first_line;
    gboolean failed; /* the reader cut the game short */
    /* While the recorder fills the game, events->len counts this many slots
     * reserved ahead and not yet used (one array resize per group, not per
     * event); 0 once the game is handed to on_game. */
    guint reserved;
} ArbGame;

ArbGame *game_new(void);
void game_free(ArbGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ArbGame, game_free)
void game_clear(ArbGame *game);
const char *game_event_text(const ArbGame *game, const struct game_event *ev);
const char *game_event_value(const ArbGame *game, const struct game_event *ev);
/* The value of a tag, or NULL. */
const char *game_tag(const ArbGame *game, const char *name);
/* Has game an event of this kind (ArbEventKind)? */
gboolean game_has_event(const ArbGame *game, int kind);
/* How many events of this kind game has. */
int game_count_events(const ArbGame *game, int kind);
/* White's move numbers in game as written (what their digits read; a "0"
 * is none: castling's zeros spaced out), the first max of them from the
 * start, or the last max from the end; returns how many. */
int game_white_numbers(const ArbGame *game, gboolean from_end, guint64 *out, int max);
/* Appends the events of src to dst, their text with them. */
void game_append(ArbGame *dst, const ArbGame *src);
/* The same with src's events [from, to) only. */
void game_append_range(ArbGame *dst, const ArbGame *src, guint from, guint to);

/* The value of a move number's text when it is digits and dots only, else
 * -1 (a misread number says nothing sure). */
int move_number_value(const char *text);

/* The PGN result token of a result ("*" for unfinished and the scores PGN
 * has no token for). */
const char *game_result_text(int result);

/* The token that ends a game's movetext as written out: its result token
 * when it had one, else its Result tag when that is a PGN result, else "*"
 * (a tag like "1]0-" must not end up in the movetext). */
const char *game_termination(gboolean has_result, int result, const char *tag_result);

/* Does a move come after event i (with numbers, a move number too)? */
gboolean game_moves_after(const ArbGame *game, gsize i, gboolean numbers);

/* Appends the game's events from `from` on, as written ("Nf3 ( e5 ) [a
 * comment]"), to out: what a cut game keeps in its last comment. */
void game_append_rest(const ArbGame *game, gsize from, GString *out);

/* Does every move token that starts with a letter other than a file (or a
 * figurine, or an O, castling's or a piece's) start with a piece letter of
 * this language? Used
 * to pick the languages worth replaying a game in. */
gboolean game_covers_letters(const ArbLang *lang, const ArbGame *game);
/* Does the event say anything about piece letters (a move token starting
 * with a letter other than a file or castling's O, as above; with
 * o_initial FALSE, no O at all)? If so, *types gets the piece types whose
 * initial in lang the token starts with (1 << type each; 0: none). */
gboolean game_token_has_initial(const ArbLang *lang, const ArbGame *game, gboolean o_initial,
                                const struct game_event *ev, guint *types);

/* A visitor that records into an ArbGame and calls on_game at each game's end. */
typedef struct {
    ArbGame *game;
    void (*on_game)(ArbGame *game, const ArbGameSummary *summary, gpointer user_data);
    void (*on_problem)(const ArbProblem *problem, gpointer user_data);
    gpointer user_data;
} ArbRecorder;
extern const ArbReaderVisitor game_recorder_visitor;

/* What a replay found. */
struct replay_result {
    int errors;        /* 0, or 1: a replay stops at the first bad move */
    gsize error_event; /* index of the event that failed */
    int error_ply;     /* 1-based ply of the failing move from the start position */
    struct position error_pos;
    struct resolve_answer answer;
    int cost;         /* guesses summed over every move */
    int moves;        /* moves resolved */
    int prose;        /* tokens read as words, not moves */
    gboolean bad_fen; /* the FEN tag could not be read */
    char fen_message[200];
    /* With a substitute (replay_game_with): the bad move was replaced by
     * `substitute` and the replay went on; of the later_moves move tokens
     * after it, later_consistent resolved before the next bad one. */
    gboolean substituted;
    move_t substitute;
    int later_moves, later_consistent;
    /* The last main-line move played (G_MAXSIZE: none) and the position
     * before it; final_pos: where the replay stopped (the main line's end
     * when it ran through). */
    gsize last_move_event;
    struct position last_move_pos, final_pos;
};

/* How a replay treats a bad move. substitute (may be NULL): asked for a move
 * to play instead; TRUE with *out set goes on from there, FALSE stops. */
struct replay_options {
    gboolean (*substitute)(ArbNorm *norm, const struct position *pos, const char *text, gsize len,
                           const struct resolve_answer *bad, move_t *out, gpointer user_data);
    gpointer user_data;
    /* a null move ("--", read and played without options) is an illegal
     * move: no pass is a move of chess (check) */
    gboolean refuse_null;
};

/* An odds game's start, with no FEN tag: the initial position less the
 * pieces a comment before the first move says were removed ("[removed at
 * start: a1,b1]", or Russian "белые без коня b1"), as a FEN in fen; FALSE
 * when there is none (or it names a king or an empty square). */
gboolean replay_odds_fen(const ArbGame *game, char *fen, gsize size);

/* The start position from the game's FEN/SetUp/Variant tags (or the initial
 * one, or an odds game's: replay_odds_fen()); FALSE with a message when the
 * FEN is bad. */
/* Is variant (a Variant tag's value; NULL, "", "?" and "-" for none) played
 * by chess's rules of movement: chess, Chess960 (its names as
 * replay_start_position() takes them), or three-check or king of the hill,
 * which only end otherwise? Not crazyhouse's drops, antichess's captures,
 * atomic's explosions, horde's or racing kings' rules, nor a name it does
 * not know. Case, spaces, '-' and '_' aside ("King of the Hill", "3check"). */
gboolean replay_variant_is_chess(const char *variant);

gboolean replay_start_position(const ArbGame *game, struct position *pos, char *message,
                               gsize size);

/* Resolves every move; moves (may be NULL) gets one struct replay_move per
 * event (only EV_MOVE entries are meaningful). */
void replay_game(const ArbGame *game, ArbNorm *norm, GArray *moves, struct replay_result *res);
/* replay_game with options (NULL: as replay_game). */
void replay_game_with(const ArbGame *game, ArbNorm *norm, GArray *moves,
                      const struct replay_options *opts, struct replay_result *res);

/* What the text's numbers say beside an illegal move whose number differs
 * from the board's ("2. Bb5" where "13. Bb5" stands): "written as move 13"
 * or "written as Black's move 4", and for a game numbered from a later move
 * with no FEN tag (a fragment, read from the start position) that too;
 * NULL where they agree or none is written. Free with g_free(). */
char *replay_numbering_hint(const ArbGame *game, const struct replay_result *res);

#endif
