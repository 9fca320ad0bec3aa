// Bad input (a bug, issue 7): the nest starts on a line after other code
// ('if (n > 0) for (...)', '{ for (...)'). The tool puts its
// '#pragma omp parallel for' on that line, in front of the 'for': the
// directive swallows the loop header and the rewritten file does not
// compile. Expected: the directive on a line of its own, and a rewrite that
// computes what the original computes. Expected to fail until the tool is
// fixed (with --no-openmp the rewrite is fine: second function's RUN lines).
// XFAIL: *
// RUN: lnr-rewrite %s -- > %t.rewritten.c 2> %t.err
// RUN: %cc -O2 -fopenmp -w -c -x c %s -Dsddmm_spmm=lnr_original -o %t.orig.o
// RUN: %cc -O2 -fopenmp -w -c -x c %t.rewritten.c -Dsddmm_spmm=lnr_rewritten -o %t.rewr.o
// RUN: %cc -O2 -fopenmp -I%harness %harness/sddmm_spmm_csr_main.c %harness/exec_check.c %harness/csr_input.c %t.orig.o %t.rewr.o -lm -o %t.exe
// RUN: %t.exe | FileCheck %s
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
