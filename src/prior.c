/* The move prior (see prior.h). Two tables from lang/prior.tsv: how often
 * a move (phase, piece, from, to; squares seen from the mover's side) was
 * played when it was available, and an opening book of positions keyed by a
 * hash of their placement and side; and the log factors of a move's features. */
#include "prior.h"

#include "attacks.h"
#include "confusion.h"
#include "fen.h"
#include "lang.h"
#include "movegen.h"
#include "uci.h"

#include <gio/gio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PRIOR_RESOURCE "/org/arbiter/prior/prior.tsv"

/* The features the "feature" rows weigh, as tools/learn-prior names them:
 * one of the five kinds always applies; on top of it, moving into attack,
 * leaving the piece to be taken for less than it is worth, moving a piece
 * out of such a spot, taking a piece nothing defends, a rook or queen moving
 * to a file with no pawn of its side, and what the piece moved attacks where
 * it lands: a dearer piece, a piece nothing defends, the king
 * (kind_factor()). */
enum {
    KIND_TAKES_LAST,
    KIND_CAPTURE_UP,
    KIND_CAPTURE_EVEN,
    KIND_CAPTURE_DOWN,
    KIND_QUIET,
    KIND_INTO_ATTACK,
    KIND_HANGS,
    KIND_SAVES,
    KIND_TAKES_FREE,
    KIND_OPEN_FILE,
    KIND_THREAT,
    KIND_THREAT_FREE,
    KIND_CHECK,
    PRIOR_KINDS
};
static const char *const kind_names[PRIOR_KINDS] = {
    "takes-last",  "capture-up",  "capture-even", "capture-down", "quiet",
    "into-attack", "hangs",       "saves",        "takes-free",   "open-file",
    "threat",      "threat-free", "check"};

enum {
    PHASES = 3,
    BOOK_LAST_MOVE = 12, /* the book holds the first 24 plies at most */
    BOOK_MIN_GAMES = 8,  /* a position seen fewer times is left to the move table */
};
#define BOOK_BLEND 2.0 /* weight of the move table inside a book position, in games */
/* A move's rate is smoothed towards its phase and piece's pooled rate as if
 * that many more positions had offered it (tools/learn-prior's SMOOTHING). */
#define RATE_SMOOTHING 10.0

struct book_row {
    guint64 key;
    char uci[6];
    guint32 count;
};

struct _ArbPrior {
    guint32 played[PHASES][6][64][64];    /* times the move was played */
    guint32 available[PHASES][6][64][64]; /* positions where it could be */
    double weight[PHASES][6][64][64];     /* its smoothed rate, worked out once */
    GArray *book;                         /* struct book_row, by key */
    float kind[PRIOR_KINDS];              /* log factor of a feature, on top of the rate */
    double kind_factor[PRIOR_KINDS];      /* exp of it */
};

static int phase_of(const struct position *pos)
{
    return pos->fullmove <= 12 ? 0 : pos->fullmove <= 35 ? 1 : 2;
}

static int type_of(char c)
{
    const char *p = strchr("PNBRQK", c);
    return c && p ? (int)(p - "PNBRQK") : -1;
}

static int square_of(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' || s[2]) return -1;
    return (s[1] - '1') * 8 + (s[0] - 'a');
}

static int cmp_book(const void *a, const void *b)
{
    const struct book_row *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

static gboolean bad_line(GError **error, const char *origin, int line, const char *what)
{
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%d: %s", origin, line, what);
    return FALSE;
}

enum { FIELDS_MAX = 8 };

/* Cuts text at its tabs, in place, into f (FIELDS_MAX at most; the last
 * keeps any tabs past them); returns the count. The compiled-in prior
 * holds some 35,000 rows, read at every run's start: split into new
 * strings, they took 0.05 s of it. */
static guint split_tabs(char *text, char **f)
{
    guint n = 0;
    f[n++] = text;
    for (char *t = text; n < FIELDS_MAX && (t = strchr(t, '\t')); f[n++] = t)
        *t++ = '\0';
    return n;
}

/* The number s writes in base 10 or 16, all of it and at most 16 digits,
 * into *out; FALSE for anything else. */
static gboolean read_number(const char *s, int base, guint64 *out)
{
    guint64 v = 0;
    int n = 0;
    for (; s[n]; n++) {
        int d = base == 16 ? g_ascii_xdigit_value(s[n]) : g_ascii_digit_value(s[n]);
        if (d < 0 || n == 16) return FALSE;
        v = v * (guint64)base + (guint64)d;
    }
    *out = v;
    return n > 0;
}

static gboolean read_line(ArbPrior *p, char *text, const char *origin, int line, GError **error)
{
    if (!*text || *text == '#') return TRUE;
    char *f[FIELDS_MAX];
    guint n = split_tabs(text, f);
    char *end = NULL;
    if (!strcmp(f[0], "rate")) {
        if (n != 7) return bad_line(error, origin, line, "a rate row has 7 fields");
        long phase = strtol(f[1], &end, 10);
        int type = strlen(f[2]) == 1 ? type_of(f[2][0]) : -1;
        int from = square_of(f[3]), to = square_of(f[4]);
        if (*end || !*f[1] || phase < 0 || phase >= PHASES || type < 0 || from < 0 || to < 0)
            return bad_line(error, origin, line, "bad phase, piece or square in a rate row");
        guint64 played, available;
        if (!read_number(f[5], 10, &played) || played > G_MAXUINT32)
            return bad_line(error, origin, line, "bad played count in a rate row");
        if (!read_number(f[6], 10, &available) || available > G_MAXUINT32)
            return bad_line(error, origin, line, "bad available count in a rate row");
        if (played > available)
            return bad_line(error, origin, line, "a rate row played more often than available");
        p->played[phase][type][from][to] = (guint32)played;
        p->available[phase][type][from][to] = (guint32)available;
        return TRUE;
    }
    if (!strcmp(f[0], "book")) {
        struct book_row row = {0};
        if (n != 4) return bad_line(error, origin, line, "a book row has 4 fields");
        if (strlen(f[1]) != 16 || !read_number(f[1], 16, &row.key))
            return bad_line(error, origin, line, "bad book key");
        gsize len = strlen(f[2]);
        if ((len != 4 && len != 5) || square_of((char[]){f[2][0], f[2][1], 0}) < 0 ||
            square_of((char[]){f[2][2], f[2][3], 0}) < 0)
            return bad_line(error, origin, line, "bad UCI move in a book row");
        memcpy(row.uci, f[2], len);
        guint64 count;
        if (!read_number(f[3], 10, &count) || count > G_MAXUINT32)
            return bad_line(error, origin, line, "bad count in a book row");
        row.count = (guint32)count;
        g_array_append_val(p->book, row);
        return TRUE;
    }
    if (!strcmp(f[0], "feature")) {
        if (n != 3) return bad_line(error, origin, line, "a feature row has 3 fields");
        int k = 0;
        while (k < PRIOR_KINDS && strcmp(f[1], kind_names[k]))
            k++;
        double w = g_ascii_strtod(f[2], &end);
        if (k == PRIOR_KINDS) return bad_line(error, origin, line, "unknown move kind");
        if (*end || !*f[2] || !isfinite(w) || fabs(w) > 20)
            return bad_line(error, origin, line, "bad weight in a feature row");
        p->kind[k] = (float)w;
        return TRUE;
    }
    return bad_line(error, origin, line, "a row starts with \"rate\", \"book\" or \"feature\"");
}

/* Each move's rate, (played + RATE_SMOOTHING base) / (available +
 * RATE_SMOOTHING), base its phase and piece's pooled rate: a move no game
 * offered gets the base. */
static void work_out_weights(ArbPrior *p)
{
    for (int phase = 0; phase < PHASES; phase++)
        for (int type = 0; type < 6; type++) {
            double played = 0, available = 0;
            for (int from = 0; from < 64; from++)
                for (int to = 0; to < 64; to++) {
                    played += p->played[phase][type][from][to];
                    available += p->available[phase][type][from][to];
                }
            double base = (played + 0.5) / (available + 1);
            for (int from = 0; from < 64; from++)
                for (int to = 0; to < 64; to++)
                    p->weight[phase][type][from][to] =
                        (p->played[phase][type][from][to] + RATE_SMOOTHING * base) /
                        (p->available[phase][type][from][to] + RATE_SMOOTHING);
        }
}

ArbPrior *prior_new_from_data(const char *data, gsize len, const char *origin, GError **error)
{
    ArbPrior *p = g_new0(ArbPrior, 1);
    p->book = g_array_new(FALSE, FALSE, sizeof(struct book_row));
    g_autofree char *copy = g_strndup(data, len);
    int line = 0;
    for (char *s = copy, *next; s; s = next) {
        next = strchr(s, '\n');
        if (next) *next++ = '\0';
        g_strchomp(s);
        if (!read_line(p, s, origin, ++line, error)) {
            prior_free(p);
            return NULL;
        }
    }
    /* tools/learn-prior writes the book in key order */
    const struct book_row *rows = (const struct book_row *)p->book->data;
    guint sorted = 1;
    while (sorted < p->book->len && rows[sorted - 1].key <= rows[sorted].key)
        sorted++;
    if (sorted < p->book->len) g_array_sort(p->book, cmp_book);
    work_out_weights(p);
    for (int k = 0; k < PRIOR_KINDS; k++)
        p->kind_factor[k] = exp(p->kind[k]);
    return p;
}

ArbPrior *prior_load(const char *path, GError **error)
{
    g_autofree char *origin = NULL;
    g_autoptr(GBytes) bytes = arb_data_load(path, PRIOR_RESOURCE, &origin, error);
    if (!bytes) return NULL;
    gsize len = 0;
    const char *data = g_bytes_get_data(bytes, &len);
    return prior_new_from_data(data, len, origin, error);
}

void prior_free(ArbPrior *p)
{
    if (!p) return;
    g_array_free(p->book, TRUE);
    g_free(p);
}

gsize prior_book_positions(const ArbPrior *p)
{
    gsize n = 0;
    for (guint i = 0; i < p->book->len; i++)
        n += i == 0 || g_array_index(p->book, struct book_row, i).key !=
                           g_array_index(p->book, struct book_row, i - 1).key;
    return n;
}

/* FNV-1a 64 of the FEN's placement and side ("rnbqkbnr/... w"), as
 * tools/learn-prior computes it. */
static guint64 book_key(const struct position *pos)
{
    char fen[FEN_MAX];
    fen_write(pos, fen, sizeof fen);
    guint64 h = 0xcbf29ce484222325ull;
    int spaces = 0;
    for (const char *c = fen; *c; c++) {
        if (*c == ' ' && ++spaces == 2) break;
        h ^= (guint8)*c;
        h *= 0x100000001b3ull;
    }
    return h;
}

/* The book rows of pos, or NULL; *count gets how many. */
static const struct book_row *book_rows(const ArbPrior *p, const struct position *pos, guint *count)
{
    *count = 0;
    if (pos->fullmove > BOOK_LAST_MOVE || !p->book->len) return NULL;
    struct book_row probe = {.key = book_key(pos)};
    const struct book_row *rows = (const struct book_row *)p->book->data;
    const struct book_row *hit = bsearch(&probe, rows, p->book->len, sizeof *rows, cmp_book);
    if (!hit) return NULL;
    while (hit > rows && hit[-1].key == probe.key)
        hit--;
    const struct book_row *end = rows + p->book->len;
    while (hit + *count < end && hit[*count].key == probe.key)
        (*count)++;
    return hit;
}

gboolean prior_in_book(const ArbPrior *p, const struct position *pos)
{
    guint n = 0;
    const struct book_row *rows = book_rows(p, pos, &n);
    double games = 0;
    for (guint i = 0; rows && i < n; i++)
        games += rows[i].count;
    return games >= BOOK_MIN_GAMES;
}

/* The move table's weight of m, its smoothed rate: its UCI squares
 * (castling as the king's move), from the mover's side. */
static double table_weight(const ArbPrior *p, const struct position *pos, move_t m)
{
    int from = move_from(m), to = move_to(m);
    if (move_kind(m) == MOVE_CASTLING && !pos->chess960) to = castle_king_dest(from, to);
    if (pos->side == BLACK) from ^= 56, to ^= 56;
    return p->weight[phase_of(pos)][pos_moving_type(pos, m)][from][to];
}

/* The squares the side not to move attacks, sliders stopping at the first
 * piece (as tools/learn-prior sees them: pseudo-legal, pins ignored). */
static bitboard attacked_by_them(const struct position *pos)
{
    int them = !pos->side;
    bitboard occ = pos_occupied(pos), attacked = 0;
    for (bitboard b = pos->by_color[them]; b;) {
        int sq = pop_lsb(&b);
        int type = piece_type(pos->board[sq]);
        attacked |= type == PAWN ? attacks_pawn[them][sq] : attacks_of(type, sq, occ);
    }
    return attacked;
}

static const int piece_value[] = {
    [PAWN] = 1, [KNIGHT] = 3, [BISHOP] = 3, [ROOK] = 5, [QUEEN] = 9, [KING] = 100};

/* Is a piece of type on sq where the side not to move takes it for less
 * than it is worth: attacked by a cheaper piece, or attacked and defended
 * by no piece of ours but from those on the squares of except? Squares as
 * in pos (pseudo-legal, pins ignored), as tools/learn-prior sees them. */
static gboolean exposed(const struct position *pos, int sq, int type, bitboard except)
{
    int us = pos->side;
    bitboard attackers = pos_attackers(pos, sq, pos_occupied(pos));
    bitboard theirs = attackers & pos->by_color[!us];
    if (!theirs) return FALSE;
    if (!(attackers & pos->by_color[us] & ~except)) return TRUE;
    for (bitboard b = theirs; b;)
        if (piece_value[piece_type(pos->board[pop_lsb(&b)])] < piece_value[type]) return TRUE;
    return FALSE;
}

/* What the factors ask of the side not to move, whatever the move: the
 * squares they attack, their king, their other pieces that none of theirs
 * defends, and for each type of ours their other pieces worth more. */
struct them {
    bitboard attacked, king, loose;
    bitboard dearer[KING];
};

static void their_side(const struct position *pos, struct them *t)
{
    int them = !pos->side;
    t->attacked = attacked_by_them(pos);
    t->king = pos_pieces(pos, them, KING);
    t->loose = pos->by_color[them] & ~t->king & ~t->attacked;
    for (int type = PAWN; type < KING; type++) {
        t->dearer[type] = 0;
        for (int v = PAWN; v <= QUEEN; v++)
            if (piece_value[v] > piece_value[type]) t->dearer[type] |= pos_pieces(pos, them, v);
    }
}

/* The factor of what a piece of type (not the king) moving from-to attacks
 * there, sliders stopping at the first piece: an enemy piece worth more than
 * itself, not the king; an enemy piece none of theirs defends, not the king;
 * the king. */
static double threat_factor(const ArbPrior *p, const struct position *pos, const struct them *t,
                            int from, int to, int type)
{
    int us = pos->side;
    bitboard occ = (pos_occupied(pos) & ~BB(from)) | BB(to);
    bitboard seen =
        (type == PAWN ? attacks_pawn[us][to] : attacks_of(type, to, occ)) & pos->by_color[!us];
    if (!seen) return 1.0;
    double f = seen & t->dearer[type] ? p->kind_factor[KIND_THREAT] : 1.0;
    if (seen & t->loose) f *= p->kind_factor[KIND_THREAT_FREE];
    return seen & t->king ? f * p->kind_factor[KIND_CHECK] : f;
}

/* The product of the factors of m's features, last the move that led to pos
 * (or MOVE_NONE), t what the opponent's side holds (their_side()): its kind (taking the
 * piece that just moved, a capture by the values of the two pieces, or a
 * quiet move), and on top whether it moves to an attacked square, whether
 * its piece hangs there (exposed, and what it took worth less), whether it
 * saves a piece that hung where it stood, whether it takes a piece
 * nothing defends, and whether a rook or queen goes to another file, one
 * with no pawn of its side ("Rac8" or "Rae8"), and what the piece attacks
 * where it lands (threat_factor()). The king neither hangs, nor is saved,
 * nor threatens. */
static double kind_factor(const ArbPrior *p, const struct position *pos, move_t last,
                          const struct them *t, move_t m)
{
    bitboard attacked = t->attacked;
    int from = move_from(m), to = move_to(m), type = pos_moving_type(pos, m);
    if (move_kind(m) == MOVE_CASTLING) to = castle_king_dest(from, to);
    double f = attacked & BB(to) ? p->kind_factor[KIND_INTO_ATTACK] : 1.0;
    int victim = pos_captured_type(pos, m);
    gboolean capture = victim != NO_TYPE;
    if (type != KING) {
        gboolean hangs = attacked & BB(to) &&
                         (!capture || piece_value[victim] < piece_value[type]) &&
                         exposed(pos, to, type, BB(from));
        if (hangs) f *= p->kind_factor[KIND_HANGS];
        if (!hangs && attacked & BB(from) && exposed(pos, from, type, 0))
            f *= p->kind_factor[KIND_SAVES];
        f *= threat_factor(p, pos, t, from, to, type);
    }
    if (capture && !(attacked & BB(to))) f *= p->kind_factor[KIND_TAKES_FREE];
    if ((type == ROOK || type == QUEEN) && sq_file(from) != sq_file(to) &&
        !(pos_pieces(pos, pos->side, PAWN) & FILE_BB(sq_file(to))))
        f *= p->kind_factor[KIND_OPEN_FILE];
    if (!capture) return f * p->kind_factor[KIND_QUIET];
    if (last != MOVE_NONE && move_to(last) == to) return f * p->kind_factor[KIND_TAKES_LAST];
    int d = piece_value[victim] - piece_value[type];
    return f * p->kind_factor[d > 0    ? KIND_CAPTURE_UP
                              : d == 0 ? KIND_CAPTURE_EVEN
                                       : KIND_CAPTURE_DOWN];
}

/* The prior probability of each of n moves, with the legal moves of pos
 * known; a move at the same index in both lists (prior_costs asks for
 * them all) reuses the table's weight. */
static void probs_among(const ArbPrior *p, const struct position *pos, move_t last,
                        const move_t *legal, int n_legal, const move_t *moves, int n, double *out)
{
    double table_sum = 0, weight[MOVE_LIST_MAX];
    char uci[UCI_MAX];
    struct them t;
    their_side(pos, &t);
    for (int i = 0; i < n_legal; i++) {
        weight[i] = table_weight(p, pos, legal[i]) * kind_factor(p, pos, last, &t, legal[i]);
        table_sum += weight[i];
    }
    guint n_book = 0;
    const struct book_row *book = book_rows(p, pos, &n_book);
    double games = 0;
    for (guint i = 0; i < n_book; i++)
        games += book[i].count;
    if (games < BOOK_MIN_GAMES) n_book = 0, games = 0;
    for (int k = 0; k < n; k++) {
        if (n_book) uci_write(pos, moves[k], uci); /* the book's moves are UCI */
        double w = k < n_legal && legal[k] == moves[k]
                       ? weight[k]
                       : table_weight(p, pos, moves[k]) * kind_factor(p, pos, last, &t, moves[k]);
        double q = table_sum > 0 ? w / table_sum : 0;
        double seen = 0;
        for (guint i = 0; i < n_book; i++)
            if (!strcmp(book[i].uci, uci)) seen = book[i].count;
        out[k] = n_book ? (seen + BOOK_BLEND * q) / (games + BOOK_BLEND) : q;
    }
}

void prior_log_probs(const ArbPrior *p, const struct position *pos, move_t last,
                     const move_t *moves, int n, double *out)
{
    struct move_list list;
    movegen_legal(pos, &list);
    probs_among(p, pos, last, list.moves, list.count, moves, n, out);
    for (int k = 0; k < n; k++)
        out[k] = out[k] > 0 ? log(out[k]) : -1e9;
}

void prior_costs(const ArbPrior *p, const struct position *pos, move_t last, const move_t *moves,
                 int n, double weight, int cap, int *out)
{
    struct move_list list;
    movegen_legal(pos, &list);
    prior_costs_among(p, pos, last, list.moves, list.count, moves, n, weight, cap, out);
}

void prior_costs_among(const ArbPrior *p, const struct position *pos, move_t last,
                       const move_t *legal, int n_legal, const move_t *moves, int n, double weight,
                       int cap, int *out)
{
    double prob[MOVE_LIST_MAX], most = 0;
    probs_among(p, pos, last, legal, n_legal, legal, n_legal, prob);
    for (int i = 0; i < n_legal; i++)
        most = MAX(most, prob[i]);
    double best = most > 0 ? log(most) : -1e9; /* the log of the likeliest alone */
    for (int k = 0; k < n; k++) {
        int i = k < n_legal && legal[k] == moves[k] ? k : 0; /* all asked for */
        while (i < n_legal && legal[i] != moves[k])
            i++;
        double logp = i < n_legal && prob[i] > 0 ? log(prob[i]) : -1e9;
        double c = i < n_legal ? weight * CONF_UNIT * (best - logp) : cap;
        out[k] = c >= cap ? cap : (int)lround(MAX(c, 0.0));
    }
}
