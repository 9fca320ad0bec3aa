// Not a refusal: accessor macros around an array element are kept as they
// are written, and the nest is fused. An earlier build crashed on C_AT (the
// array name spelled in the macro body) and refused B_VAL as a compressed
// loop "without reading their values" [lnr-unsupported-pattern].
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=OUT --match-full-lines %s < %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

#define C_AT(r, c) C[(r)*K + (c)]
#define B_VAL(q) vals[q]

void sddmm_spmm_accessors(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B_VAL(p) * C_AT(i, k) * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/macro-accessor.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}} [lnr-fuse]
// OUT:      double t = 0;
// OUT-NEXT: {
// OUT-NEXT: double t_part[8] = {{[{]}}0, 0, 0, 0, 0, 0, 0, 0};
// OUT-NEXT: int k_lane;
// OUT-NEXT: int k = 0;
// OUT-NEXT: for (; k + 7 < K; k += 8) {
// OUT-NEXT: #pragma omp simd
// OUT-NEXT: for (k_lane = 0; k_lane < 8; k_lane++) {
// OUT-NEXT: t_part[k_lane] +=
// OUT-NEXT: B_VAL(p) * C_AT(i, (k + k_lane)) * D[j * K + (k + k_lane)];
// OUT-NEXT: }
// OUT-NEXT: }
// OUT-NEXT: for (; k < K; k++) {
// OUT-NEXT: t += B_VAL(p) * C_AT(i, k) * D[j * K + k];
// OUT-NEXT: }
// OUT-NEXT: t += ((t_part[0] + t_part[1]) + (t_part[2] + t_part[3])) +
// OUT-NEXT: ((t_part[4] + t_part[5]) + (t_part[6] + t_part[7]));
// OUT-NEXT: }
// OUT-NEXT: if (K > 0) {
// OUT-NEXT: #pragma omp simd
// OUT-NEXT: for (int l = 0; l < L; l++) {
// OUT-NEXT: A[i * L + l] += t * E[j * L + l];
// OUT-NEXT: }
// OUT-NEXT: }
