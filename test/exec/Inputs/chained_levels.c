/* Chains of sparse matrices: the second matrix's compressed level reached
   through the first's coordinate ('j = Bcrd[pB]; for (pC = Cpos[j]; ...)'),
   read as that matrix's compressed level below a dense level of index j. */

/* A = B * diag(C * x) * D: the sum over C's row j is computed once per
   nonzero of B, not once per (nonzero, l). */
void scaled_rows(int n, int L, const int *restrict Bpos,
                 const int *restrict Bcrd, const double *restrict Bv,
                 const int *restrict Cpos, const int *restrict Ccrd,
                 const double *restrict Cv, const double *restrict x,
                 const double *restrict D, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      int j = Bcrd[pB];
      for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
        int k = Ccrd[pC];
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[pB] * Cv[pC] * x[k] * D[j * L + l];
      }
    }
}

/* C in MKL's four arrays. */
void scaled_rows_four(int n, int L, const int *restrict Bpos,
                      const int *restrict Bcrd, const double *restrict Bv,
                      const int *restrict Cb, const int *restrict Ce,
                      const int *restrict Ccrd, const double *restrict Cv,
                      const double *restrict x, const double *restrict D,
                      double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      int j = Bcrd[pB];
      for (int pC = Cb[j]; pC < Ce[j]; pC++) {
        int k = Ccrd[pC];
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[pB] * Cv[pC] * x[k] * D[j * L + l];
      }
    }
}

/* C89: the variables declared first, the coordinates assigned. */
void scaled_rows_c89(int n, int L, const int *restrict Bpos,
                     const int *restrict Bcrd, const double *restrict Bv,
                     const int *restrict Cpos, const int *restrict Ccrd,
                     const double *restrict Cv, const double *restrict x,
                     const double *restrict D, double *restrict A) {
  int i, pB, j, pC, k, l;
  for (i = 0; i < n; i++)
    for (pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      j = Bcrd[pB];
      for (pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
        k = Ccrd[pC];
        for (l = 0; l < L; l++)
          A[i * L + l] += Bv[pB] * Cv[pC] * x[k] * D[j * L + l];
      }
    }
}

/* Three matrices: E's row k reached through C's coordinate. A row of C
   whose every E row is empty adds nothing (not 0 * D, NaN for an infinite
   D). */
void three_rows(int n, int L, const int *restrict Bpos,
                const int *restrict Bcrd, const double *restrict Bv,
                const int *restrict Cpos, const int *restrict Ccrd,
                const double *restrict Cv, const int *restrict Epos,
                const int *restrict Ecrd, const double *restrict Ev,
                const double *restrict x, const double *restrict D,
                double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      int j = Bcrd[pB];
      for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
        int k = Ccrd[pC];
        for (int pE = Epos[k]; pE < Epos[k + 1]; pE++) {
          int m = Ecrd[pE];
          for (int l = 0; l < L; l++)
            A[i * L + l] += Bv[pB] * Cv[pC] * Ev[pE] * x[m] * D[j * L + l];
        }
      }
    }
}

/* y = B * (C * x): distribution removes no loop (lnr-no-gain). */
void spmv_spmv(int n, const int *restrict Bpos, const int *restrict Bcrd,
               const double *restrict Bv, const int *restrict Cpos,
               const int *restrict Ccrd, const double *restrict Cv,
               const double *restrict x, double *restrict y) {
  for (int i = 0; i < n; i++)
    for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      int j = Bcrd[pB];
      for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
        int k = Ccrd[pC];
        y[i] += Bv[pB] * Cv[pC] * x[k];
      }
    }
}

/* B as a coordinate (COO) list, its rows in any order: C's row reached
   through B's column loaded at the position. */
void coo_scaled_rows(int nnz, int L, const int *restrict row,
                     const int *restrict col, const double *restrict Bv,
                     const int *restrict Cpos, const int *restrict Ccrd,
                     const double *restrict Cv, const double *restrict x,
                     const double *restrict D, double *restrict A) {
  for (int e = 0; e < nnz; e++) {
    int i = row[e];
    int j = col[e];
    for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
      int k = Ccrd[pC];
      for (int l = 0; l < L; l++)
        A[i * L + l] += Bv[e] * Cv[pC] * x[k] * D[j * L + l];
    }
  }
}

/* Without restrict: the run-time overlap test ranges C's positions from
   Cpos[min j] to Cpos[max j + 1] (the coordinates j scanned, Cpos checked
   never to decrease between them) and C's coordinates k by a scan that
   walks B's and C's levels. */
void scaled_rows_alias(int n, int L, const int *Bpos, const int *Bcrd,
                       const double *Bv, const int *Cpos, const int *Ccrd,
                       const double *Cv, const double *x, const double *D,
                       double *A) {
  for (int i = 0; i < n; i++)
    for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      int j = Bcrd[pB];
      for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
        int k = Ccrd[pC];
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[pB] * Cv[pC] * x[k] * D[j * L + l];
      }
    }
}

/* The same with B a COO list. */
void coo_scaled_rows_alias(int nnz, int L, const int *row, const int *col,
                           const double *Bv, const int *Cpos, const int *Ccrd,
                           const double *Cv, const double *x, const double *D,
                           double *A) {
  for (int e = 0; e < nnz; e++) {
    int i = row[e];
    int j = col[e];
    for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
      int k = Ccrd[pC];
      for (int l = 0; l < L; l++)
        A[i * L + l] += Bv[e] * Cv[pC] * x[k] * D[j * L + l];
    }
  }
}
