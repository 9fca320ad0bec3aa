/* The element comparison of the execution harnesses (exec_check.c,
 * taco_check.c) and of the mains of test/exec/Inputs: NaN and infinity
 * aware. */
#ifndef LNR_SAME_ELEM_H
#define LNR_SAME_ELEM_H

#include <math.h>
#include <stdio.h>

/* NaN/Inf-aware comparison of an original (a) and a rewritten (b) element
 * with tolerance model m: equal when both are NaN, or both the same
 * infinity, or both finite and |a - b| <= tol * max(m, tiny) (when m itself
 * is not finite, relative to max(|a|, |b|)). A NaN or infinity against
 * anything else fails. *err is the relative error of finite pairs (0
 * otherwise). */
static inline int same_elem(double a, double b, double m, double tiny,
                            double tol, double *err) {
  *err = 0;
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b);
  if (isinf(a) || isinf(b))
    return a == b;
  if (!isfinite(m))
    m = fmax(fabs(a), fabs(b));
  *err = fabs(a - b) / fmax(m, tiny);
  return *err <= tol;
}

/* Whether the rewritten value b is the original's a: same_elem with a
 * tolerance of 1e-12 relative to max(|a|, 1). */
static inline int same_value(double a, double b) {
  double err;
  return same_elem(a, b, fabs(a), 1.0, 1e-12, &err);
}

/* Whether the rewritten array B matches the original A (n elements, each
 * as same_elem with a tolerance of 1e-12 relative to max(|a|, 1)); prints
 * "ok: <name>" or the first element that differs. For the small mains of
 * test/exec/Inputs that build one case by hand. */
static inline int same_array(const char *name, const double *a, const double *b,
                             int n) {
  for (int x = 0; x < n; x++) {
    if (!same_value(a[x], b[x])) {
      printf("FAIL %s: A[%d] = %.17g, the original's %.17g\n", name, x, b[x],
             a[x]);
      return 0;
    }
  }
  printf("ok: %s\n", name);
  return 1;
}

#endif /* LNR_SAME_ELEM_H */
