/* Float terms summed into a double output over a long reduction (K = 4096):
 * with every term exact in float (small dyadic values) but their sum not, a
 * temporary summed in float differs from the original's double sum by far
 * more than 1e-12 relatively; summed in double, it agrees. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void orig(int, int, int, const int *, const int *, const float *, const float *,
          const float *, const float *, double *);
void rewr(int, int, int, const int *, const int *, const float *, const float *,
          const float *, const float *, double *);

int main(void) {
  enum { N = 2, K = 4096, L = 3 };
  int rowptr[N + 1] = {0, 2, 3}, colidx[3] = {0, 1, 1};
  float vals[3] = {1.5f, 0.75f, 1.25f};
  static float C[N * K], D[N * K], E[N * L];
  double A0[N * L] = {0}, A1[N * L] = {0};
  srand(7);
  for (int X = 0; X < N * K; X++) {
    C[X] = (float)(rand() % 255 + 1) / 8;
    D[X] = (float)(rand() % 255 + 1) / 1024;
  }
  for (int X = 0; X < N * L; X++)
    E[X] = (float)(rand() % 7 + 1);
  orig(N, K, L, rowptr, colidx, vals, C, D, E, A0);
  rewr(N, K, L, rowptr, colidx, vals, C, D, E, A1);
  for (int X = 0; X < N * L; X++)
    if (!(fabs(A0[X] - A1[X]) <= 1e-12 * fabs(A0[X]))) {
      printf("FAIL: A[%d] original %.17g, rewritten %.17g\n", X, A0[X], A1[X]);
      return 1;
    }
  puts("PASS: summed in double as the original");
  return 0;
}
