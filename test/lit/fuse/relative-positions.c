// Positions counted from the fiber's start: 'for (p = 0; p < pos[i + 1] -
// pos[i]; p++)', every read at 'pos[i] + p'. p alone is no position: the
// rewrite keeps the headers and the reads as written, tests a fiber with
// the loop's own bounds ('0 < pos[i + 1] - pos[i]', 'p + 1 < pos[i + 1] -
// pos[i]' before reading the next coordinate 'crd[pos[i] + p + 1]'), and
// refuses, with the reason, what would store at p as an absolute position:
// a temporary at the positions, a TACO counter. The overlap test ranges
// over 'pos[i] + p' as over an absolute position.
// RUN: lnr-rewrite --remarks=all --no-split-reductions %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite --remarks=all --no-split-reductions %t.c -- 2>/dev/null | diff %t.c -
// A temporary at B's positions needs their count: refused.
// RUN: lnr-rewrite --remarks=all --schedule='{vals,C,D}{E}!' --line=%(line+17) %s -- 2>&1 >/dev/null | FileCheck --check-prefix=POSITIONS %s
// POSITIONS: remark: nest left unchanged: the schedule stores t(i,j) at the positions of 'vals', {{.*}} counted from its fiber's start{{.*}} [lnr-unsupported-temporary]

// CHECK-LABEL: void sddmm_spmm_relative(
// CHECK:      #pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK-NEXT:     for (int p = 0; p < rowptr[i + 1] - rowptr[i]; p++) {
// CHECK-NEXT:       int j = colidx[rowptr[i] + p];
// CHECK:            if (p + 1 < rowptr[i + 1] - rowptr[i]) {
// CHECK:              __builtin_prefetch(&D[colidx[rowptr[i] + p + 1] * K + pf]);
// CHECK:            const double vals_val = vals[rowptr[i] + p];
// CHECK:            t += vals_val * C[i * K + k] * D[j * K + k];
// CHECK:            A[i * L + l] += t * E[j * L + l];
void sddmm_spmm_relative(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *C, const double *D, const double *E,
                         double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < rowptr[i + 1] - rowptr[i]; p++) {
      int j = colidx[rowptr[i] + p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[rowptr[i] + p] * C[i * K + k] * D[j * K + k] *
                          E[j * L + l];
    }
}
// REMARK: fuse/relative-positions.c:[[@LINE-9]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]

// SpMM-GEMM: the consumer runs once per row, where the row is not empty.
// CHECK-LABEL: void spmm_gemm_relative(
// CHECK:        for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
// CHECK-NEXT:     int j = crd[pos[i] + p];
// CHECK:          const double Bv_val = Bv[pos[i] + p];
// CHECK:        if (0 < pos[i + 1] - pos[i]) {
// CHECK:              A[i * L + l] += t[k] * D[k * L + l];
void spmm_gemm_relative(int n, int K, int L, const int *pos, const int *crd,
                        const double *Bv, const double *C, const double *D,
                        double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
      int j = crd[pos[i] + p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += C[j * K + k] * D[k * L + l] * Bv[pos[i] + p];
    }
}
// REMARK: fuse/relative-positions.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += C(j,k) * D(k,l) * Bv(i,j)': {{.*}} [lnr-fuse]

// A CSF level relative to a relative parent, and MKL's begin and end
// arrays counted from the begin array.
// CHECK-LABEL: void csf_relative(
// CHECK:          if (q + 1 < pos3[pos2[i] + p + 1] - pos3[pos2[i] + p]) {
// CHECK:            __builtin_prefetch(
// CHECK-NEXT:         &C[crd3[pos3[pos2[i] + p] + q + 1] * K + pf]);
// CHECK:          const double Bv_val = Bv[pos3[pos2[i] + p] + q];
void csf_relative(int n, int K, int M, const int *pos2, const int *crd2,
                  const int *pos3, const int *crd3, const double *Bv,
                  const double *C, const double *D, const double *E,
                  double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < pos2[i + 1] - pos2[i]; p++) {
      int j = crd2[pos2[i] + p];
      for (int q = 0; q < pos3[pos2[i] + p + 1] - pos3[pos2[i] + p]; q++) {
        int l = crd3[pos3[pos2[i] + p] + q];
        for (int k = 0; k < K; k++)
          for (int m = 0; m < M; m++)
            A[i * M + m] +=
                Bv[pos3[pos2[i] + p] + q] * E[j] * C[l * K + k] * D[k * M + m];
      }
    }
}
// REMARK: fuse/relative-positions.c:[[@LINE-12]]:3: remark: fused 'A(i,m) += Bv(i,j,l) * E(j) * C(l,k) * D(k,m)': {{.*}} [lnr-fuse]

// CHECK-LABEL: void mkl_relative(
// CHECK:        for (int p = 0; p < pntre[i] - pntrb[i]; p++) {
// CHECK:        if (0 < pntre[i] - pntrb[i]) {
void mkl_relative(int n, int K, int L, const int *pntrb, const int *pntre,
                  const int *colidx, const double *vals, const double *C,
                  const double *D, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < pntre[i] - pntrb[i]; p++) {
      int j = colidx[pntrb[i] + p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[pntrb[i] + p] * C[j * K + k] * D[k * L + l];
    }
}
// REMARK: fuse/relative-positions.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += vals(i,j) * C(j,k) * D(k,l)': {{.*}} [lnr-fuse]

// Without 'restrict': the overlap test ranges over the absolute positions
// pos[0] to pos[n] that 'pos[i] + p' reads, as for an absolute loop.
// CHECK-LABEL: void relative_no_restrict(
// CHECK:        int no_overlap = 0 < (long long)n &&
// CHECK-NEXT:     (long long)(pos[0]) < (long long)(pos[(long long)n]) &&
// CHECK:          long long p_first = pos[0];
// CHECK-NEXT:     long long p_end = pos[(long long)n];
// CHECK:          uintptr_t Bv_begin = (uintptr_t)Bv + (uintptr_t)p_first * sizeof *Bv;
// CHECK-NEXT:     uintptr_t Bv_end = (uintptr_t)Bv + (uintptr_t)p_end * sizeof *Bv;
// CHECK:          (A_end <= Bv_begin || Bv_end <= A_begin)
// CHECK:        if (no_overlap) {
// CHECK:        for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
// CHECK:        if (!no_overlap) {
// CHECK-NEXT:     /* lnr-rewrite: the original nest, run on overlap or out of memory */
// CHECK-NEXT:   for (int i = 0; i < n; i++)
void relative_no_restrict(int n, int K, int L, const int *pos, const int *crd,
                          const double *Bv, const double *C, const double *D,
                          double *A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
      int j = crd[pos[i] + p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[pos[i] + p] * C[j * K + k] * D[k * L + l];
    }
}
// REMARK: fuse/relative-positions.c:[[@LINE-8]]:3: remark: fused {{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]

// p read alone, as if it were a position.
void relative_read_alone(int n, int K, const int *pos, const int *crd,
                         const double *Bv, const double *C,
                         double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        A[i * K + k] += Bv[pos[i] + p] * C[j * K + k];
    }
}
// REMARK: fuse/relative-positions.c:[[@LINE-5]]:15: remark: nest left unchanged: 'crd[p]' reads at 'p', which counts positions from its fiber's start 'pos[i]'; it is a position only as 'pos[i] + p' [lnr-non-affine-subscript]

// TACO's counter of an output's positions counts absolute positions.
void relative_counter(int n, int M, int K, const int *pos, const int *crd,
                      const double *Bv, const double *C, const double *D,
                      double *restrict A) {
  int jA = 0;
  for (int i = 0; i < n; i++)
    for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
      int j = crd[pos[i] + p];
      for (int k = 0; k < K; k++)
        for (int m = 0; m < M; m++)
          A[jA * M + m] += Bv[pos[i] + p] * C[j * K + k] * D[k * M + m];
      jA++;
    }
}
// REMARK: fuse/relative-positions.c:[[@LINE-3]]:7: remark: nest left unchanged: jA counts the positions of a loop relative to its fiber's start 'pos[i]'; only a counter of absolute positions is read [lnr-unsupported-counter]

// The output stored at the positions, as 'pos[i] + p' (a sparse output in
// the pattern of Bv): the subscript is kept as written.
// CHECK-LABEL: void relative_output(
// CHECK:         for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
// CHECK:           for (; k < K; k++) {
// CHECK:             A[(pos[i] + p) * M + m] +=
// CHECK-NEXT:          t[(size_t)k * M + m] * Bv[pos[i] + p] * C[j * K + k];
void relative_output(int n, int K, int L, int M, const int *pos,
                     const int *crd, const double *Bv, const double *C,
                     const double *E, const double *D, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
      int j = crd[pos[i] + p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          for (int m = 0; m < M; m++)
            A[(pos[i] + p) * M + m] +=
                Bv[pos[i] + p] * C[j * K + k] * E[k * L + l] * D[l * M + m];
    }
}
// REMARK: fuse/relative-positions.c:[[@LINE-10]]:3: remark: fused 'A(i,j,m) += Bv(i,j) * C(j,k) * E(k,l) * D(l,m)'{{.*}} [lnr-fuse]
