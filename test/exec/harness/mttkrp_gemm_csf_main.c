/* Execution test for the <MTTKRP, GEMM> rewrite of
 * samples/handwritten/mttkrp_gemm_csf.c:
 *   A(i,m) += sum_jkl B(i,k,l) * C(l,j) * D(k,j) * E(j,m)
 * with B an I x K x L 3-tensor in CSF and A dense I x M (per-thread vector
 * temporary over j). The cases, checks and report are exec_check.c's with
 * exec_check_csf.c's CSF tensors (see exec_check.h).
 *
 * Usage: mttkrp_gemm_csf_main [TENSOR.tns ...]   (J = M = 16 on tensors)
 * Build: compile the sample with -Dmttkrp_gemm=lnr_original and the rewrite
 * with -Dmttkrp_gemm=lnr_rewritten, each on its own, then link them with
 * this file, exec_check.c, exec_check_csf.c, csf_input.c and csr_input.c.
 */
#include "exec_check.h"

void lnr_original(int I, int J, int M, const int *pos1, const int *crd1,
                  const int *pos2, const int *crd2, const double *vals,
                  const double *C, const double *D, const double *E,
                  double *restrict A);
void lnr_rewritten(int I, int J, int M, const int *pos1, const int *crd1,
                   const int *pos2, const int *crd2, const double *vals,
                   const double *C, const double *D, const double *E,
                   double *restrict A);

static void call(int rewritten, const lnr_args *a) {
  (rewritten ? lnr_rewritten : lnr_original)(
      a->T->dims[0], a->ext[0], a->ext[1], a->T->pos1, a->T->crd1, a->T->pos2,
      a->T->crd2, a->vals, a->in[0], a->in[1], a->in[2], a->out);
}

/* B's modes are (i, k, l): LNR_N = I, LNR_M = K, LNR_MODE2 = L. */
static const lnr_kernel kernel = {
    .name = "mttkrp_gemm",
    .format = LNR_CSF3,
    .type = LNR_F64,
    .rel_tol = 1e-9,
    .nextents = 2,
    .extent_names = {"J", "M"},
    .ndense = 3,
    .dense = {{"C", LNR_MODE2, LNR_X0},
              {"D", LNR_M, LNR_X0},
              {"E", LNR_X0, LNR_X1}},
    .out = {"A", LNR_N, LNR_X1},
    .mtx_ext = {16, 16},
    .call = call,
};

int main(int argc, char **argv) {
  return lnr_exec_main_csf(&kernel, argc, argv);
}
