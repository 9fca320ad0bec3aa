// TACO's counter of a sparse output's positions (`int jA = 0;` before the
// nest, `jA++;` once per fiber) is read as the fiber's position only when
// that is proved: a constant start, no other write, and the loop it counts
// right under the nest's outer loop, which starts at 0 (the rewrite assigns
// jA = jB - pos[0] + c at the top of each fiber). Otherwise the file is
// left untouched.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// It counts the nonzeros of the fibers (the third level), not the fibers.
void counts_third_level(int I, int L, int M, const int *pos1, const int *crd1,
                        const int *pos2, const int *crd2, const double *vals,
                        const double *C, const double *D, double *restrict A) {
  int jA = 0;
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int j = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          for (int m = 0; m < M; m++)
            A[jA * M + m] += vals[p2] * C[k * L + l] * D[l * M + m];
        jA++;
      }
    }
}
// CHECK: refusals/unsupported-counter.c:[[@LINE-4]]:9: remark: nest left unchanged: 'jA' counts the iterations of the loop over 'p2', which is not the compressed level right under the nest's outer loop from 0; its value is not proved to be a position [lnr-unsupported-counter]

// The outer loop starts at 1: the count starts at pos1[1], not pos1[0].
void from_one(int I, int L, int M, const int *pos1, const int *crd1,
              const int *pos2, const int *crd2, const double *vals,
              const double *C, const double *D, double *restrict A) {
  int jA = 0;
  for (int i = 1; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int j = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          for (int m = 0; m < M; m++)
            A[jA * M + m] += vals[p2] * C[k * L + l] * D[l * M + m];
      }
      jA++;
    }
}
// CHECK: refusals/unsupported-counter.c:[[@LINE-3]]:7: remark: nest left unchanged: 'jA' counts the iterations of the loop over 'p1', which is not {{.*}} [lnr-unsupported-counter]

// It starts where a parameter says.
void start_unknown(int I, int L, int M, const int *pos1, const int *crd1,
                   const int *pos2, const int *crd2, const double *vals,
                   const double *C, const double *D, double *restrict A,
                   int first) {
  int jA = first;
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int j = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          for (int m = 0; m < M; m++)
            A[jA * M + m] += vals[p2] * C[k * L + l] * D[l * M + m];
      }
      jA++;
    }
}
// CHECK: refusals/unsupported-counter.c:[[@LINE-3]]:7: remark: nest left unchanged: 'jA' is not declared before the nest with a constant initial value ('int32_t jA = 0;') [lnr-unsupported-counter]

// Written again between its declaration and the nest.
void written_elsewhere(int I, int L, int M, const int *pos1, const int *crd1,
                       const int *pos2, const int *crd2, const double *vals,
                       const double *C, const double *D, double *restrict A,
                       int skip) {
  int jA = 0;
  if (skip)
    jA = skip;
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int j = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          for (int m = 0; m < M; m++)
            A[jA * M + m] += vals[p2] * C[k * L + l] * D[l * M + m];
      }
      jA++;
    }
}
// CHECK: refusals/unsupported-counter.c:[[@LINE-13]]:5: remark: nest left unchanged: 'jA' is written elsewhere in the function, or a label may jump past its initialization; it is not proved to count the positions [lnr-unsupported-counter]

// It indexes an input: only the output may be stored at B's positions.
void indexes_input(int I, int L, int M, const int *pos1, const int *crd1,
                   const int *pos2, const int *crd2, const double *vals,
                   const double *C, const double *D, const double *F,
                   double *restrict A) {
  int jA = 0;
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int j = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          for (int m = 0; m < M; m++)
            A[i * M + m] += vals[p2] * C[k * L + l] * D[l * M + m] * F[jA];
      }
      jA++;
    }
}
// CHECK: refusals/unsupported-counter.c:[[@LINE-5]]:72: remark: nest left unchanged: the counter 'jA' indexes an input; only the output may be stored at its positions [lnr-unsupported-counter]

// Read after the nest: the rewritten nest leaves another count in it.
int read_after(int I, int L, int M, const int *pos1, const int *crd1,
               const int *pos2, const int *crd2, const double *vals,
               const double *C, const double *D, double *restrict A) {
  int jA = 0;
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int j = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          for (int m = 0; m < M; m++)
            A[jA * M + m] += vals[p2] * C[k * L + l] * D[l * M + m];
      }
      jA++;
    }
  return jA;
}
// CHECK: refusals/unsupported-counter.c:[[@LINE-2]]:10: remark: nest left unchanged: 'jA' is declared outside the nest and read after it {{.*}} [lnr-live-induction-variable]
