/* Inputs of the lnr-rewrite benchmark: seeded generators for the shapes of
 * the SparseLNR paper's inputs, and a FROSTT (.tns) reader. Matrix Market
 * files are read by test/exec/harness/csr_input.c (lnr_csr_read_mtx).
 *
 * Every generator is deterministic for a given seed (splitmix64 from
 * csr_input.h), so a run can be repeated exactly. Allocation failure ends
 * the process.
 */
#ifndef LNR_BENCH_INPUTS_H
#define LNR_BENCH_INPUTS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "csr_input.h" /* a C header without its own extern "C" */

/* Power-law graph: R-MAT (Chakrabarti et al.) with the Graph500 parameters
 * a = 0.57, b = c = 0.19, d = 0.05, 2^scale vertices and about
 * edge_factor * 2^scale edges before duplicates are dropped; the vertex ids
 * are randomly permuted (as Graph500 does) so that the long rows are spread
 * over the matrix. Values uniform in [-1, 1]. */
lnr_csr lnr_bench_rmat(int scale, int edge_factor, uint64_t seed);

/* FEM-like banded matrix: the 27-point connectivity of trilinear hexahedral
 * elements on an nx x ny x nz grid of nodes (row = node, in lexicographic
 * order), so at most 27 entries per row and bandwidth nx * ny + nx + 1. */
lnr_csr lnr_bench_fem27(int nx, int ny, int nz, uint64_t seed);

/* Uniform random: each row has a length drawn uniformly from
 * [avg/2, 3*avg/2] and distinct uniformly random columns. */
lnr_csr lnr_bench_uniform(int rows, int cols, int avg_per_row, uint64_t seed);

/* A 3-tensor I x J x K in CSF with levels (dense i, compressed j, compressed
 * k): pos1 has I + 1 entries, crd1 and pos2 index the nfib fibers (i, j),
 * crd2 and vals the nnz entries. Coordinates are sorted and unique within
 * each fiber and slice. */
typedef struct {
  int dims[3];
  int nfib, nnz;
  int *pos1, *crd1, *pos2, *crd2;
  double *vals;
} lnr_csf;

/* Skewed 3-tensor: slice i has a Pareto(1.5)-distributed number of fibers
 * (mean avg_fibers, about 10% of slices empty) and each fiber a
 * Pareto(1.5)-distributed length (mean avg_fiber_len): a few long fibers, as
 * in real tensors. */
lnr_csf lnr_bench_csf_skewed(int I, int J, int K, int avg_fibers,
                             int avg_fiber_len, uint64_t seed);

/* FROSTT .tns reader for 3-tensors: "i j k value" per line (1-based; '#'
 * comments and blank lines skipped). mode_order[0..2] is the order of the
 * file's modes in the CSF levels ({0, 1, 2}: as in the file). Duplicates
 * are summed; the extent of each mode is its largest index. Returns 0 on
 * success; otherwise prints why to stderr and returns nonzero. */
int lnr_bench_read_tns(const char *path, const int mode_order[3],
                       lnr_csf *out);

/* 0 when the CSF structure is well formed, else prints why and returns 1. */
int lnr_csf_validate(const lnr_csf *t);
void lnr_csf_free(lnr_csf *t);

#ifdef __cplusplus
}
#endif

#endif /* LNR_BENCH_INPUTS_H */
