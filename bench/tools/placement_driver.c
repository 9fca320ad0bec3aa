/* Code placement experiment (bench/tools/code_placement.sh): times a
 * rewritten sample and the hand-written separate kernels of the same
 * computation on one thread, best of REPS calls, and checks that they agree.
 * The script links this driver several times with a padding function of a
 * different size before the kernels, so that the same machine code sits at
 * different addresses.
 *
 *   placement_driver spmm_gemm|sddmm_spmm INPUT K L REPS
 *   placement_driver spttm_spttm tns:PATH L M REPS
 *
 * INPUT is mtx:PATH or fem:NX:NY:NZ (bench_inputs.h), a FROSTT 3-tensor for
 * <SpTTM, SpTTM>. Prints the two best times in milliseconds: rewritten,
 * then separate (for <SpTTM, SpTTM> the two passes of the same operations,
 * T = B * C then A = T * D).
 */
#include "bench_inputs.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lnr_placed_spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
                          const double *Bv, const double *C, const double *D,
                          double *restrict A);
void sep_spmm_gemm_bc_d(int n, int m, int K, int L, const int *pos,
                        const int *crd, const double *Bv, const double *C,
                        const double *D, double *restrict A,
                        double *restrict T);
void lnr_placed_sddmm_spmm(int n, int K, int L, const int *rowptr,
                           const int *colidx, const double *vals,
                           const double *C, const double *D, const double *E,
                           double *restrict A);
void sep_sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A, double *restrict T);

void lnr_placed_spttm_spttm(int I, int L, int M, const int *pos1,
                            const int *crd1, const int *pos2, const int *crd2,
                            const double *vals, const double *C,
                            const double *D, double *restrict A);
void sep_spttm_spttm_bc_d(int I, int nfib, int K, int L, int M, const int *pos1,
                          const int *pos2, const int *crd2, const double *vals,
                          const double *C, const double *D, double *restrict A,
                          double *restrict T);

static void *checked_calloc(size_t count) {
  void *p = calloc(count ? count : 1, sizeof(double));
  if (!p) {
    fprintf(stderr, "placement_driver: out of memory\n");
    exit(2);
  }
  return p;
}

/* The two best times, once the rewrite's output (A[0]) agrees with the
 * separate kernels' (A[1]); the exit status. */
static int report(const double best[2], double *A[2], size_t count) {
  double err = 0;
  for (size_t x = 0; x < count; x++) {
    double a = A[0][x], b = A[1][x];
    if (isnan(a) || isnan(b) || isinf(a) || isinf(b)) {
      /* Equal only as the same infinity or both NaN; a NaN difference
       * would pass any 'err > tol' test. */
      if (!(isnan(a) && isnan(b)) && a != b)
        err = INFINITY;
      continue;
    }
    double scale = fabs(b) > 1 ? fabs(b) : 1;
    if (fabs(a - b) / scale > err)
      err = fabs(a - b) / scale;
  }
  if (!(err <= 1e-9)) {
    fprintf(stderr, "placement_driver: the variants differ by %g\n", err);
    return 1;
  }
  printf("%.3f %.3f\n", best[0] * 1e3, best[1] * 1e3);
  return 0;
}

/* <SpTTM, SpTTM>: B is I x J x K in CSF, C is K x L, D is L x M; A holds
 * one row of M per fiber (i, j). */
static int spttm(const char *input, int L, int M, int reps) {
  lnr_csf B;
  const int order[3] = {0, 1, 2};
  if (strncmp(input, "tns:", 4) != 0) {
    fprintf(stderr, "placement_driver: input '%s' is not tns:PATH\n", input);
    return 2;
  }
  if (lnr_bench_read_tns(input + 4, order, &B))
    return 2;
  lnr_fill_random(B.vals, (size_t)B.nnz, 7); /* as lnr-bench */
  const size_t K = (size_t)B.dims[2], nfib = (size_t)B.nfib;
  double *C = checked_calloc(K * L), *D = checked_calloc((size_t)L * M);
  double *T = checked_calloc(nfib * L);
  double *A[2] = {checked_calloc(nfib * M), checked_calloc(nfib * M)};
  lnr_fill_random(C, K * L, 1);
  lnr_fill_random(D, (size_t)L * M, 2);
  double best[2] = {INFINITY, INFINITY};
  for (int r = 0; r < reps; r++)
    for (int v = 0; v < 2; v++) {
      memset(A[v], 0, sizeof(double) * nfib * M);
      double t0 = omp_get_wtime();
      if (v == 0)
        lnr_placed_spttm_spttm(B.dims[0], L, M, B.pos1, B.crd1, B.pos2, B.crd2,
                               B.vals, C, D, A[0]);
      else
        sep_spttm_spttm_bc_d(B.dims[0], B.nfib, B.dims[2], L, M, B.pos1, B.pos2,
                             B.crd2, B.vals, C, D, A[1], T);
      double t = omp_get_wtime() - t0;
      if (t < best[v])
        best[v] = t;
    }
  return report(best, A, nfib * M);
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr,
            "usage: %s spmm_gemm|sddmm_spmm|spttm_spttm INPUT K L REPS\n",
            argv[0]);
    return 2;
  }
  if (strcmp(argv[1], "spttm_spttm") == 0)
    return spttm(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
  const int gemm = strcmp(argv[1], "spmm_gemm") == 0;
  if (!gemm && strcmp(argv[1], "sddmm_spmm") != 0) {
    fprintf(stderr, "placement_driver: unknown kernel '%s'\n", argv[1]);
    return 2;
  }
  lnr_csr B;
  int nx, ny, nz;
  if (strncmp(argv[2], "mtx:", 4) == 0) {
    if (lnr_csr_read_mtx(argv[2] + 4, &B))
      return 2;
  } else if (sscanf(argv[2], "fem:%d:%d:%d", &nx, &ny, &nz) == 3) {
    B = lnr_bench_fem27(nx, ny, nz, 20220627); /* lnr-bench's seed */
  } else {
    fprintf(stderr,
            "placement_driver: input '%s' is not mtx:PATH or "
            "fem:NX:NY:NZ\n",
            argv[2]);
    return 2;
  }
  const int K = atoi(argv[3]), L = atoi(argv[4]), reps = atoi(argv[5]);
  const size_t n = (size_t)B.rows, m = (size_t)B.cols;
  /* <SpMM, GEMM>: C is m x K, D is K x L. <SDDMM, SpMM>: C is n x K, D is
   * m x K, E is m x L. */
  double *C = checked_calloc((gemm ? m : n) * K);
  double *D = checked_calloc(gemm ? (size_t)K * L : m * K);
  double *E = checked_calloc(m * L);
  double *T = checked_calloc(gemm ? n * K : (size_t)B.nnz);
  double *A[2] = {checked_calloc(n * L), checked_calloc(n * L)};
  lnr_fill_random(C, (gemm ? m : n) * K, 1);
  lnr_fill_random(D, gemm ? (size_t)K * L : m * K, 2);
  lnr_fill_random(E, m * L, 3);
  double best[2] = {INFINITY, INFINITY};
  for (int r = 0; r < reps; r++)
    for (int v = 0; v < 2; v++) {
      memset(A[v], 0, sizeof(double) * n * L);
      double t0 = omp_get_wtime();
      if (gemm && v == 0)
        lnr_placed_spmm_gemm(B.rows, K, L, B.rowptr, B.colidx, B.vals, C, D,
                             A[0]);
      else if (gemm)
        sep_spmm_gemm_bc_d(B.rows, B.cols, K, L, B.rowptr, B.colidx, B.vals, C,
                           D, A[1], T);
      else if (v == 0)
        lnr_placed_sddmm_spmm(B.rows, K, L, B.rowptr, B.colidx, B.vals, C, D, E,
                              A[0]);
      else
        sep_sddmm_spmm(B.rows, K, L, B.rowptr, B.colidx, B.vals, C, D, E, A[1],
                       T);
      double t = omp_get_wtime() - t0;
      if (t < best[v])
        best[v] = t;
    }
  return report(best, A, n * L);
}
