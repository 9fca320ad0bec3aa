// Fuzz regression (lnr_fuzz.py seed 1000, case 2646): float factors summed
// into a double output. Unrolled and jammed, the consumer added four float
// products in float before adding them to its double target, rounding
// where the original, which converts each product to double, does not
// (relative error 1e-9 and more). Float products into a double sum are not
// jammed.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: FileCheck %s < %t.c
// REMARK: remark: fused
// CHECK-NOT: {{^ *}}for (; j + 3 < J
// CHECK: {{^ *}}t[(size_t)i] +=
struct fz_dims {
  int K, L, M, J, I;
};

void kern(int K,
    int L,
    const struct fz_dims *d,
    const float *C,
    const float *D,
    const float *E,
    const float *F,
    double *restrict A) {
  int J = d->J;

  for (int l = 0; l < L; l++)
    for (int j = 0; j < J; j++)
      for (int i = 0; i < d->I; i++)
        for (int m = 0; m < d->M; m++)
          for (int k = 0; k < K; k++)
            A[i * K + k] += E[i * d->M + m] * D[j * L + l] * C[i * J + j] * F[(l * J + j) * d->I + i];
}
