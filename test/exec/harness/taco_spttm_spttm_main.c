/* Execution test of the tool's rewrite of the TACO-style <SpTTM, SpTTM>
 * kernel samples/taco/spttm_spttm_ijklm.c:
 *   A(i,j,m) = sum_kl B(i,j,k) * C(k,l) * D(l,m),  B CSF,
 * A sparse with B's (i,j) pattern (one row of M values per fiber of B),
 * which TACO stores through its counter jA. The cases, checks and report
 * are taco_check.c's (see taco_check.h, out_fibers). Build with the sample
 * compiled twice, with -Dcompute=lnr_original and -Dcompute=lnr_rewritten.
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
    .name = "taco spttm_spttm",
    .type = TC_F64,
    .rel_tol = 1e-9,
    .sparse = "ijk",
    .ndense = 2,
    .dense = {{"C", "kl"}, {"D", "lm"}},
    .out = "jm",
    .out_fibers = 1,
    .call = call,
};

int main(void) { return tc_main(&kernel); }
