// A nest that zeroes an output, then a nest that adds to it as TACO writes
// the update ('A[x] = A[x] + ...'): the second reads A only as the output
// it adds to, so the two are no producer and consumer, and the second is
// read alone (a SpMM: nothing to gain), with no remark about separate
// kernels.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
void spmm_zeroing(int n, int L, const int *pos, const int *crd,
                  const double *S, const double *E, double *restrict A) {
  for (int z = 0; z < n * L; z++)
    A[z] = 0.0;
// CHECK: zeroing-nest-alone.c:[[@LINE-2]]:3: remark: nest left unchanged: 'A(z) = 0.0' is not a product of two or more factors; there is nothing to distribute [lnr-no-gain]
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < L; l++) {
        int lA = i * L + l;
        A[lA] = A[lA] + S[p] * E[crd[p] * L + l];
      }
// CHECK: zeroing-nest-alone.c:[[@LINE-6]]:3: remark: nest left unchanged: the factors before the split sum over no index of their own; distribution removes no loop [lnr-no-gain]
}

// The same with the element written in place ('A[i * L + l]').
void spmm_zeroing_in_place(int n, int L, const int *pos, const int *crd,
                           const double *S, const double *E,
                           double *restrict A) {
  for (int z = 0; z < n * L; z++)
    A[z] = 0.0;
// CHECK: zeroing-nest-alone.c:[[@LINE-2]]:3: remark: nest left unchanged: 'A(z) = 0.0' {{.*}} [lnr-no-gain]
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * L + l] = A[i * L + l] + S[p] * E[crd[p] * L + l];
// CHECK: zeroing-nest-alone.c:[[@LINE-4]]:3: remark: nest left unchanged: the factors before the split sum over no index of their own; distribution removes no loop [lnr-no-gain]
}
