// TACO's split of a fiber's positions into blocks, in forms the recovery
// does not read as the fiber: each nest is left as written, with the
// reason.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

/* The untested branch computes another product. */
void differ(int n, const int *pos, const int *crd, const double *B,
            const double *C, const double *D, const double *E,
            double *restrict A, int K, int L) {
  for (int i = 0; i < n; i++)
    for (int b = pos[i] / 4; b < (pos[i + 1] + 3) / 4; b++) {
      if (b * 4 < pos[i] || b * 4 + 3 >= pos[i + 1]) {
        for (int o = 0; o < 4; o++) {
          int p = b * 4 + o;
          if (p < pos[i] || p >= pos[i + 1])
            continue;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      } else {
        for (int o = 0; o < 4; o++) {
          int p = b * 4 + o;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + k];
        }
      }
    }
}
// CHECK: position-blocks.c:[[@LINE-11]]:14: remark: nest left unchanged: the loop over 'b' walks a fiber's positions in blocks of 4 but its two branches differ in more than the test of a block's positions; TACO's split of a position loop is read when each block tests the fiber's bounds, or is inside them [lnr-unsupported-loop]

/* A block whose last position is the fiber's end runs untested. */
void unproved(int n, const int *pos, const int *crd, const double *B,
              const double *C, const double *D, const double *E,
              double *restrict A, int K, int L) {
  for (int i = 0; i < n; i++)
    for (int b = pos[i] / 4; b < (pos[i + 1] + 3) / 4; b++) {
      if (b * 4 < pos[i] || b * 4 + 2 >= pos[i + 1]) {
        for (int o = 0; o < 4; o++) {
          int p = b * 4 + o;
          if (p < pos[i] || p >= pos[i + 1])
            continue;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      } else {
        for (int o = 0; o < 4; o++) {
          int p = b * 4 + o;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      }
    }
}
// CHECK: position-blocks.c:[[@LINE-21]]:7: remark: nest left unchanged: the loop over 'b' walks a fiber's positions in blocks of 4 but the test 'b * 4 < pos[i] || b * 4 + 2 >= pos[i + 1]' is not proved to send only blocks inside [pos[i], pos[i + 1]) to its second branch; {{.*}} [lnr-unsupported-loop]

/* The loop between sums into y[i]: a block's terms reach y[i] by k first,
   which the fiber read as one loop would reorder. */
void sums_between(int n, const int *pos, const int *crd, const double *V,
                  const double *X, double *restrict y, int K) {
  for (int i = 0; i < n; i++)
    for (int b = pos[i] / 4; b < (pos[i + 1] + 3) / 4; b++) {
      if (b * 4 < pos[i] || b * 4 + 3 >= pos[i + 1]) {
        for (int k = 0; k < K; k++)
          for (int o = 0; o < 4; o++) {
            int p = b * 4 + o;
            if (p < pos[i] || p >= pos[i + 1])
              continue;
            int j = crd[p];
            y[i] = y[i] + V[p] * X[j * K + k];
          }
      } else {
        for (int k = 0; k < K; k++)
          for (int o = 0; o < 4; o++) {
            int p = b * 4 + o;
            int j = crd[p];
            y[i] = y[i] + V[p] * X[j * K + k];
          }
      }
    }
}
// CHECK: position-blocks.c:[[@LINE-18]]:9: remark: nest left unchanged: the loop over 'b' walks a fiber's positions in blocks of 4 but the output is not written at one value of the loop between the blocks and their positions, and would see its terms in another order; {{.*}} [lnr-unsupported-loop]

/* The body reads the block. */
void reads_block(int n, const int *pos, const int *crd, const double *V,
                 const double *X, double *restrict Y, int K) {
  for (int i = 0; i < n; i++)
    for (int b = pos[i] / 4; b < (pos[i + 1] + 3) / 4; b++) {
      if (b * 4 < pos[i] || b * 4 + 3 >= pos[i + 1]) {
        for (int k = 0; k < K; k++)
          for (int o = 0; o < 4; o++) {
            int p = b * 4 + o;
            if (p < pos[i] || p >= pos[i + 1])
              continue;
            int j = crd[p];
            Y[i * K + k] = Y[i * K + k] + V[p] * X[j * K + k] * b;
          }
      } else {
        for (int k = 0; k < K; k++)
          for (int o = 0; o < 4; o++) {
            int p = b * 4 + o;
            int j = crd[p];
            Y[i * K + k] = Y[i * K + k] + V[p] * X[j * K + k] * b;
          }
      }
    }
}
// CHECK: position-blocks.c:[[@LINE-12]]:13: remark: nest left unchanged: the loop over 'b' walks a fiber's positions in blocks of 4 but its body reads 'b' or 'o', or changes 'p'; {{.*}} [lnr-unsupported-loop]


/* The test in unsigned arithmetic: 'b * 4 + 4294967295u' is 'b * 4 - 1',
   which sends a block past the fiber's end to the untested branch. */
void unsigned_test(int n, const int *pos, const int *crd, const double *B,
                   const double *C, const double *D, const double *E,
                   double *restrict A, int K, int L) {
  for (int i = 0; i < n; i++)
    for (int b = pos[i] / 4; b < (pos[i + 1] + 3) / 4; b++) {
      if (b * 4 < pos[i] || b * 4 + 4294967295u >= pos[i + 1]) {
        for (int o = 0; o < 4; o++) {
          int p = b * 4 + o;
          if (p < pos[i] || p >= pos[i + 1])
            continue;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      } else {
        for (int o = 0; o < 4; o++) {
          int p = b * 4 + o;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      }
    }
}
// CHECK: position-blocks.c:[[@LINE-21]]:7: remark: nest left unchanged: the loop over 'b' walks a fiber's positions in blocks of 4 but the test 'b * 4 < pos[i] || b * 4 + 4294967295u >= pos[i + 1]' is not proved to send only blocks inside [pos[i], pos[i + 1]) to its second branch; {{.*}} [lnr-unsupported-loop]

/* Positions counted in an unsigned char: the fiber's loop would never
   reach a position past 255. */
void narrow_position(int n, const int *pos, const int *crd, const double *B,
                     const double *C, const double *D, const double *E,
                     double *restrict A, int K, int L) {
  for (int i = 0; i < n; i++)
    for (int b = pos[i] / 4; b < (pos[i + 1] + 3) / 4; b++) {
      if (b * 4 < pos[i] || b * 4 + 3 >= pos[i + 1]) {
        for (int o = 0; o < 4; o++) {
          unsigned char p = b * 4 + o;
          if (p < pos[i] || p >= pos[i + 1])
            continue;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      } else {
        for (int o = 0; o < 4; o++) {
          unsigned char p = b * 4 + o;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      }
    }
}
// CHECK: position-blocks.c:[[@LINE-19]]:11: remark: nest left unchanged: the loop over 'b' walks a fiber's positions in blocks of 4 but counts 'p' in 'unsigned char', which is not a signed type holding every position of 'int'; {{.*}} [lnr-unsupported-loop]

/* The loop between reads the block in its bound. */
void between_reads_block(int n, const int *pos, const int *crd,
                         const double *V, const double *X, double *restrict Y,
                         int K) {
  for (int i = 0; i < n; i++)
    for (int b = pos[i] / 4; b < (pos[i + 1] + 3) / 4; b++) {
      if (b * 4 < pos[i] || b * 4 + 3 >= pos[i + 1]) {
        for (int k = 0; k < K + b - b; k++)
          for (int o = 0; o < 4; o++) {
            int p = b * 4 + o;
            if (p < pos[i] || p >= pos[i + 1])
              continue;
            int j = crd[p];
            Y[i * K + k] = Y[i * K + k] + V[p] * X[j * K + k];
          }
      } else {
        for (int k = 0; k < K + b - b; k++)
          for (int o = 0; o < 4; o++) {
            int p = b * 4 + o;
            int j = crd[p];
            Y[i * K + k] = Y[i * K + k] + V[p] * X[j * K + k];
          }
      }
    }
}
// CHECK: position-blocks.c:[[@LINE-18]]:25: remark: nest left unchanged: the loop over 'b' walks a fiber's positions in blocks of 4 but the header of the loop between reads 'b' or 'o'; {{.*}} [lnr-unsupported-loop]
