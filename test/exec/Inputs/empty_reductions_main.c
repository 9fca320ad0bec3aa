/* Empty reductions with non-finite operands (docs/code-generation.md):
 * with an extent of the producer's loops 0 or negative, or a row or fiber
 * with no nonzero, the original never runs its update and leaves the output
 * as it was, even where a consumer operand is infinite; a rewrite that runs
 * the consumer with its temporary at zero writes 0 * inf = NaN there.
 *
 * Three kernels, each compiled twice (the original and the tool's rewrite,
 * renamed by -D): the hand-written <SDDMM, SpMM> and <SDDMM, SpMM, GEMM>,
 * and TACO's <SDDMM, SpMM>. Each runs on extents -2, 0, 1 and 3 for every
 * dense loop, a CSR matrix with an empty row, and every dense operand full
 * of +inf, at 1 and 2 threads. Elements compare equal when both are NaN,
 * both the same infinity, or both finite and within 1e-12 relatively.
 */
#include "taco_tensor_t.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

void sddmm_spmm_orig(int, int, int, const int *, const int *, const double *,
                     const double *, const double *, const double *, double *);
void sddmm_spmm_rewr(int, int, int, const int *, const int *, const double *,
                     const double *, const double *, const double *, double *);
void chain_orig(int, int, int, int, const int *, const int *, const double *,
                const double *, const double *, const double *, const double *,
                double *);
void chain_rewr(int, int, int, int, const int *, const int *, const double *,
                const double *, const double *, const double *, const double *,
                double *);
int taco_orig(taco_tensor_t *, taco_tensor_t *, taco_tensor_t *,
              taco_tensor_t *, taco_tensor_t *);
int taco_rewr(taco_tensor_t *, taco_tensor_t *, taco_tensor_t *,
              taco_tensor_t *, taco_tensor_t *);

enum { N = 3, SIZE = 64 };
/* Row 1 is empty. */
static int rowptr[N + 1] = {0, 2, 2, 4};
static int colidx[4] = {0, 2, 1, 2};
static double vals[4] = {1, 2, 3, 4};
static double C[SIZE], D[SIZE], E[SIZE], W[SIZE];
static double A0[SIZE], A1[SIZE];
static int failures;

static void compare(const char *Kernel, int K, int L, int Threads) {
  for (int X = 0; X < SIZE; X++)
    if (!same_value(A0[X], A1[X])) {
      printf("FAIL: %s K=%d L=%d threads=%d: A[%d] original %g, rewritten "
             "%g\n",
             Kernel, K, L, Threads, X, A0[X], A1[X]);
      failures++;
      return;
    }
}

static void reset(void) {
  for (int X = 0; X < SIZE; X++)
    A0[X] = A1[X] = X + 0.5;
}

static taco_tensor_t dense(int32_t *Dims, double *Vals) {
  taco_tensor_t T;
  memset(&T, 0, sizeof T);
  T.order = 2;
  T.dimensions = Dims;
  T.vals = (uint8_t *)Vals;
  return T;
}

static void taco(int K, int L, double *A) {
  int32_t DA[2] = {N, L}, DB[2] = {N, N}, DC[2] = {N, K}, DD[2] = {N, K},
          DE[2] = {N, L};
  uint8_t *Level1[2] = {0, 0},
          *Level2[2] = {(uint8_t *)rowptr, (uint8_t *)colidx};
  uint8_t **Levels[2] = {Level1, Level2};
  taco_tensor_t TA = dense(DA, A), TB = dense(DB, vals), TC = dense(DC, C),
                TD = dense(DD, D), TE = dense(DE, E);
  TB.indices = Levels;
  if (A == A0)
    taco_orig(&TA, &TB, &TC, &TD, &TE);
  else
    taco_rewr(&TA, &TB, &TC, &TD, &TE);
}

int main(void) {
  static const int Extents[] = {-2, 0, 1, 3};
  for (int X = 0; X < SIZE; X++)
    C[X] = D[X] = E[X] = W[X] = INFINITY;
  for (int Threads = 1; Threads <= 2; Threads++) {
    omp_set_num_threads(Threads);
    for (int KI = 0; KI < 4; KI++)
      for (int LI = 0; LI < 4; LI++) {
        int K = Extents[KI], L = Extents[LI];
        reset();
        sddmm_spmm_orig(N, K, L, rowptr, colidx, vals, C, D, E, A0);
        sddmm_spmm_rewr(N, K, L, rowptr, colidx, vals, C, D, E, A1);
        compare("sddmm_spmm", K, L, Threads);
        for (int MI = 0; MI < 4; MI++) {
          int M = Extents[MI] > 0 ? Extents[MI] : 2;
          reset();
          chain_orig(N, K, L, M, rowptr, colidx, vals, C, D, E, W, A0);
          chain_rewr(N, K, L, M, rowptr, colidx, vals, C, D, E, W, A1);
          compare("sddmm_spmm_gemm", K, L, Threads);
        }
        /* TACO's kernel assigns the output: A's initial values are zeroed
         * by both. */
        if (L >= 0) {
          reset();
          taco(K, L, A0);
          taco(K, L, A1);
          compare("taco sddmm_spmm", K, L, Threads);
        }
      }
  }
  if (failures)
    return 1;
  puts("PASS: every element as the original's, with empty reductions");
  return 0;
}
