// The file's 'schedule(runtime)' is kept as written, with a note on the
// remark when the loop it parallelizes walks compressed fibers (rows of
// different lengths): without OMP_SCHEDULE the runtimes run it static. Not
// for another kept schedule, a loop whose iterations walk no fibers, or a
// directive the rewrite writes itself (--omp-schedule=runtime); --explain
// prints the note, --check does not, and --no-openmp keeps the file's
// directive, and so the note.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck --implicit-check-not=note: --implicit-check-not=remark: %s < %t.err
// RUN: %nochecks %t.out | FileCheck --check-prefix=KEPT %s
// RUN: lnr-rewrite --no-openmp %s -- 2>&1 >/dev/null | FileCheck --check-prefix=NO-OPENMP --implicit-check-not=note: %s
// RUN: lnr-rewrite --omp-schedule=runtime %s -- 2>&1 >%t.runtime.out | FileCheck --check-prefix=OWN --implicit-check-not=note: %s
// RUN: %nochecks %t.runtime.out | FileCheck --check-prefix=OWN-TEXT %s
// RUN: not lnr-rewrite --check %s -- 2>&1 | FileCheck --check-prefix=CHECK-MODE --implicit-check-not=note: %s
// RUN: lnr-rewrite --explain %s -- 2>/dev/null | FileCheck --check-prefix=EXPLAIN %s

#include <stdint.h>

// TACO's <SDDMM, SpMM> over CSR rows, its outer loop 'schedule(runtime)'.
void taco_runtime(int C1_dimension, int A2_dimension, int C2_dimension,
                  int D2_dimension, int E2_dimension,
                  const int *restrict B2_pos, const int *restrict B2_crd,
                  const double *restrict B_vals, const double *restrict C_vals,
                  const double *restrict D_vals, const double *restrict E_vals,
                  double *restrict A_vals) {
  #pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < C1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      for (int32_t l = 0; l < E2_dimension; l++) {
        int32_t lA = i * A2_dimension + l;
        int32_t lE = j * E2_dimension + l;
        double tkA_val = 0.0;
        for (int32_t k = 0; k < D2_dimension; k++) {
          int32_t kC = i * C2_dimension + k;
          int32_t kD = j * D2_dimension + k;
          tkA_val += B_vals[jB] * C_vals[kC] * D_vals[kD] * E_vals[lE];
        }
        A_vals[lA] = A_vals[lA] + tkA_val;
      }
    }
  }
}
// CHECK: runtime-schedule-note.c:[[@LINE-18]]:3: remark: fused 'A_vals(i,l) += B_vals(i,j) * C_vals(i,k) * D_vals(j,k) * E_vals(j,l)'
// CHECK-NEXT: #pragma omp parallel for schedule(runtime)
// CHECK-NEXT: ^
// CHECK-NEXT: runtime-schedule-note.c:[[@LINE-21]]:3: note: the kept 'schedule(runtime)' follows OMP_SCHEDULE, and runs static when it is unset (GCC's and LLVM's OpenMP runtimes); the iterations of the loop over 'i' walk fibers of different lengths, which balance better with OMP_SCHEDULE=dynamic,64 (or guided)
// NO-OPENMP: runtime-schedule-note.c:[[@LINE-22]]:3: remark: fused
// NO-OPENMP: runtime-schedule-note.c:[[@LINE-23]]:3: note: the kept 'schedule(runtime)' follows OMP_SCHEDULE
// OWN: runtime-schedule-note.c:[[@LINE-24]]:3: remark: fused
// OWN: runtime-schedule-note.c:[[@LINE-25]]:3: note: the kept 'schedule(runtime)' follows OMP_SCHEDULE
// CHECK-MODE: runtime-schedule-note.c:[[@LINE-26]]:3: error: nest would be rewritten: fused
// EXPLAIN: runtime-schedule-note.c:[[@LINE-27]]:3: nest in 'taco_runtime'
// EXPLAIN: openmp: kept the existing OpenMP directive on 'i'
// EXPLAIN: note: the kept 'schedule(runtime)' follows OMP_SCHEDULE, and runs static when it is unset
// KEPT: void taco_runtime(
// KEPT: #pragma omp parallel for schedule(runtime)
// KEPT-NEXT: for (int32_t i = 0; i < C1_dimension; i++) {
// KEPT-NEXT: for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {

// The same loop 'schedule(static)': the file's choice, no note.
void taco_static(int C1_dimension, int A2_dimension, int C2_dimension,
                 int D2_dimension, int E2_dimension,
                 const int *restrict B2_pos, const int *restrict B2_crd,
                 const double *restrict B_vals, const double *restrict C_vals,
                 const double *restrict D_vals, const double *restrict E_vals,
                 double *restrict A_vals) {
  #pragma omp parallel for schedule(static)
  for (int32_t i = 0; i < C1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      for (int32_t l = 0; l < E2_dimension; l++) {
        int32_t lA = i * A2_dimension + l;
        int32_t lE = j * E2_dimension + l;
        double tkA_val = 0.0;
        for (int32_t k = 0; k < D2_dimension; k++) {
          int32_t kC = i * C2_dimension + k;
          int32_t kD = j * D2_dimension + k;
          tkA_val += B_vals[jB] * C_vals[kC] * D_vals[kD] * E_vals[lE];
        }
        A_vals[lA] = A_vals[lA] + tkA_val;
      }
    }
  }
}
// CHECK: runtime-schedule-note.c:[[@LINE-18]]:3: remark: fused 'A_vals(i,l) += B_vals(i,j) * C_vals(i,k) * D_vals(j,k) * E_vals(j,l)'
// KEPT: void taco_static(
// KEPT: #pragma omp parallel for schedule(static)

// Hand-written, no directive: the rewrite adds its own clause (or, with
// --omp-schedule=runtime, writes 'schedule(runtime)' itself): no note.
void hand_none(int n, int K, int L, const int *rowptr, const int *colidx,
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
// CHECK: runtime-schedule-note.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'
// KEPT: void hand_none(
// KEPT: #pragma omp parallel for schedule(dynamic, 64)
// NO-OPENMP: runtime-schedule-note.c:[[@LINE-11]]:3: remark: fused
// OWN: runtime-schedule-note.c:[[@LINE-12]]:3: remark: fused
// OWN-TEXT: void hand_none(
// OWN-TEXT: #pragma omp parallel for schedule(runtime)

// Dense loops only, 'schedule(runtime)': every iteration of the outer loop
// does the same work, no note.
void dense_runtime(int N, int J, int K, int L, const double *restrict B,
                   const double *restrict C, const double *restrict D,
                   double *restrict A) {
  #pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B[i * J + j] * C[j * K + k] * D[k * L + l];
}
// CHECK: runtime-schedule-note.c:[[@LINE-7]]:3: remark: fused 'A(i,l) += B(i,j) * C(j,k) * D(k,l)'
// KEPT: void dense_runtime(
// KEPT: #pragma omp parallel for schedule(runtime)

// A '#pragma omp parallel' region around '#pragma omp for
// schedule(runtime)' over CSR rows: the same note.
void region_runtime(int n, int K, int L, const int *restrict rowptr,
                    const int *restrict colidx, const double *restrict vals,
                    const double *restrict C, const double *restrict D,
                    const double *restrict E, double *restrict A) {
  #pragma omp parallel
  {
    #pragma omp for schedule(runtime)
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
}
// CHECK: runtime-schedule-note.c:[[@LINE-10]]:5: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'
// CHECK: runtime-schedule-note.c:[[@LINE-11]]:5: note: the kept 'schedule(runtime)' follows OMP_SCHEDULE
// NO-OPENMP: runtime-schedule-note.c:[[@LINE-12]]:5: note: the kept 'schedule(runtime)'
// OWN: runtime-schedule-note.c:[[@LINE-13]]:5: note: the kept 'schedule(runtime)'
// KEPT: void region_runtime(
// KEPT: #pragma omp parallel for schedule(runtime)
