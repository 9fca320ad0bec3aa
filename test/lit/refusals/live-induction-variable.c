// Loop variables and coordinates declared before the nest (C89 style) are
// rewritten only when they are dead after it: the fused nest, and the
// 'private' clause of a parallel one, leave other values in them. Anything
// that may observe them after the nest leaves the file untouched.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

int g;
void keep(int *x);

// Read after the nest.
int read_after(int n, int K, int L, const int *rowptr, const int *colidx,
               const double *vals, const double *C, const double *D,
               const double *E, double *restrict A) {
  int i, p, j, k, l;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  return k;
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-2]]:10: remark: nest left unchanged: 'k' is declared outside the nest and read after it (line [[@LINE-2]]) before it is assigned again; the rewritten nest leaves another value in it [lnr-live-induction-variable]

// Assigned from itself after the nest: a read.
int self_assigned_after(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
  int i, p, j, k, l;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  i = j = p = k = 0;
  l = l + 1;
  return i + j + p + k + l;
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-3]]:3: remark: nest left unchanged: 'l' is declared outside the nest and read after it {{.*}}[lnr-live-induction-variable]

// Its address escapes (before the nest: the callee may keep it).
void address_taken(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A) {
  int i, p, j, k, l;
  keep(&p);
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-9]]:9: remark: nest left unchanged: 'p' is declared outside the nest and used at line [[@LINE-9]] other than by reading or assigning it (its address taken, a reference bound or a capture); the rewrite changes its value after the nest [lnr-live-induction-variable]

// A global loop variable.
void global_variable(int n, int K, int L, const int *rowptr, const int *colidx,
                     const double *vals, const double *C, const double *D,
                     const double *E, double *restrict A) {
  int i, p, j, k;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (g = 0; g < L; g++)
          A[i * L + g] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + g];
    }
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-4]]:9: remark: nest left unchanged: 'g' is declared outside the nest and is not a local variable of this function (a global, a static or a reference); its value after the nest is observable, and the rewrite changes it [lnr-live-induction-variable]

// A static local keeps its value between calls.
void static_variable(int n, int K, int L, const int *rowptr, const int *colidx,
                     const double *vals, const double *C, const double *D,
                     const double *E, double *restrict A) {
  static int i;
  int p, j, k, l;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-8]]:3: remark: nest left unchanged: 'i' is declared outside the nest and is not a local variable {{.*}}[lnr-live-induction-variable]

// A volatile coordinate.
void volatile_coordinate(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals, const double *C,
                         const double *D, const double *E, double *restrict A) {
  int i, p, k, l;
  volatile int j;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-6]]:7: remark: nest left unchanged: 'j' is volatile: every write of it is observable, and the rewritten nest makes others [lnr-live-induction-variable]

// A 'goto' may run code before the nest after it.
int jumps_back(int n, int K, int L, const int *rowptr, const int *colidx,
               const double *vals, const double *C, const double *D,
               const double *E, double *restrict A) {
  int i, p, j, k, l, s = 0;
again:
  s += k;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  if (--n > 0)
    goto again;
  return s;
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-11]]:3: remark: nest left unchanged: the function holds a 'goto' (line [[@LINE-3]]): the rewrite changes the value of 'i' after the nest, and it is not proved unread [lnr-live-induction-variable]

// A 'break' skips the assignment that follows the nest.
int break_skips(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A, int c) {
  int i, p, j, k, l;
  switch (c) {
  case 1:
    for (i = 0; i < n; i++)
      for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
        j = colidx[p];
        for (k = 0; k < K; k++)
          for (l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    break;
    i = p = j = k = l = 0;
  }
  return i;
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-5]]:5: remark: nest left unchanged: a 'break' or 'continue' at line [[@LINE-5]] may skip the assignment of 'i' after the nest, whose value the rewrite changes [lnr-live-induction-variable]

// The coordinate is read in the nest before the nest assigns it: the
// previous nonzero's column.
void read_before_assigned(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A) {
  int i, p, j = 0, k, l;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int q = j;
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[q * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-7]]:15: remark: nest left unchanged: 'j' is declared outside the nest and read in it before the nest assigns it [lnr-live-induction-variable]

// Read after the nest by a region that copies it in ('firstprivate').
void read_by_region(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A, double *restrict B) {
  int i, p, j, k, l;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
#pragma omp parallel firstprivate(k)
  B[0] = k;
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-3]]:35: remark: nest left unchanged: 'k' is declared outside the nest and used at line [[@LINE-3]] other than by reading or assigning it {{.*}} [lnr-live-induction-variable]

// Read after the next nest, which assigns it in each of its iterations but
// may not run (n == 0).
void read_after_next_nest(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A, double *restrict B, int *out) {
  int i, p, j, k, l;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++)
      B[i] += vals[p];
  *out = p;
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-2]]:10: remark: nest left unchanged: 'p' is declared outside the nest and read after it (line [[@LINE-2]]) before it is assigned again; the rewritten nest leaves another value in it [lnr-live-induction-variable]

// A 'break' in a block after the nest skips the assignment after it.
void break_before_assignment(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D,
                             const double *E, double *restrict A, int mode,
                             int *out) {
  int i, p, j, k, l;
  switch (mode) {
  case 1:
    for (i = 0; i < n; i++)
      for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
        j = colidx[p];
        for (k = 0; k < K; k++)
          for (l = 0; l < L; l++)
            A[i * L + l] +=
                vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    {
      if (out[0] == -99)
        break;
      i = j = k = l = p = 0;
    }
  }
  out[1] = p;
}
// CHECK: refusals/live-induction-variable.c:[[@LINE-8]]:5: remark: nest left unchanged: a 'break' or 'continue' at line [[@LINE-8]] may skip the assignment of 'i' after the nest, whose value the rewrite changes [lnr-live-induction-variable]
