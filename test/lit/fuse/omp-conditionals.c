// OpenMP directives made optional by a conditional ('#ifdef USE_OMP',
// '#ifdef _OPENMP'), right before the nest and between its loops: the
// nest computes the same values whichever branch the parse took, so it is
// rewritten, and the conditionals go with it: one left before the rewrite
// would put the other configuration's '#pragma omp parallel for' on the
// rewrite's first statement (a block, which no compiler takes). The
// original nest kept as the fallback keeps them verbatim. The rewrite
// builds with gcc and clang, with and without the macro and -fopenmp.
// A conditional that holds code, or that the nest's text opens and does
// not close, keeps the nest as it is (lnr-macro), and so does a directive
// that would be left on the rewrite's first statement, in this
// configuration or another (at the end).
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.c
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c %t.c -o /dev/null
// RUN: %cc -std=c99 -fopenmp -DUSE_OMP -Wall -Wextra -Werror -c %t.c -o /dev/null
// RUN: %cc -std=c99 -DUSE_OMP -Wall -Wextra -Werror -Wno-unknown-pragmas -c %t.c -o /dev/null
// RUN: clang-14 -std=c99 -fopenmp -DUSE_OMP -Wall -Wextra -Werror -c %t.c -o /dev/null
// The tool parses with -fopenmp, so that '_OPENMP' is defined. With
// USE_OMP too, the directive on the outer loop is read as the nest's own,
// and its conditional is replaced with the nest.
// RUN: lnr-rewrite %s -- -fopenmp -DUSE_OMP > %t.active.c 2> %t.active.err
// RUN: FileCheck --check-prefix=ACTIVE %s < %t.active.c
// RUN: %cc -std=c99 -fopenmp -DUSE_OMP -Wall -Wextra -Werror -c %t.active.c -o /dev/null
// RUN: %cc -std=c99 -Wall -Wextra -Werror -Wno-unknown-pragmas -c %t.active.c -o /dev/null

void before_and_inside(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *A) {
#ifdef USE_OMP
#pragma omp parallel for
#endif
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
#if defined(USE_OMP) && \
    defined(USE_SIMD)
#pragma omp simd
#endif
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: omp-conditionals.c:34:3: remark: fused
// CHECK-LABEL: void before_and_inside(
// CHECK:       double *A) {
// CHECK-NEXT:  /* lnr-rewrite: A(i,l) +=
// CHECK:       /* lnr-rewrite: the original nest, run when
// CHECK-NEXT:  #ifdef USE_OMP
// CHECK-NEXT:  #pragma omp parallel for
// CHECK-NEXT:  #endif
// CHECK-NEXT:  for (int i = 0; i < n; i++)
// CHECK:       #if defined(USE_OMP) &&
// ACTIVE-LABEL: void before_and_inside(
// ACTIVE:       double *A) {
// ACTIVE-NEXT:  /* lnr-rewrite: A(i,l) +=

void openmp_guard(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *restrict A) {
#ifdef _OPENMP
#pragma omp parallel for
#else
/* sequential */
#endif

  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: omp-conditionals.c:64:1: remark: fused
// CHECK-LABEL: void openmp_guard(
// CHECK-NOT:   #ifdef _OPENMP
// CHECK:       /* lnr-rewrite: A(i,l) +=
// CHECK-NOT:   _OPENMP
// CHECK:       {{^}}}
// ACTIVE-LABEL: void openmp_guard(
// ACTIVE-NOT:   #ifdef _OPENMP
// ACTIVE:       {{^}}#pragma omp parallel for{{$}}

void code_in_conditional(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *C, const double *D, const double *E,
                         double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
#ifdef USE_OMP
#pragma omp simd
      for (int k = 0; k < K; k++)
#else
      for (int k = 0; k < K; k++)
#endif
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: omp-conditionals.c:91:3: remark: nest left unchanged: the nest holds a preprocessor directive ('#ifdef USE_OMP'); a rewrite would keep only what this parse saw [lnr-macro]
// CHECK-LABEL: void code_in_conditional(
// CHECK:       double *restrict A) {
// CHECK-NEXT:  for (int i = 0; i < n; i++)

void opened_before(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A) {
#ifdef USE_OMP
#pragma omp parallel for
  for (int i = 0; i < n; i++)
#else
  for (int i = 0; i < n; i++)
#endif
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: omp-conditionals.c:116:3: remark: nest left unchanged: the nest holds a preprocessor directive ('#endif'); a rewrite would keep only what this parse saw [lnr-macro]

// Directives the rewrite would leave on its first statement: one whose
// conditional's other branch holds code (the conditional is then not the
// nest's to replace), a hint right before the nest, one whose clause has
// an effect the other configuration runs, one under '#if 0' holding code
// between, and the operator form. And a line that only looks like a
// comment ('c = 1;' after one) is code, where a comment over two lines
// after '#endif' is none: that conditional goes with the nest.
void else_branch_code(int n, int K, int L, const int *rowptr,
                      const int *colidx, const double *vals, const double *C,
                      const double *D, const double *E, double *restrict A,
                      int c) {
#ifdef USE_OMP
#pragma omp parallel for
#else
  c = 0;
#endif
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  A[0] += c;
}
// REMARK: omp-conditionals.c:[[@LINE-9]]:3: remark: nest left unchanged: the line 'c = 0;' before the nest is, or may be in another configuration, a directive that would apply to the rewrite's first statement [lnr-macro]

void hint_before(int n, int K, int L, const int *rowptr, const int *colidx,
                 const double *vals, const double *C, const double *D,
                 const double *E, double *restrict A) {
#pragma GCC unroll 2
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: omp-conditionals.c:[[@LINE-8]]:3: remark: nest left unchanged: the line '#pragma GCC unroll 2' before the nest is, or may be in another configuration, a directive that would apply to the rewrite's first statement [lnr-macro]

void clause_with_effect(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A,
                        int c) {
#ifdef USE_OMP
#pragma omp parallel for num_threads(c++)
#endif
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  A[0] += c;
}
// REMARK: omp-conditionals.c:[[@LINE-9]]:3: remark: nest left unchanged: the line '#pragma omp parallel for num_threads(c++)' before the nest is, or may be in another configuration, a directive that would apply to the rewrite's first statement [lnr-macro]

void code_after_comment(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A,
                        int c) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
#ifdef USE_OMP
      /* a */ c = 1; // */
#pragma omp simd
#endif
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  A[0] += c;
}
// REMARK: omp-conditionals.c:[[@LINE-13]]:3: remark: nest left unchanged: the nest holds a preprocessor directive ('#ifdef USE_OMP'); a rewrite would keep only what this parse saw [lnr-macro]

void comment_between(int n, int K, int L, const int *rowptr, const int *colidx,
                     const double *vals, const double *C, const double *D,
                     const double *E, double *restrict A) {
#ifdef USE_OMP
#pragma omp parallel for
#endif /* the rows
          in parallel */
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: omp-conditionals.c:[[@LINE-8]]:3: remark: fused
// CHECK-LABEL: void comment_between(
// CHECK-NOT:   USE_OMP
// CHECK:       /* lnr-rewrite: A(i,l) +=

void inactive_code_between(int n, int K, int L, const int *rowptr,
                           const int *colidx, const double *vals,
                           const double *C, const double *D, const double *E,
                           double *restrict A, int c) {
#ifdef USE_OMP
#pragma omp parallel for
#endif
#if 0
  c = 1;
#endif
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  A[0] += c;
}
// REMARK: omp-conditionals.c:[[@LINE-9]]:3: remark: nest left unchanged: the line 'c = 1;' before the nest is, or may be in another configuration, a directive that would apply to the rewrite's first statement [lnr-macro]

void operator_form(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A) {
#ifdef USE_OMP
  _Pragma("omp parallel for")
#endif
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: omp-conditionals.c:[[@LINE-8]]:3: remark: nest left unchanged: the line '_Pragma("omp parallel for")' before the nest is, or may be in another configuration, a directive that would apply to the rewrite's first statement [lnr-macro]
