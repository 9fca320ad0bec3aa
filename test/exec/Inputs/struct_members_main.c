/* Execution test of struct_members.c: each kernel, renamed orig_<name> in
 * the original and rewr_<name> in the rewrite, run by exec_check.c on its
 * random CSR matrices (CSF tensors for mttkrp_gemm) with 1, 2 and 3
 * threads, its operands packed into the structs the kernels take. The
 * comparison (NaN and infinity aware, same_elem.h) and the report are
 * exec_check.c's (exec_check.h), once per kernel. */
#include "exec_check.h"

struct csr {
  int n;
  const int *pos, *crd;
  const double *val;
};
struct dense {
  const double *data;
};
struct csf {
  const int *pos1, *crd1, *pos2, *crd2;
  const double *vals;
};
struct holder {
  struct csr mat;
};

#define BOTH(ret, name, params)                                                \
  ret orig_##name params;                                                      \
  ret rewr_##name params;
BOTH(void, sddmm_spmm,
     (int K, int L, const struct csr *B, const struct dense *C,
      const struct dense *D, const struct dense *E, double *restrict A))
BOTH(void, spmm_gemm,
     (int n, int K, int L, struct csr B, struct dense C, struct dense D,
      double *restrict A))
BOTH(void, mttkrp_gemm,
     (int I, int J, int M, const struct csf *T, const struct dense *C,
      const struct dense *D, const struct dense *E, double *restrict A))
BOTH(void, spmm_gemm_nested,
     (int n, int K, int L, const struct holder *s, const double *C,
      const double *D, double *restrict A))
BOTH(void, sddmm_spmm_unrestricted,
     (int n, int K, int L, const struct csr *B, const struct dense *C,
      const struct dense *D, const struct dense *E, double *A))

static struct csr csr_of(const lnr_args *a) {
  struct csr B = {a->B->rows, a->B->rowptr, a->B->colidx, a->vals};
  return B;
}
static struct dense dense_of(const void *data) {
  struct dense X = {data};
  return X;
}

static void call_sddmm_spmm(int rewritten, const lnr_args *a) {
  struct csr B = csr_of(a);
  struct dense C = dense_of(a->in[0]), D = dense_of(a->in[1]),
               E = dense_of(a->in[2]);
  (rewritten ? rewr_sddmm_spmm : orig_sddmm_spmm)(a->ext[0], a->ext[1], &B, &C,
                                                  &D, &E, a->out);
}

static void call_spmm_gemm(int rewritten, const lnr_args *a) {
  (rewritten ? rewr_spmm_gemm
             : orig_spmm_gemm)(a->B->rows, a->ext[0], a->ext[1], csr_of(a),
                               dense_of(a->in[0]), dense_of(a->in[1]), a->out);
}

static void call_mttkrp_gemm(int rewritten, const lnr_args *a) {
  struct csf T = {a->T->pos1, a->T->crd1, a->T->pos2, a->T->crd2, a->vals};
  struct dense C = dense_of(a->in[0]), D = dense_of(a->in[1]),
               E = dense_of(a->in[2]);
  (rewritten ? rewr_mttkrp_gemm : orig_mttkrp_gemm)(
      a->T->dims[0], a->ext[0], a->ext[1], &T, &C, &D, &E, a->out);
}

static void call_spmm_gemm_nested(int rewritten, const lnr_args *a) {
  struct holder s = {csr_of(a)};
  (rewritten ? rewr_spmm_gemm_nested : orig_spmm_gemm_nested)(
      a->B->rows, a->ext[0], a->ext[1], &s, a->in[0], a->in[1], a->out);
}

static void call_sddmm_spmm_unrestricted(int rewritten, const lnr_args *a) {
  struct csr B = csr_of(a);
  struct dense C = dense_of(a->in[0]), D = dense_of(a->in[1]),
               E = dense_of(a->in[2]);
  (rewritten ? rewr_sddmm_spmm_unrestricted : orig_sddmm_spmm_unrestricted)(
      a->B->rows, a->ext[0], a->ext[1], &B, &C, &D, &E, a->out);
}

/* A(i,l) += B(i,j) C(i,k) D(j,k) E(j,l) */
#define SDDMM_SPMM(kernel_name, adapter)                                       \
  {                                                                            \
    .name = kernel_name, .type = LNR_F64, .rel_tol = 1e-9, .nextents = 2,      \
    .extent_names = {"K", "L"}, .ndense = 3,                                   \
    .dense = {{"C", LNR_N, LNR_X0},                                            \
              {"D", LNR_M, LNR_X0},                                            \
              {"E", LNR_M, LNR_X1}},                                           \
    .out = {"A", LNR_N, LNR_X1}, .mtx_ext = {16, 16}, .call = adapter,         \
  }
/* A(i,l) += B(i,j) C(j,k) D(k,l) */
#define SPMM_GEMM(kernel_name, adapter)                                        \
  {                                                                            \
    .name = kernel_name, .type = LNR_F64, .rel_tol = 1e-9, .nextents = 2,      \
    .extent_names = {"K", "L"}, .ndense = 2,                                   \
    .dense = {{"C", LNR_M, LNR_X0}, {"D", LNR_X0, LNR_X1}},                    \
    .out = {"A", LNR_N, LNR_X1}, .mtx_ext = {16, 16}, .call = adapter,         \
  }

static const lnr_kernel csr_kernels[] = {
    SDDMM_SPMM("sddmm_spmm", call_sddmm_spmm),
    SPMM_GEMM("spmm_gemm", call_spmm_gemm),
    SPMM_GEMM("spmm_gemm_nested", call_spmm_gemm_nested),
    SDDMM_SPMM("sddmm_spmm_unrestricted", call_sddmm_spmm_unrestricted),
};

/* A(i,m) += B(i,k,l) C(l,j) D(k,j) E(j,m); B's modes are (i, k, l). */
static const lnr_kernel mttkrp = {
    .name = "mttkrp_gemm",
    .format = LNR_CSF3,
    .type = LNR_F64,
    .rel_tol = 1e-9,
    .nextents = 2,
    .extent_names = {"J", "M"},
    .ndense = 3,
    .dense = {{"C", LNR_MODE2, LNR_X0},
              {"D", LNR_M, LNR_X0},
              {"E", LNR_X0, LNR_X1}},
    .out = {"A", LNR_N, LNR_X1},
    .mtx_ext = {16, 16},
    .call = call_mttkrp_gemm,
};

int main(int argc, char **argv) {
  int status = 0;
  for (unsigned k = 0; k < sizeof csr_kernels / sizeof csr_kernels[0]; k++)
    status |= lnr_exec_main(&csr_kernels[k], argc, argv);
  status |= lnr_exec_main_csf(&mttkrp, 1, argv);
  return status;
}
