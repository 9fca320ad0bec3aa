// Nests inside a '#pragma omp parallel' region: each gets its own remark
// (they used to get none, or one for the whole region). A nest that is one
// of the region's statements under '#pragma omp for' is rewritten, the
// region with it when it holds nothing else (fuse/omp-parallel-region.c),
// the nest alone among the region's threads otherwise (fuse/omp-team.c);
// these are not, each for its reason.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// y = B x and z = B w in one parallel region: each read, nothing to gain.
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
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-14]]:1: remark: nest left unchanged: {{.*}} [lnr-no-gain]
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-9]]:1: remark: nest left unchanged: {{.*}} [lnr-no-gain]

// In a region that holds more, the rewrite's run-time tests read what the
// nest reads, on every thread: a variable each thread has its own of could
// send the threads to different loops.
void reads_own_variable(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
#pragma omp parallel
  {
    int width = L;
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < width; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-5]]:31: remark: nest left unchanged: the nest reads 'width', which each thread of the '#pragma omp parallel' region around it has its own of: the rewrite's run-time tests read what the nest reads, and every thread must make the same choice to share one loop [lnr-unsupported-pragma]

void reads_firstprivate(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
#pragma omp parallel firstprivate(K)
  {
    K = K > 0 ? K : 0;
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-6]]:29: remark: nest left unchanged: the nest reads 'K', which each thread {{.*}} [lnr-unsupported-pragma]

// A thread-local variable ('__thread', '_Thread_local', 'threadprivate')
// is each thread's own too.
static __thread int width_of_thread;
void reads_thread_local(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
#pragma omp parallel
  {
    width_of_thread = L;
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < width_of_thread; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-5]]:31: remark: nest left unchanged: the nest reads 'width_of_thread', which each thread {{.*}} [lnr-unsupported-pragma]

// A reduction of the region over the output: each thread's A is its own
// copy.
void output_reduced(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *A) {
#pragma omp parallel reduction(+ : A[:n * L])
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
#pragma omp barrier
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-5]]:13: remark: nest left unchanged: the nest reads 'A', which each thread {{.*}} [lnr-unsupported-pragma]

// An inner loop variable declared before the region is shared by its
// threads: the original races on it.
void shared_inner_variable(int n, int K, int L, const int *rowptr,
                           const int *colidx, const double *vals,
                           const double *C, const double *D, const double *E,
                           double *restrict A) {
  int p;
#pragma omp parallel
  {
    double unused = 0;
    (void)unused;
#pragma omp for
    for (int i = 0; i < n; i++)
      for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-8]]:7: remark: nest left unchanged: 'p' is declared outside the nest and shared by the OpenMP directive: the threads of the nest race on it; list it in a 'private' clause [lnr-unsupported-pragma]

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
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-4]]:5: remark: nest left unchanged: the nest is nested inside a statement of a '#pragma omp parallel' region; only a nest that is one of the region's statements is read [lnr-unsupported-pragma]

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
