/* Speed of the coordinate (COO) rewrite: an edge list's SDDMM then SpMM in
 * one nest (test/exec/Inputs/coo.c, edge_sddmm_spmm), the original or the
 * rewrite, on a random graph of N nodes and DEG edges per node, sorted by
 * destination or shuffled. One kernel call per process: time the process
 * with farm-bench, the two kernels side by side (bench/results/coo.md).
 *
 * Usage: coo_edge_speedup (orig | rewr | none) (sorted | shuffled)
 *        [N [DEG [K]]]
 *   N = 100000, DEG = 16, K = L = 32 by default; 'none' builds the inputs
 *   only (the set-up each process pays).
 *
 * Build (each version in its own translation unit, every kernel of coo.c
 * renamed apart):
 *   lnr-rewrite test/exec/Inputs/coo.c -- > rewritten.c
 *   for v in orig:test/exec/Inputs/coo.c rewr:rewritten.c; do
 *     cc -O2 -fopenmp -c ${v#*:} \
 *        -Dedge_sddmm_spmm=lnr_${v%%:*} -Dcoo_sddmm_spmm_long=${v%%:*}_1 \
 *        -Dcoo_no_restrict=${v%%:*}_2 -Dcoo_batched=${v%%:*}_3 \
 *        -Dedge_in_place=${v%%:*}_4 -o ${v%%:*}.o
 *   done
 *   cc -O2 -fopenmp bench/demo/coo_edge_speedup.c orig.o rewr.o -o coo */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void kernel_fn(int nnz, int K, int L, const int *restrict src,
                       const int *restrict dst, const double *restrict w,
                       const double *restrict x, const double *restrict y,
                       const double *restrict z, double *restrict out);
kernel_fn lnr_orig, lnr_rewr;

/* A linear congruential generator: the same graph on every run. */
static unsigned next(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return *s >> 8;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr,
            "usage: %s (orig | rewr) (sorted | shuffled) "
            "[N [DEG [K]]]\n",
            argv[0]);
    return 2;
  }
  int n = argc > 3 ? atoi(argv[3]) : 100000;
  int deg = argc > 4 ? atoi(argv[4]) : 16;
  int K = argc > 5 ? atoi(argv[5]) : 32, L = K, nnz = n * deg;
  int *src = malloc(sizeof(int) * nnz), *dst = malloc(sizeof(int) * nnz);
  double *w = malloc(sizeof(double) * nnz);
  double *x = malloc(sizeof(double) * n * K),
         *y = malloc(sizeof(double) * n * K);
  double *z = malloc(sizeof(double) * n * L),
         *out = calloc(n * L, sizeof(double));
  if (!src || !dst || !w || !x || !y || !z || !out)
    return 3;
  unsigned s = 1;
  for (int e = 0; e < nnz; e++) {
    dst[e] = e / deg;
    src[e] = next(&s) % n;
    w[e] = 1.0 + (e % 7) * 0.125;
  }
  if (!strcmp(argv[2], "shuffled"))
    for (int e = nnz - 1; e > 0; e--) {
      int q = next(&s) % (e + 1), t = dst[e];
      dst[e] = dst[q], dst[q] = t;
      t = src[e], src[e] = src[q], src[q] = t;
    }
  for (int a = 0; a < n * K; a++)
    x[a] = 0.001 * (a % 97), y[a] = 0.002 * (a % 89);
  for (int a = 0; a < n * L; a++)
    z[a] = 0.003 * (a % 83);
  if (strcmp(argv[1], "none"))
    (!strcmp(argv[1], "orig") ? lnr_orig : lnr_rewr)(nnz, K, L, src, dst, w, x,
                                                     y, z, out);
  double sum = 0;
  for (int a = 0; a < n * L; a++)
    sum += out[a];
  printf("%s %s: checksum %.12g\n", argv[1], argv[2], sum);
  return 0;
}
