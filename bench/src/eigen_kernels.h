/* The kernels as an Eigen user writes them (Eigen 3.4, bench/src/
 * eigen_kernels.cc): sparse matrices as Eigen::Map of the benchmark's CSR
 * arrays (no copy), dense operands as row-major Maps, intermediates in
 * caller-provided workspaces (as the hand-written separate kernels).
 * Eigen has no sampled dense-dense product: the SDDMM step is a loop over
 * the nonzeros calling Eigen's dot(). Eigen has no sparse tensors, but
 * <SpTTM, SpTTM>'s B is a CSR matrix whose rows are B's fibers (i, j), so it
 * maps too; <MTTKRP, GEMM> has no Eigen form (the Khatri-Rao product would
 * be dense K*L x J). Eigen's threads: Eigen::setNbThreads (its GEMM and its
 * row-major sparse x dense product are OpenMP-parallel). */
#ifndef LNR_BENCH_EIGEN_KERNELS_H
#define LNR_BENCH_EIGEN_KERNELS_H

namespace lnr_eigen {

void set_threads(int threads);

void sddmm_spmm(int n, int m, int nnz, int K, int L, const int *rowptr,
                const int *colidx, const double *vals, const double *C,
                const double *D, const double *E, double *A, double *T);

void spmm_gemm_bc_d(int n, int m, int nnz, int K, int L, const int *pos,
                    const int *crd, const double *Bv, const double *C,
                    const double *D, double *A, double *T);
void spmm_gemm_b_cd(int n, int m, int nnz, int K, int L, const int *pos,
                    const int *crd, const double *Bv, const double *C,
                    const double *D, double *A, double *G);

void spmmh_gemm_bcd_e(int n, int m, int nnz, int J, int L, const int *pos,
                      const int *crd, const double *val, const double *C,
                      const double *D, const double *E, double *A, double *T);
void spmmh_gemm_b_cde(int n, int m, int nnz, int J, int L, const int *pos,
                      const int *crd, const double *val, const double *C,
                      const double *D, const double *E, double *A, double *G);

void sddmm_spmm_gemm_tf_w(int n, int m, int nnz, int K, int L, int M,
                          const int *rowptr, const int *colidx,
                          const double *vals, const double *C, const double *D,
                          const double *F, const double *W, double *A,
                          double *T, double *U);
void sddmm_spmm_gemm_t_fw(int n, int m, int nnz, int K, int L, int M,
                          const int *rowptr, const int *colidx,
                          const double *vals, const double *C, const double *D,
                          const double *F, const double *W, double *A,
                          double *T, double *G);

void spttm_spttm_bc_d(int nfib, int K, int nnz, int L, int M, const int *pos2,
                      const int *crd2, const double *vals, const double *C,
                      const double *D, double *A, double *T);
void spttm_spttm_b_cd(int nfib, int K, int nnz, int L, int M, const int *pos2,
                      const int *crd2, const double *vals, const double *C,
                      const double *D, double *A, double *G);

} // namespace lnr_eigen

#endif
