/* The PGN writer: export format tag order and escaping, move numbers after
 * comments and variations, line wrapping. */
#include "testutil.h"

#include "pgnw.h"

#include <string.h>

START_TEST(test_roster_first_and_defaults)
{
    g_autoptr(ArbPgnWriter) w = pgnw_new();
    pgnw_begin_game(w);
    pgnw_tag(w, "ECO", "C20");
    pgnw_tag(w, "White", "Morphy, Paul");
    pgnw_tag(w, "Black", "Say \"hi\" \\ bye");
    pgnw_tag(w, "Result", "1-0");
    pgnw_move(w, 1, 0, "e4");
    pgnw_end_game(w, "1-0");
    ck_assert_str_eq(pgnw_text(w)->str, "[Event \"?\"]\n"
                                        "[Site \"?\"]\n"
                                        "[Date \"????.??.??\"]\n"
                                        "[Round \"?\"]\n"
                                        "[White \"Morphy, Paul\"]\n"
                                        "[Black \"Say \\\"hi\\\" \\\\ bye\"]\n"
                                        "[Result \"1-0\"]\n"
                                        "[ECO \"C20\"]\n"
                                        "\n"
                                        "1. e4 1-0\n\n");
}
END_TEST

static const char *movetext(const GString *s)
{
    const char *p = strstr(s->str, "\n\n");
    return p ? p + 2 : s->str;
}

START_TEST(test_numbers_after_comments_and_variations)
{
    g_autoptr(ArbPgnWriter) w = pgnw_new();
    pgnw_begin_game(w);
    pgnw_move(w, 1, 0, "e4");
    pgnw_comment(w, "best by  test\n(says who)");
    pgnw_move(w, 1, 1, "e5");
    pgnw_begin_variation(w);
    pgnw_move(w, 1, 1, "c5");
    pgnw_nag(w, 1);
    pgnw_begin_variation(w);
    pgnw_move(w, 1, 1, "e6");
    pgnw_end_variation(w);
    pgnw_move(w, 2, 0, "Nf3");
    pgnw_end_variation(w);
    pgnw_move(w, 2, 0, "Nf3");
    pgnw_move(w, 2, 1, "Nc6");
    pgnw_comment(w, "a } brace");
    pgnw_end_game(w, "*");
    ck_assert_str_eq(
        movetext(pgnw_text(w)),
        "1. e4 {best by test (says who)} 1... e5 (1... c5 $1 (1... e6) 2. Nf3) 2. Nf3\n"
        "Nc6 {a ) brace} *\n\n");
}
END_TEST

START_TEST(test_wrapping)
{
    g_autoptr(ArbPgnWriter) w = pgnw_new();
    pgnw_begin_game(w);
    for (int i = 1; i <= 60; i++) {
        pgnw_move(w, i, 0, "Nf3");
        if (i % 7 == 0)
            pgnw_comment(w, "a fairly long comment that has to be wrapped over the line end");
        pgnw_move(w, i, 1, "Nf6");
    }
    pgnw_end_game(w, "1/2-1/2");
    g_auto(GStrv) lines = g_strsplit(movetext(pgnw_text(w)), "\n", -1);
    int count = 0;
    for (char **l = lines; *l; l++, count++) {
        ck_assert_int_le(strlen(*l), PGNW_LINE_MAX);
        ck_assert(**l != ' ');
        /* a move number never ends a line without its move */
        size_t n = strlen(*l);
        ck_assert(n == 0 || (*l)[n - 1] != '.');
    }
    ck_assert_int_gt(count, 10);
}
END_TEST

/* A comment's word that begins with '%' or '[' never begins a line (an
 * escape line, or what looks like a tag): tried at every column. */
START_TEST(test_comment_words_never_escape)
{
    for (int shift = 0; shift < PGNW_LINE_MAX - 2; shift++) { /* the pad fits a line */
        g_autoptr(ArbPgnWriter) w = pgnw_new();
        pgnw_begin_game(w);
        g_autofree char *pad = g_strnfill((gsize)shift + 1, 'a');
        pgnw_comment(w, pad);
        for (int i = 0; i < 12; i++)
            pgnw_comment(w, "the rest: [lB... Kfb] 74A. %x Tg4");
        pgnw_end_game(w, "*");
        const char *text = movetext(pgnw_text(w));
        g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
        for (char **l = lines; *l; l++) {
            ck_assert_msg(**l != '%' && **l != '[', "shift %d: line \"%s\"", shift, *l);
            ck_assert_int_le(strlen(*l), PGNW_LINE_MAX);
        }
        /* nothing lost: every word is there, once per comment */
        ck_assert_int_eq(count_of(text, "[lB..."), 12);
    }
}
END_TEST

/* A comment that begins a line never ends that line with a tag pair's
 * '"]' ('{A "b"]'): a reader takes such a line for a tag whose '[' was
 * misread '{', and the games after it come apart (found by fuzz_convert).
 * Tried at every column and with a word too long for any line after it. */
START_TEST(test_comment_line_never_a_tag)
{
    g_autoptr(GRegex) tag_like =
        g_regex_new("^\\{[A-Z][A-Za-z0-9_]* \"([^\"\\\\]|\\\\.)*\"\\]\\s*$", 0, 0, NULL);
    g_autofree char *long_word = g_strnfill(PGNW_LINE_MAX + 10, 'y');
    for (int shift = 0; shift < PGNW_LINE_MAX; shift++) {
        g_autoptr(ArbPgnWriter) w = pgnw_new();
        pgnw_begin_game(w);
        g_autofree char *pad = g_strnfill((gsize)shift + 1, 'a');
        pgnw_comment(w, pad);
        g_autofree char *tail = g_strdup_printf("A \"b\\\"\"] %s", long_word);
        for (int i = 0; i < 3; i++) {
            pgnw_comment(w, "A \"b\"] c");
            pgnw_comment(w, "A \"b\"]\vc"); /* a vertical tab: a line end to some readers */
            pgnw_comment(w, tail);
            pgnw_comment(w, "Event \"x\"] Site \"y\"] and more words after it");
        }

        pgnw_end_game(w, "*");
        const char *text = movetext(pgnw_text(w));
        g_auto(GStrv) lines = g_strsplit_set(text, "\n\r\v\f", -1);
        for (char **l = lines; *l; l++)
            ck_assert_msg(!g_regex_match(tag_like, *l, 0, NULL), "shift %d: line \"%s\"", shift,
                          *l);
        /* nothing lost */
        ck_assert_int_eq(count_of(text, long_word), 3);
        ck_assert_int_eq(count_of(text, "Site \"y\"]"), 3);
    }
}
END_TEST

/* Nor a line that one comment opens and a later one ends ('{A "b} {c"]'),
 * nor one whose '"]' only words a reader skips as space follow. */
START_TEST(test_comment_lines_across_comments)
{
    g_autoptr(GRegex) tag_like = g_regex_new(
        "^\\{[A-Z][A-Za-z0-9_]* \"([^\"\\\\]|\\\\.)*\"\\][\\s\\x01-\\x1f,|]*$", 0, 0, NULL);
    g_autofree char *fill = g_strnfill(PGNW_LINE_MAX - 2, 'a');
    static const char *const after[] = {" y", " \x06 , | y"};
    int lines_opened = 0;
    for (int k = 0; k < 20; k++) {
        for (int j = 1; j <= 4; j++) {
            for (guint a = 0; a < G_N_ELEMENTS(after); a++) {
                g_autoptr(ArbPgnWriter) w = pgnw_new();
                pgnw_begin_game(w);
                pgnw_comment(w, fill); /* a whole line: the next comment opens one */
                pgnw_comment(w, "A \"Site]");
                for (int q = 0; q < k; q++)
                    pgnw_comment(w, "q");
                g_autofree char *ends = g_strdup_printf("%.*s\"]%s", j, "xxxx", after[a]);
                pgnw_comment(w, ends);
                pgnw_end_game(w, "*");
                const char *text = movetext(pgnw_text(w));
                g_auto(GStrv) lines = g_strsplit_set(text, "\n\r\v\f", -1);
                ck_assert_ptr_nonnull(lines[1]);
                lines_opened += g_str_has_prefix(lines[1], "{A \"Site]}");
                for (char **l = lines; *l; l++)
                    ck_assert_msg(!g_regex_match(tag_like, *l, 0, NULL), "k %d, j %d: line \"%s\"",
                                  k, j, *l);
                ck_assert_int_eq(count_of(text, "\"]"), 1); /* nothing lost */
            }
        }
    }
    ck_assert_int_eq(lines_opened, 20 * 4 * 2);
}
END_TEST

/* Figurines are three bytes each: lines are measured in characters. */
START_TEST(test_wrapping_counts_characters)
{
    g_autoptr(ArbPgnWriter) w = pgnw_new();
    pgnw_begin_game(w);
    for (int i = 1; i <= 40; i++) {
        pgnw_move(w, i, 0, "\u2658f3");
        pgnw_move(w, i, 1, "\u265ef6");
    }
    pgnw_end_game(w, "*");
    g_auto(GStrv) lines = g_strsplit(movetext(pgnw_text(w)), "\n", -1);
    gboolean some_line_full = FALSE;
    for (char **l = lines; *l; l++) {
        ck_assert_int_le(g_utf8_strlen(*l, -1), PGNW_LINE_MAX);
        some_line_full |= g_utf8_strlen(*l, -1) > PGNW_LINE_MAX - 8;
    }
    ck_assert(some_line_full);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("pgnw");
    TCase *tc = tcase_create("export");
    tcase_add_test(tc, test_roster_first_and_defaults);
    tcase_add_test(tc, test_numbers_after_comments_and_variations);
    tcase_add_test(tc, test_wrapping);
    tcase_add_test(tc, test_wrapping_counts_characters);
    tcase_add_test(tc, test_comment_words_never_escape);
    tcase_add_test(tc, test_comment_line_never_a_tag);
    tcase_add_test(tc, test_comment_lines_across_comments);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
