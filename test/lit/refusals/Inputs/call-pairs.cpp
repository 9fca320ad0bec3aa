#include <stdlib.h>

// Member functions read their object's members by name ('K' is this->K):
// their calls through another object are not inlined.
struct Kern {
  int K;
  void scores(int n, const int *pos, const int *crd, const double *B,
              const double *C, const double *D, double *T) {
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        double s = 0;
        for (int k = 0; k < K; k++)
          s += C[i * K + k] * D[j * K + k];
        T[p] = B[p] * s;
      }
  }
  void aggregate(int n, const int *pos, const int *crd, const double *T,
                 const double *E, double *A, int L) {
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int l = 0; l < L; l++)
          A[i * L + l] += T[p] * E[j * L + l];
      }
  }
  void pair(Kern &o, int n, int *pos, int *crd, const double *B,
            const double *C, const double *D, const double *E, double *A,
            int L, double *T);
};

void Kern::pair(Kern &o, int n, int *pos, int *crd, const double *B,
                const double *C, const double *D, const double *E, double *A,
                int L, double *T) {
  o.scores(n, pos, crd, B, C, D, T);
  o.aggregate(n, pos, crd, T, E, A, L);
}

// Free functions of a C++ file are inlined as in C.
static void scores(int n, const int *pos, const int *crd, const double *B,
                   const double *C, const double *D, double *T, int K) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
}

static void aggregate(int n, const int *pos, const int *crd, const double *T,
                      const double *E, double *A, int L) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void pair(int n, int *pos, int *crd, const double *B, const double *C,
          const double *D, const double *E, double *A, int K, int L) {
  double *T = (double *)malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  scores(n, pos, crd, B, C, D, T, K);
  aggregate(n, pos, crd, T, E, A, L);
  free(T);
}

// The width read through a reference, bound to memory the first function
// may write (a 'double', as it stores): evaluated before it in the block,
// it would not be what the second call reads.
void through_reference(int n, int *pos, int *crd, const double *B,
                       const double *C, const double *D, const double *E,
                       double *A, int K, double *widths, double *T) {
  double &L = widths[0];
  scores(n, pos, crd, B, C, D, T, K);
  aggregate(n, pos, crd, T, E, A, (int)L);
}
