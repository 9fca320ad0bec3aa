// Fuzz regression (lnr_fuzz.py seed 78, case 526): TACO's position split
// without 'restrict'. The overlap test took 'pos2[i_pos + 1]', read by the
// split's walk to the next row, for one element read from memory, like a
// bound, and tested its address before the nest, where 'i_pos' is not
// declared: the rewrite did not compile. A read at a variable the nest
// declares is no such element (the positions' range covers it).
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -Wno-unused-function -c %t.c -o %t.o
// RUN: %nochecks %t.c | FileCheck %s
// REMARK: remark: fused {{.*}}, under a run-time overlap test
// CHECK-NOT: sizeof *(&(pos2[i_pos + 1]))
// CHECK: sizeof *(&(pos2[I]))
static long taco_binarySearchBefore(const int *array, long lo, long hi,
                                    long target) {
  if (array[hi] <= target)
    return hi;
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (array[mid] <= target)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

void kern(int I, int K, int L, const int *pos2, const int *crd2,
          const double *Bv, const double *C, const double *D, double *A) {
  for (int i0 = 0; i0 < ((pos2[I] + 255) / 256); i0++) {
    int i_pos = taco_binarySearchBefore(pos2, 0, I, i0 * 256);
    int i = i_pos;
    for (int i1 = 0; i1 < 256; i1++) {
      int q = i0 * 256 + i1;
      if (q >= pos2[I])
        continue;
      int j = crd2[q];
      while (q == pos2[i_pos + 1]) {
        i_pos++;
        i = i_pos;
      }
      for (int l = 0; l < L; l++)
        for (int k = 0; k < K; k++)
          A[i * L + l] += C[j * K + k] * D[k * L + l] * Bv[q];
    }
  }
}
