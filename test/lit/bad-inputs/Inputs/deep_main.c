/* Execution proof of deep-nest.c: A(i0) += X(i0,i1) * Y(i2..i11), N^12
 * terms, compared relative to the sum of their magnitudes. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

void lnr_original(int N, const double *X, const double *Y, double *restrict A);
void lnr_rewritten(int N, const double *X, const double *Y, double *restrict A);

int main(void) {
  unsigned long long s = 7;
  for (int N = 1; N <= 3; N++) {
    size_t ny = 1;
    for (int a = 0; a < 10; a++)
      ny *= (size_t)N;
    double *X = malloc(sizeof(double) * N * N), *AX = malloc(sizeof(double) * N * N);
    double *Y = malloc(sizeof(double) * ny), *AY = malloc(sizeof(double) * ny);
    for (size_t x = 0; x < (size_t)(N * N); x++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      X[x] = (double)(s >> 11) / 9007199254740992.0 - 0.5;
      AX[x] = fabs(X[x]);
    }
    for (size_t x = 0; x < ny; x++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      Y[x] = (double)(s >> 11) / 9007199254740992.0 - 0.5;
      AY[x] = fabs(Y[x]);
    }
    double O[3] = {0.25, -0.5, 0.75}, M[3] = {0.25, 0.5, 0.75};
    omp_set_num_threads(1);
    lnr_original(N, X, Y, O);
    lnr_original(N, AX, AY, M);
    for (int threads = 1; threads <= 2; threads++) {
      double R[3] = {0.25, -0.5, 0.75};
      omp_set_num_threads(threads);
      lnr_rewritten(N, X, Y, R);
      for (int i = 0; i < N; i++)
        if (!(fabs(O[i] - R[i]) <= 1e-9 * M[i])) {
          printf("FAIL: N=%d threads=%d A[%d]: %.17g != %.17g\n", N, threads,
                 i, O[i], R[i]);
          return 1;
        }
    }
    free(X); free(AX); free(Y); free(AY);
  }
  printf("PASS\n");
  return 0;
}
