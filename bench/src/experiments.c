/* Experiments (lnr-bench --suite=why): lnr-rewrite's output for a sample,
 * copied by hand and changed in ONE way each, to measure why the rewrite
 * loses where it does and what a change to the code generator or the
 * scheduler would gain. They are not the tool's output; the tool is not
 * changed. Each starts from the text the tool generates (bench/
 * <name>.rewritten.c, with #pragma omp simd on the inner loops) and says
 * what it changes. Compiled with the kernels' flags. */
#include <stdlib.h>

#include "kernels.h"

/* <SDDMM, SpMM>, change 1: the factor vals[p], invariant in k, taken out
 * of the reduction over k (t = vals[p] * sum_k C*D): one multiplication per
 * k less. The generator would place each factor at the loop level where its
 * indices are bound (vals(i,j) at the j loop). */
void exp_sddmm_spmm_hoist(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A) {
#pragma omp parallel for schedule(dynamic, 64)
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      double t = 0;
#pragma omp simd reduction(+ : t)
      for (int k = 0; k < K; k++) {
        t += C[i * K + k] * D[j * K + k];
      }
      t *= vals[p];
#pragma omp simd
      for (int l = 0; l < L; l++) {
        A[i * L + l] += t * E[j * L + l];
      }
    }
  }
}

/* <SDDMM, SpMM>, change 2: as change 1, and the reduction over k split
 * into 8 independent partial sums (4 SSE2 vectors), so that consecutive
 * additions do not wait for each other (a floating-point add has a latency
 * of several cycles; one vector accumulator serializes them). Eigen's dot()
 * does this. The generator would emit the reduction with several
 * accumulators (or `simdlen`), which -ffast-math allows. */
void exp_sddmm_spmm_acc(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
#pragma omp parallel for schedule(dynamic, 64)
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      double acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
      int k = 0;
      for (; k + 8 <= K; k += 8)
        for (int u = 0; u < 8; u++)
          acc[u] += C[i * K + k + u] * D[j * K + k + u];
      double t = ((acc[0] + acc[4]) + (acc[1] + acc[5])) +
                 ((acc[2] + acc[6]) + (acc[3] + acc[7]));
      for (; k < K; k++)
        t += C[i * K + k] * D[j * K + k];
      t *= vals[p];
#pragma omp simd
      for (int l = 0; l < L; l++) {
        A[i * L + l] += t * E[j * L + l];
      }
    }
  }
}

/* The consumer GEMM of the vector-temporary schedules, A(i,:) += t(:) *
 * W(:,:), done for 4 rows at once with a 4 x 4 block of A held in
 * registers across the whole reduction over k (a register-blocked
 * micro-kernel, as every GEMM has): each element of W is loaded once for 4
 * rows, and A is loaded and stored once per block instead of once per k.
 * tb holds the 4 rows' temporaries, K each. GCC vector extensions, SSE2
 * width (the kernels are built without -march). */
typedef double v2d __attribute__((vector_size(16)));

static inline v2d ld(const double *p) {
  v2d x;
  __builtin_memcpy(&x, p, sizeof x);
  return x;
}
static inline void st(double *p, v2d x) { __builtin_memcpy(p, &x, sizeof x); }

static void consume4(int rows, int K, int L, const double *tb, const double *W,
                     double *restrict A /* first row */) {
  int l0 = 0;
  if (rows == 4) {
    const double *t0 = tb, *t1 = tb + K, *t2 = tb + 2 * K, *t3 = tb + 3 * K;
    double *A0 = A, *A1 = A + L, *A2 = A + 2 * L, *A3 = A + 3 * L;
    for (; l0 + 4 <= L; l0 += 4) {
      v2d a00 = ld(A0 + l0), a01 = ld(A0 + l0 + 2);
      v2d a10 = ld(A1 + l0), a11 = ld(A1 + l0 + 2);
      v2d a20 = ld(A2 + l0), a21 = ld(A2 + l0 + 2);
      v2d a30 = ld(A3 + l0), a31 = ld(A3 + l0 + 2);
      for (int k = 0; k < K; k++) {
        const double *w = W + (size_t)k * L + l0;
        const v2d w0 = ld(w), w1 = ld(w + 2);
        const v2d b0 = {t0[k], t0[k]}, b1 = {t1[k], t1[k]},
                  b2 = {t2[k], t2[k]}, b3 = {t3[k], t3[k]};
        a00 += b0 * w0;
        a01 += b0 * w1;
        a10 += b1 * w0;
        a11 += b1 * w1;
        a20 += b2 * w0;
        a21 += b2 * w1;
        a30 += b3 * w0;
        a31 += b3 * w1;
      }
      st(A0 + l0, a00);
      st(A0 + l0 + 2, a01);
      st(A1 + l0, a10);
      st(A1 + l0 + 2, a11);
      st(A2 + l0, a20);
      st(A2 + l0 + 2, a21);
      st(A3 + l0, a30);
      st(A3 + l0 + 2, a31);
    }
  }
  /* Fewer than 4 rows, or the last L % 4 columns: as the rewrite does. */
  for (int r = 0; r < rows; r++)
    for (int k = 0; k < K; k++) {
      const double t = tb[r * K + k];
      const double *w = W + (size_t)k * L;
      for (int l = rows == 4 ? l0 : 0; l < L; l++)
        A[r * L + l] += t * w[l];
    }
}

/* <SpMM, GEMM>: the rewrite with its shared loop i tiled by 4 and the
 * temporary t(k) widened to t(4, k), so that the consumer is a 4-row GEMM
 * (consume4) instead of 4 separate vector-matrix products. */
static void spmm_gemm_block4(int n, int K, int L, const int *pos,
                             const int *crd, const double *Bv, const double *C,
                             const double *D, double *restrict A, int pf) {
#pragma omp parallel
  {
    double *t = (double *)malloc(sizeof(double) * 4 * (K > 0 ? K : 1));
#pragma omp for schedule(dynamic, 16)
    for (int ib = 0; ib < n; ib += 4) {
      const int rows = n - ib < 4 ? n - ib : 4;
      for (int r = 0; r < rows; r++) {
        const int i = ib + r;
        double *ti = t + r * K;
        for (int k = 0; k < K; k++)
          ti[k] = 0;
        for (int p = pos[i]; p < pos[i + 1]; p++) {
          int j = crd[p];
          if (pf && p + 1 < pos[n])
            for (int x = 0; x < K; x += 8)
              __builtin_prefetch(&C[crd[p + 1] * K + x]);
#pragma omp simd
          for (int k = 0; k < K; k++)
            ti[k] += Bv[p] * C[j * K + k];
        }
      }
      consume4(rows, K, L, t, D, A + (size_t)ib * L);
    }
    free(t);
  }
}

void exp_spmm_gemm_block4(int n, int K, int L, const int *pos, const int *crd,
                          const double *Bv, const double *C, const double *D,
                          double *restrict A) {
  spmm_gemm_block4(n, K, L, pos, crd, Bv, C, D, A, 0);
}

/* ... and with software prefetches of the next nonzero's row of C (one per
 * 64-byte line) in the producer, as x_prefetch of <SDDMM, SpMM>. */
void exp_spmm_gemm_block4_pf(int n, int K, int L, const int *pos,
                             const int *crd, const double *Bv, const double *C,
                             const double *D, double *restrict A) {
  spmm_gemm_block4(n, K, L, pos, crd, Bv, C, D, A, 1);
}

/* <SpMMH, GEMM>: the same tiling. */
static void spmmh_gemm_block4(int n, int J, int L, const int *row_start,
                              const int *col, const double *val,
                              const double *C, const double *D,
                              const double *E, double *restrict A, int pf) {
#pragma omp parallel
  {
    double *t = (double *)malloc(sizeof(double) * 4 * (J > 0 ? J : 1));
#pragma omp for schedule(dynamic, 16)
    for (int ib = 0; ib < n; ib += 4) {
      const int rows = n - ib < 4 ? n - ib : 4;
      for (int r = 0; r < rows; r++) {
        const int i = ib + r;
        double *ti = t + r * J;
        for (int j = 0; j < J; j++)
          ti[j] = 0;
        for (int q = row_start[i]; q < row_start[i + 1]; q++) {
          int k = col[q];
          if (pf && q + 1 < row_start[n])
            for (int x = 0; x < J; x += 8) {
              __builtin_prefetch(&C[col[q + 1] * J + x]);
              __builtin_prefetch(&D[col[q + 1] * J + x]);
            }
#pragma omp simd
          for (int j = 0; j < J; j++)
            ti[j] += val[q] * C[k * J + j] * D[k * J + j];
        }
      }
      consume4(rows, J, L, t, E, A + (size_t)ib * L);
    }
    free(t);
  }
}

void exp_spmmh_gemm_block4(int n, int J, int L, const int *row_start,
                           const int *col, const double *val, const double *C,
                           const double *D, const double *E,
                           double *restrict A) {
  spmmh_gemm_block4(n, J, L, row_start, col, val, C, D, E, A, 0);
}

void exp_spmmh_gemm_block4_pf(int n, int J, int L, const int *row_start,
                              const int *col, const double *val,
                              const double *C, const double *D,
                              const double *E, double *restrict A) {
  spmmh_gemm_block4(n, J, L, row_start, col, val, C, D, E, A, 1);
}

/* <MTTKRP, GEMM>: the same tiling of i. */
void exp_mttkrp_gemm_block4(int I, int J, int M, const int *pos1,
                            const int *crd1, const int *pos2, const int *crd2,
                            const double *vals, const double *C,
                            const double *D, const double *E,
                            double *restrict A) {
#pragma omp parallel
  {
    double *t = (double *)malloc(sizeof(double) * 4 * (J > 0 ? J : 1));
#pragma omp for schedule(dynamic, 16)
    for (int ib = 0; ib < I; ib += 4) {
      const int rows = I - ib < 4 ? I - ib : 4;
      for (int r = 0; r < rows; r++) {
        const int i = ib + r;
        double *ti = t + r * J;
        for (int j = 0; j < J; j++)
          ti[j] = 0;
        for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
          int k = crd1[p1];
          for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
            int l = crd2[p2];
#pragma omp simd
            for (int j = 0; j < J; j++)
              ti[j] += vals[p2] * C[l * J + j] * D[k * J + j];
          }
        }
      }
      consume4(rows, J, M, t, E, A + (size_t)ib * M);
    }
    free(t);
  }
}

/* <SpTTM, SpTTM>: the shared loops are (i, j), i.e. the fibers p1, whose
 * output rows A(p1, :) are contiguous: tiled by 4 consecutive fibers over
 * the whole tensor (slices often hold one fiber, so tiling within a slice
 * would rarely fill a tile), the 4 fibers' temporaries t(4, l) then one
 * 4-row consumer. */
static void spttm_spttm_block4(int I, int L, int M, const int *pos1,
                               const int *crd1, const int *pos2,
                               const int *crd2, const double *vals,
                               const double *C, const double *D,
                               double *restrict A, int pf) {
  (void)crd1;
  const int nfib = pos1[I], nnz = pos2[nfib];
#pragma omp parallel
  {
    double *t = (double *)malloc(sizeof(double) * 4 * (L > 0 ? L : 1));
#pragma omp for schedule(dynamic, 16)
    for (int fb = 0; fb < nfib; fb += 4) {
      const int rows = nfib - fb < 4 ? nfib - fb : 4;
      for (int r = 0; r < rows; r++) {
        const int p1 = fb + r;
        double *tr = t + r * L;
        for (int l = 0; l < L; l++)
          tr[l] = 0;
        for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
          int k = crd2[p2];
          if (pf && p2 + 1 < nnz)
            for (int x = 0; x < L; x += 8)
              __builtin_prefetch(&C[crd2[p2 + 1] * L + x]);
#pragma omp simd
          for (int l = 0; l < L; l++)
            tr[l] += vals[p2] * C[k * L + l];
        }
      }
      consume4(rows, L, M, t, D, A + (size_t)fb * M);
    }
    free(t);
  }
}

void exp_spttm_spttm_block4(int I, int L, int M, const int *pos1,
                            const int *crd1, const int *pos2, const int *crd2,
                            const double *vals, const double *C,
                            const double *D, double *restrict A) {
  spttm_spttm_block4(I, L, M, pos1, crd1, pos2, crd2, vals, C, D, A, 0);
}

void exp_spttm_spttm_block4_pf(int I, int L, int M, const int *pos1,
                               const int *crd1, const int *pos2,
                               const int *crd2, const double *vals,
                               const double *C, const double *D,
                               double *restrict A) {
  spttm_spttm_block4(I, L, M, pos1, crd1, pos2, crd2, vals, C, D, A, 1);
}

/* <SDDMM, SpMM, GEMM>: changes 1 and 2 of <SDDMM, SpMM> in the producer
 * and the 4-row consumer. */
void exp_sddmm_spmm_gemm_block4(int n, int K, int L, int M, const int *rowptr,
                                const int *colidx, const double *vals,
                                const double *C, const double *D,
                                const double *F, const double *W,
                                double *restrict A) {
#pragma omp parallel
  {
    double *t = (double *)malloc(sizeof(double) * 4 * (L > 0 ? L : 1));
#pragma omp for schedule(dynamic, 16)
    for (int ib = 0; ib < n; ib += 4) {
      const int rows = n - ib < 4 ? n - ib : 4;
      for (int r = 0; r < rows; r++) {
        const int i = ib + r;
        double *ti = t + r * L;
        for (int l = 0; l < L; l++)
          ti[l] = 0;
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
          int j = colidx[p];
          double acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
          int k = 0;
          for (; k + 8 <= K; k += 8)
            for (int u = 0; u < 8; u++)
              acc[u] += C[i * K + k + u] * D[j * K + k + u];
          double t1 = ((acc[0] + acc[4]) + (acc[1] + acc[5])) +
                      ((acc[2] + acc[6]) + (acc[3] + acc[7]));
          for (; k < K; k++)
            t1 += C[i * K + k] * D[j * K + k];
          t1 *= vals[p];
#pragma omp simd
          for (int l = 0; l < L; l++)
            ti[l] += t1 * F[j * L + l];
        }
      }
      consume4(rows, L, M, t, W, A + (size_t)ib * M);
    }
    free(t);
  }
}

/* <SDDMM, SpMM>, change 3: the shared loops cut back to i alone, with the
 * temporary stored at B's positions in row i (the schedule the core plans
 * as "temporary stored at a sparse tensor's positions" and the generator
 * refuses as [lnr-unsupported-temporary]): for each row, first every
 * t(p) = vals(p) * C(i,:).D(j,:), then every A(i,:) += t(p) * E(j,:).
 * Each loop is then as short as the separate kernels' and its loads of the
 * next rows of D (or E) are independent of the previous reduction. The
 * buffer holds the longest row, per thread. */
void exp_sddmm_spmm_rowsplit(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D,
                             const double *E, double *restrict A) {
  int longest = 1;
  for (int i = 0; i < n; i++)
    if (rowptr[i + 1] - rowptr[i] > longest)
      longest = rowptr[i + 1] - rowptr[i];
#pragma omp parallel
  {
    double *t = (double *)malloc(sizeof(double) * longest);
#pragma omp for schedule(dynamic, 64)
    for (int i = 0; i < n; i++) {
      const int p0 = rowptr[i];
      for (int p = p0; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        double s = 0;
#pragma omp simd reduction(+ : s)
        for (int k = 0; k < K; k++)
          s += C[i * K + k] * D[j * K + k];
        t[p - p0] = vals[p] * s;
      }
      for (int p = p0; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        const double tp = t[p - p0];
#pragma omp simd
        for (int l = 0; l < L; l++)
          A[i * L + l] += tp * E[j * L + l];
      }
    }
    free(t);
  }
}

/* <SDDMM, SpMM>, change 4: the rewrite as generated, plus software
 * prefetches of the next nonzero's rows of D and E (one per 64-byte line),
 * issued before the current reduction. */
void exp_sddmm_spmm_prefetch(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D,
                             const double *E, double *restrict A) {
  const int nnz = rowptr[n];
#pragma omp parallel for schedule(dynamic, 64)
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      if (p + 1 < nnz) {
        const int jn = colidx[p + 1];
        for (int x = 0; x < K; x += 8)
          __builtin_prefetch(&D[jn * K + x]);
        for (int x = 0; x < L; x += 8)
          __builtin_prefetch(&E[jn * L + x]);
      }
      double t = 0;
#pragma omp simd reduction(+ : t)
      for (int k = 0; k < K; k++) {
        t += vals[p] * C[i * K + k] * D[j * K + k];
      }
#pragma omp simd
      for (int l = 0; l < L; l++) {
        A[i * L + l] += t * E[j * L + l];
      }
    }
  }
}

/* <SpMM, GEMM>: the rewrite as generated (prefetches included), with the
 * consumer's loop over k unrolled by 4 and jammed into the loop over l, so
 * each element of the row A(i,:) is loaded and stored once per four k
 * instead of once per k. */
void exp_spmm_gemm_jam4(int n, int K, int L, const int *pos, const int *crd,
                        const double *Bv, const double *C, const double *D,
                        double *restrict A) {
#pragma omp parallel
  {
    double *t = (double *)malloc(sizeof(double) * K);
#pragma omp for schedule(dynamic, 64)
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < K; k++)
        t[k] = 0;
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        if (p + 1 < pos[i + 1])
          for (int pf = 0; pf < K; pf += 8)
            __builtin_prefetch(&C[crd[p + 1] * K + pf]);
#pragma omp simd
        for (int k = 0; k < K; k++)
          t[k] += Bv[p] * C[j * K + k];
      }
      int k = 0;
      for (; k + 4 <= K; k += 4) {
        const double t0 = t[k], t1 = t[k + 1], t2 = t[k + 2], t3 = t[k + 3];
        const double *d0 = D + (size_t)k * L;
#pragma omp simd
        for (int l = 0; l < L; l++)
          A[i * L + l] += t0 * d0[l] + t1 * d0[L + l] + t2 * d0[2 * L + l] +
                          t3 * d0[3 * L + l];
      }
      for (; k < K; k++) {
#pragma omp simd
        for (int l = 0; l < L; l++)
          A[i * L + l] += t[k] * D[k * L + l];
      }
    }
    free(t);
  }
}
