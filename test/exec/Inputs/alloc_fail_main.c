/* The originals and the rewrites of alloc_fail_vector.c, alloc_fail_shared.c
 * and the hand-written <SDDMM, SpMM, GEMM> sample (renamed lnr_original_*
 * and lnr_rewritten_*; in the rewrites the fallback's marker comment is
 * replaced by 'lnr_fallback_runs++;', and malloc, calloc and free go through
 * lnr_test_malloc, lnr_test_calloc and lnr_test_free below, see
 * alloc_fail_interpose.h), called on two identical arenas under an
 * allocation policy: none fails, every one fails, only the first fails, or
 * only the second (with two threads, one thread's vector of a parallel
 * region). Every element of the arena must come out as the original's
 * (NaN and Inf aware, same_elem.h); the original nest must run exactly when
 * an allocation failed (or when the overlap test takes it: the output on an
 * input, or a loop without iterations); whatever was allocated must be
 * freed; and no allocation may ask for 0 bytes (malloc(0) may return NULL
 * without failing). Each call prints how many allocations it made, how many
 * failed and which path ran. */
#include "same_elem.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void spmm_gemm_fn(int n, int K, int L, const int *pos, const int *crd,
                          const double *Bv, const double *C, const double *D,
                          double *A);
typedef void sddmm_spmm_fn(int n, int K, int L, const int *rowptr,
                           const int *colidx, const double *vals,
                           const double *C, const double *D, const double *E,
                           double *A);
typedef void chain_fn(int n, int K, int L, int M, const int *rowptr,
                      const int *colidx, const double *vals, const double *C,
                      const double *D, const double *F, const double *W,
                      double *A);
spmm_gemm_fn lnr_original_vec, lnr_rewritten_vec;
spmm_gemm_fn lnr_original_vec_alias, lnr_rewritten_vec_alias;
sddmm_spmm_fn lnr_original_sh, lnr_rewritten_sh;
sddmm_spmm_fn lnr_original_sh_alias, lnr_rewritten_sh_alias;
chain_fn lnr_original_chain, lnr_rewritten_chain;

int lnr_fallback_runs = 0;

/* The interposed allocator. */
enum { NONE, EVERY, FIRST, SECOND };
static const char *const policy_name[] = {
    "none fails", "every one fails", "the first fails", "the second fails"};
static int policy, calls, failed, live, zero_bytes;

static void *allocate(size_t count, size_t size, int zeroed) {
  int n;
#pragma omp atomic capture
  n = ++calls;
  if (count == 0 || size == 0) {
#pragma omp atomic
    zero_bytes++;
  }
  if (policy == EVERY || (policy == FIRST && n == 1) ||
      (policy == SECOND && n == 2)) {
#pragma omp atomic
    failed++;
    return NULL;
  }
  void *p = zeroed ? calloc(count, size) : malloc(count * size);
  if (p) {
#pragma omp atomic
    live++;
  }
  return p;
}
void *lnr_test_malloc(size_t size) { return allocate(size, 1, 0); }
void *lnr_test_calloc(size_t count, size_t size) {
  return allocate(count, size, 1);
}
void lnr_test_free(void *p) {
  if (p) {
#pragma omp atomic
    live--;
  }
  free(p);
}

/* The arena: every array of a call, at these offsets (in doubles). */
enum {
  M = 640,
  VALS = 0,
  C_AT = 64,
  D_AT = 160,
  E_AT = 256,
  F_AT = 352,
  W_AT = 448,
  A_AT = 512
};
enum { ROWS = 20, COLS = 20, NNZ_MAX = 64 };
static double orig[M], rewr[M];
static int pos[ROWS + 1], crd[NNZ_MAX];

/* Row r has r % 4 nonzeros (every fourth row is empty), at the columns
 * (7r + 5q) % COLS. */
static void csr(void) {
  int p = 0;
  for (int r = 0; r < ROWS; r++) {
    pos[r] = p;
    for (int q = 0; q < r % 4; q++)
      crd[p++] = (7 * r + 5 * q) % COLS;
  }
  pos[ROWS] = p;
}

static void fill(double *a, int nonfinite) {
  for (int x = 0; x < M; x++)
    a[x] = 0.25 + 0.001 * ((x * 37) % 101);
  if (nonfinite) {
    a[VALS + 2] = NAN;
    a[D_AT + 7] = INFINITY;
  }
}

enum { VEC, VEC_ALIAS, SH, SH_ALIAS, CHAIN };
static const char *const kernel_name[] = {
    "per-thread t(k)", "per-thread t(k), no restrict",
    "shared t at vals' positions", "shared t at vals' positions, no restrict",
    "shared t(i,k,l), then per-thread t1(l)"};

struct scenario {
  int kernel, policy;
  int overlap;   /* A placed on C: the overlap test runs the original */
  int nonfinite; /* a NaN among vals, an Inf in D */
  int K;         /* 4, or 0: no allocation may ask for 0 bytes */
};

static void call(int rewritten, double *a, const struct scenario *s) {
  int K = s->K, L = 4, Mc = 3;
  double *A = a + (s->overlap ? C_AT : A_AT);
  switch (s->kernel) {
  case VEC:
    (rewritten ? lnr_rewritten_vec : lnr_original_vec)(
        ROWS, K, L, pos, crd, a + VALS, a + C_AT, a + D_AT, A);
    break;
  case VEC_ALIAS:
    (rewritten ? lnr_rewritten_vec_alias : lnr_original_vec_alias)(
        ROWS, K, L, pos, crd, a + VALS, a + C_AT, a + D_AT, A);
    break;
  case SH:
    (rewritten ? lnr_rewritten_sh : lnr_original_sh)(
        ROWS, K, L, pos, crd, a + VALS, a + C_AT, a + D_AT, a + E_AT, A);
    break;
  case SH_ALIAS:
    (rewritten ? lnr_rewritten_sh_alias : lnr_original_sh_alias)(
        ROWS, K, L, pos, crd, a + VALS, a + C_AT, a + D_AT, a + E_AT, A);
    break;
  case CHAIN:
    (rewritten ? lnr_rewritten_chain
               : lnr_original_chain)(ROWS, K, L, Mc, pos, crd, a + VALS,
                                     a + C_AT, a + D_AT, a + F_AT, a + W_AT, A);
    break;
  }
}

static int run(const struct scenario *s) {
  fill(orig, s->nonfinite);
  fill(rewr, s->nonfinite);
  call(0, orig, s);
  policy = s->policy;
  calls = failed = live = zero_bytes = 0;
  int before = lnr_fallback_runs;
  call(1, rewr, s);
  int fallback = lnr_fallback_runs - before;
  policy = NONE;
  char what[160];
  snprintf(what, sizeof what, "%s, %s%s%s%s", kernel_name[s->kernel],
           policy_name[s->policy], s->overlap ? ", A on C" : "",
           s->nonfinite ? ", NaN and Inf" : "", s->K ? "" : ", K = 0");
  int bad = 0;
  for (int x = 0; x < M; x++) {
    double err;
    if (!same_elem(orig[x], rewr[x], fmax(fabs(orig[x]), 1.0), 1e-300, 1e-12,
                   &err)) {
      printf("FAIL: %s: arena[%d]: original %.17g, rewritten %.17g\n", what, x,
             orig[x], rewr[x]);
      bad = 1;
      break;
    }
  }
  /* The overlap test also takes the original nest when a loop of it runs
   * no iteration (K = 0). */
  int tested = s->kernel == VEC_ALIAS || s->kernel == SH_ALIAS;
  if (fallback != (failed > 0 || s->overlap || (tested && s->K == 0))) {
    printf("FAIL: %s: %d of %d allocations failed, and the original nest ran "
           "%d times\n",
           what, failed, calls, fallback);
    bad = 1;
  }
  if (live != 0) {
    printf("FAIL: %s: %d allocations not freed\n", what, live);
    bad = 1;
  }
  if (zero_bytes != 0) {
    printf("FAIL: %s: %d allocations of 0 bytes\n", what, zero_bytes);
    bad = 1;
  }
  if (!bad)
    printf("ok: %s: %d allocations, %d failed: %s\n", what, calls, failed,
           fallback ? "original nest" : "rewritten nest");
  return bad;
}

int main(void) {
  omp_set_dynamic(0);
  csr();
  printf("threads: %d\n", omp_get_max_threads());
  int bad = 0;
  for (int k = VEC; k <= CHAIN; k++) {
    for (int p = NONE; p <= SECOND; p++) {
      struct scenario s = {k, p, 0, 0, 4};
      bad |= run(&s);
    }
    struct scenario nonfinite = {k, EVERY, 0, 1, 4};
    bad |= run(&nonfinite);
    struct scenario empty = {k, NONE, 0, 0, 0};
    bad |= run(&empty);
    if (k == VEC_ALIAS || k == SH_ALIAS) {
      struct scenario overlap = {k, NONE, 1, 0, 4};
      bad |= run(&overlap);
    }
  }
  if (!bad)
    printf("PASS: every element as the original's, the original nest run "
           "exactly when an allocation failed or the overlap test took it\n");
  return bad;
}
