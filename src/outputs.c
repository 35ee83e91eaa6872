/* outputs.h: outputs that are inputs, found before they are opened, and
 * the reason a write failed. */
#include "outputs.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

static gboolean same_file(const GStatBuf *a, const char *path)
{
    GStatBuf b;
    return path && strcmp(path, "-") && g_stat(path, &b) == 0 && a->st_dev == b.st_dev &&
           a->st_ino == b.st_ino;
}

/* The first of inputs[0..n) that is the same file as output, or NULL,
 * also where output does not exist yet. */
static const char *same_file_as(const char *output, char *const *inputs, int n)
{
    GStatBuf out;
    if (!output || !strcmp(output, "-") || g_stat(output, &out) != 0) return NULL;
    /* (a terminal or /dev/null, written and read by many: no file lost) */
    if (!S_ISREG(out.st_mode)) return NULL;
    for (int i = 0; i < n; i++)
        if (same_file(&out, inputs[i])) return inputs[i];
    return NULL;
}

gboolean outputs_apart(const char *command, const char *const *options, const char *const *outputs,
                       int n_outputs, char *const *inputs, int n_inputs)
{
    for (int k = 0; k < n_outputs; k++) {
        const char *input = same_file_as(outputs[k], inputs, n_inputs);
        if (input) {
            fprintf(stderr,
                    "arbiter %s: %s %s is the input %s: writing it would empty it before it is "
                    "read\n",
                    command, options[k], outputs[k], input);
            return FALSE;
        }
        for (int j = 0; j < k && outputs[k]; j++) {
            char *other = (char *)outputs[j];
            if (other && (!strcmp(other, outputs[k]) || same_file_as(outputs[k], &other, 1))) {
                fprintf(stderr, "arbiter %s: %s and %s both name %s\n", command, options[j],
                        options[k], outputs[k]);
                return FALSE;
            }
        }
    }
    return TRUE;
}

void outputs_write(FILE *f, const char *data, gsize len, int *first_errno)
{
    errno = 0;
    if (len && fwrite(data, 1, len, f) != len && !*first_errno) *first_errno = errno ? errno : EIO;
}

int outputs_finish(FILE *f, gboolean close, int first_errno)
{
    int err = first_errno;
    errno = 0;
    if ((fflush(f) != 0 || ferror(f)) && !err) err = errno ? errno : EIO;
    if (close && fclose(f) != 0 && !err) err = errno;
    return err;
}
