/* Speedup demo for the <SDDMM, SpMM> rewrite: times the hand-written kernel
 * (lnr_original) against the tool's output (lnr_rewritten) in one process,
 * after checking that they agree.
 *
 * Usage: sddmm_spmm_speedup (MATRIX.mtx | --random ROWS NNZ_PER_ROW) [K [L]]
 *   --random builds a square matrix with skewed (power-law) row lengths and
 *   ~10% empty rows. K and L default to 64.
 *
 * Cost: the original is O(nnz * K * L), the fused rewrite O(nnz * (K + L)).
 * Each kernel runs 3 times per thread count (best is reported), so the
 * original runs 6 times in total. Measured wall time of the whole program on
 * the 2-core development machine, K = L = 64, gcc -O2 with a hand-fused
 * stand-in for the rewrite: bcsstk13.mtx (83,883 entries after symmetric
 * expansion) ~0.8 s, email-Enron.mtx (367,662 entries) ~4 s,
 * --random 100000 16 (1.46M entries) ~20 s.
 *
 * Build (each kernel in its own translation unit):
 *   cc -O2 -fopenmp -c sample.c    -Dsddmm_spmm=lnr_original  -o orig.o
 *   cc -O2 -fopenmp -c rewritten.c -Dsddmm_spmm=lnr_rewritten -o rewr.o
 *   cc -O2 -fopenmp -Itest/exec/harness bench/demo/sddmm_spmm_speedup.c \
 *      test/exec/harness/csr_input.c orig.o rewr.o -lm -o speedup
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

typedef void kernel_fn(int, int, int, const int *, const int *, const double *,
                       const double *, const double *, const double *,
                       double *restrict);

#define RUNS 3
/* Same criterion as test/exec/harness/sddmm_spmm_csr_main.c. */
#define REL_TOL 1e-9

typedef struct {
  const lnr_csr *B;
  int K, L;
  const double *C, *D, *E, *A0;
} problem;

static double *alloc_doubles(size_t n) {
  double *p = malloc((n ? n : 1) * sizeof(double));
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  return p;
}

/* Best of RUNS; every run starts from the same A0 (the kernel accumulates),
 * and the copy is outside the timed region. Leaves the last result in A. */
static double time_kernel(kernel_fn *f, const problem *pb, double *A) {
  const size_t nA = (size_t)pb->B->rows * pb->L;
  double best = INFINITY;
  for (int r = 0; r < RUNS; r++) {
    memcpy(A, pb->A0, nA * sizeof(double));
    double t0 = omp_get_wtime();
    f(pb->B->rows, pb->K, pb->L, pb->B->rowptr, pb->B->colidx, pb->B->vals,
      pb->C, pb->D, pb->E, A);
    double t = omp_get_wtime() - t0;
    if (t < best)
      best = t;
  }
  return best;
}

/* Error relative to the sum of term magnitudes, as in the execution test. */
static int agree(const problem *pb, const double *Ao, const double *Ar,
                 int threads) {
  const lnr_csr *B = pb->B;
  const int K = pb->K, L = pb->L;
  double max_err = 0.0;
  double *M = alloc_doubles((size_t)B->rows * L);
  for (size_t x = 0; x < (size_t)B->rows * L; x++)
    M[x] = fabs(pb->A0[x]);
  for (int i = 0; i < B->rows; i++)
    for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++) {
      int j = B->colidx[p];
      double t = 0.0;
      for (int k = 0; k < K; k++)
        t += fabs(pb->C[(size_t)i * K + k] * pb->D[(size_t)j * K + k]);
      t *= fabs(B->vals[p]);
      for (int l = 0; l < L; l++)
        M[(size_t)i * L + l] += t * fabs(pb->E[(size_t)j * L + l]);
    }
  int ok = 1;
  for (size_t x = 0; x < (size_t)B->rows * L; x++) {
    double err = fabs(Ao[x] - Ar[x]) / fmax(M[x], DBL_MIN);
    if (!(err <= REL_TOL)) {
      fprintf(stderr,
              "MISMATCH (threads=%d) at A[%zu]: original %.17g, rewritten "
              "%.17g, rel err %.3g\n",
              threads, x, Ao[x], Ar[x], err);
      ok = 0;
      break;
    }
    if (err > max_err)
      max_err = err;
  }
  if (ok)
    printf("check (threads=%d): kernels agree, max rel err %.3g\n", threads,
           max_err);
  free(M);
  return ok;
}

static void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s (MATRIX.mtx | --random ROWS NNZ_PER_ROW) [K [L]]\n",
          argv0);
  exit(2);
}

static int parse_pos(const char *s, const char *argv0) {
  char *end;
  long v = strtol(s, &end, 10);
  if (*s == '\0' || *end != '\0' || v < 1 || v > 1000000000)
    usage(argv0);
  return (int)v;
}

int main(int argc, char **argv) {
  lnr_csr B;
  char label[256];
  int a = 1;
  if (argc < 2)
    usage(argv[0]);
  if (strcmp(argv[1], "--random") == 0) {
    if (argc < 4)
      usage(argv[0]);
    int rows = parse_pos(argv[2], argv[0]);
    int per_row = parse_pos(argv[3], argv[0]);
    B = lnr_csr_random(rows, rows, per_row, 1, 42);
    snprintf(label, sizeof label, "random %dx%d, skewed, ~%d/row", rows, rows,
             per_row);
    a = 4;
  } else {
    if (lnr_csr_read_mtx(argv[1], &B) != 0)
      return 1;
    snprintf(label, sizeof label, "%s", argv[1]);
    a = 2;
  }
  int K = a < argc ? parse_pos(argv[a], argv[0]) : 64;
  int L = a + 1 < argc ? parse_pos(argv[a + 1], argv[0]) : 64;
  if (a + 2 < argc)
    usage(argv[0]);

  const size_t n = (size_t)B.rows, m = (size_t)B.cols;
  double *C = alloc_doubles(n * K), *D = alloc_doubles(m * K);
  double *E = alloc_doubles(m * L), *A0 = alloc_doubles(n * L);
  double *Ao = alloc_doubles(n * L), *Ar = alloc_doubles(n * L);
  lnr_fill_random(C, n * K, 1);
  lnr_fill_random(D, m * K, 2);
  lnr_fill_random(E, m * L, 3);
  lnr_fill_random(A0, n * L, 4);
  problem pb = {&B, K, L, C, D, E, A0};

  int max_threads = omp_get_max_threads();
  printf("matrix: %s\n", label);
  printf("  %d x %d, nnz %d, empty rows %d, longest row %d; K = %d, L = %d\n",
         B.rows, B.cols, B.nnz, lnr_csr_empty_rows(&B), lnr_csr_max_row(&B), K,
         L);

  int thread_counts[2] = {1, max_threads};
  int rows = max_threads > 1 ? 2 : 1;
  double t_orig[2], t_rewr[2];
  omp_set_dynamic(0);
  for (int r = 0; r < rows; r++) {
    omp_set_num_threads(thread_counts[r]);
    /* Results of the timed runs double as the agreement check, so the
     * expensive original is not run an extra time. */
    t_orig[r] = time_kernel(lnr_original, &pb, Ao);
    t_rewr[r] = time_kernel(lnr_rewritten, &pb, Ar);
    if (!agree(&pb, Ao, Ar, thread_counts[r]))
      return 1;
  }

  printf("\n%8s %14s %14s %9s\n", "threads", "original [s]", "rewritten [s]",
         "speedup");
  for (int r = 0; r < rows; r++)
    printf("%8d %14.6f %14.6f %8.2fx\n", thread_counts[r], t_orig[r], t_rewr[r],
           t_orig[r] / t_rewr[r]);
  printf("(best of %d runs each; the original has no OpenMP pragma, so its "
         "time should not change with threads)\n",
         RUNS);

  free(C);
  free(D);
  free(E);
  free(A0);
  free(Ao);
  free(Ar);
  lnr_csr_free(&B);
  return 0;
}
