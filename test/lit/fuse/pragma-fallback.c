// The best schedule for this SpMV scaled by the sum of z sums z first, in a
// nest of its own, which would split the row loop the file's directive
// parallelizes; the generator cannot write that, so the next schedule the
// search ranked is written instead: it keeps the directive on the loop over
// i that applies the sums. (Before the search kept every schedule no other
// beats, this nest was refused with [lnr-unsupported-pragma].)
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: FileCheck --check-prefix=CODE %s < %t.out
// RUN: lnr-rewrite --explain %s -- 2> /dev/null | FileCheck --check-prefix=EXPLAIN %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.out

#include <stdlib.h>

void scaled_spmv(int n, int L, const int *rowptr, const int *colidx,
                 const double *vals, const double *x, const double *z,
                 double *restrict y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        y[i] += vals[p] * x[j] * z[l];
    }
}
// REMARK: fuse/pragma-fallback.c:[[@LINE-8]]:1: remark: fused 'y(i) += vals(i,j) * x(j) * z(l)': O(nnz(vals_ij)*L) -> O(nnz(vals_ij)+L+n) [lnr-fuse]
// EXPLAIN: schedule: split {vals,x}{{[{][{]}}z}{t'}}, no loop shared, temporary dense t(i), temporary scalar t1
// EXPLAIN-NEXT: not chosen: split {z}{vals,x}, no loop shared, temporary scalar t, O(nnz(vals_ij)+L): the schedule splits the loop that '#pragma omp parallel for' parallelizes [lnr-unsupported-pragma]
// The directive, as written, on the loop that writes y.
// CODE:      t1 += z[l];
// CODE:      if (L > 0) {
// CODE-NEXT: #pragma omp parallel for{{$}}
// CODE-NEXT: for (int i = 0; i < n; i++) {
// CODE-NEXT:   if (!(rowptr[i] < rowptr[i + 1]))
// CODE-NEXT:     continue;
// CODE-NEXT:   y[i] += t1 * t[(size_t)i];
