/* The progress bar `check` and `fix` draw on stderr when it is a terminal:
 * one line, drawn over itself. */
#ifndef ARBITER_PROGRESS_H
#define ARBITER_PROGRESS_H

#include <glib.h>
#include <stdio.h>

/* Draws the line over the one before: name (NULL: none), a bar of done out
 * of size with the time left when size is known and done within it, else
 * the megabytes done (none when done is 0), then the games and their rate
 * over secs seconds. */
void progress_draw(FILE *err, const char *name, guint64 done, guint64 size, guint64 games,
                   double secs);
/* Clears the line the bar is on. */
void progress_clear(FILE *err);

#endif
