// Fuzz regression (fixed: the overlap test sums a subscript's terms in the
// order of their variables' names) (lnr_fuzz.py seed 11, case 995): the
// terms were kept in a map ordered by the variables' addresses, so two runs
// could write the test of F's range in different orders ('-i' and stdout
// differed).
// RUN: lnr-rewrite %s -- > %t.c 2> /dev/null
// RUN: FileCheck %s < %t.c
// RUN: lnr-rewrite %s -- > %t.2.c 2> /dev/null && cmp %t.c %t.2.c
// RUN: lnr-rewrite %s -- > %t.3.c 2> /dev/null && cmp %t.c %t.3.c
// CHECK:      (uintptr_t)F +
// CHECK-NEXT:   ((uintptr_t)(0 +
// CHECK-NEXT:      ((long long)J >= 0
// CHECK-NEXT:           ? (long long)J * 0
// CHECK-NEXT:           : (long long)J * ((long long)(d->K) - 1)) +
// CHECK-NEXT:      ((long long)(J * (d->K)) >= 0

#define NL 4
struct fz_dims {
  int M, L, J, I, K;
};

void kern(int M,
    int J,
    const struct fz_dims *d,
    const double *C,
    const double *D,
    const double *E,
    const double *F,
    double *A) {
  for (int m = 0; m < M; m++) {
    for (int j = 0; j < J; j++) {
      for (int k = 0; k < d->K; k++) {
        for (int i = 0; i < d->I; i++) {
          int iE = (k * d->I + i) * M + m;
          int iA = m * d->I + i;
          double t = 0.0;
          for (int l = 0; l < NL; l++) {
            int lF = (l * d->K + k) * J + j;
            t += C[i * d->K + k] * E[iE] * D[m * d->K + k] * F[lF];
          }
          A[iA] = A[iA] + t;
        }
      }
    }
  }
}
