/* Move generator: perft on positions whose counts are published (the start
 * position, Kiwipete and the chessprogramming positions 3-6), plus
 * legal_moves_to agreeing with the full generator. The full suites from
 * ../shared are in test_perft.c. */
#include "testutil.h"

#include "fen.h"
#include "movegen.h"

static const struct {
    const char *fen;
    int depth;
    uint64_t nodes;
} known[] = {
    {FEN_START, 4, 197281},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
};

START_TEST(test_known_counts)
{
    struct position pos;
    struct fen_error err;
    ck_assert_msg(fen_parse(&pos, known[_i].fen, &err), "%s", err.message);
    ck_assert_uint_eq(movegen_perft(&pos, known[_i].depth), known[_i].nodes);
}
END_TEST

/* legal_moves_to for every (type, square) must partition the full list. */
static void check_partition(const struct position *pos, int depth)
{
    struct move_list all, part;
    movegen_legal(pos, &all);
    int total = 0;
    for (int type = PAWN; type <= KING; type++) {
        for (int sq = 0; sq < 64; sq++) {
            movegen_legal_to(pos, type, sq, &part);
            for (int i = 0; i < part.count; i++) {
                move_t m = part.moves[i];
                int dest = move_kind(m) == MOVE_CASTLING
                               ? castle_king_dest(move_from(m), move_to(m))
                               : move_to(m);
                ck_assert_int_eq(dest, sq);
                ck_assert_int_eq(pos_moving_type(pos, m), type);
                ck_assert(movegen_is_legal(pos, m));
            }
            total += part.count;
        }
    }
    ck_assert_int_eq(total, all.count);
    if (depth == 0) return;
    for (int i = 0; i < all.count; i++) {
        struct position next = *pos;
        pos_make_move(&next, all.moves[i]);
        ck_assert_uint_eq(next.key, pos_compute_key(&next));
        check_partition(&next, depth - 1);
    }
}

START_TEST(test_legal_to_partitions)
{
    struct position pos;
    ck_assert(fen_parse(&pos, known[_i].fen, NULL));
    check_partition(&pos, 2);
}
END_TEST

/* En passant that answers a check, that a horizontal pin forbids, that a
 * diagonal pin allows only along the line; promotions with capture; a king
 * in double check. */
static const char *const edge_fens[] = {
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",   "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/1b6/8/3N4/R3K2R w KQ - 0 1", "4k3/8/8/8/8/5n2/8/r3K2R w K - 0 1",
};

START_TEST(test_legal_to_edges)
{
    struct position pos;
    struct fen_error err;
    ck_assert_msg(fen_parse(&pos, edge_fens[_i], &err), "%s", err.message);
    check_partition(&pos, 2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    int n = (int)(sizeof known / sizeof known[0]);
    tcase_add_loop_test(tc, test_known_counts, 0, n);
    tcase_add_loop_test(tc, test_legal_to_partitions, 0, n);
    tcase_add_loop_test(tc, test_legal_to_edges, 0, (int)(sizeof edge_fens / sizeof edge_fens[0]));
    suite_add_tcase(s, tc);
    return run_suite(s);
}
