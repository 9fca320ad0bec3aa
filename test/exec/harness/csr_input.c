#include "csr_input.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t lnr_rng_next(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double lnr_rng_unit(uint64_t *state) {
  return (double)(lnr_rng_next(state) >> 11) * 0x1.0p-53;
}

uint64_t lnr_rng_below(uint64_t *state, uint64_t n) {
  return lnr_rng_next(state) % n;
}

static void *xmalloc(size_t count, size_t size) {
  /* Never ask for 0 bytes: kernels may be handed these pointers even when
   * they are empty, and malloc(0) may return NULL. */
  void *p = malloc((count ? count : 1) * size);
  if (!p) {
    fprintf(stderr, "csr_input: out of memory (%zu x %zu bytes)\n", count,
            size);
    exit(1);
  }
  return p;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

void lnr_fill_random(double *x, size_t n, uint64_t seed) {
  uint64_t s = seed;
  for (size_t i = 0; i < n; i++)
    x[i] = 2.0 * lnr_rng_unit(&s) - 1.0;
}

/* Pareto with alpha = 1.5 has mean 3 * xm and infinite variance: most rows
 * are short, a few are very long, as in real graphs. */
static long pareto_len(uint64_t *s, int avg, int cols) {
  const double alpha = 1.5;
  double xm = avg / 3.0;
  double u = 1.0 - lnr_rng_unit(s); /* (0, 1] */
  double len = ceil(xm * pow(u, -1.0 / alpha));
  if (len < 1.0)
    len = 1.0;
  if (len > cols)
    len = cols;
  return (long)len;
}

lnr_csr lnr_csr_random(int rows, int cols, int avg_per_row, int skew,
                       uint64_t seed) {
  lnr_csr m;
  uint64_t s = seed;
  if (rows < 0 || cols < 0 || avg_per_row < 0) {
    fprintf(stderr, "lnr_csr_random: negative argument\n");
    exit(1);
  }
  m.rows = rows;
  m.cols = cols;
  m.rowptr = xmalloc((size_t)rows + 1, sizeof(int));

  /* Pass 1: row lengths, stored temporarily in rowptr[i + 1]. */
  int can_fill = avg_per_row > 0 && cols > 0;
  for (int i = 0; i < rows; i++) {
    long len = 0;
    if (can_fill && lnr_rng_unit(&s) >= 0.1) {
      if (skew)
        len = pareto_len(&s, avg_per_row, cols);
      else
        len = 1 + (long)lnr_rng_below(&s, 2 * (uint64_t)avg_per_row - 1);
      if (len > cols)
        len = cols;
    }
    m.rowptr[i + 1] = (int)len;
  }
  if (can_fill && rows > 0) {
    /* Force the structural corner cases instead of hoping the RNG hits
     * them: one long row (skew), one nonempty row, one empty row. */
    int full = (int)lnr_rng_below(&s, (uint64_t)rows);
    long len = skew ? 32L * avg_per_row : avg_per_row;
    m.rowptr[full + 1] = (int)(len < cols ? len : cols);
    if (rows >= 2) {
      int empty = (int)lnr_rng_below(&s, (uint64_t)rows - 1);
      if (empty >= full)
        empty++;
      m.rowptr[empty + 1] = 0;
    }
  }
  long long total = 0;
  m.rowptr[0] = 0;
  for (int i = 0; i < rows; i++) {
    total += m.rowptr[i + 1];
    if (total > INT_MAX) {
      fprintf(stderr, "lnr_csr_random: more than INT_MAX entries\n");
      exit(1);
    }
    m.rowptr[i + 1] = (int)total;
  }
  m.nnz = (int)total;
  m.colidx = xmalloc((size_t)m.nnz, sizeof(int));
  m.vals = xmalloc((size_t)m.nnz, sizeof(double));

  /* Pass 2: distinct sorted columns. Dense rows use selection sampling
   * (output already sorted); sparse rows use rejection against a per-row
   * stamp, which needs < 2 tries per entry on average, then a sort. */
  int *stamp = xmalloc((size_t)cols, sizeof(int));
  for (int c = 0; c < cols; c++)
    stamp[c] = -1;
  for (int i = 0; i < rows; i++) {
    int *out = m.colidx + m.rowptr[i];
    int k = m.rowptr[i + 1] - m.rowptr[i];
    if (k == 0)
      continue;
    if (2L * k > cols) {
      int need = k, n = 0;
      for (int c = 0; c < cols && need > 0; c++) {
        if (lnr_rng_below(&s, (uint64_t)(cols - c)) < (uint64_t)need) {
          out[n++] = c;
          need--;
        }
      }
    } else {
      for (int n = 0; n < k;) {
        int c = (int)lnr_rng_below(&s, (uint64_t)cols);
        if (stamp[c] != i) {
          stamp[c] = i;
          out[n++] = c;
        }
      }
      qsort(out, (size_t)k, sizeof(int), cmp_int);
    }
  }
  free(stamp);
  for (int p = 0; p < m.nnz; p++)
    m.vals[p] = 2.0 * lnr_rng_unit(&s) - 1.0;
  return m;
}

void lnr_csr_free(lnr_csr *m) {
  free(m->rowptr);
  free(m->colidx);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

int lnr_csr_validate(const lnr_csr *m) {
  if (m->rows < 0 || m->cols < 0 || m->nnz < 0 || !m->rowptr) {
    fprintf(stderr, "csr: bad header\n");
    return 1;
  }
  if (m->rowptr[0] != 0 || m->rowptr[m->rows] != m->nnz) {
    fprintf(stderr, "csr: rowptr[0] = %d, rowptr[rows] = %d, nnz = %d\n",
            m->rowptr[0], m->rowptr[m->rows], m->nnz);
    return 1;
  }
  for (int i = 0; i < m->rows; i++) {
    if (m->rowptr[i + 1] < m->rowptr[i]) {
      fprintf(stderr, "csr: rowptr decreases at row %d\n", i);
      return 1;
    }
    for (int p = m->rowptr[i]; p < m->rowptr[i + 1]; p++) {
      int c = m->colidx[p];
      if (c < 0 || c >= m->cols) {
        fprintf(stderr, "csr: column %d out of range in row %d\n", c, i);
        return 1;
      }
      if (p > m->rowptr[i] && c <= m->colidx[p - 1]) {
        fprintf(stderr, "csr: columns unsorted/duplicate in row %d\n", i);
        return 1;
      }
    }
  }
  return 0;
}

int lnr_csr_empty_rows(const lnr_csr *m) {
  int e = 0;
  for (int i = 0; i < m->rows; i++)
    e += m->rowptr[i + 1] == m->rowptr[i];
  return e;
}

int lnr_csr_max_row(const lnr_csr *m) {
  int mx = 0;
  for (int i = 0; i < m->rows; i++)
    if (m->rowptr[i + 1] - m->rowptr[i] > mx)
      mx = m->rowptr[i + 1] - m->rowptr[i];
  return mx;
}

/* ---- Matrix Market ---------------------------------------------------- */

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
      fprintf(stderr, "csr_input: out of memory reading a line\n");
      exit(1);
    }
    *buf = grown;
    *cap *= 2;
  }
}

static int is_blank(const char *s) {
  while (isspace((unsigned char)*s))
    s++;
  return *s == '\0';
}

static void lower(char *s) {
  for (; *s; s++)
    *s = (char)tolower((unsigned char)*s);
}

typedef struct {
  int row, col, pos;
  double val;
} coo_entry;

static int cmp_coo(const void *a, const void *b) {
  const coo_entry *x = a, *y = b;
  if (x->row != y->row)
    return (x->row > y->row) - (x->row < y->row);
  if (x->col != y->col)
    return (x->col > y->col) - (x->col < y->col);
  /* Ties by input position so duplicates are summed in file order on every
   * libc (qsort is not stable). */
  return (x->pos > y->pos) - (x->pos < y->pos);
}

enum { SYM_GENERAL, SYM_SYMMETRIC, SYM_SKEW };

int lnr_csr_read_mtx(const char *path, lnr_csr *out) {
  return lnr_csr_read_mtx_ex(path, 0, out);
}

int lnr_csr_read_mtx_ex(const char *path, int ignore_symmetry, lnr_csr *out) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
    return 1;
  }
  char *line = NULL;
  size_t cap = 0;
  long lineno = 0;
  coo_entry *e = NULL;
  int rc = 1;

  if (read_line(f, &line, &cap) != 0) {
    fprintf(stderr, "%s: empty file\n", path);
    goto done;
  }
  lineno++;
  char banner[5][32];
  if (sscanf(line, "%31s %31s %31s %31s %31s", banner[0], banner[1], banner[2],
             banner[3], banner[4]) != 5) {
    fprintf(stderr, "%s:1: expected a %%%%MatrixMarket banner\n", path);
    goto done;
  }
  for (int t = 0; t < 5; t++)
    lower(banner[t]);
  if (strcmp(banner[0], "%%matrixmarket") != 0 ||
      strcmp(banner[1], "matrix") != 0) {
    fprintf(stderr, "%s:1: not a Matrix Market matrix file\n", path);
    goto done;
  }
  if (strcmp(banner[2], "coordinate") != 0) {
    fprintf(stderr, "%s:1: format '%s' not supported (coordinate only)\n", path,
            banner[2]);
    goto done;
  }
  int pattern = strcmp(banner[3], "pattern") == 0;
  if (!pattern && strcmp(banner[3], "real") != 0 &&
      strcmp(banner[3], "integer") != 0) {
    fprintf(stderr, "%s:1: field '%s' not supported\n", path, banner[3]);
    goto done;
  }
  int sym;
  if (strcmp(banner[4], "general") == 0)
    sym = SYM_GENERAL;
  else if (strcmp(banner[4], "symmetric") == 0)
    sym = SYM_SYMMETRIC;
  else if (strcmp(banner[4], "skew-symmetric") == 0)
    sym = SYM_SKEW;
  else {
    fprintf(stderr, "%s:1: symmetry '%s' not supported\n", path, banner[4]);
    goto done;
  }
  if (ignore_symmetry)
    sym = SYM_GENERAL;

  long rows, cols, stored;
  for (;;) {
    if (read_line(f, &line, &cap) != 0) {
      fprintf(stderr, "%s: missing size line\n", path);
      goto done;
    }
    lineno++;
    if (line[0] != '%' && !is_blank(line))
      break;
  }
  {
    char extra;
    if (sscanf(line, "%ld %ld %ld %c", &rows, &cols, &stored, &extra) != 3 ||
        rows < 0 || cols < 0 || stored < 0 || rows > INT_MAX - 1 ||
        cols > INT_MAX) {
      fprintf(stderr, "%s:%ld: bad size line '%s'\n", path, lineno, line);
      goto done;
    }
  }
  if (sym != SYM_GENERAL && rows != cols) {
    fprintf(stderr, "%s: symmetric matrix is not square (%ld x %ld)\n", path,
            rows, cols);
    goto done;
  }
  long long capacity = sym == SYM_GENERAL ? stored : 2LL * stored;
  if (capacity > INT_MAX) {
    fprintf(stderr, "%s: too many entries for int indices\n", path);
    goto done;
  }
  e = xmalloc((size_t)capacity, sizeof *e);

  long n = 0, count = 0;
  while (read_line(f, &line, &cap) == 0) {
    lineno++;
    if (line[0] == '%' || is_blank(line))
      continue;
    if (count == stored) {
      fprintf(stderr, "%s:%ld: more entries than the %ld declared\n", path,
              lineno, stored);
      goto done;
    }
    char *p = line, *end;
    errno = 0;
    long i = strtol(p, &end, 10);
    int ok = end != p;
    p = end;
    long j = strtol(p, &end, 10);
    ok = ok && end != p && errno == 0;
    p = end;
    double v = 1.0; /* strtod's ERANGE on subnormals is not an error here */
    if (!pattern) {
      v = strtod(p, &end);
      ok = ok && end != p;
      p = end;
    }
    ok = ok && is_blank(p);
    if (!ok) {
      fprintf(stderr, "%s:%ld: malformed entry '%s'\n", path, lineno, line);
      goto done;
    }
    if (i < 1 || i > rows || j < 1 || j > cols) {
      fprintf(stderr, "%s:%ld: index (%ld, %ld) out of range %ld x %ld\n", path,
              lineno, i, j, rows, cols);
      goto done;
    }
    coo_entry a = {(int)(i - 1), (int)(j - 1), (int)n, v};
    e[n++] = a;
    if (sym != SYM_GENERAL && i != j) {
      coo_entry b = {(int)(j - 1), (int)(i - 1), (int)n,
                     sym == SYM_SKEW ? -v : v};
      e[n++] = b;
    }
    count++;
  }
  if (count != stored) {
    fprintf(stderr, "%s: %ld entries, but the size line declares %ld\n", path,
            count, stored);
    goto done;
  }

  qsort(e, (size_t)n, sizeof *e, cmp_coo);
  out->rows = (int)rows;
  out->cols = (int)cols;
  out->rowptr = xmalloc((size_t)rows + 1, sizeof(int));
  out->colidx = xmalloc((size_t)n, sizeof(int));
  out->vals = xmalloc((size_t)n, sizeof(double));
  memset(out->rowptr, 0, ((size_t)rows + 1) * sizeof(int));
  int nnz = 0;
  for (long q = 0; q < n; q++) {
    if (nnz > 0 && e[q].row == e[q - 1].row && e[q].col == e[q - 1].col) {
      out->vals[nnz - 1] += e[q].val;
      continue;
    }
    out->rowptr[e[q].row + 1]++;
    out->colidx[nnz] = e[q].col;
    out->vals[nnz] = e[q].val;
    nnz++;
  }
  out->nnz = nnz;
  for (long r = 0; r < rows; r++)
    out->rowptr[r + 1] += out->rowptr[r];
  rc = 0;

done:
  if (rc != 0)
    lnr_csr_free(out);
  free(e);
  free(line);
  fclose(f);
  return rc;
}
