/* Mending what damage did to a game's shape before fix reads it (mend.h):
 * parts of one game that the reader took for games of their own joined
 * again, a game that opens inside another's text split off, and brackets
 * that opened no variation dropped. Works on the recorded games of
 * src/replay.h, reading a few moves through src/resolve.h where the
 * moves must say whether a part opens a game; src/cmd_fix.c and
 * src/fix_solve.c call it. */
#include "mend.h"

#include "movegen.h"
#include "resolve.h"
#include "tokens.h"
#include "uci.h"

#include <string.h>

#define NUMBERED_ON_GAP       4  /* numbered_on(): after's second number this far past before's */
#define MEND_SPLIT_MOVES      4  /* mend_next_game_at(): moves before a game opens again */
#define MEND_SPLIT_LINE_MOVES 30 /* the same with no blank line before it */
/* ... or fewer, this many at least, where both "2." and "3." are written
 * next and the moves read as a game's first (a short game: a draw in 11) */
#define MEND_SPLIT_SHORT_MOVES 12
/* numbered_from_one(): the white numbers "1", "2", "3" are looked for in */
#define NUMBERED_FROM_ONE_LOOK 5
#define RESTART_PAST           8 /* numbered_from_one(): before's last number at least */
#define MOVES_SHORT_OF_NUMBER  6 /* numbered_far(): plies a game's moves may lack */
#define FROM_START_PLIES       3 /* plies_from_start(): a game of its own, read so far */
/* opens_bare_line(): in text with no move numbers, the moves before a line
 * (BARE_SPLIT_MOVES of the part at least: a short game, a miniature or one
 * given up, ends a line too) may open a game; of the first BARE_TOKENS of
 * that line, BARE_PLIES must read from the start, BARE_GAPS may not */
#define BARE_SPLIT_MOVES  MEND_SPLIT_MOVES
#define BARE_TOKENS       10
#define BARE_PLIES        8
#define BARE_GAPS         2
#define BARE_NUMBER_PLIES 10
/* resolve_alike(): the dearest look-alike forgiven, the longest token */
#define LOOKALIKE_MAX   (CONF_UNIT / 2)
#define LOOKALIKE_TOKEN 12
#define CLOSE_WORD_LETTERS 4 /* glue_close(): a word of text before a dropped ')' has as many */
/* events a game's opening and its "2." and "3." are looked for in */
#define MEND_OPENING_EVENTS 16
/* stray_trail(): marks a scan puts after a move that no notation ends one with */
#define STRAY_TRAIL "\"'`_~^*\\"

/* A game the next part goes on with ended in "0-0" read as a double
 * forfeit (a move number "1." came next): that was castling, a move again. */
void mend_castling_again(ArbGame *game)
{
    guint n = game->events->len;
    struct game_event *last = n ? &g_array_index(game->events, struct game_event, n - 1) : NULL;
    if (last && last->kind == EV_RESULT && last->value == ARB_RESULT_DOUBLE_FORFEIT && last->len)
        last->kind = EV_MOVE;
}

/* The line of game's last event (not the ends of variations the game's
 * end closed: they stand where the next game begins). */
static guint64 last_line(const ArbGame *game)
{
    for (guint k = game->events->len; k-- > 0;) {
        const struct game_event *e = &g_array_index(game->events, struct game_event, k);
        if (e->kind != EV_END_VARIATION || e->len) return e->line;
    }
    return 0;
}

/* Does after begin on a line of its own, past before's last? */
static gboolean starts_line(const ArbGame *before, const ArbGame *after)
{
    return after->events->len &&
           g_array_index(after->events, struct game_event, 0).line > last_line(before);
}

/* Is a White's move number written with its dot? */
static gboolean is_dotted_number(const ArbGame *game, const struct game_event *e)
{
    return e->kind == EV_MOVE_NUMBER && !e->value && memchr(game_event_text(game, e), '.', e->len);
}

/* Is ev White's move number "1", its dot or none? */
static gboolean is_move_one(const ArbGame *game, const struct game_event *ev)
{
    return ev->kind == EV_MOVE_NUMBER && !ev->value &&
           g_ascii_strtoull(game_event_text(game, ev), NULL, 10) == 1;
}

/* The index of game's first event (comments aside) if it is White's "1."
 * with its dot, else -1. */
static int dotted_one_at(const ArbGame *game)
{
    for (guint k = 0; k < game->events->len; k++) {
        const struct game_event *e = &g_array_index(game->events, struct game_event, k);
        if (e->kind == EV_COMMENT) continue;
        return is_move_one(game, e) && is_dotted_number(game, e) ? (int)k : -1;
    }
    return -1;
}

/* Does game open with "1." (dotted_one_at())? Then the next max of White's
 * numbers with a dot that are no "1." (a rank split off its move, "Bf 4",
 * has none) go into out: how many. */
static int dotted_after_one(const ArbGame *game, guint64 *out, int max)
{
    int n = 0, at = dotted_one_at(game);
    if (at < 0) return 0;
    for (guint k = (guint)at + 1; k < game->events->len && n < max; k++) {
        const struct game_event *e = &g_array_index(game->events, struct game_event, k);
        guint64 v =
            is_dotted_number(game, e) ? g_ascii_strtoull(game_event_text(game, e), NULL, 10) : 1;
        if (v != 1) out[n++] = v;
    }
    return n;
}

/* Does game open with White's "1" and a move whose ';', a misread mark,
 * makes the rest of the line a comment that holds "2." and "3." (fix
 * reads it as moves: "1. e2;-eA e7-e5 2. Hg1=f3 Hb8-c6 3. c2-c3")? */
static gboolean one_then_comment(const ArbGame *game)
{
    guint len = game->events->len;
    if (len < 3 || !is_move_one(game, &g_array_index(game->events, struct game_event, 0)))
        return FALSE;
    const struct game_event *c = &g_array_index(game->events, struct game_event, 2);
    return g_array_index(game->events, struct game_event, 1).kind == EV_MOVE &&
           c->kind == EV_COMMENT && c->comment_kind == ARB_COMMENT_LINE &&
           tokens_holds_two_three(game_event_text(game, c), c->len);
}

/* Do before and after both number three moves or more, and after as a game
 * from the start does: "1.", "2.", "3." (among its first
 * NUMBERED_FROM_ONE_LOOK numbers: a stray one, a rank split off its move,
 * "2 c4 e 6" / "3", or Black's "1." for "1...", may stand between them, and
 * "3." may be lost, "4." next)? Damage makes one "1" of "21." or a stray "2"
 * of a split word, not that; and a game's first number misread "7" has a
 * "1..." for Black after it; after a game past RESTART_PAST, "2." may be
 * lost too where "3." and "4." come next (no dot after its "1"); and "2."
 * and "3." may stand in a ';' comment after the first move
 * (one_then_comment()). Or, after a game past move RESTART_PAST, is after's
 * first number "1." with its dot at a line's start (not a "16." misread
 * inside a line: "1.Df3-g 3"), and the next two with a dot (another "1."
 * aside, Black's) "2." to "4." and one or two past it ("2." misread "Z." or
 * run into a move, "eS2.")? A "21." that lost its 2 goes on with "22.", an
 * "11." with "12." or a "13." misread "|3." with "14.". */
static gboolean numbered_from_one(const ArbGame *before, const ArbGame *after)
{
    guint64 n[NUMBERED_FROM_ONE_LOOK], last;
    if (game_white_numbers(before, FALSE, n, 3) < 3) return FALSE;
    if (one_then_comment(after)) return TRUE;
    int got = game_white_numbers(after, FALSE, n, NUMBERED_FROM_ONE_LOOK);
    if (got < 2 || n[0] != 1) return FALSE;
    gboolean past = game_white_numbers(before, TRUE, &last, 1) == 1 && last >= RESTART_PAST;
    if (past && starts_line(before, after)) {
        guint64 d[2];
        if (dotted_after_one(after, d, 2) == 2 && d[0] >= 2 && d[0] <= 4 && d[1] > d[0] &&
            d[1] <= d[0] + 2)
            return TRUE;
    }
    /* "2", then "3" or "4", no number past 9 between ("1." for "10." goes
     * on "11.", "12."); or, after a game past RESTART_PAST, "3" and "4"
     * next, "2" lost ("1 4 c5z" / "3 d4": "1 e4 c5 2" run together), its
     * "1" with no dot: a "1." is as often a misread "2." ("1. e4 e5 1. Nf3
     * Nc6 3. Bb5"; "| d4 Sf6" / "1. c4 e6" / "3 Sf3") */
    gboolean far = past && dotted_one_at(after) < 0;
    /* (or "1" and "2" alone, where the reader split the part again at a
     * "1": "1 Nf=8 d5" / "2 g3 c5" / "1 Bg2 Nc6" / "4. O-O", its "3"
     * misread) */
    if (far && got == 2 && n[1] == 2 && starts_line(before, after)) return TRUE;
    guint64 want = 2;
    for (int k = 1; k < got && n[k] < 10; k++) {
        if (far && want == 2 && n[k] == 3 && k + 1 < got && n[k + 1] == 4) return TRUE;
        if (n[k] == want || (want == 3 && n[k] == 4))
            if (want++ == 3) return TRUE;
    }
    return FALSE;
}

/* How many bytes of move token t[0, len) are White's "1." (or Black's
 * "1..."), misread "l", "I" or "i", with its dots or commas: all of them
 * ("l.", "l..."), or those before the move a book runs into it ("l.e4",
 * "1Nf3"); 0 for none. */
static gsize one_len(const char *t, gsize len)
{
    if (!len || !strchr("1lIi", t[0])) return 0;
    gsize k = 1;
    while (k < len && (t[k] == '.' || t[k] == ','))
        k++;
    if (k == 1 && len > 1 && t[0] == '1' && g_ascii_isalpha(t[1])) return 1;
    return k > 1 || len == 1 ? k : 0;
}

/* The length of the stray marks a scan put before a move ("\"d2-d4",
 * "'Nf3"): ASCII punctuation no notation opens a move with, with a letter
 * or digit after it; 0 for none. */
static gsize stray_lead(const char *t, gsize len)
{
    gsize k = 0;
    while (k < len && t[k] && strchr("\"'`,;:_~^*!?|/\\", t[k]))
        k++;
    return k < len && g_ascii_isalnum(t[k]) ? k : 0;
}

/* The length of the stray marks a scan put after a move ("e4`", "Nf3'"):
 * ASCII punctuation no notation ends a move with (not "|", a misread "1":
 * "e|"), with a letter or digit before it; 0 for none. */
static gsize stray_trail(const char *t, gsize len)
{
    gsize k = len;
    while (k > 0 && strchr(STRAY_TRAIL, t[k - 1]))
        k--;
    return k > 0 && k < len && g_ascii_isalnum(t[k - 1]) ? len - k : 0;
}

/* Is event r a rank's digit alone (a move's, or read as a move number)? */
static gboolean lone_rank(const ArbGame *game, const struct game_event *r)
{
    return (r->kind == EV_MOVE || r->kind == EV_MOVE_NUMBER) && r->len == 1 &&
           san_is_rank(game_event_text(game, r)[0]);
}

/* Is event k of game a lone file letter and the next a lone rank digit, a
 * pawn's move split ("c 4"), or none? */
static gboolean split_square_at(const ArbGame *game, guint k)
{
    if (k + 1 >= game->events->len) return FALSE;
    const struct game_event *e = &g_array_index(game->events, struct game_event, k);
    return e->kind == EV_MOVE && e->len == 1 && san_is_file(game_event_text(game, e)[0]) &&
           lone_rank(game, &g_array_index(game->events, struct game_event, k + 1));
}

/* Is token t[0, len) a "2." misread "z" or "Z": alone ("2" in columns) or
 * with its dot, the move run into it or not ("z.", "z.Nf3")? */
static gboolean misread_two(const char *t, gsize len)
{
    return len && (t[0] == 'z' || t[0] == 'Z') && (len == 1 || t[1] == '.');
}

/* Does ASCII character c read as one of the characters from lo to hi, as
 * written or as a look-alike (conf's substitutions of at most
 * LOOKALIKE_MAX; none without conf)? */
static gboolean reads_in(const ArbConfusion *conf, char c, char lo, char hi, gboolean alike)
{
    if (c >= lo && c <= hi) return TRUE;
    if (!alike || !conf || (guchar)c >= 128) return FALSE;
    const guint16(*sub)[128] = confusion_ascii_substitutions(conf);
    for (char t = lo; t <= hi; t++)
        if (sub[(guchar)c][(guchar)t] <= LOOKALIKE_MAX) return TRUE;
    return FALSE;
}

/* Does text, a move's as written, end on a square of rank lo or hi
 * (marks after it aside: "Nf3+", "e6:", "c5!?", a stray "e4`"), its file
 * or its rank perhaps a look-alike ("o4" for d4, "eA" for e4:
 * reads_in())? */
static gboolean lands_on(const char *text, gsize len, char lo, char hi, const ArbConfusion *conf)
{
    len -= stray_trail(text, len);
    while (len > 2 && strchr("+#!?.,:;", text[len - 1]))
        len--;
    if (len < 2) return FALSE;
    char file = text[len - 2], rank = text[len - 1];
    return (reads_in(conf, file, 'a', 'h', FALSE) || reads_in(conf, rank, lo, hi, FALSE)) &&
           reads_in(conf, file, 'a', 'h', TRUE) && reads_in(conf, rank, lo, hi, TRUE);
}

/* Do game's events from k on (MEND_OPENING_EVENTS of them at most) go as
 * a game's first moves after its "1.": a move of White's to the third or
 * fourth rank, Black's (if written) to the sixth or fifth, then "2."
 * (comments and "1..." aside)? */
static gboolean first_moves_at(const ArbGame *game, guint k, const ArbConfusion *conf)
{
    int moves = 0;
    for (guint end = MIN(game->events->len, k + MEND_OPENING_EVENTS); k < end; k++) {
        const struct game_event *e = &g_array_index(game->events, struct game_event, k);
        const char *t = game_event_text(game, e);
        if ((e->kind == EV_MOVE_NUMBER || e->kind == EV_MOVE) && misread_two(t, e->len))
            return moves > 0;
        if (e->kind == EV_MOVE_NUMBER && !e->value)
            return moves && g_ascii_strtoull(t, NULL, 10) == 2;
        if (e->kind == EV_MOVE && one_len(t, e->len) == e->len) continue; /* "l..." */
        char lo = moves ? '5' : '3', hi = moves ? '6' : '4';
        if (split_square_at(game, k)) { /* "c 4": its rank is the next event */
            t = game_event_text(game, &g_array_index(game->events, struct game_event, ++k));
            if (moves == 2 || !reads_in(conf, t[0], lo, hi, FALSE)) return FALSE;
            moves++;
        } else if (e->kind == EV_MOVE) {
            /* (Black's may name no square at all, damaged: "1... Sfb") */
            gboolean lands =
                lands_on(t, e->len, lo, hi, conf) || (moves == 1 && !tokens_has_square(t, e->len));
            if (moves == 2 || !lands) return FALSE;
            moves++;
        } else if (e->kind != EV_COMMENT && e->kind != EV_NAG && e->kind != EV_MOVE_NUMBER) {
            return FALSE;
        }
    }
    return FALSE;
}

/* Does after begin as a game's text from the start does, "1." and its
 * first moves (first_moves_at(): "1. e4 c5 2. Nf3 d6", a line of a book's
 * prose)? A misread "21." seldom has a first move after it and "2." next. */
static gboolean opens_a_game(const ArbGame *after, const ArbConfusion *conf)
{
    int at = dotted_one_at(after);
    return at >= 0 && first_moves_at(after, (guint)at + 1, conf);
}

/* Does after open with words, no digit in them (a sentence: "A fine win
 * for White."), and then as a game does (opens_a_game())? After a result,
 * that is a game of its own, on the line the last one ended. */
static gboolean words_then_opens(const ArbGame *after, const ArbConfusion *conf)
{
    gboolean words = FALSE;
    for (guint k = 0; k < after->events->len; k++) {
        const struct game_event *e = &g_array_index(after->events, struct game_event, k);
        if (e->kind == EV_COMMENT || e->kind == EV_NAG) continue;
        if (e->kind == EV_MOVE && !tokens_has_digit(game_event_text(after, e), e->len)) {
            words = TRUE;
            continue;
        }
        return words && is_move_one(after, e) && is_dotted_number(after, e) &&
               first_moves_at(after, k + 1, conf);
    }
    return FALSE;
}

/* Does game open a game again at event k, its "1." lost or misread (".",
 * "7", "I", "l.", a bar read as space before a dot), then its first moves
 * (first_moves_at())? A game a page break cut goes on at its own number. */
static gboolean opens_again_at(const ArbGame *game, guint k, const ArbConfusion *conf)
{
    const struct game_event *e = &g_array_index(game->events, struct game_event, k);
    gboolean one = e->kind == EV_MOVE && one_len(game_event_text(game, e), e->len) == e->len;
    return first_moves_at(game, e->kind == EV_MOVE_NUMBER || one ? k + 1 : k, conf);
}

/* Are the white numbers written in game in the MEND_OPENING_EVENTS events
 * after event k (the number at k aside) "2." and then "3.", with their
 * dots (a lone "3" may be a square's rank split off)? */
static gboolean numbered_two_three(const ArbGame *game, guint k)
{
    guint64 n[2];
    int got = 0;
    guint end = MIN(game->events->len, k + 1 + MEND_OPENING_EVENTS);
    for (k++; k < end && got < 2; k++) {
        const struct game_event *e = &g_array_index(game->events, struct game_event, k);
        const char *t = game_event_text(game, e);
        if (e->kind != EV_MOVE_NUMBER || e->value) continue;
        if (!memchr(t, '.', e->len)) return FALSE;
        n[got++] = g_ascii_strtoull(t, NULL, 10);
    }
    return got == 2 && n[0] == 2 && n[1] == 3;
}

/* Does move token text[0, len) (event k's) end in a file letter, and event
 * k + 1, on its line a character past it at most, hold a rank digit alone
 * (a piece's move cut by a stray mark the reader passed over, "Hf)3", or
 * split, "Nf 3")? */
static gboolean rank_split_at(const ArbGame *game, guint k, const char *text, gsize len)
{
    if (!len || len >= LOOKALIKE_TOKEN || k + 1 >= game->events->len || !san_is_file(text[len - 1]))
        return FALSE;
    const struct game_event *e = &g_array_index(game->events, struct game_event, k);
    const struct game_event *r = &g_array_index(game->events, struct game_event, k + 1);
    return lone_rank(game, r) && r->line == e->line && r->offset <= e->offset + e->len + 1;
}

/* Token text[0, len) read in norm as a move in pos, as resolve_token()
 * reads it; a move list's "d2d4", two squares and nothing else, as UCI
 * reads it, in every language alike: the squares name the move whatever
 * a letter may be in one, and the normaliser would read it in each of the
 * languages at length (a file of such lists, a game a line, read so in 40
 * languages before it is solved). */
static void read_move(ArbNorm *norm, const struct position *pos, const char *text, gsize len,
                      struct resolve_answer *ans)
{
    if (len != 4 || !san_is_square(text) || !san_is_square(text + 2)) {
        resolve_token(norm, pos, text, len, ans);
        return;
    }
    move_t m = uci_parse(pos, text, len);
    *ans = (struct resolve_answer){.status = m == MOVE_NONE ? SAN_ILLEGAL : SAN_OK, .move = m};
}

/* Token text[0, len) read in norm as a move in pos, as written or, where
 * that gives none, with one character read as a look-alike of a square's
 * file or rank (conf's substitutions of at most LOOKALIKE_MAX: "o4" for
 * c4, "Sfb" for Sf6), not a capital that opens it (a piece's initial: "Dd5"
 * is no "dd5"); its ASCII characters only. */
static void resolve_alike(ArbNorm *norm, const ArbConfusion *conf, const struct position *pos,
                          const char *text, gsize len, struct resolve_answer *ans)
{
    read_move(norm, pos, text, len, ans);
    if (ans->status == SAN_OK || !conf || len > LOOKALIKE_TOKEN) return;
    const guint16(*sub)[128] = confusion_ascii_substitutions(conf);
    char alike[LOOKALIKE_TOKEN];
    memcpy(alike, text, len);
    for (gsize i = g_ascii_isupper(text[0]) ? 1 : 0; i < len; i++) {
        if ((guchar)text[i] >= 128) continue; /* (a figurine's or a Cyrillic initial's bytes) */
        for (const char *sq = "abcdefgh12345678"; *sq; sq++) {
            int c = *sq;
            if (c == text[i] || sub[(guchar)text[i]][c] > LOOKALIKE_MAX) continue;
            alike[i] = (char)c;
            struct resolve_answer a;
            read_move(norm, pos, alike, len, &a);
            if (a.status == SAN_OK && a.move != MOVE_NULL) {
                *ans = a;
                return;
            }
        }
        alike[i] = text[i];
    }
    /* (a character read twice: "SSf3", "d44-d5") */
    for (gsize i = 0; i + 1 < len; i++) {
        if (text[i] != text[i + 1] || (guchar)text[i] >= 128) continue;
        memcpy(alike, text, i);
        memcpy(alike + i, text + i + 1, len - i - 1);
        struct resolve_answer a;
        read_move(norm, pos, alike, len - 1, &a);
        if (a.status == SAN_OK && a.move != MOVE_NULL) {
            *ans = a;
            return;
        }
    }
}

/* How many of game's move tokens, from event k on, read in norm as a
 * game's moves from the start position, one after another
 * (FROM_START_PLIES at most), a look-alike in one character of each
 * forgiven (resolve_alike()), stray marks before the first (stray_lead())
 * and after or inside any (stray_trail(), "d*4")? A token of a character
 * or two that names no square and no notation reads ("Z" for "2", a
 * stray mark) is passed over; a word is not ("1. e4 c5 oder 1. d4" in a
 * book's prose). */
int mend_plies_from_start(const ArbGame *game, guint k, ArbNorm *norm, const ArbConfusion *conf)
{
    struct position pos;
    pos_startpos(&pos);
    int plies = 0;
    for (; k < game->events->len && plies < FROM_START_PLIES; k++) {
        const struct game_event *e = &g_array_index(game->events, struct game_event, k);
        if (e->kind != EV_MOVE) continue;
        const char *text = game_event_text(game, e);
        gsize len = e->len;
        /* (a misread "1." or "1...", or the first move run into one:
         * "l.e4"; White's second run into a misread "2.": "z.Nf3") */
        gsize one = one_len(text, len);
        if (one == len) continue;
        if (!plies) {
            text += one, len -= one;
            gsize stray = stray_lead(text, len);
            text += stray, len -= stray;
        }
        len -= stray_trail(text, len);
        char bare[LOOKALIKE_TOKEN];
        if (len <= LOOKALIKE_TOKEN) { /* (and inside it: "d*4") */
            gsize n = 0;
            for (gsize i = 0; i < len; i++)
                if (!strchr(STRAY_TRAIL, text[i])) bare[n++] = text[i];
            if (n && n < len) text = bare, len = n;
        }
        if (plies == 2 && len > 2 && misread_two(text, len)) text += 2, len -= 2;
        char square[2];
        if (split_square_at(game, k)) { /* "c 4" */
            square[0] = text[0];
            square[1] =
                game_event_text(game, &g_array_index(game->events, struct game_event, ++k))[0];
            text = square, len = 2;
        }
        struct resolve_answer ans;
        resolve_alike(norm, conf, &pos, text, len, &ans);
        char joined[LOOKALIKE_TOKEN + 1];
        if ((ans.status != SAN_OK || ans.move == MOVE_NULL) && rank_split_at(game, k, text, len)) {
            /* ("Hf)3": a stray ')' the reader passed over, its rank cut off) */
            memcpy(joined, text, len);
            joined[len] =
                game_event_text(game, &g_array_index(game->events, struct game_event, k + 1))[0];
            resolve_alike(norm, conf, &pos, joined, len + 1, &ans);
            if (ans.status == SAN_OK && ans.move != MOVE_NULL) k++;
        }
        if (ans.status == SAN_INVALID && len <= 2 && !tokens_has_square(text, len)) continue;
        if (ans.status != SAN_OK || ans.move == MOVE_NULL) break;
        pos_make_move(&pos, ans.move);
        plies++;
    }
    return plies;
}

/* Do game's first FROM_START_PLIES move tokens from event k on read, in
 * one of the languages, as a game's first moves? */
static gboolean opens_from_start(const ArbGame *game, guint k, const struct mend_reading *r)
{
    for (guint i = 0; i < r->n_norms; i++)
        if (mend_plies_from_start(game, k, r->norms[i], r->conf) == FROM_START_PLIES) return TRUE;
    return FALSE;
}

/* How many of the BARE_TOKENS move tokens from event k on read in norm as
 * a game's moves from position from, one after another, as written
 * or a look-alike off (resolve_alike())? A token that does not read,
 * past the first, may stand for any legal move (BARE_GAPS of them at
 * most), where the token after it reads after that move: damage seldom
 * leaves a game's first ten moves whole. */
static int bare_plies_from(const ArbGame *game, guint k, const struct position *from, ArbNorm *norm,
                           const ArbConfusion *conf)
{
    const struct game_event *tok[BARE_TOKENS];
    int n = 0;
    for (; k < game->events->len && n < BARE_TOKENS; k++) {
        const struct game_event *e = &g_array_index(game->events, struct game_event, k);
        if (e->kind == EV_MOVE)
            tok[n++] = e;
        else if (e->kind != EV_COMMENT && e->kind != EV_NAG)
            break;
    }
    struct position pos = *from;
    int plies = 0, gaps = 0;
    for (int i = 0; i < n; i++) {
        struct resolve_answer ans;
        resolve_alike(norm, conf, &pos, game_event_text(game, tok[i]), tok[i]->len, &ans);
        if (ans.status == SAN_OK && ans.move != MOVE_NULL) {
            pos_make_move(&pos, ans.move);
            plies++;
            continue;
        }
        if (gaps == BARE_GAPS || i + 1 == n || !plies) break;
        struct move_list list;
        movegen_legal(&pos, &list);
        int j = 0;
        for (; j < list.count; j++) {
            struct position next = pos;
            pos_make_move(&next, list.moves[j]);
            resolve_alike(norm, conf, &next, game_event_text(game, tok[i + 1]), tok[i + 1]->len,
                          &ans);
            if (ans.status == SAN_OK && ans.move != MOVE_NULL) break;
        }
        if (j == list.count) break;
        pos_make_move(&pos, list.moves[j]);
        gaps++;
    }
    return plies;
}

/* The moves of a part of a game read as written from the start in one
 * language, as far as they read so (plies_going_on()). */
struct as_written {
    struct position pos;
    guint next;     /* the event read next */
    gboolean stuck; /* an event did not read so, or a variation came */
};

/* How many of game's move tokens from event k on go on, as written, from
 * the position w's events before k reach in norm, as written too (w read
 * on to k), counted as bare_plies_from() counts? None, where those do not
 * all read so, or hold a variation: what they reach is not known. */
static int plies_going_on(const ArbGame *game, struct as_written *w, guint k, ArbNorm *norm,
                          const ArbConfusion *conf)
{
    for (; !w->stuck && w->next < k; w->next++) {
        const struct game_event *e = &g_array_index(game->events, struct game_event, w->next);
        if (e->kind == EV_COMMENT || e->kind == EV_NAG) continue;
        struct resolve_answer ans;
        if (e->kind == EV_MOVE) read_move(norm, &w->pos, game_event_text(game, e), e->len, &ans);
        w->stuck = e->kind != EV_MOVE || ans.status != SAN_OK || ans.cost || ans.move == MOVE_NULL;
        if (!w->stuck) pos_make_move(&w->pos, ans.move);
    }
    return w->stuck ? 0 : bare_plies_from(game, k, &w->pos, norm, conf);
}

/* Does a game open at the line that starts at event k, in text with no
 * move numbers (a file of move lists, a game a line, its results lost)?
 * Its first move lands on the third or fourth rank (lands_on(): a cheap
 * first look), BARE_PLIES of its first BARE_TOKENS moves read as a game's
 * first in one of the languages (bare_plies_from() the start position),
 * and the moves before it (*written, one per language, read on from the
 * part's start: made at the first line asked), read as written in any
 * language, do not go on into as many of them (plies_going_on()). A line
 * of a game's middle seldom reads so from the start position; one of its
 * opening that does (a transposition) goes on from the line before as
 * far. A game's first move may go on from the last one's end and the
 * next not ("c2c4", the rook on c2, then "g8f6", the king castled there):
 * where the first alone was asked, such a line was read on into, and the
 * search cut the games after it one by one. Before, such text was read as
 * one game until nothing fitted, the search cutting it game by game in a
 * second or so each. */
static gboolean opens_bare_line(const ArbGame *game, guint from, guint k,
                                const struct mend_reading *r, struct as_written **written)
{
    const struct game_event *e = &g_array_index(game->events, struct game_event, k);
    if (e->kind != EV_MOVE || !lands_on(game_event_text(game, e), e->len, '3', '4', r->conf))
        return FALSE;
    struct position start;
    pos_startpos(&start);
    int opening = 0;
    for (guint i = 0; i < r->n_norms && opening < BARE_TOKENS; i++)
        opening = MAX(opening, bare_plies_from(game, k, &start, r->norms[i], r->conf));
    if (opening < BARE_PLIES) return FALSE;
    if (!*written) {
        *written = g_new(struct as_written, r->n_norms);
        for (guint i = 0; i < r->n_norms; i++) {
            (*written)[i].pos = start;
            (*written)[i].next = from;
            (*written)[i].stuck = FALSE;
        }
    }
    for (guint i = 0; i < r->n_norms; i++)
        if (plies_going_on(game, &(*written)[i], k, r->norms[i], r->conf) >= opening) return FALSE;
    return TRUE;
}

/* mend_next_game_at(); with lists_only, only where a line of move lists
 * opens a game (opens_bare_line()) */
static guint next_game_at(const ArbGame *game, guint from, int moves_before,
                          const struct mend_reading *reading, gboolean lists_only)
{
    const GArray *ev = game->events;
    /* (past a first split the game has no tags: asked once, not per part) */
    if (!from && game_has_event(game, EV_TAG)) return 0;
    int before = from ? 0 : moves_before, moves = before;
    /* the part's move numbers so far: text with no move numbers has one
     * for every BARE_NUMBER_PLIES of the part's moves at most (a square
     * read as one, "96" for g6) */
    int numbers = 0;
    g_autofree struct as_written *written = NULL;
    for (guint k = from + 1; k < ev->len; k++) {
        const struct game_event *e = &g_array_index(ev, struct game_event, k);
        const struct game_event *prev = &g_array_index(ev, struct game_event, k - 1);
        moves += prev->kind == EV_MOVE;
        numbers += prev->kind == EV_MOVE_NUMBER;
        if (moves < MEND_SPLIT_MOVES || e->line == prev->line) continue;
        int part_moves = moves - before;
        if (part_moves >= BARE_SPLIT_MOVES && numbers * BARE_NUMBER_PLIES <= part_moves &&
            opens_bare_line(game, from, k, reading, &written))
            return k;
        if (lists_only) continue;
        /* after a blank line; at a line's start, past a game of some
         * length, with "2" and "3" written next, or moves that read as a
         * game's first ("7 d4 d5" / "2 c4 c6" / "3 Nc3"; asked last, as
         * it reads the moves in every language); past a short game, with
         * both */
        if (!opens_again_at(game, k, reading->conf)) continue;
        if (e->line > prev->line + 1) return k;
        if (moves < MEND_SPLIT_SHORT_MOVES) continue;
        gboolean two_three = numbered_two_three(game, k);
        if (moves < MEND_SPLIT_LINE_MOVES ? two_three && opens_from_start(game, k, reading)
                                          : two_three || opens_from_start(game, k, reading))
            return k;
    }
    return 0;
}

guint mend_next_game_at(const ArbGame *game, guint from, int moves_before,
                        const struct mend_reading *reading)
{
    return next_game_at(game, from, moves_before, reading, FALSE);
}

GPtrArray *mend_split_listed(const ArbGame *game, const struct mend_reading *reading)
{
    guint at = next_game_at(game, 0, 0, reading, TRUE);
    if (!at) return NULL;
    GPtrArray *parts = g_ptr_array_new_with_free_func((GDestroyNotify)game_free);
    for (guint from = 0; from < game->events->len;) {
        guint to = at ? at : game->events->len;
        g_ptr_array_add(parts, mend_game_part(game, from, to));
        from = to;
        at = from < game->events->len ? next_game_at(game, from, 0, reading, TRUE) : 0;
    }
    return parts;
}

void mend_balance_variations(ArbGame *part)
{
    GArray *ev = part->events;
    guint depth = 0, kept = 0;
    for (guint k = 0; k < ev->len; k++) {
        struct game_event e = g_array_index(ev, struct game_event, k);
        if (e.kind == EV_END_VARIATION && !depth) continue; /* opened before the part */
        depth += e.kind == EV_BEGIN_VARIATION;
        depth -= e.kind == EV_END_VARIATION;
        g_array_index(ev, struct game_event, kept++) = e;
    }
    g_array_set_size(ev, kept);
    if (!kept) return;
    struct game_event end = g_array_index(ev, struct game_event, kept - 1);
    end.kind = EV_END_VARIATION;
    end.len = 0; /* (as the reader closes them at a game's end) */
    for (; depth > 0; depth--)
        g_array_append_val(ev, end);
}

ArbGame *mend_game_part(const ArbGame *game, guint from, guint to)
{
    ArbGame *part = game_new();
    game_append_range(part, game, from, to);
    mend_balance_variations(part);
    part->number = game->number;
    part->failed = to < game->events->len ? FALSE : game->failed;
    part->first_line =
        from ? g_array_index(part->events, struct game_event, 0).line : game->first_line;
    return part;
}

/* The highest of before's last three white numbers (0: none). */
static guint64 last_number(const ArbGame *before)
{
    guint64 seen[3], last = 0;
    for (int k = game_white_numbers(before, TRUE, seen, 3); k-- > 0;)
        last = MAX(last, seen[k]);
    return last;
}

/* Is n, a white number after a "1", one that goes on from before's last
 * (last_number()): a few past it? */
static gboolean goes_on_from(guint64 last, guint64 n)
{
    return n > last && n <= last + NUMBERED_ON_GAP;
}

/* Does after go on with before's numbers past a "1" ("10. Te1 0-0 1. h3 Af5
 * 12. a3": "11." misread, and "0-0" castling, not a result)? Its next
 * number may be a few past the highest of before's last three (numbers
 * between misread too, "1." among them); a game of its own goes on at 2. */
static gboolean numbered_on(const ArbGame *before, const ArbGame *after)
{
    guint64 last = last_number(before), n[2];
    return game_white_numbers(after, FALSE, n, 2) == 2 && n[0] == 1 && last >= 2 &&
           goes_on_from(last, n[1]);
}

/* Does one of after's first NUMBERED_FROM_ONE_LOOK white numbers past
 * its first go on from before's, as numbered_on()'s second does ("1 Nf3
 * Nc6" / "1 h3 Nd7" / "13, Bc3" after "10. Rd1 O-O": "11." and "12."
 * misread)? */
static gboolean numbers_go_on(const ArbGame *before, const ArbGame *after)
{
    guint64 last = last_number(before), n[NUMBERED_FROM_ONE_LOOK];
    int got = game_white_numbers(after, FALSE, n, NUMBERED_FROM_ONE_LOOK);
    for (int k = 1; k < got; k++)
        if (goes_on_from(last, n[k])) return TRUE;
    return FALSE;
}

/* Did before's moves reach move RESTART_PAST and its last number
 * (last_number()), MOVES_SHORT_OF_NUMBER plies short at most? A number no
 * move goes with is none of its own (a list's count, "5168"). */
static gboolean numbered_far(const ArbGame *before)
{
    guint64 last = last_number(before);
    return last >= RESTART_PAST &&
           (guint64)game_count_events(before, EV_MOVE) + MOVES_SHORT_OF_NUMBER >= 2 * (last - 1);
}

/* Does after take up before's moves where they stop, its first move
 * number the one due after before's last white one ("6." after "5. O-O
 * Be7", "5..." after "5. O-O")? A game's text cut by a diagram, a page
 * break or a paragraph of prose goes on so; read alone from the start
 * position, such a part could not be played. */
static gboolean takes_up(const ArbGame *before, const ArbGame *after)
{
    guint64 last;
    if (game_white_numbers(before, TRUE, &last, 1) != 1) return FALSE;
    for (guint k = 0; k < after->events->len; k++) {
        const struct game_event *ev = &g_array_index(after->events, struct game_event, k);
        if (ev->kind == EV_MOVE) return FALSE; /* a move before any number */
        if (ev->kind != EV_MOVE_NUMBER) continue;
        guint64 n = g_ascii_strtoull(game_event_text(after, ev), NULL, 10);
        return ev->value ? n == last : n == last + 1;
    }
    return FALSE;
}

/* Did a result end the game? (A stray '*' the game was joined across
 * stays inside it.) */
static gboolean ends_with_result(const ArbGame *game)
{
    return game->events->len &&
           g_array_index(game->events, struct game_event, game->events->len - 1).kind == EV_RESULT;
}

/* Did a stray '*' end before right after White's "1." ("1. *e4": the next
 * game's first move), after numbering its own moves "2.", "3."? Then the
 * '*' stands where a game opens: unless before has no move of its own
 * (its tags, "1. *d4", and the rest of the game its own moves). */
static gboolean result_after_one(const ArbGame *before, const ArbGame *after)
{
    guint len = before->events->len;
    if (!ends_with_result(before) || len < 2 || !game_has_event(before, EV_MOVE)) return FALSE;
    const struct game_event *e = &g_array_index(before->events, struct game_event, len - 2);
    guint64 n[2];
    return e->kind == EV_MOVE_NUMBER && !e->value &&
           g_ascii_strtoull(game_event_text(before, e), NULL, 10) == 1 &&
           game_white_numbers(after, FALSE, n, 2) == 2 && n[0] == 2 && n[1] == 3;
}

/* Did before end in "0-0" read as a double forfeit? Castling, nearly
 * always: "10. 0-0 0-0 1. Te1", its "11." misread, goes on. */
static gboolean ends_in_zeros(const ArbGame *before)
{
    if (!ends_with_result(before)) return FALSE;
    const struct game_event *last =
        &g_array_index(before->events, struct game_event, before->events->len - 1);
    return last->value == ARB_RESULT_DOUBLE_FORFEIT && last->len;
}

/* Does after open with "1" and its moves as a game's (opens_from_start())?
 * Then it is a game of its own, however its other numbers were damaged
 * ("1 d4 d5 c4 dxc4 Sf3 e6" / "4 e3", its "2" and "3" lost): a game's text
 * that goes on at a "21." misread seldom opens so. (Not after a stray '*':
 * "4. c4 Nf6 5. Nc3" reads so too.) */
static gboolean plays_from_start(const ArbGame *after, const struct mend_reading *reading)
{
    if (!is_move_one(after, &g_array_index(after->events, struct game_event, 0))) return FALSE;
    return opens_from_start(after, 0, reading);
}

/* Did the reader end `before` only because of damage: a move number read
 * "1" (a misread "21"), or a stray '*' read as a result? Then `after` has
 * no tags and follows on the same or the next line, with no blank line
 * between (a free-text game boundary needs one), and does not number its
 * moves 1, 2, 3 as a game of its own, nor open as one (opens_a_game())
 * but where its next numbers go on from before's and before's moves
 * reach them (numbered_far()); unless its numbers go on from before's
 * (numbered_on(), numbers_go_on()) or before has tags, its first moves do
 * not read as a game's from the start (plays_from_start()); after a
 * result, it does not start again at move 1 unless its numbers go on from
 * before's or the result was castling's "0-0", nor go on "2.", "3." after
 * a result that followed before's own last "1." (result_after_one()). Or did something that is
 * no move (a diagram, prose) stand between two parts of one game: before
 * has no result and after takes up its numbers (takes_up()), blank lines
 * or not? */
gboolean mend_continues(const ArbGame *before, const ArbGame *after,
                        const struct mend_reading *reading)
{
    if (!after->events->len || game_has_event(after, EV_TAG)) return FALSE;
    const struct game_event *first = &g_array_index(after->events, struct game_event, 0);
    if (!ends_with_result(before) && takes_up(before, after)) return TRUE;
    if (first->line > last_line(before) + 1 || numbered_from_one(before, after)) return FALSE;
    /* (after opening as a game does, its next numbers may still go on from
     * before's: "10. Dd2 Sc6" / "|1. Sb3 f5 2. exf5 Lxf5 13. h4", "11." and
     * "12." misread and the moves landing where a game's first do) */
    if (opens_a_game(after, reading->conf) &&
        !(numbered_far(before) && numbers_go_on(before, after)))
        return FALSE;
    if (numbered_on(before, after)) return TRUE;
    /* (a game with tags goes on: one of its own would have tags too) */
    if (!game_has_event(before, EV_TAG) && !numbers_go_on(before, after) &&
        plays_from_start(after, reading))
        return FALSE;
    if (result_after_one(before, after)) return FALSE;
    if (ends_with_result(before) && words_then_opens(after, reading->conf)) return FALSE;
    /* a list of games with no move numbers, each ended by its result
     * ("e4 e5 Nf3 Nc6 Bb5 *" / "Nf3 Nc6 e4 e5 Bc4 *"): a line that reads as
     * a game's first moves after one is a game of its own (a stray '*' in
     * damaged text stands among numbers) */
    if (ends_with_result(before) && !game_has_event(before, EV_MOVE_NUMBER) &&
        !game_has_event(after, EV_MOVE_NUMBER) && opens_from_start(after, 0, reading))
        return FALSE;
    return !ends_with_result(before) || !is_move_one(after, first) || ends_in_zeros(before);
}

gboolean mend_introduces(const ArbGame *before, const ArbGame *after,
                         const struct mend_reading *reading)
{
    if (!after->events->len || game_has_event(after, EV_TAG) || game_has_event(before, EV_TAG) ||
        game_has_event(before, EV_RESULT))
        return FALSE;
    const struct game_event *first = &g_array_index(after->events, struct game_event, 0);
    return is_move_one(after, first) && first->line <= last_line(before) + 1 &&
           (tokens_all_prose(reading->conf, before) || tokens_all_words(reading->conf, before));
}

void mend_with_introduction(const ArbGame *before, const ArbGame *after, ArbGame *out)
{
    game_clear(out);
    out->number = before->number;
    out->first_line = before->first_line;
    out->failed = after->failed;
    const struct game_event *head = &g_array_index(before->events, struct game_event, 0);
    struct game_event comment = {.kind = EV_COMMENT,
                                 .comment_kind = ARB_COMMENT_BRACE,
                                 .text = out->text->len,
                                 .line = head->line,
                                 .col = head->col,
                                 .offset = head->offset};
    /* its words as written, a space between each two but inside brackets */
    gboolean open = FALSE;
    for (guint i = 0; i < before->events->len; i++) {
        const struct game_event *ev = &g_array_index(before->events, struct game_event, i);
        const char *t = game_event_text(before, ev);
        gsize len = ev->kind == EV_BEGIN_VARIATION ? 1 : ev->len;
        if (ev->kind == EV_COMMENT && ev->comment_kind == ARB_COMMENT_NBEST) continue;
        if (out->text->len > comment.text && !open && ev->kind != EV_END_VARIATION)
            g_string_append_c(out->text, ' ');
        if (ev->kind == EV_NAG && !len) {
            g_string_append_printf(out->text, "$%d", ev->value);
        } else {
            g_string_append_len(out->text, t, (gssize)len);
            if (ev->comma) g_string_append_c(out->text, ',');
        }
        open = ev->kind == EV_BEGIN_VARIATION;
    }
    comment.len = out->text->len - comment.text;
    g_string_append_c(out->text, 0);
    g_array_append_val(out->events, comment);
    game_append(out, after);
}

static gsize keep_text(ArbGame *g, const char *text, gsize len)
{
    gsize at = g->text->len;
    g_string_append_len(g->text, text, (gssize)len);
    g_string_append_c(g->text, 0);
    return at;
}

/* A dropped '(' written against the word after it was a misread letter
 * ("(4", "(f3": a 'c' or a stray mark): that word is move text again, with
 * the '(' in front. A move number with its dot stays what it is. When the
 * move before ends against the '(' unfinished ("c6-(1": a LAN move's
 * target square, "Bx(6"), the three are one move's text; *next_dropped then
 * says the word after went into it. */
static void glue_paren(ArbGame *game, guint i, gboolean text, gboolean *next_dropped)
{
    *next_dropped = FALSE;
    const struct game_event *paren = &g_array_index(game->events, struct game_event, i);
    struct game_event *next = &g_array_index(game->events, struct game_event, i + 1);
    if (next->offset != paren->offset + paren->len || paren->len != 1) return;
    if (next->kind != EV_MOVE && next->kind != EV_MOVE_NUMBER) return;
    const char *t = game_event_text(game, next);
    if (next->kind == EV_MOVE_NUMBER && memchr(t, '.', next->len) && !text) return;
    struct game_event *before =
        i > 0 ? &g_array_index(game->events, struct game_event, i - 1) : NULL;
    if (before && before->kind == EV_MOVE && before->len &&
        before->offset + before->len == paren->offset &&
        strchr("-:x", game_event_text(game, before)[before->len - 1])) {
        g_autofree char *joined = g_strdup_printf("%.*s(%.*s", (int)before->len,
                                                  game_event_text(game, before), (int)next->len, t);
        gsize len = before->len + 1 + next->len;
        before->text = keep_text(game, joined, len);
        before->len = len;
        *next_dropped = TRUE;
        return;
    }
    g_autofree char *joined = g_strdup_printf("(%.*s", (int)next->len, t);
    next->text = keep_text(game, joined, next->len + 1);
    next->len++;
    next->offset = paren->offset;
    next->col = paren->col;
    next->kind = EV_MOVE;
}

/* A dropped ')' written against a word of text before it (four letters or
 * more, no digit: no move's; in text, any word) stays its text: "(the
 * queenside)", a book's words that read as a variation, written back as a
 * comment with both its marks (the words after a '(' glue_paren() put back
 * had lost their ')'). Against a move's text it is a stray mark ("Kb) 4"
 * is Kb4). */
static void glue_close(ArbGame *game, guint i, gboolean text)
{
    const struct game_event *paren = &g_array_index(game->events, struct game_event, i);
    struct game_event *before = &g_array_index(game->events, struct game_event, i - 1);
    /* (a ';' comment the reader stopped at the ')': "(in Chinese; the
     * values are the letters)", its text from after the ';') */
    gboolean clause = text && before->kind == EV_COMMENT &&
                      before->comment_kind == ARB_COMMENT_LINE &&
                      before->offset + 1 + before->len == paren->offset;
    if ((before->kind != EV_MOVE && !clause) || !paren->len ||
        (!clause && before->offset + before->len != paren->offset))
        return;
    const char *word = game_event_text(game, before);
    /* (or a word of text after it: "(Bishop captures the piece on e5).
     * When a pawn") */
    const struct game_event *next =
        i + 1 < game->events->len ? &g_array_index(game->events, struct game_event, i + 1) : NULL;
    gboolean words_after =
        next && next->kind == EV_MOVE && next->line == paren->line &&
        g_utf8_strlen(game_event_text(game, next), (gssize)next->len) >= CLOSE_WORD_LETTERS &&
        !tokens_has_digit(game_event_text(game, next), next->len);
    if (!text && !words_after &&
        (tokens_has_digit(word, before->len) ||
         g_utf8_strlen(word, (gssize)before->len) < CLOSE_WORD_LETTERS))
        return;
    g_autofree char *joined = g_strdup_printf("%.*s%.*s", (int)before->len, word, (int)paren->len,
                                              game_event_text(game, paren));
    gsize len = before->len + paren->len;
    before->text = keep_text(game, joined, len);
    before->len = len;
}

/* Is the variation from event open to event close written inside words:
 * its '(' right after a move's text ("c2-(3"), or its ')' right before
 * one ("K)g1-h1")? Those are misread letters or stray marks; a variation
 * is written apart from the move before it and the move after it. */
static gboolean inside_word(const ArbGame *game, guint open, guint close)
{
    const GArray *ev = game->events;
    const struct game_event *o = &g_array_index(ev, struct game_event, open);
    const struct game_event *c = &g_array_index(ev, struct game_event, close);
    if (open > 0) {
        const struct game_event *before = o - 1;
        if (before->kind == EV_MOVE && before->offset + before->len == o->offset) return TRUE;
    }
    if (close + 1 < ev->len && c->len) {
        const struct game_event *after = c + 1;
        if ((after->kind == EV_MOVE || after->kind == EV_MOVE_NUMBER) &&
            c->offset + c->len == after->offset)
            return TRUE;
    }
    return FALSE;
}

/* Does the top-level variation opened at event open go on from the main
 * line instead of playing its last move another way: its first move number
 * White's, one past the main line's last, with the two moves of that
 * number between them ("33 b3 (:b4+ 34 Rb", a C read as '(')? A variation
 * starts at the move it replaces, never a whole move later. */
static gboolean continues_main_line(const ArbGame *game, guint open)
{
    const GArray *ev = game->events;
    int plies = 0, depth = 0, last = -1;
    for (guint k = open; k-- > 0 && last < 0;) {
        const struct game_event *e = &g_array_index(ev, struct game_event, k);
        depth += (e->kind == EV_END_VARIATION) - (e->kind == EV_BEGIN_VARIATION);
        if (depth) continue;
        if (e->kind == EV_MOVE) plies++;
        if (e->kind == EV_MOVE_NUMBER) {
            last = move_number_value(game_event_text(game, e));
            if (last < 0) return FALSE;
            plies += e->value != 0; /* (Black's: White's move is before it) */
        }
    }
    for (guint k = open + 1; k < ev->len && last >= 0; k++) {
        const struct game_event *e = &g_array_index(ev, struct game_event, k);
        if (e->kind == EV_MOVE) plies++;
        if (e->kind == EV_MOVE_NUMBER)
            return !e->value && plies == 2 &&
                   move_number_value(game_event_text(game, e)) == last + 1;
        if (e->kind == EV_BEGIN_VARIATION || e->kind == EV_END_VARIATION) return FALSE;
    }
    return FALSE;
}

/* Drops the marks of the variations (all, or those the reader had to close
 * at the end of the game, with an empty closing token, those opened right
 * after a move number, where a move must come, and those written inside
 * words, and those that go on from the main line: their '(' was a stray
 * mark or a misread letter, "3. (4" for 3. c4), so that the moves in them
 * are main line. */
void mend_drop_variations(ArbGame *game, gboolean all, gboolean text)
{
    GArray *ev = game->events;
    guint open[64], depth = 0, overflow = 0;
    g_autofree gboolean *drop = g_new0(gboolean, ev->len + 1);
    for (guint i = 0; i < ev->len; i++) {
        const struct game_event *e = &g_array_index(ev, struct game_event, i);
        if (e->kind == EV_BEGIN_VARIATION) {
            if (depth < G_N_ELEMENTS(open))
                open[depth++] = i;
            else
                overflow++;
        } else if (e->kind == EV_END_VARIATION) {
            if (overflow) {
                overflow--;
            } else if (depth) {
                depth--;
                guint at = open[depth];
                gboolean after_number =
                    at > 0 && g_array_index(ev, struct game_event, at - 1).kind == EV_MOVE_NUMBER;
                if (all || e->len == 0 || after_number || inside_word(game, at, i) ||
                    (!depth && continues_main_line(game, at)))
                    drop[i] = drop[at] = TRUE;
            }
        }
    }
    for (guint i = 0; i + 1 < ev->len; i++) {
        gboolean glued = FALSE; /* (not to keep a dropped mark after it: "((c6") */
        if (drop[i] && g_array_index(ev, struct game_event, i).kind == EV_BEGIN_VARIATION)
            glue_paren(game, i, text, &glued);
        drop[i + 1] |= glued;
    }
    for (guint i = 1; i < ev->len; i++)
        if (drop[i] && g_array_index(ev, struct game_event, i).kind == EV_END_VARIATION)
            glue_close(game, i, text);
    guint kept = 0;
    for (guint i = 0; i < ev->len; i++)
        if (!drop[i])
            g_array_index(ev, struct game_event, kept++) = g_array_index(ev, struct game_event, i);
    g_array_set_size(ev, kept);
}
