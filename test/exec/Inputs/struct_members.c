/* Kernels whose tensors are struct members, through a pointer ('B->val[p]',
 * 'C->data[..]'), by value ('B.val[p]') and nested ('s->mat.val[p]'): the
 * names the rewrite declares (hoisted values, partial sums, flags, the
 * scans' extents, the overlap test's variables) are picked from stems, not
 * written from the members' spellings (exec/struct_members.test). */
struct csr {
  int n;
  const int *pos, *crd;
  const double *val;
};
struct dense {
  const double *data;
};
struct csf {
  const int *pos1, *crd1, *pos2, *crd2;
  const double *vals;
};
struct holder {
  struct csr mat;
};

/* <SDDMM, SpMM>: partial sums of t, prefetches of the next rows. */
void sddmm_spmm(int K, int L, const struct csr *B, const struct dense *C,
                const struct dense *D, const struct dense *E,
                double *restrict A) {
  for (int i = 0; i < B->n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++) {
      int j = B->crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B->val[p] * C->data[i * K + k] * D->data[j * K + k] *
                          E->data[j * L + l];
    }
}

/* <SpMM, GEMM>, structs by value: B's values hoisted, the GEMM unrolled and
 * jammed, a run-time choice on the extent of j scanned from B.crd. */
void spmm_gemm(int n, int K, int L, struct csr B, struct dense C,
               struct dense D, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = B.pos[i]; p < B.pos[i + 1]; p++) {
      int j = B.crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B.val[p] * C.data[j * K + k] * D.data[k * L + l];
    }
}

/* <MTTKRP, GEMM>, the tensor in CSF: a flag that the producer ran. */
void mttkrp_gemm(int I, int J, int M, const struct csf *T,
                 const struct dense *C, const struct dense *D,
                 const struct dense *E, double *restrict A) {
  for (int i = 0; i < I; i++)
    for (int p1 = T->pos1[i]; p1 < T->pos1[i + 1]; p1++) {
      int k = T->crd1[p1];
      for (int p2 = T->pos2[p1]; p2 < T->pos2[p1 + 1]; p2++) {
        int l = T->crd2[p2];
        for (int j = 0; j < J; j++)
          for (int m = 0; m < M; m++)
            A[i * M + m] += T->vals[p2] * C->data[l * J + j] *
                            D->data[k * J + j] * E->data[j * M + m];
      }
    }
}

/* <SpMM, GEMM> through a nested member; the hoisted value's first name is
 * taken by a local. */
void spmm_gemm_nested(int n, int K, int L, const struct holder *s,
                      const double *C, const double *D, double *restrict A) {
  double s_mat_val_val = 0;
  (void)s_mat_val_val;
  for (int i = 0; i < n; i++)
    for (int p = s->mat.pos[i]; p < s->mat.pos[i + 1]; p++) {
      int j = s->mat.crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += s->mat.val[p] * C[j * K + k] * D[k * L + l];
    }
}

/* <SDDMM, SpMM> without restrict: versioned under the overlap test. */
void sddmm_spmm_unrestricted(int n, int K, int L, const struct csr *B,
                             const struct dense *C, const struct dense *D,
                             const struct dense *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++) {
      int j = B->crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B->val[p] * C->data[i * K + k] * D->data[j * K + k] *
                          E->data[j * L + l];
    }
}
