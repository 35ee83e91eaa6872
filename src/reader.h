/* The streaming reader: the first stage of the pipeline. It decodes a byte
 * stream to UTF-8 (src/encoding.h), tokenises it once and calls a visitor for
 * each game's tags, move numbers, raw move text, comments, NAGs, variations and
 * result. It never interprets a move: the normaliser and resolver do.
 *
 * Positions: every token carries its 1-based line, its 1-based column counted
 * in characters (Unicode code points of the decoded text; a tab counts as one)
 * and its byte offset in the decoded UTF-8 text. For UTF-8 input the offset is
 * the input byte offset (a BOM is counted); other charsets, and bytes of UTF-8
 * input that were invalid and decoded as windows-1252, make it drift.
 *
 * Memory: the reader holds one line (or one multi-line comment) plus one read
 * chunk of decoded text, never more than one game: a 10 GB file needs no more
 * memory than a 10 MB one. Token slices are valid only during the callback.
 *
 * Limits (ArbReaderLimits; exceeding one fails that game with an error, the
 * reader skips to the next game and the run goes on):
 *   max_game_bytes  16 MiB  text of one game (tags, movetext, comments)
 *   max_line_bytes  16 MiB  one line, or one comment spanning lines
 *   max_depth       256     variation nesting
 *
 * Game boundaries (a game begins at its first tag, move, move number,
 * comment or header line):
 *   1. A result token outside variations ends the game.
 *   2. A tag after the game's movetext, or a tag whose name the game already
 *      has (tag sections without movetext), begins a new game (warning: the
 *      game before has no result).
 *   3. Move number 1 for White outside variations, in a game that has already
 *      reached move 2, begins a new game; with reader_set_result_closes()
 *      inside variations too where "1." stands apart (after a space or a
 *      line end).
 *   4. In a game without tags (free text), a blank line followed by a header
 *      line, a ';' or '#' comment line or move number 1 begins a new game,
 *      inside variations too (they end there, with a warning), but a header
 *      or comment line does not where the next line that is no header
 *      begins with the game's last move number or the next (a book's
 *      caption between moves: "White to play" / "3. Bb5"); with
 *      reader_set_result_closes() a look-alike of "1." as well ("l.", "I.").
 *      Blank lines never split a game that has tags (annotators leave them
 *      between paragraphs of comments).
 *   5. End of input ends the game.
 * A '{' or '(' alone at a line's start before a tag pair's name, value and
 * ']' is that tag's '[' misread, and a '{' comment ends before a tag section
 * that follows a blank line inside it (an error): neither swallows games.
 * After a failed game the reader skips to the next line that starts a tag
 * ('[' and a letter), or, in a file that has had no tags, to the next
 * non-blank line after a blank line.
 *
 * Free text: a line at the top level whose first word is not move-like and
 * that holds no move-like token (a square such as e4 or E2 in a token that is
 * not a word, castling, a result, "12.e4") is a header line: it goes to the
 * visitor as a comment of kind ARB_COMMENT_HEADER. Move numbers may be written
 * "12.", "12...", "12..", "12…", "12)" (outside variations), "12. ..." or
 * bare "12" (a bare number of 4-5 digits 1-8 is an ICCF move instead). Tabs,
 * '|', ',' and Unicode spaces separate tokens. A lone "..." is a placeholder
 * and is dropped.
 *
 * Results: 1-0 0-1 1/2-1/2 1/2 ½-½ ½ * and the forms with an en or em dash,
 * ':' (1:0), ½-0 and 0-½. "+/-", "-/+" and "-/-" are forfeits and "0-0" a
 * double forfeit only where the game ends right after them (next event is a
 * new game or end of input; for "0-0" also not straight after a move number
 * and not when the Result tag holds a decisive result or a draw); elsewhere
 * "+/-" and "-/+" are the NAGs 16 and 17 and "0-0" is castling (move text).
 * A result inside a variation is reported and dropped.
 *
 * NAGs: "$n" and the glyphs ! ? !! ?? !? ?! (also attached to a move:
 * "e4!?" gives the move "e4" and NAG 5), = ∞ += =+ +/= =/+ ± ∓ +- -+ and
 * □. "(=)" is a draw offer. A lone "+" or "#" goes on as move text. */
#ifndef ARBITER_READER_H
#define ARBITER_READER_H

#include "confusion.h"

#include <gio/gio.h>

G_BEGIN_DECLS

#define READER_DEFAULT_MAX_GAME_BYTES (16u * 1024 * 1024)
#define READER_DEFAULT_MAX_LINE_BYTES (16u * 1024 * 1024)
#define READER_DEFAULT_MAX_DEPTH      256u

typedef struct _ArbReader ArbReader;

/* A slice of the reader's buffer (or, for an unescaped tag value or a
 * deferred token, of a reader-owned copy). Not NUL-terminated; valid UTF-8
 * without NUL bytes; valid only during the callback. */
typedef struct {
    const char *text;
    gsize len;
    guint64 line;   /* 1-based */
    guint64 col;    /* 1-based, in characters */
    guint64 offset; /* byte offset in the decoded text */
    gboolean comma; /* a ',' right after it (the reader takes ',' for a space) */
} ArbToken;

typedef enum {
    ARB_COMMENT_BRACE,  /* { ... } */
    ARB_COMMENT_LINE,   /* ; to end of line */
    ARB_COMMENT_HASH,   /* # at line start, to its end */
    ARB_COMMENT_HEADER, /* a free-text line that holds no moves */
    ARB_COMMENT_NBEST,  /* not the reader's: a recogniser's other readings of the move
                           before ("reading\tcost\t..."), from fix's n-best input */
} ArbCommentKind;

typedef enum {
    ARB_RESULT_WHITE_WINS,         /* 1-0 */
    ARB_RESULT_BLACK_WINS,         /* 0-1 */
    ARB_RESULT_DRAW,               /* 1/2-1/2 */
    ARB_RESULT_UNFINISHED,         /* * */
    ARB_RESULT_WHITE_WINS_FORFEIT, /* +/- */
    ARB_RESULT_BLACK_WINS_FORFEIT, /* -/+ */
    ARB_RESULT_DOUBLE_FORFEIT,     /* -/- or 0-0 */
    ARB_RESULT_WHITE_HALF,         /* ½-0 */
    ARB_RESULT_BLACK_HALF,         /* 0-½ */
} ArbResult;

typedef enum { ARB_PROBLEM_WARNING, ARB_PROBLEM_ERROR } ArbProblemSeverity;

typedef struct {
    ArbProblemSeverity severity; /* ERROR: the game failed or was cut short */
    const char *message;
    guint64 game; /* 1-based; 0 when outside any game */
    guint64 line; /* 0 when unknown */
    guint64 col;  /* 0 when unknown */
    guint64 offset;
} ArbProblem;

typedef struct {
    guint64 number; /* 1-based, in the order of the input */
    guint64 first_line, last_line;
    guint n_tags;
    guint64 n_moves;        /* move-text tokens, variations included */
    guint64 n_move_numbers; /* move numbers seen */
    gboolean has_result;    /* ended by a result token */
    gboolean failed;        /* a limit or an error cut the game short */
} ArbGameSummary;

/* The visitor. Any callback may be NULL. Calls for one game are bracketed by
 * begin_game and end_game; begin_variation/end_variation always balance (the
 * reader closes variations left open). */
typedef struct {
    void (*begin_game)(gpointer user_data, guint64 number, const ArbToken *first);
    /* value: the unescaped tag value; its position is that of the value. */
    void (*tag)(gpointer user_data, const ArbToken *name, const ArbToken *value);
    /* number: saturated at G_MAXUINT64; is_black: "12..." forms. */
    void (*move_number)(gpointer user_data, guint64 number, gboolean is_black, const ArbToken *tok);
    /* A token that may be a move, raw: "Nf3", "Кg1-f3", "e8(Q)", "0-0", "5254". */
    void (*move_text)(gpointer user_data, const ArbToken *tok);
    /* tok: the text between the delimiters, without them. */
    void (*comment)(gpointer user_data, ArbCommentKind kind, const ArbToken *tok);
    /* nag: 0-255 when valid; larger values are reported and passed on. */
    void (*nag)(gpointer user_data, guint nag, const ArbToken *tok);
    void (*draw_offer)(gpointer user_data, const ArbToken *tok);
    /* depth: 1 for a variation of the main line. */
    void (*begin_variation)(gpointer user_data, guint depth, const ArbToken *tok);
    void (*end_variation)(gpointer user_data, guint depth, const ArbToken *tok);
    void (*result)(gpointer user_data, ArbResult result, const ArbToken *tok);
    void (*end_game)(gpointer user_data, const ArbGameSummary *summary);
    void (*problem)(gpointer user_data, const ArbProblem *problem);
} ArbReaderVisitor;

typedef struct {
    gsize max_game_bytes;
    gsize max_line_bytes;
    guint max_depth;
} ArbReaderLimits;

/* charset: NULL to detect, or a name encoding_canonical_name() knows. The
 * reader takes a reference on stream; data is not copied and must outlive
 * the reader. */
ArbReader *reader_new_for_stream(GInputStream *stream, const char *charset,
                                 const ArbReaderVisitor *visitor, gpointer user_data);
ArbReader *reader_new_for_data(const void *data, gsize len, const char *charset,
                               const ArbReaderVisitor *visitor, gpointer user_data);
void reader_free(ArbReader *reader);

void reader_set_limits(ArbReader *reader, const ArbReaderLimits *limits);
/* Whether a result inside variations closes them (as the end of the game
 * would, with a warning) and ends the game; by default it is ignored there
 * (with a warning) and the game goes on. fix sets it: a '(' there is most
 * likely a misread letter. */
void reader_set_result_closes(ArbReader *reader, gboolean closes);
/* The confusion table whose digit look-alikes a misread move number may
 * hold ("z7.", "A|."); by default the built-in one. Not copied: it must
 * outlive the reader. */
void reader_set_confusion(ArbReader *reader, const ArbConfusion *conf);
void reader_get_limits(const ArbReader *reader, ArbReaderLimits *limits);

/* Reads one game, calling the visitor. Returns TRUE when a game was read,
 * FALSE at the end of the input (error unset) or on an I/O error (error set;
 * a game in progress is ended first). */
gboolean reader_read_game(ArbReader *reader, GError **error);

/* Reads every game. Returns FALSE on an I/O error. */
gboolean reader_read_all(ArbReader *reader, GError **error);

/* The charset the input was decoded from (after the first read; NULL before),
 * whether it was detected or given, and whether it had a byte-order mark. */
const char *reader_get_encoding(const ArbReader *reader);
gboolean reader_encoding_was_detected(const ArbReader *reader);
gboolean reader_encoding_had_bom(const ArbReader *reader);

guint64 reader_get_games(const ArbReader *reader);
guint64 reader_get_bytes_decoded(const ArbReader *reader);
/* Bytes the reader's buffers take now (for tests of bounded memory). */
gsize reader_get_buffer_size(const ArbReader *reader);

/* Does text[0, len) (UTF-8) hold three lowercase letters in a row, of any
 * script, none an 'x' (a capture's)? A word does ("Chapter", "Lopez"); a
 * move a scan damaged seldom does ("ФФФc7b8", "ЛЛcs", "abxbs"). The
 * reader's running headings and fix's ';' comments of words ask it. */
gboolean reader_lowercase_run(const char *text, gsize len);

/* Is text[0, len) a page's number between dashes, "- 142 -" (a book's
 * page break: the reader keeps such a line as a comment, and fix makes no
 * move of it)? */
gboolean reader_page_number(const char *text, gsize len);

G_END_DECLS

#endif
