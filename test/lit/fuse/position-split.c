// TACO's position split (fuse(i, j, f), pos(f, fpos, B), split(fpos, fpos0,
// fpos1, S)): chunks of S nonzeros, the row of each chunk's first found by
// taco_binarySearchBefore and the next row taken where one ends. Read as
// the loops over the rows and the positions of each and written so, under
// a run-time check that the positions start at 0 and never decrease; the
// file's directive stays on the rows only where rows write apart.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite %t.c -- 2>/dev/null | diff %t.c -
// RUN: lnr-rewrite --explain --line=%(line+32) %s -- 2>/dev/null | FileCheck --check-prefix=ROWS %s
// RUN: lnr-rewrite --explain --line=%(line+58) %s -- 2>/dev/null | FileCheck --check-prefix=TRANSPOSED %s

int taco_binarySearchBefore(int *array, int arrayStart, int arrayEnd,
                            int target);

// The rows of A apart ('A[i * L + l]', l < L): the directive stays on them,
// the atomic goes.
// CHECK-LABEL: void sddmm_spmm_pos(
// CHECK:      checked &= pos[0] == 0;
// CHECK:      #pragma omp parallel for schedule(dynamic, 4)
// CHECK-NEXT: for (int i = 0; i < n; i++) {
// CHECK-NEXT:   for (int p = pos[i]; p < pos[i + 1]; p++) {
// CHECK-NEXT:     int j = crd[p];
// CHECK-NOT:  omp atomic
// CHECK:      } else {
// CHECK:      #pragma omp atomic
// ROWS: position split: read as the loops over the rows and the positions of each
// ROWS: openmp: kept the existing OpenMP directive on 'i'
void sddmm_spmm_pos(int n, int K, int L, int *pos, const int *crd,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A) {
#pragma omp parallel for schedule(dynamic, 4)
  for (int c = 0; c < ((pos[n] + 63) / 64); c++) {
    int i = taco_binarySearchBefore(pos, 0, n, c * 64);
    for (int c1 = 0; c1 < 64; c1++) {
      int p = c * 64 + c1;
      if (p >= pos[n])
        continue;
      int j = crd[p];
      while (p == pos[i + 1]) {
        i++;
      }
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
#pragma omp atomic
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
    }
  }
}
// REMARK: position-split.c:[[@LINE-19]]:1: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]

// The output indexed by the column ('A[j * L + l]'): two rows may write
// one element, so the rewrite keeps no directive and runs sequentially.
// CHECK-LABEL: void transposed_pos(
// CHECK-NOT:  omp parallel
// CHECK:      for (int i = 0; i < n; i++) {
// CHECK:      } else {
// CHECK:      #pragma omp parallel for
// TRANSPOSED: openmp: not parallelized: different 'i' may write the same elements of 'A'
void transposed_pos(int n, int K, int L, int *pos, const int *crd,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A) {
#pragma omp parallel for
  for (int c = 0; c < ((pos[n] + 63) / 64); c++) {
    int i = taco_binarySearchBefore(pos, 0, n, c * 64);
    for (int c1 = 0; c1 < 64; c1++) {
      int p = c * 64 + c1;
      if (p >= pos[n])
        continue;
      int j = crd[p];
      while (p == pos[i + 1]) {
        i++;
      }
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
#pragma omp atomic
          A[j * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[i * L + l];
        }
    }
  }
}
// REMARK: position-split.c:[[@LINE-19]]:1: remark: fused 'A(j,l) += vals(i,j) * C(i,k) * D(j,k) * E(i,l)'{{.*}} [lnr-fuse]

// A 'while' that does not move one row at a time is named.
// CHECK-LABEL: void skips_rows(
// CHECK:      while (p >= pos[i + 1]) {
void skips_rows(int n, int K, int L, int *pos, const int *crd,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int c = 0; c < ((pos[n] + 63) / 64); c++) {
    int i = taco_binarySearchBefore(pos, 0, n, c * 64);
    for (int c1 = 0; c1 < 64; c1++) {
      int p = c * 64 + c1;
      if (p >= pos[n])
        continue;
      int j = crd[p];
      while (p >= pos[i + 1]) {
        i++;
      }
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// REMARK: position-split.c:[[@LINE-9]]:7: remark: nest left unchanged: the position split (TACO's pos) over 'c' moves to the next row with 'while (p >= pos[i + 1])', not with 'while (p == pos[i + 1]) { i++; }' [lnr-unsupported-loop]

// Chunks that do not cover the positions are named.
void short_chunks(int n, int K, int L, int *pos, const int *crd,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *restrict A) {
  for (int c = 0; c < pos[n] / 64; c++) {
    int i = taco_binarySearchBefore(pos, 0, n, c * 64);
    for (int c1 = 0; c1 < 64; c1++) {
      int p = c * 64 + c1;
      if (p >= pos[n])
        continue;
      int j = crd[p];
      while (p == pos[i + 1]) {
        i++;
      }
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// REMARK: position-split.c:[[@LINE-16]]:3: remark: nest left unchanged: the position split (TACO's pos) over 'c' runs over 'pos[n] / 64' chunks, not proved to cover the positions of 'pos' ('(pos[n] + 63) / 64') [lnr-unsupported-loop]
