/* A CSR matrix whose positions decrease, pos = {0, 10, 5, 12}: row 0 reads
 * positions [0, 10), row 1 none ([10, 5) is empty) and row 2 [5, 12). The
 * nest is well defined, but [pos[0], pos[n]) misses nothing here only by
 * luck: with pos = {0, 10, 5} (n = 2) the positions 5 to 9 are read and
 * lie past pos[n]. Their column 7 is the largest; a scan of the flat range
 * would find an extent of 3 and size the temporary of the re-associated
 * schedule too small. The scan must see that the positions decrease and
 * walk the loops instead. Built with the sample compiled twice, as
 * lnr_original and lnr_rewritten (its run-time choice flipped so that the
 * schedule with the extent runs). */
#include "same_elem.h"

#include <stdio.h>
#include <string.h>

void lnr_original(int n, int K, int L, const int *pos, const int *crd,
                  const double *Bv, const double *C, const double *D,
                  double *A);
void lnr_rewritten(int n, int K, int L, const int *pos, const int *crd,
                   const double *Bv, const double *C, const double *D,
                   double *A);

static int run(const char *name, int n, const int *pos) {
  enum { K = 3, L = 4, M = 8 };
  /* Columns below 3 at positions 0 to 4, up to 7 at 5 to 9. */
  const int crd[12] = {0, 1, 2, 1, 0, 7, 6, 5, 7, 4, 2, 3};
  double Bv[12], C[M * K], D[K * L], A0[3 * L], A1[3 * L];
  for (int p = 0; p < 12; p++)
    Bv[p] = 1.0 + 0.25 * p;
  for (int x = 0; x < M * K; x++)
    C[x] = 0.5 + 0.125 * x;
  for (int x = 0; x < K * L; x++)
    D[x] = 1.0 - 0.0625 * x;
  for (int x = 0; x < 3 * L; x++)
    A0[x] = A1[x] = 0.5 * x;
  lnr_original(n, K, L, pos, crd, Bv, C, D, A0);
  lnr_rewritten(n, K, L, pos, crd, Bv, C, D, A1);
  return !same_array(name, A0, A1, 3 * L);
}

int main(void) {
  const int decreasing[3] = {0, 10, 5};
  const int overlapping[4] = {0, 10, 5, 12};
  const int ordered[4] = {0, 5, 10, 12};
  int failed = run("positions past pos[n]", 2, decreasing) +
               run("fibers overlapping", 3, overlapping) +
               run("positions in order", 3, ordered);
  printf(failed ? "FAIL\n"
                : "PASS: the rewrite computes what the original "
                  "computes\n");
  return failed;
}
