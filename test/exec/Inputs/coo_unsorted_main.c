/* The original and the rewrite of coo_unsorted.c and coo_unsorted_c89.c
 * (renamed orig_<name> and rewr_<name>) on coordinate lists in no order
 * of rows: more rows than buckets, fewer, every position in one row,
 * sorted but for the last two, a single position, negative 64-bit ids,
 * an infinity and a NaN among the values. Each rewrite's output is the
 * original's (same_elem.h), and, bit for bit, the rewrite's on one thread;
 * so is the rewrite's called by each thread of a region (the list in one
 * part per call). */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(edges,
     (int nnz, int K, int L, const int *restrict src, const int *restrict dst,
      const double *restrict w, const double *restrict x,
      const double *restrict y, const double *restrict z, double *restrict out))
BOTH(edges64,
     (int64_t first, int64_t last, int64_t K, int64_t L,
      const int64_t *restrict row, const int64_t *restrict col,
      const float *restrict v, const float *restrict C, const float *restrict D,
      const float *restrict E, float *restrict A))
BOTH(edges_short,
     (unsigned long nnz, int K, int L, const unsigned short *restrict src,
      const unsigned short *restrict dst, const double *restrict w,
      const double *restrict x, const double *restrict y,
      const double *restrict z, double *restrict out))
BOTH(edges_c89, (long nnz, long K, long L, const long *row, const long *col,
                 const double *vals, const double *C, const double *D,
                 const double *E, double *A))
BOTH(edges_c89_declared, (long nnz, long K, long L, const long *row,
                          const long *col, const double *vals, const double *C,
                          const double *D, const double *E, double *A))

enum { MAXROWS = 3000, MAXNNZ = 40000, K = 5, L = 7 };
static int src[MAXNNZ], dst[MAXNNZ];
static int64_t row64[MAXNNZ], col64[MAXNNZ];
static long rowl[MAXNNZ], coll[MAXNNZ];
static unsigned short srcs[MAXNNZ], dsts[MAXNNZ];
static double w[MAXNNZ], x[MAXROWS * K], y[MAXROWS * K], z[MAXROWS * L];
static float wf[MAXNNZ], xf[MAXROWS * K], yf[MAXROWS * K], zf[MAXROWS * L];
static double o[MAXROWS * L], r[MAXROWS * L], r1[MAXROWS * L];
static float of[MAXROWS * L], rf[MAXROWS * L], rf1[MAXROWS * L];

static unsigned long lcg = 12345;
static unsigned next(void) {
  lcg = lcg * 6364136223846793005UL + 1442695040888963407UL;
  return (unsigned)(lcg >> 33);
}

/* Case c: its number of rows and positions, filled. 0: 3000 rows (three
 * a bucket), random order; 1: 300 rows, random; 2: every position in row
 * 17; 3: sorted but the last two swapped; 4: one position; 5: as 1 with
 * an infinity and a NaN among the values. */
static void build(int c, int *rows, int *nnz) {
  *rows = c == 0 ? MAXROWS : 300;
  *nnz = c == 4 ? 1 : c == 0 ? MAXNNZ : 9000;
  for (int p = 0; p < *nnz; p++) {
    dst[p] = c == 2 ? 17 : c == 3 ? p * *rows / *nnz : (int)(next() % *rows);
    src[p] = (int)(next() % *rows);
    w[p] = 0.5 + (next() % 100) / 64.0;
  }
  if (c == 3 && *nnz > 1) {
    int t = dst[*nnz - 1];
    dst[*nnz - 1] = dst[*nnz - 2];
    dst[*nnz - 2] = t;
  }
  if (c == 5)
    w[11] = INFINITY, w[29] = NAN;
  for (int p = 0; p < *nnz; p++) {
    /* 64-bit ids from -rows/2: the output passed past its start. */
    row64[p] = dst[p] - *rows / 2, col64[p] = src[p] - *rows / 2;
    rowl[p] = dst[p], coll[p] = src[p];
    dsts[p] = (unsigned short)dst[p], srcs[p] = (unsigned short)src[p];
    wf[p] = (float)w[p];
  }
  for (int q = 0; q < MAXROWS * K; q++) {
    x[q] = 0.25 + (next() % 100) / 128.0, y[q] = 1.0 - (next() % 100) / 256.0;
    xf[q] = (float)x[q], yf[q] = (float)y[q];
  }
  for (int q = 0; q < MAXROWS * L; q++)
    z[q] = 0.75 - (next() % 100) / 100.0, zf[q] = (float)z[q];
}

static int same_floats(const char *name, const float *a, const float *b,
                       int n) {
  for (int q = 0; q < n; q++) {
    double err;
    if (!same_elem(a[q], b[q], fabs(a[q]), 1.0, 1e-4, &err)) {
      printf("FAIL: %s: element %d: %g against %g\n", name, q, a[q], b[q]);
      return 0;
    }
  }
  printf("ok: %s\n", name);
  return 1;
}

/* The rewrite's output R equals its output on one thread, R1, bit for bit
 * (both from zero); after Run. */
#define ONE_THREAD(call, out, out1)                                            \
  do {                                                                         \
    int threads = omp_get_max_threads();                                       \
    omp_set_num_threads(1);                                                    \
    memset(out1, 0, sizeof out1);                                              \
    call;                                                                      \
    omp_set_num_threads(threads);                                              \
  } while (0)

static int bits(const char *name, const void *a, const void *b, size_t n) {
  if (memcmp(a, b, n) != 0) {
    printf("FAIL: %s: not the bits of one thread\n", name);
    return 0;
  }
  printf("ok: %s, bits of one thread\n", name);
  return 1;
}

static int run(int c) {
  int rows, nnz, ok = 1;
  char name[80];
  build(c, &rows, &nnz);
  memset(o, 0, sizeof o), memset(r, 0, sizeof r);
  orig_edges(nnz, K, L, src, dst, w, x, y, z, o);
  rewr_edges(nnz, K, L, src, dst, w, x, y, z, r);
  snprintf(name, sizeof name, "edges, case %d", c);
  ok &= same_array(name, o, r, rows * L);
  ONE_THREAD(rewr_edges(nnz, K, L, src, dst, w, x, y, z, r1), r1, r1);
  ok &= bits(name, r, r1, sizeof r);

  int64_t half = rows / 2;
  memset(of, 0, sizeof of), memset(rf, 0, sizeof rf);
  orig_edges64(0, nnz, K, L, row64, col64, wf, xf + half * K, yf + half * K,
               zf + half * L, of + half * L);
  rewr_edges64(0, nnz, K, L, row64, col64, wf, xf + half * K, yf + half * K,
               zf + half * L, rf + half * L);
  snprintf(name, sizeof name, "negative 64-bit ids, case %d", c);
  ok &= same_floats(name, of, rf, rows * L);
  ONE_THREAD(rewr_edges64(0, nnz, K, L, row64, col64, wf, xf + half * K,
                          yf + half * K, zf + half * L, rf1 + half * L),
             rf1, rf1);
  ok &= bits(name, rf, rf1, sizeof rf);
  if (nnz > 2) {
    /* The positions [1, nnz - 1) only. */
    memset(of, 0, sizeof of), memset(rf, 0, sizeof rf);
    orig_edges64(1, nnz - 1, K, L, row64, col64, wf, xf + half * K,
                 yf + half * K, zf + half * L, of + half * L);
    rewr_edges64(1, nnz - 1, K, L, row64, col64, wf, xf + half * K,
                 yf + half * K, zf + half * L, rf + half * L);
    snprintf(name, sizeof name, "positions from 1, case %d", c);
    ok &= same_floats(name, of, rf, rows * L);
  }

  memset(o, 0, sizeof o), memset(r, 0, sizeof r);
  orig_edges_short((unsigned long)nnz, K, L, srcs, dsts, w, x, y, z, o);
  rewr_edges_short((unsigned long)nnz, K, L, srcs, dsts, w, x, y, z, r);
  snprintf(name, sizeof name, "unsigned short ids, case %d", c);
  ok &= same_array(name, o, r, rows * L);

  memset(o, 0, sizeof o), memset(r, 0, sizeof r);
  orig_edges_c89(nnz, K, L, rowl, coll, w, x, y, z, o);
  rewr_edges_c89(nnz, K, L, rowl, coll, w, x, y, z, r);
  snprintf(name, sizeof name, "C89, case %d", c);
  ok &= same_array(name, o, r, rows * L);
  ONE_THREAD(rewr_edges_c89(nnz, K, L, rowl, coll, w, x, y, z, r1), r1, r1);
  ok &= bits(name, r, r1, sizeof r);
  memset(o, 0, sizeof o), memset(r, 0, sizeof r);
  orig_edges_c89_declared(nnz, K, L, rowl, coll, w, x, y, z, o);
  rewr_edges_c89_declared(nnz, K, L, rowl, coll, w, x, y, z, r);
  snprintf(name, sizeof name, "C89 declared, case %d", c);
  ok &= same_array(name, o, r, rows * L);
  return ok;
}

int main(void) {
  int ok = 1;
  for (int c = 0; c < 6; c++)
    ok &= run(c);
  /* Each thread of a region calls the rewrite on its own output. */
  {
    static double rt[2][MAXROWS * L];
    int rows, nnz, each = 1;
    build(1, &rows, &nnz);
    memset(o, 0, sizeof o), memset(rt, 0, sizeof rt);
    orig_edges(nnz, K, L, src, dst, w, x, y, z, o);
#pragma omp parallel num_threads(2)
    rewr_edges(nnz, K, L, src, dst, w, x, y, z, rt[omp_get_thread_num()]);
    each &= same_array("called in a region, thread 0", o, rt[0], rows * L);
    each &= same_array("called in a region, thread 1", o, rt[1], rows * L);
    ok &= each;
  }
  /* No positions: nothing read (null arrays). */
  rewr_edges(0, K, L, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  rewr_edges64(5, 5, K, L, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  printf("ok: no positions\n");
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
