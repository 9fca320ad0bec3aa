// Nests that distribution cannot make asymptotically cheaper.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// SpMV: every index of x and of y is iterated by vals too.
void spmv(int n, const int *rowptr, const int *colidx, const double *vals,
          const double *x, double *restrict y) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      y[i] += vals[p] * x[j];
    }
}
// CHECK: refusals/no-gain.c:[[@LINE-6]]:3: remark: nest left unchanged: every index of the factors after the split and of the output is also iterated by the factors before it; distribution removes no loop [lnr-no-gain]

// SpMM: vals sums over no index that E and A do not also need.
void spmm(int n, int L, const int *rowptr, const int *colidx,
          const double *vals, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += vals[p] * E[j * L + l];
    }
}
// CHECK: refusals/no-gain.c:[[@LINE-7]]:3: remark: nest left unchanged: the factors before the split sum over no index of their own; distribution removes no loop [lnr-no-gain]

// Row sums: a single factor.
void row_sums(int n, const int *rowptr, const int *colidx, const double *vals,
              double *restrict y) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      y[i] += vals[p];
    }
}
// CHECK: refusals/no-gain.c:[[@LINE-6]]:3: remark: nest left unchanged: 'y(i) += vals(i,j)'{{.*}}nothing to distribute [lnr-no-gain]

// Without 'restrict' and under --no-alias-check, a nest with nothing to gain
// still says so, not that its output may share memory with an input (which
// would send the user to declare a 'restrict' that changes nothing).
// RUN: lnr-rewrite --remarks=all --no-alias-check %s -- 2>&1 >/dev/null | FileCheck --check-prefix=NOALIAS %s
void spmv_no_restrict(int n, const int *rowptr, const int *colidx,
                      const double *vals, const double *x, double *y) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      y[i] += vals[p] * x[colidx[p]];
}
// CHECK: no-gain.c:[[@LINE-4]]:3: remark: nest left unchanged: {{.*}} [lnr-no-gain]
// NOALIAS: no-gain.c:[[@LINE-5]]:3: remark: nest left unchanged: {{.*}} [lnr-no-gain]
// NOALIAS-NOT: lnr-possible-alias
