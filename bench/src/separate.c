/* Hand-written separate kernels: every association of each benchmark kernel
 * that materializes an intermediate, written the way a careful programmer
 * writes them (unit-stride inner loops, row-parallel with the rewrite's
 * schedule(dynamic, 64)). Compiled with the same flags as the samples and
 * the rewrites (LNR_BENCH_C_FLAGS). See kernels.h. */
#include "kernels.h"

#include <string.h>

#define ROWS_PARALLEL _Pragma("omp parallel for schedule(dynamic, 64)")

void lnr_gemm(int r, int q, int c, const double *X, const double *Z,
              double *restrict Y, int accumulate) {
  ROWS_PARALLEL
  for (int i = 0; i < r; i++) {
    double *y = Y + (size_t)i * c;
    if (!accumulate)
      for (int b = 0; b < c; b++)
        y[b] = 0;
    for (int k = 0; k < q; k++) {
      const double x = X[(size_t)i * q + k];
      const double *z = Z + (size_t)k * c;
      for (int b = 0; b < c; b++)
        y[b] += x * z[b];
    }
  }
}

void lnr_triad(long n, double *restrict a, const double *b, const double *c,
               double s) {
#pragma omp parallel for schedule(static)
  for (long x = 0; x < n; x++)
    a[x] = b[x] + s * c[x];
}

double lnr_spin(long n) {
  double s = 0;
#pragma omp parallel for schedule(static) reduction(+ : s)
  for (long x = 0; x < n; x++)
    s += (double)(x & 7) * 1e-9;
  return s;
}

/* T(p) = B(p) * <C(i,:), D(j,:)> over B's pattern. */
static void sddmm(int n, int K, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  double *restrict T) {
  ROWS_PARALLEL
  for (int i = 0; i < n; i++) {
    const double *c = C + (size_t)i * K;
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      const double *d = D + (size_t)colidx[p] * K;
      double s = 0;
      for (int k = 0; k < K; k++)
        s += c[k] * d[k];
      T[p] = vals[p] * s;
    }
  }
}

/* Y(i,:) (+)= sum_p V(p) * X(crd(p),:), a CSR matrix times a dense one. */
static void spmm(int n, int c, const int *pos, const int *crd, const double *V,
                 const double *X, double *restrict Y, int accumulate) {
  ROWS_PARALLEL
  for (int i = 0; i < n; i++) {
    double *y = Y + (size_t)i * c;
    if (!accumulate)
      for (int b = 0; b < c; b++)
        y[b] = 0;
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      const double v = V[p];
      const double *x = X + (size_t)crd[p] * c;
      for (int b = 0; b < c; b++)
        y[b] += v * x[b];
    }
  }
}

void sep_sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A, double *restrict T) {
  sddmm(n, K, rowptr, colidx, vals, C, D, T);
  spmm(n, L, rowptr, colidx, T, E, A, 1);
}

void sep_spmm_gemm_bc_d(int n, int m, int K, int L, const int *pos,
                        const int *crd, const double *Bv, const double *C,
                        const double *D, double *restrict A,
                        double *restrict T) {
  (void)m;
  spmm(n, K, pos, crd, Bv, C, T, 0);
  lnr_gemm(n, K, L, T, D, A, 1);
}

void sep_spmm_gemm_b_cd(int n, int m, int K, int L, const int *pos,
                        const int *crd, const double *Bv, const double *C,
                        const double *D, double *restrict A,
                        double *restrict G) {
  lnr_gemm(m, K, L, C, D, G, 0);
  spmm(n, L, pos, crd, Bv, G, A, 1);
}

void sep_spmmh_gemm_bcd_e(int n, int m, int J, int L, const int *row_start,
                          const int *col, const double *val, const double *C,
                          const double *D, const double *E, double *restrict A,
                          double *restrict T) {
  (void)m;
  ROWS_PARALLEL
  for (int i = 0; i < n; i++) {
    double *t = T + (size_t)i * J;
    for (int j = 0; j < J; j++)
      t[j] = 0;
    for (int q = row_start[i]; q < row_start[i + 1]; q++) {
      const double v = val[q];
      const double *c = C + (size_t)col[q] * J, *d = D + (size_t)col[q] * J;
      for (int j = 0; j < J; j++)
        t[j] += v * c[j] * d[j];
    }
  }
  lnr_gemm(n, J, L, T, E, A, 1);
}

void sep_spmmh_gemm_b_cde(int n, int m, int J, int L, const int *row_start,
                          const int *col, const double *val, const double *C,
                          const double *D, const double *E, double *restrict A,
                          double *restrict G) {
  ROWS_PARALLEL
  for (int k = 0; k < m; k++) {
    double *g = G + (size_t)k * L;
    for (int l = 0; l < L; l++)
      g[l] = 0;
    for (int j = 0; j < J; j++) {
      const double h = C[(size_t)k * J + j] * D[(size_t)k * J + j];
      const double *e = E + (size_t)j * L;
      for (int l = 0; l < L; l++)
        g[l] += h * e[l];
    }
  }
  spmm(n, L, row_start, col, val, G, A, 1);
}

void sep_sddmm_spmm_gemm_tf_w(int n, int m, int K, int L, int M,
                              const int *rowptr, const int *colidx,
                              const double *vals, const double *C,
                              const double *D, const double *F,
                              const double *W, double *restrict A,
                              double *restrict T, double *restrict U) {
  (void)m;
  sddmm(n, K, rowptr, colidx, vals, C, D, T);
  spmm(n, L, rowptr, colidx, T, F, U, 0);
  lnr_gemm(n, L, M, U, W, A, 1);
}

void sep_sddmm_spmm_gemm_t_fw(int n, int m, int K, int L, int M,
                              const int *rowptr, const int *colidx,
                              const double *vals, const double *C,
                              const double *D, const double *F,
                              const double *W, double *restrict A,
                              double *restrict T, double *restrict G) {
  lnr_gemm(m, L, M, F, W, G, 0);
  sddmm(n, K, rowptr, colidx, vals, C, D, T);
  spmm(n, M, rowptr, colidx, T, G, A, 1);
}

void sep_mttkrp_gemm(int I, int J, int M, const int *pos1, const int *crd1,
                     const int *pos2, const int *crd2, const double *vals,
                     const double *C, const double *D, const double *E,
                     double *restrict A, double *restrict T) {
  ROWS_PARALLEL
  for (int i = 0; i < I; i++) {
    double *t = T + (size_t)i * J;
    for (int j = 0; j < J; j++)
      t[j] = 0;
    for (int f = pos1[i]; f < pos1[i + 1]; f++) {
      const double *d = D + (size_t)crd1[f] * J;
      for (int p = pos2[f]; p < pos2[f + 1]; p++) {
        const double v = vals[p];
        const double *c = C + (size_t)crd2[p] * J;
        for (int j = 0; j < J; j++)
          t[j] += v * c[j] * d[j];
      }
    }
  }
  lnr_gemm(I, J, M, T, E, A, 1);
}

void sep_mttkrp_gemm_fact(int I, int J, int M, const int *pos1,
                          const int *crd1, const int *pos2, const int *crd2,
                          const double *vals, const double *C, const double *D,
                          const double *E, double *restrict A,
                          double *restrict T) {
#pragma omp parallel
  {
    double s[J > 0 ? J : 1]; /* per thread, on its own stack */
#pragma omp for schedule(dynamic, 64)
    for (int i = 0; i < I; i++) {
      double *t = T + (size_t)i * J;
      for (int j = 0; j < J; j++)
        t[j] = 0;
      for (int f = pos1[i]; f < pos1[i + 1]; f++) {
        for (int j = 0; j < J; j++)
          s[j] = 0;
        for (int p = pos2[f]; p < pos2[f + 1]; p++) {
          const double v = vals[p];
          const double *c = C + (size_t)crd2[p] * J;
          for (int j = 0; j < J; j++)
            s[j] += v * c[j];
        }
        const double *d = D + (size_t)crd1[f] * J;
        for (int j = 0; j < J; j++)
          t[j] += s[j] * d[j];
      }
    }
  }
  lnr_gemm(I, J, M, T, E, A, 1);
}

void sep_spttm_spttm_bc_d(int I, int nfib, int K, int L, int M,
                          const int *pos1, const int *pos2, const int *crd2,
                          const double *vals, const double *C, const double *D,
                          double *restrict A, double *restrict T) {
  (void)I;
  (void)K;
  (void)pos1;
  /* The fibers (i, j) are the rows of both products. */
  spmm(nfib, L, pos2, crd2, vals, C, T, 0);
  lnr_gemm(nfib, L, M, T, D, A, 1);
}

void sep_spttm_spttm_b_cd(int I, int nfib, int K, int L, int M,
                          const int *pos1, const int *pos2, const int *crd2,
                          const double *vals, const double *C, const double *D,
                          double *restrict A, double *restrict G) {
  (void)I;
  (void)pos1;
  lnr_gemm(K, L, M, C, D, G, 0);
  spmm(nfib, M, pos2, crd2, vals, G, A, 1);
}
