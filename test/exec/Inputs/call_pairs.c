/* Separate kernels written as two functions, each a loop nest, called one
 * after the other (call_pairs.test): edge scores at a CSR matrix's
 * nonzeros, then the aggregation reading them; and on a COO edge list held
 * in a struct, scores through a sigmoid stored in a copy of the list whose
 * values are the caller's array. */
#include <math.h>
#include <stdlib.h>

typedef struct {
  long n;
  int *src, *dst;
  double *w;
} edges_t;
typedef struct {
  int rows, cols;
  double *data;
} mat_t;
#define AT(M, r, c) ((M).data[(long)(r) * (M).cols + (c)])

static void scores_csr(int n, const int *pos, const int *crd, const double *B,
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

static void aggregate_csr(int n, const int *pos, const int *crd,
                          const double *T, const double *E, double *A, int L) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

/* The scores allocated, filled, read and freed here: dead after. */
void csr_pair(int n, int *pos, int *crd, const double *B, const double *C,
              const double *D, const double *E, double *A, int K, int L) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  if (!T)
    return;
  scores_csr(n, pos, crd, B, C, D, T, K);
  aggregate_csr(n, pos, crd, T, E, A, L);
  free(T);
}

/* The caller's own array, read after; the aggregation's width an
 * expression, evaluated once into a local of the block. */
void csr_pair_kept(int n, int *pos, int *crd, const double *B, const double *C,
                   const double *D, const double *E, double *A, int K, int L,
                   double *T) {
  scores_csr(n, pos, crd, B, C, D, T, K);
  aggregate_csr(n, pos, crd, T, E, A, L / 2);
}

/* The width as a local of the function, named as the caller's variable
 * that the call's argument reads ('L / 2'), an enumerator passed to a
 * parameter of its name, a parameter the body never reads, and the rows
 * under an OpenMP directive passed as the caller's 'rows': the block
 * renames the local apart from the calls it keeps as its fallback (which
 * must read the caller's L), binds the enumerator to a local of another
 * name, binds nothing for the unread parameter, and names the rows 'rows'
 * where the text spells them, not where the directive's own copies of the
 * bounds are. */
enum { WIDTH = 3 };

static void scores_width(int n, const int *pos, const int *crd,
                         const double *B, const double *C, const double *D,
                         double *T, int WIDTH) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < WIDTH; k++)
        s += C[i * WIDTH + k] * D[j * WIDTH + k];
      T[p] = B[p] * s;
    }
}

static void aggregate_width(int n, const int *pos, const int *crd,
                            const double *T, const double *E, double *A,
                            int W, int flags __attribute__((unused))) {
  int L = W;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void csr_pair_width(int rows, int *pos, int *crd, const double *B,
                    const double *C, const double *D, const double *E,
                    double *A, int L, double *T) {
  scores_width(rows, pos, crd, B, C, D, T, WIDTH);
  aggregate_width(rows, pos, crd, T, E, A, L / 2, 0);
}

/* C89's declarations at the top of each function, the same variables in
 * both: the second function's are the first's in the block, and the
 * second nest, which assigns them before it reads them, leaves the first's
 * loop variables dead. */
static void scores_c89(int n, const int *pos, const int *crd, const double *B,
                       const double *C, const double *D, double *T, int K) {
  int i, p, j, k;
  double s;
  for (i = 0; i < n; i++)
    for (p = pos[i]; p < pos[i + 1]; p++) {
      j = crd[p];
      s = 0;
      for (k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
}

static void aggregate_c89(int n, const int *pos, const int *crd,
                          const double *T, const double *E, double *A, int L) {
  int i, p, j, l;
  for (i = 0; i < n; i++)
    for (p = pos[i]; p < pos[i + 1]; p++) {
      j = crd[p];
      for (l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

void csr_pair_c89(int n, int *pos, int *crd, const double *B, const double *C,
                  const double *D, const double *E, double *A, int K, int L) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  if (!T)
    return;
  scores_c89(n, pos, crd, B, C, D, T, K);
  aggregate_c89(n, pos, crd, T, E, A, L);
  free(T);
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static void edge_scores(mat_t U, mat_t V, edges_t S, edges_t C) {
  int f = U.cols;
  for (long e = 0; e < S.n; e++) {
    int u, v;
    u = S.src[e];
    v = S.dst[e];
    double dot = 0;
    for (int k = 0; k < f; k++)
      dot += AT(U, u, k) * AT(V, v, k);
    C.w[e] = sigmoid(dot * S.w[e]);
  }
}

static void edge_aggregate(mat_t X, edges_t A, mat_t Y) {
  int f = X.cols;
  for (long e = 0; e < A.n; e++) {
    int u, v;
    u = A.src[e];
    v = A.dst[e];
    double a = A.w[e];
    for (int k = 0; k < f; k++)
      AT(Y, u, k) += a * AT(X, v, k);
  }
}

/* The aggregation walks R's edges with the scores as values: the scores'
 * list S's own edges when R is S, another graph's otherwise. */
void coo_pair(mat_t U, mat_t V, edges_t S, edges_t R, mat_t X, mat_t Y,
              double *scores) {
  edges_t C = R;
  C.w = scores;
  edge_scores(U, V, S, C);
  edge_aggregate(X, C, Y);
}

/* The same pair as coo_pair, the structs passed by their address as C
 * code passes them ('&C'): each parameter named by a local of the block
 * bound once to the address. */
#define PAT(M, r, c) ((M)->data[(long)(r) * (M)->cols + (c)])

static void edge_scores_at(const mat_t *U, const mat_t *V, const edges_t *S,
                           edges_t *C) {
  for (long e = 0; e < S->n; e++) {
    int u = S->src[e], v = S->dst[e];
    double dot = 0;
    for (int k = 0; k < U->cols; k++)
      dot += PAT(U, u, k) * PAT(V, v, k);
    C->w[e] = sigmoid(dot * S->w[e]);
  }
}

static void edge_aggregate_at(const mat_t *X, const edges_t *A, mat_t *Y) {
  for (long e = 0; e < A->n; e++) {
    int u = A->src[e], v = A->dst[e];
    for (int k = 0; k < X->cols; k++)
      PAT(Y, u, k) += A->w[e] * PAT(X, v, k);
  }
}

void coo_pair_at(mat_t U, mat_t V, edges_t S, edges_t R, mat_t X, mat_t Y,
                 double *scores) {
  edges_t C = R;
  C.w = scores;
  edge_scores_at(&U, &V, &S, &C);
  edge_aggregate_at(&X, &C, &Y);
}

/* Each function names the graph's arrays through locals of its own, read
 * from the struct it is passed ('double *restrict w = g->w;' in one,
 * 'const double *restrict w = g->w;' in the other): inlined, renamed
 * apart, the two locals of each array are one array when they hold one
 * pointer at run time. Each 'restrict' promised no overlap in its own
 * function only (the scores' w and the aggregation's A may be one array):
 * the block takes it off. The second's locals read the struct's members
 * ('int rows = g->n;'), which the first's stores of doubles cannot
 * change: they run before it. */
typedef struct {
  int n;
  int *pos, *crd;
  double *w;
} graph_t;

static void graph_scores(const graph_t *g, const double *B, const double *C,
                         const double *D, int K) {
  const int *pos = g->pos, *crd = g->crd;
  double *restrict w = g->w;
  for (int i = 0; i < g->n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      w[p] = B[p] * s;
    }
}

static void graph_aggregate(const graph_t *g, const double *E, double *A,
                            int L) {
  int rows = g->n;
  const int *pos = g->pos, *crd = g->crd;
  const double *restrict w = g->w;
  for (int i = 0; i < rows; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += w[p] * E[j * L + l];
    }
}

void csr_pair_locals(int n, int *pos, int *crd, const double *B,
                     const double *C, const double *D, const double *E,
                     double *A, int K, int L, double *T) {
  graph_t g = {n, pos, crd, T};
  graph_scores(&g, B, C, D, K);
  graph_aggregate(&g, E, A, L);
}

/* The graph reached through memory, as GCN code passes it
 * ('&(network->graph->matrix)'): the first call's argument is read before
 * its body as the call reads it; the second's reads 'net->graph', a
 * pointer, which the first body's stores of doubles cannot change in a C
 * program (the effective-type rule): both are read once, before the
 * block. */
typedef struct {
  graph_t *graph;
} net_t;

void csr_pair_through(net_t *net, const double *B, const double *C,
                      const double *D, const double *E, double *A, int K,
                      int L) {
  graph_scores(net->graph, B, C, D, K);
  graph_aggregate(net->graph, E, A, L);
}
