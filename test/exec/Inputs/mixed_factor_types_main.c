/* Runs the original and the rewritten kernels of mixed_factor_types.c on
   values whose narrow products overflow (unsigned products past 2^32, float
   products past FLT_MAX) while the wide ones the originals compute do not,
   and compares the outputs: integers exactly, floating point relative to
   the value, NaN and infinities included. */
#include <math.h>
#include <stdio.h>

typedef unsigned long ulong;
typedef void LongSddmm(int, int, int, const int *, const int *,
                       const unsigned *, const unsigned *, const unsigned *,
                       const ulong *, ulong *);
typedef void AlphaSddmm(int, int, int, ulong, const int *, const int *,
                        const unsigned *, const unsigned *, const unsigned *,
                        const unsigned *, ulong *);
typedef void LongSpmm(int, int, int, const int *, const int *, const ulong *,
                      const unsigned *, const unsigned *, ulong *);
typedef void DoubleSddmm(int, int, int, const int *, const int *, const float *,
                         const float *, const float *, const double *,
                         double *);
typedef void HalfSddmm(int, int, int, const int *, const int *, const float *,
                       const float *, const float *, const float *, float *);
typedef void DoubleSpmm(int, int, int, const int *, const int *, const double *,
                        const float *, const float *, double *);
LongSddmm long_first_orig, long_first_rewr;
AlphaSddmm alpha_first_orig, alpha_first_rewr;
LongSpmm long_values_orig, long_values_rewr;
DoubleSddmm double_first_orig, double_first_rewr;
HalfSddmm half_first_orig, half_first_rewr;
DoubleSpmm double_values_orig, double_values_rewr;

enum { N = 4, NNZ = 8, MAXK = 4, MAXL = 4 };
static const int rowptr[N + 1] = {0, 2, 4, 6, 8};
static const int colidx[NNZ] = {1, 3, 0, 2, 1, 3, 0, 2};

static int failures;

static void sameLong(const char *what, const ulong *X, const ulong *Y, int n) {
  for (int q = 0; q < n; q++)
    if (X[q] != Y[q]) {
      printf("FAIL: %s: A[%d] original %lu, rewritten %lu\n", what, q, X[q],
             Y[q]);
      failures++;
      return;
    }
}

static void sameReal(const char *what, const double *X, const double *Y, int n,
                     double tol) {
  for (int q = 0; q < n; q++) {
    double x = X[q], y = Y[q];
    int ok = isnan(x) ? isnan(y) : (x == y || fabs(x - y) <= tol * fabs(x));
    if (!ok || !isfinite(x)) {
      printf("FAIL: %s: A[%d] original %g, rewritten %g\n", what, q, x, y);
      failures++;
      return;
    }
  }
}

static void integers(void) {
  unsigned vals[NNZ], C[N * MAXK], D[N * MAXK * MAXL], E[N * MAXL];
  ulong Bv[NNZ], EL[N * MAXL];
  for (int p = 0; p < NNZ; p++) {
    vals[p] = 70000 + 13 * p;
    Bv[p] = 1 + p % 3;
  }
  for (int q = 0; q < N * MAXK; q++)
    C[q] = 100000 + 7 * q;
  for (int q = 0; q < N * MAXK * MAXL; q++)
    D[q] = 60000 + 11 * q;
  for (int q = 0; q < N * MAXL; q++)
    E[q] = EL[q] = 2 + q % 5;
  ulong X[N * MAXL], Y[N * MAXL];
  int K = 4, L = 3;
  for (int q = 0; q < N * MAXL; q++)
    X[q] = Y[q] = q;
  long_first_orig(N, K, L, rowptr, colidx, vals, C, D, EL, X);
  long_first_rewr(N, K, L, rowptr, colidx, vals, C, D, EL, Y);
  sameLong("long E first", X, Y, N * L);
  for (int q = 0; q < N * MAXL; q++)
    X[q] = Y[q] = q;
  alpha_first_orig(N, K, L, 1UL, rowptr, colidx, vals, C, D, E, X);
  alpha_first_rewr(N, K, L, 1UL, rowptr, colidx, vals, C, D, E, Y);
  sameLong("long alpha first", X, Y, N * L);
  /* Both schedules of the run-time choice: K > L runs C * D first (K = 3:
     no unrolled step, whose hoisted products are double).  */
  for (int c = 0; c < 2; c++) {
    K = c ? 1 : 3;
    L = c ? 4 : 1;
    for (int q = 0; q < N * MAXL; q++)
      X[q] = Y[q] = q;
    long_values_orig(N, K, L, rowptr, colidx, Bv, C, D, X);
    long_values_rewr(N, K, L, rowptr, colidx, Bv, C, D, Y);
    sameLong(c ? "long values, K < L" : "long values, K > L", X, Y, N * L);
  }
}

static void reals(void) {
  float vals[NNZ], C[N * MAXK], D[N * MAXK * MAXL], E[N * MAXL];
  float Cbig[N * MAXK], Dbig[N * MAXK * MAXL];
  double Bv[NNZ], ED[N * MAXL];
  for (int p = 0; p < NNZ; p++) {
    vals[p] = 1e30f * (1 + p / 16.0f);
    Bv[p] = 1e-30 * (1 + p / 8.0);
  }
  for (int q = 0; q < N * MAXK; q++) {
    C[q] = 1e30f * (1 + q / 32.0f);
    Cbig[q] = C[q];
  }
  for (int q = 0; q < N * MAXK * MAXL; q++) {
    D[q] = 1e-30f * (1 + q / 64.0f);
    Dbig[q] = 1e30f * (1 + q / 64.0f);
  }
  for (int q = 0; q < N * MAXL; q++)
    E[q] = (float)(ED[q] = 1 + q / 8.0);
  double X[N * MAXL], Y[N * MAXL];
  int K = 4, L = 3;
  for (int q = 0; q < N * MAXL; q++)
    X[q] = Y[q] = q;
  double_first_orig(N, K, L, rowptr, colidx, vals, C, D, ED, X);
  double_first_rewr(N, K, L, rowptr, colidx, vals, C, D, ED, Y);
  sameReal("double E first", X, Y, N * L, 1e-9);
  float F[N * MAXL], G[N * MAXL];
  for (int q = 0; q < N * MAXL; q++)
    F[q] = G[q] = (float)q;
  half_first_orig(N, K, L, rowptr, colidx, vals, C, D, E, F);
  half_first_rewr(N, K, L, rowptr, colidx, vals, C, D, E, G);
  for (int q = 0; q < N * L; q++) {
    X[q] = F[q];
    Y[q] = G[q];
  }
  sameReal("0.5 first, float kernel", X, Y, N * L, 1e-5);
  for (int c = 0; c < 2; c++) {
    K = c ? 1 : 3;
    L = c ? 4 : 1;
    for (int q = 0; q < N * MAXL; q++)
      X[q] = Y[q] = q;
    double_values_orig(N, K, L, rowptr, colidx, Bv, Cbig, Dbig, X);
    double_values_rewr(N, K, L, rowptr, colidx, Bv, Cbig, Dbig, Y);
    sameReal(c ? "double values, K < L" : "double values, K > L", X, Y, N * L,
             1e-9);
  }
}

int main(void) {
  integers();
  reals();
  if (!failures)
    printf("PASS: every product in the original's type\n");
  return failures != 0;
}
