// Nests inside a '#pragma omp parallel' region: each gets its own remark
// (they used to get none, or one for the whole region). Only a region whose
// one statement is the nest under '#pragma omp for' is rewritten
// (fuse/omp-parallel-region.c); these are not, each for its reason.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// y = B x and z = B w in one parallel region.
void two_spmv(int n, const int *rowptr, const int *colidx, const double *vals,
              const double *x, const double *w, double *restrict y,
              double *restrict z) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        y[i] += vals[p] * x[j];
      }
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        z[i] += vals[p] * w[j];
      }
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-14]]:1: remark: nest left unchanged: the '#pragma omp parallel' region around the nest also holds another loop (line [[@LINE-8]]); only a region whose one statement is the nest under '#pragma omp for' is replaced [lnr-unsupported-pragma]
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-9]]:1: remark: nest left unchanged: the '#pragma omp parallel' region around the nest also holds another loop (line [[@LINE-15]]); {{.*}} [lnr-unsupported-pragma]

#define SDDMM_SPMM_BODY                                                        \
  for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {                            \
    int j = colidx[p];                                                         \
    for (int k = 0; k < K; k++)                                                \
      for (int l = 0; l < L; l++)                                              \
        A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];  \
  }

// Without '#pragma omp for' every thread runs the whole nest.
void no_omp_for(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
#pragma omp parallel
  {
    for (int i = 0; i < n; i++)
      SDDMM_SPMM_BODY
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-4]]:5: remark: nest left unchanged: the nest is in a '#pragma omp parallel' region without '#pragma omp for': every thread runs the whole nest [lnr-unsupported-pragma]

// A declaration in the region is private to each thread.
void with_declaration(int n, int K, int L, const int *rowptr,
                      const int *colidx, const double *vals, const double *C,
                      const double *D, const double *E, double *restrict A) {
#pragma omp parallel
  {
    int unused = 0;
    (void)unused;
#pragma omp for
    for (int i = 0; i < n; i++)
      SDDMM_SPMM_BODY
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-5]]:1: remark: nest left unchanged: the '#pragma omp parallel' region around the nest also holds a declaration, private to each thread (line [[@LINE-7]]); {{.*}} [lnr-unsupported-pragma]

// A barrier, and a single construct.
void with_barrier(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *restrict A) {
#pragma omp parallel
  {
#pragma omp single
    A[0] = 0;
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < n; i++)
      SDDMM_SPMM_BODY
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-5]]:1: remark: nest left unchanged: the '#pragma omp parallel' region around the nest also holds '#pragma omp single' (line [[@LINE-8]]); {{.*}} [lnr-unsupported-pragma]

// A nest below another statement of the region.
void nested_deeper(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A) {
#pragma omp parallel
  {
#pragma omp single
    for (int i = 0; i < n; i++)
      SDDMM_SPMM_BODY
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-4]]:5: remark: nest left unchanged: the nest is nested inside a statement of a '#pragma omp parallel' region; only a region whose one statement is the nest is replaced [lnr-unsupported-pragma]

// Clauses of the region that describe the original nest.
void with_reduction(int n, int K, int L, const int *rowptr,
                    const int *colidx, const double *vals, const double *C,
                    const double *D, const double *E, double *restrict A) {
#pragma omp parallel reduction(+ : A[:n * L])
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      SDDMM_SPMM_BODY
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-7]]:22: remark: nest left unchanged: the clause 'reduction' describes the original nest and would not hold on the fused one [lnr-unsupported-pragma]

void with_firstprivate(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
#pragma omp parallel firstprivate(K)
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      SDDMM_SPMM_BODY
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-7]]:22: remark: nest left unchanged: the clause 'firstprivate' describes the original nest and would not hold on the fused one [lnr-unsupported-pragma]

// Another construct than 'parallel' around the nest.
void in_task(int n, int K, int L, const int *rowptr, const int *colidx,
             const double *vals, const double *C, const double *D,
             const double *E, double *restrict A) {
#pragma omp task
  {
    for (int i = 0; i < n; i++)
      SDDMM_SPMM_BODY
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-4]]:5: remark: nest left unchanged: the nest is inside a '#pragma omp task' region; only a '#pragma omp parallel' region around it is read [lnr-unsupported-pragma]
