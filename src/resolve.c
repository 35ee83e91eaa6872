/* Token -> legal move. Readings come cheapest first; the first cost level at
 * which any reading fits a legal move decides: one move is an answer, more
 * than one is ambiguous. Nothing is ever picked silently among equals. */
#include "resolve.h"

#include <string.h>

static void set_message(struct resolve_answer *out, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void set_message(struct resolve_answer *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_vsnprintf(out->message, sizeof out->message, fmt, ap);
    va_end(ap);
    /* a token quoted in bytes ('%.*s') or a message cut at the buffer's end
     * may stop inside a character: the message goes into the output's comments */
    const char *valid_end;
    if (!g_utf8_validate(out->message, -1, &valid_end)) out->message[valid_end - out->message] = 0;
}

void resolve_token(ArbNorm *norm, const struct position *pos, const char *text, gsize len,
                   struct resolve_answer *out)
{
    memset(out, 0, sizeof *out);
    /* Fast path: clean SAN in an English game, the bulk of every archive,
     * needs no normalising. Anything it does not read takes the full path. */
    struct san fast;
    gboolean parsed = san_parse(text, len, &fast, NULL) == SAN_OK;
    if (parsed && norm_is_english(norm) && !fast.is_null &&
        san_resolve(pos, &fast, SAN_STRICT, &out->move, NULL) == SAN_OK) {
        out->status = SAN_OK;
        out->check = fast.check;
        out->nag = fast.nag;
        return;
    }
    /* the null move, "--" (annotators' "if Black passed", odds games'
     * move given), spelled alike in every language */
    if (parsed && fast.is_null) {
        struct san_error err = {0};
        out->status = san_resolve(pos, &fast, SAN_STRICT, &out->move, &err);
        if (out->status != SAN_OK) set_message(out, "%s", err.message);
        return;
    }
    struct norm_reading r[NORM_READINGS_MAX];
    int n = norm_readings(norm, text, len, r, NORM_READINGS_MAX);
    if (n == 0) {
        out->status = SAN_INVALID;
        set_message(out, "no notation rule reads '%.*s'", (int)MIN(len, 40), text);
        return;
    }
    struct san_error first_err = {0};
    enum san_status first_status = SAN_INVALID;
    for (int i = 0; i < n;) {
        int level = r[i].cost, found = 0, ambiguous = 0, j;
        move_t moves[NORM_READINGS_MAX];
        const struct norm_reading *winner = NULL;
        for (j = i; j < n && r[j].cost == level; j++) {
            move_t m;
            struct san_error err = {0};
            enum san_status st = san_resolve(pos, &r[j].san, SAN_STRICT, &m, &err);
            if (j == 0) {
                first_err = err;
                first_status = st;
            }
            if (st == SAN_AMBIGUOUS) ambiguous = MAX(ambiguous, err.candidates);
            if (st != SAN_OK || r[j].san.is_null) continue;
            gboolean seen = FALSE;
            for (int k = 0; k < found; k++)
                seen |= moves[k] == m;
            if (!seen) {
                moves[found++] = m;
                winner = &r[j];
            }
        }
        if (found == 1 && !ambiguous) {
            out->status = SAN_OK;
            out->move = moves[0];
            out->cost = level;
            out->check = winner->san.check;
            out->nag = winner->san.nag;
            return;
        }
        if (found > 1 || ambiguous) {
            out->status = SAN_AMBIGUOUS;
            set_message(out, "'%.*s' fits %d legal moves", (int)MIN(len, 40), text,
                        MAX(found + (ambiguous ? ambiguous - (found > 0) : 0), 2));
            return;
        }
        i = j;
    }
    out->status = first_status == SAN_OK ? SAN_ILLEGAL : first_status;
    if (first_err.message[0])
        set_message(out, "%s", first_err.message);
    else
        set_message(out, "no legal move fits '%.*s'", (int)MIN(len, 40), text);
}

move_t resolve_exact(const struct position *pos, const struct norm_reading *r, int n)
{
    move_t found = MOVE_NONE;
    for (int j = 0; j < n && r[j].cost == 0; j++) {
        move_t m;
        enum san_status st = san_resolve(pos, &r[j].san, SAN_STRICT, &m, NULL);
        if (st == SAN_AMBIGUOUS) return MOVE_NONE;
        if (st != SAN_OK || r[j].san.is_null) continue;
        if (found != MOVE_NONE && found != m) return MOVE_NONE; /* two moves: ambiguous */
        found = m;
    }
    return found;
}
