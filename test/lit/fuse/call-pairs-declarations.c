// Two functions inlined and fused at their calls keep the declarations of
// their bodies that the rewrite still reads, and drop the others (they
// would be unused variables in a -Werror build, since the block falls back
// to the calls): a local read by an OpenMP clause of the consumer's
// directive ('schedule(dynamic, chunk)') is kept, so is one read through a
// macro (which a global of the same name would take over), and one with a
// 'cleanup' attribute; an accumulator no longer read is dropped, from a
// 'private' clause broken over lines too.
// RUN: lnr-rewrite %s -- -fopenmp > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: FileCheck %s < %t.c
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: clang-14 -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite %t.c -- -fopenmp 2>/dev/null | diff %t.c -
#include <stdlib.h>

#define LW_ (LD)
static int LD = 2;
int default_width(void) { return LD; }

static void release(double **p) { (void)p; }

static void scores(int n, const int *pos, const int *crd, const double *B,
                   const double *C, const double *D, double *T, int K) {
  int row_index_variable, nonzero_position, column_index_variable,
      inner_k_index;
  double accumulated_score;
  for (row_index_variable = 0; row_index_variable < n; row_index_variable++)
    for (nonzero_position = pos[row_index_variable];
         nonzero_position < pos[row_index_variable + 1]; nonzero_position++) {
      column_index_variable = crd[nonzero_position];
      accumulated_score = 0;
      for (inner_k_index = 0; inner_k_index < K; inner_k_index++)
        accumulated_score += C[row_index_variable * K + inner_k_index] *
                             D[column_index_variable * K + inner_k_index];
      T[nonzero_position] = B[nonzero_position] * accumulated_score;
    }
}

static void aggregate_chunked(int n, const int *pos, const int *crd,
                              const double *T, const double *E, double *A,
                              int L) {
  int row_index_variable, nonzero_position, column_index_variable, l;
  int chunk = 2;
#pragma omp parallel for schedule(dynamic, chunk)                              \
    private(nonzero_position, column_index_variable, l)
  for (row_index_variable = 0; row_index_variable < n; row_index_variable++)
    for (nonzero_position = pos[row_index_variable];
         nonzero_position < pos[row_index_variable + 1]; nonzero_position++) {
      column_index_variable = crd[nonzero_position];
      for (l = 0; l < L; l++)
        A[row_index_variable * L + l] +=
            T[nonzero_position] * E[column_index_variable * L + l];
    }
}

void chunked(int n, int *pos, int *crd, const double *B, const double *C,
             const double *D, const double *E, double *A, int K, int L) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  scores(n, pos, crd, B, C, D, T, K);
  aggregate_chunked(n, pos, crd, T, E, A, L);
  free(T);
}
// REMARK: call-pairs-declarations.c:[[@LINE-4]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void chunked(
// CHECK-NOT:   double accumulated_score;
// CHECK:       int chunk = 2;
// CHECK-NOT:   accumulated_score
// CHECK:       schedule(dynamic, chunk)
// CHECK-NOT:   accumulated_score
// CHECK:       aggregate_chunked(n, pos, crd, T, E, A, L);

static void aggregate_macro(int n, const int *pos, const int *crd,
                            const double *T, const double *E, double *A,
                            int L) {
  int LD = L;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < LW_; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void through_macro(int n, int *pos, int *crd, const double *B,
                   const double *C, const double *D, const double *E, double *A,
                   int K, int L) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  scores(n, pos, crd, B, C, D, T, K);
  aggregate_macro(n, pos, crd, T, E, A, L);
  free(T);
}
// CHECK-LABEL: void through_macro(
// CHECK:       int LD = L;

static void aggregate_guarded(int n, const int *pos, const int *crd,
                              const double *T, const double *E, double *A,
                              int L) {
  double *guard __attribute__((cleanup(release), unused)) = A;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void guarded(int n, int *pos, int *crd, const double *B, const double *C,
             const double *D, const double *E, double *A, int K, int L) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  scores(n, pos, crd, B, C, D, T, K);
  aggregate_guarded(n, pos, crd, T, E, A, L);
  free(T);
}
// CHECK-LABEL: void guarded(
// CHECK:       double *guard __attribute__((cleanup(release), unused)) = A;
