/* Self-test of csf_input.{h,c}: the random CSF generator and the FROSTT
 * reader the CSF execution tests rely on.
 *
 *   csf_input_selftest gen          generator properties (structure,
 *                                   determinism, the forced corner cases)
 *   csf_input_selftest dump FILE    reads FILE, prints the CSF arrays
 *   csf_input_selftest check FILE.. reads each FILE, then re-reads the text
 *                                   independently (sscanf) and checks that
 *                                   every entry is at its CSF position, that
 *                                   each position's value is the sum of its
 *                                   entries in file order and that no
 *                                   position is unmatched; prints a summary
 *
 * Exit status 0 when everything holds; "FAIL: ..." on stderr otherwise.
 */
#include "csf_input.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define EXPECT(cond, ...)                                                      \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "FAIL: " __VA_ARGS__);                                   \
      fprintf(stderr, " [%s]\n", #cond);                                       \
      failures++;                                                              \
    }                                                                          \
  } while (0)

static int same_tensor(const lnr_csf *a, const lnr_csf *b) {
  if (memcmp(a->dims, b->dims, sizeof a->dims) || a->nfib != b->nfib ||
      a->nnz != b->nnz)
    return 0;
  return !memcmp(a->pos1, b->pos1, ((size_t)a->dims[0] + 1) * sizeof(int)) &&
         !memcmp(a->crd1, b->crd1, (size_t)a->nfib * sizeof(int)) &&
         !memcmp(a->pos2, b->pos2, ((size_t)a->nfib + 1) * sizeof(int)) &&
         !memcmp(a->crd2, b->crd2, (size_t)a->nnz * sizeof(int)) &&
         !memcmp(a->vals, b->vals, (size_t)a->nnz * sizeof(double));
}

static int gen_one(const char *name, lnr_csf_params p, uint64_t seed) {
  int before = failures;
  lnr_csf t = lnr_csf_random(&p, seed), u = lnr_csf_random(&p, seed);
  const int I = p.dims[0], J = p.dims[1], K = p.dims[2];
  int allow_empty = p.empty_fiber_pct > 0 || p.avg_len == 0 || K == 0;
  EXPECT(lnr_csf_validate(&t, allow_empty) == 0, "%s: invalid tensor", name);
  EXPECT(same_tensor(&t, &u), "%s: not deterministic", name);
  if (t.nnz > 0 || t.nfib > 0) {
    lnr_csf v = lnr_csf_random(&p, seed + 1);
    EXPECT(!same_tensor(&t, &v), "%s: seed ignored", name);
    lnr_csf_free(&v);
  }
  for (int q = 0; q < t.nnz; q++)
    EXPECT(t.vals[q] >= -1.0 && t.vals[q] <= 1.0, "%s: value %g", name,
           t.vals[q]);
  const int slices = p.avg_fibers > 0 && J > 0;
  const int fill = p.avg_len > 0 && K > 0;
  if (!slices)
    EXPECT(t.nfib == 0, "%s: fibers although none can be made", name);
  if (slices && I >= 1) {
    long want = p.skew ? 32L * p.avg_fibers : p.avg_fibers;
    EXPECT(lnr_csf_max_slice(&t) >= (want < J ? want : J),
           "%s: no long slice (%d)", name, lnr_csf_max_slice(&t));
  }
  if (slices && I >= 2)
    EXPECT(lnr_csf_empty_slices(&t) >= 1, "%s: no empty slice", name);
  if (!fill)
    EXPECT(t.nnz == 0, "%s: entries although none can be made", name);
  if (fill && t.nfib > 0) {
    long want = p.skew ? 32L * p.avg_len : p.avg_len;
    EXPECT(lnr_csf_max_fiber(&t) >= (want < K ? want : K),
           "%s: no long fiber (%d)", name, lnr_csf_max_fiber(&t));
  }
  if (p.empty_fiber_pct > 0 && (t.nfib >= 2 || (!fill && t.nfib > 0)))
    EXPECT(lnr_csf_empty_fibers(&t) >= 1, "%s: no empty fiber", name);
  if (p.empty_fiber_pct == 0 && fill)
    EXPECT(lnr_csf_empty_fibers(&t) == 0, "%s: unrequested empty fiber", name);
  printf("%-22s dims=%dx%dx%d fibers=%d nnz=%d empty-slices=%d "
         "empty-fibers=%d maxslice=%d maxfiber=%d%s\n",
         name, I, J, K, t.nfib, t.nnz, lnr_csf_empty_slices(&t),
         lnr_csf_empty_fibers(&t), lnr_csf_max_slice(&t), lnr_csf_max_fiber(&t),
         failures == before ? "" : "  <- FAILED");
  lnr_csf_free(&t);
  lnr_csf_free(&u);
  return failures == before;
}

static int run_gen(void) {
  struct {
    const char *name;
    lnr_csf_params p;
  } cases[] = {
      {"I=0", {{0, 10, 8}, 3, 3, 1, 10}},
      {"all-slices-empty", {{64, 48, 40}, 0, 3, 0, 0}},
      {"all-fibers-empty", {{30, 20, 25}, 4, 0, 0, 0}},
      {"mode1=0", {{7, 0, 5}, 3, 3, 0, 0}},
      {"mode2=0", {{7, 5, 0}, 3, 3, 0, 0}},
      {"1x1x1", {{1, 1, 1}, 1, 1, 0, 0}},
      {"1x1x1-empty-fibers", {{1, 1, 1}, 1, 1, 0, 50}},
      {"2x2x1-all-but-one-fiber-empty", {{2, 2, 1}, 2, 1, 0, 100}},
      {"skewed", {{400, 300, 250}, 6, 4, 1, 20}},
      {"uniform-canonical", {{300, 200, 150}, 6, 6, 0, 0}},
      {"single-slice", {{1, 400, 3000}, 100, 10, 1, 5}},
      {"I<K<L", {{20, 300, 1000}, 30, 20, 1, 5}},
      {"I>K>L", {{1000, 60, 7}, 8, 3, 1, 5}},
      {"dense", {{12, 10, 9}, 10, 9, 0, 0}},
      {"full", {{6, 5, 4}, 5, 4, 1, 0}},
      {"many-slices-skewed", {{4000, 2000, 1500}, 3, 3, 1, 5}},
  };
  int ok = 1;
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
    ok &= gen_one(cases[c].name, cases[c].p, 0xABCDull * (c + 1));

  /* Skew: Pareto lengths give fibers far longer than the average. */
  lnr_csf_params sk = {{2000, 1000, 1000}, 4, 4, 1, 0};
  lnr_csf t = lnr_csf_random(&sk, 7);
  EXPECT(lnr_csf_max_fiber(&t) >= 8 * 4 && lnr_csf_max_slice(&t) >= 8 * 4,
         "skew: max fiber %d, max slice %d", lnr_csf_max_fiber(&t),
         lnr_csf_max_slice(&t));
  lnr_csf_free(&t);
  /* The same seed on every platform: a fixed fingerprint. */
  lnr_csf_params fp = {{50, 40, 30}, 4, 3, 1, 10};
  t = lnr_csf_random(&fp, 42);
  unsigned long h = 5381;
  for (int f = 0; f <= t.nfib; f++)
    h = h * 33 + (unsigned)t.pos2[f];
  for (int q = 0; q < t.nnz; q++)
    h = h * 33 + (unsigned)t.crd2[q];
  printf("fingerprint nfib=%d nnz=%d hash=%lu vals[0]=%.17g\n", t.nfib, t.nnz,
         h & 0xFFFFFFFFul, t.nnz ? t.vals[0] : 0.0);
  lnr_csf_free(&t);
  if (ok && failures == 0)
    printf("generator: ok\n");
  return failures != 0;
}

static void print_ints(const char *name, const int *a, int n) {
  printf("%s:", name);
  for (int x = 0; x < n; x++)
    printf(" %d", a[x]);
  printf("\n");
}

static int run_dump(const char *path) {
  lnr_csf t;
  if (lnr_csf_read_tns(path, &t) != 0)
    return 1;
  EXPECT(lnr_csf_validate(&t, 0) == 0, "%s: invalid CSF", path);
  printf("dims=%dx%dx%d fibers=%d nnz=%d\n", t.dims[0], t.dims[1], t.dims[2],
         t.nfib, t.nnz);
  print_ints("pos1", t.pos1, t.dims[0] + 1);
  print_ints("crd1", t.crd1, t.nfib);
  print_ints("pos2", t.pos2, t.nfib + 1);
  print_ints("crd2", t.crd2, t.nnz);
  printf("vals:");
  for (int q = 0; q < t.nnz; q++)
    printf(" %g", t.vals[q]);
  printf("\n");
  lnr_csf_free(&t);
  return failures != 0;
}

/* Position of (i,j,k) in t, or -1. */
static long find(const lnr_csf *t, int i, int j, int k) {
  if (i < 0 || i >= t->dims[0])
    return -1;
  int lo = t->pos1[i], hi = t->pos1[i + 1];
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (t->crd1[mid] < j)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == t->pos1[i + 1] || t->crd1[lo] != j)
    return -1;
  int f = lo;
  lo = t->pos2[f];
  hi = t->pos2[f + 1];
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (t->crd2[mid] < k)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == t->pos2[f + 1] || t->crd2[lo] != k)
    return -1;
  return lo;
}

static int run_check(const char *path) {
  lnr_csf t;
  int before = failures;
  if (lnr_csf_read_tns(path, &t) != 0)
    return 1;
  EXPECT(lnr_csf_validate(&t, 0) == 0, "%s: invalid CSF", path);
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "FAIL: %s: cannot reopen\n", path);
    lnr_csf_free(&t);
    return 1;
  }
  double *sum = calloc((size_t)t.nnz + 1, sizeof(double));
  char *hit = calloc((size_t)t.nnz + 1, 1);
  int mx[3] = {0, 0, 0};
  long entries = 0, dups = 0;
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    int c[3];
    double v;
    char *s = line;
    while (*s == ' ' || *s == '\t')
      s++;
    if (*s == '#' || *s == '\n' || *s == '\r' || *s == '\0')
      continue;
    if (sscanf(s, "%d %d %d %lf", &c[0], &c[1], &c[2], &v) != 4) {
      fprintf(stderr, "FAIL: %s: cannot re-read '%s'\n", path, line);
      failures++;
      break;
    }
    for (int d = 0; d < 3; d++)
      if (c[d] > mx[d])
        mx[d] = c[d];
    long q = find(&t, c[0] - 1, c[1] - 1, c[2] - 1);
    if (q < 0) {
      fprintf(stderr, "FAIL: %s: entry (%d, %d, %d) missing from the CSF\n",
              path, c[0], c[1], c[2]);
      failures++;
      break;
    }
    dups += hit[q];
    sum[q] = hit[q] ? sum[q] + v : v;
    hit[q] = 1;
    entries++;
  }
  fclose(f);
  EXPECT(mx[0] == t.dims[0] && mx[1] == t.dims[1] && mx[2] == t.dims[2],
         "%s: dims %dx%dx%d, max indices %dx%dx%d", path, t.dims[0], t.dims[1],
         t.dims[2], mx[0], mx[1], mx[2]);
  for (int q = 0; q < t.nnz && failures == before; q++) {
    EXPECT(hit[q], "%s: CSF position %d matches no entry", path, q);
    EXPECT(sum[q] == t.vals[q] || (isnan(sum[q]) && isnan(t.vals[q])),
           "%s: value at %d is %.17g, entries sum to %.17g", path, q, t.vals[q],
           sum[q]);
  }
  double total = 0;
  for (int q = 0; q < t.nnz; q++)
    total += t.vals[q];
  const char *base = strrchr(path, '/');
  printf("%s: dims=%dx%dx%d fibers=%d nnz=%d entries=%ld duplicates=%ld "
         "empty-slices=%d maxslice=%d maxfiber=%d sum=%.17g%s\n",
         base ? base + 1 : path, t.dims[0], t.dims[1], t.dims[2], t.nfib, t.nnz,
         entries, dups, lnr_csf_empty_slices(&t), lnr_csf_max_slice(&t),
         lnr_csf_max_fiber(&t), total, failures == before ? "" : "  <- FAILED");
  free(sum);
  free(hit);
  lnr_csf_free(&t);
  return failures != before;
}

int main(int argc, char **argv) {
  if (argc >= 2 && !strcmp(argv[1], "gen"))
    return run_gen();
  if (argc == 3 && !strcmp(argv[1], "dump"))
    return run_dump(argv[2]);
  if (argc >= 3 && !strcmp(argv[1], "check")) {
    int rc = 0;
    for (int a = 2; a < argc; a++)
      rc |= run_check(argv[a]);
    if (!rc)
      printf("reader: ok\n");
    return rc;
  }
  fprintf(stderr, "usage: %s gen | dump FILE | check FILE...\n", argv[0]);
  return 2;
}
