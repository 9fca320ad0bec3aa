// A function template, used with float: its text is not rewritten (an
// instantiation's types are one use's; the template serves others). An
// explicit specialization is a function of its own and is.
template <class T>
void kern(int n, int K, int L, const int *rowptr, const int *colidx,
          const T *vals, const T *C, const T *D, const T *E, T *__restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

template <>
void kern<double>(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *__restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void use(float *A, const float *x, const int *r) {
  kern(1, 1, 1, r, r, x, x, x, x, A);
}

template void kern<long double>(int, int, int, const int *, const int *,
                                const long double *, const long double *,
                                const long double *, const long double *,
                                long double *__restrict);
