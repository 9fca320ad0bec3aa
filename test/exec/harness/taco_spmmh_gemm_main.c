/* Execution test of the tool's rewrites of the TACO-style <SpMMH, GEMM>
 * kernels samples/taco/spmmh_gemm_*.c:
 *   A(i,l) = sum_kj B(i,k) * C(k,j) * D(k,j) * E(j,l),  B CSR.
 * The cases, checks and report are taco_check.c's (see taco_check.h).
 * Build with the sample compiled twice, with -Dcompute=lnr_original and
 * -Dcompute=lnr_rewritten.
 */
#include "taco_check.h"

int lnr_original(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                 taco_tensor_t *D, taco_tensor_t *E);
int lnr_rewritten(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                  taco_tensor_t *D, taco_tensor_t *E);

static int call(int rewritten, taco_tensor_t *const *t) {
  return (rewritten ? lnr_rewritten : lnr_original)(t[0], t[1], t[2], t[3],
                                                     t[4]);
}

static const tc_kernel kernel = {
    .name = "taco spmmh_gemm",
    .type = TC_F64,
    .rel_tol = 1e-9,
    .sparse = "ik",
    .ndense = 3,
    .dense = {{"C", "kj"}, {"D", "kj"}, {"E", "jl"}},
    .out = "il",
    .call = call,
};

int main(void) { return tc_main(&kernel); }
