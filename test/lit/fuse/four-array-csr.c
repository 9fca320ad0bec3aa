// MKL's four-array CSR: a row's nonzeros run from pntrb[i] to pntre[i]
// (begin and end arrays, often the same array offset by one). The rewrite
// walks the fibers with the file's own headers, and each test of a fiber
// (the prefetch's next nonzero, the producer's empty-fiber guard) reads the
// begin and end arrays, never the begin array at the next row.
// RUN: lnr-rewrite --no-split-reductions %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite --no-split-reductions %t.c -- 2>/dev/null | diff %t.c -
// RUN: not grep -n 'pntrb\[[^]]*+ 1\]' %t.c

// CHECK-LABEL: void mkl_sddmm_spmm(
// CHECK:      #pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK-NEXT:     for (int p = pntrb[i]; p < pntre[i]; p++) {
// CHECK-NEXT:       int j = colidx[p];
// CHECK:            if (p + 1 < pntre[i]) {
// CHECK:              __builtin_prefetch(&D[colidx[p + 1] * K + pf]);
// CHECK:            A[i * L + l] += t * E[j * L + l];
void mkl_sddmm_spmm(int n, int K, int L, const int *pntrb, const int *pntre,
                    const int *colidx, const double *vals, const double *C,
                    const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pntrb[i]; p < pntre[i]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: fuse/four-array-csr.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]

// SpMM-GEMM: the consumer runs once per row, only when the row's fiber
// [pntrb[i], pntre[i]) is not empty.
// CHECK-LABEL: void mkl_spmm_gemm(
// CHECK:        for (int p = pntrb[i]; p < pntre[i]; p++) {
// CHECK:          t[k] += vals_val * C[j * K + k];
// CHECK:        if (pntrb[i] < pntre[i]) {
// CHECK:              A[i * L + l] += t[k] * D[k * L + l];
void mkl_spmm_gemm(int n, int K, int L, const int *pntrb, const int *pntre,
                   const int *colidx, const double *vals, const double *C,
                   const double *D, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pntrb[i]; p < pntre[i]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
}
// REMARK: fuse/four-array-csr.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += vals(i,j) * C(j,k) * D(k,l)': {{.*}} [lnr-fuse]

// Without 'restrict' the rewrite would run under a run-time overlap test,
// which bounds each array's elements; the positions of a four-array level
// are bounded by no element of pntrb or pntre (the fibers need not be in
// order or contiguous: pntrb[0] is not the smallest), so the nest is left
// as it is with that reason rather than tested wrongly.
// CHECK-LABEL: void mkl_no_restrict(
// CHECK:        const double *D, const double *E, double *A) {
// CHECK-NEXT:   for (int i = 0; i < n; i++)
// CHECK-NEXT:     for (int p = pntrb[i]; p < pntre[i]; p++) {
void mkl_no_restrict(int n, int K, int L, const int *pntrb, const int *pntre,
                     const int *colidx, const double *vals, const double *C,
                     const double *D, const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pntrb[i]; p < pntre[i]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: fuse/four-array-csr.c:[[@LINE-8]]:3: remark: nest left unchanged: the output may share memory with an input and the fused nest reads the inputs in a different order; no run-time overlap test could be written: the positions of the loop over 'p' run from 'pntrb[i]' to 'pntre[i]' (separate begin and end arrays), whose fibers need not be in order: no element bounds the positions the nest reads; declare the output 'restrict' or pass --assume-no-alias [lnr-possible-alias]

// A sparse output at the positions of a four-array level, accumulated: the
// rewrite relies on no order of the fibers (it stays sequential), so it
// checks none, and no fallback copy of the nest is written.
// CHECK-LABEL: void mkl_sparse_output(
// CHECK-NOT:    checked
// CHECK-NOT:    lnr-rewrite: the original nest
// CHECK:        A[p * M + m] +=
// CHECK-LABEL: {{^}}}
void mkl_sparse_output(int n, int K, int L, int M, const int *pntrb,
                       const int *pntre, const int *crd, const double *Bv,
                       const double *C, const double *E, const double *D,
                       double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pntrb[i]; p < pntre[i]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          for (int m = 0; m < M; m++)
            A[p * M + m] += Bv[p] * C[j * K + k] * E[k * L + l] * D[l * M + m];
    }
}
// REMARK: fuse/four-array-csr.c:[[@LINE-9]]:3: remark: fused 'A(i,j,m) += Bv(i,j) * C(j,k) * E(k,l) * D(l,m)': {{.*}} [lnr-fuse]
