/* Execution test of the tool's rewrites of the TACO-style <MTTKRP, GEMM>
 * kernels samples/taco/mttkrp_gemm_*.c:
 *   A(i,m) = sum_klj B(i,k,l) * C(l,j) * D(k,j) * E(j,m),  B CSF.
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
    .name = "taco mttkrp_gemm",
    .type = TC_F64,
    .rel_tol = 1e-9,
    .sparse = "ikl",
    .ndense = 3,
    .dense = {{"C", "lj"}, {"D", "kj"}, {"E", "jm"}},
    .out = "im",
    .compressed_root = LNR_COMPRESSED_ROOT,
    .call = call,
};

int main(void) { return tc_main(&kernel); }
