// Separate kernels written as two functions called one after the other that
// must stay as they are: the two nests, inlined, do not compose (a remark at
// the calls says why: the transposed read, bounds cast to two types), or the
// calls cannot be replaced by the functions' bodies without changing what
// runs (a parameter written, an array member of a struct passed by value
// written, an early return, a global that a local or an enumerator of the
// caller hides, an argument whose address the caller takes, a parameter
// named inside a macro's body, a macro defined again before the calls or
// between them, a statement between the calls, a struct's address read
// through memory, a statement outside the loops that writes memory), or the
// consumer walks the positions by a name of its own and names another value
// as the producer names its position, or the caller zeroes part
// of the producer's array only. test/exec/call_pairs.test runs the pairs
// that fuse.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=lnr-fuse %s < %t.err
#include <stdlib.h>
#include <string.h>

static void scores(int n, const int *pos, const int *crd, const double *B,
                   const double *C, const double *D, double *T, int K) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
}

static void aggregate(int n, const int *pos, const int *crd, const double *T,
                      const double *E, double *A, int L) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

// The scores read at the positions of the transposed matrix, whose rows
// are the columns: not the element the scores' row wrote.
static void dense_scores(int n, const double *C, const double *D, double *T,
                         int K) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[i * n + j] = s;
    }
}

static void dense_aggregate_transposed(int n, const double *T, const double *E,
                                       double *A, int L) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[j * n + i] * E[j * L + l];
}

void transposed(int n, const double *C, const double *D, const double *E,
                double *A, int K, int L) {
  double *T = malloc(sizeof(double) * n * n);
  dense_scores(n, C, D, T, K);
  dense_aggregate_transposed(n, T, E, A, L);
  free(T);
}
// CHECK: call-pairs.c:[[@LINE-4]]:3: remark: calls left unchanged: the nest of 'dense_aggregate_transposed' is not fused with the nest of 'dense_scores', which writes 'T': the consumer reads 'T[j * n + i]' where the producer stores 'T[i * n + j]' {{\[}}lnr-separate-kernels]
// 'dense_aggregate_transposed' is not fused with the nest of 'dense_scores',
// which writes 'T': {{.*}} [lnr-separate-kernels]

// Between the calls, a statement: not a pair.
void between(int n, const int *pos, const int *crd, const double *B,
             const double *C, const double *D, const double *E, double *A,
             int K, int L, double *T) {
  scores(n, pos, crd, B, C, D, T, K);
  A[0] = 0;
  aggregate(n, pos, crd, T, E, A, L);
}

// The second function writes its parameter: the caller's L is not what it
// reads after.
static void aggregate_halving(int n, const int *pos, const int *crd,
                              const double *T, const double *E, double *A,
                              int L) {
  L = L / 2;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void writes_parameter(int n, const int *pos, const int *crd, const double *B,
                      const double *C, const double *D, const double *E,
                      double *A, int K, int L, double *T) {
  scores(n, pos, crd, B, C, D, T, K);
  aggregate_halving(n, pos, crd, T, E, A, L);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate_halving' are not inlined: 'aggregate_halving' writes its parameter 'L' {{\[}}lnr-separate-kernels]

// An early return: the block would fall through to the second body.
static void scores_unless_empty(int n, const int *pos, const int *crd,
                                const double *B, const double *C,
                                const double *D, double *T, int K) {
  if (K == 0)
    return;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
}

void early_return(int n, const int *pos, const int *crd, const double *B,
                  const double *C, const double *D, const double *E, double *A,
                  int K, int L, double *T) {
  scores_unless_empty(n, pos, crd, B, C, D, T, K);
  aggregate(n, pos, crd, T, E, A, L);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores_unless_empty' and 'aggregate' are not inlined: 'scores_unless_empty' returns before its end {{\[}}lnr-separate-kernels]

// The functions read a global width that a local of the caller hides.
int width;
static void aggregate_global(int n, const int *pos, const int *crd,
                             const double *T, const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < width; l++)
        A[i * width + l] += T[p] * E[j * width + l];
    }
}

void hidden_global(int n, const int *pos, const int *crd, const double *B,
                   const double *C, const double *D, const double *E, double *A,
                   int K, double *T) {
  int width = K;
  scores(n, pos, crd, B, C, D, T, width);
  aggregate_global(n, pos, crd, T, E, A);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate_global' are not inlined: 'width', which 'aggregate_global' reads, is hidden by a local of the caller {{\[}}lnr-separate-kernels]

// The width's address is given away before the calls, and it is a
// 'double', as what the first function stores: it could change it through
// another pointer before the second call reads it. (The first call's
// argument is read before the first body either way; an 'int' the
// first body's stores of doubles cannot change is read before it too.)
void set_width(double *);
void escaped(int n, const int *pos, const int *crd, const double *B,
             const double *C, const double *D, const double *E, double *A,
             int K, int L, double *T) {
  double width;
  set_width(&width);
  scores(n, pos, crd, B, C, D, T, K);
  aggregate(n, pos, crd, T, E, A, (int)width + L);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate' are not inlined: the argument '(int)width + L' of 'aggregate' reads memory, calls, or reads a variable whose address the caller takes {{\[}}lnr-separate-kernels]

// A macro's body names the parameter: renamed, it would not follow.
#define ROW_END pos[i + 1]
static void aggregate_macro(int n, const int *pos, const int *crd,
                            const double *T, const double *E, double *A,
                            int L) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < ROW_END; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void macro_body(int n, const int *rowptr, const int *crd, const double *B,
                const double *C, const double *D, const double *E, double *A,
                int K, int L, double *T) {
  scores(n, rowptr, crd, B, C, D, T, K);
  aggregate_macro(n, rowptr, crd, T, E, A, L);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate_macro' are not inlined: 'pos' of 'aggregate_macro', named 'rowptr' here, is spelled in a macro's body {{\[}}lnr-separate-kernels]

// A struct passed by value whose array member the first function writes:
// its own copy, which the second function's copy does not see.
typedef struct {
  int K;
  double scale[2];
} config_t;
static void scores_scaled(int n, const int *pos, const int *crd,
                          const double *B, const double *C, const double *D,
                          double *T, config_t cfg) {
  cfg.scale[0] = 2.0;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < cfg.K; k++)
        s += C[i * cfg.K + k] * D[j * cfg.K + k];
      T[p] = B[p] * s;
    }
}

static void aggregate_scaled(int n, const int *pos, const int *crd,
                             const double *T, const double *E, double *A, int L,
                             config_t cfg) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += cfg.scale[0] * T[p] * E[j * L + l];
    }
}

void struct_array_written(int n, const int *pos, const int *crd,
                          const double *B, const double *C, const double *D,
                          const double *E, double *A, int K, int L, double *T) {
  config_t cfg = {K, {1.0, 1.0}};
  scores_scaled(n, pos, crd, B, C, D, T, cfg);
  aggregate_scaled(n, pos, crd, T, E, A, L, cfg);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores_scaled' and 'aggregate_scaled' are not inlined: 'scores_scaled' writes its parameter 'cfg' {{\[}}lnr-separate-kernels]

// A macro of the second function defined again before the calls: its body
// copied to the calls would expand it otherwise.
#define WEIGHT 1.0
static void aggregate_weighted(int n, const int *pos, const int *crd,
                               const double *T, const double *E, double *A,
                               int L) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += WEIGHT * T[p] * E[j * L + l];
    }
}
#undef WEIGHT
#define WEIGHT 3.0

void macro_redefined(int n, const int *pos, const int *crd, const double *B,
                     const double *C, const double *D, const double *E,
                     double *A, int K, int L, double *T) {
  scores(n, pos, crd, B, C, D, T, K);
  aggregate_weighted(n, pos, crd, T, E, A, L);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate_weighted' are not inlined: the macro 'WEIGHT', which 'aggregate_weighted' spells, is defined again between it and the calls {{\[}}lnr-separate-kernels]

// An enumerator of the caller hides the global the second function reads.
void hidden_by_enumerator(int n, const int *pos, const int *crd,
                          const double *B, const double *C, const double *D,
                          const double *E, double *A, int K, double *T) {
  enum { width = 2 };
  scores(n, pos, crd, B, C, D, T, K);
  aggregate_global(n, pos, crd, T, E, A);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate_global' are not inlined: 'width', which 'aggregate_global' reads, is hidden by a local of the caller {{\[}}lnr-separate-kernels]

// The rows bounded through casts to two types: not a bound to compare.
typedef int row_t;
typedef long wide_t;
static void scores_rows(int n, const int *pos, const int *crd, const double *B,
                        const double *C, const double *D, double *T, int K) {
  for (int i = 0; i < (row_t)n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
}

static void aggregate_rows(int n, const int *pos, const int *crd,
                           const double *T, const double *E, double *A, int L) {
  for (int i = 0; i < (wide_t)n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void cast_bounds(int n, const int *pos, const int *crd, const double *B,
                 const double *C, const double *D, const double *E, double *A,
                 int K, int L) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  scores_rows(n, pos, crd, B, C, D, T, K);
  aggregate_rows(n, pos, crd, T, E, A, L);
  free(T);
}
// CHECK: call-pairs.c:[[@LINE-4]]:3: remark: calls left unchanged: the nest of 'aggregate_rows' is not fused with the nest of 'scores_rows', which writes 'T': the consumer's loop over 'i' is not the producer's loop over 'i' as written {{\[}}lnr-separate-kernels]

// The caller zeroes part of its array only: the producer adds to values the
// caller's array already holds.
static void scores_added(int n, const int *pos, const int *crd,
                         const double *B, const double *C, const double *D,
                         double *T, int K) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        T[p] += B[p] * C[i * K + k] * D[j * K + k];
    }
}

void partly_zeroed(int n, const int *pos, const int *crd, const double *B,
                   const double *C, const double *D, const double *E,
                   double *A, int K, int L, double *T) {
  memset(T, 0, sizeof(double));
  scores_added(n, pos, crd, B, C, D, T, K);
  aggregate(n, pos, crd, T, E, A, L);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nest of 'aggregate' is not fused with the nest of 'scores_added', which writes 'T': 'T' is not zero before the producer adds to it {{\[}}lnr-separate-kernels]

// A macro defined again between the calls: the second call's argument is
// read after it.
#define HALF (L)
void defined_between(int n, const int *pos, const int *crd, const double *B,
                     const double *C, const double *D, const double *E,
                     double *A, int K, int L, double *T) {
  scores(n, pos, crd, B, C, D, T, K);
#undef HALF
#define HALF (L / 2)
  aggregate(n, pos, crd, T, E, A, HALF);
}
// CHECK: call-pairs.c:[[@LINE-5]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate' are not inlined: a preprocessor line is between the calls {{\[}}lnr-separate-kernels]

// The matrix passed by its address, reached through memory the first
// function could write ('net->graph' is read, not only offset from): an
// address of a local's own storage ('&C') would be bound once before the
// first body (test/exec/call_pairs.test), and so would a pointer the first
// body's stores of doubles cannot change; this one stores an 'int' too.
typedef struct {
  int n;
  int *pos, *crd;
} csr_t;
typedef struct {
  csr_t matrix;
} graph_t;
typedef struct {
  graph_t *graph;
} net_t;

static void scores_of(const csr_t *G, const double *C, const double *D,
                      double *T, int K, int *seen) {
  for (int i = 0; i < G->n; i++)
    for (int p = G->pos[i]; p < G->pos[i + 1]; p++) {
      int j = G->crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s;
      seen[p] = 1;
    }
}

static void aggregate_of(const csr_t *G, const double *T, const double *E,
                         double *A, int L) {
  for (int i = 0; i < G->n; i++)
    for (int p = G->pos[i]; p < G->pos[i + 1]; p++) {
      int j = G->crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void through_memory(net_t *net, const double *C, const double *D,
                    const double *E, double *A, int K, int L, double *T,
                    int *seen) {
  scores_of(&(net->graph->matrix), C, D, T, K, seen);
  aggregate_of(&(net->graph->matrix), T, E, A, L);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores_of' and 'aggregate_of' are not inlined: the argument '&(net->graph->matrix)' of 'aggregate_of' reads memory, calls, or reads a variable whose address the caller takes {{\[}}lnr-separate-kernels]

// The first function changes the graph outside its loops: the block would
// run that, and the calls kept as the fallback would run it again.
typedef struct {
  int n, rounds;
  int *pos, *crd;
} counted_t;

static void scores_counted(counted_t *G, const double *C, const double *D,
                           double *T, int K) {
  G->rounds = G->rounds + 1;
  for (int i = 0; i < G->n; i++)
    for (int p = G->pos[i]; p < G->pos[i + 1]; p++) {
      int j = G->crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s;
    }
}

static void aggregate_counted(counted_t *G, const double *T, const double *E,
                              double *A, int L) {
  for (int i = 0; i < G->n; i++)
    for (int p = G->pos[i]; p < G->pos[i + 1]; p++) {
      int j = G->crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void runs_twice(counted_t *G, const double *C, const double *D,
                const double *E, double *A, int K, int L, double *T) {
  scores_counted(G, C, D, T, K);
  aggregate_counted(G, T, E, A, L);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores_counted' and 'aggregate_counted' are not inlined: 'scores_counted' runs 'G->rounds = G->rounds + 1' outside its loops, which the calls kept as the fallback would run again {{\[}}lnr-separate-kernels]

// The aggregation walks the scores' positions by 'q' and names its column
// 'p', the scores' position variable: named as the producer's, its
// position would be its column.
static void aggregate_p_column(int n, const int *pos, const int *crd,
                               const double *T, const double *E, double *A,
                               int L) {
  for (int i = 0; i < n; i++)
    for (int q = pos[i]; q < pos[i + 1]; q++) {
      int p = crd[q];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[q] * E[p * L + l];
    }
}

void position_named_as_column(int n, const int *pos, const int *crd,
                              const double *B, const double *C,
                              const double *D, const double *E, double *A,
                              int K, int L) {
  double *T = malloc(sizeof(double) * pos[n]);
  scores(n, pos, crd, B, C, D, T, K);
  aggregate_p_column(n, pos, crd, T, E, A, L);
  free(T);
}
// CHECK: call-pairs.c:[[@LINE-4]]:3: remark: calls left unchanged: the nest of 'aggregate_p_column' is not fused with the nest of 'scores', which writes 'T': the consumer's position variable 'q' is the producer's 'p', a name the consumer uses for another value {{\[}}lnr-separate-kernels]

// Each function loads the coordinate into a variable of its own typedef
// ('pidx_t c', 'qidx_t j', an int and an unsigned char): named as the
// consumer's, the two loads differ in their types, which are no
// invariants to check equal at run time (a type is no value).
typedef int pidx_t;
typedef unsigned char qidx_t;
static void scores_typed(int n, const int *pos, const int *crd,
                         const double *B, const double *C, const double *D,
                         double *T, int K) {
  for (int r = 0; r < n; r++)
    for (int p = pos[r]; p < pos[r + 1]; p++) {
      pidx_t c = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[r * K + k] * D[c * K + k];
      T[p] = B[p] * s;
    }
}

static void aggregate_typed(int n, const int *pos, const int *crd,
                            const double *T, const double *E, double *A,
                            int L) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      qidx_t j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void coordinates_typed(int n, const int *pos, const int *crd, const double *B,
                       const double *C, const double *D, const double *E,
                       double *A, int K, int L, double *T) {
  scores_typed(n, pos, crd, B, C, D, T, K);
  aggregate_typed(n, pos, crd, T, E, A, L);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nest of 'aggregate_typed' is not fused with the nest of 'scores_typed', which writes 'T': the consumer's loop over 'j' is not the producer's loop over 'j' as written {{\[}}lnr-separate-kernels]

// The second call's argument reads memory the first function's stores of
// doubles do change: an 'int' in a union with the scores, a complex
// number made of doubles, and a local union whose array member is the
// scores (its address given away as the array decays).
typedef union {
  double w[64];
  int bits;
} overlaid_t;
void through_union(int n, const int *pos, const int *crd, const double *B,
                   const double *C, const double *D, const double *E,
                   double *A, int K, overlaid_t *U) {
  scores(n, pos, crd, B, C, D, U->w, K);
  aggregate(n, pos, crd, U->w, E, A, (U->bits != 0) + 1);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate' are not inlined: the argument '(U->bits != 0) + 1' of 'aggregate' reads memory, calls, or reads a variable whose address the caller takes {{\[}}lnr-separate-kernels]

void through_complex(int n, const int *pos, const int *crd, const double *B,
                     const double *C, const double *D, const double *E,
                     double *A, int K, _Complex double *Z) {
  scores(n, pos, crd, B, C, D, (double *)Z, K);
  aggregate(n, pos, crd, (double *)Z, E, A, (*Z != 0) + 1);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate' are not inlined: the argument '(*Z != 0) + 1' of 'aggregate' reads memory, calls, or reads a variable whose address the caller takes {{\[}}lnr-separate-kernels]

void local_union(int n, const int *pos, const int *crd, const double *B,
                 const double *C, const double *D, const double *E, double *A,
                 int K) {
  union {
    double w[64];
    double d;
  } u;
  u.d = 0;
  scores(n, pos, crd, B, C, D, u.w, K);
  aggregate(n, pos, crd, u.w, E, A, (u.d != 0) + 1);
}
// CHECK: call-pairs.c:[[@LINE-3]]:3: remark: calls left unchanged: the nests of 'scores' and 'aggregate' are not inlined: the argument '(u.d != 0) + 1' of 'aggregate' reads memory, calls, or reads a variable whose address the caller takes {{\[}}lnr-separate-kernels]
