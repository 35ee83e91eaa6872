/* A recorded game's events (src/replay.h) read as the tokens `arbiter
 * fix` searches over (struct fix_token, src/fix.h): move text split where
 * moves ran together and joined where a line end or a ';' cut one, the
 * move numbers before them as ply hints (misread ones too), moves in words
 * in their short form, and text that is no move marked as prose. The
 * stage between the reader and the search; src/fix_solve.c drives it. */
#ifndef ARBITER_TOKENS_H
#define ARBITER_TOKENS_H

#include "fix.h"
#include "replay.h"

G_BEGIN_DECLS

/* struct token_stage.prose: an event that is text, no move (written back
 * as a comment where it stood) */
enum { PROSE_WORD = 1 };

/* What the stage reads with and writes to, for one game. */
struct token_stage {
    const ArbConfusion *conf;
    GArray *tokens;      /* struct fix_token: each token read is appended */
    GStringChunk *glued; /* texts of tokens joined across a ';' */
    GArray *prose;       /* guint8 per event of the game: PROSE_WORD or 0 */
    guint max_tokens;    /* collected at most (the events after are not read), 0: all */
};

/* The game's sentences between its moves (a book's comments), its words
 * flagged PROSE_WORD in ts->prose, made anew (one entry per event), as
 * tokens_collect() makes them: they are the same in every language. */
void tokens_mark_prose(struct token_stage *ts, const ArbGame *game);
/* Flags every word, number and glyph of game's main line PROSE_WORD in
 * prose (one entry per event): all of it text, no moves. */
void tokens_mark_all_prose(GArray *prose, const ArbGame *game);
/* Is all of game a book's text, no moves (its words, numbers and glyphs
 * all prose by tokens_mark_prose(), none in brackets with a digit), with
 * some word in it? */
gboolean tokens_all_prose(const ArbConfusion *conf, const ArbGame *game);
/* Are game's main-line tokens all words, letters only (a stop or comma
 * after them aside, a dash between names skipped), none a move's
 * ("takes", "castles"): three or more, two of three letters or more, or a
 * heading's, one of four letters or more and one or two numbers? Before a
 * game's "1.", that is a sentence ("In 1958 Tal won this.") or a heading
 * ("Game 12, Oslo."), the numbers in it none of a game's moves. */
gboolean tokens_all_words(const ArbConfusion *conf, const ArbGame *game);
/* The main line's tokens (tokens_collect_range() over every event), the
 * game's prose marks made anew. */
void tokens_collect(struct token_stage *ts, const ArbGame *game, ArbNorm *norm);
/* The tokens of events [from, to) read as one line of moves (a
 * variation's), in norm's language, appended to ts->tokens. */
void tokens_collect_range(struct token_stage *ts, const ArbGame *game, ArbNorm *norm, guint from,
                          guint to);

/* The notation the moves of events [from, to) are written in: UCI, ICCF or
 * descriptive (fix_notation()), or SAN. */
enum fix_style tokens_events_style(const ArbGame *game, guint from, guint to);

/* Is event ev a move number written without a dot ("12", a bare number)? */
gboolean tokens_is_bare_number(const ArbGame *game, const struct game_event *ev);
/* Does text[0, len) hold the move numbers 2. and 3., in that order, each
 * beginning a word (a comma for a dot too: "3,dZ-d4")? */
gboolean tokens_holds_two_three(const char *text, gsize len);
/* Does text s[0, n) hold an ASCII digit (a move's rank, a move number)? */
gboolean tokens_has_digit(const char *s, gsize n);
/* Does s[0, len) name a square, a file's letter and a rank's digit (no
 * ICCF move, all digits and their look-alikes: "7l63")? */
gboolean tokens_has_square(const char *s, gsize len);

/* A game's result ("1-0", "1/2-1/2", "*"...) as a word of move text
 * p[0..len): its PGN spelling, or NULL. */
const char *tokens_result_word(const char *p, gsize len);

G_END_DECLS

#endif
