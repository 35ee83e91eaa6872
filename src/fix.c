/* The fixer (fix.h): its tables, a game's search run whole (src/fix_beam.c's
 * beam, searched again where the path took doubtful edits, cut where
 * nothing legal fits any more), and each move's confidence and the next-best
 * alternatives. */
#include "fix_private.h"

double fix_cost_value(int cost)
{
    return (double)cost / CONF_UNIT;
}

const char *fix_change_name(int change)
{
    static const char *const names[] = {"none",    "corrected", "inserted",
                                        "deleted", "merged",    "split"};
    return change >= 0 && change < (int)G_N_ELEMENTS(names) ? names[change] : "?";
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
    /* (P: "PxP"; '/' and t: descriptive's "R/QB1-B6", "Kt-B3") */
    for (const char *p = "abcdefgh12345678x-=+#OP/t"; *p; p++)
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

/* The buffers a game's search fills, which grow with the longest game the
 * fixer read (a token's readings alone take 20 kB): fixer_trim() gives
 * them back. */
static void new_game_buffers(ArbFixer *f)
{
    f->arena = g_array_sized_new(FALSE, FALSE, sizeof(struct state), 1024);
    f->arena_map = g_array_new(FALSE, FALSE, sizeof(guint32));
    f->expansions = g_array_new(FALSE, FALSE, sizeof(struct expansion));
    f->n_slots = 4096;
    f->expansion_slot = g_new0(guint32, f->n_slots);
    f->records = g_array_new(FALSE, FALSE, sizeof(struct push_record));
    f->prune_keys = g_array_new(FALSE, FALSE, sizeof(guint64));
    f->on_best = g_array_new(FALSE, FALSE, sizeof(gboolean));
    f->merges = g_array_new(FALSE, FALSE, sizeof(struct merge));
    f->tab = g_new(struct movetab, 5);
    f->dist = g_new0(struct dist_entry, DIST_CACHE);
    f->spell = g_new0(struct spell_entry, SPELL_CACHE);
}

static void free_game_buffers(ArbFixer *f)
{
    g_array_free(f->arena, TRUE);
    g_array_free(f->arena_map, TRUE);
    g_array_free(f->expansions, TRUE);
    g_free(f->expansion_slot);
    g_array_free(f->records, TRUE);
    g_array_free(f->prune_keys, TRUE);
    g_array_free(f->on_best, TRUE);
    g_array_free(f->merges, TRUE);
    g_free(f->tab);
    g_free(f->dist);
    g_free(f->spell);
    g_clear_pointer(&f->tok, g_free);
    g_clear_pointer(&f->targets, g_free);
    g_clear_pointer(&f->targets_filled, g_free);
    f->tok_cap = f->n_tok = 0;
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
    new_game_buffers(f);
    f->compact_min = COMPACT_MIN;
    f->cuts_until = G_MAXLONG;
    f->records_max = RECORDS_MAX;
    for (int i = 0; i < RINGS; i++)
        f->ring[i] = g_array_sized_new(FALSE, FALSE, sizeof(int), 64);
    f->readings = g_array_new(FALSE, FALSE, sizeof(struct norm_reading));
    f->recorded_fixed = g_array_new(FALSE, FALSE, sizeof(struct fix_point));
    f->best_moves = g_array_new(FALSE, FALSE, sizeof(guint32));
    return f;
}

void fixer_free(ArbFixer *f)
{
    if (!f) return;
    free_game_buffers(f);
    for (int i = 0; i < RINGS; i++)
        g_array_free(f->ring[i], TRUE);
    g_array_free(f->recorded_fixed, TRUE);
    g_array_free(f->best_moves, TRUE);
    g_array_free(f->readings, TRUE);
    g_free(f);
}

void fixer_trim(ArbFixer *f)
{
    free_game_buffers(f);
    new_game_buffers(f);
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

struct fix_point fix_point_of(const struct position *pos, move_t m)
{
    struct fix_point p = {.ply = ply_of(pos)};
    p.uci[uci_write(pos, m, p.uci)] = 0;
    return p;
}

/* ---- confidence and alternatives ------------------------------------------------- */

/* The token a step reads, as one token. */
static const struct ptoken *step_token(ArbFixer *f, const struct fix_step *s, struct ptoken *tmp)
{
    const struct ptoken *t = &f->tok[s->first_token];
    if (s->n_tokens < 2) return t;
    fix_join_run(f, s->first_token, s->n_tokens, tmp);
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
    int later = fix_best_in(f, &p2, &f->tok[next->first_token], 1, 8 * CONF_UNIT, &later_move);
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
        s->read_share = 1.0;
        s->confidence =
            doubted ? margin_confidence(s->token_rival_margin, f->costs[CONF_TEMPERATURE]) : 1.0;
        return;
    }
    s->read_share = s->confidence;
    if (s->move != MOVE_NONE && s->rival_margin != FIX_NO_RIVAL)
        s->confidence *= margin_confidence(s->rival_margin, f->costs[CONF_TEMPERATURE]);
}

int fix_step_margin(const struct fix_step *s)
{
    if (s->move == MOVE_NONE) return FIX_NO_RIVAL;
    if (s->change == FIX_NONE) return s->confidence < 1.0 ? s->token_rival_margin : FIX_NO_RIVAL;
    return s->rival_margin;
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
    fix_build_table(&s->before, &f->tab[0]); /* fix_best_in uses tab[1]: tab[0] stays */
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

/* Step s's token read greedily in pos, where s plays a move read from one
 * token (as written or corrected): what its cheapest move there costs
 * (*next), 8 units where none costs less; -1 where s is no such step. */
static int greedy_read(ArbFixer *f, const struct fix_step *s, const struct position *pos,
                       move_t *next)
{
    if (s->n_tokens != 1 || (s->change != FIX_NONE && s->change != FIX_CORRECTED)) return -1;
    *next = MOVE_NONE;
    int c = fix_best_in(f, pos, &f->tok[s->first_token], 1, 8 * CONF_UNIT, next);
    return *next == MOVE_NONE ? 8 * CONF_UNIT : MIN(c, 8 * CONF_UNIT);
}

int fixer_greedy_after(ArbFixer *f, const struct fix_result *res, guint k, move_t m, int n)
{
    const struct fix_step *steps = (const struct fix_step *)res->steps->data;
    struct position pos = steps[k].before;
    pos_make_move(&pos, m);
    int sum = 0;
    for (guint j = k + 1; j < res->steps->len && n > 0; j++) {
        if (steps[j].move == MOVE_NONE) continue; /* a token dropped either way */
        move_t next;
        int c = greedy_read(f, &steps[j], &pos, &next);
        if (c < 0) break;
        if (c >= 8 * CONF_UNIT) return sum + 8 * CONF_UNIT;
        sum += c;
        pos_make_move(&pos, next);
        n--;
    }
    return sum;
}

double fixer_reply_log_prob(ArbFixer *f, const struct fix_result *res, guint k, move_t m)
{
    const struct fix_step *steps = (const struct fix_step *)res->steps->data;
    if (!f->prior || k + 1 >= res->steps->len || steps[k + 1].move == MOVE_NONE) return 1;
    struct position pos = steps[k].before;
    pos_make_move(&pos, m);
    move_t reply;
    int c = greedy_read(f, &steps[k + 1], &pos, &reply);
    if (c < 0 || c >= 8 * CONF_UNIT) return 1;
    double lp;
    prior_log_probs(f->prior, &pos, m, &reply, 1, &lp);
    return lp;
}

/* The characters a step read (an inserted move read none). */
static int step_chars(const ArbFixer *f, const struct fix_step *s)
{
    int chars = 0;
    for (int t = s->first_token; t < s->first_token + s->n_tokens && t < f->n_tok; t++)
        chars += (int)g_utf8_strlen(f->tok[t].text, (gssize)f->tok[t].len);
    return chars;
}

/* Where the path reads dearly a character from some step on: where a tail
 * of GARBAGE_RATE_CHARS characters read or more costs more than the
 * garbage-rate a character, the step from which the tail's cost is most
 * above that rate (where the garbage begins, past any steps that read well
 * before it); -1 for none. Noise at 10% reads at two thirds of that rate
 * at most (over 30 steps of the tuning sets), random move-like tokens and
 * prose read as moves at more. */
static int dense_from(const ArbFixer *f, const struct fix_result *res)
{
    int n = (int)res->steps->len, rate = f->costs[CONF_GARBAGE_RATE], chars = 0, from = -1;
    long above = 0, most = 0;
    gboolean dense = FALSE;
    for (int k = n - 1; k >= 0; k--) {
        const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
        int read = step_chars(f, s);
        chars += read;
        above += (s->cost - s->prior) - (long)rate * read;
        dense |= chars >= GARBAGE_RATE_CHARS && above > 0;
        if (above > most) {
            most = above;
            from = k;
        }
    }
    return dense ? from : -1;
}

/* Cuts the game where nothing legal fits any more: where, from some step
 * on, most steps (and at least GARBAGE_MIN_POOR) are poor fits, or where
 * its tail reads dearly a character (dense_from()). A token dropped for
 * less than a spurious one costs (a move written twice, a misread move
 * number) is no poor fit. */
static void cut_garbage(ArbFixer *f, struct fix_result *res)
{
    int n = (int)res->steps->len, poor_after = 0, cut = dense_from(f, res);
    for (int k = n - 1; k >= 0; k--) {
        const struct fix_step *s = &g_array_index(res->steps, struct fix_step, k);
        gboolean poor = (s->change == FIX_DELETED && s->cost >= f->costs[CONF_SKIP_TOKEN]) ||
                        s->cost - s->prior > f->costs[CONF_POOR_FIT];
        poor_after += poor;
        if (poor && poor_after >= GARBAGE_MIN_POOR && 2 * poor_after > n - k &&
            (cut < 0 || k < cut))
            cut = k;
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

/* res when the search gave up (fix_search()'s limit): no path within it,
 * so none. */
static void no_path(struct fix_result *res)
{
    g_array_set_size(res->steps, 0);
    res->cost = COST_INF;
    res->unresolved = TRUE;
}

/* Searches the path of res again from step from to the end, with the
 * wide beam before token wide_until (0: none), and puts the new tail in
 * place of the old one always, or only when the whole path gets cheaper;
 * with a limit (else COST_INF), gives up once every path it holds costs
 * more than that in all (res: no_path()). */
static void search_again_from(ArbFixer *f, struct fix_result *res, guint from, int wide_until,
                              gboolean always, int limit)
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
    int best = fix_search(f, &before, limit >= COST_INF ? COST_INF : limit - prefix);
    if (best >= 0) {
        fix_collect_path(f, best, &tail);
        rival_margins(f, best, &before, &tail);
    }
    f->from_token = f->wide_until = 0;
    f->start_last = MOVE_NONE;
    f->start_offset = 0;
    if (best < 0) {
        if (always) no_path(res);
    } else if (always || prefix + tail.cost < res->cost) {
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
    search_again_from(f, res, doubtful > back ? doubtful - back : 0,
                      g_array_index(res->steps, struct fix_step, doubtful).first_token +
                          WIDE_TOKENS,
                      FALSE, COST_INF);
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

/* Does pos, with the piece on square a moved to b (taking what stands
 * there) and, when c >= 0, the one on c moved to a, read token t within
 * limit by a move from or to b (or a, when c >= 0)? */
static gboolean reads_moved(ArbFixer *f, const struct position *pos, int a, int b, int c,
                            const struct ptoken *t, int limit)
{
    struct position there = *pos;
    int piece = there.board[a];
    if (there.board[b] != NO_PIECE) pos_remove(&there, b); /* (the other side's: taken) */
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
    int cost = fix_best_in(f, &there, t, 1, limit, &m);
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

/* The piece and the squares a reading of t as written in pos says it moves
 * from: long algebraic "Ba6-d3" a bishop on a6; a pawn's capture as
 * written, its rank misread or not, from where it takes one of the other
 * side's pieces on that file ("h:gs" for Black, a white piece on g5: a pawn
 * on h6); else 0. */
static bitboard written_from(const ArbFixer *f, const struct ptoken *t, const struct position *pos,
                             int *type)
{
    for (int k = t->has_plain ? -1 : 0; k < t->n_exact; k++) {
        const struct san *san =
            k < 0 ? &t->plain
                  : &g_array_index(f->readings, struct norm_reading, t->first_exact + k).san;
        if (san->piece >= KNIGHT && san->piece <= KING && !san->castle && !san->relative &&
            san->from_file >= 0 && san->from_rank >= 0) {
            *type = san->piece;
            return BB(san->from_rank * 8 + san->from_file);
        }
    }
    const struct pcand *c = &t->c[0];
    if (t->n < 1 || c->len < 3 || c->len > 5 || c->ch[0] < 'a' || c->ch[0] > 'h' ||
        !fix_is_capture_mark(c->ch[1]) || (c->ch[2] != c->ch[0] - 1 && c->ch[2] != c->ch[0] + 1))
        return 0;
    *type = PAWN;
    int file = (int)(c->ch[0] - 'a'), to_file = (int)(c->ch[2] - 'a');
    /* the other side's pieces on the file it takes on (its rank misread) */
    bitboard targets = FILE_BB(to_file) & pos->by_color[!pos->side];
    if (c->len >= 4 && c->ch[3] >= '1' && c->ch[3] <= '8')
        targets &= RANK_1_BB << 8 * (c->ch[3] - '1');
    bitboard from = 0;
    for (; targets; targets &= targets - 1) {
        int rank = sq_rank(lsb(targets)) + (pos->side == WHITE ? -1 : 1);
        if (rank >= 1 && rank <= 6) from |= BB(rank * 8 + file);
    }
    return from;
}

/* The square a reading of t as written in pos takes on ("xh4", "Bxh4+",
 * "B:h4"), where the other side has nothing, else 0. */
static bitboard written_capture(const struct ptoken *t, const struct position *pos)
{
    const struct pcand *c = &t->c[0];
    int n = t->n < 1 ? 0 : c->len;
    while (n > 0 && (c->ch[n - 1] == '+' || c->ch[n - 1] == '#'))
        n--;
    if (n < 3 || !san_is_file((int)c->ch[n - 2]) || !san_is_rank((int)c->ch[n - 1]) ||
        !fix_is_capture_mark(c->ch[n - 3]))
        return 0;
    int sq = (int)(c->ch[n - 1] - '1') * 8 + (int)(c->ch[n - 2] - 'a');
    return pos->board[sq] == NO_PIECE ? BB(sq) : 0;
}

/* Does the last move number written at step d or the few steps before it
 * name its ply, or one or two off (none written: TRUE)? Past a game's end,
 * where the next game's moves read as its own, they do not. */
static gboolean numbered_near(const ArbFixer *f, const struct fix_result *res, guint d)
{
    for (int i = (int)d; i >= 0 && i >= (int)d - NUMBERED_NEAR_STEPS; i--) {
        const struct fix_step *s = &g_array_index(res->steps, struct fix_step, i);
        int hint = s->n_tokens ? f->tok[s->first_token].hint_ply : -1;
        if (hint >= 0) return abs(ply_of(&s->before) - hint) <= 2;
    }
    return TRUE;
}

/* Step d reads its token a unit or more off, or drops it, where the token
 * names the square its piece moves from ("Ba6-d3#", or a pawn's capture)
 * and the path has no such piece there: the steps j of the last
 * PAWN_BACK_STEPS whose side could have moved one there from a square
 * where it still stands, nothing on either square moved since, and after
 * which the token reads a unit or more more cheaply from there. The
 * PIECE_TRIES of them whose own token reads that move for least more than
 * the path paid for it, cheapest first, in steps[] with the moves in
 * instead[]; returns how many. ("38. Bd3xa6" damaged to "a3 ×6" reads as
 * the pawn's a3, the bishop's capture from the two tokens much dearer; five
 * moves on, "Ba6-d3" finds the bishop still on d3. "h6" misread "b" and
 * read with the move number after it as b4: "h:gs" three moves on finds no
 * pawn to take on g5.) Or, a unit a third of that, where the token takes
 * on a square the other side has nothing on, the steps that could have put
 * one of its pieces there ("55... xh4" after "55. b4" read as written, 55.
 * Bh4 played). */
static int piece_off_step(ArbFixer *f, const struct fix_result *res, guint d, int *steps,
                          move_t *instead)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, d);
    const struct position *pos = &s->before;
    const struct ptoken *t = &f->tok[s->first_token];
    int type, read = s->cost - s->prior;
    if (s->n_tokens != 1 || t->inputs > 1 || read < CONF_UNIT || !numbered_near(f, res, d))
        return 0;
    bitboard from = written_from(f, t, pos, &type);
    int side = pos->side;
    if (from && (from & pos_pieces(pos, side, type))) return 0;
    int gain = CONF_UNIT;
    if (!from) { /* or a capture where the other side has nothing */
        from = written_capture(t, pos);
        side = !pos->side, type = NO_TYPE, gain = CONF_UNIT / 3;
    }
    if (!from) return 0;
    int n = 0, low[PIECE_TRIES];
    bitboard touched = 0; /* by the moves after step j */
    for (int j = (int)d - 1; j >= 0 && j >= (int)d - PAWN_BACK_STEPS; j--) {
        const struct fix_step *sj = &g_array_index(res->steps, struct fix_step, j);
        move_t m = sj->move;
        if (m == MOVE_NONE || m == MOVE_NULL) continue;
        bitboard after = touched;
        touched |= BB(move_from(m)) | BB(move_to(m));
        if (!(from & ~after)) break; /* the squares have seen moves since */
        if (sj->before.side != side || !sj->n_tokens) continue;
        struct movetab *tab = &f->tab[2];
        fix_build_table(&sj->before, tab);
        struct ptoken tmp;
        const struct ptoken *tj = step_token(f, sj, &tmp);
        for (int i = 0; i < tab->count; i++) {
            move_t other = tab->m[i].move;
            int a = move_from(other), sq = move_to(other);
            if (!(from & ~after & BB(sq)) || other == m ||
                (type != NO_TYPE && pos_moving_type(&sj->before, other) != type) ||
                move_kind(other) != MOVE_NORMAL || (after & BB(a)) ||
                pos->board[a] != sj->before.board[a] || piece_color(pos->board[sq]) == side)
                continue;
            /* what the token costs read so, past what the path paid */
            int paid = sj->cost - sj->prior;
            int bound = n < PIECE_TRIES ? COST_INF / 2 : low[n - 1];
            int c = fix_tab_cost(f, tj, tab, i, bound + paid) - paid;
            if (c >= bound || !reads_moved(f, pos, a, sq, -1, t, read - gain)) continue;
            int k = MIN(n, PIECE_TRIES - 1);
            for (; k > 0 && low[k - 1] > c; k--)
                low[k] = low[k - 1], steps[k] = steps[k - 1], instead[k] = instead[k - 1];
            low[k] = c, steps[k] = j, instead[k] = other;
            n = MIN(n + 1, PIECE_TRIES);
        }
    }
    return n;
}

/* Step d reads its token a unit or more off (read) where a piece of its
 * side that an earlier step j moved, and that still stands where it went,
 * could make the move the token names had j moved it to another square (41.
 * "♖a2" read as written, Rb2 played: "♖:b3" eleven moves on finds no rook
 * to take on b3): j, with *instead that move, else -1; of several, the one
 * whose own token reads it most cheaply. */
static int piece_moved_off_step(ArbFixer *f, const struct fix_result *res, guint d, int read,
                                move_t *instead)
{
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, d);
    if (read < 0) return -1;
    const struct position *pos = &s->before;
    const struct ptoken *t = &f->tok[s->first_token];
    const guint16 *quiet = fix_targets_of(f, s->first_token)->quiet;
    int limit = read - CONF_UNIT, found = -1, low = COST_INF - 1;
    bitboard occ = pos_occupied(pos), touched = 0; /* by the moves after step j */
    for (int j = (int)d - 1; j >= 0 && j >= (int)d - PAWN_BACK_STEPS; j--) {
        const struct fix_step *sj = &g_array_index(res->steps, struct fix_step, j);
        move_t m = sj->move;
        if (m == MOVE_NONE || m == MOVE_NULL) continue;
        bitboard after = touched;
        touched |= BB(move_from(m)) | BB(move_to(m));
        if (sj->before.side != pos->side || !sj->n_tokens || move_kind(m) != MOVE_NORMAL) continue;
        int a = move_from(m), x = move_to(m), type = pos_moving_type(&sj->before, m);
        if (type == PAWN || (after & BB(x)) || pos->board[x] != sj->before.board[a]) continue;
        /* the squares the token reads a move of this piece to about as
         * cheaply (a capture's mark aside) */
        bitboard wanted = 0;
        for (int sq = 0; sq < 64; sq++)
            if (quiet[type << 6 | sq] <= limit + CONF_UNIT / 2) wanted |= BB(sq);
        if (!wanted) continue;
        struct movetab *tab = &f->tab[2];
        fix_build_table(&sj->before, tab);
        struct ptoken tmp;
        const struct ptoken *tj = step_token(f, sj, &tmp);
        for (int i = 0; i < tab->count; i++) {
            move_t other = tab->m[i].move;
            int y = move_to(other);
            if (move_from(other) != a || y == x || move_kind(other) != MOVE_NORMAL ||
                (after & BB(y)) || piece_color(pos->board[y]) == pos->side ||
                !(attacks_of(type, y, (occ & ~BB(x)) | BB(y)) & wanted))
                continue;
            int c = fix_tab_cost(f, tj, tab, i, low);
            if (c > low || !reads_moved(f, pos, x, y, -1, t, limit)) continue;
            low = c, found = j, *instead = other;
        }
    }
    return found;
}

/* Step d reads its token a plain edit or more off, where a bishop, rook or
 * queen could make the move the token names for a unit less but for a
 * piece in its way ("Wg6" with a pawn on f6) or one of its own on the
 * square: the step that put that piece there, or -1. A misreading long
 * before may have led to it ("g5" for f5 read as Qg5, then f6 for "Hf6" to
 * free f7 for a rook; "e6" for d6, and "Axf5" eleven moves on cannot be
 * Bxf5), further back than the windows searched again for doubtful steps
 * reach. A piece of the other side's on the square is none in the way: the
 * move takes it (counted as one, it sent the search back to the step that
 * put it there, often the one just before, and not to the blocker's). */
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
                    blockers |= (between(type, from, to) | (BB(to) & own)) & occ;
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
    f->keep_history = TRUE;
    search_wide_from(f, res, j, WIDE_BACK_STEPS);
    f->keep_history = FALSE;
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
    if (fix_is_blank_step(f, s->first_token, s->n_tokens, s->change)) return FALSE;
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
        guint j = i;
        for (; j < n && j < i + DENSE_STEPS; j++)
            sum += s[j].cost - s[j].prior;
        /* near the game's end, the steps left at the same rate */
        if (sum >= DENSE_COST * (int)(j - i) / DENSE_STEPS && j - i >= DENSE_STEPS / 2) return i;
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
        if (fix_hint_cost(f, t, &pos) || !fix_exact_move(f, &pos, t, &m)) return FALSE;
        struct move_forms mf = {.move = m};
        if (m != MOVE_NULL) fix_render_forms(f, &pos, m, &mf, NULL);
        /* (a mark alone may differ: "+" written for mate is no damage) */
        int c = m == MOVE_NULL ? 0 : fix_move_cost(f, t, &mf, 8 * CONF_UNIT);
        if (c >= EXACT_MAX && !fix_marks_verified(f, &pos, t, m)) return FALSE;
        struct fix_step step = {.change = FIX_NONE,
                                .move = m,
                                .first_token = i,
                                .n_tokens = 1,
                                .cost = c,
                                .confidence = 1.0,
                                .read_share = 1.0,
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
                       guint from_step, int limit)
{
    int first_token = 0;
    f->searched = 0;
    long budget = (long)SEARCH_BUDGET * f->n_tok / 100;
    f->cuts_until = f->cuts_read + (long)CUTS_BUDGET * f->n_tok;
    /* (the first search only: limit is the whole path's) */
    if (from_step) {
        first_token = g_array_index(res->steps, struct fix_step, from_step).first_token;
        search_again_from(f, res, from_step, 0, TRUE, limit);
    } else {
        int best = fix_search(f, start, limit);
        if (best < 0) {
            no_path(res);
        } else {
            fix_collect_path(f, best, res);
            rival_margins(f, best, start, res);
        }
    }
    if (res->cost >= COST_INF) return; /* (the first search gave up) */
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
    for (guint d = 0, tries = 0, pawn_tries = 0, moved_tries = 0;
         !from_step && d < res->steps->len &&
         (tries < BLOCKED_TRIES || pawn_tries < PAWN_TRIES || moved_tries < PIECE_TRIES) &&
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
        move_t instead = MOVE_NONE;
        int k =
            read >= 0 && pawn_tries < PAWN_TRIES ? pawn_off_step(f, res, d, read, &instead) : -1;
        if (k >= 0) {
            pawn_tries++;
            search_with_move(f, res, (guint)k, instead);
            continue;
        }
        /* a piece that went elsewhere, the same */
        if (moved_tries >= PIECE_TRIES || read < 0) continue;
        k = piece_moved_off_step(f, res, d, read, &instead);
        if (k >= 0) {
            moved_tries++;
            search_with_move(f, res, (guint)k, instead);
        }
    }
    /* a piece that stood where a token says it moves from, the same;
     * past the budget too, up to twice it: such tokens are few, and the
     * searches of a path gone wrong long before one spend the budget */
    for (guint d = 0, tries = 0;
         !from_step && d < res->steps->len && tries < PIECE_TRIES && f->searched <= 2 * budget;
         d++) {
        move_t instead[PIECE_TRIES];
        int steps[PIECE_TRIES];
        /* (the second only where the first changed nothing: its step may
         * be another's now) */
        int was = res->cost;
        for (int n = piece_off_step(f, res, d, steps, instead), k = 0;
             k < n && tries < PIECE_TRIES && res->cost == was; k++, tries++)
            search_with_move(f, res, (guint)steps[k], instead[k]);
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

static void run(ArbFixer *f, const struct position *start, struct fix_result *res, int limit);

long fixer_tokens_searched(const ArbFixer *f)
{
    return f->searched_all;
}

int fixer_n_tokens(const ArbFixer *f)
{
    return f->n_tok;
}

/* The first token no step of res reads. */
static int path_end(const struct fix_result *res)
{
    if (!res->steps->len) return 0;
    const struct fix_step *s = &g_array_index(res->steps, struct fix_step, res->steps->len - 1);
    return s->first_token + s->n_tokens;
}

/* A path not cut that ends before the tokens do: cut there, the rest
 * unread, where the search found it hopeless (fix_search()), or where
 * they end of more tokens given (FIX_GAME_TOKENS_MAX, too_long). */
static void cut_unread(const ArbFixer *f, struct fix_result *res)
{
    res->too_long = FALSE;
    if (res->unresolved || res->cost >= COST_INF) return;
    int end = path_end(res);
    if (end >= f->n_tok && !f->tokens_left) return;
    res->unresolved = TRUE;
    res->too_long = end >= f->n_tok;
    res->cut_token = MIN(end, f->n_tok);
}

void fixer_run_again(ArbFixer *f, const struct position *start, const struct fix_result *last,
                     guint from, int limit, struct fix_result *res)
{
    forget_refixed(f);
    g_array_set_size(res->steps, 0);
    res->unresolved = FALSE;
    res->cut_token = f->n_tok;
    if (!from || from >= last->steps->len) {
        run(f, start, res, limit);
        return;
    }
    g_array_append_vals(res->steps, last->steps->data, last->steps->len);
    search_all(f, start, res, from, limit);
    cut_unread(f, res);
    if (res->cost < COST_INF) annotate_all(f, res);
}

void fixer_run(ArbFixer *f, const struct position *start, const struct fix_token *tokens, int n,
               struct fix_result *res)
{
    fix_prepare_tokens(f, tokens, n);
    run(f, start, res, COST_INF);
}

void fixer_run_within(ArbFixer *f, const struct position *start, const struct fix_token *tokens,
                      int n, int limit, struct fix_result *res)
{
    fix_prepare_tokens(f, tokens, n);
    run(f, start, res, limit);
}

static void run(ArbFixer *f, const struct position *start, struct fix_result *res, int limit)
{
    res->unresolved = FALSE;
    res->cut_token = f->n_tok;
    if (!as_written(f, start, res)) search_all(f, start, res, 0, limit);
    cut_unread(f, res);
    if (res->cost < COST_INF) annotate_all(f, res);
}
