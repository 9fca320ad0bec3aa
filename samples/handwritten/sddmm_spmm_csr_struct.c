/* <SDDMM, SpMM>: A(i,l) = sum_jk B(i,j) * C(i,k) * D(j,k) * E(j,l)
 *
 * As sddmm_spmm_csr.c, written in another common style: the extents come
 * from a struct (d->n, d->K, d->L), the update is spelled
 * A[x] = A[x] + ..., and every index is a plain int.
 */
struct sddmm_dims {
  int n, K, L;
};

void sddmm_spmm_struct(const struct sddmm_dims *d, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < d->n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < d->K; k++) {
        for (int l = 0; l < d->L; l++) {
          A[i * d->L + l] = A[i * d->L + l] + vals[p] * C[i * d->K + k] *
                                                  D[j * d->K + k] *
                                                  E[j * d->L + l];
        }
      }
    }
  }
}
