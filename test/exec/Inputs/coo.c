/* Kernels over coordinate (COO) lists, as graph and tensor code writes
 * them: a loop over the nonzeros that loads each coordinate at the
 * position, then reads the values there. */
#include <stdint.h>

/* An edge list's SDDMM then SpMM in one nest (GAT-style edge scores):
 * out(dst,l) += w(e) x(dst,:).y(src,:) z(src,l). */
void edge_sddmm_spmm(int nnz, int K, int L, const int *restrict src,
                     const int *restrict dst, const double *restrict w,
                     const double *restrict x, const double *restrict y,
                     const double *restrict z, double *restrict out) {
  for (int e = 0; e < nnz; e++) {
    int i = dst[e];
    int j = src[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[i * L + l] += w[e] * x[i * K + k] * y[j * K + k] * z[j * L + l];
  }
}

/* The same with 64-bit ids declared before the loop (C89 style) and the
 * values in a local. */
void coo_sddmm_spmm_long(long nnz, long K, long L, const int64_t *restrict row,
                         const int64_t *restrict col,
                         const double *restrict vals, const double *restrict C,
                         const double *restrict D, const double *restrict E,
                         double *restrict A) {
  long p, k, l;
  int64_t i, j;
  for (p = 0; p < nnz; p++) {
    i = row[p];
    j = col[p];
    for (k = 0; k < K; k++) {
      for (l = 0; l < L; l++) {
        double v = vals[p];
        A[i * L + l] += v * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    }
  }
}

/* Without restrict: run under the run-time overlap test, the coordinates
 * scanned once for their range. */
void coo_no_restrict(int nnz, int K, int L, const int *row, const int *col,
                     const double *v, const double *C, const double *D,
                     const double *E, double *A) {
  for (int e = 0; e < nnz; e++) {
    int i = row[e];
    int j = col[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += v[e] * C[i * K + k] * D[j * K + k] * E[j * L + l];
  }
}

/* A batch of graphs sharing one edge list: the schedule puts the list's
 * loop outside the batch loop, and runs nothing when the batch is empty
 * (a caller may pass null arrays with B == 0). */
void coo_batched(int B, int nnz, int K, int L, const int *restrict src,
                 const int *restrict dst, const double *restrict w,
                 const double *restrict x, const double *restrict y,
                 const double *restrict z, double *restrict out) {
  for (int b = 0; b < B; b++)
    for (int e = 0; e < nnz; e++) {
      int i = dst[e];
      int j = src[e];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          out[(b * 16 + i) * L + l] +=
              w[e] * x[i * K + k] * y[j * K + k] * z[(b * 16 + j) * L + l];
    }
}

/* The coordinates read in place, as edge-list code often writes them. */
void edge_in_place(int nnz, int K, int L, const int *restrict src,
                   const int *restrict dst, const double *restrict w,
                   const double *restrict x, const double *restrict y,
                   const double *restrict z, double *restrict out) {
  for (int e = 0; e < nnz; e++)
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[dst[e] * L + l] +=
            w[e] * x[dst[e] * K + k] * y[src[e] * K + k] * z[src[e] * L + l];
}

/* Both coordinates in one declaration, the row first: declared apart in
 * the rewrite. */
void edge_one_declaration(int nnz, int K, int L, const int *restrict src,
                          const int *restrict dst, const double *restrict w,
                          const double *restrict x, const double *restrict y,
                          const double *restrict z, double *restrict out) {
  for (int e = 0; e < nnz; e++) {
    const int v = dst[e], u = src[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[v * L + l] += w[e] * x[v * K + k] * y[u * K + k] * z[u * L + l];
  }
}

/* The coordinates declared in the loop without a value, then loaded
 * (SpComm3D's 'idx_t row, col; row = S.ii[i]; col = S.jj[i];'): each
 * declared where it is loaded in the rewrite. */
void edge_unset_declaration(uint64_t nnz, uint64_t K, uint64_t L,
                            const uint64_t *restrict ii,
                            const uint64_t *restrict jj,
                            const double *restrict w, const double *restrict x,
                            const double *restrict y, const double *restrict z,
                            double *restrict out) {
  for (uint64_t e = 0; e < nnz; ++e) {
    uint64_t row, col;
    row = ii[e];
    col = jj[e];
    for (uint64_t k = 0; k < K; k++)
      for (uint64_t l = 0; l < L; l++)
        out[row * L + l] +=
            w[e] * x[row * K + k] * y[col * K + k] * z[col * L + l];
  }
}
