/* The normaliser: the stage between the reader and the resolver. It turns one
 * raw move token ("Sf3", "Крe1", "B:e5", "e8(Q)", "♘g1-f3", "5254", "exd")
 * into the struct san readings it may stand for in a language, each with a
 * cost: 0 for the language's own notation, more for every guess (a case slip,
 * a look-alike letter from another script, English letters in a German game).
 * The resolver lets the legal moves choose among them. */
#ifndef ARBITER_NORMALIZE_H
#define ARBITER_NORMALIZE_H

#include "lang.h"
#include "san.h"

#include <glib.h>

enum { NORM_READINGS_MAX = 32, NORM_TOKEN_MAX = 256 };

struct norm_reading {
    struct san san;
    int cost;
};

typedef struct norm ArbNorm;

/* figurines: the figurine table (read in every language); may be NULL. */
ArbNorm *norm_new(const ArbLang *lang, const ArbLang *english, const ArbLang *figurines);
void norm_free(ArbNorm *norm);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ArbNorm, norm_free)
const ArbLang *norm_lang(const ArbNorm *norm);
/* Is the language English (where plain SAN needs no normalising)? */
gboolean norm_is_english(const ArbNorm *norm);

/* Every reading of text[0..len), cheapest first; returns how many (0: no
 * notation rule reads it). */
int norm_readings(ArbNorm *norm, const char *text, gsize len, struct norm_reading *out, int max);

/* A token that is only a check, mate or en-passant mark written apart from
 * its move ("+", "ch", "Schach", "mate", "e.p."): TRUE, with *check set to an
 * enum san_check (SAN_CHECK_NONE for en passant). */
gboolean norm_is_suffix_word(ArbNorm *norm, const char *text, gsize len, int *check);

/* A token that is words, not a move: one of the language's words for a result
 * or a draw ("Ничья", "remis", "aufgegeben"), or letters of a script other
 * than Latin with no digit ("и" between two moves of a Russian text). The
 * caller keeps it as a comment. */
gboolean norm_is_prose(ArbNorm *norm, const char *text, gsize len);

/* The token in canonical form: NFKC, every dash a '-', crosses and ':' an 'x',
 * daggers '+' and '#', look-alike letters of other scripts as ASCII where ICU's
 * confusable skeleton gives one ASCII letter (not digits: 0 and O stay apart).
 * The caller frees the result. *guessed is set when a look-alike was replaced. */
char *norm_canonical(const char *text, gsize len, gboolean fold_lookalikes, gboolean *guessed);

#endif
