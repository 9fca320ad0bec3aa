/* The paper's tensor kernels as separate kernels against their fusion, and
 * against the fusion of the same kernel written as one nest: the three
 * samples of samples/separate/ over a CSF tensor (tensor_*_written: as
 * written, two nests and a workspace; tensor_*_fused: lnr-rewrite's output
 * of them), and lnr-rewrite's output of samples/handwritten/'s single nests
 * (*_rewritten), timed in one process after checking that they agree, at 1
 * thread and at all of them.
 *
 * Usage: pair_tensor_speedup TENSOR.tns [J M]
 *   <MTTKRP, GEMM> with J and M (default 32 32), <SpTTM, SpTTM> with L = J
 *   and M.
 * Each kernel runs 5 times per thread count; the best time is reported.
 */
#include "csf_input.h"
#include "demo_arrays.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void mttkrp_fn(int, int, int, const int *, const int *, const int *,
                       const int *, const double *, const double *,
                       const double *, const double *, double *);
typedef void spttm_fn(int, int, int, const int *, const int *, const int *,
                      const int *, const double *, const double *,
                      const double *, double *);
mttkrp_fn tensor_mttkrp_written, tensor_mttkrp_fused, mttkrp_gemm_rewritten;
spttm_fn tensor_spttm_written, tensor_spttm_fused, spttm_spttm_rewritten,
    tensor_taco_spttm_written, tensor_taco_spttm_fused;

#define RUNS 5

typedef struct {
  const lnr_csf *B;
  int J, M;
  const double *C, *D, *E;
  double *A;
  size_t size; /* elements of A */
} problem;

/* Kernel k of the problem (0: <MTTKRP, GEMM>, 1: <SpTTM, SpTTM>, 2:
 * <SpTTM, SpTTM> as TACO's two functions), form f (0 written, 1 fused, 2
 * the single nest's rewrite), into a zeroed A. */
static void run(const problem *p, int k, int f) {
  const lnr_csf *B = p->B;
  memset(p->A, 0, p->size * sizeof(double));
  if (k == 0) {
    mttkrp_fn *fn = f == 0   ? tensor_mttkrp_written
                    : f == 1 ? tensor_mttkrp_fused
                             : mttkrp_gemm_rewritten;
    fn(B->dims[0], p->J, p->M, B->pos1, B->crd1, B->pos2, B->crd2, B->vals,
       p->C, p->D, p->E, p->A);
  } else {
    spttm_fn *fn = f == 2   ? spttm_spttm_rewritten
                   : k == 1 ? (f == 0 ? tensor_spttm_written
                                      : tensor_spttm_fused)
                            : (f == 0 ? tensor_taco_spttm_written
                                      : tensor_taco_spttm_fused);
    fn(B->dims[0], p->J, p->M, B->pos1, B->crd1, B->pos2, B->crd2, B->vals,
       p->C, p->D, p->A);
  }
}

static double best(const problem *p, int k, int f) {
  double t = 1e30;
  for (int r = 0; r < RUNS; r++) {
    double s = omp_get_wtime();
    run(p, k, f);
    double e = omp_get_wtime() - s;
    if (e < t)
      t = e;
  }
  return t;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s TENSOR.tns [J M]\n", argv[0]);
    return 2;
  }
  lnr_csf B;
  if (lnr_csf_read_tns(argv[1], &B))
    return 1;
  int J = argc > 2 ? atoi(argv[2]) : 32, M = argc > 3 ? atoi(argv[3]) : 32;
  int width = B.dims[0] > B.dims[1] ? B.dims[0] : B.dims[1];
  if (B.dims[2] > width)
    width = B.dims[2];
  size_t wide = (size_t)width * (size_t)(J > M ? J : M);
  double *C = filled(wide, 1.0), *D = filled(wide, 2.0), *E = filled(wide, 3.0);
  size_t rows = (size_t)(B.nfib > B.dims[0] ? B.nfib : B.dims[0]);
  double *A = filled(rows * M, 0), *Ref = filled(rows * M, 0);
  problem p = {&B, J, M, C, D, E, A, rows * M};
  static const char *names[] = {"<MTTKRP, GEMM>", "<SpTTM, SpTTM>",
                                 "<SpTTM, SpTTM> in TACO's two functions"};
  printf("%s: %d x %d x %d, %d fibers, %d nonzeros, J = %d, M = %d\n", argv[1],
         B.dims[0], B.dims[1], B.dims[2], B.nfib, B.nnz, J, M);
  int all = omp_get_max_threads();
  for (int k = 0; k < 3; k++) {
    run(&p, k, 0);
    memcpy(Ref, A, p.size * sizeof(double));
    for (int f = 1; f < 3; f++) {
      run(&p, k, f);
      if (!agree(Ref, A, p.size)) {
        fprintf(stderr, "%s: form %d disagrees with the written one\n",
                names[k], f);
        return 1;
      }
    }
    for (int t = 1; t <= all; t = t == all ? all + 1 : all) {
      omp_set_num_threads(t);
      double w = best(&p, k, 0), fu = best(&p, k, 1), one = best(&p, k, 2);
      printf("%s, %d thread%s: written %.2f ms, fused %.2f ms (%.2fx), the "
             "single nest's rewrite %.2f ms (fused / single %.2f)\n",
             names[k], t, t > 1 ? "s" : "", 1e3 * w, 1e3 * fu, w / fu,
             1e3 * one, fu / one);
    }
  }
  return 0;
}
