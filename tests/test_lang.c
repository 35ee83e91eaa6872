/* Locale tables: every built-in table loads and passes its own checks, the
 * languages the project promises are there with their known letters, a bad
 * table in --lang-dir is refused naming its file and key, and `arbiter
 * langs` lists them all. */
#include "testutil.h"

#include "lang.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static const char *const required[] = {
    "en",      "de",      "nb", "nn", "da", "sv", "is", "nl", "fr", "es", "it", "pt", "ca",
    "ro",      "pl",      "cs", "sk", "hu", "fi", "et", "lv", "lt", "ru", "uk", "be", "bg",
    "sr-Latn", "sr-Cyrl", "hr", "bs", "sl", "mk", "tr", "el", "sq", "eo", "id", "af", "figurine",
};

static ArbLangSet *load_builtin(void)
{
    g_autoptr(GError) error = NULL;
    ArbLangSet *set = arb_lang_set_load(NULL, &error);
    ck_assert_msg(set != NULL, "%s", error ? error->message : "?");
    return set;
}

START_TEST(test_required_present)
{
    g_autoptr(ArbLangSet) set = load_builtin();
    const ArbLang *lang = arb_lang_set_lookup(set, required[_i]);
    ck_assert_msg(lang != NULL, "no table for '%s'", required[_i]);
    ck_assert_str_eq(arb_lang_code(lang), required[_i]);
}
END_TEST

/* The loader already refuses these; the test states the promise itself so a
 * loosened loader cannot let a broken table through. */
START_TEST(test_every_table_sound)
{
    g_autoptr(ArbLangSet) set = load_builtin();
    ck_assert_uint_ge(arb_lang_set_count(set), G_N_ELEMENTS(required));
    for (guint i = 0; i < arb_lang_set_count(set); i++) {
        const ArbLang *lang = arb_lang_set_nth(set, i);
        const char *code = arb_lang_code(lang);
        ck_assert_msg(*arb_lang_name(lang) && *arb_lang_native_name(lang), "%s: no name", code);
        ck_assert_msg(arb_lang_sources(lang)[0] != NULL, "%s: no [sources] checked", code);
        g_autoptr(GHashTable) owner = g_hash_table_new(g_str_hash, g_str_equal);
        for (int t = PAWN; t <= KING; t++) {
            const char *const *initials = arb_lang_initials(lang, t);
            ck_assert_msg(initials[0] && *initials[0], "%s: piece %d has no initial", code, t);
            ck_assert_msg(*arb_lang_piece_name(lang, t), "%s: piece %d has no name", code, t);
            for (int k = 0; initials[k]; k++) {
                gpointer prev;
                if (g_hash_table_lookup_extended(owner, initials[k], NULL, &prev))
                    ck_assert_msg(GPOINTER_TO_INT(prev) == t, "%s: '%s' is two pieces' initial",
                                  code, initials[k]);
                g_hash_table_insert(owner, (gpointer)initials[k], GINT_TO_POINTER(t));
                ck_assert_int_eq(arb_lang_piece_for_initial(lang, initials[k], ARB_MATCH_EXACT), t);
            }
        }
        static const ArbLangWord needed[] = {
            ARB_WORD_CHECK,      ARB_WORD_DOUBLE_CHECK, ARB_WORD_MATE,        ARB_WORD_CAPTURE,
            ARB_WORD_EN_PASSANT, ARB_WORD_CASTLE_SHORT, ARB_WORD_CASTLE_LONG, ARB_WORD_DRAW_OFFER,
            ARB_WORD_DRAW,       ARB_WORD_WHITE_WINS,   ARB_WORD_BLACK_WINS};
        for (size_t w = 0; w < G_N_ELEMENTS(needed); w++)
            ck_assert_msg(arb_lang_words(lang, needed[w])[0] != NULL, "%s: no %s", code,
                          arb_lang_word_key(needed[w]));
    }
}
END_TEST

static const struct {
    const char *code;
    enum piece_type type;
    const char *initial;
} known[] = {
    {"en", KNIGHT, "N"},       {"en", BISHOP, "B"}, {"de", KNIGHT, "S"}, {"de", BISHOP, "L"},
    {"de", PAWN, "B"},         {"de", QUEEN, "D"},  {"fr", BISHOP, "F"}, {"fr", KING, "R"},
    {"fr", ROOK, "T"},         {"fr", KNIGHT, "C"}, {"es", BISHOP, "A"}, {"it", QUEEN, "D"},
    {"pt", BISHOP, "B"},       {"nl", KNIGHT, "P"}, {"nl", BISHOP, "L"}, {"pl", QUEEN, "H"},
    {"pl", ROOK, "W"},         {"pl", BISHOP, "G"}, {"cs", KNIGHT, "J"}, {"cs", ROOK, "V"},
    {"hu", QUEEN, "V"},        {"hu", ROOK, "B"},   {"hu", KNIGHT, "H"}, {"hu", PAWN, "G"},
    {"sv", KNIGHT, "S"},       {"fi", KNIGHT, "R"}, {"is", ROOK, "H"},   {"is", KNIGHT, "R"},
    {"ro", BISHOP, "N"},       {"et", QUEEN, "L"},  {"tr", KING, "Ş"},   {"ru", KING, "Кр"},
    {"ru", QUEEN, "Ф"},        {"ru", ROOK, "Л"},   {"ru", BISHOP, "С"}, {"ru", KNIGHT, "К"},
    {"uk", ROOK, "Т"},         {"bg", KING, "Ц"},   {"bg", BISHOP, "О"}, {"nn", BISHOP, "L"},
    {"figurine", KNIGHT, "♘"},
};

START_TEST(test_known_letters)
{
    g_autoptr(ArbLangSet) set = load_builtin();
    const ArbLang *lang = arb_lang_set_lookup(set, known[_i].code);
    ck_assert_msg(lang != NULL, "no '%s'", known[_i].code);
    ck_assert_str_eq(arb_lang_initial(lang, known[_i].type, FALSE), known[_i].initial);
    ck_assert_int_eq(arb_lang_piece_for_initial(lang, known[_i].initial, ARB_MATCH_EXACT),
                     known[_i].type);
}
END_TEST

START_TEST(test_lookup_and_matching)
{
    g_autoptr(ArbLangSet) set = load_builtin();
    ck_assert_ptr_eq(arb_lang_set_lookup(set, "SR_latn"), arb_lang_set_lookup(set, "sr-Latn"));
    ck_assert_ptr_eq(arb_lang_set_lookup(set, "sr"), arb_lang_set_lookup(set, "sr-Latn"));
    ck_assert_ptr_eq(arb_lang_set_lookup(set, "xx"), NULL);

    const ArbLang *ru = arb_lang_set_lookup(set, "ru");
    ArbPieceMatch m[ARB_LANG_MATCH_MAX];
    const char *move = "Крe8";
    guint n = arb_lang_match_pieces(ru, move, strlen(move), ARB_MATCH_EXACT, m, G_N_ELEMENTS(m));
    ck_assert_uint_eq(n, 2); /* Кр (king), then К (knight) */
    ck_assert_int_eq(m[0].type, KING);
    ck_assert_uint_eq(m[0].length, strlen("Кр"));
    ck_assert_int_eq(m[1].type, KNIGHT);
    ck_assert_int_eq(arb_lang_piece_for_initial(ru, "кр", ARB_MATCH_EXACT), NO_TYPE);
    ck_assert_int_eq(arb_lang_piece_for_initial(ru, "кр", ARB_MATCH_FOLD_CASE), KING);

    const ArbLang *de = arb_lang_set_lookup(set, "de");
    n = arb_lang_match_pieces(de, "sf3", 3, ARB_MATCH_FOLD_CASE, m, G_N_ELEMENTS(m));
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(m[0].type, KNIGHT);
    ck_assert(m[0].folded);
    ck_assert_uint_eq(arb_lang_match_word(de, ARB_WORD_MATE, "Matt", 4, ARB_MATCH_FOLD_CASE), 4);
    ck_assert_uint_eq(arb_lang_match_word(de, ARB_WORD_MATE, "Matt", 4, ARB_MATCH_EXACT), 0);
    ck_assert_uint_eq(arb_lang_match_word(de, ARB_WORD_CHECK, "+", 1, ARB_MATCH_EXACT), 1);

    const ArbLang *fig = arb_lang_set_lookup(set, "figurine");
    ck_assert_str_eq(arb_lang_initial(fig, KNIGHT, TRUE), "♞");
    ck_assert_int_eq(arb_lang_piece_for_initial(fig, "♛", ARB_MATCH_EXACT), QUEEN);
}
END_TEST

/* A temporary --lang-dir holding one file; removed by the caller. */
static char *lang_dir_with(const char *file, const char *text)
{
    g_autoptr(GError) error = NULL;
    char *dir = g_dir_make_tmp("arbiter-lang-XXXXXX", &error);
    ck_assert_msg(dir != NULL, "%s", error ? error->message : "?");
    g_autofree char *path = g_build_filename(dir, file, NULL);
    ck_assert(g_file_set_contents(path, text, -1, NULL));
    return dir;
}

static void remove_dir(const char *dir, const char *file)
{
    g_autofree char *path = g_build_filename(dir, file, NULL);
    g_unlink(path);
    g_rmdir(dir);
}

static const char good_table[] =
    "[language]\ncode=xx\nname=Test\nnative=Testish\n"
    "[pieces]\nking=K\nqueen=Q\nrook=R\nbishop=B\nknight=N;Kt\npawn=P\n"
    "[names]\nking=k\nqueen=q\nrook=r\nbishop=b\nknight=n\npawn=p\n"
    "[words]\ncheck=+\ndouble-check=++\nmate=#\ncapture=x\n"
    "en-passant=e.p.\ncastle-short=O-O\ncastle-long=O-O-O\n"
    "draw-offer=(=)\ndraw=½-½\nwhite-wins=1-0\nblack-wins=0-1\n";

START_TEST(test_lang_dir_extends_and_overrides)
{
    g_autofree char *dir = lang_dir_with("xx.ini", good_table);
    g_autoptr(GError) error = NULL;
    g_autoptr(ArbLangSet) set = arb_lang_set_load(dir, &error);
    ck_assert_msg(set != NULL, "%s", error ? error->message : "?");
    const ArbLang *xx = arb_lang_set_lookup(set, "xx");
    ck_assert_ptr_nonnull(xx);
    ck_assert_int_eq(arb_lang_piece_for_initial(xx, "Kt", ARB_MATCH_EXACT), KNIGHT);
    remove_dir(dir, "xx.ini");

    /* The same table named de.ini (code de) replaces the built-in German. */
    g_autofree char *de_text = g_strdup(good_table);
    memcpy(strstr(de_text, "code=xx"), "code=de", 7);
    g_autofree char *dir2 = lang_dir_with("de.ini", de_text);
    g_autoptr(ArbLangSet) set2 = arb_lang_set_load(dir2, &error);
    ck_assert_msg(set2 != NULL, "%s", error ? error->message : "?");
    ck_assert_str_eq(arb_lang_initial(arb_lang_set_lookup(set2, "de"), QUEEN, FALSE), "Q");
    g_autoptr(ArbLangSet) builtin = load_builtin();
    ck_assert_uint_eq(arb_lang_set_count(set2), arb_lang_set_count(builtin));
    remove_dir(dir2, "de.ini");
}
END_TEST

/* Each bad table: what to replace in good_table, and what the message must
 * name besides the file. */
static const struct {
    const char *from, *to, *mentions;
} bad[] = {
    {"knight=N;Kt", "knight=B", "knight"},                  /* shares the bishop's initial */
    {"queen=Q\n", "", "queen"},                             /* piece missing */
    {"rook=r\n", "rook=\n", "rook"},                        /* empty name */
    {"mate=#\n", "", "mate"},                               /* required word missing */
    {"code=xx", "code=yy", "code"},                         /* code is not the file name */
    {"pawn=P\n", "pawn=e\n", "pawn"},                       /* a file letter */
    {"[words]", "[word]", "word"},                          /* unknown group */
    {"knight=N;Kt\n", "knight=N;Kt\nkinght=S\n", "kinght"}, /* unknown key */
};

START_TEST(test_bad_table_rejected)
{
    g_autofree char *text = NULL;
    const char *at = strstr(good_table, bad[_i].from);
    ck_assert_ptr_nonnull(at);
    text = g_strdup_printf("%.*s%s%s", (int)(at - good_table), good_table, bad[_i].to,
                           at + strlen(bad[_i].from));
    g_autofree char *dir = lang_dir_with("xx.ini", text);
    g_autoptr(GError) error = NULL;
    g_autoptr(ArbLangSet) set = arb_lang_set_load(dir, &error);
    ck_assert_ptr_null(set);
    ck_assert_ptr_nonnull(error);
    ck_assert_msg(strstr(error->message, "xx.ini") && strstr(error->message, bad[_i].mentions),
                  "message '%s' should name xx.ini and '%s'", error->message, bad[_i].mentions);
    remove_dir(dir, "xx.ini");
}
END_TEST

START_TEST(test_missing_lang_dir)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(ArbLangSet) set = arb_lang_set_load("/nonexistent/arbiter-lang", &error);
    ck_assert_ptr_null(set);
    ck_assert(g_error_matches(error, ARB_LANG_ERROR, ARB_LANG_ERROR_IO));
}
END_TEST

static int run_arbiter(const char *const *args, char **out, char **err)
{
    const char *bin = getenv("ARBITER_BIN");
    ck_assert_msg(bin != NULL, "ARBITER_BIN is not set");
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer)bin);
    for (int i = 0; args[i]; i++)
        g_ptr_array_add(argv, (gpointer)args[i]);
    g_ptr_array_add(argv, NULL);
    int status = 0;
    g_autoptr(GError) error = NULL;
    ck_assert_msg(g_spawn_sync(NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out,
                               err, &status, &error),
                  "%s", error ? error->message : "?");
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

START_TEST(test_cli_lists_every_table)
{
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = {"langs", NULL};
    ck_assert_int_eq(run_arbiter(args, &out, &err), 0);
    g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
    for (size_t r = 0; r < G_N_ELEMENTS(required); r++) {
        gboolean found = FALSE;
        for (int i = 0; lines[i] && !found; i++)
            found = g_str_has_prefix(lines[i], required[r]) && lines[i][strlen(required[r])] == ' ';
        ck_assert_msg(found, "'arbiter langs' does not list %s", required[r]);
    }
    ck_assert_ptr_nonnull(strstr(out, "K D T L S B"));  /* German */
    ck_assert_ptr_nonnull(strstr(out, "Кр Ф Л С К п")); /* Russian */
    ck_assert_ptr_nonnull(strstr(out, "♔ ♕ ♖ ♗ ♘ ♙"));  /* figurines */
}
END_TEST

START_TEST(test_cli_errors)
{
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *text = g_strdup(good_table);
    memcpy(strstr(text, "bishop=B"), "bishop=K", 8);
    g_autofree char *dir = lang_dir_with("xx.ini", text);
    const char *args[] = {"langs", "--lang-dir", dir, NULL};
    ck_assert_int_eq(run_arbiter(args, &out, &err), 2);
    ck_assert_msg(strstr(err, "xx.ini") && strstr(err, "bishop"), "stderr: %s", err);
    remove_dir(dir, "xx.ini");

    g_autofree char *out2 = NULL, *err2 = NULL;
    const char *extra[] = {"langs", "stray", NULL};
    ck_assert_int_eq(run_arbiter(extra, &out2, &err2), 2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lang");
    TCase *tc = tcase_create("tables");
    tcase_add_loop_test(tc, test_required_present, 0, G_N_ELEMENTS(required));
    tcase_add_test(tc, test_every_table_sound);
    tcase_add_loop_test(tc, test_known_letters, 0, G_N_ELEMENTS(known));
    tcase_add_test(tc, test_lookup_and_matching);
    suite_add_tcase(s, tc);
    TCase *dir = tcase_create("lang-dir");
    tcase_add_test(dir, test_lang_dir_extends_and_overrides);
    tcase_add_loop_test(dir, test_bad_table_rejected, 0, G_N_ELEMENTS(bad));
    tcase_add_test(dir, test_missing_lang_dir);
    suite_add_tcase(s, dir);
    TCase *cli = tcase_create("cli");
    tcase_add_test(cli, test_cli_lists_every_table);
    tcase_add_test(cli, test_cli_errors);
    suite_add_tcase(s, cli);
    return run_suite(s);
}
