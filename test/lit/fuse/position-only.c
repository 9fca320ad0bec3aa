// Compressed levels walked by position only: the nest never loads their
// coordinate because no subscript reads it (a row's values summed, TACO's
// level of j when A is stored at B's positions). The index gets a name
// that no code uses (TACO's 'jB' names 'j'; 'p' names 'p_index'), and the
// rewrite never reads its value: the file's headers walk the level.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite %t.c -- 2>/dev/null | diff %t.c -

// Each row's values summed once, not once per l.
// CHECK-LABEL: void row_scaled(
// CHECK:      #pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK-NEXT:     double t = 0;
// CHECK-NEXT:     for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CHECK-NEXT:       t += vals[p];
// CHECK:            A[i * L + l] += t * x[i] * E[i * L + l];
void row_scaled(int n, int L, const int *rowptr, const double *vals,
                const double *x, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += vals[p] * x[i] * E[i * L + l];
}
// REMARK: position-only.c:[[@LINE-5]]:3: remark: fused 'A(i,l) += vals(i,p_index) * x(i) * E(i,l)': O(nnz(vals_{i,p_index})*L) -> O(nnz(vals_{i,p_index})+L*n) [lnr-fuse]

// TACO's <SpTTM, SpTTM> with A at B's positions through the counter jA,
// each element assigned its whole sum, the level of j walked by position
// only: A is zeroed where the nest walks it (under a check that B2_pos
// never decreases, and that A's rows, A3 long, hold the m loop's D2
// values), then accumulated; the counter becomes the position.
// CHECK-LABEL: int spttm_spttm(
// CHECK:        int32_t jA = 0;
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT:   {
// CHECK-NEXT:     int checked = 1;
// CHECK-NEXT:     checked &= D2 <= A3;
// CHECK-NEXT:     if (checked && 0 < I) {
// CHECK-NEXT:       int32_t position;
// CHECK-NEXT:       for (position = 0; position < I; position++) {
// CHECK-NEXT:         checked &= B2_pos[position + 1] >= B2_pos[position];
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     if (checked) {
// CHECK:            for (int32_t i = 0; i < I; i++) {
// CHECK-NEXT:         for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
// CHECK-NEXT:           jA = jB - B2_pos[0];
// CHECK-NEXT:           for (int32_t m = 0; m < D2; m++) {
// CHECK-NEXT:             int32_t mA = jA * A3 + m;
// CHECK-NEXT:             A_vals[mA] = 0;
// CHECK:                t[l] += B_vals_val * C_vals[lC];
// CHECK:                A_vals[mA] += t[l] * D_vals[mD];
// CHECK:        if (!checked) {
// CHECK-NEXT:     /* lnr-rewrite: the original nest, run when a run-time check fails */
#include <stdint.h>
int spttm_spttm(int I, int C2, int D2, int A3, const int *restrict B2_pos,
                const int *restrict B3_pos, const int *restrict B3_crd,
                const double *restrict B_vals, const double *restrict C_vals,
                const double *restrict D_vals, double *restrict A_vals) {
  int32_t jA = 0;
  for (int32_t i = 0; i < I; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      for (int32_t m = 0; m < D2; m++) {
        int32_t mA = jA * A3 + m;
        double tkA_val = 0.0;
        for (int32_t kB = B3_pos[jB]; kB < B3_pos[(jB + 1)]; kB++) {
          int32_t k = B3_crd[kB];
          for (int32_t l = 0; l < C2; l++) {
            int32_t lC = k * C2 + l;
            int32_t mD = l * D2 + m;
            tkA_val += (B_vals[kB] * C_vals[lC]) * D_vals[mD];
          }
        }
        A_vals[mA] = tkA_val;
      }
      jA++;
    }
  }
  return 0;
}
// REMARK: position-only.c:[[@LINE-20]]:3: remark: fused 'A_vals(i,j,m) += B_vals(i,j,k) * C_vals(k,l) * D_vals(l,m)': O(nnz(B_vals_ijk)*C2*D2) -> O(nnz(B_vals_ijk)*C2+nnz(B_vals_ij)*C2*D2) [lnr-fuse]
