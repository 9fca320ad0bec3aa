/* Kernels that write their output into an array held in a struct
 * ('A->data[..]', 'A.data[..]', 'g->out.data[..]'), as real code keeps its
 * matrices: rewritten under the run-time overlap test, which also keeps the
 * member cells the nest reads ('&A->data', '&B->pos') apart from what it
 * writes (exec/struct_outputs.test). */
struct csr {
  int n;
  const int *pos, *crd;
  const double *val;
};
struct cmat {
  const double *data;
};
struct mat {
  int rows, cols;
  double *data;
};
struct layer {
  int id;
  struct mat out;
};

/* <SDDMM, SpMM> into A->data. */
void out_pointer(int K, int L, const struct csr *B, const struct cmat *C,
                 const struct cmat *D, const struct cmat *E, struct mat *A) {
  for (int i = 0; i < B->n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++) {
      int j = B->crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A->data[i * L + l] += B->val[p] * C->data[i * K + k] *
                                D->data[j * K + k] * E->data[j * L + l];
    }
}

/* <SpMM, GEMM> into a nested member, the struct passed by value. */
void out_value(int n, int K, int L, struct csr B, const double *C,
               const double *D, struct layer g) {
  for (int i = 0; i < n; i++)
    for (int p = B.pos[i]; p < B.pos[i + 1]; p++) {
      int j = B.crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          g.out.data[i * L + l] += B.val[p] * C[j * K + k] * D[k * L + l];
    }
}

/* <SpMM, GEMM> into a nested member through a pointer. */
void out_nested(int n, int K, int L, const struct csr *B, const double *C,
                const double *D, struct layer *g) {
  for (int i = 0; i < n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++) {
      int j = B->crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          g->out.data[i * L + l] += B->val[p] * C[j * K + k] * D[k * L + l];
    }
}
