/* Execution test for the <SpMM, GEMM> rewrite of
 * samples/handwritten/spmm_gemm_csr.c:
 *   A(i,l) += sum_jk B(i,j) * C(j,k) * D(k,l)
 * (per-thread vector temporary over k). The cases, checks and report are
 * exec_check.c's (see exec_check.h).
 *
 * Usage: spmm_gemm_csr_main [MATRIX.mtx ...]   (K = L = 16 on matrices)
 * Build as sddmm_spmm_csr_main.c, with -Dspmm_gemm=lnr_original / ...
 */
#include "exec_check.h"

void lnr_original(int n, int K, int L, const int *pos, const int *crd,
                  const double *Bv, const double *C, const double *D,
                  double *restrict A);
void lnr_rewritten(int n, int K, int L, const int *pos, const int *crd,
                   const double *Bv, const double *C, const double *D,
                   double *restrict A);

static void call(int rewritten, const lnr_args *a) {
  (rewritten ? lnr_rewritten : lnr_original)(
      a->B->rows, a->ext[0], a->ext[1], a->B->rowptr, a->B->colidx, a->vals,
      a->in[0], a->in[1], a->out);
}

static const lnr_kernel kernel = {
    .name = "spmm_gemm",
    .type = LNR_F64,
    .rel_tol = 1e-9,
    .nextents = 2,
    .extent_names = {"K", "L"},
    .ndense = 2,
    .dense = {{"C", LNR_M, LNR_X0}, {"D", LNR_X0, LNR_X1}},
    .out = {"A", LNR_N, LNR_X1},
    .mtx_ext = {16, 16},
    .call = call,
};

int main(int argc, char **argv) { return lnr_exec_main(&kernel, argc, argv); }
