// Fuzz regression (fixed: the search now splits consumers again) (lnr_fuzz.py seed 2, case 378, reduced): the tool's
// output must be a fixed point of the tool (docs/code-generation.md,
// "Idempotence"). For A(m,i) += D(n) * C(k) the schedule
// used to split off t = sum_k C(k) only, leaving the consumer
// A(m,i) += t * D(n), which still summed D over n inside the (i, m) loops;
// a second run split it again (O(K + I*M*N), then O(N + I*M)). Fixed: the
// first run finds the whole schedule.
// RUN: lnr-rewrite %s -- > %t.once.c 2> /dev/null
// RUN: lnr-rewrite %t.once.c -- > %t.twice.c 2> /dev/null
// RUN: diff %t.once.c %t.twice.c

void kern(int N, int K, int M, int I, const double *C, const double *D,
          double *restrict A) {
  for (int k = 0; k < K; k++)
    for (int i = 0; i < I; i++)
      for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++)
          A[m * I + i] += D[n] * C[k];
}
