/* The original and the rewrite of pair_paper.c (renamed orig_<name> and
 * rewr_<name>) on one CSF tensor with empty fibers and one CSR matrix with
 * empty rows: finite values; infinities and a NaN among the operands;
 * extents of 0 (J == 0: the MTTKRP's empty sums, which the original stores
 * as 0 and multiplies by E); no row; and the output laid over an input (the
 * overlap test runs the original). Every element as the original's
 * (same_elem.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
#define TENSOR_PARAMS                                                          \
  (int I, int J, int M, const int *pos1, const int *crd1, const int *pos2,     \
   const int *crd2, const double *vals, const double *C, const double *D,     \
   const double *E, double *A)
BOTH(mttkrp_then_gemm, TENSOR_PARAMS)
BOTH(mttkrp_then_gemm_alias, TENSOR_PARAMS)
BOTH(spttm_then_spttm,
     (int I, int L, int M, const int *pos1, const int *crd1, const int *pos2,
      const int *crd2, const double *vals, const double *C, const double *D,
      double *A))
BOTH(spttm_then_spttm_alias,
     (int I, int L, int M, const int *pos1, const int *crd1, const int *pos2,
      const int *crd2, const double *vals, const double *C, const double *D,
      double *A))
BOTH(spttm_strided, (int I, int S, int L, int M, const int *pos1,
                     const int *pos2, const int *crd2, const double *vals,
                     const double *C, const double *D, double *A))
BOTH(spmmh_then_gemm,
     (int n, int J, int L, const int *row_start, const int *col,
      const double *val, const double *C, const double *D, const double *E,
      double *A))

enum { I = 6, KD = 7, LD = 5, J = 4, M = 3, NF = 14, NNZ = 30 };
static int pos1[I + 1], crd1[NF], pos2[NF + 1], crd2[NNZ];
static double vals[NNZ];
/* C and D wide enough for every use: LD x J, KD x J, KD x LD, LD x M. */
static double C[KD * KD], D[KD * KD], E[KD * KD];

/* Fibers of row i: none for rows 1 and 4; fiber f of the row has
 * (f + i) % 3 nonzeros (some empty). */
static void build(void) {
  int f = 0, p = 0;
  for (int i = 0; i < I; i++) {
    pos1[i] = f;
    for (int t = 0; i != 1 && i != 4 && t < 1 + i % 3 && f < NF; t++, f++) {
      crd1[f] = (i + 2 * t) % KD;
      pos2[f] = p;
      for (int u = 0; u < (t + i) % 3 && p < NNZ; u++, p++) {
        crd2[p] = (3 * t + u + i) % LD;
        vals[p] = 0.5 + 0.25 * p;
      }
    }
  }
  pos1[I] = f;
  pos2[f] = p;
}

static void operands(int special) {
  for (int x = 0; x < KD * KD; x++) {
    C[x] = 0.25 + 0.01 * x;
    D[x] = 1.5 - 0.02 * x;
    E[x] = 0.75 - 0.03 * x;
  }
  if (special) {
    C[3] = 1.0 / 0.0;
    D[5] = -1.0 / 0.0;
    E[2] = 0.0 / 0.0;
    E[7] = 1.0 / 0.0;
  }
}

static double Ao[KD * KD * 4], Ar[KD * KD * 4];

static void reset(void) {
  for (int x = 0; x < KD * KD * 4; x++)
    Ao[x] = Ar[x] = 0.5 - 0.125 * x;
}

static int tensors(const char *name, int rows, int j, int m) {
  int ok = 1;
  char what[96];
  reset();
  orig_mttkrp_then_gemm(rows, j, m, pos1, crd1, pos2, crd2, vals, C, D, E, Ao);
  rewr_mttkrp_then_gemm(rows, j, m, pos1, crd1, pos2, crd2, vals, C, D, E, Ar);
  snprintf(what, sizeof what, "mttkrp_then_gemm, %s", name);
  ok &= same_array(what, Ao, Ar, I * KD);
  reset();
  orig_mttkrp_then_gemm_alias(rows, j, m, pos1, crd1, pos2, crd2, vals, C, D,
                              E, Ao);
  rewr_mttkrp_then_gemm_alias(rows, j, m, pos1, crd1, pos2, crd2, vals, C, D,
                              E, Ar);
  snprintf(what, sizeof what, "mttkrp_then_gemm_alias, %s", name);
  ok &= same_array(what, Ao, Ar, I * KD);
  reset();
  orig_spttm_then_spttm(rows, j, m, pos1, crd1, pos2, crd2, vals, C, D, Ao);
  rewr_spttm_then_spttm(rows, j, m, pos1, crd1, pos2, crd2, vals, C, D, Ar);
  snprintf(what, sizeof what, "spttm_then_spttm, %s", name);
  ok &= same_array(what, Ao, Ar, NF * KD);
  reset();
  orig_spttm_then_spttm_alias(rows, j, m, pos1, crd1, pos2, crd2, vals, C, D,
                              Ao);
  rewr_spttm_then_spttm_alias(rows, j, m, pos1, crd1, pos2, crd2, vals, C, D,
                              Ar);
  snprintf(what, sizeof what, "spttm_then_spttm_alias, %s", name);
  ok &= same_array(what, Ao, Ar, NF * KD);
  reset();
  /* The CSF tensor's second level as a CSR matrix: row i, column crd1. */
  orig_spmmh_then_gemm(rows, j, m, pos1, crd1, vals, C, D, E, Ao);
  rewr_spmmh_then_gemm(rows, j, m, pos1, crd1, vals, C, D, E, Ar);
  snprintf(what, sizeof what, "spmmh_then_gemm, %s", name);
  ok &= same_array(what, Ao, Ar, I * KD);
  return ok;
}

int main(void) {
  int ok = 1;
  build();
  operands(0);
  ok &= tensors("finite", I, J, M);
  ok &= tensors("no row", 0, J, M);
  /* No row: the original reads none of E, which may then be NULL, nor may
   * any check before the fused nest (the finite check of E runs only
   * where every loop does). */
  reset();
  orig_mttkrp_then_gemm_alias(0, J, M, pos1, crd1, pos2, crd2, vals, C, D,
                              NULL, Ao);
  rewr_mttkrp_then_gemm_alias(0, J, M, pos1, crd1, pos2, crd2, vals, C, D,
                              NULL, Ar);
  ok &= same_array("mttkrp_then_gemm_alias, no row and no E", Ao, Ar, I * KD);
  ok &= tensors("J == 0", I, 0, M);
  ok &= tensors("M == 0", I, J, 0);
  operands(1);
  ok &= tensors("infinities and a NaN", I, J, M);
  ok &= tensors("infinities and a NaN, J == 0", I, 0, M);
  /* The output laid over E, an input: the overlap test runs the original
   * (the kernels without restrict; the others are not called so). */
  operands(0);
  {
    static double Eo[KD * KD * 4], Er[KD * KD * 4];
    for (int x = 0; x < KD * KD * 4; x++)
      Eo[x] = Er[x] = 0.75 - 0.03 * x;
    orig_mttkrp_then_gemm_alias(I, J, M, pos1, crd1, pos2, crd2, vals, C, D,
                                Eo, Eo + 2);
    rewr_mttkrp_then_gemm_alias(I, J, M, pos1, crd1, pos2, crd2, vals, C, D,
                                Er, Er + 2);
    ok &= same_array("mttkrp_then_gemm_alias, the output is an input", Eo, Er,
                     I * M + 2);
    /* The output laid over C, which the producer reads. */
    static double Co[KD * KD * 4], Cr[KD * KD * 4];
    for (int x = 0; x < KD * KD * 4; x++)
      Co[x] = Cr[x] = 0.25 + 0.01 * x;
    orig_spttm_then_spttm_alias(I, J, M, pos1, crd1, pos2, crd2, vals, Co, D,
                                Co + 3);
    rewr_spttm_then_spttm_alias(I, J, M, pos1, crd1, pos2, crd2, vals, Cr, D,
                                Cr + 3);
    ok &= same_array("spttm_then_spttm_alias, the output is an input", Co, Cr,
                     NF * M + 3);
  }
  /* Blocks of LD values at strides 1 to LD + 1: those below LD overlap,
   * and run the original. */
  for (int stride = 1; stride <= LD + 1; stride++) {
    char what[64];
    reset();
    orig_spttm_strided(I, stride, LD, M, pos1, pos2, crd2, vals, C, D, Ao);
    rewr_spttm_strided(I, stride, LD, M, pos1, pos2, crd2, vals, C, D, Ar);
    snprintf(what, sizeof what, "spttm_strided, a stride of %d", stride);
    ok &= same_array(what, Ao, Ar, NF * KD);
  }
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
