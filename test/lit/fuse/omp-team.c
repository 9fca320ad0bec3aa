// A nest that is one statement of a '#pragma omp parallel' region holding
// more (declarations, a 'single', other work-shared loops: SPLATT's and NPB
// CG's regions) is rewritten alone: its '#pragma omp for' is kept, with
// 'nowait', the rewrite opens no region of its own, and one barrier after
// the whole rewrite stands for the original's (a guard may skip the loop,
// and its barrier with it, on every thread). The rest of the region is
// left as it is. test/exec/omp_team.test runs them.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: lnr-rewrite --explain %s -- 2> /dev/null | FileCheck --check-prefix=EXPLAIN %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.c
// RUN: clang-14 -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.c
// Idempotent: the rewrite is not rewritten again.
// RUN: lnr-rewrite %t.c -- 2> /dev/null | diff %t.c -

void team(int n, int K, int L, const int *rowptr, const int *colidx,
          const double *vals, const double *C, const double *D,
          const double *E, double *restrict A, double *restrict norms) {
#pragma omp parallel
  {
    double scale = 2.0;
#pragma omp single
    norms[0] = 0;
#pragma omp for schedule(dynamic, 2)
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
#pragma omp for
    for (int i = 1; i < n; i++)
      norms[i] = scale * A[(n - i) * L];
  }
}
// REMARK: omp-team.c:[[@LINE-13]]:1: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]
// CHECK-LABEL: void team(
// CHECK:      #pragma omp parallel{{$}}
// CHECK-NEXT: {
// CHECK-NEXT: double scale = 2.0;
// CHECK-NEXT: #pragma omp single
// CHECK-NEXT: norms[0] = 0;
// CHECK-NOT:  #pragma omp parallel
// CHECK:      if (K > 0 && L > 0) {
// CHECK-NEXT: #pragma omp for schedule(dynamic, 2) nowait
// CHECK-NEXT: for (int i = 0; i < n; i++) {
// CHECK-NOT:  #pragma omp parallel
// CHECK:      A[i * L + l] += t * E[j * L + l];
// CHECK:      #pragma omp barrier
// CHECK-NEXT: #pragma omp for
// CHECK-NEXT: for (int i = 1; i < n; i++)
// EXPLAIN-LABEL: nest in 'team'
// EXPLAIN: openmp: kept the existing OpenMP directive on 'i'; shared among the threads of the file's '#pragma omp parallel' region, which holds more than the nest ('nowait', then one barrier after the whole rewrite)

// C89 variables of the region (each thread's own: no 'private' clause),
// 'default(none)', a 'nowait' nest before the file's own barrier: no
// barrier of the rewrite's.
double team_nowait(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A) {
  double sum = 0;
#pragma omp parallel default(none) shared(n, K, L, rowptr, colidx, vals, C, D, E, A, sum)
  {
    int i, p, j, k, l;
#pragma omp for nowait
    for (i = 0; i < n; i++)
      for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
        j = colidx[p];
        for (k = 0; k < K; k++)
          for (l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
#pragma omp barrier
#pragma omp for reduction(+ : sum)
    for (i = 0; i < n * L; i++)
      sum += A[i];
  }
  return sum;
}
// REMARK: omp-team.c:[[@LINE-15]]:1: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: double team_nowait(
// CHECK:      int i, p, j, k, l;
// CHECK-NOT:  #pragma omp parallel
// CHECK:      #pragma omp for nowait
// CHECK-NEXT: for (i = 0; i < n; i++) {
// CHECK-NOT:  #pragma omp {{parallel|barrier}}
// CHECK:      A[i * L + l] += t * E[j * L + l];
// CHECK-NOT:  #pragma omp barrier
// CHECK:      #pragma omp barrier
// CHECK-NEXT: #pragma omp for reduction(+ : sum)
// EXPLAIN-LABEL: nest in 'team_nowait'
// EXPLAIN: openmp: kept the existing OpenMP directive on 'i'; shared among the threads of the file's '#pragma omp parallel' region, which holds more than the nest{{$}}

// A schedule whose temporaries are allocated per thread would need a
// region of its own: another is chosen (<SpMM, GEMM>: a scalar per (i, k)
// instead of a row of B*C for each thread), and --explain says why.
void team_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A, double *restrict norms) {
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
      }
#pragma omp for
    for (int i = 0; i < n; i++)
      norms[i] = A[i * L];
  }
}
// REMARK: omp-team.c:[[@LINE-13]]:1: remark: fused 'A(i,l) += Bv(i,j) * C(j,k) * D(k,l)': {{.*}} [lnr-fuse]
// CHECK-LABEL: void team_gemm(
// CHECK-NOT:  malloc
// CHECK:      #pragma omp barrier
// EXPLAIN-LABEL: nest in 'team_gemm'
// EXPLAIN: schedule: split {Bv,C}{D}, shared (i,k), temporary scalar t
// EXPLAIN-NEXT: not chosen: split {Bv,C}{D}, shared (i), temporary dense t(k), {{.*}}: the schedule's temporaries are allocated once per thread, which the rewrite does in a parallel region of its own; the nest is one statement of the file's '#pragma omp parallel' region, which holds more [lnr-unsupported-pragma]

// A timing loop around the region: its body is searched as a block (the
// loops inside a region used to be out of the search's sight, and the
// timing loop was read as the nest).
void team_repeated(int reps, int n, int K, int L, const int *rowptr,
                   const int *colidx, const double *vals, const double *C,
                   const double *D, const double *E, double *restrict A,
                   double *restrict last) {
  for (int r = 0; r < reps; r++) {
#pragma omp parallel
    {
#pragma omp for
      for (int i = 0; i < n; i++)
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
          int j = colidx[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
#pragma omp single
      *last = n > 0 && L > 0 ? A[(n - 1) * L] : 0;
    }
  }
}
// REMARK: omp-team.c:[[@LINE-13]]:1: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void team_repeated(
// CHECK:      for (int r = 0; r < reps; r++) {
// CHECK-NEXT: #pragma omp parallel
// CHECK:      #pragma omp for nowait
// CHECK:      #pragma omp barrier
// CHECK-NEXT: #pragma omp single

#include <stdlib.h>

// Two nests of one region, each under '#pragma omp for': GCN's (A.X).W
// through a temporary zeroed by calloc before the region, dead after it,
// fused as two nests of a function are (pair_fuzz.py draws such pairs).
// The consumer is 'nowait', the producer not: one 'nowait' on the fused
// loop (it used to be written twice, which no compiler takes), and the
// producer's barrier after it.
void team_gcn(int n, int F, int G, const int *restrict pos,
              const int *restrict crd, const double *restrict B,
              const double *restrict X, const double *restrict W,
              double *restrict out) {
  double *T = calloc((size_t)n * F + 1, sizeof(double));
  if (!T)
    return;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++)
        for (int f = 0; f < F; f++)
          T[i * F + f] += B[p] * X[crd[p] * F + f];
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      for (int f = 0; f < F; f++)
        for (int g = 0; g < G; g++)
          out[i * G + g] += T[i * F + f] * W[f * G + g];
  }
  free(T);
}
// REMARK: omp-team.c:[[@LINE-13]]:1: remark: fused {{.*}} with the nest at line {{[0-9]+}}, which reads its temporary 'T' (no longer stored): {{.*}} [lnr-fuse]
// CHECK-LABEL: void team_gcn(
// CHECK:      #pragma omp parallel
// CHECK-NOT:  #pragma omp parallel
// CHECK:      #pragma omp for nowait{{$}}
// CHECK:      #pragma omp barrier
// CHECK-NEXT: }
// CHECK-NEXT: free(T);
