/* Fuzz regression (lnr_fuzz.py seed 3000, case 2003, C89 style): the flag
 * that a phase's producer ran was declared in front of that phase, after
 * the statements of the phases before it, which C89 forbids. The flags are
 * declared with the allocations, where the block starts.
 * RUN: lnr-rewrite --extra-arg=-std=c89 %s -- > %t.c 2> %t.err
 * RUN: FileCheck --check-prefix=REMARK %s < %t.err
 * RUN: %cc -std=c89 -pedantic-errors -fopenmp -fsyntax-only %t.c
 * REMARK: remark: fused
 */
#define NK 3
struct fz_dims {
  int J, M, I, L, K;
};

void kern(int M,
    int I,
    int L,
    const struct fz_dims *d,
    const int *pos2,
    const int *crd2,
    const double *B_vals,
    const double *C,
    const double *D,
    const double *E,
    const double *F,
    double *__restrict A) {
  int l, j, q, k, i, m;
  for (l = 0; l < L; l++) {
    for (j = 0; j < d->J; j++) {
      for (q = pos2[l]; q < pos2[l + 1]; q++) {
        k = crd2[q];
        for (i = 0; i < I; i++) {
          for (m = 0; m < M; m++) {
            A[i] += B_vals[q] * D[j * L + l] * F[j * M + m] * C[i] * E[i];
          }
        }
      }
    }
  }
}
