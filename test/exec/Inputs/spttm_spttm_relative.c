/* <SpTTM, SpTTM> as spttm_spttm_csf.c, its positions counted from each
 * fiber's start: the second level walked as 'for (p1 = 0; p1 < pos1[i + 1]
 * - pos1[i]; p1++)', and the output, in B's (i,j) pattern, stored at
 * 'pos1[i] + p1'. j is loaded and not read, as in that sample. */
void spttm_spttm(int I, int L, int M, const int *pos1, const int *crd1,
                 const int *pos2, const int *crd2, const double *vals,
                 const double *C, const double *D, double *restrict A) {
  for (int i = 0; i < I; i++) {
    for (int p1 = 0; p1 < pos1[i + 1] - pos1[i]; p1++) {
      int j = crd1[pos1[i] + p1];
      for (int p2 = pos2[pos1[i] + p1]; p2 < pos2[pos1[i] + p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          for (int m = 0; m < M; m++)
            A[(pos1[i] + p1) * M + m] +=
                vals[p2] * C[k * L + l] * D[l * M + m];
      }
    }
  }
}
