/* Products whose factors have different types. C multiplies left to right,
   each product in the usual arithmetic conversions of its operands: a
   wider factor written first (a long, a double, a long scalar, a double
   literal) makes every product of the term wide. A rewrite that groups
   the narrow factors apart must still multiply them in the wide type. */

/* unsigned long E first: every product in unsigned long (an unsigned
   product wraps at 2^32, an unsigned long one at 2^64; the kernels are
   unsigned: a signed integer kernel is refused, lnr-signed-overflow). */
void long_first(int n, int K, int L, const int *rowptr, const int *colidx,
                const unsigned *vals, const unsigned *C, const unsigned *D,
                const unsigned long *E, unsigned long *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += E[j * L + l] * vals[p] * C[i * K + k] * D[j * K + k];
    }
}

/* An unsigned long scalar first. */
void alpha_first(int n, int K, int L, unsigned long alpha, const int *rowptr,
                 const int *colidx, const unsigned *vals, const unsigned *C,
                 const unsigned *D, const unsigned *E,
                 unsigned long *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              alpha * vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

/* <SpMM, GEMM> with unsigned long values and unsigned dense operands, in the
   order it is usually written: the re-associated schedule multiplies C by D
   alone. */
void long_values(int n, int K, int L, const int *pos, const int *crd,
                 const unsigned long *Bv, const unsigned *C, const unsigned *D,
                 unsigned long *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}

/* double E first, float factors: every product in double. */
void double_first(int n, int K, int L, const int *rowptr, const int *colidx,
                  const float *vals, const float *C, const float *D,
                  const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += E[j * L + l] * vals[p] * C[i * K + k] * D[j * K + k];
    }
}

/* A float kernel with a double literal first: each term in double, rounded
   to float once, when it is added. */
void half_first(int n, int K, int L, const int *rowptr, const int *colidx,
                const float *vals, const float *C, const float *D,
                const float *E, float *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              0.5 * vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

/* <SpMM, GEMM> with double values and float dense operands. */
void double_values(int n, int K, int L, const int *pos, const int *crd,
                   const double *Bv, const float *C, const float *D,
                   double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
