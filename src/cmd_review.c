/* arbiter review: turns fix's XML report into one self-contained HTML page
 * for a person to decide the doubtful moves (src/review.xsl, compiled in as
 * a GResource, applied with libxslt). The page writes a decisions file that
 * `arbiter fix --decisions` reads back (src/decisions.h). */
#include "cli.h"
#include "commands.h"
#include "outputs.h"
#include "report.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxslt/security.h>
#include <libxslt/transform.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/xsltutils.h>
#include <stdio.h>
#include <string.h>

#define REVIEW_STYLESHEET "/org/arbiter/review/review.xsl"

/* Generated from src/review.gresource.xml. */
GResource *arb_review_get_resource(void);

/* Keeps the parser's first error (into the xmlError ctx points to). */
static void first_error(void *ctx, xmlErrorPtr e)
{
    xmlErrorPtr first = ctx;
    if (!first->message) xmlCopyError(e, first);
}

/* The XML file at path (what: "report", "stylesheet"), or NULL after one
 * line on stderr that says why: the system's reason where the file cannot
 * be read, the parser's first error at its line and column where it is no
 * XML (libxml2's own lines on stderr kept back). */
static xmlDocPtr read_xml(const char *path, const char *what)
{
    FILE *f = g_fopen(path, "rb");
    if (!f) {
        int err = errno;
        fprintf(stderr, "arbiter review: cannot read %s: %s\n", path, g_strerror(err));
        return NULL;
    }
    fclose(f);
    xmlError first = {0};
    xmlSetStructuredErrorFunc(&first, first_error);
    xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
    xmlSetStructuredErrorFunc(NULL, NULL);
    if (!doc) {
        g_autofree char *message =
            g_strchomp(g_strdup(first.message ? first.message : "unreadable"));
        fprintf(stderr, "%s:%d:%d: error: not a readable XML %s: %s\n", path, first.line,
                first.int2, what, message);
    }
    xmlResetError(&first);
    return doc;
}

/* The stylesheet: --stylesheet FILE, else the compiled-in one; NULL
 * after a line on stderr. */
static xsltStylesheetPtr load_stylesheet(const char *path)
{
    xmlDocPtr doc;
    if (path) {
        doc = read_xml(path, "stylesheet");
        if (!doc) return NULL;
    } else {
        g_autoptr(GBytes) bytes = g_resource_lookup_data(
            arb_review_get_resource(), REVIEW_STYLESHEET, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
        gsize len = 0;
        const char *data = bytes ? g_bytes_get_data(bytes, &len) : NULL;
        doc = data ? xmlReadMemory(data, (int)len, "review.xsl", NULL, XML_PARSE_NONET) : NULL;
    }
    xsltStylesheetPtr style = doc ? xsltParseStylesheetDoc(doc) : NULL; /* owns doc from here */
    if (doc && !style) xmlFreeDoc(doc);
    if (!style)
        fprintf(stderr, "arbiter review: cannot load the stylesheet %s\n",
                path ? path : REVIEW_STYLESHEET);
    return style;
}

/* The page may read nothing but the report and write nothing but its output. */
static xsltSecurityPrefsPtr restrict_xslt(void)
{
    xsltSecurityPrefsPtr prefs = xsltNewSecurityPrefs();
    xsltSetSecurityPrefs(prefs, XSLT_SECPREF_READ_FILE, xsltSecurityForbid);
    xsltSetSecurityPrefs(prefs, XSLT_SECPREF_WRITE_FILE, xsltSecurityForbid);
    xsltSetSecurityPrefs(prefs, XSLT_SECPREF_CREATE_DIRECTORY, xsltSecurityForbid);
    xsltSetSecurityPrefs(prefs, XSLT_SECPREF_READ_NETWORK, xsltSecurityForbid);
    xsltSetSecurityPrefs(prefs, XSLT_SECPREF_WRITE_NETWORK, xsltSecurityForbid);
    xsltSetDefaultSecurityPrefs(prefs);
    return prefs;
}

/* Writes the page into output; FALSE after one line on stderr that says
 * why (the system's reason where the file cannot be made). */
static gboolean write_page(const char *output, xmlDocPtr page, xsltStylesheetPtr style)
{
    FILE *f = g_fopen(output, "wb");
    if (!f) {
        int err = errno;
        fprintf(stderr, "arbiter review: cannot write %s: %s\n", output, g_strerror(err));
        return FALSE;
    }
    /* libxml2's own words for a failed write ("I/O error : ...") are
     * kept, not printed: the line below says it with the file's name */
    char *why = NULL;
    xmlSetStructuredErrorFunc(&why, report_keep_message);
    errno = 0;
    int err = xsltSaveResultToFile(f, page, style) < 0 ? (errno ? errno : EIO) : 0;
    xmlSetStructuredErrorFunc(NULL, NULL);
    g_free(why);
    err = outputs_finish(f, TRUE, err);
    if (err) fprintf(stderr, "arbiter review: cannot write %s: %s\n", output, g_strerror(err));
    return !err;
}

static int render(const char *report, const char *output, const char *stylesheet)
{
    xsltStylesheetPtr style = load_stylesheet(stylesheet);
    if (!style) return EXIT_USAGE;
    xsltSecurityPrefsPtr prefs = restrict_xslt();
    int status = EXIT_USAGE;
    xmlDocPtr doc = read_xml(report, "report");
    xmlDocPtr page = NULL;
    if (!doc) {
        /* (said) */
    } else if (!xmlDocGetRootElement(doc) ||
               strcmp((const char *)xmlDocGetRootElement(doc)->name, "fix-report")) {
        fprintf(stderr, "arbiter review: %s: not a fix report (want <fix-report>)\n", report);
    } else if (!(page = xsltApplyStylesheet(style, doc, NULL))) {
        fprintf(stderr, "arbiter review: %s: the stylesheet failed\n", report);
    } else if (write_page(output, page, style)) {
        status = EXIT_CLEAN;
    }
    xmlFreeDoc(page);
    xmlFreeDoc(doc);
    xsltFreeStylesheet(style);
    xsltSetDefaultSecurityPrefs(NULL);
    xsltFreeSecurityPrefs(prefs);
    xsltCleanupGlobals();
    return status;
}

int cmd_review(int argc, char **argv)
{
    g_autofree char *output = NULL, *stylesheet = NULL;
    GOptionEntry entries[] = {
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
         "write the page to FILE.html (default: REPORT with .html for .xml)", "FILE.html"},
        {"stylesheet", 0, 0, G_OPTION_ARG_FILENAME, &stylesheet,
         "use this XSLT stylesheet instead of the built-in src/review.xsl", "FILE"},
        G_OPTION_ENTRY_NULL};
    g_autoptr(GOptionContext) ctx = g_option_context_new("REPORT.xml");
    g_option_context_set_summary(
        ctx, "Turns the XML report of 'arbiter fix --report' into one self-contained HTML page "
             "(no network, no external files) for reviewing the doubtful moves.");
    g_option_context_set_description(
        ctx, "In the page: j/k next/previous move to review, 1-9 pick an alternative, a accept\n"
             "the chosen move, f show only what needs review. 'download decisions' saves a\n"
             "TSV (game, ply, move in UCI, line:col) for 'arbiter fix --decisions FILE'.\n"
             "The page replays keys given in its URL fragment: page.html#keys=j1a.\n\n"
             "Exit status: 0 written, 2 usage or I/O error.\n");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_auto(GStrv) words = NULL;
    if (!cli_parse(ctx, entries, "review", &argc, &argv, &words)) return EXIT_USAGE;
    if (argc != 2) {
        fprintf(stderr, "arbiter review: want one REPORT.xml (see --help)\n");
        return EXIT_USAGE;
    }
    const char *report = argv[1];
    if (!output) {
        gsize n = strlen(report);
        output = g_str_has_suffix(report, ".xml")
                     ? g_strdup_printf("%.*s.html", (int)(n - 4), report)
                     : g_strdup_printf("%s.html", report);
    }
    char *inputs[] = {(char *)report, stylesheet};
    const char *option = "-o";
    if (!outputs_apart("review", &option, (const char **)&output, 1, inputs, 2)) return EXIT_USAGE;
    return render(report, output, stylesheet);
}
