// An output that is not 'restrict' may overlap an input, and the fused nest
// reads the inputs in a different order relative to the writes. By default
// the rewrite is versioned under a run-time overlap test (the original nest
// runs when the arrays overlap); --no-alias-check leaves such nests as they
// are, with the refusal, and only a range the test cannot bound refuses
// them by default.
// RUN: lnr-rewrite --remarks=all --no-alias-check %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// The same nest is fused once the user vouches for it, without a test.
// RUN: lnr-rewrite --remarks=all --assume-no-alias %s -- > %t.assumed 2> %t.assumed.err
// RUN: FileCheck --check-prefix=ASSUMED %s < %t.assumed.err
// RUN: not grep -e '^ *int no_overlap' -e '^ *uintptr_t' -e '^#include' %t.assumed
// By default: versioned, and the remark says so.
// RUN: lnr-rewrite --remarks=all %s -- > %t.v.c 2> %t.v.c.err
// RUN: FileCheck --check-prefix=VERSIONED --implicit-check-not=remark: %s < %t.v.c.err
// RUN: %nochecks %t.v.c | FileCheck --check-prefix=TEXT %s
// The fallback is the nest token for token, laid out at its new depth as
// the file's style lays it out (the nests not versioned as they were).
// RUN: sed -n '/^  for (int i = 0; i < n; i++)$/,/^    }$/p' %s | tr -d ' \n' > %t.nests
// RUN: sed -n -E '/^(  |      )for \(int i = 0; i < n; i\+\+\)$/,/^(    |        )}$/p' %t.v.c | tr -d ' \n' > %t.copies
// RUN: grep -c '^      for (int i = 0; i < n; i++)$' %t.v.c | grep -x 3
// RUN: diff %t.nests %t.copies
// A second run changes nothing and says nothing about the fallback copies.
// RUN: lnr-rewrite --remarks=all %t.v.c -- > %t.again.c 2> %t.again.c.err
// RUN: diff %t.v.c %t.again.c
// RUN: FileCheck --check-prefix=AGAIN --implicit-check-not=remark: %s < %t.again.c.err

void sddmm_spmm_may_alias(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/possible-alias.c:[[@LINE-8]]:3: remark: nest left unchanged: 'A' may share memory with an input, and the fused nest reads the inputs in a different order; declare it 'double *restrict' or pass --assume-no-alias [lnr-possible-alias]
// ASSUMED: refusals/possible-alias.c:[[@LINE-9]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}} [lnr-fuse]
// VERSIONED: refusals/possible-alias.c:[[@LINE-10]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)), under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]
// TEXT:      #include <stdint.h>
// The helpers the tests call, once for the file, after its includes.
// TEXT-EMPTY:
// TEXT-NEXT: /* lnr-rewrite: the smaller and the larger of two subscripts, for the run-time
// TEXT-NEXT:  * overlap tests below. */
// TEXT-NEXT: #define LNR_MIN(a, b) ((a) < (b) ? (a) : (b))
// TEXT-NEXT: #define LNR_MAX(a, b) ((a) < (b) ? (b) : (a))
// TEXT-NOT:  #define LNR_MAX
// TEXT:      void sddmm_spmm_may_alias(
// TEXT:      double *A) {
// TEXT-NEXT: /* lnr-rewrite: {{.*}}
// TEXT: */{{$}}
// TEXT-NEXT:   {
// TEXT-NEXT:     long j_extent;
// TEXT-NEXT:     long j_min;
// TEXT:          int no_overlap =
// TEXT-NEXT:         0 < (long long)n &&
// TEXT-NEXT:         (long long)(rowptr[0]) < (long long)(rowptr[(long long)n]) &&
// TEXT-NEXT:         0 < (long long)K && 0 < (long long)L;
// TEXT-NEXT:     if (no_overlap) {
// TEXT-NEXT:       long long p_first = rowptr[0];
// TEXT-NEXT:       long long p_end = rowptr[(long long)n];
// TEXT-NEXT:       uintptr_t A_begin =
// TEXT-NEXT:           (uintptr_t)A +
// TEXT-NEXT:           (uintptr_t)(LNR_MIN(0, (long long)L * ((long long)n - 1))) *
// The output's row range against each array the nest reads, D and E at the
// scanned column range, rowptr and colidx too: each range named once.
// TEXT:            uintptr_t D_begin =
// TEXT-NEXT:           (uintptr_t)D +
// TEXT-NEXT:           (uintptr_t)(LNR_MIN((long long)K * (long long)j_min,
// TEXT-NEXT:                               (long long)K * ((long long)j_extent - 1))) *
// TEXT:            uintptr_t rowptr_begin = (uintptr_t)rowptr;
// TEXT-NEXT:       uintptr_t rowptr_end =
// TEXT-NEXT:           (uintptr_t)rowptr + (uintptr_t)((long long)n + 1) * sizeof *rowptr;
// TEXT:            no_overlap = (A_end <= vals_begin || vals_end <= A_begin) &&
// TEXT-NEXT:                    (A_end <= C_begin || C_end <= A_begin) &&
// TEXT-NEXT:                    (A_end <= D_begin || D_end <= A_begin) &&
// TEXT-NEXT:                    (A_end <= E_begin || E_end <= A_begin) &&
// TEXT-NEXT:                    (A_end <= rowptr_begin || rowptr_end <= A_begin) &&
// TEXT-NEXT:                    (A_end <= colidx_begin || colidx_end <= A_begin);
// TEXT:          if (no_overlap) {
// TEXT-NEXT: if ({{.*}} > 0{{.*}}) {
// TEXT-NEXT: #pragma omp parallel for schedule(dynamic, 64)
// TEXT:          } else {
// TEXT-NEXT:       /* lnr-rewrite: the original nest, run when the arrays may overlap */
// TEXT-NEXT:       for (int i = 0; i < n; i++)
// TEXT-NEXT:         for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// TEXT-NEXT:           int j = colidx[p];
// TEXT-NEXT:           for (int k = 0; k < K; k++)
// TEXT-NEXT:             for (int l = 0; l < L; l++)
// TEXT-NEXT:               A[i * L + l] +=
// TEXT-NEXT:                   vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
// TEXT-NEXT:         }
// TEXT-NEXT:     }
// TEXT-NEXT:   }
// TEXT-NEXT: }
// The scans and the rewritten nests of the two versioned functions, and
// the refused third function, have their remarks; the fallback copies none.
// Per nest: the scan's check that the positions never decrease, its flat
// loop and its walk of the loops, the rewritten nest.
// AGAIN: remark: {{.*}}[lnr-unsupported-statement]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-statement]
// AGAIN: remark: {{.*}}[lnr-imperfect-nest]
// AGAIN: remark: {{.*}}[lnr-unsupported-statement]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-statement]
// AGAIN: remark: {{.*}}[lnr-imperfect-nest]
// AGAIN: remark: {{.*}}[lnr-unsupported-statement]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-statement]
// AGAIN: remark: {{.*}}[lnr-imperfect-nest]
// AGAIN: remark: {{.*}}no run-time overlap test could be written{{.*}}[lnr-possible-alias]
// AGAIN: remark: {{.*}}no run-time overlap test could be written{{.*}}[lnr-possible-alias]
// AGAIN: remark: {{.*}}no run-time overlap test could be written{{.*}}[lnr-possible-alias]

// A global array: an input may point into it, and 'restrict' cannot qualify
// an array, so the remark does not suggest declaring it so (an earlier build
// suggested 'double[1024] restrict').
double Out[1024];

void sddmm_spmm_global(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          Out[i * L + l] +=
              vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/possible-alias.c:[[@LINE-9]]:3: remark: nest left unchanged: 'Out' may share memory with an input, and the fused nest reads the inputs in a different order; write it through a 'restrict' pointer or pass --assume-no-alias [lnr-possible-alias]
// ASSUMED: refusals/possible-alias.c:[[@LINE-10]]:3: remark: fused 'Out(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}} [lnr-fuse]
// VERSIONED: refusals/possible-alias.c:[[@LINE-11]]:3: remark: fused 'Out(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]

// A matrix read as C[i][k]: its elements' range comes from its type's
// extent (8), and the nest is versioned like the others.
void sddmm_spmm_matrix(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals,
                       const double (*C)[8], const double *D, const double *E,
                       double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < 8; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i][k] * D[j * 8 + k] * E[j * L + l];
    }
}
// CHECK: refusals/possible-alias.c:[[@LINE-8]]:3: remark: nest left unchanged: 'A' may share memory with an input{{.*}}[lnr-possible-alias]
// ASSUMED: refusals/possible-alias.c:[[@LINE-9]]:3: remark: fused{{.*}}[lnr-fuse]
// VERSIONED: refusals/possible-alias.c:[[@LINE-10]]:3: remark: fused{{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]

// A VLA whose extent a block of the function shadows: the test would name
// the inner 'K', not the rows' width.
void sddmm_spmm_vla_shadowed(int n, int K, int K2, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double (*C)[K], const double *D,
                             const double *E, double *A) {
  {
    int K = K2;
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i][k] * D[j * K + k] * E[j * L + l];
      }
  }
}
// CHECK: refusals/possible-alias.c:[[@LINE-9]]:5: remark: nest left unchanged: 'A' may share memory with an input{{.*}}[lnr-possible-alias]
// ASSUMED: refusals/possible-alias.c:[[@LINE-10]]:5: remark: fused{{.*}}[lnr-fuse]
// VERSIONED: refusals/possible-alias.c:[[@LINE-11]]:5: remark: nest left unchanged: {{.*}}'C' is read as a matrix whose elements the test cannot bound: the extent 'K' of its rows is not a variable the function keeps{{.*}} [lnr-possible-alias]

// A VLA sized by a global, which a call may change: its rows keep the
// width of the call.
extern int W;
void sddmm_spmm_vla_global(int n, int L, const int *rowptr, const int *colidx,
                           const double *vals, const double (*C)[W],
                           const double *D, const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < W; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i][k] * D[j * W + k] * E[j * L + l];
    }
}
// CHECK: refusals/possible-alias.c:[[@LINE-8]]:3: remark: nest left unchanged: 'A' may share memory with an input{{.*}}[lnr-possible-alias]
// ASSUMED: refusals/possible-alias.c:[[@LINE-9]]:3: remark: fused{{.*}}[lnr-fuse]
// VERSIONED: refusals/possible-alias.c:[[@LINE-10]]:3: remark: nest left unchanged: {{.*}}'C' is read as a matrix whose elements the test cannot bound: the extent 'W' of its rows is not a variable the function keeps{{.*}} [lnr-possible-alias]

// A VLA whose extent the function changes after the nest: the type keeps
// the extent the function was called with, which the test cannot name.
void sddmm_spmm_vla_changed(int n, int K, int L, const int *rowptr,
                            const int *colidx, const double *vals,
                            const double (*C)[K], const double *D,
                            const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i][k] * D[j * K + k] * E[j * L + l];
    }
  K = 0;
  (void)K;
}
// CHECK: refusals/possible-alias.c:[[@LINE-10]]:3: remark: nest left unchanged: 'A' may share memory with an input{{.*}}[lnr-possible-alias]
// ASSUMED: refusals/possible-alias.c:[[@LINE-11]]:3: remark: fused{{.*}}[lnr-fuse]
// VERSIONED: refusals/possible-alias.c:[[@LINE-12]]:3: remark: nest left unchanged: the output may share memory with an input and the fused nest reads the inputs in a different order; no run-time overlap test could be written: 'C' is read as a matrix whose elements the test cannot bound: the extent 'K' of its rows is not a variable the function keeps; declare the output 'restrict' or pass --assume-no-alias [lnr-possible-alias]
