/* Internals of the execution-test machinery shared by exec_check.c (CSR
 * kernels) and exec_check_csf.c (CSF kernels). Not for the thin mains: they
 * use exec_check.h only. */
#ifndef LNR_EXEC_CHECK_INTERNAL_H
#define LNR_EXEC_CHECK_INTERNAL_H

#include "exec_check.h"

#include <stddef.h>
#include <stdint.h>

#define LNR_MAX_INDEX_ARRAYS 4

/* The sparse operand of one case, whatever its format. */
typedef struct {
  const lnr_csr *csr; /* lnr_args.B (CSR kernels), else NULL */
  const lnr_csf *csf; /* lnr_args.T (CSF kernels), else NULL */
  /* Values of LNR_N, LNR_M, LNR_MODE2 and LNR_FIBERS. */
  size_t n, m, mode2, fibers;
  int nnz;
  const double *vals;    /* converted to the kernel's element type */
  const char *vals_name; /* for "wrote its input ..." */
  int nidx; /* the index arrays, checked bit for bit after every call */
  const int *idx[LNR_MAX_INDEX_ARRAYS];
  size_t idx_len[LNR_MAX_INDEX_ARRAYS];
  const char *idx_name[LNR_MAX_INDEX_ARRAYS];
  char desc[192]; /* the operand's part of the "ok" line */
} lnr_sparse_in;

/* How a random case sets the kernel's extents. Extents beyond the kernel's
 * nextents are ignored. */
typedef struct {
  int ext[LNR_MAX_EXTENTS];
  /* >= 0: the case is repeated for every extent e of the kernel, with
   * extent e set to this value (named after it, e.g. "K=1"). */
  int one_extent;
  /* >= 0: every extent set to this value. */
  int all_extents;
} lnr_extent_rule;

/* Runs one case with 1, 2 and 3 threads; returns 0 on a match, 1 on a
 * failure (already reported). *changed is set when lnr_original changed
 * the output. */
int lnr_exec_run_case(const lnr_kernel *k, const char *name,
                      const lnr_sparse_in *S, const int *ext, uint64_t seed,
                      int *changed);

/* The variants of one case (one per extent for one_extent, else one): their
 * names and extents. Returns how many. */
int lnr_exec_variants(const lnr_kernel *k, const char *case_name,
                      const lnr_extent_rule *x, char names[][64],
                      int exts[][LNR_MAX_EXTENTS]);

/* Nonzero (reported) when the description is inconsistent or k->format is
 * not format. */
int lnr_exec_check_kernel(const lnr_kernel *k, lnr_format format);

/* The extents used with files (k->mtx_ext, 0 meaning 16). */
void lnr_exec_file_extents(const lnr_kernel *k, int *ext);

/* The final verdict: prints PASS and returns 0, or fails when no case had
 * any nonzero or changed the output. */
int lnr_exec_finish(const lnr_kernel *k, int total_nnz, int changed);

#endif /* LNR_EXEC_CHECK_INTERNAL_H */
