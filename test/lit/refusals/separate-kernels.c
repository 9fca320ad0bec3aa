// Separate kernels that must stay separate: a producer nest fills a local
// temporary and the next nest reads it, but fusing them would change what
// is computed or is not proved not to. Each nest is then read alone; the
// consumer, which has nothing to gain alone, says why the two were not
// fused (lnr-separate-kernels), and so does --explain
// (test/exec/nest_pair.test runs the pairs that are).
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: lnr-rewrite --explain %s -- 2> /dev/null | FileCheck %s
#include <stdlib.h>
#include <string.h>

void consume(const double *);

// The temporary is read after the consumer (a parameter), which scales a
// sum by it: fused, the sum would take the producer's factors, and the
// temporary would not be stored as the producer computes it.
void live_scaled(int n, int K, int L, const int *pos, const int *crd,
                 const double *B, const double *C, const double *D,
                 const double *E, double *restrict A, double *T) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int l = 0; l < L; l++)
        s += E[j * L + l];
      A[i] += T[p] * s;
    }
}
// CHECK:      nest in 'live_scaled'
// CHECK-NEXT:   notation: T(i,j) += C(i,k) * D(j,k) * B(i,j)
// CHECK:      nest in 'live_scaled'
// CHECK:        separate kernels: not fused with the nest at line {{[0-9]+}}, which writes 'T': the consumer scales a sum by the temporary, which is still stored
// REMARK: separate-kernels.c:{{[0-9]+}}:3: remark: nest left unchanged: {{.*}} [lnr-no-gain]
// REMARK: separate-kernels.c:{{[0-9]+}}:3: remark: nest left unchanged: {{.*}}

// The consumer reads the coordinate in place ('crd[p]') where the producer
// loads it into 'j' first: not the same loop as written. The temporary
// also escapes to a call after the nests (live).
void escapes(int n, int K, int L, const int *pos, const int *crd,
             const double *B, const double *C, const double *D,
             const double *E, double *restrict A) {
  double *T = malloc(sizeof(double) * pos[n]);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[crd[p] * L + l];
  consume(T);
  free(T);
}
// CHECK:      nest in 'escapes'
// CHECK:      nest in 'escapes'
// CHECK:        separate kernels: {{.*}} the consumer's loop over 'crd[p]' is not the producer's loop over 'j' as written

// A statement between the two nests that writes memory (the output).
void between(int n, int K, int L, const int *pos, const int *crd,
             const double *B, const double *C, const double *D,
             const double *E, double *restrict A) {
  double *T = malloc(sizeof(double) * pos[n]);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  A[0] = 1;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[crd[p] * L + l];
  free(T);
}
// CHECK:      nest in 'between'
// CHECK:      nest in 'between'
// CHECK:        separate kernels: {{.*}} the statement at line {{[0-9]+}} between the two nests does more than declare or assign a local scalar

// The consumer starts at row 1: it reads T at other positions than the
// producer's loop as written.
void other_rows(int n, int K, int L, const int *pos, const int *crd,
                const double *B, const double *C, const double *D,
                const double *E, double *restrict A) {
  double *T = malloc(sizeof(double) * pos[n]);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  for (int i = 1; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[crd[p] * L + l];
  free(T);
}
// CHECK:      nest in 'other_rows'
// CHECK:      nest in 'other_rows'
// CHECK:        separate kernels: not fused with the nest at line {{[0-9]+}}, which writes 'T': the consumer's loop over 'i' is not the producer's loop over 'i' as written
// CHECK-NEXT:   unchanged: {{.*}} [lnr-separate-kernels]

// Accumulated into memory malloc leaves undefined: not zero before.
void not_zeroed(int n, int F, int G, const int *pos, const int *crd,
                const double *vals, const double *X, const double *W,
                double *restrict out) {
  double *T = malloc(sizeof(double) * n * F);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f];
  for (int i = 0; i < n; i++)
    for (int g = 0; g < G; g++)
      for (int f = 0; f < F; f++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}
// CHECK:      nest in 'not_zeroed'
// CHECK:      nest in 'not_zeroed'
// CHECK:        separate kernels: not fused with the nest at line {{[0-9]+}}, which writes 'T': 'T' is not zero before the producer adds to it

// A product assigned at each position, with no sum: not composed (the
// remark said before that 'T' was not zero before the producer added to it).
void product_assigned(int n, int K, const int *pos, const int *crd,
                      const double *vals, const double *x, const double *Y,
                      double *restrict O) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      T[p] = x[i] * vals[p];
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        O[i * K + k] += T[p] * Y[crd[p] * K + k];
  free(T);
}
// CHECK:      nest in 'product_assigned'
// CHECK:      nest in 'product_assigned'
// CHECK:        separate kernels: not fused with the nest at line {{[0-9]+}}, which writes 'T': the producer assigns 'T' a product with no sum; only a sum stored, or added to a zeroed temporary, is composed

// The consumer writes what the producer reads: fused, the producer would
// read the consumer's writes.
void writes_input(int n, int F, int G, const int *pos, const int *crd,
                  const double *vals, double *X, const double *W) {
  double *T = calloc((size_t)n * F, sizeof(double));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int g = 0; g < G; g++)
        X[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}
// CHECK:      nest in 'writes_input'
// CHECK:      nest in 'writes_input'
// CHECK:        separate kernels: not fused with the nest at line {{[0-9]+}}, which writes 'T': the producer reads 'X', which a nest writes

// A conditional between the two: the fused nest would drop it.
void conditional_between(int n, int F, int G, const int *pos, const int *crd,
                         const double *vals, const double *X, const double *W,
                         double *restrict out) {
  double *T = calloc((size_t)n * F, sizeof(double));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f];
#ifdef SCALE_ROWS
  scale_rows(T);
#endif
  for (int i = 0; i < n; i++)
    for (int g = 0; g < G; g++)
      for (int f = 0; f < F; f++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}
// CHECK:      nest in 'conditional_between'
// CHECK:      nest in 'conditional_between'
// CHECK:        separate kernels: not fused with the nest at line {{[0-9]+}}, which writes 'T': a preprocessor line is between the two nests

// The consumer reads the next element of the one the producer stores.
void next_element(int n, int F, int G, const double *restrict X,
                  const double *restrict W, double *restrict out) {
  double *T = calloc((size_t)F + 1, sizeof(double));
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      T[f] += X[i * F + f];
  for (int f = 0; f < F; f++)
    for (int g = 0; g < G; g++)
      out[g] += T[f + 1] * W[f * G + g];
  free(T);
}
// CHECK:      nest in 'next_element'
// CHECK:      nest in 'next_element'
// CHECK:        separate kernels: not fused with the nest at line {{[0-9]+}}, which writes 'T': the consumer reads 'T[f + 1]' where the producer stores 'T[f]'

// Statements between the two nests that the producer could not follow: a
// call, a read of what the producer sets (its C89 accumulator), and a
// variable set that the producer names (its bound).
void between_call(int n, int K, int L, const int *pos, const int *crd,
                  const double *B, const double *C, const double *D,
                  const double *E, double *restrict A) {
  double *T = malloc(sizeof(double) * pos[n]);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  int width = abs(L);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < width; l++)
        A[i * width + l] += T[p] * E[crd[p] * width + l];
  free(T);
}
// CHECK:      nest in 'between_call'
// CHECK:      nest in 'between_call'
// CHECK:        separate kernels: {{.*}} the statement at line {{[0-9]+}} between the two nests calls a function

void between_reads_accumulator(int n, int K, int L, const int *pos,
                               const int *crd, const double *B,
                               const double *C, const double *D,
                               const double *E, double *restrict A) {
  double *T = malloc(sizeof(double) * pos[n]);
  double s;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  double last = s;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += last * T[p] * E[crd[p] * L + l];
  free(T);
}
// CHECK:      nest in 'between_reads_accumulator'
// CHECK:      nest in 'between_reads_accumulator'
// CHECK:        separate kernels: {{.*}} the statement at line {{[0-9]+}} between the two nests reads 's', which the producer sets

void between_sets_bound(int n, int K, int L, const int *pos, const int *crd,
                        const double *B, const double *C, const double *D,
                        const double *E, double *restrict A) {
  double *T = malloc(sizeof(double) * pos[n]);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  K = L;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * K + l] += T[p] * E[crd[p] * L + l];
  free(T);
}
// CHECK:      nest in 'between_sets_bound'
// CHECK:      nest in 'between_sets_bound'
// CHECK:        separate kernels: {{.*}} the statement at line {{[0-9]+}} between the two nests sets 'K', which the producer names

// A score stored through a function that is not pure (it prints), and
// through a function of the file that does more than return an
// expression (test/exec/pair_map.test runs those that are fused).
int printf(const char *format, ...);
static double noisy(double x) {
  printf("%g\n", x);
  return x;
}
static double clipped(double x) {
  if (x > 1)
    return 1;
  return x;
}
void map_prints(int n, int K, int L, const int *pos, const int *crd,
                const double *B, const double *C, const double *D,
                const double *E, double *restrict A) {
  double *T = malloc(sizeof(double) * pos[n]);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = noisy(B[p] * s);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[crd[p] * L + l];
  free(T);
}
// CHECK:      nest in 'map_prints'
// CHECK-NEXT:   unchanged: the sum 's' is stored through 'noisy(B[p] * s)', which calls 'noisy', which is neither a pure function of the C library nor a static function of the file returning an expression [lnr-unsupported-call]
// CHECK:      nest in 'map_prints'

void map_statements(int n, int K, int L, const int *pos, const int *crd,
                    const double *B, const double *C, const double *D,
                    const double *E, double *restrict A) {
  double *T = malloc(sizeof(double) * pos[n]);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = clipped(B[p] * s);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[crd[p] * L + l];
  free(T);
}
// CHECK:      nest in 'map_statements'
// CHECK-NEXT:   unchanged: the sum 's' is stored through 'clipped(B[p] * s)', which calls 'clipped', which is neither a pure function of the C library nor a static function of the file returning an expression [lnr-unsupported-call]

// A statement between that sets a local the producer reads through a
// pointer (its address taken before).
void between_sets_addressed(int n, int K, int L, const int *pos,
                            const int *crd, const double *B, const double *C,
                            const double *D, const double *E,
                            double *restrict A) {
  double *T = malloc(sizeof(double) * pos[n]);
  double sc = 2.0;
  const double *scp = &sc;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s * B[p] * scp[0];
    }
  sc = 3.0;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// CHECK:      nest in 'between_sets_addressed'
// CHECK:      nest in 'between_sets_addressed'
// CHECK:        separate kernels: {{.*}} the statement at line {{[0-9]+}} between the two nests sets 'sc', whose address is taken

// Set to another value than 0 before the producer adds to it.
void memset_ones(int n, int F, int G, const int *pos, const int *crd,
                 const double *vals, const double *X, const double *W,
                 double *restrict out) {
  double *T = malloc(sizeof(double) * n * F);
  memset(T, 1, sizeof(double) * n * F);
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int g = 0; g < G; g++)
        out[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}
// CHECK:      nest in 'memset_ones'
// CHECK:      nest in 'memset_ones'
// CHECK:        separate kernels: {{.*}} 'T' is not zero before the producer adds to it

// The temporary, a parameter, is still read after the nests: a statement
// between them that reads memory (its first score, or any array the
// producer may store into through 'T') cannot run before the producer.
double between_reads_live(int n, int K, int L, const int *pos, const int *crd,
                          const double *B, const double *C, const double *D,
                          const double *E, double *T, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  double first = A[0];
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  return first;
}
// CHECK:      nest in 'between_reads_live'
// CHECK:      nest in 'between_reads_live'
// CHECK:        separate kernels: {{.*}} the statement at line {{[0-9]+}} between the two nests reads memory, which the producer may store into: its temporary is still read after the nests

// The temporary is a union's array, named through a pointer: a read of the
// union's other member between the nests reads what the producer stores
// ('u.d' used as a pointer is u's address).
double between_reads_union(int n, int K, int L, const int *pos,
                           const int *crd, const double *B, const double *C,
                           const double *D, const double *E, double *A) {
  union {
    double d[64];
    double first;
  } u;
  double *v = u.d;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      v[p] = B[p] * s;
    }
  double f = u.first;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += v[p] * E[j * L + l];
    }
  return f;
}
// CHECK:      nest in 'between_reads_union'
// CHECK:      nest in 'between_reads_union'
// CHECK:        separate kernels: {{.*}} the statement at line {{[0-9]+}} between the two nests reads 'u', which the producer may store into: its temporary is still read after the nests

// A float workspace of a double sum: the original rounds each value it
// stores, which a fused temporary would not.
void float_workspace(int n, int J, int M, const int *restrict pos,
                     const int *restrict crd, const double *restrict vals,
                     const double *restrict C, const double *restrict E,
                     double *restrict A) {
  float *T = calloc((size_t)n * J + 1, sizeof(float));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int j = 0; j < J; j++)
        T[i * J + j] += vals[p] * C[crd[p] * J + j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < J; j++)
      for (int m = 0; m < M; m++)
        A[i * M + m] += T[i * J + j] * E[j * M + m];
  free(T);
}
// CHECK:      nest in 'float_workspace'
// CHECK:      nest in 'float_workspace'
// CHECK:        separate kernels: {{.*}} 'T' holds 'float' values of a sum in 'double', rounded where the original stores them

// The same read through an accessor macro: the element's type, not its
// text, says it.
#define FLOAT_AT(r, c) Tf[(r) * J + (c)]
void float_workspace_macro(int n, int J, int M, const int *restrict pos,
                           const int *restrict crd, const double *restrict vals,
                           const double *restrict C, const double *restrict E,
                           double *restrict A) {
  float *Tf = calloc((size_t)n * J + 1, sizeof(float));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int j = 0; j < J; j++)
        FLOAT_AT(i, j) += vals[p] * C[crd[p] * J + j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < J; j++)
      for (int m = 0; m < M; m++)
        A[i * M + m] += FLOAT_AT(i, j) * E[j * M + m];
  free(Tf);
}
// CHECK:      nest in 'float_workspace_macro'
// CHECK:      nest in 'float_workspace_macro'
// CHECK:        separate kernels: {{.*}} 'Tf' holds 'float' values of a sum in 'double', rounded where the original stores them

// Rows of the workspace S apart, J wide: where S < J one row's sums land
// on the next's before the consumer reads them.
void row_stride(int n, int J, int M, int S, const int *restrict pos,
                const int *restrict crd, const double *restrict vals,
                const double *restrict C, const double *restrict E,
                double *restrict A) {
  double *T = calloc((size_t)n * J + (size_t)S * n + 1, sizeof(double));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int j = 0; j < J; j++)
        T[i * S + j] += vals[p] * C[crd[p] * J + j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < J; j++)
      for (int m = 0; m < M; m++)
        A[i * M + m] += T[i * S + j] * E[j * M + m];
  free(T);
}
// CHECK:      nest in 'row_stride'
// CHECK:      nest in 'row_stride'
// CHECK:        separate kernels: {{.*}} the producer's iterations over 'i' are not proved to store apart in 'T'

// D(i,j), which no loop of the producer's sum indexes, multiplies each
// term; T, returned, is still stored. Its sum over p runs outside the loop
// over j: fused, an element of T would not be complete where the consumer
// reads it.
double *hoistable_factor(int n, int J, int M, const int *restrict pos,
                         const int *restrict crd, const double *restrict vals,
                         const double *restrict C, const double *restrict D,
                         const double *restrict E, double *restrict A) {
  double *T = calloc((size_t)n * J + 1, sizeof(double));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int j = 0; j < J; j++)
        T[i * J + j] += vals[p] * C[crd[p] * J + j] * D[i * J + j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < J; j++)
      for (int m = 0; m < M; m++)
        A[i * M + m] += T[i * J + j] * E[j * M + m];
  return T;
}
// CHECK:      nest in 'hoistable_factor'
// CHECK:      nest in 'hoistable_factor'
// CHECK:        separate kernels: {{.*}} the store into 'T[i * J + j]', still read after the two nests, applies to each element of the temporary once its sum is complete; fused, the temporary would not be one element [lnr-unsupported-schedule]

// The producer's position 'p' over B's rows is also the consumer's over
// W's, declared before the nests (C89): a name of both, which a renaming
// of the producer's would not declare. (Declared in the producer's loop
// header, it is renamed apart: test/exec/nest_pair.test.)
void one_position_name(int n, int F, const int *pos, const int *crd,
                       const double *vals, const double *X, const int *wpos,
                       const int *wcrd, const double *W, int G,
                       double *restrict out) {
  int i, p, f;
  double *T = calloc((size_t)n * F, sizeof(double));
  for (i = 0; i < n; i++)
    for (p = pos[i]; p < pos[i + 1]; p++)
      for (f = 0; f < F; f++)
        T[i * F + f] += vals[p] * X[crd[p] * F + f];
  for (i = 0; i < n; i++)
    for (f = 0; f < F; f++)
      for (p = wpos[f]; p < wpos[f + 1]; p++)
        out[i * G + wcrd[p]] += T[i * F + f] * W[p];
  free(T);
}
// CHECK:      nest in 'one_position_name'
// CHECK:      nest in 'one_position_name'
// CHECK:        separate kernels: not fused with the nest at line {{[0-9]+}}, which writes 'T': the producer's loop variable 'p' is also the consumer's
