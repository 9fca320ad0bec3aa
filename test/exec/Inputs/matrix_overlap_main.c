/* The original and the rewrite of matrix_overlap.c (renamed orig_<name>
 * and rewr_<name>), the outputs apart from the inputs and on an input's
 * storage: every element as the original's (NaN and infinity aware,
 * same_elem.h). */
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

enum { N = 7, K = 4, L = 3, NNZ = 14 };

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(sddmm_spmm_vla, (int n, int K, int L, const int *rowptr, const int *colidx,
                      const double *vals, const double (*C)[K],
                      const double (*D)[K], const double *E, double (*A)[L]))
BOTH(spmm_gemm_fixed,
     (int n, const int *rowptr, const int *colidx, const double *vals,
      const double C[][6], const double D[6][5], double *A))

static int pos[N + 1], crd[NNZ];
static double vals[NNZ];

static void build(void) {
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    for (int t = 0; t < r % 3 && p < NNZ; t++, p++) {
      crd[p] = (r + 2 * t) % N;
      vals[p] = 0.5 + 0.25 * p;
    }
  }
  pos[N] = p;
}

/* Fills x[0..n) with a pattern. */
static void fill(double *x, int n, double a, double b) {
  for (int e = 0; e < n; e++)
    x[e] = a + b * e;
}

int main(void) {
  build();
  int ok = 1;
  /* VLA operands and a 2-D output: apart, then the output on E's storage
   * (E read as the output's rows, both L wide). */
  static double C[N][K], D[N][K], E[N * L], Ao[N][L], Ar[N][L];
  static double Eo[N * L], Er[N * L];
  fill(&C[0][0], N * K, 0.25, 0.01);
  fill(&D[0][0], N * K, 1.0, -0.005);
  fill(E, N * L, 0.75, -0.02);
  memset(Ao, 0, sizeof Ao);
  memset(Ar, 0, sizeof Ar);
  orig_sddmm_spmm_vla(N, K, L, pos, crd, vals, C, D, E, Ao);
  rewr_sddmm_spmm_vla(N, K, L, pos, crd, vals, C, D, E, Ar);
  ok &= same_array("VLA, apart", &Ao[0][0], &Ar[0][0], N * L);
  memcpy(Eo, E, sizeof E);
  memcpy(Er, E, sizeof E);
  orig_sddmm_spmm_vla(N, K, L, pos, crd, vals, C, D, Eo, (double(*)[L])Eo);
  rewr_sddmm_spmm_vla(N, K, L, pos, crd, vals, C, D, Er, (double(*)[L])Er);
  ok &= same_array("VLA, output on E", Eo, Er, N * L);
  /* Fixed extents: apart, then the output over D's rows. */
  static double F[N][6], G[6][5], Bo[N * 5], Br[N * 5];
  static double Go[6][5], Gr[6][5];
  fill(&F[0][0], N * 6, 0.5, 0.02);
  fill(&G[0][0], 30, 1.0, -0.01);
  memset(Bo, 0, sizeof Bo);
  memset(Br, 0, sizeof Br);
  orig_spmm_gemm_fixed(N, pos, crd, vals, F, G, Bo);
  rewr_spmm_gemm_fixed(N, pos, crd, vals, F, G, Br);
  ok &= same_array("fixed, apart", Bo, Br, N * 5);
  memcpy(Go, G, sizeof G);
  memcpy(Gr, G, sizeof G);
  orig_spmm_gemm_fixed(6, pos, crd, vals, F, (const double(*)[5])Go, &Go[0][0]);
  rewr_spmm_gemm_fixed(6, pos, crd, vals, F, (const double(*)[5])Gr, &Gr[0][0]);
  ok &= same_array("fixed, output on D", &Go[0][0], &Gr[0][0], 30);
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
