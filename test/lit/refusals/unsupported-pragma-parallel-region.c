// Regression: nests inside a '#pragma omp parallel' region used to get no
// remark, or one remark for the whole region. Each nest now gets its own,
// and none is rewritten: the region is not ours to parallelize.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// y = B x and z = B w in one parallel region.
void two_spmv(int n, const int *rowptr, const int *colidx, const double *vals,
              const double *x, const double *w, double *restrict y,
              double *restrict z) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        y[i] += vals[p] * x[j];
      }
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        z[i] += vals[p] * w[j];
      }
  }
}
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-14]]:1: remark: nest left unchanged: {{.*}} [lnr-unsupported-pragma]
// CHECK: refusals/unsupported-pragma-parallel-region.c:[[@LINE-9]]:1: remark: nest left unchanged: {{.*}} [lnr-unsupported-pragma]
