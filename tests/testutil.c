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

const char UCI_GAMES_A_LINE[] =
    "d2d4 d7d5 g1f3 g8f6 e2e3 e7e6 f1d3 f8d6 e1g1 e8g8 b1d2 b8d7 f1e1 f8e8 e3e4 d5e4 "
    "d2e4 f6e4 d3e4 d7f6\n"
    "c2c4 g8f6 b1c3 e7e6 g1f3 b7b6 e2e4 c8b7 d1e2 f8b4\n"
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 c3d4 c5b4\n"
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8\n";

const char *const UCI_GAMES_A_LINE_SAN[4] = {
    "1. d4 d5 2. Nf3 Nf6 3. e3 e6 4. Bd3 Bd6 5. O-O O-O 6. Nbd2 Nbd7 7. Re1 Re8 8. e4 dxe4 "
    "9. Nxe4 Nxe4 10. Bxe4 Nf6 *",
    "1. c4 Nf6 2. Nc3 e6 3. Nf3 b6 4. e4 Bb7 5. Qe2 Bb4 *",
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ *",
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O *"};

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
