// Bad input (found here, fixed): the nest starts on a line after other code
// ('if (n > 0) for (...)', '{ for (...)'). The tool put its
// '#pragma omp parallel for' on that line, in front of the 'for', where the
// directive swallowed the loop header. Expected, and checked: the directive
// on a line of its own; for the body of an 'if' without braces, the
// directive and the nest in a block ('if (n > 0) {', directive, nest, '}');
// the code before the nest on its line kept; and rewrites that compute what
// the originals compute, proved by execution for each function in turn
// (the other one renamed apart in both objects, so that they link).
// RUN: lnr-rewrite %s -- > %t.rewritten.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// REMARK-COUNT-2: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}}[lnr-fuse]
// RUN: %nochecks %t.rewritten.c | FileCheck --strict-whitespace --check-prefix=FUSED %s
// FUSED:      {{^}}  if (n > 0) {{[{]$}}
// FUSED-NEXT: {{^}}    /* lnr-rewrite: A(i,l) += {{.*}}
// FUSED:      {{ \*/$}}
// FUSED-NEXT: {{^}}{{ *}}if (K > 0 && L > 0) {{[{]$}}
// FUSED-NEXT: {{^}}#pragma omp parallel for schedule(dynamic, 64){{$}}
// FUSED-NEXT: {{^}}      for (int i = 0; i < n; i++) {{[{]$}}
// FUSED:      {{^}}  }{{$}}
// FUSED-NEXT: {{^}}}{{$}}
// FUSED:      const double *E, double *restrict A) {{[{]$}}
// FUSED-NEXT: {{^}}  /* lnr-rewrite: A(i,l) += {{.*}}
// FUSED:      {{ \*/$}}
// FUSED-NEXT: {{^}}{{ *}}if (K > 0 && L > 0) {{[{]$}}
// FUSED-NEXT: {{^}}#pragma omp parallel for schedule(dynamic, 64){{$}}
// FUSED-NEXT: {{^}}    for (int i = 0; i < n; i++) {{[{]$}}
// A second run changes nothing.
// RUN: lnr-rewrite %t.rewritten.c -- 2> /dev/null | diff %t.rewritten.c -

// sddmm_spmm, the body of the 'if':
// RUN: %cc -O2 -fopenmp -w -c -x c %s -Dsddmm_spmm=lnr_original -Dsddmm_spmm_block=block_original -o %t.orig.o
// RUN: %cc -O2 -fopenmp -w -c -x c %t.rewritten.c -Dsddmm_spmm=lnr_rewritten -Dsddmm_spmm_block=block_rewritten -o %t.rewr.o
// RUN: %cc -O2 -fopenmp -I%harness %harness/sddmm_spmm_csr_main.c %harness/exec_check.c %harness/csr_input.c %t.orig.o %t.rewr.o -lm -o %t.exe
// RUN: %t.exe | FileCheck %s
// sddmm_spmm_block, the nest after the function's '{':
// RUN: %cc -O2 -fopenmp -w -c -x c %s -Dsddmm_spmm=if_original -Dsddmm_spmm_block=lnr_original -o %t.block-orig.o
// RUN: %cc -O2 -fopenmp -w -c -x c %t.rewritten.c -Dsddmm_spmm=if_rewritten -Dsddmm_spmm_block=lnr_rewritten -o %t.block-rewr.o
// RUN: %cc -O2 -fopenmp -I%harness %harness/sddmm_spmm_csr_main.c %harness/exec_check.c %harness/csr_input.c %t.block-orig.o %t.block-rewr.o -lm -o %t.block.exe
// RUN: %t.block.exe | FileCheck %s
// CHECK: PASS: lnr_rewritten matches lnr_original on all cases

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  if (n > 0) for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void sddmm_spmm_block(int n, int K, int L, const int *rowptr, const int *colidx,
                      const double *vals, const double *C, const double *D,
                      const double *E, double *restrict A) { for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
