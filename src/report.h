/* The XML report of `check` (and the family `fix` writes): one <problem>
 * element per finding, grouped by input, and a summary. Written as the
 * findings come (xmlTextWriter), so a report of a huge archive costs no
 * memory. The schema is src/report.rng (RELAX NG). */
#ifndef ARBITER_REPORT_H
#define ARBITER_REPORT_H

#include <glib.h>
#include <stdio.h>
#include <libxml/xmlwriter.h>

#define REPORT_NAMESPACE "urn:arbiter:report:1"

typedef struct _ArbReport ArbReport;

struct report_problem {
    guint64 game; /* 1-based; 0 outside any game */
    guint64 offset, line, column;
    int ply;                                  /* 0: not about a move */
    const char *kind;                         /* "illegal-move", ... */
    const char *white, *black, *event, *date; /* may be NULL */
    const char *move;                         /* the move as written, or NULL */
    const char *message;
    const char *suggestion;            /* or NULL */
    int later_moves, later_consistent; /* with a suggestion */
};

ArbReport *report_open(const char *path, const char *command, GError **error);
/* An xmlTextWriter into the file at path (made, or emptied), or NULL and
 * error "cannot write the report PATH: REASON", the system's reason:
 * libxml2's own messages on stderr say less, and twice. */
xmlTextWriterPtr report_writer_open(const char *path, FILE **file, GError **error);
/* Frees w and closes file (report_writer_open()'s; NULL for a writer into
 * memory): FALSE, *err the errno, where the last of it could not be
 * written (a full disk). */
gboolean report_writer_close(xmlTextWriterPtr w, FILE *file, int *err);
/* A libxml2 structured error handler that keeps the first message (a
 * write that failed: "No space left on device") in the char * slot points
 * to (g_free it), for the report's own error, in place of libxml2's lines
 * on stderr. */
void report_keep_message(void *slot, xmlErrorPtr e);
/* A report written into memory; report_close_memory ends it and returns its
 * text (g_free it), or NULL when a write failed. */
ArbReport *report_open_memory(const char *command);
char *report_close_memory(ArbReport *report);
/* s (any bytes, NUL-terminated) as text XML 1.0 can hold: every byte that is
 * not UTF-8 and every character XML cannot hold becomes U+FFFD. g_free it. */
char *report_xml_safe(const char *s);
void report_begin_input(ArbReport *report, const char *name);
void report_problem(ArbReport *report, const struct report_problem *problem);
void report_end_input(ArbReport *report);
/* One count of the summary: <count name="games" value="81661"/>. */
void report_count(ArbReport *report, const char *name, guint64 value);
/* Writes the summary's start (call before report_count) */
void report_begin_summary(ArbReport *report, double seconds);
/* Ends the document and closes the file; FALSE with error on a write error. */
gboolean report_close(ArbReport *report, GError **error);

#endif
