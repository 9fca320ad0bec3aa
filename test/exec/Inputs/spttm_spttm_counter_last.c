/* samples/handwritten/spttm_spttm_csf.c with A's fibers counted, TACO
 * style, instead of read from p1: the counter starts at 5 and is
 * incremented last in the fiber loop, so A's row is jA - 5.
 * The row is p1 - pos1[0]: the rewrite assigns jA from p1 at the
 * top of each fiber. */
void spttm_spttm(int I, int L, int M, const int *pos1, const int *crd1,
                 const int *pos2, const int *crd2, const double *vals,
                 const double *C, const double *D, double *restrict A) {
  int jA = 5;
  for (int i = 0; i < I; i++) {
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int j = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++) {
          for (int m = 0; m < M; m++) {
            A[(jA - 5) * M + m] += vals[p2] * C[k * L + l] * D[l * M + m];
          }
        }
      }
      jA++;
    }
  }
}
