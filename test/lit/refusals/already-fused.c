// A nest that already computes through a workspace (TACO's precompute, or
// the same fusion by hand): in one block, an array zeroed by a loop, filled
// by the next loop with accumulated products, then read into the output by
// a following loop. The producer and the consumer are already distributed
// and fused: one remark for the nest, whatever stopped the recovery first,
// and the file is left as it is. Without the whole pattern, the nest keeps
// the reason the recovery gives.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

#include <stdlib.h>
#include <string.h>

// TACO's precompute of <SpMM, GEMM>: w(k) = B(i,:) * C, then A(i,:) = w * D.
void spmm_gemm_precompute(int n, int K, int L, const int *restrict pos,
                          const int *restrict crd, const double *restrict B,
                          const double *restrict C, const double *restrict D,
                          double *restrict A) {
  #pragma omp parallel for schedule(runtime)
  for (int i = 0; i < n; i++) {
    double *restrict w = 0;
    w = (double *)malloc(sizeof(double) * K);
    for (int pw = 0; pw < K; pw++) {
      w[pw] = 0.0;
    }
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++) {
        w[k] = w[k] + B[p] * C[j * K + k];
      }
    }
    for (int k = 0; k < K; k++) {
      for (int l = 0; l < L; l++) {
        A[i * L + l] = A[i * L + l] + w[k] * D[k * L + l];
      }
    }
    free(w);
  }
}
// CHECK: already-fused.c:[[@LINE-21]]:3: remark: nest left unchanged: the nest already computes through the workspace 'w' (a precompute or hand fusion: filled at line 27, read into 'A' at line 33); there is nothing left to distribute [lnr-already-fused]

// TACO's precompute of MTTKRP over a CSF tensor, the workspace allocated
// once per row and zeroed per fiber: the pattern is in the body of the loop
// over k, one remark for the whole nest.
void mttkrp_precompute(int n, int J, const int *restrict pos2,
                       const int *restrict crd2, const int *restrict pos3,
                       const int *restrict crd3, const double *restrict B,
                       const double *restrict C, const double *restrict D,
                       double *restrict A) {
  for (int i = 0; i < n; i++) {
    double *restrict workspace = (double *)malloc(sizeof(double) * J);
    for (int kB = pos2[i]; kB < pos2[i + 1]; kB++) {
      int k = crd2[kB];
      for (int pw = 0; pw < J; pw++)
        workspace[pw] = 0.0;
      for (int lB = pos3[kB]; lB < pos3[kB + 1]; lB++) {
        int l = crd3[lB];
        for (int j = 0; j < J; j++)
          workspace[j] += B[lB] * D[l * J + j];
      }
      for (int j = 0; j < J; j++)
        A[i * J + j] += workspace[j] * C[k * J + j];
    }
    free(workspace);
  }
}
// CHECK: already-fused.c:[[@LINE-17]]:3: remark: nest left unchanged: the nest already computes through the workspace 'workspace' (a precompute or hand fusion: filled at line 57, read into 'A' at line 62); there is nothing left to distribute [lnr-already-fused]

// By hand: a local array cleared with memset, the consumer through a scalar
// accumulator.
void spmm_gemm_stack(int n, int L, const int *restrict pos,
                     const int *restrict crd, const double *restrict B,
                     const double *restrict C, const double *restrict D,
                     double *restrict A) {
  for (int i = 0; i < n; i++) {
    double w[16];
    memset(w, 0, sizeof w);
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < 16; k++)
        w[k] += B[p] * C[crd[p] * 16 + k];
    for (int l = 0; l < L; l++) {
      double s = 0.0;
      for (int k = 0; k < 16; k++)
        s += w[k] * D[k * L + l];
      A[i * L + l] = s;
    }
  }
}
// CHECK: already-fused.c:[[@LINE-14]]:3: remark: nest left unchanged: the nest already computes through the workspace 'w' (a precompute or hand fusion: filled at line 79, read into 'A' at line 82); there is nothing left to distribute [lnr-already-fused]

// calloc'd in the row's block: zeroed where it is allocated.
void spmm_gemm_calloc(int n, int K, int L, const int *restrict pos,
                      const int *restrict crd, const double *restrict B,
                      const double *restrict C, const double *restrict D,
                      double *restrict A) {
  for (int i = 0; i < n; i++) {
    double *w = (double *)calloc(K, sizeof(double));
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        w[k] += B[p] * C[crd[p] * K + k];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += w[k] * D[k * L + l];
    free(w);
  }
}
// CHECK: already-fused.c:[[@LINE-11]]:3: remark: nest left unchanged: the nest already computes through the workspace 'w' (a precompute or hand fusion: filled at line 99, read into 'A' at line 102); there is nothing left to distribute [lnr-already-fused]

// Negative: fused through a scalar, not a workspace: the recovery's reason.
void sddmm_spmm_scalar(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      double t = 0;
      for (int k = 0; k < K; k++)
        t += vals[p] * C[i * K + k] * D[j * K + k];
      for (int l = 0; l < L; l++)
        A[i * L + l] += t * E[j * L + l];
    }
  }
}
// CHECK: already-fused.c:[[@LINE-5]]:7: remark: nest left unchanged: the loop body holds more than one statement; only perfect nests are rewritten [lnr-imperfect-nest]

// Negative: the output row cleared, then accumulated; no array read after.
void spmm_clear_row(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int l = 0; l < L; l++)
      A[i * L + l] = 0;
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// CHECK: already-fused.c:[[@LINE-8]]:5: remark: nest left unchanged: the loop body holds more than one statement; only perfect nests are rewritten [lnr-imperfect-nest]

// Negative: a workspace whose consumer multiplies it by two more factors
// (w(j) * D(j,k) * E(k,l)): that product could still be distributed.
void workspace_long_consumer(int n, int J, int K, int L,
                             const int *restrict pos, const int *restrict crd,
                             const double *restrict B, const double *restrict C,
                             const double *restrict D, const double *restrict E,
                             double *restrict A) {
  for (int i = 0; i < n; i++) {
    double *w = (double *)malloc(sizeof(double) * J);
    for (int j = 0; j < J; j++)
      w[j] = 0;
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int j = 0; j < J; j++)
        w[j] += B[p] * C[crd[p] * J + j];
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += w[j] * D[j * K + k] * E[k * L + l];
    free(w);
  }
}
// CHECK: already-fused.c:[[@LINE-10]]:5: remark: nest left unchanged: the loop body holds more than one statement; only perfect nests are rewritten [lnr-imperfect-nest]

// Negative: the workspace is filled, but nothing reads it into the output.
void workspace_unread(int n, int K, const int *restrict pos,
                      const int *restrict crd, const double *restrict B,
                      const double *restrict C, double *restrict A) {
  for (int i = 0; i < n; i++) {
    double *w = (double *)malloc(sizeof(double) * K);
    for (int k = 0; k < K; k++)
      w[k] = 0;
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        w[k] += B[p] * C[crd[p] * K + k];
    A[i] = 0;
    free(w);
  }
}

// CHECK: already-fused.c:[[@LINE-8]]:5: remark: nest left unchanged: the loop body holds more than one statement; only perfect nests are rewritten [lnr-imperfect-nest]
