/* Locale tables: the piece initials, piece names and notation words of one
 * language (lang/<code>.ini), loaded from the built-in GResource and from
 * --lang-dir. The normaliser reads through them; the writer writes with them. */
#ifndef ARBITER_LANG_H
#define ARBITER_LANG_H

#include "bitboard.h"

#include <glib.h>

G_BEGIN_DECLS

#define ARB_LANG_ERROR (arb_lang_error_quark())
GQuark arb_lang_error_quark(void);

typedef enum {
    ARB_LANG_ERROR_IO,        /* a file or directory could not be read */
    ARB_LANG_ERROR_SYNTAX,    /* not a key file */
    ARB_LANG_ERROR_MISSING,   /* a required group or key is absent or empty */
    ARB_LANG_ERROR_INVALID,   /* a value is malformed, or an unknown key */
    ARB_LANG_ERROR_DUPLICATE, /* two pieces share an initial */
} ArbLangError;

/* The words a table lists, in the order of the [words] keys. */
typedef enum {
    ARB_WORD_CHECK,
    ARB_WORD_DOUBLE_CHECK,
    ARB_WORD_DISCOVERED_CHECK,
    ARB_WORD_MATE,
    ARB_WORD_STALEMATE,
    ARB_WORD_CAPTURE,
    ARB_WORD_EN_PASSANT,
    ARB_WORD_CASTLING,
    ARB_WORD_CASTLE_SHORT,
    ARB_WORD_CASTLE_LONG,
    ARB_WORD_DRAW_OFFER,
    ARB_WORD_DRAW,
    ARB_WORD_WHITE_WINS,
    ARB_WORD_BLACK_WINS,
    ARB_WORD_RESIGNS,
    ARB_WORD_COUNT
} ArbLangWord;

/* How text is compared with initials and words. Both sides are in NFC. */
typedef enum {
    ARB_MATCH_EXACT = 0,
    ARB_MATCH_FOLD_CASE = 1 << 0, /* also accept a case-folded match */
} ArbMatchFlags;

/* One reading of the start of a text as a piece initial. */
typedef struct {
    enum piece_type type;
    gsize length;    /* bytes of the text the initial covers */
    gboolean folded; /* matched only after case folding */
} ArbPieceMatch;

/* Initials are at most this many bytes (longest match cap). */
enum { ARB_LANG_INITIAL_MAX = 16, ARB_LANG_MATCH_MAX = 8 };

typedef struct _ArbLang ArbLang;
typedef struct _ArbLangSet ArbLangSet;

/* One table. origin names the file in error messages (a path or resource). */
ArbLang *arb_lang_new_from_data(const char *data, gsize length, const char *origin, GError **error);
ArbLang *arb_lang_new_from_file(const char *path, GError **error);
void arb_lang_free(ArbLang *lang);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ArbLang, arb_lang_free)

const char *arb_lang_code(const ArbLang *lang);
const char *arb_lang_name(const ArbLang *lang);        /* in English */
const char *arb_lang_native_name(const ArbLang *lang); /* in the language */
const char *arb_lang_origin(const ArbLang *lang);
const char *const *arb_lang_aliases(const ArbLang *lang); /* never NULL */
const char *const *arb_lang_sources(const ArbLang *lang); /* [sources] checked */
const char *const *arb_lang_unverified(const ArbLang *lang);

/* The initial written for a piece type (black's set when the table has one
 * and black is TRUE), and every initial read for it (both sets). */
const char *arb_lang_initial(const ArbLang *lang, enum piece_type type, gboolean black);
const char *const *arb_lang_initials(const ArbLang *lang, enum piece_type type);
const char *arb_lang_piece_name(const ArbLang *lang, enum piece_type type);
const char *const *arb_lang_piece_names(const ArbLang *lang, enum piece_type type);

/* The piece whose initial is the whole of initial (NUL-terminated), or
 * NO_TYPE. An exact match wins over a folded one. */
enum piece_type arb_lang_piece_for_initial(const ArbLang *lang, const char *initial,
                                           ArbMatchFlags flags);

/* Every initial that text[0..length) starts with, longest first, exact before
 * folded; at most max. Returns how many were stored. ('Кр' and 'К' both
 * match "Крe8": the caller lets the legal moves decide.) */
guint arb_lang_match_pieces(const ArbLang *lang, const char *text, gsize length,
                            ArbMatchFlags flags, ArbPieceMatch *out, guint max);

/* The signs and words for one notion, the first being the one to write;
 * never NULL, possibly empty. */
const char *const *arb_lang_words(const ArbLang *lang, ArbLangWord word);
/* The bytes of text[0..length) covered by the longest entry of a word list
 * that text starts with (case-folded when flags say so), or 0. */
gsize arb_lang_match_word(const ArbLang *lang, ArbLangWord word, const char *text, gsize length,
                          ArbMatchFlags flags);
/* The [words] key of a word ("double-check"). */
const char *arb_lang_word_key(ArbLangWord word);

/* All tables: the built-in ones, then every *.ini of lang_dir (may be NULL),
 * a table there replacing a built-in one of the same code. */
ArbLangSet *arb_lang_set_load(const char *lang_dir, GError **error);
void arb_lang_set_free(ArbLangSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ArbLangSet, arb_lang_set_free)

/* Tables sorted by code. */
guint arb_lang_set_count(const ArbLangSet *set);
const ArbLang *arb_lang_set_nth(const ArbLangSet *set, guint index);
/* By code or alias, ignoring case and treating '_' as '-'; NULL if none. */
const ArbLang *arb_lang_set_lookup(const ArbLangSet *set, const char *code);

/* A language's rank when several read a game equally well (their piece
 * letters often coincide: German, Danish and Norwegian all write K D T L S
 * B): lower is tried first; languages off the list share the last rank. */
int arb_lang_preference(const ArbLang *lang);

/* A data table's bytes: the file at path when given, else the compiled-in
 * resource (lang/lang.gresource.xml); *origin (g_free) names it in messages. */
GBytes *arb_data_load(const char *path, const char *resource, char **origin, GError **error);

G_END_DECLS

#endif
