/* Execution test of the tool's rewrites of the TACO-style <SpMM, GEMM>
 * kernels samples/taco/spmm_gemm_*.c:
 *   A(i,l) = sum_jk B(i,j) * C(j,k) * D(k,l),  B CSR.
 * The cases, checks and report are taco_check.c's (see taco_check.h).
 * Build with the sample compiled twice, with -Dcompute=lnr_original and
 * -Dcompute=lnr_rewritten.
 */
#include "taco_check.h"

int lnr_original(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                 taco_tensor_t *D);
int lnr_rewritten(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                  taco_tensor_t *D);

static int call(int rewritten, taco_tensor_t *const *t) {
  return (rewritten ? lnr_rewritten : lnr_original)(t[0], t[1], t[2], t[3]);
}

static const tc_kernel kernel = {
    .name = "taco spmm_gemm",
    .type = TC_F64,
    .rel_tol = 1e-9,
    .sparse = "ij",
    .ndense = 2,
    .dense = {{"C", "jk"}, {"D", "kl"}},
    .out = "il",
    .call = call,
};

int main(void) { return tc_main(&kernel); }
