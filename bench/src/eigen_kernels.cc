#include "eigen_kernels.h"

#include <Eigen/Core>
#include <Eigen/SparseCore>

#ifndef EIGEN_HAS_OPENMP
#error "the Eigen kernels must be compiled with OpenMP (Eigen's threads)"
#endif

namespace lnr_eigen {
namespace {

using RM = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MapRM = Eigen::Map<RM>;
using CMapRM = Eigen::Map<const RM>;
using SpRM = Eigen::SparseMatrix<double, Eigen::RowMajor, int>;
using CMapSp = Eigen::Map<const SpRM>;

CMapSp sparse(int rows, int cols, int nnz, const int *pos, const int *crd,
              const double *vals) {
  return CMapSp(rows, cols, nnz, pos, crd, vals);
}

// The sampled product, T(p) = B(p) * C(i,:).D(j,:), with Eigen's dot.
void sddmm(int n, int m, int K, const int *rowptr, const int *colidx,
           const double *vals, const double *C, const double *D, double *T) {
  CMapRM Cm(C, n, K), Dm(D, m, K);
#pragma omp parallel for schedule(dynamic, 64)
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      T[p] = vals[p] * Cm.row(i).dot(Dm.row(colidx[p]));
}

} // namespace

void set_threads(int threads) { Eigen::setNbThreads(threads); }

void sddmm_spmm(int n, int m, int nnz, int K, int L, const int *rowptr,
                const int *colidx, const double *vals, const double *C,
                const double *D, const double *E, double *A, double *T) {
  sddmm(n, m, K, rowptr, colidx, vals, C, D, T);
  MapRM Am(A, n, L);
  Am.noalias() += sparse(n, m, nnz, rowptr, colidx, T) * CMapRM(E, m, L);
}

void spmm_gemm_bc_d(int n, int m, int nnz, int K, int L, const int *pos,
                    const int *crd, const double *Bv, const double *C,
                    const double *D, double *A, double *T) {
  MapRM Tm(T, n, K), Am(A, n, L);
  Tm.noalias() = sparse(n, m, nnz, pos, crd, Bv) * CMapRM(C, m, K);
  Am.noalias() += Tm * CMapRM(D, K, L);
}

void spmm_gemm_b_cd(int n, int m, int nnz, int K, int L, const int *pos,
                    const int *crd, const double *Bv, const double *C,
                    const double *D, double *A, double *G) {
  MapRM Gm(G, m, L), Am(A, n, L);
  Gm.noalias() = CMapRM(C, m, K) * CMapRM(D, K, L);
  Am.noalias() += sparse(n, m, nnz, pos, crd, Bv) * Gm;
}

void spmmh_gemm_bcd_e(int n, int m, int nnz, int J, int L, const int *pos,
                      const int *crd, const double *val, const double *C,
                      const double *D, const double *E, double *A, double *T) {
  MapRM Tm(T, n, J), Am(A, n, L);
  Tm.noalias() = sparse(n, m, nnz, pos, crd, val) *
                 CMapRM(C, m, J).cwiseProduct(CMapRM(D, m, J));
  Am.noalias() += Tm * CMapRM(E, J, L);
}

void spmmh_gemm_b_cde(int n, int m, int nnz, int J, int L, const int *pos,
                      const int *crd, const double *val, const double *C,
                      const double *D, const double *E, double *A, double *G) {
  MapRM Gm(G, m, L), Am(A, n, L);
  Gm.noalias() = CMapRM(C, m, J).cwiseProduct(CMapRM(D, m, J)) *
                 CMapRM(E, J, L);
  Am.noalias() += sparse(n, m, nnz, pos, crd, val) * Gm;
}

void sddmm_spmm_gemm_tf_w(int n, int m, int nnz, int K, int L, int M,
                          const int *rowptr, const int *colidx,
                          const double *vals, const double *C, const double *D,
                          const double *F, const double *W, double *A,
                          double *T, double *U) {
  sddmm(n, m, K, rowptr, colidx, vals, C, D, T);
  MapRM Um(U, n, L), Am(A, n, M);
  Um.noalias() = sparse(n, m, nnz, rowptr, colidx, T) * CMapRM(F, m, L);
  Am.noalias() += Um * CMapRM(W, L, M);
}

void sddmm_spmm_gemm_t_fw(int n, int m, int nnz, int K, int L, int M,
                          const int *rowptr, const int *colidx,
                          const double *vals, const double *C, const double *D,
                          const double *F, const double *W, double *A,
                          double *T, double *G) {
  MapRM Gm(G, m, M), Am(A, n, M);
  Gm.noalias() = CMapRM(F, m, L) * CMapRM(W, L, M);
  sddmm(n, m, K, rowptr, colidx, vals, C, D, T);
  Am.noalias() += sparse(n, m, nnz, rowptr, colidx, T) * Gm;
}

void spttm_spttm_bc_d(int nfib, int K, int nnz, int L, int M, const int *pos2,
                      const int *crd2, const double *vals, const double *C,
                      const double *D, double *A, double *T) {
  MapRM Tm(T, nfib, L), Am(A, nfib, M);
  Tm.noalias() = sparse(nfib, K, nnz, pos2, crd2, vals) * CMapRM(C, K, L);
  Am.noalias() += Tm * CMapRM(D, L, M);
}

void spttm_spttm_b_cd(int nfib, int K, int nnz, int L, int M, const int *pos2,
                      const int *crd2, const double *vals, const double *C,
                      const double *D, double *A, double *G) {
  MapRM Gm(G, K, M), Am(A, nfib, M);
  Gm.noalias() = CMapRM(C, K, L) * CMapRM(D, L, M);
  Am.noalias() += sparse(nfib, K, nnz, pos2, crd2, vals) * Gm;
}

} // namespace lnr_eigen
