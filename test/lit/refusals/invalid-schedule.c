// --schedule= directives that do not describe a schedule of the nest. This
// refusal comes from the command line, not from the C source: every run
// leaves the sample nest unchanged and names the bad directive. A directive
// that is malformed whatever the nest is a usage error instead (exit status
// 2, nothing printed): the parser's message, once, before any file is read.
// RUN: lnr-rewrite --schedule='reorder(i,j); loopfuse(1)' %s -- > %t.out \
// RUN:   2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --check-prefix=EVERY --implicit-check-not=remark: %s \
// RUN:   < %t.err
// RUN: lnr-rewrite --schedule='reorder(j,i,k,l); loopfuse(1)' %s -- \
// RUN:   > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --check-prefix=PARENT --implicit-check-not=remark: %s \
// RUN:   < %t.err
// RUN: not lnr-rewrite --schedule='loopfuse(0)' %s -- > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck --check-prefix=DEPTH --implicit-check-not=remark: %s < %t.err
// RUN: not lnr-rewrite --schedule='unroll(2)' %s -- > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck --check-prefix=UNKNOWN --implicit-check-not=remark: %s \
// RUN:   < %t.err
// RUN: not lnr-rewrite --schedule='reorder(i,j,k,l)' %s -- > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck --check-prefix=NOFUSE --implicit-check-not=remark: %s \
// RUN:   < %t.err

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      }
    }
  }
}
// EVERY: refusals/invalid-schedule.c:[[@LINE-11]]:3: remark: nest left unchanged: 'reorder(i,j); loopfuse(1)': reorder must list every loop of the nest once [lnr-invalid-schedule]
// PARENT: refusals/invalid-schedule.c:[[@LINE-12]]:3: remark: nest left unchanged: 'reorder(j,i,k,l); loopfuse(1)': compressed loop over 'j' comes before its parent 'i' [lnr-invalid-schedule]
// DEPTH: lnr-rewrite: error: invalid --schedule: 'loopfuse(0)': loopfuse takes a depth of at least 1
// UNKNOWN: lnr-rewrite: error: invalid --schedule: 'unroll(2)': unknown directive 'unroll' (known: reorder, loopfuse, and split plans as --explain prints them)
// NOFUSE: lnr-rewrite: error: invalid --schedule: 'reorder(i,j,k,l)': no loopfuse(n) or split plan: nothing to apply
