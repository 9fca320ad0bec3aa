// OpenMP directives the rewrite cannot keep: only '#pragma omp parallel for'
// on the outer loop survives, and only when the fused nest keeps that loop.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

void sddmm_spmm_simd(int n, int K, int L, const int *rowptr, const int *colidx,
                     const double *vals, const double *C, const double *D,
                     const double *E, double *restrict A) {
#pragma omp parallel for simd
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-pragma.c:[[@LINE-9]]:1: remark: nest left unchanged: only '#pragma omp parallel for' is kept on a rewritten nest [lnr-unsupported-pragma]

// An orphaned worksharing loop, called from inside a parallel region.
void sddmm_spmm_omp_for(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
#pragma omp for schedule(dynamic)
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-pragma.c:[[@LINE-9]]:1: remark: nest left unchanged: only '#pragma omp parallel for' is kept on a rewritten nest [lnr-unsupported-pragma]

void sddmm_spmm_omp_simd(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals, const double *C,
                         const double *D, const double *E, double *restrict A) {
#pragma omp simd
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-pragma.c:[[@LINE-9]]:1: remark: nest left unchanged: only '#pragma omp parallel for' is kept on a rewritten nest [lnr-unsupported-pragma]

// A(i,l) += (sum_k C(k,i) x(k)) * E(i,l), parallel over k with an array
// reduction: the clause describes the original nest, not the fused one.
void scaled_rows_parallel_k(int n, int K, int L, const double *C,
                            const double *x, const double *E,
                            double *restrict A) {
#pragma omp parallel for reduction(+ : A[:n * L])
  for (int k = 0; k < K; k++)
    for (int i = 0; i < n; i++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += C[k * n + i] * x[k] * E[i * L + l];
}
// CHECK: refusals/unsupported-pragma.c:[[@LINE-6]]:26: remark: nest left unchanged: the clause 'reduction' describes the original nest and would not hold on the fused one [lnr-unsupported-pragma]

// A(i,l) += (sum_k C(i,k) d(k)) * e(l), parallel over the (i, l) pairs: the
// fused nest has no second loop right below i to collapse (an earlier build
// kept the clause and wrote code that does not compile).
void rank_one_update(int n, int K, int L, const double *C, const double *d,
                     const double *e, double *restrict A) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int l = 0; l < L; l++)
      for (int k = 0; k < K; k++)
        A[i * L + l] += C[i * K + k] * d[k] * e[l];
}
// CHECK: refusals/unsupported-pragma.c:[[@LINE-6]]:26: remark: nest left unchanged: the clause 'collapse' describes the original nest and would not hold on the fused one [lnr-unsupported-pragma]

// Each l sums row-scaled SpMV terms into its own y(l): every schedule that
// gains sums x and z apart, outside the loop over l the directive
// parallelizes. (With the directive on i instead, a schedule that keeps i
// outermost exists: fuse/pragma-fallback.c.)
void scaled_sums(int n, int L, const int *rowptr, const int *colidx,
                 const double *vals, const double *x, const double *z,
                 double *restrict y) {
#pragma omp parallel for
  for (int l = 0; l < L; l++)
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        y[l] += vals[p] * x[j] * z[l];
      }
}
// CHECK: refusals/unsupported-pragma.c:[[@LINE-8]]:1: remark: nest left unchanged: the schedule splits the loop that '#pragma omp parallel for' parallelizes [lnr-unsupported-pragma]
