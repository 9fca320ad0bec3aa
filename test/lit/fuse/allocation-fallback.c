// A rewrite whose temporaries live on the heap runs the original nest
// instead when an allocation fails (malloc or calloc returns NULL), and frees
// what it allocated: each thread of a parallel region allocates its own
// vector, a failure clears the shared flag 'allocated', and after a barrier
// no thread or every thread runs the work-shared loop; the original nest,
// kept verbatim after a marker comment, runs after the region when the flag
// was cleared. Sizes count at least one element (malloc(0) may return
// NULL). Without 'restrict' the overlap test's flag is the one cleared, and
// its copy of the original is the only one. (The patterns start at the
// line's start: the output keeps these comments.)
// RUN: lnr-rewrite --remarks=all --no-runtime-choice %s -- > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=CODE %s < %t.out
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.out
// RUN: clang-14 -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.out
// RUN: %cc -std=c99 -Wall -Wextra -Werror -Wno-unknown-pragmas -fsyntax-only -x c %t.out
// A second run changes nothing and says nothing about the fallbacks: the
// remarks are the rewritten nests' (inside a region, or imperfect), the
// scan's, and the scalar kernel's.
// RUN: cp %t.out %t.again.c
// RUN: lnr-rewrite --remarks=all --no-runtime-choice %t.again.c -- > %t.again 2> %t.again.err
// RUN: diff %t.out %t.again
// RUN: FileCheck --check-prefix=AGAIN --implicit-check-not=remark: %s < %t.again.err
// RUN: lnr-rewrite --remarks=all --explain --no-runtime-choice %s -- 2> /dev/null | FileCheck --check-prefix=EXPLAIN %s
// Without OpenMP: the vector in a block of its own, the nest under 'if (t)'.
// RUN: lnr-rewrite --remarks=all --no-runtime-choice --no-openmp %s -- 2> /dev/null | %nochecks | FileCheck --check-prefix=NOOMP %s
// A temporary shared by the threads (at vals' positions): allocated before
// the phases, which run only when it was.
// RUN: lnr-rewrite --remarks=all '--schedule={vals,C,D}{E}!' %s -- 2> /dev/null | %nochecks | FileCheck --check-prefix=SHARED %s
// With the run-time choice, kept_directive's second schedule computes a
// temporary t shared by the threads first; the phase that keeps the file's
// default(none) directive names it in a 'shared' clause (clang rejects the
// region without it), as it names the scanned extent's variables it reads.
// RUN: lnr-rewrite %s -- > %t.choice.c 2> /dev/null
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.choice.c
// RUN: clang-14 -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.choice.c
// RUN: FileCheck --check-prefix=CHOICE %s < %t.choice.c
// CHOICE: {{^}}#pragma omp parallel for default(none) shared(n, K, L, pos, crd, Bv, C, D, A) {{[\\]$}}
// CHOICE-NEXT: {{^}}    schedule(static) shared(t){{$}}

#include <stdlib.h>

void vector(int n, int K, int L, const int *pos, const int *crd,
            const double *Bv, const double *C, const double *D,
            double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
// CODE-LABEL: {{^}}void vector(
// CODE-NEXT:  {{^}}            const double *Bv, const double *C, const double *D,
// CODE-NEXT:  {{^}}            double *restrict A) {
// CODE-NEXT: /* lnr-rewrite: {{.*}}
// CODE: */{{$}}
// CODE-NEXT:  {{^}}  {
// CODE-NEXT:  {{^}}    int allocated = 1;
// CODE-NEXT:  {{^}}    if (L > 0) {
// CODE-NEXT:  {{^}}#pragma omp parallel shared(allocated)
// CODE-NEXT:  {{^}}      {
// CODE-NEXT:  {{^}}        double *t = (double *)malloc(sizeof(double) * (K > 0 ? K : 1));
// CODE-NEXT:  {{^}}        if (!t) {
// CODE-NEXT:  {{^}}#ifdef __GNUC__
// CODE-NEXT:  {{^}}          __atomic_store_n(&allocated, 0, __ATOMIC_RELAXED);
// CODE-NEXT:  {{^}}#else
// CODE-NEXT:  {{^}}#pragma omp atomic write
// CODE-NEXT:  {{^}}          allocated = 0;
// CODE-NEXT:  {{^}}#endif
// CODE-NEXT:  {{^}}        }
// CODE-NEXT:  {{^}}#pragma omp barrier
// CODE-NEXT:  {{^}}        if (allocated) {
// CODE-NEXT:  {{^}}#pragma omp for schedule(dynamic, 64)
// CODE-NEXT:  {{^}}          for (int i = 0; i < n; i++) {
// CODE:       {{^}}        free(t);
// CODE-NEXT:  {{^}}      }
// CODE-NEXT:  {{^}}    }
// CODE-NEXT:  {{^}}    if (!allocated) {
// CODE-NEXT:  {{^}}      /* lnr-rewrite: the original nest, run when an allocation fails */
// CODE-NEXT:  {{^}}      for (int i = 0; i < n; i++)
// CODE-NEXT:  {{^}}        for (int p = pos[i]; p < pos[i + 1]; p++) {
// CODE-NEXT:  {{^}}          int j = crd[p];
// CODE-NEXT:  {{^}}          for (int k = 0; k < K; k++)
// CODE-NEXT:  {{^}}            for (int l = 0; l < L; l++)
// CODE-NEXT:  {{^}}              A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
// CODE-NEXT:  {{^}}        }
// CODE-NEXT:  {{^}}    }
// CODE-NEXT:  {{^}}  }
// CODE-NEXT:  {{^}}}
// EXPLAIN-LABEL: nest in 'vector'
// EXPLAIN:       allocation: checked: the original nest runs when a temporary cannot be allocated
// NOOMP-LABEL: {{^}}void vector(
// NOOMP:       {{^}}    int allocated = 1;
// NOOMP-NEXT:  {{^}}    if (L > 0) {
// NOOMP-NEXT:  {{^}}      double *t = (double *)malloc(sizeof(double) * (K > 0 ? K : 1));
// NOOMP-NEXT:  {{^}}      if (t) {
// NOOMP-NEXT:  {{^}}        for (int i = 0; i < n; i++) {
// NOOMP:       {{^}}      } else {
// NOOMP-NEXT:  {{^}}        allocated = 0;
// NOOMP-NEXT:  {{^}}      }
// NOOMP-NEXT:  {{^}}      free(t);
// NOOMP-NEXT:  {{^}}    }
// NOOMP-NEXT:  {{^}}    if (!allocated) {
// NOOMP-NEXT:  {{^}}      /* lnr-rewrite: the original nest, run when an allocation fails */

// The file's directive is split around the per-thread vectors; under its
// default(none) the region names the flag in a 'shared' clause (clang
// rejects the region without it).
void kept_directive(int n, int K, int L, const int *pos, const int *crd,
                    const double *Bv, const double *C, const double *D,
                    double *restrict A) {
#pragma omp parallel for default(none) shared(n, K, L, pos, crd, Bv, C, D, A) schedule(static)
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
// CODE-LABEL: {{^}}void kept_directive(
// CODE:       {{^}}    int allocated = 1;
// CODE-NEXT:  {{^}}    if (L > 0) {
// CODE-NEXT:  {{^}}#pragma omp parallel default(none) shared(n, K, L, pos, crd, Bv, C, D, A) {{[\\]$}}
// CODE-NEXT:  {{^}}    shared(allocated)
// CODE:       {{^}}#pragma omp barrier
// CODE-NEXT:  {{^}}        if (allocated) {
// CODE-NEXT:  {{^}}#pragma omp for schedule(static)
// CODE:       {{^}}    if (!allocated) {
// CODE-NEXT:  {{^ *}}/* lnr-rewrite: the original nest, run when an allocation fails */
// CODE-NEXT:  {{^}}#pragma omp parallel for default(none) shared(n, K, L, pos, crd, Bv, C, D, A) {{[\\]$}}
// CODE-NEXT:  {{^}}    schedule(static)

// Without 'restrict': one flag, no_overlap, cleared by the overlap test or
// by a failed allocation, and one copy of the original nest.
void may_alias(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
// CODE-LABEL: {{^}}void may_alias(
// CODE:       {{^}}    int no_overlap =
// CODE:       {{^}}#pragma omp parallel shared(no_overlap)
// CODE:       {{^}}          __atomic_store_n(&no_overlap, 0, __ATOMIC_RELAXED);
// CODE:       {{^}}        if (no_overlap) {
// CODE-NEXT:  {{^}}#pragma omp for schedule(dynamic, 64)
// CODE:       {{^}}    if (!no_overlap) {
// CODE-NEXT:  {{^}}      /* lnr-rewrite: the original nest, run on overlap or out of memory */
// CODE-NOT:   {{^}} *{{/[*]}} lnr-rewrite: the original nest

// Without a heap temporary (a scalar t): no flag, no fallback.
void scalar(int n, int K, int L, const int *rowptr, const int *colidx,
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
// CODE-LABEL: {{^}}void scalar(
// CODE-NOT:   {{^}} *int allocated
// CODE-NOT:   {{^}} *{{/[*]}} lnr-rewrite: the original nest
// CODE:       {{^}}        double t = 0;
// SHARED-LABEL: {{^}}void scalar(
// A temporary at the positions of vals relies on the positions never
// decreasing (a position in two fibers would sum both): checked, with the
// allocation's failure, by one flag.
// SHARED:       {{^}}    int checked = 1;
// SHARED:       {{^}}        checked &= rowptr[position + 1] >= rowptr[position];
// SHARED:       {{^}}    if (checked) {
// SHARED-NEXT:  {{^}}      if (K > 0 && L > 0) {
// SHARED-NEXT:  {{^}}        double *t = (double *)calloc((size_t)(rowptr[n] > 0 ? rowptr[n] : 1),
// SHARED-NEXT:  {{^}}                                     sizeof(double));
// SHARED-NEXT:  {{^}}        if (t) {
// SHARED-NEXT:  {{^}}#pragma omp parallel for schedule(dynamic, 64)
// SHARED:       {{^}}#pragma omp parallel for schedule(dynamic, 64)
// SHARED:       {{^}}        } else {
// SHARED-NEXT:  {{^}}          checked = 0;
// SHARED-NEXT:  {{^}}        }
// SHARED-NEXT:  {{^}}        free(t);
// SHARED-NEXT:  {{^}}      }
// SHARED-NEXT:  {{^}}    }
// SHARED-NEXT:  {{^}}    if (!checked) {
// SHARED-NEXT:  {{^}}      /* lnr-rewrite: the original nest, run when a run-time check fails */

// The scans (a check that the positions never decrease, a flat scan with
// its reduction clause, the walk of the nest's loops) and the rewritten
// nests are remarked on, not the fallback copies.
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-statement]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-unsupported-statement]
// AGAIN: remark: {{.*}}[lnr-unsupported-pragma]
// AGAIN: remark: {{.*}}[lnr-imperfect-nest]
