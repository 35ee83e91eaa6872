/* The XML report writer over libxml2's xmlTextWriter. Text that XML 1.0
 * cannot hold (bytes that are not UTF-8, C0 controls but tab and line ends,
 * U+FFFE/U+FFFF; tags of old archives and file names have them) is written
 * as U+FFFD so the file always parses. */
#include "report.h"

#include "outputs.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <libxml/xmlwriter.h>

struct _ArbReport {
    xmlTextWriterPtr w;
    xmlBufferPtr buf; /* the report in memory (report_open_memory) */
    char *path;
    gboolean failed; /* some write returned an error */
    char *why;       /* libxml2's first message on writing it, or NULL */
    FILE *file;      /* report_open()'s */
    gboolean in_summary;
};

static void note(ArbReport *r, int rc)
{
    if (rc < 0) r->failed = TRUE;
}

/* Is c a character XML 1.0 can hold? */
static gboolean is_xml_char(gunichar c)
{
    return (c >= 0x20 && c <= 0xD7FF) || c == '\t' || c == '\n' || c == '\r' ||
           (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

char *report_xml_safe(const char *s)
{
    gsize len = strlen(s);
    GString *out = g_string_sized_new(len);
    const char *p = s, *end = s + len;
    while (p < end) {
        gunichar c = g_utf8_get_char_validated(p, end - p);
        if (c == (gunichar)-1 || c == (gunichar)-2) { /* one bad byte at a time */
            g_string_append(out, "\xEF\xBF\xBD");
            p++;
            continue;
        }
        const char *next = g_utf8_next_char(p);
        if (is_xml_char(c))
            g_string_append_len(out, p, next - p);
        else
            g_string_append(out, "\xEF\xBF\xBD");
        p = next;
    }
    return g_string_free(out, FALSE);
}

static void attr(ArbReport *r, const char *name, const char *value)
{
    if (!value) return;
    g_autofree char *safe = report_xml_safe(value);
    note(r, xmlTextWriterWriteAttribute(r->w, BAD_CAST name, BAD_CAST safe));
}

static void attr_u64(ArbReport *r, const char *name, guint64 value)
{
    note(r, xmlTextWriterWriteFormatAttribute(r->w, BAD_CAST name, "%" G_GUINT64_FORMAT, value));
}

static void element(ArbReport *r, const char *name, const char *text)
{
    if (!text) return;
    g_autofree char *safe = report_xml_safe(text);
    note(r, xmlTextWriterWriteElement(r->w, BAD_CAST name, BAD_CAST safe));
}

static ArbReport *start(xmlTextWriterPtr w, xmlBufferPtr buf, const char *path, const char *command)
{
    ArbReport *r = g_new0(ArbReport, 1);
    r->w = w;
    r->buf = buf;
    r->path = g_strdup(path);
    note(r, xmlTextWriterSetIndent(w, 1));
    note(r, xmlTextWriterSetIndentString(w, BAD_CAST "  "));
    note(r, xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL));
    note(r, xmlTextWriterStartElementNS(w, NULL, BAD_CAST "report", BAD_CAST REPORT_NAMESPACE));
    attr(r, "command", command);
    return r;
}

void report_keep_message(void *slot, xmlErrorPtr e)
{
    char **why = slot;
    if (!*why && e->message) *why = g_strchomp(g_strdup(e->message));
}

xmlTextWriterPtr report_writer_open(const char *path, FILE **file, GError **error)
{
    /* (the file opened here, not by libxml2: its failures come with errno,
     * and closing it, which libxml2 does unchecked, is checked) */
    FILE *f = g_fopen(path, "wb");
    if (!f) {
        int err = errno;
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(err),
                    "cannot write the report %s: %s", path, g_strerror(err));
        return NULL;
    }
    xmlOutputBufferPtr out = xmlOutputBufferCreateFile(f, NULL);
    xmlTextWriterPtr w = out ? xmlNewTextWriter(out) : NULL;
    if (!w) {
        if (out) xmlOutputBufferClose(out);
        fclose(f);
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot write the report %s", path);
        return NULL;
    }
    *file = f;
    return w;
}

gboolean report_writer_close(xmlTextWriterPtr w, FILE *file, int *err)
{
    xmlFreeTextWriter(w); /* (flushes into file, which it leaves open, or memory) */
    *err = file ? outputs_finish(file, TRUE, 0) : 0;
    return !*err;
}

ArbReport *report_open(const char *path, const char *command, GError **error)
{
    FILE *file = NULL;
    xmlTextWriterPtr w = report_writer_open(path, &file, error);
    if (!w) return NULL;
    ArbReport *r = start(w, NULL, path, command);
    r->file = file;
    xmlSetStructuredErrorFunc(&r->why, report_keep_message);
    return r;
}

ArbReport *report_open_memory(const char *command)
{
    xmlBufferPtr buf = xmlBufferCreate();
    xmlTextWriterPtr w = buf ? xmlNewTextWriterMemory(buf, 0) : NULL;
    g_assert(w); /* fails only when memory does */
    return start(w, buf, "(memory)", command);
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
        g_autofree char *safe = report_xml_safe(p->suggestion);
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

char *report_close_memory(ArbReport *r)
{
    note(r, xmlTextWriterEndDocument(r->w));
    xmlFreeTextWriter(r->w);
    char *text = r->failed ? NULL : g_strdup((const char *)xmlBufferContent(r->buf));
    xmlBufferFree(r->buf);
    g_free(r->path);
    g_free(r);
    return text;
}

gboolean report_close(ArbReport *r, GError **error)
{
    note(r, xmlTextWriterEndDocument(r->w)); /* closes every open element */
    note(r, xmlTextWriterFlush(r->w));
    int err;
    r->failed |= !report_writer_close(r->w, r->file, &err);
    xmlSetStructuredErrorFunc(NULL, NULL);
    gboolean ok = !r->failed;
    if (r->buf) xmlBufferFree(r->buf);
    const char *why = r->why ? r->why : err ? g_strerror(err) : NULL;
    if (!ok)
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "error writing the report %s%s%s",
                    r->path, why ? ": " : "", why ? why : "");
    g_free(r->why);
    g_free(r->path);
    g_free(r);
    return ok;
}
