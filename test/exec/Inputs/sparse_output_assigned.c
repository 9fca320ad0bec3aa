/* <SpTTM, SpTTM> with A stored at B's level-1 positions and assigned each
 * element's whole sum, as TACO's SpTTM stores a sparse output: A(i,j,m) =
 * sum_kl B(i,j,k) * C(k,l) * D(l,m), B a CSF tensor whose level of j is
 * walked by position only (no subscript reads j). The rewrite zeroes A at
 * the positions the nest walks, then accumulates: right only when every
 * position is walked once, which the positions' order decides (checked at
 * run time; sparse_output_assigned.test). */
void spttm_assigned(int I, int L, int M, const int *pos1, const int *pos2,
                    const int *crd2, const double *vals, const double *C,
                    const double *D, double *restrict A) {
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int m = 0; m < M; m++) {
        double s = 0;
        for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
          int k = crd2[p2];
          for (int l = 0; l < L; l++)
            s += vals[p2] * C[k * L + l] * D[l * M + m];
        }
        A[p1 * M + m] = s;
      }
}
