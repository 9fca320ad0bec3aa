// <SDDMM, SpMM> by hand, B in CSR: fused into an imperfect nest with a scalar
// temporary and a parallel outer loop; only the nest's text changes.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// Everything outside the nest is byte-for-byte the same.
// RUN: head -n 14 %s > %t.before && head -n 14 %t.c > %t.after
// RUN: diff %t.before %t.after

void kernel(int n, int K, int L, const int *rowptr, const int *colidx,
            const double *vals, const double *C, const double *D,
            const double *E, double *restrict A) {
  int   unrelated = 0; /* kept exactly, odd spacing included */
  (void)unrelated;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// CHECK:      int   unrelated = 0; /* kept exactly, odd spacing included */
// CHECK-NEXT:   (void)unrelated;
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK-NEXT:     for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CHECK-NEXT:       int j = colidx[p];
// CHECK-NEXT: #ifdef __GNUC__
// CHECK-NEXT:       if (p + 1 < rowptr[i + 1]) {
// CHECK-NEXT:         for (int pf = 0; pf < K; pf += 8) {
// CHECK-NEXT:           __builtin_prefetch(&D[colidx[p + 1] * K + pf]);
// CHECK-NEXT:         }
// CHECK-NEXT:         for (int pf = 0; pf < L; pf += 8) {
// CHECK-NEXT:           __builtin_prefetch(&E[colidx[p + 1] * L + pf]);
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT: #endif
// CHECK-NEXT:       double t = 0;
// CHECK-NEXT:       {
// CHECK-NEXT:         double t_part[8] = {{[{]}}0, 0, 0, 0, 0, 0, 0, 0};
// CHECK-NEXT:         int k_lane;
// CHECK-NEXT:         int k = 0;
// CHECK-NEXT:         for (; k + 7 < K; k += 8) {
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT:           for (k_lane = 0; k_lane < 8; k_lane++) {
// CHECK-NEXT:             t_part[k_lane] +=
// CHECK-NEXT:                 vals[p] * C[i * K + (k + k_lane)] * D[j * K + (k + k_lane)];
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:         for (; k < K; k++) {
// CHECK-NEXT:           t += vals[p] * C[i * K + k] * D[j * K + k];
// CHECK-NEXT:         }
// CHECK-NEXT:         t += ((t_part[0] + t_part[1]) + (t_part[2] + t_part[3])) +
// CHECK-NEXT:              ((t_part[4] + t_part[5]) + (t_part[6] + t_part[7]));
// CHECK-NEXT:       }
// CHECK-NEXT: if (K > 0) {
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT:       for (int l = 0; l < L; l++) {
// CHECK-NEXT:         A[i * L + l] += t * E[j * L + l];
// CHECK-NEXT:       }
// CHECK-NEXT: }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }

// REMARK: sddmm-spmm.c:15:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]
