/* eval-pairs: how often the built-in search (core/search.c), which judges
 * the near-tied readings of a doubtful move in `arbiter fix`, scores the
 * move a player chose above a look-alike, and a fit of its weights to do
 * so more often.
 *
 *   eval-pairs [--depth D] [--every N] [--set WEIGHT=V]... [--fit ROUNDS]
 *              [--dump FILE] TRAIN [VALID]
 *   eval-pairs [--depth D] --list FILE
 *
 * TRAIN and VALID hold one game a line, its moves in UCI from the start
 * position (`arbiter convert --to uci`, tags and numbers stripped). From
 * ply 16 on (where the judge starts), every Nth position gives its pairs:
 * the move played and each legal move whose SAN, marks aside, is one edit
 * from its own (a character changed, dropped or added: "Rfe1" and "Rae1",
 * "Qd7" and "Qc7", "Nd2" and "Nbd2"), the readings OCR noise leaves tied.
 * A pair is won when the move played scores higher at depth D (default 2,
 * the judge's), half won when both score alike; the loss is the mean of
 * logistic((other - played) / 50), a share of pairs lost that a score
 * barely apart counts in part (the judge's cost stops at a pawn or two, so
 * a pair lost by a rook counts no more than one lost by half a pawn). --fit walks the weights one
 * at a time (each up and down by its step, halving the steps when a round gains nothing) to lower
 * the training loss, and prints the weights it ends with, and both sets' figures before and after.
 * --set changes one weight first (the names --fit prints). --dump writes TRAIN's pairs as
 * "FEN<TAB>played<TAB>other" lines, for an outside engine to score; --list
 * scores such a file, a line per pair: the score's difference, then the
 * pair.
 *
 * Built on demand: ninja -C build tools/eval-pairs. */
#define SEARCH_TUNABLE
#include "search.c"

#include "fen.h"
#include "san.h"
#include "uci.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair {
    struct position pos;
    move_t played, other;
};

struct pairs {
    struct pair *p;
    size_t n, cap;
};

static int opt_depth = 2, opt_every = 4;

static void san_plain(const struct position *pos, move_t m, char *out)
{
    size_t n = san_write(pos, m, out);
    while (n && (out[n - 1] == '+' || out[n - 1] == '#'))
        n--;
    out[n] = 0;
}

/* whether a and b are one edit apart */
static bool one_edit(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la == lb) {
        int diff = 0;
        for (size_t i = 0; i < la; i++)
            diff += a[i] != b[i];
        return diff == 1;
    }
    if (la + 1 == lb) return one_edit(b, a);
    if (la != lb + 1) return false;
    size_t i = 0;
    while (i < lb && a[i] == b[i])
        i++;
    return !strcmp(a + i + 1, b + i);
}

static void add_pair(struct pairs *ps, const struct position *pos, move_t played, move_t other)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? 2 * ps->cap : 1024;
        ps->p = realloc(ps->p, ps->cap * sizeof *ps->p);
        if (!ps->p) abort();
    }
    ps->p[ps->n++] = (struct pair){*pos, played, other};
}

static void read_pairs(const char *path, struct pairs *ps)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    char line[1 << 16];
    long seen = 0;
    while (fgets(line, sizeof line, f)) {
        struct position pos;
        pos_startpos(&pos);
        int ply = 0;
        for (char *w = strtok(line, " \t\r\n"); w; w = strtok(NULL, " \t\r\n"), ply++) {
            move_t m = uci_parse(&pos, w, strlen(w));
            if (m == MOVE_NONE) break;
            if (ply >= 16 && seen++ % opt_every == 0) {
                struct move_list list;
                movegen_legal(&pos, &list);
                char mine[16], other[16];
                san_plain(&pos, m, mine);
                for (int i = 0; i < list.count; i++) {
                    if (list.moves[i] == m) continue;
                    san_plain(&pos, list.moves[i], other);
                    if (one_edit(mine, other)) add_pair(ps, &pos, m, list.moves[i]);
                }
            }
            pos_make_move(&pos, m);
        }
    }
    fclose(f);
}

struct job {
    const struct pairs *ps;
    size_t from, to;
    double won, loss;
};

static void *score_part(void *arg)
{
    struct job *j = arg;
    memset(eval_cache, 0, sizeof eval_cache);
    j->won = j->loss = 0;
    for (size_t i = j->from; i < j->to; i++) {
        const struct pair *p = &j->ps->p[i];
        move_t two[2] = {p->played, p->other};
        int cp[2];
        search_score_moves(&p->pos, two, 2, opt_depth, 200000, cp);
        int d = cp[0] - cp[1];
        if (d > 1000) d = 1000;
        if (d < -1000) d = -1000;
        j->won += d > 0 ? 1 : d == 0 ? 0.5 : 0;
        j->loss += 1.0 / (1.0 + exp(d / 50.0));
    }
    return NULL;
}

enum { THREADS = 2 };

/* The share of pairs won and the mean loss. */
static double score(const struct pairs *ps, double *won)
{
    pthread_t t[THREADS];
    struct job j[THREADS];
    for (int k = 0; k < THREADS; k++) {
        j[k] = (struct job){ps, ps->n * k / THREADS, ps->n * (k + 1) / THREADS, 0, 0};
        pthread_create(&t[k], NULL, score_part, &j[k]);
    }
    double w = 0, loss = 0;
    for (int k = 0; k < THREADS; k++) {
        pthread_join(t[k], NULL);
        w += j[k].won;
        loss += j[k].loss;
    }
    *won = w / (double)ps->n;
    return loss / (double)ps->n;
}

struct knob {
    const char *name;
    int *at;
    int step;
};

static int knobs_of(struct knob *k)
{
    struct weights *w = &weights;
    int n = 0;
    const char *material[5] = {"material.P", "material.N", "material.B", "material.R",
                               "material.Q"};
    for (int i = 1; i < 5; i++)
        k[n++] = (struct knob){material[i], &w->material[i], 20};
    k[n++] = (struct knob){"pawn_endgame", &w->pawn_endgame, 8};
    static char names[64][32];
    int names_used = 0;
    for (int r = 2; r < 7; r++) {
        snprintf(names[names_used], 32, "pawn_advance[%d]", r);
        k[n++] = (struct knob){names[names_used++], &w->pawn_advance[r], 4};
    }
    for (int r = 1; r < 7; r++) {
        snprintf(names[names_used], 32, "pawn_passed[%d]", r);
        k[n++] = (struct knob){names[names_used++], &w->pawn_passed[r], 6};
    }
    k[n++] = (struct knob){"doubled.mg", &w->doubled.mg, 4};
    k[n++] = (struct knob){"doubled.eg", &w->doubled.eg, 4};
    k[n++] = (struct knob){"alone.mg", &w->alone.mg, 4};
    k[n++] = (struct knob){"alone.eg", &w->alone.eg, 4};
    for (int t = 1; t < 5; t++) {
        snprintf(names[names_used], 32, "mobility[%d].mg", t);
        k[n++] = (struct knob){names[names_used++], &w->mobility[t].mg, 1};
        snprintf(names[names_used], 32, "mobility[%d].eg", t);
        k[n++] = (struct knob){names[names_used++], &w->mobility[t].eg, 1};
    }
    k[n++] = (struct knob){"knight_centre", &w->knight_centre, 20};
    k[n++] = (struct knob){"bishop_centre", &w->bishop_centre, 20};
    k[n++] = (struct knob){"bishop_pair.mg", &w->bishop_pair.mg, 8};
    k[n++] = (struct knob){"bishop_pair.eg", &w->bishop_pair.eg, 8};
    k[n++] = (struct knob){"rook_half_open.mg", &w->rook_half_open.mg, 5};
    k[n++] = (struct knob){"rook_half_open.eg", &w->rook_half_open.eg, 5};
    k[n++] = (struct knob){"rook_open.mg", &w->rook_open.mg, 5};
    k[n++] = (struct knob){"rook_open.eg", &w->rook_open.eg, 5};
    for (int f = 0; f < 4; f++) {
        snprintf(names[names_used], 32, "king_back_rank[%d]", f);
        k[n++] = (struct knob){names[names_used++], &w->king_back_rank[f], 5};
    }
    k[n++] = (struct knob){"king_forward", &w->king_forward, 5};
    k[n++] = (struct knob){"shield_pawn", &w->shield_pawn, 4};
    k[n++] = (struct knob){"shield_open", &w->shield_open, 4};
    k[n++] = (struct knob){"king_centre", &w->king_centre, 2};
    return n;
}

/* the back rank's table is kept symmetric: files e-h mirror a-d */
static void mirror_back_rank(void)
{
    for (int f = 0; f < 4; f++)
        weights.king_back_rank[7 - f] = weights.king_back_rank[f];
}

static void print_weights(const struct knob *k, int n)
{
    for (int i = 0; i < n; i++)
        printf("  %-20s %d\n", k[i].name, *k[i].at);
}

/* --list: the pairs of a --dump file, each scored: "d<TAB>line". */
static int list_pairs(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }
    char line[512];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        char *a = strchr(line, '\t'), *b = a ? strchr(a + 1, '\t') : NULL;
        if (!b) continue;
        *a++ = 0;
        *b++ = 0;
        struct position pos;
        struct fen_error err;
        if (!fen_parse(&pos, line, &err)) continue;
        move_t two[2] = {uci_parse(&pos, a, strlen(a)), uci_parse(&pos, b, strlen(b))};
        if (two[0] == MOVE_NONE || two[1] == MOVE_NONE) continue;
        int cp[2];
        search_score_moves(&pos, two, 2, opt_depth, 200000, cp);
        printf("%d\t%s\t%s\t%s\n", cp[0] - cp[1], line, a, b);
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    const char *train = NULL, *valid = NULL, *dump = NULL;
    int rounds = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--depth") && i + 1 < argc)
            opt_depth = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--every") && i + 1 < argc)
            opt_every = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--fit") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--set") && i + 1 < argc) {
            struct knob k[80];
            int n = knobs_of(k), j = 0;
            const char *eq = strchr(argv[++i], '=');
            for (; eq && j < n; j++)
                if (strlen(k[j].name) == (size_t)(eq - argv[i]) &&
                    !strncmp(k[j].name, argv[i], (size_t)(eq - argv[i])))
                    break;
            if (!eq || j == n) {
                fprintf(stderr, "eval-pairs: no weight %s\n", argv[i]);
                return 2;
            }
            *k[j].at = atoi(eq + 1);
            mirror_back_rank();
        } else if (!strcmp(argv[i], "--list") && i + 1 < argc)
            return list_pairs(argv[++i]);
        else if (!strcmp(argv[i], "--dump") && i + 1 < argc)
            dump = argv[++i];
        else if (!train)
            train = argv[i];
        else if (!valid)
            valid = argv[i];
        else {
            fprintf(stderr, "usage: eval-pairs [--depth D] [--every N] [--fit ROUNDS] "
                            "[--dump FILE] TRAIN [VALID]\n");
            return 2;
        }
    }
    if (!train || opt_every < 1) {
        fprintf(stderr, "usage: eval-pairs [--depth D] [--every N] [--fit ROUNDS] "
                        "[--dump FILE] TRAIN [VALID]\n");
        return 2;
    }
    struct pairs tr = {0}, va = {0};
    read_pairs(train, &tr);
    if (valid) read_pairs(valid, &va);
    if (dump) {
        FILE *f = fopen(dump, "w");
        if (!f) {
            perror(dump);
            return 2;
        }
        for (size_t i = 0; i < tr.n; i++) {
            char fen[FEN_MAX], a[UCI_MAX + 1], b[UCI_MAX + 1];
            fen_write(&tr.p[i].pos, fen, sizeof fen);
            a[uci_write(&tr.p[i].pos, tr.p[i].played, a)] = 0;
            b[uci_write(&tr.p[i].pos, tr.p[i].other, b)] = 0;
            fprintf(f, "%s\t%s\t%s\n", fen, a, b);
        }
        fclose(f);
    }
    double won, loss = score(&tr, &won);
    printf("train: %zu pairs, won %.4f, loss %.5f\n", tr.n, won, loss);
    if (valid) {
        double vw, vl = score(&va, &vw);
        printf("valid: %zu pairs, won %.4f, loss %.5f\n", va.n, vw, vl);
    }
    if (!rounds) return 0;
    struct knob k[80];
    int n = knobs_of(k);
    for (int r = 0; r < rounds; r++) {
        bool gained = false;
        for (int i = 0; i < n; i++) {
            for (int dir = -1; dir <= 1; dir += 2) {
                int old = *k[i].at;
                *k[i].at = old + dir * k[i].step;
                mirror_back_rank();
                double w, l = score(&tr, &w);
                if (l < loss - 1e-6) {
                    loss = l, won = w, gained = true;
                    printf("  %s %d -> %d: loss %.5f won %.4f\n", k[i].name, old, *k[i].at, loss,
                           won);
                    fflush(stdout);
                    break;
                }
                *k[i].at = old;
                mirror_back_rank();
            }
        }
        printf("round %d: loss %.5f won %.4f\n", r + 1, loss, won);
        if (!gained) {
            bool any = false;
            for (int i = 0; i < n; i++)
                if (k[i].step > 1) k[i].step /= 2, any = true;
            if (!any) break;
        }
        fflush(stdout);
    }
    print_weights(k, n);
    if (valid) {
        double vw, vl = score(&va, &vw);
        printf("valid after: won %.4f, loss %.5f\n", vw, vl);
    }
    free(tr.p);
    free(va.p);
    return 0;
}
