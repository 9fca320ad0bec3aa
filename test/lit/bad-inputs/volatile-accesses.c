// Bad input: volatile objects in the nest other than the factors (see
// refusals/side-effect.c for volatile factors). Expected: untouched, each
// nest with its remark.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// A volatile bound.
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  volatile int VK = K;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < VK; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// A volatile output written through a pointer that is not restrict.
void sddmm_spmm_volatile_out(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D,
                             const double *E, double *restrict A) {
  volatile double *V = A;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          V[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// CHECK: bad-inputs/volatile-accesses.c:16:27: remark: nest left unchanged: {{.*}}[lnr-unsupported-loop]
// CHECK: bad-inputs/volatile-accesses.c:{{[0-9]+}}:{{[0-9]+}}: remark: nest left unchanged: {{.*}}[lnr-{{side-effect|possible-alias}}]
