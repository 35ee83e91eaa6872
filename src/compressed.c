/* Compressed input (see compressed.h). */
#include "compressed.h"

#include "gzip_stream.h"
#include "zstd_stream.h"

#include <stdio.h>
#include <string.h>

enum { PEEK_BUFFER = 64 << 10, MAGIC_MAX = 4 };

enum arb_compression arb_compression_of(const guint8 *head, gsize len)
{
    static const guint8 gzip_magic[] = {0x1f, 0x8b}, zstd_magic[] = {0x28, 0xb5, 0x2f, 0xfd};
    if (len >= sizeof gzip_magic && !memcmp(head, gzip_magic, sizeof gzip_magic)) return ARB_GZIP;
    if (len >= sizeof zstd_magic && !memcmp(head, zstd_magic, sizeof zstd_magic)) return ARB_ZSTD;
    return ARB_PLAIN;
}

enum arb_compression arb_compression_of_file(const char *path)
{
    guint8 head[MAGIC_MAX];
    FILE *f = fopen(path, "rb");
    if (!f) return ARB_PLAIN;
    gsize len = fread(head, 1, sizeof head, f);
    fclose(f);
    return arb_compression_of(head, len);
}

const char *arb_compression_name(enum arb_compression c)
{
    static const char *const names[] = {"plain", "gzip", "zstd"};
    return names[c];
}

GInputStream *arb_decompressing(GInputStream *in, enum arb_compression *was, GError **error)
{
    g_autoptr(GInputStream) buffered = g_buffered_input_stream_new_sized(in, PEEK_BUFFER);
    GBufferedInputStream *bs = G_BUFFERED_INPUT_STREAM(buffered);
    gsize have;
    while ((have = g_buffered_input_stream_get_available(bs)) < MAGIC_MAX) {
        gssize n = g_buffered_input_stream_fill(bs, (gssize)(MAGIC_MAX - have), NULL, error);
        if (n < 0) return NULL;
        if (n == 0) break; /* shorter than a magic number: plain */
    }
    gsize len = 0;
    const guint8 *head = g_buffered_input_stream_peek_buffer(bs, &len);
    enum arb_compression c = arb_compression_of(head, len);
    if (was) *was = c;
    switch (c) {
    case ARB_GZIP: return gzip_input_stream_new(buffered);
    case ARB_ZSTD: return zstd_input_stream_new(buffered);
    case ARB_PLAIN: break;
    }
    return g_object_ref(buffered);
}

GInputStream *arb_open_decompressed(const char *path, enum arb_compression *was, GError **error)
{
    g_autoptr(GFile) file = g_file_new_for_commandline_arg(path);
    g_autoptr(GFileInputStream) raw = g_file_read(file, NULL, error);
    return raw ? arb_decompressing(G_INPUT_STREAM(raw), was, error) : NULL;
}
