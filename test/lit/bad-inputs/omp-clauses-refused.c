// Bad input: data-sharing clauses on the nest's directive that describe the
// original nest (see refusals/unsupported-pragma.c for reduction and
// collapse). Expected: untouched, each nest with its remark.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

void private_coordinate(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  int j;
#pragma omp parallel for private(j)
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void lastprivate_row(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  int last = 0;
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  (void)last;
}

void ordered_rows(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// CHECK: bad-inputs/omp-clauses-refused.c:12:26: remark: nest left unchanged: {{.*}}[lnr-unsupported-pragma]
// CHECK: bad-inputs/omp-clauses-refused.c:26:26: remark: nest left unchanged: {{.*}}[lnr-unsupported-pragma]
// CHECK: bad-inputs/omp-clauses-refused.c:40:26: remark: nest left unchanged: {{.*}}[lnr-unsupported-pragma]
