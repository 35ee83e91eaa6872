/* Output files checked against the inputs before anything is written: a
 * command that opened its input for writing would empty it before reading
 * it, and lose it. */
#ifndef ARBITER_PATHS_H
#define ARBITER_PATHS_H

#include <glib.h>

/* The first of inputs[0..n) that is the same file as output (by device
 * and inode, whatever the names: "./a.pgn" and "a.pgn", a link), or NULL,
 * also where output does not exist yet. "-" (stdin) and NULL entries are
 * no files. */
const char *paths_same_file(const char *output, char *const *inputs, int n);

/* Checks each of the outputs[0..n_outputs) named by options[] (NULL
 * entries: not given) against the inputs and the other outputs; FALSE
 * after one line on stderr, "arbiter COMMAND: -o a.pgn is the input
 * a.pgn: writing it would empty it before it is read". */
gboolean paths_outputs_apart(const char *command, const char *const *options,
                             const char *const *outputs, int n_outputs, char *const *inputs,
                             int n_inputs);

#endif
