/* Nests that are one statement of a '#pragma omp parallel' region holding
 * more (declarations, other work-shared loops, a barrier, a reduction): the
 * nest alone is rewritten, shared among the region's threads. Each later
 * loop reads rows of the output that other threads wrote, so the barrier
 * after the nest must hold wherever the rewrite skips its loop. */

/* <SDDMM, SpMM> without restrict (under the overlap test), a dynamic
 * schedule, a declaration of the region the nest does not read. */
void team_norms(int n, int K, int L, const int *pos, const int *crd,
                const double *B, const double *C, const double *D,
                const double *E, double *A, double *norms) {
#pragma omp parallel
  {
    double scale = 2.0;
#pragma omp for schedule(dynamic, 2)
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
#pragma omp for
    for (int i = 0; i < n; i++)
      norms[i] = scale * A[(n - 1 - i) * L] + (L > 1 ? A[i * L + 1] : 0);
  }
}

/* C89: the loop variables declared in the region, each thread's own;
 * 'default(none)'; the nest 'nowait' before the file's own barrier; a
 * reduction over the output after it. */
double team_c89(int n, int K, int L, const int *pos, const int *crd,
                const double *B, const double *C, const double *D,
                const double *E, double *restrict A) {
  double sum = 0;
#pragma omp parallel default(none) shared(n, K, L, pos, crd, B, C, D, E, A, sum)
  {
    int i, p, j, k, l;
#pragma omp for nowait
    for (i = 0; i < n; i++)
      for (p = pos[i]; p < pos[i + 1]; p++) {
        j = crd[p];
        for (k = 0; k < K; k++)
          for (l = 0; l < L; l++)
            A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
#pragma omp barrier
#pragma omp for reduction(+ : sum)
    for (i = 0; i < n * L; i++)
      sum += A[(i * 7) % (n * L)];
  }
  return sum;
}

/* <SpMM, GEMM>: the schedule without per-thread rows, which a statement
 * of the region cannot allocate, then a loop over the output. */
void team_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *B, const double *C, const double *D,
               double *restrict A, double *restrict norms) {
#pragma omp parallel
  {
#pragma omp single
    norms[0] = -1;
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += B[p] * C[j * K + k] * D[k * L + l];
      }
#pragma omp for
    for (int i = 1; i < n; i++)
      norms[i] = A[(n - i) * L + (L > 0 ? L - 1 : 0)];
  }
}

/* The nest's coordinates filled by a 'nowait' loop with the same static
 * schedule (each thread fills the rows it then reads: free of races; the
 * last row late), and spoiled after it: the rewrite's checks, which read every
 * row, wait for the filling at a barrier first. C89 variables declared before
 * the region, private only in the nest's loop: a 'single nowait' reads the
 * shared 'j' while the rewrite's checks run, which must not assign it. */
void team_filled(int n, int K, int L, const int *pos, const int *crd, int *col,
                 const double *B, const double *C, const double *D,
                 const double *E, double *A, double *seen) {
  int i, p, j = 42, k, l;
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (int r = 0; r < n; r++) {
      for (int q = pos[r]; q < pos[r + 1]; q++)
        col[q] = crd[q];
      /* The last rows late: the other threads reach the nest first. */
      volatile double w = 0;
      for (int z = 0; r == n - 1 && z < 3000000; z++)
        w += z;
      (void)w;
    }
#pragma omp single nowait
    *seen = j;
#pragma omp for schedule(static) private(p, j, k, l)
    for (i = 0; i < n; i++)
      for (p = pos[i]; p < pos[i + 1]; p++) {
        j = col[p];
        for (k = 0; k < K; k++)
          for (l = 0; l < L; l++)
            A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
#pragma omp for
    for (int q = 0; q < (n > 0 ? pos[n] : 0); q++)
      col[q] = 1 << 30;
  }
}

/* Separate kernels in one region: SDDMM into S at the nonzeros, then SpMM
 * reading it, each under '#pragma omp for'; S, the caller's, is still
 * written (once, in the fused nest), and read by a loop after. */
void team_pair(int n, int K, int L, const int *pos, const int *crd,
               const double *B, const double *C, const double *D,
               const double *E, double *restrict S, double *restrict A,
               double *restrict norms) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        double s = 0;
        for (int k = 0; k < K; k++)
          s += C[i * K + k] * D[j * K + k];
        S[p] = B[p] * s;
      }
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int l = 0; l < L; l++)
          A[i * L + l] += S[p] * E[j * L + l];
      }
#pragma omp for
    for (int i = 0; i < n; i++)
      norms[i] = n > 1 && pos[n] > 0 ? S[(i * 5) % pos[n]] : 0;
  }
}

#include <stdlib.h>

/* The same pair through a local temporary, dead after them: no longer
 * stored (its allocation and free stay, outside the region). */
void team_pair_dead(int n, int K, int L, const int *pos, const int *crd,
                    const double *B, const double *C, const double *D,
                    const double *E, double *restrict A) {
  double *S = malloc(sizeof(double) * (n > 0 && pos[n] > 0 ? pos[n] : 1));
  if (!S)
    return;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        double s = 0;
        for (int k = 0; k < K; k++)
          s += C[i * K + k] * D[j * K + k];
        S[p] = B[p] * s;
      }
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int l = 0; l < L; l++)
          A[i * L + l] += S[p] * E[j * L + l];
      }
  }
  free(S);
}
