/* The original and the rewrite of root_from_zero.c (renamed orig_* and
 * rewr_*; in the rewrite the fallback's marker comment is replaced by
 * 'lnr_fallback_runs++;') called on the same random tensors whose first
 * level is compressed: roots that list a row twice, explicit empty fibers,
 * an empty root, NaN and Inf among the values. The kernels walk the root
 * from 0 to pos1[1], which the rewrite reads as the root from pos1[0]:
 * with pos1[0] == 0 the rewritten nest must run, and with pos1[0] != 0
 * (the positions before pos1[0] valid entries the original walks, or a
 * negative pos1[0]) the original nest, the fallback. The outputs must be
 * equal, NaN and Inf aware. */
#include "same_elem.h"

#include <stdio.h>
#include <stdlib.h>

void orig_sddmm_spmm(int, int, const int *, const int *, const int *,
                     const int *, const double *, const double *,
                     const double *, const double *, double *);
void rewr_sddmm_spmm(int, int, const int *, const int *, const int *,
                     const int *, const double *, const double *,
                     const double *, const double *, double *);
void orig_spmm_gemm(int, int, const int *, const int *, const int *,
                    const int *, const double *, const double *, const double *,
                    double *);
void rewr_spmm_gemm(int, int, const int *, const int *, const int *,
                    const int *, const double *, const double *, const double *,
                    double *);
void orig_mttkrp_gemm(int, int, const int *, const int *, const int *,
                      const int *, const int *, const int *, const double *,
                      const double *, const double *, const double *, double *);
void rewr_mttkrp_gemm(int, int, const int *, const int *, const int *,
                      const int *, const int *, const int *, const double *,
                      const double *, const double *, const double *, double *);
int lnr_fallback_runs = 0;

static int below(int n) { return n > 0 ? rand() % n : 0; }
static double uniform(void) { return 0.5 + (double)rand() / RAND_MAX; }

static double *values(int n) {
  double *v = malloc((n > 0 ? n : 1) * sizeof *v);
  for (int x = 0; x < n; x++)
    v[x] = uniform();
  return v;
}

/* A level of 'parents' fibers of 0 to 3 entries (explicit empty fibers
 * among them), coordinates below 'extent': pos[parents + 1], crd. */
static int level(int parents, int extent, int **pos, int **crd) {
  *pos = malloc((parents + 1) * sizeof **pos);
  *crd = malloc((3 * parents + 1) * sizeof **crd);
  (*pos)[0] = 0;
  for (int q = 0; q < parents; q++) {
    int n = extent > 0 ? below(4) : 0;
    for (int x = 0; x < n; x++)
      (*crd)[(*pos)[q] + x] = below(extent);
    (*pos)[q + 1] = (*pos)[q] + n;
  }
  return (*pos)[parents];
}

static int failures = 0, calls = 0, fallbacks = 0;

/* Compares the outputs of one call and the path the rewrite took. */
static void compare(const char *kernel, int round, const double *orig,
                    const double *rewr, int n, int fallback, int expected) {
  calls++;
  fallbacks += fallback;
  if (fallback != expected) {
    printf("FAIL: %s round %d: the %s ran\n", kernel, round,
           fallback ? "original nest (fallback)" : "rewritten nest");
    failures++;
  }
  for (int x = 0; x < n; x++) {
    double err;
    if (!same_elem(orig[x], rewr[x], NAN, 1e-300, 1e-12, &err)) {
      printf("FAIL: %s round %d: A[%d]: original %.17g, rewritten %.17g\n",
             kernel, round, x, orig[x], rewr[x]);
      failures++;
      return;
    }
  }
}

/* The root's first position for a round: 0, or (to force the fallback) a
 * position inside the root, or -1. */
static int first_position(int round, int root) {
  switch (round % 4) {
  case 2:
    return root > 0 ? 1 + below(root) : 1;
  case 3:
    return -1;
  default:
    return 0;
  }
}

static void dcsr_round(int round) {
  int I = 1 + below(12), J = 1 + below(12), K = 1 + below(9), L = 1 + below(9);
  int root = round % 10 == 0 ? 0 : 1 + below(10);
  /* The root lists rows below I, a row twice now and then. */
  int *pos1 = malloc(2 * sizeof *pos1),
      *crd1 = malloc((root + 1) * sizeof *crd1);
  for (int q = 0; q < root; q++)
    crd1[q] = q > 0 && below(5) == 0 ? crd1[q - 1] : below(I);
  int *pos2, *crd2;
  int nnz = level(root, J, &pos2, &crd2);
  double *vals = values(nnz), *C = values(I * K), *D = values(J * K),
         *E = values(J * L), *DL = values(K * L);
  if (round % 3 == 1 && nnz > 0) {
    vals[below(nnz)] = NAN;
    C[below(I * K)] = INFINITY;
  }
  int first = first_position(round, root);
  pos1[0] = first;
  pos1[1] = root;
  int expected = first != 0;
  double *orig = values(I * L), *rewr = malloc(I * L * sizeof *rewr);
  for (int x = 0; x < I * L; x++)
    rewr[x] = orig[x];
  orig_sddmm_spmm(K, L, pos1, crd1, pos2, crd2, vals, C, D, E, orig);
  int before = lnr_fallback_runs;
  rewr_sddmm_spmm(K, L, pos1, crd1, pos2, crd2, vals, C, D, E, rewr);
  compare("sddmm_spmm", round, orig, rewr, I * L, lnr_fallback_runs - before,
          expected);
  /* <SpMM, GEMM>: C over the columns (J x K), D is K x L. */
  for (int x = 0; x < I * L; x++)
    rewr[x] = orig[x];
  orig_spmm_gemm(K, L, pos1, crd1, pos2, crd2, vals, D, DL, orig);
  before = lnr_fallback_runs;
  rewr_spmm_gemm(K, L, pos1, crd1, pos2, crd2, vals, D, DL, rewr);
  /* Its overlap test also runs the original nest when a loop is empty. */
  compare("spmm_gemm", round, orig, rewr, I * L, lnr_fallback_runs - before,
          expected || nnz == 0);
  free(pos1), free(crd1), free(pos2), free(crd2), free(vals), free(C);
  free(D), free(E), free(DL), free(orig), free(rewr);
}

static void csf_round(int round) {
  int I = 1 + below(10), Kx = 1 + below(8), Lx = 1 + below(8), J = 1 + below(7),
      M = 1 + below(7);
  int root = round % 10 == 5 ? 0 : 1 + below(8);
  int *pos1 = malloc(2 * sizeof *pos1),
      *crd1 = malloc((root + 1) * sizeof *crd1);
  for (int q = 0; q < root; q++)
    crd1[q] = q > 0 && below(5) == 0 ? crd1[q - 1] : below(I);
  int *pos2, *crd2, *pos3, *crd3;
  int fibers = level(root, Kx, &pos2, &crd2);
  int nnz = level(fibers, Lx, &pos3, &crd3);
  double *vals = values(nnz), *C = values(Lx * J), *D = values(Kx * J),
         *E = values(J * M);
  if (round % 3 == 1 && nnz > 0) {
    vals[below(nnz)] = NAN;
    E[below(J * M)] = INFINITY;
  }
  int first = first_position(round, root);
  pos1[0] = first;
  pos1[1] = root;
  double *orig = values(I * M), *rewr = malloc(I * M * sizeof *rewr);
  for (int x = 0; x < I * M; x++)
    rewr[x] = orig[x];
  orig_mttkrp_gemm(J, M, pos1, crd1, pos2, crd2, pos3, crd3, vals, C, D, E,
                   orig);
  int before = lnr_fallback_runs;
  rewr_mttkrp_gemm(J, M, pos1, crd1, pos2, crd2, pos3, crd3, vals, C, D, E,
                   rewr);
  compare("mttkrp_gemm", round, orig, rewr, I * M, lnr_fallback_runs - before,
          first != 0);
  free(pos1), free(crd1), free(pos2), free(crd2), free(pos3), free(crd3);
  free(vals), free(C), free(D), free(E), free(orig), free(rewr);
}

int main(void) {
  srand(29);
  for (int round = 0; round < 120; round++) {
    dcsr_round(round);
    csf_round(round);
  }
  if (failures)
    return 1;
  printf("PASS: %d calls equal, %d on the rewritten nest, %d on the "
         "fallback\n",
         calls, calls - fallbacks, fallbacks);
  return 0;
}
