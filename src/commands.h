/* The subcommands of the arbiter CLI: one entry function each, one file each
 * (src/cmd_<name>.c). Each returns the process exit status. */
#ifndef ARBITER_COMMANDS_H
#define ARBITER_COMMANDS_H

/* Exit statuses shared by every subcommand. */
enum { EXIT_CLEAN = 0, EXIT_PROBLEMS = 1, EXIT_USAGE = 2 };

int cmd_check(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_fix(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_langs(int argc, char **argv);
int cmd_review(int argc, char **argv);

#endif
