/* fix's move prior (src/prior.c, lang/prior.tsv): the compiled-in tables
 * load, the book is keyed as tools/learn-prior keys it (the start position
 * and 1. e4 are book positions), common moves are likelier than rare ones,
 * probabilities over the legal moves sum to one, costs stay within their cap
 * with the likeliest move free, taking the piece that just moved counts as
 * its own kind, a move is weighed by how often it was played when it could
 * be (a recapture by a knight on a rare square still ranks first), a piece
 * left where it is taken for less than it is worth is less likely (one moved
 * out of such a spot, or a capture of an undefended piece, likelier), and a bad
 * table is refused naming the line. */
#include "testutil.h"

#include "fen.h"
#include "movegen.h"
#include "prior.h"
#include "uci.h"

#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static ArbPrior *prior;

static void play(struct position *pos, const char *uci)
{
    move_t m = uci_parse(pos, uci, strlen(uci));
    ck_assert_msg(m != MOVE_NONE, "%s is not legal here", uci);
    pos_make_move(pos, m);
}

static double log_prob(const struct position *pos, const char *uci)
{
    move_t m = uci_parse(pos, uci, strlen(uci));
    ck_assert(m != MOVE_NONE);
    double lp = 0;
    prior_log_probs(prior, pos, MOVE_NONE, &m, 1, &lp);
    return lp;
}

START_TEST(test_loads)
{
    ck_assert_uint_gt(prior_book_positions(prior), 1000);
}
END_TEST

START_TEST(test_book_keys_match_the_tool)
{
    struct position pos;
    pos_startpos(&pos);
    ck_assert(prior_in_book(prior, &pos));
    play(&pos, "e2e4");
    ck_assert(prior_in_book(prior, &pos));
    play(&pos, "c7c5");
    ck_assert(prior_in_book(prior, &pos));
    /* a position no game reaches early */
    play(&pos, "e1e2");
    play(&pos, "h7h5");
    play(&pos, "e2e1");
    ck_assert(!prior_in_book(prior, &pos));
}
END_TEST

START_TEST(test_common_moves_likelier)
{
    struct position pos;
    pos_startpos(&pos);
    ck_assert(log_prob(&pos, "e2e4") > log_prob(&pos, "a2a4"));
    ck_assert(log_prob(&pos, "g1f3") > log_prob(&pos, "g1h3"));
    ck_assert(log_prob(&pos, "e2e4") > log(0.2));
    play(&pos, "e2e4");
    ck_assert(log_prob(&pos, "c7c5") > log_prob(&pos, "g7g5"));
    /* out of the book, the move table: castling short beats a king walk */
    struct fen_error err;
    ck_assert(fen_parse(
        &pos, "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQ - 0 20", &err));
    ck_assert(!prior_in_book(prior, &pos));
    ck_assert(log_prob(&pos, "e1g1") > log_prob(&pos, "e1f1"));
}
END_TEST

START_TEST(test_probabilities_sum_to_one)
{
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "8/5k2/8/3K4/8/8/6P1/8 b - - 0 60",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 30",
    };
    for (gsize f = 0; f < G_N_ELEMENTS(fens); f++) {
        struct position pos;
        struct fen_error err;
        ck_assert(fen_parse(&pos, fens[f], &err));
        struct move_list list;
        movegen_legal(&pos, &list);
        double lp[MOVE_LIST_MAX], sum = 0;
        prior_log_probs(prior, &pos, MOVE_NONE, list.moves, list.count, lp);
        for (int i = 0; i < list.count; i++)
            sum += exp(lp[i]);
        ck_assert_msg(fabs(sum - 1.0) < 1e-6, "%s: sum %f", fens[f], sum);
    }
}
END_TEST

START_TEST(test_costs_capped_and_best_free)
{
    struct position pos;
    pos_startpos(&pos);
    struct move_list list;
    movegen_legal(&pos, &list);
    int cost[MOVE_LIST_MAX];
    prior_costs(prior, &pos, MOVE_NONE, list.moves, list.count, 0.2, 50, cost);
    int zero = 0, capped = 0;
    for (int i = 0; i < list.count; i++) {
        ck_assert_int_ge(cost[i], 0);
        ck_assert_int_le(cost[i], 50);
        zero += cost[i] == 0;
        capped += cost[i] == 50;
    }
    ck_assert_int_ge(zero, 1);
    ck_assert_int_ge(capped, 1); /* some opening moves are ten thousand times rarer */
    /* weight 0: no move costs anything */
    prior_costs(prior, &pos, MOVE_NONE, list.moves, list.count, 0.0, 50, cost);
    for (int i = 0; i < list.count; i++)
        ck_assert_int_eq(cost[i], 0);
}
END_TEST

/* A move's cost is against the likeliest of all legal moves, whichever
 * moves are asked for and in whatever order, and the same when the legal
 * moves are given (prior_costs_among) as when they are generated. */
START_TEST(test_costs_of_some_as_of_all)
{
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", /* in the book */
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P3BPPP/R2QKB1R w KQ - 0 9",
        "8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 b - - 0 40"};
    for (gsize f = 0; f < G_N_ELEMENTS(fens); f++) {
        struct position pos;
        ck_assert(fen_parse(&pos, fens[f], NULL));
        struct move_list list;
        movegen_legal(&pos, &list);
        int all[MOVE_LIST_MAX], some[MOVE_LIST_MAX], among[MOVE_LIST_MAX];
        prior_costs(prior, &pos, MOVE_NONE, list.moves, list.count, 0.1, 50, all);
        /* every other move, last first: the likeliest may be left out */
        move_t asked[MOVE_LIST_MAX];
        int n = 0;
        for (int i = list.count - 1; i >= 0; i -= 2)
            asked[n++] = list.moves[i];
        prior_costs(prior, &pos, MOVE_NONE, asked, n, 0.1, 50, some);
        prior_costs_among(prior, &pos, MOVE_NONE, list.moves, list.count, asked, n, 0.1, 50, among);
        for (int k = 0, i = list.count - 1; k < n; k++, i -= 2) {
            ck_assert_int_eq(some[k], all[i]);
            ck_assert_int_eq(among[k], all[i]);
        }
    }
}
END_TEST

/* Sets pos to fen with uci played; returns that move (the last one). */
static move_t after(struct position *pos, const char *fen, const char *uci)
{
    ck_assert(fen_parse(pos, fen, NULL));
    move_t m = uci_parse(pos, uci, strlen(uci));
    ck_assert(m != MOVE_NONE);
    pos_make_move(pos, m);
    return m;
}

START_TEST(test_taking_what_just_moved)
{
    /* ...d7-d5 beside a pawn on e4: exd5 takes the pawn that just moved, a
     * kind of its own, likelier than a pawn taking a pawn at large (by the
     * odds: either is near certain beside the king's moves) */
    struct position pos;
    move_t last = after(&pos, "4k3/3p4/8/8/4P3/8/8/4K3 b - - 0 39", "d7d5");
    move_t take = uci_parse(&pos, "e4d5", 4);
    ck_assert(take != MOVE_NONE);
    double with = 0, without = 0;
    prior_log_probs(prior, &pos, last, &take, 1, &with);
    prior_log_probs(prior, &pos, MOVE_NONE, &take, 1, &without);
    double odds_with = with - log1p(-exp(with)), odds_without = without - log1p(-exp(without));
    ck_assert_msg(odds_with > odds_without + log(2), "with %g, without %g", with, without);
}
END_TEST

/* Where among the legal moves of pos the prior ranks uci (1 the likeliest). */
static int rank_of(const struct position *pos, move_t last, const char *uci)
{
    move_t m = uci_parse(pos, uci, strlen(uci));
    ck_assert(m != MOVE_NONE);
    struct move_list list;
    movegen_legal(pos, &list);
    double lp[MOVE_LIST_MAX], mine = 0;
    prior_log_probs(prior, pos, last, list.moves, list.count, lp);
    prior_log_probs(prior, pos, last, &m, 1, &mine);
    int rank = 1;
    for (int i = 0; i < list.count; i++)
        rank += lp[i] > mine + 1e-12;
    return rank;
}

START_TEST(test_rate_not_count)
{
    /* a white knight on e6, black has just taken on f4: knights seldom stand
     * on e6, so a table of plain counts put Nxf4 behind quiet moves (c3, Rc1,
     * Re1, Bd4); per chance to play it, the recapture comes first */
    struct position pos;
    move_t last = after(&pos, "2r2rk1/pp4pp/3bN3/4p3/5P2/8/PPPB2PP/R4RK1 b - - 0 29", "e5f4");
    int rank = rank_of(&pos, last, "e6f4");
    ck_assert_int_le(rank, 2);
}
END_TEST

/* prior_log_probs under p of the n moves of uci in the position fen. */
static void log_probs_of(const ArbPrior *p, const char *fen, const char *const *uci, int n,
                         double *lp)
{
    struct position pos;
    ck_assert(fen_parse(&pos, fen, NULL));
    move_t m[MOVE_LIST_MAX];
    for (int i = 0; i < n; i++) {
        m[i] = uci_parse(&pos, uci[i], strlen(uci[i]));
        ck_assert_msg(m[i] != MOVE_NONE, "%s is not legal in %s", uci[i], fen);
    }
    prior_log_probs(p, &pos, MOVE_NONE, m, n, lp);
}

/* A table of nothing but one feature's factor, e (log 1): every rate is
 * the same. */
static ArbPrior *one_feature(const char *name)
{
    g_autofree char *text = g_strdup_printf("feature\t%s\t1\n", name);
    GError *error = NULL;
    ArbPrior *p = prior_new_from_data(text, strlen(text), "t.tsv", &error);
    ck_assert_msg(p != NULL, "%s: %s", name, error ? error->message : "");
    return p;
}

START_TEST(test_hanging_piece_unlikely)
{
    /* a table of nothing but the hangs factor: every rate is the same */
    const char *text = "feature\thangs\t-2\n";
    GError *error = NULL;
    g_autoptr(ArbPrior) p = prior_new_from_data(text, strlen(text), "t.tsv", &error);
    ck_assert_msg(p != NULL, "%s", error ? error->message : "");
    /* the queen where a pawn takes it, against a safe square */
    static const char *const queen[] = {"d1d4", "d1d2"};
    double lp[3];
    log_probs_of(p, "4k3/8/8/4p3/8/8/8/3QK3 w - - 0 30", queen, 2, lp);
    ck_assert_msg(fabs(lp[1] - lp[0] - 2) < 1e-9, "Qd4 %g, Qd2 %g", lp[0], lp[1]);
    /* a knight a knight attacks: defended by a pawn it does not hang (b3),
     * undefended it does (d3); one no piece attacks (e2) is safe */
    static const char *const knight[] = {"c1b3", "c1d3", "c1e2"};
    log_probs_of(p, "4k3/8/8/2n5/8/8/P7/2N1K3 w - - 0 30", knight, 3, lp);
    ck_assert_msg(fabs(lp[0] - lp[2]) < 1e-9, "Nb3 %g, Ne2 %g", lp[0], lp[2]);
    ck_assert_msg(fabs(lp[2] - lp[1] - 2) < 1e-9, "Nd3 %g, Ne2 %g", lp[1], lp[2]);
    /* saving a knight a pawn attacks, taking a pawn nothing defends: each
     * against the king's quiet move, under a table of just that factor */
    g_autoptr(ArbPrior) ps = one_feature("saves");
    g_autoptr(ArbPrior) pf = one_feature("takes-free");
    static const char *const away[] = {"e3c4", "e1f1"};
    log_probs_of(ps, "4k3/8/8/8/3p4/4N3/8/4K3 w - - 0 30", away, 2, lp);
    ck_assert_msg(fabs(lp[0] - lp[1] - 1) < 1e-9, "Nc4 %g, Kf1 %g", lp[0], lp[1]);
    static const char *const take[] = {"e3d5", "e1f1"};
    log_probs_of(pf, "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 30", take, 2, lp);
    ck_assert_msg(fabs(lp[0] - lp[1] - 1) < 1e-9, "Nxd5 %g, Kf1 %g", lp[0], lp[1]);
}
END_TEST

/* The features of a rook's file and of what the moved piece attacks, each
 * under a table of just its factor. */
START_TEST(test_file_and_attack_features)
{
    double lp[6];
    /* a rook or queen to a file with no pawn of its side, against one
     * with a pawn of its side (c-file, white), a move along its own file
     * and a pawn move: only the first has the factor */
    g_autoptr(ArbPrior) po = one_feature("open-file");
    static const char *const file[] = {"a1b1", "a1c1", "a1a4", "d1f3", "d1d3", "h2h3"};
    log_probs_of(po, "4k3/2p5/8/8/8/8/2P4P/R2Q3K w - - 0 30", file, 6, lp);
    ck_assert_msg(fabs(lp[0] - lp[1] - 1) < 1e-9, "Rb1 %g, Rc1 %g", lp[0], lp[1]);
    ck_assert_msg(fabs(lp[1] - lp[2]) < 1e-9, "Rc1 %g, Ra4 %g", lp[1], lp[2]);
    ck_assert_msg(fabs(lp[3] - lp[4] - 1) < 1e-9, "Qf3 %g, Qd3 %g", lp[3], lp[4]);
    ck_assert_msg(fabs(lp[4] - lp[5]) < 1e-9, "Qd3 %g, h3 %g", lp[4], lp[5]);
    /* a knight that then attacks the queen, against two that do not and
     * a king move; a queen that attacks the other queen is no threat */
    g_autoptr(ArbPrior) pt = one_feature("threat");
    static const char *const hits[] = {"b1c3", "b1a3", "b1d2", "e1f2", "h1h5", "h1h3"};
    log_probs_of(pt, "4k3/8/8/3q4/8/8/8/1N2K2Q w - - 0 30", hits, 6, lp);
    ck_assert_msg(fabs(lp[0] - lp[1] - 1) < 1e-9, "Nc3 %g, Na3 %g", lp[0], lp[1]);
    ck_assert_msg(fabs(lp[1] - lp[2]) < 1e-9 && fabs(lp[2] - lp[3]) < 1e-9, "Nd2 %g, Kf2 %g", lp[2],
                  lp[3]);
    ck_assert_msg(fabs(lp[4] - lp[5]) < 1e-9, "Qh5 %g, Qh3 %g", lp[4], lp[5]);
    /* a knight that then attacks a pawn nothing defends, against one that
     * attacks nothing; the same pawn defended gives no factor */
    g_autoptr(ArbPrior) pfh = one_feature("threat-free");
    static const char *const loose[] = {"c1a2", "c1e2"};
    log_probs_of(pfh, "4k3/8/8/8/1p6/8/8/2N1K3 w - - 0 30", loose, 2, lp);
    ck_assert_msg(fabs(lp[0] - lp[1] - 1) < 1e-9, "Na2 %g, Ne2 %g", lp[0], lp[1]);
    log_probs_of(pfh, "4k3/8/8/p7/1p6/8/8/2N1K3 w - - 0 30", loose, 2, lp);
    ck_assert_msg(fabs(lp[0] - lp[1]) < 1e-9, "Na2 %g, Ne2 %g (defended)", lp[0], lp[1]);
    /* a rook that gives check, against one that does not and a king move */
    g_autoptr(ArbPrior) pc = one_feature("check");
    static const char *const checks[] = {"a1a8", "a1a7", "e1f2"};
    log_probs_of(pc, "4k3/8/8/8/8/8/8/R3K3 w - - 0 30", checks, 3, lp);
    ck_assert_msg(fabs(lp[0] - lp[1] - 1) < 1e-9, "Ra8+ %g, Ra7 %g", lp[0], lp[1]);
    ck_assert_msg(fabs(lp[1] - lp[2]) < 1e-9, "Ra7 %g, Kf2 %g", lp[1], lp[2]);
}
END_TEST

START_TEST(test_bad_tables_refused)
{
    static const char *const bad[] = {
        "rate\t0\tN\tg1\tf3\t5\n",              /* six fields */
        "rate\t3\tN\tg1\tf3\t5\t9\n",           /* no phase 3 */
        "rate\t\tN\tg1\tf3\t5\t9\n",            /* no phase */
        "rate\t0\tX\tg1\tf3\t5\t9\n",           /* no piece X */
        "rate\t0\tN\tg9\tf3\t5\t9\n",           /* no square g9 */
        "rate\t0\tN\tg1\tf3\tfive\t9\n",        /* bad played count */
        "rate\t0\tN\tg1\tf3\t5\t-9\n",          /* bad available count */
        "rate\t0\tN\tg1\tf3\t5\t\n",            /* no available count */
        "rate\t0\tN\tg1\tf3\t5\t9\t1\t2\n",     /* nine fields */
        "rate\t0\tN\tg1\tf3\t9\t5\n",           /* played more often than available */
        "move\t0\tN\tg1\tf3\t5\n",              /* the old table's counts: no longer read */
        "book\t123\te2e4\t5\n",                 /* short key */
        "book\t0123456789abcdef\te2e9\t5\n",    /* bad move */
        "book\t0123456789abcdef\te2e4\tmany\n", /* bad count */
        "moves\t0\tN\tg1\tf3\t5\n",             /* unknown row */
        "feature\tfork\t1.5\n",                 /* no such kind */
        "feature\tgives-check\t0.5\n",          /* the name is "check" */
        "feature\tquiet\tlots\n",               /* bad weight */
        "feature\tquiet\n",                     /* two fields */
    };
    for (gsize i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autofree char *text = g_strconcat("# a comment\n", bad[i], NULL);
        GError *error = NULL;
        ArbPrior *p = prior_new_from_data(text, strlen(text), "t.tsv", &error);
        ck_assert_msg(p == NULL, "accepted %s", bad[i]);
        ck_assert_msg(g_str_has_prefix(error->message, "t.tsv:2: "), "%s", error->message);
        g_error_free(error);
    }
    GError *error = NULL;
    const char *good = "rate\t0\tN\tg1\tf3\t5\t9\nfeature\tinto-attack\t-1\n"
                       "book\t0123456789abcdef\te7e8q\t9\n";
    ArbPrior *p = prior_new_from_data(good, strlen(good), "t.tsv", &error);
    ck_assert_msg(p != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq(prior_book_positions(p), 1);
    prior_free(p);
    /* a book out of key order (the tool writes it in order), a key in
     * capitals: two positions */
    const char *unsorted = "book\t0123456789abcdef\te2e4\t9\nbook\t1111111111111111\td2d4\t3\n"
                           "book\t0123456789ABCDEF\tc2c4\t2\n";
    p = prior_new_from_data(unsorted, strlen(unsorted), "t.tsv", &error);
    ck_assert_msg(p != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq(prior_book_positions(p), 2);
    prior_free(p);
}
END_TEST

int main(void)
{
    core_init();
    GError *error = NULL;
    prior = prior_load(NULL, &error);
    if (!prior) {
        fprintf(stderr, "the compiled-in prior does not load: %s\n", error->message);
        return 1;
    }
    Suite *s = suite_create("prior");
    TCase *tc = tcase_create("prior");
    tcase_add_test(tc, test_loads);
    tcase_add_test(tc, test_book_keys_match_the_tool);
    tcase_add_test(tc, test_common_moves_likelier);
    tcase_add_test(tc, test_probabilities_sum_to_one);
    tcase_add_test(tc, test_costs_capped_and_best_free);
    tcase_add_test(tc, test_costs_of_some_as_of_all);
    tcase_add_test(tc, test_taking_what_just_moved);
    tcase_add_test(tc, test_rate_not_count);
    tcase_add_test(tc, test_hanging_piece_unlikely);
    tcase_add_test(tc, test_file_and_attack_features);
    tcase_add_test(tc, test_bad_tables_refused);
    suite_add_tcase(s, tc);
    int rc = run_suite(s);
    prior_free(prior);
    return rc;
}
