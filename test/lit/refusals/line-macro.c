// __LINE__ in a nest, written there or in a macro's body: a rewrite moves
// the nest's code (and the copy of the original it keeps) to other lines,
// where __LINE__ is another number, so the nest stays as it is. A number a
// macro pastes ('1 ## 6') is not a line: that nest is rewritten.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// RUN: FileCheck --check-prefix=CODE %s < %t.c

#define W __LINE__
void line_in_macro(int n, int K, int L, const int *pos, const int *crd,
                   const double *B, const double *C, const double *D,
                   const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += W * B[p] * C[i * K + k] * D[crd[p] * K + k] *
                          E[crd[p] * L + l];
}
// CHECK: line-macro.c:[[@LINE-7]]:3: remark: nest left unchanged: the nest reads __LINE__ ([[@LINE-3]]), which is another number wherever a rewrite moves the nest's code and the copy it keeps [lnr-macro]

void line_written(int n, int K, int L, const int *pos, const int *crd,
                  const double *B, const double *C, const double *D,
                  const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += __LINE__ * B[p] * C[i * K + k] * D[crd[p] * K + k] *
                          E[crd[p] * L + l];
}
// CHECK: line-macro.c:[[@LINE-7]]:3: remark: nest left unchanged: the nest reads __LINE__ ([[@LINE-3]]){{.*}} [lnr-macro]

#define KK (1##6)
// CODE-LABEL: void pasted(
// CODE: lnr-rewrite: A(i,l) +=
void pasted(int n, int L, const int *pos, const int *crd, const double *B,
            const double *C, const double *D, const double *E,
            double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < KK; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B[p] * C[i * KK + k] * D[crd[p] * KK + k] *
                          E[crd[p] * L + l];
}
// CHECK: line-macro.c:[[@LINE-7]]:3: remark: fused {{.*}} [lnr-fuse]
