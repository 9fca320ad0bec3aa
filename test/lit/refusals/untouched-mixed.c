// One file, two functions: the fusable nest is rewritten, the refused one
// stays byte-for-byte as it was (odd spacing and comments included), even
// though it follows the rewritten text. (The partial sums of the fused
// nest's dot product are checked in fuse/sddmm-spmm.c.)
// RUN: lnr-rewrite --no-split-reductions %s -- > %t.out 2> %t.err
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// Everything from the refused function to the end of the file is unchanged.
// RUN: tail -n 45 %s > %t.in-tail && tail -n 45 %t.out > %t.out-tail
// RUN: diff %t.in-tail %t.out-tail

void fused(int n, int K, int L, const int *rowptr, const int *colidx,
           const double *vals, const double *C, const double *D,
           const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void refused(int n, int K, int L, const int *rowptr, const int *colidx,
             const double *vals, const double *C, const double *D,
             const double *E, const double *bias, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];   /* column */
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i*L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l] + bias[l];
    }
}

// CHECK:void fused(int n, int K, int L, const int *rowptr, const int *colidx,
// CHECK-NEXT:           const double *vals, const double *C, const double *D,
// CHECK-NEXT:           const double *E, double *restrict A) {
// CHECK-NEXT:  /* lnr-rewrite: {{.*}}
// CHECK:{{.*}} */
// CHECK-NEXT:  if (K > 0 && L > 0) {
// CHECK-NEXT:#pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:    for (int i = 0; i < n; i++) {
// CHECK-NEXT:      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CHECK-NEXT:        int j = colidx[p];
// CHECK-NEXT:#ifdef __GNUC__
// CHECK-NEXT:        if (p + 1 < rowptr[i + 1]) {
// CHECK-NEXT:          for (int pf = 0; pf < K; pf += 8) {
// CHECK-NEXT:            __builtin_prefetch(&D[colidx[p + 1] * K + pf]);
// CHECK-NEXT:          }
// CHECK-NEXT:          for (int pf = 0; pf < L; pf += 8) {
// CHECK-NEXT:            __builtin_prefetch(&E[colidx[p + 1] * L + pf]);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:#endif
// CHECK-NEXT:        double t = 0;
// CHECK-NEXT:        const double vals_val = vals[p];
// CHECK-NEXT:#pragma omp simd reduction(+ : t)
// CHECK-NEXT:        for (int k = 0; k < K; k++) {
// CHECK-NEXT:          t += vals_val * C[i * K + k] * D[j * K + k];
// CHECK-NEXT:        }
// CHECK-NEXT:        if (K > 0) {
// CHECK-NEXT:#pragma omp simd
// CHECK-NEXT:          for (int l = 0; l < L; l++) {
// CHECK-NEXT:            A[i * L + l] += t * E[j * L + l];
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:void refused(int n, int K, int L, const int *rowptr, const int *colidx,
// CHECK-NEXT:             const double *vals, const double *C, const double *D,
// CHECK-NEXT:             const double *E, const double *bias, double *restrict A) {
// CHECK-NEXT:  for (int i = 0; i < n; i++)
// CHECK-NEXT:    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CHECK-NEXT:      int j = colidx[p];   /* column */
// CHECK-NEXT:      for (int k = 0; k < K; k++)
// CHECK-NEXT:        for (int l = 0; l < L; l++)
// CHECK-NEXT:          A[i*L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l] + bias[l];
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:

// REMARK: refusals/untouched-mixed.c:[[@LINE-71]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]
// REMARK: refusals/untouched-mixed.c:[[@LINE-55]]:78: remark: nest left unchanged: the statement adds terms; only a product of factors is distributed [lnr-unsupported-sum]
