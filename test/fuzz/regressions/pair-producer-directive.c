/* Fuzz regression (pair_fuzz.py seed 104, case 27): the producer's
 * '#pragma omp parallel for' over f went onto the fused nest, whose loop
 * over f also runs the consumer's 'out[i * G + g] +=' for every f: threads
 * wrote one element at once (a race, seen as a flaky difference). A
 * directive says only its own nest's loop is parallel; the fused nest keeps
 * the consumer's, where it begins with the consumer's outer loop, and the
 * tool decides the rest itself.
 * RUN: lnr-rewrite %s -- > %t.c 2> %t.err
 * RUN: FileCheck --check-prefix=REMARK %s < %t.err
 * RUN: FileCheck %s < %t.c
 * REMARK: remark: fused 'out(i,g) += X(i,a) * Y(a,f) * W(f,g)' with the nest at line {{[0-9]+}}
 * CHECK:      {{^  /\* lnr-rewrite: out\(i,g\) \+=}}
 * CHECK-NOT:  {{^#pragma omp parallel}}
 * CHECK:      {{^ +/\* lnr-rewrite: the original nest}}
 */
#include <stdlib.h>

void fn(int n, int K, int F, int G, const double *X, const double *Y,
        const double *W, double *out) {
  double *T = calloc((size_t)(n > 0 ? n : 1) * (F > 0 ? F : 1), sizeof(double));
#pragma omp parallel for
  for (int f = 0; f < F; f++)
    for (int a = 0; a < K; a++)
      for (int i = 0; i < n; i++)
        T[i * F + f] += X[i * K + a] * Y[a * F + f];
  for (int i = 0; i < n; i++)
    for (int g = 0; g < G; g++)
      for (int f = 0; f < F; f++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}
