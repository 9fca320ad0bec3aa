/* Execution test for the <SpMM with a Hadamard product, GEMM> rewrite of
 * samples/handwritten/spmmh_gemm_csr.c:
 *   A(i,l) += sum_kj B(i,k) * C(k,j) * D(k,j) * E(j,l)
 * (per-thread vector temporary over j). The cases, checks and report are
 * exec_check.c's (see exec_check.h).
 *
 * Usage: spmmh_gemm_csr_main [MATRIX.mtx ...]   (J = L = 16 on matrices)
 * Build as sddmm_spmm_csr_main.c, with -Dspmmh_gemm=lnr_original / ...
 */
#include "exec_check.h"

void lnr_original(int n, int J, int L, const int *row_start, const int *col,
                  const double *val, const double *C, const double *D,
                  const double *E, double *restrict A);
void lnr_rewritten(int n, int J, int L, const int *row_start, const int *col,
                   const double *val, const double *C, const double *D,
                   const double *E, double *restrict A);

static void call(int rewritten, const lnr_args *a) {
  (rewritten ? lnr_rewritten : lnr_original)(
      a->B->rows, a->ext[0], a->ext[1], a->B->rowptr, a->B->colidx, a->vals,
      a->in[0], a->in[1], a->in[2], a->out);
}

static const lnr_kernel kernel = {
    .name = "spmmh_gemm",
    .type = LNR_F64,
    .rel_tol = 1e-9,
    .nextents = 2,
    .extent_names = {"J", "L"},
    .ndense = 3,
    .dense = {{"C", LNR_M, LNR_X0}, {"D", LNR_M, LNR_X0}, {"E", LNR_X0, LNR_X1}},
    .out = {"A", LNR_N, LNR_X1},
    .mtx_ext = {16, 16},
    .call = call,
};

int main(int argc, char **argv) { return lnr_exec_main(&kernel, argc, argv); }
