/* Support library of the differential fuzzer (lnr_fuzz.py): a seeded RNG,
 * random dense data, and the storage of a sparse tensor in any combination
 * of dense and compressed levels (CSR, CSC, CSF, DCSR, ...), built from a
 * dense array in level order. Every generated driver links it. */
#ifndef LNR_FUZZ_SUPPORT_H
#define LNR_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#define FZ_MAX_ORDER 4

/* splitmix64 */
uint64_t fz_next(uint64_t *s);
double fz_unit(uint64_t *s);              /* [0, 1) */
int fz_below(uint64_t *s, int n);         /* [0, n), n > 0 */
void fz_fill(double *x, size_t n, uint64_t *s); /* uniform in [-1, 1] */
/* calloc that never returns NULL and never asks for 0 bytes. */
void *fz_alloc(size_t count, size_t size);
void *fz_dup(const void *p, size_t bytes);

/* A sparse tensor's storage. Level l has npos[l] positions; a compressed
 * level l has pos[l] (npos[l-1] + 1 entries, npos[-1] = 1) and crd[l]
 * (npos[l] entries). vals has npos[order-1] entries. */
typedef struct {
  int order;
  int dims[FZ_MAX_ORDER];
  int fmt[FZ_MAX_ORDER]; /* 0 dense, 1 compressed */
  int *pos[FZ_MAX_ORDER];
  int *crd[FZ_MAX_ORDER];
  size_t npos[FZ_MAX_ORDER];
  double *vals;
} fz_sparse;

/* A random dense tensor in level order (row-major over dims): each entry
 * nonzero with probability density, and each top-level slice emptied with
 * probability empty_slice. */
void fz_sparse_pattern(double *dense, int order, const int *dims,
                       double density, double empty_slice, uint64_t *s);
/* Compresses dense (level order) into t's levels. An all-zero subtree is
 * still stored (an explicit zero, or an empty fiber) with probability
 * keep_zero. */
void fz_sparse_build(fz_sparse *t, int order, const int *dims,
                     const int *fmt, const double *dense, double keep_zero,
                     uint64_t *s);
/* Makes the positions of compressed level 'level' decrease once (pos[p +
 * 1] = pos[p + 2] + 1 at the first p where that stays within the level's
 * positions): fibers p and p + 2 then share a position, every position read
 * still exists, and a rewrite that relies on ordered positions must not.
 * Nothing for level < 0, a dense level, or too few fibers. */
void fz_sparse_disorder(fz_sparse *t, int level);
/* Makes a compressed first level's positions start at 'first' (pos[0] =
 * first) while its positions from 0 stay: a kernel that walks the root from
 * 0 to pos[1] still reads them all, one that walks it from pos[0] skips the
 * first ones. Nothing for first 0 or a dense first level. */
void fz_sparse_root_first(fz_sparse *t, int first);
void fz_sparse_free(fz_sparse *t);

/* The fuzz classes' data (lnr_fuzz.py, fuzz_classes.py). */
/* An extent as an element count: max(0, e). */
size_t fz_ext(int e);
/* Rewrites the nonzero entries of x: vmode 0 keeps them, 1 makes them
 * positive dyadic numbers m/8 * 2^e (m in 8..15, e in -6..6: products of up
 * to five are exact in float, sums of them are not), 2 makes them |x| * 1.5
 * (narrow integer outputs). sign > 0 then makes every entry positive (a zero
 * becomes 0.5), sign < 0 negative: with +Inf (-Inf) injected, no term can
 * meet an infinity of the other sign or a zero. */
void fz_values(double *x, size_t n, int vmode, int sign, uint64_t *s);
/* Puts count non-finite values (kind 1 NaN, 2 +Inf, 3 -Inf) at random
 * positions of x (nothing when n is 0). */
void fz_inject(double *x, size_t n, int kind, int count, uint64_t *s);
/* Makes coordinate coord of level `level` present: a random entry of dense
 * (level order over dims) with that coordinate becomes nonzero. */
void fz_sparse_force(double *dense, int order, const int *dims, int level,
                     int coord, uint64_t *s);

/* Allocation failure (lnr_fuzz.py, the nomem variants): the rewritten
 * kernel's malloc, calloc and free are renamed to these by fuzz_alloc.h,
 * and its fallback's marker comment is replaced by fz_fallback_runs++. The
 * policy says which allocations of a call return NULL: 0 none, 1 every
 * one, 2 the second (with two threads, one thread's vector of a parallel
 * region). fz_alloc_reset starts a call; after it, the call's failed
 * allocations, its allocations not freed, and its requests of 0 bytes
 * (malloc(0) may return NULL without failing). Thread-safe. */
extern int fz_alloc_policy;
extern int fz_fallback_runs;
void *fz_test_malloc(size_t size);
void *fz_test_calloc(size_t count, size_t size);
void fz_test_free(void *p);
void fz_alloc_reset(void);
int fz_alloc_failed(void);
int fz_alloc_live(void);
int fz_alloc_zero(void);
/* Over every call: the allocations that failed. */
long fz_alloc_failed_total(void);

#endif
