// The run-time overlap test bounds a subscript term whose coefficient is a
// variable ('L * i', 'K * j') by the smaller and the larger of its products
// with the ends of the variable's range, through two functions the file
// gets once, after its includes, which every test of the file calls: here
// two nests without 'restrict', and the helpers defined once.
// RUN: lnr-rewrite %s -- -std=c99 > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: %nochecks %t.c | grep -c 'static inline long long lnr_min(' | FileCheck --check-prefix=ONCE %s
// ONCE: {{^1$}}
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// A second run changes nothing: no second pair of helpers.
// RUN: lnr-rewrite %t.c -- -std=c99 > %t.again.c 2> /dev/null
// RUN: diff %t.c %t.again.c
// Where the file uses the name, another.
// RUN: sed 's/^int lnr_min_unused;$/int lnr_min;/' %s > %t.taken.c
// RUN: lnr-rewrite %t.taken.c -- -std=c99 > %t.taken.r.c 2> /dev/null
// RUN: %nochecks %t.taken.r.c | FileCheck --check-prefix=TAKEN %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.taken.r.c -o /dev/null
// TAKEN:     static inline long long lnr_min_1(long long lhs, long long rhs) {
// TAKEN:     int lnr_min;
// TAKEN:     (uintptr_t)(lnr_min_1(
// TAKEN-NOT: (uintptr_t)(lnr_min(
// A macro named as a parameter ('#define rhs 2'): the parameters named
// apart; a comment the directive's line opens: the helpers after it.
// RUN: lnr-rewrite %S/Inputs/overlap_helpers_forms.c -- -std=c99 > %t.forms.c 2> /dev/null
// RUN: FileCheck --check-prefix=FORMS %s < %t.forms.c
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.forms.c -o /dev/null
// FORMS:      which the directive's line opens */
// FORMS-NEXT: #define rhs 2
// FORMS-EMPTY:
// FORMS-NEXT: /* lnr-rewrite: the smaller and the larger
// FORMS:      static inline long long lnr_min(long long lhs, long long rhs_1) {
// Nests rewritten one at a time (an editor's code actions): the second
// calls the helpers the first one brought, and brings none of its own.
// RUN: lnr-rewrite --line=8 %S/Inputs/overlap_helpers_forms.c -- -std=c99 > %t.one.c 2> /dev/null
// RUN: grep -c 'lnr-rewrite: the original nest' %t.one.c | FileCheck --check-prefix=ONE %s
// ONE: {{^1$}}
// RUN: lnr-rewrite --line=$(grep -n '^void second' %t.one.c | cut -d: -f1 | xargs expr 3 +) %t.one.c -- -std=c99 > %t.two.c 2> /dev/null
// RUN: grep -c 'lnr-rewrite: the original nest' %t.two.c | FileCheck --check-prefix=TWO %s
// TWO: {{^2$}}
// RUN: grep -c 'static inline long long lnr_m' %t.two.c | FileCheck --check-prefix=TWO %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.two.c -o /dev/null
// In C89, which has no 'inline', and in a header: no helpers, the
// comparison spelled out (exec/c89_forms.test, c89_samples.test).
// In a file of a style of its own, the helpers in that style.
// RUN: mkdir -p %t.gnu && cp %s %t.gnu/k.c
// RUN: printf 'BasedOnStyle: GNU\n' > %t.gnu/.clang-format
// RUN: lnr-rewrite %t.gnu/k.c -- -std=c99 > %t.gnu/r.c 2> /dev/null
// RUN: %nochecks %t.gnu/r.c | FileCheck --check-prefix=GNU %s
// GNU:      static inline long long
// GNU-NEXT: lnr_min (long long lhs, long long rhs)
// GNU-NEXT: {

// CHECK:      #include <stdint.h>
// CHECK-NEXT: #include <stdlib.h>
// CHECK-NEXT: #include <stdio.h>
// CHECK-EMPTY:
// CHECK-NEXT: /* lnr-rewrite: the smaller and the larger of two subscripts, for the run-time
// CHECK-NEXT:  * overlap tests below. */
// CHECK-NEXT: static inline long long lnr_min(long long lhs, long long rhs) {
// CHECK-NEXT:   return lhs < rhs ? lhs : rhs;
// CHECK-NEXT: }
// CHECK-NEXT: static inline long long lnr_max(long long lhs, long long rhs) {
// CHECK-NEXT:   return lhs < rhs ? rhs : lhs;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: int lnr_min_unused;
#include <stdio.h>

int lnr_min_unused;

// CHECK-LABEL: void sddmm_spmm(
// CHECK:         long long p_first = rowptr[0];
// CHECK-NEXT:    long long p_end = rowptr[(long long)n];
// CHECK-NEXT:    uintptr_t A_begin =
// CHECK-NEXT:        (uintptr_t)A +
// CHECK-NEXT:        (uintptr_t)(lnr_min(0, (long long)L * ((long long)n - 1))) *
// CHECK:         uintptr_t D_begin =
// CHECK-NEXT:        (uintptr_t)D +
// CHECK-NEXT:        (uintptr_t)(lnr_min((long long)K * (long long)j_min,
// CHECK-NEXT:                            (long long)K * ((long long)j_extent - 1))) *
// CHECK:         uintptr_t D_end =
// CHECK-NEXT:        (uintptr_t)D +
// CHECK-NEXT:        (uintptr_t)(lnr_max((long long)K * (long long)j_min,
// CHECK-NEXT:                            (long long)K * ((long long)j_extent - 1)) +
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// CHECK-LABEL: void spmm_gemm(
// CHECK:         lnr_min((long long)K * (long long)j_min,
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
