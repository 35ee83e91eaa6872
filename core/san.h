/* Standard algebraic notation: the parsed form (struct san, no board), the
 * parser for the PGN export form and its long variants, the resolver that turns
 * a struct san into a legal move, and the writer. Every other notation (LAN,
 * ICCF, localised letters, OCR readings) reaches the board through a struct san. */
#ifndef ARBITER_SAN_H
#define ARBITER_SAN_H

#include "position.h"

#include <stddef.h>

/* A file's letter ('a'..'h'), a rank's digit ('1'..'8'), and both, a
 * square as written ("e4"; s has two bytes at least). */
static inline bool san_is_file(int c)
{
    return c >= 'a' && c <= 'h';
}

static inline bool san_is_rank(int c)
{
    return c >= '1' && c <= '8';
}

static inline bool san_is_square(const char *s)
{
    return san_is_file((unsigned char)s[0]) && san_is_rank((unsigned char)s[1]);
}

/* Longest SAN san_write produces ("Qh4xe1#", "exd8=Q#"), with its NUL. */
enum { SAN_MAX = 8 };

enum san_capture {
    SAN_CAPTURE_NO,     /* no mark: the export form says "not a capture" */
    SAN_CAPTURE_YES,    /* 'x' */
    SAN_CAPTURE_UNKNOWN /* the source cannot tell (ICCF, UCI, OCR) */
};

enum san_check {
    SAN_CHECK_NONE,          /* no mark */
    SAN_CHECK_CHECK,         /* '+' */
    SAN_CHECK_MATE,          /* '#' */
    SAN_CHECK_CHECK_OR_MATE, /* '++': mate in FIDE's appendix, double check elsewhere */
    SAN_CHECK_UNKNOWN
};

enum san_castle { SAN_CASTLE_NONE, SAN_CASTLE_KING, SAN_CASTLE_QUEEN };

/* A move as written, before any board is consulted. Fields that the text
 * does not give are -1 (files, ranks) or NO_TYPE (piece types), so a later
 * stage that knows less (an OCR reading without a rank, a descriptive "QxN")
 * can still fill one in and let the resolver decide. */
struct san {
    int8_t piece;     /* PAWN..KING, or NO_TYPE: any piece (coordinate forms "g1f3") */
    int8_t from_file; /* 0..7 or -1 */
    int8_t from_rank; /* 0..7 or -1 */
    int8_t to_file;   /* 0..7, or -1 when unknown (resolver tries all) */
    int8_t to_rank;   /* 0..7, or -1 when unknown */
    int8_t promotion; /* KNIGHT..QUEEN, or NO_TYPE */
    int8_t captured;  /* piece type named as taken ("BxN"), or NO_TYPE */
    uint8_t capture;  /* enum san_capture */
    uint8_t check;    /* enum san_check */
    uint8_t castle;   /* enum san_castle; the other move fields are then unused */
    uint8_t is_null;  /* "--", "Z0", "0000", "@@@@" */
    uint8_t nag;      /* move suffix as a NAG: 1 !, 2 ?, 3 !!, 4 ??, 5 !?, 6 ?!; else 0 */
    /* English descriptive notation ("N-KB3", "PxQP", "KR-Q1"): ranks count
     * from the mover's end of the board, a square may lie on one of two
     * files ("B3": c3 or f3), and a bishop is the king's or the queen's by
     * the shade of its squares. 0: none of this. */
    uint8_t relative;   /* from_rank and to_rank count from the side to move's end */
    uint8_t from_files; /* bit f: the moving piece stands on file f; 0: from_file says */
    uint8_t to_files;   /* the same for the destination (what is taken stands there) */
    uint8_t from_wing;  /* a bishop that moves: SAN_WING_KING or SAN_WING_QUEEN's, or 0 */
    uint8_t to_wing;    /* a bishop taken: its owner's king's or queen's, or 0 */
};

enum san_wing { SAN_WING_NONE, SAN_WING_KING, SAN_WING_QUEEN };

enum san_status {
    SAN_OK,
    SAN_INVALID,  /* the text cannot be a move in any position */
    SAN_ILLEGAL,  /* no legal move here fits it */
    SAN_AMBIGUOUS /* more than one legal move fits it */
};

struct san_error {
    int column;        /* 1-based column of the offending character (parse), else 0 */
    int candidates;    /* number of fitting moves when ambiguous */
    char message[120]; /* "column 3: 'x' must be followed by a square", "no knight can reach d7" */
};

/* Resolution flags. 0 is python-chess's parse_san: the capture and check
 * marks are not verified, the from-file/rank must fit, a promotion must name
 * its piece, and the king's two-square step is not castling. */
enum san_flags {
    SAN_STRICT = 0,
    SAN_VERIFY_CAPTURE = 1 << 0, /* 'x' present iff the move captures */
    SAN_VERIFY_CHECK = 1 << 1,   /* '+', '#', '++' or none must match the position after */
    SAN_EXPORT_FORM = SAN_VERIFY_CAPTURE | SAN_VERIFY_CHECK,
    SAN_LENIENT_PROMOTION = 1 << 2, /* a pawn reaching the last rank without a piece: queen */
    SAN_LENIENT_HINTS = 1 << 3,     /* drop a from-file/rank that no candidate fits */
    SAN_LENIENT_KING_STEP = 1 << 4, /* "Kg1" for castling in standard chess */
};

/* Parses text[0..len) as SAN: the export form ("Nf3", "exd8=Q+", "O-O"),
 * over-disambiguated and long forms ("Ng1f3", "Qh4e1", "Ng1-f3", "Rd3xd7",
 * "e2-e4", "e7-e8=Q", "e8Q"), castling with 'O' or '0', a check mark
 * ('+', '#', '++') and then a move suffix ('!', '?', '!!', '??', '!?', '?!').
 * Without a piece letter, a full from-square means any piece (as python-chess
 * reads "g1f3"). Returns SAN_OK or SAN_INVALID; err may be NULL. */
enum san_status san_parse(const char *text, size_t len, struct san *out, struct san_error *err);

/* An empty struct san: every field unknown or absent, for stages that fill
 * one in themselves. */
void san_clear(struct san *san);

/* A parser's "cannot be a move": fills err (may be NULL) with the column
 * and "column N: " and the printf-style message; returns SAN_INVALID. */
enum san_status san_invalid(struct san_error *err, int column, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The one legal move in pos that san describes. A null move resolves to
 * MOVE_NULL (illegal in check); the caller decides whether to play it. err
 * may be NULL. */
enum san_status san_resolve(const struct position *pos, const struct san *san, unsigned flags,
                            move_t *out, struct san_error *err);

/* Parse and resolve in one go. */
enum san_status san_read(const struct position *pos, const char *text, size_t len, unsigned flags,
                         move_t *out, struct san_error *err);

/* Writes m (legal in pos, or MOVE_NULL or MOVE_NONE for "--") as SAN into buf (SAN_MAX
 * bytes); returns the length. pos is not changed. */
size_t san_write(const struct position *pos, move_t m, char *buf);

/* Writes castling m as "O-O" (towards the h-file) or "O-O-O", no NUL; returns
 * the length. The SAN and LAN writers share it. */
size_t san_write_castling(move_t m, char *buf);

/* Appends the check mark m earns in pos ("+", "#" or nothing) and a NUL to
 * buf[0..n); returns the new length. The LAN writer ends with it too. */
size_t san_append_check(const struct position *pos, move_t m, char *buf, size_t n);

/* The check mark m earns in pos: "+", "#" or "". */
const char *san_check_mark(const struct position *pos, move_t m);

/* The English piece letter ('N', 'B', 'R', 'Q', 'K'; 'P' for a pawn). */
char san_piece_letter(int type);

/* The piece an English SAN letter (N B R Q K) names, or NO_TYPE. */
int san_piece_of_letter(int ch);

#endif
