// Fuzz regression (fixed) (lnr_fuzz.py --tsan seed 11, case 237): a
// six-factor statement in six loops. The search finds thousands of
// schedules; leaving out the ones another beats compared every pair, and
// under the sanitizers the tool ran past the fuzzer's 60 s limit (12 s
// without them). Now each distinct cost is compared once. The fuzzer
// proves the rewrite by execution (lnr_fuzz.py --seed 11 --only 237); here
// the schedule it chooses and a rewrite that compiles (the generated
// kernel does not use its parameter J).
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: remark: fused 'A(i) += F(i,l,k) * vals(l,j) * D(j,n,i) * C(i,m) * 2.0 * E(l,n)': O(nnz(vals_lj)*I*K*NM*NN) -> O(I*NM+nnz(vals_lj)*I*NN+I*K*d->L) [lnr-fuse]
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Wno-unused-parameter -Werror -fsyntax-only -x c %t.c
#define NM 3
#define NN 1
struct fz_dims {
  int N, J, M, I, L, K;
};

void kern(int J,
    int I,
    int K,
    const struct fz_dims *d,
    const int *colptr,
    const int *rowidx,
    const double *vals,
    const double *C,
    const double *D,
    const double *E,
    const double *F,
    double *restrict A) {
  for (int l = 0; l < d->L; l++) {
    for (int m = 0; m < NM; m++) {
      for (int k = 0; k < K; k++) {
        for (int q = colptr[l]; q < colptr[l + 1]; q++) {
          int j = rowidx[q];
          for (int n = 0; n < NN; n++) {
            for (int i = 0; i < I; i++) {
              A[i] = A[i] + F[i * d->L * K + l * K + k] * vals[q] * D[j * NN * I + n * I + i] * C[m + i * NM] * 2.0 * E[n + l * NN];
            }
          }
        }
      }
    }
  }
}
