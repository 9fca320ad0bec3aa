/* Shared machinery of the lnr-rewrite execution tests: see exec_check.h. */
#include "exec_check.h"
#include "exec_check_internal.h"
#include "same_elem.h"

#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sentinel elements on both sides of A catch out-of-bounds writes. The value
 * is exact in float and double. */
#define GUARD 64
#define GUARD_VALUE 12345.5

static const int thread_counts[] = {1, 2, 3};


static void *xcalloc(size_t count, size_t size) {
  /* Never 0 bytes: kernels are handed these pointers even when empty. */
  void *p = calloc(count ? count : 1, size);
  if (!p) {
    fprintf(stderr, "exec_check: out of memory (%zu x %zu bytes)\n", count,
            size);
    exit(1);
  }
  return p;
}

/* ---- arrays of the kernel's element type ------------------------------ */

static size_t elem_size(lnr_elem_type t) {
  return t == LNR_F32 ? sizeof(float) : sizeof(double);
}

static double get(lnr_elem_type t, const void *buf, size_t x) {
  return t == LNR_F32 ? (double)((const float *)buf)[x]
                      : ((const double *)buf)[x];
}

static void set(lnr_elem_type t, void *buf, size_t x, double v) {
  if (t == LNR_F32)
    ((float *)buf)[x] = (float)v;
  else
    ((double *)buf)[x] = v;
}

static void *alloc_elems(lnr_elem_type t, size_t n) {
  return xcalloc(n, elem_size(t));
}

/* Uniform in [-1, 1], converted to the element type. */
static void *random_elems(lnr_elem_type t, size_t n, uint64_t seed) {
  double *d = xcalloc(n, sizeof(double));
  lnr_fill_random(d, n, seed);
  if (t == LNR_F64)
    return d;
  void *f = alloc_elems(t, n);
  for (size_t x = 0; x < n; x++)
    set(t, f, x, d[x]);
  free(d);
  return f;
}

static void *abs_copy(lnr_elem_type t, const void *buf, size_t n) {
  void *a = alloc_elems(t, n);
  for (size_t x = 0; x < n; x++)
    set(t, a, x, fabs(get(t, buf, x)));
  return a;
}

static void *dup_bytes(const void *buf, size_t bytes) {
  void *d = xcalloc(bytes, 1);
  if (bytes)
    memcpy(d, buf, bytes);
  return d;
}

/* ---- the sparse operand ------------------------------------------------ */

static lnr_sparse_in sparse_of_csr(const lnr_csr *B) {
  lnr_sparse_in S;
  memset(&S, 0, sizeof S);
  S.csr = B;
  S.n = (size_t)B->rows;
  S.m = (size_t)B->cols;
  S.nnz = B->nnz;
  S.vals = B->vals;
  S.vals_name = "the CSR values";
  S.nidx = 2;
  S.idx[0] = B->rowptr;
  S.idx_len[0] = (size_t)B->rows + 1;
  S.idx_name[0] = "the CSR row pointers";
  S.idx[1] = B->colidx;
  S.idx_len[1] = (size_t)B->nnz;
  S.idx_name[1] = "the CSR column indices";
  snprintf(S.desc, sizeof S.desc,
           "n=%-6d m=%-6d nnz=%-7d empty=%-5d maxrow=%-5d ", B->rows, B->cols,
           B->nnz, lnr_csr_empty_rows(B), lnr_csr_max_row(B));
  return S;
}

/* ---- one case ---------------------------------------------------------- */

static size_t dim_value(lnr_dim d, const lnr_sparse_in *S, const int *ext) {
  switch (d) {
  case LNR_ONE:
    return 1;
  case LNR_N:
    return S->n;
  case LNR_M:
    return S->m;
  case LNR_X0:
  case LNR_X1:
  case LNR_X2:
    return (size_t)ext[d - LNR_X0];
  case LNR_MODE2: /* CSF only (lnr_exec_check_kernel) */
    return S->mode2;
  case LNR_FIBERS:
    return S->fibers;
  }
  return 0;
}

static size_t shape_size(const lnr_shape *s, const lnr_sparse_in *S,
                         const int *ext) {
  return dim_value(s->rows, S, ext) * dim_value(s->cols, S, ext);
}

static void fill_guards(lnr_elem_type t, void *buf, size_t n) {
  for (size_t g = 0; g < GUARD; g++) {
    set(t, buf, g, GUARD_VALUE);
    set(t, buf, GUARD + n + g, GUARD_VALUE);
  }
}

static int check_guards(const lnr_kernel *k, const char *name, int threads,
                        const char *who, const void *buf, size_t n) {
  for (size_t g = 0; g < GUARD; g++) {
    int before = get(k->type, buf, g) != GUARD_VALUE;
    int after = get(k->type, buf, GUARD + n + g) != GUARD_VALUE;
    if (before || after) {
      fprintf(stderr,
              "FAIL: %s threads=%d: %s wrote outside %s (%s it, %zu "
              "element(s) away)\n",
              name, threads, who, k->out.name, before ? "before" : "after",
              before ? GUARD - g : g + 1);
      return 1;
    }
  }
  return 0;
}

/* The inputs of one case, and pristine copies to check nothing wrote them. */
typedef struct {
  lnr_args args, abs_args;
  void *in[LNR_MAX_DENSE], *in_abs[LNR_MAX_DENSE], *in_keep[LNR_MAX_DENSE];
  size_t in_bytes[LNR_MAX_DENSE];
  void *vals, *vals_abs, *vals_keep;
  int *idx_keep[LNR_MAX_INDEX_ARRAYS];
} inputs;

static int check_inputs(const lnr_kernel *k, const lnr_sparse_in *S,
                        const inputs *in, const char *name, int threads,
                        const char *who) {
  const char *bad = NULL;
  size_t vbytes = (size_t)S->nnz * elem_size(k->type);
  for (int x = 0; !bad && x < S->nidx; x++)
    if (S->idx_len[x] &&
        memcmp(S->idx[x], in->idx_keep[x], S->idx_len[x] * sizeof(int)))
      bad = S->idx_name[x];
  if (!bad && vbytes && memcmp(in->vals, in->vals_keep, vbytes))
    bad = S->vals_name;
  for (int d = 0; !bad && d < k->ndense; d++)
    if (in->in_bytes[d] && memcmp(in->in[d], in->in_keep[d], in->in_bytes[d]))
      bad = k->dense[d].name;
  if (!bad)
    return 0;
  fprintf(stderr, "FAIL: %s threads=%d: %s wrote its input %s\n", name,
          threads, who, bad);
  return 1;
}

/* Runs one case; returns 0 on a match, 1 on a failure (already reported).
 * *changed is set when lnr_original changed A. */
static void print_ok(const lnr_kernel *k, const char *name,
                     const lnr_sparse_in *S, const int *ext, int threads,
                     double max_err) {
  printf("ok   %-22s %s", name, S->desc);
  for (int e = 0; e < k->nextents; e++)
    printf("%s=%-3d ", k->extent_names[e], ext[e]);
  printf("threads=%d max_rel_err=%.3g\n", threads, max_err);
}

int lnr_exec_run_case(const lnr_kernel *k, const char *name,
                      const lnr_sparse_in *S, const int *ext, uint64_t seed,
                      int *changed) {
  const lnr_elem_type t = k->type;
  const size_t es = elem_size(t);
  const size_t nA = shape_size(&k->out, S, ext);
  const double tiny = t == LNR_F32 ? (double)FLT_MIN : DBL_MIN;
  inputs in;
  memset(&in, 0, sizeof in);

  in.vals = alloc_elems(t, (size_t)S->nnz);
  for (size_t x = 0; x < (size_t)S->nnz; x++) /* B's own values */
    set(t, in.vals, x, S->vals[x]);
  in.vals_abs = abs_copy(t, in.vals, (size_t)S->nnz);
  in.vals_keep = dup_bytes(in.vals, (size_t)S->nnz * es);
  for (int x = 0; x < S->nidx; x++)
    in.idx_keep[x] = dup_bytes(S->idx[x], S->idx_len[x] * sizeof(int));
  for (int d = 0; d < k->ndense; d++) {
    size_t sz = shape_size(&k->dense[d], S, ext);
    in.in[d] = random_elems(t, sz, seed + 1 + (uint64_t)d);
    in.in_abs[d] = abs_copy(t, in.in[d], sz);
    in.in_bytes[d] = sz * es;
    in.in_keep[d] = dup_bytes(in.in[d], sz * es);
  }
  void *A0 = random_elems(t, nA, seed + 1 + LNR_MAX_DENSE);

  in.args.B = in.abs_args.B = S->csr;
  in.args.T = in.abs_args.T = S->csf;
  in.args.vals = in.vals;
  in.abs_args.vals = in.vals_abs;
  for (int d = 0; d < k->ndense; d++) {
    in.args.in[d] = in.in[d];
    in.abs_args.in[d] = in.in_abs[d];
  }
  for (int e = 0; e < LNR_MAX_EXTENTS; e++)
    in.args.ext[e] = in.abs_args.ext[e] = ext[e];

  /* M = |A0| + sum of |terms|, by the original kernel on |inputs|. */
  omp_set_dynamic(0);
  omp_set_num_threads(1);
  void *M = abs_copy(t, A0, nA);
  in.abs_args.out = M;
  k->call(0, &in.abs_args);

  unsigned char *bo = alloc_elems(t, nA + 2 * GUARD);
  unsigned char *br = alloc_elems(t, nA + 2 * GUARD);
  void *Ao = bo + GUARD * es, *Ar = br + GUARD * es;
  int failed = 0;
  for (size_t ti = 0; ti < sizeof thread_counts / sizeof *thread_counts;
       ti++) {
    int threads = thread_counts[ti];
    fill_guards(t, bo, nA);
    fill_guards(t, br, nA);
    memcpy(Ao, A0, nA * es);
    memcpy(Ar, A0, nA * es);
    omp_set_num_threads(threads);
    in.args.out = Ao;
    k->call(0, &in.args);
    failed = check_guards(k, name, threads, "lnr_original", bo, nA) ||
             check_inputs(k, S, &in, name, threads, "lnr_original");
    if (failed)
      break;
    in.args.out = Ar;
    k->call(1, &in.args);
    failed = check_guards(k, name, threads, "lnr_rewritten", br, nA) ||
             check_inputs(k, S, &in, name, threads, "lnr_rewritten");
    if (failed)
      break;

    /* Every element is compared; the first bad one is reported, unless the
     * plainer diagnosis "left A unchanged" applies. */
    double max_err = 0.0;
    size_t changed_o = 0, changed_r = 0, bad = 0, first_bad = 0;
    for (size_t x = 0; x < nA; x++) {
      double a = get(t, Ao, x), b = get(t, Ar, x), a0 = get(t, A0, x);
      double err;
      int same = same_elem(a, b, get(t, M, x), tiny, k->rel_tol, &err);
      changed_o += a != a0;
      changed_r += b != a0;
      if (!same) {
        if (bad++ == 0)
          first_bad = x;
      } else if (err > max_err) {
        max_err = err;
      }
    }
    if (changed_o > 0 && changed_r == 0) {
      fprintf(stderr,
              "FAIL: %s threads=%d: lnr_rewritten left %s unchanged "
              "(lnr_original changed %zu of its %zu elements)\n",
              name, threads, k->out.name, changed_o, nA);
      failed = 1;
    } else if (bad) {
      const size_t x = first_bad, cols = dim_value(k->out.cols, S, ext);
      double a = get(t, Ao, x), b = get(t, Ar, x);
      double m = get(t, M, x);
      fprintf(stderr,
              "FAIL: %s threads=%d: %s[%zu] (row %zu, col %zu): original "
              "%.17g, rewritten %.17g, initial %.17g, M %.17g, rel err %.3g "
              "> %g (%zu of %zu elements differ)\n",
              name, threads, k->out.name, x, x / cols, x % cols, a, b,
              get(t, A0, x), m, fabs(a - b) / fmax(m, tiny), k->rel_tol, bad,
              nA);
      failed = 1;
    }
    if (failed)
      break;
    *changed |= changed_o > 0;
    print_ok(k, name, S, ext, threads, max_err);
  }

  free(in.vals);
  free(in.vals_abs);
  free(in.vals_keep);
  for (int x = 0; x < S->nidx; x++)
    free(in.idx_keep[x]);
  for (int d = 0; d < k->ndense; d++) {
    free(in.in[d]);
    free(in.in_abs[d]);
    free(in.in_keep[d]);
  }
  free(A0);
  free(M);
  free(bo);
  free(br);
  return failed;
}

/* ---- the cases --------------------------------------------------------- */

int lnr_exec_variants(const lnr_kernel *k, const char *case_name,
                      const lnr_extent_rule *x, char names[][64],
                      int exts[][LNR_MAX_EXTENTS]) {
  if (x->one_extent >= 0) {
    for (int e = 0; e < k->nextents; e++) {
      memcpy(exts[e], x->ext, sizeof exts[e]);
      exts[e][e] = x->one_extent;
      snprintf(names[e], 64, "%s=%d", k->extent_names[e], x->one_extent);
    }
    return k->nextents;
  }
  memcpy(exts[0], x->ext, sizeof exts[0]);
  if (x->all_extents >= 0) {
    size_t len = 0;
    names[0][0] = '\0';
    for (int e = 0; e < k->nextents; e++) {
      exts[0][e] = x->all_extents;
      len += (size_t)snprintf(names[0] + len, 64 - len, "%s=",
                              k->extent_names[e]);
    }
    snprintf(names[0] + len, 64 - len, "%d", x->all_extents);
  } else {
    snprintf(names[0], 64, "%s", case_name);
  }
  return 1;
}

static int dim_ok(const lnr_kernel *k, lnr_dim d) {
  if (d >= LNR_X0 && d <= LNR_X2)
    return (int)d - LNR_X0 < k->nextents;
  if (d == LNR_MODE2 || d == LNR_FIBERS)
    return k->format == LNR_CSF3;
  return d >= LNR_ONE && d <= LNR_M;
}

int lnr_exec_check_kernel(const lnr_kernel *k, lnr_format format) {
  int bad = k->nextents < 0 || k->nextents > LNR_MAX_EXTENTS ||
            k->ndense < 0 || k->ndense > LNR_MAX_DENSE || !k->call ||
            !(k->rel_tol > 0) || !k->out.name || k->format != format;
  for (int d = 0; !bad && d <= k->ndense; d++) {
    const lnr_shape *s = d < k->ndense ? &k->dense[d] : &k->out;
    bad = !s->name || !dim_ok(k, s->rows) || !dim_ok(k, s->cols);
  }
  if (bad)
    fprintf(stderr, "FAIL: bad lnr_kernel description for %s%s\n",
            k->name ? k->name : "(unnamed)",
            k->format != format
                ? (format == LNR_CSR ? " (CSF kernels run through "
                                       "lnr_exec_main_csf)"
                                     : " (not a CSF kernel)")
                : "");
  return bad;
}

void lnr_exec_file_extents(const lnr_kernel *k, int *ext) {
  for (int e = 0; e < LNR_MAX_EXTENTS; e++)
    ext[e] = k->mtx_ext[e] > 0 ? k->mtx_ext[e] : 16;
}

int lnr_exec_finish(const lnr_kernel *k, int total_nnz, int changed) {
  if (total_nnz == 0 || !changed) {
    fprintf(stderr, "FAIL: no case had any nonzeros / changed %s\n",
            k->out.name);
    return 1;
  }
  printf("PASS: lnr_rewritten matches lnr_original on all cases\n");
  return 0;
}

typedef struct {
  const char *name;
  int rows, cols, avg, skew;
  lnr_extent_rule x;
} random_case;

static const random_case cases[] = {
    {"n=0", 0, 10, 3, 1, {{4, 4, 3}, -1, -1}},
    {"all-rows-empty", 64, 48, 0, 0, {{8, 8, 5}, -1, -1}},
    {"m=0", 7, 0, 3, 0, {{5, 6, 4}, -1, -1}},
    {"1x1", 1, 1, 1, 0, {{1, 1, 1}, -1, -1}},
    {"1x1-extents-5-7-3", 1, 1, 1, 0, {{5, 7, 3}, -1, -1}},
    {"", 200, 150, 6, 1, {{16, 16, 12}, 1, -1}},
    {"", 300, 300, 5, 1, {{1, 1, 1}, -1, 1}},
    {"", 50, 40, 4, 1, {{6, 5, 4}, 0, -1}},
    {"square-skewed", 500, 500, 8, 1, {{16, 24, 9}, -1, -1}},
    {"square-uniform", 400, 400, 12, 0, {{32, 32, 8}, -1, -1}},
    {"wide-n<m", 100, 1000, 20, 1, {{13, 17, 6}, -1, -1}},
    {"tall-n>m", 1000, 60, 10, 1, {{9, 33, 7}, -1, -1}},
    {"dense-rows", 40, 40, 40, 0, {{8, 8, 8}, -1, -1}},
    {"many-rows-skewed", 5000, 3000, 4, 1, {{7, 5, 3}, -1, -1}},
};

static int run_random(const lnr_kernel *k, const random_case *rc,
                      const int *ext, const char *name, uint64_t seed,
                      int *total_nnz, int *changed) {
  lnr_csr B = lnr_csr_random(rc->rows, rc->cols, rc->avg, rc->skew, seed);
  if (lnr_csr_validate(&B) != 0) {
    fprintf(stderr, "FAIL: generator produced a bad matrix for %s\n", name);
    return 1;
  }
  *total_nnz += B.nnz;
  lnr_sparse_in S = sparse_of_csr(&B);
  int failed = lnr_exec_run_case(k, name, &S, ext, seed, changed);
  lnr_csr_free(&B);
  return failed;
}

int lnr_exec_main(const lnr_kernel *k, int argc, char **argv) {
  if (lnr_exec_check_kernel(k, LNR_CSR))
    return 1;
  int total_nnz = 0, changed = 0;
  char names[LNR_MAX_EXTENTS][64];
  int exts[LNR_MAX_EXTENTS][LNR_MAX_EXTENTS];
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
    const uint64_t seed = 0x5DD3ull * (c + 1);
    int nv = lnr_exec_variants(k, cases[c].name, &cases[c].x, names, exts);
    for (int v = 0; v < nv; v++)
      if (run_random(k, &cases[c], exts[v], names[v], seed + (uint64_t)v,
                     &total_nnz, &changed))
        return 1;
  }
  for (int a = 1; a < argc; a++) {
    lnr_csr B;
    int ext[LNR_MAX_EXTENTS];
    if (lnr_csr_read_mtx(argv[a], &B) != 0)
      return 1;
    const char *base = strrchr(argv[a], '/');
    base = base ? base + 1 : argv[a];
    lnr_exec_file_extents(k, ext);
    total_nnz += B.nnz;
    lnr_sparse_in S = sparse_of_csr(&B);
    int failed =
        lnr_exec_run_case(k, base, &S, ext, 0xF11Eull + (uint64_t)a, &changed);
    lnr_csr_free(&B);
    if (failed)
      return 1;
  }
  return lnr_exec_finish(k, total_nnz, changed);
}
