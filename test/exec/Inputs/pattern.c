/* Unweighted graphs: compressed levels whose values the nests never read
 * (read as a pattern of ones, NestSource::Factor::Pattern). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* One nest over an unweighted graph's edges: A(i,l) += C(i,k) * D(j,k) *
 * E(j,l) at the graph's nonzeros; no restrict (the overlap test). */
void pattern_nest(int n, int K, int L, const int *pos, const int *crd,
                  const double *C, const double *D, const double *E,
                  double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

static float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

/* FusedMM's SDDMM -> sigmoid -> SpMM as separate kernels, in its types:
 * each edge's weight 1 - sigmoid(X_i . Y_j), then O_i += weight * Y_j. */
void pattern_sigmoid(int64_t n, int64_t dim, const int64_t *restrict indptr,
                     const int64_t *restrict indices, const float *restrict X,
                     const float *restrict Y, float *restrict O) {
  float *E = malloc(sizeof(float) * (indptr[n] > 0 ? indptr[n] : 1));
  if (!E)
    return;
#pragma omp parallel for
  for (int64_t i = 0; i < n; i++) {
    for (int64_t p = indptr[i]; p < indptr[i + 1]; p++) {
      int64_t j = indices[p];
      float s = 0;
      for (int64_t k = 0; k < dim; k++)
        s += X[i * dim + k] * Y[j * dim + k];
      E[p] = 1.0f - sigmoid(s);
    }
  }
#pragma omp parallel for
  for (int64_t i = 0; i < n; i++) {
    for (int64_t p = indptr[i]; p < indptr[i + 1]; p++) {
      int64_t j = indices[p];
      for (int64_t k = 0; k < dim; k++)
        O[i * dim + k] += E[p] * Y[j * dim + k];
    }
  }
  free(E);
}

/* Graph attention's scores through a LeakyReLU, kept for the caller (S,
 * one per edge), then the aggregation. */
void pattern_scores_kept(int n, int K, int L, const int *restrict pos,
                         const int *restrict crd, const double *restrict C,
                         const double *restrict D, const double *restrict E,
                         double *restrict S, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      S[p] = s > 0 ? s : 0.2 * s;
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += S[p] * E[j * L + l];
    }
}

/* An unweighted GCN layer, (A.X).W: the neighbours' features summed into
 * T, then T's rows times W. */
void pattern_gcn(int n, int F, int G, const int *restrict pos,
                 const int *restrict crd, const double *restrict X,
                 const double *restrict W, double *restrict out) {
  double *T = calloc((size_t)n * F + 1, sizeof(double));
  if (!T)
    return;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += X[crd[p] * F + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int g = 0; g < G; g++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}

/* An unweighted edge list (COO, no value per edge): A(i,l) += C(i,k) *
 * D(j,k) * E(j,l) over its edges, sorted by source or not. */
void pattern_edges(int m, int K, int L, const int *restrict src,
                   const int *restrict dst, const double *restrict C,
                   const double *restrict D, const double *restrict E,
                   double *restrict A) {
  for (int e = 0; e < m; e++) {
    int i = src[e];
    int j = dst[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += C[i * K + k] * D[j * K + k] * E[j * L + l];
  }
}

/* The same with a position narrower than the bound: 'e < m' compares in
 * int, so m == -1 runs no edge (cast to unsigned short, m would be 65535). */
void pattern_edges_narrow(int m, int K, int L, const int *restrict src,
                          const int *restrict dst, const double *restrict C,
                          const double *restrict D, const double *restrict E,
                          double *restrict A) {
  for (unsigned short e = 0; e < m; e++) {
    int i = src[e];
    int j = dst[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += C[i * K + k] * D[j * K + k] * E[j * L + l];
  }
}
