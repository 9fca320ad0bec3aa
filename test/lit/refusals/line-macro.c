// A number the preprocessor makes in a nest: __LINE__, written there or in
// a macro's body, is another number where a rewrite moves the nest's code
// (and the copy of the original it keeps); __COUNTER__ counts the copy too,
// and every later use in the file shifts; a pasted token may hold either
// ('XCAT(1, __LINE__)'). The nest stays as it is, a pasted plain number
// ('1 ## 6') too, since the AST no longer tells them apart.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// RUN: diff %s %t.c

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
// CHECK: line-macro.c:[[@LINE-7]]:3: remark: nest left unchanged: the nest reads a number the preprocessor makes at line [[@LINE-3]] (__LINE__, __COUNTER__ or a pasted token), which may be another number wherever a rewrite moves or copies the nest's code [lnr-macro]

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
// CHECK: line-macro.c:[[@LINE-7]]:3: remark: nest left unchanged: the nest reads a number the preprocessor makes at line [[@LINE-3]] {{.*}} [lnr-macro]

#define KK (1##6)
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
// CHECK: line-macro.c:[[@LINE-7]]:3: remark: nest left unchanged: the nest reads a number the preprocessor makes at line [[@LINE-5]] {{.*}} [lnr-macro]

#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
void line_pasted(int n, int K, int L, const int *pos, const int *crd,
                 const double *B, const double *C, const double *D,
                 const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += XCAT(1, __LINE__) * B[p] * C[i * K + k] *
                          D[crd[p] * K + k] * E[crd[p] * L + l];
}
// CHECK: line-macro.c:[[@LINE-7]]:3: remark: nest left unchanged: the nest reads a number the preprocessor makes at line [[@LINE-3]] {{.*}} [lnr-macro]

void counter(int n, int K, int L, const int *pos, const int *crd,
             const double *B, const double *C, const double *D,
             const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += __COUNTER__ * B[p] * C[i * K + k] *
                          D[crd[p] * K + k] * E[crd[p] * L + l];
}
// CHECK: line-macro.c:[[@LINE-7]]:3: remark: nest left unchanged: the nest reads a number the preprocessor makes at line [[@LINE-3]] {{.*}} [lnr-macro]
