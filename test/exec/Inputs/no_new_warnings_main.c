/* The original and the rewrite of no_new_warnings.c (orig_<name>,
 * rewr_<name>) on a CSF tensor with empty fibers and empty rows, and on its
 * second level as a CSR matrix; with extents of 0, and the output laid over
 * an input (the overlap test runs the original). */
#include <stdio.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
#define TENSOR                                                                 \
  (unsigned I, unsigned J, unsigned M, const unsigned *pos1,                   \
   const unsigned *pos2, const unsigned *crd2, const double *vals,             \
   const double *C, const double *D, double *A)
BOTH(spttm_one_nest, TENSOR)
BOTH(spttm_two_nests, TENSOR)
BOTH(spmm_gemm_char,
     (int I, int J, int K, const int *pos, const int *crd, const double *vals,
      const double *C, const double *D, double *restrict A))
BOTH(sddmm_spmm_u8,
     (unsigned n, unsigned K, unsigned L, const unsigned *rowptr,
      const unsigned *colidx, const double *vals, const double *C,
      const double *D, const double *E, double *restrict A))

enum { I = 6, KD = 7, NF = 14, NNZ = 30, K8 = 19, BIG = 1024 };
static unsigned pos1[I + 1], crd1[NF], pos2[NF + 1], crd2[NNZ];
static double vals[NNZ], C[BIG], D[BIG], E[BIG];
static double Ao[BIG], Ar[BIG];

/* Fibers of row i: none for rows 1 and 4; fiber f of the row has
 * (f + i) % 3 nonzeros (some empty). */
static void build(void) {
  unsigned f = 0, p = 0;
  for (unsigned i = 0; i < I; i++) {
    pos1[i] = f;
    for (unsigned t = 0; i != 1 && i != 4 && t < 1 + i % 3 && f < NF;
         t++, f++) {
      crd1[f] = (i + 2 * t) % I;
      pos2[f] = p;
      for (unsigned u = 0; u < (t + i) % 3 && p < NNZ; u++, p++) {
        crd2[p] = (3 * t + u + i) % 5;
        vals[p] = 0.5 + 0.25 * p;
      }
    }
  }
  pos1[I] = f;
  pos2[f] = p;
  for (int x = 0; x < BIG; x++) {
    C[x] = 0.25 + 0.01 * (x % 97);
    D[x] = 1.5 - 0.02 * (x % 89);
    E[x] = 0.75 - 0.03 * (x % 83);
  }
}

static void reset(void) {
  for (int x = 0; x < BIG; x++)
    Ao[x] = Ar[x] = 0.5 - 0.125 * (x % 64);
}

static int tensors(const char *name, unsigned rows, unsigned j, unsigned m) {
  int ok = 1;
  char what[96];
  reset();
  orig_spttm_one_nest(rows, j, m, pos1, pos2, crd2, vals, C, D, Ao);
  rewr_spttm_one_nest(rows, j, m, pos1, pos2, crd2, vals, C, D, Ar);
  snprintf(what, sizeof what, "spttm_one_nest, %s", name);
  ok &= same_array(what, Ao, Ar, NF * KD);
  reset();
  orig_spttm_two_nests(rows, j, m, pos1, pos2, crd2, vals, C, D, Ao);
  rewr_spttm_two_nests(rows, j, m, pos1, pos2, crd2, vals, C, D, Ar);
  snprintf(what, sizeof what, "spttm_two_nests, %s", name);
  ok &= same_array(what, Ao, Ar, NF * KD);
  reset();
  /* The tensor's second level as a CSR matrix: row i, column crd1. */
  orig_sddmm_spmm_u8(rows, K8, m, pos1, crd1, vals, C, D, E, Ao);
  rewr_sddmm_spmm_u8(rows, K8, m, pos1, crd1, vals, C, D, E, Ar);
  snprintf(what, sizeof what, "sddmm_spmm_u8, %s", name);
  ok &= same_array(what, Ao, Ar, I * KD);
  reset();
  {
    /* The tensor's second level as a CSR matrix, its columns below 5. */
    static int ipos[I + 1], icrd[NF];
    for (unsigned x = 0; x <= I; x++)
      ipos[x] = (int)pos1[x];
    for (unsigned x = 0; x < NF; x++)
      icrd[x] = (int)(crd1[x] % 5);
    orig_spmm_gemm_char((int)rows, (int)j, (int)m, ipos, icrd, vals, C, D, Ao);
    rewr_spmm_gemm_char((int)rows, (int)j, (int)m, ipos, icrd, vals, C, D, Ar);
  }
  snprintf(what, sizeof what, "spmm_gemm_char, %s", name);
  ok &= same_array(what, Ao, Ar, I * KD);
  return ok;
}

int main(void) {
  int ok = 1;
  build();
  ok &= tensors("J = 4, M = 3", I, 4, 3);
  ok &= tensors("J = 40, M = 2", I, 40, 2);
  ok &= tensors("no row", 0, 4, 3);
  ok &= tensors("J == 0", I, 0, 3);
  ok &= tensors("M == 0", I, 4, 0);
  {
    /* The output laid over D, an input: the overlap test runs the
     * original. */
    static double Do[BIG], Dr[BIG];
    for (int x = 0; x < BIG; x++)
      Do[x] = Dr[x] = D[x];
    orig_spttm_one_nest(I, 4, 3, pos1, pos2, crd2, vals, C, Do, Do + 5);
    rewr_spttm_one_nest(I, 4, 3, pos1, pos2, crd2, vals, C, Dr, Dr + 5);
    ok &= same_array("spttm_one_nest, the output is an input", Do, Dr,
                     NF * 3 + 5);
    for (int x = 0; x < BIG; x++)
      Do[x] = Dr[x] = D[x];
    orig_spttm_two_nests(I, 4, 3, pos1, pos2, crd2, vals, C, Do, Do + 5);
    rewr_spttm_two_nests(I, 4, 3, pos1, pos2, crd2, vals, C, Dr, Dr + 5);
    ok &= same_array("spttm_two_nests, the output is an input", Do, Dr,
                     NF * 3 + 5);
  }
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
