/* Kernels called with no rows and null structs (exec/member_reads.test):
 * the original reads no member then, and neither may its rewrite. */
struct csr {
  int n;
  const int *pos, *crd;
  const double *val;
};
struct dense {
  const double *data;
};

/* A restrict output: rewritten without the run-time test. */
void restricted(int n, int K, int L, const struct csr *B,
                const struct dense *C, const struct dense *D,
                const struct dense *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++) {
      int j = B->crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B->val[p] * C->data[i * K + k] * D->data[j * K + k] *
                          E->data[j * L + l];
    }
}

/* Without restrict: under the test, which reads no member unless every
 * loop runs. */
void unrestricted(int n, int K, int L, const struct csr *B,
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
