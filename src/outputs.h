/* The commands' output files: checked against the inputs before anything
 * is opened (a command that opened its input for writing would empty it
 * before reading it, and lose it), and written and closed so that a write
 * that fails (a full disk) keeps the system's reason for the message. */
#ifndef ARBITER_OUTPUTS_H
#define ARBITER_OUTPUTS_H

#include <glib.h>
#include <stdio.h>

/* Checks each of the outputs[0..n_outputs) named by options[] (NULL
 * entries: not given) against the inputs ("-", stdin, and NULL entries are
 * no files) and the other outputs, by device and inode whatever the names;
 * FALSE after one line on stderr, "arbiter COMMAND: -o a.pgn is the input
 * ./a.pgn: writing it would empty it before it is read". */
gboolean outputs_apart(const char *command, const char *const *options, const char *const *outputs,
                       int n_outputs, char *const *inputs, int n_inputs);

/* Writes len bytes of data to f; where that fails and *first_errno is 0,
 * keeps the errno there (EIO where there is none). */
void outputs_write(FILE *f, const char *data, gsize len, int *first_errno);

/* Flushes f, and closes it when close is TRUE (a file of its own, not
 * stdout); returns first_errno where it is set, else the errno of a flush
 * or close that failed, else 0. */
int outputs_finish(FILE *f, gboolean close, int first_errno);

#endif
