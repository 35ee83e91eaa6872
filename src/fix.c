/* Beam search over (position, token index) for `arbiter fix`, with what
 * a token costs read as a move from src/fix_read.c. What expand() pushes
 * depends on the position and the token only, so it is recorded per game
 * and the later passes (searched again where the path took doubtful edits)
 * replay it. Scratch tables live in the fixer: no allocation per token once
 * the arena has grown. */
#include "fix_private.h"

double fix_cost_value(int cost)
{
    return (double)cost / CONF_UNIT;
}

static guint8 add_symbol(ArbFixer *f, gunichar ch)
{
    for (int y = 0; y < f->n_sym; y++)
        if (f->sym_char[y] == ch) return (guint8)y;
    if (f->n_sym == SYM_MAX) return SYM_NONE; /* measured the slow way */
    f->sym_char[f->n_sym] = ch;
    f->sym_del[f->n_sym] = (guint16)confusion_delete(f->conf, ch);
    if (ch < 128) f->sym_ascii[ch] = (guint8)f->n_sym;
    return (guint8)f->n_sym++;
}

static void number_symbols(ArbFixer *f)
{
    memset(f->sym_ascii, SYM_NONE, sizeof f->sym_ascii);
    for (const char *p = "abcdefgh12345678x-=+#OP"; *p; p++) /* (P: "PxP") */
        add_symbol(f, (gunichar)*p);
    for (int t = KNIGHT; t <= KING; t++)
        for (int k = 0; k < f->initial_len[t]; k++)
            f->initial_sym[t][k] = add_symbol(f, f->initial[t][k]);
    for (int ch = 0; ch < 128; ch++)
        f->sym_bit[ch] = f->sym_ascii[ch] == SYM_NONE ? G_GUINT64_CONSTANT(1) << 63
                                                      : G_GUINT64_CONSTANT(1) << f->sym_ascii[ch];
    for (int t = KNIGHT; t <= KING; t++)
        for (int k = 0; k < f->initial_len[t]; k++)
            f->initial_bits[t] |= G_GUINT64_CONSTANT(1)
                                  << (f->initial_sym[t][k] == SYM_NONE ? 63 : f->initial_sym[t][k]);
}

ArbFixer *fixer_new(const ArbConfusion *conf, ArbNorm *norm)
{
    ArbFixer *f = g_new0(ArbFixer, 1);
    f->wide_width = WIDE_BEAM_WIDTH;
    f->margin_scale = 100;
    f->conf = conf;
    f->sub = confusion_ascii_substitutions(conf);
    f->norm = norm;
    for (int i = 0; i < CONF_COST_COUNT; i++)
        f->costs[i] = confusion_cost(conf, (ArbConfusionCost)i);
    static const char *const english[] = {"", "N", "B", "R", "Q", "K"};
    const ArbLang *lang = norm_lang(norm);
    for (int t = KNIGHT; t <= KING; t++) {
        const char *s = lang ? arb_lang_initial(lang, t, FALSE) : english[t];
        if (!s || !*s) s = english[t];
        for (const char *p = s; *p && f->initial_len[t] < 4; p = g_utf8_next_char(p))
            f->initial[t][f->initial_len[t]++] = g_utf8_get_char(p);
    }
    number_symbols(f);
    /* the longest: LAN of a promotion with a capture and a mark, "e7xd8=Q+" */
    for (int t = KNIGHT; t <= KING; t++)
        f->form_len_max = MAX(f->form_len_max, 7 + f->initial_len[t]);
    f->arena = g_array_sized_new(FALSE, FALSE, sizeof(struct state), 1024);
    f->arena_map = g_array_new(FALSE, FALSE, sizeof(guint32));
    f->compact_min = COMPACT_MIN;
    f->records_max = RECORDS_MAX;
    for (int i = 0; i < RINGS; i++)
        f->ring[i] = g_array_sized_new(FALSE, FALSE, sizeof(int), 64);
    f->readings = g_array_new(FALSE, FALSE, sizeof(struct norm_reading));
    f->dist = g_new0(struct dist_entry, DIST_CACHE);
    f->expansions = g_array_new(FALSE, FALSE, sizeof(struct expansion));
    f->recorded_fixed = g_array_new(FALSE, FALSE, sizeof(struct fix_point));
    f->n_slots = 4096;
    f->expansion_slot = g_new0(guint32, f->n_slots);
    f->records = g_array_new(FALSE, FALSE, sizeof(struct push_record));
    f->prune_keys = g_array_new(FALSE, FALSE, sizeof(guint64));
    f->on_best = g_array_new(FALSE, FALSE, sizeof(gboolean));
    f->merges = g_array_new(FALSE, FALSE, sizeof(struct merge));
    f->best_moves = g_array_new(FALSE, FALSE, sizeof(guint32));
    return f;
}

void fixer_free(ArbFixer *f)
{
    if (!f) return;
    g_array_free(f->arena, TRUE);
    g_array_free(f->arena_map, TRUE);
    for (int i = 0; i < RINGS; i++)
        g_array_free(f->ring[i], TRUE);
    g_free(f->tok);
    g_free(f->targets);
    g_free(f->targets_filled);
    g_free(f->dist);
    g_array_free(f->expansions, TRUE);
    g_array_free(f->recorded_fixed, TRUE);
    g_free(f->expansion_slot);
    g_array_free(f->records, TRUE);
    g_array_free(f->prune_keys, TRUE);
    g_array_free(f->on_best, TRUE);
    g_array_free(f->merges, TRUE);
    g_array_free(f->best_moves, TRUE);
    g_array_free(f->readings, TRUE);
    g_free(f);
}

void fixer_set_alternatives(ArbFixer *f, gboolean with_alternatives)
{
    f->with_alternatives = with_alternatives;
}

void fixer_set_once(ArbFixer *f, gboolean once)
{
    f->once = once;
}

void fixer_keep_style(ArbFixer *f, gboolean keep)
{
    f->style_kept = keep;
}

void fixer_set_slips(ArbFixer *f, gboolean slips)
{
    f->slips = slips;
}

void fixer_set_prior(ArbFixer *f, const ArbPrior *prior, double weight)
{
    f->prior = weight > 0 ? prior : NULL;
    f->prior_weight = weight;
}

void fixer_set_fixed(ArbFixer *f, const struct fix_point *points, int n)
{
    f->fixed = points;
    f->n_fixed = points ? n : 0;
}

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

struct fix_point fix_point_of(const struct position *pos, move_t m)
{
    struct fix_point p = {.ply = ply_of(pos)};
    p.uci[uci_write(pos, m, p.uci)] = 0;
    return p;
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
static int hint_cost(const ArbFixer *f, const struct ptoken *t, const struct position *pos)
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

/* ---- search -------------------------------------------------------------------- */

/* Tokens [i, i + n) as one ("B x c6", "O - O - O"). */
static void join_run(const ArbFixer *f, int i, int n, struct ptoken *out)
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
static gboolean exact_move(ArbFixer *f, const struct position *pos, const struct ptoken *t,
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
static gboolean marks_verified(const ArbFixer *f, const struct position *pos,
                               const struct ptoken *t, move_t m)
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
    int hint = hint_cost(f, t, &s->pos);
    move_t exact = MOVE_NONE;
    gboolean has_exact = exact_move(f, &s->pos, t, &exact);
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
                         (sc[k].cost < EXACT_MAX || marks_verified(f, &s->pos, t, exact))) ||
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
    emit(f, si, &s->pos, MOVE_NONE, FIX_DELETED, drop_cost(f, i, &s->pos), 0, i, 1, i + 1, i + 1);
    return best_reading;
}

/* A margin of the beam at token i: margin_scale holds before wide_until. */
static int scaled(const ArbFixer *f, int i, int margin)
{
    return i < f->wide_until ? margin * f->margin_scale / 100 : margin;
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

/* How far behind the best a state at token i may be and stay in the beam. */
static int margin_of(const ArbFixer *f, int i, gboolean edited)
{
    return scaled(f, i, edited ? EDITED_MARGIN : BEAM_MARGIN);
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
    int prior[MOVE_LIST_MAX], hint = hint_cost(f, t, &s->pos);
    fix_prior_of_tab(f, tab, s->last, BLANK_PRIOR_CAP, prior);
    for (int k = 0; k < tab->count; k++)
        emit(f, si, &s->pos, tab->m[k].move, FIX_INSERTED, prior[k] + hint, prior[k], i, 0, i + 1,
             i + 1);
    emit(f, si, &s->pos, MOVE_NONE, FIX_DELETED, f->costs[CONF_SKIP_TOKEN], 0, i, 1, i + 1, i + 1);
}

/* Is the step (or state) with these fields a move read from a cell the
 * sheet lacks? */
static gboolean is_blank_step(const ArbFixer *f, int first_token, int n_tokens, int change)
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
    /* the two-move edits for the first few states and any about as cheap */
    gboolean pairs = f->in_garbage
                         ? rank == 0
                         : rank < PAIRS_FROM_TOP || behind <= scaled(f, i, PAIRS_MARGIN) ||
                               dropped_by_best(f, &s, i) ||
                               (t->two_moves && behind <= scaled(f, i, TWO_MOVES_MARGIN)) ||
                               t->lone_initial;
    /* a move left out (dearest to try) for the best state, any within half
     * a unit and the next few within PAIRS_MARGIN: further behind, it
     * changed 1 ply in 32000 at 10% noise and cost 7% of the time */
    gboolean inserts = f->in_garbage
                           ? rank == 0
                           : rank == 0 || behind <= scaled(f, i, INSERTS_MARGIN) ||
                                 (rank < PAIRS_FROM_TOP && behind <= scaled(f, i, PAIRS_MARGIN));
    /* a whole move left out, as near by the numbers ahead: a state that
     * put in one of two is behind the best by its cost until it puts in
     * the other, but nearer by the numbers */
    inserts =
        inserts || (!f->in_garbage &&
                    (behind_numbered <= scaled(f, i, INSERTS_MARGIN) ||
                     (rank < PAIRS_FROM_TOP && behind_numbered <= scaled(f, i, PAIRS_MARGIN))) &&
                    whole_move_due(f, &s, i));
    /* a reading dearer than cap would fall out of the beam at once */
    int room = margin_of(f, i, s.change > FIX_CORRECTED);
    int cap = f->ring_best[(i + 1) % RINGS] >= COST_INF
                  ? COST_INF
                  : f->ring_best[(i + 1) % RINGS] + room - s.cost - hint_cost(f, t, &s.pos);
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
     * (the rest of it the next token: "Re4- b4", "O-O _O") */
    /* (or well, exactly or a look-alike off, but the next token's number
     * is two plies on: a move left out before this one, which is the other
     * side's, "45. a3 46. Kg2" with White's 45th lost, as well as after
     * it; descriptive "5. P-QB8 6." is Black's c6 with White's e3 lost,
     * though White's c3 reads as cheaply) */
    gboolean next_skips = e->best_reading < POOR_READING && i + 1 < f->n_tok &&
                          f->tok[i + 1].hint_ply == ply_of(&s.pos) + 2;
    if (!pairs || (e->best_reading < POOR_READING && !misnumbered(f, t, &s.pos, s.offset) &&
                   !t->cut_short && !t->two_moves && !next_skips))
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
static int best_in(ArbFixer *f, const struct position *pos, const struct ptoken *t, int slot,
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
 * (three at most) with at least one dot after them, and more to come. */
static int number_at(const struct pcand *c, int at)
{
    int number = 0;
    while (at + number < c->len && g_unichar_isdigit(c->ch[at + number]) && number < 3)
        number++;
    if (!number || at + number == c->len || c->ch[at + number] != '.') return 0;
    while (at + number < c->len && c->ch[at + number] == '.')
        number++;
    return number;
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
    for (int cut = 2; room > 0 && cut <= rest->len - 2; cut++) {
        int number = number_at(rest, cut);
        if (rest->len - cut - number < 2) continue;
        if (part_cost_low(f, rest, least, 0, cut) +
                part_cost_low(f, rest, least, cut + number, rest->len) >=
            room)
            continue;
        fix_slice_token(f, rest, 0, cut, &part2);
        fix_slice_token(f, rest, cut + number, rest->len, &part3);
        move_t m2 = MOVE_NONE, m3 = MOVE_NONE;
        int c2 = best_of(f, &f->tab[2], &part2, MIN(room, 8 * CONF_UNIT), &m2);
        if (c2 >= room) continue;
        struct position p3 = *p2;
        pos_make_move(&p3, m2);
        int c3 = best_in(f, &p3, &part3, 1, MIN(room - c2, 8 * CONF_UNIT), &m3);
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
    for (int cut = first_cut; cut <= c0->len - 2; cut++) {
        int number = number_at(c0, cut);
        if (c0->len - cut - number < 2) continue;
        /* a first part as dear as first_max leaves the rest too little, as
         * one move or two; ties_of keeps one cheaper than best only */
        int rest_low = part_cost_low(f, c0, least, cut + number, c0->len);
        int first_max =
            limit - merge - MIN(rest_low, merge + two_parts_low(c0, least, cut + number, c0->len));
        if (c0->prior + part_cost_low(f, c0, least, 0, cut) >= MIN(best, first_max)) continue;
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
                 tie[k].cost + f->costs[CONF_SPLIT] + hint_cost(f, t, &s->pos), 0, i, 2, i + 2,
                 i + 2);
    }
    /* three tokens or more that are one move: "B x c6" */
    for (int run = 3, most = spaced_run(f, i); run <= most; run++) {
        join_run(f, i, run, &part);
        int split = (run - 1) * f->costs[CONF_SPLIT];
        struct scored tie[PAIR_TIES];
        int n = ties_of(f, &f->tab[0], &part, s->last,
                        MIN(best + f->costs[CONF_SKIP_TOKEN] - 1, 8 * CONF_UNIT), tie);
        for (int k = 0; k < n && tie[k].cost + split < best + f->costs[CONF_SKIP_TOKEN]; k++)
            emit(f, si, &s->pos, tie[k].move, FIX_SPLIT,
                 tie[k].cost + split + hint_cost(f, t, &s->pos), 0, i, run, i + run, i + run);
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
            int c2 = best_in(f, &p2, t, 2, POOR_READING - 1, &m2);
            if (c2 < POOR_READING) {
                int a = emit(f, si, &s->pos, m1, FIX_CORRECTED,
                             c1 + f->costs[CONF_SWAP] + hint_cost(f, &f->tok[i + 1], &s->pos), 0,
                             i + 1, 1, i + 1, -1);
                emit(f, a, &p2, m2, FIX_CORRECTED, c2 + hint_cost(f, t, &p2), 0, i, 1, i + 2,
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
        int hint = hint_cost(f, t, &p2);
        if (tab->m[k].move == fixed) {
            int c2 = best_in(f, &p2, t, 1, 8 * CONF_UNIT, &m2);
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
        int c2 = best_in(f, &p2, t, 1, limit, &m2);
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
        int hint = hint_cost(f, t, &p2);
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

/* Each pair of moves from tab[slot]'s position (built; last led to it),
 * then token t read (NULL: none), at most limit_all in all with prefix's
 * cost added: the cheapest keep go into top (n_top of them, cheapest
 * first), after the moves and priors of prefix (k_prefix moves put in
 * before). Uses tab[slot + 1] and tab[slot + 2]. */
static void whole_pairs(ArbFixer *f, int slot, move_t last, const struct ptoken *t, int limit_all,
                        const struct whole *prefix, int k_prefix, struct whole *top, int keep,
                        int *n_top)
{
    const struct movetab *tab = &f->tab[slot];
    int prior1[MOVE_LIST_MAX], prior2[MOVE_LIST_MAX];
    fix_prior_of_tab(f, tab, last, PRIOR_CAP, prior1);
    for (int k = 0; k < tab->count; k++) {
        struct position p2 = tab->pos;
        pos_make_move(&p2, tab->m[k].move);
        fix_build_table(&p2, &f->tab[slot + 1]);
        fix_prior_of_tab(f, &f->tab[slot + 1], tab->m[k].move, PRIOR_CAP, prior2);
        for (int j = 0; j < f->tab[slot + 1].count; j++) {
            int sum = prefix->cost + prior1[k] + prior2[j];
            /* cheaper than limit_all, and than the last of keep found */
            int limit = MIN(limit_all - sum, 8 * CONF_UNIT);
            if (*n_top == keep) limit = MIN(limit, top[keep - 1].cost - sum - 1);
            if (limit < 0) continue;
            struct position p3 = p2;
            move_t second = f->tab[slot + 1].m[j].move, read = MOVE_NONE;
            pos_make_move(&p3, second);
            int c = t ? best_in(f, &p3, t, slot + 2, limit, &read) : 0;
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
    best += hint_cost(f, &f->tok[i], &s->pos);
    struct whole prefix = {.cost = f->costs[CONF_INSERT_WHOLE_MOVE]};
    /* cheaper than the best reading by SUCC_MARGIN */
    whole_pairs(f, 0, s->last, &f->tok[i], best + SUCC_MARGIN - 1, &prefix, 0, top, WHOLE_KEEP,
                &n_top);
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
 * (whole_pairs()). tab[0] holds s's moves and is kept. */
static void expand_two_whole_moves(ArbFixer *f, int si, const struct state *s, int i, int best)
{
    if (!two_whole_moves_due(f, s, i)) return;
    int whole = f->costs[CONF_INSERT_WHOLE_MOVE];
    /* the first: pairs by the prior alone */
    struct whole first[TWO_WHOLE_FIRST], prefix = {.cost = 2 * whole};
    int n_first = 0;
    whole_pairs(f, 0, s->last, NULL, G_MAXINT / 2, &prefix, 0, first, TWO_WHOLE_FIRST, &n_first);
    struct whole top[WHOLE_KEEP];
    int n_top = 0;
    /* what reading the token in s pays for its move number too; a second
     * move left out may cost one more whole move than one does */
    best += hint_cost(f, &f->tok[i], &s->pos) + whole;
    for (int q = 0; q < n_first; q++) {
        struct position p3 = s->pos;
        pos_make_move(&p3, first[q].moves[0]);
        pos_make_move(&p3, first[q].moves[1]);
        fix_build_table(&p3, &f->tab[2]);
        whole_pairs(f, 2, first[q].moves[1], &f->tok[i], best + SUCC_MARGIN - 1, &first[q], 2, top,
                    WHOLE_KEEP, &n_top);
    }
    emit_wholes(f, si, s, i, top, n_top, 4);
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
     * of the kept positions' keys */
    int kept_index[WIDEST_BEAM], seen_index[KEPT_SET];
    guint64 seen[KEPT_SET];
    gboolean used[KEPT_SET] = {FALSE};
    guint kept = 0;
    for (guint i = 0; i < f->prune_keys->len && kept < f->beam_width; i++) {
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
    g_array_set_size(ring, 0);
    g_array_append_vals(ring, kept_index, kept);
}

/* How many steps in a row the path to state si ends with that dropped a
 * token, put in a move or read one poorly, GARBAGE_RUN at most. */
static int poor_run(const ArbFixer *f, int si)
{
    const struct state *arena = (const struct state *)f->arena->data;
    int run = 0;
    for (; si > 0 && run < GARBAGE_RUN; si = arena[si].parent) {
        const struct state *s = &arena[si];
        if (is_blank_step(f, s->first_token, s->n_tokens, s->change)) continue;
        if (s->change != FIX_DELETED && s->change != FIX_INSERTED &&
            s->step_cost - s->prior < GARBAGE_STEP)
            break;
        run++;
    }
    return run;
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

/* Runs the search; returns the arena index of the cheapest final state. */
static int search(ArbFixer *f, const struct position *start)
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
        f->beam_width = i < f->wide_until ? f->wide_width : beam_width(f);
        prune(f, ring, i);
        f->in_garbage = ring->len && poor_run(f, g_array_index(ring, int, 0)) >= GARBAGE_RUN;
        if (f->in_garbage && ring->len > GARBAGE_WIDTH) g_array_set_size(ring, GARBAGE_WIDTH);
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
        }
        clear_ring(f, i);
    }
    GArray *last = f->ring[f->n_tok % RINGS];
    f->beam_width = beam_width(f);
    prune(f, last, f->n_tok);
    return g_array_index(last, int, 0);
}

static void collect_path(ArbFixer *f, int idx, struct fix_result *res)
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
                                .rival_margin = FIX_NO_RIVAL,
                                .token_rival_margin = FIX_NO_RIVAL,
                                .before = p->pos,
                                .last = p->last,
                                .offset = p->offset};
        g_array_prepend_val(res->steps, step);
        idx = s->parent;
    }
}

/* ---- confidence and alternatives ------------------------------------------------- */

/* The token a step reads, as one token. */
static const struct ptoken *step_token(ArbFixer *f, const struct fix_step *s, struct ptoken *tmp)
{
    const struct ptoken *t = &f->tok[s->first_token];
    if (s->n_tokens < 2) return t;
    join_run(f, s->first_token, s->n_tokens, tmp);
    return tmp;
}

/* A logistic of the margin between the move taken and the best other one. */
static double margin_confidence(int margin, int temperature)
{
    return 1.0 / (1.0 + exp(-(double)margin / MAX(temperature, 1)));
}

/* The step after k when it reads one token as a move: the look-ahead that
 * settles a doubt at k. */
static const struct fix_step *next_reading(const GArray *steps, guint k)
{
    const struct fix_step *next =
        k + 1 < steps->len ? &g_array_index(steps, struct fix_step, k + 1) : NULL;
    return next && next->move != MOVE_NONE && next->n_tokens == 1 && next->change <= FIX_CORRECTED
               ? next
               : NULL;
}

/* What next's token costs after m is played from before (capped at 8
 * units), over what it costs in the path. */
static int lookahead_cost(ArbFixer *f, const struct position *before, move_t m,
                          const struct fix_step *next)
{
    struct position p2 = *before;
    pos_make_move(&p2, m);
    move_t later_move = MOVE_NONE;
    int later = best_in(f, &p2, &f->tok[next->first_token], 1, 8 * CONF_UNIT, &later_move);
    return MAX(0, MIN(later, 8 * CONF_UNIT) - next->cost);
}

static void annotate_read_step(ArbFixer *f, GArray *steps, guint k)
{
    struct fix_step *s = &g_array_index(steps, struct fix_step, k);
    int temp = f->costs[CONF_TEMPERATURE];
    if (s->change == FIX_DELETED || s->change == FIX_MERGED) {
        /* no alternatives worked out: the confidence falls with the cost */
        s->confidence = margin_confidence(f->costs[CONF_SKIP_TOKEN] - s->cost, temp);
        return;
    }
    if (s->change == FIX_INSERTED) {
        s->confidence = 0.5; /* nothing was written: the later moves chose it */
        return;
    }
    struct ptoken tmp;
    const struct ptoken *t = step_token(f, s, &tmp);
    fix_build_table(&s->before, &f->tab[0]);
    struct scored *sc = f->sc[1];
    int n = fix_score_all(f, t, &f->tab[0], sc);
    if (n) fix_add_prior(f, &f->tab[0], s->last, sc, fix_count_within(sc, n, 8 * CONF_UNIT), 0);
    int chosen = s->cost;
    for (int i = 0; i < n; i++)
        if (sc[i].move == s->move) chosen = sc[i].cost + sc[i].prior;
    /* the next step, if it reads a token, settles doubts: an alternative
     * after which that token reads worse pays the difference */
    const struct fix_step *next = next_reading(steps, k);
    s->n_alts = 0;
    for (int i = 0; i < n && s->n_alts < FIX_ALTS_MAX; i++) {
        if (sc[i].move == s->move || sc[i].cost + sc[i].prior > chosen + 8 * CONF_UNIT) continue;
        int c = sc[i].cost + sc[i].prior;
        if (next) c += lookahead_cost(f, &s->before, sc[i].move, next);
        s->alts[s->n_alts++] = (struct fix_alt){sc[i].move, c};
    }
    /* alternatives cheapest first after the look-ahead */
    for (int i = 1; i < s->n_alts; i++)
        for (int j = i; j > 0 && s->alts[j].cost < s->alts[j - 1].cost; j--) {
            struct fix_alt a = s->alts[j];
            s->alts[j] = s->alts[j - 1];
            s->alts[j - 1] = a;
        }
    /* the move's share beside its alternatives (a four-way tie: a quarter) */
    double rest = 0.0;
    for (int i = 0; i < s->n_alts; i++)
        rest += exp(-(double)(s->alts[i].cost - chosen) / MAX(temp, 1));
    s->confidence = 1.0 / (1.0 + rest);
}

/* A step's confidence: how well its token reads as its move against the
 * other moves there (annotate_read_step), times how far behind the
 * cheapest whole path the search kept that plays another move at its ply
 * is (rival_margins; none kept: 1). The one catches a reading that later
 * moves merely let stand, the other a doubt that later moves kept open;
 * on the tuning sets at 5% noise (251 wrong moves in 122864), the 3.6% of
 * moves the product ranks least sure hold 171 of the wrong ones, the 3.6%
 * the reading alone ranks so 163. */
static void annotate_step(ArbFixer *f, GArray *steps, guint k)
{
    struct fix_step *s = &g_array_index(steps, struct fix_step, k);
    /* a token read as written is no doubt by its rival readings (by them,
     * 1 in 95 such moves went below 0.9 on the tuning sets, and 1 in 74 of
     * those was wrong), only by a rival path that stayed within
     * EXACT_DOUBT of this one to the end: "Rc1" as written where the rook
     * went to e1, c and e being alike, and every later move of the rook
     * fits either square. On the tuning sets at 5% noise (196 wrong moves
     * of 176720) the marks went from 4.1% of the moves, holding 121 wrong
     * ones, to 4.5% holding 138, and with the rivals that meet the path
     * again (rival_margins()) to 5.0% holding 169. Before those, any
     * rival path, not only one reading the same token, marked about as
     * many; within three quarters of a unit, not half, 0.26% more for 2
     * more wrong ones */
    gboolean exact = s->change == FIX_NONE;
    gboolean doubted = s->move != MOVE_NONE && s->token_rival_margin <= EXACT_DOUBT;
    if (!exact || doubted || f->with_alternatives) annotate_read_step(f, steps, k);
    if (exact) {
        s->confidence =
            doubted ? margin_confidence(s->token_rival_margin, f->costs[CONF_TEMPERATURE]) : 1.0;
        return;
    }
    if (s->move != MOVE_NONE && s->rival_margin != FIX_NO_RIVAL)
        s->confidence *= margin_confidence(s->rival_margin, f->costs[CONF_TEMPERATURE]);
}

static int cmp_alt(const void *a, const void *b)
{
    const struct fix_alt *x = a, *y = b;
    return (x->cost > y->cost) - (x->cost < y->cost);
}

/* An inserted step's rivals: any move after which the next token reads
 * (nothing was written for it), each paying its prior and the next token's
 * cost after it; what the step's own move pays is subtracted. */
static int inserted_rivals(ArbFixer *f, const struct fix_step *s, const struct fix_step *next,
                           int margin, struct fix_alt *out)
{
    fix_build_table(&s->before, &f->tab[0]); /* best_in uses tab[1]: tab[0] stays */
    const struct movetab *tab = &f->tab[0];
    move_t all[MOVE_LIST_MAX];
    int prior[MOVE_LIST_MAX], cost[MOVE_LIST_MAX], own = 0, n = 0;
    fix_tab_moves(tab, all);
    fix_prior_of_tab(f, tab, s->last, PRIOR_CAP, prior);
    for (int i = 0; i < tab->count; i++) {
        cost[i] = prior[i] + lookahead_cost(f, &s->before, all[i], next);
        if (all[i] == s->move) own = cost[i];
    }
    for (int i = 0; i < tab->count; i++)
        if (all[i] != s->move && cost[i] <= own + margin)
            out[n++] = (struct fix_alt){all[i], s->cost + cost[i] - own};
    return n;
}

/* A read step's rivals, as annotate_step finds them but all within margin. */
static int read_rivals(ArbFixer *f, const struct fix_step *s, const struct fix_step *next,
                       int margin, struct fix_alt *out)
{
    struct ptoken tmp;
    const struct ptoken *t = step_token(f, s, &tmp);
    fix_build_table(&s->before, &f->tab[0]);
    struct scored *sc = f->sc[1];
    int n = fix_score_all(f, t, &f->tab[0], sc), n_out = 0;
    if (n) fix_add_prior(f, &f->tab[0], s->last, sc, fix_count_within(sc, n, 8 * CONF_UNIT), 0);
    int own = s->cost;
    for (int i = 0; i < n; i++)
        if (sc[i].move == s->move) own = sc[i].cost + sc[i].prior;
    for (int i = 0; i < n; i++) {
        int c = sc[i].cost + sc[i].prior;
        if (sc[i].move == s->move || c > own + margin) continue;
        if (next) c += lookahead_cost(f, &s->before, sc[i].move, next);
        if (c <= own + margin) out[n_out++] = (struct fix_alt){sc[i].move, s->cost + c - own};
    }
    return n_out;
}

int fixer_step_candidates(ArbFixer *f, const struct fix_result *res, guint k, int margin,
                          struct fix_alt *out, int max)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
    if (s->move == MOVE_NONE || s->change == FIX_MERGED || max < 1) return 0;
    const struct fix_step *next = next_reading(res->steps, k);
    struct fix_alt rivals[MOVE_LIST_MAX];
    int n = 0;
    if (s->change != FIX_INSERTED)
        n = read_rivals(f, s, next, margin, rivals);
    else if (next)
        n = inserted_rivals(f, s, next, margin, rivals);
    qsort(rivals, (size_t)n, sizeof *rivals, cmp_alt);
    out[0] = (struct fix_alt){s->move, s->cost};
    n = MIN(n, max - 1);
    memcpy(out + 1, rivals, (size_t)n * sizeof *rivals);
    return n + 1;
}

int fixer_greedy_after(ArbFixer *f, const struct fix_result *res, guint k, move_t m, int n)
{
    const struct fix_step *steps = (const struct fix_step *)res->steps->data;
    struct position pos = steps[k].before;
    pos_make_move(&pos, m);
    int sum = 0;
    for (guint j = k + 1; j < res->steps->len && n > 0; j++) {
        const struct fix_step *s = &steps[j];
        if (s->move == MOVE_NONE) continue; /* a token dropped either way */
        if (s->n_tokens != 1 || (s->change != FIX_NONE && s->change != FIX_CORRECTED)) break;
        move_t next = MOVE_NONE;
        int c = best_in(f, &pos, &f->tok[s->first_token], 1, 8 * CONF_UNIT, &next);
        if (next == MOVE_NONE || c >= 8 * CONF_UNIT) return sum + 8 * CONF_UNIT;
        sum += c;
        pos_make_move(&pos, next);
        n--;
    }
    return sum;
}

/* Cuts the game where, from some step on, most steps (and at least
 * GARBAGE_MIN_POOR) are poor fits: there nothing legal fits any more. A token
 * dropped for less than a spurious one costs (a move written twice, a
 * misread move number) is no poor fit. */
static void cut_garbage(ArbFixer *f, struct fix_result *res)
{
    int n = (int)res->steps->len, poor_after = 0, cut = -1;
    for (int k = n - 1; k >= 0; k--) {
        const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
        gboolean poor = (s->change == FIX_DELETED && s->cost >= f->costs[CONF_SKIP_TOKEN]) ||
                        s->cost - s->prior > f->costs[CONF_POOR_FIT];
        poor_after += poor;
        if (poor && poor_after >= GARBAGE_MIN_POOR && 2 * poor_after > n - k) cut = k;
    }
    res->unresolved = cut >= 0;
    res->cut_token = f->n_tok;
    if (cut < 0) return;
    /* the rivals' costs went on through the garbage: no measure of doubt */
    for (int k = 0; k < n; k++) {
        struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
        s->rival_margin = s->token_rival_margin = FIX_NO_RIVAL;
    }
    res->cut_token = g_array_index(res->steps, struct fix_step, cut).first_token;
    g_array_set_size(res->steps, (guint)cut);
}

/* A move as its SAN names it: the piece, where it goes, what it becomes
 * (paths that differ before it may play it from another square). */
static guint32 san_key(const struct position *before, move_t m)
{
    return (guint32)before->board[move_from(m)] << 16 | (guint32)move_to(m) << 8 |
           (guint32)move_promotion(m);
}

/* The rival_margin of every step of res, the path the search that just
 * ran from start found (ending in state best): the states its last ring
 * kept are the cheapest paths to the other positions the game could have
 * reached, and each is a rival at every ply where it plays another move
 * than best's path (another SAN: the same piece going to the same square
 * from elsewhere is no rival), by what it costs more; so is each path
 * prune() dropped, by EXACT_DOUBT or less, for a state of best's path in
 * the same position (the rook that went to c1 or e1 and then on to b1:
 * from there the two are one path, and the last ring holds only one). A
 * later token that settles an earlier doubt has then left no rival within
 * the beam's margin. The token_rival_margin is the same of the rivals
 * that read the step's token alone, as another move. */
static void rival_margins(ArbFixer *f, int best, const struct position *start,
                          struct fix_result *res)
{
    const struct state *arena = (const struct state *)f->arena->data;
    const GArray *ring = f->ring[f->n_tok % RINGS];
    int start_ply = ply_of(start);
    g_array_set_size(f->on_best, f->arena->len);
    gboolean *on = (gboolean *)f->on_best->data;
    memset(on, 0, sizeof *on * f->arena->len);
    g_array_set_size(f->best_moves, 0);
    for (int si = best; si >= 0; si = arena[si].parent) {
        on[si] = TRUE;
        if (arena[si].parent < 0 || arena[si].move == MOVE_NONE) continue;
        int p = ply_of(&arena[arena[si].parent].pos) - start_ply;
        if (p < 0) continue;
        if ((guint)p >= f->best_moves->len) {
            guint was = f->best_moves->len;
            g_array_set_size(f->best_moves, (guint)p + 1);
            for (guint k = was; k <= (guint)p; k++)
                g_array_index(f->best_moves, guint32, k) = G_MAXUINT32;
        }
        g_array_index(f->best_moves, guint32, p) =
            san_key(&arena[arena[si].parent].pos, arena[si].move);
    }
    int n = (int)f->best_moves->len;
    const guint32 *moves = (const guint32 *)f->best_moves->data;
    /* per ply: the margin, the same for rivals that read the token best's
     * path reads there alone, and that token (-1: none alone) */
    int *margin = g_new(int, 3 * MAX(n, 1)), *same = margin + n, *token = same + n;
    for (int p = 0; p < n; p++)
        margin[p] = same[p] = FIX_NO_RIVAL, token[p] = -1;
    for (int si = best; si > 0; si = arena[si].parent) {
        int p = ply_of(&arena[arena[si].parent].pos) - start_ply;
        if (arena[si].move != MOVE_NONE && arena[si].n_tokens == 1 && p >= 0 && p < n)
            token[p] = arena[si].first_token;
    }
    /* the rivals: the last ring's other states, and the paths dropped for
     * the best path's own states where they met it in one position (a
     * rook's move to c1 or e1 along the first rank, and on to b1) */
    const struct merge *merges = (const struct merge *)f->merges->data;
    guint n_rivals = ring->len + f->merges->len;
    for (guint k = 0; k < n_rivals; k++) {
        int r = -1, d = 0;
        if (k < ring->len) {
            r = g_array_index(ring, int, k);
            d = arena[r].cost - arena[best].cost;
        } else if (on[merges[k - ring->len].kept]) {
            r = merges[k - ring->len].dropped;
            d = merges[k - ring->len].diff;
        }
        if (r < 0 || r == best) continue;
        for (int si = r; si >= 0 && !on[si]; si = arena[si].parent) {
            if (arena[si].parent < 0 || arena[si].move == MOVE_NONE) continue;
            int p = ply_of(&arena[arena[si].parent].pos) - start_ply;
            if (p < 0 || p >= n ||
                moves[p] == san_key(&arena[arena[si].parent].pos, arena[si].move))
                continue;
            margin[p] = MIN(margin[p], d);
            if (arena[si].n_tokens == 1 && arena[si].first_token == token[p])
                same[p] = MIN(same[p], d);
        }
    }
    for (guint k = 0; k < res->steps->len; k++) {
        struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
        int p = ply_of(&s->before) - start_ply;
        gboolean rivalled = s->move != MOVE_NONE && p >= 0 && p < n;
        s->rival_margin = rivalled ? margin[p] : FIX_NO_RIVAL;
        s->token_rival_margin = rivalled ? same[p] : FIX_NO_RIVAL;
    }
    g_free(margin);
}

/* Searches the path of res again from step from to the end, with the
 * wide beam before token wide_until (0: none), and puts the new tail in
 * place of the old one always, or only when the whole path gets cheaper. */
static void search_again_from(ArbFixer *f, struct fix_result *res, guint from, int wide_until,
                              gboolean always)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, from);
    int prefix = 0;
    for (guint i = 0; i < from; i++)
        prefix += g_array_index(res->steps, struct fix_step, i).cost;
    struct position before = s->before;
    f->from_token = s->first_token;
    f->start_last = s->last;
    f->start_offset = s->offset;
    f->wide_until = wide_until;
    struct fix_result tail = {.steps = g_array_new(FALSE, FALSE, sizeof(struct fix_step))};
    int best = search(f, &before);
    collect_path(f, best, &tail);
    rival_margins(f, best, &before, &tail);
    f->from_token = f->wide_until = 0;
    f->start_last = MOVE_NONE;
    f->start_offset = 0;
    if (always || prefix + tail.cost < res->cost) {
        g_array_set_size(res->steps, from);
        g_array_append_vals(res->steps, tail.steps->data, tail.steps->len);
        res->cost = prefix + tail.cost;
    }
    g_array_free(tail.steps, TRUE);
}

/* Searches again from `back` steps before the first doubtful one, with a
 * wide beam up to a few tokens after it (the right reading most likely fell
 * out of the beam there), and keeps that tail when the whole path gets
 * cheaper. */
static void search_wide_from(ArbFixer *f, struct fix_result *res, guint doubtful, guint back)
{
    search_again_from(
        f, res, doubtful > back ? doubtful - back : 0,
        g_array_index(res->steps, struct fix_step, doubtful).first_token + WIDE_TOKENS, FALSE);
}

/* The squares strictly between a and b on the line a piece of type moves
 * along from a to b. */
static bitboard between(int type, int a, int b)
{
    int line = sq_file(a) == sq_file(b) || sq_rank(a) == sq_rank(b) ? ROOK : BISHOP;
    if (type != QUEEN && type != line) return 0;
    return attacks_of(line, a, BB(b)) & attacks_of(line, b, BB(a));
}

/* The last step before step d that moved a piece to a square of squares,
 * or -1. */
static int last_to(const struct fix_result *res, guint d, bitboard squares)
{
    for (int j = (int)d - 1; j >= 0; j--) {
        move_t m = g_array_index(res->steps, struct fix_step, j).move;
        if (m != MOVE_NONE && m != MOVE_NULL && (BB(move_to(m)) & squares)) return j;
    }
    return -1;
}

/* What step d pays for reading its token, where that is a unit or more
 * and it reads one token of one input as a move in SAN, else -1 (the
 * steps blocking_step() and pawn_off_step() look into). */
static int dear_read(const ArbFixer *f, const struct fix_result *res, guint d)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, d);
    int read = s->cost - s->prior;
    if (s->move == MOVE_NONE || s->n_tokens != 1 || read < CONF_UNIT || f->style != FIX_STYLE_SAN ||
        f->tok[s->first_token].inputs > 1)
        return -1;
    return read;
}

/* Does pos, with the piece on square a moved to b (empty) and, when
 * c >= 0, the one on c moved to a, read token t within limit by a move
 * from or to b (or a, when c >= 0)? */
static gboolean reads_moved(ArbFixer *f, const struct position *pos, int a, int b, int c,
                            const struct ptoken *t, int limit)
{
    struct position there = *pos;
    int piece = there.board[a];
    pos_remove(&there, a);
    pos_put(&there, piece, b);
    if (c >= 0) {
        piece = there.board[c];
        pos_remove(&there, c);
        pos_put(&there, piece, a);
    }
    /* (no such position: the side not to move in check) */
    if (pos_attacked_by(&there, pos_king(&there, !there.side), there.side, pos_occupied(&there)))
        return FALSE;
    move_t m = MOVE_NONE;
    int cost = best_in(f, &there, t, 1, limit, &m);
    if (cost > limit || m == MOVE_NONE) return FALSE;
    bitboard near = BB(b) | (c >= 0 ? BB(a) : 0);
    return ((BB(move_from(m)) | BB(move_to(m))) & near) != 0;
}

/* The cheapest reading of step j's token among the moves of its position
 * (tab, built) that go to `to` other than the pawn's from `from`, or
 * MOVE_NONE. */
static move_t other_move_to(ArbFixer *f, const struct fix_step *sj, struct movetab *tab, int from,
                            int to)
{
    struct ptoken tmp;
    const struct ptoken *t = step_token(f, sj, &tmp);
    move_t best = MOVE_NONE;
    int low = COST_INF - 1;
    for (int i = 0; i < tab->count; i++) {
        move_t m = tab->m[i].move;
        if (move_to(m) != to || move_from(m) == from) continue;
        int c = fix_tab_cost(f, t, tab, i, low);
        if (c <= low) low = c, best = m;
    }
    return best;
}

/* Step d (as blocking_step() asks: read its token off by read) reads it a
 * unit or more more cheaply had the pawn an earlier step j moved (and
 * nothing since touched) stood elsewhere: a rank further or nearer ("Z5
 * Bc7 b" / "6 Fc5", 25...b5 read as b6 with the "6" of 26. as its rank,
 * and "bx*c4" nine moves on cannot be bxc4), or where it came from, a
 * piece's move read as the pawn's ("f5" for Bf5, and "exf7+" sixteen moves
 * on finds no pawn on f7), that piece where the pawn is if nothing has
 * moved it since ("f6" for Bf6, and the bishop's later moves from f6 read
 * poorly from e7). Then j, with *instead its move that puts the pawn
 * there (the other square) or the piece there (the cheapest reading of
 * j's token that moves to the pawn's square), else -1. */
static int pawn_off_step(ArbFixer *f, const struct fix_result *res, guint d, int read,
                         move_t *instead)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, d);
    const struct position *pos = &s->before;
    const struct ptoken *t = &f->tok[s->first_token];
    bitboard touched = 0, occ = pos_occupied(pos);
    for (int j = (int)d - 1; j >= 0 && j >= (int)d - PAWN_BACK_STEPS; j--) {
        const struct fix_step *sj = &g_array_index(res->steps, struct fix_step, j);
        move_t m = sj->move;
        if (m == MOVE_NONE || m == MOVE_NULL) continue;
        int from = move_from(m), to = move_to(m), side = sj->before.side;
        gboolean kept = !(touched & BB(to));
        touched |= BB(from) | BB(to);
        if (!kept || move_kind(m) == MOVE_PROMOTION || pos_moving_type(&sj->before, m) != PAWN ||
            pos->board[to] != make_piece(side, PAWN))
            continue;
        /* a rank further or nearer, from the same square (tab[2]: not
         * the slot reads_moved() reads in) */
        struct movetab *tab = &f->tab[2];
        fix_build_table(&sj->before, tab);
        for (int i = 0; i < tab->count; i++) {
            move_t other_move = tab->m[i].move;
            int other = move_to(other_move);
            if (move_from(other_move) == from && other != to && sq_file(other) == sq_file(to) &&
                move_kind(other_move) != MOVE_PROMOTION && !(occ & BB(other)) &&
                reads_moved(f, pos, to, other, -1, t, read - CONF_UNIT)) {
                *instead = other_move;
                return j;
            }
        }
        /* not moved: a piece went there, and stayed (or has moved on) */
        if (!sj->n_tokens || (occ & BB(from))) continue;
        move_t piece = other_move_to(f, sj, tab, from, to);
        if (piece == MOVE_NONE) continue;
        int x = move_from(piece);
        gboolean stayed = !(touched & BB(x)) && pos->board[x] == sj->before.board[x];
        if ((stayed && reads_moved(f, pos, to, from, x, t, read - CONF_UNIT)) ||
            reads_moved(f, pos, to, from, -1, t, read - CONF_UNIT)) {
            *instead = piece;
            return j;
        }
    }
    return -1;
}

/* Step d reads its token a plain edit or more off, where a bishop, rook or
 * queen could make the quiet move the token names for a unit less but for
 * a piece in its way ("Wg6" with a pawn on f6) or one of its own on the
 * square: the step that put that piece there, or -1. A misreading long
 * before may have led to it ("g5" for f5 read as Qg5, then f6 for "Hf6" to
 * free f7 for a rook), further back than the windows searched again for
 * doubtful steps reach. */
static int blocking_step(ArbFixer *f, const struct fix_result *res, guint d, int read)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, d);
    if (read < 0) return -1;
    const struct targets *g = fix_targets_of(f, s->first_token);
    const struct position *pos = &s->before;
    bitboard occ = pos->by_color[WHITE] | pos->by_color[BLACK], blockers = 0;
    bitboard own = pos->by_color[pos->side];
    for (int type = BISHOP; type <= QUEEN; type++)
        for (bitboard b = pos_pieces(pos, pos->side, type); b; b &= b - 1) {
            int from = lsb(b);
            /* squares it reaches on an empty board but not here, or holds
             * a piece of its own on */
            bitboard cut = attacks_of(type, from, 0) & ~(attacks_of(type, from, occ) & ~own);
            for (; cut; cut &= cut - 1) {
                int to = lsb(cut);
                if (g->quiet[type << 6 | to] <= read - CONF_UNIT)
                    blockers |= (between(type, from, to) | BB(to)) & occ;
            }
        }
    return blockers ? last_to(res, d, blockers) : -1;
}

static void forget_refixed(ArbFixer *f);

/* search_wide_from() from a little before step j with m played there
 * instead, a fixed point as a reviewer's decision would be (a pawn put a
 * rank off, or a piece's move read as a pawn's: the path that plays the
 * right move there fell out of the beam long before a later token could
 * settle it). */
static void search_with_move(ArbFixer *f, struct fix_result *res, guint j, move_t m)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, j);
    const struct fix_point *was = f->fixed;
    int n_was = f->n_fixed;
    struct fix_point *points = g_new0(struct fix_point, n_was + 1);
    if (n_was) memcpy(points, was, sizeof *points * (gsize)n_was);
    points[n_was] = fix_point_of(&s->before, m);
    fixer_set_fixed(f, points, n_was + 1);
    forget_refixed(f);
    search_wide_from(f, res, j, WIDE_BACK_STEPS);
    fixer_set_fixed(f, was, n_was);
    forget_refixed(f);
    g_free(points);
}

/* search_wide_from() with the margins of a derailed path (DERAILED_SCALE)
 * and width states in the wide beam. */
static void search_derailed_from(ArbFixer *f, struct fix_result *res, guint doubtful, guint back,
                                 int width)
{
    f->wide_width = width;
    f->margin_scale = DERAILED_SCALE;
    search_wide_from(f, res, doubtful, back);
    f->wide_width = WIDE_BEAM_WIDTH;
    f->margin_scale = 100;
}

/* Did step s drop a token, put in a move or fit poorly? (A right reading
 * may have fallen out of the narrow beam before it.) A token dropped for
 * less than DOUBTFUL_DROP is a misread move number or a token written
 * twice: most games have several, and counted they sent four games in
 * five through the searches again, for nearly a third of the time. */
static gboolean is_doubtful(const ArbFixer *f, const struct fix_step *s)
{
    if (is_blank_step(f, s->first_token, s->n_tokens, s->change)) return FALSE;
    return (s->change == FIX_DELETED && s->cost >= DOUBTFUL_DROP) || s->change == FIX_INSERTED ||
           s->cost - s->prior > f->costs[CONF_POOR_FIT];
}

/* The first doubtful step reading token from on or later, or the step
 * count; *count gets how many. */
static guint first_doubtful(const ArbFixer *f, const struct fix_result *res, int from, int *count)
{
    guint first = res->steps->len;
    *count = 0;
    for (guint i = 0; i < res->steps->len; i++) {
        const struct fix_step *s = &g_array_index(res->steps, struct fix_step, i);
        if (s->first_token >= from && is_doubtful(f, s)) first = MIN(first, i), (*count)++;
    }
    return first;
}

/* The first step reading token from or later that costs a unit or more
 * and begins DENSE_STEPS steps that cost DENSE_COST together (none of them
 * need be doubtful: a path that left the game played reads many tokens as
 * moves they barely resemble), or the step count. */
static guint first_dense(const struct fix_result *res, int from)
{
    const struct fix_step *s = (const struct fix_step *)res->steps->data;
    guint n = res->steps->len;
    for (guint i = 0; i < n; i++) {
        if (s[i].first_token < from || s[i].cost - s[i].prior < CONF_UNIT) continue;
        int sum = 0;
        for (guint j = i; j < n && j < i + DENSE_STEPS; j++)
            sum += s[j].cost - s[j].prior;
        if (sum >= DENSE_COST) return i;
    }
    return n;
}

/* Where a path that left the game played goes wrong, reading token from
 * on: its first doubtful step when it takes DERAILED_STEPS of them, else
 * the start of a dear stretch (first_dense()); the step count for none. */
static guint first_derailed(const ArbFixer *f, const struct fix_result *res, int from)
{
    int n_doubtful;
    guint first = first_doubtful(f, res, from, &n_doubtful);
    return n_doubtful < DERAILED_STEPS ? first_dense(res, from) : first;
}

/* The first step from which the path's plies and the move numbers written
 * disagree by the same shift for MISNUMBERED_RUN numbered steps in a row
 * (a move put in or merged where none was: every number after it is off),
 * or the step count; *agreed gets the last numbered step before it where
 * they agreed (the cause lies after it). */
static guint first_misnumbered(const ArbFixer *f, const struct fix_result *res, guint *agreed)
{
    const struct fix_step *s = (const struct fix_step *)res->steps->data;
    guint n = res->steps->len, start = n;
    int run = 0, shift = 0;
    *agreed = 0;
    for (guint i = 0; i < n; i++) {
        if (s[i].n_tokens < 1 || s[i].move == MOVE_NONE) continue;
        int hint = f->tok[s[i].first_token].hint_ply;
        if (hint < 0) continue;
        int d = ply_of(&s[i].before) - hint;
        if (d == 0 && !run) *agreed = i;
        if (d == 0 || d != shift) run = 0;
        shift = d;
        if (d && !run++) start = i;
        if (run >= MISNUMBERED_RUN) return start;
    }
    return n;
}

/* The game as written, when every token reads exactly as the next legal
 * move (marks and all, from its first reading) and no move number
 * disagrees: res is that path, and TRUE. The look-alike costs are for text
 * recognition damaged; text that shows no damage at all gives no cause to
 * doubt a legal move. (Searched, 4 of 1000 clean archive games lost a move
 * to a look-alike the prior liked better: "Ke6" read as Kc6 at the end.) */
static gboolean as_written(ArbFixer *f, const struct position *start, struct fix_result *res)
{
    if (!f->n_tok || f->n_fixed || f->n_inputs > 1) return FALSE;
    g_array_set_size(res->steps, 0);
    res->cost = 0;
    struct position pos = *start;
    move_t last = f->start_last, m;
    int offset = f->start_offset;
    for (int i = 0; i < f->n_tok; i++) {
        const struct ptoken *t = &f->tok[i];
        if (hint_cost(f, t, &pos) || !exact_move(f, &pos, t, &m)) return FALSE;
        struct move_forms mf = {.move = m};
        if (m != MOVE_NULL) fix_render_forms(f, &pos, m, &mf, NULL);
        /* (a mark alone may differ: "+" written for mate is no damage) */
        int c = m == MOVE_NULL ? 0 : fix_move_cost(f, t, &mf, 8 * CONF_UNIT);
        if (c >= EXACT_MAX && !marks_verified(f, &pos, t, m)) return FALSE;
        struct fix_step step = {.change = FIX_NONE,
                                .move = m,
                                .first_token = i,
                                .n_tokens = 1,
                                .cost = c,
                                .confidence = 1.0,
                                .rival_margin = FIX_NO_RIVAL,
                                .token_rival_margin = FIX_NO_RIVAL,
                                .before = pos,
                                .last = last,
                                .offset = offset};
        g_array_append_val(res->steps, step);
        res->cost += c;
        if (t->hint_ply >= 0) offset = ply_of(&pos) - t->hint_ply;
        pos_make_move(&pos, m);
        last = m;
    }
    return TRUE;
}

/* The search, searched again where it took doubtful steps, cut where
 * nothing legal fits any more. With from > 0, res holds a path whose
 * steps before from are kept: only the rest is searched, and searched
 * again where it took doubtful steps. */
static void search_all(ArbFixer *f, const struct position *start, struct fix_result *res,
                       guint from_step)
{
    int first_token = 0;
    f->searched = 0;
    long budget = (long)SEARCH_BUDGET * f->n_tok / 100;
    if (from_step) {
        first_token = g_array_index(res->steps, struct fix_step, from_step).first_token;
        search_again_from(f, res, from_step, 0, TRUE);
    } else {
        int best = search(f, start);
        collect_path(f, best, res);
        rival_margins(f, best, start, res);
    }
    if (f->once) {
        cut_garbage(f, res);
        return;
    }
    int n_doubtful;
    guint doubtful;
    /* where the path took doubtful steps: from the first, and past its
     * window from the first after that */
    for (int k = 0, past = first_token; k < WIDE_TRIES; k++) {
        doubtful = first_doubtful(f, res, past, &n_doubtful);
        if (doubtful >= res->steps->len) break;
        past = g_array_index(res->steps, struct fix_step, doubtful).first_token + WIDE_TOKENS;
        if (f->searched > budget) break;
        search_wide_from(f, res, doubtful, WIDE_BACK_STEPS);
    }
    /* a path that still takes several doubtful steps, or a dear stretch:
     * searched again where they begin, and past that window where more
     * are still ahead; not in a tail searched again (fixer_run_again),
     * which differs from a path searched so by a fixed point's move (on
     * the tuning sets the same moves without, in less time) */
    int from = first_token;
    for (int k = 0; k < (from_step ? 0 : DERAILED_TRIES); k++) {
        doubtful = first_derailed(f, res, from);
        if (doubtful >= res->steps->len || f->searched > budget) break;
        from = g_array_index(res->steps, struct fix_step, doubtful).first_token + WIDE_TOKENS;
        search_derailed_from(f, res, doubtful, WIDE_BACK_STEPS, DERAILED_WIDTH);
    }
    /* a path whose plies and the written numbers part for good */
    guint agreed;
    doubtful = first_misnumbered(f, res, &agreed);
    if (doubtful < res->steps->len && doubtful >= from_step) {
        guint back = doubtful - agreed + MISNUMBERED_BACK;
        search_derailed_from(f, res, doubtful, back, DERAILED_WIDTH);
    }
    /* a line that a reading blocked: searched again from a little before
     * that reading, with the margins of a derailed path (beside a reading
     * as written, a rival a plain edit off too) and the wide beam's width.
     * A blocker the path's own reading put just before stays, unless that
     * reading was a correction: most such are moves played (not in a tail
     * searched again, as above) */
    for (guint d = 0, tries = 0, pawn_tries = 0;
         !from_step && d < res->steps->len && (tries < BLOCKED_TRIES || pawn_tries < PAWN_TRIES) &&
         f->searched <= budget;
         d++) {
        int read = dear_read(f, res, d);
        int j = tries < BLOCKED_TRIES ? blocking_step(f, res, d, read) : -1;
        if (j >= 0 && (d - (guint)j > WIDE_BACK_STEPS ||
                       g_array_index(res->steps, struct fix_step, j).change != FIX_NONE)) {
            tries++;
            search_derailed_from(f, res, (guint)j, WIDE_BACK_STEPS, WIDE_BEAM_WIDTH);
            /* (the path may be another now) */
            read = d < res->steps->len ? dear_read(f, res, d) : -1;
        }
        /* a pawn that stood elsewhere, searched again with the move that
         * puts it (or a piece) there fixed */
        if (pawn_tries >= PAWN_TRIES) read = -1;
        move_t instead = MOVE_NONE;
        int k = read >= 0 ? pawn_off_step(f, res, d, read, &instead) : -1;
        if (k >= 0) {
            pawn_tries++;
            search_with_move(f, res, (guint)k, instead);
        }
    }
    /* a path still derailed after all that: its cause may lie further
     * back than the windows searched again reach (a bishop's move read as
     * a pawn's, "d6" for Bd6, leaves the bishop where a capture twenty
     * moves on cannot find it): searched once more, from FAR_BACK_STEPS
     * before where it goes wrong. Last, so that it spends none of the
     * budget the searches before it need, and past it: it is one search.
     * (Not on sheets, fixer_set_slips(): there it took a quarter more
     * time, and the two sheets of a game agreed on no more plies) */
    if (!from_step && !f->slips) {
        doubtful = first_derailed(f, res, first_token);
        if (doubtful < res->steps->len)
            search_derailed_from(f, res, doubtful, FAR_BACK_STEPS, DERAILED_WIDTH);
    }
    cut_garbage(f, res);
}

void fixer_prepare(ArbFixer *f, const struct fix_token *tokens, int n)
{
    fix_prepare_tokens(f, tokens, n);
}

/* The fixed point at ply in points[0..n), or NULL. */
static const struct fix_point *point_at(const struct fix_point *points, int n, int ply)
{
    for (int k = 0; k < n; k++)
        if (points[k].ply == ply) return &points[k];
    return NULL;
}

static gboolean same_point(const struct fix_point *a, const struct fix_point *b)
{
    return a == b || (a && b && !strcmp(a->uci, b->uci));
}

/* Forgets the expansions of the plies whose fixed point came, went or
 * changed since they were recorded: only there does a fixed point change
 * what expand() pushes (it pushes the fixed move however dear; what a move
 * elsewhere pays for missing one, push_state adds again on replay). */
static void forget_refixed(ArbFixer *f)
{
    const struct fix_point *was = (const struct fix_point *)f->recorded_fixed->data;
    int n_was = (int)f->recorded_fixed->len;
    for (guint k = 0; k < f->expansions->len; k++) {
        struct expansion *e = &g_array_index(f->expansions, struct expansion, k);
        int ply = ply_of(&e->pos);
        if (e->token >= 0 &&
            !same_point(point_at(was, n_was, ply), point_at(f->fixed, f->n_fixed, ply)))
            e->token = -1; /* matches no token: found no more */
    }
    g_array_set_size(f->recorded_fixed, 0);
    g_array_append_vals(f->recorded_fixed, f->fixed, (guint)f->n_fixed);
}

static void annotate_all(ArbFixer *f, struct fix_result *res)
{
    res->changed = FALSE;
    for (guint k = 0; k < res->steps->len; k++) {
        annotate_step(f, res->steps, k);
        res->changed |= g_array_index(res->steps, struct fix_step, k).change != FIX_NONE;
    }
}

static void run(ArbFixer *f, const struct position *start, struct fix_result *res);

long fixer_tokens_searched(const ArbFixer *f)
{
    return f->searched_all;
}

int fixer_n_tokens(const ArbFixer *f)
{
    return f->n_tok;
}

void fixer_run_again(ArbFixer *f, const struct position *start, const struct fix_result *last,
                     guint from, struct fix_result *res)
{
    forget_refixed(f);
    g_array_set_size(res->steps, 0);
    res->unresolved = FALSE;
    res->cut_token = f->n_tok;
    if (!from || from >= last->steps->len) {
        run(f, start, res);
        return;
    }
    g_array_append_vals(res->steps, last->steps->data, last->steps->len);
    search_all(f, start, res, from);
    annotate_all(f, res);
}

void fixer_run(ArbFixer *f, const struct position *start, const struct fix_token *tokens, int n,
               struct fix_result *res)
{
    fix_prepare_tokens(f, tokens, n);
    run(f, start, res);
}

static void run(ArbFixer *f, const struct position *start, struct fix_result *res)
{
    res->unresolved = FALSE;
    res->cut_token = f->n_tok;
    if (!as_written(f, start, res)) search_all(f, start, res, 0);
    annotate_all(f, res);
}
