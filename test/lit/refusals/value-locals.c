// Locals that name values are read in place only when that reads the same
// value (analysis/recover/ValueLocals.cpp); otherwise the nest is left as
// it is, with the reason.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// A float local holding a double value rounds it; read in place it would not.
void rounded(int n, int K, int L, const int *restrict rowptr,
             const int *restrict colidx, const double *restrict vals,
             const double *restrict C, const double *restrict D,
             const double *restrict E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      float v = vals[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += v * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: value-locals.c:[[@LINE-6]]:7: remark: nest left unchanged: 'v' is 'float' and holds a 'double' value; read in its place, the value would not be converted [lnr-mixed-types]

// Changed after it is set: each use may see another value.
void changed(int n, int K, int L, const int *restrict rowptr,
             const int *restrict colidx, const double *restrict vals,
             const double *restrict C, const double *restrict D,
             const double *restrict E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      double v = vals[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += (v *= 2.0) * C[i * K + k] * D[j * K + k] *
                          E[j * L + l];
    }
}
// CHECK: value-locals.c:[[@LINE-7]]:7: remark: nest left unchanged: 'v' is changed in the nest after it is set; only locals set once per iteration are read as values [lnr-unsupported-statement]

// C89: read before it is assigned, the previous nonzero's value.
void previous(int n, int K, int L, const int *restrict rowptr,
              const int *restrict colidx, const double *restrict vals,
              const double *restrict C, const double *restrict D,
              const double *restrict E, double *restrict A) {
  int i, p, j, k, l;
  double v = 0, w;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      w = v;
      v = vals[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += w * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: value-locals.c:[[@LINE-7]]:11: remark: nest left unchanged: 'v' is read in the nest before it is assigned [lnr-unsupported-statement]

// A value with a side effect would be repeated at each use.
double next(const double *x);
void side_effect(int n, int K, int L, const int *restrict rowptr,
                 const int *restrict colidx, const double *restrict vals,
                 const double *restrict C, const double *restrict D,
                 const double *restrict E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      double v = next(&vals[p]);
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += v * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: value-locals.c:[[@LINE-6]]:7: remark: nest left unchanged: the value of 'v' has a side effect, which its uses would repeat [lnr-side-effect]

// A cast that narrows the index may change the element it reads.
void narrowed(int n, int K, int L, const int *restrict rowptr,
              const int *restrict colidx, const double *restrict vals,
              const double *restrict C, const double *restrict D,
              const double *restrict E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[(short)i * K + k] * D[j * K + k] *
                          E[j * L + l];
    }
}
// CHECK: value-locals.c:[[@LINE-4]]:39: remark: nest left unchanged: the cast '(short)i' may change the value of the index it converts [lnr-non-affine-subscript]

// Set from its own previous value: a running value, not a name for one.
void running(int n, int K, int L, const int *restrict rowptr,
             const int *restrict colidx, const double *restrict vals,
             const double *restrict C, const double *restrict D,
             const double *restrict E, double *restrict A) {
  int i, p, j, k, l;
  double scale = 1.0;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      scale = scale * vals[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += scale * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: value-locals.c:[[@LINE-6]]:7: remark: nest left unchanged: 'scale' is set from its own previous value [lnr-unsupported-statement]
