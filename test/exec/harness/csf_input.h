/* Small CSF (compressed sparse fiber) 3-tensor library for the lnr-rewrite
 * execution tests: deterministic random tensors (with the structural corner
 * cases that break fused/parallel rewrites) and a FROSTT .tns reader.
 *
 * A 3-tensor B(i,j,k) of extents dims[0] x dims[1] x dims[2] in CSF, as the
 * samples take it (samples/handwritten/mttkrp_gemm_csf.c, spttm_spttm_csf.c):
 *
 *   for (int i = 0; i < dims[0]; i++)                    level 1: dense
 *     for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)     level 2: compressed
 *       j = crd1[p1];
 *       for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) level 3: compressed
 *         k = crd2[p2]; B(i,j,k) = vals[p2];
 *
 * nfib = pos1[dims[0]] is the number of level-2 positions (the stored (i,j)
 * fibers) and nnz = pos2[nfib]. A canonical CSF has no empty fiber (every
 * stored (i,j) has at least one k); the generator can make non-canonical
 * tensors with empty fibers on purpose, since kernels must still handle them.
 *
 * Allocation failure terminates the process (test code). Uses the RNG of
 * csr_input.h.
 */
#ifndef LNR_CSF_INPUT_H
#define LNR_CSF_INPUT_H

#include <stdint.h>

typedef struct {
  int dims[3];  /* extents of the three modes */
  int nfib;     /* level-2 positions: pos1[dims[0]] */
  int nnz;      /* level-3 positions: pos2[nfib] */
  int *pos1;    /* dims[0] + 1 entries, never NULL after a successful build */
  int *crd1;    /* nfib entries, sorted and unique within each slice */
  int *pos2;    /* nfib + 1 entries, never NULL after a successful build */
  int *crd2;    /* nnz entries, sorted and unique within each fiber */
  double *vals; /* nnz entries */
} lnr_csf;

typedef struct {
  int dims[3];
  /* Average number of fibers (distinct j) per nonempty slice i; 0 makes
   * every slice empty. */
  int avg_fibers;
  /* Average number of entries (distinct k) per nonempty fiber; 0 makes every
   * fiber empty (nnz = 0 with nfib > 0: non-canonical). */
  int avg_len;
  /* != 0: slice and fiber lengths from a Pareto (power-law) law, plus one
   * long slice (min(dims[1], 32 * avg_fibers) fibers) and one long fiber
   * (min(dims[2], 32 * avg_len) entries); 0: uniform in [1, 2 * avg - 1],
   * plus one slice of avg_fibers fibers and one fiber of avg_len entries. */
  int skew;
  /* Percentage (0..100) of fibers made empty (non-canonical CSF). When > 0,
   * at least one fiber is empty if there are two fibers or more (or if no
   * fiber can have entries); the long fiber above is never emptied, so a
   * lone fiber keeps its entries. */
  int empty_fiber_pct;
} lnr_csf_params;

/* Random tensor: about 10% of the slices are empty (at least one when
 * dims[0] >= 2 and fibers can be made; at least one slice is nonempty when
 * avg_fibers > 0 and dims[1] > 0). Values are uniform in [-1, 1]. The same
 * parameters and seed give the same tensor on every platform. */
lnr_csf lnr_csf_random(const lnr_csf_params *p, uint64_t seed);

/* FROSTT .tns reader for 3-mode tensors: one "i j k value" line per entry,
 * 1-based indices, '#' comment lines and blank lines ignored. The extents are
 * the per-mode maximum index (FROSTT files have no header). Entries are
 * sorted; duplicates are summed (in file order). Returns 0 on success;
 * otherwise prints a message to stderr, returns nonzero and leaves *out
 * zeroed. */
int lnr_csf_read_tns(const char *path, lnr_csf *out);

/* Returns 0 when the structure is well formed (pos arrays start at 0, are
 * monotone and end at nfib / nnz; coordinates in range, sorted and unique
 * within their slice / fiber; no empty fiber unless allow_empty_fibers);
 * otherwise prints why to stderr and returns 1. */
int lnr_csf_validate(const lnr_csf *t, int allow_empty_fibers);

/* Slices i with no fiber, fibers with no entry, longest fiber, most fibers
 * in a slice. */
int lnr_csf_empty_slices(const lnr_csf *t);
int lnr_csf_empty_fibers(const lnr_csf *t);
int lnr_csf_max_fiber(const lnr_csf *t);
int lnr_csf_max_slice(const lnr_csf *t);

void lnr_csf_free(lnr_csf *t);

#endif /* LNR_CSF_INPUT_H */
