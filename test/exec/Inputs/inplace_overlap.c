/* Coordinates read in place ('D[crd[p] * K + k]', 'x[dst[e] * K + k]',
 * 'D[B->crd[p] * 8 + k]') and no 'restrict': the run-time overlap test
 * bounds the operands they index from one scan of the coordinates, as it
 * does a coordinate loaded into a variable (inplace_overlap.test). */
struct csr {
  const int *pos, *crd;
  const double *val;
};
struct mat {
  double *data;
};

void csr_in_place(int n, int K, int L, const int *pos, const int *crd,
                  const double *B, const double *C, const double *D,
                  const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              B[p] * C[i * K + k] * D[crd[p] * K + k] * E[crd[p] * L + l];
}

void coo_in_place(int nnz, int K, int L, const int *src, const int *dst,
                  const double *w, const double *x, const double *y,
                  const double *z, double *out) {
  for (int e = 0; e < nnz; e++)
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[dst[e] * L + l] +=
            w[e] * x[dst[e] * K + k] * y[src[e] * K + k] * z[src[e] * L + l];
}

void member_in_place(int n, int L, const struct csr *B, const double *C,
                     const double *D, const double *E, struct mat *A) {
  for (int i = 0; i < n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
      for (int k = 0; k < 8; k++)
        for (int l = 0; l < L; l++)
          A->data[i * L + l] += B->val[p] * C[i * 8 + k] *
                                D[B->crd[p] * 8 + k] * E[B->crd[p] * L + l];
}
