/* Execution-test harness for TACO-style kernels (samples/taco/): the
 * tool's rewrite of a kernel must compute what the kernel computes.
 *
 * A TACO kernel is `int compute(taco_tensor_t *A, taco_tensor_t *B, ...)`:
 * A is a dense row-major output, B is sparse, CSR (dense, compressed) or CSF
 * (dense, compressed, compressed), or with every level compressed (DCSR, and
 * CSF as TACO's {Sparse, Sparse, Sparse}), and every other operand is a dense
 * row-major matrix. The kernel computes a sum of products
 *
 *     A(x) = sum over the other indices of  B(..) * X1(..) * ... * Xd(..)
 *
 * either by zeroing A first (TACO's output zeroing loop) and accumulating,
 * or by assigning each element of A once from a scalar accumulator. A test
 * compiles the sample twice, with -Dcompute=lnr_original and, from the
 * tool's output, with -Dcompute=lnr_rewritten, and links them with a thin
 * main that describes the operands' indices (tc_kernel) and calls tc_main,
 * which:
 *
 *  - builds taco_tensor_t structs as TACO's runtime does (dimensions; per
 *    level indices[level][0] = pos and [1] = crd as uint8_t * pointing to
 *    int arrays, a dense level's indices[level][0] pointing to its size;
 *    with compressed_root, B's first level compressed as well;
 *    vals; mode types and ordering) from random CSR matrices or CSF tensors
 *    chosen to break fused and parallel rewrites: empty rows, one long row
 *    (skew), all rows empty, no rows, no columns, 1x1 (1x1x1), every other
 *    extent 1 and then 0 in turn, all extents 1, empty fibers and canonical
 *    CSF without them, n != m;
 *  - fills A with random nonzero values first (a kernel must reset it: a
 *    rewrite that accumulates onto stale A fails);
 *  - runs with 1, 2 and 3 threads (3 > cores: uneven chunks) and, since
 *    TACO's loops are `schedule(runtime)`, under the run-time schedules
 *    static, static,1, dynamic,1 and guided (omp_set_schedule; one thread
 *    runs the iterations in order under any of them, so only the first);
 *  - puts sentinel guards on both sides of A_vals (stray writes), and checks
 *    after every call that no input (values, pos, crd, dimensions, the
 *    structs themselves, A's struct) changed and that compute returned 0;
 *  - compares element by element relative to M(x), the result of the
 *    original kernel on the absolute values of every input: since the
 *    kernel resets A and sums products, M(x) is the sum of |terms| of
 *    element x, which bounds the error of any reassociation, while a
 *    missing, extra or wrong term is an error of order 1.
 *
 * It prints one "ok" line per case, "FAIL: ..." on stderr and exit status 1
 * at the first failure, and "PASS: lnr_rewritten matches lnr_original on
 * all cases" at the end.
 */
#ifndef LNR_TACO_CHECK_H
#define LNR_TACO_CHECK_H

#include "taco_tensor_t.h"

typedef enum { TC_F64, TC_F32 } tc_type;

#define TC_MAX_DENSE 6

typedef struct {
  const char *name; /* as in the kernel, for messages, e.g. "C" */
  const char *idx;  /* its two index variables, e.g. "jk" for C(j,k) */
} tc_operand;

typedef struct {
  const char *name; /* for messages */
  tc_type type;     /* of every value array */
  /* Largest accepted |original - rewritten| / M per element: about 1e-9 for
   * double and 1e-4 for float. */
  double rel_tol;
  /* B's index variables: two for CSR ("ij": i dense, j compressed), three
   * for CSF ("ikl": i dense, k and l compressed). */
  const char *sparse;
  int ndense; /* 0 .. TC_MAX_DENSE */
  /* The dense operands, in compute's argument order after B. */
  tc_operand dense[TC_MAX_DENSE];
  const char *out; /* A's two index variables, e.g. "il" */
  /* Nonzero: B's first level is compressed too (DCSR {Sparse, Sparse}, or
   * CSF with every level compressed): indices[0][0] = pos1 = {0, n},
   * indices[0][1] = crd1 the n coordinates of its slices or rows, and the
   * next level's positions indexed by the position in crd1. The nonempty
   * rows (slices), and in some cases some empty ones as explicit empty
   * fibers, in order, without duplicates; no row at all when B has no
   * nonzeros and no explicit empty fiber. */
  int compressed_root;
  /* Nonzero: A is sparse with B's pattern in its first two modes (B CSF,
   * A(i,j,m) stored at B's level-1 positions: A->indices[1] are copies of
   * B's pos and crd, A's values one row of out[1]'s extent per fiber), and
   * out names the fiber's index and the dense one, e.g. "jm". */
  int out_fibers;
  /* Calls lnr_rewritten when rewritten != 0, lnr_original otherwise, with
   * t[0] = A, t[1] = B, t[2 + d] = dense[d]; returns compute's result. */
  int (*call)(int rewritten, taco_tensor_t *const *t);
} tc_kernel;

/* Runs every case; returns the process exit status (0 when all matched). */
int tc_main(const tc_kernel *k);

#endif /* LNR_TACO_CHECK_H */
