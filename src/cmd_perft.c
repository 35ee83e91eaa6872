/* arbiter perft: counts the leaves of the legal-move tree, in stockfish's
 * output format so the two can be compared line for line. */
#include "cli.h"
#include "commands.h"

#include "fen.h"
#include "movegen.h"
#include "uci.h"

#include <glib.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PERFT_MAX_DEPTH = 15 };

struct divide_line {
    char uci[UCI_MAX];
    uint64_t nodes;
};

static int by_uci(const void *a, const void *b)
{
    return strcmp(((const struct divide_line *)a)->uci, ((const struct divide_line *)b)->uci);
}

static uint64_t divide(const struct position *pos, int depth)
{
    struct move_list list;
    struct divide_line lines[MOVE_LIST_MAX];
    uint64_t total = 0;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        struct position next = *pos;
        uci_write(pos, list.moves[i], lines[i].uci);
        pos_make_move(&next, list.moves[i]);
        lines[i].nodes = movegen_perft(&next, depth - 1);
        total += lines[i].nodes;
    }
    qsort(lines, (size_t)list.count, sizeof lines[0], by_uci);
    for (int i = 0; i < list.count; i++)
        printf("%s: %" PRIu64 "\n", lines[i].uci, lines[i].nodes);
    printf("\n");
    return total;
}

int cmd_perft(int argc, char **argv)
{
    g_autofree char *fen = NULL;
    gboolean show_divide = FALSE;
    GOptionEntry entries[] = {{"fen", 'f', 0, G_OPTION_ARG_STRING, &fen,
                               "start from this position (FEN, X-FEN or "
                               "Shredder-FEN) instead of the initial one",
                               "FEN"},
                              {"divide", 'd', 0, G_OPTION_ARG_NONE, &show_divide,
                               "print the count below each root move, sorted by UCI text", NULL},
                              G_OPTION_ENTRY_NULL};
    g_autoptr(GOptionContext) ctx = g_option_context_new("DEPTH");
    g_option_context_set_summary(ctx, "Counts the leaf nodes of the legal-move tree DEPTH plies "
                                      "deep and prints 'Nodes searched: N'.");
    g_option_context_set_description(ctx, "Exit status: 0 on success, 2 on a usage error or a "
                                          "bad FEN.\n");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_auto(GStrv) words = NULL;
    if (!cli_parse(ctx, entries, "perft", &argc, &argv, &words)) return EXIT_USAGE;
    if (argc != 2) {
        fprintf(stderr, "arbiter perft: expected one DEPTH (try --help)\n");
        return EXIT_USAGE;
    }
    char *end;
    long depth = strtol(argv[1], &end, 10);
    if (*end || end == argv[1] || depth < 0 || depth > PERFT_MAX_DEPTH) {
        fprintf(stderr, "arbiter perft: DEPTH must be a whole number from 0 to %d, not '%s'\n",
                PERFT_MAX_DEPTH, argv[1]);
        return EXIT_USAGE;
    }

    struct position pos;
    struct fen_error ferr;
    if (!fen_parse(&pos, fen ? fen : FEN_START, &ferr)) {
        fprintf(stderr, "arbiter perft: --fen:%d: %s\n", ferr.column, ferr.message);
        return EXIT_USAGE;
    }
    uint64_t nodes =
        show_divide && depth > 0 ? divide(&pos, (int)depth) : movegen_perft(&pos, (int)depth);
    printf("Nodes searched: %" PRIu64 "\n", nodes);
    return EXIT_CLEAN;
}
