/* The normaliser and resolver on real positions: localised piece letters,
 * figurines, look-alike letters, the capture, promotion, castling and check
 * forms of handwritten and printed notation, LAN, UCI and ICCF, each read to
 * the legal move san_write names; and the answers kept apart (ambiguous,
 * invalid). */
#include "testutil.h"

#include "fen.h"
#include "lang.h"
#include "normalize.h"
#include "resolve.h"
#include "san.h"

#include <string.h>

#define START       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define AFTER_E4_E5 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
#define AFTER_E4    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
#define QUEENS      "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1"
#define PROMOTE     "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
#define BISHOP_E5   "4k3/8/8/4p3/8/8/1B6/4K3 w - - 0 1"
#define PAWN_TAKES  "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"
#define EN_PASSANT  "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
#define CASTLES     "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define MATE        "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1"
#define CHECK       "6k1/5pp1/8/8/8/8/8/R3K3 w - - 0 1"
#define KINGS       "4k3/8/8/8/8/8/8/4K3 w - - 0 1"

static const struct {
    const char *lang, *fen, *text, *san;
} readings[] = {
    /* English SAN as written. */
    {"en", START, "Nf3", "Nf3"},
    {"en", AFTER_E4_E5, "Bb5", "Bb5"},
    /* German: S springer, L laeufer, D dame. */
    {"de", START, "Sf3", "Nf3"},
    {"de", AFTER_E4_E5, "Lb5", "Bb5"},
    {"de", QUEENS, "Dxd8", "Qxd8+"},
    {"de", PROMOTE, "e8D", "e8=Q"},
    /* French: C cavalier, F fou, R roi. */
    {"fr", START, "Cf3", "Nf3"},
    {"fr", AFTER_E4_E5, "Fc4", "Bc4"},
    {"fr", "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", "Rxe2", "Kxe2"},
    /* Russian: К конь, Кр король, Ф ферзь, С слон. */
    {"ru", START, "Кf3", "Nf3"},
    {"ru", KINGS, "Крe2", "Ke2"},
    {"ru", KINGS, "Крd1", "Kd1"},
    {"ru", "4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1", "Фd1:d4", "Qxd4"},
    {"ru", PROMOTE, "e7-e8Ф", "e8=Q"},
    /* Latin C for Cyrillic С (bishop) in a Russian game. */
    {"ru", "4k3/8/2n5/8/8/8/6B1/4K3 w - - 0 1", "C:c6", "Bxc6+"},
    /* Cyrillic е (U+0435) for e in an English game. */
    {"en", START,
     "\xd0\xb5"
     "4",
     "e4"},
    /* Figurines in any language. */
    {"en", START, "♘f3", "Nf3"},
    {"en", AFTER_E4, "♞c6", "Nc6"},
    {"de", START, "♘f3", "Nf3"},
    /* Captures: ':' before or after, and a capture written without a mark. */
    {"en", BISHOP_E5, "B:e5", "Bxe5"},
    {"en", BISHOP_E5, "Be5:", "Bxe5"},
    {"en", BISHOP_E5, "Bxe5", "Bxe5"},
    {"en", BISHOP_E5, "Be5", "Bxe5"},
    /* Pawn captures: the file alone, no mark, en passant. */
    {"en", PAWN_TAKES, "exd", "exd5"},
    {"en", PAWN_TAKES, "ed", "exd5"},
    {"en", PAWN_TAKES, "exd5", "exd5"},
    {"en", EN_PASSANT, "exd6", "exd6"},
    {"en", EN_PASSANT, "exd6e.p.", "exd6"},
    {"en", EN_PASSANT, "exd6 e.p.", "exd6"},
    {"en", EN_PASSANT, "ed6", "exd6"},
    /* Promotions. */
    {"en", PROMOTE, "e8Q", "e8=Q"},
    {"en", PROMOTE, "e8=Q", "e8=Q"},
    {"en", PROMOTE, "e8(Q)", "e8=Q"},
    {"en", PROMOTE, "e8/Q", "e8=Q"},
    {"en", PROMOTE, "e8N", "e8=N"},
    /* Castling. */
    {"en", CASTLES, "O-O", "O-O"},
    {"en", CASTLES, "0-0", "O-O"},
    {"en", CASTLES, "o-o", "O-O"},
    {"en", CASTLES, "0-0-0", "O-O-O"},
    {"en", CASTLES, "O-O-O", "O-O-O"},
    /* Check and mate marks. */
    {"en", CHECK, "Ra8+", "Ra8+"},
    {"en", CHECK, "Ra8†", "Ra8+"},
    {"en", CHECK, "Ra8ch", "Ra8+"},
    {"en", MATE, "Ra8#", "Ra8#"},
    {"en", MATE, "Ra8‡", "Ra8#"},
    {"en", MATE, "Ra8++", "Ra8#"},
    /* LAN. */
    {"en", START, "Ng1-f3", "Nf3"},
    {"en", "4k3/3p4/8/8/8/3R4/8/4K3 w - - 0 1", "Rd3xd7", "Rxd7"},
    {"en", START, "e2-e4", "e4"},
    /* UCI and ICCF. */
    {"en", START, "e2e4", "e4"},
    {"en", PROMOTE, "e7e8q", "e8=Q"},
    {"en", START, "5254", "e4"},
    {"en", PROMOTE, "57581", "e8=Q"},
    {"de", START, "5254", "e4"},
    /* Capital coordinates, a case slip. */
    {"en", START, "E2E4", "e4"},
    {"en", START, "nf3", "Nf3"},
    /* Descriptive captures where only one such capture exists. */
    {"en", QUEENS, "QxQ", "Qxd8+"},
    {"en", "4k3/8/8/4n3/8/8/1B6/4K3 w - - 0 1", "BxN", "Bxe5"},
};

struct fixture {
    ArbLangSet *langs;
    const ArbLang *english, *figurines;
};

static struct fixture load(void)
{
    GError *err = NULL;
    struct fixture fx = {0};
    fx.langs = arb_lang_set_load(NULL, &err);
    ck_assert_msg(fx.langs != NULL, "loading the tables: %s", err ? err->message : "?");
    fx.english = arb_lang_set_lookup(fx.langs, "en");
    fx.figurines = arb_lang_set_lookup(fx.langs, "figurine");
    ck_assert(fx.english != NULL);
    return fx;
}

static ArbNorm *norm_for(const struct fixture *fx, const char *code)
{
    const ArbLang *lang = arb_lang_set_lookup(fx->langs, code);
    ck_assert_msg(lang != NULL, "no language '%s'", code);
    return norm_new(lang, fx->english, fx->figurines);
}

static struct position position_of(const char *fen)
{
    struct position pos;
    struct fen_error err;
    ck_assert_msg(fen_parse(&pos, fen, &err), "%s: %s", fen, err.message);
    return pos;
}

static struct resolve_answer answer(const char *code, const char *fen, const char *text)
{
    struct fixture fx = load();
    ArbNorm *norm = norm_for(&fx, code);
    struct position pos = position_of(fen);
    struct resolve_answer out;
    memset(&out, 0, sizeof out);
    resolve_token(norm, &pos, text, strlen(text), &out);
    norm_free(norm);
    arb_lang_set_free(fx.langs);
    return out;
}

START_TEST(test_reading)
{
    const char *code = readings[_i].lang, *fen = readings[_i].fen, *text = readings[_i].text;
    struct resolve_answer out = answer(code, fen, text);
    ck_assert_msg(out.status == SAN_OK, "%s '%s': status %d (%s)", code, text, out.status,
                  out.message);
    struct position pos = position_of(fen);
    char buf[SAN_MAX];
    san_write(&pos, out.move, buf);
    ck_assert_msg(strcmp(buf, readings[_i].san) == 0, "%s '%s' read as %s, not %s", code, text, buf,
                  readings[_i].san);
}
END_TEST

START_TEST(test_guess_costs)
{
    /* As written costs nothing; a case slip or look-alike costs something. */
    ck_assert_int_eq(answer("en", START, "Nf3").cost, 0);
    ck_assert_int_eq(answer("de", START, "Sf3").cost, 0);
    ck_assert_int_gt(answer("en", START, "nf3").cost, 0);
    ck_assert_int_gt(answer("en", START,
                            "\xd0\xb5"
                            "4")
                         .cost,
                     0);
}
END_TEST

START_TEST(test_ambiguous)
{
    struct resolve_answer out = answer("en", "4k3/8/8/8/8/5N2/8/1N5K w - - 0 1", "Nd2");
    ck_assert_int_eq(out.status, SAN_AMBIGUOUS);
    ck_assert_str_ne(out.message, "");
}
END_TEST

START_TEST(test_invalid)
{
    struct resolve_answer out = answer("en", START, "hello");
    ck_assert_int_eq(out.status, SAN_INVALID);
    ck_assert_str_ne(out.message, "");
}
END_TEST

START_TEST(test_illegal)
{
    struct resolve_answer out = answer("en", START, "Nf4");
    ck_assert_int_eq(out.status, SAN_ILLEGAL);
}
END_TEST

START_TEST(test_suffix_words)
{
    struct fixture fx = load();
    ArbNorm *en = norm_for(&fx, "en"), *de = norm_for(&fx, "de");
    int check = -1;
    ck_assert(norm_is_suffix_word(en, "ch", 2, &check));
    ck_assert_int_eq(check, SAN_CHECK_CHECK);
    ck_assert(norm_is_suffix_word(en, "mate", 4, &check));
    ck_assert_int_eq(check, SAN_CHECK_MATE);
    ck_assert(norm_is_suffix_word(en, "+", 1, &check));
    ck_assert_int_eq(check, SAN_CHECK_CHECK);
    ck_assert(norm_is_suffix_word(en, "e.p.", 4, &check));
    ck_assert_int_eq(check, SAN_CHECK_NONE);
    ck_assert(norm_is_suffix_word(de, "Schach", 6, &check));
    ck_assert_int_eq(check, SAN_CHECK_CHECK);
    ck_assert(!norm_is_suffix_word(en, "Nf3", 3, &check));
    ck_assert(!norm_is_suffix_word(en, "hello", 5, &check));
    norm_free(en);
    norm_free(de);
    arb_lang_set_free(fx.langs);
}
END_TEST

/* Words inside move text are kept as comments, never taken for moves. */
START_TEST(test_prose)
{
    struct fixture fx = load();
    ArbNorm *ru = norm_for(&fx, "ru"), *en = norm_for(&fx, "en");
    const char *yes[] = {"и", "белые", "Ничья.", "выигрывают."};
    const char *no[] = {"Кf3", "Крe1", "e4", "ed", "Ф:d4", "0-0"};
    for (gsize i = 0; i < G_N_ELEMENTS(yes); i++)
        ck_assert_msg(norm_is_prose(ru, yes[i], strlen(yes[i])), "%s", yes[i]);
    for (gsize i = 0; i < G_N_ELEMENTS(no); i++)
        ck_assert_msg(!norm_is_prose(ru, no[i], strlen(no[i])), "%s", no[i]);
    ck_assert(norm_is_prose(en, "resigns", 7));
    ck_assert(!norm_is_prose(en, "Nxzz", 4));
    /* a letter or two of another script, each a Latin look-alike, is a
     * misread move in English ("с", "Во": Cyrillic), a word in Russian;
     * three such letters, or a letter with no look-alike, a word anywhere */
    const char *misread[] = {"\u0441", "\u0412\u043e"};
    for (gsize i = 0; i < G_N_ELEMENTS(misread); i++) {
        ck_assert_msg(!norm_is_prose(en, misread[i], strlen(misread[i])), "%s", misread[i]);
        ck_assert_msg(norm_is_prose(ru, misread[i], strlen(misread[i])), "%s", misread[i]);
    }
    const char *words[] = {"\u0441\u0435\u0440", "\u0434", "\u0445\u043e\u0434"};
    for (gsize i = 0; i < G_N_ELEMENTS(words); i++)
        ck_assert_msg(norm_is_prose(en, words[i], strlen(words[i])), "%s", words[i]);
    norm_free(ru);
    norm_free(en);
    arb_lang_set_free(fx.langs);
}
END_TEST

int main(void)
{
    core_init(); /* once here, not in each forked test */
    Suite *s = suite_create("normalize");
    TCase *tc = tcase_create("readings");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_reading, 0, (int)(sizeof readings / sizeof readings[0]));
    tcase_add_test(tc, test_guess_costs);
    tcase_add_test(tc, test_ambiguous);
    tcase_add_test(tc, test_invalid);
    tcase_add_test(tc, test_illegal);
    tcase_add_test(tc, test_suffix_words);
    tcase_add_test(tc, test_prose);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
