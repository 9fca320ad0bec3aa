// An integer product wraps in its own type: 'unsigned' factors summed into
// an 'unsigned long' output wrap at 32 bits in the original, and would not
// in the fused nest's partial products, which take the output's type. The
// product's type and the output's must be one. A variable named
// 'uintptr_t' leaves a nest that needs the run-time overlap test as it is.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

void wider_output(int n, int K, int L, const int *rowptr, const int *colidx,
                  const unsigned *vals, const unsigned *C, const unsigned *D,
                  const unsigned *E, unsigned long *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: integer-product-type.c:[[@LINE-3]]:11: remark: nest left unchanged: the output is 'unsigned long' but the product is 'unsigned int', which wraps in its own type; the fused nest's partial products would not [lnr-mixed-types]

void same_type(int n, int K, int L, const int *rowptr, const int *colidx,
               const unsigned *vals, const unsigned *C, const unsigned *D,
               const unsigned *E, unsigned *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: integer-product-type.c:[[@LINE-8]]:3: remark: fused {{.*}} [lnr-fuse]

void address_name(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *uintptr_t, const double *D,
                  const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              vals[p] * uintptr_t[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: integer-product-type.c:[[@LINE-9]]:3: remark: nest left unchanged: 'uintptr_t' means something else here, and the run-time overlap test compares the arrays' addresses as uintptr_t [lnr-shadowed-name]
