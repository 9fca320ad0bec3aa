/* DCSR (the first level compressed too) in TACO's default order: each
 * row's whole sum assigned at the row's coordinate (dcsr_assigned.test).
 * The nest assigns every element once when the root lists each row once:
 * the rewrite checks that its coordinates strictly increase, and the
 * original runs when they do not. */
void spmm_gemm_dcsr(int K, int L, const int *restrict pos1,
                    const int *restrict crd1, const int *restrict pos2,
                    const int *restrict crd2, const double *restrict vals,
                    const double *restrict C, const double *restrict D,
                    double *restrict A) {
  for (int q = pos1[0]; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int l = 0; l < L; l++) {
      double t = 0.0;
      for (int p = pos2[q]; p < pos2[q + 1]; p++) {
        int j = crd2[p];
        for (int k = 0; k < K; k++)
          t += vals[p] * C[j * K + k] * D[k * L + l];
      }
      A[i * L + l] = t;
    }
  }
}

/* The same with 64-bit coordinates, declared before the nest (C89). */
void spmm_gemm_dcsr_long(long K, long L, const long *restrict pos1,
                         const long *restrict crd1, const long *restrict pos2,
                         const long *restrict crd2,
                         const double *restrict vals,
                         const double *restrict C, const double *restrict D,
                         double *restrict A) {
  long q, i, l, p, j, k;
  double t;
  for (q = pos1[0]; q < pos1[1]; q++) {
    i = crd1[q];
    for (l = 0; l < L; l++) {
      t = 0.0;
      for (p = pos2[q]; p < pos2[q + 1]; p++) {
        j = crd2[p];
        for (k = 0; k < K; k++)
          t += vals[p] * C[j * K + k] * D[k * L + l];
      }
      A[i * L + l] = t;
    }
  }
}

/* The same with the root's coordinate read in place, where the output is
 * assigned: no local names it. */
void spmm_gemm_dcsr_in_place(int K, int L, const int *restrict pos1,
                             const int *restrict crd1,
                             const int *restrict pos2,
                             const int *restrict crd2,
                             const double *restrict vals,
                             const double *restrict C,
                             const double *restrict D, double *restrict A) {
  for (int q = pos1[0]; q < pos1[1]; q++) {
    for (int l = 0; l < L; l++) {
      double t = 0.0;
      for (int p = pos2[q]; p < pos2[q + 1]; p++)
        for (int k = 0; k < K; k++)
          t += vals[p] * C[crd2[p] * K + k] * D[k * L + l];
      A[crd1[q] * L + l] = t;
    }
  }
}
