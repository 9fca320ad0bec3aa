/* Coordinates at the edges of their type: column 255 of an unsigned char,
 * columns -300 to 300 of a short with C addressed from its middle. Both
 * kernels, original and rewritten, on the same inputs; elements compare
 * equal when both are NaN, both the same infinity, or within 1e-12. */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../harness/same_elem.h"

void u8_orig(int, int, int, const int *, const uint8_t *, const double *,
             const double *, const double *, double *);
void u8_rewr(int, int, int, const int *, const uint8_t *, const double *,
             const double *, const double *, double *);
void s16_orig(int, int, int, const int *, const short *, const double *,
              const double *, const double *, double *);
void s16_rewr(int, int, int, const int *, const short *, const double *,
              const double *, const double *, double *);

enum { N = 40, NNZ = 6 * N, K = 5, L = 7, RANGE = 301 };
static int rowptr[N + 1];
static double vals[NNZ], Cbuf[(2 * RANGE) * K], D[K * L], A0[N * L], A1[N * L];
static int failed;

static void check(const char *What, int Threads) {
  for (int X = 0; X < N * L; X++)
    if (!same_value(A0[X], A1[X])) {
      printf("FAIL: %s threads=%d: A[%d] original %.17g, rewritten %.17g\n",
             What, Threads, X, A0[X], A1[X]);
      failed = 1;
      return;
    }
  printf("ok %s threads=%d\n", What, Threads);
}

static void reset(void) {
  for (int X = 0; X < N * L; X++)
    A0[X] = A1[X] = (double)(X % 5);
}

int main(void) {
  static uint8_t U8[NNZ];
  static short S16[NNZ];
  srand(3);
  for (int I = 0; I <= N; I++)
    rowptr[I] = I * 6;
  for (int P = 0; P < NNZ; P++) {
    vals[P] = (rand() % 100) / 16.0;
    U8[P] = (uint8_t)(P % 3 == 0 ? 255 : rand() % 256);
    S16[P] = (short)(P % 4 == 0 ? -300 : P % 4 == 1 ? 300 : rand() % 601 - 300);
  }
  for (int X = 0; X < 2 * RANGE * K; X++)
    Cbuf[X] = (rand() % 100) / 8.0;
  for (int X = 0; X < K * L; X++)
    D[X] = (rand() % 100) / 4.0;
  const double *Middle = Cbuf + RANGE * K;
  for (int Threads = 1; Threads <= 2; Threads++) {
    omp_set_num_threads(Threads);
    reset();
    u8_orig(N, K, L, rowptr, U8, vals, Cbuf, D, A0);
    u8_rewr(N, K, L, rowptr, U8, vals, Cbuf, D, A1);
    check("unsigned char columns up to 255", Threads);
    reset();
    s16_orig(N, K, L, rowptr, S16, vals, Middle, D, A0);
    s16_rewr(N, K, L, rowptr, S16, vals, Middle, D, A1);
    check("short columns from -300 to 300", Threads);
  }
  if (failed)
    return 1;
  puts("PASS: narrow and negative coordinates as the original");
  return 0;
}
