// Tensors passed as struct members ('B->val[p]', 'B.val[p]', 'C->data[..]',
// 's->mat.val[p]'): every name the rewrite declares is picked from a stem
// (rewrite/NamePicker.h), never written from the member's spelling. The
// values hoisted before a vectorized loop were once declared as
// 'const double B->val_val', which does not compile. The rewrites build
// with every warning an error, and a second run changes nothing.
// (exec/struct_members.test runs kernels like these, and exec/cxx.test
// builds them as C++.)
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only %t.c
// RUN: lnr-rewrite %t.c -- 2> /dev/null | diff %t.c -
// RUN: lnr-rewrite --no-runtime-choice %s -- 2> /dev/null > %t.nort.c
// RUN: %nochecks %t.nort.c | FileCheck --check-prefix=NORT %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only %t.nort.c

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

// <SDDMM, SpMM> through pointers to structs: the partial sums of t and the
// prefetches of the rows of the next nonzero read the members as written.
void sddmm_spmm(int K, int L, const struct csr *B, const struct dense *C,
                const struct dense *D, const struct dense *E,
                double *restrict A) {
  for (int i = 0; i < B->n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++) {
      int j = B->crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B->val[p] * C->data[i * K + k] * D->data[j * K + k] *
                          E->data[j * L + l];
    }
}
// REMARK: struct-members.c:[[@LINE-9]]:3: remark: fused 'A(i,l) += B->val(i,j) * C->data(i,k) * D->data(j,k) * E->data(j,l)': O(nnz(B->val_ij)*K*L) -> O(nnz(B->val_ij)*(K+L)) [lnr-fuse]
// CHECK-LABEL: void sddmm_spmm(
// CHECK:      for (int pf = 0; pf < K; pf += 8) {
// CHECK-NEXT:   __builtin_prefetch(&D->data[B->crd[p + 1] * K + pf]);
// CHECK:      for (int pf = 0; pf < L; pf += 8) {
// CHECK-NEXT:   __builtin_prefetch(&E->data[B->crd[p + 1] * L + pf]);
// CHECK:      double t_part[8] = {{[{]}}0, 0, 0, 0, 0, 0, 0, 0};
// CHECK-NEXT: int k_lane;
// CHECK:      t_part[k_lane] += B->val[p] * C->data[i * K + (k + k_lane)] *
// CHECK:      A[i * L + l] += t * E->data[j * L + l];

// <SpMM, GEMM> with structs passed by value: B's values hoisted before the
// vectorized loops, GEMM unrolled and jammed, and the extent of j from a
// scan of B.crd for the run-time choice.
void spmm_gemm(int n, int K, int L, struct csr B, struct dense C,
               struct dense D, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = B.pos[i]; p < B.pos[i + 1]; p++) {
      int j = B.crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B.val[p] * C.data[j * K + k] * D.data[k * L + l];
    }
}
// REMARK: struct-members.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += B.val(i,j) * C.data(j,k) * D.data(k,l)': {{.*}}O(nnz(B.val_ij)*L+K*L*j_extent), whichever costs less at run time [lnr-fuse]
// CHECK-LABEL: void spmm_gemm(
// CHECK:      long j_extent;
// CHECK-NEXT: long j_min;
// CHECK:      const double B_val_val = B.val[p];
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT: for (int k = 0; k < K; k++) {
// CHECK-NEXT:   t[k] += B_val_val * C.data[j * K + k];
// CHECK:      } else {
// CHECK:      const double k_w0 = C.data[j * K + k];
// CHECK-NEXT: const double k_w1 = C.data[j * K + (k + 1)];
// CHECK:      t[(size_t)j * L + l] += k_w0 * D.data[k * L + l] +
// CHECK:      const double B_val_val = B.val[p];
// CHECK:      A[i * L + l] += t[(size_t)j * L + l] * B_val_val;

// <MTTKRP, GEMM>, the tensor in CSF: a flag for the fibers of the producer.
void mttkrp_gemm(int I, int J, int M, const struct csf *T,
                 const struct dense *C, const struct dense *D,
                 const struct dense *E, double *restrict A) {
  for (int i = 0; i < I; i++)
    for (int p1 = T->pos1[i]; p1 < T->pos1[i + 1]; p1++) {
      int k = T->crd1[p1];
      for (int p2 = T->pos2[p1]; p2 < T->pos2[p1 + 1]; p2++) {
        int l = T->crd2[p2];
        for (int j = 0; j < J; j++)
          for (int m = 0; m < M; m++)
            A[i * M + m] += T->vals[p2] * C->data[l * J + j] *
                            D->data[k * J + j] * E->data[j * M + m];
      }
    }
}
// REMARK: struct-members.c:[[@LINE-12]]:3: remark: fused 'A(i,m) += T->vals(i,k,l) * C->data(l,j) * D->data(k,j) * E->data(j,m)': O(nnz(T->vals_ikl)*J*M) -> O(nnz(T->vals_ikl)*J+I*J*M) [lnr-fuse]
// CHECK-LABEL: void mttkrp_gemm(
// CHECK:      int t_ran = 0;
// CHECK:      t_ran = 1;
// CHECK-NEXT: const double T_vals_val = T->vals[p2];
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT: for (int j = 0; j < J; j++) {
// CHECK-NEXT:   t[j] += T_vals_val * C->data[l * J + j] * D->data[k * J + j];
// CHECK:      if (t_ran) {

// <SpMM, GEMM> through a nested member, with the names the hoisted value
// would take already used by the file: the next free one is picked.
struct holder {
  struct csr mat;
};
int s_mat_val_val;

void spmm_gemm_nested(int n, int K, int L, const struct holder *s,
                      const double *C, const double *D, double *restrict A) {
  double s_mat_val_val_1 = 0;
  (void)s_mat_val_val_1;
  for (int i = 0; i < n; i++)
    for (int p = s->mat.pos[i]; p < s->mat.pos[i + 1]; p++) {
      int j = s->mat.crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += s->mat.val[p] * C[j * K + k] * D[k * L + l];
    }
}
// REMARK: struct-members.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += s->mat.val(i,j) * C(j,k) * D(k,l)': {{.*}} [lnr-fuse]
// CHECK-LABEL: void spmm_gemm_nested(
// CHECK:      double s_mat_val_val_1 = 0;
// CHECK:      const double s_mat_val_val_2 = s->mat.val[p];
// CHECK:        t[k] += s_mat_val_val_2 * C[j * K + k];
// CHECK:      } else {
// CHECK:      const double s_mat_val_val_2 = s->mat.val[p];
// CHECK:        A[i * L + l] += t[(size_t)j * L + l] * s_mat_val_val_2;
// Without the run-time choice, the schedule the size model prefers.
// NORT-LABEL: void spmm_gemm_nested(
// NORT:       const double s_mat_val_val_2 = s->mat.val[p];
// NORT-NOT:   {{^ +}}} else {
// NORT:       void sddmm_spmm_unrestricted(

// Without restrict: the overlap test's flag and bounds beside members, two
// of their names already used by the file.
int no_overlap, A_begin;

void sddmm_spmm_unrestricted(int n, int K, int L, const struct csr *B,
                             const struct dense *C, const struct dense *D,
                             const struct dense *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++) {
      int j = B->crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B->val[p] * C->data[i * K + k] * D->data[j * K + k] *
                          E->data[j * L + l];
    }
}
// REMARK: struct-members.c:[[@LINE-9]]:3: remark: fused {{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]
// CHECK-LABEL: void sddmm_spmm_unrestricted(
// CHECK:      int no_overlap_1 =
// CHECK-NEXT:     0 < (long long)n &&
// CHECK:      uintptr_t A_begin_1 =
// CHECK:      uintptr_t A_end =
// CHECK:      uintptr_t B_val_begin =
// CHECK-NEXT:     (uintptr_t)(B->val) + (uintptr_t)p_first * sizeof *(B->val);
// CHECK:      = (uintptr_t)(&(B->val));
// CHECK:      no_overlap_1 = (A_end <= B_val_begin || B_val_end <= A_begin_1) &&
// CHECK:      if (no_overlap_1) {
// CHECK:      } else {
// CHECK-NEXT: /* lnr-rewrite: the original nest, run when the arrays may overlap */
