// A GEMM-like consumer (A(i,l) += t(k) * D(k,l) below the shared loops) is
// unrolled by 4 over k and jammed into l: each element of A's row is loaded
// and stored once per four k. The remainder loop finishes k; the sums over
// k keep their order within each element. Not when k does not start at 0,
// not with --no-unroll-jam. (The execution tests prove every sample's
// rewrite, jammed loops included, equal to its original, for extents that
// are and are not multiples of 4.)
//
// RUN: lnr-rewrite %s -- 2> /dev/null | %nochecks | FileCheck %s
// RUN: lnr-rewrite --no-unroll-jam %s -- 2> /dev/null | %nochecks | FileCheck --check-prefix=OFF %s
// RUN: lnr-rewrite %samples/taco/spmm_gemm_ijkl.c -- 2> /dev/null | FileCheck --check-prefix=TACO %s
// When the left side is a temporary (not restrict: it may alias the
// operands), the factors that do not read l are multiplied once per k
// before the loop over l, and only when that loop runs (as the nest reads
// them); the remainder loop keeps the statement.
// RUN: lnr-rewrite --schedule='{C,D}{B}!' %samples/taco/spmm_gemm_ijkl.c -- 2> /dev/null | FileCheck --check-prefix=HOIST %s
// HOIST:      for (; k + 3 < D1_dimension; k += 4) {
// HOIST-NEXT:   if (D2_dimension > 0) {
// HOIST-NEXT:     const double k_w0 = C_vals[j * C2_dimension + k];
// HOIST-NEXT:     const double k_w1 = C_vals[j * C2_dimension + (k + 1)];
// HOIST-NEXT:     const double k_w2 = C_vals[j * C2_dimension + (k + 2)];
// HOIST-NEXT:     const double k_w3 = C_vals[j * C2_dimension + (k + 3)];
// HOIST-NEXT: #pragma omp simd
// HOIST-NEXT:     for (int32_t l = 0; l < D2_dimension; l++) {
// HOIST-NEXT:       t[(size_t)j * D2_dimension + l] +=
// HOIST-NEXT:           k_w0 * D_vals[k * D2_dimension + l] +
// HOIST:      for (; k < D1_dimension; k++) {
// HOIST:            C_vals[j * C2_dimension + k] * D_vals[k * D2_dimension + l];

void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[crd[p] * K + k] * D[k * L + l];
}

void from_one(int n, int K, int L, const int *pos, const int *crd,
              const double *Bv, const double *C, const double *D,
              double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 1; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[crd[p] * K + k] * D[k * L + l];
}

// CHECK-LABEL: {{^}}void spmm_gemm(
// CHECK:      {{^}}              int k = 0;{{$}}
// CHECK-NEXT: {{^}}              for (; k + 3 < K; k += 4) {
// CHECK-NEXT: {{^}}#pragma omp simd
// CHECK-NEXT: {{^}}                for (int l = 0; l < L; l++) {
// CHECK-NEXT: {{^}}                  A[i * L + l] += t[k] * D[k * L + l] +
// CHECK-NEXT: {{^}}                                  t[k + 1] * D[(k + 1) * L + l] +
// CHECK-NEXT: {{^}}                                  t[k + 2] * D[(k + 2) * L + l] +
// CHECK-NEXT: {{^}}                                  t[k + 3] * D[(k + 3) * L + l];
// CHECK-NEXT: {{^}}                }
// CHECK-NEXT: {{^}}              }
// CHECK-NEXT: {{^}}              for (; k < K; k++) {
// CHECK-NEXT: {{^}}#pragma omp simd
// CHECK-NEXT: {{^}}                for (int l = 0; l < L; l++) {
// CHECK-NEXT: {{^}}                  A[i * L + l] += t[k] * D[k * L + l];
// CHECK-NEXT: {{^}}                }
// CHECK-NEXT: {{^}}              }
// CHECK-NEXT: {{^}}            }
// CHECK-LABEL: {{^}}void from_one(
// CHECK:      double *t = (double *)malloc(sizeof(double) *
// CHECK-NEXT: (((K) - (1)) > 0 ? ((K) - (1)) : 1));
// CHECK-NOT:  {{^}} *for (; k
// CHECK:      {{^}}      for (int k = 1; k < K; k++) {
// CHECK-NEXT: {{^}}        t[k - 1] = 0;
// CHECK:      t[k - 1] += Bv_val * C[crd[p] * K + k];
// CHECK:      {{^}}      for (int k = 1; k < K; k++) {
// CHECK-NEXT: {{^}}#pragma omp simd
// CHECK-NEXT: {{^}}        for (int l = 0; l < L; l++) {
// CHECK-NEXT: {{^}}          A[i * L + l] += t[k - 1] * D[k * L + l];
// OFF-NOT: {{^}} *for (; k

// TACO-style code: the dense positions written out where the unrolled k
// needs them.
// TACO:      {{^}}        int32_t k = 0;
// TACO-NEXT: {{^}}        for (; k + 3 < D1_dimension; k += 4) {
// TACO-NEXT: {{^}}#pragma omp simd
// TACO-NEXT: {{^}}          for (int32_t l = 0; l < D2_dimension; l++) {
// TACO-NEXT: {{^}}            A_vals[i * A2_dimension + l] +=
// TACO-NEXT: {{^}}                t[k] * D_vals[k * D2_dimension + l] +
// TACO-NEXT: {{^}}                t[k + 1] * D_vals[(k + 1) * D2_dimension + l] +
