// cxx_members.cpp's kernels as written (namespace orig) and rewritten
// (namespace rewr) on the same inputs with 1 and 2 threads; elements compare
// as same_elem.h's (NaN and infinity aware).
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "../harness/same_elem.h"

namespace orig {
#include ORIGINAL
}
namespace rewr {
#include REWRITTEN
}

enum { N = 40, NNZ = 4 * N, K = 9, L = 13 };
static int rowptr[N + 1], colidx[NNZ];
static double vals[NNZ], C[N * K], D[N * K + K * L], E[N * L], A0[N * L],
    A1[N * L];

static void reset() {
  for (int x = 0; x < N * L; x++)
    A0[x] = A1[x] = x % 3;
}

int main() {
  srand(11);
  for (int i = 0; i <= N; i++)
    rowptr[i] = 4 * i - (i % 7 == 3 ? 2 : 0); // a few rows of 2 and 6
  rowptr[N] = NNZ;
  for (int p = 0; p < NNZ; p++) {
    colidx[p] = rand() % N;
    vals[p] = (rand() % 64) / 8.0;
  }
  for (int x = 0; x < N * K; x++)
    C[x] = (rand() % 64) / 16.0;
  for (int x = 0; x < N * K + K * L; x++)
    D[x] = (rand() % 64) / 16.0;
  for (int x = 0; x < N * L; x++)
    E[x] = (rand() % 64) / 32.0;
  E[7] = 1.0 / 0.0;
  int ok = 1;
  for (int threads = 1; threads <= 2; threads++) {
    omp_set_num_threads(threads);
    orig::Kernels ko;
    rewr::Kernels kr;
    reset();
    ko.sddmm_spmm(N, K, L, rowptr, colidx, vals, C, D, E, A0);
    kr.sddmm_spmm(N, K, L, rowptr, colidx, vals, C, D, E, A1);
    ok &= same_array("member defined in its class", A0, A1, N * L);
    reset();
    orig::Kernels::spmm_gemm(N, K, L, rowptr, colidx, vals, C, D, A0);
    rewr::Kernels::spmm_gemm(N, K, L, rowptr, colidx, vals, C, D, A1);
    ok &= same_array("static member", A0, A1, N * L);
    reset();
    orig::lam::with_lambda(N, K, L, rowptr, colidx, vals, C, D, E, A0);
    rewr::lam::with_lambda(N, K, L, rowptr, colidx, vals, C, D, E, A1);
    ok &= same_array("lambda in a function", A0, A1, N * L);
    reset();
    orig::lam::file_lambda(N, K, L, rowptr, colidx, vals, C, D, E, A0);
    rewr::lam::file_lambda(N, K, L, rowptr, colidx, vals, C, D, E, A1);
    ok &= same_array("lambda at namespace scope", A0, A1, N * L);
    reset();
    orig::Templated<double>().f(N, K, L, rowptr, colidx, vals, C, D, E, A0);
    rewr::Templated<double>().f(N, K, L, rowptr, colidx, vals, C, D, E, A1);
    ok &= same_array("class template", A0, A1, N * L);
  }
  printf(ok ? "PASS: C++ members and lambdas as the original\n" : "FAIL\n");
  return !ok;
}
