/* A temporary at the positions of a CSR matrix (t(i,j) stored at p, the
 * schedule {vals,C,D}{E}!) holds one value per position. With positions
 * that decrease, pos = {0, 10, 5, 12}, rows 0 and 2 both walk positions 5
 * to 9: the producer would add both rows' sums into t[5..9] and the
 * consumer read the total for each row. The rewrite checks that the
 * positions never decrease, and the original nest runs when they do.
 * Built with the sample compiled twice, as lnr_original and lnr_rewritten.
 */
#include "same_elem.h"

#include <stdio.h>

void lnr_original(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *A);
void lnr_rewritten(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *A);

static int run(const char *name, int n, const int *pos) {
  enum { K = 3, L = 4, M = 8 };
  const int crd[12] = {0, 1, 2, 1, 0, 7, 6, 5, 7, 4, 2, 3};
  double vals[12], C[3 * K], D[M * K], E[M * L], A0[3 * L], A1[3 * L];
  for (int p = 0; p < 12; p++)
    vals[p] = 1.0 + 0.25 * p;
  for (int x = 0; x < 3 * K; x++)
    C[x] = 0.5 + 0.125 * x;
  for (int x = 0; x < M * K; x++)
    D[x] = 1.0 - 0.0625 * x;
  for (int x = 0; x < M * L; x++)
    E[x] = 0.25 + 0.03125 * x;
  for (int x = 0; x < 3 * L; x++)
    A0[x] = A1[x] = 0.5 * x;
  lnr_original(n, K, L, pos, crd, vals, C, D, E, A0);
  lnr_rewritten(n, K, L, pos, crd, vals, C, D, E, A1);
  return !same_array(name, A0, A1, 3 * L);
}

int main(void) {
  const int overlapping[4] = {0, 10, 5, 12};
  const int ordered[4] = {0, 5, 10, 12};
  int failed = run("fibers overlapping", 3, overlapping) +
               run("positions in order", 3, ordered);
  printf(failed ? "FAIL\n" : "PASS\n");
  return failed;
}
