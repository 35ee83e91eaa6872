/* Helpers shared by the Check suites. */
#include "testutil.h"

#include <gio/gio.h>
#include <libxml/relaxng.h>
#include <zstd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *join(const char *env, const char *fallback, const char *rel)
{
    static char buf[4096];
    const char *dir = getenv(env);
    snprintf(buf, sizeof buf, "%s/%s", dir ? dir : fallback, rel);
    return buf;
}

const char *corpus_path(const char *rel)
{
    return join("ARBITER_CORPUS", "../shared/corpus", rel);
}

const char *seed_path(const char *rel)
{
    return join("ARBITER_SEEDS", "../shared/seeds", rel);
}

const char *test_data_path(const char *rel)
{
    return join("ARBITER_TEST_DATA", "tests/data", rel);
}

int corpus_present(const char *what)
{
    struct stat st;
    const char *dir = getenv("ARBITER_CORPUS");
    if (dir && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) return 1;
    printf("SKIP: %s needs ../shared/corpus, which is absent\n", what);
    return 0;
}

int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

int run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

int xml_validates(const char *schema_path, const char *doc_path)
{
    xmlRelaxNGParserCtxtPtr pctx = xmlRelaxNGNewParserCtxt(schema_path);
    xmlRelaxNGPtr schema = xmlRelaxNGParse(pctx);
    ck_assert_msg(schema != NULL, "cannot parse %s", schema_path);
    xmlRelaxNGValidCtxtPtr vctx = xmlRelaxNGNewValidCtxt(schema);
    xmlDocPtr doc = xmlReadFile(doc_path, NULL, 0);
    int rc = doc ? xmlRelaxNGValidateDoc(vctx, doc) : -1;
    if (doc) xmlFreeDoc(doc);
    xmlRelaxNGFreeValidCtxt(vctx);
    xmlRelaxNGFree(schema);
    xmlRelaxNGFreeParserCtxt(pctx);
    return rc == 0;
}

GBytes *test_gzip(const char *data, gsize len)
{
    GConverter *gz = G_CONVERTER(g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1));
    GInputStream *plain = g_memory_input_stream_new_from_data(data, (gssize)len, NULL);
    GInputStream *in = g_converter_input_stream_new(plain, gz);
    GOutputStream *mem = g_memory_output_stream_new_resizable();
    ck_assert(g_output_stream_splice(mem, in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, NULL) > 0);
    GBytes *out = g_memory_output_stream_steal_as_bytes(G_MEMORY_OUTPUT_STREAM(mem));
    g_object_unref(mem);
    g_object_unref(in);
    g_object_unref(plain);
    g_object_unref(gz);
    return out;
}

GBytes *test_zstd(const char *data, gsize len)
{
    gsize cap = ZSTD_compressBound(len);
    char *buf = g_malloc(cap);
    gsize n = ZSTD_compress(buf, cap, data, len, 3);
    ck_assert(!ZSTD_isError(n));
    return g_bytes_new_take(buf, n);
}
