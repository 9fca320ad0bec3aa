/* Execution test of the tool's rewrites of the TACO-style <SDDMM, SpMM>
 * kernels samples/taco/sddmm_spmm*.c (double):
 *   A(i,l) = sum_jk B(i,j) * C(i,k) * D(j,k) * E(j,l),  B CSR.
 * The cases, checks and report are taco_check.c's (see taco_check.h).
 * Build with the sample compiled twice, with -Dcompute=lnr_original and
 * -Dcompute=lnr_rewritten.
 */
#include "taco_check.h"

#include <stdlib.h>
#include <string.h>

/* -DLNR_COMPRESSED_ROOT=1: B with every level compressed (DCSR, CSF as
 * TACO's {Sparse, Sparse, Sparse}). */
/* -DLNR_EVALUATE=1: the kernels are TACO's evaluate, which allocates A's
 * values (compiled with -Devaluate=lnr_original, -Devaluate=lnr_rewritten). */
#ifndef LNR_EVALUATE
#define LNR_EVALUATE 0
#endif

#ifndef LNR_COMPRESSED_ROOT
#define LNR_COMPRESSED_ROOT 0
#endif

int lnr_original(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                 taco_tensor_t *D, taco_tensor_t *E);
int lnr_rewritten(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                  taco_tensor_t *D, taco_tensor_t *E);

#if LNR_EVALUATE
/* TACO's evaluate (samples/taco/sddmm_spmm_evaluate.c) allocates A's values
 * itself and stores the new array in A->vals: it is called with A->vals
 * NULL (nothing pre-filled for it to reset), its result is copied into the
 * harness's array (whose checks then apply as for compute), freed, and
 * A->vals is put back. */
static int call(int rewritten, taco_tensor_t *const *t) {
  taco_tensor_t *A = t[0];
  uint8_t *mine = A->vals;
  size_t n = (size_t)A->dimensions[0] * (size_t)A->dimensions[1];
  A->vals = NULL;
  int ret = (rewritten ? lnr_rewritten : lnr_original)(t[0], t[1], t[2], t[3],
                                                        t[4]);
  if (!A->vals && n > 0 && ret == 0)
    ret = -1; /* no values allocated */
  if (A->vals) {
    memcpy(mine, A->vals, n * sizeof(double));
    free(A->vals);
  }
  A->vals = mine;
  return ret;
}
#else
static int call(int rewritten, taco_tensor_t *const *t) {
  return (rewritten ? lnr_rewritten : lnr_original)(t[0], t[1], t[2], t[3],
                                                     t[4]);
}
#endif

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
