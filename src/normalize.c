/* The normaliser: raw move token -> struct san readings with costs. See
 * normalize.h. ASCII tokens in the language's own letters take a fast path
 * with no ICU call; everything else goes through NFKC and, for look-alike
 * letters, ICU's confusable skeletons. */
#include "normalize.h"

#include "notation.h"

#include <string.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

/* An initial of the language spelt in Latin look-alikes ("C" for "С",
 * "Kp" for "Кр"), for texts whose typist or OCR mixed the scripts. */
struct latin_initial {
    char text[ARB_LANG_INITIAL_MAX];
    int type;
};

struct norm {
    const ArbLang *lang, *english, *figurines;
    USpoofChecker *spoof;
    const UNormalizer2 *nfkc;
    struct latin_initial latin[24];
    int n_latin;
};

static int lookalike(USpoofChecker *spoof, UChar32 c);

static void find_latin_initials(ArbNorm *nm)
{
    for (int type = PAWN; nm->lang && type <= KING; type++) {
        for (const char *const *i = arb_lang_initials(nm->lang, type); *i; i++) {
            struct latin_initial li = {{0}, type};
            gsize k = 0;
            gboolean changed = FALSE, ok = TRUE;
            for (const char *p = *i; *p && ok; p = g_utf8_next_char(p)) {
                gunichar c = g_utf8_get_char(p);
                int a = c < 0x80 ? (int)c : lookalike(nm->spoof, (UChar32)c);
                ok = a > 0 && k + 1 < sizeof li.text;
                changed |= c >= 0x80;
                if (ok) li.text[k++] = (char)a;
            }
            if (ok && changed && nm->n_latin < (int)G_N_ELEMENTS(nm->latin))
                nm->latin[nm->n_latin++] = li;
        }
    }
}

ArbNorm *norm_new(const ArbLang *lang, const ArbLang *english, const ArbLang *figurines)
{
    ArbNorm *nm = g_new0(ArbNorm, 1);
    UErrorCode status = U_ZERO_ERROR;
    nm->lang = lang;
    nm->english = english;
    nm->figurines = figurines;
    nm->nfkc = unorm2_getNFKCInstance(&status);
    status = U_ZERO_ERROR;
    nm->spoof = uspoof_open(&status);
    if (U_FAILURE(status)) nm->spoof = NULL;
    find_latin_initials(nm);
    return nm;
}

void norm_free(ArbNorm *nm)
{
    if (!nm) return;
    if (nm->spoof) uspoof_close(nm->spoof);
    g_free(nm);
}

const ArbLang *norm_lang(const ArbNorm *nm)
{
    return nm->lang;
}

gboolean norm_is_english(const ArbNorm *nm)
{
    return nm->lang && nm->lang == nm->english;
}

/* ---- canonical text ---------------------------------------------------- */

static gboolean is_ascii(const char *s, gsize n)
{
    for (gsize i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80) return FALSE;
    return TRUE;
}

/* Signs every notation writes in several ways, to their ASCII form. */
static int map_sign(UChar32 c)
{
    switch (c) {
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2015:
    case 0x2212:
    case 0x2043:
    case 0xFE58:
    case 0xFE63:
    case 0xFF0D: return '-';
    case 0x00D7:
    case 0x2715:
    case 0x2716:
    case 0x2A2F: return 'x';
    case 0x2020: return '+'; /* dagger: check */
    case 0x2021:
    case 0x2260: return '#'; /* double dagger, not-equal: mate */
    default: return -1;
    }
}

/* ICU's skeleton of one code point, if it is a single ASCII letter. */
static int lookalike(USpoofChecker *spoof, UChar32 c)
{
    if (!spoof || fan_is_figurine((unsigned long)c)) return -1;
    char in[8], out[32];
    int n = 0;
    U8_APPEND_UNSAFE(in, n, c);
    in[n] = 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t len = uspoof_getSkeletonUTF8(spoof, 0, in, n, out, sizeof out, &status);
    if (U_FAILURE(status) || len != 1 || !g_ascii_isalpha(out[0])) return -1;
    /* the skeleton is lower-case-ish ("rn" for m is excluded by len == 1);
     * keep the case of the original */
    return g_unichar_isupper((gunichar)c) ? g_ascii_toupper(out[0]) : out[0];
}

static char *nfkc(const UNormalizer2 *nfkc_norm, const char *text, gsize len)
{
    UErrorCode status = U_ZERO_ERROR;
    int32_t ulen = 0;
    UChar src[NORM_TOKEN_MAX * 2], dst[NORM_TOKEN_MAX * 4];
    u_strFromUTF8Lenient(src, G_N_ELEMENTS(src), &ulen, text, (int32_t)len, &status);
    if (U_FAILURE(status)) return g_strndup(text, len);
    int32_t dlen = unorm2_normalize(nfkc_norm, src, ulen, dst, G_N_ELEMENTS(dst), &status);
    if (U_FAILURE(status)) return g_strndup(text, len);
    char *out = g_malloc((gsize)dlen * 4 + 1);
    int32_t olen = 0;
    status = U_ZERO_ERROR;
    u_strToUTF8(out, dlen * 4 + 1, &olen, dst, dlen, &status);
    if (U_FAILURE(status)) {
        g_free(out);
        return g_strndup(text, len);
    }
    out[olen] = 0;
    return out;
}

static char *canonical(const ArbNorm *nm, const char *text, gsize len, gboolean fold,
                       gboolean *guessed)
{
    if (guessed) *guessed = FALSE;
    if (len > NORM_TOKEN_MAX) len = NORM_TOKEN_MAX;
    if (is_ascii(text, len)) return g_strndup(text, len);
    g_autofree char *norm = nfkc(nm->nfkc, text, len);
    GString *out = g_string_sized_new(strlen(norm));
    for (const char *p = norm; *p; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        int sign = map_sign((UChar32)c);
        int ascii = sign >= 0 ? sign : (fold && c >= 0x80) ? lookalike(nm->spoof, (UChar32)c) : -1;
        if (ascii >= 0) {
            g_string_append_c(out, (char)ascii);
            if (sign < 0 && guessed) *guessed = TRUE;
        } else {
            g_string_append_unichar(out, c);
        }
    }
    return g_string_free(out, FALSE);
}

char *norm_canonical(const char *text, gsize len, gboolean fold_lookalikes, gboolean *guessed)
{
    static ArbNorm *shared; /* read-only after creation */
    if (g_once_init_enter(&shared)) g_once_init_leave(&shared, norm_new(NULL, NULL, NULL));
    return canonical(shared, text, len, fold_lookalikes, guessed);
}

/* ---- suffixes ------------------------------------------------------------ */

static gboolean ends_with_ci(const char *s, gsize n, const char *suffix, gsize *cut)
{
    gsize k = strlen(suffix);
    if (k == 0 || k > n || g_ascii_strncasecmp(s + n - k, suffix, k)) return FALSE;
    *cut = k;
    return TRUE;
}

/* Does text end with one of a language's words for a notion? Words of one
 * ASCII letter (Russian 'x' for mate) count only right after a rank digit. */
static gboolean ends_with_word(const ArbLang *lang, ArbLangWord word, const char *s, gsize n,
                               gsize *cut)
{
    if (!lang) return FALSE;
    for (const char *const *w = arb_lang_words(lang, word); *w; w++) {
        gsize k = strlen(*w);
        if (k == 0 || k >= n) continue;
        if (k == 1 && g_ascii_isalpha((*w)[0]) && !(n >= 2 && g_ascii_isdigit(s[n - 2]))) continue;
        g_autofree char *tail_fold = g_utf8_casefold(s + n - k, (gssize)k);
        g_autofree char *word_fold = g_utf8_casefold(*w, -1);
        if (!strcmp(tail_fold, word_fold)) {
            *cut = k;
            return TRUE;
        }
    }
    return FALSE;
}

struct suffix {
    int check; /* enum san_check */
    int nag;
};

/* Strips annotation, check/mate and en-passant marks from the end of s;
 * returns the length left. */
static gsize strip_suffixes(const ArbNorm *nm, const char *s, gsize n, struct suffix *sx)
{
    static const struct {
        const char *text;
        int nag;
    } nags[] = {{"!!", 3},
                {"??", 4},
                {"!?", 5},
                {"?!", 6},
                {"!", 1},
                {"?", 2},
                /* evaluation glyphs glued to the move ("Bc4+/-"): after
                 * canonical() a minus sign is '-' already */
                {"+/-", 16},
                {"-/+", 17},
                {"+/=", 14},
                {"=/+", 15},
                {"\u00b1", 16},
                {"\u2213", 17},
                {"+-", 18},
                {"-+", 19}};
    static const struct {
        const char *text;
        int check;
    } checks[] = {{"++", SAN_CHECK_CHECK_OR_MATE}, {"#", SAN_CHECK_MATE},
                  {"+", SAN_CHECK_CHECK},          {"mate", SAN_CHECK_MATE},
                  {"dblch", SAN_CHECK_CHECK},      {"disch", SAN_CHECK_CHECK},
                  {"ch", SAN_CHECK_CHECK}};
    sx->check = SAN_CHECK_NONE;
    sx->nag = 0;
    for (gboolean again = TRUE; again && n > 0;) {
        again = FALSE;
        gsize cut;
        /* a full stop after the last move of a sentence ("Фg6-h6."), not "e.p." */
        while (n > 0 && (s[n - 1] == ' ' || (s[n - 1] == '.' && !ends_with_ci(s, n, "e.p.", &cut))))
            n--;
        for (gsize i = 0; i < G_N_ELEMENTS(nags) && !again; i++)
            if (ends_with_ci(s, n, nags[i].text, &cut)) {
                sx->nag = sx->nag ? sx->nag : nags[i].nag;
                n -= cut, again = TRUE;
            }
        for (gsize i = 0; i < G_N_ELEMENTS(checks) && !again; i++)
            if (n > strlen(checks[i].text) && ends_with_ci(s, n, checks[i].text, &cut)) {
                sx->check = sx->check ? sx->check : checks[i].check;
                n -= cut, again = TRUE;
            }
        if (!again && (ends_with_ci(s, n, "e.p.", &cut) || ends_with_ci(s, n, "e.p", &cut) ||
                       (n > 3 && ends_with_ci(s, n, "ep", &cut) && g_ascii_isdigit(s[n - 3]))))
            n -= cut, again = TRUE;
        if (!again && ends_with_word(nm->lang, ARB_WORD_MATE, s, n, &cut))
            sx->check = SAN_CHECK_MATE, n -= cut, again = TRUE;
        if (!again && (ends_with_word(nm->lang, ARB_WORD_CHECK, s, n, &cut) ||
                       ends_with_word(nm->lang, ARB_WORD_DOUBLE_CHECK, s, n, &cut)))
            sx->check = SAN_CHECK_CHECK, n -= cut, again = TRUE;
        if (!again && ends_with_word(nm->lang, ARB_WORD_EN_PASSANT, s, n, &cut))
            n -= cut, again = TRUE;
    }
    return n;
}

gboolean norm_is_suffix_word(ArbNorm *nm, const char *text, gsize len, int *check)
{
    static const char *const checks[] = {"+",     "ch",   "dis",   "dbl",     "dis.", "dbl.",
                                         "check", "(ch)", "(ch.)", "(check)", "(ch",  "†"};
    static const char *const mates[] = {"#", "mate", "(mate)", "(mate", "‡", "≠", "++"};
    /* (and the side "Castles" castles to, a line end parted from it: the
     * castling the rules allow decides) */
    static const char *const eps[] = {"e.p.", "ep", "e.p", "ep."};
    g_autofree char *t = g_strndup(text, len);
    for (gsize i = 0; i < G_N_ELEMENTS(mates); i++)
        if (!g_ascii_strcasecmp(t, mates[i]))
            return *check = strcmp(t, "++") ? SAN_CHECK_MATE : SAN_CHECK_CHECK_OR_MATE, TRUE;
    for (gsize i = 0; i < G_N_ELEMENTS(checks); i++)
        if (!g_ascii_strcasecmp(t, checks[i])) return *check = SAN_CHECK_CHECK, TRUE;
    for (gsize i = 0; i < G_N_ELEMENTS(eps); i++)
        if (!g_ascii_strcasecmp(t, eps[i])) return *check = SAN_CHECK_NONE, TRUE;
    if (len && desc_castles_side(text, len) == len) return *check = SAN_CHECK_NONE, TRUE;
    const ArbLang *langs[] = {nm->lang, nm->english};
    for (gsize i = 0; i < G_N_ELEMENTS(langs); i++) {
        if (!langs[i]) continue;
        if (arb_lang_match_word(langs[i], ARB_WORD_MATE, text, len, ARB_MATCH_FOLD_CASE) == len)
            return *check = SAN_CHECK_MATE, TRUE;
        if (arb_lang_match_word(langs[i], ARB_WORD_CHECK, text, len, ARB_MATCH_FOLD_CASE) == len ||
            arb_lang_match_word(langs[i], ARB_WORD_DOUBLE_CHECK, text, len, ARB_MATCH_FOLD_CASE) ==
                len ||
            arb_lang_match_word(langs[i], ARB_WORD_DISCOVERED_CHECK, text, len,
                                ARB_MATCH_FOLD_CASE) == len)
            return *check = SAN_CHECK_CHECK, TRUE;
        if (arb_lang_match_word(langs[i], ARB_WORD_EN_PASSANT, text, len, ARB_MATCH_FOLD_CASE) ==
            len)
            return *check = SAN_CHECK_NONE, TRUE;
    }
    return FALSE;
}

/* Does lang write a piece initial in the script of c? */
static gboolean writes_script(const ArbLang *lang, gunichar c)
{
    GUnicodeScript script = g_unichar_get_script(c);
    for (int type = PAWN; lang && type <= KING; type++)
        for (const char *const *i = arb_lang_initials(lang, type); *i; i++)
            for (const char *p = *i; *p; p = g_utf8_next_char(p))
                if (g_unichar_get_script(g_utf8_get_char(p)) == script) return TRUE;
    return FALSE;
}

enum { PROSE_LOOKALIKE_MAX = 2 };

gboolean norm_is_prose(ArbNorm *nm, const char *text, gsize len)
{
    static const ArbLangWord words[] = {ARB_WORD_DRAW,       ARB_WORD_DRAW_OFFER,
                                        ARB_WORD_RESIGNS,    ARB_WORD_WHITE_WINS,
                                        ARB_WORD_BLACK_WINS, ARB_WORD_STALEMATE};
    while (len > 0 && g_ascii_ispunct(text[len - 1]))
        len--; /* "Ничья." */
    if (len == 0) return FALSE;
    const ArbLang *langs[] = {nm->lang, nm->english};
    for (gsize l = 0; l < G_N_ELEMENTS(langs); l++)
        for (gsize i = 0; langs[l] && i < G_N_ELEMENTS(words); i++)
            if (arb_lang_match_word(langs[l], words[i], text, len, ARB_MATCH_FOLD_CASE) == len)
                return TRUE;
    gboolean lookalikes = TRUE;
    glong chars = 0;
    for (const char *p = text; p < text + len; p = g_utf8_next_char(p), chars++) {
        gunichar c = g_utf8_get_char(p);
        if (c < 0x80 || !g_unichar_isalpha(c) || fan_is_figurine(c)) return FALSE;
        lookalikes &= lookalike(nm->spoof, (UChar32)c) >= 0 && !writes_script(nm->lang, c);
    }
    /* a letter or two of another script than the language's, each the
     * look-alike of a Latin one, is a misread move ("с" for c3 in a
     * Spanish game), no word */
    if (nm->lang && lookalikes && chars <= PROSE_LOOKALIKE_MAX) return FALSE;
    /* a piece initial of the language, its square cut off ("К f6"); not
     * folded: "к" and "с" are Russian words */
    g_autofree char *word = g_strndup(text, len);
    return !nm->lang || arb_lang_piece_for_initial(nm->lang, word, 0) == NO_TYPE;
}

/* ---- the body: squares, separators, promotion ------------------------------ */

enum atom_kind { A_FILE, A_RANK, A_CAPTURE, A_DASH, A_OPEN, A_CLOSE, A_PIECE };

struct atom {
    uint8_t kind;
    int8_t value; /* file, rank or piece type */
};

struct pieces_ctx {
    const ArbNorm *nm;
    int cost;               /* guesses made while reading piece letters in the body */
    gboolean english_first; /* English letters before the language's */
};

/* A piece letter inside the body (promotion piece, captured piece): the
 * language's, a figurine, or English (a guess unless the language is English). */
static gsize body_piece(struct pieces_ctx *pc, const char *s, gsize n, int *type)
{
    const ArbNorm *nm = pc->nm;
    const ArbLang *tables[] = {pc->english_first ? nm->english : nm->lang, nm->figurines,
                               pc->english_first ? nm->lang : nm->english};
    for (gsize t = 0; t < G_N_ELEMENTS(tables); t++) {
        ArbPieceMatch m[ARB_LANG_MATCH_MAX];
        if (!tables[t]) continue;
        guint k = arb_lang_match_pieces(tables[t], s, n, ARB_MATCH_FOLD_CASE, m, G_N_ELEMENTS(m));
        if (k == 0) continue;
        *type = m[0].type;
        if (tables[t] == nm->english && nm->english != nm->lang) pc->cost++;
        return m[0].length;
    }
    return 0;
}

static int atomize(struct pieces_ctx *pc, const char *s, gsize n, struct atom *out, int max)
{
    int k = 0;
    for (gsize i = 0; i < n && k < max;) {
        char c = s[i];
        struct atom a = {0, 0};
        gsize step = 1;
        if (san_is_file(c)) {
            a = (struct atom){A_FILE, (int8_t)(c - 'a')};
        } else if (c >= 'A' && c <= 'H' && i + 1 < n && san_is_rank(s[i + 1])) {
            a = (struct atom){A_FILE, (int8_t)(c - 'A')};
            pc->cost++;
        } else if (c >= '1' && c <= '8') {
            a = (struct atom){A_RANK, (int8_t)(c - '1')};
        } else if (c == 'x' || c == 'X' || c == ':') {
            a = (struct atom){A_CAPTURE, 0};
        } else if (c == '-') {
            a = (struct atom){A_DASH, 0};
        } else if (c == '=' || c == '/' || c == '(') {
            a = (struct atom){A_OPEN, 0};
        } else if (c == ')') {
            a = (struct atom){A_CLOSE, 0};
        } else {
            int type;
            step = body_piece(pc, s + i, n - i, &type);
            if (step == 0) return -1;
            a = (struct atom){A_PIECE, (int8_t)type};
        }
        out[k++] = a;
        i += step;
    }
    return k;
}

static gboolean is_kind(const struct atom *a, int n, int i, int kind)
{
    return i >= 0 && i < n && a[i].kind == kind;
}

/* Reads the atoms (after any moving-piece letter) into san. Accepted shapes:
 *   [file][rank][x|:|-][captured piece] file rank [=|/|(]promotion[)] [x|:]
 *   file [x|:] file                 pawn capture without rank ("exd", "ed")
 *   [file][rank] x|: piece          descriptive capture ("QxN", "exN")   */
static gboolean read_atoms(const struct atom *a, int n, struct san *san)
{
    int end = n;
    if (is_kind(a, end, end - 1, A_CAPTURE) && end >= 3 &&
        (a[end - 2].kind == A_RANK || a[end - 2].kind == A_PIECE || a[end - 2].kind == A_CLOSE)) {
        san->capture = SAN_CAPTURE_YES; /* "Be5:", "ed1D:", "ed1(D):" */
        end--;
    }
    if (is_kind(a, end, end - 1, A_CLOSE)) {
        if (!is_kind(a, end, end - 2, A_PIECE) || !is_kind(a, end, end - 3, A_OPEN)) return FALSE;
        san->promotion = a[end - 2].value;
        end -= 3;
    } else if (is_kind(a, end, end - 1, A_PIECE) && is_kind(a, end, end - 2, A_OPEN)) {
        san->promotion = a[end - 1].value;
        end -= 2;
    } else if (is_kind(a, end, end - 1, A_PIECE) && is_kind(a, end, end - 2, A_RANK)) {
        san->promotion = a[end - 1].value;
        end -= 1;
    }
    int i = end;
    if (is_kind(a, end, i - 1, A_RANK) && is_kind(a, end, i - 2, A_FILE)) {
        san->to_file = a[i - 2].value;
        san->to_rank = a[i - 1].value;
        i -= 2;
        if (is_kind(a, end, i - 1, A_PIECE) && is_kind(a, end, i - 2, A_CAPTURE))
            san->captured = a[--i].value;
    } else if (is_kind(a, end, i - 1, A_PIECE) && is_kind(a, end, i - 2, A_CAPTURE)) {
        san->captured = a[--i].value;
    } else if (is_kind(a, end, i - 1, A_FILE) && san->promotion == NO_TYPE) {
        san->to_file = a[--i].value;
        if (!(is_kind(a, end, i - 1, A_FILE) ||
              (is_kind(a, end, i - 1, A_CAPTURE) && is_kind(a, end, i - 2, A_FILE))))
            return FALSE;
        san->capture = SAN_CAPTURE_YES;
    } else {
        return FALSE;
    }
    if (is_kind(a, end, i - 1, A_CAPTURE)) {
        san->capture = SAN_CAPTURE_YES;
        i--;
    } else if (is_kind(a, end, i - 1, A_DASH)) {
        san->capture = SAN_CAPTURE_UNKNOWN; /* "f6-e5": Russian books write captures so */
        i--;
    }
    if (is_kind(a, end, i - 1, A_RANK)) san->from_rank = a[--i].value;
    if (is_kind(a, end, i - 1, A_FILE)) san->from_file = a[--i].value;
    if (san->captured != NO_TYPE) san->capture = SAN_CAPTURE_YES;
    return i == 0;
}

/* Smith notation (ICC): from, to, the captured piece, then any promotion:
 * "e4d5P", "e7d8QN". "e4d5P" also reads as a promotion; the moves decide. */
static gboolean read_smith(const struct atom *a, int n, struct san *san)
{
    static const uint8_t shape[] = {A_FILE, A_RANK, A_FILE, A_RANK, A_PIECE, A_PIECE};
    if (n != 5 && n != 6) return FALSE;
    for (int i = 0; i < n; i++)
        if (a[i].kind != shape[i]) return FALSE;
    san->from_file = a[0].value;
    san->from_rank = a[1].value;
    san->to_file = a[2].value;
    san->to_rank = a[3].value;
    san->captured = a[4].value;
    san->capture = SAN_CAPTURE_YES;
    san->promotion = n == 6 ? a[5].value : NO_TYPE;
    san->piece = NO_TYPE;
    return TRUE;
}

static gboolean read_castling(const char *s, gsize n, struct san *san)
{
    int os = 0;
    for (gsize i = 0; i < n; i++) {
        if (s[i] == 'O' || s[i] == '0' || s[i] == 'o')
            os++;
        else if (s[i] != '-')
            return FALSE;
    }
    if (os != 2 && os != 3) return FALSE;
    san->castle = os == 2 ? SAN_CASTLE_KING : SAN_CASTLE_QUEEN;
    return TRUE;
}

/* ---- readings ----------------------------------------------------------- */

struct collector {
    struct norm_reading *out;
    int n, max;
};

static void add_reading(struct collector *c, const struct san *san, int cost)
{
    for (int i = 0; i < c->n; i++) {
        if (!memcmp(&c->out[i].san, san, sizeof *san)) {
            if (cost < c->out[i].cost) c->out[i].cost = cost;
            return;
        }
    }
    if (c->n < c->max) c->out[c->n++] = (struct norm_reading){*san, cost};
}

/* The body after a moving piece of `piece` (NO_TYPE: none written). */
static void read_body(const ArbNorm *nm, struct collector *c, const char *s, gsize n, int piece,
                      int cost, const struct suffix *sx)
{
    struct san san;
    san_clear(&san);
    san.check = (uint8_t)sx->check;
    san.nag = (uint8_t)sx->nag;
    san.capture = SAN_CAPTURE_NO;
    if (piece == NO_TYPE && read_castling(s, n, &san)) {
        add_reading(c, &san, cost);
        return;
    }
    if (piece == NO_TYPE && (n == 4 || n == 5)) {
        gboolean digits = TRUE;
        for (gsize i = 0; i < n; i++)
            digits &= s[i] >= '1' && s[i] <= '8';
        struct san iccf;
        if (digits && iccf_parse(s, n, &iccf, NULL) == SAN_OK) {
            iccf.check = (uint8_t)sx->check;
            add_reading(c, &iccf, cost);
            return;
        }
    }
    /* UCI's promotion letter is English and lower case ("b7b8b", "c2c1r"):
     * the atoms would take 'b' for a file and 'r' for a local initial */
    struct san uci;
    if (piece == NO_TYPE && n == 5 && notation_parse_uci(s, n, &uci, NULL) == SAN_OK) {
        uci.check = (uint8_t)sx->check;
        add_reading(c, &uci, cost);
        return;
    }
    /* twice: with the language's letters first, then with English's
     * ("b1=B" is a bishop where the German B, a pawn, fits no legal move) */
    for (int pass = 0; pass < (norm_is_english(nm) ? 1 : 2); pass++) {
        struct pieces_ctx pc = {nm, 0, pass == 1};
        struct atom atoms[16];
        struct san read = san, smith = san;
        int k = atomize(&pc, s, n, atoms, G_N_ELEMENTS(atoms));
        if (piece == NO_TYPE && k > 0 && read_smith(atoms, k, &smith))
            add_reading(c, &smith, cost + pc.cost);
        if (k <= 0 || !read_atoms(atoms, k, &read)) continue;
        if (piece != NO_TYPE)
            read.piece = (int8_t)piece;
        else if (read.from_file >= 0 && read.from_rank >= 0)
            read.piece = NO_TYPE; /* "e2e4", "g1f3": whatever stands there */
        else
            read.piece = PAWN;
        add_reading(c, &read, cost + pc.cost);
    }
}

static gboolean castling_word(const ArbNorm *nm, const char *s, gsize n, struct san *san)
{
    const ArbLang *langs[] = {nm->lang, nm->english};
    for (gsize i = 0; i < G_N_ELEMENTS(langs); i++) {
        if (!langs[i]) continue;
        if (arb_lang_match_word(langs[i], ARB_WORD_CASTLE_LONG, s, n, ARB_MATCH_FOLD_CASE) == n)
            return san->castle = SAN_CASTLE_QUEEN, TRUE;
        if (arb_lang_match_word(langs[i], ARB_WORD_CASTLE_SHORT, s, n, ARB_MATCH_FOLD_CASE) == n)
            return san->castle = SAN_CASTLE_KING, TRUE;
    }
    return FALSE;
}

static void read_text(const ArbNorm *nm, struct collector *c, const char *s, gsize n, int base)
{
    struct suffix sx;
    while (n > 0 && s[0] == '.') /* "...Кc6-b4": a black move glued to its dots */
        s++, n--;
    n = strip_suffixes(nm, s, n, &sx);
    if (n == 0) return;
    struct san san;
    san_clear(&san);
    if (castling_word(nm, s, n, &san)) {
        san.check = (uint8_t)sx.check;
        add_reading(c, &san, base);
        return;
    }
    read_body(nm, c, s, n, NO_TYPE, base, &sx);
    /* English descriptive notation ("P-K4", "N-KB3", "QxN", "Castles") */
    if (norm_is_english(nm) && desc_parse(s, n, &san, NULL) == SAN_OK) {
        san.check = san.check ? san.check : (uint8_t)sx.check;
        san.nag = (uint8_t)sx.nag;
        add_reading(c, &san, base);
        /* "Castles" alone is mostly the king's side, now and then the queen's */
        if (san.castle == SAN_CASTLE_KING && (s[0] == 'C' || s[0] == 'c') && n == 7) {
            san.castle = SAN_CASTLE_QUEEN;
            add_reading(c, &san, base + 1);
        }
    }
    const ArbLang *tables[] = {nm->lang, nm->figurines, nm->english};
    for (gsize t = 0; t < G_N_ELEMENTS(tables); t++) {
        if (!tables[t] || (t == 2 && tables[2] == tables[0])) continue;
        ArbPieceMatch m[ARB_LANG_MATCH_MAX];
        guint k = arb_lang_match_pieces(tables[t], s, n, ARB_MATCH_FOLD_CASE, m, G_N_ELEMENTS(m));
        for (guint i = 0; i < k; i++) {
            /* a lower-case a-h is first of all a file: as a piece letter it is
             * a further guess ("bc4" a bishop move only if no pawn can) */
            gboolean file_letter = m[i].folded && san_is_file(s[0]);
            int cost = base + (m[i].folded ? 1 : 0) + (t == 2 ? 1 : 0) + (file_letter ? 1 : 0);
            read_body(nm, c, s + m[i].length, n - m[i].length, m[i].type, cost, &sx);
        }
    }
    for (int i = 0; i < nm->n_latin; i++) {
        gsize k = strlen(nm->latin[i].text);
        if (k < n && !strncmp(s, nm->latin[i].text, k))
            read_body(nm, c, s + k, n - k, nm->latin[i].type, base + 1, &sx);
    }
}

static int by_cost(const void *a, const void *b)
{
    return ((const struct norm_reading *)a)->cost - ((const struct norm_reading *)b)->cost;
}

int norm_readings(ArbNorm *nm, const char *text, gsize len, struct norm_reading *out, int max)
{
    struct collector c = {out, 0, max};
    if (len == 0 || len > NORM_TOKEN_MAX) return 0;
    g_autofree char *plain = canonical(nm, text, len, FALSE, NULL);
    read_text(nm, &c, plain, strlen(plain), 0);
    if (!is_ascii(plain, strlen(plain))) {
        gboolean guessed;
        g_autofree char *folded = canonical(nm, text, len, TRUE, &guessed);
        if (guessed) read_text(nm, &c, folded, strlen(folded), 1);
    }
    qsort(out, (size_t)c.n, sizeof *out, by_cost);
    return c.n;
}
