/* <SpTTM, SpTTM>: A(i,j,m) = sum_kl B(i,j,k) * C(k,l) * D(l,m)
 *
 * B is an I x J x K 3-tensor in CSF (pos1/crd1 for its second level, pos2/
 * crd2 for its third, vals); C is K x L and D is L x M, dense row-major. The
 * output A is sparse in (i,j) with B's pattern: its fiber (i,j) is stored at
 * B's position p1 of (i,j), so A holds nnz(B_ij) x M values, row-major. The
 * perfect nest costs O(nnz(B_ijk) * L * M).
 */
void spttm_spttm(int I, int L, int M, const int *pos1, const int *crd1,
                 const int *pos2, const int *crd2, const double *vals,
                 const double *C, const double *D, double *restrict A) {
  for (int i = 0; i < I; i++) {
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int j = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++) {
          for (int m = 0; m < M; m++) {
            A[p1 * M + m] += vals[p2] * C[k * L + l] * D[l * M + m];
          }
        }
      }
    }
  }
}
