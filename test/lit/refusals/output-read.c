// The nest reads the array it writes: reordering the reads after distribution
// would see different values.
// RUN: lnr-rewrite --no-alias-check %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// By default an output that merely escapes is versioned under a run-time
// overlap test instead (one nest: its "if (no_overlap)" around the ranges
// and around the rewrite); a pointer set from the output is still refused.
// RUN: lnr-rewrite %s -- 2>&1 > %t.versioned \
// RUN:   | FileCheck --check-prefix=VERSIONED %s
// RUN: grep -c '^ *if (no_overlap) {$' %t.versioned \
// RUN:   | FileCheck --check-prefix=ONE %s
// ONE: {{^2$}}
// With --assume-no-alias, a pointer set from the output is still refused; an
// output that merely escapes is the user's to vouch for.
// RUN: lnr-rewrite --assume-no-alias %s -- 2>&1 > /dev/null \
// RUN:   | FileCheck --check-prefix=ASSUMED %s

// The output is also a factor: row j of A scales the term.
void sddmm_spmm_in_place(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals, const double *C,
                         const double *D, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * A[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:67: remark: nest left unchanged: the output 'A' is also read as a factor [lnr-output-read]

// Gauss-Seidel style sweep written as A[x] = A[x] + ...
void sweep(int n, int L, const int *rowptr, const int *colidx,
           const double *vals, const double *w, double *restrict x) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        x[i * L + l] = x[i * L + l] + vals[p] * w[l] * x[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:56: remark: nest left unchanged: the output 'x' is also read as a factor [lnr-output-read]

// The rank is stored in the output's first element.
void sddmm_spmm_rank_in_output(int n, int L, const int *rowptr,
                               const int *colidx, const double *vals,
                               const double *C, const double *D,
                               const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < (int)A[0]; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * L + k] * D[j * L + k] * E[j * L + l];
    }
}
// The bound is read before the body: its reading an element is the reason
// given (inner-bound-faults.c).
// CHECK: refusals/output-read.c:[[@LINE-7]]:27: remark: nest left unchanged: the bound '(int)A[0]' of the loop over 'k' reads an array element {{.*}} [lnr-unsupported-loop]

// An input set from the restrict output inside the function is based on it,
// however the pointer is carried: 'restrict' says nothing about it. (An
// earlier build followed only locals set from the output by name.)
struct rows {
  double *out;
  const double *in;
};
union either {
  double *out;
  const double *in;
};
double *Saved;

// Through an array of pointers.
void sddmm_spmm_pointer_array(int n, int K, int L, const int *rowptr,
                              const int *colidx, const double *vals,
                              const double *C, const double *D,
                              const double *E0, double *restrict A) {
  const double *ps[2] = {A, E0};
  const double *E = ps[0];
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:67: remark: nest left unchanged: 'E' may point into the output 'A' (one is set from the other in the function), so the nest may read what it writes [lnr-output-read]

// Through a struct member, read into a local or in place.
void sddmm_spmm_member(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, double *restrict A) {
  struct rows s;
  s.out = A;
  s.in = s.out;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * s.in[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:67: remark: nest left unchanged: 's.in' may point into the output 'A' (one is set from the other in the function), so the nest may read what it writes [lnr-output-read]

// Through a global.
void sddmm_spmm_global(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, double *restrict A) {
  Saved = A;
  const double *E = Saved;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:67: remark: nest left unchanged: 'E' may point into the output 'A' (one is set from the other in the function), so the nest may read what it writes [lnr-output-read]

// Through a union.
void sddmm_spmm_union(int n, int K, int L, const int *rowptr,
                      const int *colidx, const double *vals, const double *C,
                      const double *D, double *restrict A) {
  union either u;
  u.out = A;
  const double *E = u.in;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:67: remark: nest left unchanged: 'E' may point into the output 'A' (one is set from the other in the function), so the nest may read what it writes [lnr-output-read]
// ASSUMED: refusals/output-read.c:[[@LINE-4]]:67: remark: nest left unchanged: 'E' may point into the output 'A' (one is set from the other in the function), so the nest may read what it writes [lnr-output-read]
// VERSIONED: refusals/output-read.c:[[@LINE-5]]:67: remark: nest left unchanged: 'E' may point into the output 'A' (one is set from the other in the function), so the nest may read what it writes [lnr-output-read]

// The output escapes to a call, which may store it where the pointer read
// back is found: an input that is not a parameter left as passed may then
// point into it (with --assume-no-alias the user vouches it does not).
void keep(double *p);
const double *kept(void);
void sddmm_spmm_escaped(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, double *restrict A) {
  keep(A);
  const double *E = kept();
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:67: remark: nest left unchanged: 'E' may point into the output 'A': the function lets 'A' escape (line [[@LINE-10]]: its address taken, passed to a call or stored in memory), and 'E' is not a parameter left as passed, so the nest may read what it writes; pass --assume-no-alias if they never overlap [lnr-output-read]
// ASSUMED: refusals/output-read.c:[[@LINE-9]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}}[lnr-fuse]
// VERSIONED: refusals/output-read.c:[[@LINE-10]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]

// The output pointer itself set from an input: they share memory.
void sddmm_spmm_output_set(int n, int K, int L, const int *rowptr,
                           const int *colidx, const double *vals,
                           const double *C, const double *D, const double *E,
                           double *restrict A) {
  A = (double *)E + L;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:67: remark: nest left unchanged: 'E' may point into the output 'A' (one is set from the other in the function), so the nest may read what it writes [lnr-output-read]
// ASSUMED: refusals/output-read.c:[[@LINE-4]]:67: remark: nest left unchanged: 'E' may point into the output 'A' (one is set from the other in the function), so the nest may read what it writes [lnr-output-read]
// VERSIONED: refusals/output-read.c:[[@LINE-5]]:67: remark: nest left unchanged: 'E' may point into the output 'A' (one is set from the other in the function), so the nest may read what it writes [lnr-output-read]
