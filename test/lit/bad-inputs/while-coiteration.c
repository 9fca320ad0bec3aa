// Bad input: two sparse operands intersected by a merge (co-iteration), as a
// 'while' loop and as a 'for' loop with two positions. Expected: untouched,
// each nest with its remark (co-iteration is not recovered; see the
// lnr-unsupported-coiteration row of docs/refusals.md).
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// z(i) = sum_k x(i,k) * y(i,k) * w(k), x and y CSR.
void dot_rows(int n, const int *xpos, const int *xcrd, const double *xv,
              const int *ypos, const int *ycrd, const double *yv,
              const double *w, double *restrict z) {
  for (int i = 0; i < n; i++) {
    int px = xpos[i], py = ypos[i];
    while (px < xpos[i + 1] && py < ypos[i + 1]) {
      int kx = xcrd[px], ky = ycrd[py];
      int k = kx < ky ? kx : ky;
      if (kx == k && ky == k)
        z[i] += xv[px] * yv[py] * w[k];
      px += kx == k;
      py += ky == k;
    }
  }
}

void dot_rows_for(int n, const int *xpos, const int *xcrd, const double *xv,
                  const int *ypos, const int *ycrd, const double *yv,
                  const double *w, double *restrict z) {
  for (int i = 0; i < n; i++)
    for (int px = xpos[i], py = ypos[i];
         px < xpos[i + 1] && py < ypos[i + 1];) {
      int kx = xcrd[px], ky = ycrd[py];
      if (kx == ky)
        z[i] += xv[px++] * yv[py++] * w[kx];
      else if (kx < ky)
        px++;
      else
        py++;
    }
}

// The row loop of a fusable kernel written as a while loop.
void sddmm_spmm_while(int n, int K, int L, const int *rowptr,
                      const int *colidx, const double *vals, const double *C,
                      const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    int p = rowptr[i];
    while (p < rowptr[i + 1]) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      p++;
    }
  }
}

// CHECK: bad-inputs/while-coiteration.c:15:5: remark: nest left unchanged: {{.*}}[lnr-unsupported-statement]
// CHECK: bad-inputs/while-coiteration.c:30:5: remark: nest left unchanged: {{.*}}[lnr-unsupported-loop]
// CHECK: bad-inputs/while-coiteration.c:47:13: remark: nest left unchanged: {{.*}}[lnr-non-affine-subscript]
