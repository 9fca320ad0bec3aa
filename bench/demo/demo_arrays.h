/* What the demo drivers of separate kernels share (pair_speedup.c,
 * pair_tensor_speedup.c): operands filled with a fixed pattern, and the
 * check that two kernels' outputs agree before they are timed. */
#ifndef LNR_DEMO_ARRAYS_H
#define LNR_DEMO_ARRAYS_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* n doubles in [-scale / 2, scale / 2), the same for every run; exits when
 * they cannot be allocated. */
static inline double *filled(size_t n, double scale) {
  double *p = malloc((n ? n : 1) * sizeof(double));
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  for (size_t x = 0; x < n; x++)
    p[x] = scale * (double)((x * 2654435761u) % 1000) / 1000.0 - 0.5 * scale;
  return p;
}

/* Whether b's n elements are a's, to 1e-9 relative to max(|a|, 1). */
static inline int agree(const double *a, const double *b, size_t n) {
  for (size_t x = 0; x < n; x++)
    if (fabs(a[x] - b[x]) > 1e-9 * fmax(1.0, fabs(a[x])))
      return 0;
  return 1;
}

#endif
