/* Separate kernels in one function: a producer nest fills a local
 * temporary, the next nest reads it, and the temporary is freed (dead).
 * Each pair is fused into one nest (test/exec/nest_pair.test). */
#include <stdlib.h>

/* SDDMM into values at B's positions, stored scaled, then SpMM. */
void pair_sddmm_spmm(int n, int K, int L, const int *restrict pos,
                     const int *restrict crd, const double *restrict B,
                     const double *restrict C, const double *restrict D,
                     const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  }
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  }
  free(T);
}

/* Without restrict (an overlap test), the scale after the sum, and the
 * temporary's allocation checked. */
void pair_scores(int n, int K, int L, const int *pos, const int *crd,
                 const double *B, const double *C, const double *D,
                 const double *E, double *A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  if (!T)
    return;
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s * B[p];
    }
  }
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  }
  free(T);
}

/* GCN's (A·X)·W: a zeroed dense temporary accumulated into, then a dense
 * product reading it. */
void pair_gcn(int n, int F, int G, const int *restrict pos,
              const int *restrict crd, const double *restrict vals,
              const double *restrict X, const double *restrict W,
              double *restrict out) {
  double *T = calloc((size_t)(n > 0 ? n : 1) * (F > 0 ? F : 1), sizeof(double));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int g = 0; g < G; g++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}

/* A column sum then a product: the producer's sum (over the rows) is the
 * outermost loop, stored as 0 with no row and multiplied by W. */
void pair_colsum(int n, int F, int G, const double *restrict X,
                 const double *restrict W, double *restrict out) {
  double *T = calloc((size_t)(F > 0 ? F : 1), sizeof(double));
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      T[f] += X[i * F + f];
  for (int f = 0; f < F; f++)
    for (int g = 0; g < G; g++)
      out[g] += T[f] * W[f * G + g];
  free(T);
}

/* Both nests name their inner loop 'k': the producer's is renamed apart. */
void pair_same_names(int n, int K, int L, const int *restrict pos,
                     const int *restrict crd, const double *restrict B,
                     const double *restrict C, const double *restrict D,
                     const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s * B[p];
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < L; k++)
        A[i * L + k] += T[p] * E[j * L + k];
    }
  free(T);
}

/* Statements between the two nests that set local scalars the consumer
 * reads: they run before the fused nest, in the consumer's place. */
void pair_between(int n, int K, int L, const int *restrict pos,
                  const int *restrict crd, const double *restrict B,
                  const double *restrict C, const double *restrict D,
                  const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s * B[p];
    }
  /* the output's width, and a weight */
  int width = L;
  double weight;
  weight = 0.5;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < width; l++)
        A[i * width + l] += weight * T[p] * E[j * width + l];
    }
  free(T);
}

/* GCN's aggregation into a temporary zeroed by memset, and by a loop. */
#include <string.h>

void pair_memset(int n, int F, int G, const int *restrict pos,
                 const int *restrict crd, const double *restrict vals,
                 const double *restrict X, const double *restrict W,
                 double *restrict out) {
  double *T = malloc(sizeof(double) * (n * F > 0 ? n * F : 1));
  memset(T, 0, sizeof(double) * (n * F > 0 ? n * F : 1));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int g = 0; g < G; g++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}

void pair_zero_loop(int n, int F, int G, const int *restrict pos,
                    const int *restrict crd, const double *restrict vals,
                    const double *restrict X, const double *restrict W,
                    double *restrict out) {
  double *T = malloc(sizeof(double) * (n * F > 0 ? n * F : 1));
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      T[i * F + f] = 0.0;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int g = 0; g < G; g++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}

/* GCN's (A·X)·W with the SpMM written column by column (f outermost, a
 * row's sum into a scalar, then stored) and its OpenMP directives made
 * optional: composed, the fused nest runs the rows outermost, as the
 * product does, with the producer's position 'p' renamed apart from the
 * product's 'p'. */
void pair_gcn_columns(int n, int F, int G, const int *restrict pos,
                      const int *restrict crd, const double *restrict vals,
                      const double *restrict X, const double *restrict W,
                      double *restrict out) {
  double *T = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1) *
                     (size_t)(F > 0 ? F : 1));
#ifdef USE_OMP
#pragma omp parallel for
#endif
  for (int f = 0; f < F; f++) {
#ifdef USE_OMP
#pragma omp parallel for
#endif
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int p = pos[i]; p < pos[i + 1]; p++)
        s += vals[p] * X[crd[p] * F + f];
      T[i * F + f] = s;
    }
  }
#ifdef USE_OMP
#pragma omp parallel for
#endif
  for (int i = 0; i < n; i++)
    for (int p = 0; p < G; p++) {
      double s = 0;
      for (int f = 0; f < F; f++)
        s += T[i * F + f] * W[f * G + p];
      out[i * G + p] = s;
    }
  free(T);
}

/* The producer's position 'p' over B's rows is also the consumer's over
 * W's (a sparse F×G matrix): renamed apart where the producer's header
 * declares it. W's columns may reach past G, so that rows of the output
 * overlap. */
void pair_position_twice(int n, int F, int G, const int *restrict pos,
                         const int *restrict crd, const double *restrict vals,
                         const double *restrict X, const int *restrict wpos,
                         const int *restrict wcrd, const double *restrict W,
                         double *restrict out) {
  double *T = calloc((size_t)(n > 0 ? n : 1) * (F > 0 ? F : 1), sizeof(double));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int p = wpos[f]; p < wpos[f + 1]; p++)
        out[i * G + wcrd[p]] += T[i * F + f] * W[p];
  free(T);
}
