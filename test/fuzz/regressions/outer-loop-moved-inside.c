/* Fuzz regression (lnr_fuzz.py seed 4242, case 258; cases 89 and 206 of
 * the same seed are of its class): the schedule moved the nest's dense
 * outermost loop 'k' inside others, so the rewrite read the struct's
 * arrays (and the loops now outside 'k' their bounds and operands) where
 * the original, with K == 0, reads nothing, and a caller passed a null
 * struct. The rewrite now runs only when 'k' has an iteration.
 * RUN: lnr-rewrite %s -- > %t.c 2> %t.err
 * RUN: FileCheck --check-prefix=REMARK %s < %t.err
 * RUN: FileCheck --check-prefix=GUARD %s < %t.c
 * RUN: %cc -std=c99 -O2 -fopenmp -DREGRESSION_MAIN %t.c -o %t.exe
 * RUN: %t.exe
 * REMARK: remark: fused
 * GUARD: int allocated = 1;
 * GUARD-NEXT: if (0 < K) {
 */
#include <stddef.h>

struct ops {
  const double *C, *D, *E, *F;
};
struct dims {
  int I, J;
};

void kern(int L, int K, int M, const struct dims *d, const struct ops *all,
          double *restrict A) {
  for (int k = 0; k < K; k++)
    for (int j = 0; j < d->J; j++)
      for (int l = 0; l < L; l++)
        for (int i = 0; i < d->I; i++)
          for (int m = 0; m < M; m++)
            A[(k * L + l) * M + m] += all->D[i] * all->F[l * d->I + i] *
                                      all->C[k * d->J + j] *
                                      all->E[i * L + l];
}

#ifdef REGRESSION_MAIN
int main(void) {
  /* No 'k': the original reads neither the struct nor its arrays. */
  kern(3, 0, 2, NULL, NULL, NULL);
  return 0;
}
#endif
