// C++: a reference bound to an assignment of the variable, a lambda that
// captures it, or the variable passed to a reference parameter, each
// before the nest, may observe it after the nest.
void keep(int &x);

void reference_bound(int n, int K, int L, const int *rowptr,
                     const int *colidx, const double *vals, const double *C,
                     const double *D, const double *E, double *__restrict A,
                     int c) {
  int i, p, j, k, l;
  int &r = (l = 0);
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  c += r;
}

int captured(int n, int K, int L, const int *rowptr, const int *colidx,
             const double *vals, const double *C, const double *D,
             const double *E, double *__restrict A) {
  int i, p, j, k, l;
  auto last = [&]() { return k; };
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  return last();
}

void passed_by_reference(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *C, const double *D, const double *E,
                         double *__restrict A) {
  int i, p, j, k, l;
  keep(j);
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// Assigned again before it is read (a chain of C++ assignments, whose
// values are lvalues read through casts): rewritten.
void reassigned(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *__restrict A) {
  int i, p, j, k, l;
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  i = j = p = k = l = 0;
  A[0] += l;
}
