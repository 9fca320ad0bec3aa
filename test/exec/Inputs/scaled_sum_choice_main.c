/* scaled_sum_choice.c, original and rewrite (orig_ and rewr_), at sizes
 * where the run-time choice takes its second schedule (K = 2, L = 64): an
 * infinite v[1] times a zero term gives the original's infinity, NaN
 * where v is multiplied into each term unchecked. */
#include <math.h>
#include <stdio.h>

#include "../harness/same_elem.h"

#define PARAMS                                                                 \
  (int n, int K, int L, const int *pos, const int *crd, const double *B,      \
   const double *C, const double *D, const double *v, double *A)
void orig_scaled_choice PARAMS;
void rewr_scaled_choice PARAMS;

enum { N = 4, R = 4, K = 2, L = 64 };

int main(void) {
  int pos[N + 1], crd[N * R];
  double B[N * R], C[N * K], D[N * K], v[N], A[2][N * L];
  for (int i = 0; i <= N; i++)
    pos[i] = i * R;
  for (int p = 0; p < N * R; p++) {
    crd[p] = p % N;
    B[p] = 1;
  }
  for (int x = 0; x < N * K; x++)
    C[x] = D[x] = 1;
  for (int x = 0; x < N; x++)
    v[x] = 2;
  int ok = 1;
  for (int round = 0; round < 2; round++) {
    if (round == 1) {
      C[1] = 0;        /* row 0 of C: a zero term */
      v[1] = INFINITY; /* an infinite scale */
    }
    for (int w = 0; w < 2; w++) {
      for (int x = 0; x < N * L; x++)
        A[w][x] = 0;
      (w ? rewr_scaled_choice : orig_scaled_choice)(N, K, L, pos, crd, B, C,
                                                    D, v, A[w]);
    }
    ok &= same_array(round ? "an infinite scale, a zero term" : "finite",
                     A[0], A[1], N * L);
  }
  printf("%s\n", ok ? "PASS: every output as the original's" : "FAIL");
  return !ok;
}
