/* The solitaire solver's search, in C: the same depth-first search as described in
 * solver.py, about a hundred times faster than the same loop in Python.
 *
 * It knows only what solver.py passes it: card numbers (suit * 13 + rank, suits S H D C, so
 * 13..38 are red), the suit of each foundation slot, the draw, and whether only king-led runs
 * move (Easy Harp). The line it returns is a list of engine actions that solver.py turns into
 * dicts; tests replay every line with the Python engine, which is the one rule book.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define MAXCOLS 9
#define MAXCOL 32
#define MAXCARDS 104
#define MAXSLOTS 8
#define MAXMOVES 2048
#define MAXFOUND 128
#define MAXKIND 1200 /* moves of one kind between columns */

/* Pile numbers in moves and in the line: columns 0..8, the waste, a foundation slot. */
#define WASTE 20
#define SLOT 30   /* SLOT + s: foundation slot s */
#define ANYF 40   /* the first foundation slot that takes the card */
#define STOCK 50  /* a press of the stock */

typedef struct {
    uint8_t len[MAXCOLS], hid[MAXCOLS];
    uint8_t col[MAXCOLS][MAXCOL];
    uint8_t tn, tk;          /* the talon: tal[0..tk) is the waste (top last), the rest the */
    uint8_t tal[MAXCARDS];   /* stock in the order it will be turned; each entry is the card's
                                place in the talon the search started with (Search.talcard) */
    uint8_t found[MAXSLOTS];
    uint8_t up; /* the cards on the foundations (the sum of found) */
    /* Hashes kept up to date by every move (two independent 64-bit halves of each): each
     * column's (Zobrist: a sum of a random number per place and card, and one for the count of
     * face-down cards), the sums of the columns' mixed hashes (the columns as a multiset), and
     * the talon's (a sum of a random number per card taken out of it). */
    uint64_t h1[MAXCOLS], h2[MAXCOLS];
    uint64_t ca, cb, t1, t2;
} State;

typedef struct {
    uint8_t from, to, count, presses;
} Move;

typedef struct {
    int ncols, nslots, draw, king_runs, total;
    int narrow; /* a narrow pass (see solver.py): it can win, never prove */
    int slot_suit[MAXSLOTS];
    long long max_nodes, nodes;
    double deadline;
    int cpu_clock; /* the deadline is CPU time of this thread */
    int exhausted, out_of_memory;
    int avoid_from, avoid_to, avoid_count; /* a first move not to propose (-1: none) */
    /* the transposition table: 128-bit keys, open addressing */
    uint64_t *keys;
    size_t cap, used, bytes; /* bytes: the size of the block keys lies in (>= 16 * cap) */
    Move talon[MAXMOVES]; /* scratch space of moves() */
    uint64_t rng;         /* 0: moves in their order; else a seed to shuffle each kind */
    int truncated;        /* some position had more moves than the arrays hold: no proof */
    int every_move;       /* no dominance shortcut (the root, when a first move is avoided) */
    int no_dominance;     /* no dominance shortcut anywhere (a test's switch) */
    int no_blocked;       /* never cut a blocked position (a test's switch) */
    int plain_swaps;      /* Réfléchi: every swap tried, not only the freeing ones (a test's switch) */
    int all_swaps;        /* now: plain_swaps, or the root when a first move is avoided */
    uint64_t keybuf[MAXMOVES][2]; /* scratch space of expand(): the children's keys */
    uint8_t talcard[MAXCARDS];    /* the card at each place of the starting talon */
} Search;

/* The budget's clock: wall time, or (for measurements on a shared machine) the CPU time of
 * the searching thread. */
static double now(int cpu_clock) {
    struct timespec t;
    clock_gettime(cpu_clock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static inline int red(int c) { return c >= 13 && c < 39; }
static uint8_t FITS[52][52]; /* FITS[card][under]: card may lie on under in a column */
static uint8_t RANK[52];

static void init_tables(void) {
    for (int c = 0; c < 52; c++) {
        RANK[c] = (uint8_t)(c % 13);
        for (int u = 0; u < 52; u++) FITS[c][u] = red(c) != red(u) && c % 13 + 1 == u % 13;
    }
}

static inline int fits(int card, int under) { return FITS[card][under]; }

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

/* The random numbers of the Zobrist hashes, from a fixed seed (the same on every machine). */
static uint64_t ZC[2][MAXCOL][52], ZH[2][MAXCOL + 1], ZT[2][MAXCARDS];

static void init_zobrist(void) {
    uint64_t x = 0x2545f4914f6cdd1dULL;
#define NEXT (x += 0x9e3779b97f4a7c15ULL, mix(x))
    for (int h = 0; h < 2; h++) {
        for (int p = 0; p < MAXCOL; p++)
            for (int c = 0; c < 52; c++) ZC[h][p][c] = NEXT;
        for (int p = 0; p <= MAXCOL; p++) ZH[h][p] = NEXT;
        for (int p = 0; p < MAXCARDS; p++) ZT[h][p] = NEXT;
    }
#undef NEXT
}

/* A column's hash enters the multiset sums mixed, so that the sums tell which cards lie
 * together in one column (plain sums of the Zobrist numbers would not). */
static inline uint64_t m1(uint64_t h) { return mix(h ^ 0x243f6a8885a308d3ULL); }
static inline uint64_t m2(uint64_t h) { return mix(h ^ 0x13198a2e03707344ULL); }

/* Take column i out of the multiset sums before changing it, put it back after. */
static inline void col_out(State *s, int i) {
    s->ca -= m1(s->h1[i]);
    s->cb -= m2(s->h2[i]);
}

static inline void col_in(State *s, int i) {
    s->ca += m1(s->h1[i]);
    s->cb += m2(s->h2[i]);
}

static inline void push_card(State *s, int j, int card) {
    int p = s->len[j]++;
    s->col[j][p] = (uint8_t)card;
    s->h1[j] += ZC[0][p][card];
    s->h2[j] += ZC[1][p][card];
}

static inline void set_hidden(State *s, int i, int hid) {
    s->h1[i] += ZH[0][hid] - ZH[0][s->hid[i]];
    s->h2[i] += ZH[1][hid] - ZH[1][s->hid[i]];
    s->hid[i] = (uint8_t)hid;
}

/* All hashes of s from scratch (the start of a search). */
static void hash_all(const Search *S, State *s) {
    s->ca = s->cb = s->t1 = s->t2 = 0;
    for (int i = 0; i < S->ncols; i++) {
        s->h1[i] = ZH[0][s->hid[i]];
        s->h2[i] = ZH[1][s->hid[i]];
        for (int p = 0; p < s->len[i]; p++) {
            s->h1[i] += ZC[0][p][s->col[i][p]];
            s->h2[i] += ZC[1][p][s->col[i][p]];
        }
        col_in(s, i);
    }
}

/* The canonical key: columns as a multiset (sums of their mixed hashes), the talon by the
 * cards taken out of it (the talon only loses cards, in the order it started with, so these
 * tell the talon), the waste count folded, and the foundations, in Easy Harp each suit's two
 * slots as a sorted pair. Each half of the key comes from its own random numbers. */
static void key_parts(const Search *S, int tk, int tn, const uint8_t *found, uint64_t ca,
                      uint64_t cb, uint64_t t1, uint64_t t2, uint64_t *k1, uint64_t *k2) {
    /* Presses of the stock cost nothing and the talon comes round again: every waste count
     * on that round (0, the draw's multiples, all) is one state. Others (left by playing
     * from the waste mid-round) are reached once per round and stay apart. */
    uint64_t f = tk % S->draw == 0 || tk == tn ? 0 : (uint64_t)tk; /* < 128 */
    if (S->nslots == 8) {
        for (int i = 0; i < 4; i++) {
            uint8_t x = found[i], y = found[i + 4];
            f = f << 8 | (uint64_t)(x < y ? x : y) << 4 | (x < y ? y : x);
        }
    } else if (S->nslots == 4) {
        f = f << 16 | (uint64_t)found[0] << 12 | found[1] << 8 | found[2] << 4 | found[3];
    } else {
        for (int i = 0; i < S->nslots; i++) f = f << 4 | found[i];
    }
    *k1 = mix(ca ^ mix(t1 ^ f));
    *k2 = mix(cb + mix(t2 + f * 0x9e3779b97f4a7c15ULL));
    if (*k1 == 0 && *k2 == 0) *k2 = 1; /* (0, 0) marks a free slot */
}

static void key_of(const Search *S, const State *s, uint64_t *k1, uint64_t *k2) {
    key_parts(S, s->tk, s->tn, s->found, s->ca, s->cb, s->t1, s->t2, k1, k2);
}

/* The table's memory, zeroed: from mmap (zero pages, touched lazily) in huge pages where the
 * kernel gives them, since each new position costs a random access into the table and a
 * miss of the address cache costs as much as one of the data cache. The kernel's zeroing of
 * fresh pages (a fault per page) cost a tenth to a quarter of a search's time: so the two
 * largest blocks freed are kept (per thread) and handed out again zeroed by memset, which
 * costs less, to the next table of the same solve (tables grow by doubling, and a solve
 * runs several passes); release() (solver.py calls it at the end of a solve) unmaps them. */
typedef struct {
    void *p;
    size_t bytes;
} Block;
static __thread Block spare[2];

static void block_unmap(Block *b) {
    if (b->p) munmap(b->p, b->bytes);
    b->p = NULL;
    b->bytes = 0;
}

static uint64_t *tt_alloc(size_t cap, size_t *bytesp) {
    size_t bytes = cap * 2 * sizeof(uint64_t);
    int best = -1;
    for (int i = 0; i < 2; i++)
        if (spare[i].p && spare[i].bytes >= bytes && (best < 0 || spare[i].bytes < spare[best].bytes))
            best = i;
    if (best >= 0) {
        void *p = spare[best].p;
        *bytesp = spare[best].bytes;
        spare[best].p = NULL;
        spare[best].bytes = 0;
        memset(p, 0, bytes);
        return p;
    }
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    if (bytes >= (2u << 20)) madvise(p, bytes, MADV_HUGEPAGE);
#endif
    *bytesp = bytes;
    return p;
}

/* Keep the block if it is larger than a kept one (unmap the smaller), else unmap it. */
static void tt_free(uint64_t *keys, size_t bytes) {
    if (!keys) return;
    Block b = {keys, bytes};
    int small = spare[0].bytes <= spare[1].bytes ? 0 : 1;
    if (bytes > spare[small].bytes) {
        block_unmap(&spare[small]);
        spare[small] = b;
    } else {
        block_unmap(&b);
    }
}

/* clock(cpu_clock): the budget's clock in seconds, for the passes the Python side times (the
 * search loop reads the same one): the engines themselves never import time. */
static PyObject *clock_py(PyObject *Py_UNUSED(self), PyObject *args) {
    int cpu_clock = 0;
    if (!PyArg_ParseTuple(args, "|p", &cpu_clock)) return NULL;
    return PyFloat_FromDouble(now(cpu_clock));
}

static PyObject *release(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(args)) {
    block_unmap(&spare[0]);
    block_unmap(&spare[1]);
    Py_RETURN_NONE;
}

/* Double the table; 0 when memory or time ran out. */
static int tt_grow(Search *S) {
    size_t cap = S->cap ? S->cap * 2 : (1u << 16);
    size_t bytes;
    uint64_t *keys = tt_alloc(cap, &bytes);
    if (!keys) return 0;
    for (size_t i = 0; i < S->cap; i++) {
        /* A large table's first writes fault its pages in, seconds for a gigabyte on some
         * machines: past the deadline, give up (the search ends there anyway). */
        if ((i & 0xffff) == 0 && now(S->cpu_clock) > S->deadline) {
            tt_free(keys, bytes);
            return 0;
        }
        uint64_t k1 = S->keys[2 * i], k2 = S->keys[2 * i + 1];
        if (!k1 && !k2) continue;
        size_t j = k1 & (cap - 1);
        while (keys[2 * j] || keys[2 * j + 1]) j = (j + 1) & (cap - 1);
        keys[2 * j] = k1;
        keys[2 * j + 1] = k2;
    }
    tt_free(S->keys, S->bytes);
    S->keys = keys;
    S->cap = cap;
    S->bytes = bytes;
    return 1;
}

/* Add the key; 1 if it is new, 0 if it was there, -1 if memory ran out. */
static int tt_add(Search *S, uint64_t k1, uint64_t k2) {
    if ((S->used + 1) * 2 > S->cap && !tt_grow(S)) return -1;
    size_t j = k1 & (S->cap - 1);
    while (S->keys[2 * j] || S->keys[2 * j + 1]) {
        if (S->keys[2 * j] == k1 && S->keys[2 * j + 1] == k2) return 0;
        j = (j + 1) & (S->cap - 1);
    }
    S->keys[2 * j] = k1;
    S->keys[2 * j + 1] = k2;
    S->used++;
    return 1;
}

static inline int slot_for(const Search *S, const State *s, int card) {
    int suit = card / 13, rank = card % 13;
    for (int i = 0; i < S->nslots; i++)
        if (S->slot_suit[i] == suit && s->found[i] == rank) return i;
    return -1;
}

/* The card on top of a column (or of the waste in draw 1), which slot `slot` takes, may go up
 * at once, as the only move tried: every card that could ever be built on it, directly or
 * in a run on it, is on the foundations, in every copy. With r its rank (ace 1): every slot
 * of the opposite colour holds at least r - 1 cards, every slot of the other suit of its
 * colour at least r - 2, the other slot of its own suit (Easy Harp) at least r - 1. solver.py
 * has the argument that this loses no win even with take-backs. */
static int safe(const Search *S, const State *s, int card, int slot) {
    int suit = card / 13, rank = card % 13; /* rank: r - 1 */
    int card_red = suit == 1 || suit == 2;
    for (int i = 0; i < S->nslots; i++) {
        if (i == slot) continue;
        int o = S->slot_suit[i];
        int o_red = o == 1 || o == 2;
        int need = o_red != card_red || o == suit ? rank : rank - 1;
        if (s->found[i] < need) return 0;
    }
    return 1;
}

/* A position no line can win, known without playing it (one deck, runs of any card; solver.py
 * has the argument): a set of cards, each the bottom card of a run (not fitting on the card
 * under it), not a king, with both its parents under a card of the set and a lower card of
 * its suit under a card of the set. No card of such a set can ever leave its column: the
 * first one to leave would need a parent on top of a column or its suit's lower cards on the
 * foundation, and these are all still under cards of the set. Found as the largest such set:
 * start from every candidate and drop those the others do not hold, until none drops. */
static int blocked(const Search *S, const State *s) {
    if (S->nslots != 4 || S->king_runs || S->total != 52) return 0;
    int8_t at_col[52], at_pos[52];
    memset(at_col, -1, sizeof at_col);
    int up[4]; /* the cards of each suit on the foundations */
    for (int i = 0; i < 4; i++) up[S->slot_suit[i]] = s->found[i];
    uint8_t set[MAXCOLS * MAXCOL];
    int n = 0, top[MAXCOLS]; /* top[i]: the cards of column i below this place are covered */
    for (int i = 0; i < S->ncols; i++) {
        const uint8_t *c = s->col[i];
        top[i] = 0;
        for (int q = 0; q < s->len[i]; q++) {
            at_col[c[q]] = (int8_t)i;
            at_pos[c[q]] = (int8_t)q;
            if (q && RANK[c[q]] != 12 && !fits(c[q], c[q - 1])) {
                set[n++] = c[q];
                top[i] = q;
            }
        }
    }
#define COVERED(card) (at_col[card] >= 0 && at_pos[card] < top[at_col[card]])
    for (int changed = 1; changed && n;) {
        changed = 0;
        for (int x = 0; x < n; x++) {
            int card = set[x], r = RANK[card], suit = card / 13, i = at_col[card];
            int a = red(card) ? 0 : 1, b = red(card) ? 3 : 2; /* the parents' suits */
            int lower = 0; /* a lower card of its suit covered */
            for (int k = up[suit]; k < r && !lower; k++) lower = COVERED(suit * 13 + k);
            if (lower && COVERED(a * 13 + r + 1) && COVERED(b * 13 + r + 1)) continue;
            set[x--] = set[--n];
            top[i] = 0;
            for (int y = 0; y < n; y++)
                if (at_col[set[y]] == i && at_pos[set[y]] > top[i]) top[i] = at_pos[set[y]];
            changed = 1;
        }
    }
#undef COVERED
    return n > 0;
}

/* Take count cards off column i (turning up the card below if it was face down). */
static void take(State *s, int i, int count) {
    col_out(s, i);
    for (int q = 0; q < count; q++) {
        int p = --s->len[i];
        s->h1[i] -= ZC[0][p][s->col[i][p]];
        s->h2[i] -= ZC[1][p][s->col[i][p]];
    }
    if (s->len[i] && s->hid[i] >= s->len[i]) set_hidden(s, i, s->len[i] - 1);
    col_in(s, i);
}

static void press(const Search *S, State *s) {
    if (s->tk < s->tn) {
        int k = s->tk + S->draw;
        s->tk = k < s->tn ? k : s->tn;
    } else {
        s->tk = 0;
    }
}

static int waste_pop(const Search *S, State *s) {
    int place = s->tal[s->tk - 1];
    memmove(s->tal + s->tk - 1, s->tal + s->tk, s->tn - s->tk);
    s->tn--;
    s->tk--;
    s->t1 += ZT[0][place];
    s->t2 += ZT[1][place];
    return S->talcard[place];
}

/* Apply a move to s (a copy of its parent). */
static void apply(const Search *S, State *s, const Move *m) {
    for (int p = 0; p < m->presses; p++) press(S, s);
    int card;
    if (m->from == WASTE) {
        card = waste_pop(S, s);
    } else if (m->from >= SLOT) {
        int slot = m->from - SLOT;
        s->found[slot]--;
        s->up--;
        card = S->slot_suit[slot] * 13 + s->found[slot];
    } else {
        int i = m->from;
        if (m->to < SLOT) {
            int j = m->to;
            col_out(s, j);
            for (int q = s->len[i] - m->count; q < s->len[i]; q++) push_card(s, j, s->col[i][q]);
            col_in(s, j);
            take(s, i, m->count);
            return;
        }
        card = s->col[i][s->len[i] - 1];
        take(s, i, 1);
    }
    if (m->to == ANYF) {
        s->found[slot_for(S, s, card)]++;
        s->up++;
    } else {
        col_out(s, m->to);
        push_card(s, m->to, card);
        col_in(s, m->to);
    }
}

/* The key of the position move m leads to from s, and whether it is won, without building
 * it: the hashes' changes only (the same sums as apply() makes, so the same key as key_of()
 * of the child). Most children are only keyed, never entered: copying and playing each cost
 * more than this. */
static int child_key(const Search *S, const State *s, const Move *m, uint64_t *k1, uint64_t *k2) {
    uint64_t ca = s->ca, cb = s->cb, t1 = s->t1, t2 = s->t2;
    int tk = s->tk, tn = s->tn, card;
    uint8_t found[MAXSLOTS];
    memcpy(found, s->found, sizeof found);
    for (int p = 0; p < m->presses; p++) tk = tk < tn ? (tk + S->draw < tn ? tk + S->draw : tn) : 0;
    if (m->from == WASTE) {
        int place = s->tal[tk - 1];
        tn--;
        tk--;
        t1 += ZT[0][place];
        t2 += ZT[1][place];
        card = S->talcard[place];
    } else if (m->from >= SLOT) {
        int slot = m->from - SLOT;
        found[slot]--;
        card = S->slot_suit[slot] * 13 + found[slot];
    } else {
        int i = m->from, len = s->len[i], count = m->to < SLOT ? m->count : 1;
        const uint8_t *c = s->col[i];
        uint64_t a = s->h1[i], b = s->h2[i];
        for (int p = len - count; p < len; p++) {
            a -= ZC[0][p][c[p]];
            b -= ZC[1][p][c[p]];
        }
        int rest = len - count;
        if (rest && s->hid[i] >= rest) {
            a += ZH[0][rest - 1] - ZH[0][s->hid[i]];
            b += ZH[1][rest - 1] - ZH[1][s->hid[i]];
        }
        ca += m1(a) - m1(s->h1[i]);
        cb += m2(b) - m2(s->h2[i]);
        if (m->to < SLOT) {
            int j = m->to, at = s->len[j];
            uint64_t a2 = s->h1[j], b2 = s->h2[j];
            for (int q = 0; q < count; q++) {
                a2 += ZC[0][at + q][c[rest + q]];
                b2 += ZC[1][at + q][c[rest + q]];
            }
            ca += m1(a2) - m1(s->h1[j]);
            cb += m2(b2) - m2(s->h2[j]);
            key_parts(S, tk, tn, found, ca, cb, t1, t2, k1, k2);
            return 0;
        }
        card = c[len - 1];
    }
    int won = 0;
    if (m->to == ANYF) {
        found[slot_for(S, s, card)]++;
        won = s->up + 1 == S->total;
    } else {
        int j = m->to, at = s->len[j];
        ca += m1(s->h1[j] + ZC[0][at][card]) - m1(s->h1[j]);
        cb += m2(s->h2[j] + ZC[1][at][card]) - m2(s->h2[j]);
    }
    key_parts(S, tk, tn, found, ca, cb, t1, t2, k1, k2);
    return won;
}

static inline Move mv(int from, int to, int count, int presses) {
    Move m = {(uint8_t)from, (uint8_t)to, (uint8_t)count, (uint8_t)presses};
    return m;
}

/* Shuffle moves of one kind: restarts with other orders find wins a first order misses. */
static void shuffle(Search *S, Move *m, int n) {
    for (int i = n - 1; i > 0; i--) {
        S->rng ^= S->rng << 13;
        S->rng ^= S->rng >> 7;
        S->rng ^= S->rng << 17;
        int j = (int)(S->rng % (uint64_t)(i + 1));
        Move t = m[i];
        m[i] = m[j];
        m[j] = t;
    }
}

/* Insert m into moves[0..*n), kept in descending score order (stable among equals). */
static void insert_by_score(Move *moves, int *scores, int *n, Move m, int score) {
    int x = (*n)++;
    for (; x > 0 && scores[x - 1] < score; x--) {
        moves[x] = moves[x - 1];
        scores[x] = scores[x - 1];
    }
    moves[x] = m;
    scores[x] = score;
}

/* The moves of a position, best first; returns how many. */
static int moves(Search *S, const State *s, Move *out) {
    int upscore[MAXKIND], tabscore[MAXKIND];
    Move found[MAXFOUND], up[MAXKIND], tab[MAXKIND], swaps[MAXKIND], back[MAXSLOTS * MAXCOLS];
    Move *talon = S->talon;
    int8_t goes_up[52]; /* the slot that takes each card now, or -1 */
    memset(goes_up, -1, sizeof goes_up);
    for (int i = S->nslots - 1; i >= 0; i--)
        if (s->found[i] < 13) goes_up[S->slot_suit[i] * 13 + s->found[i]] = (int8_t)i;
    int nf = 0, nu = 0, nt = 0, nw = 0, ns = 0, nb = 0;
    int ncols = S->ncols;
    /* Réfléchi (one deck, runs of any card): a swap is tried only when the card it uncovers
     * can go up (then it is an "up" move, below); solver.py has the argument. */
    int swaps_free_only = !S->king_runs && S->nslots == 4 && S->total == 52 && !S->all_swaps;
    int empty = -1;
    for (int j = 0; j < ncols; j++)
        if (!s->len[j]) {
            empty = j;
            break;
        }
    /* dest[card]: the columns that take the card, a bit each (a king: the first empty one). */
    uint16_t dest[52];
    memset(dest, 0, sizeof dest);
    for (int j = 0; j < ncols; j++) {
        if (!s->len[j]) continue;
        int u = s->col[j][s->len[j] - 1], r = RANK[u];
        if (!r) continue;
        int a = red(u) ? 0 : 1, b = red(u) ? 3 : 2; /* the other colour's suits */
        dest[a * 13 + r - 1] |= (uint16_t)(1u << j);
        dest[b * 13 + r - 1] |= (uint16_t)(1u << j);
    }
    if (empty >= 0)
        for (int suit = 0; suit < 4; suit++) dest[suit * 13 + 12] |= (uint16_t)(1u << empty);

    /* To a foundation: the waste top, column tops; a safe one is the only move tried. Not the
     * waste top in draw 3: taking a card out of the talon regroups the cards after it, and
     * a card the old grouping brought to the top may then be out of reach. */
    if (s->tk) {
        int card = S->talcard[s->tal[s->tk - 1]];
        if (goes_up[card] >= 0) {
            out[0] = mv(WASTE, ANYF, 1, 0);
            if (S->draw == 1 && safe(S, s, card, goes_up[card]) && !S->every_move) return 1;
            found[nf++] = out[0];
        }
    }
    for (int i = 0; i < ncols; i++) {
        if (!s->len[i]) continue;
        int card = s->col[i][s->len[i] - 1];
        if (goes_up[card] >= 0) {
            out[0] = mv(i, ANYF, 1, 0);
            if (safe(S, s, card, goes_up[card]) && !S->every_move) return 1;
            found[nf++] = out[0];
        }
    }

    /* Between columns. */
    for (int i = 0; i < ncols; i++) {
        int len = s->len[i], upn = len - s->hid[i];
        for (int count = 1; count <= upn; count++) {
            int start = len - count;
            const uint8_t *c = s->col[i];
            if (count > 1) {
                if (!fits(c[start + 1], c[start])) break;
                if (S->king_runs && RANK[c[start]] != 12) continue;
            }
            int card = c[start];
            unsigned targets = dest[card] & ~(1u << i);
            if (!targets) continue; /* most cards have no place: nothing more to work out */
            int uncovers = start == s->hid[i] && start > 0;
            int empties = start == 0;
            int frees = 0, swap = 0;
            if (start > 0) {
                int below = c[start - 1];
                frees = goes_up[below] >= 0;
                /* Easy Harp moves one card at a time: taking a built column apart card by
                 * card is how its face-down cards are reached, not a swap. */
                swap = !frees && fits(card, below) && !(S->king_runs && s->hid[i] > 0);
            }
            for (unsigned to = targets; to; to &= to - 1) {
                int j = __builtin_ctz(to);
                if (s->len[j]) {
                    if (S->king_runs && count > 1) continue;
                    if (s->len[j] + count > MAXCOL) continue;
                } else if (empties) {
                    continue;
                }
                Move m = mv(i, j, count, 0);
                if (nu == MAXKIND || nt == MAXKIND || ns == MAXKIND) {
                    S->truncated = 1;
                    continue;
                }
                if (uncovers || empties || frees) {
                    /* Turning a card up where most are face down comes first. */
                    int score = uncovers ? 64 + s->hid[i] : frees ? 32 : 16;
                    insert_by_score(up, upscore, &nu, m, score);
                } else if (swap) {
                    if (!S->narrow && !swaps_free_only) swaps[ns++] = m;
                } else {
                    /* A column nearest to a face-down card is taken apart first. */
                    int score = S->king_runs && s->hid[i] ? 64 - (len - s->hid[i]) : 0;
                    insert_by_score(tab, tabscore, &nt, m, score);
                }
            }
        }
    }

    /* In draw 1 every talon card can be reached at any time: the narrow pass plays one to a
     * column only as a parent for a column's top card that would turn a card up, empty its
     * column or free a card for a foundation. wants[red] has bit r set when a card of that
     * colour (1 red, 0 black) and rank r is wanted. */
    int purposeful = S->narrow && S->draw == 1;
    uint16_t wants[2] = {0, 0};
    if (purposeful) {
        for (int i = 0; i < ncols; i++) {
            const uint8_t *c = s->col[i];
            int len = s->len[i];
            for (int start = len - 1; start >= s->hid[i]; start--) {
                if (start < len - 1 && (S->king_runs || !fits(c[start + 1], c[start]))) break;
                int card = c[start];
                int useful = start == s->hid[i] || !fits(card, c[start - 1]) ||
                             goes_up[c[start - 1]] >= 0 || (S->king_runs && s->hid[i] > 0);
                if (useful && RANK[card] < 12)
                    wants[red(card) ? 0 : 1] |= (uint16_t)(1u << (RANK[card] + 1));
            }
        }
        /* A wanted card that is in the talon wants a parent too, and so on up: a chain
         * such as queen, jack, ten from the talon to give a nine a place. */
        uint16_t in_talon[2] = {0, 0};
        for (int k = 0; k < s->tn; k++) {
            int card = S->talcard[s->tal[k]];
            in_talon[red(card)] |= (uint16_t)(1u << RANK[card]);
        }
        for (;;) {
            uint16_t black = wants[0] | (uint16_t)(((wants[1] & in_talon[1]) << 1) & 0x1fff);
            uint16_t redw = wants[1] | (uint16_t)(((wants[0] & in_talon[0]) << 1) & 0x1fff);
            if (black == wants[0] && redw == wants[1]) break;
            wants[0] = black;
            wants[1] = redw;
        }
    }

    /* The talon: each card the stock would bring to the waste top, played, as one move. */
    {
        int tk = s->tk, tn = s->tn;
        uint8_t visited[MAXCARDS + 1];
        memset(visited, 0, tn + 1);
        visited[tk] = 1;
        for (int presses = 0;; presses++) {
            if (tk) {
                int card = S->talcard[s->tal[tk - 1]];
                if (presses && goes_up[card] >= 0 && nf < MAXFOUND)
                    found[nf++] = mv(WASTE, ANYF, 1, presses);
                int wanted = !purposeful || (wants[red(card)] >> RANK[card] & 1);
                for (unsigned to = wanted ? dest[card] : 0; to && nw < MAXMOVES; to &= to - 1) {
                    int j = __builtin_ctz(to);
                    if (s->len[j] < MAXCOL) talon[nw++] = mv(WASTE, j, 1, presses);
                }
            }
            if (!tn) break;
            tk = tk < tn ? (tk + S->draw < tn ? tk + S->draw : tn) : 0;
            if (visited[tk]) break;
            visited[tk] = 1;
        }
    }

    /* A card back from a foundation onto a column. */
    for (int sl = 0; sl < S->nslots; sl++) {
        if (!s->found[sl]) continue;
        int card = S->slot_suit[sl] * 13 + s->found[sl] - 1;
        for (unsigned to = dest[card]; to; to &= to - 1) {
            int j = __builtin_ctz(to);
            if (s->len[j] < MAXCOL && (!S->narrow || S->king_runs)) back[nb++] = mv(SLOT + sl, j, 1, 0);
        }
    }

    if (S->rng) {
        shuffle(S, up, nu);
        shuffle(S, tab, nt);
        shuffle(S, talon, nw);
        shuffle(S, swaps, ns);
    }
    if (nf + nu + nt + nw + ns + nb > MAXMOVES || nw == MAXMOVES || nf == MAXFOUND)
        S->truncated = 1;
    int n = 0;
#define APPEND(arr, cnt)                                                   \
    for (int x = 0; x < (cnt) && n < MAXMOVES; x++) out[n++] = (arr)[x];
    APPEND(found, nf);
    APPEND(up, nu);
    APPEND(tab, nt);
    APPEND(talon, nw);
    APPEND(swaps, ns);
    APPEND(back, nb);
#undef APPEND
    return n;
}

typedef struct {
    State s;
    Move moves[MAXMOVES];
    int n, next;
    int first_ready; /* the next frame already holds the position of moves[0] */
    Move via;        /* the move that led here */
} Frame;

static int won(const Search *S, const State *s) { return s->up == S->total; }

/* Whether m undoes via, the move that led from before to s: m leads back to before, which is
 * marked (every position on the path is), so expand() would key it only to drop it. In a
 * complete pass nearly every position has such a move: a fifth of all the children keyed.
 * A move from a column undoes only when it turned no card up (else the way back is a new
 * position, with that card face up); a card that went up from a column is undone by taking
 * it back onto that column from a slot that has it on top (in Easy Harp either slot of its
 * suit: the key takes the two as a pair), a take-back by sending the card up again. */
static int undoes(const Search *S, const State *before, const State *s, Move via, Move m) {
    if (via.presses || m.presses) return 0;
    if (via.from < WASTE) {
        int i = via.from;
        if (before->hid[i] != s->hid[i]) return 0;
        if (via.to < SLOT) return m.from == via.to && m.to == i && m.count == via.count;
        if (m.to != i || m.from < SLOT || m.from >= ANYF) return 0;
        int slot = m.from - SLOT;
        return S->slot_suit[slot] * 13 + s->found[slot] - 1 == before->col[i][before->len[i] - 1];
    }
    if (via.from >= SLOT && via.from < ANYF) return m.from == via.to && m.to == ANYF;
    return 0;
}

/* Drop the moves of frame c (reached from before) that undo the move that led to it. */
static void drop_undoing(const Search *S, const State *before, Frame *c) {
    int w = 0;
    for (int x = 0; x < c->n; x++) {
        if (undoes(S, before, &c->s, c->via, c->moves[x])) {
#ifdef CHECK_KEYS /* the position it leads to is the one before, key for key */
            State t = c->s;
            uint64_t a, b, p1, p2;
            apply(S, &t, &c->moves[x]);
            key_of(S, &t, &a, &b);
            key_of(S, before, &p1, &p2);
            if (a != p1 || b != p2) abort();
#endif
            continue;
        }
        c->moves[w++] = c->moves[x];
    }
    c->n = w;
}

/* The moves of frame f's position that lead to positions not seen before, each now marked as
 * seen (a position is marked when it is first generated and expanded in its turn: every marked
 * position is expanded before the search can end exhausted). The keys of all children are
 * computed first and their table buckets prefetched, so that the table's cache misses overlap
 * instead of coming one after the other. A child that is won is the only move kept. Returns
 * 1 if a child is won, 0 if not, -1 if memory ran out. */
static int expand(Search *S, Frame *f, State *first) {
    Move *m = f->moves;
    int n = f->n;
    f->first_ready = 0;
    while ((S->used + (size_t)n + 1) * 2 > S->cap)
        if (!tt_grow(S)) return -1;
    uint64_t(*k)[2] = S->keybuf;
    for (int x = 0; x < n; x++) {
        /* The first child is built where the next frame will hold it: most often it is new
         * and entered next, and need not be played again. The others are only keyed. */
        int is_won;
        if (x == 0) {
            *first = f->s;
            apply(S, first, &m[0]);
            is_won = won(S, first);
            key_of(S, first, &k[0][0], &k[0][1]);
        } else {
            is_won = child_key(S, &f->s, &m[x], &k[x][0], &k[x][1]);
#ifdef CHECK_KEYS /* a build with -DCHECK_KEYS plays every child too and stops at a difference */
            State t = f->s;
            apply(S, &t, &m[x]);
            uint64_t a, b;
            key_of(S, &t, &a, &b);
            if (a != k[x][0] || b != k[x][1] || is_won != won(S, &t)) abort();
#endif
        }
        if (is_won) {
            if (x) {
                *first = f->s;
                apply(S, first, &m[x]);
            }
            m[0] = m[x];
            f->n = 1;
            f->first_ready = 1;
            return 1;
        }
        __builtin_prefetch(&S->keys[2 * (k[x][0] & (S->cap - 1))], 1);
    }
    int w = 0;
    for (int x = 0; x < n; x++) {
        int added = tt_add(S, k[x][0], k[x][1]);
        if (added < 0) return -1;
        if (added) {
            if (x == 0) f->first_ready = 1;
            m[w++] = m[x];
        }
    }
    f->n = w;
    return 0;
}

/* Depth-first search from start. Returns the depth of the win (the line is frames[1..depth]
 * .via), 0 when there is none in the space searched or the budget ran out. */
/* Double the frame stack (pointers into it must be taken again); -1 when out of memory. */
static int grow(Frame **frames, int *cap) {
    Frame *bigger = realloc(*frames, sizeof(Frame) * (*cap) * 2);
    if (!bigger) return -1;
    *frames = bigger;
    *cap *= 2;
    return 0;
}

static int run(Search *S, const State *start, Frame **framesp, int *capp) {
    Frame *frames = *framesp;
    int cap = *capp;
    uint64_t k1, k2;
    key_of(S, start, &k1, &k2);
    if (tt_add(S, k1, k2) < 0) goto oom;
    frames[0].s = *start;
    /* The avoided move may be the dominant one, or lines may start only with it but for
     * swaps that the rule leaves out: at the root every move is tried. */
    S->every_move = S->no_dominance || S->avoid_from >= 0;
    S->all_swaps = S->plain_swaps || S->avoid_from >= 0;
    frames[0].n = moves(S, start, frames[0].moves);
    S->every_move = S->no_dominance;
    S->all_swaps = S->plain_swaps;
    frames[0].next = 0;
    /* A blocked start is lost. Only the start is tested: no move makes a blocked position of
     * one that is not (solver.py), so the positions below it never are. */
    if (!S->no_blocked && blocked(S, start)) frames[0].n = 0;
    if (S->avoid_from >= 0) {
        Frame *f = &frames[0];
        int w = 0;
        for (int x = 0; x < f->n; x++) {
            Move m = f->moves[x];
            if (!m.presses && m.from == S->avoid_from && m.to == S->avoid_to &&
                m.count == S->avoid_count)
                continue;
            f->moves[w++] = m;
        }
        f->n = w;
    }
    if (expand(S, &frames[0], &frames[1].s) < 0) goto oom;
    int depth = 0;
    while (depth >= 0) {
        if (S->nodes >= S->max_nodes || ((S->nodes & 1023) == 0 && now(S->cpu_clock) > S->deadline)) {
            S->exhausted = 0;
            break;
        }
        Frame *f = &frames[depth];
        if (f->next >= f->n) {
            depth--;
            continue;
        }
        if (depth + 1 >= cap) {
            if (grow(&frames, &cap) < 0) goto oom;
            f = &frames[depth];
        }
        int first = f->next == 0 && f->first_ready;
        Move m = f->moves[f->next++];
        Frame *c = &frames[depth + 1];
        if (!first) {
            c->s = f->s;
            apply(S, &c->s, &m);
        }
        S->nodes++;
        c->via = m;
        depth++;
        if (won(S, &c->s)) {
            *framesp = frames;
            *capp = cap;
            return depth;
        }
        c->n = moves(S, &c->s, c->moves);
        drop_undoing(S, &f->s, c);
        c->next = 0;
        if (depth + 1 >= cap) {
            if (grow(&frames, &cap) < 0) goto oom;
            c = &frames[depth];
        }
        if (expand(S, c, &frames[depth + 1].s) < 0) goto oom;
    }
    *framesp = frames;
    *capp = cap;
    return 0;
oom:
    S->out_of_memory = 1;
    S->exhausted = 0;
    *framesp = frames;
    *capp = cap;
    return 0;
}

/* The position of the Python arguments (see search()) into S and st; 0 with an exception set
 * when it is out of range. */
static int load_position(Search *S, State *st, PyObject *columns, const char *hidden,
                         Py_ssize_t nhidden, const char *talon, Py_ssize_t ntalon,
                         int waste_count, const char *found, Py_ssize_t nfound,
                         const char *slots, Py_ssize_t nslots, int draw, int king_runs,
                         int total) {
    Py_ssize_t ncols = PyList_GET_SIZE(columns);
    if (ncols > MAXCOLS || nhidden != ncols || ntalon > MAXCARDS || nfound != nslots ||
        nslots > MAXSLOTS || waste_count > ntalon || waste_count < 0 || draw < 1) {
        PyErr_SetString(PyExc_ValueError, "position out of range");
        return 0;
    }
    S->ncols = (int)ncols;
    S->nslots = (int)nslots;
    S->draw = draw;
    S->king_runs = king_runs;
    S->total = total;
    for (int i = 0; i < nslots; i++) S->slot_suit[i] = (uint8_t)slots[i];
    memset(st, 0, sizeof *st);
    for (Py_ssize_t i = 0; i < ncols; i++) {
        PyObject *c = PyList_GET_ITEM(columns, i);
        if (!PyBytes_Check(c) || PyBytes_GET_SIZE(c) > MAXCOL) {
            PyErr_SetString(PyExc_ValueError, "bad column");
            return 0;
        }
        st->len[i] = (uint8_t)PyBytes_GET_SIZE(c);
        memcpy(st->col[i], PyBytes_AS_STRING(c), st->len[i]);
        st->hid[i] = (uint8_t)hidden[i];
    }
    st->tn = (uint8_t)ntalon;
    st->tk = (uint8_t)waste_count;
    memcpy(S->talcard, talon, ntalon);
    for (int k = 0; k < ntalon; k++) st->tal[k] = (uint8_t)k;
    for (int i = 0; i < nslots; i++) {
        st->found[i] = (uint8_t)found[i];
        st->up += st->found[i];
    }
    hash_all(S, st);
    return 1;
}

#define POSITION_FORMAT "O!y#y#iy#y#iii"
#define POSITION_VARS                                                                         \
    PyObject *columns;                                                                        \
    const char *hidden, *talon, *found, *slots;                                               \
    Py_ssize_t nhidden, ntalon, nfound, nslots;                                               \
    int waste_count, draw, king_runs, total
#define POSITION_ARGS                                                                         \
    &PyList_Type, &columns, &hidden, &nhidden, &talon, &ntalon, &waste_count, &found, &nfound, \
        &slots, &nslots, &draw, &king_runs, &total
#define LOAD_POSITION(S, st)                                                                  \
    load_position(S, st, columns, hidden, nhidden, talon, ntalon, waste_count, found, nfound, \
                  slots, nslots, draw, king_runs, total)

/* blocked(columns, hidden, talon, waste_count, found, slot_suits, draw, king_runs, total):
 * whether the position is one blocked() proves lost without playing it (for the tests). */
static PyObject *blocked_py(PyObject *Py_UNUSED(self), PyObject *args) {
    POSITION_VARS;
    if (!PyArg_ParseTuple(args, POSITION_FORMAT, POSITION_ARGS)) return NULL;
    Search S;
    State st;
    memset(&S, 0, sizeof S);
    if (!LOAD_POSITION(&S, &st)) return NULL;
    return PyBool_FromLong(blocked(&S, &st));
}

/* search(columns, hidden, talon, waste_count, found, slot_suits, draw, king_runs, total,
 *        max_nodes, max_seconds, narrow, avoid, seed, cpu_clock, no_dominance, no_blocked,
 *        plain_swaps)
 * columns: list of bytes; hidden, found, slot_suits: bytes; talon: bytes (waste bottom to
 * top, then the stock in turning order); avoid: (from, to, count) or None; cpu_clock: the
 * budget is CPU time of this thread, not wall time; no_dominance: never the dominance shortcut
 * (for a test whose premise it breaks); no_blocked: never cut a blocked position, plain_swaps:
 * every swap tried in Réfléchi (for tests that compare). Returns (found_win, exhausted, nodes,
 * line) with line a list of (from, to, count) where from == STOCK is a press of the stock. */
static PyObject *search(PyObject *Py_UNUSED(self), PyObject *args) {
    POSITION_VARS;
    PyObject *avoid;
    int narrow;
    long long max_nodes;
    double max_seconds;
    unsigned long long seed;
    int use_cpu = 0, no_dominance = 0, no_blocked = 0, plain_swaps = 0;
    if (!PyArg_ParseTuple(args, POSITION_FORMAT "LdpOK|pppp", POSITION_ARGS, &max_nodes,
                          &max_seconds, &narrow, &avoid, &seed, &use_cpu, &no_dominance,
                          &no_blocked, &plain_swaps))
        return NULL;
    Search S;
    State st;
    memset(&S, 0, sizeof S);
    if (!LOAD_POSITION(&S, &st)) return NULL;
    S.narrow = narrow;
    S.max_nodes = max_nodes;
    S.exhausted = 1;
    S.avoid_from = -1;
    S.rng = seed;
    S.no_dominance = no_dominance;
    S.no_blocked = no_blocked;
    S.plain_swaps = S.all_swaps = plain_swaps;
    if (avoid != Py_None &&
        !PyArg_ParseTuple(avoid, "iii", &S.avoid_from, &S.avoid_to, &S.avoid_count))
        return NULL;

    int cap = 256, depth = 0;
    Frame *frames = malloc(sizeof(Frame) * cap);
    if (!frames) return PyErr_NoMemory();
    Py_BEGIN_ALLOW_THREADS
    S.cpu_clock = use_cpu;
    S.deadline = now(use_cpu) + max_seconds;
    depth = run(&S, &st, &frames, &cap);
    Py_END_ALLOW_THREADS
    tt_free(S.keys, S.bytes);

    PyObject *line = PyList_New(0);
    if (!line) {
        free(frames);
        return NULL;
    }
    for (int d = 1; d <= depth; d++) {
        Move m = frames[d].via;
        for (int p = 0; p < m.presses; p++) {
            PyObject *t = Py_BuildValue("(iii)", STOCK, 0, 0);
            if (!t || PyList_Append(line, t) < 0) {
                Py_XDECREF(t);
                Py_DECREF(line);
                free(frames);
                return NULL;
            }
            Py_DECREF(t);
        }
        PyObject *t = Py_BuildValue("(iii)", m.from, m.to, m.count);
        if (!t || PyList_Append(line, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(line);
            free(frames);
            return NULL;
        }
        Py_DECREF(t);
    }
    free(frames);
    return Py_BuildValue("(NNLN)", PyBool_FromLong(depth > 0),
                         PyBool_FromLong(S.exhausted && !S.truncated),
                         S.nodes, line);
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Depth-first search of a solitaire position."},
    {"release", release, METH_NOARGS, "Unmap this thread's kept table memory."},
    {"clock", clock_py, METH_VARARGS, "The budget's clock in seconds (CPU time if asked)."},
    {"blocked", blocked_py, METH_VARARGS, "Whether a position is blocked (lost, unplayed)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "The solitaire solver's search loop.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void) {
    init_tables();
    init_zobrist();
    return PyModule_Create(&module);
}
