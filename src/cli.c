/* cli.h: the subcommands' command lines. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

/* The entry whose short name is c, or NULL. */
static const GOptionEntry *short_entry(const GOptionEntry *entries, char c)
{
    for (const GOptionEntry *e = entries; e->long_name; e++)
        if (e->short_name == c) return e;
    return NULL;
}

/* The entry whose long name is name (up to an '=' or its end), or NULL. */
static const GOptionEntry *long_entry(const GOptionEntry *entries, const char *name)
{
    size_t n = strcspn(name, "=");
    for (const GOptionEntry *e = entries; e->long_name; e++)
        if (strlen(e->long_name) == n && !strncmp(e->long_name, name, n)) return e;
    return NULL;
}

static gboolean takes_value(const GOptionEntry *e)
{
    return e && e->arg != G_OPTION_ARG_NONE &&
           !(e->arg == G_OPTION_ARG_CALLBACK && (e->flags & G_OPTION_FLAG_NO_ARG));
}

/* argv[0, *argc) with each short option of entries that takes a value
 * and has it in the same word made two words ("-j2": "-j" "2"), nothing
 * after "--" or in a word that is an option's value split; *argv and
 * *argc become the new words, whose strings live in the vector returned. */
static char **split_values(int *argc, char ***argv_in, const GOptionEntry *entries)
{
    char **argv = *argv_in;
    GPtrArray *out = g_ptr_array_new();
    gboolean options = TRUE;
    for (int i = 0; i < *argc; i++) {
        const char *a = argv[i];
        if (i == 0 || !options || a[0] != '-' || !a[1]) {
            g_ptr_array_add(out, g_strdup(a));
            continue;
        }
        if (!strcmp(a, "--")) {
            options = FALSE;
            g_ptr_array_add(out, g_strdup(a));
            continue;
        }
        /* "--name VALUE", "-j VALUE": the value is the next word, as it is */
        const GOptionEntry *e =
            a[1] == '-' ? long_entry(entries, a + 2) : short_entry(entries, a[1]);
        gboolean value = takes_value(e);
        if (value && a[1] != '-' && a[2]) { /* "-j2" */
            g_ptr_array_add(out, g_strndup(a, 2));
            g_ptr_array_add(out, g_strdup(a + 2));
            continue;
        }
        g_ptr_array_add(out, g_strdup(a));
        if (value && !strchr(a, '=') && i + 1 < *argc) g_ptr_array_add(out, g_strdup(argv[++i]));
    }
    /* one block: the words, NULL, then the copy of them the parser
     * rearranges (g_strfreev() frees the words up to the NULL, then the
     * block) */
    guint n = out->len;
    g_ptr_array_add(out, NULL);
    for (guint i = 0; i <= n; i++)
        g_ptr_array_add(out, g_ptr_array_index(out, i));
    char **words = (char **)g_ptr_array_free(out, FALSE);
    *argc = (int)n;
    *argv_in = words + n + 1;
    return words;
}

/* Takes the "--" that ended the options out of argv[1, *argc). */
static void drop_terminator(int *argc, char **argv)
{
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--")) continue;
        memmove(argv + i, argv + i + 1, sizeof *argv * (size_t)(*argc - i));
        (*argc)--;
        return;
    }
}

gboolean cli_parse(GOptionContext *ctx, const GOptionEntry *entries, const char *command, int *argc,
                   char ***argv, char ***words)
{
    *words = split_values(argc, argv, entries);
    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(ctx, argc, argv, &error)) {
        fprintf(stderr, "arbiter %s: %s\n", command, error->message);
        return FALSE;
    }
    drop_terminator(argc, *argv);
    return TRUE;
}
