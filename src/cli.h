/* What the subcommands share in reading their command line. */
#ifndef ARBITER_CLI_H
#define ARBITER_CLI_H

#include <glib.h>

/* Parses the command line of `arbiter command` with ctx, whose main
 * entries are entries: a short option may take its value in the same word
 * ("-j2", "-oout.pgn", as make and most tools take them; GOption alone
 * reads "-j2" as the options -j and -2 and takes the next word for -j's
 * value), and the "--" that ends the options is no operand (GOption leaves
 * it in where a word after it begins with a dash: "-- -game.pgn"). On
 * success *argc and *argv are the program name and the operands, whose
 * strings live in *words until it is freed with g_strfreev()
 * (g_auto(GStrv)); on a usage error says why on stderr and returns FALSE. */
gboolean cli_parse(GOptionContext *ctx, const GOptionEntry *entries, const char *command, int *argc,
                   char ***argv, char ***words);

#endif
