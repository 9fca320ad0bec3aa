// Software prefetches of the rows the next nonzero gathers, in each source
// style: the next coordinate where the loop itself reads it, the row written
// the way the file writes it (a local coordinate or one read in place, a
// row pointer, a 2-D array); none for a row whose loop does not start at 0;
// a name the file already uses is not taken for the prefetch loop; nothing
// with --no-prefetch. (The execution tests prove every sample's rewrite,
// prefetches included, equal to its original.)
//
// RUN: lnr-rewrite %s -- 2> /dev/null | %nochecks | FileCheck %s
// RUN: lnr-rewrite --no-prefetch %s -- 2> /dev/null | %nochecks | FileCheck --check-prefix=OFF %s
// RUN: lnr-rewrite %samples/handwritten/sddmm_spmm_inline.c -- 2> /dev/null | FileCheck --check-prefix=INLINE %s
// RUN: lnr-rewrite %samples/handwritten/sddmm_spmm_rows.c -- 2> /dev/null | FileCheck --check-prefix=ROWS %s
// RUN: lnr-rewrite %samples/handwritten/sddmm_spmm_2d.c -- 2> /dev/null | FileCheck --check-prefix=ARRAY2D %s

int pf;

void offset_rows(int n, int K, int L, const int *rowptr, const int *colidx,
                 const double *vals, const double *C, const double *D,
                 const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 1; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void single(int n, int K, int L, const int *rowptr, const int *colidx,
            const float *vals, const float *C, const float *D,
            const float *E, float *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// CHECK-LABEL: {{^}}void offset_rows(
// CHECK:      int j = colidx[p];
// CHECK-NEXT: {{^}}#ifdef __GNUC__
// CHECK-NEXT: {{^}}      if (p + 1 < rowptr[i + 1]) {
// CHECK-NEXT: {{^}}        for (int pf_1 = 0; pf_1 < L; pf_1 += 8) {
// CHECK-NEXT: {{^}}          __builtin_prefetch(&E[colidx[p + 1] * L + pf_1]);
// CHECK-NEXT: {{^}}        }
// CHECK-NEXT: {{^}}      }
// CHECK-NEXT: {{^}}#endif
// CHECK-NOT:  {{^}} *__builtin_prefetch
// CHECK-LABEL: {{^}}void single(
// CHECK:      {{^}}        for (int pf_1 = 0; pf_1 < K; pf_1 += 16) {
// CHECK-NEXT: {{^}}          __builtin_prefetch(&D[colidx[p + 1] * K + pf_1]);
// CHECK-NEXT: {{^}}        }
// CHECK-NEXT: {{^}}        for (int pf_1 = 0; pf_1 < L; pf_1 += 16) {
// CHECK-NEXT: {{^}}          __builtin_prefetch(&E[colidx[p + 1] * L + pf_1]);
// OFF-NOT: {{^}} *__builtin_prefetch
// OFF-NOT: {{^}}#ifdef

// INLINE:      for (int p = indptr[i]; p < indptr[i + 1]; p++) {
// INLINE-NEXT: #ifdef __GNUC__
// INLINE-NEXT:   if (p + 1 < indptr[i + 1]) {
// INLINE-NEXT:     for (int pf = 0; pf < K; pf += 8) {
// INLINE-NEXT:       __builtin_prefetch(&D[indices[p + 1] * K + pf]);
// ROWS:      __builtin_prefetch(&(D + colidx[p + 1] * K)[pf]);
// ROWS:      __builtin_prefetch(&(E + colidx[p + 1] * L)[pf]);
// ARRAY2D:   __builtin_prefetch(&D[colidx[p + 1]][pf]);
// ARRAY2D:   __builtin_prefetch(&E[colidx[p + 1]][pf]);
