/* Execution test for the single-precision <SDDMM, SpMM> rewrite of
 * samples/handwritten/sddmm_spmm_csr_float.c:
 *   A(i,l) += sum_jk B(i,j) * C(i,k) * D(j,k) * E(j,l)     (all float)
 * The cases, checks and report are exec_check.c's (see exec_check.h); the
 * tolerance is scaled for float (epsilon 6e-8): 1e-4 relative to M.
 *
 * Usage: sddmm_spmm_csr_float_main [MATRIX.mtx ...]  (K = L = 16)
 * Build as sddmm_spmm_csr_main.c, with -Dsddmm_spmm_float=lnr_original / ...
 */
#include "exec_check.h"

void lnr_original(int n, int K, int L, const int *rowptr, const int *colidx,
                  const float *vals, const float *C, const float *D,
                  const float *E, float *restrict A);
void lnr_rewritten(int n, int K, int L, const int *rowptr, const int *colidx,
                   const float *vals, const float *C, const float *D,
                   const float *E, float *restrict A);

static void call(int rewritten, const lnr_args *a) {
  (rewritten ? lnr_rewritten : lnr_original)(
      a->B->rows, a->ext[0], a->ext[1], a->B->rowptr, a->B->colidx, a->vals,
      a->in[0], a->in[1], a->in[2], a->out);
}

static const lnr_kernel kernel = {
    .name = "sddmm_spmm_float",
    .type = LNR_F32,
    .rel_tol = 1e-4,
    .nextents = 2,
    .extent_names = {"K", "L"},
    .ndense = 3,
    .dense = {{"C", LNR_N, LNR_X0}, {"D", LNR_M, LNR_X0}, {"E", LNR_M, LNR_X1}},
    .out = {"A", LNR_N, LNR_X1},
    .mtx_ext = {16, 16},
    .call = call,
};

int main(int argc, char **argv) { return lnr_exec_main(&kernel, argc, argv); }
