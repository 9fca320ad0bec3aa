// --schedule= directives that do not describe a schedule of the nest. This
// refusal comes from the command line, not from the C source: every run
// leaves the sample nest unchanged and names the bad directive.
// RUN: lnr-rewrite --schedule='loopfuse(0)' %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --check-prefix=DEPTH --implicit-check-not=remark: %s < %t.err
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
// RUN: lnr-rewrite --schedule='unroll(2)' %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --check-prefix=UNKNOWN --implicit-check-not=remark: %s \
// RUN:   < %t.err
// RUN: lnr-rewrite --schedule='reorder(i,j,k,l)' %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
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
// DEPTH: refusals/invalid-schedule.c:[[@LINE-11]]:3: remark: nest left unchanged: 'loopfuse(0)': loopfuse takes a depth of at least 1 [lnr-invalid-schedule]
// EVERY: refusals/invalid-schedule.c:[[@LINE-12]]:3: remark: nest left unchanged: 'reorder(i,j); loopfuse(1)': reorder must list every loop of the nest once [lnr-invalid-schedule]
// PARENT: refusals/invalid-schedule.c:[[@LINE-13]]:3: remark: nest left unchanged: 'reorder(j,i,k,l); loopfuse(1)': compressed loop over 'j' comes before its parent 'i' [lnr-invalid-schedule]
// UNKNOWN: refusals/invalid-schedule.c:[[@LINE-14]]:3: remark: nest left unchanged: 'unroll(2)': unknown directive 'unroll' (known: reorder, loopfuse, and split plans as --explain prints them) [lnr-invalid-schedule]
// NOFUSE: refusals/invalid-schedule.c:[[@LINE-15]]:3: remark: nest left unchanged: 'reorder(i,j,k,l)': no loopfuse(n) or split plan: nothing to apply [lnr-invalid-schedule]
