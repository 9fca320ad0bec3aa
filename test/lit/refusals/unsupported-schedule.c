// The fixed schedule (the last factor as consumer) would make the consumer
// iterate a compressed level of a tensor it does not read.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// a(l) = sum_ij B(i,j) * E(j,l): the column sums of B times E. The consumer
// a(l) += t(j) * E(j,l) no longer reads B but would loop over its nonzeros.
void column_sums_times_e(int n, int L, const int *rowptr, const int *colidx,
                         const double *vals, const double *E,
                         double *restrict a) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        a[l] += vals[p] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-schedule.c:[[@LINE-7]]:3: remark: nest left unchanged: the consumer would iterate 'j' over the nonzeros of 'vals', which it does not read{{.*}} [lnr-unsupported-schedule]
