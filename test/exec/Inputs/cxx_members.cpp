// Nests in C++ member functions defined in their class, a static member,
// a lambda in a function (its captures by reference), a lambda at namespace
// scope, and a class template's member, which is not rewritten (its text
// is not one instantiation's). cxx_members.test.
struct Kernels {
  void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
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
  static void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
                        const double *Bv, const double *C, const double *D,
                        double *__restrict A) {
    for (int i = 0; i < n; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
      }
  }
};

namespace lam {
void with_lambda(int n, int K, int L, const int *rowptr, const int *colidx,
                 const double *vals, const double *C, const double *D,
                 const double *E, double *__restrict A) {
  auto body = [&]() {
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  };
  body();
}

[[maybe_unused]] auto file_lambda = [](int n, int K, int L, const int *rowptr,
                      const int *colidx, const double *vals, const double *C,
                      const double *D, const double *E, double *__restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
};
} // namespace lam

template <class T> struct Templated {
  void f(int n, int K, int L, const int *rowptr, const int *colidx,
         const T *vals, const T *C, const T *D, const T *E, T *__restrict A) {
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
};
template struct Templated<double>;
