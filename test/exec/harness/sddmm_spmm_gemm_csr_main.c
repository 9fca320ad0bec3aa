/* Execution test for the <SDDMM, SpMM, GEMM> rewrite of
 * samples/handwritten/sddmm_spmm_gemm_csr.c:
 *   A(i,m) += sum_jkl B(i,j) * C(i,k) * D(j,k) * F(j,l) * W(l,m)
 * (a scalar temporary inside a per-thread vector temporary over l). The
 * cases, checks and report are exec_check.c's (see exec_check.h).
 *
 * Usage: sddmm_spmm_gemm_csr_main [MATRIX.mtx ...]  (K = L = M = 8 on
 * matrices: the original costs nnz * K * L * M)
 * Build as sddmm_spmm_csr_main.c, with -Dsddmm_spmm_gemm=lnr_original / ...
 */
#include "exec_check.h"

void lnr_original(int n, int K, int L, int M, const int *rowptr,
                  const int *colidx, const double *vals, const double *C,
                  const double *D, const double *F, const double *W,
                  double *restrict A);
void lnr_rewritten(int n, int K, int L, int M, const int *rowptr,
                   const int *colidx, const double *vals, const double *C,
                   const double *D, const double *F, const double *W,
                   double *restrict A);

static void call(int rewritten, const lnr_args *a) {
  (rewritten ? lnr_rewritten : lnr_original)(
      a->B->rows, a->ext[0], a->ext[1], a->ext[2], a->B->rowptr, a->B->colidx,
      a->vals, a->in[0], a->in[1], a->in[2], a->in[3], a->out);
}

static const lnr_kernel kernel = {
    .name = "sddmm_spmm_gemm",
    .type = LNR_F64,
    .rel_tol = 1e-9,
    .nextents = 3,
    .extent_names = {"K", "L", "M"},
    .ndense = 4,
    .dense = {{"C", LNR_N, LNR_X0},
              {"D", LNR_M, LNR_X0},
              {"F", LNR_M, LNR_X1},
              {"W", LNR_X1, LNR_X2}},
    .out = {"A", LNR_N, LNR_X2},
    .mtx_ext = {8, 8, 8},
    .call = call,
};

int main(int argc, char **argv) { return lnr_exec_main(&kernel, argc, argv); }
