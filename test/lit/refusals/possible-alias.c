// An output that is not 'restrict' may overlap an input, and the fused nest
// reads the inputs in a different order relative to the writes.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// The same nest is fused once the user vouches for it.
// RUN: lnr-rewrite --assume-no-alias %s -- 2>&1 > /dev/null \
// RUN:   | FileCheck --check-prefix=ASSUMED %s

void sddmm_spmm_may_alias(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/possible-alias.c:[[@LINE-3]]:11: remark: nest left unchanged: 'A' may share memory with an input, and the fused nest reads the inputs in a different order; declare it 'double *restrict' or pass --assume-no-alias [lnr-possible-alias]
// ASSUMED: refusals/possible-alias.c:[[@LINE-9]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}} [lnr-fuse]

// A global array: an input may point into it, and 'restrict' cannot qualify
// an array, so the remark does not suggest declaring it so (an earlier build
// suggested 'double[1024] restrict').
double Out[1024];

void sddmm_spmm_global(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          Out[i * L + l] +=
              vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/possible-alias.c:[[@LINE-4]]:11: remark: nest left unchanged: 'Out' may share memory with an input, and the fused nest reads the inputs in a different order; write it through a 'restrict' pointer or pass --assume-no-alias [lnr-possible-alias]
// ASSUMED: refusals/possible-alias.c:[[@LINE-10]]:3: remark: fused 'Out(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}} [lnr-fuse]
