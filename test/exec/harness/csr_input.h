/* Small CSR matrix library for the lnr-rewrite execution tests and demos:
 * deterministic random matrices (with empty and skewed rows, the cases that
 * break naive parallel/fused rewrites) and a Matrix Market reader.
 *
 * Allocation failure in the random generator terminates the process: this is
 * test code, and every caller would do exactly that anyway.
 */
#ifndef LNR_CSR_INPUT_H
#define LNR_CSR_INPUT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  int rows, cols, nnz;
  int *rowptr; /* rows + 1 entries, never NULL after a successful build */
  int *colidx; /* nnz entries, sorted and unique within each row */
  double *vals;
} lnr_csr;

/* splitmix64: tiny, seedable with any value (including 0), and identical on
 * every platform, unlike rand(). */
uint64_t lnr_rng_next(uint64_t *state);
/* Uniform in [0, 1). */
double lnr_rng_unit(uint64_t *state);
/* Uniform in [0, n), n > 0 (modulo bias is negligible for our n). */
uint64_t lnr_rng_below(uint64_t *state, uint64_t n);

/* Random rows x cols matrix with about avg_per_row entries per nonempty row.
 * About 10% of the rows are empty (at least one when rows >= 2 and
 * avg_per_row > 0; at least one row is nonempty when avg_per_row > 0 and
 * cols > 0). skew != 0 draws row lengths from a Pareto (power-law) law and
 * makes one row long (min(cols, 32 * avg_per_row)); skew == 0 draws them
 * uniformly from [1, 2 * avg_per_row - 1]. Values are uniform in [-1, 1].
 * avg_per_row == 0 gives a matrix whose rows are all empty. */
lnr_csr lnr_csr_random(int rows, int cols, int avg_per_row, int skew,
                       uint64_t seed);

/* Matrix Market reader: coordinate real/integer/pattern, general/symmetric/
 * skew-symmetric. Symmetric storage is expanded; pattern entries get 1.0;
 * duplicates are summed. Returns 0 on success; otherwise prints a message to
 * stderr, returns nonzero and leaves *out zeroed. */
int lnr_csr_read_mtx(const char *path, lnr_csr *out);
/* As above; ignore_symmetry != 0 reads the stored entries as a general
 * matrix (e.g. cora.mtx, whose "symmetric" banner is wrong). */
int lnr_csr_read_mtx_ex(const char *path, int ignore_symmetry, lnr_csr *out);

/* Returns 0 when the structure is well formed (monotone rowptr, in-range,
 * sorted, unique columns); otherwise prints why to stderr and returns 1. */
int lnr_csr_validate(const lnr_csr *m);

/* Number of empty rows and length of the longest row. */
int lnr_csr_empty_rows(const lnr_csr *m);
int lnr_csr_max_row(const lnr_csr *m);

void lnr_csr_free(lnr_csr *m);

/* Fills x with values uniform in [-1, 1]. */
void lnr_fill_random(double *x, size_t n, uint64_t seed);

#endif /* LNR_CSR_INPUT_H */
