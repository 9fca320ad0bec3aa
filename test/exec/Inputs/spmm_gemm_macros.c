/* <SpMM, GEMM> written with an accessor macro that does not parenthesize
 * its parameters (as old code often does): D_AT(k, l) is D[k * L + l].
 * Unroll and jam reads D at k + 1, k + 2, k + 3: passed to the macro
 * unparenthesized, k + 1 would expand to D[k + 1 * L + l]. */
#define C_AT(r, c) C[r * K + c]
#define D_AT(r, c) D[r * L + c]

void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          A[i * L + l] += C_AT(j, k) * D_AT(k, l) * Bv[p];
        }
      }
    }
  }
}
