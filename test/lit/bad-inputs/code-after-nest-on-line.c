// Bad input (found here, fixed): code after the nest on the nest's last
// line. The rewrite was correct, but the text after the nest on that line
// was reformatted too ('} } /* end if */ int x = 0; (void)x;' became four
// lines), although everything else in the file must stay byte-for-byte as
// it was. Expected, and checked: fused, proved by execution, and the line's
// tail kept as it was, after the fused nest's last brace. The nest keeps
// the indentation it is written with (2 columns, in a block at 2).
// RUN: lnr-rewrite %s -- > %t.rewritten.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// REMARK: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}}[lnr-fuse]
// RUN: sh %S/Inputs/prove.sh %cc %harness %t %s %t.rewritten.c | FileCheck --check-prefix=EXEC %s
// EXEC: PASS: lnr_rewritten matches lnr_original on all cases
// RUN: %nochecks %t.rewritten.c | FileCheck --strict-whitespace --check-prefix=TAIL %s
// TAIL:      {{^}}#pragma omp parallel for schedule(dynamic, 64){{$}}
// TAIL:      {{^}}  } } /* end if */ int unused_after = 0; (void)unused_after;{{$}}
// TAIL-NEXT: {{^}}}{{$}}
// The lines before the nest are untouched.
// RUN: head -n 23 %s > %t.before && head -n 23 %t.rewritten.c | diff %t.before -

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  if (n > 0) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    } } /* end if */ int unused_after = 0; (void)unused_after;
}
