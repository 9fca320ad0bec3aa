// Fuzz regression (lnr_fuzz.py seed 19, case 179, class nonfinite,
// reduced): t(m) sums the fiber of m; t1 sums t(m) * D over m and l, its
// loop over m skipping the empty fibers ('if (!(pos2[m] < pos2[m + 1]))
// continue;'); its consumer adds t1 * 0.5 * C. With every fiber empty the
// original adds nothing, but the consumer, guarded only by 'M > 0 && L > 0',
// added 0 * inf = NaN for an infinite C. A producer that skips elements its
// temporary is not indexed by cannot tell its consumer whether it computed
// anything: that schedule is refused, and the next one is written.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// REMARK: remark: fused
// RUN: lnr-rewrite --explain %s -- 2>&1 | FileCheck --check-prefix=EXPLAIN %s
// EXPLAIN: not chosen: {{.*}}temporary dense t(m), temporary scalar t1, {{.*}}: the consumer of t1 cannot be skipped where the original computes nothing: its producer skips the elements of 'm' where 'pos2[m] < pos2[m + 1]' fails, and the temporary is not indexed by it [lnr-unsupported-schedule]
// RUN: %cc -std=c99 -fopenmp -Wall -Werror -Wno-unused-variable -fsyntax-only -x c %t.c

void kern(int M, int J, int I, int L, const int *pos2, const int *crd2,
          const double *B_vals, const double *C, const double *D,
          double *restrict A) {
  for (int m = 0; m < M; m++) {
    for (int i = 0; i < I; i++)
      for (int j = 0; j < J; j++)
        for (int l = 0; l < L; l++) {
          double sum = 0.0;
          for (int q = pos2[m]; q < pos2[m + 1]; q++) {
            int k = crd2[q];
            sum += B_vals[q] * D[(j * L + l) * M + m] * 0.5 * C[j * I + i];
          }
          A[j * I + i] += sum;
        }
  }
}
