/* Compressed input, told by its first bytes and never by its name: gzip
 * (every member of a multi-member file) and Zstandard, for every command
 * that reads games (check, convert, fix). */
#ifndef ARBITER_COMPRESSED_H
#define ARBITER_COMPRESSED_H

#include <gio/gio.h>

enum arb_compression { ARB_PLAIN, ARB_GZIP, ARB_ZSTD };

/* What the first len bytes of an input say: gzip (1f 8b), a Zstandard
 * frame (28 b5 2f fd), else plain. */
enum arb_compression arb_compression_of(const guint8 *head, gsize len);

/* The same of a file's first bytes; ARB_PLAIN when it cannot be read here
 * (opening it again reports why). */
enum arb_compression arb_compression_of_file(const char *path);

/* "plain", "gzip" or "zstd". */
const char *arb_compression_name(enum arb_compression c);

/* A stream of what in holds, decompressed where its first bytes say so
 * (a new reference; in is kept by it). They are peeked through a buffer
 * of 64 KiB, the only copy added, so that stdin and pipes are told too.
 * NULL, with error set, where reading those bytes fails. *was (if not
 * NULL) is set to what they said. */
GInputStream *arb_decompressing(GInputStream *in, enum arb_compression *was, GError **error);

/* The file named path (a command line's: a path or a URI) opened and
 * decompressed where its first bytes say so, as arb_decompressing(); NULL,
 * with error set, where it cannot be opened or read. */
GInputStream *arb_open_decompressed(const char *path, enum arb_compression *was, GError **error);

#endif
