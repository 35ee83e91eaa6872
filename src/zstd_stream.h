/* A GInputStream that decompresses Zstandard (the lichess database is
 * published as .pgn.zst), so the reader streams it like any other input.
 * Memory: libzstd's window (at most 128 MiB for frames it accepts by
 * default, 8 MiB for the lichess files) plus one input chunk. */
#ifndef ARBITER_ZSTD_STREAM_H
#define ARBITER_ZSTD_STREAM_H

#include <gio/gio.h>

G_BEGIN_DECLS

#define ARB_TYPE_ZSTD_INPUT_STREAM (arb_zstd_input_stream_get_type())
G_DECLARE_FINAL_TYPE(ArbZstdInputStream, arb_zstd_input_stream, ARB, ZSTD_INPUT_STREAM,
                     GInputStream)

/* Takes a reference on base; closing the new stream closes base. */
GInputStream *zstd_input_stream_new(GInputStream *base);

G_END_DECLS

#endif
