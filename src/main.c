/* The arbiter CLI: dispatches to one subcommand from the table below. */
#include "commands.h"

#include <glib.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    {"convert", cmd_convert, "convert games in any notation and language to clean PGN"},
    {"fix", cmd_fix, "correct OCR'd and handwritten game scores against the rules"},
    {"review", cmd_review, "turn fix's report into an HTML page for reviewing doubtful moves"},
    {"check", cmd_check, "check archives for illegal moves and other problems, fast"},
    {"perft", cmd_perft, "count the leaf nodes of the legal-move tree (move generator test)"},
    {"langs", cmd_langs, "list the language tables and their piece letters"},
};

static void usage(FILE *out)
{
    fprintf(out, "Usage: arbiter COMMAND [OPTION...] [ARG...]\n\n"
                 "Reads chess game scores as they really arrive and turns them into clean PGN.\n\n"
                 "Commands:\n");
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'arbiter COMMAND --help' describes one command.\n"
                 "Exit status: 0 success, 1 problems found in the input, 2 usage or I/O error.\n");
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return EXIT_CLEAN;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("arbiter %s\n", ARBITER_VERSION);
        return EXIT_CLEAN;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "arbiter: unknown command '%s'\n\n", argv[1]);
    usage(stderr);
    return EXIT_USAGE;
}
