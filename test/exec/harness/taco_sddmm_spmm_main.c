/* Execution test of the tool's rewrites of the TACO-style <SDDMM, SpMM>
 * kernels samples/taco/sddmm_spmm*.c (double):
 *   A(i,l) = sum_jk B(i,j) * C(i,k) * D(j,k) * E(j,l),  B CSR.
 * The cases, checks and report are taco_check.c's (see taco_check.h).
 * Build with the sample compiled twice, with -Dcompute=lnr_original and
 * -Dcompute=lnr_rewritten.
 */
#include "taco_check.h"

/* -DLNR_COMPRESSED_ROOT=1: B with every level compressed (DCSR, CSF as
 * TACO's {Sparse, Sparse, Sparse}). */
#ifndef LNR_COMPRESSED_ROOT
#define LNR_COMPRESSED_ROOT 0
#endif

int lnr_original(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                 taco_tensor_t *D, taco_tensor_t *E);
int lnr_rewritten(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                  taco_tensor_t *D, taco_tensor_t *E);

static int call(int rewritten, taco_tensor_t *const *t) {
  return (rewritten ? lnr_rewritten : lnr_original)(t[0], t[1], t[2], t[3],
                                                     t[4]);
}

static const tc_kernel kernel = {
    .name = "taco sddmm_spmm",
    .type = TC_F64,
    .rel_tol = 1e-9,
    .sparse = "ij",
    .ndense = 3,
    .dense = {{"C", "ik"}, {"D", "jk"}, {"E", "jl"}},
    .out = "il",
    .compressed_root = LNR_COMPRESSED_ROOT,
    .call = call,
};

int main(void) { return tc_main(&kernel); }
