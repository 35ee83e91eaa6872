/* SAN and the other exact notations (LAN, FAN, ICCF, UCI): rendering edge
 * cases from the seeds, the parse/resolve outcomes kept apart (invalid,
 * illegal, ambiguous), and write-then-read round trips over every legal move
 * of small perft trees, standard and Chess960. */
#include "testutil.h"

#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "uci.h"

#include <stdio.h>
#include <string.h>

static struct position position_of(const char *fen)
{
    struct position pos;
    struct fen_error err;
    ck_assert_msg(fen_parse(&pos, fen, &err), "%s: %s", fen, err.message);
    return pos;
}

static move_t move_of(const struct position *pos, const char *uci)
{
    move_t m = uci_parse(pos, uci, strlen(uci));
    ck_assert_msg(m != MOVE_NONE, "%s is not legal", uci);
    return m;
}

/* ---- rendering ---------------------------------------------------------- */

static const struct {
    const char *fen, *uci, *san, *lan;
} renderings[] = {
    /* Seed 001: three queens reach e1; the h4 one needs file and rank. */
    {"2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1", "h4e1", "Qh4e1", "Qh4-e1"},
    {"2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1", "e4e1", "Qee1", "Qe4-e1"},
    {"2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1", "h1e1", "Q1e1", "Qh1-e1"},
    /* Seed 001: rooks on one file take the rank; on one rank, the file. */
    {"7k/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3", "Ra1-a3"},
    {"7k/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3", "Ra5-a3"},
    {"3r3r/8/8/8/8/8/8/K6k b - - 0 1", "d8f8", "Rdf8", "Rd8-f8"},
    {"3r3r/8/8/8/8/8/8/K6k b - - 0 1", "h8f8", "Rhf8", "Rh8-f8"},
    /* Seed 004 E9: Ngf3/Ndf3, N5f3/N1f3, Nhxf3/Ndxf3. */
    {"4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "g1f3", "Ngf3", "Ng1-f3"},
    {"4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "d2f3", "Ndf3", "Nd2-f3"},
    {"4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g5f3", "N5f3", "Ng5-f3"},
    {"4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g1f3", "N1f3", "Ng1-f3"},
    {"4k3/8/8/8/3N4/5p2/7N/4K3 w - - 0 1", "h2f3", "Nhxf3", "Nh2xf3"},
    {"4k3/8/8/8/3N4/5p2/7N/4K3 w - - 0 1", "d4f3", "Ndxf3", "Nd4xf3"},
    /* Only legal moves count: the pinned f3 knight does not cause Nbd2. */
    {"4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1", "b1d2", "Nd2", "Nb1-d2"},
    {"4k3/8/8/8/8/5N2/8/1N5K w - - 0 1", "b1d2", "Nbd2", "Nb1-d2"},
    /* Promotion with capture and check; without check; underpromotion. */
    {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", "exd8=Q+", "e7xd8=Q+"},
    {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+", "e7-e8=Q+"},
    {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", "exd8=N", "e7xd8=N"},
    {"4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1r", "a1=R+", "a2-a1=R+"},
    /* Mate against check. */
    {"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#", "Ra1-a8#"},
    {"6k1/5pp1/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+", "Ra1-a8+"},
    /* En passant: written as the capture it is, no "e.p.". */
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6", "e5xd6"},
    /* Two pawns can take: the file tells them apart (E10). */
    {"4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "c4d5", "cxd5", "c4xd5"},
    /* Castling both sides, and castling that checks. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O", "O-O"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O", "O-O-O"},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O", "O-O-O"},
    {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+", "O-O+"},
    /* Chess960: king b1, rooks a1 and h1; the step to c1 is not castling. */
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "b1a1", "O-O-O", "O-O-O"},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "b1h1", "O-O", "O-O"},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "b1c1", "Kc1", "Kb1-c1"},
    /* Chess960: the king already stands on g1 and only the rook moves. */
    {"1k6/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", "O-O", "O-O"},
};

START_TEST(test_render)
{
    struct position pos = position_of(renderings[_i].fen);
    struct position before = pos;
    move_t m = move_of(&pos, renderings[_i].uci);
    char buf[NOTATION_MAX];
    san_write(&pos, m, buf);
    ck_assert_str_eq(buf, renderings[_i].san);
    lan_write(&pos, m, buf);
    ck_assert_str_eq(buf, renderings[_i].lan);
    ck_assert(memcmp(&pos, &before, sizeof pos) == 0);
}
END_TEST

START_TEST(test_render_chess960_flag)
{
    ck_assert(position_of("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1").chess960);
    ck_assert(position_of("1k6/8/8/8/8/8/8/6KR w H - 0 1").chess960);
}
END_TEST

START_TEST(test_render_fan_iccf)
{
    char buf[NOTATION_MAX];
    struct position pos = position_of(FEN_START);
    fan_write(&pos, move_of(&pos, "g1f3"), buf);
    ck_assert_str_eq(buf, "\u2658f3");
    fan_write(&pos, move_of(&pos, "e2e4"), buf);
    ck_assert_str_eq(buf, "e4");
    iccf_write(&pos, move_of(&pos, "e2e4"), buf);
    ck_assert_str_eq(buf, "5254");
    iccf_write(&pos, move_of(&pos, "g1f3"), buf);
    ck_assert_str_eq(buf, "7163");

    pos = position_of("rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    fan_write(&pos, move_of(&pos, "f6e4"), buf);
    ck_assert_str_eq(buf, "\u265exe4");

    pos = position_of("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    fan_write(&pos, move_of(&pos, "e7d8q"), buf);
    ck_assert_str_eq(buf, "exd8=\u2655+");
    iccf_write(&pos, move_of(&pos, "e7e8q"), buf);
    ck_assert_str_eq(buf, "57581");
    iccf_write(&pos, move_of(&pos, "e7d8n"), buf);
    ck_assert_str_eq(buf, "57484");

    pos = position_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    iccf_write(&pos, move_of(&pos, "e1g1"), buf);
    ck_assert_str_eq(buf, "5171");
    iccf_write(&pos, move_of(&pos, "e1c1"), buf);
    ck_assert_str_eq(buf, "5131");
    notation_write(&pos, move_of(&pos, "e1g1"), NOTATION_UCI, buf);
    ck_assert_str_eq(buf, "e1g1");
}
END_TEST

/* uci_parse() looks only at the moves of the piece on the from-square
 * (every move of a king's: castling spelt either way): what is not the
 * side's own piece, or not its legal move there, is no move. */
START_TEST(test_uci_parse)
{
    struct position start = position_of(FEN_START);
    static const char *const none[] = {"e7e5", "e4e5", "e2e5", "g1g3", "e1e2", "e2e4q", "e2e4k"};
    for (gsize i = 0; i < G_N_ELEMENTS(none); i++)
        ck_assert_msg(uci_parse(&start, none[i], strlen(none[i])) == MOVE_NONE, "%s", none[i]);
    ck_assert_int_eq(move_to(move_of(&start, "g1f3")), make_sq(5, 2));
    /* castling as the king's two steps or as king takes rook, each way */
    struct position castles = position_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ck_assert_int_eq(move_of(&castles, "e1g1"), move_of(&castles, "e1h1"));
    ck_assert_int_eq(move_of(&castles, "e1c1"), move_of(&castles, "e1a1"));
    ck_assert_int_eq(move_kind(move_of(&castles, "e1c1")), MOVE_CASTLING);
    ck_assert_int_eq(move_kind(move_of(&castles, "e1f1")), MOVE_NORMAL);
    /* a promotion needs its piece; the pawn takes en passant */
    struct position promote = position_of("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    ck_assert(uci_parse(&promote, "e7e8", 4) == MOVE_NONE);
    ck_assert_int_eq(move_promotion(move_of(&promote, "e7d8n")), KNIGHT);
    struct position ep = position_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    ck_assert_int_eq(move_kind(move_of(&ep, "e5d6")), MOVE_EN_PASSANT);
}
END_TEST

START_TEST(test_null_move)
{
    struct position pos = position_of(FEN_START);
    char buf[NOTATION_MAX];
    san_write(&pos, MOVE_NONE, buf);
    ck_assert_str_eq(buf, "--");
    static const char *const nulls[] = {"--", "Z0", "0000", "@@@@"};
    for (int i = 0; i < 4; i++) {
        move_t m = 1;
        ck_assert_int_eq(san_read(&pos, nulls[i], strlen(nulls[i]), 0, &m, NULL), SAN_OK);
        ck_assert_int_eq(m, MOVE_NULL);
    }
    /* played: only the side, the en-passant square and the clocks change */
    struct position after = position_of("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 30");
    struct position before = after;
    pos_make_move(&after, MOVE_NULL);
    struct position want = position_of("4k3/8/8/8/3pP3/8/8/4K3 w - - 1 31");
    ck_assert_uint_eq(after.key, want.key);
    ck_assert_uint_eq(after.key, pos_compute_key(&after));
    ck_assert(after.side == WHITE && after.ep == SQ_NONE && after.fullmove == 31);
    ck_assert(!memcmp(after.board, before.board, sizeof after.board));
    char text[NOTATION_MAX];
    ck_assert_str_eq((san_write(&before, MOVE_NULL, text), text), "--");
    ck_assert_str_eq((notation_write(&before, MOVE_NULL, NOTATION_UCI, text), text), "0000");
    ck_assert_str_eq((uci_write(&before, MOVE_NULL, text), text), "0000");
    /* no pass out of check */
    struct position in_check = position_of("4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
    struct position beside = position_of("4k3/8/8/8/8/8/8/5RK1 b - - 0 1");
    struct san_error err;
    move_t m = 1;
    ck_assert_int_eq(san_read(&in_check, "--", 2, 0, &m, &err), SAN_ILLEGAL);
    ck_assert_msg(strstr(err.message, "null move"), "%s", err.message);
    ck_assert_int_eq(san_read(&beside, "--", 2, 0, &m, &err), SAN_OK);
}
END_TEST

/* ---- parsing: the shape of the text, no board ---------------------------- */

START_TEST(test_parse_forms)
{
    struct san s;
    struct san_error err;
    ck_assert_int_eq(san_parse("Ng1-f3", 6, &s, &err), SAN_OK);
    ck_assert(s.piece == KNIGHT && s.from_file == 6 && s.from_rank == 0);
    ck_assert(s.to_file == 5 && s.to_rank == 2 && s.capture == SAN_CAPTURE_NO);
    ck_assert_int_eq(san_parse("Rd3xd7", 6, &s, &err), SAN_OK);
    ck_assert(s.piece == ROOK && s.capture == SAN_CAPTURE_YES);
    ck_assert_int_eq(san_parse("e7-e8=Q", 7, &s, &err), SAN_OK);
    ck_assert(s.piece == NO_TYPE && s.promotion == QUEEN);
    ck_assert_int_eq(san_parse("e8Q", 3, &s, &err), SAN_OK);
    ck_assert(s.piece == PAWN && s.promotion == QUEEN && s.from_file < 0);
    ck_assert_int_eq(san_parse("exd8=N#", 7, &s, &err), SAN_OK);
    ck_assert(s.from_file == 4 && s.promotion == KNIGHT && s.check == SAN_CHECK_MATE);
    ck_assert_int_eq(san_parse("0-0-0+", 6, &s, &err), SAN_OK);
    ck_assert(s.castle == SAN_CASTLE_QUEEN && s.check == SAN_CHECK_CHECK);
    ck_assert_int_eq(san_parse("O-O!?", 5, &s, &err), SAN_OK);
    ck_assert(s.castle == SAN_CASTLE_KING && s.nag == 5);
    ck_assert_int_eq(san_parse("Qh4xe1++??", 10, &s, &err), SAN_OK);
    ck_assert(s.check == SAN_CHECK_CHECK_OR_MATE && s.nag == 4);
    ck_assert_int_eq(san_parse("N5f3!", 5, &s, &err), SAN_OK);
    ck_assert(s.from_rank == 4 && s.from_file < 0 && s.nag == 1);
}
END_TEST

static const struct {
    const char *text;
    int column;
} invalid[] = {
    {"", 1},
    {"Xe4", 1},
    {"e9", 2},
    {"Nf", 3},
    {"Nf3x", 5},
    {"Nxz3", 3},
    {"Nf3=Q", 4},
    {"e5=Q", 3},
    {"e8=K", 4},
    {"xd5", 1},
    {"e4+!x", 5},
    {"O-O-O-O", 6},
    {"N-f3", 2},
    {" e4", 1},
    {"e4 ", 3},
    {"Pe4", 1},
    {"e2-", 4},
    {"\xe2\x99\x98"
     "f3",
     1},
};

START_TEST(test_parse_invalid)
{
    struct san s;
    struct san_error err;
    const char *text = invalid[_i].text;
    ck_assert_int_eq(san_parse(text, strlen(text), &s, &err), SAN_INVALID);
    ck_assert_msg(err.column == invalid[_i].column, "'%s': column %d, expected %d (%s)", text,
                  err.column, invalid[_i].column, err.message);
    ck_assert_msg(strncmp(err.message, "column ", 7) == 0, "%s", err.message);
}
END_TEST

START_TEST(test_parse_other_notations)
{
    struct san s;
    struct san_error err;
    const char *knight = "\u2658g1-f3", *black = "\u265exe4", *pawn = "\u2659e4";
    ck_assert_int_eq(fan_parse(knight, strlen(knight), &s, &err), SAN_OK);
    ck_assert(s.piece == KNIGHT && s.from_file == 6 && s.to_file == 5);
    ck_assert_int_eq(fan_parse(black, strlen(black), &s, &err), SAN_OK);
    ck_assert(s.piece == KNIGHT && s.capture == SAN_CAPTURE_YES);
    ck_assert_int_eq(fan_parse(pawn, strlen(pawn), &s, &err), SAN_OK);
    ck_assert(s.piece == PAWN && s.to_rank == 3);
    const char *bad = "\u2658f9";
    ck_assert_int_eq(fan_parse(bad, strlen(bad), &s, &err), SAN_INVALID);
    ck_assert_msg(err.column == 3, "%s", err.message); /* characters, not bytes */

    ck_assert_int_eq(iccf_parse("57581", 5, &s, &err), SAN_OK);
    ck_assert(s.from_file == 4 && s.from_rank == 6 && s.to_rank == 7 && s.promotion == QUEEN);
    ck_assert_int_eq(iccf_parse("57584", 5, &s, &err), SAN_OK);
    ck_assert_int_eq(s.promotion, KNIGHT);
    ck_assert_int_eq(iccf_parse("5294", 4, &s, &err), SAN_INVALID);
    ck_assert_int_eq(err.column, 3);
    ck_assert_int_eq(iccf_parse("57585", 5, &s, &err), SAN_INVALID);
    ck_assert_int_eq(err.column, 5);
    ck_assert_int_eq(iccf_parse("525", 3, &s, &err), SAN_INVALID);

    ck_assert_int_eq(notation_parse_uci("e7e8k", 5, &s, &err), SAN_INVALID);
    ck_assert_int_eq(err.column, 5);
    ck_assert_int_eq(notation_parse_uci("e7e9", 4, &s, &err), SAN_INVALID);
    ck_assert_int_eq(err.column, 3);

    enum notation_style style;
    ck_assert(notation_style_from_name("ICCF", &style) && style == NOTATION_ICCF);
    ck_assert(!notation_style_from_name("xyz", &style));
}
END_TEST

START_TEST(test_read_other_notations)
{
    struct position pos = position_of(FEN_START);
    struct san_error err;
    move_t m;
    ck_assert_int_eq(notation_read(&pos, NOTATION_ICCF, "5254", 4, 0, &m, &err), SAN_OK);
    ck_assert_int_eq(m, move_of(&pos, "e2e4"));
    ck_assert_int_eq(notation_read(&pos, NOTATION_ICCF, "5255", 4, 0, &m, &err), SAN_ILLEGAL);
    ck_assert_int_eq(notation_read(&pos, NOTATION_UCI, "g1f3", 4, 0, &m, &err), SAN_OK);
    ck_assert_int_eq(m, move_of(&pos, "g1f3"));
    ck_assert_int_eq(notation_read(&pos, NOTATION_UCI, "g1g3", 4, 0, &m, &err), SAN_ILLEGAL);
    ck_assert_int_eq(notation_read(&pos, NOTATION_LAN, "Ng1-f3", 6, 0, &m, &err), SAN_OK);
    ck_assert_int_eq(m, move_of(&pos, "g1f3"));
}
END_TEST

/* ---- English descriptive notation ------------------------------------------ */

/* Plays the UCI moves of line (space-separated) from the start. */
static struct position after_line(const char *line)
{
    struct position pos = position_of(FEN_START);
    char copy[256];
    snprintf(copy, sizeof copy, "%s", line);
    for (char *m = strtok(copy, " "); m; m = strtok(NULL, " "))
        pos_make_move(&pos, move_of(&pos, m));
    return pos;
}

/* A FEN's position, or the one after the UCI moves of a line. */
static struct position position_at(const char *fen_or_line)
{
    return strchr(fen_or_line, '/') ? position_of(fen_or_line) : after_line(fen_or_line);
}

static const struct {
    const char *fen_or_line; /* a FEN, or the UCI moves from the start */
    const char *text;
    enum san_status status;
    const char *uci; /* the move when SAN_OK */
} descriptive[] = {
    {"", "P-K4", SAN_OK, "e2e4"},
    {"", "N-KB3", SAN_OK, "g1f3"},
    {"", "Kt-KB3", SAN_OK, "g1f3"},
    {"", "KKt-B3", SAN_OK, "g1f3"},
    {"", "QN-B3", SAN_OK, "b1c3"},
    {"", "N-B3", SAN_AMBIGUOUS, NULL}, /* c3 or f3 */
    {"", "P-B4", SAN_AMBIGUOUS, NULL},
    {"", "P-QB4", SAN_OK, "c2c4"},
    {"", "P-K5", SAN_ILLEGAL, NULL},
    {"", "N-K2", SAN_ILLEGAL, NULL}, /* e2 holds a pawn */
    /* Black counts the ranks from its own end */
    {"e2e4", "P-K4", SAN_OK, "e7e5"},
    {"e2e4", "N-KB3", SAN_OK, "g8f6"},
    {"e2e4", "P-QB4", SAN_OK, "c7c5"},
    /* captures name what they take */
    {"e2e4 d7d5", "PxP", SAN_OK, "e4d5"},
    {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "BxN", SAN_OK, "b5c6"},
    {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6", "PxB", SAN_AMBIGUOUS, NULL},
    {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6", "QPxB", SAN_OK, "d7c6"},
    {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6", "NPxB", SAN_OK, "b7c6"},
    {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6", "PxB(QB3)", SAN_AMBIGUOUS, NULL},
    {"e2e4 e7e5 g1f3 b8c6", "NxP", SAN_OK, "f3e5"},
    {"e2e4 e7e5 g1f3 b8c6", "NxKP", SAN_OK, "f3e5"},
    {"e2e4 e7e5 g1f3 b8c6", "NxQP", SAN_ILLEGAL, NULL},
    {"e2e4 e7e5 g1f3 b8c6", "N-K5", SAN_ILLEGAL, NULL}, /* a capture says so */
    /* the wings: rooks by their half of the board, bishops by shade */
    {"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "R-Q1", SAN_AMBIGUOUS, NULL},
    {"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "KR-Q1", SAN_OK, "h1d1"},
    {"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "QR-Q1", SAN_OK, "a1d1"},
    {"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "R(KR1)-Q1", SAN_OK, "h1d1"},
    {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", "KB-K2", SAN_OK, "f1e2"},
    {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", "QB-Q2", SAN_OK, "c1d2"},
    {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", "KB-Q2", SAN_ILLEGAL, NULL},
    {"2kb4/8/8/8/8/8/4K3/8 w - - 0 1", "K-Q3", SAN_OK, "e2d3"},
    {"2kb4/8/8/8/8/8/4K3/8 b - - 0 1", "KB-N4", SAN_OK, "d8g5"}, /* Black's KB: dark */
    {"2kb4/8/8/8/8/8/4K3/8 b - - 0 1", "QB-N4", SAN_ILLEGAL, NULL},
    /* promotion, castling, check words */
    {"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", "P-K8=Q", SAN_OK, "e7e8q"},
    {"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", "P-K8(N)", SAN_OK, "e7e8n"},
    {"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", "P-K8R", SAN_OK, "e7e8r"},
    {"4k3/8/8/8/8/8/3p4/7K b - - 0 1", "P-Q8=Q", SAN_OK, "d2d1q"},
    {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "Castles", SAN_OK, "e8h8"},
    {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "Castles(QR)", SAN_OK, "e8a8"},
    {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "Castles (Q)", SAN_OK, "e8a8"},
    {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "Castles (KR)", SAN_OK, "e8h8"},
    {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "Castles (Q R)", SAN_OK, "e8a8"},
    {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "Castles (K R)", SAN_OK, "e8h8"},
    {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "O-O-O", SAN_OK, "e8a8"},
    {"e2e4 e7e5 d1h5 b8c6 f1c4 g8f6", "QxBPmate", SAN_OK, "h5f7"},
    {"e2e4 e7e5 d1h5 b8c6 f1c4 g8f6", "QxPch", SAN_AMBIGUOUS, NULL},
    /* the words of older books */
    {"", "P to K 4th", SAN_OK, "e2e4"},
    {"", "P - K 4", SAN_OK, "e2e4"},
    {"", "K Kt to B 3rd", SAN_OK, "g1f3"},
    {"", "K. Kt. to K. B. 3d", SAN_OK, "g1f3"},
    {"", "Kt to B 3rd", SAN_AMBIGUOUS, NULL},
    {"e2e4", "P to Q B 4tb", SAN_OK, "c7c5"}, /* an ordinal misread */
    {"e2e4 d7d5", "P takes P", SAN_OK, "e4d5"},
    {"e2e4 e7e5 g1f3 b8c6", "Kt takes K P", SAN_OK, "f3e5"},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "K to B sq", SAN_OK, "e1f1"},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "K to K's 2nd", SAN_OK, "e1e2"},
    {"e2e4 e7e5 d1h5 b8c6 f1c4 g8f6", "Q takes K B P, mate", SAN_OK, "h5f7"},
    {"e2e4 e7e5 d1h5 b8c6 f1c4 g8f6", "Q takes B P (ch)", SAN_OK, "h5f7"},
    {"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", "P to K 8th (Kt)", SAN_OK, "e7e8n"},
    {"", "P to K 4th P to K 4th", SAN_INVALID, NULL}, /* two moves */
    {"", "P to move", SAN_INVALID, NULL},
    {"", "P to K", SAN_INVALID, NULL},
    /* not descriptive at all */
    {"", "e4", SAN_INVALID, NULL},
    {"", "P-K9", SAN_INVALID, NULL},
    {"", "P-", SAN_INVALID, NULL},
    {"", "X-K4", SAN_INVALID, NULL},
    {"", "P-K4xyz", SAN_INVALID, NULL},
};

START_TEST(test_descriptive)
{
    const char *text = descriptive[_i].text;
    struct position pos = position_at(descriptive[_i].fen_or_line);
    struct san_error err = {0};
    move_t m = MOVE_NONE;
    enum san_status st =
        notation_read(&pos, NOTATION_DESCRIPTIVE, text, strlen(text), SAN_VERIFY_CAPTURE, &m, &err);
    ck_assert_msg(st == descriptive[_i].status, "'%s': status %d (%s)", text, st, err.message);
    if (st == SAN_OK) ck_assert_int_eq(m, move_of(&pos, descriptive[_i].uci));
}
END_TEST

/* The writer's spelling: the shortest that names the move alone. */
START_TEST(test_descriptive_write)
{
    static const struct {
        const char *fen_or_line, *uci, *text;
    } cases[] = {
        {"", "e2e4", "P-K4"},
        {"", "g1f3", "N-KB3"}, /* N-B3 could be Nc3 */
        {"", "c2c4", "P-QB4"},
        {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "b5c6", "BxN"},
        {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6", "d7c6", "QPxB"},
        {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6", "b7c6", "NPxB"},
        {"e2e4 d7d5", "e4d5", "PxP"},
        {"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "QR-Q1"},
        {"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "P-K8=Q"},
        {"e2e4 e7e5 d1h5 b8c6 f1c4 g8f6", "h5f7", "QxBP#"},
        {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8a8", "O-O-O"},
        {"e2e4 a7a6 e4e5 d7d5", "e5d6", "PxP"}, /* en passant */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position pos = position_at(cases[i].fen_or_line);
        char buf[DESC_MAX];
        desc_write(&pos, move_of(&pos, cases[i].uci), buf);
        ck_assert_str_eq(buf, cases[i].text);
    }
}
END_TEST

/* Where a move in words ends in a line of them, and its short form. */
START_TEST(test_descriptive_long_extent)
{
    static const struct {
        const char *line, *move, *short_form;
    } cases[] = {
        {"P to K 4th  P to K 4th", "P to K 4th", "P-K4"},
        {"K Kt to B 3rd 3. B to B 4", "K Kt to B 3rd", "KKt-B3"},
        /* what is taken, then the next move: "Kt Q" is no piece */
        {"B takes Kt Q to R 5", "B takes Kt", "BxKt"},
        {"B takes Kt P (ch) K to B sq", "B takes Kt P (ch)", "BxKtPch"},
        /* the last name the next move's ("P takes B"), a number no square */
        {"B takes Kt P takes B", "B takes Kt", "BxKt"},
        {"K takes Q 7. Q to R 5", "K takes Q", "KxQ"},
        {"Q to K R 5th, ch.", "Q to K R 5th, ch.", "Q-KR5ch"},
        {"R to K Kt sq Kt to K Kt sq", "R to K Kt sq", "R-KKt1"},
        {"P to K 8th (Q) and wins", "P to K 8th (Q)", "P-K8(Q)"},
        /* a capture's too (before, it ended before the piece) */
        {"P takes Kt (Q) ch K to B 2nd", "P takes Kt (Q) ch", "PxKt(Q)ch"},
        {"P to move and win", "", ""},
        {"K B 3", "", ""},
        {"Kt to", "", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[DESC_MAX];
        size_t n = desc_long(cases[i].line, strlen(cases[i].line), out);
        ck_assert_msg(n == strlen(cases[i].move), "'%s': %zu bytes", cases[i].line, n);
        ck_assert_str_eq(out, cases[i].short_form);
    }
    /* what is taken is named in order: the next move's piece is its own */
    char got[DESC_MAX];
    ck_assert_uint_eq(desc_long("B takes Kt P K Kt to B 3rd", 26, got), 12);
    /* a scan's damage, loosely: a word one edit from "to", "takes" or
     * "ch" a guess each; a misread rank or name kept as written */
    static const struct {
        const char *line, *short_form;
        size_t n;
        int guesses;
    } loose[] = {
        {"P fo K 4th P to K 4th", "P-K4", 10, 1},
        {"Kt tto B 3rd", "Kt-B3", 12, 1},
        {"B takcs Kt P (ch)", "BxKtPch", 17, 1},
        {"Q to K B 3rd Cch) K to B sq", "Q-KB3ch", 17, 1},
        {"Q to R Sth", "Q-RS", 10, 0},
        {"Kl to B 3rd", "Kl-B3", 11, 0},
        {"P to K 4th", "P-K4", 10, 0},
        {"B takes Kt P K Kt to B 3rd", "BxKtP", 12, 0},
        {"Q to r 2nd", "Q-r2", 10, 0},
        {"P fokes B", "PxB", 9, 1},
        {"B t\u0430kes P", "BxP", 10, 1}, /* a Cyrillic a */
        /* a name with a stray O after it (after "to": first, "QO" is "to") */
        {"R to QO 8th K to B 2nd", "R-QO8", 11, 0},
        /* a rank's digit misread as '|' */
        {"R to B |th P to K 4th", "R-B|", 10, 0},
        /* a lone "r" after "sq" begins the next move, no ordinal's
         * letters; after a lone digit it may be ("3 rd") */
        {"K R to K sq r o r sq", "KR-K1", 11, 0},
        {"r o r sq", "r-r1", 8, 1},
        /* "sq" misread: "s9", "5q" (no 5th rank: a 'q' is no ordinal's) */
        {"K to B s9", "K-B1", 9, 1},
        {"R to K 5q", "R-K1", 9, 1},
        /* and in a scan's capitals ("sQ", "SQ"; before, the move ended at
         * its name and "sQ" went with the next move's words) */
        {"Kt to B sQ", "Kt-B1", 10, 1},
        {"R to Q SQ", "R-Q1", 9, 1},
        /* a scan's space inside "takes" ("+ake s", "take s": before, the
         * move ended at the verb) */
        {"B +ake s Kt", "BxKt", 11, 1},
        {"R take s P", "RxP", 10, 1},
        {"P ta kes P", "PxP", 10, 1},
        /* a lone K after a wing: the knight's file, its "t" lost (not
         * the next move's king: "Kt takes Q K to B 2nd") */
        {"P to Q K 3rd", "P-QK3", 12, 0},
        /* a rank's digit misread, its ordinal in capitals ("zNd": before,
         * the rank was lost, a guess) */
        {"Q to K zNd", "Q-Kz", 10, 0},
        /* a stray dash before a name, a backslash inside a word (before,
         * the move was lost: "to" with no name after it) */
        {"Q to -Q 2nd", "Q-Q2", 11, 1},
        {"B to K\\ 3rd", "B-K3", 11, 1},
        /* "to" with a capital misread ("Ta"); a name with a Cyrillic
         * look-alike after it, kept for fix to weigh ("K\u041a"); three
         * letters of "takes" in order ("aes"); what is taken lost before a
         * check ("R takes ch", a guess): before, no move */
        {"Q Ta B 2nd", "Q-B2", 10, 1},
        {"P to K\u041a 4th", "P-K\u041a4", 12, 0},
        {"R aes ch", "Rxch", 8, 2},
        {"R takes ch", "Rxch", 10, 1},
        {"R takes", "", 0, 0},
        /* "ch" with its h misread ("ck", "c+", "(cn)", "cli"), a guess; a
         * stray D after a name ("QD", a Q or O misread), kept as written:
         * before, the move ended before them and they were no words */
        {"B takes B ck", "BxBch", 12, 1},
        {"Q to Kt 8th c+", "Q-Kt8ch", 14, 1},
        {"B takes B (cn) K to B sq", "BxBch", 14, 1},
        {"Q to Kt 8th cli", "Q-Kt8ch", 15, 1},
        {"P to QD Kt 3rd", "P-QDKt3", 14, 0},
        /* what a capture takes run into the next move's piece, the next
         * move's verb after it ("QB takes"): the second name begins the
         * next move. Before, "Q takes QB" was the move and "takes Q" one
         * with its name lost; with no verb after, the word is one place */
        {"Q takeS QB takes Q", "QxQ", 9, 1},
        {"P takes PKt to R 4th", "PxP", 9, 0},
        {"Q takes KtP takes P", "QxKt", 10, 0},
        {"Q takes QB", "QxQB", 10, 0},
        {"Q takes QB 8 to K 3rd", "QxQB", 10, 0},
        /* the next move's B read as 3 or 8, a name in lower case before it */
        {"3 takes kt3 tokes B", "3xkt", 10, 0},
        /* a name's letter doubled in lower case, kept for fix to weigh
         * (before, no name and no move) */
        {"Rr t\u0430kes K+ \u041at to R 4th", "RrxK+", 12, 1},
        {"Kt takes Q K to B 2nd", "KtxQ", 10, 0},
        {"P to K 3 rd B to B 4th", "P-K3", 11, 0},
        /* the next move's verb damaged too: its name is that move's */
        {"R taes Kt P t\u0430kes R", "RxKt", 9, 1},
        {"B takes Kt P fo K 4th", "BxKt", 10, 0},
        {"P to K th", "P-K", 9, 0},
        /* the digit lost before an ordinal that names the rank, in either
         * case: "rd" is the 3rd, "nd" the 2nd, "st" the 1st (a guess) */
        {"P to R Rd", "P-R3", 9, 1},
        {"K to Q nd", "K-Q2", 9, 1},
        {"R to K st", "R-K1", 9, 1},
        /* the queen's wing misread as a small o before the file's piece */
        {"Kt to o B 3rd", "Kt-oB3", 13, 0},
        /* the next move's name run into the rank ("5thKt"): the move ends
         * at the rank */
        {"P td K 5thKt to Q 4th", "P-K5", 10, 1},
        {"R to K sqB to K 2nd", "R-K1", 9, 0},
        /* the rank damaged past reading ("fh" for 5th): the move ends at
         * the name, a guess; an end that reads wins ("3rd  to Q 3rd") */
        {"B to Kt fh P to K 3rd", "B-Kt", 7, 1},
        {"B to Kt 3rd  to Q 3rd", "B-Kt3", 11, 0},
        {"\u03a1 to K 4th", "\u03a1-K4", 11, 0}, /* a Greek Rho */
        {"P t\"o K 4th", "P-K4", 11, 1},
        /* names in a scan's lower case, after "to" too ("Q kt": the
         * queen's knight's file) */
        {"B to Q kt 5th ch", "B-Qkt5ch", 16, 0},
        {"k kt to b 3rd", "kkt-b3", 13, 0},
        /* Cyrillic look-alikes in the words and the names ("t\u043e",
         * "Q \u041at": the queen's knight's file still) */
        {"P t\u043e K 4th", "P-K4", 11, 1},
        {"B to Q \u041at 5th", "B-Q\u041at5", 14, 0},
        /* the next move's number run into the last word: the move ends
         * before it */
        {"P to Q R 3rd4.B to R 4th", "P-QR3", 12, 0},
        {"P takes P5. P to Q 4th", "PxP", 9, 0},
        /* its digits misread too ("5Z." for 52.; before, "B takes R5Z." was
         * no move, and its B joined the move before) */
        {"B takes R5Z. P to Kt 7th", "BxR", 9, 0},
        /* (any look-alike of lang/confusion.ini: "1A." for 14., "3s." for
         * 35.; before, "Kt takes Kt1A." was no move, its first Kt one) */
        {"Kt takes Kt1A. P to Q 4th", "KtxKt", 11, 0},
        {"P takes P3s. P to Q 4th", "PxP", 9, 0},
        {"R to Q 8th1o, K to R sq", "R-Q8", 10, 0},
        /* a name misread ("8" for B, "t" for Kt), lost (" to K 2nd": a
         * guess) or behind a stray mark (a guess) */
        {"8 to Q Kt 5th", "8-QKt5", 13, 0},
        {"t to B 3rd", "t-B3", 10, 0},
        /* and "f" for Kt, its K lost and its t read as f (fix weighs it;
         * not SAN's file: "f 5") */
        {"K to f sq Q to B 7th", "K-f1", 9, 0},
        {"R to f 2nd", "R-f2", 10, 0},
        {"f 5", "", 0, 0},
        {"to K 2nd", "-K2", 8, 1},
        {"~B to R 4th", "B-R4", 11, 1},
        /* a capture's name lost: "takes" and what it takes, two words (the
         * next move begins after them) */
        {"takes P D takeS P", "xP", 7, 1},
        {"takes", "", 0, 0},
        {"d:e5 b.", "", 0, 0}, /* (SAN's capture, its next number misread) */
        /* "sq" with a letter more or its q lost (guesses; not "Sth", a
         * rank's digit misread) */
        {"K Kt to K sqg 18.", "KKt-K1", 13, 1},
        {"R to K sqq", "R-K1", 10, 1},
        {"R to K Kt ssq B", "R-KKt1", 13, 1},
        {"K to R s Q K to K s9", "K-R1", 8, 1},
        {"R to K Sth", "R-KS", 10, 0},
        /* or its s lost after a file's names, where no name may follow
         * (a guess): not "q" for the queen's file, "R to q B sq" */
        {"R to Q B q Kt to B 3rd", "R-QB1", 10, 1},
        {"R to K q P", "R-K1", 8, 1},
        {"R to q B sq", "R-qB1", 11, 0},
        /* a stray comma or dot before a name, a bracket inside "Kt" (a
         * guess each) */
        {"B to ,Kt 3rd", "B-Kt3", 12, 1},
        {"K to K(t 3rd B", "K-Kt3", 12, 1},
        {"P tto Q K)t 4th P", "P-QKt4", 15, 2},
        /* "+h" where the rank is due: its digit lost, its t misread (a
         * guess); after the rank, no word of the move */
        {"R to K +h P", "R-K", 9, 1},
        {"P to K 4th +h", "P-K4", 10, 0},
        /* a stray slash inside a name ("K/t"), not a short form's */
        {"B to K/t 2nd Kt to Q znd", "B-Kt2", 12, 1},
        {"R/K1-KN1 K", "", 0, 0},
        /* what a capture takes, a B misread as 3 or 8 (a guess) */
        {"Q takes 3 P, ch. K", "QxBPch", 16, 1},
        {"Kt takes 8 3. P to K 4th", "KtxB", 10, 1},
        /* a bracket no bracket closes before a name, a scan's stray mark;
         * not a variation after a move */
        {"B to (K B 3rd 22.Q", "B-KB3", 13, 1},
        {"B takes Kt (Q takes B", "BxKt", 10, 0},
        /* a lone "+" after "to" before the rank: the knight's file, its K
         * lost (a guess); after the rank, a check */
        {"B to + 2nd Q", "B-Kt2", 10, 1},
        {"B to Q + 2nd", "B-QKt2", 12, 1},
        {"P to K 4th + Q", "P-K4ch", 12, 0},
        /* the bracket that closes a variation run into the last word */
        {"P to K B 4th) Kt", "P-KB4", 12, 0},
        {"R to) Q sq B", "R-Q1", 10, 1}, /* (after a verb, a stray mark) */
        {"to K", "", 0, 0},
        /* the verb's letters a scan confuses ("fQ" for "to"), a space in
         * the rank ("3 rd") or in "Kt" ("K t"), a B misread as a digit
         * before the rank ("8 6h") */
        {"P fQ B 5th", "P-B5", 10, 1},
        {"B t o Kt 5th", "B-Kt5", 12, 1},
        {"Q tO K K+ 2nd", "Q-KK+2", 13, 1},
        {"P to D B 4th", "P-DB4", 12, 0},
        {"P to Q Kt \u0417rd", "P-QKt3", 14, 0},
        {"P to K KT 4th", "P-KKT4", 13, 0},
        {"P to K R 3 rd K to B sq", "P-KR3", 13, 0},
        {"P to K t 4th", "P-Kt4", 12, 0},
        {"R to 8 6h, ch.", "R-86ch", 14, 0},
        {"P to Q 8 4+h 2 Kt", "P-Q84", 12, 0},
        /* "to" with its o read as c ("ttc"; in "takes" a c is the e) */
        {"Kt ttc K B 3rd", "Kt-KB3", 14, 1},
        {"Kt tc B 3rd", "Kt-B3", 11, 1},
        /* but not a square as the verb ("N f5"), nor the next move's
         * number as a rank */
        {"N f5 58. Rh2", "", 0, 0},
        {"Kt to B 3 3. P to K 4th", "Kt-B3", 9, 0},
        {"P is the best", "", 0, 0},
        /* SAN damaged: a German rook ("Ta7") split and misread is no move
         * in words; a name holds no file or digit */
        {"Kd4 To 7", "", 0, 0},
        /* nor a piece's initial misread before a square a rank whose
         * digit was misread ("1b. fs Ah7": 16. f5 Bh7, in Spanish) */
        {"b. fs Ah7 17.", "", 0, 0},
        {"B to Ath", "B-A", 8, 0},
    };
    for (size_t i = 0; i < sizeof loose / sizeof loose[0]; i++) {
        int guesses = -1;
        size_t n = desc_long_loose(loose[i].line, strlen(loose[i].line), got, &guesses);
        ck_assert_msg(n == loose[i].n, "'%s': %zu bytes", loose[i].line, n);
        ck_assert_str_eq(got, loose[i].short_form);
        if (n) ck_assert_int_eq(guesses, loose[i].guesses);
    }
    /* "Castles" a scan damaged: two edits at most, its first letter kept */
    ck_assert(desc_castles_loose("Casles", 6));
    ck_assert(desc_castles_loose("Cdstles", 7));
    ck_assert(desc_castles_loose("castle", 6));
    ck_assert(!desc_castles_loose("Castling", 8));
    ck_assert(!desc_castles_loose("astles", 6));
    ck_assert(!desc_castles_loose("Cable", 5));
    /* the side it castles to, in parentheses, its ")" maybe lost, its Q
     * or its "(" read as a look-alike; n bounds it */
    static const struct {
        const char *text;
        size_t n;
    } sides[] = {{"(QR)", 4},
                 {"(K R)", 5},
                 {"(qr)", 4},
                 {"(KR", 3},
                 {"(oR)", 4},
                 {"(0 R)", 5},
                 {"(OR", 3},
                 {"(BR)", 0},
                 {"(Q R", 0},
                 {"(QR) 12.", 4},
                 {"(QRx", 3},
                 {"(Q)", 0},
                 {"QR", 0},
                 {"(QB)", 0},
                 {"(Q  R)", 0},
                 {"", 0},
                 /* its bracket read as a c: only with its ")" */
                 {"cQR)", 4},
                 {"CK R)", 5},
                 {"cQR", 0},
                 {"cQ R", 0}};
    for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++)
        ck_assert_msg(desc_castles_side(sides[i].text, strlen(sides[i].text)) == sides[i].n, "'%s'",
                      sides[i].text);
    ck_assert_uint_eq(desc_castles_side("(QR)", 3), 3);
    ck_assert_uint_eq(desc_castles_side("(QR)", 2), 0);
    /* a piece's whole name: the knight "Kt" or "N", no wing, no square */
    static const char *const names[] = {"K", "Q", "R", "B", "N", "P", "Kt"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        ck_assert_msg(desc_is_name(names[i], strlen(names[i])), "'%s'", names[i]);
    static const char *const not_names[] = {"", "Kl", "KB", "kt", "t", "QR", "Ktx", "p", "x"};
    for (size_t i = 0; i < sizeof not_names / sizeof not_names[0]; i++)
        ck_assert_msg(!desc_is_name(not_names[i], strlen(not_names[i])), "'%s'", not_names[i]);
    ck_assert(desc_is_name("Kt", 1)); /* its "K" alone is the king's name */
    /* "takes" a scan damaged: one edit at most, look-alikes read as their
     * letters (a Cyrillic a: before, two edits off, the words a sentence) */
    ck_assert(desc_takes_loose("taes", 4));
    ck_assert(desc_takes_loose("Fakes", 5));
    ck_assert(desc_takes_loose("t\xd0\xb0kes", 6));
    ck_assert(desc_takes_loose("t\xd0\xb0k\xd0\xb5s", 7));
    ck_assert(!desc_takes_loose("tdnos", 5));
    ck_assert(!desc_takes_loose("t\xd0\xb0\xd0\xb0\xd0\xb0", 7));
    ck_assert(!desc_takes_loose("tables", 6));
    /* a line end stops it, and n does */
    char out[DESC_MAX];
    ck_assert_uint_eq(desc_long("R to K 5q", 9, out), 0); /* ("sq" misread: desc_long_loose) */
    ck_assert_uint_eq(desc_long("P to K\n4th", 11, out), 0);
    ck_assert_uint_eq(desc_long("P to K 4th", 7, out), 0);
    ck_assert_uint_eq(desc_long("P to K 4th", 8, out), 8);
}
END_TEST

/* fix's quick spellings: every variant, each read back as the move (or
 * ambiguous: they are not checked), "" where a variant adds nothing. */
START_TEST(test_descriptive_spell)
{
    static const struct {
        const char *fen_or_line, *uci, *v[8];
    } cases[] = {
        {"", "g1f3", {"N-B3", "N-KB3", "KN-B3", "KN-KB3", "", "N/KN1-B3", "", "N/KN1-KB3"}},
        {"", "e2e4", {"P-K4", "", "", "", "", "", "", ""}},
        /* the f1 bishop, White's king's */
        {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6",
         "d7c6",
         {"PxB", "PxKB", "QPxB", "QPxKB", "", "", "PxB/QB3", ""}},
        {"e2e4 d7d5", "e4d5", {"PxP", "PxQP", "KPxP", "KPxQP", "", "", "PxP/Q5", ""}},
        /* (what a king takes named by its square too, as desc_write() may) */
        {"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", {"KxP", "KxQP", "", "", "", "", "KxP/Q2", ""}},
        {"e2e4 e7e5 d1h5 b8c6 f1c4 g8f6",
         "h5f7",
         {"QxP#", "QxBP#", "", "", "QxKBP#", "Q/KR5xP#", "QxP/KB7#", "Q/KR5xBP#"}},
        {"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", {"P-K8=Q", "", "", "", "", "", "", ""}},
        /* castling in the words books print too ("CastlesQR": spaces
         * are no matter to fix) */
        {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
         "e8a8",
         {"O-O-O", "CastlesQR", "Castles(QR)", "", "", "", "", ""}},
        {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8h8", {"O-O", "Castles", "", "", "", "", "", ""}},
        /* a piece named by its square, or what it takes, as desc_write()
         * names it when nothing shorter tells ("R/QB1-B6", "RxR/Q8") */
        {"3r2k1/8/8/8/8/8/8/2R1R1K1 w - - 0 1",
         "c1c6",
         {"R-B6", "R-QB6", "QR-B6", "QR-QB6", "", "R/QB1-B6", "", "R/QB1-QB6"}},
        /* (to the K or Q file, which has no wing, variant 7 adds nothing) */
        {"3r2k1/8/8/8/8/8/8/2R1R1K1 w - - 0 1",
         "e1e5",
         {"R-K5", "", "KR-K5", "", "", "R/K1-K5", "", ""}},
        {"2r3k1/8/8/8/8/8/8/2R1R1K1 b - - 0 1",
         "c8c1",
         {"RxR", "RxQR", "QRxR", "QRxQR", "", "R/QB1xR", "RxR/QB8", "R/QB1xQR"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position pos = position_at(cases[i].fen_or_line);
        move_t m = move_of(&pos, cases[i].uci);
        for (int v = 0; v < 8; v++) {
            char buf[DESC_MAX];
            size_t n = desc_spell(&pos, m, v, NULL, buf);
            ck_assert_str_eq(buf, cases[i].v[v]);
            ck_assert_int_eq(n, strlen(buf));
            struct san san;
            move_t back;
            if (!n) continue;
            ck_assert_int_eq(desc_parse(buf, n, &san, NULL), SAN_OK);
            enum san_status st = san_resolve(&pos, &san, SAN_EXPORT_FORM, &back, NULL);
            ck_assert_msg(st == SAN_AMBIGUOUS || (st == SAN_OK && back == m), "'%s': %d", buf, st);
        }
    }
}
END_TEST

/* ---- resolving: legal, illegal, ambiguous --------------------------------- */

static const char *const after_nf3 =
    "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";

static const struct {
    const char *fen, *text;
    unsigned flags;
    enum san_status status;
    const char *uci_or_reason; /* the move when SAN_OK, else part of the message */
} cases[] = {
    {FEN_START, "e4", 0, SAN_OK, "e2e4"},
    {FEN_START, "e2e4", 0, SAN_OK, "e2e4"},
    {FEN_START, "e2-e4", 0, SAN_OK, "e2e4"},
    {FEN_START, "g1f3", 0, SAN_OK, "g1f3"},
    {FEN_START, "Ng1f3", 0, SAN_OK, "g1f3"},
    {FEN_START, "Ng1-f3", 0, SAN_OK, "g1f3"},
    {FEN_START, "Nb1f3", 0, SAN_ILLEGAL, "no knight on b1 can reach f3"},
    {FEN_START, "Nd2", 0, SAN_ILLEGAL, "d2 holds a white pawn"},
    {FEN_START, "Nc4", 0, SAN_ILLEGAL, "no knight can reach c4"},
    {FEN_START, "e5", 0, SAN_ILLEGAL, "no pawn can reach e5"},
    {FEN_START, "O-O", 0, SAN_ILLEGAL, "castling blocked"},
    /* python-chess does not check the capture or check marks... */
    {FEN_START, "Nxf3", 0, SAN_OK, "g1f3"},
    {FEN_START, "Nf3#", 0, SAN_OK, "g1f3"},
    /* ...the export form does. */
    {FEN_START, "Nxf3", SAN_VERIFY_CAPTURE, SAN_ILLEGAL, "captures nothing"},
    {FEN_START, "Nf3+", SAN_VERIFY_CHECK, SAN_ILLEGAL, "gives no check"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", SAN_EXPORT_FORM, SAN_OK, "e5d6"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ed6", 0, SAN_OK, "e5d6"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ed6", SAN_VERIFY_CAPTURE, SAN_ILLEGAL, "no 'x'"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "d6", 0, SAN_ILLEGAL, "no pawn can reach d6"},
    {"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+", 0, SAN_OK, "a1a8"},
    {"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+", SAN_VERIFY_CHECK, SAN_ILLEGAL, "mates"},
    {"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#", SAN_VERIFY_CHECK, SAN_OK, "a1a8"},
    {"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8++", SAN_VERIFY_CHECK, SAN_OK, "a1a8"},
    {"6k1/5pp1/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#", SAN_VERIFY_CHECK, SAN_ILLEGAL, "not mate"},
    {"6k1/5pp1/8/8/8/8/8/R3K3 w - - 0 1", "Ra8++", SAN_VERIFY_CHECK, SAN_OK, "a1a8"},
    /* Ambiguity and over-disambiguation. */
    {after_nf3, "Nd2", 0, SAN_AMBIGUOUS, "2 moves fit"},
    {after_nf3, "Nbd2", 0, SAN_OK, "b1d2"},
    {after_nf3, "Nfd2", 0, SAN_OK, "f3d2"},
    {after_nf3, "N1d2", 0, SAN_OK, "b1d2"},
    {after_nf3, "Nf3d2", 0, SAN_OK, "f3d2"},
    {after_nf3, "Ncd2", 0, SAN_ILLEGAL, "no knight on the c-file can reach d2"},
    {"2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1", "Qe1", 0, SAN_AMBIGUOUS, "3 moves fit"},
    {"2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1", "Qhe1", 0, SAN_AMBIGUOUS, "2 moves fit"},
    {"2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1", "Q4e1", 0, SAN_AMBIGUOUS, "2 moves fit"},
    {"2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1", "Qh4e1", 0, SAN_OK, "h4e1"},
    {"2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1", "Qh4xe1", 0, SAN_OK, "h4e1"},
    {"4k3/8/8/8/8/5N2/8/1N5K w - - 0 1", "Ncd2", SAN_LENIENT_HINTS, SAN_ILLEGAL, "c-file"},
    {"4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1", "Nfd2", SAN_LENIENT_HINTS, SAN_OK, "b1d2"},
    {"4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1", "Ncd2", SAN_LENIENT_HINTS, SAN_OK, "b1d2"},
    /* Pins and king safety. */
    {"4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1", "Nfd2", 0, SAN_ILLEGAL, "the king would be in check"},
    {"4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1", "Nd2", 0, SAN_OK, "b1d2"},
    {"4k3/8/8/8/8/8/7r/4K3 w - - 0 1", "Ke2", 0, SAN_ILLEGAL, "the king would be in check on e2"},
    {"4k3/8/8/8/8/8/7r/4K3 w - - 0 1", "Kf1", 0, SAN_OK, "e1f1"},
    {"4k3/8/8/8/8/8/8/r3K2N w - - 0 1", "Ng3", 0, SAN_ILLEGAL, "out of check"},
    /* Promotion. */
    {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", 0, SAN_ILLEGAL, "promotion piece"},
    {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", SAN_LENIENT_PROMOTION, SAN_OK, "e7e8q"},
    {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=N", 0, SAN_OK, "e7e8n"},
    {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "exd8R", 0, SAN_OK, "e7d8r"},
    {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8b", 0, SAN_OK, "e7d8b"},
    /* Castling. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", 0, SAN_OK, "e1g1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", 0, SAN_OK, "e1c1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 0, SAN_OK, "e1g1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", 0, SAN_OK, "e1g1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", 0, SAN_ILLEGAL, "write O-O"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", SAN_LENIENT_KING_STEP, SAN_OK, "e1g1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", 0, SAN_ILLEGAL, "no king-side castling right"},
    {"4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", 0, SAN_ILLEGAL, "castling through check"},
    {"4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", 0, SAN_OK, "e1c1"},
    {"4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", 0, SAN_ILLEGAL, "castling into check"},
    {"4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", 0, SAN_ILLEGAL, "castling out of check"},
    {"4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "O-O", 0, SAN_ILLEGAL, "castling blocked"},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "O-O-O", 0, SAN_OK, "b1a1"},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "Kc1", 0, SAN_OK, "b1c1"},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "b1c1", 0, SAN_OK, "b1c1"},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "b1a1", 0, SAN_OK, "b1a1"},
    {"1k6/8/8/8/8/8/8/6KR w H - 0 1", "O-O", 0, SAN_OK, "g1h1"},
};

START_TEST(test_resolve)
{
    struct position pos = position_of(cases[_i].fen);
    const char *text = cases[_i].text;
    struct san_error err = {0};
    move_t m = 1;
    enum san_status st = san_read(&pos, text, strlen(text), cases[_i].flags, &m, &err);
    ck_assert_msg(st == cases[_i].status, "'%s' in %s: status %d, expected %d (%s)", text,
                  cases[_i].fen, st, cases[_i].status, err.message);
    if (st == SAN_OK) {
        ck_assert_int_eq(m, move_of(&pos, cases[_i].uci_or_reason));
        return;
    }
    ck_assert_int_eq(m, MOVE_NONE);
    ck_assert_msg(strstr(err.message, cases[_i].uci_or_reason), "'%s': message '%s' lacks '%s'",
                  text, err.message, cases[_i].uci_or_reason);
    if (st == SAN_AMBIGUOUS) ck_assert_int_gt(err.candidates, 1);
}
END_TEST

/* A later stage (descriptive "BxN", an OCR reading without a rank) fills a
 * struct san by hand and leaves the rest to the resolver. */
START_TEST(test_resolve_partial)
{
    struct position pos = position_of("4k3/8/3n4/8/1B6/8/8/4K3 w - - 0 1");
    struct san s;
    move_t m;
    san_clear(&s);
    s.piece = BISHOP;
    s.captured = KNIGHT;
    s.capture = SAN_CAPTURE_YES;
    ck_assert_int_eq(san_resolve(&pos, &s, 0, &m, NULL), SAN_OK);
    ck_assert_int_eq(m, move_of(&pos, "b4d6"));

    pos = position_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    san_clear(&s);
    s.piece = PAWN;
    s.from_file = 4;
    s.to_file = 3;
    s.capture = SAN_CAPTURE_YES; /* "exd" */
    ck_assert_int_eq(san_resolve(&pos, &s, 0, &m, NULL), SAN_OK);
    ck_assert_int_eq(m, move_of(&pos, "e4d5"));

    s.capture = SAN_CAPTURE_UNKNOWN;
    s.from_file = -1;
    s.piece = NO_TYPE;
    s.to_file = 4; /* any move to the e-file: e5 and Ke2 */
    struct san_error err;
    ck_assert_int_eq(san_resolve(&pos, &s, 0, &m, &err), SAN_AMBIGUOUS);
    ck_assert_int_eq(err.candidates, 2);
}
END_TEST

/* ---- round trips over perft trees ----------------------------------------- */

static const char *const walk_fens[] = {
    FEN_START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
    "2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1",
};

static const size_t style_max[] = {SAN_MAX, LAN_MAX, UCI_MAX, FAN_MAX, ICCF_MAX, DESC_MAX};

/* Plain ifs, not ck_assert: Check records every passing assertion, which
 * would cost more than the hundreds of thousands of round trips themselves. */
static void round_trip_move(const struct position *pos, move_t m)
{
    struct position before = *pos;
    for (int style = NOTATION_SAN; style <= NOTATION_DESCRIPTIVE; style++) {
        const char *name = notation_style_name((enum notation_style)style);
        char buf[NOTATION_MAX];
        size_t n = notation_write(pos, m, (enum notation_style)style, buf);
        if (n != strlen(buf) || n >= style_max[style])
            ck_abort_msg("%s '%s': length %zu, cap %zu", name, buf, n, style_max[style]);
        if (memcmp(pos, &before, sizeof *pos) != 0)
            ck_abort_msg("%s '%s' changed the position", name, buf);
        /* Our own output must pass the export form's checks too. */
        unsigned flags = style == NOTATION_UCI || style == NOTATION_ICCF ? 0 : SAN_EXPORT_FORM;
        struct san_error err = {0};
        move_t back = MOVE_NONE;
        enum san_status st =
            notation_read(pos, (enum notation_style)style, buf, n, flags, &back, &err);
        if (st != SAN_OK || back != m)
            ck_abort_msg("%s '%s': status %d (%s)", name, buf, st, err.message);
        if (style == NOTATION_UCI && uci_parse(pos, buf, n) != m)
            ck_abort_msg("uci_parse disagrees on '%s'", buf);
    }
}

static long walk(const struct position *pos, int depth)
{
    struct move_list list;
    movegen_legal(pos, &list);
    long count = list.count;
    for (int i = 0; i < list.count; i++) {
        round_trip_move(pos, list.moves[i]);
        if (depth > 1) {
            struct position next = *pos;
            pos_make_move(&next, list.moves[i]);
            count += walk(&next, depth - 1);
        }
    }
    return count;
}

START_TEST(test_round_trip)
{
    struct position pos = position_of(walk_fens[_i]);
    ck_assert_int_gt(walk(&pos, 3), 0);
}
END_TEST

int main(void)
{
    core_init(); /* once here, not in each forked test */
    Suite *s = suite_create("san");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_render, 0, (int)(sizeof renderings / sizeof renderings[0]));
    tcase_add_test(tc, test_render_chess960_flag);
    tcase_add_test(tc, test_render_fan_iccf);
    tcase_add_test(tc, test_uci_parse);
    tcase_add_test(tc, test_null_move);
    tcase_add_test(tc, test_parse_forms);
    tcase_add_loop_test(tc, test_parse_invalid, 0, (int)(sizeof invalid / sizeof invalid[0]));
    tcase_add_test(tc, test_parse_other_notations);
    tcase_add_test(tc, test_read_other_notations);
    tcase_add_loop_test(tc, test_descriptive, 0, (int)(sizeof descriptive / sizeof descriptive[0]));
    tcase_add_test(tc, test_descriptive_write);
    tcase_add_test(tc, test_descriptive_spell);
    tcase_add_test(tc, test_descriptive_long_extent);
    tcase_add_loop_test(tc, test_resolve, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_resolve_partial);
    tcase_add_loop_test(tc, test_round_trip, 0, (int)(sizeof walk_fens / sizeof walk_fens[0]));
    suite_add_tcase(s, tc);
    return run_suite(s);
}
