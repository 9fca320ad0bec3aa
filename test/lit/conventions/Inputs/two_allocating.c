/* Two nests whose rewrites allocate a temporary, in a file that does not
 * include <stdlib.h> (sarif.test, test/lsp/protocol_test.py). */
void spmm_gemm_a(int n, int K, int L, const int *pos, const int *crd,
                 const double *Bv, const double *C, const double *D,
                 double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[crd[p] * K + k] * D[k * L + l];
}

void spmm_gemm_b(int n, int K, int L, const int *pos, const int *crd,
                 const double *Bv, const double *C, const double *D,
                 double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int q = pos[i]; q < pos[i + 1]; q++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[q] * C[crd[q] * K + k] * D[k * L + l];
}
