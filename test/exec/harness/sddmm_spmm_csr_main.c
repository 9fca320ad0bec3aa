/* Execution test for the <SDDMM, SpMM> rewrite: lnr_rewritten (the tool's
 * output) must compute what lnr_original (the hand-written sample) computes,
 * on inputs chosen to break fused/parallel rewrites: empty rows, one long
 * row, K or L == 1, n != m, n == 0, and a nonzero initial A (the kernel
 * accumulates). Each kernel is compiled from its own translation unit with
 * -Dsddmm_spmm=lnr_original / -Dsddmm_spmm=lnr_rewritten.
 *
 * Usage: sddmm_spmm_csr_main [MATRIX.mtx ...]
 * Every case runs with 1, 2 and 3 threads (3 > cores on purpose: uneven
 * chunking). Matrix Market files are tested with K = L = 16.
 * Exits 0 when every case matches, 1 on the first mismatch.
 *
 * Build:
 *   cc -O2 -fopenmp -c sample.c    -Dsddmm_spmm=lnr_original  -o orig.o
 *   cc -O2 -fopenmp -c rewritten.c -Dsddmm_spmm=lnr_rewritten -o rewr.o
 *   cc -O2 -fopenmp -Itest/exec/harness \
 *      test/exec/harness/sddmm_spmm_csr_main.c test/exec/harness/csr_input.c \
 *      orig.o rewr.o -lm -o sddmm_spmm_csr_test
 */
#include "csr_input.h"

#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lnr_original(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *restrict A);
void lnr_rewritten(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A);

/* The rewrite reassociates the k and l sums, so results differ by rounding.
 * Errors are measured relative to the sum of the magnitudes of the terms
 * that make up each element (see abs_bound), which bounds reassociation
 * error even under heavy cancellation (stiffness matrices), while a missing
 * or extra term still shows up as an error of order 1. */
#define REL_TOL 1e-9

/* Sentinel elements on both sides of A catch out-of-bounds writes. */
#define GUARD 64
#define GUARD_VALUE 12345.5

static const int thread_counts[] = {1, 2, 3};

static double *alloc_doubles(size_t n) {
  double *p = malloc((n ? n : 1) * sizeof(double));
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  return p;
}

/* M(i,l) = |A0(i,l)| + sum_p |v_p| * sum_k |C(i,k) D(j,k)| * |E(j,l)|:
 * computed independently of both kernels, in O(nnz * (K + L)). */
static void abs_bound(const lnr_csr *B, int K, int L, const double *C,
                      const double *D, const double *E, const double *A0,
                      double *M) {
  for (size_t x = 0; x < (size_t)B->rows * L; x++)
    M[x] = fabs(A0[x]);
  for (int i = 0; i < B->rows; i++)
    for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++) {
      int j = B->colidx[p];
      double t = 0.0;
      for (int k = 0; k < K; k++)
        t += fabs(C[(size_t)i * K + k] * D[(size_t)j * K + k]);
      t *= fabs(B->vals[p]);
      for (int l = 0; l < L; l++)
        M[(size_t)i * L + l] += t * fabs(E[(size_t)j * L + l]);
    }
}

static void fill_guards(double *buf, size_t n) {
  for (size_t g = 0; g < GUARD; g++)
    buf[g] = buf[GUARD + n + g] = GUARD_VALUE;
}

static int check_guards(const char *who, const double *buf, size_t n) {
  for (size_t g = 0; g < GUARD; g++) {
    if (buf[g] != GUARD_VALUE || buf[GUARD + n + g] != GUARD_VALUE) {
      fprintf(stderr, "FAIL: %s wrote outside A (guard %zu %s)\n", who, g,
              buf[g] != GUARD_VALUE ? "before A" : "after A");
      return 1;
    }
  }
  return 0;
}

/* Runs one case; returns 0 on a match, 1 on a mismatch (already reported). */
static int run_case(const char *name, const lnr_csr *B, int K, int L,
                    uint64_t seed) {
  const int n = B->rows, m = B->cols;
  const size_t nA = (size_t)n * L;
  double *C = alloc_doubles((size_t)n * K);
  double *D = alloc_doubles((size_t)m * K);
  double *E = alloc_doubles((size_t)m * L);
  double *A0 = alloc_doubles(nA);
  double *M = alloc_doubles(nA);
  double *bo = alloc_doubles(nA + 2 * GUARD);
  double *br = alloc_doubles(nA + 2 * GUARD);
  double *Ao = bo + GUARD, *Ar = br + GUARD;
  lnr_fill_random(C, (size_t)n * K, seed + 1);
  lnr_fill_random(D, (size_t)m * K, seed + 2);
  lnr_fill_random(E, (size_t)m * L, seed + 3);
  lnr_fill_random(A0, nA, seed + 4);
  abs_bound(B, K, L, C, D, E, A0, M);

  int failed = 0;
  omp_set_dynamic(0);
  for (size_t t = 0; t < sizeof thread_counts / sizeof *thread_counts; t++) {
    int threads = thread_counts[t];
    fill_guards(bo, nA);
    fill_guards(br, nA);
    memcpy(Ao, A0, nA * sizeof(double));
    memcpy(Ar, A0, nA * sizeof(double));
    omp_set_num_threads(threads);
    lnr_original(n, K, L, B->rowptr, B->colidx, B->vals, C, D, E, Ao);
    lnr_rewritten(n, K, L, B->rowptr, B->colidx, B->vals, C, D, E, Ar);
    if (check_guards("lnr_original", bo, nA) ||
        check_guards("lnr_rewritten", br, nA)) {
      failed = 1;
      break;
    }

    double max_err = 0.0;
    size_t changed_o = 0, changed_r = 0;
    for (size_t x = 0; x < nA; x++) {
      double a = Ao[x], b = Ar[x];
      double err = fabs(a - b) / fmax(M[x], DBL_MIN);
      changed_o += a != A0[x];
      changed_r += b != A0[x];
      /* Written so that a NaN error fails. */
      if (!(err <= REL_TOL)) {
        fprintf(stderr,
                "FAIL: %s threads=%d: A[%zu] (i=%zu, l=%zu): original "
                "%.17g, rewritten %.17g, initial %.17g, rel err %.3g > %g\n",
                name, threads, x, x / (size_t)L, x % (size_t)L, a, b, A0[x],
                err, REL_TOL);
        failed = 1;
        break;
      }
      if (err > max_err)
        max_err = err;
    }
    /* Redundant with the element check, but names the failure plainly. */
    if (!failed && changed_o > 0 && changed_r == 0) {
      fprintf(stderr,
              "FAIL: %s threads=%d: rewritten kernel left A "
              "unchanged\n",
              name, threads);
      failed = 1;
    }
    if (failed)
      break;
    printf("ok   %-22s n=%-6d m=%-6d nnz=%-7d empty=%-5d maxrow=%-5d K=%-3d "
           "L=%-3d threads=%d max_rel_err=%.3g\n",
           name, n, m, B->nnz, lnr_csr_empty_rows(B), lnr_csr_max_row(B), K, L,
           threads, max_err);
  }
  free(C);
  free(D);
  free(E);
  free(A0);
  free(M);
  free(bo);
  free(br);
  return failed;
}

typedef struct {
  const char *name;
  int rows, cols, avg, skew, K, L;
} random_case;

static const random_case cases[] = {
    {"n=0", 0, 10, 3, 1, 4, 4},
    {"all-rows-empty", 64, 48, 0, 0, 8, 8},
    {"m=0", 7, 0, 3, 0, 5, 6},
    {"1x1", 1, 1, 1, 0, 1, 1},
    {"1x1-K5-L7", 1, 1, 1, 0, 5, 7},
    {"K=1", 200, 150, 6, 1, 1, 16},
    {"L=1", 200, 150, 6, 1, 16, 1},
    {"K=L=1", 300, 300, 5, 1, 1, 1},
    {"square-skewed", 500, 500, 8, 1, 16, 24},
    {"square-uniform", 400, 400, 12, 0, 32, 32},
    {"wide-n<m", 100, 1000, 20, 1, 13, 17},
    {"tall-n>m", 1000, 60, 10, 1, 9, 33},
    {"dense-rows", 40, 40, 40, 0, 8, 8},
    {"many-rows-skewed", 5000, 3000, 4, 1, 7, 5},
};

int main(int argc, char **argv) {
  int total_nnz = 0;
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
    const random_case *rc = &cases[c];
    uint64_t seed = 0x5DD3ull * (c + 1);
    lnr_csr B = lnr_csr_random(rc->rows, rc->cols, rc->avg, rc->skew, seed);
    if (lnr_csr_validate(&B) != 0) {
      fprintf(stderr, "FAIL: generator produced a bad matrix for %s\n",
              rc->name);
      return 1;
    }
    total_nnz += B.nnz;
    int failed = run_case(rc->name, &B, rc->K, rc->L, seed);
    lnr_csr_free(&B);
    if (failed)
      return 1;
  }
  for (int a = 1; a < argc; a++) {
    lnr_csr B;
    if (lnr_csr_read_mtx(argv[a], &B) != 0)
      return 1;
    const char *base = strrchr(argv[a], '/');
    base = base ? base + 1 : argv[a];
    total_nnz += B.nnz;
    int failed = run_case(base, &B, 16, 16, 0xF11Eull + (uint64_t)a);
    lnr_csr_free(&B);
    if (failed)
      return 1;
  }
  if (total_nnz == 0) {
    fprintf(stderr, "FAIL: no case had any nonzeros\n");
    return 1;
  }
  printf("PASS: lnr_rewritten matches lnr_original on all cases\n");
  return 0;
}
