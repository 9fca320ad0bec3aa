// Chains of sparse matrices ('j = Bcrd[pB]; for (pC = Cpos[j]; ...)') that
// are read but not rewritten, each for its named reason.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// Stored at C's positions, which several positions of B may reach.
void at_chained_positions(int n, const int *restrict Bpos,
                          const int *restrict Bcrd, const double *restrict Bv,
                          const int *restrict Cpos, const int *restrict Ccrd,
                          const double *restrict Cv, const double *restrict x,
                          double *restrict S) {
  for (int i = 0; i < n; i++)
    for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      int j = Bcrd[pB];
      for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
        int k = Ccrd[pC];
        S[pC] += Bv[pB] * Cv[pC] * x[k];
      }
    }
}
// CHECK: refusals/chained-levels.c:[[@LINE-4]]:9: remark: nest left unchanged: the output is stored at the positions of 'pC', whose fibers are reached through the coordinate 'j' of another tensor: several of its positions may reach one fiber [lnr-unsupported-access]

// y = B * (C * x): distribution removes no loop.
void spmv_spmv(int n, const int *restrict Bpos, const int *restrict Bcrd,
               const double *restrict Bv, const int *restrict Cpos,
               const int *restrict Ccrd, const double *restrict Cv,
               const double *restrict x, double *restrict y) {
  for (int i = 0; i < n; i++)
    for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      int j = Bcrd[pB];
      for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
        int k = Ccrd[pC];
        y[i] += Bv[pB] * Cv[pC] * x[k];
      }
    }
}
// CHECK: refusals/chained-levels.c:[[@LINE-9]]:3: remark: nest left unchanged: every index of the factors after the split and of the output is also iterated by the factors before it; distribution removes no loop [lnr-no-gain]

// A = B * C * D: the gain is a dense workspace over C's columns, whose
// number is not known.
void spgemm_gemm(int n, int L, const int *restrict Bpos,
                 const int *restrict Bcrd, const double *restrict Bv,
                 const int *restrict Cpos, const int *restrict Ccrd,
                 const double *restrict Cv, const double *restrict D,
                 double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      int j = Bcrd[pB];
      for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
        int k = Ccrd[pC];
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[pB] * Cv[pC] * D[k * L + l];
      }
    }
}
// CHECK: refusals/chained-levels.c:[[@LINE-10]]:3: remark: nest left unchanged: the consumer would iterate 'k' over the nonzeros of 'Cv', which it does not read, and 'k' has no extent to iterate densely [lnr-unsupported-schedule]

// Without restrict, under a batch loop that C's coordinate scan walks but
// B's does not: the scan of k would read j unloaded, so k is not ranged.
void batch_alias(int nb, int n, int L, const int *Bpos, const int *Bcrd,
                 const double *Bv, const int *Cpos, const int *Ccrd,
                 const double *Cv, const double *x, const double *D,
                 double *A) {
  for (int b = 0; b < nb; b++)
    for (int i = 0; i < n; i++)
      for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
        int j = Bcrd[pB];
        for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
          int k = Ccrd[pC];
          for (int l = 0; l < L; l++)
            A[(b * n + i) * L + l] +=
                Bv[pB] * Cv[pC] * x[k] * D[(b * 50 + j) * L + l];
        }
      }
}
// CHECK: refusals/chained-levels.c:[[@LINE-12]]:3: remark: nest left unchanged: the output may share memory with an input{{.*}}the range of 'k', which indexes 'x', is not known before the nest{{.*}} [lnr-possible-alias]
