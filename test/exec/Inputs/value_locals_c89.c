/* <SDDMM, SpMM> in C89 as CSparse writes it: every local declared at the
 * top of the function and assigned later, row pointers and the nonzero's
 * value assigned in the loops. */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *A) {
  int i, p, j, k, l;
  const int *Ap, *Ai;
  const double *Ax, *Ci, *Dj, *Ej;
  double *Out, *Oi;
  double v, cd;
  Ap = rowptr;
  Ai = colidx;
  Ax = vals;
  Out = A;
  for (i = 0; i < n; i++) {
    Ci = C + i * K;
    Oi = &Out[i * L];
    for (p = Ap[i]; p < Ap[i + 1]; p++) {
      j = Ai[p];
      v = Ax[p];
      Dj = D + j * K;
      Ej = E + j * L;
      for (k = 0; k < K; k++) {
        cd = Ci[k] * Dj[k];
        for (l = 0; l < L; l++)
          Oi[l] += v * cd * Ej[l];
      }
    }
  }
}
