/* Execution-test harness for TACO-style kernels: see taco_check.h. */
#include "taco_check.h"

#include "csr_input.h"
#include "same_elem.h"

#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sentinel elements on both sides of A_vals catch out-of-bounds writes. The
 * value is exact in float and double. */
#define GUARD 64
#define GUARD_VALUE 12345.5
#define NVARS 26 /* index variables are the letters a..z */
#define MAX_OTHER 3 /* index variables that B does not have */

static const int thread_counts[] = {1, 2, 3};

/* TACO's loops are `#pragma omp parallel for schedule(runtime)`: the
 * run-time schedule decides which thread gets which rows. */
static const struct {
  omp_sched_t kind;
  int chunk;
  const char *name;
} schedules[] = {
    {omp_sched_static, 0, "static"},
    {omp_sched_static, 1, "static,1"},
    {omp_sched_dynamic, 1, "dynamic,1"},
    {omp_sched_guided, 0, "guided"},
};

#define COUNT(a) (sizeof(a) / sizeof *(a))


static void *xcalloc(size_t count, size_t size) {
  /* Never 0 bytes: kernels are handed these pointers even when empty. */
  void *p = calloc(count ? count : 1, size);
  if (!p) {
    fprintf(stderr, "taco_check: out of memory (%zu x %zu bytes)\n", count,
            size);
    exit(1);
  }
  return p;
}

static void *dup_bytes(const void *buf, size_t bytes) {
  void *d = xcalloc(bytes, 1);
  if (bytes)
    memcpy(d, buf, bytes);
  return d;
}

/* ---- arrays of the kernel's element type ------------------------------ */

static size_t elem_size(tc_type t) {
  return t == TC_F32 ? sizeof(float) : sizeof(double);
}

static double get(tc_type t, const void *buf, size_t x) {
  return t == TC_F32 ? (double)((const float *)buf)[x]
                     : ((const double *)buf)[x];
}

static void set(tc_type t, void *buf, size_t x, double v) {
  if (t == TC_F32)
    ((float *)buf)[x] = (float)v;
  else
    ((double *)buf)[x] = v;
}

/* The values d[0..n) converted to the element type (abs: their |d|). */
static void *to_elems(tc_type t, const double *d, size_t n, int abs) {
  void *e = xcalloc(n, elem_size(t));
  for (size_t x = 0; x < n; x++)
    set(t, e, x, abs ? fabs(d[x]) : d[x]);
  return e;
}

/* ---- sparse inputs: CSR and CSF ---------------------------------------- */

/* B with levels 0 (dense, or compressed when pos[0] is set) .. order-1
 * (compressed): pos[l] and crd[l] for the compressed levels, pos[l] with
 * npos[l] entries, crd[l] with ncrd[l]. */
typedef struct {
  int order; /* 2: CSR, 3: CSF */
  int dims[3];
  int *pos[3], *crd[3];
  size_t npos[3], ncrd[3];
  int nnz;
  double *vals;
} sparse_in;

/* The first compressed level: 0 for a compressed root, else 1. */
static int first_compressed(const sparse_in *s) { return s->pos[0] ? 0 : 1; }

static void sparse_free(sparse_in *s) {
  for (int l = 0; l < s->order; l++) {
    free(s->pos[l]);
    free(s->crd[l]);
  }
  free(s->vals);
  memset(s, 0, sizeof *s);
}

/* Takes over m's arrays. */
static sparse_in csr_from(lnr_csr *m) {
  sparse_in s;
  memset(&s, 0, sizeof s);
  s.order = 2;
  s.dims[0] = m->rows;
  s.dims[1] = m->cols;
  s.pos[1] = m->rowptr;
  s.npos[1] = (size_t)m->rows + 1;
  s.crd[1] = m->colidx;
  s.ncrd[1] = (size_t)m->nnz;
  s.nnz = m->nnz;
  s.vals = m->vals;
  memset(m, 0, sizeof *m);
  return s;
}

/* A random I x K x L CSF tensor as two random CSR matrices: the (i,k) level
 * is an I x K matrix whose entries are the fibers, the l level an
 * nfibers x L matrix. About 10% of the slices and of the fibers are empty
 * (empty fibers are not canonical CSF, but kernels must handle them);
 * canonical != 0 removes the empty fibers. */
static sparse_in csf_random(int I, int K, int L, int avg_fibers, int avg_len,
                            int skew, int canonical, uint64_t seed) {
  lnr_csr f = lnr_csr_random(I, K, avg_fibers, skew, seed);
  lnr_csr e = lnr_csr_random(f.nnz, L, avg_len, skew, seed ^ 0xC5F0ull);
  if (canonical) {
    int nf = 0, *row = e.rowptr;
    int *pos1 = f.rowptr, *crd1 = f.colidx;
    int *pos2 = xcalloc((size_t)f.nnz + 1, sizeof(int));
    for (int i = 0; i < I; i++) {
      int start = nf;
      for (int p = pos1[i]; p < pos1[i + 1]; p++) {
        if (row[p + 1] > row[p]) {
          crd1[nf] = crd1[p];
          pos2[nf + 1] = row[p + 1];
          nf++;
        }
      }
      pos1[i] = start; /* pos1[i] is not read again after this row */
    }
    pos1[I] = nf;
    pos2[0] = 0;
    free(e.rowptr);
    e.rowptr = pos2;
    e.rows = f.nnz = nf;
  }
  sparse_in s;
  memset(&s, 0, sizeof s);
  s.order = 3;
  s.dims[0] = I;
  s.dims[1] = K;
  s.dims[2] = L;
  s.pos[1] = f.rowptr;
  s.npos[1] = (size_t)I + 1;
  s.crd[1] = f.colidx;
  s.ncrd[1] = (size_t)f.nnz;
  s.pos[2] = e.rowptr;
  s.npos[2] = (size_t)f.nnz + 1;
  s.crd[2] = e.colidx;
  s.ncrd[2] = (size_t)e.nnz;
  s.nnz = e.nnz;
  s.vals = e.vals;
  free(f.vals);
  return s;
}

/* Makes B's first level compressed: crd1 lists the rows (slices) that hold
 * a fiber, in order, and, when explicit_empty, every third empty row too
 * (an empty fiber of the root: valid, not canonical); pos1 = {0, count};
 * the second level's positions are then indexed by the position in crd1. */
static void compress_root(sparse_in *s, int explicit_empty) {
  int n = s->dims[0], *pos = s->pos[1], count = 0, empty = 0;
  int *crd1 = xcalloc((size_t)n, sizeof(int));
  int *next = xcalloc((size_t)n + 1, sizeof(int));
  for (int i = 0; i < n; i++) {
    int keep = pos[i + 1] > pos[i];
    if (!keep && explicit_empty)
      keep = empty++ % 3 == 0;
    if (keep) {
      crd1[count] = i;
      next[count] = pos[i];
      count++;
    }
  }
  /* The rows left out are empty: the fibers stay contiguous. */
  next[count] = n > 0 ? pos[n] : 0;
  free(pos);
  s->pos[1] = next;
  s->npos[1] = (size_t)count + 1;
  s->pos[0] = xcalloc(2, sizeof(int));
  s->pos[0][1] = count;
  s->npos[0] = 2;
  s->crd[0] = crd1;
  s->ncrd[0] = (size_t)count;
}

/* Structure well formed: pos monotone from 0 to the next level's size,
 * coordinates in range and increasing within each segment. */
static int sparse_validate(const sparse_in *s) {
  for (int l = first_compressed(s); l < s->order; l++) {
    const int *pos = s->pos[l], *crd = s->crd[l];
    size_t n = s->npos[l] - 1;
    if (pos[0] != 0 || (size_t)pos[n] != s->ncrd[l])
      return 1;
    for (size_t q = 0; q < n; q++) {
      if (pos[q + 1] < pos[q])
        return 1;
      for (int p = pos[q]; p < pos[q + 1]; p++)
        if (crd[p] < 0 || crd[p] >= s->dims[l] ||
            (p > pos[q] && crd[p] <= crd[p - 1]))
          return 1;
    }
    if (l + 1 < s->order && s->npos[l + 1] != s->ncrd[l] + 1)
      return 1;
  }
  return (size_t)s->nnz != s->ncrd[s->order - 1];
}

static int empty_segments(const sparse_in *s, int l) {
  int n = 0;
  for (size_t q = 0; q + 1 < s->npos[l]; q++)
    n += s->pos[l][q + 1] == s->pos[l][q];
  return n;
}

static int longest_segment(const sparse_in *s, int l) {
  int n = 0;
  for (size_t q = 0; q + 1 < s->npos[l]; q++)
    if (s->pos[l][q + 1] - s->pos[l][q] > n)
      n = s->pos[l][q + 1] - s->pos[l][q];
  return n;
}

/* ---- taco_tensor_t, as TACO's runtime builds it ------------------------ */

typedef struct {
  taco_tensor_t t;
  int32_t dims[3];
  int32_t mode_ordering[3];
  taco_mode_t mode_types[3];
  uint8_t **levels[3];    /* what t.indices points to */
  uint8_t *slots[3][2];   /* levels[l] points to slots[l] */
  int32_t level_size[3];  /* a dense level's indices[l][0] points here */
  double fill;            /* the fill value (0), in the element type */
} tensor;

/* Sets up *x in place (it points into itself: never copy it after this). */
static void tensor_init(tensor *x, tc_type type, int order, const int *dims,
                        const sparse_in *s, void *vals, int vals_size) {
  memset(x, 0, sizeof *x);
  x->t.order = order;
  x->t.dimensions = x->dims;
  x->t.csize = (int32_t)elem_size(type);
  x->t.mode_ordering = x->mode_ordering;
  x->t.mode_types = x->mode_types;
  x->t.indices = x->levels;
  x->t.vals = vals;
  x->t.fill_value = (uint8_t *)&x->fill;
  x->t.vals_size = vals_size;
  for (int l = 0; l < order; l++) {
    x->dims[l] = dims[l];
    x->mode_ordering[l] = l;
    x->levels[l] = x->slots[l];
    if (s && s->pos[l]) {
      x->mode_types[l] = taco_mode_sparse;
      x->slots[l][0] = (uint8_t *)s->pos[l];
      x->slots[l][1] = (uint8_t *)s->crd[l];
    } else {
      x->mode_types[l] = taco_mode_dense;
      x->level_size[l] = dims[l];
      x->slots[l][0] = (uint8_t *)&x->level_size[l];
    }
  }
}

/* ---- one case ---------------------------------------------------------- */

typedef struct {
  const tc_kernel *k;
  const char *name;
  const sparse_in *B;
  int ext[NVARS];
} case_ctx;

static int var(char c) { return c - 'a'; }

static size_t operand_size(const case_ctx *c, const char *idx) {
  return (size_t)c->ext[var(idx[0])] * (size_t)c->ext[var(idx[1])];
}

/* A's values: ext x ext, or, with out_fibers, one row per fiber of B. */
static size_t out_size(const case_ctx *c) {
  const tc_kernel *k = c->k;
  if (!k->out_fibers)
    return operand_size(c, k->out);
  return c->B->ncrd[1] * (size_t)c->ext[var(k->out[1])];
}

/* A as a taco_tensor_t: dense 2-D, or, with out_fibers, the 3-tensor
 * (dense, compressed, dense) whose first two levels are B's: its pos and
 * crd are copies of B's level 1 (*pos and *crd, freed by the caller). */
static void out_init(const case_ctx *c, tensor *x, void *vals, size_t n,
                     int **pos, int **crd) {
  const tc_kernel *k = c->k;
  if (!k->out_fibers) {
    int dims[2] = {c->ext[var(k->out[0])], c->ext[var(k->out[1])]};
    tensor_init(x, k->type, 2, dims, NULL, vals, (int)n);
    return;
  }
  const sparse_in *B = c->B;
  int dims[3] = {B->dims[0], B->dims[1], c->ext[var(k->out[1])]};
  if (!*pos) {
    *pos = dup_bytes(B->pos[1], B->npos[1] * sizeof(int));
    *crd = dup_bytes(B->crd[1], B->ncrd[1] * sizeof(int));
  }
  sparse_in pattern = *B;
  pattern.pos[1] = *pos;
  pattern.crd[1] = *crd;
  tensor_init(x, k->type, 3, dims, &pattern, vals, (int)n);
  x->mode_types[2] = taco_mode_dense;
  x->level_size[2] = dims[2];
  x->slots[2][0] = (uint8_t *)&x->level_size[2];
  x->slots[2][1] = NULL;
}

static void fill_guards(tc_type t, void *buf, size_t n) {
  for (size_t g = 0; g < GUARD; g++) {
    set(t, buf, g, GUARD_VALUE);
    set(t, buf, GUARD + n + g, GUARD_VALUE);
  }
}

static int check_guards(const case_ctx *c, const char *run, const char *who,
                        const void *buf, size_t n) {
  for (size_t g = 0; g < GUARD; g++) {
    int before = get(c->k->type, buf, g) != GUARD_VALUE;
    int after = get(c->k->type, buf, GUARD + n + g) != GUARD_VALUE;
    if (before || after) {
      fprintf(stderr,
              "FAIL: %s %s: %s wrote outside A_vals (%s it, %zu element(s) "
              "away)\n",
              c->name, run, who, before ? "before" : "after",
              before ? GUARD - g : g + 1);
      return 1;
    }
  }
  return 0;
}

/* Everything a kernel may read, and copies of it: nothing may change. */
typedef struct {
  tensor *tensors;       /* [0] = A, [1] = B, [2 + d] = dense operand d */
  tensor *keep_tensors;  /* byte copies of the structs */
  int ntensors;
  void *bvals, *bvals_keep;
  size_t bvals_bytes;
  void *dense[TC_MAX_DENSE], *dense_keep[TC_MAX_DENSE];
  size_t dense_bytes[TC_MAX_DENSE];
  int *pos_keep[3], *crd_keep[3];
} inputs;

static int check_inputs(const case_ctx *c, const inputs *in, const char *run,
                        const char *who, int ret) {
  const sparse_in *B = c->B;
  char what[64] = "";
  if (ret != 0) {
    fprintf(stderr, "FAIL: %s %s: %s returned %d, not 0\n", c->name, run,
            who, ret);
    return 1;
  }
  for (int l = first_compressed(B); !what[0] && l < B->order; l++) {
    if (memcmp(B->pos[l], in->pos_keep[l], B->npos[l] * sizeof(int)))
      snprintf(what, sizeof what, "B%d_pos", l + 1);
    else if (B->ncrd[l] &&
             memcmp(B->crd[l], in->crd_keep[l], B->ncrd[l] * sizeof(int)))
      snprintf(what, sizeof what, "B%d_crd", l + 1);
  }
  if (!what[0] && in->bvals_bytes &&
      memcmp(in->bvals, in->bvals_keep, in->bvals_bytes))
    snprintf(what, sizeof what, "B_vals");
  for (int d = 0; !what[0] && d < c->k->ndense; d++)
    if (in->dense_bytes[d] &&
        memcmp(in->dense[d], in->dense_keep[d], in->dense_bytes[d]))
      snprintf(what, sizeof what, "%s_vals", c->k->dense[d].name);
  for (int x = 0; !what[0] && x < in->ntensors; x++)
    if (memcmp(&in->tensors[x], &in->keep_tensors[x], sizeof(tensor)))
      snprintf(what, sizeof what, "the taco_tensor_t of %s (or its arrays)",
               x == 0 ? "A" : x == 1 ? "B" : c->k->dense[x - 2].name);
  if (!what[0])
    return 0;
  fprintf(stderr, "FAIL: %s %s: %s wrote %s\n", c->name, run, who, what);
  return 1;
}

static int call(const case_ctx *c, int rewritten, tensor *tensors) {
  taco_tensor_t *t[2 + TC_MAX_DENSE];
  for (int x = 0; x < 2 + c->k->ndense; x++)
    t[x] = &tensors[x].t;
  return c->k->call(rewritten, t);
}

/* Runs one case; returns 0 on a match, 1 on a failure (already reported).
 * *nonzero is set when the original computed a nonzero element. */
static int run_case(const case_ctx *c, uint64_t seed, int *nonzero) {
  const tc_kernel *k = c->k;
  const tc_type t = k->type;
  const size_t es = elem_size(t);
  const sparse_in *B = c->B;
  const int nt = 2 + k->ndense;
  const size_t nA = out_size(c);
  int *A_pos = NULL, *A_crd = NULL;
  const double tiny = t == TC_F32 ? (double)FLT_MIN : DBL_MIN;
  inputs in;
  memset(&in, 0, sizeof in);
  in.ntensors = nt;
  in.tensors = xcalloc((size_t)nt, sizeof(tensor));
  in.keep_tensors = xcalloc((size_t)nt, sizeof(tensor));
  tensor *abs_tensors = xcalloc((size_t)nt, sizeof(tensor));
  void *abs_vals[2 + TC_MAX_DENSE] = {0};

  /* B */
  in.bvals = to_elems(t, B->vals, (size_t)B->nnz, 0);
  in.bvals_bytes = (size_t)B->nnz * es;
  in.bvals_keep = dup_bytes(in.bvals, in.bvals_bytes);
  abs_vals[1] = to_elems(t, B->vals, (size_t)B->nnz, 1);
  for (int l = first_compressed(B); l < B->order; l++) {
    in.pos_keep[l] = dup_bytes(B->pos[l], B->npos[l] * sizeof(int));
    in.crd_keep[l] = dup_bytes(B->crd[l], B->ncrd[l] * sizeof(int));
  }
  tensor_init(&in.tensors[1], t, B->order, B->dims, B, in.bvals, B->nnz);
  tensor_init(&abs_tensors[1], t, B->order, B->dims, B, abs_vals[1], B->nnz);

  /* the dense operands */
  for (int d = 0; d < k->ndense; d++) {
    const char *idx = k->dense[d].idx;
    int dims[2] = {c->ext[var(idx[0])], c->ext[var(idx[1])]};
    size_t n = operand_size(c, idx);
    double *r = xcalloc(n, sizeof(double));
    lnr_fill_random(r, n, seed + 1 + (uint64_t)d);
    in.dense[d] = to_elems(t, r, n, 0);
    abs_vals[2 + d] = to_elems(t, r, n, 1);
    free(r);
    in.dense_bytes[d] = n * es;
    in.dense_keep[d] = dup_bytes(in.dense[d], n * es);
    tensor_init(&in.tensors[2 + d], t, 2, dims, NULL, in.dense[d], (int)n);
    tensor_init(&abs_tensors[2 + d], t, 2, dims, NULL, abs_vals[2 + d],
                (int)n);
  }

  /* A: random initial values, which the kernel must reset */
  const size_t colsA = (size_t)c->ext[var(k->out[1])];
  double *a0 = xcalloc(nA, sizeof(double));
  lnr_fill_random(a0, nA, seed + 1 + TC_MAX_DENSE);
  for (size_t x = 0; x < nA; x++)
    a0[x] = a0[x] >= 0 ? a0[x] + 0.5 : a0[x] - 0.5; /* never 0 */
  void *A0 = to_elems(t, a0, nA, 0);
  void *M = to_elems(t, a0, nA, 1);
  free(a0);

  /* M = sum of |terms|: the original on |inputs|, one thread. */
  omp_set_dynamic(0);
  omp_set_num_threads(1);
  omp_set_schedule(omp_sched_static, 0);
  out_init(c, &abs_tensors[0], M, nA, &A_pos, &A_crd);
  int failed = 0;
  int ret = call(c, 0, abs_tensors);
  if (ret != 0) {
    fprintf(stderr, "FAIL: %s: lnr_original returned %d on |inputs|\n",
            c->name, ret);
    failed = 1;
  }

  unsigned char *bo = xcalloc(nA + 2 * GUARD, es);
  unsigned char *br = xcalloc(nA + 2 * GUARD, es);
  void *Ao = bo + GUARD * es, *Ar = br + GUARD * es;
  double max_err = 0.0;
  char run[64];
  for (size_t ti = 0; !failed && ti < COUNT(thread_counts); ti++) {
    /* One thread runs the iterations in order whatever the schedule. */
    size_t nsched = thread_counts[ti] == 1 ? 1 : COUNT(schedules);
    for (size_t si = 0; !failed && si < nsched; si++) {
      int threads = thread_counts[ti];
      snprintf(run, sizeof run, "threads=%d schedule=%s", threads,
               schedules[si].name);
      omp_set_num_threads(threads);
      omp_set_schedule(schedules[si].kind, schedules[si].chunk);
      fill_guards(t, bo, nA);
      fill_guards(t, br, nA);
      memcpy(Ao, A0, nA * es);
      memcpy(Ar, A0, nA * es);

      out_init(c, &in.tensors[0], Ao, nA, &A_pos, &A_crd);
      memcpy(in.keep_tensors, in.tensors, (size_t)nt * sizeof(tensor));
      ret = call(c, 0, in.tensors);
      failed = check_guards(c, run, "lnr_original", bo, nA) ||
               check_inputs(c, &in, run, "lnr_original", ret);
      if (failed)
        break;
      out_init(c, &in.tensors[0], Ar, nA, &A_pos, &A_crd);
      memcpy(in.keep_tensors, in.tensors, (size_t)nt * sizeof(tensor));
      ret = call(c, 1, in.tensors);
      failed = check_guards(c, run, "lnr_rewritten", br, nA) ||
               check_inputs(c, &in, run, "lnr_rewritten", ret);
      if (failed)
        break;

      size_t bad = 0, first_bad = 0, unchanged_r = 0;
      for (size_t x = 0; x < nA; x++) {
        double a = get(t, Ao, x), b = get(t, Ar, x);
        double err;
        int same = same_elem(a, b, get(t, M, x), tiny, k->rel_tol, &err);
        unchanged_r += b == get(t, A0, x);
        *nonzero |= a != 0.0;
        if (!same) {
          if (bad++ == 0)
            first_bad = x;
        } else if (err > max_err) {
          max_err = err;
        }
      }
      if (bad && nA > 0 && unchanged_r == nA) {
        fprintf(stderr,
                "FAIL: %s %s: lnr_rewritten left A unchanged (its initial "
                "values are random; lnr_original reset or assigned them)\n",
                c->name, run);
        failed = 1;
      } else if (bad) {
        size_t x = first_bad, cols = colsA;
        double a = get(t, Ao, x), b = get(t, Ar, x), m = get(t, M, x);
        fprintf(stderr,
                "FAIL: %s %s: A[%zu] (%c=%zu, %c=%zu): original %.17g, "
                "rewritten %.17g, initial %.17g, M %.17g, rel err %.3g > %g "
                "(%zu of %zu elements differ)\n",
                c->name, run, x, k->out[0], x / cols, k->out[1], x % cols, a,
                b, get(t, A0, x), m, fabs(a - b) / fmax(m, tiny), k->rel_tol,
                bad, nA);
        failed = 1;
      }
    }
  }
  if (!failed) {
    printf("ok   %-20s B", c->name);
    for (int l = 0; l < B->order; l++)
      printf("%s%d", l ? "x" : "=", B->dims[l]);
    if (B->pos[0])
      printf(" root=%d", B->pos[0][1]);
    printf(" nnz=%-6d empty=%d", B->nnz, empty_segments(B, 1));
    if (B->order == 3)
      printf("/%d", empty_segments(B, 2));
    printf(" longest=%d ", longest_segment(B, B->order - 1));
    for (int v = 0; v < NVARS; v++)
      if (!strchr(k->sparse, 'a' + v) && c->ext[v] >= 0)
        printf("%c=%d ", 'a' + v, c->ext[v]);
    printf("threads=1,2,3 schedules=%zu max_rel_err=%.3g\n",
           COUNT(schedules), max_err);
  }

  free(in.bvals);
  free(in.bvals_keep);
  for (int l = 0; l < B->order; l++) {
    free(in.pos_keep[l]);
    free(in.crd_keep[l]);
  }
  for (int d = 0; d < k->ndense; d++) {
    free(in.dense[d]);
    free(in.dense_keep[d]);
  }
  for (int x = 0; x < nt; x++)
    free(abs_vals[x]);
  free(in.tensors);
  free(in.keep_tensors);
  free(abs_tensors);
  free(A0);
  free(M);
  free(A_pos);
  free(A_crd);
  free(bo);
  free(br);
  return failed;
}

/* ---- the cases --------------------------------------------------------- */

/* For CSR, B is dims[0] x dims[1] with about avg entries per nonempty row;
 * for CSF, dims[0] x dims[1] x dims[2] with about avg fibers per nonempty
 * slice and avg_len entries per nonempty fiber. ext[] are the extents of
 * the index variables B does not have, in the order they first appear in
 * the dense operands. */
typedef struct {
  const char *name;
  int dims[3];
  int avg, avg_len, skew, canonical;
  int ext[MAX_OTHER];
  /* >= 0: the case is repeated for every other index variable v, with v's
   * extent set to this value (and named after it, e.g. "k=1"). */
  int one_extent;
  /* >= 0: every other extent set to this value. */
  int all_extents;
} tc_case;

static const tc_case csr_cases[] = {
    {"n=0", {0, 10, 0}, 3, 0, 1, 0, {4, 4, 3}, -1, -1},
    {"all-rows-empty", {64, 48, 0}, 0, 0, 0, 0, {8, 8, 5}, -1, -1},
    {"m=0", {7, 0, 0}, 3, 0, 0, 0, {5, 6, 4}, -1, -1},
    {"1x1", {1, 1, 0}, 1, 0, 0, 0, {1, 1, 1}, -1, -1},
    {"1x1-extents-5-7-3", {1, 1, 0}, 1, 0, 0, 0, {5, 7, 3}, -1, -1},
    {"", {200, 150, 0}, 6, 0, 1, 0, {16, 16, 12}, 1, -1},
    {"", {300, 300, 0}, 5, 0, 1, 0, {1, 1, 1}, -1, 1},
    {"", {50, 40, 0}, 4, 0, 1, 0, {6, 5, 4}, 0, -1},
    {"square-skewed", {500, 500, 0}, 8, 0, 1, 0, {16, 24, 9}, -1, -1},
    {"square-uniform", {400, 400, 0}, 12, 0, 0, 0, {32, 20, 8}, -1, -1},
    {"wide-n<m", {100, 1000, 0}, 20, 0, 1, 0, {13, 17, 6}, -1, -1},
    {"tall-n>m", {1000, 60, 0}, 10, 0, 1, 0, {9, 33, 7}, -1, -1},
    {"dense-rows", {40, 40, 0}, 40, 0, 0, 0, {8, 8, 8}, -1, -1},
    {"many-rows-skewed", {5000, 3000, 0}, 4, 0, 1, 0, {7, 5, 3}, -1, -1},
};

static const tc_case csf_cases[] = {
    {"I=0", {0, 5, 6}, 2, 2, 1, 0, {4, 4, 0}, -1, -1},
    {"all-slices-empty", {30, 20, 10}, 0, 3, 0, 0, {5, 6, 0}, -1, -1},
    {"all-fibers-empty", {30, 20, 10}, 3, 0, 0, 0, {5, 6, 0}, -1, -1},
    {"K=0", {9, 0, 10}, 3, 3, 0, 0, {5, 6, 0}, -1, -1},
    {"L=0", {9, 8, 0}, 3, 3, 0, 0, {5, 6, 0}, -1, -1},
    {"1x1x1", {1, 1, 1}, 1, 1, 0, 1, {1, 1, 0}, -1, -1},
    {"1x1x1-extents-5-7", {1, 1, 1}, 1, 1, 0, 1, {5, 7, 0}, -1, -1},
    {"", {60, 40, 30}, 4, 3, 1, 0, {12, 10, 0}, 1, -1},
    {"", {80, 50, 40}, 4, 3, 1, 0, {1, 1, 0}, -1, 1},
    {"", {30, 20, 20}, 3, 3, 1, 0, {6, 5, 0}, 0, -1},
    {"skewed", {200, 150, 100}, 5, 4, 1, 0, {16, 12, 0}, -1, -1},
    {"skewed-canonical", {200, 150, 100}, 5, 4, 1, 1, {16, 12, 0}, -1, -1},
    {"uniform", {150, 80, 60}, 6, 5, 0, 0, {9, 13, 0}, -1, -1},
    {"dense-fibers", {10, 10, 10}, 10, 10, 0, 1, {4, 5, 0}, -1, -1},
    {"many-slices-skewed", {3000, 200, 200}, 2, 2, 1, 0, {5, 3, 0}, -1, -1},
};

/* The index variables B does not have, in order of first appearance in
 * the dense operands; -1 on a bad description. */
static int other_vars(const tc_kernel *k, int *other) {
  int n = 0;
  for (int d = 0; d < k->ndense; d++) {
    for (const char *c = k->dense[d].idx; *c; c++) {
      int seen = strchr(k->sparse, *c) != NULL;
      for (int o = 0; o < n; o++)
        seen |= other[o] == var(*c);
      if (!seen) {
        if (n == MAX_OTHER)
          return -1;
        other[n++] = var(*c);
      }
    }
  }
  return n;
}

static int check_kernel(const tc_kernel *k, int nother, const int *other) {
  int bad = !k->call || !(k->rel_tol > 0) || !k->sparse || !k->out ||
            k->ndense < 0 || k->ndense > TC_MAX_DENSE || nother < 0 ||
            (strlen(k->sparse) != 2 && strlen(k->sparse) != 3);
  for (int d = 0; !bad && d <= k->ndense; d++) {
    const char *idx = d < k->ndense ? k->dense[d].idx : k->out;
    bad = !idx || strlen(idx) != 2;
    for (int x = 0; !bad && x < 2; x++) {
      int known = idx[x] >= 'a' && idx[x] <= 'z' &&
                  strchr(k->sparse, idx[x]) != NULL;
      for (int o = 0; o < nother; o++)
        known |= other[o] == var(idx[x]);
      bad = !known;
    }
  }
  if (bad)
    fprintf(stderr, "FAIL: bad tc_kernel description for %s\n",
            k->name ? k->name : "(unnamed)");
  return bad;
}

static int run_one(const tc_kernel *k, const tc_case *tc, const char *name,
                   const int *other, int nother, const int *ext,
                   uint64_t seed, int *total_nnz, int *nonzero) {
  int order = (int)strlen(k->sparse);
  sparse_in B;
  if (order == 2) {
    lnr_csr m = lnr_csr_random(tc->dims[0], tc->dims[1], tc->avg, tc->skew,
                               seed);
    B = csr_from(&m);
  } else {
    B = csf_random(tc->dims[0], tc->dims[1], tc->dims[2], tc->avg,
                   tc->avg_len, tc->skew, tc->canonical, seed);
  }
  if (k->compressed_root)
    compress_root(&B, tc->canonical == 0 && tc->skew != 0);
  if (sparse_validate(&B) != 0) {
    fprintf(stderr, "FAIL: the generator made a bad B for %s\n", name);
    sparse_free(&B);
    return 1;
  }
  case_ctx c;
  c.k = k;
  c.name = name;
  c.B = &B;
  for (int v = 0; v < NVARS; v++)
    c.ext[v] = -1;
  for (int l = 0; l < order; l++)
    c.ext[var(k->sparse[l])] = B.dims[l];
  for (int o = 0; o < nother; o++)
    c.ext[other[o]] = ext[o];
  *total_nnz += B.nnz;
  int failed = run_case(&c, seed, nonzero);
  sparse_free(&B);
  return failed;
}

int tc_main(const tc_kernel *k) {
  int other[MAX_OTHER];
  int nother = other_vars(k, other);
  if (check_kernel(k, nother, other))
    return 1;
  const int csf = strlen(k->sparse) == 3;
  const tc_case *cases = csf ? csf_cases : csr_cases;
  const size_t ncases = csf ? COUNT(csf_cases) : COUNT(csr_cases);
  int total_nnz = 0, nonzero = 0;
  for (size_t ci = 0; ci < ncases; ci++) {
    const tc_case *tc = &cases[ci];
    uint64_t seed = 0x7AC0ull * (ci + 1);
    int ext[MAX_OTHER];
    char name[64];
    if (tc->one_extent >= 0) {
      for (int o = 0; o < nother; o++) {
        memcpy(ext, tc->ext, sizeof ext);
        ext[o] = tc->one_extent;
        snprintf(name, sizeof name, "%c=%d", 'a' + other[o],
                 tc->one_extent);
        if (run_one(k, tc, name, other, nother, ext, seed + (uint64_t)o,
                    &total_nnz, &nonzero))
          return 1;
      }
      continue;
    }
    memcpy(ext, tc->ext, sizeof ext);
    if (tc->all_extents >= 0) {
      size_t len = 0;
      name[0] = '\0';
      for (int o = 0; o < nother; o++) {
        ext[o] = tc->all_extents;
        len += (size_t)snprintf(name + len, sizeof name - len, "%c=",
                                'a' + other[o]);
      }
      snprintf(name + len, sizeof name - len, "%d", tc->all_extents);
    } else {
      snprintf(name, sizeof name, "%s", tc->name);
    }
    if (run_one(k, tc, name, other, nother, ext, seed, &total_nnz, &nonzero))
      return 1;
  }
  if (total_nnz == 0 || !nonzero) {
    fprintf(stderr, "FAIL: no case had any nonzeros / a nonzero result\n");
    return 1;
  }
  printf("PASS: lnr_rewritten matches lnr_original on all cases\n");
  return 0;
}
