/* FusedMM's hand-fused SDDMM -> sigmoid -> SpMM against lnr-rewrite's
 * fusion of the same kernel written as two nests
 * (samples/separate/sddmm_sigmoid_then_spmm.c), on the same inputs: an
 * unweighted graph from a Matrix Market file, float features of width
 * dim, int64_t ids (FusedMM's default build).
 *
 *   separate: the sample as written (an nnz-sized temporary, two nests)
 *   fused:    lnr-rewrite's output of the sample (one nest)
 *   FusedMM:  SDDMMSPMMCsrSigmoid with its exact sigmoid (the line its
 *             source keeps commented out), computing what the two above do
 *   FusedMM table: SDDMMSPMMCsrSigmoid as FusedMM ships it, its sigmoid
 *             read from a table of 2048 values (an approximation, timed for
 *             reference; its output is not the others')
 *
 * FusedMM's source is not in this repository: bench/CMakeLists.txt builds
 * this driver when LNR_WILD_CORPUS names a directory holding it
 * (w25_fusedmm_sddmm_spmm_sigmoid.c). Each kernel runs 5 times per thread
 * count, at 1 thread and at all of them; the best time is reported.
 *
 * Usage: fusedmm_speedup MATRIX.mtx [dim]
 */
#include "csr_input.h"

#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void sample_fn(int64_t, int64_t, const int64_t *, const int64_t *,
                       const float *, const float *, float *);
typedef void fusedmm_fn(const int64_t *, const int64_t *, const int64_t *,
                        const float *, const float *, float *, const int64_t,
                        const int64_t);
sample_fn sigmoid_separate, sigmoid_fused;
fusedmm_fn fusedmm_exact, fusedmm_table;

#define RUNS 5
enum { SEPARATE, FUSED, FUSEDMM, FUSEDMM_TABLE, KERNELS };

typedef struct {
  int64_t n, dim;
  const int64_t *indptr, *indices;
  const float *X, *Y;
  float *O;
} problem;

static void run(const problem *pb, int which) {
  memset(pb->O, 0, (size_t)pb->n * pb->dim * sizeof(float));
  if (which == SEPARATE || which == FUSED)
    (which == FUSED ? sigmoid_fused : sigmoid_separate)(
        pb->n, pb->dim, pb->indptr, pb->indices, pb->X, pb->Y, pb->O);
  else
    (which == FUSEDMM ? fusedmm_exact : fusedmm_table)(
        pb->indptr, pb->indices, NULL, pb->X, pb->Y, pb->O, pb->n, pb->dim);
}

static double best_time(const problem *pb, int which) {
  double best = INFINITY;
  for (int r = 0; r < RUNS; r++) {
    double t0 = omp_get_wtime();
    run(pb, which);
    double t = omp_get_wtime() - t0;
    if (t < best)
      best = t;
  }
  return best;
}

/* n floats in [-scale / 2, scale / 2), the same for every run. */
static float *features(size_t n, float scale) {
  float *p = malloc((n ? n : 1) * sizeof(float));
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  for (size_t x = 0; x < n; x++)
    p[x] = scale * (float)((x * 2654435761u) % 1000) / 1000.0f - 0.5f * scale;
  return p;
}

/* Whether b's n elements are a's, to 1e-4 relative to max(|a|, 1): the
 * kernels sum in float in different orders, and FusedMM weighs an edge in
 * double ('1.0 - d1'). */
static int agree(const float *a, const float *b, size_t n) {
  for (size_t x = 0; x < n; x++)
    if (!(fabsf(a[x] - b[x]) <= 1e-4f * fmaxf(1.0f, fabsf(a[x]))))
      return 0;
  return 1;
}

static int64_t *widened(const int *a, size_t n) {
  int64_t *p = malloc((n ? n : 1) * sizeof(int64_t));
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  for (size_t x = 0; x < n; x++)
    p[x] = a[x];
  return p;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MATRIX.mtx [dim]\n", argv[0]);
    return 2;
  }
  lnr_csr B;
  if (lnr_csr_read_mtx(argv[1], &B) != 0)
    return 1;
  int64_t dim = argc > 2 ? atoi(argv[2]) : 64;
  size_t dense = (size_t)B.rows * dim;
  problem pb = {B.rows,
                dim,
                widened(B.rowptr, (size_t)B.rows + 1),
                widened(B.colidx, (size_t)B.nnz),
                features(dense, 1),
                features(dense, 1),
                features(dense, 0)};
  float *check = features(dense, 0);
  static const char *const names[KERNELS] = {"separate", "fused", "FusedMM",
                                             "FusedMM table"};
  printf("%s: %d rows, %d nonzeros, dim = %lld\n", argv[1], B.rows, B.nnz,
         (long long)dim);
  run(&pb, SEPARATE);
  memcpy(check, pb.O, dense * sizeof(float));
  int ok = 1;
  for (int which = FUSED; which <= FUSEDMM; which++) {
    run(&pb, which);
    if (!agree(check, pb.O, dense)) {
      printf("%s disagrees with the separate kernels\n", names[which]);
      ok = 0;
    }
  }
  if (!ok)
    return 1;
  int all = omp_get_max_threads();
  for (int threads = 1; threads <= all;
       threads = threads == all ? all + 1 : all) {
    omp_set_num_threads(threads);
    double t[KERNELS];
    for (int which = 0; which < KERNELS; which++)
      t[which] = best_time(&pb, which);
    printf("%d thread%s: separate %.3f ms, fused %.3f ms, FusedMM %.3f ms, "
           "FusedMM table %.3f ms; separate / fused %.2fx, FusedMM / fused "
           "%.2fx, FusedMM table / fused %.2fx\n",
           threads, threads > 1 ? "s" : "", t[SEPARATE] * 1e3, t[FUSED] * 1e3,
           t[FUSEDMM] * 1e3, t[FUSEDMM_TABLE] * 1e3, t[SEPARATE] / t[FUSED],
           t[FUSEDMM] / t[FUSED], t[FUSEDMM_TABLE] / t[FUSED]);
  }
  return 0;
}
