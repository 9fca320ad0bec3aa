/* A sum scaled by two factors, B[p] and v[j]: one schedule multiplies B
 * into the terms, the run-time choice's other one v as well
 * (test/exec/scaled_sum_choice.test). */
void scaled_choice(int n, int K, int L, const int *pos, const int *crd,
                   const double *B, const double *C, const double *D,
                   const double *v, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++) {
        double s = 0;
        for (int k = 0; k < K; k++)
          s += C[i * K + k] * D[j * K + k];
        A[i * L + l] += B[p] * v[j] * s;
      }
    }
}
