/* <SpMM, GEMM> with comments inside the nest's text: in loop headers (a
 * block comment in a bound, a line comment ending a header written over
 * two lines), in the statement and between its factors. The rewrite lays
 * the tokens out anew, so a comment there is a blank: printed as it was,
 * 'K / * columns * /' did not compile, and a '//' would have ended the
 * line. */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n /* rows */; i++) {
    for (int p = pos[i]; p < pos[i + 1]; // the row's nonzeros
         p++) {
      int j = crd[p]; /* its column */
      for (int k = 0; k < K /* columns of C */; k++) {
        for (int l = 0; l < L; /* columns of D */ l++) {
          A[i * L + l] += /* the product */ C[j * K + k] *
                          D[k * L /* row k */ + l] * Bv[p]; // accumulated
        }
      }
    }
  }
}
