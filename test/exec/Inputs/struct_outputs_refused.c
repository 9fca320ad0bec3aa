struct mat {
  int rows, cols;
  double *data;
};
struct csr {
  int n;
  const int *pos, *crd;
  const double *val;
};

/* The output's member read as an input: the nest reads what it writes. */
void reads_output(int K, int L, const struct csr *B, const double *C,
                  struct mat *A) {
  for (int i = 0; i < B->n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++) {
      int j = B->crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A->data[i * L + l] += B->val[p] * C[j * K + k] * A->data[k * L + l];
    }
}

/* The member of an element the nest picks: no one array. */
void picks_member(int n, int L, const struct csr *B, const double *E,
                  struct mat *rows) {
  for (int i = 0; i < n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++) {
      int j = B->crd[p];
      for (int l = 0; l < L; l++)
        rows[i].data[l] += B->val[p] * E[j * L + l];
    }
}

/* No overlap test can bound the positions of separate begin and end arrays
 * (MKL's four-array CSR): refused, with no advice to declare a member
 * 'restrict' (which would not prove it apart). */
struct csr4 {
  const int *begin, *end, *crd;
  const double *val;
};
void four_arrays(int n, int L, const struct csr4 *B, const double *C,
                 const double *D, const double *E, struct mat *A) {
  for (int i = 0; i < n; i++)
    for (int p = B->begin[i]; p < B->end[i]; p++) {
      int j = B->crd[p];
      for (int k = 0; k < 8; k++)
        for (int l = 0; l < L; l++)
          A->data[i * L + l] +=
              B->val[p] * C[i * 8 + k] * D[j * 8 + k] * E[j * L + l];
    }
}
