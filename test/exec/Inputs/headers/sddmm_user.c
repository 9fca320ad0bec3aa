/* Calls the <SDDMM, SpMM> kernel of kern.h (test/lit/headers/Inputs/include)
 * through an entry point the exec harness names: -Dsddmm_entry=lnr_original
 * or -Dsddmm_entry=lnr_rewritten, with -I the original or rewritten header.
 */
#include "kern.h"

void sddmm_entry(int n, int K, int L, const int *rowptr, const int *colidx,
                 const double *vals, const double *C, const double *D,
                 const double *E, double *restrict A) {
  sddmm_spmm(n, K, L, rowptr, colidx, vals, C, D, E, A);
}
