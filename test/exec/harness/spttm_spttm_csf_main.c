/* Execution test for the <SpTTM, SpTTM> rewrite of
 * samples/handwritten/spttm_spttm_csf.c:
 *   A(i,j,m) += sum_kl B(i,j,k) * C(k,l) * D(l,m)
 * with B an I x J x K 3-tensor in CSF and A SPARSE, in B's (i,j) pattern:
 * fiber (i,j), stored at B's level-2 position p1, is row p1 of an
 * nfib x M array (per-thread vector temporary over l, reset per fiber). The
 * cases, checks and report are exec_check.c's with exec_check_csf.c's CSF
 * tensors (see exec_check.h); the guards sit around the nfib x M values.
 *
 * Usage: spttm_spttm_csf_main [TENSOR.tns ...]   (L = M = 16 on tensors)
 * Build: compile the sample with -Dspttm_spttm=lnr_original and the rewrite
 * with -Dspttm_spttm=lnr_rewritten, each on its own, then link them with
 * this file, exec_check.c, exec_check_csf.c, csf_input.c and csr_input.c.
 */
#include "exec_check.h"

void lnr_original(int I, int L, int M, const int *pos1, const int *crd1,
                  const int *pos2, const int *crd2, const double *vals,
                  const double *C, const double *D, double *restrict A);
void lnr_rewritten(int I, int L, int M, const int *pos1, const int *crd1,
                   const int *pos2, const int *crd2, const double *vals,
                   const double *C, const double *D, double *restrict A);

static void call(int rewritten, const lnr_args *a) {
  (rewritten ? lnr_rewritten : lnr_original)(
      a->T->dims[0], a->ext[0], a->ext[1], a->T->pos1, a->T->crd1, a->T->pos2,
      a->T->crd2, a->vals, a->in[0], a->in[1], a->out);
}

/* B's modes are (i, j, k): LNR_N = I, LNR_M = J, LNR_MODE2 = K; A has one
 * row per stored (i,j): LNR_FIBERS rows. */
static const lnr_kernel kernel = {
    .name = "spttm_spttm",
    .format = LNR_CSF3,
    .type = LNR_F64,
    .rel_tol = 1e-9,
    .nextents = 2,
    .extent_names = {"L", "M"},
    .ndense = 2,
    .dense = {{"C", LNR_MODE2, LNR_X0}, {"D", LNR_X0, LNR_X1}},
    .out = {"A", LNR_FIBERS, LNR_X1},
    .mtx_ext = {16, 16},
    .call = call,
};

int main(int argc, char **argv) {
  return lnr_exec_main_csf(&kernel, argc, argv);
}
