/* Suggestions: every reading of the token at its cheapest cost, resolved with
 * lenient flags; then every change of one square or mark of each reading;
 * then every other piece letter. The first level at which some legal move
 * fits decides, and only a single move (or a single one whose check mark
 * matches the text) is suggested. */
#include "suggest.h"

#include <string.h>

enum { FITS_MAX = 16 };

struct fits {
    move_t moves[FITS_MAX];
    int n;
    gboolean crowded; /* some change fitted several moves at once */
};

static void add_fit(struct fits *f, move_t m)
{
    for (int i = 0; i < f->n; i++)
        if (f->moves[i] == m) return;
    if (f->n < FITS_MAX)
        f->moves[f->n++] = m;
    else
        f->crowded = TRUE;
}

static void try_san(const struct position *pos, const struct san *s, unsigned flags, struct fits *f)
{
    move_t m;
    enum san_status st = san_resolve(pos, s, flags, &m, NULL);
    if (st == SAN_OK && m != MOVE_NONE)
        add_fit(f, m);
    else if (st == SAN_AMBIGUOUS)
        f->crowded = TRUE;
}

/* Every change of one field of s but its piece: the same piece from another
 * square, to another file or rank, the capture mark dropped, another
 * promotion piece, the other castling. */
static void try_square_changes(const struct position *pos, const struct san *s, unsigned flags,
                               struct fits *f)
{
    struct san e;
    if (s->castle != SAN_CASTLE_NONE) {
        e = *s;
        e.castle = s->castle == SAN_CASTLE_KING ? SAN_CASTLE_QUEEN : SAN_CASTLE_KING;
        try_san(pos, &e, flags, f);
        return;
    }
    for (int v = -1; v < 8; v++) {
        if (v >= 0 && v != s->to_file && s->to_file >= 0) {
            e = *s, e.to_file = (int8_t)v;
            try_san(pos, &e, flags, f);
        }
        if (v >= 0 && v != s->to_rank && s->to_rank >= 0) {
            e = *s, e.to_rank = (int8_t)v;
            try_san(pos, &e, flags, f);
        }
        if (v != s->from_file) {
            e = *s, e.from_file = (int8_t)v;
            try_san(pos, &e, flags, f);
        }
        if (v != s->from_rank) {
            e = *s, e.from_rank = (int8_t)v;
            try_san(pos, &e, flags, f);
        }
    }
    if (s->capture == SAN_CAPTURE_YES) {
        e = *s, e.capture = SAN_CAPTURE_NO;
        try_san(pos, &e, flags & ~(unsigned)SAN_VERIFY_CAPTURE, f);
    }
    for (int t = KNIGHT; t <= QUEEN && s->promotion != NO_TYPE; t++) {
        if (t == s->promotion) continue;
        e = *s, e.promotion = (int8_t)t;
        try_san(pos, &e, flags, f);
    }
}

/* The other piece letters (a pawn move read as a piece's, or back). */
static void try_piece_changes(const struct position *pos, const struct san *s, unsigned flags,
                              struct fits *f)
{
    if (s->castle != SAN_CASTLE_NONE) return;
    for (int t = PAWN; t <= KING; t++) {
        if (t == s->piece) continue;
        struct san e = *s;
        e.piece = (int8_t)t;
        if (t != PAWN) e.promotion = NO_TYPE;
        try_san(pos, &e, flags, f);
    }
}

static gboolean mark_fits(const struct position *pos, move_t m, int check)
{
    const char *mark = san_check_mark(pos, m);
    switch (check) {
    case SAN_CHECK_NONE: return !*mark;
    case SAN_CHECK_CHECK: return !strcmp(mark, "+");
    case SAN_CHECK_MATE: return !strcmp(mark, "#");
    case SAN_CHECK_CHECK_OR_MATE: return *mark != 0;
    default: return TRUE;
    }
}

/* The single move of f, or of those whose check mark matches the text. */
static gboolean single(const struct position *pos, const struct fits *f, int check, move_t *out)
{
    if (f->n == 1 && !f->crowded) {
        *out = f->moves[0];
        return TRUE;
    }
    if (f->crowded || f->n == 0) return FALSE;
    int found = 0;
    for (int i = 0; i < f->n; i++)
        if (mark_fits(pos, f->moves[i], check)) found++, *out = f->moves[i];
    return found == 1;
}

gboolean suggest_move(ArbNorm *norm, const struct position *pos, const char *text, gsize len,
                      move_t *out)
{
    struct norm_reading r[NORM_READINGS_MAX];
    int n = norm_readings(norm, text, len, r, NORM_READINGS_MAX);
    while (n > 0 && r[n - 1].cost > r[0].cost)
        n--; /* the cheapest readings only */
    if (n == 0) return FALSE;
    const unsigned lenient = SAN_LENIENT_PROMOTION | SAN_LENIENT_KING_STEP;
    struct fits f = {0};
    /* level 0: as written, leniently; 1: the same piece, one square or mark
     * changed; 2: another piece letter */
    for (int level = 0; level < 3; level++) {
        for (int i = 0; i < n; i++) {
            if (r[i].san.is_null) continue;
            unsigned flags =
                lenient | (r[i].san.capture == SAN_CAPTURE_YES ? SAN_VERIFY_CAPTURE : 0);
            if (level == 0)
                try_san(pos, &r[i].san, flags | SAN_LENIENT_HINTS, &f);
            else if (level == 1)
                try_square_changes(pos, &r[i].san, flags, &f);
            else
                try_piece_changes(pos, &r[i].san, flags, &f);
        }
        if (f.n || f.crowded) return single(pos, &f, r[0].san.check, out);
    }
    return FALSE;
}
