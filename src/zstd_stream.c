/* Zstandard decompression as a GInputStream: each read pulls compressed
 * chunks from the base stream into ZSTD_decompressStream until some output
 * is produced. Synchronous reads only (the reader needs no more). */
#include "zstd_stream.h"

#include <zstd.h>

enum { ZSTD_CHUNK = 128 * 1024 };

struct _ArbZstdInputStream {
    GInputStream parent;
    GInputStream *base;
    ZSTD_DStream *ds;
    guint8 *in;
    ZSTD_inBuffer ib;
    gboolean base_done;  /* the base stream is at its end */
    gboolean frame_open; /* a frame has begun and not ended */
};

G_DEFINE_TYPE(ArbZstdInputStream, arb_zstd_input_stream, G_TYPE_INPUT_STREAM)

static gssize zstd_read(GInputStream *stream, void *buffer, gsize count, GCancellable *cancellable,
                        GError **error)
{
    ArbZstdInputStream *self = ARB_ZSTD_INPUT_STREAM(stream);
    ZSTD_outBuffer ob = {buffer, count, 0};
    while (ob.pos == 0 && count > 0) {
        if (self->ib.pos == self->ib.size) {
            if (self->base_done) {
                if (self->frame_open) {
                    g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                                        "zstd: input ends inside a frame (truncated file?)");
                    return -1;
                }
                return 0;
            }
            gssize n = g_input_stream_read(self->base, self->in, ZSTD_CHUNK, cancellable, error);
            if (n < 0) return -1;
            if (n == 0) {
                self->base_done = TRUE;
                continue;
            }
            self->ib = (ZSTD_inBuffer){self->in, (size_t)n, 0};
        }
        size_t ret = ZSTD_decompressStream(self->ds, &ob, &self->ib);
        if (ZSTD_isError(ret)) {
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "zstd: %s",
                        ZSTD_getErrorName(ret));
            return -1;
        }
        self->frame_open = ret != 0;
    }
    return (gssize)ob.pos;
}

static gboolean zstd_close(GInputStream *stream, GCancellable *cancellable, GError **error)
{
    ArbZstdInputStream *self = ARB_ZSTD_INPUT_STREAM(stream);
    return g_input_stream_close(self->base, cancellable, error);
}

static void zstd_finalize(GObject *object)
{
    ArbZstdInputStream *self = ARB_ZSTD_INPUT_STREAM(object);
    g_clear_object(&self->base);
    ZSTD_freeDStream(self->ds);
    g_free(self->in);
    G_OBJECT_CLASS(arb_zstd_input_stream_parent_class)->finalize(object);
}

static void arb_zstd_input_stream_class_init(ArbZstdInputStreamClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = zstd_finalize;
    G_INPUT_STREAM_CLASS(klass)->read_fn = zstd_read;
    G_INPUT_STREAM_CLASS(klass)->close_fn = zstd_close;
}

static void arb_zstd_input_stream_init(ArbZstdInputStream *self)
{
    self->ds = ZSTD_createDStream();
    ZSTD_initDStream(self->ds);
    self->in = g_malloc(ZSTD_CHUNK);
}

GInputStream *zstd_input_stream_new(GInputStream *base)
{
    ArbZstdInputStream *self = g_object_new(ARB_TYPE_ZSTD_INPUT_STREAM, NULL);
    self->base = g_object_ref(base);
    return G_INPUT_STREAM(self);
}
