// Loops that are neither a dense loop (0 to an invariant bound, step one, the
// variable declared or assigned in the loop) nor a compressed loop over
// pos[q]..pos[q+1].
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

int rank(void);

// The loop starts where the variable already is. (A variable declared
// before the loop and assigned in its initialization, C89 style, is read:
// see live-induction-variable.c.)
void sddmm_spmm_no_init(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
  int i = 0;
  for (; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-8]]:3: remark: nest left unchanged: the loop neither declares nor assigns its variable in its initialization ('int i = 0' or 'i = 0') [lnr-unsupported-loop]

// Every other row.
void sddmm_spmm_even_rows(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A) {
  for (int i = 0; i < n; i += 2)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-8]]:3: remark: nest left unchanged: the loop does not step its variable by one [lnr-unsupported-loop]

// An inclusive bound compared in unsigned arithmetic: 'K - 1' wraps at
// K = 0 (in a signed type it is read: exec/inclusive_bounds.test).
void sddmm_spmm_inclusive(int n, unsigned K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (unsigned k = 0; k <= K - 1; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-5]]:7: remark: nest left unchanged: the loop over 'k' ends at an inclusive bound compared in unsigned arithmetic, which wraps ('<= n - 1' at n = 0) or never ends ('<= n' at n's maximum) [lnr-unsupported-loop]

// A while loop written as a for: the step is in the body.
void sddmm_spmm_while_style(int n, int K, int L, const int *rowptr,
                            const int *colidx, const double *vals,
                            const double *C, const double *D, const double *E,
                            double *restrict A) {
  for (int i = 0; i < n;) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
    i++;
  }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-10]]:3: remark: nest left unchanged: the loop does not step its variable by one [lnr-unsupported-loop]

// Rows walked backwards two at a time (one at a time is read: the range
// [0, n), exec/counting_down.test).
void sddmm_spmm_backwards(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A) {
  for (int i = n - 1; i >= 0; i -= 2)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-8]]:3: remark: nest left unchanged: the loop condition is not 'i < bound' or 'i <= bound', nor a count down by one ('i-- > lo', 'i >= lo; i--') [lnr-unsupported-loop]

// A triangular bound.
void sddmm_spmm_triangular(int n, int L, const int *rowptr, const int *colidx,
                           const double *vals, const double *C, const double *D,
                           const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < i; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * n + k] * D[j * n + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-5]]:7: remark: nest left unchanged: the bounds of the loop over 'k' depend on the nest [lnr-unsupported-loop]

// Begin and end arrays read at different rows: neither CSR's pos[i] to
// pos[i + 1] nor MKL's pntrb[i] to pntre[i] (fuse/four-array-csr.c).
void sddmm_spmm_four_array_shifted(int n, int K, int L, const int *rowstart,
                                   const int *rowend, const int *colidx,
                                   const double *vals, const double *C,
                                   const double *D, const double *E,
                                   double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowstart[i]; p < rowend[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-7]]:5: remark: nest left unchanged: the loop bounds are neither '0 to an invariant bound' nor 'pos[q] to pos[q + 1]' (or 'begin[q] to end[q]') of an enclosing loop's q [lnr-unsupported-loop]

// The bound is cached in a second loop variable (LLVM style).
void sddmm_spmm_cached_bound(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D, const double *E,
                             double *restrict A) {
  for (int i = 0, e = n; i < e; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-8]]:3: remark: nest left unchanged: the loop declares more than one variable in its initialization [lnr-unsupported-loop]

// The rank comes from a function, which may return something else each time.
void sddmm_spmm_rank_call(int n, int L, const int *rowptr, const int *colidx,
                          const double *vals, const double *C, const double *D,
                          const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < rank(); k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * L + k] * D[j * L + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-5]]:27: remark: nest left unchanged: the bound 'rank()' of the loop over 'k' calls a function, reads a volatile object or has another side effect; it may change between iterations [lnr-unsupported-loop]

// No condition: the row loop tests its bound in the body (an earlier build
// crashed here).
void sddmm_spmm_no_condition(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D, const double *E,
                             double *restrict A) {
  for (int i = 0;; i++) {
    if (i >= n)
      break;
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-11]]:3: remark: nest left unchanged: the loop condition is not 'i < bound' or 'i <= bound', nor a count down by one ('i-- > lo', 'i >= lo; i--') [lnr-unsupported-loop]

// TACO's split loop (read: fuse/split-loops.c) whose strips do not cover
// the rows: i0 < n / 16 leaves the last n % 16 rows out.
void split_short(int n, int K, int L, const int *pos, const int *crd,
                 const double *vals, const double *C, const double *D,
                 const double *E, double *restrict A) {
  for (int i0 = 0; i0 < n / 16; i0++)
    for (int i1 = 0; i1 < 16; i1++) {
      int i = i0 * 16 + i1;
      if (i >= n)
        continue;
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-13]]:3: remark: nest left unchanged: the split loop's strips, 'n / 16' of them, are not proved to cover 'i < n' (TACO writes '(n + 15) / 16') [lnr-unsupported-loop]

// The same with the strip count a macro: the remark names it as written.
#define STRIPS (n / 16)
void split_short_macro(int n, int K, int L, const int *pos, const int *crd,
                       const double *vals, const double *C, const double *D,
                       const double *E, double *restrict A) {
  for (int i0 = 0; i0 < STRIPS; i0++)
    for (int i1 = 0; i1 < 16; i1++) {
      int i = i0 * 16 + i1;
      if (i >= n)
        continue;
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-13]]:3: remark: nest left unchanged: the split loop's strips, 'STRIPS' of them, are not proved to cover 'i < n' (TACO writes '(n + 15) / 16') [lnr-unsupported-loop]

// A split whose body reads the strip's offset.
void split_reads_offset(int n, int K, const int *pos, const int *crd,
                        const double *vals, const double *C,
                        double *restrict A) {
  for (int i0 = 0; i0 < (n + 15) / 16; i0++)
    for (int i1 = 0; i1 < 16; i1++) {
      int i = i0 * 16 + i1;
      if (i >= n)
        continue;
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          A[i * K + k] += vals[p] * C[j * K + k] * i1;
      }
    }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-7]]:7: remark: nest left unchanged: the body of the split loop over 'i' reads the strip's variables or changes 'i' [lnr-unsupported-loop]

// Iterations skipped past a bound without a split around them.
void skips_rows(int m, int n, int K, const int *pos, const int *crd,
                const double *vals, const double *C, double *restrict A) {
  for (int r = 0; r < m; r++) {
    int i = r;
    if (i >= n)
      continue;
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        A[i * K + k] += vals[p] * C[j * K + k];
    }
  }
}
// CHECK: refusals/unsupported-loop.c:[[@LINE-9]]:5: remark: nest left unchanged: the loop skips iterations ('if (i >= n) continue'), as a split loop does, but not as TACO's 'for (i0 = 0; i0 < (N + 15) / 16; i0++) for (i1 = 0; i1 < 16; i1++) { i = i0 * 16 + i1; if (i >= N) continue; ... }', the form read [lnr-unsupported-loop]
