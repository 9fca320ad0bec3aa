// Bad input: more subscripts that are not affine functions of the indices
// (see refusals/non-affine-subscript.c for (i*k)%K, i*k, inline coordinates,
// positions and repeated indices). Expected: untouched, each nest with its
// remark.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

void shifted(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[(i * K + k) >> 1] * D[j * K + k] * E[j * L + l];
    }
}

void squared(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k * k] * D[j * K + k] * E[j * L + l];
    }
}

void halved(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k / 2] * D[j * K + k] * E[j * L + l];
    }
}

void indirect(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[rowptr[i] * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void conditional(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + (k < L ? k : L)] * D[j * K + k] * E[j * L + l];
    }
}

// A non-affine output subscript.
void output_modulo(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[(i * L + l) % n] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// CHECK: bad-inputs/non-affine-more.c:17:39: remark: nest left unchanged: {{.*}}[lnr-non-affine-subscript]
// CHECK: bad-inputs/non-affine-more.c:29:47: remark: nest left unchanged: {{.*}}[lnr-non-affine-subscript]
// CHECK: bad-inputs/non-affine-more.c:41:47: remark: nest left unchanged: {{.*}}[lnr-non-affine-subscript]
// CHECK: bad-inputs/non-affine-more.c:53:39: remark: nest left unchanged: {{.*}}[lnr-non-affine-subscript]
// CHECK: bad-inputs/non-affine-more.c:65:48: remark: nest left unchanged: {{.*}}[lnr-non-affine-subscript]
// CHECK: bad-inputs/non-affine-more.c:78:13: remark: nest left unchanged: {{.*}}[lnr-non-affine-subscript]
