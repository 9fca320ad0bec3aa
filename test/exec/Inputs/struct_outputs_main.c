/* Execution test of struct_outputs.c: each kernel, renamed orig_<name> in
 * the original and rewr_<name> in the rewrite, run by exec_check.c on its
 * random CSR matrices with 1, 2 and 3 threads, the output written through
 * the struct the kernel takes (NaN and infinity aware, same_elem.h). Then
 * out_pointer on one arena that holds every array, the output disjoint from
 * the inputs or over one of them: every element must come out as the
 * original's, and the fallback must run exactly when they overlap
 * (lnr_fallback_runs, which the test puts in place of the fallback's
 * marker comment). */
#include "exec_check.h"

#include <stdio.h>
#include <string.h>

#include "same_elem.h"

struct csr {
  int n;
  const int *pos, *crd;
  const double *val;
};
struct cmat {
  const double *data;
};
struct mat {
  int rows, cols;
  double *data;
};
struct layer {
  int id;
  struct mat out;
};

#define BOTH(ret, name, params)                                                \
  ret orig_##name params;                                                      \
  ret rewr_##name params;
BOTH(void, out_pointer,
     (int K, int L, const struct csr *B, const struct cmat *C,
      const struct cmat *D, const struct cmat *E, struct mat *A))
BOTH(void, out_value,
     (int n, int K, int L, struct csr B, const double *C, const double *D,
      struct layer g))
BOTH(void, out_nested,
     (int n, int K, int L, const struct csr *B, const double *C,
      const double *D, struct layer *g))
int lnr_fallback_runs = 0;

static struct csr csr_of(const lnr_args *a) {
  struct csr B = {a->B->rows, a->B->rowptr, a->B->colidx, a->vals};
  return B;
}

static void call_out_pointer(int rewritten, const lnr_args *a) {
  struct csr B = csr_of(a);
  struct cmat C = {a->in[0]}, D = {a->in[1]}, E = {a->in[2]};
  struct mat A = {a->B->rows, a->ext[1], a->out};
  (rewritten ? rewr_out_pointer : orig_out_pointer)(a->ext[0], a->ext[1], &B,
                                                    &C, &D, &E, &A);
}

static void call_out_value(int rewritten, const lnr_args *a) {
  struct layer g = {7, {a->B->rows, a->ext[1], a->out}};
  (rewritten ? rewr_out_value : orig_out_value)(
      a->B->rows, a->ext[0], a->ext[1], csr_of(a), a->in[0], a->in[1], g);
}

static void call_out_nested(int rewritten, const lnr_args *a) {
  struct csr B = csr_of(a);
  struct layer g = {7, {a->B->rows, a->ext[1], a->out}};
  (rewritten ? rewr_out_nested : orig_out_nested)(
      a->B->rows, a->ext[0], a->ext[1], &B, a->in[0], a->in[1], &g);
}

static const lnr_kernel kernels[] = {
    {
        .name = "out_pointer",
        .type = LNR_F64,
        .rel_tol = 1e-9,
        .nextents = 2,
        .extent_names = {"K", "L"},
        .ndense = 3,
        .dense = {{"C", LNR_N, LNR_X0},
                  {"D", LNR_M, LNR_X0},
                  {"E", LNR_M, LNR_X1}},
        .out = {"A", LNR_N, LNR_X1},
        .mtx_ext = {16, 16},
        .call = call_out_pointer,
    },
    {
        .name = "out_value",
        .type = LNR_F64,
        .rel_tol = 1e-9,
        .nextents = 2,
        .extent_names = {"K", "L"},
        .ndense = 2,
        .dense = {{"C", LNR_M, LNR_X0}, {"D", LNR_X0, LNR_X1}},
        .out = {"A", LNR_N, LNR_X1},
        .mtx_ext = {16, 16},
        .call = call_out_value,
    },
    {
        .name = "out_nested",
        .type = LNR_F64,
        .rel_tol = 1e-9,
        .nextents = 2,
        .extent_names = {"K", "L"},
        .ndense = 2,
        .dense = {{"C", LNR_M, LNR_X0}, {"D", LNR_X0, LNR_X1}},
        .out = {"A", LNR_N, LNR_X1},
        .mtx_ext = {16, 16},
        .call = call_out_nested,
    },
};

/* out_pointer on an arena of doubles: n = 6, K = L = 3, two nonzeros per
 * row (columns r and (r + 2) % 6). Offsets in doubles: vals at 0, C at 16,
 * D at 48, E at 80; A at Out. */
enum { Arena = 160 };
static int pos[7], crd[12];

static void fill(double *a) {
  for (int x = 0; x < Arena; x++)
    a[x] = 0.25 + 0.001 * ((x * 37) % 101);
}

static void run(void (*f)(int, int, const struct csr *, const struct cmat *,
                          const struct cmat *, const struct cmat *,
                          struct mat *),
                double *a, int Out) {
  struct csr B = {6, pos, crd, a};
  struct cmat C = {a + 16}, D = {a + 48}, E = {a + 80};
  struct mat A = {6, 3, a + Out};
  f(3, 3, &B, &C, &D, &E, &A);
}

static int aliasing(void) {
  static double orig[Arena], rewr[Arena];
  const struct {
    const char *name;
    int out, overlaps;
  } cases[] = {{"disjoint", 128, 0},
               {"A->data is C->data", 16, 1},
               {"A->data ends in E->data", 70, 1},
               {"A->data over B->val", 2, 1}};
  for (int r = 0; r <= 6; r++)
    pos[r] = 2 * r;
  for (int r = 0; r < 6; r++)
    crd[2 * r] = r, crd[2 * r + 1] = (r + 2) % 6;
  int failed = 0;
  for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    fill(orig);
    fill(rewr);
    int before = lnr_fallback_runs;
    run(orig_out_pointer, orig, cases[c].out);
    run(rewr_out_pointer, rewr, cases[c].out);
    int same = 1;
    for (int x = 0; x < Arena; x++)
      same &= same_value(orig[x], rewr[x]);
    int fell_back = lnr_fallback_runs != before;
    int ok = same && fell_back == cases[c].overlaps;
    printf("%s: %s (%s)\n", ok ? "ok" : "FAIL", cases[c].name,
           fell_back ? "fallback" : "rewritten nest");
    failed |= !ok;
  }
  return failed;
}

int main(int argc, char **argv) {
  int status = 0;
  for (unsigned k = 0; k < sizeof kernels / sizeof kernels[0]; k++)
    status |= lnr_exec_main(&kernels[k], argc, argv);
  status |= aliasing();
  if (!status)
    printf("PASS: every output as the original's\n");
  return status;
}
