/* FEN in and out: round trips for standard, X-FEN, Shredder-FEN and EPD
 * (4-field) input, every error the parser gives (field, column where it
 * matters, and the words of the message), and Zobrist keys agreeing with a
 * from-scratch computation. */
#include "testutil.h"

#include "fen.h"
#include "movegen.h"

#include <stdio.h>
#include <string.h>

static void parse_ok(struct position *pos, const char *fen)
{
    struct fen_error err;
    ck_assert_msg(fen_parse(pos, fen, &err), "rejected %s: %s", fen, err.message);
    ck_assert_uint_eq(pos->key, pos_compute_key(pos));
}

static void written(const struct position *pos, char buf[FEN_MAX])
{
    size_t n = fen_write(pos, buf, FEN_MAX);
    ck_assert_uint_eq(n, strlen(buf));
    ck_assert_uint_lt(n, FEN_MAX);
}

/* FENs that must come back byte for byte. */
static const char *const identical[] = {
    FEN_START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 99 65535",
    /* en passant square kept even when no pawn can take (FEN standard) */
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
    /* Shredder-FEN: Chess960, castling by rook file */
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "rkqrbbnn/pppppppp/8/8/8/8/PPPPPPPP/RKQRBBNN w DAda - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 b Gb - 3 20",
    "4k3/8/8/8/8/8/8/4K1RR w G - 0 1",
};

START_TEST(test_round_trip)
{
    struct position pos;
    char buf[FEN_MAX];
    parse_ok(&pos, identical[_i]);
    written(&pos, buf);
    ck_assert_str_eq(buf, identical[_i]);
    /* and parsing what was written gives the same position */
    struct position again;
    parse_ok(&again, buf);
    ck_assert_uint_eq(again.key, pos.key);
    ck_assert_int_eq(again.chess960, pos.chess960);
    ck_assert_mem_eq(again.castle_rook, pos.castle_rook, sizeof pos.castle_rook);
}
END_TEST

/* Input that is read as given but written in the canonical form. */
static const struct {
    const char *in, *out;
    bool chess960;
} canonical[] = {
    /* EPD: the clocks default to 0 and 1 */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", FEN_START, false},
    {"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 1", false},
    /* X-FEN: KQkq naming inner rooks makes a Chess960 position */
    {"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -",
     "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w EAea - 0 1", true},
    {"r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1",
     "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w FAfa - 0 1", true},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
     "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"2r5/8/8/8/8/8/6PP/k2KR3 w K -", "2r5/8/8/8/8/8/6PP/k2KR3 w E - 0 1", true},
    /* K means the outermost rook: h1, a corner, so still standard chess */
    {"4k3/8/8/8/8/8/8/4K1RR w K - 0 1", "4k3/8/8/8/8/8/8/4K1RR w K - 0 1", false},
    /* Shredder letters are accepted in either order and written KQkq-wise */
    {"r3k2r/8/8/8/8/8/8/R3K2R w ahAH - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", true},
    /* blanks around and between fields, a line end */
    {"  8/8/8/8/8/8/8/K6k   b\t-  -  5 60\n", "8/8/8/8/8/8/8/K6k b - - 5 60", false},
};

START_TEST(test_canonical)
{
    struct position pos;
    char buf[FEN_MAX];
    parse_ok(&pos, canonical[_i].in);
    ck_assert_int_eq(pos.chess960, canonical[_i].chess960);
    written(&pos, buf);
    ck_assert_str_eq(buf, canonical[_i].out);
}
END_TEST

START_TEST(test_castling_rooks)
{
    struct position pos;
    parse_ok(&pos, "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1");
    ck_assert_int_eq(pos.castling, CASTLE_WK | CASTLE_WQ | CASTLE_BK | CASTLE_BQ);
    ck_assert_int_eq(pos.castle_rook[0], make_sq(4, 0)); /* e1 */
    ck_assert_int_eq(pos.castle_rook[1], make_sq(0, 0)); /* a1 */
    ck_assert_int_eq(pos.castle_rook[2], make_sq(4, 7)); /* e8 */
    ck_assert_int_eq(pos.castle_rook[3], make_sq(0, 7)); /* a8 */
    parse_ok(&pos, "4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
    ck_assert_int_eq(pos.castle_rook[0], make_sq(6, 0));
    ck_assert(pos.chess960);
    parse_ok(&pos, FEN_START);
    ck_assert(!pos.chess960);
    ck_assert_int_eq(pos.castle_rook[0], make_sq(7, 0));
}
END_TEST

static const struct {
    const char *fen;
    int field;
    const char *words;
    int column; /* 0: not checked */
} bad[] = {
    /* fields as a whole */
    {"", 0, "0 fields, needs at least 4", 0},
    {"4k3/8/8/8/8/8/8/4K3 w -", 0, "3 fields, needs at least 4", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", 0, "unexpected text after field 6", 31},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 2 3", 0, "unexpected text after field 6", 31},
    /* 1: placement */
    {"4k3/8/8/8/8/8/4K3 w - - 0 1", 1, "7 ranks, not 8", 0},
    {"4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", 1, "more than 8 ranks", 0},
    {"4k3/8/8/8/8/8/8/4K3/ w - - 0 1", 1, "more than 8 ranks", 0},
    {"4k4/8/8/8/8/8/8/4K3 w - - 0 1", 1, "rank 8 has more than 8 squares", 3},
    {"4k3p/8/8/8/8/8/8/4K3 w - - 0 1", 1, "rank 8 has more than 8 squares", 4},
    {"4k3/8/8/8/8/8/8/4K3r w - - 0 1", 1, "rank 1 has more than 8 squares", 0},
    {"4k2/8/8/8/8/8/8/4K3 w - - 0 1", 1, "rank 8 has 7 squares, not 8", 0},
    {"4k3/8/8/8/8/8/8/4K2 w - - 0 1", 1, "rank 1 has 7 squares, not 8", 0},
    {"4k3/8/8/8/8/8/8/4X3 w - - 0 1", 1, "'X' is not a piece letter", 18},
    {"4k3/9/8/8/8/8/8/4K3 w - - 0 1", 1, "'9' is not a piece letter", 0},
    {"4k3/0/8/8/8/8/8/4K3 w - - 0 1", 1, "'0' is not a piece letter", 0},
    {"8/8/8/8/8/8/8/4K3 w - - 0 1", 1, "0 black kings", 0},
    {"4k3/8/8/8/8/8/8/8 w - - 0 1", 1, "0 white kings", 0},
    {"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", 1, "2 white kings", 0},
    {"3kk3/8/8/8/8/8/8/4K3 w - - 0 1", 1, "2 black kings", 0},
    {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", 1, "pawn on a8", 0},
    {"4k3/8/8/8/8/8/8/4K2p w - - 0 1", 1, "pawn on h1", 0},
    {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", 1, "more than 8 white pawns", 0},
    {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", 1, "more than 8 black pawns", 0},
    {"rnbqkbnr/pppppppp/n7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "more than 16 black pieces",
     0},
    {"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "more than 16 white pieces",
     0},
    {"4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1", 1, "check from more than two pieces", 0},
    /* 2: side to move */
    {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", 2, "'x' is neither 'w' nor 'b'", 21},
    {"4k3/8/8/8/8/8/8/4K3 W - - 0 1", 2, "'W' is neither 'w' nor 'b'", 0},
    {"4k3/8/8/8/8/8/8/4K3 wb - - 0 1", 2, "'wb' is neither 'w' nor 'b'", 0},
    {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", 2, "White to move but the black king is already in check",
     0},
    {"4k3/8/8/8/8/8/8/4K2r b - - 0 1", 2, "Black to move but the white king is already in check",
     0},
    {"8/8/8/3kK3/8/8/8/8 w - - 0 1", 2, "already in check", 0},
    /* 3: castling */
    {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", 3, "'K' but no white rook on the king side", 23},
    {"4k3/8/8/8/8/8/8/4K2R w Q - 0 1", 3, "'Q' but no white rook on the queen side", 0},
    {"4k3/8/8/8/8/8/8/R3K3 w H - 0 1", 3, "'H' but no white rook on h1", 0},
    {"r3k3/8/8/8/8/8/8/4K3 w k - 0 1", 3, "'k' but no black rook on the king side", 0},
    {"r3k3/8/8/8/8/8/8/4K3 w b - 0 1", 3, "'b' but no black rook on b8", 0},
    {"4k3/8/8/8/8/8/4K3/7R w K - 0 1", 3, "'K' but the white king is not on its first rank", 0},
    {"r7/4k3/8/8/8/8/8/4K3 w q - 0 1", 3, "'q' but the black king is not on its first rank", 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1", 3, "'K' repeats a right already given", 28},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkqk - 0 1", 3, "'k' repeats a right", 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1", 3, "'H' repeats a right", 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", 3, "'x' is not a castling letter", 30},
    {"r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1", 3, "'-' is not a castling letter", 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w -- - 0 1", 3, "'-' is not a castling letter", 0},
    /* 4: en passant */
    {"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", 4, "'e9' is not a square or '-'", 25},
    {"4k3/8/8/8/8/8/8/4K3 w - i6 0 1", 4, "'i6' is not a square or '-'", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - e66 0 1", 4, "'e66' is not a square or '-'", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - E6 0 1", 4, "'E6' is not a square or '-'", 0},
    {"4k3/8/8/8/4p3/8/8/4K3 w - e3 0 1", 4, "e3 is not on rank 6, where White to move needs it", 0},
    {"4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1", 4, "e6 is not on rank 3, where Black to move needs it", 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", 4, "e6 but no black pawn on e5",
     0},
    {"4k3/8/8/8/3p4/8/8/4K3 b - d3 0 1", 4, "d3 but no white pawn on d4", 0},
    {"4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", 4, "cannot have just moved two squares", 0},
    {"4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", 4, "cannot have just moved two squares", 0},
    {"4k3/8/8/8/4P3/4B3/8/4K3 b - e3 0 1", 4, "cannot have just moved two squares", 0},
    /* 5, 6: clocks */
    {"4k3/8/8/8/8/8/8/4K3 w - - x 1", 5, "'x' is not a number", 27},
    {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", 5, "'-1' is not a number", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - - 1.5 1", 5, "'1.5' is not a number", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - - 65536 1", 5, "'65536' is out of range (0 to 65535)", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", 5, "is out of range", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 x", 6, "'x' is not a number", 29},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 +1", 6, "'+1' is not a number", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 0", 6, "'0' is out of range (1 to 65535)", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 70000", 6, "'70000' is out of range (1 to 65535)", 0},
};

START_TEST(test_errors)
{
    struct position pos;
    struct fen_error err = {0};
    ck_assert_msg(!fen_parse(&pos, bad[_i].fen, &err), "accepted %s", bad[_i].fen);
    ck_assert_msg(err.field == bad[_i].field, "%s: field %d, want %d (%s)", bad[_i].fen, err.field,
                  bad[_i].field, err.message);
    ck_assert_msg(strstr(err.message, bad[_i].words), "%s: message '%s' lacks '%s'", bad[_i].fen,
                  err.message, bad[_i].words);
    char prefix[32];
    if (bad[_i].field)
        snprintf(prefix, sizeof prefix, "FEN field %d (", bad[_i].field);
    else
        snprintf(prefix, sizeof prefix, "FEN: ");
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    if (bad[_i].column)
        ck_assert_msg(err.column == bad[_i].column, "%s: column %d, want %d", bad[_i].fen,
                      err.column, bad[_i].column);
    /* a NULL error struct is allowed */
    ck_assert(!fen_parse(&pos, bad[_i].fen, NULL));
}
END_TEST

/* Legal though they look odd: must parse. */
static const char *const odd_but_fine[] = {
    /* en passant square although no pawn can take */
    "4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 1",
    "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
    /* the en-passant capture exists but is illegal (pinned pawn) */
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
    /* double check */
    "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
    /* promoted pieces: 3 queens, 7 pawns */
    "4k3/8/8/8/8/8/QQQPPPPP/4K3 w - - 0 1",
    /* the side to move in check, answered by en passant */
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
};

START_TEST(test_odd_but_fine)
{
    struct position pos;
    char buf[FEN_MAX];
    parse_ok(&pos, odd_but_fine[_i]);
    written(&pos, buf);
    ck_assert_str_eq(buf, odd_but_fine[_i]);
}
END_TEST

START_TEST(test_write_truncates)
{
    struct position pos;
    char small[10];
    parse_ok(&pos, FEN_START);
    size_t n = fen_write(&pos, small, sizeof small);
    ck_assert_uint_eq(n, strlen(FEN_START));
    ck_assert_str_eq(small, "rnbqkbnr/");
}
END_TEST

/* Walks the tree `depth` plies deep, counting positions whose incremental key
 * differs from one computed from scratch (plain compare: a Check assertion
 * per node would cost more than the walk). */
static int key_mismatches(const struct position *pos, int depth)
{
    int wrong = pos->key != pos_compute_key(pos);
    if (depth == 0) return wrong;
    struct move_list list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        struct position next = *pos;
        pos_make_move(&next, list.moves[i]);
        wrong += key_mismatches(&next, depth - 1);
    }
    return wrong;
}

static const char *const key_positions[] = {
    FEN_START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
};

START_TEST(test_keys_incremental)
{
    struct position pos;
    parse_ok(&pos, key_positions[_i]);
    ck_assert_int_eq(key_mismatches(&pos, 3), 0);
}
END_TEST

START_TEST(test_keys_identify_positions)
{
    struct position a, b;
    /* An en-passant square no pawn can use does not change the key. */
    parse_ok(&a, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    parse_ok(&b, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    ck_assert_uint_eq(a.key, b.key);
    /* One that a pawn can use does. */
    parse_ok(&a, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    parse_ok(&b, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    ck_assert_uint_ne(a.key, b.key);
    /* Side to move, castling rights and placement all count; clocks do not. */
    parse_ok(&a, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    parse_ok(&b, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    ck_assert_uint_ne(a.key, b.key);
    parse_ok(&b, "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");
    ck_assert_uint_ne(a.key, b.key);
    parse_ok(&b, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 40 90");
    ck_assert_uint_eq(a.key, b.key);
    /* Knights out and back give the start key again. */
    parse_ok(&a, FEN_START);
    uint64_t start = a.key;
    static const char *const moves[][2] = {{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}};
    for (int i = 0; i < 4; i++) {
        int from = make_sq(moves[i][0][0] - 'a', moves[i][0][1] - '1');
        int to = make_sq(moves[i][1][0] - 'a', moves[i][1][1] - '1');
        move_t m = move_make(from, to, MOVE_NORMAL, 0);
        ck_assert(movegen_is_legal(&a, m));
        pos_make_move(&a, m);
    }
    ck_assert_uint_eq(a.key, start);
    ck_assert_uint_eq(a.halfmove, 4);
    ck_assert_uint_eq(a.fullmove, 3);
}
END_TEST

int main(void)
{
    core_init(); /* once here, not in every forked test: building the tables takes a while */
    Suite *s = suite_create("fen");
    TCase *tc = tcase_create("fen");
    tcase_add_loop_test(tc, test_round_trip, 0, (int)(sizeof identical / sizeof identical[0]));
    tcase_add_loop_test(tc, test_canonical, 0, (int)(sizeof canonical / sizeof canonical[0]));
    tcase_add_test(tc, test_castling_rooks);
    tcase_add_loop_test(tc, test_errors, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_loop_test(tc, test_odd_but_fine, 0,
                        (int)(sizeof odd_but_fine / sizeof odd_but_fine[0]));
    tcase_add_test(tc, test_write_truncates);
    tcase_add_loop_test(tc, test_keys_incremental, 0,
                        (int)(sizeof key_positions / sizeof key_positions[0]));
    tcase_add_test(tc, test_keys_identify_positions);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
