/* English descriptive notation, the form of English and American books
 * until about 1980: "P-K4", "N-KB3", "PxP", "QxN ch", "KR-Q1", "P-Q8=Q".
 * A file is named after the piece that stands on it at the start (QR QN QB
 * Q K KB KN KR, "R", "N" and "B" alone for either wing's), a rank counts
 * from the mover's end, and a capture names what it takes rather than
 * where. The parser fills a struct san with those relative fields; the
 * writer tries spellings from the shortest on and keeps the first that the
 * parser and san_resolve() read back as the move. */
#include "notation.h"

#include "movegen.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const full_file[8] = {"QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"};
static const char *const short_file[8] = {"R", "N", "B", "Q", "K", "B", "N", "R"};
/* (the queen's and king's files have one name: Q, K) */
#define ONE_NAME(f) (full_file[f][1] == 0)
static const char piece_letter[6] = {'P', 'N', 'B', 'R', 'Q', 'K'};

struct cursor {
    const char *s;
    size_t n, at;
};

static bool take(struct cursor *c, const char *word)
{
    size_t k = strlen(word);
    if (c->n - c->at < k || memcmp(c->s + c->at, word, k) != 0) return false;
    c->at += k;
    return true;
}

static bool at_digit(const struct cursor *c)
{
    return c->at < c->n && c->s[c->at] >= '1' && c->s[c->at] <= '8';
}

/* What a name reads as: a square, a pawn, or a piece; with the files it may
 * stand on (a bit mask, 0: any) and a bishop's wing. */
struct named {
    int type; /* NO_TYPE: a square */
    unsigned files;
    int wing;
    int rank; /* a square's, from the mover's end, else -1 */
};

/* The piece letters that name files: R, N (or Kt), B; -1 none. */
static int file_piece(struct cursor *c)
{
    if (take(c, "R")) return 0;
    if (take(c, "Kt") || take(c, "N")) return 1;
    if (take(c, "B")) return 2;
    return -1;
}

static unsigned files_of(int wing, int fp)
{
    if (fp < 0) return wing == SAN_WING_KING ? 1u << 4 : wing == SAN_WING_QUEEN ? 1u << 3 : 0;
    if (wing == SAN_WING_KING) return 1u << (7 - fp);
    if (wing == SAN_WING_QUEEN) return 1u << fp;
    return 1u << fp | 1u << (7 - fp);
}

/* Reads a square ("KB3", "B3", "K4"), a pawn ("P", "KP", "QBP", "BP") or a
 * piece ("N", "KR", "QB", "Q"). */
static bool read_named(struct cursor *c, struct named *out)
{
    *out = (struct named){NO_TYPE, 0, SAN_WING_NONE, -1};
    size_t start = c->at;
    int wing = SAN_WING_NONE;
    /* a wing before a file's piece or a pawn ("KB", "QRP", "KKt"); "Kt"
     * alone is a knight */
    if (c->n - c->at >= 2 && (c->s[c->at] == 'K' || c->s[c->at] == 'Q')) {
        char next = c->s[c->at + 1];
        bool knight = c->s[c->at] == 'K' && next == 't';
        bool kt_after = next == 'K' && c->n - c->at >= 3 && c->s[c->at + 2] == 't';
        if (!knight && ((next && strchr("RNBP", next)) || kt_after)) {
            wing = c->s[c->at] == 'K' ? SAN_WING_KING : SAN_WING_QUEEN;
            c->at++;
        }
    }
    int fp = file_piece(c);
    if (at_digit(c)) { /* a square */
        if (fp < 0 && wing == SAN_WING_NONE) return c->at = start, false;
        out->files = files_of(wing, fp);
        out->rank = c->s[c->at++] - '1';
        return true;
    }
    if (take(c, "P")) {
        out->type = PAWN;
        out->files = files_of(wing, fp);
        if (fp < 0 && wing == SAN_WING_NONE) out->files = 0;
        return true;
    }
    if (fp >= 0) {
        static const int types[3] = {ROOK, KNIGHT, BISHOP};
        out->type = types[fp];
        if (fp == 2)
            out->wing = wing;
        else if (wing != SAN_WING_NONE)
            out->files = wing == SAN_WING_KING ? 0xF0u : 0x0Fu;
        return true;
    }
    if (wing != SAN_WING_NONE) return c->at = start, false;
    if (c->at < c->n && (c->s[c->at] == 'K' || c->s[c->at] == 'Q')) {
        bool king = c->s[c->at++] == 'K';
        if (at_digit(c)) { /* "K4", "Q5": the king's or queen's file */
            out->files = king ? 1u << 4 : 1u << 3;
            out->rank = c->s[c->at++] - '1';
        } else {
            out->type = king ? KING : QUEEN;
        }
        return true;
    }
    return c->at = start, false;
}

/* "(Q2)", "/Q2", "(1)": where a piece stands, or the rank alone. */
static bool read_place(struct cursor *c, struct named *out)
{
    size_t start = c->at;
    bool paren = take(c, "(");
    if (!paren && !take(c, "/")) return false;
    if (at_digit(c)) {
        *out = (struct named){NO_TYPE, 0, SAN_WING_NONE, c->s[c->at++] - '1'};
    } else if (!read_named(c, out) || out->rank < 0) {
        return c->at = start, false;
    }
    if (paren && !take(c, ")")) return c->at = start, false;
    return true;
}

static int promotion_of(struct cursor *c)
{
    if (take(c, "Kt") || take(c, "N")) return KNIGHT;
    if (take(c, "B")) return BISHOP;
    if (take(c, "R")) return ROOK;
    if (take(c, "Q")) return QUEEN;
    return NO_TYPE;
}

static bool read_castling(struct cursor *c, struct san *out)
{
    if (take(c, "O-O-O") || take(c, "0-0-0")) return out->castle = SAN_CASTLE_QUEEN, true;
    if (take(c, "O-O") || take(c, "0-0")) return out->castle = SAN_CASTLE_KING, true;
    if (!take(c, "Castles") && !take(c, "castles") && !take(c, "CASTLES")) return false;
    out->castle = SAN_CASTLE_KING;
    (void)take(c, " "); /* "Castles (QR)" */
    bool paren = take(c, "(");
    if (take(c, "QR") || (paren && take(c, "Q R")) || take(c, "Q"))
        out->castle = SAN_CASTLE_QUEEN;
    else
        (void)(take(c, "KR") || (paren && take(c, "K R")) || take(c, "K"));
    if (paren && !take(c, ")")) return false;
    return true;
}

static void read_check(struct cursor *c, struct san *out)
{
    static const struct {
        const char *text;
        int check;
    } marks[] = {
        {"dblch", SAN_CHECK_CHECK}, {"disch", SAN_CHECK_CHECK},      {"mate", SAN_CHECK_MATE},
        {"ch", SAN_CHECK_CHECK},    {"++", SAN_CHECK_CHECK_OR_MATE}, {"+", SAN_CHECK_CHECK},
        {"#", SAN_CHECK_MATE}};
    (void)(take(c, "e.p.") || take(c, "ep"));
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (take(c, marks[i].text)) {
            out->check = (uint8_t)marks[i].check;
            return;
        }
}

/* ---- the long form of older books ---------------------------------------
 * "P to K 4th", "K Kt to B 3rd", "Q to K R 5 (ch)", "K to B sq", "B takes
 * Kt P", "P to K 8th (Q)": a word a name, "to" or "takes", a rank with its
 * ordinal ("sq" the first). desc_long() finds such a move and spells it as
 * the short form ("KKt-B3"), which desc_parse() reads. */

enum long_kind { LONG_NONE, LONG_NAME, LONG_TO, LONG_TAKES, LONG_SQUARE, LONG_PROMO, LONG_CHECK };

static bool word_is(const char *w, size_t n, const char *const *list)
{
    for (; *list; list++)
        if (strlen(*list) == n && !memcmp(w, *list, n)) return true;
    return false;
}

/* Appends text to out (cap DESC_MAX, kept NUL-ended) at *o; FALSE, and
 * nothing, when it does not fit. */
static bool put_short(char *out, size_t *o, const char *text)
{
    size_t k = strlen(text);
    if (*o + k + 1 > DESC_MAX) return false;
    memcpy(out + *o, text, k + 1);
    *o += k;
    return true;
}

/* The kind of word w[0, n) and its short spelling, appended to out at *o
 * (put_short()). */
static enum long_kind long_word(const char *w, size_t n, char *out, size_t *o)
{
    static const char *const to[] = {"to", "To", "-", NULL};
    static const char *const takes[] = {"takes", "Takes", "x", "X", "tks", NULL};
    static const char *const check[] = {"ch", "(ch)", "check", "(check)", "+", NULL};
    static const char *const mate[] = {"mate", "(mate)", "checkmate", "#", NULL};
    static const char *const promo[] = {"(Q)", "(R)", "(B)", "(Kt)", "(N)", NULL};
    const char *text;
    enum long_kind kind;
    char buf[DESC_MAX];
    /* an abbreviation's dot, a possessive ("K's B"), a comma before "ch" */
    while (n > 1 && (w[n - 1] == '.' || w[n - 1] == ','))
        n--;
    if (n > 2 && w[n - 2] == '\'' && w[n - 1] == 's') n -= 2;
    if (word_is(w, n, to)) {
        text = "-", kind = LONG_TO;
    } else if (word_is(w, n, takes)) {
        text = "x", kind = LONG_TAKES;
    } else if (word_is(w, n, check)) {
        text = "ch", kind = LONG_CHECK;
    } else if (word_is(w, n, mate)) {
        text = "mate", kind = LONG_CHECK;
    } else if (word_is(w, n, promo)) {
        snprintf(buf, sizeof buf, "%.*s", (int)n, w);
        text = buf, kind = LONG_PROMO;
    } else if (n == 2 && !memcmp(w, "sq", 2)) {
        text = "1", kind = LONG_SQUARE;
    } else {
        /* names ("Kt", "QB", "P"), then maybe a rank and its ordinal */
        size_t k = 0;
        while (k < n && w[k] && strchr("PKtNBRQ", w[k]) && (w[k] != 't' || (k && w[k - 1] == 'K')))
            k++;
        if (k < n && w[k] >= '1' && w[k] <= '8') {
            /* its ordinal: "st", "nd", "rd", "th", "d", or two letters
             * a scan made of them ("4tb") */
            if (n - k - 1 > 2) return LONG_NONE;
            if (n - k == 2 && w[k + 1] == 'q') return LONG_NONE; /* "5q": "sq" misread */
            for (size_t j = k + 1; j < n; j++)
                if (w[j] < 'a' || w[j] > 'z') return LONG_NONE;
            snprintf(buf, sizeof buf, "%.*s", (int)k + 1, w);
            kind = LONG_SQUARE;
        } else if (k == n && n > 0 && n <= 4) {
            snprintf(buf, sizeof buf, "%.*s", (int)n, w);
            kind = LONG_NAME;
        } else {
            return LONG_NONE;
        }
        text = buf;
    }
    return put_short(out, o, text) ? kind : LONG_NONE;
}

/* Edits (bytes replaced, added or dropped) from w[0, n) to word, for
 * short words (n < 16; more: a large number). */
static size_t edits(const char *w, size_t n, const char *word)
{
    size_t m = strlen(word), row[16];
    if (n >= 16 || m >= 16) return 16;
    for (size_t j = 0; j <= m; j++)
        row[j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t best = diag + (w[i - 1] != word[j - 1]);
            if (row[j] + 1 < best) best = row[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            diag = row[j];
            row[j] = best;
        }
    }
    return row[m];
}

/* What may follow a name's first letter in a scan: a knight's "t" misread
 * ("Kt", "Kl", "Kf", "K+", "Kk"), a stray "o" ("Qo"), a wing's piece
 * ("KB", "QR"); no file or digit
 * (SAN's "Kd4 To 7", a German rook, is no move in words). */
static bool loose_name_tail(const char *w, size_t n)
{
    if (n > 2) return false;
    for (size_t i = 0; i < n; i++)
        if (!w[i] || !strchr("tlfik+oOTPKNBRQD", w[i])) return false;
    return true;
}

/* Is w[0, n) "ch" with its h misread ("ck", "cn", "cb", "c+", "cli"), in
 * parentheses or not, a full stop after it or not? */
static bool ch_misread(const char *w, size_t n)
{
    size_t i = 0;
    if (n && w[0] == '(') i++, n -= n > 1 && w[n - 1] == ')';
    if (n && (w[n - 1] == '.' || w[n - 1] == ',')) n--;
    if (n - i == 3) return !strncmp(w + i, "cli", 3);
    return n - i == 2 && w[i] == 'c' && w[i + 1] && strchr("knb+K", w[i + 1]);
}

static bool holds_ch(const char *w, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (w[i] == 'c' && w[i + 1] == 'h') return true;
    return false;
}

/* w[0, n) with the Cyrillic and Greek letters that look like Latin ones
 * folded to those ("t\u043e" is "to"), into out (n + 1 bytes at least). */
static size_t fold_lookalikes(const char *w, size_t n, char *out)
{
    static const struct {
        char lead, tail, latin;
    } like[] = {
        {'\xD0', '\xB0', 'a'}, {'\xD1', '\x81', 'c'}, {'\xD0', '\xB5', 'e'}, {'\xD0', '\xBE', 'o'},
        {'\xD1', '\x80', 'p'}, {'\xD1', '\x85', 'x'}, {'\xD0', '\x90', 'A'}, {'\xD0', '\x92', 'B'},
        {'\xD0', '\xA1', 'C'}, {'\xD0', '\x95', 'E'}, {'\xD0', '\x9D', 'H'}, {'\xD0', '\x9A', 'K'},
        {'\xD0', '\x9C', 'M'}, {'\xD0', '\x9E', 'O'}, {'\xD0', '\xA0', 'P'}, {'\xD0', '\xA2', 'T'},
        {'\xD0', '\x97', '3'}, {'\xD0', '\xB3', 'r'}, {'\xCE', '\x91', 'A'}, {'\xCE', '\x92', 'B'},
        {'\xCE', '\x95', 'E'}, {'\xCE', '\x97', 'H'}, {'\xCE', '\x9A', 'K'}, {'\xCE', '\x9D', 'N'},
        {'\xCE', '\x9F', 'O'}, {'\xCE', '\xA1', 'P'}, {'\xCE', '\xA4', 'T'}, {'\xCE', '\xBF', 'o'},
    };
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        while (i + 1 < n && k < sizeof like / sizeof like[0] &&
               (like[k].lead != w[i] || like[k].tail != w[i + 1]))
            k++;
        if (i + 1 < n && k < sizeof like / sizeof like[0])
            out[o++] = like[k].latin, i++;
        else
            out[o++] = w[i];
    }
    out[o] = 0;
    return o;
}

/* a[0, n) with the letters a scan confuses with those of "to" and
 * "takes" put back ("f", "+" and "T" for t, "Q", "O", "0" for o, "d" for a,
 * "K" for k, "c" for e, "5" and "S" for s), into v; returns its length.
 * (A word with another digit is no verb.) */
static size_t verb_letters(const char *a, size_t n, char *v)
{
    static const char from[] = "f+TQO0dKc5S", to[] = "tttoooakess";
    for (size_t i = 0; i < n; i++) {
        const char *hit = a[i] ? strchr(from, a[i]) : NULL;
        v[i] = hit ? to[hit - from] : a[i];
    }
    v[n] = 0;
    return n;
}

/* Is v[0, n) (verb_letters()'s) "to" an edit off once its c is read as
 * the o a scan took for one ("ttc", "tc")? verb_letters() reads a c as
 * the e of "takes" ("takcs"). */
static bool to_with_c(const char *v, size_t n)
{
    char w[4];
    if (n > 3 || !memchr(v, 'e', n)) return false;
    for (size_t i = 0; i < n; i++)
        w[i] = v[i] == 'e' ? 'o' : v[i];
    return edits(w, n, "to") <= 1;
}

bool desc_is_name(const char *w, size_t n)
{
    if (n == 2) return w[0] == 'K' && w[1] == 't';
    return n == 1 && strchr("KQRBNP", w[0]) && w[0];
}

bool desc_is_ordinal(const char *s, size_t n)
{
    static const char *const ends[] = {"st", "nd", "rd", "th"};
    for (size_t k = 0; n == 2 && k < sizeof ends / sizeof ends[0]; k++)
        if (tolower((unsigned char)s[0]) == ends[k][0] &&
            tolower((unsigned char)s[1]) == ends[k][1])
            return true;
    return false;
}

/* long_word() for a scan's damage (desc_long_loose()): a word one edit
 * from "to", "sq" or "ch", or two from "takes" (*guessed set), a rank whose digit or
 * ordinal was misread ("Sth", "3rгd", "4+h": its first character kept,
 * fix weighs it) or whose digit was lost ("th"), a name of P K N B R Q and
 * a letter or two after ("Kl", "kt"), or a Cyrillic or Greek look-alike
 * of one ("Р", "Κ", "В"). */
static enum long_kind loose_word(const char *word, size_t len, bool verb_ok, char *out, size_t *o,
                                 bool *guessed)
{
    /* (stray marks inside it dropped: "t\"o", "C(h", "K/t") */
    char w[DESC_MAX], buf[DESC_MAX];
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < sizeof w; i++)
        if (!strchr("\"'`_~^*!?;:\\/", word[i]) || !word[i]) w[n++] = word[i];
    /* (and a dash, comma or dot before a name: "to -Q 2nd", "to ,Kt 3rd";
     * not "P-K4"; or a bracket no bracket closes: "to (K B 3rd", inside
     * a name too, "K(t", or one that closes none: "K)t") */
    if (n >= 2 && strchr("-,.", w[0]) && w[1] >= 'A' && w[1] <= 'Z') memmove(w, w + 1, --n);
    if (n >= 2 && w[0] == '(' && w[1] && strchr("PKNBRQ", w[1]) && !memchr(w, ')', n))
        memmove(w, w + 1, --n);
    if (n == 3 && w[0] == 'K' && (w[1] == '(' || w[1] == ')') && w[2] == 't')
        memmove(w + 1, w + 2, --n);
    bool stray = n < len;
    while (n > 1 && (w[n - 1] == '.' || w[n - 1] == ','))
        n--;
    w[n] = 0;
    /* the words' letters with their look-alikes folded ("t\u043e"); a
     * name keeps them (fix weighs them) */
    char a[DESC_MAX], v[DESC_MAX];
    size_t an = fold_lookalikes(w, n, a);
    /* and a scan's confusions of the letters of "to" and "takes" undone,
     * where the move's verb may stand ("fQ", "+o", "tdkes") */
    size_t vn = verb_ok ? verb_letters(a, an, v) : 0;
    for (size_t i = 0; i < vn; i++)
        if (v[i] >= '0' && v[i] <= '9') verb_ok = false;
    if (an >= 2 && san_is_square(a)) verb_ok = false; /* (a square: "N f5") */
    const char *text = buf;
    enum long_kind kind;
    *guessed = true;
    unsigned char c1 = n > 1 ? (unsigned char)w[1] : 0;
    /* Cyrillic and Greek capitals that look like P, K, B, N (UTF-8) */
    bool lookalike_name = n >= 2 && n <= 4 &&
                          (((unsigned char)w[0] == 0xD0 && strchr("\xA0\x9A\x92", c1) && c1) ||
                           ((unsigned char)w[0] == 0xCE && strchr("\xA1\x9A\x92\x9D", c1) && c1));
    bool ch = false; /* (the word "ch", damaged or not) */
    char low[3] = {0};
    for (size_t i = 0; i < an && i < 2; i++)
        low[i] = (char)tolower((unsigned char)a[i]);
    if (desc_is_ordinal(a, an) || !strcmp(a, "d")) {
        /* a rank, its digit lost ("th": no "to"); "rd", "nd" and "st" say
         * which ("P to R Rd": P-R3, a guess) */
        text = !strcmp(low, "rd") ? "3" : !strcmp(low, "nd") ? "2" : !strcmp(low, "st") ? "1" : "";
        kind = LONG_SQUARE;
        *guessed = *text != 0;
    } else if (verb_ok && vn <= 3 && (edits(v, vn, "to") <= 1 || to_with_c(v, vn))) {
        text = "-", kind = LONG_TO;
    } else if (verb_ok && vn >= 3 && vn <= 8 && edits(v, vn, "takes") <= 2) {
        /* (three letters of it, in order: "aes", "tks") */
        text = "x", kind = LONG_TAKES;
    } else if (an >= 2 && an <= 6 &&
               ((ch = holds_ch(a, an) || ch_misread(a, an)) || edits(a, an, "mate") <= 1)) {
        text = ch ? "ch" : "mate", kind = LONG_CHECK;
    } else if (an == 2 && (a[1] == 'q' || ((a[0] == 's' || a[0] == 'S') && strchr("9gQ", a[1])))) {
        /* "sq" misread: "5q", "Sq", "s9", "sg", "sQ", "SQ" */
        text = "1", kind = LONG_SQUARE;
    } else if (an == 1 && a[0] == 's' && n == 1) {
        /* or its q lost: "K to R s" (a guess) */
        text = "1", kind = LONG_SQUARE;
    } else if (an == 3 && (a[0] == 's' || a[0] == 'S') &&
               ((strchr("q9g", a[1]) && ((a[2] >= 'a' && a[2] <= 'z') || a[2] == '9')) ||
                (a[1] == 's' && strchr("q9g", a[2]) && a[2]))) {
        /* and a stroke read twice or a letter more: "sqq", "sqg", "ssq"
         * (not "Sth": a rank whose digit was misread) */
        text = "1", kind = LONG_SQUARE;
    } else if (an >= 1 && an <= 6 && a[0] >= '1' && a[0] <= '8') {
        /* a rank, its ordinal misread ("4+h", "3Rd", "5tli"), its digit
         * a Cyrillic look-alike's ("\u0417rd") */
        *guessed = false;
        snprintf(buf, sizeof buf, "%c", a[0]);
        kind = LONG_SQUARE;
    } else if (n >= 2 && n <= 4 && strchr("SsZzlI|OoBbgqAG", w[0]) &&
               (c1 >= 0x80 || (c1 >= 'a' && c1 <= 'z') || c1 == '+' ||
                (n == 3 && desc_is_ordinal(w + 1, 2))) &&
               !(n == 3 && san_is_square(w + 1))) {
        /* (an ordinal in a scan's capitals too: "zNd"; not a letter
         * before a square, a piece's initial misread: "Ah7") */
        *guessed = false; /* a rank whose digit was misread: "Sth", "Ath" (fix weighs it) */
        snprintf(buf, sizeof buf, "%c", w[0]);
        kind = LONG_SQUARE;
    } else if ((w[0] && strchr("PKNBRQD", w[0]) && loose_name_tail(a + 1, an - 1)) ||
               (n == 2 && w[0] == 'k' && loose_name_tail(w + 1, 1)) ||
               (n == 2 && w[0] && strchr("PNBRQ", w[0]) && w[1] == w[0] + ('a' - 'A')) ||
               (n == 1 && w[0] && strchr("pknbrq0Ootf", w[0])) || lookalike_name) {
        /* a name as written ("Kl", "kt", "r", "D", "Р", its letter
         * doubled in lower case: "Rr"), or misread as a
         * look-alike ("0" or "o" for Q, "t" or "f" for Kt; long_form() reads "8"
         * and "3" for B) */
        *guessed = false;
        snprintf(buf, sizeof buf, "%.*s", (int)n, w);
        kind = LONG_NAME;
    } else {
        return LONG_NONE;
    }
    *guessed |= stray;
    return put_short(out, o, text) ? kind : LONG_NONE;
}

bool desc_castles_loose(const char *w, size_t n)
{
    if (n < 5 || n > 9 || (w[0] != 'C' && w[0] != 'c')) return false;
    char low[10];
    for (size_t i = 0; i < n; i++)
        low[i] = (char)tolower((unsigned char)w[i]);
    return edits(low, n, "castles") <= 2;
}

size_t desc_castles_side(const char *s, size_t n)
{
    size_t k = 0;
    /* (the bracket read as a c, "Castles cQR)": then only with its ")") */
    bool c_bracket = k < n && (s[k] == 'c' || s[k] == 'C');
    if (k >= n || (s[k++] != '(' && !c_bracket)) return 0;
    /* (the queen's Q a scan read as a look-alike: "(oR)", "(0R)") */
    if (k >= n || !strchr("QqKkOo0", s[k]) || !s[k]) return 0;
    k++;
    bool space = k < n && s[k] == ' ';
    k += space;
    if (k >= n || toupper((unsigned char)s[k]) != 'R') return 0;
    k++;
    /* (no ")" after a space: "to (Q R 5th" is a move a scan damaged) */
    return k < n && s[k] == ')' ? k + 1 : space || c_bracket ? 0 : k;
}

/* Edits from w[0, n) to "takes", its look-alikes read as the letters, in
 * either case (a large number past 12 bytes). */
static size_t takes_edits(const char *w, size_t n)
{
    /* (a Cyrillic or Greek look-alike is two bytes, read as its letter) */
    if (n > 12) return 100;
    char low[13];
    n = fold_lookalikes(w, n, low);
    for (size_t i = 0; i < n; i++)
        low[i] = (char)tolower((unsigned char)low[i]);
    return edits(low, n, "takes");
}

bool desc_takes_loose(const char *w, size_t n)
{
    return n >= 4 && takes_edits(w, n) <= 1;
}

/* Does c after a K make it a knight's "Kt" as a scan reads it ("Kl",
 * "Kf", "K+", "KT")? */
static bool knight_tail(char c)
{
    return (c >= 'a' && c <= 'z') || c == '+' || c == 'T';
}

/* Of the names after "to" or "takes": may name b (its first letters)
 * follow name a (0: none yet)? A wing before a file's piece or a pawn ("K
 * B", "Q Kt P", "K P"), a file's piece before a pawn ("Kt P"), no more
 * after a pawn: "B takes Kt P K Kt to B 3rd" takes the pawn. */
static bool name_follows(const char *name_a, const char *name_b, bool loose)
{
    if (!name_a) return true;
    /* (a scan's look-alikes and lower case name the same: "Q kt", "k b",
     * "Q \u041at") */
    char a[DESC_MAX], b[DESC_MAX];
    fold_lookalikes(name_a, strlen(name_a), a);
    fold_lookalikes(name_b, strlen(name_b), b);
    char a0 = (char)toupper((unsigned char)a[0]), b0 = (char)toupper((unsigned char)b[0]);
    if (a0 == 'D' || a0 == '0' || a0 == 'O')
        a0 = 'Q'; /* (the queen's wing misread: "D B", "o Kt") */
    bool a_knight = a0 == 'K' && knight_tail(a[1]);
    bool a_wing = (a0 == 'K' || a0 == 'Q') && !a_knight;
    bool b_pawn = b0 == 'P';
    bool b_file_piece = strchr("RNB", b0) || (b0 == 'K' && knight_tail(b[1])) ||
                        (b0 == 'T' && !b[1]); /* (a scan's "K t": the knight's "t") */
    /* (loosely, a lone K after a wing is the knight, its "t" lost: "Q K 3rd") */
    b_file_piece |= loose && b0 == 'K' && !b[1];
    if (a_wing) return b_pawn || (b_file_piece && b0);
    if (a0 == 'P') return false;
    return b_pawn;
}

/* Where in word w[0, n) the next move's number begins, run into the end
 * of this move by a scan that lost the space ("5th6.Kt", "P5.", "sq12,",
 * "R5Z.": its 2 read as a Z; "Kt1A.": its 4 read as an A): a digit after
 * something else that starts digits, or up to three characters of digits
 * and their look-alikes (lang/confusion.ini's), and a '.' or ','; 0 when
 * none does. */
static size_t glued_number(const char *w, size_t n)
{
    for (size_t k = 1; k + 1 < n; k++) {
        if (w[k] < '0' || w[k] > '9' || (w[k - 1] >= '0' && w[k - 1] <= '9')) continue;
        size_t j = k;
        while (j < n && w[j] >= '0' && w[j] <= '9')
            j++;
        while (j < n && j - k < 3 && w[j] && strchr("ZzSsIli|OoQDBbgqA", w[j]))
            j++;
        if (j < n && (w[j] == '.' || w[j] == ',')) return k;
    }
    return 0;
}

/* The length of the rank a word w[0, n) begins with and goes on past: a
 * rank's digit and ordinal, or "sq"; 0 when none. */
static size_t rank_before_more(const char *w, size_t n)
{
    static const char *const ends[] = {"st", "nd", "rd", "th", "d"};
    if (n >= 3 && w[0] == 's' && w[1] == 'q') return 2;
    if (n < 3 || w[0] < '1' || w[0] > '8') return 0;
    for (size_t e = 0; e < sizeof ends / sizeof *ends; e++) {
        size_t m = strlen(ends[e]);
        if (n > m + 1 && !strncmp(w + 1, ends[e], m)) return m + 1;
    }
    return 0;
}

/* Where in word w[0, n) the next move's name begins, run into this
 * move's rank by a scan that lost the space ("5thKt", "3rdP", "sqB"): a
 * rank's digit and ordinal, or "sq", then a capital name; 0 when none. */
size_t desc_glued_name(const char *w, size_t n)
{
    size_t k = rank_before_more(w, n);
    return k && strchr("PKQRBN", w[k]) && w[k] ? k : 0;
}

size_t desc_glued_number(const char *w, size_t n)
{
    size_t k = rank_before_more(w, n), j = k;
    while (j < n && w[j] >= '0' && w[j] <= '9')
        j++;
    return k && j > k && j < n && (w[j] == '.' || w[j] == ',') ? k : 0;
}

/* Is w[0, n) the letters of a rank's ordinal alone, a scan's space put
 * before them or inside them ("rd", "th", "h", "d")? */
static bool ordinal_only(const char *w, size_t n)
{
    if (!n || n > 2) return false;
    for (size_t i = 0; i < n; i++)
        if (!w[i] || !strchr("stndrh", w[i])) return false;
    return true;
}

/* What loose_word() reads w[0, n) as where a verb may stand: LONG_TO,
 * LONG_TAKES or another kind. */
static enum long_kind loose_verb(const char *w, size_t n)
{
    char buf[DESC_MAX];
    size_t o = 0;
    bool guessed;
    return loose_word(w, n, true, buf, &o, &guessed);
}

/* Is w[0, n) a name in any case ("kt", "KT", "q")? */
static bool name_any_case(const char *w, size_t n)
{
    if (n == 2) return (w[0] == 'K' || w[0] == 'k') && (w[1] == 't' || w[1] == 'T');
    return n == 1 && w[0] && strchr("KQRBNPkqrbnp", w[0]);
}

/* Where in word w[0, n) the second of two names begins, where a scan lost
 * the space between what a capture takes and the next move's piece ("QB",
 * "PKt", "KtP", "kt3": a B read as 3 or 8); 0 when the word is no two
 * names. */
static size_t glued_names(const char *w, size_t n)
{
    for (size_t k = 1; k <= 2 && k < n; k++) {
        bool bishop = n - k == 1 && (w[k] == '3' || w[k] == '8');
        if (name_any_case(w, k) && (desc_is_name(w + k, n - k) || bishop)) return k;
    }
    return 0;
}

/* Where the word after s[at] begins (spaces skipped, within n). */
static size_t next_word(const char *s, size_t at, size_t n)
{
    while (at < n && (s[at] == ' ' || s[at] == '\t'))
        at++;
    return at;
}

/* Is the word after s[at] (spaces skipped, within n) a verb, "to" or
 * "takes", a scan's damage of either too? */
static bool verb_follows(const char *s, size_t at, size_t n)
{
    at = next_word(s, at, n);
    size_t e = at;
    while (e < n && !strchr(" \t\r\n", s[e]))
        e++;
    if (e == at) return false;
    enum long_kind kind = loose_verb(s + at, e - at);
    return kind == LONG_TO || kind == LONG_TAKES;
}

/* Does the word after s[at] (spaces skipped, within n) begin with a
 * rank's digit or "sq"? */
static bool rank_follows(const char *s, size_t at, size_t n)
{
    at = next_word(s, at, n);
    return at < n &&
           ((s[at] >= '1' && s[at] <= '8') || (at + 1 < n && s[at] == 's' && s[at + 1] == 'q'));
}

/* desc_long(), or with loose desc_long_loose(): its guesses at damaged
 * words into *guesses. */
static size_t long_form(const char *s, size_t n, bool loose, char *out, int *guesses)
{
    /* names, "to" or "takes", then names and a square or names alone, then
     * a promotion and a check mark; each place a move may end at is kept,
     * and the longest whose short form reads is the move ("B takes Kt Q to
     * R 5" is two, and so is "B takes Kt P takes B") */
    enum { ENDS = 8 };
    size_t at = 0, o = 0, words = 0, ends[ENDS], lens[ENDS], name_end = 0, name_len = 0;
    int name_guesses = 0;
    int n_ends = 0, guessed = 0, guesses_at[ENDS];
    char buf[DESC_MAX], name[8];
    const char *last_name = NULL;
    bool to = false, taken = false, done = false, lone_rank = false, open_rank = false;
    bool takes_first = false; /* loosely, the name lost: "takes P" */
    while (at < n && n_ends < ENDS) {
        while (at < n && (s[at] == ' ' || s[at] == '\t'))
            at++;
        size_t w = at;
        while (at < n && s[at] != ' ' && s[at] != '\t' && s[at] != '\n' && s[at] != '\r')
            at++;
        if (at == w) break;
        /* (a scan's "t o": one word, "to") */
        if (loose && at - w == 1 && s[w] == 't' && at + 1 < n && s[at] == ' ' && s[at + 1] == 'o' &&
            (at + 2 == n || s[at + 2] == ' ' || s[at + 2] == '\t'))
            at += 2;
        /* (a scan's: the next move's number run into this word: the move
         * ends before it) */
        size_t glued = loose ? glued_number(s + w, at - w) : 0;
        /* (or the next move's name run into this one's rank: "5thKt") */
        if (!glued && loose && (to || taken)) glued = desc_glued_name(s + w, at - w);
        /* (or the next move's piece run into what this one takes, the
         * next move's verb after it: "Q takes QB takes Q" is "Q takes Q",
         * "B takes Q"; no move begins with a verb) */
        if (!glued && loose && taken && !n_ends && verb_follows(s, at, n))
            glued = glued_names(s + w, at - w);
        if (glued) at = w + glued;
        /* (a bracket that closes none the word opens closes a variation
         * the move ends: "(2. P to K B 4th)"; not a check mark's, "(ch)"
         * damaged: "Cch)", nor one after a verb, a scan's stray mark:
         * "R t\u03bf) Q sq") */
        bool closes = !glued && at - w >= 2 && s[at - 1] == ')' && !memchr(s + w, '(', at - w) &&
                      !holds_ch(s + w, at - w);
        if (closes) {
            enum long_kind verb = loose_verb(s + w, at - w - 1);
            closes = verb != LONG_TO && verb != LONG_TAKES;
        }
        if (closes) at--;
        size_t was = o;
        enum long_kind kind = long_word(s + w, at - w, buf, &o);
        bool guess = false;
        /* (the verb where it may stand: after a name, or a word of more
         * than one byte first, its name lost) */
        bool verb_ok = !to && !taken && (words > 0 || at - w > 1);
        if (kind == LONG_NONE && loose) kind = loose_word(s + w, at - w, verb_ok, buf, &o, &guess);
        /* (loosely, a move's first word "8" or "3" is a B misread, not a
         * rank, and "t" a Kt, not "to") */
        if (loose && !words && at - w == 1 &&
            ((kind == LONG_SQUARE && (s[w] == '8' || s[w] == '3')) || s[w] == 't')) {
            o = was, buf[o] = 0;
            char one[2] = {s[w], 0};
            kind = put_short(buf, &o, one) ? LONG_NAME : LONG_NONE;
            guess = false;
        }
        /* (loosely, a scan's space inside "takes": "+ake s", "ta kes") */
        if (loose && !to && !taken && (kind == LONG_TO || kind == LONG_TAKES)) {
            size_t w2 = at, e2;
            while (w2 < n && s[w2] == ' ')
                w2++;
            for (e2 = w2; e2 < n && !strchr(" \t\r\n", s[e2]); e2++)
                ;
            char joined[16];
            size_t jn = at - w + e2 - w2;
            if (w2 > at && e2 > w2 && e2 - w2 <= 3 && jn < sizeof joined) {
                memcpy(joined, s + w, at - w);
                memcpy(joined + (at - w), s + w2, e2 - w2);
                if (desc_takes_loose(joined, jn) &&
                    takes_edits(joined, jn) < takes_edits(s + w, at - w)) {
                    o = was, buf[o] = 0;
                    kind = put_short(buf, &o, "x") ? LONG_TAKES : LONG_NONE;
                    guess = true;
                    at = e2;
                }
            }
        }
        /* (loosely, a lone "+" after "to" before the rank is the knight's
         * file, its K lost and its t misread: "B to + 2nd", "R to Q + sq",
         * a guess) */
        if (loose && to && !done && kind == LONG_CHECK && at - w == 1 && s[w] == '+' &&
            rank_follows(s, at, n)) {
            o = was, buf[o] = 0;
            kind = put_short(buf, &o, "Kt") ? LONG_NAME : LONG_NONE;
            guess = true;
        }
        /* (loosely, "+h" after "to" and the file's names is the rank,
         * its digit lost and its t misread: "R to K +h", a guess) */
        if (loose && to && !done && kind == LONG_NONE && at - w == 2 && s[w] == '+' &&
            s[w + 1] == 'h' && last_name) {
            o = was, buf[o] = 0;
            kind = LONG_SQUARE;
            guess = true;
        }
        /* (loosely, what a capture takes a B misread as 3 or 8: "Q takes 3
         * P, ch.", a guess) */
        if (loose && taken && !n_ends && kind == LONG_SQUARE && at - w == 1 &&
            (s[w] == '3' || s[w] == '8')) {
            o = was, buf[o] = 0;
            kind = put_short(buf, &o, "B") ? LONG_NAME : LONG_NONE;
            guess = true;
        }
        /* (loosely, a lone "q" after "to" and a file's names where no name
         * may follow them is "sq", its s lost: "R to Q B q", a guess) */
        if (loose && to && !done && kind == LONG_NAME && at - w == 1 && s[w] == 'q' && last_name &&
            !name_follows(last_name, buf + was, loose)) {
            o = was, buf[o] = 0;
            kind = put_short(buf, &o, "1") ? LONG_SQUARE : LONG_NONE;
            guess = true;
        }
        bool fits;
        /* (the names after "to" or "takes" in the order they go together) */
        if ((to || taken) && kind == LONG_NAME && !name_follows(last_name, buf + was, loose)) {
            o = was, buf[o] = 0;
            break;
        }
        if ((to || taken) && kind == LONG_NAME) {
            snprintf(name, sizeof name, "%s", buf + was);
            last_name = name;
        }
        if (!to && !taken) {
            /* (loosely, the name lost: " to K 2nd", a guess) */
            fits = kind == LONG_NAME ||
                   ((words > 0 || loose) && (kind == LONG_TO || kind == LONG_TAKES));
            if (fits && !words && kind != LONG_NAME && !guess) guess = true;
            to = kind == LONG_TO, taken = kind == LONG_TAKES;
            takes_first = fits && !words && taken && desc_takes_loose(s + w, at - w);
        } else if (!done) {
            /* (what is taken is named: "takes 7." is the next move's number) */
            /* (loosely, what is taken lost before a check: "R takes ch",
             * a guess) */
            bool lost = loose && taken && !n_ends && kind == LONG_CHECK;
            fits = kind == LONG_NAME || (kind == LONG_SQUARE && to) || lost ||
                   (n_ends && (kind == LONG_CHECK || kind == LONG_PROMO));
            guess |= lost;
            done = kind == LONG_SQUARE || kind == LONG_CHECK || kind == LONG_PROMO;
            lone_rank = loose && kind == LONG_SQUARE && at - w == 1 && (s[w] == '3' || s[w] == '8');
            /* (a rank's digit and at most a letter of its ordinal: the
             * rest may follow, a scan's space before it; not after "sq"
             * or "4th", where "r" begins the next move: "r o r sq") */
            open_rank = kind == LONG_SQUARE && at - w <= 2 && s[w] != 's';
        } else if (loose && open_rank && ordinal_only(s + w, at - w)) {
            open_rank = false;
            o = was, buf[o] = 0;
            fits = true; /* a scan's space inside the rank: "3 rd", "4t h" */
            guess = false;
        } else if (lone_rank && kind == LONG_SQUARE && o > was && at - w >= 2 &&
                   ((s[w + 1] >= 'a' && s[w + 1] <= 'z') || (s[w + 1] >= 'A' && s[w + 1] <= 'Z') ||
                    s[w + 1] == '+')) {
            /* "R to 8 6th": the "8" a B misread, the rank and its ordinal
             * after it, its t maybe misread ("P to Q 8 4+h"; kept as
             * written: fix weighs it); not "Kt to B 3 3.", the next move's
             * number */
            fits = true;
            lone_rank = false;
        } else {
            fits = kind == LONG_PROMO || kind == LONG_CHECK;
        }
        if (!fits) {
            /* "B takes Kt P takes B": the last name begins the next move
             * (loosely, its verb damaged too: "P t\u0430kes B") */
            if (kind == LONG_NONE && loose) kind = loose_verb(s + w, at - w);
            if ((kind == LONG_TO || kind == LONG_TAKES) && n_ends > 1) n_ends--;
            break;
        }
        words++;
        guessed += guess;
        if ((to && done) || (taken && kind != LONG_TAKES)) {
            ends[n_ends] = at, lens[n_ends] = o, guesses_at[n_ends++] = guessed;
        } else if (loose && to && !done && kind == LONG_NAME) {
            name_end = at, name_len = o, name_guesses = guessed + 1;
        }
        if (kind == LONG_CHECK || glued || closes) break;
    }
    /* (loosely, with no end that reads, one whose rank was lost to damage
     * past reading: "B to Kt fh" is "B-Kt", a guess) */
    if (!n_ends && name_end)
        ends[0] = name_end, lens[0] = name_len, guesses_at[n_ends++] = name_guesses;
    struct san san;
    for (int k = n_ends - 1; k >= 0 && (words >= 3 || (takes_first && words == 2)); k--) {
        buf[lens[k]] = 0;
        if (!loose && desc_parse(buf, lens[k], &san, NULL) != SAN_OK) continue;
        memcpy(out, buf, lens[k] + 1);
        if (guesses) *guesses = guesses_at[k];
        return ends[k];
    }
    out[0] = 0;
    return 0;
}

size_t desc_long(const char *s, size_t n, char *out)
{
    return long_form(s, n, false, out, NULL);
}

size_t desc_long_loose(const char *s, size_t n, char *out, int *guesses)
{
    return long_form(s, n, true, out, guesses);
}

enum san_status desc_parse(const char *text, size_t len, struct san *out, struct san_error *err)
{
    struct cursor c = {text, len, 0};
    san_clear(out);
    if (read_castling(&c, out)) {
        read_check(&c, out);
        return c.at == len ? SAN_OK
                           : san_invalid(err, (int)c.at + 1, "unexpected text after castling");
    }
    if (memchr(text, ' ', len)) { /* "P to K 4th" */
        char short_form[DESC_MAX];
        if (desc_long(text, len, short_form) != len)
            return san_invalid(err, 1, "not a descriptive move in words (P to K 4th)");
        return desc_parse(short_form, strlen(short_form), out, err);
    }
    struct named mover, place, target;
    if (!read_named(&c, &mover) || mover.type == NO_TYPE)
        return san_invalid(err, 1, "a descriptive move begins with the piece that moves");
    out->piece = (int8_t)mover.type;
    out->from_files = (uint8_t)mover.files;
    out->from_wing = (uint8_t)mover.wing;
    if (read_place(&c, &place)) {
        out->from_files = place.files ? (uint8_t)place.files : out->from_files;
        out->from_rank = (int8_t)place.rank;
        out->relative = 1;
    }
    if (take(&c, "-")) {
        out->capture = SAN_CAPTURE_NO;
        if (!read_named(&c, &target) || target.rank < 0)
            return san_invalid(err, (int)c.at + 1,
                               "'-' must be followed by a square (K4, KB3, B3)");
    } else if (take(&c, "x")) {
        out->capture = SAN_CAPTURE_YES;
        if (!read_named(&c, &target))
            return san_invalid(err, (int)c.at + 1,
                               "'x' must be followed by what is taken (P, N, KBP)");
        out->captured = (int8_t)target.type;
        out->to_wing = (uint8_t)target.wing;
        if (target.type != NO_TYPE && read_place(&c, &place)) {
            target.files = place.files ? place.files : target.files;
            target.rank = place.rank;
        }
    } else {
        return san_invalid(err, (int)c.at + 1, "expected '-' or 'x' after the piece");
    }
    out->to_files = (uint8_t)target.files;
    if (target.rank >= 0) out->to_rank = (int8_t)target.rank, out->relative = 1;
    bool paren = take(&c, "(");
    if (paren || take(&c, "=") || take(&c, "/")) {
        out->promotion = (int8_t)promotion_of(&c);
        if (out->promotion == NO_TYPE || (paren && !take(&c, ")")))
            return san_invalid(err, (int)c.at + 1, "expected a promotion piece (Q, R, B, N)");
    } else if (target.rank == 7) {
        out->promotion = (int8_t)promotion_of(&c); /* "P-K8Q" */
    }
    read_check(&c, out);
    if (c.at != len) {
        unsigned char ch = (unsigned char)text[c.at];
        return ch >= 0x20 && ch < 0x7f ? san_invalid(err, (int)c.at + 1, "unexpected '%c'", ch)
                                       : san_invalid(err, (int)c.at + 1, "unexpected text");
    }
    return SAN_OK;
}

/* ---- the writer ---------------------------------------------------------- */

static int rel_rank(int sq, int side)
{
    return side == WHITE ? sq_rank(sq) : 7 - sq_rank(sq);
}

/* The wing whose bishop of color stands on sq's shade. */
static const char *bishop_wing(int sq, int color)
{
    return king_bishop_squares(color) & BB(sq) ? "K" : "Q";
}

/* Up to four spellings of the piece of type on sq, owned by color, shortest
 * first; the last names its square. */
static int spell_piece(int type, int sq, int color, bool square_last, char out[4][16])
{
    int n = 0, f = sq_file(sq);
    snprintf(out[n++], 16, "%c", piece_letter[type]);
    if (type == PAWN) {
        snprintf(out[n++], 16, "%sP", short_file[f]);
        snprintf(out[n++], 16, "%sP", full_file[f]);
    } else if (type == KNIGHT || type == ROOK) {
        snprintf(out[n++], 16, "%s%c", f >= 4 ? "K" : "Q", piece_letter[type]);
    } else if (type == BISHOP) {
        snprintf(out[n++], 16, "%sB", bishop_wing(sq, color));
    }
    if (square_last)
        snprintf(out[n++], 16, "%c/%s%d", piece_letter[type], full_file[f],
                 rel_rank(sq, color) + 1);
    return n;
}

/* Does text read back as m in pos? */
static bool reads_as(const struct position *pos, const char *text, move_t m)
{
    struct san san;
    move_t got;
    return desc_parse(text, strlen(text), &san, NULL) == SAN_OK &&
           san_resolve(pos, &san, SAN_VERIFY_CAPTURE, &got, NULL) == SAN_OK && got == m;
}

static size_t finish(const struct position *pos, move_t m, char *buf, size_t n)
{
    /* PGN's marks: books write "ch" and "mate", apart */
    n += (size_t)snprintf(buf + n, DESC_MAX - n, "%s", san_check_mark(pos, m));
    return n;
}

/* Appends text to buf[0, n); returns the new length. (No snprintf: fix
 * spells every legal move of every position it weighs.) */
static size_t cat(char *buf, size_t n, const char *text)
{
    size_t k = strlen(text);
    memcpy(buf + n, text, k + 1);
    return n + k;
}

static size_t cat_char(char *buf, size_t n, char c)
{
    buf[n++] = c;
    buf[n] = 0;
    return n;
}

/* Appends the piece of type on sq qualified by its wing or a pawn by its
 * file, the short name ("KR", "QB", "NP", "KP") or with full (the wing
 * too: "QNP"); color owns it. Returns the new length, n when nothing tells
 * it apart (a queen, a king) or full adds nothing. */
static size_t cat_qualified(char *buf, size_t n, int type, int sq, int color, bool full)
{
    int f = sq_file(sq);
    if (type == PAWN && full && ONE_NAME(f)) return n;
    if (type == PAWN) return cat_char(buf, cat(buf, n, (full ? full_file : short_file)[f]), 'P');
    if (full) return n;
    if (type == KNIGHT || type == ROOK)
        return cat_char(buf, cat(buf, n, sq_file(sq) >= 4 ? "K" : "Q"), piece_letter[type]);
    if (type == BISHOP) return cat_char(buf, cat(buf, n, bishop_wing(sq, color)), 'B');
    return n;
}

size_t desc_spell(const struct position *pos, move_t m, int variant, const char *mark, char *buf)
{
    if (!mark) mark = san_check_mark(pos, m);
    buf[0] = 0;
    if (move_kind(m) == MOVE_CASTLING) {
        /* "O-O", "Castles", "Castles(QR)" ("CastlesQR" for the words) */
        static const char *const king_side[] = {"O-O", "Castles", NULL};
        static const char *const queen_side[] = {"O-O-O", "CastlesQR", "Castles(QR)"};
        bool king = sq_file(move_to(m)) > sq_file(move_from(m));
        const char *text = variant > 2 ? NULL : (king ? king_side : queen_side)[variant];
        if (!text) return 0;
        return cat(buf, cat(buf, 0, text), mark);
    }
    int us = pos->side, from = move_from(m), to = move_to(m), f = sq_file(to);
    int type = piece_type(pos->board[from]);
    bool capture = pos_is_capture(pos, m);
    size_t n = 0;
    if (variant >= 5) {
        /* a piece named by its square, desc_write()'s last resort:
         * "R/QB1-B6", "N/K4xP"; or what it takes: "RxR/Q8"; or by its
         * square with the destination's wing or what it takes qualified,
         * as books write it too: "R/K1-KB1", "N/Q4xNP" */
        int victim = pos_captured_type(pos, m);
        /* (a pawn's or king's capture too: "PxP/Q4", "KxP/QB5") */
        if (variant == 6 ? !capture : type == PAWN || type == KING) return 0;
        if (variant == 7 && !capture && ONE_NAME(f)) return 0; /* (K1, Q1: variant 5's) */
        /* (cat()s, not snprintf(): fix spells every legal move so) */
        n = cat_char(buf, 0, piece_letter[type]);
        if (variant != 6) {
            n = cat(buf, cat_char(buf, n, '/'), full_file[sq_file(from)]);
            n = cat_char(buf, n, (char)('1' + rel_rank(from, us)));
            if (capture) {
                n = cat_char(buf, n, 'x');
                size_t was = n;
                if (variant == 5)
                    n = cat_char(buf, n, piece_letter[victim]);
                else if ((n = cat_qualified(buf, n, victim, to, !us, false)) == was)
                    return buf[0] = 0, 0;
            } else {
                n = cat(buf, cat_char(buf, n, '-'), (variant == 5 ? short_file : full_file)[f]);
                n = cat_char(buf, n, (char)('1' + rel_rank(to, us)));
            }
        } else {
            n = cat_char(buf, cat_char(buf, n, 'x'), piece_letter[victim]);
            n = cat(buf, cat_char(buf, n, '/'), full_file[f]);
            n = cat_char(buf, n, (char)('1' + rel_rank(to, us)));
        }
        if (move_kind(m) == MOVE_PROMOTION)
            n = cat_char(buf, cat_char(buf, n, '='), piece_letter[move_promotion(m)]);
        return cat(buf, n, mark);
    }
    if (variant == 2 || variant == 3) {
        /* (a pawn that takes nothing is never in doubt) */
        if (type == PAWN && !capture) return 0;
        n = cat_qualified(buf, 0, type, from, us, false);
        if (!n) return 0;
    } else {
        n = cat_char(buf, 0, piece_letter[type]);
    }
    if (capture) {
        int victim = pos_captured_type(pos, m);
        n = cat_char(buf, n, 'x');
        size_t was = n;
        bool named = variant == 1 || variant == 3 || variant == 4;
        if (named && (n = cat_qualified(buf, n, victim, to, !us, variant == 4)) == was)
            return buf[0] = 0, 0;
        if (!named) n = cat_char(buf, n, piece_letter[victim]);
    } else {
        bool full = variant == 1 || variant == 3;
        if (variant == 4 || (full && ONE_NAME(f))) return buf[0] = 0, 0; /* (K4, Q4) */
        n = cat_char(buf, n, '-');
        n = cat(buf, n, full ? full_file[f] : short_file[f]);
        n = cat_char(buf, n, (char)('1' + rel_rank(to, us)));
    }
    if (move_kind(m) == MOVE_PROMOTION)
        n = cat_char(buf, cat_char(buf, n, '='), piece_letter[move_promotion(m)]);
    return cat(buf, n, mark);
}

size_t desc_write(const struct position *pos, move_t m, char *buf)
{
    if (m == MOVE_NONE || m == MOVE_NULL) return (size_t)snprintf(buf, DESC_MAX, "--");
    if (move_kind(m) == MOVE_CASTLING) {
        size_t n = (size_t)snprintf(buf, DESC_MAX, "%s",
                                    sq_file(move_to(m)) > sq_file(move_from(m)) ? "O-O" : "O-O-O");
        return finish(pos, m, buf, n);
    }
    int us = pos->side, from = move_from(m), to = move_to(m);
    int type = piece_type(pos->board[from]);
    char promo[4] = "";
    if (move_kind(m) == MOVE_PROMOTION)
        snprintf(promo, sizeof promo, "=%c", piece_letter[move_promotion(m)]);
    char movers[4][16], targets[4][16];
    int n_movers = spell_piece(type, from, us, true, movers), n_targets;
    if (pos_is_capture(pos, m)) {
        int victim = pos_captured_type(pos, m);
        n_targets = spell_piece(victim, to, !us, false, targets);
        /* the victim's square, from the mover's end ("BxN/KB6") */
        snprintf(targets[n_targets++], 16, "%c/%s%d", piece_letter[victim], full_file[sq_file(to)],
                 rel_rank(to, us) + 1);
    } else {
        n_targets = 0;
        snprintf(targets[n_targets++], 16, "%s%d", short_file[sq_file(to)], rel_rank(to, us) + 1);
        snprintf(targets[n_targets++], 16, "%s%d", full_file[sq_file(to)], rel_rank(to, us) + 1);
    }
    const char *sep = pos_is_capture(pos, m) ? "x" : "-";
    for (int i = 0; i < n_movers; i++)
        for (int j = 0; j < n_targets; j++) {
            size_t n =
                (size_t)snprintf(buf, DESC_MAX, "%s%s%s%s", movers[i], sep, targets[j], promo);
            if (reads_as(pos, buf, m)) return finish(pos, m, buf, n);
        }
    /* (not reached for a legal move: square to square is always one) */
    size_t n = (size_t)snprintf(buf, DESC_MAX, "%s%s%s%s", movers[n_movers - 1], sep,
                                targets[n_targets - 1], promo);
    return finish(pos, m, buf, n);
}
