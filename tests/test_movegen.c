/* Move generator: perft on positions whose counts are published (the start
 * position, Kiwipete and the chessprogramming positions 3-6), plus
 * legal_moves_to agreeing with the full generator. The full suites from
 * ../shared are in test_perft.c. And the small search (search.h) on
 * positions whose verdict is plain. */
#include "testutil.h"

#include "fen.h"
#include "movegen.h"
#include "search.h"
#include "uci.h"

#include <stdbool.h>
#include <string.h>

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

/* movegen_legal_onto gives the moves of the full list that land on the
 * targets (castling by the king's destination), in its order. */
static void check_onto(const struct position *pos, bitboard targets)
{
    struct move_list all, onto;
    movegen_legal(pos, &all);
    movegen_legal_onto(pos, targets, &onto);
    int n = 0;
    for (int i = 0; i < all.count; i++) {
        move_t m = all.moves[i];
        int dest =
            move_kind(m) == MOVE_CASTLING ? castle_king_dest(move_from(m), move_to(m)) : move_to(m);
        if (!(targets & BB(dest))) continue;
        ck_assert_int_lt(n, onto.count);
        ck_assert_uint_eq(onto.moves[n], m);
        n++;
    }
    ck_assert_int_eq(n, onto.count);
}

static void check_onto_tree(const struct position *pos, int depth)
{
    check_onto(pos, pos->by_color[!pos->side]);
    check_onto(pos, pos->key);
    check_onto(pos, RANK_BB(0) | RANK_BB(7) | (pos->ep != SQ_NONE ? BB(pos->ep) : 0));
    if (depth == 0) return;
    struct move_list all;
    movegen_legal(pos, &all);
    for (int i = 0; i < all.count; i++) {
        struct position next = *pos;
        pos_make_move(&next, all.moves[i]);
        check_onto_tree(&next, depth - 1);
    }
}

START_TEST(test_legal_onto_filters)
{
    struct position pos;
    ck_assert(fen_parse(&pos, known[_i].fen, NULL));
    check_onto_tree(&pos, 2);
}
END_TEST

START_TEST(test_legal_to_partitions)
{
    struct position pos;
    ck_assert(fen_parse(&pos, known[_i].fen, NULL));
    check_partition(&pos, 2);
}
END_TEST

/* movegen_gives_check() agrees with the move made, for every move two
 * plies deep from each known position and from positions made to hold
 * each kind of check: uncovered along a file and a diagonal, by a
 * promotion, by castling, by en passant uncovering a bishop. */
static const char *const check_fens[] = {
    "4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1",  "7k/8/8/8/8/2N5/8/B5K1 w - - 0 1",
    "2k5/4P3/8/8/8/8/8/K7 w - - 0 1",     "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
    "6k1/8/8/3pP3/8/8/B7/4K3 w - d6 0 1",
};

START_TEST(test_gives_check_agrees_with_the_board)
{
    int n_known = (int)(sizeof known / sizeof known[0]);
    struct position pos;
    ck_assert(fen_parse(&pos, _i < n_known ? known[_i].fen : check_fens[_i - n_known], NULL));
    struct move_list first;
    movegen_legal(&pos, &first);
    int checks = 0;
    for (int i = 0; i <= first.count; i++) {
        struct position from = pos;
        if (i < first.count) pos_make_move(&from, first.moves[i]);
        struct move_list list;
        movegen_legal(&from, &list);
        for (int j = 0; j < list.count; j++) {
            struct position next = from;
            pos_make_move(&next, list.moves[j]);
            ck_assert_int_eq(movegen_gives_check(&from, list.moves[j]), pos_in_check(&next));
            checks += pos_in_check(&next);
        }
    }
    if (_i > 0) ck_assert_int_gt(checks, 0); /* (none two plies from the start) */
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

/* The score search_score_moves gives each UCI move of fen. */
static void score_moves(const char *fen, const char *const *uci, int n, int depth, long limit,
                        int *cp)
{
    struct position pos;
    ck_assert(fen_parse(&pos, fen, NULL));
    move_t moves[8];
    for (int i = 0; i < n; i++) {
        moves[i] = uci_parse(&pos, uci[i], strlen(uci[i]));
        ck_assert_msg(moves[i] != MOVE_NONE, "%s", uci[i]);
    }
    search_score_moves(&pos, moves, n, depth, limit, cp);
}

START_TEST(test_search_sees_mate_and_material)
{
    int cp[3];
    /* Ra8 mates on the back rank; Ra7 does not */
    const char *const mate[] = {"a1a8", "a1a7"};
    score_moves("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", mate, 2, 2, 0, cp);
    ck_assert_int_eq(cp[0], SEARCH_MATE - 1);
    ck_assert_int_lt(cp[1], SEARCH_MATE / 2);
    /* the queen taken, left to take the rook, or the rook run away */
    const char *const queen[] = {"d2d5", "d2d3", "d2h2"};
    score_moves("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", queen, 3, 2, 0, cp);
    ck_assert_int_gt(cp[0], 400);
    ck_assert_int_lt(cp[1], -800);
    ck_assert_int_gt(cp[2], cp[1] + 400);
    ck_assert_int_gt(cp[0], cp[2] + 800);
    /* Rd3 lets the rook in on the back rank: Ra1+ Rd1 Rxd1#; h3 makes
     * room for the king */
    const char *const back_rank[] = {"d2d3", "h2h3"};
    score_moves("r5k1/5ppp/8/8/8/8/3R1PPP/6K1 w - - 0 1", back_rank, 2, 2, 0, cp);
    ck_assert_int_lt(cp[0], -SEARCH_MATE / 2);
    ck_assert_int_gt(cp[1], -200);
    /* a node limit cuts the search short, never the scores' sense */
    score_moves("r5k1/5ppp/8/8/8/8/3R1PPP/6K1 w - - 0 1", back_rank, 2, 4, 50, cp);
    ck_assert_int_gt(cp[1], -SEARCH_MATE / 2);
    ck_assert_int_lt(cp[0], SEARCH_MATE / 2);
}
END_TEST

/* Past the full depth, a quiet check is searched at the first ply, and a
 * check near the root costs no depth: what a reply that checks hides
 * behind the horizon comes out (positions from real games, where depth 2
 * with captures alone misjudged the move played by five pawns). */
START_TEST(test_search_sees_past_a_check)
{
    int cp[2];
    /* Black's Re2 looks lost to Rxe2, but Rb1+ Re1 Rxe1 mates on the back
     * rank; Ra7+ first does not change that: about as good as Rc2 */
    const char *const back_rank[] = {"b2e2", "b2c2"};
    score_moves("1r6/5k2/4pp1p/R3p3/P3P3/8/1r3PPP/4R1K1 b - - 0 27", back_rank, 2, 2, 0, cp);
    ck_assert_int_lt(cp[1] - cp[0], 100);
    /* Qh4 walks into Qe1+ Rxe1 Rxe1#, a quiet check at the horizon */
    const char *const mated[] = {"g4h4", "g4b4"};
    score_moves("1r4k1/p4pp1/6p1/4p1N1/6Q1/1Pr3P1/P4qb1/1K1R3R w - - 0 23", mated, 2, 2, 0, cp);
    ck_assert_int_lt(cp[0], -SEARCH_MATE / 2);
    ck_assert_int_gt(cp[1], -SEARCH_MATE / 2);
}
END_TEST

START_TEST(test_search_stalemate_and_pawn)
{
    int cp[2];
    /* Qg6 stalemates the lone king (a draw, 0); Qg1 does not and is
     * worth a queen */
    const char *const stalemate[] = {"g5g6", "g5g1"};
    score_moves("7k/8/5K2/6Q1/8/8/8/8 w - - 0 1", stalemate, 2, 2, 0, cp);
    ck_assert_int_eq(cp[0], 0);
    ck_assert_int_gt(cp[1], 800);
    /* the passed pawn that goes on scores more than the king's step */
    const char *const pawn[] = {"b6b7", "g1g2"};
    score_moves("7k/8/1P6/8/8/8/8/6K1 w - - 0 1", pawn, 2, 1, 0, cp);
    ck_assert_int_gt(cp[0], cp[1]);
}
END_TEST

START_TEST(test_search_weighs_placement)
{
    int cp[2];
    /* material equal, the rook to the open file scores more than behind
     * its own pawn */
    const char *const rook[] = {"a1d1", "a1b1"};
    score_moves("4k3/pp3ppp/8/8/8/8/PP3PPP/R5K1 w - - 0 1", rook, 2, 0, 0, cp);
    ck_assert_int_gt(cp[0], cp[1]);
    /* with the queens and rooks on, the king behind its pawns more than
     * out in front of them */
    const char *const shelter[] = {"f1g1", "f1e2"};
    score_moves("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1K1R w kq - 0 1", shelter, 2,
                0, 0, cp);
    ck_assert_int_gt(cp[0], cp[1]);
    /* a king and pawn against a king: the king nearer the centre */
    const char *const centre[] = {"e1d2", "e1d1"};
    score_moves("8/8/4k3/8/8/8/P7/4K3 w - - 0 1", centre, 2, 0, 0, cp);
    ck_assert_int_gt(cp[0], cp[1]);
}
END_TEST

/* What move m of pos scores at depth plies and then captures, by plain
 * minimax over every reply (no cut-offs, no move order), the captures
 * scored by the search itself at depth 0; a reply that checks, made before
 * ply 6 (ply: that of the position m leads to), costs no depth, as in the
 * search; *mate set where a mate lies inside, whose scores count plies
 * from another root. */
static int minimax(const struct position *pos, move_t m, int depth, int ply, bool *mate)
{
    if (!depth) {
        int cp;
        search_score_moves(pos, &m, 1, 0, 0, &cp);
        if (cp > SEARCH_MATE / 2 || cp < -SEARCH_MATE / 2) *mate = true;
        return cp;
    }
    struct position next = *pos;
    pos_make_move(&next, m);
    struct move_list replies;
    if (!movegen_legal(&next, &replies)) {
        if (pos_in_check(&next)) *mate = true;
        return pos_in_check(&next) ? SEARCH_MATE : 0;
    }
    int best = -2 * SEARCH_MATE;
    for (int i = 0; i < replies.count; i++) {
        struct position after = next;
        pos_make_move(&after, replies.moves[i]);
        int left = ply < 6 && pos_in_check(&after) ? depth : depth - 1;
        int score = minimax(&next, replies.moves[i], left, ply + 1, mate);
        if (score > best) best = score;
    }
    return -best;
}

/* Alpha-beta with its move order (captures first, then the quiet moves
 * that refuted a sibling) gives every move the score plain minimax does,
 * whichever moves it was asked about before. */
START_TEST(test_search_order_never_changes_a_score)
{
    static const char *const fens[] = {
        "8/5k2/3r4/1p6/2R5/1P2K3/8/8 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
        "2r3k1/1p3ppp/p3pn2/3q4/3P4/P1Q2N2/1P3PPP/2R3K1 b - - 0 24",
    };
    for (size_t k = 0; k < sizeof fens / sizeof fens[0]; k++) {
        struct position pos;
        ck_assert(fen_parse(&pos, fens[k], NULL));
        struct move_list list;
        movegen_legal(&pos, &list);
        int all[MOVE_LIST_MAX], reversed[MOVE_LIST_MAX];
        move_t back[MOVE_LIST_MAX];
        for (int i = 0; i < list.count; i++)
            back[i] = list.moves[list.count - 1 - i];
        /* depth 1 for every move, in both orders */
        search_score_moves(&pos, list.moves, list.count, 1, 0, all);
        search_score_moves(&pos, back, list.count, 1, 0, reversed);
        for (int i = 0; i < list.count; i++) {
            bool mate = false;
            int want = minimax(&pos, list.moves[i], 1, 1, &mate);
            ck_assert_int_eq(all[i], reversed[list.count - 1 - i]);
            if (!mate) ck_assert_int_eq(all[i], want);
        }
        /* depth 2 for one, after another primed the order; for every
         * move of an endgame, where the quiet replies decide */
        for (int i = 0; i < list.count && (i < 1 || k == 0); i++) {
            bool mate = false;
            int want = minimax(&pos, list.moves[i], 2, 1, &mate), cp[2];
            move_t two[2] = {list.moves[(i + 5) % list.count], list.moves[i]};
            search_score_moves(&pos, two, 2, 2, 0, cp);
            if (!mate) ck_assert_int_eq(cp[1], want);
        }
    }
}
END_TEST

/* Scored within a window, each move of a position gets its full score
 * where it comes within the window of the best scored before it, and
 * otherwise a bound its full score is no higher than, a window or more
 * below the best; the best is always scored in full, and in a middlegame
 * some move falls so far behind (the window's whole point). */
START_TEST(test_search_window_bounds_only_the_far_behind)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
        "2r3k1/1p3ppp/p3pn2/3q4/3P4/P1Q2N2/1P3PPP/2R3K1 b - - 0 24",
    };
    const int window = 200;
    for (size_t k = 0; k < sizeof fens / sizeof fens[0]; k++) {
        struct position pos;
        ck_assert(fen_parse(&pos, fens[k], NULL));
        struct move_list list;
        movegen_legal(&pos, &list);
        int full[MOVE_LIST_MAX], within[MOVE_LIST_MAX], best = -2 * SEARCH_MATE, bounded = 0;
        bool exact[MOVE_LIST_MAX];
        search_score_moves(&pos, list.moves, list.count, 2, 0, full);
        search_score_within(&pos, list.moves, list.count, 2, 0, window, within, exact);
        for (int i = 0; i < list.count; i++)
            best = full[i] > best ? full[i] : best;
        ck_assert(exact[0]);
        for (int i = 0; i < list.count; i++) {
            if (exact[i]) {
                ck_assert_int_eq(within[i], full[i]);
            } else {
                ck_assert_int_ge(within[i], full[i]);
                ck_assert_int_le(full[i], best - window);
                bounded++;
            }
            if (full[i] == best) ck_assert(exact[i]);
        }
        ck_assert_msg(bounded > 0, "%s: no move bounded", fens[k]);
        /* a window of 0 scores every move in full */
        search_score_within(&pos, list.moves, list.count, 2, 0, 0, within, exact);
        for (int i = 0; i < list.count; i++) {
            ck_assert(exact[i]);
            ck_assert_int_eq(within[i], full[i]);
        }
    }
}
END_TEST

/* A piece's type and color, read from tables, are piece % 6 and
 * piece / 6 (type + 6 * color), NO_PIECE's too (PAWN and 2), as callers
 * took them when they were computed so. */
START_TEST(test_piece_type_and_color)
{
    for (int piece = 0; piece <= NO_PIECE; piece++) {
        ck_assert_int_eq(piece_type(piece), piece % 6);
        ck_assert_int_eq(piece_color(piece), piece / 6);
    }
    for (int color = WHITE; color <= BLACK; color++)
        for (int type = PAWN; type <= KING; type++) {
            ck_assert_int_eq(piece_type(make_piece(color, type)), type);
            ck_assert_int_eq(piece_color(make_piece(color, type)), color);
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    int n = (int)(sizeof known / sizeof known[0]);
    tcase_add_test(tc, test_piece_type_and_color);
    tcase_add_loop_test(tc, test_known_counts, 0, n);
    tcase_add_loop_test(tc, test_legal_to_partitions, 0, n);
    tcase_add_loop_test(tc, test_legal_onto_filters, 0, n);
    tcase_add_loop_test(tc, test_gives_check_agrees_with_the_board, 0,
                        n + (int)(sizeof check_fens / sizeof check_fens[0]));
    tcase_add_loop_test(tc, test_legal_to_edges, 0, (int)(sizeof edge_fens / sizeof edge_fens[0]));
    suite_add_tcase(s, tc);
    TCase *search = tcase_create("search");
    tcase_set_timeout(search, 120);
    tcase_add_test(search, test_search_sees_mate_and_material);
    tcase_add_test(search, test_search_stalemate_and_pawn);
    tcase_add_test(search, test_search_sees_past_a_check);
    tcase_add_test(search, test_search_weighs_placement);
    tcase_add_test(search, test_search_order_never_changes_a_score);
    tcase_add_test(search, test_search_window_bounds_only_the_far_behind);
    suite_add_tcase(s, search);
    return run_suite(s);
}
