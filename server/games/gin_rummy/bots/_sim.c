/* Gin Rummy playouts in C, for the expert bot's Monte Carlo judgement.
 *
 * The same game as game.py, scoring.py and layoff.py, on 52-bit masks (bit 13 * suit + rank,
 * suits S H D C): the least deadwood of a hand is four lookups in a runs-only table per suit
 * plus a small search over the ranks held three or four times; a knock is scored with the
 * defender's best lay-offs onto the knocker's melds (every prefix of every run extension,
 * the fourth card of a three-card set), undercut and gin bonuses of 25. Where the engine
 * chooses among equal-deadwood arrangements of the knocker's hand, this code tries every
 * choice of sets and keeps the one worst for the defender, with one run split per suit.
 *
 * It knows only what expert.py passes it: the bot's own hand, the discard pile, the
 * opponent's known cards, the unseen cards with their belief weights and the options to
 * compare. For each sample it draws an opponent hand (weighted, without replacement, redrawn
 * when a card the opponent took melds with nothing) and a stock order, then plays every
 * option to the end of the hand on that same deal (common random numbers).
 *
 * Playout policies (``policies`` gives one (own, opponent) pair per sample, in turn):
 *   GREEDY     take the top discard if it melds and lowers the deadwood, else draw; discard
 *              the least-deadwood card (the higher one, then the less connected one, on
 *              ties); knock at the first chance;
 *   SIMPLE     the research baseline: take any card that melds, a random least-deadwood
 *              discard, knock at the first chance;
 *   LOW_KNOCK  GREEDY that knocks only at 5 or less until the stock is nearly gone;
 *   GIN_WAIT   GREEDY that waits for gin while the stock is long, knocks late;
 *   TIMED      GREEDY with the hard bot's knock timing (10, then 7, then 4 as turns pass).
 *
 * judge(hand, pile, known, unseen, weights, unknown, options, samples, seed, policies)
 *   -> list, per option, of the points won by the bot in each sample (negative: lost).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define F13 0x1fffULL
#define DEAD_STOCK 2
#define MAX_TURNS 80

static uint8_t DW13[8192];   /* runs-only least deadwood of one suit */
static uint8_t RUN13[8192];  /* length of the run the lowest card starts (0: it is loose) */
static int VALUE[52];
static uint64_t RANK_BITS[13];
static uint64_t PATTERNS[52][6];
static int NPAT[52];
static uint64_t NEAR[52]; /* same rank and suit neighbours up to two away */

static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int pop64(uint64_t x) { return __builtin_popcountll(x); }

static void init_tables(void) {
  for (int mask = 1; mask < 8192; mask++) {
    int low = __builtin_ctz(mask);
    int rest = mask & ~(1 << low);
    int value = DW13[rest] + (low + 1 < 10 ? low + 1 : 10);
    int len = 0;
    int run = 1 << low, top = low;
    while (top + 1 < 13 && (mask >> (top + 1) & 1)) {
      top++;
      run |= 1 << top;
      if (top - low >= 2 && DW13[mask & ~run] <= value) {
        value = DW13[mask & ~run];
        len = top - low + 1;
      }
    }
    DW13[mask] = (uint8_t)value;
    RUN13[mask] = (uint8_t)len;
  }
  for (int i = 0; i < 52; i++) {
    int suit = i / 13, rank = i % 13;
    VALUE[i] = rank + 1 < 10 ? rank + 1 : 10;
    RANK_BITS[rank] |= 1ULL << i;
    int same[3], n = 0;
    for (int s = 0; s < 4; s++)
      if (s != suit) same[n++] = 13 * s + rank;
    NPAT[i] = 0;
    PATTERNS[i][NPAT[i]++] = (1ULL << same[0]) | (1ULL << same[1]);
    PATTERNS[i][NPAT[i]++] = (1ULL << same[0]) | (1ULL << same[2]);
    PATTERNS[i][NPAT[i]++] = (1ULL << same[1]) | (1ULL << same[2]);
    static const int lo[3] = {-2, -1, 1}, hi[3] = {-1, 1, 2};
    for (int k = 0; k < 3; k++) {
      int a = rank + lo[k], b = rank + hi[k];
      if (a >= 0 && b < 13)
        PATTERNS[i][NPAT[i]++] = (1ULL << (13 * suit + a)) | (1ULL << (13 * suit + b));
    }
    uint64_t near = 0;
    for (int k = 0; k < 3; k++) near |= 1ULL << same[k];
    for (int d = -2; d <= 2; d++)
      if (d && rank + d >= 0 && rank + d < 13) near |= 1ULL << (13 * suit + rank + d);
    NEAR[i] = near;
  }
}

static inline int dw_runs(uint64_t m) {
  return DW13[m & F13] + DW13[(m >> 13) & F13] + DW13[(m >> 26) & F13] + DW13[(m >> 39) & F13];
}

static inline uint32_t triples(uint64_t m) {
  uint32_t s = m & F13, h = (m >> 13) & F13, d = (m >> 26) & F13, c = (m >> 39) & F13;
  return (s & h & (d | c)) | (d & c & (s | h));
}

/* Least deadwood, choosing sets among the ranks in ``t``. */
static int dw_sets(uint64_t m, uint32_t t) {
  if (!t) return dw_runs(m);
  int r = __builtin_ctz(t);
  t &= t - 1;
  int best = dw_sets(m, t);
  uint64_t bits = m & RANK_BITS[r];
  int v = dw_sets(m & ~bits, t);
  if (v < best) best = v;
  if (pop64(bits) == 4) {
    uint64_t b = bits;
    while (b) {
      uint64_t one = b & -b;
      b ^= one;
      v = dw_sets(m & ~(bits ^ one), t);
      if (v < best) best = v;
    }
  }
  return best;
}

static inline int deadwood(uint64_t m) {
  uint32_t t = triples(m);
  return t ? dw_sets(m, t) : dw_runs(m);
}

/* ---- the knocker's melds and the defender's lay-offs ------------------------------------ */

typedef struct {
  int nruns, nsets;
  int run_suit[8], run_lo[8], run_hi[8];
  uint64_t set_bits[4];
} Melds;

static void runs_of(uint64_t rest, Melds *out) {
  for (int suit = 0; suit < 4; suit++) {
    int mask = (int)((rest >> (13 * suit)) & F13);
    while (mask) {
      int low = __builtin_ctz(mask);
      int len = RUN13[mask];
      if (len) {
        out->run_suit[out->nruns] = suit;
        out->run_lo[out->nruns] = low;
        out->run_hi[out->nruns] = low + len - 1;
        out->nruns++;
        mask &= ~(((1 << len) - 1) << low);
      } else {
        mask &= ~(1 << low);
      }
    }
  }
}

/* The defender's least deadwood after laying off onto ``melds``. */
static int defence(const Melds *melds, uint64_t defender) {
  uint64_t chain[24][13];
  int nchain[24];
  int nc = 0;
  for (int i = 0; i < melds->nruns; i++) {
    int s = melds->run_suit[i];
    for (int dir = -1; dir <= 1; dir += 2) {
      int r = dir < 0 ? melds->run_lo[i] - 1 : melds->run_hi[i] + 1;
      uint64_t acc = 0;
      int n = 0;
      while (r >= 0 && r < 13 && (defender >> (13 * s + r) & 1)) {
        acc |= 1ULL << (13 * s + r);
        chain[nc][n++] = acc;
        r += dir;
      }
      if (n) nchain[nc++] = n;
    }
  }
  for (int i = 0; i < melds->nsets; i++) {
    uint64_t b = melds->set_bits[i];
    if (pop64(b) != 3) continue;
    int r = ctz64(b) % 13;
    uint64_t missing = RANK_BITS[r] & ~b;
    if (defender & missing) {
      chain[nc][0] = missing;
      nchain[nc++] = 1;
    }
  }
  int best = deadwood(defender);
  if (!nc) return best;
  int idx[24] = {0};
  for (;;) {
    int k = 0;
    while (k < nc && idx[k] == nchain[k]) idx[k++] = 0;
    if (k == nc) break;
    idx[k]++;
    uint64_t off = 0;
    for (int j = 0; j < nc; j++)
      if (idx[j]) off |= chain[j][idx[j] - 1];
    int v = deadwood(defender & ~off);
    if (v < best) best = v;
  }
  return best;
}

/* Worst defence over the knocker's least-deadwood choices of sets. */
static int knock_defence(uint64_t knocker, int least, uint64_t defender) {
  uint32_t t = triples(knocker);
  int ranks[13], nr = 0;
  while (t) {
    ranks[nr++] = __builtin_ctz(t);
    t &= t - 1;
  }
  /* Each rank: 0 left to runs, 1 whole set, 2..5 the 3-card set without suit k - 2. */
  int choice[13] = {0};
  int worst = -1;
  for (;;) {
    uint64_t rest = knocker;
    Melds melds;
    melds.nruns = melds.nsets = 0;
    int ok = 1;
    for (int i = 0; i < nr; i++) {
      uint64_t bits = knocker & RANK_BITS[ranks[i]];
      if (choice[i] == 0) continue;
      if (choice[i] >= 2) {
        if (pop64(bits) != 4) {
          ok = 0;
          break;
        }
        bits &= ~(1ULL << (13 * (choice[i] - 2) + ranks[i]));
      }
      melds.set_bits[melds.nsets++] = bits;
      rest &= ~bits;
    }
    if (ok && dw_runs(rest) == least) {
      runs_of(rest, &melds);
      int d = defence(&melds, defender);
      if (d > worst) worst = d;
    }
    int k = 0;
    while (k < nr && choice[k] == 5) choice[k++] = 0;
    if (k == nr) break;
    choice[k]++;
  }
  return worst;
}

/* Points of a knock for the knocker: positive if it wins, negative if undercut. */
static int knock_points(uint64_t knocker, uint64_t defender) {
  int mine = deadwood(knocker);
  if (mine == 0) return 25 + deadwood(defender);
  int theirs = knock_defence(knocker, mine, defender);
  if (mine < theirs) return theirs - mine;
  return -(25 + mine - theirs);
}

/* ---- random numbers ---------------------------------------------------------------------- */

typedef struct {
  uint64_t s;
} Rng;

static inline uint64_t next64(Rng *r) { /* splitmix64 */
  uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static inline double uniform(Rng *r) { return ((next64(r) >> 11) + 0.5) * (1.0 / 9007199254740992.0); }

static inline int below(Rng *r, int n) { return (int)((next64(r) >> 33) % (uint64_t)n); }

/* ---- playout policies -------------------------------------------------------------------- */

enum { GREEDY = 0, SIMPLE = 1, LOW_KNOCK = 2, GIN_WAIT = 3, TIMED = 4, NPOLICIES = 5 };

static inline int melds_with(uint64_t mask, int card) {
  for (int k = 0; k < NPAT[card]; k++)
    if ((mask & PATTERNS[card][k]) == PATTERNS[card][k]) return 1;
  return 0;
}

/* The discard (card index) of an 11-card hand and the deadwood it leaves. */
static int choose_discard(int policy, uint64_t mask, int forbidden, Rng *rng, int *left) {
  int best = 1 << 30, choice = -1, ties = 0, best_near = 0;
  uint64_t rest = mask;
  while (rest) {
    int c = ctz64(rest);
    rest &= rest - 1;
    if (c == forbidden) continue;
    int d = deadwood(mask ^ (1ULL << c));
    if (d > best) continue;
    if (policy == SIMPLE) {
      if (d < best) {
        best = d, choice = c, ties = 1;
      } else if (below(rng, ++ties) == 0) {
        choice = c;
      }
      continue;
    }
    int near = pop64(mask & NEAR[c]);
    if (d < best || VALUE[c] > VALUE[choice] || (VALUE[c] == VALUE[choice] && near < best_near)) {
      best = d, choice = c, best_near = near;
    }
  }
  *left = best;
  return choice;
}

static inline int wants(int policy, uint64_t mask, int top, Rng *rng) {
  if (!melds_with(mask, top)) return 0;
  if (policy == SIMPLE) return 1;
  int left;
  choose_discard(policy, mask | (1ULL << top), top, rng, &left);
  return left < deadwood(mask);
}

static inline int knocks(int policy, int left, int stock) {
  if (left > 10) return 0;
  switch (policy) {
    case LOW_KNOCK:
      return left <= 5 || stock <= 8;
    case GIN_WAIT:
      return left == 0 || (stock <= 16 && left <= 10) || (stock <= 24 && left <= 4);
    case TIMED: { /* the hard bot's knock timing; a player's turns counted from the stock */
      int turns = (31 - stock) / 2;
      return left == 0 || stock <= 6 || left <= (turns <= 6 ? 10 : turns <= 10 ? 7 : 4);
    }
    default:
      return 1;
  }
}

typedef struct {
  uint64_t hand[2];
  int stock[52], nstock; /* top last */
  int pile[52], npile;   /* top last */
} Deal;

/* Play from the start of ``player``'s turn to the end of the hand: points for player 0. */
static int play_out(Deal *g, int player, const int policy[2], Rng *rng) {
  for (int turn = 0; turn < MAX_TURNS; turn++) {
    int pol = policy[player];
    uint64_t mask = g->hand[player];
    int forbidden = -1;
    int top = g->npile ? g->pile[g->npile - 1] : -1;
    if (top >= 0 && wants(pol, mask, top, rng)) {
      g->npile--;
      mask |= 1ULL << top;
      forbidden = top;
    } else {
      if (g->nstock <= DEAD_STOCK) return 0;
      mask |= 1ULL << g->stock[--g->nstock];
    }
    int left;
    int card = choose_discard(pol, mask, forbidden, rng, &left);
    mask ^= 1ULL << card;
    g->hand[player] = mask;
    if (knocks(pol, left, g->nstock)) {
      int p = knock_points(mask, g->hand[1 - player]);
      return player == 0 ? p : -p;
    }
    g->pile[g->npile++] = card;
    if (g->nstock <= DEAD_STOCK) return 0;
    player ^= 1;
  }
  return 0;
}

/* ---- judging options on sampled deals ----------------------------------------------------- */

enum { OPT_DISCARD = 0, OPT_TAKE = 1, OPT_STOCK = 2 };

typedef struct {
  int kind, card, knock;
} Option;

static int plausible(uint64_t hand, uint64_t known) {
  uint64_t k = known;
  while (k) {
    int c = ctz64(k);
    k &= k - 1;
    if (!melds_with(hand ^ (1ULL << c), c)) return 0;
  }
  return 1;
}

/* One opponent hand and stock order, drawn in proportion to the weights. */
static void sample_deal(Rng *rng, uint64_t known, const int *unseen, const double *weights,
                        int nunseen, int unknown, uint64_t *opp, int *stock, int *nstock) {
  double keys[52];
  int order[52];
  for (int attempt = 0; attempt < 8; attempt++) {
    for (int i = 0; i < nunseen; i++) {
      keys[i] = weights[i] > 0 ? log(uniform(rng)) / weights[i] : -INFINITY;
      order[i] = i;
    }
    /* partial selection sort: the ``unknown`` largest keys first */
    for (int i = 0; i < unknown && i < nunseen; i++) {
      int m = i;
      for (int j = i + 1; j < nunseen; j++)
        if (keys[order[j]] > keys[order[m]]) m = j;
      int tmp = order[i];
      order[i] = order[m];
      order[m] = tmp;
    }
    uint64_t hand = known;
    for (int i = 0; i < unknown && i < nunseen; i++) hand |= 1ULL << unseen[order[i]];
    *opp = hand;
    if (!known || plausible(hand, known)) break;
  }
  int n = 0;
  for (int i = unknown; i < nunseen; i++) stock[n++] = unseen[order[i]];
  for (int i = n - 1; i > 0; i--) {
    int j = below(rng, i + 1);
    int tmp = stock[i];
    stock[i] = stock[j];
    stock[j] = tmp;
  }
  *nstock = n;
}

static int run_option(const Option *o, uint64_t me, uint64_t opp, const int *stock, int nstock,
                      const int *pile, int npile, const int policy[2], Rng *rng) {
  Deal g;
  g.hand[0] = me;
  g.hand[1] = opp;
  memcpy(g.stock, stock, sizeof(int) * nstock);
  g.nstock = nstock;
  memcpy(g.pile, pile, sizeof(int) * npile);
  g.npile = npile;
  if (o->kind == OPT_DISCARD) {
    g.hand[0] ^= 1ULL << o->card;
    if (o->knock) return knock_points(g.hand[0], opp);
    g.pile[g.npile++] = o->card;
    if (g.nstock <= DEAD_STOCK) return 0;
    return play_out(&g, 1, policy, rng);
  }
  int forbidden = -1;
  if (o->kind == OPT_TAKE) {
    forbidden = g.pile[--g.npile];
    g.hand[0] |= 1ULL << forbidden;
  } else {
    g.hand[0] |= 1ULL << g.stock[--g.nstock];
  }
  int left;
  int card = choose_discard(policy[0], g.hand[0], forbidden, rng, &left);
  g.hand[0] ^= 1ULL << card;
  if (knocks(policy[0], left, g.nstock)) return knock_points(g.hand[0], opp);
  g.pile[g.npile++] = card;
  if (g.nstock <= DEAD_STOCK) return 0;
  return play_out(&g, 1, policy, rng);
}

static int read_ints(PyObject *seq, int *out, int cap, const char *what) {
  PyObject *fast = PySequence_Fast(seq, what);
  if (!fast) return -1;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
  if (n > cap) {
    Py_DECREF(fast);
    PyErr_Format(PyExc_ValueError, "%s: too many items", what);
    return -1;
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
    if (v == -1 && PyErr_Occurred()) {
      Py_DECREF(fast);
      return -1;
    }
    if (v < 0 || v >= 52) {
      Py_DECREF(fast);
      PyErr_Format(PyExc_ValueError, "%s: card numbers are 0..51", what);
      return -1;
    }
    out[i] = (int)v;
  }
  Py_DECREF(fast);
  return (int)n;
}

static PyObject *judge(PyObject *self, PyObject *args) {
  unsigned long long hand, known, seed;
  PyObject *pile_o, *unseen_o, *weights_o, *options_o, *policies_o;
  int unknown, samples;
  if (!PyArg_ParseTuple(args, "KOKOOiOiKO", &hand, &pile_o, &known, &unseen_o, &weights_o,
                        &unknown, &options_o, &samples, &seed, &policies_o))
    return NULL;
  int pile[52], unseen[52], policies[64];
  double weights[52];
  int npile = read_ints(pile_o, pile, 52, "pile");
  if (npile < 0) return NULL;
  int nunseen = read_ints(unseen_o, unseen, 52, "unseen");
  if (nunseen < 0) return NULL;
  PyObject *fast = PySequence_Fast(policies_o, "policies");
  if (!fast) return NULL;
  int npol = (int)PySequence_Fast_GET_SIZE(fast);
  if (npol < 2 || npol > 64 || npol % 2) {
    Py_DECREF(fast);
    PyErr_SetString(PyExc_ValueError, "policies: pairs (own, opponent), 1 to 32 of them");
    return NULL;
  }
  for (int i = 0; i < npol; i++) {
    long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
    if (v < 0 || v >= NPOLICIES) {
      Py_DECREF(fast);
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "policies: unknown policy");
      return NULL;
    }
    policies[i] = (int)v;
  }
  Py_DECREF(fast);
  fast = PySequence_Fast(weights_o, "weights");
  if (!fast) return NULL;
  if (PySequence_Fast_GET_SIZE(fast) != nunseen) {
    Py_DECREF(fast);
    PyErr_SetString(PyExc_ValueError, "weights: one per unseen card");
    return NULL;
  }
  for (int i = 0; i < nunseen; i++) {
    weights[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
    if (weights[i] == -1.0 && PyErr_Occurred()) {
      Py_DECREF(fast);
      return NULL;
    }
  }
  Py_DECREF(fast);
  if (unknown < 0 || unknown > nunseen || samples < 1) {
    PyErr_SetString(PyExc_ValueError, "unknown must be 0..len(unseen), samples >= 1");
    return NULL;
  }
  fast = PySequence_Fast(options_o, "options");
  if (!fast) return NULL;
  int nopt = (int)PySequence_Fast_GET_SIZE(fast);
  if (nopt < 1 || nopt > 64) {
    Py_DECREF(fast);
    PyErr_SetString(PyExc_ValueError, "options: 1 to 64 of them");
    return NULL;
  }
  Option opts[64];
  for (int i = 0; i < nopt; i++) {
    if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "iii", &opts[i].kind,
                          &opts[i].card, &opts[i].knock)) {
      Py_DECREF(fast);
      return NULL;
    }
    Option *o = &opts[i];
    if (o->kind < 0 || o->kind > 2 ||
        (o->kind == OPT_DISCARD && (o->card < 0 || o->card >= 52 || !(hand >> o->card & 1))) ||
        (o->kind == OPT_TAKE && npile == 0)) {
      Py_DECREF(fast);
      PyErr_SetString(PyExc_ValueError, "options: (0, card in hand, knock), (1, 0, 0) or (2, 0, 0)");
      return NULL;
    }
  }
  Py_DECREF(fast);
  if (nunseen - unknown <= 0) {
    for (int i = 0; i < nopt; i++)
      if (opts[i].kind == OPT_STOCK) {
        PyErr_SetString(PyExc_ValueError, "no stock to draw from");
        return NULL;
      }
  }
  int *points = PyMem_Malloc(sizeof(int) * nopt * samples);
  if (!points) return PyErr_NoMemory();
  Rng rng = {seed};
  Py_BEGIN_ALLOW_THREADS;
  for (int s = 0; s < samples; s++) {
    uint64_t opp;
    int stock[52], nstock;
    sample_deal(&rng, known, unseen, weights, nunseen, unknown, &opp, stock, &nstock);
    const int *pol = &policies[2 * (s % (npol / 2))];
    uint64_t base = next64(&rng);
    for (int i = 0; i < nopt; i++) {
      Rng local = {base}; /* the same luck for every option */
      points[i * samples + s] =
          run_option(&opts[i], hand, opp, stock, nstock, pile, npile, pol, &local);
    }
  }
  Py_END_ALLOW_THREADS;
  PyObject *out = PyList_New(nopt);
  for (int i = 0; i < nopt && out; i++) {
    PyObject *row = PyList_New(samples);
    if (!row) {
      Py_CLEAR(out);
      break;
    }
    for (int s = 0; s < samples; s++) PyList_SET_ITEM(row, s, PyLong_FromLong(points[i * samples + s]));
    PyList_SET_ITEM(out, i, row);
  }
  PyMem_Free(points);
  return out;
}

static PyObject *py_deadwood(PyObject *self, PyObject *arg) {
  unsigned long long m = PyLong_AsUnsignedLongLong(arg);
  if (m == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
  return PyLong_FromLong(deadwood(m));
}

static PyObject *py_knock_points(PyObject *self, PyObject *args) {
  unsigned long long k, d;
  if (!PyArg_ParseTuple(args, "KK", &k, &d)) return NULL;
  return PyLong_FromLong(knock_points(k, d));
}

static PyMethodDef methods[] = {
    {"judge", judge, METH_VARARGS, "Points of every option on the same sampled deals."},
    {"deadwood", py_deadwood, METH_O, "Least deadwood of a 52-bit hand mask."},
    {"knock_points", py_knock_points, METH_VARARGS,
     "Points of a knock (knocker mask, defender mask) for the knocker."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_sim", NULL, -1, methods};

PyMODINIT_FUNC PyInit__sim(void) {
  init_tables();
  return PyModule_Create(&module);
}
