/* <SDDMM, SpMM> as two separate kernels whose edge scores are kept: graph
 * attention code returns them to its caller (a backward pass, or to look
 * at them). Scores T(i,j) = B(i,j) * sum_k C(i,k) * D(j,k) at B's
 * nonzeros, then A(i,l) += sum_j T(i,j) * E(j,l).
 *
 * B is an n x n CSR matrix (pos, crd, Bv); C and D are n x K, E is n x L
 * and A is n x L, dense and row-major; T, the caller's, holds nnz(B)
 * scores. Fused, each score is stored once and used at once: B and T are
 * walked once instead of twice, and T is no longer read back.
 */
void sddmm_scores_kept(int n, int K, int L, const int *restrict pos,
                       const int *restrict crd, const double *restrict Bv,
                       const double *restrict C, const double *restrict D,
                       const double *restrict E, double *restrict T,
                       double *restrict A) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = Bv[p] * s;
    }
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  }
}
