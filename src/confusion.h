/* The recogniser confusion table (lang/confusion.ini, built in as a
 * GResource): what it costs to read one character as another, to find a
 * character the move's rendering lacks or to miss one it has, and the costs
 * of the whole-game edits `fix` makes. Read-only once loaded, so threads may
 * share one. Costs are integers in hundredths of one plain edit. */
#ifndef ARBITER_CONFUSION_H
#define ARBITER_CONFUSION_H

#include <glib.h>

G_BEGIN_DECLS

/* One plain edit, in the integer cost unit. */
enum { CONF_UNIT = 100 };

typedef enum {
    CONF_SKIP_TOKEN,
    CONF_SKIP_REPEAT,
    CONF_INSERT_MOVE,
    CONF_INSERT_WHOLE_MOVE,
    CONF_MERGE,
    CONF_SPLIT,
    CONF_SWAP,
    CONF_MISNUMBERED,
    CONF_SHEET_SHIFT,
    CONF_FORM_LAN,
    CONF_FORM_PAWN_FILES,
    CONF_FORM_DESCRIPTIVE,
    CONF_FORM_QUEEN_IMPLIED,
    CONF_FORM_AMBIGUOUS,
    CONF_POOR_FIT,
    CONF_GARBAGE_RATE,
    CONF_TEMPERATURE,
    CONF_REPEAT_CHAR,
    CONF_COST_COUNT
} ArbConfusionCost;

typedef struct _ArbConfusion ArbConfusion;

/* path NULL: the built-in table. */
ArbConfusion *confusion_load(const char *path, GError **error);
ArbConfusion *confusion_new_from_data(const char *data, gsize len, const char *origin,
                                      GError **error);
/* The built-in table, loaded once and kept for the life of the program. */
const ArbConfusion *confusion_builtin(void);
void confusion_free(ArbConfusion *conf);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ArbConfusion, confusion_free)

int confusion_cost(const ArbConfusion *conf, ArbConfusionCost which);

/* Reading token character a where the rendering has b (0 when equal). */
int confusion_substitute(const ArbConfusion *conf, gunichar a, gunichar b);
/* The ASCII part of the substitution costs, [token char][rendering char],
 * for inner loops that look up ASCII pairs directly. */
const guint16 (*confusion_ascii_substitutions(const ArbConfusion *conf))[128];
/* The digit ch is, or reads as: the one it costs least to read it as,
 * under a plain edit ('S' 5, 'З' 3); -1 for none. */
int confusion_digit(const ArbConfusion *conf, gunichar ch);
/* A character the token has and the rendering lacks. */
int confusion_insert(const ArbConfusion *conf, gunichar c);
/* A character the rendering has and the token lacks. */
int confusion_delete(const ArbConfusion *conf, gunichar c);

/* One character a recogniser reads as several ("d" as "cl"): [split]. */
enum { CONF_SPLIT_MAX = 16 };
struct confusion_split {
    char seq[8]; /* the text read, UTF-8 */
    gunichar ch; /* the character written */
    int cost;
};
const struct confusion_split *confusion_splits(const ArbConfusion *conf, int *n);

/* [calibration]: the chance that a move fix chose is right, from what the
 * search worked out (src/fix.c): its share (CONF_TOP_SHARE or more counts
 * as one), of that the share beside the other readings of its token
 * (read; negative for a token read as written, which has none of its own),
 * and the margin of the rival path the share weighed, in units of
 * the temperature (negative: none was kept). kind: the change's name, as
 * the report writes it ("none", "corrected", "inserted", "merged",
 * "split"). A kind's row is a, b, c, d and top: the chance's log-odds are
 * a + b logit(read) + c min(margin, CONF_MARGIN_CAP) + (d where no rival
 * path was kept), at most top; a share of one is top itself. A kind
 * without a row keeps its share. */
#define CONF_TOP_SHARE  0.9995
#define CONF_MARGIN_CAP 8.0
enum { CONF_CALIBRATION_MAX = 8 };
double confusion_calibrate(const ArbConfusion *conf, const char *kind, double share, double read,
                           double margin);
/* [calibration-sheets]: the same for the moves of a scoresheet read alone
 * (--from hcs), where what the players wrote errs more than OCR, and more
 * on some sheets than on others. A kind's row is a, b, c, d and e: the
 * log-odds are those above, uncapped (a share of one weighed as any other),
 * + e logit(changed), changed the sheet's share of moves not read as
 * written. A kind without a row takes [calibration]'s. */
double confusion_calibrate_sheet(const ArbConfusion *conf, const char *kind, double share,
                                 double read, double margin, double changed);

G_END_DECLS

#endif
