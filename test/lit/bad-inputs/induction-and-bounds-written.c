// Bad input: induction variables and bounds written inside the nest.
// Expected: untouched, each nest with its remark.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// The loop variable stepped again in the body.
void iv_in_body(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
          l++;
        }
    }
}

// The loop variable incremented in a subscript.
void iv_in_subscript(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l++];
    }
}

// The coordinate assigned in a subscript.
void coordinate_written(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[(j = l) * L + l];
    }
}

// The bound of the k loop shrinks in the body.
void bound_in_body(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
          K = K - 1;
        }
    }
}

// The bound assigned in a subscript.
void bound_in_subscript(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * (L = L) + l];
    }
}

// The row loop steps through the position array (the row pointers are
// written as the rows are visited).
void rowptr_written(int n, int K, int L, int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + rowptr[i]++];
    }
}

// CHECK: bad-inputs/induction-and-bounds-written.c:17:11: remark: nest left unchanged: {{.*}}[lnr-imperfect-nest]
// CHECK: bad-inputs/induction-and-bounds-written.c:31:67: remark: nest left unchanged: {{.*}}[lnr-side-effect]
// CHECK: bad-inputs/induction-and-bounds-written.c:44:67: remark: nest left unchanged: {{.*}}[lnr-side-effect]
// CHECK: bad-inputs/induction-and-bounds-written.c:58:11: remark: nest left unchanged: {{.*}}[lnr-imperfect-nest]
// CHECK: bad-inputs/induction-and-bounds-written.c:72:67: remark: nest left unchanged: {{.*}}[lnr-side-effect]
// CHECK: bad-inputs/induction-and-bounds-written.c:86:67: remark: nest left unchanged: {{.*}}[lnr-side-effect]
