/* <SDDMM, SpMM> whose E operand is the output itself, carried through a
 * struct member set in the function: E(j,l) reads row j of A as the nest
 * updates it. 'restrict' on A allows it (s.in is based on A), so the nest
 * must be left as it is. */
struct rows {
  double *out;
  const double *in;
};

void sddmm_spmm_member(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, double *restrict A) {
  struct rows s;
  s.out = A;
  s.in = s.out;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * s.in[j * L + l];
    }
}
