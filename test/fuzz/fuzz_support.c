/* See fuzz_support.h. */
#include "fuzz_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t fz_next(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double fz_unit(uint64_t *s) { return (double)(fz_next(s) >> 11) * 0x1.0p-53; }

int fz_below(uint64_t *s, int n) { return (int)(fz_next(s) % (uint64_t)n); }

void fz_fill(double *x, size_t n, uint64_t *s) {
  for (size_t i = 0; i < n; i++)
    x[i] = 2.0 * fz_unit(s) - 1.0;
}

void *fz_alloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p) {
    fprintf(stderr, "fuzz: out of memory\n");
    exit(3);
  }
  return p;
}

void *fz_dup(const void *p, size_t bytes) {
  void *d = fz_alloc(bytes, 1);
  if (bytes)
    memcpy(d, p, bytes);
  return d;
}

static size_t prod(const int *dims, int from, int to) {
  size_t n = 1;
  for (int l = from; l < to; l++)
    n *= (size_t)dims[l];
  return n;
}

void fz_sparse_pattern(double *dense, int order, const int *dims,
                       double density, double empty_slice, uint64_t *s) {
  size_t n = prod(dims, 0, order);
  size_t slice = prod(dims, 1, order);
  for (size_t x = 0; x < n; x++) {
    double v = 2.0 * fz_unit(s) - 1.0;
    dense[x] = fz_unit(s) < density ? v : 0.0;
  }
  for (int r = 0; r < dims[0]; r++)
    if (fz_unit(s) < empty_slice)
      memset(dense + (size_t)r * slice, 0, slice * sizeof(double));
}

static int subtree_nonzero(const double *dense, size_t first, size_t count) {
  for (size_t x = 0; x < count; x++)
    if (dense[first + x] != 0.0)
      return 1;
  return 0;
}

void fz_sparse_build(fz_sparse *t, int order, const int *dims,
                     const int *fmt, const double *dense, double keep_zero,
                     uint64_t *s) {
  memset(t, 0, sizeof *t);
  t->order = order;
  memcpy(t->dims, dims, (size_t)order * sizeof(int));
  memcpy(t->fmt, fmt, (size_t)order * sizeof(int));
  /* lin[x]: the linear index (row-major over dims[0..l]) of the prefix of
   * coordinates that position x of the current level stands for. */
  size_t nparent = 1;
  size_t *parent_lin = fz_alloc(1, sizeof(size_t));
  for (int l = 0; l < order; l++) {
    size_t below = prod(dims, l + 1, order);
    size_t *lin;
    size_t n;
    if (!fmt[l]) {
      n = nparent * (size_t)dims[l];
      lin = fz_alloc(n, sizeof(size_t));
      for (size_t p = 0; p < nparent; p++)
        for (int c = 0; c < dims[l]; c++)
          lin[p * (size_t)dims[l] + (size_t)c] =
              parent_lin[p] * (size_t)dims[l] + (size_t)c;
    } else {
      size_t cap = nparent * (size_t)dims[l];
      lin = fz_alloc(cap, sizeof(size_t));
      t->pos[l] = fz_alloc(nparent + 1, sizeof(int));
      t->crd[l] = fz_alloc(cap, sizeof(int));
      n = 0;
      for (size_t p = 0; p < nparent; p++) {
        t->pos[l][p] = (int)n;
        for (int c = 0; c < dims[l]; c++) {
          size_t li = parent_lin[p] * (size_t)dims[l] + (size_t)c;
          if (subtree_nonzero(dense, li * below, below) ||
              fz_unit(s) < keep_zero) {
            t->crd[l][n] = c;
            lin[n++] = li;
          }
        }
      }
      t->pos[l][nparent] = (int)n;
    }
    t->npos[l] = n;
    free(parent_lin);
    parent_lin = lin;
    nparent = n;
  }
  t->vals = fz_alloc(nparent, sizeof(double));
  for (size_t p = 0; p < nparent; p++)
    t->vals[p] = dense[parent_lin[p]];
  free(parent_lin);
}

void fz_sparse_disorder(fz_sparse *t, int level) {
  if (level < 0 || level >= t->order || !t->fmt[level])
    return;
  size_t nparent = level ? t->npos[level - 1] : 1;
  int *pos = t->pos[level];
  for (size_t p = 0; p + 2 <= nparent; p++)
    if (pos[p + 2] < (int)t->npos[level]) {
      pos[p + 1] = pos[p + 2] + 1;
      return;
    }
}

void fz_sparse_root_first(fz_sparse *t, int first) {
  if (first && t->order > 0 && t->fmt[0])
    t->pos[0][0] = first;
}

void fz_sparse_free(fz_sparse *t) {
  for (int l = 0; l < t->order; l++) {
    free(t->pos[l]);
    free(t->crd[l]);
  }
  free(t->vals);
  memset(t, 0, sizeof *t);
}

size_t fz_ext(int e) { return e > 0 ? (size_t)e : 0; }

void fz_values(double *x, size_t n, int vmode, int sign, uint64_t *s) {
  for (size_t i = 0; i < n; i++) {
    double v = x[i];
    if (v != 0.0 && vmode == 1)
      v = ldexp((8 + fz_below(s, 8)) / 8.0, fz_below(s, 13) - 6);
    else if (vmode == 2)
      v = fabs(v) * 1.5;
    if (sign > 0)
      v = v == 0.0 ? 0.5 : fabs(v);
    else if (sign < 0)
      v = v == 0.0 ? -0.5 : -fabs(v);
    x[i] = v;
  }
}

void fz_inject(double *x, size_t n, int kind, int count, uint64_t *s) {
  if (!n)
    return;
  for (int c = 0; c < count; c++)
    x[fz_below(s, (int)(n < 0x7fffffff ? n : 0x7fffffff))] =
        kind == 1 ? NAN : kind == 2 ? INFINITY : -INFINITY;
}

void fz_sparse_force(double *dense, int order, const int *dims, int level,
                     int coord, uint64_t *s) {
  size_t lin = 0;
  for (int l = 0; l < order; l++) {
    if (dims[l] <= 0)
      return;
    int c = l == level ? coord : fz_below(s, dims[l]);
    lin = lin * (size_t)dims[l] + (size_t)c;
  }
  dense[lin] = 0.5 + 0.5 * fz_unit(s);
}

/* The allocation failure mode (fuzz_support.h). gcc's and clang's atomic
 * builtins: the kernels call these from OpenMP threads, and this file is
 * built without -fopenmp. */
int fz_alloc_policy = 0;
int fz_fallback_runs = 0;
static int alloc_calls, alloc_failed, alloc_live, alloc_zero;
static long alloc_failed_total;

static void *fz_test_allocate(size_t count, size_t size, int zeroed) {
  int n = __atomic_add_fetch(&alloc_calls, 1, __ATOMIC_RELAXED);
  if (count == 0 || size == 0)
    __atomic_add_fetch(&alloc_zero, 1, __ATOMIC_RELAXED);
  if (fz_alloc_policy == 1 || (fz_alloc_policy == 2 && n == 2)) {
    __atomic_add_fetch(&alloc_failed, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&alloc_failed_total, 1, __ATOMIC_RELAXED);
    return NULL;
  }
  void *p = zeroed ? calloc(count, size) : malloc(count * size);
  if (p)
    __atomic_add_fetch(&alloc_live, 1, __ATOMIC_RELAXED);
  return p;
}

void *fz_test_malloc(size_t size) { return fz_test_allocate(size, 1, 0); }

void *fz_test_calloc(size_t count, size_t size) {
  return fz_test_allocate(count, size, 1);
}

void fz_test_free(void *p) {
  if (p)
    __atomic_sub_fetch(&alloc_live, 1, __ATOMIC_RELAXED);
  free(p);
}

void fz_alloc_reset(void) {
  alloc_calls = alloc_failed = alloc_live = alloc_zero = 0;
  fz_fallback_runs = 0;
}

int fz_alloc_failed(void) { return alloc_failed; }
int fz_alloc_live(void) { return alloc_live; }
int fz_alloc_zero(void) { return alloc_zero; }
long fz_alloc_failed_total(void) { return alloc_failed_total; }
