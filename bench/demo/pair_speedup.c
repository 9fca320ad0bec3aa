/* Separate kernels against their fusion: the samples of samples/separate/
 * on matrices (lnr_original: as written, two nests and a temporary;
 * lnr_rewritten_*: lnr-rewrite's output, one nest) timed in one process,
 * after checking that they agree, at 1 thread and at all of them.
 *
 * Usage: pair_speedup MATRIX.mtx [K]
 *   <SDDMM, SpMM> with K = L, a GCN layer with F = G = K, graph
 *   attention's scores through a LeakyReLU then the aggregation, K = L,
 *   <SDDMM, SpMM> whose scores are kept for the caller (the fused nest
 *   stores them once), K = L, <SDDMM, SpMM> as TACO's two kernels
 *   with SparseLNR's schedules, and the GCN layer as an embedded GCN code
 *   writes it, its aggregation column by column, F = G = K (default 64).
 * Each kernel runs 5 times per thread count; the best time is reported.
 */
#include "csr_input.h"
#include "demo_arrays.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void kernel_fn(int, int, int, const int *, const int *, const double *,
                       const double *, const double *, const double *,
                       double *);
typedef void layer_fn(int, int, int, const int *, const int *, const double *,
                      const double *, const double *, double *);
typedef void kept_fn(int, int, int, const int *, const int *, const double *,
                     const double *, const double *, const double *, double *,
                     double *);
kernel_fn sddmm_original, sddmm_rewritten, gat_original, gat_rewritten,
    taco_sddmm_original, taco_sddmm_rewritten;
layer_fn gcn_original, gcn_rewritten, gcn_columns_original,
    gcn_columns_rewritten;
kept_fn kept_original, kept_rewritten;

#define RUNS 5

typedef struct {
  const lnr_csr *B;
  int K;
  const double *C, *D, *E;
  double *A, *T; /* T: the kept scores, nnz(B) */
} problem;

static void run(const problem *pb, int which, int rewritten) {
  const lnr_csr *B = pb->B;
  size_t out = (size_t)B->rows * pb->K;
  memset(pb->A, 0, out * sizeof(double));
  if (which == 3)
    (rewritten ? kept_rewritten
               : kept_original)(B->rows, pb->K, pb->K, B->rowptr, B->colidx,
                                B->vals, pb->C, pb->D, pb->E, pb->T, pb->A);
  else if (which != 1 && which != 5)
    (which == 0   ? (rewritten ? sddmm_rewritten : sddmm_original)
     : which == 4 ? (rewritten ? taco_sddmm_rewritten : taco_sddmm_original)
                  : (rewritten ? gat_rewritten : gat_original))(
        B->rows, pb->K, pb->K, B->rowptr, B->colidx, B->vals, pb->C, pb->D,
        pb->E, pb->A);
  else if (which == 5)
    (rewritten ? gcn_columns_rewritten
               : gcn_columns_original)(B->rows, pb->K, pb->K, B->rowptr,
                                       B->colidx, B->vals, pb->C, pb->E, pb->A);
  else
    (rewritten ? gcn_rewritten : gcn_original)(B->rows, pb->K, pb->K, B->rowptr,
                                               B->colidx, B->vals, pb->C, pb->E,
                                               pb->A);
}

static double best_time(const problem *pb, int which, int rewritten) {
  double best = INFINITY;
  for (int r = 0; r < RUNS; r++) {
    double t0 = omp_get_wtime();
    run(pb, which, rewritten);
    double t = omp_get_wtime() - t0;
    if (t < best)
      best = t;
  }
  return best;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MATRIX.mtx [K]\n", argv[0]);
    return 2;
  }
  lnr_csr B;
  if (lnr_csr_read_mtx(argv[1], &B) != 0)
    return 1;
  int K = argc > 2 ? atoi(argv[2]) : 64;
  size_t dense = (size_t)B.rows * K;
  /* The GCN's W is K x K: the first rows of E. */
  size_t rows = (size_t)(B.rows > K ? B.rows : K) * K;
  problem pb = {&B,
                K,
                filled(rows, 1),
                filled(rows, 1),
                filled(rows, 1),
                filled(dense, 0),
                filled((size_t)B.nnz, 0)};
  double *check = filled(dense, 0);
  double *scores = filled((size_t)B.nnz, 0);
  static const char *const names[] = {"<SDDMM, SpMM>", "GCN (A*X)*W",
                                      "GAT leaky",     "scores kept",
                                      "TACO's pair",   "GCN by columns"};
  printf("%s: %d rows, %d nonzeros, K = %d\n", argv[1], B.rows, B.nnz, K);
  int ok = 1;
  int all = omp_get_max_threads();
  for (int which = 0; which < 6; which++) {
    /* Kernels that keep no scores leave them as they are: 0 for both. */
    memset(pb.T, 0, (size_t)B.nnz * sizeof(double));
    run(&pb, which, 0);
    memcpy(check, pb.A, dense * sizeof(double));
    memcpy(scores, pb.T, (size_t)B.nnz * sizeof(double));
    memset(pb.T, 0, (size_t)B.nnz * sizeof(double));
    run(&pb, which, 1);
    if (!agree(check, pb.A, dense) || !agree(scores, pb.T, (size_t)B.nnz)) {
      printf("%s: the rewrite disagrees with the original\n", names[which]);
      ok = 0;
      continue;
    }
    for (int threads = 1; threads <= all;
         threads = threads == all ? all + 1 : all) {
      omp_set_num_threads(threads);
      double separate = best_time(&pb, which, 0);
      double fused = best_time(&pb, which, 1);
      printf("%-14s %d thread%s: separate %.3f ms, fused %.3f ms, %.2fx\n",
             names[which], threads, threads > 1 ? "s" : "", separate * 1e3,
             fused * 1e3, separate / fused);
    }
  }
  return !ok;
}
