// Bad input: jumps beside the update, guarded by a condition (see
// refusals/early-exit.c for a bare break, continue, return or goto as the
// only statement). Expected: untouched, each nest with its remark.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

void guarded_break(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
          if (A[i * L + l] > 1e300)
            break;
        }
    }
}

void guarded_continue(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          if (E[j * L + l] == 0)
            continue;
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
    }
}

void guarded_return(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
          if (A[i * L + l] != A[i * L + l])
            return;
        }
    }
}

void goto_out(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
          if (l == 7)
            goto out;
        }
    }
out:;
}

// A label inside the nest, the target of a jump from outside it.
void goto_in(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  if (n < 0)
    goto in;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
        in:
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
    }
}

// CHECK: bad-inputs/jumps-beside-update.c:17:11: remark: nest left unchanged: {{.*}}[lnr-imperfect-nest]
// CHECK: bad-inputs/jumps-beside-update.c:33:11: remark: nest left unchanged: {{.*}}[lnr-imperfect-nest]
// CHECK: bad-inputs/jumps-beside-update.c:47:11: remark: nest left unchanged: {{.*}}[lnr-imperfect-nest]
// CHECK: bad-inputs/jumps-beside-update.c:62:11: remark: nest left unchanged: {{.*}}[lnr-imperfect-nest]
// CHECK: bad-inputs/jumps-beside-update.c:80:9: remark: nest left unchanged: {{.*}}[lnr-unsupported-statement]
