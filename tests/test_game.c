/* Game state: repetition on real move sequences (knight and rook shuffles,
 * en passant that does and does not count), mate and stalemate reached by
 * play, dead positions by material, the fifty- and seventy-five-move rules,
 * draw claims on the intended move, and a history longer than its ring. */
#include "testutil.h"

#include "game.h"
#include "movegen.h"
#include "uci.h"

#include <string.h>

static void start(struct game *g, const char *fen)
{
    struct fen_error err;
    ck_assert_msg(game_init_fen(g, fen, &err), "%s: %s", fen, err.message);
}

/* Plays space-separated UCI moves, each of which must be legal. */
static void play(struct game *g, const char *moves)
{
    const char *p = moves;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (!len) break;
        move_t m = uci_parse(&g->pos, p, len);
        if (m == MOVE_NONE) /* not ck_assert: one per move would slow long games */
            ck_abort_msg("illegal or unreadable: %.*s", (int)len, p);
        game_play(g, m);
        p += len;
    }
}

static void repeat(struct game *g, const char *moves, int times)
{
    for (int i = 0; i < times; i++)
        play(g, moves);
}

#define SHUFFLE "g1f3 g8f6 f3g1 f6g8"

START_TEST(test_threefold_and_fivefold)
{
    struct game g;
    start(&g, FEN_START);
    ck_assert_int_eq(game_repetitions(&g), 1);
    ck_assert_int_eq(game_claimable_draw(&g), GAME_CLAIM_NONE);
    play(&g, SHUFFLE);
    ck_assert_int_eq(game_repetitions(&g), 2);
    ck_assert(!game_is_threefold(&g));
    /* One move before the third occurrence: Black may claim by announcing Ng8. */
    play(&g, "g1f3 g8f6 f3g1");
    ck_assert_int_eq(game_repetitions(&g), 2); /* after 1.Nf3 Nf6 2.Ng1, twice */
    ck_assert_int_eq(game_claimable_draw(&g), GAME_CLAIM_THREEFOLD);
    ck_assert(!game_is_threefold(&g));
    play(&g, "f6g8");
    ck_assert_int_eq(game_repetitions(&g), 3);
    ck_assert(game_is_threefold(&g));
    ck_assert(game_can_claim_draw(&g));
    ck_assert_int_eq(game_status(&g), GAME_ONGOING);
    repeat(&g, SHUFFLE, 2);
    ck_assert_int_eq(game_repetitions(&g), 5);
    ck_assert(game_is_fivefold(&g));
    ck_assert_int_eq(game_status(&g), GAME_FIVEFOLD);
    ck_assert_str_eq(game_status_name(GAME_FIVEFOLD), "fivefold repetition");
}
END_TEST

START_TEST(test_castling_rights_break_repetition)
{
    struct game g;
    start(&g, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    /* Same placement after the rooks go and come back, but no kingside rights. */
    play(&g, "h1g1 h8g8 g1h1 g8h8");
    ck_assert_int_eq(game_repetitions(&g), 1);
    play(&g, "h1g1 h8g8 g1h1 g8h8");
    ck_assert_int_eq(game_repetitions(&g), 2);
    /* A capture or pawn move: nothing before it can come back. */
    play(&g, "a2a3");
    ck_assert_int_eq(game_repetitions(&g), 1);
    ck_assert_int_eq(g.pos.halfmove, 0);
}
END_TEST

START_TEST(test_en_passant_and_repetition)
{
    struct game g;
    /* 1.e4: e3 is written but no pawn can take, so it is the same position
     * as the one after 1.e4 Nf6 2.Nf3 Ng8 3.Ng1. */
    start(&g, FEN_START);
    play(&g, "e2e4 g8f6 g1f3 f6g8 f3g1");
    ck_assert_int_eq(game_repetitions(&g), 2);

    /* A pawn could take en passant but is pinned: the right does not exist. */
    start(&g, "7k/2p5/8/KP5r/8/8/8/6N1 b - - 0 1");
    play(&g, "c7c5");
    ck_assert_uint_eq(g.pos.ep, make_sq(2, 5));
    struct position without;
    ck_assert(fen_parse(&without, "7k/8/8/KPp4r/8/8/8/6N1 w - - 0 2", NULL));
    ck_assert_uint_eq(game_repetition_key(&g.pos), without.key);
    play(&g, "g1f3 h8g8 f3g1 g8h8");
    ck_assert_int_eq(game_repetitions(&g), 2);

    /* A legal en-passant capture makes the position a different one. */
    start(&g, "7k/2p5/8/1P6/8/8/8/K5N1 b - - 0 1");
    play(&g, "c7c5");
    ck_assert_uint_eq(game_repetition_key(&g.pos), g.pos.key);
    ck_assert(fen_parse(&without, "7k/8/8/1Pp5/8/8/8/K5N1 w - - 0 2", NULL));
    ck_assert_uint_ne(game_repetition_key(&g.pos), without.key);
    play(&g, "g1f3 h8g8 f3g1 g8h8");
    ck_assert_int_eq(game_repetitions(&g), 1);
}
END_TEST

START_TEST(test_checkmate)
{
    struct game g;
    start(&g, FEN_START);
    play(&g, "f2f3 e7e5 g2g4");
    ck_assert(!game_is_checkmate(&g));
    play(&g, "d8h4");
    ck_assert(game_is_checkmate(&g));
    ck_assert(!game_is_stalemate(&g));
    ck_assert_int_eq(game_status(&g), GAME_CHECKMATE);
    ck_assert_int_eq(game_claimable_draw(&g), GAME_CLAIM_NONE);
    ck_assert_str_eq(game_status_name(GAME_CHECKMATE), "checkmate");

    /* Scholar's mate */
    start(&g, FEN_START);
    play(&g, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
    ck_assert_int_eq(game_status(&g), GAME_CHECKMATE);

    /* back-rank mate given as a position */
    start(&g, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    ck_assert_int_eq(game_status(&g), GAME_CHECKMATE);
    /* check, not mate */
    start(&g, "R5k1/5p1p/8/8/8/8/8/6K1 b - - 0 1");
    ck_assert(pos_in_check(&g.pos));
    ck_assert_int_eq(game_status(&g), GAME_ONGOING);
}
END_TEST

START_TEST(test_stalemate)
{
    struct game g;
    start(&g, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    ck_assert(game_is_stalemate(&g));
    ck_assert(!game_is_checkmate(&g));
    ck_assert_int_eq(game_status(&g), GAME_STALEMATE);
    ck_assert_int_eq(game_claimable_draw(&g), GAME_CLAIM_NONE);

    start(&g, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    ck_assert_int_eq(game_status(&g), GAME_ONGOING);
    play(&g, "f1f7");
    ck_assert_int_eq(game_status(&g), GAME_STALEMATE);

    /* a king with a blocked pawn: no move, no check */
    start(&g, "k7/P7/1K6/8/8/8/8/8 b - - 0 1");
    ck_assert_int_eq(game_status(&g), GAME_STALEMATE);
}
END_TEST

static const struct {
    const char *fen;
    bool dead;
    bool white_cannot_mate, black_cannot_mate;
} material[] = {
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true, true},
    {"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true, true},
    {"4k3/8/8/8/8/8/8/1N2K3 b - - 0 1", true, true, true},
    {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true, true},     /* c1 and f8: both dark */
    {"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false, false}, /* c1 dark, c8 light */
    {"4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", true, true, true},     /* two dark bishops */
    {"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", false, false, true},
    {"1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false, false, false},
    {"4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", false, false, true},
    {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, false, true},
    {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, false, true},
    {"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false, false, true},
    {"4k3/4p3/8/8/8/8/8/2B1K3 w - - 0 1", false, false, false},
    {"3qk3/8/8/8/8/8/8/1N2K3 w - - 0 1", false, true, false},
};

START_TEST(test_material)
{
    struct position pos;
    ck_assert(fen_parse(&pos, material[_i].fen, NULL));
    ck_assert_msg(game_is_insufficient_material(&pos) == material[_i].dead, "%s", material[_i].fen);
    ck_assert_msg(game_has_insufficient_material(&pos, WHITE) == material[_i].white_cannot_mate,
                  "%s: white", material[_i].fen);
    ck_assert_msg(game_has_insufficient_material(&pos, BLACK) == material[_i].black_cannot_mate,
                  "%s: black", material[_i].fen);
}
END_TEST

START_TEST(test_dead_position_by_capture)
{
    struct game g;
    start(&g, "8/8/8/8/8/8/3r4/4K2k w - - 0 1");
    ck_assert_int_eq(game_status(&g), GAME_ONGOING);
    play(&g, "e1d2");
    ck_assert_int_eq(game_status(&g), GAME_DEAD_POSITION);
}
END_TEST

START_TEST(test_fifty_and_seventy_five)
{
    struct game g;
    start(&g, "k7/8/8/8/8/8/8/K6R w - - 98 80");
    ck_assert(!game_is_fifty_moves(&g));
    ck_assert_int_eq(game_claimable_draw(&g), GAME_CLAIM_NONE);
    play(&g, "h1h2");
    /* 99 plies: White's next move would make 100, so Black cannot claim yet,
     * but any reversible move Black announces completes the fifty moves. */
    ck_assert(!game_is_fifty_moves(&g));
    ck_assert_int_eq(game_claimable_draw(&g), GAME_CLAIM_FIFTY_MOVES);
    play(&g, "a8b8");
    ck_assert(game_is_fifty_moves(&g));
    ck_assert(game_can_claim_draw(&g));
    ck_assert_int_eq(game_status(&g), GAME_ONGOING);

    start(&g, "k7/8/8/8/8/8/8/K6R w - - 149 80");
    ck_assert(!game_is_seventy_five_moves(&g));
    play(&g, "h1h2");
    ck_assert(game_is_seventy_five_moves(&g));
    ck_assert_int_eq(game_status(&g), GAME_SEVENTY_FIVE_MOVES);

    /* A pawn move resets the count. */
    start(&g, "k7/8/8/8/8/8/P7/K6R w - - 149 80");
    play(&g, "a2a3");
    ck_assert_int_eq(game_status(&g), GAME_ONGOING);

    /* Mate on the 150th ply beats the seventy-five-move rule. */
    start(&g, "k7/8/1K6/8/8/8/8/7R w - - 149 100");
    play(&g, "h1h8");
    ck_assert(game_is_seventy_five_moves(&g));
    ck_assert_int_eq(game_status(&g), GAME_CHECKMATE);
    ck_assert_int_eq(game_claimable_draw(&g), GAME_CLAIM_NONE);

    /* Rh8 mates and so is no claim, but announcing Rh2 is one. */
    start(&g, "k7/8/1K6/8/8/8/8/7R w - - 99 100");
    ck_assert_int_eq(game_claimable_draw(&g), GAME_CLAIM_FIFTY_MOVES);
}
END_TEST

START_TEST(test_history_longer_than_ring)
{
    struct game g;
    start(&g, FEN_START);
    repeat(&g, SHUFFLE, 200);
    ck_assert_int_eq(game_repetitions(&g), 201);
    /* 1200 plies: only the newest GAME_HISTORY_MAX positions are counted,
     * one in every four of them the start position. */
    repeat(&g, SHUFFLE, 100);
    ck_assert_int_eq(game_repetitions(&g), GAME_HISTORY_MAX / 4);
    ck_assert_int_eq(game_status(&g), GAME_FIVEFOLD);
    /* still counting right after a reset */
    play(&g, "e2e4 g8f6 g1f3 f6g8 f3g1");
    ck_assert_int_eq(game_repetitions(&g), 2);
}
END_TEST

START_TEST(test_init_rejects_bad_fen)
{
    struct game g;
    struct fen_error err;
    ck_assert(!game_init_fen(&g, "8/8/8/8/8/8/8/8 w - - 0 1", &err));
    ck_assert_int_eq(err.field, 1);
}
END_TEST

int main(void)
{
    core_init(); /* once here, not in every forked test: building the tables takes a while */
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("game");
    tcase_add_test(tc, test_threefold_and_fivefold);
    tcase_add_test(tc, test_castling_rights_break_repetition);
    tcase_add_test(tc, test_en_passant_and_repetition);
    tcase_add_test(tc, test_checkmate);
    tcase_add_test(tc, test_stalemate);
    tcase_add_loop_test(tc, test_material, 0, (int)(sizeof material / sizeof material[0]));
    tcase_add_test(tc, test_dead_position_by_capture);
    tcase_add_test(tc, test_fifty_and_seventy_five);
    tcase_add_test(tc, test_history_longer_than_ring);
    tcase_add_test(tc, test_init_rejects_bad_fen);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
