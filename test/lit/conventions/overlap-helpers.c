// The run-time overlap test bounds a subscript term whose coefficient is a
// variable ('L * i', 'K * j') by the smaller and the larger of its products
// with the ends of the variable's range, through two macros the file gets
// once, after its leading directives, which every test of the file calls:
// here two nests without 'restrict', and the macros defined once.
// RUN: lnr-rewrite %s -- -std=c99 > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: %nochecks %t.c | grep -c '^#define LNR_MIN(' | FileCheck --check-prefix=ONCE %s
// ONCE: {{^1$}}
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// A second run changes nothing: no second pair of helpers.
// RUN: lnr-rewrite %t.c -- -std=c99 > %t.again.c 2> /dev/null
// RUN: diff %t.c %t.again.c
// Where the file uses the name, another.
// RUN: sed 's/^int lnr_min_unused;$/int LNR_MIN;/' %s > %t.taken.c
// RUN: lnr-rewrite %t.taken.c -- -std=c99 > %t.taken.r.c 2> /dev/null
// RUN: %nochecks %t.taken.r.c | FileCheck --check-prefix=TAKEN %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.taken.r.c -o /dev/null
// TAKEN:     #define LNR_MIN_1(a, b) ((a) < (b) ? (a) : (b))
// TAKEN:     int LNR_MIN;
// TAKEN:     (uintptr_t)(LNR_MIN_1(
// TAKEN-NOT: (uintptr_t)(LNR_MIN(
// A macro named as a parameter ('#define b 2': a macro's parameter is not
// replaced); a comment the directive's line opens: the helpers after it.
// RUN: lnr-rewrite %S/Inputs/overlap_helpers_forms.c -- -std=c99 > %t.forms.c 2> /dev/null
// RUN: FileCheck --check-prefix=FORMS %s < %t.forms.c
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.forms.c -o /dev/null
// FORMS:      which the directive's line opens */
// FORMS-NEXT: #define b 2
// FORMS-EMPTY:
// FORMS-NEXT: /* lnr-rewrite: the smaller and the larger
// FORMS:      #define LNR_MIN(a, b) ((a) < (b) ? (a) : (b))
// Nests rewritten one at a time (an editor's code actions): the second
// brings a pair of its own, named apart from the first.
// RUN: lnr-rewrite --line=8 %S/Inputs/overlap_helpers_forms.c -- -std=c99 > %t.one.c 2> /dev/null
// RUN: grep -c 'lnr-rewrite: the original nest' %t.one.c | FileCheck --check-prefix=ONE %s
// ONE: {{^1$}}
// RUN: lnr-rewrite --line=$(grep -n '^void second' %t.one.c | cut -d: -f1 | xargs expr 3 +) %t.one.c -- -std=c99 > %t.two.c 2> /dev/null
// RUN: grep -c 'lnr-rewrite: the original nest' %t.two.c | FileCheck --check-prefix=TWO %s
// TWO: {{^2$}}
// RUN: grep -c '^#define LNR_M' %t.two.c | FileCheck --check-prefix=FOUR %s
// FOUR: {{^4$}}
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.two.c -o /dev/null
// A nest under '#ifdef': built without it, the macros are unused, which
// no warning of -Wall -Wextra reports (a static function would be).
// RUN: sed -e 's/^void second(/#ifdef FZ_SECOND\nvoid second(/' %S/Inputs/overlap_helpers_forms.c > %t.ifdef.c && echo '#endif' >> %t.ifdef.c
// RUN: lnr-rewrite %t.ifdef.c -- -std=c99 -DFZ_SECOND > %t.ifdef.r.c 2> /dev/null
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.ifdef.r.c -o /dev/null
// The leading directives read as the compiler reads them: a '/*' in a
// line comment or a string opens nothing, a comment opened on a directive
// or a continued line ends the directive where it closes, and a line of
// code after a comment ends them (the macros go in front of it, never in
// the function whose body defines a macro).
// RUN: lnr-rewrite %S/Inputs/overlap_helpers_directives.c -- -std=c99 > %t.dir.c 2> /dev/null
// RUN: FileCheck --check-prefix=DIRECTIVES %s < %t.dir.c
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.dir.c -o /dev/null
// RUN: lnr-rewrite %t.dir.c -- -std=c99 2> /dev/null | diff %t.dir.c -
// DIRECTIVES:      {{^}}#define _POSIX_C_SOURCE 200809L /* getline, in a comment that
// DIRECTIVES-NEXT: {{^}}                                   goes on */
// DIRECTIVES-NEXT: {{^}}#include <stdint.h>
// DIRECTIVES-NEXT: {{^}}#include <stdio.h> // a '/*' in a line comment
// DIRECTIVES:      {{^}}               on a continued line */
// DIRECTIVES-EMPTY:
// DIRECTIVES-NEXT: /* lnr-rewrite: the smaller and the larger
// DIRECTIVES:      #define LNR_MAX(a, b)
// DIRECTIVES-EMPTY:
// DIRECTIVES-NEXT: /* api */ int scale(void) {
// In a header: no helpers, the comparison spelled out.
// RUN: mkdir -p %t.hdr && cp %S/Inputs/overlap_helpers_forms.c %t.hdr/kern.h && printf '#include "kern.h"\n' > %t.hdr/main.c
// RUN: lnr-rewrite -i %t.hdr/main.c --header-filter=kern -- -std=c99 2> /dev/null
// RUN: not grep LNR_MIN %t.hdr/kern.h
// RUN: grep -c 'lnr-rewrite: the original nest' %t.hdr/kern.h | FileCheck --check-prefix=TWO %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.hdr/main.c -o /dev/null

// CHECK:      #include <stdint.h>
// CHECK-NEXT: #include <stdlib.h>
// CHECK-NEXT: #include <stdio.h>
// CHECK-EMPTY:
// CHECK-NEXT: /* lnr-rewrite: the smaller and the larger of two subscripts, for the run-time
// CHECK-NEXT:  * overlap tests below. */
// CHECK-NEXT: #define LNR_MIN(a, b) ((a) < (b) ? (a) : (b))
// CHECK-NEXT: #define LNR_MAX(a, b) ((a) < (b) ? (b) : (a))
// CHECK-EMPTY:
// CHECK-NEXT: int lnr_min_unused;
#include <stdio.h>

int lnr_min_unused;

// CHECK-LABEL: void sddmm_spmm(
// CHECK:         long long p_first = rowptr[0];
// CHECK-NEXT:    long long p_end = rowptr[(long long)n];
// CHECK-NEXT:    uintptr_t A_begin =
// CHECK-NEXT:        (uintptr_t)A +
// CHECK-NEXT:        (uintptr_t)(LNR_MIN(0, (long long)L * ((long long)n - 1))) *
// CHECK:         uintptr_t D_begin =
// CHECK-NEXT:        (uintptr_t)D +
// CHECK-NEXT:        (uintptr_t)(LNR_MIN((long long)K * (long long)j_min,
// CHECK-NEXT:                            (long long)K * ((long long)j_extent - 1))) *
// CHECK:         uintptr_t D_end =
// CHECK-NEXT:        (uintptr_t)D +
// CHECK-NEXT:        (uintptr_t)(LNR_MAX((long long)K * (long long)j_min,
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
// CHECK:         LNR_MIN((long long)K * (long long)j_min,
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
