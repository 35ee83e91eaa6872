/* How well a token reads as a legal move, for the fixer's beam
 * (src/fix_beam.c). A legal move is rendered (SAN, LAN, pawn files, descriptive
 * capture, in the game's language) as code points when first needed; a
 * token's cost for a move is the cheapest weighted edit distance to one of
 * them. Two lower bounds rule most moves out before they are rendered or
 * measured: what every rendering holds (piece, squares, marks), which also
 * orders the moves tried, and what each of the token's characters costs at
 * least against any character a rendering of the move may hold, which only
 * skips a move that would cost too much anyway. Last, the readings a state
 * keeps, with the move prior's say among near ties. */
#include "fix_private.h"

/* ---- renderings ------------------------------------------------------------ */

static void put_square(const ArbFixer *f, struct form *fm, int sq)
{
    put(f, fm, 'a' + sq_file(sq));
    put(f, fm, '1' + sq_rank(sq));
}

/* How many spellings of a move the game's own notation has: UCI with and
 * without a separator, ICCF one, descriptive desc_spell()'s eight. */
static int style_variants(const ArbFixer *f)
{
    return f->style == FIX_STYLE_UCI ? 2 : f->style == FIX_STYLE_DESCRIPTIVE ? 8 : 1;
}

/* m in pos as the game's own notation writes it (f->style: UCI, in
 * capitals if so written, with a separator between the squares for
 * variant 1, ICCF, or descriptive's variant) into text (FORM_MAX); returns
 * its length, 0 for a variant that adds nothing. */
static size_t style_text(const ArbFixer *f, const struct position *pos, move_t m, int variant,
                         const char *mark, char *text)
{
    if (f->style == FIX_STYLE_ICCF) return iccf_write(pos, m, text);
    if (f->style == FIX_STYLE_DESCRIPTIVE) {
        char desc[DESC_MAX];
        size_t len = desc_spell(pos, m, variant, mark, desc), n = 0;
        for (size_t i = 0; i < len && n + 2 <= FORM_MAX; i++) {
            if (desc[i] == 'N' && f->style_kt) /* the knight's older name */
                text[n++] = 'K', text[n++] = 't';
            else
                text[n++] = desc[i];
        }
        return n;
    }
    gboolean sep = variant == 1;
    char uci[UCI_MAX + 1];
    size_t len = uci_write(pos, m, uci), n = 0;
    for (size_t i = 0; i < len; i++) {
        if (sep && i == 2) text[n++] = pos_is_capture(pos, m) ? 'x' : '-';
        text[n++] = f->style_upper ? g_ascii_toupper(uci[i]) : uci[i];
    }
    return n;
}

/* The next form of mf, empty, at base cost. */
static struct form *new_form(struct move_forms *mf, int base)
{
    struct form *fm = &mf->f[mf->n++];
    fm->len = 0;
    fm->base = (guint16)base;
    fm->ambiguous = FALSE;
    fm->variant = 0;
    return fm;
}

/* A queen's promotion with the queen not written: text[0, len) less its
 * "=" and the letter after it ("f8=Q+" as "f8+", "P-B8=Q" as "P-B8"). */
static void put_queen_implied(const ArbFixer *f, struct move_forms *mf, const char *text,
                              size_t len)
{
    if (mf->n >= FORMS_PER_MOVE) return;
    struct form *fm = new_form(mf, f->costs[CONF_FORM_QUEEN_IMPLIED]);
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '=') {
            i++;
            continue;
        }
        put(f, fm, (gunichar)text[i]);
    }
}

enum { ALIKE_MAX = 16, NO_ALIKE = 0xFFFF, FORM_ALIKE_UNKNOWN = 2 };

/* What the moves that may spell alike in a descriptive variant share: the
 * piece, a promotion's, and what it takes or the rank it goes to and its
 * file or the file's twin on the other wing ("B3": either bishop's). */
static guint16 spelling_key(const struct position *pos, move_t m)
{
    if (move_kind(m) == MOVE_CASTLING) return NO_ALIKE;
    int type = piece_type(pos->board[move_from(m)]), to = move_to(m);
    int key = type << 3 | move_promotion(m);
    if (move_kind(m) == MOVE_EN_PASSANT) return (guint16)(1 << 14 | key << 5 | PAWN);
    if (pos->board[to] != NO_PIECE)
        return (guint16)(1 << 14 | key << 5 | piece_type(pos->board[to]));
    int file = sq_file(to);
    return (guint16)(key << 5 | sq_rank(to) << 2 | MIN(file, 7 - file));
}

/* The other moves of tab (NULL: none known) that may spell as m does in a
 * descriptive variant (spelling_key()), into out (ALIKE_MAX at most). */
static int alike_moves(struct movetab *tab, move_t m, move_t *out)
{
    guint16 key = tab ? spelling_key(&tab->pos, m) : NO_ALIKE;
    if (key == NO_ALIKE) return 0;
    if (!tab->keyed) {
        /* (a table of the moves a token may read as holds not every move) */
        if (tab->partial) {
            movegen_legal(&tab->pos, &tab->all);
        } else {
            tab->all.count = tab->count;
            for (int i = 0; i < tab->count; i++)
                tab->all.moves[i] = tab->m[i].move;
        }
        for (int i = 0; i < tab->all.count; i++)
            tab->all_key[i] = spelling_key(&tab->pos, tab->all.moves[i]);
        tab->keyed = TRUE;
    }
    int n = 0;
    for (int i = 0; i < tab->all.count && n < ALIKE_MAX; i++)
        if (tab->all_key[i] == key && tab->all.moves[i] != m) out[n++] = tab->all.moves[i];
    return n;
}

/* Does one of alike[0, n) spell as text[0, len) in the descriptive variant
 * v (with m's mark: a check tells no move apart)? */
static gboolean spelled_alike(const ArbFixer *f, const struct position *pos, const move_t *alike,
                              int n, int v, const char *mark, const char *text, size_t len)
{
    for (int i = 0; i < n; i++) {
        char other[FORM_MAX];
        if (style_text(f, pos, alike[i], v, mark, other) == len && !memcmp(other, text, len))
            return TRUE;
    }
    return FALSE;
}

gboolean fix_form_ambiguous(const ArbFixer *f, struct move_forms *mf, struct form *fm)
{
    if (fm->ambiguous == FORM_ALIKE_UNKNOWN) {
        move_t alike[ALIKE_MAX];
        char mark[2] = {(char)mf->mark, 0}, text[FORM_MAX];
        const struct position *pos = &mf->tab->pos;
        int n_alike = alike_moves(mf->tab, mf->move, alike);
        size_t len = n_alike ? style_text(f, pos, mf->move, fm->variant, mark, text) : 0;
        fm->ambiguous = len && spelled_alike(f, pos, alike, n_alike, fm->variant, mark, text, len);
    }
    return fm->ambiguous;
}

/* Descriptive's spellings from this variant on name the piece by its
 * square ("N/KN1-B3", "NxN/Q4", "N/K4xNP"; desc_spell()). */
enum { DESC_BY_SQUARE = 5 };

/* What the variants [from, to) of mf's move in pos spell depends on
 * (struct spell_entry), or 0 where the notation is not descriptive. */
static guint64 spell_key(const ArbFixer *f, const struct position *pos, const struct move_forms *mf,
                         int from, int to)
{
    if (f->style != FIX_STYLE_DESCRIPTIVE) return 0;
    move_t m = mf->move;
    int victim = pos_captured_type(pos, m); /* (NO_TYPE: none) */
    guint64 key = m; /* (the squares, the kind, a promotion's piece) */
    key = key << 3 | (guint64)piece_type(pos->board[move_from(m)]);
    key = key << 3 | (guint64)victim;
    key = key << 1 | (guint64)pos->side;
    key = key << 8 | mf->mark;
    key = key << 4 | (guint64)from;
    key = key << 4 | (guint64)to;
    return key << 1 | 1;
}

/* put_variants() without the spellings remembered. */
static void put_spellings(const ArbFixer *f, const struct position *pos, struct move_forms *mf,
                          int from, int to)
{
    move_t m = mf->move;
    char mark[2] = {(char)mf->mark, 0};
    for (int v = from; v < to && mf->n < FORMS_PER_MOVE; v++) {
        char text[FORM_MAX];
        size_t len = style_text(f, pos, m, v, mark, text);
        if (!len) continue;
        struct form *fm = new_form(mf, 0);
        fm->variant = (guint8)v;
        for (size_t i = 0; i < len; i++)
            put(f, fm, (gunichar)text[i]);
        if (v == 0 && f->style == FIX_STYLE_DESCRIPTIVE && queen_promotion(m))
            put_queen_implied(f, mf, text, len);
    }
}

/* The game's own notation's variants [from, to) of mf's move in pos, its
 * forms from mf->n on (a queen implied after the first). */
static void put_variants(const ArbFixer *f, const struct position *pos, struct move_forms *mf,
                         int from, int to)
{
    guint64 key = spell_key(f, pos, mf, from, to);
    struct spell_entry *e = key ? &f->spell[(key * 0x9E3779B97F4A7C15u) >> 56] : NULL;
    G_STATIC_ASSERT(SPELL_CACHE == 1 << 8);
    int first = mf->n;
    if (e && e->game == f->game && e->key == key && mf->n + e->n <= FORMS_PER_MOVE) {
        memcpy(&mf->f[mf->n], e->f, e->n * sizeof *e->f);
        mf->n += e->n;
    } else {
        put_spellings(f, pos, mf, from, to);
        /* (not where the forms ran out of room: another time there may be) */
        if (e && mf->n < FORMS_PER_MOVE && mf->n - first <= SPELL_FORMS) {
            e->game = f->game;
            e->key = key;
            e->n = (guint8)(mf->n - first);
            memcpy(e->f, &mf->f[first], e->n * sizeof *e->f);
        }
    }
    /* whether another move spells a form so too: when a reading asks */
    for (int i = first; f->style == FIX_STYLE_DESCRIPTIVE && mf->tab && i < mf->n; i++)
        mf->f[i].ambiguous = FORM_ALIKE_UNKNOWN;
}

/* SAN with the language's initials, then the other forms writers use;
 * tab, when not NULL, holds every legal move of pos (descriptive spellings
 * another move shares cost form-ambiguous). */
void fix_render_forms(const ArbFixer *f, const struct position *pos, move_t m,
                      struct move_forms *mf, struct movetab *tab)
{
    char san[SAN_MAX];
    size_t n = san_write(pos, m, san);
    mf->move = m;
    mf->n = 0;
    struct form *fm = new_form(mf, 0);
    gboolean castle = san[0] == 'O';
    /* a piece move's disambiguation (between the initial and the capture
     * mark or the destination): writers often leave it out */
    size_t core = n;
    while (core > 0 && !g_ascii_isdigit(san[core - 1]))
        core--;
    size_t disambig_end = san_piece_of_letter(san[0]) != NO_TYPE && core >= 3 ? core - 2 : 0;
    for (size_t i = 0; i < n; i++) {
        int t = san_piece_of_letter(san[i]);
        if (!castle && t != NO_TYPE && (i == 0 || san[i - 1] == '=')) {
            put_initial(f, fm, t);
            continue;
        }
        put(f, fm, (gunichar)san[i]);
        if (i > 0 && i < disambig_end && san[i] != 'x' && fm->len) {
            fm->del[fm->len - 1] = (guint16)MIN(fm->del[fm->len - 1], DISAMBIG_DELETE);
            fm->lowered |= (guint16)(1u << (fm->len - 1));
        }
    }
    mf->lan_pending = FALSE;
    mf->desc_next = (guint8)style_variants(f);
    if (f->style != FIX_STYLE_SAN) { /* the game's own notation, and SAN */
        /* (UCI with a separator too: "e2-e4", "e4xd5"; descriptive's
         * spellings: "N-B3", "N-KB3", "KN-B3", "KN-KB3", "BxQNP"; those
         * by a square, "N/KN1-B3", when first needed: put_by_square()) */
        mf->mark = n && (san[n - 1] == '+' || san[n - 1] == '#') ? (guint8)san[n - 1] : 0;
        mf->type = (guint8)pos_moving_type(pos, m);
        mf->tab = tab;
        int upto = f->style == FIX_STYLE_DESCRIPTIVE && tab ? DESC_BY_SQUARE : style_variants(f);
        put_variants(f, pos, mf, 0, upto);
        mf->desc_next = (guint8)upto;
        return;
    }
    if (castle) return;
    int type = pos_moving_type(pos, m), from = move_from(m), to = move_to(m);
    gboolean capture = pos_is_capture(pos, m);
    /* LAN: "Ng1-f3", "e7xd8=Q#" (put_lan()) */
    fm = new_form(mf, f->costs[CONF_FORM_LAN]);
    mf->lan_pending = TRUE;
    mf->type = (guint8)type;
    mf->capture = capture ? 'x' : '-';
    mf->mark = n && (san[n - 1] == '+' || san[n - 1] == '#') ? (guint8)san[n - 1] : 0;
    if (queen_promotion(m)) put_queen_implied(f, mf, san, n);
    if (!capture) return;
    if (type == PAWN && move_kind(m) != MOVE_PROMOTION) { /* "exd" */
        fm = new_form(mf, f->costs[CONF_FORM_PAWN_FILES]);
        put(f, fm, 'a' + sq_file(from));
        put(f, fm, 'x');
        put(f, fm, 'a' + sq_file(to));
        if (mf->mark) put(f, fm, mf->mark); /* "hg+" */
    }
    int victim = pos_captured_type(pos, m);
    if (type == PAWN && victim == PAWN && mf->n < FORMS_PER_MOVE) { /* "PxP" */
        fm = new_form(mf, f->costs[CONF_FORM_DESCRIPTIVE]);
        put(f, fm, 'P');
        put(f, fm, 'x');
        put(f, fm, 'P');
    }
    if (victim != PAWN && mf->n < FORMS_PER_MOVE) { /* "QxN", "exN" */
        fm = new_form(mf, f->costs[CONF_FORM_DESCRIPTIVE]);
        if (type == PAWN)
            put(f, fm, 'a' + sq_file(from));
        else
            put_initial(f, fm, type);
        put(f, fm, 'x');
        put_initial(f, fm, victim);
    }
}

/* The LAN form fix_render_forms left pending. */
static void put_lan(const ArbFixer *f, struct move_forms *mf)
{
    struct form *fm = &mf->f[1];
    move_t m = mf->move;
    if (mf->type != PAWN) put_initial(f, fm, mf->type);
    put_square(f, fm, move_from(m));
    put(f, fm, mf->capture);
    put_square(f, fm, move_to(m));
    if (move_kind(m) == MOVE_PROMOTION) {
        put(f, fm, '=');
        put_initial(f, fm, move_promotion(m));
    }
    if (mf->mark) put(f, fm, mf->mark);
    mf->lan_pending = FALSE;
}

/* form_bound() of the LAN form put_lan() would put in (at most 15
 * characters: none is cut). */
static int lan_bound(const ArbFixer *f, const struct pcand *c, const struct move_forms *mf)
{
    move_t m = mf->move;
    int from = move_from(m), to = move_to(m);
    int low = c->low_piece[mf->type] + c->low_file[sq_file(from)] + c->low_rank[sq_rank(from)] +
              cover_sym(f, c, f->sym_ascii[mf->capture]) + c->low_file[sq_file(to)] +
              c->low_rank[sq_rank(to)];
    if (move_kind(m) == MOVE_PROMOTION) low += c->low_eq + c->low_piece[move_promotion(m)];
    if (mf->mark) low += cover_sym(f, c, f->sym_ascii[mf->mark]);
    return low;
}

void fix_build_table(const struct position *pos, struct movetab *tab)
{
    struct move_list list;
    movegen_legal(pos, &list);
    tab->pos = *pos;
    tab->count = list.count;
    tab->partial = FALSE;
    tab->keyed = FALSE;
    for (int i = 0; i < list.count; i++) {
        tab->m[i].move = list.moves[i];
        tab->m[i].n = 0;
    }
}

struct move_forms *fix_forms_of(const ArbFixer *f, struct movetab *tab, int i)
{
    struct move_forms *mf = &tab->m[i];
    if (!mf->n) fix_render_forms(f, &tab->pos, mf->move, mf, tab);
    return mf;
}

/* What a descriptive spelling's letter of a piece of type costs at least
 * (with Kt for the knight, its K). */
static int letter_cover(const ArbFixer *f, const struct pcand *c, int type)
{
    const char *letter = f->style_kt ? "PKBRQK" : "PNBRQK";
    return cover_sym(f, c, f->sym_ascii[(int)letter[type]]);
}

/* The least any spelling of mf's move by a square costs (form_bound()):
 * its piece's letter and '/', and the ranks of both squares and '-'
 * ("R/QB1-B6"), or 'x' and the rank of one of them ("N/K4xNP", "NxN/Q4");
 * a pawn's or king's only its capture ("PxP/Q4"). */
static int by_square_bound(const ArbFixer *f, const struct pcand *c, const struct move_forms *mf)
{
    const struct position *pos = &mf->tab->pos;
    move_t m = mf->move;
    gboolean capture = pos_is_capture(pos, m);
    if (!capture && (mf->type == PAWN || mf->type == KING)) return COST_INF;
    /* (ranks counted from the mover's side, as descriptive does) */
    int from = sq_rank(move_from(m)), to = sq_rank(move_to(m));
    if (pos->side == BLACK) from = 7 - from, to = 7 - to;
    int low = cover_sym(f, c, f->sym_ascii['/']) + letter_cover(f, c, mf->type);
    if (capture)
        return low + cover_sym(f, c, f->sym_ascii['x']) + MIN(c->low_rank[from], c->low_rank[to]);
    return low + cover_sym(f, c, f->sym_ascii['-']) + c->low_rank[from] + c->low_rank[to];
}

/* The spellings by a square fix_render_forms left for later. */
static void put_by_square(const ArbFixer *f, struct move_forms *mf)
{
    int from = mf->desc_next;
    mf->desc_next = (guint8)style_variants(f);
    put_variants(f, &mf->tab->pos, mf, from, style_variants(f));
}

struct move_forms *fix_forms_whole(const ArbFixer *f, struct movetab *tab, int i)
{
    struct move_forms *mf = fix_forms_of(f, tab, i);
    if (mf->desc_next < style_variants(f)) put_by_square(f, mf);
    return mf;
}

/* ---- costs ------------------------------------------------------------------- */

/* Weighted edit distance of token candidate c to form fm; more than bound
 * means "more than bound" (the rows stop early). */
static int edit_distance(const ArbFixer *f, const struct pcand *c, const struct form *fm, int bound)
{
    int row[FIX_TOKEN_CHARS + 1];
    row[0] = 0;
    for (int j = 1; j <= c->len; j++)
        row[j] = row[j - 1] + c->ins[j - 1];
    for (int i = 1; i <= fm->len; i++) {
        int diag = row[0], del = fm->del[i - 1];
        row[0] += del;
        int low = row[0];
        gunichar r = fm->ch[i - 1];
        const guint16 *sub = fm->all_sym ? c->subs[fm->sym[i - 1]] : NULL;
        for (int j = 1; j <= c->len; j++) {
            int best = row[j] + del;
            int v = row[j - 1] + c->ins[j - 1];
            if (v < best) best = v;
            v = diag + (sub ? sub[j - 1] : sub_cost(f, c->ch[j - 1], r));
            if (v < best) best = v;
            diag = row[j];
            row[j] = best;
            if (best < low) low = best;
        }
        if (low > bound) return bound + 1;
    }
    return row[c->len];
}

/* A lower bound of edit_distance(c, fm): each character of the rendering is
 * either dropped or matched by one of c's, whatever the alignment. */
static int form_bound(const struct pcand *c, const struct form *fm)
{
    int low = 0;
    for (int i = 0; i < fm->len; i++)
        if (fm->sym[i] != SYM_NONE) low += MIN(fm->del[i], c->cover[fm->sym[i]]);
    return low;
}

/* edit_distance of reading c, remembered for the game by its key (struct
 * pcand): an answer within bound is the distance, past it only says so,
 * as there. */
static int known_distance(const ArbFixer *f, const struct pcand *c, const struct form *fm,
                          int bound)
{
    if (!fm->all_sym) return edit_distance(f, c, fm, bound);
    guint64 h = (c->key ^ fm->len) + fm->lowered * 0xC2B2AE35u;
    for (int i = 0; i < fm->len; i++)
        h = (h ^ fm->sym[i]) * 0x100000001b3u;
    struct dist_entry *e = &f->dist[(h ^ h >> 32) % DIST_CACHE];
    gboolean same = e->game == f->game && e->cand == c->key && e->len == fm->len &&
                    e->lowered == fm->lowered && !memcmp(e->sym, fm->sym, fm->len);
    if (same && (e->exact || e->value > bound)) return e->exact ? e->value : bound + 1;
    int d = edit_distance(f, c, fm, bound);
    *e = (struct dist_entry){.cand = c->key,
                             .game = f->game,
                             .lowered = fm->lowered,
                             .value = (guint16)MIN(d, G_MAXUINT16),
                             .len = fm->len,
                             .exact = d <= bound};
    memcpy(e->sym, fm->sym, fm->len);
    return d;
}

/* Are t's readings weighed against m's descriptive spellings only, not its
 * SAN (cands_cost(): a move in words)? */
static gboolean spelt_only(const ArbFixer *f, const struct ptoken *t)
{
    return t->words && f->style == FIX_STYLE_DESCRIPTIVE;
}

/* The cheapest of candidates [from, to) of t. */
static int cands_cost(const ArbFixer *f, const struct ptoken *t, int from, int to,
                      struct move_forms *mf, int bound)
{
    int best = bound + 1;
    for (int k = from; k < to; k++) {
        const struct pcand *c = &t->c[k];
        /* (a move in words is no SAN: "B to B th" is not b3) */
        for (int i = spelt_only(f, t) && mf->n > 1;; i++) {
            /* past the last, the spellings by a square, if they may cost less */
            if (i == mf->n && mf->desc_next < style_variants(f) &&
                c->prior + by_square_bound(f, c, mf) < best)
                put_by_square(f, mf);
            if (i >= mf->n) break;
            int pre = c->prior + mf->f[i].base;
            if (pre >= best) continue;
            if (i == 1 && mf->lan_pending) {
                if (pre + lan_bound(f, c, mf) >= best) continue;
                put_lan(f, mf);
            }
            if (pre + form_bound(c, &mf->f[i]) >= best) continue;
            int dist = known_distance(f, c, &mf->f[i], best - 1 - pre);
            /* (a spelling another move shares, written so, is as written) */
            int d = pre + dist;
            if (dist && d < best && fix_form_ambiguous(f, mf, &mf->f[i]))
                d += f->costs[CONF_FORM_AMBIGUOUS];
            if (d < best) best = d;
        }
    }
    return best;
}

/* The token's cost for a move: its cheapest candidate, or with several
 * inputs the mean of each input's cheapest (a move one sheet shows clearly
 * settles the other's smudge). */
int fix_move_cost(const ArbFixer *f, const struct ptoken *t, struct move_forms *mf, int bound)
{
    if (t->inputs <= 1) return cands_cost(f, t, 0, t->n, mf, bound);
    /* an input that fits no better than a skipped token (a cell shifted on
     * one sheet) costs that much and no more: the others decide */
    int sum = 0, total = bound * t->inputs, most = f->costs[CONF_SKIP_TOKEN];
    for (int k = 0, j; k < t->n; k = j) {
        for (j = k; j < t->n && t->c[j].input == t->c[k].input; j++)
            ;
        sum += MIN(most, cands_cost(f, t, k, j, mf, MIN(most, total - sum)));
        if (sum > total) return bound + 1;
    }
    return (sum + t->inputs / 2) / t->inputs;
}

static int san_skeleton_bound(const struct pcand *c, const ArbFixer *f, const struct position *pos,
                              move_t m);

/* What every descriptive spelling of m holds (desc_spell()): the letter
 * of the piece that moves, '-' and the rank it goes to or 'x' and the
 * letter of what it takes, and a promotion's '=' and piece. */
static int descriptive_bound(const struct pcand *c, const ArbFixer *f, const struct position *pos,
                             move_t m)
{
    int from = move_from(m), to = move_to(m), kind = move_kind(m);
    int low = letter_cover(f, c, piece_type(pos->board[from]));
    if (kind == MOVE_EN_PASSANT || pos->board[to] != NO_PIECE) {
        int victim = kind == MOVE_EN_PASSANT ? PAWN : piece_type(pos->board[to]);
        low += c->low_x + letter_cover(f, c, victim);
    } else {
        /* "-", the piece its file is named after ("B" of QB3) and the rank */
        static const int file_piece[8] = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
        int rank = pos->side == WHITE ? sq_rank(to) : 7 - sq_rank(to);
        low += cover_sym(f, c, f->sym_ascii['-']) + letter_cover(f, c, file_piece[sq_file(to)]) +
               c->low_rank[rank];
    }
    if (kind == MOVE_PROMOTION) {
        int named = c->low_eq + letter_cover(f, c, move_promotion(m));
        low += queen_promotion(m) ? MIN(named, f->costs[CONF_FORM_QUEEN_IMPLIED]) : named;
    }
    return low;
}

/* What the game's own notation (UCI, ICCF) always holds: the squares,
 * ICCF's files as digits. */
static int style_bound(const struct pcand *c, const ArbFixer *f, move_t m)
{
    int from = move_from(m), to = move_to(m);
    const guint16 *files = f->style == FIX_STYLE_ICCF ? c->low_rank : c->low_file;
    int low = c->low_rank[sq_rank(from)] + c->low_rank[sq_rank(to)];
    /* (capitals have no symbol: no bound of theirs) */
    return f->style_upper ? low : low + files[sq_file(from)] + files[sq_file(to)];
}

/* A lower bound of form_bound() over every form fix_render_forms gives m in
 * pos, from what the forms always hold (not the disambiguation or the check
 * mark, which take san_write to know). */
static int skeleton_bound(const struct pcand *c, const ArbFixer *f, const struct position *pos,
                          move_t m, gboolean spelt)
{
    if (move_kind(m) == MOVE_CASTLING) return 0;
    if (spelt) return descriptive_bound(c, f, pos, m);
    int low = san_skeleton_bound(c, f, pos, m);
    if (f->style == FIX_STYLE_SAN) return low;
    if (f->style == FIX_STYLE_DESCRIPTIVE) return MIN(low, descriptive_bound(c, f, pos, m));
    return MIN(low, style_bound(c, f, m));
}

/* skeleton_bound() of the SAN forms and their like. */
static int san_skeleton_bound(const struct pcand *c, const ArbFixer *f, const struct position *pos,
                              move_t m)
{
    int kind = move_kind(m); /* (no castling: skeleton_bound() gives it 0) */
    int from = move_from(m), to = move_to(m), type = piece_type(pos->board[from]);
    gboolean capture = kind == MOVE_EN_PASSANT || pos->board[to] != NO_PIECE;
    gboolean promotion = kind == MOVE_PROMOTION;
    int promo = promotion ? c->low_eq + c->low_piece[move_promotion(m)] : 0;
    if (queen_promotion(m)) promo = MIN(promo, f->costs[CONF_FORM_QUEEN_IMPLIED]);
    int from_file = c->low_file[sq_file(from)];
    /* SAN; LAN holds all SAN holds and more, so it is never lower */
    int low = c->low_piece[type] + c->low_file[sq_file(to)] + c->low_rank[sq_rank(to)] + promo;
    if (!capture) return low;
    low += c->low_x + (type == PAWN ? from_file : 0);
    if (type == PAWN && !promotion)
        low = MIN(low,
                  f->costs[CONF_FORM_PAWN_FILES] + from_file + c->low_x + c->low_file[sq_file(to)]);
    int victim = move_kind(m) == MOVE_EN_PASSANT ? PAWN : piece_type(pos->board[to]);
    if (victim != PAWN)
        low = MIN(low, f->costs[CONF_FORM_DESCRIPTIVE] +
                           (type == PAWN ? from_file : c->low_piece[type]) + c->low_x +
                           c->low_piece[victim]);
    else if (type == PAWN) /* "PxP" */
        low = MIN(low, f->costs[CONF_FORM_DESCRIPTIVE] + 2 * cover_sym(f, c, f->sym_ascii['P']) +
                           c->low_x);
    return low;
}

/* The symbols any form fix_render_forms gives m in pos may hold (the check
 * marks always, as san_write decides them), with spelt those of its
 * descriptive spellings alone (spelt_only()); bit 63 when one of them has
 * no symbol. */
static guint64 move_symbols(const ArbFixer *f, const struct position *pos, move_t m, gboolean spelt)
{
    guint64 u = f->sym_bit['+'] | f->sym_bit['#'];
    if (f->style == FIX_STYLE_DESCRIPTIVE) { /* every character its spellings may hold */
        /* (castling's "Castles(QR)": letters with no symbol) */
        if (move_kind(m) == MOVE_CASTLING) return G_GUINT64_CONSTANT(1) << 63;
        for (const char *p = f->style_kt ? "PNBRQKt-x/12345678=" : "PNBRQK-x/12345678="; *p; p++)
            u |= f->sym_bit[(guchar)*p];
        if (spelt) return u;
    } else if (f->style != FIX_STYLE_SAN) { /* its own notation too: every character it writes */
        char text[FORM_MAX];
        size_t len = style_text(f, pos, m, f->style == FIX_STYLE_UCI, NULL, text);
        for (size_t i = 0; i < len; i++)
            u |= f->sym_bit[(guchar)text[i] & 127];
    }
    if (move_kind(m) == MOVE_CASTLING) return u | f->sym_bit['O'] | f->sym_bit['-'];
    int from = move_from(m), to = move_to(m), type = piece_type(pos->board[from]);
    gboolean capture = move_kind(m) == MOVE_EN_PASSANT || pos->board[to] != NO_PIECE;
    u |= f->initial_bits[type] | f->sym_bit['a' + sq_file(from)] | f->sym_bit['1' + sq_rank(from)] |
         f->sym_bit['a' + sq_file(to)] | f->sym_bit['1' + sq_rank(to)] |
         f->sym_bit[capture ? 'x' : '-'];
    if (move_kind(m) == MOVE_PROMOTION) u |= f->sym_bit['='] | f->initial_bits[move_promotion(m)];
    if (capture && move_kind(m) != MOVE_EN_PASSANT)
        u |= f->initial_bits[piece_type(pos->board[to])];
    return u;
}

/* A lower bound of edit_distance(c, fm) for every rendering fm made of the
 * symbols u only: each character of c is either added or read as one of
 * them. */
static int reading_bound(const struct pcand *c, guint64 u)
{
    if (u >> 63) return 0;
    int low = 0;
    for (int j = 0; j < c->len; j++) {
        int least = c->ins[j];
        for (guint64 b = u & c->near[j]; b; b &= b - 1)
            least = MIN(least, c->subs[__builtin_ctzll(b)][j]);
        low += least;
    }
    return low;
}

/* A bound of fix_move_cost for a token of one input, sharper than fix_move_bound
 * (low): what the candidates' characters cost at least as well as what the
 * rendering's do. */
static int sharp_bound(const ArbFixer *f, const struct ptoken *t, const struct position *pos,
                       move_t m, int low)
{
    gboolean spelt = spelt_only(f, t);
    guint64 u = move_symbols(f, pos, m, spelt);
    if (t->n == 1) return MAX(low, t->c[0].prior + reading_bound(&t->c[0], u));
    low = COST_INF;
    for (int k = 0; k < t->n; k++) {
        const struct pcand *c = &t->c[k];
        low = MIN(low, c->prior + MAX(skeleton_bound(c, f, pos, m, spelt), reading_bound(c, u)));
    }
    return low;
}

/* A lower bound of fix_move_cost for tab's move i, without rendering it. */
int fix_move_bound(const ArbFixer *f, const struct ptoken *t, const struct movetab *tab, int i)
{
    int low = COST_INF;
    gboolean spelt = spelt_only(f, t);
    for (int k = 0; k < t->n; k++)
        low =
            MIN(low, t->c[k].prior + skeleton_bound(&t->c[k], f, &tab->pos, tab->m[i].move, spelt));
    /* several inputs: each costs at most a skipped token (fix_move_cost) */
    return t->inputs > 1 ? MIN(low, f->costs[CONF_SKIP_TOKEN]) : low;
}

/* fix_move_cost of tab's move i, rendering it only when the bound lets it in. */
int fix_tab_cost(const ArbFixer *f, const struct ptoken *t, struct movetab *tab, int i, int bound)
{
    if (fix_move_bound(f, t, tab, i) > bound) return bound + 1;
    return fix_move_cost(f, t, fix_forms_of(f, tab, i), bound);
}

/* fix_tab_cost of a move fix_order_next() gave with its bound low. */
int fix_ordered_cost(const ArbFixer *f, const struct ptoken *t, struct movetab *tab, int i, int low,
                     int bound)
{
    if (low > bound) return bound + 1;
    /* (with one reading, the sharper bound passes bound only past its ins) */
    gboolean may_pass = t->n > 1 || t->c[0].prior + t->c[0].ins_total > bound;
    if (t->inputs <= 1 && may_pass && sharp_bound(f, t, &tab->pos, tab->m[i].move, low) > bound)
        return bound + 1;
    return fix_move_cost(f, t, fix_forms_of(f, tab, i), bound);
}

/* g for t, an input token of one input (see skeleton_bound()). */
static void fill_targets(const ArbFixer *f, const struct ptoken *t, struct targets *g)
{
    /* by what a rendering's characters cost at least, and by what the
     * token's do: each is added or read as one the rendering may hold */
    guint64 marks = f->sym_bit['x'] | f->sym_bit['+'] | f->sym_bit['#'], files = 0, squares = 0;
    for (int file = 0; file < 8; file++)
        files |= f->sym_bit['a' + file];
    squares = files | marks | f->sym_bit['-'];
    for (int rank = 0; rank < 8; rank++)
        squares |= f->sym_bit['1' + rank];
    guint64 promotions = f->sym_bit['='];
    for (int type = KNIGHT; type <= QUEEN; type++)
        promotions |= f->initial_bits[type];
    guint16 bound[6 * 64];
    int count[TARGETED_MAX + 2] = {0};
    /* what each candidate's characters cost at least as a square's file
     * and rank (square by square, so that the loops below run over whole
     * rows of squares) */
    int square_cost[FIX_CANDS_MAX][64];
    for (int k = 0; k < t->n; k++)
        for (int sq = 0; sq < 64; sq++)
            square_cost[k][sq] = t->c[k].low_file[sq_file(sq)] + t->c[k].low_rank[sq_rank(sq)];
    for (int type = PAWN; type <= KING; type++) {
        /* a move's renderings hold its piece, squares (any of them: the
         * disambiguation and LAN's from square) and marks */
        int low[64], quiet[64];
        for (int sq = 0; sq < 64; sq++)
            low[sq] = quiet[sq] = COST_INF;
        for (int k = 0; k < t->n; k++) {
            const struct pcand *c = &t->c[k];
            int chars = reading_bound(c, squares | f->initial_bits[type]);
            /* (only a pawn promotes, on the last ranks) */
            int promoted = type == PAWN ? reading_bound(c, squares | promotions) : chars;
            int piece = c->low_piece[type], prior = c->prior;
            for (int sq = 0; sq < 64; sq++) {
                int cover = piece + square_cost[k][sq];
                int least = sq < 8 || sq >= 56 ? promoted : chars;
                low[sq] = MIN(low[sq], prior + MAX(cover, least));
                quiet[sq] = MIN(quiet[sq], prior + cover);
            }
        }
        for (int sq = 0; sq < 64; sq++) {
            g->quiet[type << 6 | sq] = (guint16)MIN(quiet[sq], G_MAXUINT16);
            bound[type << 6 | sq] = (guint16)MIN(low[sq], TARGETED_MAX + 1);
            count[MIN(low[sq], TARGETED_MAX + 1)]++;
        }
    }
    /* cheapest first, by counting */
    for (int b = 0, at = 0; b <= TARGETED_MAX; b++) {
        int n = count[b];
        count[b] = at;
        at += n;
    }
    g->n = 0;
    for (int k = 0; k < 6 * 64; k++)
        if (bound[k] <= TARGETED_MAX) {
            g->key[count[bound[k]]++] = (guint32)bound[k] << 12 | (guint32)k;
            g->n++;
        }
    /* (only a pawn on the next file takes, only a piece is named) */
    for (int from = 0; from < 8; from++)
        for (int to = 0; to < 8; to++) {
            guint64 u = marks | f->sym_bit['a' + from] | f->sym_bit['a' + to];
            g->pawn_files[from][to] = COST_INF;
            for (int k = 0; k < t->n && abs(from - to) == 1; k++) {
                const struct pcand *c = &t->c[k];
                int low = c->low_file[from] + c->low_x + c->low_file[to];
                low = MAX(low, reading_bound(c, u));
                g->pawn_files[from][to] =
                    MIN(g->pawn_files[from][to], c->prior + f->costs[CONF_FORM_PAWN_FILES] + low);
            }
        }
    for (int type = PAWN; type <= KING; type++)
        for (int victim = PAWN; victim <= KING; victim++) {
            guint64 u =
                marks | (type == PAWN ? files : f->initial_bits[type]) | f->initial_bits[victim];
            g->descriptive[type][victim] = COST_INF;
            /* (a pawn taking a pawn: "PxP") */
            for (int k = 0; k < t->n && type == PAWN && victim == PAWN; k++) {
                const struct pcand *c = &t->c[k];
                int low = 2 * cover_sym(f, c, f->sym_ascii['P']) + c->low_x;
                g->descriptive[type][victim] = MIN(
                    g->descriptive[type][victim], c->prior + f->costs[CONF_FORM_DESCRIPTIVE] + low);
            }
            for (int k = 0; k < t->n && victim != PAWN && victim != KING; k++) {
                const struct pcand *c = &t->c[k];
                int mover = c->low_piece[type];
                if (type == PAWN) {
                    mover = COST_INF;
                    for (int file = 0; file < 8; file++)
                        mover = MIN(mover, c->low_file[file]);
                }
                int low = MAX(mover + c->low_x + c->low_piece[victim], reading_bound(c, u));
                g->descriptive[type][victim] = MIN(
                    g->descriptive[type][victim], c->prior + f->costs[CONF_FORM_DESCRIPTIVE] + low);
            }
        }
}

/* The table of input token i (of one input), filled when first asked for:
 * a game the search never meets needs none. */
const struct targets *fix_targets_of(const ArbFixer *f, int i)
{
    if (!f->targets_filled[i]) {
        fill_targets(f, &f->tok[i], &f->targets[i]);
        f->targets_filled[i] = TRUE;
    }
    return &f->targets[i];
}

/* Adds the moves of list to tab that it does not hold yet (of a kind, or
 * any for -1). */
static void add_targeted(struct movetab *tab, const struct move_list *list, int kind)
{
    for (int i = 0; i < list->count; i++) {
        move_t m = list->moves[i];
        if (kind >= 0 && move_kind(m) != kind) continue;
        int k = 0;
        while (k < tab->count && tab->m[k].move != m)
            k++;
        if (k < tab->count) continue;
        tab->m[tab->count].move = m;
        tab->m[tab->count++].n = 0;
    }
}

/* tab: the legal moves of pos the token of g may read as for at most limit
 * (and maybe a few more), or FALSE where that takes more than
 * TARGETED_ASKS lists of moves to a square (counted before any is made:
 * most of the tables a missing move's second reads need are refused). */
gboolean fix_build_targeted(const struct targets *g, const struct position *pos, int limit,
                            struct movetab *tab)
{
    guint8 ask_type[TARGETED_ASKS], ask_sq[TARGETED_ASKS];
    int asks = 0, us = pos->side;
    for (int k = 0; k < g->n && (int)(g->key[k] >> 12) <= limit; k++) {
        int type = (int)(g->key[k] >> 6) & 7, sq = (int)g->key[k] & 63;
        if (!pos_pieces(pos, us, type)) continue;
        if (asks == TARGETED_ASKS) return FALSE;
        ask_type[asks] = (guint8)type;
        ask_sq[asks++] = (guint8)sq;
    }
    int to_squares = asks;
    /* captures written without the square they land on */
    bitboard them = pos->by_color[!us] & ~pos->by_type[KING];
    if (pos->ep != SQ_NONE) them |= BB(pos->ep);
    for (bitboard b = them; b; b &= b - 1) {
        int sq = lsb(b), file = sq_file(sq);
        int victim = sq == pos->ep ? PAWN : piece_type(pos->board[sq]);
        gboolean pawns = (file > 0 && g->pawn_files[file - 1][file] <= limit) ||
                         (file < 7 && g->pawn_files[file + 1][file] <= limit);
        for (int type = PAWN; type <= KING; type++) {
            gboolean named =
                (victim != PAWN || type == PAWN) && g->descriptive[type][victim] <= limit;
            if (!(named || (type == PAWN && pawns)) || !pos_pieces(pos, us, type)) continue;
            if (asks == TARGETED_ASKS) return FALSE;
            ask_type[asks] = (guint8)type;
            ask_sq[asks++] = (guint8)sq;
        }
    }
    tab->pos = *pos;
    tab->count = 0;
    tab->partial = TRUE;
    tab->keyed = FALSE;
    struct move_list list;
    for (int k = 0; k < to_squares; k++) {
        movegen_legal_to(pos, ask_type[k], ask_sq[k], &list);
        add_targeted(tab, &list, -1);
    }
    /* castling renders as "O-O" whatever the token: always a candidate */
    for (int side = 0; side < 2; side++) {
        int right = us * 2 + side;
        if (!(pos->castling & (1 << right))) continue;
        int king = pos_king(pos, us);
        movegen_legal_to(pos, KING, castle_king_dest(king, pos->castle_rook[right]), &list);
        add_targeted(tab, &list, MOVE_CASTLING);
    }
    for (int k = to_squares; k < asks; k++) {
        movegen_legal_to(pos, ask_type[k], ask_sq[k], &list);
        add_targeted(tab, &list, -1);
    }
    return TRUE;
}

void fix_order_init(const ArbFixer *f, const struct ptoken *t, const struct movetab *tab, int limit,
                    struct bound_order *o)
{
    o->n = 0;
    o->next = 0;
    o->sorted = 0;
    /* an input token's quiet moves by its table */
    const guint16 *quiet = t->is_input && t->inputs <= 1 && f->style == FIX_STYLE_SAN
                               ? fix_targets_of(f, (int)(t - f->tok))->quiet
                               : NULL;
    const struct position *pos = &tab->pos;
    for (int i = 0; i < tab->count; i++) {
        move_t m = tab->m[i].move;
        int bound = quiet && move_kind(m) == MOVE_NORMAL && pos->board[move_to(m)] == NO_PIECE
                        ? quiet[piece_type(pos->board[move_from(m)]) << 6 | move_to(m)]
                        : fix_move_bound(f, t, tab, i);
        if (bound > limit) continue; /* fix_order_next never gives it */
        o->key[o->n++] = (guint32)MIN(bound, 0xFFFFFF) << 8 | (guint32)i;
    }
}

/* Sorts the next few keys: those bound at most limit and within ORDER_STEP
 * of the least left; drops those above limit (it never grows). */
static void order_more(struct bound_order *o, int limit)
{
    guint32 least = G_MAXUINT32;
    for (int k = o->sorted; k < o->n; k++)
        least = MIN(least, o->key[k]);
    if (least == G_MAXUINT32) return;
    int top = MIN(limit, (int)(least >> 8) + ORDER_STEP);
    int from = o->sorted, n = o->sorted;
    for (int k = from; k < o->n; k++) {
        guint32 key = o->key[k];
        int bound = (int)(key >> 8);
        if (bound > limit) continue;
        if (bound > top) {
            o->key[n++] = key;
            continue;
        }
        /* into the sorted run: the unsorted ones after it move up one */
        int j = o->sorted++;
        if (n > j) o->key[n] = o->key[j];
        n++;
        for (; j > from && o->key[j - 1] > key; j--)
            o->key[j] = o->key[j - 1];
        o->key[j] = key;
    }
    o->n = n;
}

/* The next move by bound (*low: its bound), or -1 when every one left is
 * bound above limit. */
int fix_order_next(struct bound_order *o, int limit, int *low)
{
    if (o->next == o->sorted) order_more(o, limit);
    if (o->next >= o->sorted || (int)(o->key[o->next] >> 8) > limit) return -1;
    *low = (int)(o->key[o->next] >> 8);
    return (int)(o->key[o->next++] & 0xFF);
}

/* The cost of the keep-th cheapest reading is what expand keeps past keep
 * (see there); top[] holds the cheapest so far, in order. */
static void top_insert(int *top, int *n_top, int keep, int c)
{
    int j = MIN(*n_top, keep - 1);
    if (*n_top == keep && c >= top[j]) return;
    for (; j > 0 && top[j - 1] > c; j--)
        top[j] = top[j - 1];
    top[j] = c;
    *n_top = MIN(*n_top + 1, keep);
}

/* The moves expand keeps as readings of t, cheapest first (equals in
 * movegen order), with at most 8 units plus one for any dearer: every move
 * within READ_MARGIN of the best that is among the KEEP_PER_STATE cheapest
 * or within TIE_MARGIN, and maybe some more past them. What fix_score_all would
 * give, cut after what expand takes from it; returns the count. */
int fix_score_kept(const ArbFixer *f, const struct ptoken *t, struct movetab *tab, int cap,
                   int keep_n, struct scored *out)
{
    struct bound_order o;
    fix_order_init(f, t, tab, COST_INF, &o);
    int best = COST_INF, top[DERAILED_KEEP], n_top = 0, n = 0;
    gint16 index[MOVE_LIST_MAX];
    for (;;) {
        int keep = COST_INF; /* a reading dearer than this is not kept */
        if (best < COST_INF) {
            int nth = n_top == keep_n ? top[keep_n - 1] : COST_INF;
            keep = MIN(best + READ_MARGIN, MAX(nth, best + TIE_MARGIN));
            /* past cap only those the prior weighs against the best */
            keep = MIN(keep, MAX(cap, best + PRIOR_TIE));
        }
        /* past 8 units every cost counts as 8 units plus one: kept too */
        int low, i = fix_order_next(&o, keep > 8 * CONF_UNIT ? COST_INF : keep, &low);
        if (i < 0) break;
        int c = fix_ordered_cost(f, t, tab, i, low, MIN(keep, 8 * CONF_UNIT));
        if (c > keep) continue;
        best = MIN(best, c);
        top_insert(top, &n_top, keep_n, c);
        int j = n++;
        for (; j > 0 && (out[j - 1].cost > c || (out[j - 1].cost == c && index[j - 1] > i)); j--) {
            out[j] = out[j - 1];
            index[j] = index[j - 1];
        }
        out[j] = (struct scored){tab->m[i].move, c, 0};
        index[j] = (gint16)i;
    }
    return n;
}

static int cmp_scored(const void *a, const void *b)
{
    const struct scored *x = a, *y = b;
    return (x->cost > y->cost) - (x->cost < y->cost);
}

/* Every move of tab with its cost for t (moves past the running bound come
 * out as dearer than it), cheapest first; returns the count. */
int fix_score_all(const ArbFixer *f, const struct ptoken *t, struct movetab *tab,
                  struct scored *out)
{
    int bound = 8 * CONF_UNIT, best = COST_INF;
    for (int i = 0; i < tab->count; i++) {
        int c = fix_tab_cost(f, t, tab, i, bound);
        out[i] = (struct scored){tab->m[i].move, c, 0};
        if (c < best) {
            best = c;
            bound = MIN(bound, best + SUCC_MARGIN);
        }
    }
    qsort(out, (size_t)tab->count, sizeof *out, cmp_scored);
    return tab->count;
}

/* Sorts the n readings sc by cost + prior[i], stably; prior moves along. */
static void sort_by_prior(struct scored *sc, int n, int *prior)
{
    for (int k = 1; k < n; k++)
        for (int j = k; j > 0 && sc[j].cost + prior[j] < sc[j - 1].cost + prior[j - 1]; j--) {
            struct scored a = sc[j];
            sc[j] = sc[j - 1], sc[j - 1] = a;
            int p = prior[j];
            prior[j] = prior[j - 1], prior[j - 1] = p;
        }
}

/* The moves of tab, as a list. */
void fix_tab_moves(const struct movetab *tab, move_t *out)
{
    for (int i = 0; i < tab->count; i++)
        out[i] = tab->m[i].move;
}

/* The move prior's cost of every move of tab, in its order (last: the move
 * that led to its position), cap at most; 0 without a prior. */
void fix_prior_of_tab(const ArbFixer *f, const struct movetab *tab, move_t last, int cap, int *out)
{
    if (!f->prior) {
        memset(out, 0, sizeof *out * (gsize)tab->count);
        return;
    }
    move_t legal[MOVE_LIST_MAX];
    fix_tab_moves(tab, legal);
    prior_costs_among(f->prior, &tab->pos, last, legal, tab->count, legal, tab->count,
                      f->prior_weight, cap, out);
}

/* The move prior's cost for the first n of sc (cheapest first), which are
 * sorted again by reading and prior together: it breaks near-ties. The rest
 * readings after them (rest < 2: none) are only ordered by reading and
 * prior, their costs kept, for a cut among readings it does not weigh:
 * which of equals is kept is no matter of the order moves are generated in
 * ("(3" reads as Nf3 as well as Na3, a3 or h3). The prior weighs the
 * readings against the likeliest of them, not of every legal move: two
 * moves far less likely than the best one there still differ (and it takes
 * no move generation where only a few moves were asked for); on the tuning
 * sets that got 1 game in 1600 more right at 10% noise, 0.01% more moves
 * at 5% and 10%. */
void fix_add_prior(const ArbFixer *f, const struct movetab *tab, move_t last, struct scored *sc,
                   int n, int rest)
{
    if (!f->prior || (n < 2 && rest < 2)) return;
    move_t moves[MOVE_LIST_MAX];
    int cost[MOVE_LIST_MAX];
    for (int i = 0; i < n + rest; i++)
        moves[i] = sc[i].move;
    prior_costs_among(f->prior, &tab->pos, last, moves, n + rest, moves, n + rest, f->prior_weight,
                      PRIOR_CAP, cost);
    if (rest >= 2) sort_by_prior(sc + n, rest, cost + n);
    if (n < 2) return;
    int least = cost[0];
    for (int i = 1; i < n; i++)
        least = MIN(least, cost[i]);
    for (int i = 0; i < n; i++)
        cost[i] = sc[i].prior = cost[i] - least;
    sort_by_prior(sc, n, cost);
}

/* How many of sc (cheapest first) are within margin of the first. */
int fix_count_within(const struct scored *sc, int n, int margin)
{
    int k = 0;
    while (k < n && sc[k].cost <= sc[0].cost + margin)
        k++;
    return k;
}
