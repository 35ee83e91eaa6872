/* arbiter langs: lists every locale table (built in, plus --lang-dir) with
 * its piece letters, so a user can see what --from/--to accept. */
#include "cli.h"
#include "commands.h"

#include "lang.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

/* Letters in the order players recite them. */
static const enum piece_type recital[] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};

/* printf's field width counts bytes; names are UTF-8. */
static void print_padded(const char *s, glong width)
{
    fputs(s, stdout);
    for (glong n = g_utf8_strlen(s, -1); n < width; n++)
        putchar(' ');
}

static void print_list(const char *label, const char *const *items)
{
    if (!items[0]) return;
    g_autofree char *joined = g_strjoinv(", ", (char **)items);
    fputs("    ", stdout);
    print_padded(label, 17);
    printf(" %s\n", joined);
}

static void print_details(const ArbLang *lang)
{
    for (size_t i = 0; i < G_N_ELEMENTS(recital); i++) {
        enum piece_type t = recital[i];
        g_autofree char *initials = g_strjoinv(" ", (char **)arb_lang_initials(lang, t));
        g_autofree char *names = g_strjoinv(", ", (char **)arb_lang_piece_names(lang, t));
        fputs("    ", stdout);
        print_padded(initials, 17);
        printf(" %s\n", names);
    }
    for (int w = 0; w < ARB_WORD_COUNT; w++)
        print_list(arb_lang_word_key(w), arb_lang_words(lang, w));
    print_list("aliases", arb_lang_aliases(lang));
    print_list("checked", arb_lang_sources(lang));
    print_list("unverified", arb_lang_unverified(lang));
    print_list("from", (const char *const[]){arb_lang_origin(lang), NULL});
}

int cmd_langs(int argc, char **argv)
{
    g_autofree char *lang_dir = NULL;
    gboolean verbose = FALSE;
    GOptionEntry entries[] = {
        {"lang-dir", 0, 0, G_OPTION_ARG_FILENAME, &lang_dir,
         "also load every *.ini table in DIR (a table there replaces a built-in one of the same "
         "code)",
         "DIR"},
        {"verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
         "also print every initial, name, word and source of each table", NULL},
        G_OPTION_ENTRY_NULL};
    g_autoptr(GOptionContext) ctx = g_option_context_new("");
    g_option_context_set_summary(ctx, "Lists every language table: its code, its name and its "
                                      "letters for K Q R B N P (the first initial of each, the "
                                      "one written).");
    g_option_context_set_description(ctx, "The table format is described in lang/README.md.\n"
                                          "Exit status: 0 on success, 2 on a usage error or a "
                                          "table that cannot be read.\n");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_auto(GStrv) words = NULL;
    if (!cli_parse(ctx, entries, "langs", &argc, &argv, &words)) return EXIT_USAGE;
    g_autoptr(GError) error = NULL;
    if (argc != 1) {
        fprintf(stderr, "arbiter langs: unexpected argument '%s' (try --help)\n", argv[1]);
        return EXIT_USAGE;
    }
    g_autoptr(ArbLangSet) set = arb_lang_set_load(lang_dir, &error);
    if (!set) {
        fprintf(stderr, "arbiter langs: %s\n", error->message);
        return EXIT_USAGE;
    }
    for (guint i = 0; i < arb_lang_set_count(set); i++) {
        const ArbLang *lang = arb_lang_set_nth(set, i);
        const char *name = arb_lang_name(lang), *native = arb_lang_native_name(lang);
        g_autofree char *title =
            strcmp(name, native) ? g_strdup_printf("%s (%s)", name, native) : g_strdup(name);
        print_padded(arb_lang_code(lang), 10);
        print_padded(title, 40);
        for (size_t k = 0; k < G_N_ELEMENTS(recital); k++)
            printf("%s%s", k ? " " : "", arb_lang_initial(lang, recital[k], FALSE));
        putchar('\n');
        if (verbose) print_details(lang);
    }
    return EXIT_CLEAN;
}
