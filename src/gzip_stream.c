/* A GConverter around GIO's gzip decompressor that starts over at the end of
 * each member while input is left, so a multi-member file reads whole. The
 * stream is a GConverterInputStream over it. Memory: zlib's 32 KiB window. */
#include "gzip_stream.h"

#define ARB_TYPE_GZIP_MEMBERS (arb_gzip_members_get_type())
G_DECLARE_FINAL_TYPE(ArbGzipMembers, arb_gzip_members, ARB, GZIP_MEMBERS, GObject)

struct _ArbGzipMembers {
    GObject parent;
    GConverter *member; /* the decompressor of the member being read */
    gboolean between;   /* a member has ended and no byte of another is read */
};

static void arb_gzip_members_converter_init(GConverterIface *iface);

G_DEFINE_TYPE_WITH_CODE(ArbGzipMembers, arb_gzip_members, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_CONVERTER, arb_gzip_members_converter_init))

static GConverterResult members_convert(GConverter *converter, const void *inbuf, gsize inbuf_size,
                                        void *outbuf, gsize outbuf_size, GConverterFlags flags,
                                        gsize *bytes_read, gsize *bytes_written, GError **error)
{
    ArbGzipMembers *self = ARB_GZIP_MEMBERS(converter);
    *bytes_read = *bytes_written = 0;
    /* the input ends where a member did: the whole file is read */
    if (self->between && inbuf_size == 0 && (flags & G_CONVERTER_INPUT_AT_END))
        return G_CONVERTER_FINISHED;
    GConverterResult r = g_converter_convert(self->member, inbuf, inbuf_size, outbuf, outbuf_size,
                                             flags, bytes_read, bytes_written, error);
    if (r == G_CONVERTER_ERROR) {
        g_prefix_error(error, "gzip: ");
        return r;
    }
    if (*bytes_read) self->between = FALSE;
    if (r != G_CONVERTER_FINISHED) return r;
    if (*bytes_read == inbuf_size && (flags & G_CONVERTER_INPUT_AT_END)) return r;
    /* more input may follow: the next member */
    g_converter_reset(self->member);
    self->between = TRUE;
    return G_CONVERTER_CONVERTED;
}

static void members_reset(GConverter *converter)
{
    ArbGzipMembers *self = ARB_GZIP_MEMBERS(converter);
    g_converter_reset(self->member);
    self->between = FALSE;
}

static void arb_gzip_members_converter_init(GConverterIface *iface)
{
    iface->convert = members_convert;
    iface->reset = members_reset;
}

static void arb_gzip_members_finalize(GObject *object)
{
    g_object_unref(ARB_GZIP_MEMBERS(object)->member);
    G_OBJECT_CLASS(arb_gzip_members_parent_class)->finalize(object);
}

static void arb_gzip_members_class_init(ArbGzipMembersClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = arb_gzip_members_finalize;
}

static void arb_gzip_members_init(ArbGzipMembers *self)
{
    self->member = G_CONVERTER(g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP));
}

GInputStream *gzip_input_stream_new(GInputStream *base)
{
    g_autoptr(ArbGzipMembers) members = g_object_new(ARB_TYPE_GZIP_MEMBERS, NULL);
    return g_converter_input_stream_new(base, G_CONVERTER(members));
}
