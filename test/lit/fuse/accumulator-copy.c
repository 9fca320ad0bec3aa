// A scalar accumulator's sum copied into a local before it is stored (ATL's
// SpMV: 'double x4 = tmp2; output[i] = x4;'): the copy names the sum. A
// copy into another type converts it, and is not read as the sum.
// RUN: lnr-rewrite --remarks=all %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null

// ATL's SpMV: read, and there is nothing to distribute.
void spmv_copied(double *output, const double *data, const int *crd,
                 const int *pos, int N, const double *VV) {
  for (int i = 0; i < N; i++) {
    double tmp = 0;
    for (int p = pos[i]; p < pos[i + 1]; p++)
      tmp += data[p] * VV[crd[p]];
    double x = tmp;
    output[i] = x;
  }
}
// REMARK: fuse/accumulator-copy.c:[[@LINE-8]]:3: remark: nest left unchanged: {{.*}} distribution removes no loop [lnr-no-gain]

// Two copies in a chain.
void spmm_gemm_copied_twice(int n, int K, int L, const int *pos,
                            const int *crd, const double *Bv,
                            const double *C, const double *D,
                            double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int l = 0; l < L; l++) {
      double acc = 0;
      for (int p = pos[i]; p < pos[i + 1]; p++)
        for (int k = 0; k < K; k++)
          acc += Bv[p] * C[crd[p] * K + k] * D[k * L + l];
      double x = acc;
      double y = x;
      A[i * L + l] += y;
    }
}
// REMARK: fuse/accumulator-copy.c:[[@LINE-11]]:3: remark: fused {{.*}} [lnr-fuse]

// A float copy of a double sum rounds it.
void spmm_gemm_rounded(int n, int K, int L, const int *pos, const int *crd,
                       const double *Bv, const double *C, const double *D,
                       double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int l = 0; l < L; l++) {
      double acc = 0;
      for (int p = pos[i]; p < pos[i + 1]; p++)
        for (int k = 0; k < K; k++)
          acc += Bv[p] * C[crd[p] * K + k] * D[k * L + l];
      float x = acc;
      A[i * L + l] += x;
    }
}
// REMARK: fuse/accumulator-copy.c:[[@LINE-3]]:7: remark: nest left unchanged: {{.*}} [lnr-imperfect-nest]
