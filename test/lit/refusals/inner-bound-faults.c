// An inner loop's bound is read by the nest only when the loops around it
// run; a rewrite reads it before them (a temporary's size, the run-time
// choice's costs) or in another loop (a reordered nest). A bound that reads
// an array element or through '*', or divides by a variable, could fault
// there (widths[n - 1] with n == 0, total / K with K == 0): the nest is
// left as it is. The outermost loop's bound, which the nest always reads,
// a member read through a pointer and a division by a nonzero constant do
// not stop a rewrite.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// RUN: FileCheck --check-prefix=KEPT %s < %t.out

void element(int n, int L, const int *pos, const int *crd, const double *Bv,
             const double *C, const double *D, const int *widths,
             double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < widths[n - 1]; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * widths[n - 1] + k] * D[k * L + l];
    }
}
// CHECK: inner-bound-faults.c:[[@LINE-5]]:27: remark: nest left unchanged: the bound 'widths[n - 1]' of the loop over 'k' reads an array element or through '*', or divides by a variable: the nest reads it only when the loops around run, and a rewrite would read it before them [lnr-unsupported-loop]
// KEPT: for (int k = 0; k < widths[n - 1]; k++)

void quotient(int n, int K, int total, const int *pos, const int *crd,
              const double *Bv, const double *C, const double *D,
              double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < total / K; l++)
          A[i * (total / K) + l] +=
              Bv[p] * C[j * K + k] * D[k * (total / K) + l];
    }
}
// CHECK: inner-bound-faults.c:[[@LINE-5]]:29: remark: nest left unchanged: the bound 'total / K' of the loop over 'l' {{.*}} [lnr-unsupported-loop]

void through_star(int n, int K, const int *lp, const int *pos, const int *crd,
                  const double *Bv, const double *C, const double *D,
                  double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < *lp; l++)
          A[i * *lp + l] += Bv[p] * C[j * K + k] * D[k * *lp + l];
    }
}
// CHECK: inner-bound-faults.c:[[@LINE-4]]:29: remark: nest left unchanged: the bound '*lp' of the loop over 'l' {{.*}} [lnr-unsupported-loop]

struct dims {
  int K, L;
};

// Rewritten: an element as the outermost bound, a member through a pointer
// and a constant divisor inside.
void rewritten(const int *rows, const struct dims *d, const int *pos,
               const int *crd, const double *Bv, const double *C,
               const double *D, double *restrict A) {
  for (int i = 0; i < rows[0]; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < d->K; k++)
        for (int l = 0; l < (d->L + 15) / 16; l++)
          A[i * ((d->L + 15) / 16) + l] +=
              Bv[p] * C[j * d->K + k] * D[k * ((d->L + 15) / 16) + l];
    }
}
// CHECK: inner-bound-faults.c:[[@LINE-9]]:3: remark: fused 'A(i,l) += Bv(i,j) * C(j,k) * D(k,l)'{{.*}} [lnr-fuse]
