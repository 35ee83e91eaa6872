/* The XML report writer over libxml2's xmlTextWriter. Text that XML 1.0
 * cannot hold (C0 controls but tab and line ends; tags of old archives have
 * them) is written as U+FFFD so the file always parses. */
#include "report.h"

#include <gio/gio.h>
#include <string.h>
#include <libxml/xmlwriter.h>

struct _ArbReport {
    xmlTextWriterPtr w;
    char *path;
    gboolean failed; /* some write returned an error */
    gboolean in_summary;
};

static void note(ArbReport *r, int rc)
{
    if (rc < 0) r->failed = TRUE;
}

static char *xml_safe(const char *s)
{
    GString *out = g_string_sized_new(strlen(s));
    for (const char *p = s; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
            g_string_append(out, "\xEF\xBF\xBD");
        else
            g_string_append_c(out, *p);
    }
    return g_string_free(out, FALSE);
}

static void attr(ArbReport *r, const char *name, const char *value)
{
    if (!value) return;
    g_autofree char *safe = xml_safe(value);
    note(r, xmlTextWriterWriteAttribute(r->w, BAD_CAST name, BAD_CAST safe));
}

static void attr_u64(ArbReport *r, const char *name, guint64 value)
{
    note(r, xmlTextWriterWriteFormatAttribute(r->w, BAD_CAST name, "%" G_GUINT64_FORMAT, value));
}

static void element(ArbReport *r, const char *name, const char *text)
{
    if (!text) return;
    g_autofree char *safe = xml_safe(text);
    note(r, xmlTextWriterWriteElement(r->w, BAD_CAST name, BAD_CAST safe));
}

ArbReport *report_open(const char *path, const char *command, GError **error)
{
    xmlTextWriterPtr w = xmlNewTextWriterFilename(path, 0);
    if (!w) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot write the report %s", path);
        return NULL;
    }
    ArbReport *r = g_new0(ArbReport, 1);
    r->w = w;
    r->path = g_strdup(path);
    note(r, xmlTextWriterSetIndent(w, 1));
    note(r, xmlTextWriterSetIndentString(w, BAD_CAST "  "));
    note(r, xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL));
    note(r, xmlTextWriterStartElementNS(w, NULL, BAD_CAST "report", BAD_CAST REPORT_NAMESPACE));
    attr(r, "command", command);
    return r;
}

void report_begin_input(ArbReport *r, const char *name)
{
    note(r, xmlTextWriterStartElement(r->w, BAD_CAST "input"));
    attr(r, "name", name);
}

void report_problem(ArbReport *r, const struct report_problem *p)
{
    note(r, xmlTextWriterStartElement(r->w, BAD_CAST "problem"));
    attr(r, "kind", p->kind);
    attr_u64(r, "game", p->game);
    attr_u64(r, "offset", p->offset);
    attr_u64(r, "line", p->line);
    attr_u64(r, "column", p->column);
    if (p->ply > 0) attr_u64(r, "ply", (guint64)p->ply);
    attr(r, "white", p->white);
    attr(r, "black", p->black);
    attr(r, "event", p->event);
    attr(r, "date", p->date);
    element(r, "move", p->move);
    element(r, "message", p->message);
    if (p->suggestion) {
        note(r, xmlTextWriterStartElement(r->w, BAD_CAST "suggestion"));
        attr_u64(r, "later-moves", (guint64)p->later_moves);
        attr_u64(r, "later-consistent", (guint64)p->later_consistent);
        g_autofree char *safe = xml_safe(p->suggestion);
        note(r, xmlTextWriterWriteString(r->w, BAD_CAST safe));
        note(r, xmlTextWriterEndElement(r->w));
    }
    note(r, xmlTextWriterEndElement(r->w));
}

void report_end_input(ArbReport *r)
{
    note(r, xmlTextWriterEndElement(r->w));
}

void report_begin_summary(ArbReport *r, double seconds)
{
    note(r, xmlTextWriterStartElement(r->w, BAD_CAST "summary"));
    note(r, xmlTextWriterWriteFormatAttribute(r->w, BAD_CAST "seconds", "%.3f", seconds));
    r->in_summary = TRUE;
}

void report_count(ArbReport *r, const char *name, guint64 value)
{
    note(r, xmlTextWriterStartElement(r->w, BAD_CAST "count"));
    attr(r, "name", name);
    attr_u64(r, "value", value);
    note(r, xmlTextWriterEndElement(r->w));
}

gboolean report_close(ArbReport *r, GError **error)
{
    note(r, xmlTextWriterEndDocument(r->w)); /* closes every open element */
    note(r, xmlTextWriterFlush(r->w));
    xmlFreeTextWriter(r->w); /* flushes and closes the file */
    gboolean ok = !r->failed;
    if (!ok)
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "error writing the report %s", r->path);
    g_free(r->path);
    g_free(r);
    return ok;
}
