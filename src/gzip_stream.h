/* gzip decompression as a GInputStream that reads every member of the file:
 * GIO's zlib converter stops at the end of the first, and a gzip file may
 * hold several (`cat a.gz b.gz`, pigz, bgzip): their games would be lost. */
#ifndef ARBITER_GZIP_STREAM_H
#define ARBITER_GZIP_STREAM_H

#include <gio/gio.h>

G_BEGIN_DECLS

/* Takes a reference on base; closing the new stream closes base. Bytes after
 * a member that do not begin another are an error, never skipped. */
GInputStream *gzip_input_stream_new(GInputStream *base);

G_END_DECLS

#endif
