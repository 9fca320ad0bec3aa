// Schedules whose temporary is stored at the positions of a sparse tensor's
// nonzeros (these were [lnr-unsupported-temporary] before the generator wrote
// them): one array of rowptr[n] elements, allocated once, indexed by the
// position p of the loop that walks B's level 2, shared by the threads (rows
// own disjoint positions). The rewrite compiles without warnings.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: FileCheck --check-prefix=CODE %s < %t.out
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.out
// Running the tool on its own output changes nothing.
// RUN: cp %t.out %t.rewritten.c
// RUN: lnr-rewrite %t.rewritten.c -- > %t.again 2> /dev/null
// RUN: diff %t.out %t.again

// SDDMM weighted by the row sums of F, loop order l, i, k, j:
// A(i,j) += F(i,l) * C(i,k) * B(i,j) * D(j,k). The cheaper schedule keeps the
// SDDMM terms in a temporary t(j) over the nonzeros of row i.
void sddmm_row_weighted(int n, int m, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *F, double *restrict A) {
  for (int l = 0; l < L; l++)
    for (int i = 0; i < n; i++)
      for (int k = 0; k < K; k++)
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
          int j = colidx[p];
          A[i * m + j] += C[i * K + k] * F[i * L + l] * vals[p] * D[j * K + k];
        }
}
// REMARK: fuse/positions-temporaries.c:[[@LINE-8]]:3: remark: fused 'A(i,j) += C(i,k) * F(i,l) * vals(i,j) * D(j,k)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*K+L*n) [lnr-fuse]
// Shared i; t(j) over row i's nonzeros, zeroed where the producer starts.
// (The patterns start with the line: else they would match themselves, in the
// comments the output keeps.)
// CODE-LABEL: void sddmm_row_weighted(
// CODE:      {{^}}    double *t = (double *)calloc((size_t)(rowptr[n] > 0 ? rowptr[n] : 1),
// CODE-NEXT:                                 sizeof(double));
// CODE-NEXT: if (t) {
// CODE-NEXT: for (int i = 0; i < n; i++) {
// CODE-NEXT:   for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CODE-NEXT:     t[p] = 0;
// CODE-NEXT:   }
// CODE:        for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CODE-NEXT:     t[p] += t1 * vals[p];
// CODE-NEXT:   }
// CODE:            A[i * m + j] += t[p] * C[i * K + k] * D[j * K + k];
// CODE:      free(t);

// A(i,j) += B(i,j) * D(j,k) * u(l): the schedule keeps t(i,j) over all the
// nonzeros of B.
void scaled_by_sums(int n, int m, int K, int L, const int *rowptr,
                    const int *colidx, const double *vals, const double *D,
                    const double *u, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
          int j = colidx[p];
          A[i * m + j] += D[j * K + k] * vals[p] * u[l];
        }
}
// REMARK: fuse/positions-temporaries.c:[[@LINE-8]]:3: remark: fused 'A(i,j) += D(j,k) * vals(i,j) * u(l)': O(nnz(vals_ij)*K*L) -> O(L+nnz(vals_ij)*K) [lnr-fuse]
// No shared loop: the sum of u once, t(i,j) = sum(u) * B(i,j) in parallel
// over i, then A.
// CODE-LABEL: void scaled_by_sums(
// CODE:      {{^}}    double *t = (double *)calloc((size_t)(rowptr[n] > 0 ? rowptr[n] : 1),
// CODE-NEXT:                                 sizeof(double));
// CODE-NEXT: double t1 = 0;
// CODE:      t1 += u[l];
// CODE:      #pragma omp parallel for schedule(dynamic, 64)
// CODE-NEXT: for (int i = 0; i < n; i++) {
// CODE-NEXT:   for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CODE-NEXT:     t[p] += t1 * vals[p];
// CODE-NEXT:   }
// CODE-NEXT: }
// CODE:            A[i * m + j] += t[p] * D[j * K + k];
// CODE:      free(t);
