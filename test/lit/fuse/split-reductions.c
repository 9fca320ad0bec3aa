// A dot product summed into a scalar temporary (the SDDMM of <SDDMM, SpMM>)
// is written as eight partial sums over blocks of eight, a remainder loop,
// and the partial sums added to the temporary: one accumulator would make
// every addition wait for the one before. The names the rewrite adds avoid
// the file's, the element type is the kernel's, and an extent that is an
// expression is parenthesized. --no-split-reductions keeps one accumulator.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: lnr-rewrite --no-split-reductions %s -- 2>/dev/null | %nochecks | FileCheck --check-prefix=OFF %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite %t.c -- 2>/dev/null | diff %t.c -

int k_lane; // taken: the rewrite's lane counter becomes k_lane_1

void sddmm_spmm_float(int n, int K, int L, const int *rowptr,
                      const int *colidx, const float *vals, const float *C,
                      const float *D, const float *E, float *restrict A) {
  float t_part = 0; // taken too
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K + 1; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              vals[p] * C[i * (K + 1) + k] * D[j * (K + 1) + k] * E[j * L + l];
    }
  (void)t_part;
}
// REMARK: split-reductions.c:[[@LINE-10]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK:      float t = 0;
// CHECK-NEXT: {
// CHECK-NEXT:   float t_part_1[8] = {{[{]}}0, 0, 0, 0, 0, 0, 0, 0};
// CHECK-NEXT:   int k_lane_1;
// CHECK-NEXT:   int k = 0;
// CHECK-NEXT:   for (; k + 7 < (K + 1); k += 8) {
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT:     for (k_lane_1 = 0; k_lane_1 < 8; k_lane_1++) {
// CHECK-NEXT:       t_part_1[k_lane_1] += vals[p] * C[i * (K + 1) + (k + k_lane_1)] *
// CHECK-NEXT:                             D[j * (K + 1) + (k + k_lane_1)];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   for (; k < (K + 1); k++) {
// CHECK-NEXT:     t += vals[p] * C[i * (K + 1) + k] * D[j * (K + 1) + k];
// CHECK-NEXT:   }
// CHECK-NEXT:   t += ((t_part_1[0] + t_part_1[1]) + (t_part_1[2] + t_part_1[3])) +
// CHECK-NEXT:        ((t_part_1[4] + t_part_1[5]) + (t_part_1[6] + t_part_1[7]));
// CHECK-NEXT: }
// CHECK-NEXT: if ((K + 1) > 0) {
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT: for (int l = 0; l < L; l++) {
// OFF:      float t = 0;
// OFF-NEXT: const float vals_val = vals[p];
// OFF-NEXT: #pragma omp simd reduction(+ : t)
// OFF-NEXT: for (int k = 0; k < K + 1; k++) {
// OFF-NEXT:   t += vals_val * C[i * (K + 1) + k] * D[j * (K + 1) + k];
// OFF-NEXT: }
