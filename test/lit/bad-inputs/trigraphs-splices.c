// Bad input: a nest spelled with a trigraph ('??(' for '[', C99 5.2.1.1,
// read with -std=c99), and nests with a line continued by a backslash
// ('s * \' then 'B[p]' on the next line; a directive). Found by an
// adversarial pass: the formatter split the trigraph ('C ? ? (i'), and the
// backslash was copied into the rewrite before the token it joined
// ('\ B', '#pragma omp parallel for \ schedule(static)'); none of the
// rewrites compiled. Fixed: the trigraph's nest is left unchanged with its
// remark (and the pair it would begin), and the recovery reads text as the
// compiler does, escaped line breaks removed.
// RUN: lnr-rewrite --remarks=all %s -- -std=c99 > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: FileCheck %s < %t.out
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Wno-trigraphs -Werror -x c -c %t.out -o /dev/null
// RUN: clang-14 -std=c99 -fopenmp -Wall -Wextra -Wno-trigraphs -Werror -x c -c %t.out -o /dev/null
// REMARK: trigraphs-splices.c:{{[0-9]+}}:3: remark: nest left unchanged: the nest is spelled with the trigraph '??(', which the formatter splits [lnr-unsupported-statement]
// REMARK: trigraphs-splices.c:{{[0-9]+}}:3: remark: nest left unchanged: not fused with the nest at line {{[0-9]+}}, which writes 'T': a nest is not recovered [lnr-separate-kernels]
// CHECK: s += C??(i * K + k??) * D[j * K + k];
void trigraph(int n, int K, int L, const int *restrict pos,
              const int *restrict crd, const double *restrict B,
              const double *restrict C, const double *restrict D,
              const double *restrict E, double *restrict T,
              double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C??(i * K + k??) * D[j * K + k];
      T[p] = s * B[p];
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

// REMARK: trigraphs-splices.c:{{[0-9]+}}:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void spliced(
// CHECK: {{^ *}}t = t * B[p];{{$}}
void spliced(int n, int K, int L, const int *restrict pos,
             const int *restrict crd, const double *restrict B,
             const double *restrict C, const double *restrict D,
             const double *restrict E, double *restrict T, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s * \
B[p];
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

// REMARK: trigraphs-splices.c:{{[0-9]+}}:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void directive_continued(
// CHECK: {{^}}#pragma omp parallel for schedule(static){{$}}
void directive_continued(int n, int K, int L, const int *restrict pos,
                         const int *restrict crd, const double *restrict B,
                         const double *restrict C, const double *restrict D,
                         const double *restrict E, double *restrict T,
                         double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s * B[p];
    }
#pragma omp parallel for \
    schedule(static)
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}
