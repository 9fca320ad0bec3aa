/* The element comparison of the execution harnesses (exec_check.c,
 * taco_check.c): NaN and infinity aware. */
#ifndef LNR_SAME_ELEM_H
#define LNR_SAME_ELEM_H

#include <math.h>

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

#endif /* LNR_SAME_ELEM_H */
