/* <SDDMM, SpMM> with casts in the subscripts, as code indexing large
 * arrays writes them: (size_t) and (long) on the indices. */
#include <stddef.h>
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[(size_t)i * L + l] += vals[p] * C[(long)i * K + (long)k] *
                                  D[(size_t)j * (size_t)K + k] *
                                  E[(long)(j * L) + l];
    }
}
