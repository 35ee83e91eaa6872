/* Helpers shared by the Check suites. */
#include "testutil.h"

#include <libxml/relaxng.h>

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
