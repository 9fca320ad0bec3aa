/* CSF 3-tensors for the lnr-rewrite execution tests: see csf_input.h. */
#include "csf_input.h"

#include "csr_input.h" /* lnr_rng_* */

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xmalloc(size_t count, size_t size) {
  /* Never 0 bytes: kernels are handed these pointers even when empty. */
  void *p = malloc((count ? count : 1) * size);
  if (!p) {
    fprintf(stderr, "csf_input: out of memory (%zu x %zu bytes)\n", count,
            size);
    exit(1);
  }
  return p;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* Pareto with alpha = 1.5 (mean 3 * xm, infinite variance), as csr_input.c:
 * most slices / fibers short, a few very long. */
static long pareto_len(uint64_t *s, int avg, int cap) {
  const double alpha = 1.5;
  double xm = avg / 3.0;
  double u = 1.0 - lnr_rng_unit(s); /* (0, 1] */
  double len = ceil(xm * pow(u, -1.0 / alpha));
  if (len < 1.0)
    len = 1.0;
  if (len > cap)
    len = cap;
  return (long)len;
}

static long draw_len(uint64_t *s, int avg, int cap, int skew) {
  long len = skew ? pareto_len(s, avg, cap)
                  : 1 + (long)lnr_rng_below(s, 2 * (uint64_t)avg - 1);
  return len > cap ? cap : len;
}

/* Turns lengths stored in ptr[1..n] into offsets; exits past INT_MAX. */
static int prefix_sum(int *ptr, int n, const char *what) {
  long long total = 0;
  ptr[0] = 0;
  for (int x = 0; x < n; x++) {
    total += ptr[x + 1];
    if (total > INT_MAX) {
      fprintf(stderr, "lnr_csf_random: more than INT_MAX %s\n", what);
      exit(1);
    }
    ptr[x + 1] = (int)total;
  }
  return (int)total;
}

/* k distinct values of [0, n) in increasing order into out. Dense draws use
 * selection sampling (already sorted); sparse ones rejection against stamp
 * (n entries, stamp[c] == id means taken), then a sort. */
static void sample_sorted(uint64_t *s, int *out, int k, int n, int *stamp,
                          int id) {
  if (k == 0)
    return;
  if (2L * k > n) {
    int need = k, got = 0;
    for (int c = 0; c < n && need > 0; c++) {
      if (lnr_rng_below(s, (uint64_t)(n - c)) < (uint64_t)need) {
        out[got++] = c;
        need--;
      }
    }
    return;
  }
  for (int got = 0; got < k;) {
    int c = (int)lnr_rng_below(s, (uint64_t)n);
    if (stamp[c] != id) {
      stamp[c] = id;
      out[got++] = c;
    }
  }
  qsort(out, (size_t)k, sizeof(int), cmp_int);
}

lnr_csf lnr_csf_random(const lnr_csf_params *p, uint64_t seed) {
  lnr_csf t;
  uint64_t s = seed;
  memset(&t, 0, sizeof t);
  if (p->dims[0] < 0 || p->dims[1] < 0 || p->dims[2] < 0 || p->avg_fibers < 0 ||
      p->avg_len < 0 || p->empty_fiber_pct < 0 || p->empty_fiber_pct > 100) {
    fprintf(stderr, "lnr_csf_random: bad parameters\n");
    exit(1);
  }
  const int I = p->dims[0], J = p->dims[1], K = p->dims[2];
  memcpy(t.dims, p->dims, sizeof t.dims);

  /* Level 2: fibers per slice, stored temporarily in pos1[i + 1]. */
  t.pos1 = xmalloc((size_t)I + 1, sizeof(int));
  const int fill_slices = p->avg_fibers > 0 && J > 0;
  for (int i = 0; i < I; i++)
    t.pos1[i + 1] = fill_slices && lnr_rng_unit(&s) >= 0.1
                        ? (int)draw_len(&s, p->avg_fibers, J, p->skew)
                        : 0;
  if (fill_slices && I > 0) {
    /* Force the corner cases instead of hoping the RNG hits them: one long
     * slice (skew), one nonempty slice, one empty slice. */
    int full = (int)lnr_rng_below(&s, (uint64_t)I);
    long len = p->skew ? 32L * p->avg_fibers : p->avg_fibers;
    t.pos1[full + 1] = (int)(len < J ? len : J);
    if (I >= 2) {
      int empty = (int)lnr_rng_below(&s, (uint64_t)I - 1);
      if (empty >= full)
        empty++;
      t.pos1[empty + 1] = 0;
    }
  }
  t.nfib = prefix_sum(t.pos1, I, "fibers");
  t.crd1 = xmalloc((size_t)t.nfib, sizeof(int));
  int *stamp = xmalloc((size_t)J, sizeof(int));
  for (int c = 0; c < J; c++)
    stamp[c] = -1;
  for (int i = 0; i < I; i++)
    sample_sorted(&s, t.crd1 + t.pos1[i], t.pos1[i + 1] - t.pos1[i], J, stamp,
                  i);
  free(stamp);

  /* Level 3: entries per fiber, stored temporarily in pos2[f + 1]. */
  t.pos2 = xmalloc((size_t)t.nfib + 1, sizeof(int));
  const int fill_fibers = p->avg_len > 0 && K > 0;
  for (int f = 0; f < t.nfib; f++) {
    int empty =
        p->empty_fiber_pct > 0 && lnr_rng_unit(&s) * 100.0 < p->empty_fiber_pct;
    t.pos2[f + 1] =
        fill_fibers && !empty ? (int)draw_len(&s, p->avg_len, K, p->skew) : 0;
  }
  if (t.nfib > 0) {
    int full = -1;
    if (fill_fibers) {
      full = (int)lnr_rng_below(&s, (uint64_t)t.nfib);
      long len = p->skew ? 32L * p->avg_len : p->avg_len;
      t.pos2[full + 1] = (int)(len < K ? len : K);
    }
    if (p->empty_fiber_pct > 0 && (full < 0 || t.nfib >= 2)) {
      int empty = (int)lnr_rng_below(&s, (uint64_t)t.nfib - (full >= 0));
      if (full >= 0 && empty >= full)
        empty++;
      t.pos2[empty + 1] = 0;
    }
  }
  t.nnz = prefix_sum(t.pos2, t.nfib, "entries");
  t.crd2 = xmalloc((size_t)t.nnz, sizeof(int));
  stamp = xmalloc((size_t)K, sizeof(int));
  for (int c = 0; c < K; c++)
    stamp[c] = -1;
  for (int f = 0; f < t.nfib; f++)
    sample_sorted(&s, t.crd2 + t.pos2[f], t.pos2[f + 1] - t.pos2[f], K, stamp,
                  f);
  free(stamp);

  t.vals = xmalloc((size_t)t.nnz, sizeof(double));
  for (int q = 0; q < t.nnz; q++)
    t.vals[q] = 2.0 * lnr_rng_unit(&s) - 1.0;
  return t;
}

void lnr_csf_free(lnr_csf *t) {
  free(t->pos1);
  free(t->crd1);
  free(t->pos2);
  free(t->crd2);
  free(t->vals);
  memset(t, 0, sizeof *t);
}

/* One compressed level: ptr (n + 1 entries) into crd (total entries), whose
 * coordinates lie in [0, extent). */
static int validate_level(const char *lvl, const int *ptr, int n,
                          const int *crd, int total, int extent,
                          int allow_empty) {
  if (ptr[0] != 0 || ptr[n] != total) {
    fprintf(stderr, "csf: %s: pos[0] = %d, pos[%d] = %d, expected 0 and %d\n",
            lvl, ptr[0], n, ptr[n], total);
    return 1;
  }
  for (int x = 0; x < n; x++) {
    if (ptr[x + 1] < ptr[x]) {
      fprintf(stderr, "csf: %s: pos decreases at %d\n", lvl, x);
      return 1;
    }
    if (!allow_empty && ptr[x + 1] == ptr[x]) {
      fprintf(stderr, "csf: %s: empty fiber at position %d\n", lvl, x);
      return 1;
    }
    for (int q = ptr[x]; q < ptr[x + 1]; q++) {
      if (crd[q] < 0 || crd[q] >= extent) {
        fprintf(stderr, "csf: %s: coordinate %d out of range [0, %d) at %d\n",
                lvl, crd[q], extent, q);
        return 1;
      }
      if (q > ptr[x] && crd[q] <= crd[q - 1]) {
        fprintf(stderr, "csf: %s: coordinates unsorted/duplicate at %d\n", lvl,
                q);
        return 1;
      }
    }
  }
  return 0;
}

int lnr_csf_validate(const lnr_csf *t, int allow_empty_fibers) {
  if (t->dims[0] < 0 || t->dims[1] < 0 || t->dims[2] < 0 || t->nfib < 0 ||
      t->nnz < 0 || !t->pos1 || !t->pos2) {
    fprintf(stderr, "csf: bad header\n");
    return 1;
  }
  return validate_level("level 2", t->pos1, t->dims[0], t->crd1, t->nfib,
                        t->dims[1], 1) ||
         validate_level("level 3", t->pos2, t->nfib, t->crd2, t->nnz,
                        t->dims[2], allow_empty_fibers);
}

int lnr_csf_empty_slices(const lnr_csf *t) {
  int e = 0;
  for (int i = 0; i < t->dims[0]; i++)
    e += t->pos1[i + 1] == t->pos1[i];
  return e;
}

int lnr_csf_empty_fibers(const lnr_csf *t) {
  int e = 0;
  for (int f = 0; f < t->nfib; f++)
    e += t->pos2[f + 1] == t->pos2[f];
  return e;
}

int lnr_csf_max_fiber(const lnr_csf *t) {
  int mx = 0;
  for (int f = 0; f < t->nfib; f++)
    if (t->pos2[f + 1] - t->pos2[f] > mx)
      mx = t->pos2[f + 1] - t->pos2[f];
  return mx;
}

int lnr_csf_max_slice(const lnr_csf *t) {
  int mx = 0;
  for (int i = 0; i < t->dims[0]; i++)
    if (t->pos1[i + 1] - t->pos1[i] > mx)
      mx = t->pos1[i + 1] - t->pos1[i];
  return mx;
}

/* ---- FROSTT .tns ------------------------------------------------------- */

/* Reads one line of any length into *buf (without the newline). Returns 0
 * on success, -1 at end of file. */
static int read_line(FILE *f, char **buf, size_t *cap) {
  size_t len = 0;
  if (!*buf) {
    *cap = 256;
    *buf = xmalloc(*cap, 1);
  }
  for (;;) {
    if (!fgets(*buf + len, (int)(*cap - len), f))
      return len ? 0 : -1;
    len += strlen(*buf + len);
    if (len > 0 && (*buf)[len - 1] == '\n') {
      (*buf)[--len] = '\0';
      if (len > 0 && (*buf)[len - 1] == '\r')
        (*buf)[--len] = '\0';
      return 0;
    }
    if (len + 1 < *cap) /* last line without a newline */
      return 0;
    char *grown = realloc(*buf, *cap * 2);
    if (!grown) {
      fprintf(stderr, "csf_input: out of memory reading a line\n");
      exit(1);
    }
    *buf = grown;
    *cap *= 2;
  }
}

static int count_fields(const char *s) {
  int n = 0;
  for (;;) {
    while (isspace((unsigned char)*s))
      s++;
    if (!*s)
      return n;
    n++;
    while (*s && !isspace((unsigned char)*s))
      s++;
  }
}

typedef struct {
  int c[3];
  long pos;
  double val;
} tns_entry;

static int cmp_tns(const void *a, const void *b) {
  const tns_entry *x = a, *y = b;
  for (int d = 0; d < 3; d++)
    if (x->c[d] != y->c[d])
      return (x->c[d] > y->c[d]) - (x->c[d] < y->c[d]);
  /* Ties by input position: duplicates are summed in file order on every
   * libc (qsort is not stable). */
  return (x->pos > y->pos) - (x->pos < y->pos);
}

int lnr_csf_read_tns(const char *path, lnr_csf *out) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
    return 1;
  }
  char *line = NULL;
  size_t cap = 0, ecap = 0;
  long lineno = 0, n = 0;
  tns_entry *e = NULL;
  long dims[3] = {0, 0, 0};
  int rc = 1;

  while (read_line(f, &line, &cap) == 0) {
    lineno++;
    const char *s = line;
    while (isspace((unsigned char)*s))
      s++;
    if (*s == '#' || *s == '\0')
      continue;
    int fields = count_fields(s);
    if (fields != 4) {
      fprintf(stderr,
              "%s:%ld: %d fields; only 3-mode tensors ('i j k value') are "
              "supported\n",
              path, lineno, fields);
      goto done;
    }
    tns_entry t;
    char *end;
    const char *q = s;
    int ok = 1;
    for (int d = 0; d < 3 && ok; d++) {
      errno = 0;
      long v = strtol(q, &end, 10);
      ok = end != q && errno == 0 &&
           (*end == '\0' || isspace((unsigned char)*end));
      if (ok && (v < 1 || v > INT_MAX)) {
        fprintf(stderr, "%s:%ld: index %ld of mode %d out of range [1, %d]\n",
                path, lineno, v, d + 1, INT_MAX);
        goto done;
      }
      t.c[d] = (int)(v - 1);
      if (v > dims[d])
        dims[d] = v;
      q = end;
    }
    if (ok) {
      t.val = strtod(q, &end); /* ERANGE on subnormals is not an error */
      ok = end != q;
      while (ok && isspace((unsigned char)*end))
        end++;
      ok = ok && *end == '\0';
    }
    if (!ok) {
      fprintf(stderr, "%s:%ld: malformed entry '%s'\n", path, lineno, line);
      goto done;
    }
    if (n == INT_MAX) {
      fprintf(stderr, "%s: too many entries for int indices\n", path);
      goto done;
    }
    if ((size_t)n == ecap) {
      ecap = ecap ? 2 * ecap : 1024;
      tns_entry *grown = realloc(e, ecap * sizeof *e);
      if (!grown) {
        fprintf(stderr, "csf_input: out of memory reading %s\n", path);
        exit(1);
      }
      e = grown;
    }
    t.pos = n;
    e[n++] = t;
  }

  if (n > 0) /* e is NULL for a file without entries */
    qsort(e, (size_t)n, sizeof *e, cmp_tns);
  for (int d = 0; d < 3; d++)
    out->dims[d] = (int)dims[d];
  /* Upper bounds first (n entries, n fibers), then the exact counts. */
  out->pos1 = xmalloc((size_t)dims[0] + 1, sizeof(int));
  out->crd1 = xmalloc((size_t)n, sizeof(int));
  out->pos2 = xmalloc((size_t)n + 1, sizeof(int));
  out->crd2 = xmalloc((size_t)n, sizeof(int));
  out->vals = xmalloc((size_t)n, sizeof(double));
  memset(out->pos1, 0, ((size_t)dims[0] + 1) * sizeof(int));
  int nfib = 0, nnz = 0;
  out->pos2[0] = 0;
  for (long q = 0; q < n; q++) {
    int same_fiber =
        q > 0 && e[q].c[0] == e[q - 1].c[0] && e[q].c[1] == e[q - 1].c[1];
    if (same_fiber && e[q].c[2] == e[q - 1].c[2]) {
      out->vals[nnz - 1] += e[q].val; /* duplicate */
      continue;
    }
    if (!same_fiber) {
      out->pos1[e[q].c[0] + 1]++;
      out->crd1[nfib++] = e[q].c[1];
    }
    out->crd2[nnz] = e[q].c[2];
    out->vals[nnz] = e[q].val;
    nnz++;
    out->pos2[nfib] = nnz;
  }
  for (long i = 0; i < dims[0]; i++)
    out->pos1[i + 1] += out->pos1[i];
  out->nfib = nfib;
  out->nnz = nnz;
  rc = 0;

done:
  if (rc != 0)
    lnr_csf_free(out);
  free(e);
  free(line);
  fclose(f);
  return rc;
}
