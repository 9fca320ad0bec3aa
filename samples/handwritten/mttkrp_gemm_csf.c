/* <MTTKRP, GEMM>: A(i,m) = sum_jkl B(i,k,l) * C(l,j) * D(k,j) * E(j,m)
 *
 * B is an I x K x L 3-tensor in CSF (pos1/crd1 for its second level, pos2/crd2
 * for its third, vals); C is L x J, D is K x J, E is J x M and A is I x M,
 * dense and row-major. The perfect nest costs O(nnz(B) * J * M).
 */
void mttkrp_gemm(int I, int J, int M, const int *pos1, const int *crd1,
                 const int *pos2, const int *crd2, const double *vals,
                 const double *C, const double *D, const double *E,
                 double *restrict A) {
  for (int i = 0; i < I; i++) {
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int k = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int l = crd2[p2];
        for (int j = 0; j < J; j++) {
          for (int m = 0; m < M; m++) {
            A[i * M + m] += vals[p2] * C[l * J + j] * D[k * J + j] * E[j * M + m];
          }
        }
      }
    }
  }
}
