/* Render <-> read round trips on real and generated games: every move of
 * every game, written in every language table (figurines too) in every form
 * render.h knows and in core's LAN, UCI, FAN, ICCF and descriptive, must read back through
 * the normaliser and resolver (resolve_token) as the identical legal move.
 *
 * Games: the first GAMES_FROM_CORPUS main lines of a pgnmentor archive in
 * ../shared/corpus (skipped with a message when it is absent; a third as
 * many under AddressSanitizer, five times slower) and games of
 * legal random moves from a fixed seed (always run), which reach the
 * promotions, under-promotions, double disambiguations and en-passant
 * captures that master games seldom show. */
#include "testutil.h"

#include "fen.h"
#include "lang.h"
#include "movegen.h"
#include "render.h"
#include "replay.h"
#include "resolve.h"

#include <stdio.h>
#include <string.h>

enum {
    GAMES_FROM_CORPUS = UNDER_ASAN ? 100 : 300,
    RANDOM_GAMES = 40,
    RANDOM_PLIES_MAX = 300,
    FAILURES_SHOWN = 25,
};

#define CORPUS_GAMES "large/pgnmentor_players_chesslablab/players_dedup_7tag_part1.pgn"

struct ply {
    struct position before;
    move_t move;
};

struct test_game {
    char *name; /* "corpus game 12", "random game 3" */
    GArray *plies;
};

/* What the games hold, so that a test which passes is known to have seen
 * each kind of move. */
struct coverage {
    long plies, captures, en_passant, promotions, under_promotions, castle_short, castle_long,
        checks, mates, by_file, by_rank, by_square, minimal_ambiguous;
};

/* Read-only once the unchecked fixture has filled it (before Check forks). */
static struct {
    GPtrArray *games; /* struct test_game */
    int corpus_games, corpus_cut;
    struct coverage cov;
} data;

/* ---- the forms ------------------------------------------------------------ */

struct variant {
    const char *name;
    gboolean core; /* core's writer in `style`, not render_move_form */
    enum notation_style style;
    struct render_form form;
    gboolean english_only; /* English letters: read back in the English table only */
};

static const struct variant variants[] = {
    {.name = "san"},
    {.name = "capture-colon", .form = {.capture = RENDER_CAPTURE_COLON}},
    {.name = "capture-colon-after", .form = {.capture = RENDER_CAPTURE_COLON_AFTER}},
    {.name = "capture-unmarked", .form = {.capture = RENDER_CAPTURE_NONE}},
    {.name = "minimal-pawn-x", .form = {.minimal_pawn_captures = TRUE}},
    {.name = "minimal-pawn",
     .form = {.minimal_pawn_captures = TRUE, .capture = RENDER_CAPTURE_NONE}},
    {.name = "minimal-pawn-colon",
     .form = {.minimal_pawn_captures = TRUE, .capture = RENDER_CAPTURE_COLON}},
    {.name = "promotion-plain", .form = {.promotion = RENDER_PROMOTION_PLAIN}},
    {.name = "promotion-paren", .form = {.promotion = RENDER_PROMOTION_PAREN}},
    {.name = "promotion-slash", .form = {.promotion = RENDER_PROMOTION_SLASH}},
    {.name = "castle-zeros", .form = {.castle_zeros = TRUE}},
    {.name = "long", .form = {.long_form = TRUE}},
    {.name = "long-colon", .form = {.long_form = TRUE, .capture = RENDER_CAPTURE_COLON}},
    {.name = "long-dash", .form = {.long_form = TRUE, .capture = RENDER_CAPTURE_NONE}},
    {.name = "long-plain-promotion",
     .form = {.long_form = TRUE, .promotion = RENDER_PROMOTION_PLAIN, .castle_zeros = TRUE}},
    {.name = "dagger", .form = {.check = "†", .mate = "‡"}},
    {.name = "double-plus-mate", .form = {.mate = "++"}},
    {.name = "not-equal-mate", .form = {.mate = "≠"}},
    {.name = "ch-mate", .form = {.check = "ch", .mate = "mate"}},
    /* a Russian book: "Фd1:d4", "e7-e8Ф", "0-0", "†" */
    {.name = "russian-book",
     .form = {.long_form = TRUE,
              .capture = RENDER_CAPTURE_COLON,
              .promotion = RENDER_PROMOTION_PLAIN,
              .castle_zeros = TRUE,
              .check = "†",
              .mate = "‡"}},
    /* an old English book: "Be5:", "e8(Q)", "0-0", "ch" */
    {.name = "old-book",
     .form = {.capture = RENDER_CAPTURE_COLON_AFTER,
              .promotion = RENDER_PROMOTION_PAREN,
              .castle_zeros = TRUE,
              .check = "ch"}},
    /* core's LAN has English letters: in German "b1=B" is a pawn first */
    {.name = "lan", .core = TRUE, .style = NOTATION_LAN, .english_only = TRUE},
    {.name = "uci", .core = TRUE, .style = NOTATION_UCI},
    {.name = "fan", .core = TRUE, .style = NOTATION_FAN},
    {.name = "iccf", .core = TRUE, .style = NOTATION_ICCF},
    {.name = "descriptive", .core = TRUE, .style = NOTATION_DESCRIPTIVE, .english_only = TRUE},
};

/* ---- the games -------------------------------------------------------------- */

static struct test_game *test_game_new(char *name)
{
    struct test_game *g = g_new0(struct test_game, 1);
    g->name = name;
    g->plies = g_array_new(FALSE, FALSE, sizeof(struct ply));
    return g;
}

static void test_game_free(gpointer p)
{
    struct test_game *g = p;
    g_array_free(g->plies, TRUE);
    g_free(g->name);
    g_free(g);
}

static void count_move(struct coverage *cov, const struct position *pos, move_t m)
{
    char san[SAN_MAX];
    struct san s;
    san_write(pos, m, san);
    if (san_parse(san, strlen(san), &s, NULL) != SAN_OK)
        g_error("core wrote '%s', unreadable", san);
    cov->plies++;
    cov->captures += pos_is_capture(pos, m);
    cov->en_passant += move_kind(m) == MOVE_EN_PASSANT;
    cov->promotions += move_kind(m) == MOVE_PROMOTION;
    cov->under_promotions += move_kind(m) == MOVE_PROMOTION && move_promotion(m) != QUEEN;
    cov->castle_short += s.castle == SAN_CASTLE_KING;
    cov->castle_long += s.castle == SAN_CASTLE_QUEEN;
    cov->checks += s.check == SAN_CHECK_CHECK;
    cov->mates += s.check == SAN_CHECK_MATE;
    gboolean piece = s.piece != PAWN && !s.castle;
    cov->by_file += piece && s.from_file >= 0 && s.from_rank < 0;
    cov->by_rank += piece && s.from_file < 0 && s.from_rank >= 0;
    cov->by_square += piece && s.from_file >= 0 && s.from_rank >= 0;
    cov->minimal_ambiguous += s.piece == PAWN && pos_is_capture(pos, m) &&
                              move_kind(m) != MOVE_PROMOTION &&
                              !render_minimal_capture_is_unique(pos, m);
}

static void add_ply(struct test_game *g, const struct position *pos, move_t m)
{
    struct ply p = {*pos, m};
    g_array_append_val(g->plies, p);
    count_move(&data.cov, pos, m);
}

struct corpus_reading {
    int wanted;
};

/* The main line of a recorded game, read as the SAN it is. */
static void on_corpus_game(ArbGame *game, const ArbGameSummary *summary, gpointer ud)
{
    (void)summary;
    struct corpus_reading *cr = ud;
    if (data.corpus_games >= cr->wanted) return;
    struct position pos;
    char message[200];
    if (!replay_start_position(game, &pos, message, sizeof message)) return;
    struct test_game *g =
        test_game_new(g_strdup_printf("corpus game %" G_GUINT64_FORMAT " (%s - %s)", game->number,
                                      game_tag(game, "White"), game_tag(game, "Black")));
    int depth = 0;
    for (guint i = 0; i < game->events->len; i++) {
        const struct game_event *ev = &g_array_index(game->events, struct game_event, i);
        depth += ev->kind == EV_BEGIN_VARIATION;
        depth -= ev->kind == EV_END_VARIATION;
        if (ev->kind != EV_MOVE || depth > 0) continue;
        move_t m;
        if (san_read(&pos, game_event_text(game, ev), ev->len, SAN_STRICT, &m, NULL) != SAN_OK) {
            data.corpus_cut++; /* the archive's own errors are not this test's business */
            break;
        }
        add_ply(g, &pos, m);
        pos_make_move(&pos, m);
    }
    g_ptr_array_add(data.games, g);
    data.corpus_games++;
}

static void read_corpus(int wanted)
{
    const char *path = corpus_path(CORPUS_GAMES);
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
        printf("SKIP: the corpus part (%s is absent); generated games only\n", path);
        return;
    }
    g_autoptr(GFile) file = g_file_new_for_path(path);
    g_autoptr(GError) err = NULL;
    g_autoptr(GFileInputStream) in = g_file_read(file, NULL, &err);
    if (!in) g_error("%s: %s", path, err->message);
    g_autoptr(ArbGame) game = game_new();
    struct corpus_reading cr = {wanted};
    ArbRecorder rec = {game, on_corpus_game, NULL, &cr};
    ArbReader *reader =
        reader_new_for_stream(G_INPUT_STREAM(in), NULL, &game_recorder_visitor, &rec);
    while (data.corpus_games < wanted && reader_read_game(reader, &err))
        ;
    reader_free(reader);
    if (err) g_error("%s: %s", path, err->message);
}

/* A legal random move; promotions (of any piece) and castling are taken when
 * offered half of the time, so that they turn up often. */
static move_t random_move(GRand *rng, const struct move_list *list)
{
    move_t special[MOVE_LIST_MAX];
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        int kind = move_kind(list->moves[i]);
        if (kind == MOVE_PROMOTION || kind == MOVE_CASTLING || kind == MOVE_EN_PASSANT)
            special[n++] = list->moves[i];
    }
    if (n > 0 && g_rand_boolean(rng)) return special[g_rand_int_range(rng, 0, n)];
    return list->moves[g_rand_int_range(rng, 0, list->count)];
}

/* Start positions for the generated games: the initial one, and crowded ones
 * where three queens or knights reach one square ("Qh4e1"). */
static const char *const random_starts[] = {
    NULL,
    "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1",
    "k7/8/8/3N1N2/2N5/8/2N3N1/4K3 w - - 0 1",
    "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
};

static void generate_games(guint32 seed, int count)
{
    GRand *rng = g_rand_new_with_seed(seed);
    for (int i = 0; i < count; i++) {
        const char *fen = random_starts[i % G_N_ELEMENTS(random_starts)];
        struct position pos;
        struct fen_error ferr;
        if (fen && !fen_parse(&pos, fen, &ferr))
            g_error("%s: %s", fen, ferr.message);
        else if (!fen)
            pos_startpos(&pos);
        struct test_game *g = test_game_new(
            g_strdup_printf("random game %d (seed %u, from %s)", i + 1, seed, fen ? fen : "start"));
        for (int ply = 0; ply < RANDOM_PLIES_MAX; ply++) {
            struct move_list list;
            if (movegen_legal(&pos, &list) == 0) break;
            move_t m = random_move(rng, &list);
            add_ply(g, &pos, m);
            pos_make_move(&pos, m);
        }
        g_ptr_array_add(data.games, g);
    }
    g_rand_free(rng);
}

static void load_games(void)
{
    data.games = g_ptr_array_new_with_free_func(test_game_free);
    if (corpus_present("the round trip over real games")) read_corpus(GAMES_FROM_CORPUS);
    generate_games(20240601, RANDOM_GAMES);
    const struct coverage *c = &data.cov;
    printf("round trip: %u games (%d from the corpus, %d cut at an unreadable move), %ld plies: "
           "%ld captures, %ld en passant, %ld promotions (%ld under), %ld O-O, %ld O-O-O, "
           "%ld checks, %ld mates, disambiguated by file %ld, by rank %ld, by square %ld; "
           "%ld pawn captures that \"exd\" cannot name alone\n",
           data.games->len, data.corpus_games, data.corpus_cut, c->plies, c->captures,
           c->en_passant, c->promotions, c->under_promotions, c->castle_short, c->castle_long,
           c->checks, c->mates, c->by_file, c->by_rank, c->by_square, c->minimal_ambiguous);
    fflush(stdout);
}

static void free_games(void)
{
    g_ptr_array_free(data.games, TRUE);
}

/* ---- the round trip ----------------------------------------------------------- */

struct tally {
    long read, failed; /* distinct texts read back, and those that failed */
};

static void render_variant(const ArbLang *lang, const struct variant *v, const struct ply *p,
                           char *buf, gsize size)
{
    if (v->core)
        render_move(NULL, v->style, &p->before, p->move, buf, size);
    else
        render_move_form(lang, &v->form, &p->before, p->move, buf, size);
}

/* Reads text back in pos; FALSE (and a line naming game, ply, language,
 * variant and text, for the first few) unless it is the move played. */
static gboolean reads_back(ArbNorm *norm, const ArbLang *lang, const struct test_game *g, int ply,
                           const struct variant *v, const char *text, long failed_before)
{
    const struct ply *p = &g_array_index(g->plies, struct ply, ply);
    char want[SAN_MAX], got[SAN_MAX] = "";
    struct resolve_answer ans;
    resolve_token(norm, &p->before, text, strlen(text), &ans);
    san_write(&p->before, p->move, want);
    if (ans.status == SAN_OK) san_write(&p->before, ans.move, got);
    if (ans.status == SAN_OK && !strcmp(got, want)) return TRUE;
    if (failed_before < FAILURES_SHOWN) {
        char fen[128];
        fen_write(&p->before, fen, sizeof fen);
        printf("FAIL %s, ply %d (%d%s), language %s, variant %s: '%s' read as %s (%s), want %s "
               "[%s]\n",
               g->name, ply + 1, p->before.fullmove, p->before.side == WHITE ? "." : "...",
               arb_lang_code(lang), v->name, text,
               ans.status == SAN_OK        ? got
               : ans.status == SAN_INVALID ? "unreadable"
               : ans.status == SAN_ILLEGAL ? "illegal"
                                           : "ambiguous",
               ans.message, want, fen);
    }
    return FALSE;
}

struct fixture {
    ArbLangSet *langs;
    const ArbLang *english, *figurines;
};

static struct fixture load_tables(void)
{
    g_autoptr(GError) err = NULL;
    struct fixture fx = {0};
    fx.langs = arb_lang_set_load(NULL, &err);
    ck_assert_msg(fx.langs != NULL, "loading the tables: %s", err ? err->message : "?");
    fx.english = arb_lang_set_lookup(fx.langs, "en");
    fx.figurines = arb_lang_set_lookup(fx.langs, "figurine");
    ck_assert(fx.english && fx.figurines);
    return fx;
}

/* One language table, every variant, every ply of every game. */
START_TEST(test_language)
{
    enum { N = G_N_ELEMENTS(variants) };
    struct fixture fx = load_tables();
    const ArbLang *lang = arb_lang_set_nth(fx.langs, (guint)_i);
    ArbNorm *norm = norm_new(lang, fx.english, fx.figurines);
    struct tally t[N] = {{0}}, total = {0};
    for (guint gi = 0; gi < data.games->len; gi++) {
        const struct test_game *g = g_ptr_array_index(data.games, gi);
        for (guint ply = 0; ply < g->plies->len; ply++) {
            const struct ply *p = &g_array_index(g->plies, struct ply, ply);
            /* most forms write most moves alike: each distinct text is read once */
            char texts[N][RENDER_MAX];
            int n_texts = 0;
            for (int v = 0; v < N; v++) {
                if (variants[v].english_only && lang != fx.english) continue;
                render_variant(lang, &variants[v], p, texts[n_texts], RENDER_MAX);
                gboolean seen = FALSE;
                for (int k = 0; k < n_texts && !seen; k++)
                    seen = !strcmp(texts[k], texts[n_texts]);
                if (seen) continue;
                t[v].read++;
                if (!reads_back(norm, lang, g, (int)ply, &variants[v], texts[n_texts],
                                total.failed))
                    t[v].failed++, total.failed++;
                n_texts++;
            }
        }
    }
    GString *per_variant = g_string_new(NULL);
    for (int v = 0; v < N; v++) {
        total.read += t[v].read;
        if (t[v].failed)
            g_string_append_printf(per_variant, " %s:%ld", variants[v].name, t[v].failed);
    }
    printf("%-8s %ld distinct texts read back, %ld failed%s%s\n", arb_lang_code(lang), total.read,
           total.failed, total.failed ? " by variant:" : "", per_variant->str);
    fflush(stdout);
    ck_assert_msg(total.failed == 0, "%s: %ld of %ld round trips failed:%s", arb_lang_code(lang),
                  total.failed, total.read, per_variant->str);
    g_string_free(per_variant, TRUE);
    norm_free(norm);
    arb_lang_set_free(fx.langs);
}
END_TEST

/* The games hold every kind of move the forms write differently. */
START_TEST(test_coverage)
{
    const struct coverage *c = &data.cov;
    ck_assert_int_gt(c->plies, 0);
    ck_assert_int_gt(c->captures, 0);
    ck_assert_int_gt(c->en_passant, 0);
    ck_assert_int_gt(c->under_promotions, 0);
    ck_assert_int_gt(c->castle_short, 0);
    ck_assert_int_gt(c->castle_long, 0);
    ck_assert_int_gt(c->checks, 0);
    ck_assert_int_gt(c->mates, 0);
    ck_assert_int_gt(c->by_file, 0);
    ck_assert_int_gt(c->by_rank, 0);
    ck_assert_int_gt(c->by_square, 0);
    /* "exd" is written in full only where two pawn captures join the same
     * files; the count is reported, and must stay rare */
    ck_assert_int_le(c->minimal_ambiguous * 100, c->captures);
}
END_TEST

/* The renderer's forms, spelt out once, so that a round trip that passes
 * cannot hide a form that is not the one the seeds show. */
static const struct {
    const char *lang, *fen, *san;
    struct render_form form;
    const char *text;
} forms[] = {
    {"de", "4k3/8/8/4p3/8/8/1B6/4K3 w - - 0 1", "Bxe5", {.capture = RENDER_CAPTURE_COLON}, "L:e5"},
    {"en",
     "4k3/8/8/4p3/8/8/1B6/4K3 w - - 0 1",
     "Bxe5",
     {.capture = RENDER_CAPTURE_COLON_AFTER},
     "Be5:"},
    {"en", "4k3/8/8/4p3/8/8/1B6/4K3 w - - 0 1", "Bxe5", {.capture = RENDER_CAPTURE_NONE}, "Be5"},
    {"en", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", {.capture = RENDER_CAPTURE_NONE}, "ed6"},
    {"en", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", {.minimal_pawn_captures = TRUE}, "exd"},
    {"en",
     "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
     "exd5",
     {.minimal_pawn_captures = TRUE, .capture = RENDER_CAPTURE_NONE},
     "ed"},
    /* two captures e4xd5 and e6xd7: "exd" would be ambiguous, so in full */
    {"en",
     "4k3/3p4/4P3/3p4/4P3/8/8/4K3 w - - 0 1",
     "exd5",
     {.minimal_pawn_captures = TRUE},
     "exd5"},
    {"de", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=Q", {.promotion = RENDER_PROMOTION_PLAIN}, "e8D"},
    {"en",
     "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
     "e8=Q",
     {.promotion = RENDER_PROMOTION_PAREN},
     "e8(Q)"},
    {"ru", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=Q", {.promotion = RENDER_PROMOTION_SLASH}, "e8/Ф"},
    {"en", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", {.castle_zeros = TRUE}, "0-0"},
    {"en", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", {.castle_zeros = TRUE}, "0-0-0"},
    {"de",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "Nf3",
     {.long_form = TRUE},
     "Sg1-f3"},
    {"de",
     "4k3/3p4/8/8/8/3R4/8/4K3 w - - 0 1",
     "Rxd7",
     {.long_form = TRUE, .capture = RENDER_CAPTURE_COLON},
     "Td3:d7"},
    {"ru",
     "4k3/8/8/4p3/8/8/8/4K3 b - - 0 1",
     "e4",
     {.long_form = TRUE, .capture = RENDER_CAPTURE_NONE},
     "e5-e4"},
    {"figurine",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "Nf3",
     {.long_form = TRUE},
     "♘g1-f3"},
    {"figurine", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "Nc6", {0}, "♞c6"},
    {"en", "6k1/5pp1/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+", {.check = "†"}, "Ra8†"},
    {"en", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#", {.mate = "‡"}, "Ra8‡"},
    {"en", "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qh4e1", {0}, "Qh4e1"},
};

START_TEST(test_form)
{
    struct fixture fx = load_tables();
    const ArbLang *lang = arb_lang_set_lookup(fx.langs, forms[_i].lang);
    struct position pos;
    struct fen_error ferr;
    ck_assert_msg(fen_parse(&pos, forms[_i].fen, &ferr), "%s", ferr.message);
    move_t m;
    ck_assert(san_read(&pos, forms[_i].san, strlen(forms[_i].san), SAN_STRICT, &m, NULL) == SAN_OK);
    char text[RENDER_MAX];
    render_move_form(lang, &forms[_i].form, &pos, m, text, sizeof text);
    ck_assert_str_eq(text, forms[_i].text);
    arb_lang_set_free(fx.langs);
}
END_TEST

int main(void)
{
    core_init();
    g_autoptr(GError) err = NULL;
    g_autoptr(ArbLangSet) langs = arb_lang_set_load(NULL, &err);
    if (!langs) {
        printf("loading the tables: %s\n", err->message);
        return 1;
    }
    data.games = NULL;
    load_games();
    Suite *s = suite_create("roundtrip");
    TCase *tc = tcase_create("languages");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_form, 0, (int)G_N_ELEMENTS(forms));
    tcase_add_test(tc, test_coverage);
    tcase_add_loop_test(tc, test_language, 0, (int)arb_lang_set_count(langs));
    suite_add_tcase(s, tc);
    int status = run_suite(s);
    free_games();
    return status;
}
