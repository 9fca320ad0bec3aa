/* Separate kernels whose producer multiplies each term of its sum by a
 * factor that no loop of the sum indexes (D(i,f)). Fused, a schedule may
 * multiply D after the sum, into a sum of no terms too: 0 times an
 * infinite D is NaN where the original stores 0. The rewrite runs only
 * where a check finds D finite (pair_invariant_factor.test). */
#include <stdlib.h>

/* The sum over a row's nonzeros, which may have none. */
void invariant_csr(int n, int F, int G, const int *restrict pos,
                   const int *restrict crd, const double *restrict vals,
                   const double *restrict X, const double *restrict D,
                   const double *restrict W, double *restrict out) {
  double *T = calloc((size_t)(n > 0 ? n : 1) * (F > 0 ? F : 1), sizeof(double));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f] * D[i * F + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int g = 0; g < G; g++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}

/* The sum over a dense k, of no terms where K == 0. */
void invariant_dense(int n, int K, int F, int G, const double *restrict X,
                     const double *restrict Y, const double *restrict D,
                     const double *restrict W, double *restrict out) {
  double *T = calloc((size_t)(n > 0 ? n : 1) * (F > 0 ? F : 1), sizeof(double));
  for (int i = 0; i < n; i++)
    for (int k = 0; k < K; k++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += X[i * K + k] * Y[k * F + f] * D[i * F + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int g = 0; g < G; g++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}
