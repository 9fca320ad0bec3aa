/* Execution test for samples/handwritten/sddmm_spmm_csr_struct.c: the
 * <SDDMM, SpMM> kernel with its extents in a struct and its update spelled
 * A[x] = A[x] + ...:
 *   A(i,l) += sum_jk B(i,j) * C(i,k) * D(j,k) * E(j,l)
 * The cases, checks and report are exec_check.c's (see exec_check.h).
 *
 * Usage: sddmm_spmm_csr_struct_main [MATRIX.mtx ...]  (K = L = 16)
 * Build as sddmm_spmm_csr_main.c, with -Dsddmm_spmm_struct=lnr_original / ...
 */
#include "exec_check.h"

/* The sample's struct, field for field. */
struct sddmm_dims {
  int n, K, L;
};

void lnr_original(const struct sddmm_dims *d, const int *rowptr,
                  const int *colidx, const double *vals, const double *C,
                  const double *D, const double *E, double *restrict A);
void lnr_rewritten(const struct sddmm_dims *d, const int *rowptr,
                   const int *colidx, const double *vals, const double *C,
                   const double *D, const double *E, double *restrict A);

static void call(int rewritten, const lnr_args *a) {
  struct sddmm_dims d;
  d.n = a->B->rows;
  d.K = a->ext[0];
  d.L = a->ext[1];
  (rewritten ? lnr_rewritten : lnr_original)(&d, a->B->rowptr, a->B->colidx,
                                             a->vals, a->in[0], a->in[1],
                                             a->in[2], a->out);
}

static const lnr_kernel kernel = {
    .name = "sddmm_spmm_struct",
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
