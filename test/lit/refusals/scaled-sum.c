// A sum stored scaled ('s = 0; for k: s += ...; T[p] = B[p] * s;') is read
// as the sum of the scaled terms (test/exec/scaled_sum.test runs the fused
// ones). Refused by name: a scale indexed by a loop inside the sum, a
// scale of another type than the sum's, and a sum over a compressed level
// (a fiber may be empty, and the original then stores scale * 0). The
// refused nests are left as they are.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// RUN: lnr-rewrite --explain %s -- 2> /dev/null | FileCheck --check-prefix=EXPLAIN %s

// SDDMM into values at B's positions, scaled after the sum: read, and
// nothing to gain alone.
void sddmm_scaled(int n, int K, const int *pos, const int *crd,
                  const double *B, const double *C, const double *D,
                  double *restrict T) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
}
// CHECK: refusals/scaled-sum.c:[[@LINE-9]]:3: remark: nest left unchanged: {{.*}} [lnr-no-gain]
// EXPLAIN:      nest in 'sddmm_scaled'
// EXPLAIN-NEXT:   notation: T(i,j) += C(i,k) * D(j,k) * B(i,j)

// C89: k outlives the loop, and 'B[k]' after it reads B at K.
void scale_at_k(int n, int K, int L, const int *pos, const int *crd,
                const double *B, const double *C, const double *D,
                const double *E, double *restrict A) {
  int i, p, j, k, l;
  double s;
  for (i = 0; i < n; i++)
    for (p = pos[i]; p < pos[i + 1]; p++) {
      j = crd[p];
      for (l = 0; l < L; l++) {
        s = 0;
        for (k = 0; k < K; k++)
          s += C[i * K + k] * D[j * K + k];
        A[i * L + l] += B[k] * s * E[j * L + l];
      }
    }
}
// CHECK: refusals/scaled-sum.c:[[@LINE-4]]:9: remark: nest left unchanged: the sum 's' is scaled by a factor indexed by 'k', an index of a loop inside the sum [lnr-unsupported-statement]

// A float scale of a double sum: the product rounds in double after the
// sum, where scaled terms would round each.
void scale_float(int n, int K, int L, const int *pos, const int *crd,
                 const float *B, const double *C, const double *D,
                 const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++) {
        double s = 0;
        for (int k = 0; k < K; k++)
          s += C[i * K + k] * D[j * K + k];
        A[i * L + l] += B[p] * s * E[j * L + l];
      }
    }
}
// CHECK: refusals/scaled-sum.c:[[@LINE-4]]:25: remark: nest left unchanged: the sum 's' is scaled by 'B[p]', not of its type 'double': the scaled terms would round otherwise [lnr-mixed-types]

// The sum runs over a row of a CSR matrix: an empty row sums no term.
void scale_compressed(int n, int L, const int *pos, const int *crd,
                      const double *B, const double *x, const double *E,
                      double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int l = 0; l < L; l++) {
      double s = 0;
      for (int p = pos[i]; p < pos[i + 1]; p++)
        s += B[p] * x[crd[p]];
      A[i * L + l] += s * E[i * L + l];
    }
}
// CHECK: refusals/scaled-sum.c:[[@LINE-3]]:7: remark: nest left unchanged: the sum 's' is scaled after a loop over a compressed level, whose fibers may be empty: the original then stores the scale times 0, NaN for an infinite one [lnr-unsupported-statement]

// The sum used twice through copies: a second copy is no scale (it was
// read as a scalar named 'u', which the rewrite does not declare).
void scale_by_copy(int n, int K, int L, double u, const int *pos,
                   const int *crd, const double *B, const double *C,
                   const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++) {
        double s = 0;
        for (int k = 0; k < K; k++)
          s += C[i * K + k] * D[j * K + k];
        const double v = s;
        A[i * L + l] += B[p] * s * v * E[j * L + l];
      }
    }
}
// CHECK: refusals/scaled-sum.c:[[@LINE-4]]:9: remark: nest left unchanged: the stored product holds the sum 's' more than once (or copies of it): it is no sum of scaled terms [lnr-unsupported-statement]
