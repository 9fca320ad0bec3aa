#include "bench_inputs.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xmalloc(size_t count, size_t size) {
  void *p = malloc((count ? count : 1) * size);
  if (!p) {
    fprintf(stderr, "bench_inputs: out of memory (%zu x %zu bytes)\n", count,
            size);
    exit(1);
  }
  return p;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* CSR from (row, col) pairs: counting sort by row, sort each row, drop
 * duplicate columns; values uniform in [-1, 1]. Frees nothing. */
static lnr_csr csr_from_pairs(int rows, int cols, const int *ri, const int *ci,
                              size_t n, uint64_t seed) {
  lnr_csr m;
  m.rows = rows;
  m.cols = cols;
  m.rowptr = xmalloc((size_t)rows + 1, sizeof(int));
  int *cnt = xmalloc((size_t)rows + 1, sizeof(int));
  memset(cnt, 0, ((size_t)rows + 1) * sizeof(int));
  for (size_t e = 0; e < n; e++)
    cnt[ri[e] + 1]++;
  for (int i = 0; i < rows; i++)
    cnt[i + 1] += cnt[i];
  int *tmp = xmalloc(n, sizeof(int));
  int *fill = xmalloc((size_t)rows, sizeof(int));
  memcpy(fill, cnt, (size_t)rows * sizeof(int));
  for (size_t e = 0; e < n; e++)
    tmp[fill[ri[e]]++] = ci[e];
  free(fill);
  m.colidx = xmalloc(n, sizeof(int));
  size_t nnz = 0;
  m.rowptr[0] = 0;
  for (int i = 0; i < rows; i++) {
    int *row = tmp + cnt[i];
    int len = cnt[i + 1] - cnt[i];
    qsort(row, (size_t)len, sizeof(int), cmp_int);
    for (int q = 0; q < len; q++)
      if (q == 0 || row[q] != row[q - 1])
        m.colidx[nnz++] = row[q];
    if (nnz > INT_MAX) {
      fprintf(stderr, "bench_inputs: more than INT_MAX entries\n");
      exit(1);
    }
    m.rowptr[i + 1] = (int)nnz;
  }
  free(tmp);
  free(cnt);
  m.nnz = (int)nnz;
  m.vals = xmalloc(nnz, sizeof(double));
  lnr_fill_random(m.vals, nnz, seed ^ 0x5eedull);
  return m;
}

static void shuffle(int *p, int n, uint64_t *s) {
  for (int i = 0; i < n; i++)
    p[i] = i;
  for (int i = n - 1; i > 0; i--) {
    int j = (int)lnr_rng_below(s, (uint64_t)i + 1);
    int t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
}

lnr_csr lnr_bench_rmat(int scale, int edge_factor, uint64_t seed) {
  if (scale < 1 || scale > 28 || edge_factor < 1) {
    fprintf(stderr, "lnr_bench_rmat: bad scale/edge factor\n");
    exit(1);
  }
  const int n = 1 << scale;
  const size_t edges = (size_t)n * (size_t)edge_factor;
  const double a = 0.57, b = 0.19, c = 0.19;
  uint64_t s = seed;
  int *perm = xmalloc((size_t)n, sizeof(int));
  shuffle(perm, n, &s);
  int *ri = xmalloc(edges, sizeof(int)), *ci = xmalloc(edges, sizeof(int));
  for (size_t e = 0; e < edges; e++) {
    int r = 0, col = 0;
    for (int bit = scale - 1; bit >= 0; bit--) {
      double u = lnr_rng_unit(&s);
      if (u < a) {
      } else if (u < a + b) {
        col |= 1 << bit;
      } else if (u < a + b + c) {
        r |= 1 << bit;
      } else {
        r |= 1 << bit;
        col |= 1 << bit;
      }
    }
    ri[e] = perm[r];
    ci[e] = perm[col];
  }
  free(perm);
  lnr_csr m = csr_from_pairs(n, n, ri, ci, edges, seed);
  free(ri);
  free(ci);
  return m;
}

lnr_csr lnr_bench_fem27(int nx, int ny, int nz, uint64_t seed) {
  const long long nodes = (long long)nx * ny * nz;
  if (nx < 1 || ny < 1 || nz < 1 || nodes * 27 > INT_MAX) {
    fprintf(stderr, "lnr_bench_fem27: bad grid\n");
    exit(1);
  }
  lnr_csr m;
  m.rows = m.cols = (int)nodes;
  m.rowptr = xmalloc((size_t)nodes + 1, sizeof(int));
  m.colidx = xmalloc((size_t)nodes * 27, sizeof(int));
  int nnz = 0;
  m.rowptr[0] = 0;
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        for (int dz = -1; dz <= 1; dz++)
          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
              int X = x + dx, Y = y + dy, Z = z + dz;
              if (X < 0 || X >= nx || Y < 0 || Y >= ny || Z < 0 || Z >= nz)
                continue;
              m.colidx[nnz++] = (Z * ny + Y) * nx + X; /* increasing */
            }
        m.rowptr[(z * ny + y) * nx + x + 1] = nnz;
      }
  m.nnz = nnz;
  m.vals = xmalloc((size_t)nnz, sizeof(double));
  lnr_fill_random(m.vals, (size_t)nnz, seed);
  return m;
}

lnr_csr lnr_bench_uniform(int rows, int cols, int avg_per_row, uint64_t seed) {
  uint64_t s = seed;
  int lo = avg_per_row / 2 > 0 ? avg_per_row / 2 : 1;
  int hi = avg_per_row + avg_per_row / 2;
  if (hi > cols)
    hi = cols;
  if (lo > hi)
    lo = hi;
  size_t cap = (size_t)rows * (size_t)hi;
  int *ri = xmalloc(cap, sizeof(int)), *ci = xmalloc(cap, sizeof(int));
  size_t n = 0;
  for (int i = 0; i < rows; i++) {
    int len = lo + (int)lnr_rng_below(&s, (uint64_t)(hi - lo + 1));
    for (int q = 0; q < len; q++) {
      ri[n] = i;
      ci[n++] = (int)lnr_rng_below(&s, (uint64_t)cols);
    }
  }
  lnr_csr m = csr_from_pairs(rows, cols, ri, ci, n, seed);
  free(ri);
  free(ci);
  return m;
}

/* Pareto(alpha = 1.5) with the given mean, at least 1 and at most cap. */
static int pareto(uint64_t *s, double mean, int cap) {
  double xm = mean / 3.0;
  double u = 1.0 - lnr_rng_unit(s);
  double v = ceil(xm * pow(u, -1.0 / 1.5));
  if (v < 1.0)
    v = 1.0;
  if (v > cap)
    v = cap;
  return (int)v;
}

/* Distinct sorted values in [0, range): selection sampling when dense,
 * rejection against a stamp array otherwise. */
static void sample_sorted(uint64_t *s, int k, int range, int *out, int *stamp,
                          int stamp_id) {
  if (2L * k > range) {
    int need = k, n = 0;
    for (int c = 0; c < range && need > 0; c++)
      if (lnr_rng_below(s, (uint64_t)(range - c)) < (uint64_t)need) {
        out[n++] = c;
        need--;
      }
    return;
  }
  for (int n = 0; n < k;) {
    int c = (int)lnr_rng_below(s, (uint64_t)range);
    if (stamp[c] != stamp_id) {
      stamp[c] = stamp_id;
      out[n++] = c;
    }
  }
  qsort(out, (size_t)k, sizeof(int), cmp_int);
}

lnr_csf lnr_bench_csf_skewed(int I, int J, int K, int avg_fibers,
                             int avg_fiber_len, uint64_t seed) {
  lnr_csf t;
  uint64_t s = seed;
  t.dims[0] = I;
  t.dims[1] = J;
  t.dims[2] = K;
  t.pos1 = xmalloc((size_t)I + 1, sizeof(int));
  t.pos1[0] = 0;
  long long nfib = 0;
  for (int i = 0; i < I; i++) {
    int f = lnr_rng_unit(&s) < 0.1 ? 0 : pareto(&s, avg_fibers, J);
    nfib += f;
    if (nfib > INT_MAX) {
      fprintf(stderr, "lnr_bench_csf_skewed: too many fibers\n");
      exit(1);
    }
    t.pos1[i + 1] = (int)nfib;
  }
  t.nfib = (int)nfib;
  t.crd1 = xmalloc((size_t)nfib, sizeof(int));
  t.pos2 = xmalloc((size_t)nfib + 1, sizeof(int));
  int *stampJ = xmalloc((size_t)J, sizeof(int));
  int *stampK = xmalloc((size_t)K, sizeof(int));
  for (int x = 0; x < J; x++)
    stampJ[x] = -1;
  for (int x = 0; x < K; x++)
    stampK[x] = -1;
  long long nnz = 0;
  t.pos2[0] = 0;
  for (int i = 0; i < I; i++) {
    sample_sorted(&s, t.pos1[i + 1] - t.pos1[i], J, t.crd1 + t.pos1[i], stampJ,
                  i);
    for (int f = t.pos1[i]; f < t.pos1[i + 1]; f++) {
      nnz += pareto(&s, avg_fiber_len, K);
      if (nnz > INT_MAX) {
        fprintf(stderr, "lnr_bench_csf_skewed: too many entries\n");
        exit(1);
      }
      t.pos2[f + 1] = (int)nnz;
    }
  }
  t.nnz = (int)nnz;
  t.crd2 = xmalloc((size_t)nnz, sizeof(int));
  for (int f = 0; f < t.nfib; f++)
    sample_sorted(&s, t.pos2[f + 1] - t.pos2[f], K, t.crd2 + t.pos2[f], stampK,
                  f);
  free(stampJ);
  free(stampK);
  t.vals = xmalloc((size_t)nnz, sizeof(double));
  lnr_fill_random(t.vals, (size_t)nnz, seed ^ 0xc5full);
  return t;
}

/* ---- FROSTT ------------------------------------------------------------ */

typedef struct {
  int c[3];
  double v;
} tns_entry;

static int cmp_tns(const void *a, const void *b) {
  const tns_entry *x = a, *y = b;
  for (int m = 0; m < 3; m++)
    if (x->c[m] != y->c[m])
      return (x->c[m] > y->c[m]) - (x->c[m] < y->c[m]);
  return 0;
}

int lnr_bench_read_tns(const char *path, const int mode_order[3],
                       lnr_csf *out) {
  memset(out, 0, sizeof *out);
  int seen[3] = {0, 0, 0};
  for (int m = 0; m < 3; m++) {
    if (mode_order[m] < 0 || mode_order[m] > 2 || seen[mode_order[m]]++) {
      fprintf(stderr, "%s: bad mode order\n", path);
      return 1;
    }
  }
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
    return 1;
  }
  size_t cap = 1 << 16, n = 0;
  tns_entry *e = xmalloc(cap, sizeof *e);
  char line[1024];
  long lineno = 0;
  int dims[3] = {0, 0, 0};
  while (fgets(line, sizeof line, f)) {
    lineno++;
    char *p = line;
    while (isspace((unsigned char)*p))
      p++;
    if (*p == '\0' || *p == '#')
      continue;
    long idx[3];
    char *end;
    int ok = 1;
    for (int m = 0; m < 3 && ok; m++) {
      errno = 0;
      idx[m] = strtol(p, &end, 10);
      ok = end != p && errno == 0 && idx[m] >= 1 && idx[m] <= INT_MAX - 1;
      p = end;
    }
    double v = ok ? strtod(p, &end) : 0.0;
    ok = ok && end != p;
    if (ok) {
      p = end;
      while (isspace((unsigned char)*p))
        p++;
      ok = *p == '\0';
    }
    if (!ok) {
      fprintf(stderr, "%s:%ld: expected 'i j k value' (1-based)\n", path,
              lineno);
      free(e);
      fclose(f);
      return 1;
    }
    if (n == cap) {
      cap *= 2;
      tns_entry *g = realloc(e, cap * sizeof *e);
      if (!g) {
        fprintf(stderr, "bench_inputs: out of memory\n");
        exit(1);
      }
      e = g;
    }
    for (int m = 0; m < 3; m++) {
      int c = (int)idx[mode_order[m]];
      e[n].c[m] = c - 1;
      if (c > dims[m])
        dims[m] = c;
    }
    e[n++].v = v;
  }
  fclose(f);
  if (n > INT_MAX) {
    fprintf(stderr, "%s: too many entries\n", path);
    free(e);
    return 1;
  }
  qsort(e, n, sizeof *e, cmp_tns);
  size_t u = 0; /* sum duplicates */
  for (size_t q = 0; q < n; q++) {
    if (u > 0 && cmp_tns(&e[u - 1], &e[q]) == 0)
      e[u - 1].v += e[q].v;
    else
      e[u++] = e[q];
  }
  n = u;
  memcpy(out->dims, dims, sizeof dims);
  out->nnz = (int)n;
  out->pos1 = xmalloc((size_t)dims[0] + 1, sizeof(int));
  out->crd1 = xmalloc(n, sizeof(int));
  out->pos2 = xmalloc(n + 1, sizeof(int));
  out->crd2 = xmalloc(n, sizeof(int));
  out->vals = xmalloc(n, sizeof(double));
  int nfib = 0;
  size_t q = 0;
  out->pos2[0] = 0;
  for (int i = 0; i < dims[0]; i++) {
    out->pos1[i] = nfib;
    while (q < n && e[q].c[0] == i) {
      int j = e[q].c[1];
      out->crd1[nfib] = j;
      while (q < n && e[q].c[0] == i && e[q].c[1] == j) {
        out->crd2[q] = e[q].c[2];
        out->vals[q] = e[q].v;
        q++;
      }
      out->pos2[++nfib] = (int)q;
    }
  }
  out->pos1[dims[0]] = nfib;
  out->nfib = nfib;
  free(e);
  return lnr_csf_validate(out);
}

int lnr_csf_validate(const lnr_csf *t) {
  if (!t->pos1 || t->pos1[0] != 0 || t->pos1[t->dims[0]] != t->nfib ||
      t->pos2[0] != 0 || t->pos2[t->nfib] != t->nnz) {
    fprintf(stderr, "csf: bad pos arrays\n");
    return 1;
  }
  for (int i = 0; i < t->dims[0]; i++)
    for (int f = t->pos1[i]; f < t->pos1[i + 1]; f++) {
      if (t->crd1[f] < 0 || t->crd1[f] >= t->dims[1] ||
          (f > t->pos1[i] && t->crd1[f] <= t->crd1[f - 1])) {
        fprintf(stderr, "csf: bad level-2 coordinate in slice %d\n", i);
        return 1;
      }
      if (t->pos2[f + 1] < t->pos2[f]) {
        fprintf(stderr, "csf: pos2 decreases at fiber %d\n", f);
        return 1;
      }
      for (int p = t->pos2[f]; p < t->pos2[f + 1]; p++)
        if (t->crd2[p] < 0 || t->crd2[p] >= t->dims[2] ||
            (p > t->pos2[f] && t->crd2[p] <= t->crd2[p - 1])) {
          fprintf(stderr, "csf: bad level-3 coordinate in fiber %d\n", f);
          return 1;
        }
    }
  return 0;
}

void lnr_csf_free(lnr_csf *t) {
  free(t->pos1);
  free(t->crd1);
  free(t->pos2);
  free(t->crd2);
  free(t->vals);
  memset(t, 0, sizeof *t);
}
