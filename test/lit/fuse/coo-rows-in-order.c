// COO lists whose rows are not split between threads: each nest is fused
// and runs its positions in order, as written (CoordinateRows.h).
// RUN: lnr-rewrite %s -- -std=gnu99 > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: %nochecks %t.c | FileCheck --implicit-check-not="omp parallel" %s
// RUN: %cc -std=gnu99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: clang-14 -std=gnu99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite --explain %s -- -std=gnu99 2>/dev/null | FileCheck --check-prefix=WHY %s
// REMARK-COUNT-4: remark: fused
// CHECK-LABEL: void wraps(
// CHECK-LABEL: void down(
// CHECK: for (signed char e = hi; e >= lo; e--) {
// CHECK-LABEL: void inclusive(
// CHECK: for (short e = lo; e <= hi; e++) {
// CHECK-LABEL: void typed(
// WHY-COUNT-4: openmp: not parallelized: the outer loop over 'i' walks coordinate (COO) positions, and two of them may hold the same row

/* An unsigned subscript narrower than a pointer: rows 0 and 65536 at
   L = 65536 write one element. */
void wraps(int nnz, unsigned K, unsigned L, const unsigned *restrict src,
           const unsigned *restrict dst, const double *restrict w,
           const double *restrict x, const double *restrict y,
           const double *restrict z, double *restrict out) {
  for (int e = 0; e < nnz; e++) {
    unsigned i = dst[e];
    unsigned j = src[e];
    for (unsigned k = 0; k < K; k++)
      for (unsigned l = 0; l < L; l++)
        out[i * L + l] += w[e] * x[i * K + k] * y[j * K + k] * z[j * L + l];
  }
}

/* Counting down: its end, hi + 1, may be past the position's type. */
void down(signed char lo, signed char hi, int K, int L,
          const int *restrict src, const int *restrict dst,
          const double *restrict w, const double *restrict x,
          const double *restrict y, const double *restrict z,
          double *restrict out) {
  for (signed char e = hi; e >= lo; e--) {
    int i = dst[e];
    int j = src[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[i * L + l] += w[e] * x[i * K + k] * y[j * K + k] * z[j * L + l];
  }
}

/* Inclusive. */
void inclusive(short lo, short hi, int K, int L, const int *restrict src,
               const int *restrict dst, const double *restrict w,
               const double *restrict x, const double *restrict y,
               const double *restrict z, double *restrict out) {
  for (short e = lo; e <= hi; e++) {
    int i = dst[e];
    int j = src[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[i * L + l] += w[e] * x[i * K + k] * y[j * K + k] * z[j * L + l];
  }
}

/* The row's type names the loop's variable. */
void typed(int nnz, int K, int L, const int *restrict src,
           const int *restrict dst, const double *restrict w,
           const double *restrict x, const double *restrict y,
           const double *restrict z, double *restrict out) {
  for (int e = 0; e < nnz; e++) {
    __typeof__(+dst[e]) i = dst[e];
    int j = src[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[i * L + l] += w[e] * x[i * K + k] * y[j * K + k] * z[j * L + l];
  }
}
