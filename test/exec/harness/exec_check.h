/* Shared machinery of the lnr-rewrite execution tests.
 *
 * Every kernel under test computes, with B an n x m CSR matrix (or, with
 * .format = LNR_CSF3, a 3-tensor in CSF: see "CSF kernels" below) and every
 * other operand dense and row-major,
 *
 *     A(x) += sum over the nest's indices of  B(i,j) * X1(..) * ... * Xd(..)
 *
 * i.e. a sum of products accumulated into its output. The tool's rewrite
 * (lnr_rewritten) must compute what the hand-written sample (lnr_original)
 * computes. A test needs only a thin main: the prototypes of the two kernels
 * (each compiled from its own translation unit with the kernel renamed by
 * -D<name>=lnr_original / -D<name>=lnr_rewritten), a call adapter, and a
 * description of the operands' shapes (lnr_kernel); lnr_exec_main does the
 * rest:
 *
 *  - random CSR inputs chosen to break fused/parallel rewrites (empty rows,
 *    one long row, all rows empty, 1x1, n != m, n == 0, m == 0, every extent
 *    1 in turn and 0 in turn), then every Matrix Market file on the command
 *    line;
 *  - a random nonzero initial output A0 (the kernels accumulate);
 *  - 1, 2 and 3 threads (3 > cores on purpose: uneven chunking);
 *  - sentinel guards on both sides of the output (out-of-bounds writes);
 *  - the inputs checked bit for bit after every call (writes to inputs);
 *  - element-by-element comparison relative to
 *        M(x) = |A0(x)| + sum of |terms| of element x,
 *    obtained by running lnr_original on the element-wise absolute values of
 *    every input and of A0: since the kernel is a sum of products
 *    accumulated into A, that run computes exactly M (up to its own
 *    rounding, which is far below the tolerance). M bounds the error of any
 *    reassociation of the sums, even under heavy cancellation, while a
 *    missing, extra or wrong term shows up as an error of order 1;
 *  - a plain "left A unchanged" diagnosis.
 *
 * It prints one "ok" line per case and thread count, "FAIL: ..." on stderr
 * and exit status 1 at the first failure, and
 * "PASS: lnr_rewritten matches lnr_original on all cases" at the end.
 *
 * CSF kernels (.format = LNR_CSF3, run by lnr_exec_main_csf, which lives in
 * exec_check_csf.c and needs csf_input.c: link both): B is a
 * dims[0] x dims[1] x dims[2] 3-tensor in CSF (csf_input.h), handed to the
 * call adapter as lnr_args.T.
 * LNR_N, LNR_M and LNR_MODE2 are its three extents and LNR_FIBERS its number
 * of level-2 positions (stored (i,j) fibers), so an output stored in B's
 * (i,j) pattern, one row per fiber, is {"A", LNR_FIBERS, ...}. The random
 * cases are then CSF tensors with empty slices, empty fibers (non-canonical
 * CSF, on purpose), skewed slices and fibers, one long slice and one long
 * fiber, all entries empty, 1x1x1, every mode extent 0 in turn, non-cube
 * shapes, and every kernel extent 1 and 0 in turn; argv[1..] are FROSTT .tns
 * files (3 modes). The checks, comparison and report are the same; the
 * inputs checked bit for bit are pos1, crd1, pos2, crd2 and the values.
 */
#ifndef LNR_EXEC_CHECK_H
#define LNR_EXEC_CHECK_H

#include "csf_input.h"
#include "csr_input.h"

#include <stddef.h>

/* Element type of every value array of a kernel (B's values, the dense
 * operands and the output). */
typedef enum { LNR_F64, LNR_F32 } lnr_elem_type;

/* The sparse operand's format. */
typedef enum {
  LNR_CSR = 0, /* lnr_args.B: an n x m CSR matrix */
  LNR_CSF3,    /* lnr_args.T: a 3-tensor in CSF */
} lnr_format;

/* The extents a dense operand's shape is made of. */
typedef enum {
  LNR_ONE = 0, /* 1: a vector is a rows x 1 or 1 x cols matrix */
  LNR_N,       /* rows of B (CSF: extent of mode 0) */
  LNR_M,       /* columns of B (CSF: extent of mode 1) */
  LNR_X0,      /* the kernel's own extents (e.g. K, L), in order */
  LNR_X1,
  LNR_X2,
  LNR_MODE2,  /* CSF only: extent of mode 2 */
  LNR_FIBERS, /* CSF only: number of level-2 positions, pos1[dims[0]] */
} lnr_dim;

#define LNR_MAX_DENSE 8
#define LNR_MAX_EXTENTS 3

typedef struct {
  const char *name; /* as in the kernel, for messages */
  lnr_dim rows, cols;
} lnr_shape;

/* What the call adapter receives. The pointers have the kernel's element
 * type (const double * / double * for LNR_F64, float for LNR_F32); C
 * converts them from void * implicitly. */
typedef struct {
  const lnr_csr *B; /* rows, cols, nnz, rowptr, colidx; not B->vals */
  const lnr_csf *T; /* CSF kernels (B is NULL): dims, pos1, crd1, pos2, crd2;
                       not T->vals */
  const void *vals; /* B's (T's) values in the kernel's element type */
  const void *in[LNR_MAX_DENSE]; /* the dense operands, as in lnr_kernel */
  void *out;                     /* A */
  int ext[LNR_MAX_EXTENTS];      /* the kernel's extents, e.g. K, L */
} lnr_args;

typedef struct {
  const char *name; /* for messages */
  lnr_elem_type type;
  /* Largest accepted |original - rewritten| / M per element: about 1e-9 for
   * double and 1e-4 for float. */
  double rel_tol;
  int nextents;                          /* 0 .. LNR_MAX_EXTENTS */
  const char *extent_names[LNR_MAX_EXTENTS]; /* e.g. "K", "L" */
  int ndense;                            /* 0 .. LNR_MAX_DENSE */
  lnr_shape dense[LNR_MAX_DENSE];
  lnr_shape out;
  /* Extents used with Matrix Market / FROSTT files (0 means 16). */
  int mtx_ext[LNR_MAX_EXTENTS];
  /* Calls lnr_rewritten when rewritten != 0, lnr_original otherwise. */
  void (*call)(int rewritten, const lnr_args *a);
  /* LNR_CSR (the default, 0: lnr_exec_main) or LNR_CSF3
   * (lnr_exec_main_csf). */
  lnr_format format;
} lnr_kernel;

/* Runs every case described above; returns the process exit status (0 when
 * everything matched). argv[1..] are Matrix Market files. CSR kernels only. */
int lnr_exec_main(const lnr_kernel *k, int argc, char **argv);

/* The same for CSF kernels (.format = LNR_CSF3); argv[1..] are FROSTT .tns
 * files (3 modes; read by lnr_csf_read_tns). Defined in exec_check_csf.c. */
int lnr_exec_main_csf(const lnr_kernel *k, int argc, char **argv);

#endif /* LNR_EXEC_CHECK_H */
