/* paths.h: outputs that are inputs, found before they are opened. */
#include "paths.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

static gboolean same_file(const GStatBuf *a, const char *path)
{
    GStatBuf b;
    return path && strcmp(path, "-") && g_stat(path, &b) == 0 && a->st_dev == b.st_dev &&
           a->st_ino == b.st_ino;
}

const char *paths_same_file(const char *output, char *const *inputs, int n)
{
    GStatBuf out;
    if (!output || !strcmp(output, "-") || g_stat(output, &out) != 0) return NULL;
    /* (a terminal or /dev/null, written and read by many: no file lost) */
    if (!S_ISREG(out.st_mode)) return NULL;
    for (int i = 0; i < n; i++)
        if (same_file(&out, inputs[i])) return inputs[i];
    return NULL;
}

gboolean paths_outputs_apart(const char *command, const char *const *options,
                             const char *const *outputs, int n_outputs, char *const *inputs,
                             int n_inputs)
{
    for (int k = 0; k < n_outputs; k++) {
        const char *input = paths_same_file(outputs[k], inputs, n_inputs);
        if (input) {
            fprintf(stderr,
                    "arbiter %s: %s %s is the input %s: writing it would empty it before it is "
                    "read\n",
                    command, options[k], outputs[k], input);
            return FALSE;
        }
        for (int j = 0; j < k && outputs[k]; j++) {
            char *other = (char *)outputs[j];
            if (other && (!strcmp(other, outputs[k]) || paths_same_file(outputs[k], &other, 1))) {
                fprintf(stderr, "arbiter %s: %s and %s both name %s\n", command, options[j],
                        options[k], outputs[k]);
                return FALSE;
            }
        }
    }
    return TRUE;
}
