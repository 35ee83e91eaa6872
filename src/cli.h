/* What the subcommands share in reading their command line. */
#ifndef ARBITER_CLI_H
#define ARBITER_CLI_H

#include <glib.h>

/* argv[0, *argc) with a short option given its value in the same word
 * ("-j2", "-oout.pgn", as make and most tools take them) made two words,
 * "-j" "2": GOption reads "-j2" as the options -j and -2, and takes the next
 * word for -j's value. Only the short options of entries that take a value
 * are split, and nothing after "--" or in a word that is an option's value.
 * *argv and *argc become the new words, for g_option_context_parse() to
 * take apart; the strings live in the vector returned, until it is freed
 * with g_strfreev() (g_auto(GStrv)). */
char **cli_split_values(int *argc, char ***argv, const GOptionEntry *entries);

/* Takes out of argv[1, *argc) the "--" that ended the options, which
 * g_option_context_parse() leaves in where a word after it begins with a
 * dash ("-- -game.pgn"): what is left are the operands. */
void cli_drop_terminator(int *argc, char **argv);

#endif
