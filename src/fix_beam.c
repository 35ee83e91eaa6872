/* The beam search over (position, token index) for `arbiter fix`: the
 * states, what a token may be read as from each (src/fix_read.c's costs)
 * and the edits it may have suffered (a token dropped, a move left out, two
 * moves in one token or one in two), and the prune. What expand() pushes
 * depends on the position and the token only, so it is recorded per game
 * and the later passes (src/fix.c searches again where the path took
 * doubtful edits) replay it. Scratch tables live in the fixer: no
 * allocation per token once the arena has grown. */
#include "fix_private.h"

/* Is token i inside a window where a derailed path is searched again
 * (margins wider than the beam's)? */
static gboolean in_derailed_window(const ArbFixer *f, int i)
{
    return i < f->wide_until && f->margin_scale > 100;
}

/* Readings kept per state at token i, and past them those about as good:
 * more where a derailed path is searched again. */
static int keep_of(const ArbFixer *f, int i, int *ties)
{
    gboolean derailed = in_derailed_window(f, i);
    if (ties) *ties = derailed ? DERAILED_KEEP_TIES : KEEP_TIES;
    return derailed ? DERAILED_KEEP : KEEP_PER_STATE;
}

/* Are the numbers of the tokens a sheet's cells, one sheet's (handwriting
 * read alone)? A writer who left a move out, or wrote one not played, goes
 * on in the wrong cells: a path pays once where it parts from the cells by
 * another offset (push_state()), not at every token after. */
static gboolean cells_shift(const ArbFixer *f)
{
    return f->slips && f->n_inputs == 1;
}

/* What token t pays, read as the move from pos, for the number it was
 * written under (none in cells that shift: push_state() weighs them). */
int fix_hint_cost(const ArbFixer *f, const struct ptoken *t, const struct position *pos)
{
    return !cells_shift(f) && t->hint_ply >= 0 && t->hint_ply != ply_of(pos)
               ? f->costs[CONF_MISNUMBERED]
               : 0;
}

/* Does token t, read as the move from pos by a path offset plies past the
 * cells, disagree with its number? */
static gboolean misnumbered(const ArbFixer *f, const struct ptoken *t, const struct position *pos,
                            int offset)
{
    return t->hint_ply >= 0 && t->hint_ply != ply_of(pos) - (cells_shift(f) ? offset : 0);
}

/* Tokens [i, i + n) as one ("B x c6", "O - O - O"). */
void fix_join_run(const ArbFixer *f, int i, int n, struct ptoken *out)
{
    struct ptoken part;
    fix_join_tokens(f, &f->tok[i], &f->tok[i + 1], out);
    for (int k = 2; k < n; k++) {
        part = *out;
        fix_join_tokens(f, &part, &f->tok[i + k], out);
    }
    out->hint_ply = f->tok[i].hint_ply;
}

/* The most tokens from i on that may be one move spaced out ("B x c6",
 * "e x d4", "O - O - O": each before the last at most SPACED_PART
 * characters, all of them together a move's length at most). Longer parts
 * join wrongly in damaged text ("Td B 4" for "Td8 24."). */
static int spaced_run(const ArbFixer *f, int i)
{
    int n = 0, chars = 0;
    for (; i + n < f->n_tok && n < SPACED_MAX; n++) {
        const struct ptoken *t = &f->tok[i + n];
        if (t->blank || t->inputs > 1 || !t->is_input) break;
        chars += t->c[0].len;
        if (chars > SPACED_CHARS) break;
        if (t->c[0].len > SPACED_PART) return n + 1;
    }
    return n;
}

/* Did a reviewer fix the ply pos is at? *move: the move, MOVE_NONE when
 * the text names no legal move there (then every move there pays). */
static gboolean fixed_at(const ArbFixer *f, const struct position *pos, move_t *move)
{
    for (int k = 0; k < f->n_fixed; k++)
        if (f->fixed[k].ply == ply_of(pos)) {
            *move = uci_parse(pos, f->fixed[k].uci, strlen(f->fixed[k].uci));
            return TRUE;
        }
    return FALSE;
}

static int push_state(ArbFixer *f, int parent, const struct position *before, move_t m, int change,
                      int step_cost, int first_token, int n_tokens, int token_after)
{
    move_t want = MOVE_NONE;
    if (m != MOVE_NONE && fixed_at(f, before, &want) && m != want) step_cost += FIXED_PENALTY;
    int at = (int)f->arena->len;
    /* before may be in the arena only where room was made (replay) */
    g_array_set_size(f->arena, f->arena->len + 1);
    struct state *s = &g_array_index(f->arena, struct state, at);
    s->pos = *before;
    if (m != MOVE_NONE) pos_make_move(&s->pos, m);
    s->parent = parent;
    s->cost = (parent >= 0 ? g_array_index(f->arena, struct state, parent).cost : 0) + step_cost;
    s->step_cost = step_cost;
    s->prior = 0;
    s->token = token_after;
    s->first_token = first_token;
    s->n_tokens = n_tokens;
    s->move = m;
    s->last = m != MOVE_NONE ? m
              : parent >= 0  ? g_array_index(f->arena, struct state, parent).last
                             : MOVE_NONE;
    s->change = (guint8)change;
    s->offset =
        parent >= 0 ? g_array_index(f->arena, struct state, parent).offset : f->start_offset;
    /* a sheet's: the plies past its cell of the last token read as a move
     * in order (a token dropped leaves it, and the read after it pays for
     * the cell it took from the moves after; a move put in, or two moves
     * in a cell, the same for the one they give) */
    if (cells_shift(f) && m != MOVE_NONE && n_tokens > 0 && token_after == first_token + n_tokens &&
        f->tok[first_token].hint_ply >= 0) {
        int offset = ply_of(before) - f->tok[first_token].hint_ply;
        if (offset != s->offset) { /* (no part of how well the token reads) */
            s->offset = offset;
            s->step_cost += f->costs[CONF_SHEET_SHIFT];
            s->cost += f->costs[CONF_SHEET_SHIFT];
            s->prior += f->costs[CONF_SHEET_SHIFT];
        }
    }
    return at;
}

static void to_ring(ArbFixer *f, int at, int index)
{
    g_array_append_val(f->ring[at % RINGS], index);
    f->ring_best[at % RINGS] =
        MIN(f->ring_best[at % RINGS], g_array_index(f->arena, struct state, index).cost);
}

static void clear_ring(ArbFixer *f, int at)
{
    g_array_set_size(f->ring[at % RINGS], 0);
    f->ring_best[at % RINGS] = COST_INF;
}

/* Is m the move the normaliser reads the token as, exactly? */
gboolean fix_exact_move(ArbFixer *f, const struct position *pos, const struct ptoken *t,
                        move_t *out)
{
    if (!t->text || !t->len) return FALSE;
    if (t->null_move) { /* (never in check) */
        *out = MOVE_NULL;
        return !pos_in_check(pos);
    }
    if (t->has_plain && san_resolve(pos, &t->plain, SAN_STRICT, out, NULL) == SAN_OK)
        return *out != MOVE_NONE;
    if (!t->n_exact) return FALSE; /* (the array may hold nothing yet) */
    const struct norm_reading *r = &g_array_index(f->readings, struct norm_reading, t->first_exact);
    *out = resolve_exact(pos, r, t->n_exact);
    return *out != MOVE_NONE;
}

/* Does a reading of t that the notation readers take as written give m in
 * pos with its capture and check marks right ("QxQ+", "ed5:", "Bxf7ch",
 * Smith's "e4d5P": other notations, no damage, whatever the renderings
 * make of them)? */
gboolean fix_marks_verified(const ArbFixer *f, const struct position *pos, const struct ptoken *t,
                            move_t m)
{
    const int flags = SAN_VERIFY_CAPTURE | SAN_VERIFY_CHECK;
    move_t got;
    if (t->has_plain && san_resolve(pos, &t->plain, flags, &got, NULL) == SAN_OK && got == m)
        return TRUE;
    for (int k = 0; k < t->n_exact; k++) {
        const struct norm_reading *r =
            &g_array_index(f->readings, struct norm_reading, t->first_exact + k);
        if (san_resolve(pos, &r->san, flags, &got, NULL) == SAN_OK && got == m) return TRUE;
    }
    return FALSE;
}

/* push_state, the prior on it, and the ring it goes to (-1 none); written
 * down while an expansion is recorded. */
static int emit(ArbFixer *f, int parent, const struct position *before, move_t m, int change,
                int step_cost, int prior, int first_token, int n_tokens, int token_after, int ring)
{
    int at =
        push_state(f, parent, before, m, change, step_cost, first_token, n_tokens, token_after);
    g_array_index(f->arena, struct state, at).prior += prior;
    if (ring >= 0) to_ring(f, ring, at);
    if (f->recording) {
        struct push_record r = {.move = m,
                                .parent = parent < f->record_base ? -1 : parent - f->record_base,
                                .step_cost = step_cost,
                                .prior = prior,
                                .first_token = first_token,
                                .n_tokens = n_tokens,
                                .token_after = token_after,
                                .ring = ring,
                                .change = (guint8)change};
        g_array_append_val(f->recording, r);
    }
    return at;
}

/* Records what expansion e pushes from here on in *first (the spare
 * records nothing: it is never replayed). */
static void record_begin(ArbFixer *f, const struct expansion *e, guint *first)
{
    *first = f->records->len;
    f->recording = e == &f->spare ? NULL : f->records;
    f->record_base = (int)f->arena->len;
}

static void record_end(ArbFixer *f, guint first, guint *n)
{
    *n = f->records->len - first;
    f->recording = NULL;
}

/* Pushes again what records [first, first + n) pushed from state si. */
static void replay(ArbFixer *f, int si, guint first, guint n)
{
    int base = (int)f->arena->len;
    /* room for them all: the states pushed from stay where they are */
    g_array_set_size(f->arena, base + n);
    g_array_set_size(f->arena, base);
    for (guint k = first; k < first + n; k++) {
        const struct push_record *r = &g_array_index(f->records, struct push_record, k);
        int parent = r->parent < 0 ? si : base + r->parent;
        emit(f, parent, &g_array_index(f->arena, struct state, parent).pos, r->move, r->change,
             r->step_cost, r->prior, r->first_token, r->n_tokens, r->token_after, r->ring);
    }
}

static gboolean same_position(const struct position *a, const struct position *b)
{
    return a->key == b->key && a->side == b->side && a->ep == b->ep && a->castling == b->castling &&
           a->chess960 == b->chess960 && a->halfmove == b->halfmove && a->fullmove == b->fullmove &&
           !memcmp(a->castle_rook, b->castle_rook, sizeof a->castle_rook) &&
           !memcmp(a->board, b->board, sizeof a->board);
}

static guint expansion_hash(const struct position *pos, move_t last, int i)
{
    guint64 h = (pos->key ^ (guint64)i * 0x9E3779B97F4A7C15u ^ (guint64)pos->fullmove << 32 ^
                 (guint64)last * 0xD6E8FEB86659FD93u) *
                0xBF58476D1CE4E5B9u;
    return (guint)(h >> 32);
}

/* The slot in f->expansion_slot for (pos reached by last, token i):
 * theirs, or the empty one where they go. */
static guint32 *expansion_slot(ArbFixer *f, const struct position *pos, move_t last, int i)
{
    guint mask = f->n_slots - 1;
    for (guint j = expansion_hash(pos, last, i) & mask;; j = (j + 1) & mask) {
        guint32 *slot = &f->expansion_slot[j];
        if (!*slot) return slot;
        const struct expansion *e = &g_array_index(f->expansions, struct expansion, *slot - 1);
        if (e->token == i && e->last == last && same_position(&e->pos, pos)) return slot;
    }
}

static void grow_expansion_slots(ArbFixer *f)
{
    g_free(f->expansion_slot);
    f->n_slots *= 2;
    f->expansion_slot = g_new0(guint32, f->n_slots);
    for (guint k = 0; k < f->expansions->len; k++) {
        const struct expansion *e = &g_array_index(f->expansions, struct expansion, k);
        *expansion_slot(f, &e->pos, e->last, e->token) = k + 1;
    }
}

/* The expansion of (pos reached by last, token i); *found when it was
 * made before, else the caller fills it in. */
static struct expansion *expansion_of(ArbFixer *f, const struct position *pos, move_t last, int i,
                                      gboolean *found)
{
    guint32 *slot = expansion_slot(f, pos, last, i);
    *found = *slot != 0;
    if (*found) return &g_array_index(f->expansions, struct expansion, *slot - 1);
    if (f->expansions->len >= EXPANSIONS_MAX || f->records->len >= f->records_max) return &f->spare;
    if (2 * (f->expansions->len + 1) > f->n_slots) {
        grow_expansion_slots(f);
        slot = expansion_slot(f, pos, last, i);
    }
    g_array_set_size(f->expansions, f->expansions->len + 1);
    *slot = f->expansions->len;
    return &g_array_index(f->expansions, struct expansion, f->expansions->len - 1);
}

static void expand_pairs(ArbFixer *f, int si, const struct state *s, int i, int best);
static void expand_inserts(ArbFixer *f, int si, const struct state *s, int i, int best);
static void expand_whole_move(ArbFixer *f, int si, const struct state *s, int i, int best);
static void expand_two_whole_moves(ArbFixer *f, int si, const struct state *s, int i, int best);
static gboolean whole_move_due(const ArbFixer *f, const struct state *s, int i);

/* A token is cheaper to drop when it repeats the one before (written twice). */
static int skip_cost(const ArbFixer *f, int i)
{
    /* a token only some of several inputs give: the others say nothing was
     * there */
    if (f->n_inputs > 1 && f->tok[i].inputs < f->n_inputs)
        return f->costs[CONF_SKIP_TOKEN] * f->tok[i].inputs / f->n_inputs;
    const struct pcand *a = &f->tok[i].c[0], *b = i > 0 ? &f->tok[i - 1].c[0] : NULL;
    if (f->tok[i].weighed || f->tok[i].repeated) return f->costs[CONF_SKIP_REPEAT];
    if (!b || a->len != b->len) return f->costs[CONF_SKIP_TOKEN];
    /* the one before again, a character misread in one copy ("e2-e4
     * e2-o4"): the repeat and the misreading; not another piece's move to
     * the same square, a recapture ("Nxa3 Kxa3") */
    if (a->len && a->ch[0] != b->ch[0]) return f->costs[CONF_SKIP_TOKEN];
    int differ = 0, sub = 0;
    for (int k = 1; k < a->len && differ < 2; k++)
        if (a->ch[k] != b->ch[k]) differ++, sub = sub_cost(f, a->ch[k], b->ch[k]);
    if (!differ) return f->costs[CONF_SKIP_REPEAT];
    if (differ == 1 && a->len >= 3)
        return MIN(f->costs[CONF_SKIP_REPEAT] + sub, f->costs[CONF_SKIP_TOKEN]);
    return f->costs[CONF_SKIP_TOKEN];
}

/* Dropping token i in pos: a misread move number (the one due there) costs
 * only its look-alikes. */
static int drop_cost(const ArbFixer *f, int i, const struct position *pos)
{
    const struct ptoken *t = &f->tok[i];
    int c = skip_cost(f, i);
    for (int k = 0; k < t->n_numbers; k++) {
        if (t->number[k] == pos->fullmove) c = MIN(c, t->number_cost[k]);
        /* the next one, Black to move: Black's move left out before it
         * ("2. d3 B. Nf3", 2...Nc6 not written), which a move put in
         * pays for */
        if (pos->side == BLACK && t->number[k] == pos->fullmove + 1)
            c = MIN(c, t->number_cost[k] + f->costs[CONF_MISNUMBERED]);
    }
    /* a number with a digit misread as another digit ("33" for 13) */
    const struct pcand *r = &t->c[0];
    int digits = 0, wrong = 0;
    while (digits < r->len && g_unichar_isdigit(r->ch[digits]))
        digits++;
    if (!digits) return c; /* (most tokens: no number to print) */
    char due[12];
    int n = g_snprintf(due, sizeof due, "%d", pos->fullmove + t->number_shift);
    if (digits == n) {
        for (int k = 0; k < n; k++)
            wrong += r->ch[k] != (gunichar)due[k];
        gboolean rest_stops = TRUE;
        for (int k = digits; k < r->len; k++)
            rest_stops &= r->ch[k] == '.' || r->ch[k] == ',';
        if (rest_stops) c = MIN(c, wrong * f->costs[CONF_MISNUMBERED]);
    }
    return c;
}

/* A margin of the beam at token i: margin_scale holds before wide_until. */
static int scaled(const ArbFixer *f, int i, int margin)
{
    return i < f->wide_until ? margin * f->margin_scale / 100 : margin;
}

/* How far behind the best a state at token i may be and stay in the beam. */
static int margin_of(const ArbFixer *f, int i, gboolean edited)
{
    return scaled(f, i, edited ? EDITED_MARGIN : BEAM_MARGIN);
}

/* The readings of token i in s, the reviewer's move there and the skip:
 * what every expansion of the two pushes; tab[0] holds s's moves after.
 * *targeted: in, whether asking only for the moves the token may read as
 * within cap will do (a dearer reading would fall out of the beam at
 * once); out, whether that was done, and tab[0] holds only those. Returns
 * the cheapest reading's cost; *best: with the prior. */
static int expand_readings(ArbFixer *f, int si, const struct state *s, int i, int cap, int *best,
                           gboolean *targeted)
{
    const struct ptoken *t = &f->tok[i];
    int hint = fix_hint_cost(f, t, &s->pos);
    move_t exact = MOVE_NONE;
    gboolean has_exact = fix_exact_move(f, &s->pos, t, &exact);
    if (has_exact && exact == MOVE_NULL) { /* a pass as written, or a token dropped */
        emit(f, si, &s->pos, MOVE_NULL, FIX_NONE, hint, 0, i, 1, i + 1, i + 1);
        emit(f, si, &s->pos, MOVE_NONE, FIX_DELETED, drop_cost(f, i, &s->pos), 0, i, 1, i + 1,
             i + 1);
        *best = hint;
        *targeted = FALSE;
        f->tab[0].partial = TRUE; /* (not built: the edits after build it) */
        f->tab[0].keyed = FALSE;
        return 0;
    }
    move_t fixed = MOVE_NONE;
    fixed_at(f, &s->pos, &fixed);
    /* (the targets are of SAN and its like only) */
    *targeted = *targeted && fixed == MOVE_NONE && t->inputs <= 1 && cap <= TARGETED_MAX &&
                f->style == FIX_STYLE_SAN;
    if (*targeted)
        *targeted = fix_build_targeted(fix_targets_of(f, i), &s->pos, MAX(cap, 0), &f->tab[0]);
    if (!*targeted) fix_build_table(&s->pos, &f->tab[0]);
    struct scored *sc = f->sc[0];
    int ties, keep = keep_of(f, i, &ties);
    int n = fix_score_kept(f, t, &f->tab[0], cap, keep, sc);
    int best_reading = n ? sc[0].cost : COST_INF;
    int near = fix_count_within(sc, n, PRIOR_TIE);
    /* past those the prior weighs, it orders the rest for the cut to keep */
    fix_add_prior(f, &f->tab[0], s->last, sc, near, n > keep ? n - near : 0);
    *best = n ? sc[0].cost + sc[0].prior : COST_INF;
    /* fix_score_kept gives all this takes: the two change together */
    /* beside an exact reading, only a rival one edit away (a piece letter
     * lost: "h3" for Qh3) may be the move */
    gboolean exact_first = has_exact && n && sc[0].move == exact && sc[0].cost < EXACT_MAX;
    int succ = !exact_first               ? READ_MARGIN
               : f->slips                 ? SLIP_READ_MARGIN
               : in_derailed_window(f, i) ? EXACT_READ_MARGIN_DERAILED
                                          : EXACT_READ_MARGIN;
    for (int k = 0; k < n && sc[k].cost + sc[k].prior <= *best + succ &&
                    (k < keep || (k < ties && sc[k].cost + sc[k].prior <= *best + TIE_MARGIN));
         k++) {
        /* (or the token is one of the game's own notation's forms, which
         * the notation readers may not take as written: "E2E4") */
        gboolean none = (has_exact && sc[k].move == exact &&
                         (sc[k].cost < EXACT_MAX || fix_marks_verified(f, &s->pos, t, exact))) ||
                        (f->style != FIX_STYLE_SAN && sc[k].cost == 0);
        emit(f, si, &s->pos, sc[k].move, none ? FIX_NONE : FIX_CORRECTED,
             sc[k].cost + sc[k].prior + hint, sc[k].prior, i, 1, i + 1, i + 1);
    }
    /* beside castling read exactly, castling the other way ("O-O" for
     * O-O-O, its "-O" lost or read into the next token) */
    for (int k = 1; exact_first && move_kind(exact) == MOVE_CASTLING && k < n; k++)
        if (move_kind(sc[k].move) == MOVE_CASTLING && sc[k].cost > EXACT_READ_MARGIN &&
            sc[k].cost <= *best + READ_MARGIN)
            emit(f, si, &s->pos, sc[k].move, FIX_CORRECTED, sc[k].cost + sc[k].prior + hint,
                 sc[k].prior, i, 1, i + 1, i + 1);
    for (int k = 0; fixed != MOVE_NONE && k < f->tab[0].count; k++) /* however dear */
        if (f->tab[0].m[k].move == fixed) {
            /* a reviewer's move owes the prior nothing */
            int c = fix_move_cost(f, t, fix_forms_of(f, &f->tab[0], k), COST_INF / 4);
            gboolean none = has_exact && exact == fixed && c < EXACT_MAX;
            emit(f, si, &s->pos, fixed, none ? FIX_NONE : FIX_CORRECTED, c + hint, 0, i, 1, i + 1,
                 i + 1);
        }
    /* the token dropped, unless that would fall out of the beam at once:
     * s->cost + drop past the next ring's best by an edited state's margin
     * (cap + hint is that best + s's own margin - s->cost; bounding by cap,
     * which the expansion is recorded with, keeps a replay for a cheaper
     * state from missing it) */
    int drop = drop_cost(f, i, &s->pos);
    if (cap >= COST_INF || drop <= cap + hint + scaled(f, i + 1, EDITED_MARGIN) -
                                       margin_of(f, i, s->change > FIX_CORRECTED))
        emit(f, si, &s->pos, MOVE_NONE, FIX_DELETED, drop, 0, i, 1, i + 1, i + 1);
    return best_reading;
}

/* The two-move edits of e's state si, recorded in e (with a move left
 * out apart: it costs most to try); tab[0] holds its moves. */
static void record_pairs(ArbFixer *f, int si, const struct state *s, int i, struct expansion *e)
{
    e->pairs_scale = scaled(f, i + 1, 100);
    record_begin(f, e, &e->pairs_first);
    expand_pairs(f, si, s, i, e->best);
    record_end(f, e->pairs_first, &e->n_pairs);
    e->has_pairs = TRUE;
}

static void record_inserts(ArbFixer *f, int si, const struct state *s, int i, struct expansion *e)
{
    e->inserts_scale = scaled(f, i + 1, 100);
    record_begin(f, e, &e->inserts_first);
    expand_whole_move(f, si, s, i, e->best);
    expand_two_whole_moves(f, si, s, i, e->best);
    expand_inserts(f, si, s, i, e->best);
    record_end(f, e->inserts_first, &e->n_inserts);
    e->has_inserts = TRUE;
}

/* Did s drop the token before i, from the best state, inside a wide
 * window? A token that is no move ("Rd3\" where no move was) costs the path
 * that drops it a skipped token, the path that reads it ("Rd3") a mark:
 * that one leads, and its readings crowd the dropping one out of the two-
 * move edits the next token may need ("Kf2Rxd1"). */
static gboolean dropped_by_best(const ArbFixer *f, const struct state *s, int i)
{
    return i < f->wide_until && s->change == FIX_DELETED && s->parent >= 0 &&
           g_array_index(f->arena, struct state, s->parent).rank == 0;
}

/* A cell the sheet lacks (ptoken.blank): every legal move of s, at what
 * the prior says of it (up to BLANK_PRIOR_CAP: the prior is all there is
 * to go by, the tokens after it decide) and the move number's cost; and no
 * move at all, for a sheet that skipped a cell, as a token dropped. */
static void expand_blank(ArbFixer *f, int si, const struct state *s, int i, int rank)
{
    if (rank >= BLANK_WIDTH) return;
    const struct ptoken *t = &f->tok[i];
    struct movetab *tab = &f->tab[0];
    fix_build_table(&s->pos, tab);
    int prior[MOVE_LIST_MAX], hint = fix_hint_cost(f, t, &s->pos);
    fix_prior_of_tab(f, tab, s->last, BLANK_PRIOR_CAP, prior);
    for (int k = 0; k < tab->count; k++)
        emit(f, si, &s->pos, tab->m[k].move, FIX_INSERTED, prior[k] + hint, prior[k], i, 0, i + 1,
             i + 1);
    emit(f, si, &s->pos, MOVE_NONE, FIX_DELETED, f->costs[CONF_SKIP_TOKEN], 0, i, 1, i + 1, i + 1);
}

/* Is the step (or state) with these fields a move read from a cell the
 * sheet lacks? */
gboolean fix_is_blank_step(const ArbFixer *f, int first_token, int n_tokens, int change)
{
    return change == FIX_INSERTED && !n_tokens && first_token < f->n_tok &&
           f->tok[first_token].blank;
}

/* Expands state si at token i; behind: how far its cost is past the best
 * state's, behind_numbered: the same with what each will pay for the move
 * numbers ahead (as the prune weighed them); rank: its place in the beam. */
static void expand(ArbFixer *f, int si, int i, int rank, int behind, int behind_numbered)
{
    const struct state s = g_array_index(f->arena, struct state, si);
    const struct ptoken *t = &f->tok[i];
    if (t->blank) {
        expand_blank(f, si, &s, i, rank);
        return;
    }
    /* what it pushes depends on the position and the token only: a
     * search again pushes what the last one did */
    gboolean found;
    struct expansion *e = expansion_of(f, &s.pos, s.last, i, &found);
    /* the two-move edits for the best state and any about as cheap: for
     * the next two states further behind too, they changed no move on the
     * tuning sets and cost a tenth of the time at 5% noise */
    gboolean pairs = f->in_garbage
                         ? rank == 0
                         : behind <= scaled(f, i, PAIRS_MARGIN) || dropped_by_best(f, &s, i) ||
                               (t->two_moves && behind <= scaled(f, i, TWO_MOVES_MARGIN)) ||
                               t->lone_initial || t->initial_cut;
    /* a move left out (dearest to try) for the best state and any within
     * half a unit: further behind, it changed 1 ply in 32000 at 10% noise
     * and cost 7% of the time */
    gboolean inserts = f->in_garbage ? rank == 0 : behind <= scaled(f, i, INSERTS_MARGIN);
    /* a whole move left out, as near by the numbers ahead: a state that
     * put in one of two is behind the best by its cost until it puts in
     * the other, but nearer by the numbers */
    inserts = inserts || (!f->in_garbage && behind_numbered <= scaled(f, i, INSERTS_MARGIN) &&
                          whole_move_due(f, &s, i));
    /* a reading dearer than cap would fall out of the beam at once */
    int room = margin_of(f, i, s.change > FIX_CORRECTED);
    int cap = f->ring_best[(i + 1) % RINGS] >= COST_INF
                  ? COST_INF
                  : f->ring_best[(i + 1) % RINGS] + room - s.cost - fix_hint_cost(f, t, &s.pos);
    /* read when not yet, or recorded for a dearer state (a narrower cap)
     * or another number of readings kept */
    int keep = keep_of(f, i, NULL);
    gboolean read = !found || e->cap < cap || e->keep != keep || (pairs && e->targeted);
    if (!found) *e = (struct expansion){.token = i, .last = s.last, .pos = s.pos};
    if (read) {
        record_begin(f, e, &e->first);
        /* the two-move edits need the best reading, not a bound of it */
        e->targeted = !pairs;
        e->best_reading = expand_readings(f, si, &s, i, cap, &e->best, &e->targeted);
        record_end(f, e->first, &e->n);
        e->cap = cap;
        e->keep = keep;
    } else {
        replay(f, si, e->first, e->n);
    }
    /* two-move edits where the token reads poorly, or well but for the
     * wrong move number (a move left out before it), or is cut at a dash
     * (the rest of it the next token: "Re4- b4", "O-O _O") or after a
     * piece's initial and file or rank ("C6 h7": "C6" reads as c6) */
    /* (or well, exactly or a look-alike off, but the next token's number
     * is two plies on: a move left out before this one, which is the other
     * side's, "45. a3 46. Kg2" with White's 45th lost, as well as after
     * it; descriptive "5. P-QB8 6." is Black's c6 with White's e3 lost,
     * though White's c3 reads as cheaply) */
    gboolean next_skips = e->best_reading < POOR_READING && i + 1 < f->n_tok &&
                          f->tok[i + 1].hint_ply == ply_of(&s.pos) + 2;
    if (!pairs || (e->best_reading < POOR_READING && !misnumbered(f, t, &s.pos, s.offset) &&
                   !t->cut_short && !t->two_moves && !t->initial_cut && !next_skips))
        return;
    /* expand_readings builds tab[0] */
    gboolean built = read && !f->tab[0].partial;
    if (e->has_pairs && e->pairs_scale >= scaled(f, i + 1, 100)) {
        replay(f, si, e->pairs_first, e->n_pairs);
    } else {
        if (!built) fix_build_table(&s.pos, &f->tab[0]), built = TRUE;
        record_pairs(f, si, &s, i, e);
    }
    if (!inserts) return;
    if (e->has_inserts && e->inserts_scale >= scaled(f, i + 1, 100)) {
        replay(f, si, e->inserts_first, e->n_inserts);
        return;
    }
    if (!built) fix_build_table(&s.pos, &f->tab[0]);
    record_inserts(f, si, &s, i, e);
}

/* best_of, and whether another move of tab costs as much as the one given
 * (*tied): which of them comes first then is a matter of tab's order. */
static int best_of_tied(ArbFixer *f, struct movetab *tab, const struct ptoken *t, int limit,
                        move_t *out, gboolean *tied)
{
    *tied = FALSE;
    if (!tab->count) return COST_INF;
    struct bound_order o;
    fix_order_init(f, t, tab, limit + 1, &o);
    int best = limit + 1, best_i = 0;
    for (int i, low; (i = fix_order_next(&o, best, &low)) >= 0;) {
        int c = fix_ordered_cost(f, t, tab, i, low, best);
        if (c > best) continue;
        *tied = c == best && best <= limit;
        if (c < best || i < best_i) best = c, best_i = i;
    }
    *out = tab->m[best_i].move;
    return best;
}

/* The first cheapest move of tab for t (in movegen order): its cost, or
 * COST_INF for no move. Every cost past limit (at most 8 units) counts as
 * limit + 1. */
static int best_of(ArbFixer *f, struct movetab *tab, const struct ptoken *t, int limit, move_t *out)
{
    gboolean tied;
    return best_of_tied(f, tab, t, limit, out, &tied);
}

/* The cheapest moves of tab for t, each within PAIR_TIES_MARGIN of the
 * cheapest and at most limit, cheapest first, at most PAIR_TIES of them: a
 * part of a merged or split token that reads as two moves alike ("S4": Nb4
 * or Nd4) leaves the choice to the later moves. Past PAIR_TIES, the prior
 * (last: the move that led to tab's position) chooses among them ("♘3" is
 * Na3, Nc3, Nf3 or Nh3 alike), else movegen order. Returns the count. */
static int ties_of(ArbFixer *f, struct movetab *tab, const struct ptoken *t, move_t last, int limit,
                   struct scored *out)
{
    if (!tab->count) return 0;
    struct bound_order o;
    fix_order_init(f, t, tab, limit, &o);
    int best = COST_INF, bound = limit, n = 0;
    struct scored all[PAIR_TIES_MAX];
    gint16 index[PAIR_TIES_MAX];
    for (int i, low; (i = fix_order_next(&o, bound, &low)) >= 0;) {
        int c = fix_ordered_cost(f, t, tab, i, low, bound);
        if (c > bound) continue;
        if (c < best) best = c, bound = MIN(limit, best + PAIR_TIES_MARGIN);
        int j = n < PAIR_TIES_MAX ? n++ : PAIR_TIES_MAX;
        for (; j > 0 && (all[j - 1].cost > c || (all[j - 1].cost == c && index[j - 1] > i)); j--) {
            if (j < PAIR_TIES_MAX) all[j] = all[j - 1], index[j] = index[j - 1];
        }
        if (j < PAIR_TIES_MAX) all[j] = (struct scored){tab->m[i].move, c, 0}, index[j] = (gint16)i;
    }
    while (n > 0 && all[n - 1].cost > best + PAIR_TIES_MARGIN)
        n--;
    if (n > PAIR_TIES) fix_add_prior(f, tab, last, all, 0, n);
    n = MIN(n, PAIR_TIES);
    memcpy(out, all, sizeof *out * (gsize)n);
    return n;
}

/* best_of the moves of pos, its table built in tab[slot]. Where t is an
 * input token of one input and limit low, only the moves it may read as
 * within limit are asked for, unless two of them tie (the first of equals
 * is the first in the order of every move of pos). */
int fix_best_in(ArbFixer *f, const struct position *pos, const struct ptoken *t, int slot,
                int limit, move_t *out)
{
    int i = t->is_input ? (int)(t - f->tok) : -1;
    struct movetab *tab = &f->tab[slot];
    if (i >= 0 && t->inputs <= 1 && limit <= TARGETED_MAX && f->style == FIX_STYLE_SAN &&
        fix_build_targeted(fix_targets_of(f, i), pos, MAX(limit, 0), tab)) {
        gboolean tied;
        int c = best_of_tied(f, tab, t, limit, out, &tied);
        if (!tied) return c;
    }
    fix_build_table(pos, tab);
    return best_of(f, tab, t, limit, out);
}

/* The length of the move number ("15.", "7...") at c->ch[at], or 0: digits
 * (three at most) with at least one dot after them, and more to come; or,
 * with no dot, digits that are expected, the number of the move after them
 * (a column's number run into the moves on both sides: "Qc727Qxg5"). */
static int number_at(const struct pcand *c, int at, int expected)
{
    int number = 0, value = 0;
    while (at + number < c->len && g_unichar_isdigit(c->ch[at + number]) && number < 3)
        value = 10 * value + g_unichar_digit_value(c->ch[at + number++]);
    if (!number || at + number == c->len) return 0;
    if (c->ch[at + number] != '.')
        return value == expected && !g_unichar_isdigit(c->ch[at + number]) ? number : 0;
    while (at + number < c->len && c->ch[at + number] == '.')
        number++;
    return number;
}

/* The number written before White's move after the move from pos (the
 * digits number_at() takes without a dot), or -1 where Black moves next. */
static int number_after(const struct position *pos)
{
    return pos->side == BLACK ? pos->fullmove + 1 : -1;
}

/* Whether cutting c before c->ch[at] falls deep inside a run of one
 * character (two of it on each side): such cuts only move the run's
 * characters from one part to the other, and the cuts near the run's ends
 * already try that ("Nf3''''''Nc6" is not read once per quote). */
static gboolean deep_in_run(const struct pcand *c, int at)
{
    if (at < 2 || at + 2 > c->len) return FALSE;
    gunichar ch = c->ch[at];
    return c->ch[at - 2] == ch && c->ch[at - 1] == ch && c->ch[at + 1] == ch;
}

/* What characters [from, to) of c cost at least as one move: each is
 * added or read as a character some rendering holds (least[j], see
 * least_costs()), and past the longest rendering, the cheapest of them to
 * add, as many as it is too long ("Miscellaneous" is no move). */
static int part_cost_low(const ArbFixer *f, const struct pcand *c, const int *least, int from,
                         int to)
{
    int low = 0;
    for (int j = from; j < to; j++)
        low += least[j];
    int longest = f->style == FIX_STYLE_DESCRIPTIVE ? FORM_MAX : f->form_len_max;
    int over = to - from - longest;
    if (over <= 0) return low;
    guint16 ins[FIX_TOKEN_CHARS];
    int n = 0;
    for (int j = from; j < to; j++) {
        int k = n++;
        for (; k > 0 && ins[k - 1] > c->ins[j]; k--)
            ins[k] = ins[k - 1];
        ins[k] = c->ins[j];
    }
    int added = 0;
    for (int k = 0; k < over; k++)
        added += ins[k];
    return MAX(low, added);
}

/* Whether the search may read more cuts of merged tokens (CUTS_BUDGET). */
static gboolean cuts_left(const ArbFixer *f)
{
    return f->cuts_read < f->cuts_until;
}

/* What each character of c costs at least in any rendering: added, or read
 * as one of the symbols (0 where an initial has none: no bound then). */
static void least_costs(const ArbFixer *f, const struct pcand *c, int *least)
{
    guint64 initials = f->initial_bits[KNIGHT] | f->initial_bits[BISHOP] | f->initial_bits[ROOK] |
                       f->initial_bits[QUEEN] | f->initial_bits[KING];
    gboolean bound = !(initials >> 63);
    for (int j = 0; j < c->len; j++) {
        least[j] = bound ? c->ins[j] : 0;
        for (int y = 0; y < f->n_sym && least[j]; y++)
            least[j] = MIN(least[j], c->subs[y][j]);
    }
}

/* What characters [from, to) of c cost at least as two moves, a move
 * number between them left out (expand_three()): the least of each but the
 * digits and dots. */
static int two_parts_low(const struct pcand *c, const int *least, int from, int to)
{
    int low = 0;
    for (int j = from; j < to; j++)
        if (!g_unichar_isdigit(c->ch[j]) && c->ch[j] != '.') low += least[j];
    return low;
}

/* The rest of a merged token, after its first move m1 (cost c1, leading to
 * p2), read as two moves more: pushed as three merged states when the three
 * cost less than limit. */
static void expand_three(ArbFixer *f, int si, const struct state *s, int i, move_t m1, int c1,
                         const struct position *p2, const struct pcand *rest, int limit)
{
    int merge = f->costs[CONF_MERGE];
    int room = limit - c1 - 2 * merge; /* what the other two may cost */
    struct ptoken part2, part3;
    int least[FIX_TOKEN_CHARS];
    least_costs(f, rest, least);
    for (int cut = 2; room > 0 && cut <= rest->len - 2 && cuts_left(f); cut++) {
        if (deep_in_run(rest, cut)) continue;
        int number = number_at(rest, cut, number_after(p2));
        if (rest->len - cut - number < 2) continue;
        if (part_cost_low(f, rest, least, 0, cut) +
                part_cost_low(f, rest, least, cut + number, rest->len) >=
            room)
            continue;
        f->cuts_read++;
        fix_slice_token(f, rest, 0, cut, &part2);
        fix_slice_token(f, rest, cut + number, rest->len, &part3);
        move_t m2 = MOVE_NONE, m3 = MOVE_NONE;
        int c2 = best_of(f, &f->tab[2], &part2, MIN(room, 8 * CONF_UNIT), &m2);
        if (c2 >= room) continue;
        struct position p3 = *p2;
        pos_make_move(&p3, m2);
        int c3 = fix_best_in(f, &p3, &part3, 1, MIN(room - c2, 8 * CONF_UNIT), &m3);
        if (c2 + c3 >= room) continue;
        int a = emit(f, si, &s->pos, m1, FIX_MERGED, c1 + merge, 0, i, 1, i + 1, -1);
        int b = emit(f, a, p2, m2, FIX_MERGED, c2 + merge, 0, i, 1, i + 1, -1);
        emit(f, b, &p3, m3, FIX_MERGED, c3, 0, i, 1, i + 1, i + 1);
    }
}

/* Token i's reading c0 as two moves (or three) costing less than limit
 * together, for expand_pairs. */
static void expand_merged(ArbFixer *f, int si, const struct state *s, int i, int best, int limit,
                          const struct pcand *c0)
{
    struct ptoken part, rest;
    struct position p2;
    int merge = f->costs[CONF_MERGE], least[FIX_TOKEN_CHARS];
    least_costs(f, c0, least);
    /* a first part of a lone file is a pawn's move with its rank lost with
     * the space after it ("bb4" for b3 b4) */
    int first_cut = c0->len && san_is_file((int)c0->ch[0]) ? 1 : 2;
    /* read whole, a doubled file leaves the move after it out: the two
     * moves may cost as much more as that move put in */
    if (fix_doubled_file(c0)) best += f->costs[CONF_INSERT_MOVE];
    for (int cut = first_cut; cut <= c0->len - 2 && cuts_left(f); cut++) {
        if (deep_in_run(c0, cut)) continue;
        int number = number_at(c0, cut, number_after(&s->pos));
        if (c0->len - cut - number < 2) continue;
        /* a first part as dear as first_max leaves the rest too little, as
         * one move or two; ties_of keeps one cheaper than best only */
        int rest_low = part_cost_low(f, c0, least, cut + number, c0->len);
        int first_max =
            limit - merge - MIN(rest_low, merge + two_parts_low(c0, least, cut + number, c0->len));
        if (c0->prior + part_cost_low(f, c0, least, 0, cut) >= MIN(best, first_max)) continue;
        f->cuts_read++;
        fix_slice_token(f, c0, 0, cut, &part);
        fix_slice_token(f, c0, cut + number, c0->len, &rest);
        rest.c[0].prior = 0; /* part pays for the reading */
        struct scored first[PAIR_TIES];
        int n1 = ties_of(f, &f->tab[0], &part, s->last, MIN(best - 1, 8 * CONF_UNIT), first);
        for (int k1 = 0; k1 < n1 && first[k1].cost < best; k1++) {
            int c1 = first[k1].cost;
            if (c1 >= first_max) continue;
            p2 = s->pos;
            pos_make_move(&p2, first[k1].move);
            fix_build_table(&p2, &f->tab[2]);
            struct scored tie[PAIR_TIES];
            /* a second part as dear as dear is never pushed; one poorer
             * than POOR_READING may be a third */
            int dear = limit - c1 - f->costs[CONF_MERGE];
            int n = ties_of(f, &f->tab[2], &rest, first[k1].move,
                            MIN(8 * CONF_UNIT, MAX(dear, POOR_READING) - 1), tie);
            if (n && tie[0].cost < dear) {
                int a = emit(f, si, &s->pos, first[k1].move, FIX_MERGED, c1 + f->costs[CONF_MERGE],
                             0, i, 1, i + 1, -1);
                for (int k = 0; k < n && tie[k].cost < dear; k++)
                    emit(f, a, &p2, tie[k].move, FIX_MERGED, tie[k].cost, 0, i, 1, i + 1, i + 1);
            }
            /* and three: "Ne4Be715.Nxf6+", after the first part's best
             * reading only (for each cut, every cut of the rest is read) */
            if (k1 == 0 && (!n || tie[0].cost >= POOR_READING) && rest.c[0].len >= MERGE_MIN_CHARS)
                expand_three(f, si, s, i, first[k1].move, c1, &p2, &rest.c[0], limit);
        }
    }
}

/* Does a move in words (its short form) begin with its verb, its piece
 * lost ("xP"), or end with it ("Px")? */
static gboolean verb_first(const struct pcand *c)
{
    return c->len && (c->ch[0] == 'x' || c->ch[0] == '-');
}

static gboolean verb_last(const struct pcand *c)
{
    return c->len && (c->ch[c->len - 1] == 'x' || c->ch[c->len - 1] == '-');
}

/* Tokens i and i + 1, both moves in words, read as two moves parted
 * elsewhere: the reader's grouping of the words went wrong where a word
 * was lost ("P takcs  Kt takes P", the first move's "P" lost, grouped as
 * "P takcs Kt" / "takes P"; read "P takcs" / "Kt takes P"). The first
 * move pays a merge and a split; the two together, less than limit. */
static void expand_regrouped(ArbFixer *f, int si, const struct state *s, int i, int limit)
{
    const struct ptoken *t = &f->tok[i], *u = &f->tok[i + 1];
    struct ptoken joined, part, rest;
    fix_join_tokens(f, t, u, &joined);
    const struct pcand *c0 = &joined.c[0];
    int regroup = f->costs[CONF_MERGE] + f->costs[CONF_SPLIT], least[FIX_TOKEN_CHARS];
    int hint = fix_hint_cost(f, t, &s->pos);
    int room = limit - regroup - hint; /* what the two readings may cost */
    least_costs(f, c0, least);
    for (int cut = 1; cut < c0->len && cuts_left(f); cut++) {
        if (cut == t->c[0].len) continue; /* (as the reader parted them) */
        if (c0->prior + part_cost_low(f, c0, least, 0, cut) +
                part_cost_low(f, c0, least, cut, c0->len) >=
            room)
            continue;
        f->cuts_read++;
        fix_slice_token(f, c0, 0, cut, &part);
        fix_slice_token(f, c0, cut, c0->len, &rest);
        part.words = rest.words = TRUE;
        rest.c[0].prior = 0; /* part pays for the reading */
        struct scored first[PAIR_TIES];
        int n1 = ties_of(f, &f->tab[0], &part, s->last, MIN(room - 1, 8 * CONF_UNIT), first);
        for (int k1 = 0; k1 < n1; k1++) {
            int c1 = first[k1].cost;
            struct position p2 = s->pos;
            pos_make_move(&p2, first[k1].move);
            int hint2 = fix_hint_cost(f, u, &p2);
            if (c1 + hint2 >= room) continue;
            fix_build_table(&p2, &f->tab[2]);
            struct scored tie[PAIR_TIES];
            int n = ties_of(f, &f->tab[2], &rest, first[k1].move,
                            MIN(room - c1 - hint2 - 1, 8 * CONF_UNIT), tie);
            if (!n) continue;
            int a = emit(f, si, &s->pos, first[k1].move, FIX_CORRECTED, c1 + regroup + hint, 0, i,
                         1, i + 1, -1);
            for (int k = 0; k < n; k++)
                emit(f, a, &p2, tie[k].move, FIX_CORRECTED, tie[k].cost + hint2, 0, i + 1, 1, i + 2,
                     i + 2);
        }
    }
}

/* What a merged token i's moves from pos may cost together: less than a
 * skipped token past its best reading there, and than the beam's margin at
 * the next token past the token dropped (dearer, the state would fall out
 * of the beam beside the one that drops the token). A pass with wider
 * margins there tries the edits again (expand()). */
static int merged_limit(const ArbFixer *f, int i, const struct position *pos, int best)
{
    return MIN(best + f->costs[CONF_SKIP_TOKEN], drop_cost(f, i, pos) +
                                                     scaled(f, i + 1, EDITED_MARGIN) +
                                                     AHEAD_NUMBERS * f->costs[CONF_MISNUMBERED]);
}

/* The edits that take two moves or two tokens: a token split in two, two
 * tokens joined, two tokens swapped, a missing move. Tried only where the
 * best single reading is poor. */
static void expand_pairs(ArbFixer *f, int si, const struct state *s, int i, int best)
{
    const struct ptoken *t = &f->tok[i];
    const struct pcand *c0 = &t->c[0];
    struct ptoken part;
    struct position p2;
    move_t m2 = MOVE_NONE;
    int limit = merged_limit(f, i, &s->pos, best);
    /* two tokens that are one move: "N f3" */
    if (i + 1 < f->n_tok) {
        fix_join_tokens(f, t, &f->tok[i + 1], &part);
        part.hint_ply = t->hint_ply;
        struct scored tie[PAIR_TIES];
        int n = ties_of(f, &f->tab[0], &part, s->last,
                        MIN(best + f->costs[CONF_SKIP_TOKEN] - 1, 8 * CONF_UNIT), tie);
        for (int k = 0; k < n && tie[k].cost < best + f->costs[CONF_SKIP_TOKEN]; k++)
            emit(f, si, &s->pos, tie[k].move, FIX_SPLIT,
                 tie[k].cost + f->costs[CONF_SPLIT] + fix_hint_cost(f, t, &s->pos), 0, i, 2, i + 2,
                 i + 2);
    }
    /* two moves in words parted elsewhere: where one lacks its piece or
     * what it takes or goes to ("xP", "Px") */
    if (i + 1 < f->n_tok && t->words && f->tok[i + 1].words &&
        (verb_first(&f->tok[i + 1].c[0]) || verb_last(c0)))
        expand_regrouped(f, si, s, i, best + 2 * f->costs[CONF_SKIP_TOKEN]);
    /* three tokens or more that are one move: "B x c6" */
    for (int run = 3, most = spaced_run(f, i); run <= most; run++) {
        fix_join_run(f, i, run, &part);
        int split = (run - 1) * f->costs[CONF_SPLIT];
        struct scored tie[PAIR_TIES];
        int n = ties_of(f, &f->tab[0], &part, s->last,
                        MIN(best + f->costs[CONF_SKIP_TOKEN] - 1, 8 * CONF_UNIT), tie);
        for (int k = 0; k < n && tie[k].cost + split < best + f->costs[CONF_SKIP_TOKEN]; k++)
            emit(f, si, &s->pos, tie[k].move, FIX_SPLIT,
                 tie[k].cost + split + fix_hint_cost(f, t, &s->pos), 0, i, run, i + run, i + run);
    }
    /* one token that is two moves: "Nf3Nc6", "Le712.Tad1" (a move number
     * between them is no part of either), read by each reading of its
     * input ("Nf3Ncl6" as Nf3 Nd6 too) */
    for (int k = 0; k < t->n; k++)
        if (t->c[k].input == c0->input) expand_merged(f, si, s, i, best, limit, &t->c[k]);
    /* two tokens in the wrong order (a move in the wrong column) */
    if (i + 1 < f->n_tok) {
        move_t m1 = MOVE_NONE;
        int c1 = best_of(f, &f->tab[0], &f->tok[i + 1], MIN(best - 1, 8 * CONF_UNIT), &m1);
        if (c1 < best) {
            p2 = s->pos;
            pos_make_move(&p2, m1);
            int c2 = fix_best_in(f, &p2, t, 2, POOR_READING - 1, &m2);
            if (c2 < POOR_READING) {
                int a = emit(f, si, &s->pos, m1, FIX_CORRECTED,
                             c1 + f->costs[CONF_SWAP] + fix_hint_cost(f, &f->tok[i + 1], &s->pos),
                             0, i + 1, 1, i + 1, -1);
                emit(f, a, &p2, m2, FIX_CORRECTED, c2 + fix_hint_cost(f, t, &p2), 0, i, 1, i + 2,
                     i + 2);
            }
        }
    }
}

/* A move left out before token i: the cheapest few, the later tokens
 * choose among them, each with token i's best reading after it; after the
 * cheapest INSERTS_WIDER, also its readings about as cheap (ties_of) and
 * two moves it may be (expand_merged). tab[0] is not kept. */
static void expand_inserts(ArbFixer *f, int si, const struct state *s, int i, int best)
{
    const struct ptoken *t = &f->tok[i];
    struct position p2;
    move_t m2 = MOVE_NONE;
    const struct movetab *tab = &f->tab[0];
    struct insertion {
        move_t first, second;
        int cost, prior; /* of the second, of the first */
        gboolean exact;  /* the second read as written (a number misread aside) */
    } ins[MOVE_LIST_MAX];
    int n_ins = 0, prior[MOVE_LIST_MAX];
    int top[INSERT_KEEP], n_top = 0; /* the cheapest INSERT_KEEP sums so far, ascending */
    /* a fixed point's move is tried however it compares (kept apart) */
    move_t fixed = MOVE_NONE;
    fixed_at(f, &s->pos, &fixed);
    struct insertion forced = {MOVE_NONE, MOVE_NONE, 0, 0, FALSE};
    fix_prior_of_tab(f, tab, s->last, PRIOR_CAP, prior);
    for (int k = 0; k < tab->count; k++) {
        p2 = s->pos;
        pos_make_move(&p2, tab->m[k].move);
        int hint = fix_hint_cost(f, t, &p2);
        if (tab->m[k].move == fixed) {
            int c2 = fix_best_in(f, &p2, t, 1, 8 * CONF_UNIT, &m2);
            if (c2 < COST_INF) forced = (struct insertion){fixed, m2, c2 + hint, prior[k], !c2};
            continue;
        }
        /* only a second move cheaper than this is kept */
        int limit = MIN(best + SUCC_MARGIN - f->costs[CONF_INSERT_MOVE] - hint - prior[k] - 1,
                        8 * CONF_UNIT);
        /* and once INSERT_KEEP are found, one cheaper than the last of
         * them (an equal one would sort after it) */
        int last = n_top == INSERT_KEEP ? top[INSERT_KEEP - 1] : COST_INF;
        limit = MIN(limit, last - 1 - hint - prior[k]);
        if (limit < 0) continue;
        int c2 = fix_best_in(f, &p2, t, 1, limit, &m2);
        if (c2 >= COST_INF) continue;
        gboolean exact = !c2;
        c2 += hint;
        if (c2 + prior[k] + f->costs[CONF_INSERT_MOVE] >= best + SUCC_MARGIN) continue;
        if (c2 + prior[k] >= last) continue; /* past a tighter limit: more than it */
        ins[n_ins++] = (struct insertion){tab->m[k].move, m2, c2, prior[k], exact};
        int j = MIN(n_top, INSERT_KEEP - 1);
        for (; j > 0 && top[j - 1] > c2 + prior[k]; j--)
            top[j] = top[j - 1];
        top[j] = c2 + prior[k];
        n_top = MIN(n_top + 1, INSERT_KEEP);
    }
    for (int k = 1; k < n_ins; k++) /* cheapest INSERT_KEEP first */
        for (int j = k; j > 0 && ins[j].cost + ins[j].prior < ins[j - 1].cost + ins[j - 1].prior;
             j--) {
            struct insertion a = ins[j];
            ins[j] = ins[j - 1];
            ins[j - 1] = a;
        }
    int n_emit = MIN(n_ins, INSERT_KEEP);
    /* and past them, taking the piece that just moved: the move most often
     * left out */
    for (int k = n_emit; s->last != MOVE_NONE && k < n_ins; k++)
        if (move_to(ins[k].first) == move_to(s->last) && pos_is_capture(&s->pos, ins[k].first))
            ins[n_emit++] = ins[k];
    if (forced.first != MOVE_NONE) ins[n_emit++] = forced;
    for (int k = 0; k < n_emit; k++) {
        p2 = s->pos;
        pos_make_move(&p2, ins[k].first);
        int a = emit(f, si, &s->pos, ins[k].first, FIX_INSERTED,
                     f->costs[CONF_INSERT_MOVE] + ins[k].prior, ins[k].prior, i, 0, i, -1);
        emit(f, a, &p2, ins[k].second, ins[k].exact ? FIX_NONE : FIX_CORRECTED, ins[k].cost, 0, i,
             1, i + 1, i + 1);
        if (k >= INSERTS_WIDER) continue;
        /* the token's other readings about as cheap ("g3" left out before
         * "Fo7": Bd7 reads it best, Be7 lets Black castle next) */
        fix_build_table(&p2, &f->tab[0]);
        struct scored tie[PAIR_TIES];
        int hint = fix_hint_cost(f, t, &p2);
        int n = ties_of(f, &f->tab[0], t, ins[k].first,
                        MIN(ins[k].cost - hint + PAIR_TIES_MARGIN, 8 * CONF_UNIT), tie);
        for (int j = 0; j < n; j++)
            if (tie[j].move != ins[k].second)
                emit(f, a, &p2, tie[j].move, tie[j].cost ? FIX_CORRECTED : FIX_NONE,
                     tie[j].cost + hint, 0, i, 1, i + 1, i + 1);
        if (t->c[0].len < MERGE_MIN_CHARS) continue;
        /* and the token as two moves ("12. Ke2 13. Bxd6+Qxd6": 12...Bd6
         * left out, and the two after it run together) */
        struct state after = {.pos = p2, .last = ins[k].first};
        expand_merged(f, a, &after, i, ins[k].cost, merged_limit(f, i, &p2, ins[k].cost), &t->c[0]);
    }
}

/* Keeps the cheapest state per position, at most beam_width, within the
 * margin of the best; equals in the order they were pushed. */
#define WIDEST_BEAM MAX(MAX(MAX(BEAM_WIDTH, SHEET_BEAM_WIDTH), WIDE_BEAM_WIDTH), DERAILED_WIDTH)
G_STATIC_ASSERT(KEPT_SET >= 2 * WIDEST_BEAM);

static int cmp_key(const void *a, const void *b)
{
    guint64 x = *(const guint64 *)a, y = *(const guint64 *)b;
    return (x > y) - (x < y);
}

/* A path that just paid for a move put in or a token dropped (or split, or
 * merged) often gets it back over the next moves. */
static gboolean was_edited(const struct state *arena, const struct state *s)
{
    return s->change > FIX_CORRECTED || (s->parent > 0 && arena[s->parent].change > FIX_CORRECTED);
}

/* The move numbers from token i on, at most max_numbers of them within
 * max_tokens tokens: each as the ply it names less the tokens before it (a
 * prune looks ahead AHEAD_NUMBERS, whole_move_due() WHOLE_AHEAD). */
struct ahead {
    int n, ply[MAX(AHEAD_NUMBERS, WHOLE_AHEAD)];
};

static struct ahead numbers_ahead(const ArbFixer *f, int i, int max_numbers, int max_tokens)
{
    struct ahead a = {0};
    for (int j = i; j < f->n_tok && j < i + max_tokens && a.n < max_numbers; j++)
        if (f->tok[j].hint_ply >= 0) a.ply[a.n++] = f->tok[j].hint_ply - (j - i);
    return a;
}

/* What a state will pay for the move numbers ahead it disagrees with, read
 * one move a token (a path that took a token for a move, or dropped one,
 * wrongly pays this for the rest of the game: the beam cannot wait that
 * long); twice for a number more than a move away, so that where two moves
 * were left out, the path that put in the first is nearer the best. */
static int future_misnumbered(const ArbFixer *f, const struct ahead *a, const struct state *s)
{
    int ply = ply_of(&s->pos), pen = 0;
    /* a sheet's path pays once, at the next token if that one's cell is
     * at another offset (it put in a move, or dropped a token) */
    if (cells_shift(f))
        return a->n && ply - a->ply[0] != s->offset ? f->costs[CONF_SHEET_SHIFT] : 0;
    for (int k = 0; k < a->n; k++)
        if (a->ply[k] != ply)
            pen += f->costs[CONF_MISNUMBERED] * (abs(a->ply[k] - ply) > 2 ? 2 : 1);
    return pen;
}

/* Does the move number before token i name the move after the one due in
 * s, and do at least half of the numbers ahead agree, a token a ply: a
 * whole move left out there ("13. Nc3 Bb7 15. Nb1 h6", a row of the
 * scoresheet skipped)? */
static gboolean whole_move_due(const ArbFixer *f, const struct state *s, int i)
{
    int ply = ply_of(&s->pos);
    /* the number may be the token before, misread so it was taken for a
     * word ("|0. Re1" for 10): then another ahead must say it too */
    gboolean misread = FALSE;
    for (int k = 0; i > 0 && f->tok[i].hint_ply < 0 && k < f->tok[i - 1].n_numbers; k++)
        misread |= 2 * (f->tok[i - 1].number[k] - 1) == ply + 2;
    /* or it names another move, a digit lost ("2." for 29): then two
     * ahead must say it */
    gboolean other = f->tok[i].hint_ply >= 0 && f->tok[i].hint_ply != ply + 2;
    if (f->tok[i].hint_ply != ply + 2 && !misread && !other) return FALSE;
    /* the numbers ahead, one misread among them ("6. Nf3 Bg6 88. Nh4"):
     * more of them name the plies a move put in gives than not, or, where
     * the number before token i is the one after the due, those of
     * one or two more left out after it ("21. Nd5 Nxe4 23. Qxb4 Nh4 25.") */
    struct ahead a = numbers_ahead(f, i + 1, WHOLE_AHEAD, WHOLE_AHEAD_TOKENS);
    int agree = 0;
    for (int k = 0; k < a.n; k++)
        agree += a.ply[k] == ply + 3 ||
                 (!other && !misread && (a.ply[k] == ply + 5 || a.ply[k] == ply + 7));
    return 2 * agree >= a.n && agree >= (other ? 2 : misread ? 1 : 0);
}

/* A whole move (or two) left out and the token after it read: the moves
 * put in and what the whole costs. */
struct whole {
    move_t moves[5];
    int cost;     /* of all the steps */
    int prior[4]; /* what the prior adds to each move put in */
};

/* The indices of the keep cheapest of cost[0, n) (keep 0: all of them, in
 * order), cheapest first, the first of equals first, into out; returns
 * how many. */
static int likeliest(const int *cost, int n, int keep, int *out)
{
    if (keep <= 0 || keep >= n) {
        for (int i = 0; i < n; i++)
            out[i] = i;
        return n;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        int at = m < keep ? m++ : keep;
        for (; at > 0 && cost[out[at - 1]] > cost[i]; at--)
            if (at < keep) out[at] = out[at - 1];
        if (at < keep) out[at] = i;
    }
    return m;
}

/* Each pair of moves from tab[slot]'s position (built; last led to it),
 * then token t read (NULL: none), at most limit_all in all with prefix's
 * cost added: the cheapest keep go into top (n_top of them, cheapest
 * first), after the moves and priors of prefix (k_prefix moves put in
 * before). Uses tab[slot + 1] and tab[slot + 2]. */
static void whole_pairs(ArbFixer *f, int slot, move_t last, const struct ptoken *t, int limit_all,
                        const struct whole *prefix, int k_prefix, struct whole *top, int keep,
                        int *n_top, int likeliest_only)
{
    const struct movetab *tab = &f->tab[slot];
    int prior1[MOVE_LIST_MAX], prior2[MOVE_LIST_MAX], order1[MOVE_LIST_MAX], order2[MOVE_LIST_MAX];
    fix_prior_of_tab(f, tab, last, PRIOR_CAP, prior1);
    int n1 = likeliest(prior1, tab->count, likeliest_only, order1);
    for (int a = 0; a < n1; a++) {
        int k = order1[a];
        struct position p2 = tab->pos;
        pos_make_move(&p2, tab->m[k].move);
        fix_build_table(&p2, &f->tab[slot + 1]);
        fix_prior_of_tab(f, &f->tab[slot + 1], tab->m[k].move, PRIOR_CAP, prior2);
        int n2 = likeliest(prior2, f->tab[slot + 1].count, likeliest_only, order2);
        for (int b = 0; b < n2; b++) {
            int j = order2[b];
            int sum = prefix->cost + prior1[k] + prior2[j];
            /* cheaper than limit_all, and than the last of keep found */
            int limit = MIN(limit_all - sum, 8 * CONF_UNIT);
            if (*n_top == keep) limit = MIN(limit, top[keep - 1].cost - sum - 1);
            if (limit < 0) continue;
            struct position p3 = p2;
            move_t second = f->tab[slot + 1].m[j].move, read = MOVE_NONE;
            pos_make_move(&p3, second);
            int c = t ? fix_best_in(f, &p3, t, slot + 2, limit, &read) : 0;
            if (c >= COST_INF || c > limit) continue;
            int at = MIN(*n_top, keep - 1);
            for (; at > 0 && top[at - 1].cost > sum + c; at--)
                top[at] = top[at - 1];
            struct whole w = *prefix;
            w.moves[k_prefix] = tab->m[k].move;
            w.moves[k_prefix + 1] = second;
            w.moves[k_prefix + 2] = read;
            w.prior[k_prefix] = prior1[k];
            w.prior[k_prefix + 1] = prior2[j];
            w.cost = sum + c;
            top[at] = w;
            *n_top = MIN(*n_top + 1, keep);
        }
    }
}

/* Pushes the steps of each of the n whole moves put in (k plies each)
 * before token i, and token i read. */
static void emit_wholes(ArbFixer *f, int si, const struct state *s, int i, const struct whole *top,
                        int n, int k_plies)
{
    int whole = f->costs[CONF_INSERT_WHOLE_MOVE];
    for (int w = 0; w < n; w++) {
        struct position pos = s->pos;
        int parent = si, paid = 0;
        for (int k = 0; k < k_plies; k++) {
            /* each whole move's cost, half on each ply */
            int cost = (k % 2 ? whole - whole / 2 : whole / 2) + top[w].prior[k];
            parent = emit(f, parent, &pos, top[w].moves[k], FIX_INSERTED, cost, top[w].prior[k], i,
                          0, i, -1);
            pos_make_move(&pos, top[w].moves[k]);
            paid += cost;
        }
        int c = top[w].cost - paid;
        emit(f, parent, &pos, top[w].moves[k_plies], c ? FIX_CORRECTED : FIX_NONE, c, 0, i, 1,
             i + 1, i + 1);
    }
}

/* Both plies of a move left out before token i (whole_move_due()): each
 * pair of moves, at the cost of leaving a whole move out and what the
 * prior says of each, then token i read; the cheapest WHOLE_KEEP are
 * pushed. tab[0] holds s's moves and is kept. */
static void expand_whole_move(ArbFixer *f, int si, const struct state *s, int i, int best)
{
    if (!whole_move_due(f, s, i)) return;
    struct whole top[WHOLE_KEEP];
    int n_top = 0;
    /* what reading the token in s pays for its move number too */
    best += fix_hint_cost(f, &f->tok[i], &s->pos);
    struct whole prefix = {.cost = f->costs[CONF_INSERT_WHOLE_MOVE]};
    /* cheaper than the best reading by SUCC_MARGIN */
    whole_pairs(f, 0, s->last, &f->tok[i], best + SUCC_MARGIN - 1, &prefix, 0, top, WHOLE_KEEP,
                &n_top, 0);
    emit_wholes(f, si, s, i, top, n_top, 2);
}

/* Do the move number before token i and the numbers ahead (one at least,
 * most of them) name the plies two whole moves left out there give ("2.
 * Nc3 d6 5. Bb5 Bd7 6. O-O", two rows of the scoresheet skipped)? */
static gboolean two_whole_moves_due(const ArbFixer *f, const struct state *s, int i)
{
    int ply = ply_of(&s->pos);
    /* or it names another move, misread ("47" for 27): then two ahead
     * must say it */
    gboolean other = f->tok[i].hint_ply >= 0 && f->tok[i].hint_ply != ply + 4 &&
                     f->tok[i].hint_ply != ply + 2 && f->tok[i].hint_ply != ply;
    if (f->tok[i].hint_ply != ply + 4 && !other) return FALSE;
    struct ahead a = numbers_ahead(f, i + 1, WHOLE_AHEAD, WHOLE_AHEAD_TOKENS);
    int agree = 0;
    for (int k = 0; k < a.n; k++)
        agree += a.ply[k] == ply + 5;
    return agree >= (other ? 2 : 1) && 2 * agree >= a.n;
}

/* Two whole moves left out before token i (two_whole_moves_due()): the
 * first, which nothing written after it may show, among the
 * TWO_WHOLE_FIRST likeliest pairs by the prior; the second as for one
 * (whole_pairs()), but each of its plies among the TWO_WHOLE_SECOND
 * likeliest by the prior: every pair after each first one, the token read
 * after each, took 4.8 s on a fuzzer's 101 bytes of descriptive
 * (tests/fuzz/corpus/fix/slow_descriptive_two_whole.txt; 0.8 s so), and the
 * tuning and fresh sets, descriptive and words sets at 5% and 10% gave the
 * same output (with two whole moves left out at 5% of the move numbers,
 * 400 games, 91.84% of the moves right became 91.92%). tab[0] holds s's
 * moves and is kept. */
static void expand_two_whole_moves(ArbFixer *f, int si, const struct state *s, int i, int best)
{
    if (!two_whole_moves_due(f, s, i)) return;
    int whole = f->costs[CONF_INSERT_WHOLE_MOVE];
    /* the first: pairs by the prior alone */
    struct whole first[TWO_WHOLE_FIRST], prefix = {.cost = 2 * whole};
    int n_first = 0;
    whole_pairs(f, 0, s->last, NULL, G_MAXINT / 2, &prefix, 0, first, TWO_WHOLE_FIRST, &n_first, 0);
    struct whole top[WHOLE_KEEP];
    int n_top = 0;
    /* what reading the token in s pays for its move number too; a second
     * move left out may cost one more whole move than one does */
    best += fix_hint_cost(f, &f->tok[i], &s->pos) + whole;
    for (int q = 0; q < n_first; q++) {
        struct position p3 = s->pos;
        pos_make_move(&p3, first[q].moves[0]);
        pos_make_move(&p3, first[q].moves[1]);
        fix_build_table(&p3, &f->tab[2]);
        whole_pairs(f, 2, first[q].moves[1], &f->tok[i], best + SUCC_MARGIN - 1, &first[q], 2, top,
                    WHOLE_KEEP, &n_top, TWO_WHOLE_SECOND);
    }
    emit_wholes(f, si, s, i, top, n_top, 4);
}

/* Which of the n states kept (cheapest first, unlike positions, more than
 * the beam's width) stay: the cheapest state of each move last played,
 * then the cheapest of the rest up to the width, in their order. A beam
 * full of states that differ only further back (each reading of an early
 * doubtful token, the same moves read after it) would otherwise crowd out
 * the rivals of the token just read: at 10% noise "15... 5" (c4, its c
 * lost and 4 read as 5) was cut at 40 of 40 states behind readings of the
 * moves before, and twenty moves after it were read wrong. Not where a
 * move is fixed to follow an earlier reading (keep_history): there the
 * states that differ further back are the point. index is rewritten;
 * returns how many stay. */
static guint diverse(const ArbFixer *f, const struct state *arena, int *index, guint n)
{
    enum { SLOTS = KEPT_SET }; /* (> n: the probing ends) */
    move_t seen[SLOTS];
    gboolean used[SLOTS] = {FALSE}, stays[KEPT_SET / 2] = {FALSE};
    guint kept = 0;
    for (guint i = 0; i < n && kept < f->beam_width; i++) {
        move_t m = arena[index[i]].last;
        guint h = ((guint)m * 2654435761u >> 22) & (SLOTS - 1);
        while (used[h] && seen[h] != m)
            h = (h + 1) & (SLOTS - 1);
        if (used[h]) continue;
        used[h] = TRUE;
        seen[h] = m;
        stays[i] = TRUE;
        kept++;
    }
    for (guint i = 0; i < n && kept < f->beam_width; i++)
        if (!stays[i]) stays[i] = TRUE, kept++;
    guint k = 0;
    for (guint i = 0; i < n; i++)
        if (stays[i]) index[k++] = index[i];
    return k;
}

static void prune(ArbFixer *f, GArray *ring, int at)
{
    const struct state *arena = (const struct state *)f->arena->data;
    const int *index = (const int *)ring->data;
    int best = COST_INF;
    /* cost << 32 | place in the ring: sorted, the order of a stable sort
     * by cost; a state's cost with what it will pay for the move numbers
     * ahead */
    g_array_set_size(f->prune_keys, ring->len);
    guint64 *keys = (guint64 *)f->prune_keys->data;
    struct ahead ahead = numbers_ahead(f, at, AHEAD_NUMBERS, AHEAD_TOKENS);
    for (guint i = 0; i < ring->len; i++) {
        const struct state *s = &arena[index[i]];
        int cost = s->cost + future_misnumbered(f, &ahead, s);
        best = MIN(best, cost);
        keys[i] = (guint64)cost << 32 | i;
    }
    guint n = 0;
    for (guint i = 0; i < ring->len; i++) {
        int cost = (int)(keys[i] >> 32);
        gboolean edited = was_edited(arena, &arena[index[i]]);
        if (cost <= best + margin_of(f, at, edited)) keys[n++] = keys[i];
    }
    g_array_set_size(f->prune_keys, n);
    qsort(keys, f->prune_keys->len, sizeof *keys, cmp_key);
    /* the cheapest state of each position, by a small open-addressed set
     * of the kept positions' keys, up to twice the width for diverse() */
    int kept_index[KEPT_SET / 2], seen_index[KEPT_SET];
    guint64 seen[KEPT_SET];
    gboolean used[KEPT_SET] = {FALSE};
    guint kept = 0, room = MIN(2 * f->beam_width, KEPT_SET / 2);
    for (guint i = 0; i < f->prune_keys->len && kept < room; i++) {
        int idx = index[(guint32)keys[i]];
        /* (a sheet's path at another offset will pay to shift back) */
        guint64 key = arena[idx].pos.key ^ (guint64)arena[idx].offset * 0x9E3779B97F4A7C15u;
        guint h = (guint)(key >> 40) & (KEPT_SET - 1);
        while (used[h] && seen[h] != key)
            h = (h + 1) & (KEPT_SET - 1);
        if (used[h]) {
            struct merge m = {seen_index[h], idx, arena[idx].cost - arena[seen_index[h]].cost};
            if (m.diff >= 0 && m.diff <= EXACT_DOUBT) g_array_append_val(f->merges, m);
            continue;
        }
        used[h] = TRUE;
        seen[h] = key;
        seen_index[h] = idx;
        kept_index[kept++] = idx;
    }
    if (kept > f->beam_width && !f->keep_history) kept = diverse(f, arena, kept_index, kept);
    g_array_set_size(ring, 0);
    g_array_append_vals(ring, kept_index, kept);
}

/* Did step s drop a token, put in a move or read one poorly? */
static gboolean poor_step(const struct state *s)
{
    return s->change == FIX_DELETED || s->change == FIX_INSERTED ||
           s->step_cost - s->prior >= GARBAGE_STEP;
}

/* How many steps the path to state si has taken since it last took
 * GARBAGE_RUN poor steps in a row: 0 while it is taking them, -1 for
 * none within GARBAGE_REGROW steps. */
static int steps_past_garbage(const ArbFixer *f, int si)
{
    const struct state *arena = (const struct state *)f->arena->data;
    int run = 0, steps = 0;
    for (; si > 0; si = arena[si].parent) {
        const struct state *s = &arena[si];
        if (fix_is_blank_step(f, s->first_token, s->n_tokens, s->change)) continue;
        if (!poor_step(s)) {
            if (steps >= GARBAGE_REGROW) return -1;
            run = 0;
        } else if (++run == GARBAGE_RUN) {
            return steps + 1 - GARBAGE_RUN;
        }
        steps++;
    }
    return -1;
}

/* Keeps only the arena's states the rings' states descend from (their
 * paths), in their order, and renumbers the rings and parents. A parent
 * always comes before its children, the root first. */
static void compact_arena(ArbFixer *f)
{
    guint n = f->arena->len;
    g_array_set_size(f->arena_map, n);
    guint32 *map = (guint32 *)f->arena_map->data;
    struct state *arena = (struct state *)f->arena->data;
    memset(map, 0, sizeof *map * n);
    for (int r = 0; r < RINGS; r++)
        for (guint k = 0; k < f->ring[r]->len; k++)
            for (int si = g_array_index(f->ring[r], int, k); si >= 0 && !map[si];
                 si = arena[si].parent)
                map[si] = 1;
    /* a merge whose kept state no ring's state descends from can be on no
     * best path: forgotten; the others keep the path dropped */
    struct merge *merges = (struct merge *)f->merges->data;
    guint live = 0;
    for (guint k = 0; k < f->merges->len; k++)
        if (map[merges[k].kept]) merges[live++] = merges[k];
    g_array_set_size(f->merges, live);
    for (guint k = 0; k < live; k++)
        for (int si = merges[k].dropped; si >= 0 && !map[si]; si = arena[si].parent)
            map[si] = 1;
    guint kept = 0;
    for (guint j = 0; j < n; j++) {
        if (!map[j]) continue;
        map[j] = kept;
        arena[kept] = arena[j];
        if (arena[kept].parent >= 0) arena[kept].parent = (int)map[arena[kept].parent];
        kept++;
    }
    g_array_set_size(f->arena, kept);
    for (int r = 0; r < RINGS; r++)
        for (guint k = 0; k < f->ring[r]->len; k++)
            g_array_index(f->ring[r], int, k) = (int)map[g_array_index(f->ring[r], int, k)];
    for (guint k = 0; k < live; k++)
        merges[k].kept = (int)map[merges[k].kept], merges[k].dropped = (int)map[merges[k].dropped];
    f->compact_at = MAX(f->compact_min, 2 * kept);
}

/* The beam's width past the wide window. */
static guint beam_width(const ArbFixer *f)
{
    return f->slips ? SHEET_BEAM_WIDTH : BEAM_WIDTH;
}

/* What the cheapest state the search holds costs: the rings hold them all,
 * and a step costs nothing or more. */
static int cheapest_held(const ArbFixer *f)
{
    int least = COST_INF;
    for (int r = 0; r < RINGS; r++)
        if (f->ring[r]->len) least = MIN(least, f->ring_best[r]);
    return least;
}

/* A path that ends before a reviewer's move has not played it: its token
 * dropped, the game's last, it would keep no move at that ply to pay
 * FIXED_PENALTY for (push_state()), and a fixed point on the last ply
 * could be dodged so (the engine's verdict on a game's last move too,
 * judge.c's searches again). The final states of ring that do pay it. */
static void short_of_fixed(ArbFixer *f, GArray *ring)
{
    int last_fixed = -1;
    for (int k = 0; k < f->n_fixed; k++)
        last_fixed = MAX(last_fixed, f->fixed[k].ply);
    for (guint k = 0; last_fixed >= 0 && k < ring->len; k++) {
        struct state *s = &g_array_index(f->arena, struct state, g_array_index(ring, int, k));
        if (ply_of(&s->pos) <= last_fixed) {
            s->cost += FIXED_PENALTY;
            s->step_cost += FIXED_PENALTY;
        }
    }
}

/* Has the path to state si, expanded at token i, read its last
 * HOPELESS_TOKENS tokens at HOPELESS_RATE or more (its share of the
 * garbage rate, in percent)? Not with a word of text among them (dropped
 * for what a spurious token costs, it reads as dearly), nor on a sheet's
 * cells (a writer's slips). */
static gboolean hopeless(const ArbFixer *f, int si, int i)
{
    if (f->slips || i - f->from_token < HOPELESS_TOKENS || i % HOPELESS_EVERY) return FALSE;
    const struct state *arena = (const struct state *)f->arena->data;
    long read = 0, chars = 0;
    for (; arena[si].parent >= 0 && arena[si].token > i - HOPELESS_TOKENS; si = arena[si].parent) {
        const struct state *s = &arena[si];
        read += s->step_cost - s->prior;
        for (int t = s->first_token; t < s->first_token + s->n_tokens; t++) {
            if (f->tok[t].prose_word) return FALSE;
            chars += (long)g_utf8_strlen(f->tok[t].text, (gssize)f->tok[t].len);
        }
    }
    return chars >= GARBAGE_RATE_CHARS &&
           100 * read >= (long)HOPELESS_RATE * f->costs[CONF_GARBAGE_RATE] * chars;
}

/* Runs the search; returns the arena index of the cheapest final state, or
 * -1 once every state it holds costs more than limit (COST_INF: never): no
 * path through them can be kept (fixer_run_again's limit). Where the path
 * has become hopeless(), the cheapest state there: the path reads no
 * further (the game is cut, fix.c's cut_unread()), as a game whose search
 * went on through the moves of the games after it took time that grew
 * with their number squared. */
int fix_search(ArbFixer *f, const struct position *start, int limit)
{
    f->searched += f->n_tok - f->from_token;
    f->searched_all += f->n_tok - f->from_token;
    g_array_set_size(f->arena, 0);
    g_array_set_size(f->merges, 0);
    for (int i = 0; i < RINGS; i++)
        clear_ring(f, i);
    int from = f->from_token;
    struct state root = {.pos = *start,
                         .parent = -1,
                         .token = from,
                         .first_token = from,
                         .last = f->start_last,
                         .offset = f->start_offset};
    g_array_append_val(f->arena, root);
    to_ring(f, from, 0);
    f->compact_at = f->compact_min;
    for (int i = from; i < f->n_tok; i++) {
        if (f->arena->len > f->compact_at) compact_arena(f);
        GArray *ring = f->ring[i % RINGS];
        if (limit < COST_INF && cheapest_held(f) > limit) return -1;
        f->beam_width = i < f->wide_until ? f->wide_width : beam_width(f);
        prune(f, ring, i);
        if (ring->len && hopeless(f, g_array_index(ring, int, 0), i)) {
            f->beam_width = beam_width(f);
            return g_array_index(ring, int, 0);
        }
        /* garbage (GARBAGE_RUN), or a word of text; past garbage, the
         * beam grows back (GARBAGE_REGROW) */
        int past = f->tok[i].prose_word ? 0
                   : ring->len          ? steps_past_garbage(f, g_array_index(ring, int, 0))
                                        : -1;
        f->in_garbage = past == 0;
        if (past >= 0 && ring->len > (guint)GARBAGE_WIDTH << past)
            g_array_set_size(ring, (guint)GARBAGE_WIDTH << past);
        /* how far behind the best each state is, by its cost and as the
         * prune weighed it (with what it will pay for the numbers ahead) */
        struct ahead ahead = numbers_ahead(f, i, AHEAD_NUMBERS, AHEAD_TOKENS);
        int top = 0, top_numbered = 0;
        for (guint k = 0; k < ring->len; k++) {
            int idx = g_array_index(ring, int, k);
            struct state *s = &g_array_index(f->arena, struct state, idx);
            int numbered = s->cost + future_misnumbered(f, &ahead, s);
            if (k == 0) top = s->cost, top_numbered = numbered;
            s->rank = (guint8)MIN(k, 255);
            expand(f, idx, i, (int)k, s->cost - top, numbered - top_numbered);
            f->expanded++;
        }
        clear_ring(f, i);
    }
    GArray *last = f->ring[f->n_tok % RINGS];
    short_of_fixed(f, last);
    f->beam_width = beam_width(f);
    prune(f, last, f->n_tok);
    return g_array_index(last, int, 0);
}

void fix_collect_path(ArbFixer *f, int idx, struct fix_result *res)
{
    g_array_set_size(res->steps, 0);
    res->cost = g_array_index(f->arena, struct state, idx).cost;
    for (; idx > 0;) {
        const struct state *s = &g_array_index(f->arena, struct state, idx);
        const struct state *p = &g_array_index(f->arena, struct state, s->parent);
        struct fix_step step = {.change = s->change,
                                .move = s->move,
                                .first_token = s->first_token,
                                .n_tokens = s->n_tokens,
                                .cost = s->step_cost,
                                .prior = s->prior,
                                .confidence = 1.0,
                                .read_share = 1.0,
                                .rival_margin = FIX_NO_RIVAL,
                                .token_rival_margin = FIX_NO_RIVAL,
                                .before = p->pos,
                                .last = p->last,
                                .offset = p->offset};
        g_array_prepend_val(res->steps, step);
        idx = s->parent;
    }
}
