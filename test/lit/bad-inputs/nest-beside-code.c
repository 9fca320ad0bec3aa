// Bad input (found with nest-after-code-on-line.c, fixed): nests that share
// their first or last line with other code, or are the body of an 'if' or
// 'else' without braces, a label or a 'case'. Expected, and checked: the
// directive on a line of its own, in a block with the nest when the nest is
// the body of an 'if' or 'else' without braces; the code before and after
// the nest on its lines kept byte-for-byte, and the lines around it too; a
// second run changes nothing; and each rewrite computes what its original
// computes, proved by execution for each function in turn (the functions
// are static: the one proved is called through lnr_entry, below).
// RUN: lnr-rewrite %s -- > %t.rewritten.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// REMARK-COUNT-5: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}}[lnr-fuse]
// RUN: %nochecks %t.rewritten.c | FileCheck --strict-whitespace --check-prefix=FUSED %s
// FUSED:      {{^}}  if (n < 0) A[0] = 0; else {{[{]$}}
// FUSED-NEXT: {{^}}    /* lnr-rewrite: A(i,l) += {{.*}}
// FUSED:      {{ \*/$}}
// FUSED-NEXT: {{^}}{{ *}}if (K > 0 && L > 0) {{[{]$}}
// FUSED-NEXT: {{^}}#pragma omp parallel for schedule(dynamic, 64){{$}}
// FUSED-NEXT: {{^}}      for (int i = 0; i < n; i++) {{[{]$}}
// FUSED:      {{^}}  if (n > 0) {{[{]$}}
// FUSED-NEXT: {{^}}    /* lnr-rewrite: A(i,l) += {{.*}}
// FUSED:      {{ \*/$}}
// FUSED-NEXT: {{^}}{{ *}}if (K > 0 && L > 0) {{[{]$}}
// FUSED-NEXT: {{^}}#pragma omp parallel for schedule(dynamic, 64){{$}}
// FUSED:      {{^}}  } else n = 0;{{$}}
// FUSED:      {{^}}  if (n > 0) {{[{]$}}
// FUSED-NEXT: {{^}}    /* lnr-rewrite: A(i,l) += {{.*}}
// FUSED:      {{ \*/$}}
// FUSED-NEXT: {{^}}{{ *}}if (K > 0 && L > 0) {{[{]$}}
// FUSED-NEXT: {{^}}#pragma omp parallel for{{$}}
// FUSED-NEXT: {{^}}      for (int i = 0; i < n; i++) {{[{]$}}
// FUSED:      {{^}}again:{{$}}
// FUSED-NEXT: {{^}}  /* lnr-rewrite: A(i,l) += {{.*}}
// FUSED:      {{ \*/$}}
// FUSED-NEXT: {{^}}{{ *}}if (K > 0 && L > 0) {{[{]$}}
// FUSED-NEXT: {{^}}#pragma omp parallel for schedule(dynamic, 64){{$}}
// FUSED:      {{^}}  if (n < 0) { n = -n; goto again; }{{$}}
// FUSED:      {{^}}  switch (K > 0) { case 1:{{$}}
// FUSED-NEXT: {{^}}    /* lnr-rewrite: A(i,l) += {{.*}}
// FUSED:      {{ \*/$}}
// FUSED-NEXT: {{^}}{{ *}}if (K > 0 && L > 0) {{[{]$}}
// FUSED-NEXT: {{^}}#pragma omp parallel for schedule(dynamic, 64){{$}}
// FUSED:      {{^}}    } break; default: break; }{{$}}
// RUN: lnr-rewrite %t.rewritten.c -- 2> /dev/null | diff %t.rewritten.c -
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -Wno-unused-function -Wno-comment -Wno-switch-bool -c %t.rewritten.c -o %t.strict.o
// RUN: for f in in_else then_else omp_if label in_case; do \
// RUN:   %cc -O2 -fopenmp -w -c -x c %s -DLNR_PROVE=$f -Dlnr_entry=lnr_original -o %t.orig.o && \
// RUN:   %cc -O2 -fopenmp -w -c -x c %t.rewritten.c -DLNR_PROVE=$f -Dlnr_entry=lnr_rewritten -o %t.rewr.o && \
// RUN:   %cc -O2 -fopenmp -I%harness %harness/sddmm_spmm_csr_main.c %harness/exec_check.c %harness/csr_input.c %t.orig.o %t.rewr.o -lm -o %t.exe && \
// RUN:   echo "$f: `%t.exe | tail -n 1`"; done > %t.exec
// RUN: FileCheck --check-prefix=EXEC %s < %t.exec
// EXEC: in_else: PASS: lnr_rewritten matches lnr_original on all cases
// EXEC: then_else: PASS: lnr_rewritten matches lnr_original on all cases
// EXEC: omp_if: PASS: lnr_rewritten matches lnr_original on all cases
// EXEC: label: PASS: lnr_rewritten matches lnr_original on all cases
// EXEC: in_case: PASS: lnr_rewritten matches lnr_original on all cases

static void in_else(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *C, const double *D, const double *E,
                         double *restrict A) {
  if (n < 0) A[0] = 0; else for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

static void then_else(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *C, const double *D, const double *E,
                         double *restrict A) {
  if (n > 0) for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    } else n = 0;
}

static void omp_if(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *C, const double *D, const double *E,
                         double *restrict A) {
  if (n > 0)
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

static void label(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *C, const double *D, const double *E,
                         double *restrict A) {
again: for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  if (n < 0) { n = -n; goto again; }
}

static void in_case(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *C, const double *D, const double *E,
                         double *restrict A) {
  switch (K > 0) { case 1: for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    } break; default: break; }
}

#ifdef LNR_PROVE
void lnr_entry(int n, int K, int L, const int *rowptr, const int *colidx,
               const double *vals, const double *C, const double *D,
               const double *E, double *restrict A) {
  LNR_PROVE(n, K, L, rowptr, colidx, vals, C, D, E, A);
}
#endif
