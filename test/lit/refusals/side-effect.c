// A factor that changes state or reads a volatile object: the fused nest
// evaluates each factor a different number of times.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// Per-term weights consumed in order through a running counter.
void sddmm_spmm_weights(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *w, double *restrict A) {
  int t = 0;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * w[t++];
    }
}
// CHECK: refusals/side-effect.c:[[@LINE-3]]:67: remark: nest left unchanged: a factor has a side effect [lnr-side-effect]

// E is read as a stream through a moving pointer.
void sddmm_spmm_stream(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *e, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * *e++;
    }
}
// CHECK: refusals/side-effect.c:[[@LINE-3]]:67: remark: nest left unchanged: a factor has a side effect [lnr-side-effect]

// vals is a device register window that must be read once per term (an
// earlier build fused this nest, reading each element K times per nonzero).
void sddmm_spmm_volatile(int n, int K, int L, const int *rowptr,
                         const int *colidx, const volatile double *vals,
                         const double *C, const double *D, const double *E,
                         double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/side-effect.c:[[@LINE-3]]:27: remark: nest left unchanged: 'vals[p]' reads a volatile object, which must be read once per term [lnr-side-effect]

// A volatile scalar factor.
void sddmm_spmm_volatile_scale(int n, int K, int L, const int *rowptr,
                               const int *colidx, const double *vals,
                               const double *C, const double *D,
                               const double *E, double *restrict A) {
  extern volatile double gain;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              gain * vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/side-effect.c:[[@LINE-3]]:15: remark: nest left unchanged: 'gain' reads a volatile object, which must be read once per term [lnr-side-effect]
