/* The fixer's tokens made ready for the beam (src/fix_beam.c): the notation
 * a game's tokens are written in, each reading's substitution costs
 * against every symbol a rendering may hold and the bounds drawn from them,
 * the move numbers a token may be, and tokens cut in two or joined. */
#include "fix_private.h"

/* Is c a separator coordinates may have between the squares ("e2-e4",
 * "e4xd5", "e4:d5")? */
static gboolean is_coordinate_separator(char c)
{
    return c == '-' || c == 'x' || c == ':';
}

/* Is s[0, n) shaped like a move of style, one of the four squares'
 * characters off at most (UCI's with a separator too: "e2-e4")? *upper
 * gets whether its files are capitals. */
static gboolean style_shaped(const char *s, gsize n, enum fix_style style, gboolean *upper)
{
    char sq[4];
    if (style == FIX_STYLE_UCI && n >= 5 && n <= 6 && is_coordinate_separator(s[2]))
        sq[0] = s[0], sq[1] = s[1], sq[2] = s[3], sq[3] = s[4];
    else if (n == 4 || n == 5)
        memcpy(sq, s, 4);
    else
        return FALSE;
    int off = 0, capitals = 0;
    for (gsize i = 0; i < 4; i++) {
        gboolean file = style == FIX_STYLE_UCI && i % 2 == 0;
        capitals += file && sq[i] >= 'A' && sq[i] <= 'H';
        char c = file ? g_ascii_tolower(sq[i]) : sq[i];
        off += file ? !san_is_file(c) : !san_is_rank(c);
    }
    *upper = capitals == 2;
    return off <= 1;
}

/* Is s[0, n) long notation of a piece's move: a character (its initial),
 * a square and a separator ("Ng1-f3", "Фd8-d5", "Lc1xg5")? */
static gboolean piece_lan(const char *s, gsize n)
{
    for (;;) { /* (Black's dots run into it: "...", "…") */
        if (n && *s == '.')
            s++, n--;
        else if (n >= 3 && !memcmp(s, "\u2026", 3))
            s += 3, n -= 3;
        else
            break;
    }
    gsize k = 1;
    while (k < n && ((guchar)s[k] & 0xC0) == 0x80) /* (the initial's other bytes) */
        k++;
    return k + 3 <= n && san_is_square(s + k) && is_coordinate_separator(s[k + 2]);
}

/* Is text[0, len) a move of English descriptive notation ("P-K4",
 * "Kt-KB3", "B-N5ch", "NxP", "QxQP"; not "O-O", which SAN shares), or
 * shaped like one though damaged? */
static gboolean descriptive_shaped(const char *text, gsize len)
{
    struct san san;
    if (len < 3 || (!memchr(text, '-', len) && !memchr(text, 'x', len))) return FALSE;
    if (desc_parse(text, len, &san, NULL) == SAN_OK) return TRUE;
    /* damaged, its shape still tells: a piece, '-' or 'x', then a file's
     * piece, a wing or what it takes (in either case: a scan's "P-k4"), or
     * a rank ("P-K$", "N-Kb3", "PxF") */
    gsize k = len >= 2 && text[0] == 'K' && text[1] == 't' ? 2 : 1;
    if (!strchr("PNBRQK", text[0]) || k >= len || (text[k] != '-' && text[k] != 'x')) return FALSE;
    return k + 1 < len && ((text[k + 1] && strchr("KQRNBPkqrnbp", text[k + 1])) ||
                           (text[k + 1] >= '1' && text[k + 1] <= '8'));
}

/* Is text[0, len) a word of a descriptive move in words on its own, where
 * a scan broke the move apart ("to", "takes", "4th", "sq")? No other
 * notation has such a token. */
static gboolean words_fragment(const char *text, gsize len)
{
    static const char *const words[] = {"to", "takes", "sq", "ch", "(ch)", "th", "rd", "nd", "st"};
    for (gsize k = 0; k < G_N_ELEMENTS(words); k++)
        if (len == strlen(words[k]) && !memcmp(text, words[k], len)) return TRUE;
    /* a rank and its ordinal: "4th", "3d" */
    if (text[0] < '1' || text[0] > '8') return FALSE;
    if (len == 2) return text[1] == 'd';
    return len == 3 && (!memcmp(text + 1, "st", 2) || !memcmp(text + 1, "nd", 2) ||
                        !memcmp(text + 1, "rd", 2) || !memcmp(text + 1, "th", 2));
}

enum fix_style fix_notation(const char *const *texts, const gsize *lens, int n, gboolean *upper)
{
    static const enum fix_style styles[] = {FIX_STYLE_UCI, FIX_STYLE_ICCF};
    int descriptive = 0;
    for (int i = 0; i < n; i++)
        descriptive += descriptive_shaped(texts[i], lens[i]) || words_fragment(texts[i], lens[i]);
    if (upper) *upper = FALSE;
    if (descriptive >= 2 && 2 * descriptive >= n) return FIX_STYLE_DESCRIPTIVE;
    for (gsize k = 0; k < G_N_ELEMENTS(styles); k++) {
        int shaped = 0, capitals = 0, pieces = 0;
        for (int i = 0; i < n; i++) {
            gboolean up = FALSE;
            if (style_shaped(texts[i], lens[i], styles[k], &up)) shaped++, capitals += up;
            pieces += piece_lan(texts[i], lens[i]);
        }
        /* (long notation's pawn moves are shaped so too: not with a
         * piece's move written so in a tenth of the moves or more) */
        if (shaped && 2 * shaped >= n && 10 * pieces < n) {
            if (upper) *upper = 2 * capitals > shaped;
            return styles[k];
        }
    }
    return FIX_STYLE_SAN;
}

/* The style of tokens[0, n) (into f): fix_notation() of their first
 * readings. */
static void detect_style(ArbFixer *f, const struct fix_token *tokens, int n)
{
    g_autofree const char **texts = g_new(const char *, MAX(n, 1));
    g_autofree gsize *lens = g_new(gsize, MAX(n, 1));
    int m = 0;
    for (int i = 0; i < n; i++)
        if (tokens[i].n_cands > 0)
            texts[m] = tokens[i].cands[0].text, lens[m++] = tokens[i].cands[0].len;
    f->style_upper = FALSE;
    f->style = fix_notation(texts, lens, m, &f->style_upper);
    int kt = 0, n_letter = 0;
    for (int i = 0; f->style == FIX_STYLE_DESCRIPTIVE && i < m; i++) {
        kt += g_strstr_len(texts[i], (gssize)lens[i], "Kt") != NULL ||
              g_strstr_len(texts[i], (gssize)lens[i], "kt") != NULL; /* (a scan's case) */
        n_letter += memchr(texts[i], 'N', lens[i]) != NULL;
    }
    f->style_kt = kt > n_letter;
}

/* What c's bounds need of its subs (filled in): cover, near, the lows;
 * and its key (struct pcand). */
static void fill_bounds(const ArbFixer *f, struct pcand *c)
{
    memset(c->near, 0, sizeof c->near);
    c->ins_total = 0;
    guint64 key = 0xcbf29ce484222325u ^ (guint64)c->len;
    for (int j = 0; j < c->len; j++) {
        c->ins_total += c->ins[j];
        key = (key ^ ((guint64)c->ch[j] << 16 | c->ins[j])) * 0x100000001b3u;
    }
    c->key = key ^ key >> 29;
    for (int y = 0; y < f->n_sym; y++) {
        int low = G_MAXUINT16;
        for (int j = 0; j < c->len; j++) {
            low = MIN(low, c->subs[y][j]);
            if (c->subs[y][j] < c->ins[j]) c->near[j] |= G_GUINT64_CONSTANT(1) << y;
        }
        c->cover[y] = (guint16)low;
    }
    for (int type = PAWN; type <= KING; type++) {
        int low = 0;
        for (int k = 0; type != PAWN && k < f->initial_len[type]; k++)
            low += cover_sym(f, c, f->initial_sym[type][k]);
        c->low_piece[type] = (guint16)low;
    }
    for (int i = 0; i < 8; i++) {
        c->low_file[i] = (guint16)cover_sym(f, c, f->sym_ascii['a' + i]);
        c->low_rank[i] = (guint16)cover_sym(f, c, f->sym_ascii['1' + i]);
    }
    c->low_x = (guint16)cover_sym(f, c, f->sym_ascii['x']);
    c->low_eq = (guint16)cover_sym(f, c, f->sym_ascii['=']);
}

static void fill_cover(const ArbFixer *f, struct pcand *c)
{
    for (int y = 0; y < f->n_sym; y++)
        for (int j = 0; j < c->len; j++)
            c->subs[y][j] = (guint16)MIN(sub_cost(f, c->ch[j], f->sym_char[y]), G_MAXUINT16);
    fill_bounds(f, c);
}

/* A descriptive reading with the knight named as the game names it, "Kt"
 * or "N": a text may name it both ways (a book's words "K Kt to B 3rd",
 * its short forms "N/K4-N5"), and neither is damage. */
static void knight_name(const ArbFixer *f, struct pcand *c)
{
    gunichar ch[FIX_TOKEN_CHARS];
    int n = 0;
    for (int k = 0; k < c->len && n < FIX_TOKEN_CHARS; k++) {
        if (f->style_kt && c->ch[k] == 'N' && n + 1 < FIX_TOKEN_CHARS) {
            ch[n++] = 'K', ch[n++] = 't';
        } else if (!f->style_kt && c->ch[k] == 'K' && k + 1 < c->len && c->ch[k + 1] == 't') {
            ch[n++] = 'N';
            k++;
        } else {
            ch[n++] = c->ch[k];
        }
    }
    if (n == c->len && !memcmp(ch, c->ch, n * sizeof *ch)) return;
    for (int k = 0; k < n; k++) {
        c->ch[k] = ch[k];
        c->ins[k] = (guint16)confusion_insert(f->conf, ch[k]);
        if (k && ch[k - 1] == ch[k])
            c->ins[k] = (guint16)MIN(c->ins[k], f->costs[CONF_REPEAT_CHAR]);
    }
    c->len = n;
}

/* Descriptive books write "ch" where PGN has '+', in any case and run into
 * the next move when a scan lost the space ("R-N3chK-B7"), and "mate" at
 * the end where it has '#': each read as the mark. */
static void check_words(const ArbFixer *f, struct pcand *c)
{
    int n = 0;
    for (int j = 0; j < c->len; j++, n++) {
        gboolean check = j >= 2 && j + 1 < c->len && g_unichar_tolower(c->ch[j]) == 'c' &&
                         g_unichar_tolower(c->ch[j + 1]) == 'h';
        c->ch[n] = check ? '+' : c->ch[j];
        c->ins[n] = check ? (guint16)confusion_insert(f->conf, '+') : c->ins[j];
        j += check;
    }
    c->len = n;
    static const gunichar mate[] = {'m', 'a', 't', 'e'};
    int at = c->len - 4;
    gboolean ends = at >= 2;
    for (int j = 0; ends && j < 4; j++)
        ends = g_unichar_tolower(c->ch[at + j]) == mate[j];
    if (!ends) return;
    c->ch[at] = '#';
    c->ins[at] = (guint16)confusion_insert(f->conf, '#');
    c->len = at + 1;
}

static void prepare_cand(const ArbFixer *f, const char *text, gsize len, int prior, int input,
                         struct pcand *c)
{
    g_autofree char *canon = norm_canonical(text, len, FALSE, NULL);
    c->len = 0;
    c->prior = prior;
    c->input = input;
    for (const char *p = canon; *p && c->len < FIX_TOKEN_CHARS; p = g_utf8_next_char(p)) {
        gunichar ch = g_utf8_get_char(p);
        if (g_unichar_isspace(ch)) continue;
        if (fan_is_figurine(ch)) { /* a figurine: the language's initial */
            static const int types[] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
            int type = types[(ch - FAN_FIRST) % 6];
            for (int k = 0; type != PAWN && k < f->initial_len[type] && c->len < FIX_TOKEN_CHARS;
                 k++, c->len++) {
                c->ch[c->len] = f->initial[type][k];
                c->ins[c->len] = (guint16)confusion_insert(f->conf, f->initial[type][k]);
            }
            continue;
        }
        c->ch[c->len] = ch;
        c->ins[c->len] = (guint16)confusion_insert(f->conf, ch);
        if (c->len && c->ch[c->len - 1] == ch)
            c->ins[c->len] = (guint16)MIN(c->ins[c->len], f->costs[CONF_REPEAT_CHAR]);
        c->len++;
    }
    if (f->style == FIX_STYLE_DESCRIPTIVE) {
        check_words(f, c);
        knight_name(f, c);
    }
    fill_cover(f, c);
}

/* May t be a null move as written? In a game of digits, UCI or ICCF, only
 * their "0000" is one: "Z0" there is a move number misread ("Z0," for 20.),
 * no pass to put in the game. */
static gboolean null_spelled(const ArbFixer *f, const struct ptoken *t)
{
    return (f->style != FIX_STYLE_UCI && f->style != FIX_STYLE_ICCF) ||
           (t->len == 4 && !memcmp(t->text, "0000", 4));
}

/* What fix_exact_move asks of t in every position, read once. */
static void prepare_exact(ArbFixer *f, struct ptoken *t)
{
    gboolean parsed = t->len && san_parse(t->text, t->len, &t->plain, NULL) == SAN_OK;
    t->null_move = parsed && t->plain.is_null && null_spelled(f, t);
    t->has_plain = parsed && !t->plain.is_null && norm_is_english(f->norm);
    t->first_exact = (int)f->readings->len;
    t->n_exact = 0;
    if (!t->len) return;
    struct norm_reading r[NORM_READINGS_MAX];
    int n = norm_readings(f->norm, t->text, t->len, r, NORM_READINGS_MAX);
    while (t->n_exact < n && r[t->n_exact].cost == 0)
        t->n_exact++;
    g_array_append_vals(f->readings, r, (guint)t->n_exact);
}

/* Is c a word of text, no move: WORD_MIN_LETTERS letters or more, no
 * digit and no capture mark ("Sicilianskt", "Caro-Kann"; c is canonical,
 * norm_canonical() has made "×" an "x"). A move whose
 * digits a scan read as letters mostly has fewer, or takes ("cxdA",
 * "NfBxdA"): of the 1032 tokens with no digit and four letters or more
 * in the tuning sets, 5 count as words ("RfB-ggZ", "Крflez"), read as
 * garbage with their games' moves unchanged. */
gboolean fix_word_of_text(const struct pcand *c)
{
    int letters = 0;
    for (int j = 0; j < c->len; j++) {
        gunichar ch = c->ch[j];
        if (g_unichar_isdigit(ch) || ch == 'x' || ch == 'X' || ch == ':') return FALSE;
        letters += g_unichar_isalpha(ch) != 0;
    }
    return letters >= WORD_MIN_LETTERS;
}

/* The move numbers a token's first reading may be, misread: up to three
 * characters, each a digit or a look-alike of one (lang/confusion.ini), and
 * a stop or two after them at most. */
static void read_numbers(const ArbFixer *f, const struct pcand *c, struct ptoken *t)
{
    t->n_numbers = 0;
    int len = c->len;
    while (len > 0 && (c->ch[len - 1] == '.' || c->ch[len - 1] == ',') && c->len - len < 2)
        len--;
    if (len < 1 || len > 3) return;
    int value[NUMBER_READINGS] = {0}, cost[NUMBER_READINGS] = {0}, n = 1;
    for (int k = 0; k < len; k++) {
        int nv[NUMBER_READINGS], nc[NUMBER_READINGS], m = 0;
        for (int d = 0; d <= 9; d++) {
            int sub = sub_cost(f, c->ch[k], (gunichar)('0' + d));
            if (sub >= CONF_UNIT) continue;
            for (int j = 0; j < n && m < NUMBER_READINGS; j++)
                nv[m] = value[j] * 10 + d, nc[m++] = cost[j] + sub;
        }
        if (!m) return;
        memcpy(value, nv, sizeof(int) * (size_t)m);
        memcpy(cost, nc, sizeof(int) * (size_t)m);
        n = m;
    }
    for (int j = 0; j < n; j++)
        if (value[j] - t->number_shift > 0) {
            t->number[t->n_numbers] = value[j] - t->number_shift;
            t->number_cost[t->n_numbers++] = cost[j];
        }
}

/* Is c[0..n) a piece's initial, perhaps with a capture mark ("Q", "Kр",
 * "Qx"): letters, none of them a file? */
static gboolean only_initial(const struct pcand *c, int n)
{
    for (int k = 0; k < n; k++)
        if (!g_unichar_isalpha(c->ch[k]) || san_is_file((int)c->ch[k])) return FALSE;
    return n > 0;
}

/* Is a a piece's initial and a file or rank ("C6", "Tf"), b a square
 * ("h7", "e1+")? */
static gboolean initial_cut(const struct pcand *a, const struct pcand *b)
{
    if (a->len < 2 || a->len > 3 || !only_initial(a, a->len - 1)) return FALSE;
    gunichar last = a->ch[a->len - 1];
    if (!san_is_file((int)last) && !san_is_rank((int)last)) return FALSE;
    return b->len >= 2 && b->len <= 3 && san_is_file((int)b->ch[0]) && san_is_rank((int)b->ch[1]);
}

/* Does c name two squares with more than a mark between them ("d:e5C:e5",
 * "Nf3Nc6"), or a piece's move and a pawn's right after it ("Qa5b5")? Two
 * moves run together; long notation ("Ng1-f3", "e2e4") has a dash or a
 * capture mark between its squares at most, and is seldom written with
 * neither after a piece's initial. */
static gboolean names_two_moves(const struct pcand *c)
{
    int end = -1, first = -1; /* just past the first square, and where it began */
    for (int j = 0; j + 1 < c->len; j++) {
        if (c->ch[j] < 'a' || c->ch[j] > 'h' || c->ch[j + 1] < '1' || c->ch[j + 1] > '8') continue;
        if (j == end && only_initial(c, first)) return TRUE;
        for (int k = end; end >= 0 && k < j; k++)
            if (c->ch[k] != '-' && c->ch[k] != 'x' && c->ch[k] != ':') return TRUE;
        if (first < 0) first = j;
        end = ++j + 1;
    }
    return FALSE;
}

/* Is c a file written twice before a rank ("bb4")? A stroke read twice,
 * which makes it a cheap b4, or a pawn's move whose rank was lost with the
 * space after it, run into the next move (b3 b4): read both ways. */
gboolean fix_doubled_file(const struct pcand *c)
{
    return c->len == 3 && san_is_file((int)c->ch[0]) && c->ch[1] == c->ch[0] &&
           san_is_rank((int)c->ch[2]);
}

static gboolean is_dash(gunichar c)
{
    return c == '-' || c == '_' || c == '~' || c == 0x2013;
}

static gboolean ends_with_square(const struct pcand *c)
{
    return c->len >= 2 && san_is_file((int)c->ch[c->len - 2]) &&
           san_is_rank((int)c->ch[c->len - 1]);
}

/* Is b the rest of a long-notation move cut at a space before its capture
 * mark, a the first part ending with the square it moves from ("Qc7 :d6",
 * "Ne4 xf6+")? a reads well alone, as a move to that square, so the
 * two-token edits would not be tried. */
static gboolean capture_cut(const struct pcand *a, const struct pcand *b)
{
    if (!ends_with_square(a) || b->len < 3) return FALSE;
    return fix_is_capture_mark(b->ch[0]) && san_is_file((int)b->ch[1]) &&
           san_is_rank((int)b->ch[2]);
}

/* A figurine misread as its look-alike (lang/confusion.ini: the pawn's and
 * the bishop's round heads, the crowned king and queen) is read as the other
 * piece in a second reading of the token, at the substitution's cost: a
 * figurine becomes the piece's initial before any edit distance is taken,
 * so the look-alike's cost cannot apply there. The first look-alike
 * figurine of c only; FALSE when c has none. */
static gboolean figurine_variant(const ArbFixer *f, const struct fix_cand *c,
                                 char buf[FIX_TOKEN_CHARS * 4 + 1], struct fix_cand *out)
{
    gsize len = MIN(c->len, (gsize)FIX_TOKEN_CHARS * 4 - 4);
    if (!g_utf8_validate(c->text, (gssize)len, NULL)) return FALSE;
    for (const char *p = c->text; p < c->text + len; p = g_utf8_next_char(p)) {
        gunichar a = g_utf8_get_char(p);
        if (!fan_is_figurine(a)) continue;
        gunichar best = 0;
        int cost = CONF_UNIT; /* a look-alike is cheaper than a plain edit */
        for (gunichar b = FAN_FIRST; b <= FAN_LAST; b++) {
            if ((b - FAN_FIRST) % 6 == (a - FAN_FIRST) % 6) continue; /* the same piece */
            int k = confusion_substitute(f->conf, a, b);
            if (k < cost) cost = k, best = b;
        }
        if (!best) continue;
        gsize at = (gsize)(p - c->text), n = (gsize)(g_utf8_next_char(p) - p);
        memcpy(buf, c->text, at);
        gsize w = (gsize)g_unichar_to_utf8(best, buf + at);
        memcpy(buf + at + w, p + n, len - at - n);
        *out = *c;
        out->text = buf;
        out->len = len - n + w;
        out->prior = c->prior + cost;
        return TRUE;
    }
    return FALSE;
}

/* A move run into its number, the dot and the space lost ("28Nb3-d4",
 * "19Txf1"), is read without the digits too, in a second reading of the
 * token that costs the lost space (a merge): read whole, each digit cost
 * an added character, and at a game's end the token was dropped instead.
 * No move in SAN or long notation begins with a digit, but a piece's
 * initial misread as one may ("5g8-f6" for Sg8-f6): the whole token keeps
 * that reading. FALSE where c is no such token. */
static gboolean numbered_variant(const ArbFixer *f, const struct fix_cand *c, struct fix_cand *out)
{
    if (f->style != FIX_STYLE_SAN) return FALSE;
    gsize digits = 0;
    while (digits < c->len && digits < 4 && g_ascii_isdigit(c->text[digits]))
        digits++;
    if (!digits || digits > 3 || c->len - digits < 2) return FALSE;
    guchar next = (guchar)c->text[digits];
    if (!g_ascii_isalpha(next) && next < 0x80) return FALSE; /* ".", "-", "/": a number, a result */
    *out = *c;
    out->text = c->text + digits;
    out->len = c->len - digits;
    out->prior = c->prior + f->costs[CONF_MERGE];
    return TRUE;
}

void fix_prepare_tokens(ArbFixer *f, const struct fix_token *tokens, int n)
{
    f->tokens_left = n > FIX_GAME_TOKENS_MAX;
    n = MIN(n, FIX_GAME_TOKENS_MAX);
    if (n > f->tok_cap) {
        f->tok_cap = MAX(n, 2 * f->tok_cap);
        f->tok = g_renew(struct ptoken, f->tok, f->tok_cap);
        f->targets = g_renew(struct targets, f->targets, f->tok_cap);
        f->targets_filled = g_renew(gboolean, f->targets_filled, f->tok_cap);
    }
    f->n_tok = n;
    if (!f->style_kept) detect_style(f, tokens, n);
    g_array_set_size(f->readings, 0);
    if (!++f->game) { /* wrapped: forget every distance and spelling */
        memset(f->dist, 0, DIST_CACHE * sizeof *f->dist);
        memset(f->spell, 0, SPELL_CACHE * sizeof *f->spell);
        f->game = 1;
    }
    g_array_set_size(f->expansions, 0);
    memset(f->expansion_slot, 0, f->n_slots * sizeof *f->expansion_slot);
    g_array_set_size(f->recorded_fixed, 0);
    g_array_append_vals(f->recorded_fixed, f->fixed, (guint)f->n_fixed);
    g_array_set_size(f->records, 0);
    f->n_inputs = 1;
    f->searched_all = 0;
    for (int i = 0; i < n; i++) {
        struct ptoken *t = &f->tok[i];
        struct fix_cand cands[FIX_CANDS_MAX];
        char variants[FIX_CANDS_MAX][FIX_TOKEN_CHARS * 4 + 1];
        int n_given = MAX(1, MIN(tokens[i].n_cands, FIX_CANDS_MAX)), n_variants = 0;
        t->n = 0;
        for (int k = 0; k < n_given; k++) {
            cands[t->n++] = tokens[i].cands[k];
            if (!cands[t->n - 1].text) cands[t->n - 1].text = "", cands[t->n - 1].len = 0;
            int given = t->n - 1;
            if (t->n < FIX_CANDS_MAX &&
                figurine_variant(f, &cands[given], variants[n_variants], &cands[t->n]))
                n_variants++, t->n++;
            if (t->n < FIX_CANDS_MAX && numbered_variant(f, &cands[given], &cands[t->n])) t->n++;
        }
        t->inputs = 0;
        for (int k = 0; k < t->n; k++) {
            prepare_cand(f, cands[k].text, cands[k].len, cands[k].prior, cands[k].input, &t->c[k]);
            t->inputs += k == 0 || cands[k].input != cands[k - 1].input;
            f->n_inputs = MAX(f->n_inputs, cands[k].input + 1);
        }
        t->hint_ply = tokens[i].hint_ply;
        t->blank = tokens[i].blank;
        t->weighed = tokens[i].weighed;
        t->repeated = tokens[i].repeated;
        t->words = tokens[i].written != NULL;
        t->number_shift = tokens[i].number_shift;
        read_numbers(f, &t->c[0], t);
        t->two_moves = names_two_moves(&t->c[0]) || fix_doubled_file(&t->c[0]);
        t->lone_initial = t->c[0].len <= 3 && only_initial(&t->c[0], t->c[0].len);
        t->cut_short = t->c[0].len > 1 && is_dash(t->c[0].ch[t->c[0].len - 1]);
        if (i > 0 && ((t->c[0].len > 1 && is_dash(t->c[0].ch[0])) ||
                      capture_cut(&f->tok[i - 1].c[0], &t->c[0])))
            f->tok[i - 1].cut_short = TRUE;
        t->initial_cut = FALSE;
        if (i > 0) f->tok[i - 1].initial_cut = initial_cut(&f->tok[i - 1].c[0], &t->c[0]);
        t->text = tokens[i].cands[0].text ? tokens[i].cands[0].text : "";
        t->len = tokens[i].cands[0].text ? tokens[i].cands[0].len : 0;
        if (tokens[i].written && tokens[i].cands[0].prior > 0) { /* no exact reading of a guess */
            t->text = tokens[i].written;
            t->len = tokens[i].written_len;
        }
        t->is_input = i < G_MAXUINT16;
        prepare_exact(f, t);
        t->prose_word = !t->n_exact;
        for (int k = 0; k < t->n; k++)
            t->prose_word &= fix_word_of_text(&t->c[k]);
        f->targets_filled[i] = FALSE;
    }
}

/* c: a's characters [from, to), then b's (if any). */
static void slice_cand(const ArbFixer *f, const struct pcand *a, int from, int to,
                       const struct pcand *b, struct pcand *c)
{
    c->len = 0;
    c->prior = a->prior + (b ? b->prior : 0);
    c->input = a->input;
    for (int i = from; i < to && c->len < FIX_TOKEN_CHARS; i++, c->len++)
        c->ch[c->len] = a->ch[i], c->ins[c->len] = a->ins[i];
    int from_a = c->len;
    for (int i = 0; b && i < b->len && c->len < FIX_TOKEN_CHARS; i++, c->len++)
        c->ch[c->len] = b->ch[i], c->ins[c->len] = b->ins[i];
    /* a substitution's cost is the character's: the parts' rows, copied */
    for (int y = 0; y < f->n_sym; y++) {
        memcpy(c->subs[y], a->subs[y] + from, (size_t)from_a * sizeof **c->subs);
        if (b)
            memcpy(c->subs[y] + from_a, b->subs[y], (size_t)(c->len - from_a) * sizeof **c->subs);
    }
    fill_bounds(f, c);
}

static void bare_token(struct ptoken *out)
{
    out->n = 1;
    out->inputs = 1;
    out->is_input = FALSE;
    out->words = FALSE;
    out->hint_ply = -1;
    out->number_shift = 0;
    out->text = NULL;
    out->len = 0;
}

/* A token made of part of a reading. */
void fix_slice_token(const ArbFixer *f, const struct pcand *a, int from, int to, struct ptoken *out)
{
    bare_token(out);
    slice_cand(f, a, from, to, NULL, &out->c[0]);
    out->c[0].input = 0;
}

/* Tokens a and b read as one ("N f3"): every reading of a joined to every
 * reading of b from the same input ("♕d2 -cl3" as "♕d2-d3" too), the
 * first readings first. */
void fix_join_tokens(const ArbFixer *f, const struct ptoken *a, const struct ptoken *b,
                     struct ptoken *out)
{
    bare_token(out);
    out->n = out->inputs = 0;
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n && out->n < FIX_CANDS_MAX; j++) {
            if (a->c[i].input != b->c[j].input) continue;
            out->inputs += !out->n || out->c[out->n - 1].input != a->c[i].input;
            slice_cand(f, &a->c[i], 0, a->c[i].len, &b->c[j], &out->c[out->n++]);
        }
}
