// Bad input: data-sharing clauses on the nest's directive that describe the
// original nest (see refusals/unsupported-pragma.c for reduction and
// collapse). Expected: untouched, each nest with its remark.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// (private(j) of a coordinate 'j = colidx[p];' declared before the nest
// holds on the fused nest: fuse/c89.c.) A private scratch variable does not.
void private_scratch(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  int s;
#pragma omp parallel for private(s)
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
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

// CHECK: bad-inputs/omp-clauses-refused.c:14:34: remark: nest left unchanged: the clause 'private' names 's'{{.*}}[lnr-unsupported-pragma]
// CHECK: bad-inputs/omp-clauses-refused.c:28:26: remark: nest left unchanged: {{.*}}[lnr-unsupported-pragma]
// CHECK: bad-inputs/omp-clauses-refused.c:42:26: remark: nest left unchanged: {{.*}}[lnr-unsupported-pragma]
