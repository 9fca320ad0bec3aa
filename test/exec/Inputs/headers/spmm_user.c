/* Calls the <SpMM, GEMM> kernel of vec.h (test/lit/headers/Inputs/include)
 * through an entry point the exec harness names: -Dspmm_entry=lnr_original
 * or -Dspmm_entry=lnr_rewritten, with -I the original or rewritten header.
 */
#include "vec.h"

void spmm_entry(int n, int K, int L, const int *pos, const int *crd,
                const double *Bv, const double *C, const double *D,
                double *restrict A) {
  spmm_gemm(n, K, L, pos, crd, Bv, C, D, A);
}
