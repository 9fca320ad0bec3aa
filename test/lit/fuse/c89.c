// Loop variables and coordinates declared before the nest (C89 style), dead
// after it: the rewrite keeps the file's headers ('for (i = 0; ...)', 'j =
// colidx[p];') and, since such variables are shared by default in an OpenMP
// region, lists them in 'private' on the region it opens.
// RUN: lnr-rewrite --remarks=all %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: lnr-rewrite --remarks=all --explain %s -- 2>/dev/null | FileCheck --check-prefix=EXPLAIN %s
// RUN: lnr-rewrite --remarks=all --no-openmp %s -- 2>/dev/null | %nochecks | FileCheck --check-prefix=NOOMP %s
// Two kernels with a temporary at B's positions: each region the rewrite
// opens lists them too (the producer and the consumer alike).
// RUN: lnr-rewrite --remarks=all --schedule='{vals,C,D}{E}!' %s -- 2>/dev/null | %nochecks | FileCheck --check-prefix=PHASES %s
// The rewrite is valid C99 with every warning an error, and idempotent.
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite --remarks=all %t.c -- 2>/dev/null | diff %t.c -

void use(int x);

// PHASES-LABEL: void sddmm_spmm(
// PHASES:      double *t = (double *)calloc((size_t)(rowptr[n] > 0 ? rowptr[n] : 1),
// PHASES-NEXT:   sizeof(double));
// PHASES-NEXT: if (t) {
// PHASES-NEXT: #pragma omp parallel for schedule(dynamic, 64) private(i, p, j, k, l)
// PHASES:      t[p] += vals[p] * C[i * K + k] * D[j * K + k];
// PHASES:      #pragma omp parallel for schedule(dynamic, 64) private(i, p, j, k, l)
// PHASES:      A[i * L + l] += t[p] * E[j * L + l];

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
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
  /* Assigned again before any read: dead after the nest. */
  for (i = 0; i < n; i++)
    use(i);
  j = k = l = p = 0;
  use(j + k + l + p);
}
// CHECK:      int i, p, j, k, l;
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel for schedule(dynamic, 64) private(i, p, j, k, l)
// CHECK-NEXT:   for (i = 0; i < n; i++) {
// CHECK-NEXT:     for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CHECK-NEXT:       j = colidx[p];
// CHECK-NEXT: #ifdef __GNUC__
// CHECK-NEXT:       if (p + 1 < rowptr[i + 1]) {
// CHECK-NEXT:         for (int pf = 0; pf < K; pf += 8) {
// CHECK-NEXT:           __builtin_prefetch(&D[colidx[p + 1] * K + pf]);
// CHECK-NEXT:         }
// CHECK-NEXT:         for (int pf = 0; pf < L; pf += 8) {
// CHECK-NEXT:           __builtin_prefetch(&E[colidx[p + 1] * L + pf]);
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT: #endif
// CHECK-NEXT:       double t = 0;
// CHECK-NEXT:       {
// CHECK-NEXT:         double t_part[8] = {{[{]}}0, 0, 0, 0, 0, 0, 0, 0};
// CHECK-NEXT:         int k_lane;
// CHECK-NEXT:         k = 0;
// CHECK-NEXT:         for (; k + 7 < K; k += 8) {
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT:           for (k_lane = 0; k_lane < 8; k_lane++) {
// CHECK-NEXT:             t_part[k_lane] +=
// CHECK-NEXT:                 vals[p] * C[i * K + (k + k_lane)] * D[j * K + (k + k_lane)];
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:         for (; k < K; k++) {
// CHECK-NEXT:           t += vals[p] * C[i * K + k] * D[j * K + k];
// CHECK-NEXT:         }
// CHECK-NEXT:         t += ((t_part[0] + t_part[1]) + (t_part[2] + t_part[3])) +
// CHECK-NEXT:              ((t_part[4] + t_part[5]) + (t_part[6] + t_part[7]));
// CHECK-NEXT:       }
// CHECK-NEXT:       if (K > 0) {
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT:         for (l = 0; l < L; l++) {
// CHECK-NEXT:           A[i * L + l] += t * E[j * L + l];
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT:   /* Assigned again before any read: dead after the nest. */
// REMARK: c89.c:[[@LINE-59]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]
// REMARK: c89.c:[[@LINE-51]]:5: remark: nest left unchanged: {{.*}} [lnr-unsupported-statement]
// EXPLAIN:      c89.c:[[@LINE-61]]:3: nest in 'sddmm_spmm'
// EXPLAIN-NEXT:   notation: A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)
// EXPLAIN-NEXT:   formats: A dense, vals CSR (dense i, compressed j), C dense, D dense, E dense
// EXPLAIN-NEXT:   loop order: i, j(vals), k, l
// EXPLAIN:        openmp: parallel over 'i': each iteration writes its own elements of 'A'; private(i, p, j, k, l): declared outside the nest
// NOOMP:      int i, p, j, k, l;
// NOOMP-NEXT: /* lnr-rewrite: {{.*}}
// NOOMP: */{{$}}
// NOOMP-NEXT:   if ({{.*}} > 0{{.*}}) {
// NOOMP-NEXT:   for (i = 0; i < n; i++) {
// NOOMP-NEXT:     for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
// NOOMP-NEXT:       j = colidx[p];
// NOOMP:            double t = 0;
// NOOMP-NEXT:       {
// NOOMP-NEXT:         double t_part[8] = {{[{]}}0, 0, 0, 0, 0, 0, 0, 0};
// NOOMP-NEXT:         int k_lane;
// NOOMP-NEXT:         k = 0;
// NOOMP-NEXT:         for (; k + 7 < K; k += 8) {
// NOOMP-NEXT:           for (k_lane = 0; k_lane < 8; k_lane++) {

// Per-thread vector temporaries: 'private' goes on the 'parallel' part, the
// parameters 'i' and 'k' (passed by value) are dead at the end too.
void spmm_gemm(int n, int K, int L, const int *rowptr, const int *colidx,
               const double *vals, const double *C, const double *D,
               double *restrict A, int i, int k) {
  int p, l;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[colidx[p] * K + k] * D[k * L + l];
}
// CHECK:      int p, l;
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: {
// CHECK-NEXT:   int allocated = 1;
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel private(i, p, k, l) shared(allocated)
// CHECK-NEXT:   {
// CHECK-NEXT:     double *t = (double *)malloc(sizeof(double) * (K > 0 ? K : 1));
// CHECK-NEXT:     if (!t) {
// CHECK-NEXT: #ifdef __GNUC__
// CHECK-NEXT:       __atomic_store_n(&allocated, 0, __ATOMIC_RELAXED);
// CHECK-NEXT: #else
// CHECK-NEXT: #pragma omp atomic write
// CHECK-NEXT:       allocated = 0;
// CHECK-NEXT: #endif
// CHECK-NEXT:     }
// CHECK-NEXT: #pragma omp barrier
// CHECK-NEXT:     if (allocated) {
// CHECK-NEXT: #pragma omp for schedule(dynamic, 64)
// CHECK-NEXT:     for (i = 0; i < n; i++) {
// CHECK-NEXT:       for (k = 0; k < K; k++) {
// CHECK-NEXT:         t[k] = 0;
// CHECK:          free(t);
// REMARK: c89.c:[[@LINE-30]]:3: remark: fused 'A(i,l) += vals(i,colidx[p]) * C(colidx[p],k) * D(k,l)'{{.*}} [lnr-fuse]
// NOOMP:      int p, l;
// NOOMP-NEXT: /* lnr-rewrite: {{.*}}
// NOOMP: */{{$}}
// NOOMP-NEXT:   {
// NOOMP-NEXT:     int allocated = 1;
// NOOMP-NEXT:   {
// NOOMP-NEXT:     double *t = (double *)malloc(sizeof(double) * (K > 0 ? K : 1));
// NOOMP-NEXT:     if (t) {
// NOOMP-NEXT:     for (i = 0; i < n; i++) {

// The file's own directive names them: it is kept as written (the
// work-shared loop's 'i' is private without it).
void sddmm_spmm_omp(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A) {
  int i, p, j, k, l;
#pragma omp parallel for private(p, j, k, l) schedule(static)
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK:      int i, p, j, k, l;
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel for private(p, j, k, l) schedule(static)
// CHECK-NEXT:   for (i = 0; i < n; i++) {
// CHECK-NEXT:     for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CHECK-NEXT:       j = colidx[p];
// CHECK-NEXT: #ifdef __GNUC__
// CHECK-NEXT:       if (p + 1 < rowptr[i + 1]) {
// CHECK-NEXT:         for (int pf = 0; pf < K; pf += 8) {
// CHECK-NEXT:           __builtin_prefetch(&D[colidx[p + 1] * K + pf]);
// CHECK-NEXT:         }
// CHECK-NEXT:         for (int pf = 0; pf < L; pf += 8) {
// CHECK-NEXT:           __builtin_prefetch(&E[colidx[p + 1] * L + pf]);
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT: #endif
// CHECK-NEXT:       double t = 0;
// REMARK: c89.c:[[@LINE-28]]:1: remark: fused {{.*}} [lnr-fuse]
// NOOMP:      int i, p, j, k, l;
// NOOMP-NEXT: /* lnr-rewrite: {{.*}}
// NOOMP: */{{$}}
// NOOMP-NEXT: if ({{.*}} > 0{{.*}}) {
// NOOMP-NEXT: #pragma omp parallel for private(p, j, k, l) schedule(static)

// Only the work-shared loop's variable declared outside: no clause needed
// on the file's directive; a C99 nest inside an 'if', its variable
// returned only after it is assigned again.
int rows_only(int n, int K, int L, const int *rowptr, const int *colidx,
              const double *vals, const double *C, const double *D,
              const double *E, double *restrict A, int c) {
  int i;
  if (c) {
#pragma omp parallel for
    for (i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
  i = c;
  return i;
}
// CHECK:      if (c) {
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel for
// CHECK-NEXT:     for (i = 0; i < n; i++) {
// CHECK-NEXT:       for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// REMARK: c89.c:[[@LINE-19]]:1: remark: fused {{.*}} [lnr-fuse]

// Two nests sharing the variables, each with its own directive: to the
// second, they are private (its own objects), so the first nest's values
// are never read; both are rewritten.
void two_nests(int n, int K, int L, const int *rowptr, const int *colidx,
               const double *vals, const double *C, const double *D,
               const double *E, double *restrict A, double *restrict A2) {
  int i, p, j, k, l;
#pragma omp parallel for private(p, j, k, l)
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
#pragma omp parallel for private(p, j, k, l)
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A2[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: c89.c:[[@LINE-17]]:1: remark: fused 'A(i,l) {{.*}} [lnr-fuse]
// REMARK: c89.c:[[@LINE-10]]:1: remark: fused 'A2(i,l) {{.*}} [lnr-fuse]
