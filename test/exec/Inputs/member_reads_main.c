/* The rewrite of member_reads.c called as the original may be: no rows and
 * every struct null, then rows but K = 0 and the dense structs null. Each
 * call must return (no member read through a null struct), with the output
 * as the original's. */
#include <stdio.h>

#include "../harness/same_elem.h"

struct csr {
  int n;
  const int *pos, *crd;
  const double *val;
};
struct dense {
  const double *data;
};
typedef void kernel(int, int, int, const struct csr *, const struct dense *,
                    const struct dense *, const struct dense *, double *);
kernel orig_restricted, rewr_restricted, orig_unrestricted,
    rewr_unrestricted;

int main(void) {
  static const int pos[] = {0, 1, 2}, crd[] = {1, 0};
  static const double val[] = {2.0, 3.0};
  const struct csr B = {2, pos, crd, val};
  int ok = 1;
  kernel *pairs[2][2] = {{orig_restricted, rewr_restricted},
                         {orig_unrestricted, rewr_unrestricted}};
  for (int k = 0; k < 2; k++) {
    double a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 3, 4};
    pairs[k][0](0, 2, 2, NULL, NULL, NULL, NULL, a);
    pairs[k][1](0, 2, 2, NULL, NULL, NULL, NULL, b);
    ok &= same_array(k ? "unrestricted, no rows, null structs"
                       : "restricted, no rows, null structs",
                     a, b, 4);
    pairs[k][0](2, 0, 2, &B, NULL, NULL, NULL, a);
    pairs[k][1](2, 0, 2, &B, NULL, NULL, NULL, b);
    ok &= same_array(k ? "unrestricted, K = 0, null dense structs"
                       : "restricted, K = 0, null dense structs",
                     a, b, 4);
  }
  if (ok)
    printf("PASS: no member read where the original reads none\n");
  return !ok;
}
