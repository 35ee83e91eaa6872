/* The exact notations besides SAN: long algebraic (LAN), figurine (FAN),
 * ICCF numeric, and a dispatcher over them plus SAN and UCI for
 * `arbiter convert --to`. Parsers fill a struct san; san_resolve() finds the
 * move, so every notation gets the same invalid/illegal/ambiguous answers. */
#ifndef ARBITER_NOTATION_H
#define ARBITER_NOTATION_H

#include "san.h"

/* Longest text each writer produces, with its NUL:
 * LAN "e7xd8=Q#", FAN "♕h4xe1#" (a figurine is 3 bytes of UTF-8), ICCF "57581". */
enum { LAN_MAX = 9, FAN_MAX = 10, ICCF_MAX = 6, DESC_MAX = 32, NOTATION_MAX = 32 };

enum notation_style {
    NOTATION_SAN,
    NOTATION_LAN,
    NOTATION_UCI,
    NOTATION_FAN,
    NOTATION_ICCF,
    NOTATION_DESCRIPTIVE
};

/* "Ng1-f3", "Rd3xd7", "e7-e8=Q", "O-O", with "+"/"#"; MOVE_NONE is "--".
 * Read LAN back with san_parse(), which takes the long forms. */
size_t lan_write(const struct position *pos, move_t m, char *buf);

/* SAN with figurines for the pieces, in the colour of the side that moves
 * (♔♕♖♗♘ for White, ♚♛♜♝♞ for Black), also for the promotion piece:
 * "♘f3", "exd8=♕+". Pawn moves carry no figurine. */
size_t fan_write(const struct position *pos, move_t m, char *buf);

/* The figurines' code points, U+2654 + k: k = 0..5 White's K Q R B N P,
 * 6..11 Black's. */
enum { FAN_FIRST = 0x2654, FAN_LAST = 0x265F };

static inline int fan_is_figurine(unsigned long c)
{
    return c >= FAN_FIRST && c <= FAN_LAST;
}

/* Figurine SAN or LAN ("♘f3", "♞xe4", "♘g1-f3", "♙e4") to a struct san;
 * figurines of either colour are accepted. Columns in err count characters. */
enum san_status fan_parse(const char *text, size_t len, struct san *out, struct san_error *err);

/* ICCF numeric: files and ranks as digits 1-8, "5254"; a promotion adds
 * 1 queen, 2 rook, 3 bishop, 4 knight ("57581"); castling is the king's move
 * ("5171"), and in Chess960 king-takes-rook, as UCI writes it there.
 * MOVE_NONE is "0000". */
size_t iccf_write(const struct position *pos, move_t m, char *buf);
enum san_status iccf_parse(const char *text, size_t len, struct san *out, struct san_error *err);

/* English descriptive notation, as English and American books wrote until
 * about 1980: "P-K4", "N-KB3", "PxP", "QxN+", "KR-Q1", "P-Q8=Q", "O-O".
 * Files are named after the pieces that start on them (QR QN QB Q K KB KN
 * KR; "R", "N", "B" for either wing's), ranks count from the mover's end,
 * a capture names what it takes ("PxQP", "BxN/KB6"). The writer gives the
 * shortest spelling that reads back as the move alone ("N-B3", else
 * "N-KB3", else "KN-B3", ...), then PGN's check mark; DESC_MAX bytes. */
size_t desc_write(const struct position *pos, move_t m, char *buf);

/* Quick spellings of m as writers may give it, without the writer's check
 * that they name it alone: variant 0 the plainest ("N-B3", "NxP"), 1 with
 * the destination's wing or what is taken qualified ("N-KB3", "NxKP",
 * "BxNP"), 2 with the piece that moves qualified ("KN-B3", "QPxP"), 3 with
 * both ("KN-KB3", "QPxKP"), 4 a pawn taken named by its wing too
 * ("BxQNP"), 5 the piece named by its square ("R/QB1-B6", "N/K4xP"), 6
 * what it takes named by its square ("RxR/Q8", "PxP/Q4"), 7 the piece
 * named by its square and the destination's wing or what it takes
 * qualified ("R/K1-KB1", "N/Q4xNP"); castling "O-O", "Castles" or "O-O-O",
 * "CastlesQR", "Castles(QR)". Each ends with mark (the check mark m earns,
 * as san_check_mark() gives it; NULL: worked out here). Returns the
 * length, 0 (buf "") where a variant adds nothing. For `fix`'s search,
 * which weighs every legal move against a token. */
size_t desc_spell(const struct position *pos, move_t m, int variant, const char *mark, char *buf);

/* Reads "P-K4", "Kt-KB3", "QxN", "PxP e.p.", "R(1)-Q1", "N/Q2-B4",
 * "P-K8(Q)", "Castles", "Castles(QR)", with "ch", "mate", "+" or "#" after,
 * into a struct san with relative ranks and file sets (san.h). */
enum san_status desc_parse(const char *text, size_t len, struct san *out, struct san_error *err);
/* A descriptive move in the words of older books at s[0, n) (n: to the
 * line's end at most): "P to K 4th", "K Kt to B 3rd", "B takes Kt P
 * (ch)", "K to B sq", "P to K 8th (Q)". Returns how many bytes of s it
 * takes, ending at a word's end, and writes its short form into out
 * (DESC_MAX: "KKt-B3", "BxKtPch"); 0 when s starts no such move. */
size_t desc_long(const char *s, size_t n, char *out);
/* desc_long() for text a scan damaged: the same shapes with words one
 * edit from "to", "takes", "sq", "ch" ("fo", "tto", "tkaes", "t\u043e";
 * *guesses: how many), a rank's digit or ordinal misread ("Sth", "3rгd"),
 * names a letter off, in lower case or misread ("Kl", "kt", "8", "t"),
 * kept as written in out for fix to weigh, a name lost (" to K 2nd") or
 * behind a stray mark ("~B": guesses both), and the next move's number
 * run into the last word ("3rd4.B": the move ends before the number); the
 * short form need not read. */
size_t desc_long_loose(const char *s, size_t n, char *out, int *guesses);
/* Is w[0, n) "Castles" as a scan may damage it, two edits off at most
 * ("Casles", "Cdstles", "Castle"), its first letter kept? */
bool desc_castles_loose(const char *w, size_t n);
/* Is s[0, n) a rank's ordinal without its digit, in any case: "st", "nd",
 * "rd", "th" ("Nd", "RD" as a scan reads them)? */
bool desc_is_ordinal(const char *s, size_t n);
/* Where in word w[0, n) the next move's name begins, run into this
 * move's rank by a scan that lost the space ("5thKt", "3rdP", "sqB"): a
 * rank's digit and ordinal, or "sq", then a capital name; 0 when none. */
size_t desc_glued_name(const char *w, size_t n);
/* The same where the next move's number is run into the rank ("3rd10.",
 * "sq11."): the rank's length, 0 when none. */
size_t desc_glued_number(const char *w, size_t n);
/* Is w[0, n) a piece's name as a move in words gives it, whole: "K",
 * "Q", "R", "B", "Kt" or "N", "P"? */
bool desc_is_name(const char *w, size_t n);
/* The side "Castles" castles to as books print it after the word, in
 * parentheses ("(QR)", "(Q R)", "(KR)", "(K R)", any case) or as a scan
 * left it, its ")" lost ("(QR"; not "(Q R", as likely the start of a move
 * in words), its Q read as a look-alike ("(oR)", "(0R)"): its length at
 * s[0, n), 0 for none. */
size_t desc_castles_side(const char *s, size_t n);
/* Is w[0, n) "takes" as a scan may damage it, one edit off at most, in
 * either case, its Cyrillic or Greek look-alikes read as the letters
 * ("fakes", "tkes", "t\u0430kes")? */
bool desc_takes_loose(const char *w, size_t n);

/* UCI text ("g1f3", "e7e8q", "e1g1" or "e1h1", "0000") to a struct san, so
 * that it gets the resolver's error answers (uci_parse() only says yes or no). */
enum san_status notation_parse_uci(const char *text, size_t len, struct san *out,
                                   struct san_error *err);

/* Writes m in the given style into buf (NOTATION_MAX bytes); returns the length. */
size_t notation_write(const struct position *pos, move_t m, enum notation_style style, char *buf);

/* Parses text in the given style (LAN is read by the SAN parser). */
enum san_status notation_parse(enum notation_style style, const char *text, size_t len,
                               struct san *out, struct san_error *err);

/* Parse and resolve in one go; flags as san_resolve(). */
enum san_status notation_read(const struct position *pos, enum notation_style style,
                              const char *text, size_t len, unsigned flags, move_t *out,
                              struct san_error *err);

/* "san", "lan", "uci", "fan", "iccf", "descriptive" (case-insensitive) and back. */
bool notation_style_from_name(const char *name, enum notation_style *out);
const char *notation_style_name(enum notation_style style);

#endif
