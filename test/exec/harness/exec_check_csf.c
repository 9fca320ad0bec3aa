/* The execution-test machinery for CSF kernels: lnr_exec_main_csf (see
 * exec_check.h). The checks, comparison and report are exec_check.c's; this
 * file adds the random CSF tensors and the FROSTT files. Link with
 * exec_check.c, csf_input.c and csr_input.c. */
#include "exec_check.h"
#include "exec_check_internal.h"

#include <stdio.h>
#include <string.h>

static lnr_sparse_in sparse_of_csf(const lnr_csf *T) {
  lnr_sparse_in S;
  memset(&S, 0, sizeof S);
  S.csf = T;
  S.n = (size_t)T->dims[0];
  S.m = (size_t)T->dims[1];
  S.mode2 = (size_t)T->dims[2];
  S.fibers = (size_t)T->nfib;
  S.nnz = T->nnz;
  S.vals = T->vals;
  S.vals_name = "the CSF values";
  S.nidx = 4;
  S.idx[0] = T->pos1;
  S.idx_len[0] = (size_t)T->dims[0] + 1;
  S.idx_name[0] = "the CSF pos1";
  S.idx[1] = T->crd1;
  S.idx_len[1] = (size_t)T->nfib;
  S.idx_name[1] = "the CSF crd1";
  S.idx[2] = T->pos2;
  S.idx_len[2] = (size_t)T->nfib + 1;
  S.idx_name[2] = "the CSF pos2";
  S.idx[3] = T->crd2;
  S.idx_len[3] = (size_t)T->nnz;
  S.idx_name[3] = "the CSF crd2";
  char dims[48];
  snprintf(dims, sizeof dims, "%dx%dx%d", T->dims[0], T->dims[1], T->dims[2]);
  snprintf(S.desc, sizeof S.desc,
           "dims=%-17s fibers=%-6d nnz=%-7d empty-slices=%-5d "
           "empty-fibers=%-4d maxslice=%-5d maxfiber=%-5d ",
           dims, T->nfib, T->nnz, lnr_csf_empty_slices(T),
           lnr_csf_empty_fibers(T), lnr_csf_max_slice(T), lnr_csf_max_fiber(T));
  return S;
}

/* {dims, avg_fibers, avg_len, skew, empty_fiber_pct} (csf_input.h). The
 * generator forces in every nonempty case one empty slice, one long slice and
 * one long fiber; empty_fiber_pct > 0 makes the CSF non-canonical (empty
 * fibers), which the kernels must handle too. */
typedef struct {
  const char *name;
  lnr_csf_params p;
  lnr_extent_rule x;
} csf_case;

static const csf_case cases[] = {
    {"I=0", {{0, 10, 8}, 3, 3, 1, 10}, {{4, 4, 3}, -1, -1}},
    {"all-slices-empty", {{64, 48, 40}, 0, 3, 0, 0}, {{8, 8, 5}, -1, -1}},
    /* nfib > 0 and nnz = 0: every fiber empty */
    {"all-fibers-empty", {{30, 20, 25}, 4, 0, 0, 0}, {{6, 5, 4}, -1, -1}},
    {"mode1=0", {{7, 0, 5}, 3, 3, 0, 0}, {{5, 6, 4}, -1, -1}},
    /* fibers with no possible entry: all empty */
    {"mode2=0", {{7, 5, 0}, 3, 3, 0, 0}, {{5, 6, 4}, -1, -1}},
    {"1x1x1", {{1, 1, 1}, 1, 1, 0, 0}, {{1, 1, 1}, -1, -1}},
    {"1x1x1-extents-5-7-3", {{1, 1, 1}, 1, 1, 0, 0}, {{5, 7, 3}, -1, -1}},
    {"", {{150, 90, 70}, 5, 4, 1, 10}, {{16, 12, 8}, 1, -1}},
    {"", {{200, 120, 100}, 4, 4, 1, 10}, {{1, 1, 1}, -1, 1}},
    {"", {{50, 40, 30}, 4, 3, 1, 10}, {{6, 5, 4}, 0, -1}},
    {"skewed-empty-fibers",
     {{400, 300, 250}, 6, 4, 1, 20},
     {{16, 12, 9}, -1, -1}},
    {"uniform-canonical", {{300, 200, 150}, 6, 6, 0, 0}, {{16, 16, 8}, -1, -1}},
    /* all the work in one slice: one thread busy, the others idle */
    {"single-slice", {{1, 400, 3000}, 100, 10, 1, 5}, {{8, 8, 4}, -1, -1}},
    {"I<K<L", {{20, 300, 1000}, 30, 20, 1, 5}, {{13, 11, 6}, -1, -1}},
    {"I>K>L", {{1000, 60, 7}, 8, 3, 1, 5}, {{9, 17, 7}, -1, -1}},
    {"dense", {{12, 10, 9}, 10, 9, 0, 0}, {{8, 8, 8}, -1, -1}},
    {"many-slices-skewed",
     {{4000, 2000, 1500}, 3, 3, 1, 5},
     {{7, 5, 3}, -1, -1}},
};

static int run_random(const lnr_kernel *k, const csf_case *cc, const int *ext,
                      const char *name, uint64_t seed, int *total_nnz,
                      int *changed) {
  lnr_csf T = lnr_csf_random(&cc->p, seed);
  /* Empty fibers only where asked for, or where no fiber can have entries. */
  int allow_empty =
      cc->p.empty_fiber_pct > 0 || cc->p.avg_len == 0 || cc->p.dims[2] == 0;
  if (lnr_csf_validate(&T, allow_empty) != 0) {
    fprintf(stderr, "FAIL: generator produced a bad tensor for %s\n", name);
    lnr_csf_free(&T);
    return 1;
  }
  *total_nnz += T.nnz;
  lnr_sparse_in S = sparse_of_csf(&T);
  int failed = lnr_exec_run_case(k, name, &S, ext, seed, changed);
  lnr_csf_free(&T);
  return failed;
}

int lnr_exec_main_csf(const lnr_kernel *k, int argc, char **argv) {
  if (lnr_exec_check_kernel(k, LNR_CSF3))
    return 1;
  int total_nnz = 0, changed = 0;
  char names[LNR_MAX_EXTENTS][64];
  int exts[LNR_MAX_EXTENTS][LNR_MAX_EXTENTS];
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
    const uint64_t seed = 0xC5F3ull * (c + 1);
    int nv = lnr_exec_variants(k, cases[c].name, &cases[c].x, names, exts);
    for (int v = 0; v < nv; v++)
      if (run_random(k, &cases[c], exts[v], names[v], seed + (uint64_t)v,
                     &total_nnz, &changed))
        return 1;
  }
  for (int a = 1; a < argc; a++) {
    lnr_csf T;
    int ext[LNR_MAX_EXTENTS];
    if (lnr_csf_read_tns(argv[a], &T) != 0)
      return 1;
    if (lnr_csf_validate(&T, 0) != 0) {
      fprintf(stderr, "FAIL: %s: the reader built a bad CSF tensor\n", argv[a]);
      lnr_csf_free(&T);
      return 1;
    }
    const char *base = strrchr(argv[a], '/');
    base = base ? base + 1 : argv[a];
    lnr_exec_file_extents(k, ext);
    total_nnz += T.nnz;
    lnr_sparse_in S = sparse_of_csf(&T);
    int failed =
        lnr_exec_run_case(k, base, &S, ext, 0xF11Eull + (uint64_t)a, &changed);
    lnr_csf_free(&T);
    if (failed)
      return 1;
  }
  return lnr_exec_finish(k, total_nnz, changed);
}
