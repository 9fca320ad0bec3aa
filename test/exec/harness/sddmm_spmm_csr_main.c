/* Execution test for the <SDDMM, SpMM> rewrite of
 * samples/handwritten/sddmm_spmm_csr.c:
 *   A(i,l) += sum_jk B(i,j) * C(i,k) * D(j,k) * E(j,l)
 * The cases, checks and report are exec_check.c's (see exec_check.h).
 *
 * Usage: sddmm_spmm_csr_main [MATRIX.mtx ...]   (K = L = 16 on matrices)
 *
 * Build:
 *   cc -O2 -fopenmp -c sample.c    -Dsddmm_spmm=lnr_original  -o orig.o
 *   cc -O2 -fopenmp -c rewritten.c -Dsddmm_spmm=lnr_rewritten -o rewr.o
 *   cc -O2 -fopenmp -Itest/exec/harness \
 *      test/exec/harness/sddmm_spmm_csr_main.c \
 *      test/exec/harness/exec_check.c test/exec/harness/csr_input.c \
 *      orig.o rewr.o -lm -o sddmm_spmm_csr_test
 */
#include "exec_check.h"

void lnr_original(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *restrict A);
void lnr_rewritten(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A);

static void call(int rewritten, const lnr_args *a) {
  (rewritten ? lnr_rewritten : lnr_original)(
      a->B->rows, a->ext[0], a->ext[1], a->B->rowptr, a->B->colidx, a->vals,
      a->in[0], a->in[1], a->in[2], a->out);
}

static const lnr_kernel kernel = {
    .name = "sddmm_spmm",
    .type = LNR_F64,
    .rel_tol = 1e-9,
    .nextents = 2,
    .extent_names = {"K", "L"},
    .ndense = 3,
    .dense = {{"C", LNR_N, LNR_X0}, {"D", LNR_M, LNR_X0}, {"E", LNR_M, LNR_X1}},
    .out = {"A", LNR_N, LNR_X1},
    .mtx_ext = {16, 16},
    .call = call,
};

int main(int argc, char **argv) { return lnr_exec_main(&kernel, argc, argv); }
