// Loop headers that the recovery reads but gcc does not take under an
// OpenMP 'for' as written: a parenthesized condition, a parenthesized C89
// loop variable. The nests are still rewritten, with no 'parallel' on
// those headers (nor on the scan of the coordinates that reuses them; a
// header the rewrite writes itself, over j, gets one), and the output
// compiles with gcc -fopenmp; the reason is in --explain.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: FileCheck --check-prefix=CODE %s < %t.out
// RUN: lnr-rewrite --explain %s -- 2> /dev/null | FileCheck --check-prefix=EXPLAIN %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.out

// CODE-LABEL: {{^}}void paren_condition(
// CODE: {{^ *}}long j_extent;
// CODE-NEXT: {{^ *}}long j_min;
// CODE-NEXT: {{^ *}}int j_low = 1;
// CODE-NEXT: {{^ *}}int j_max = 0;
// CODE-NEXT: {{^ *}}int j_seen = 0;
// CODE-NEXT: {{^ *}}if (n > 0) {
// CODE-NOT: {{^}}#pragma omp parallel
// CODE: {{^ *}}for (int i = 0; (i < n); i++) {
// CODE-NOT: {{^}}#pragma omp parallel
// CODE: {{^ *}}for (int i = 0; (i < n); i++) {
// CODE: {{^}}#pragma omp parallel for schedule(dynamic, 64)
// CODE-NEXT: {{^ *}}for (int j = 0; j < j_extent; j++) {
// CODE-NOT: {{^}}#pragma omp parallel
// CODE: {{^ *}}for (int i = 0; (i < n); i++) {
void paren_condition(int n, int K, int L, const int *pos, const int *crd,
                     const double *Bv, const double *C, const double *D,
                     double *restrict A) {
  // REMARK: omp-noncanonical.c:[[@LINE+1]]:3: remark: fused
  for (int i = 0; (i < n); i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}

// CODE-LABEL: {{^}}void paren_variable(
// CODE: {{^ *}}long j_extent;
// CODE-NEXT: {{^ *}}long j_min;
// CODE-NEXT: {{^ *}}int j_low = 1;
// CODE-NEXT: {{^ *}}int j_max = 0;
// CODE-NEXT: {{^ *}}int j_seen = 0;
// CODE-NEXT: {{^ *}}if (n > 0) {
// CODE-NOT: {{^}}#pragma omp parallel
// CODE: {{^ *}}for ((i) = 0; i < n; i++) {
// CODE-NOT: {{^}}#pragma omp parallel
// CODE: {{^ *}}for ((i) = 0; i < n; i++) {
// CODE: {{^}}#pragma omp parallel for schedule(dynamic, 64) private(i, p, j, k, l)
// CODE-NEXT: {{^ *}}for (int j = 0; j < j_extent; j++) {
// CODE-NOT: {{^}}#pragma omp parallel
// CODE: {{^ *}}for ((i) = 0; i < n; i++) {
void paren_variable(int n, int K, int L, const int *pos, const int *crd,
                    const double *Bv, const double *C, const double *D,
                    double *restrict A) {
  int i, p, j, k, l;
  // REMARK: omp-noncanonical.c:[[@LINE+1]]:3: remark: fused
  for ((i) = 0; i < n; i++)
    for (p = pos[i]; p < pos[i + 1]; p++) {
      j = crd[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}

// EXPLAIN: openmp: not parallelized: gcc does not take the header of the loop over 'i' for OpenMP as written
// EXPLAIN: openmp: not parallelized: gcc does not take the header of the loop over 'i' for OpenMP as written
