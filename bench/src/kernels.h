/* The kernels under measurement.
 *
 *  <name>_original   the sample in samples/, compiled as it is, its function
 *                    renamed with -D (a perfect nest, no OpenMP pragma except
 *                    in the TACO sample);
 *  <name>_rewritten  lnr-rewrite's output for that sample, generated at build
 *                    time (bench/RewriteSample.cmake), renamed the same way;
 *  sep_<name>_<assoc> hand-written separate kernels (bench/src/separate.c):
 *                    each product of two operands its own loop nest, the
 *                    intermediate materialized in a caller-provided workspace
 *                    (allocated once, outside the timed region), every nest
 *                    parallel over its rows with schedule(dynamic, 64) as
 *                    the rewrite's.
 *
 * All dense operands are row-major. Every kernel accumulates into A
 * (A += ...), except the TACO sample, which overwrites A.
 */
#ifndef LNR_BENCH_KERNELS_H
#define LNR_BENCH_KERNELS_H

#ifdef __cplusplus
#define LNR_RESTRICT __restrict
extern "C" {
#else
#define LNR_RESTRICT restrict
#endif

/* alias_test and alias_assumed: the sample with the output's 'restrict'
 * taken out, rewritten under the run-time overlap test and with
 * --assume-no-alias (bench/CMakeLists.txt), for the cost of the test. */
#define LNR_VARIANTS(X) X(original) X(rewritten) X(alias_test) X(alias_assumed)

/* <SDDMM, SpMM>: A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l) */
#define X(v)                                                                   \
  void sddmm_spmm_##v(int n, int K, int L, const int *rowptr,                  \
                      const int *colidx, const double *vals, const double *C,  \
                      const double *D, const double *E,                        \
                      double *LNR_RESTRICT A);
LNR_VARIANTS(X)
#undef X
/* T(p) = B(p) * C(i,:).D(j,:)  then  A(i,:) += T(p) * E(j,:) */
void sep_sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *LNR_RESTRICT A,
                    double *LNR_RESTRICT T /* nnz */);

/* <SpMM, GEMM>: A(i,l) += B(i,j) * C(j,k) * D(k,l) */
#define X(v)                                                                   \
  void spmm_gemm_##v(int n, int K, int L, const int *pos, const int *crd,      \
                     const double *Bv, const double *C, const double *D,       \
                     double *LNR_RESTRICT A);
LNR_VARIANTS(X)
#undef X
/* (B*C)*D: T = B*C (n x K), A += T*D */
void sep_spmm_gemm_bc_d(int n, int m, int K, int L, const int *pos,
                        const int *crd, const double *Bv, const double *C,
                        const double *D, double *LNR_RESTRICT A,
                        double *LNR_RESTRICT T /* n*K */);
/* B*(C*D): G = C*D (m x L), A += B*G */
void sep_spmm_gemm_b_cd(int n, int m, int K, int L, const int *pos,
                        const int *crd, const double *Bv, const double *C,
                        const double *D, double *LNR_RESTRICT A,
                        double *LNR_RESTRICT G /* m*L */);

/* <SpMMH, GEMM>: A(i,l) += B(i,k) * C(k,j) * D(k,j) * E(j,l) */
#define X(v)                                                                   \
  void spmmh_gemm_##v(int n, int J, int L, const int *row_start,               \
                      const int *col, const double *val, const double *C,      \
                      const double *D, const double *E,                        \
                      double *LNR_RESTRICT A);
LNR_VARIANTS(X)
#undef X
/* (B*(C.D))*E: T = B*(C.D) (n x J), A += T*E */
void sep_spmmh_gemm_bcd_e(int n, int m, int J, int L, const int *row_start,
                          const int *col, const double *val, const double *C,
                          const double *D, const double *E,
                          double *LNR_RESTRICT A,
                          double *LNR_RESTRICT T /* n*J */);
/* B*((C.D)*E): G = (C.D)*E (m x L), A += B*G */
void sep_spmmh_gemm_b_cde(int n, int m, int J, int L, const int *row_start,
                          const int *col, const double *val, const double *C,
                          const double *D, const double *E,
                          double *LNR_RESTRICT A,
                          double *LNR_RESTRICT G /* m*L */);

/* <SDDMM, SpMM, GEMM>: A(i,m) += B(i,j) * C(i,k) * D(j,k) * F(j,l) * W(l,m) */
#define X(v)                                                                   \
  void sddmm_spmm_gemm_##v(int n, int K, int L, int M, const int *rowptr,      \
                           const int *colidx, const double *vals,              \
                           const double *C, const double *D, const double *F,  \
                           const double *W, double *LNR_RESTRICT A);
LNR_VARIANTS(X)
#undef X
/* ((SDDMM)*F)*W: T = SDDMM (nnz), U = T*F (n x L), A += U*W */
void sep_sddmm_spmm_gemm_tf_w(int n, int m, int K, int L, int M,
                              const int *rowptr, const int *colidx,
                              const double *vals, const double *C,
                              const double *D, const double *F, const double *W,
                              double *LNR_RESTRICT A,
                              double *LNR_RESTRICT T /* nnz */,
                              double *LNR_RESTRICT U /* n*L */);
/* (SDDMM)*(F*W): G = F*W (m x M), T = SDDMM (nnz), A += T*G */
void sep_sddmm_spmm_gemm_t_fw(int n, int m, int K, int L, int M,
                              const int *rowptr, const int *colidx,
                              const double *vals, const double *C,
                              const double *D, const double *F, const double *W,
                              double *LNR_RESTRICT A,
                              double *LNR_RESTRICT T /* nnz */,
                              double *LNR_RESTRICT G /* m*M */);

/* <MTTKRP, GEMM>: A(i,m) += B(i,k,l) * C(l,j) * D(k,j) * E(j,m), B in CSF */
#define X(v)                                                                   \
  void mttkrp_gemm_##v(int I, int J, int M, const int *pos1, const int *crd1,  \
                       const int *pos2, const int *crd2, const double *vals,   \
                       const double *C, const double *D, const double *E,      \
                       double *LNR_RESTRICT A);
LNR_VARIANTS(X)
#undef X
/* T = MTTKRP (I x J) as written (every entry multiplies C and D), A += T*E */
void sep_mttkrp_gemm(int I, int J, int M, const int *pos1, const int *crd1,
                     const int *pos2, const int *crd2, const double *vals,
                     const double *C, const double *D, const double *E,
                     double *LNR_RESTRICT A, double *LNR_RESTRICT T /* I*J */);
/* As above with the usual CSF MTTKRP (SPLATT): D(k,:) factored out of each
 * fiber, s(j) = sum_l B(i,k,l) C(l,j); T(i,j) += s(j) D(k,j). */
void sep_mttkrp_gemm_fact(int I, int J, int M, const int *pos1, const int *crd1,
                          const int *pos2, const int *crd2, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *LNR_RESTRICT A,
                          double *LNR_RESTRICT T /* I*J */);

/* <SpTTM, SpTTM>: A(i,j,m) += B(i,j,k) * C(k,l) * D(l,m), B in CSF, A
 * stored at B's fibers (nfib x M) */
#define X(v)                                                                   \
  void spttm_spttm_##v(int I, int L, int M, const int *pos1, const int *crd1,  \
                       const int *pos2, const int *crd2, const double *vals,   \
                       const double *C, const double *D,                       \
                       double *LNR_RESTRICT A);
LNR_VARIANTS(X)
#undef X
/* (B*C)*D: T = B x_3 C (nfib x L), A += T*D */
void sep_spttm_spttm_bc_d(int I, int nfib, int K, int L, int M, const int *pos1,
                          const int *pos2, const int *crd2, const double *vals,
                          const double *C, const double *D,
                          double *LNR_RESTRICT A,
                          double *LNR_RESTRICT T /* nfib*L */);
/* B*(C*D): G = C*D (K x M), A += B x_3 G */
void sep_spttm_spttm_b_cd(int I, int nfib, int K, int L, int M, const int *pos1,
                          const int *pos2, const int *crd2, const double *vals,
                          const double *C, const double *D,
                          double *LNR_RESTRICT A,
                          double *LNR_RESTRICT G /* K*M */);

/* Experiments (experiments.c, lnr-bench --suite=why): the rewrite's
 * output changed by hand in one way each; same signatures as the samples. */
void exp_sddmm_spmm_hoist(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *LNR_RESTRICT A);
void exp_sddmm_spmm_acc(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E,
                        double *LNR_RESTRICT A);
void exp_sddmm_spmm_rowsplit(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D, const double *E,
                             double *LNR_RESTRICT A);
void exp_sddmm_spmm_prefetch(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D, const double *E,
                             double *LNR_RESTRICT A);
void exp_spmm_gemm_block4(int n, int K, int L, const int *pos, const int *crd,
                          const double *Bv, const double *C, const double *D,
                          double *LNR_RESTRICT A);
void exp_spmm_gemm_jam4(int n, int K, int L, const int *pos, const int *crd,
                        const double *Bv, const double *C, const double *D,
                        double *LNR_RESTRICT A);
void exp_spmm_gemm_block4_pf(int n, int K, int L, const int *pos,
                             const int *crd, const double *Bv, const double *C,
                             const double *D, double *LNR_RESTRICT A);
void exp_spmmh_gemm_block4_pf(int n, int J, int L, const int *row_start,
                              const int *col, const double *val,
                              const double *C, const double *D, const double *E,
                              double *LNR_RESTRICT A);
void exp_spttm_spttm_block4_pf(int I, int L, int M, const int *pos1,
                               const int *crd1, const int *pos2,
                               const int *crd2, const double *vals,
                               const double *C, const double *D,
                               double *LNR_RESTRICT A);
void exp_spmmh_gemm_block4(int n, int J, int L, const int *row_start,
                           const int *col, const double *val, const double *C,
                           const double *D, const double *E,
                           double *LNR_RESTRICT A);
void exp_mttkrp_gemm_block4(int I, int J, int M, const int *pos1,
                            const int *crd1, const int *pos2, const int *crd2,
                            const double *vals, const double *C,
                            const double *D, const double *E,
                            double *LNR_RESTRICT A);
void exp_spttm_spttm_block4(int I, int L, int M, const int *pos1,
                            const int *crd1, const int *pos2, const int *crd2,
                            const double *vals, const double *C,
                            const double *D, double *LNR_RESTRICT A);
void exp_sddmm_spmm_gemm_block4(int n, int K, int L, int M, const int *rowptr,
                                const int *colidx, const double *vals,
                                const double *C, const double *D,
                                const double *F, const double *W,
                                double *LNR_RESTRICT A);

/* Dense helpers (separate.c): Y(r x c) = X(r x q) * Z(q x c) (or += when
 * accumulate), row-major, parallel over rows; and the STREAM triad
 * a = b + s*c, parallel. */
void lnr_gemm(int r, int q, int c, const double *X, const double *Z,
              double *LNR_RESTRICT Y, int accumulate);
/* Compute-bound calibration: the parallel speedup the machine gives at this
 * moment (a shared machine may give 2 threads less than 2 cores). */
double lnr_spin(long n);
void lnr_triad(long n, double *LNR_RESTRICT a, const double *b, const double *c,
               double s);

#ifdef __cplusplus
}
#endif

#endif /* LNR_BENCH_KERNELS_H */
