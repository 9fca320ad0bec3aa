// Fuzz regression (fixed: the search now splits consumers again) (lnr_fuzz.py seed 2, case 505, reduced): as
// idempotence-dense-broadcast.c, with a CSR operand. For
// A(n) += B(l,m) * C(i) the first run used to compute t = sum_i C(i) and
// leave A(n) += t * B(l,m) over (l, n, nonzeros of row l), which a second
// run split again (the row sums of B). Fixed.
// RUN: lnr-rewrite %s -- > %t.once.c 2> /dev/null
// RUN: lnr-rewrite %t.once.c -- > %t.twice.c 2> /dev/null
// RUN: diff %t.once.c %t.twice.c

void kern(int I, int L, int N, const int *pos, const int *crd,
          const double *Bv, const double *C, double *restrict A) {
  for (int l = 0; l < L; l++)
    for (int n = 0; n < N; n++)
      for (int i = 0; i < I; i++)
        for (int q = pos[l]; q < pos[l + 1]; q++) {
          int m = crd[q];
          A[n] += Bv[q] * C[i];
        }
}
