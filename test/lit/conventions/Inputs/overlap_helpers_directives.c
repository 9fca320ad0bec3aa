#define _POSIX_C_SOURCE 200809L /* getline, in a comment that
                                   goes on */
#include <stdio.h> // a '/*' in a line comment
#define PATTERN "/*"
#define NEXT(a)                                                                \
  ((a) + 1) /* a comment opened
               on a continued line */
/* api */ int scale(void) {
#define SCALE 2
  return SCALE + NEXT(0) + (int)sizeof PATTERN;
}

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p]; /* the column */
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
