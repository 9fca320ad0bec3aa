// lnr-bench: the SparseLNR benchmark of lnr-rewrite (docs/benchmarks.md).
//
// For each kernel of the paper and each input it builds one problem and
// times, in one process and side by side, (a) the sample as written
// (samples/), (b) lnr-rewrite's output for it (generated at build time),
// (c) hand-written separate kernels, one per association, with a
// materialized intermediate, and (d) Eigen, every association it can
// express; each at 1 thread and at all cores. Before any timing every
// variant's output, at every thread count, is checked against a reference
// (fail loudly: exit status 1, nothing timed). Suites: smoke (tiny, for
// ctest), main (the six kernels at the paper's inner dimensions), sweep
// (K and L), why (experiments: the rewrite changed by hand, one change
// each, bench/src/experiments.c). With any suite but smoke, a STREAM-like
// triad and a compute-bound calibration loop are timed too.
//
//   lnr-bench [--suite=smoke|main|sweep|why[,...]] [--data=DIR]
//             [--only=REGEX] [--check-only] [--verbose] [--threads=1,2]
//             [google benchmark flags: --benchmark_out=x.json ...]
//
// Each benchmark is named <suite>/<kernel>/<input>/<dims>/<variant>/threads:<t>
// and carries counters: flop and byte (per call, see flop/byte models below),
// rows, cols, nnz, nfib, maxerr (of the check); its label is the variant's
// kind (original, rewritten, separate, eigen) and, for the rewrite, whether
// lnr-rewrite changed the sample (fused) or left it unchanged.
// bench/tools/report.py turns the JSON into the CSV, Markdown and chart.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "bench_inputs.h"
#include "eigen_kernels.h"
#include "kernels.h"
extern "C" {
#include "taco_tensor_t.h"
int sddmm_spmm_taco_original(taco_tensor_t *A, taco_tensor_t *B,
                             taco_tensor_t *C, taco_tensor_t *D,
                             taco_tensor_t *E);
int sddmm_spmm_taco_rewritten(taco_tensor_t *A, taco_tensor_t *B,
                              taco_tensor_t *C, taco_tensor_t *D,
                              taco_tensor_t *E);
int sddmm_spmm_pos_taco_original(taco_tensor_t *A, taco_tensor_t *B,
                                 taco_tensor_t *C, taco_tensor_t *D,
                                 taco_tensor_t *E);
int sddmm_spmm_pos_taco_rewritten(taco_tensor_t *A, taco_tensor_t *B,
                                  taco_tensor_t *C, taco_tensor_t *D,
                                  taco_tensor_t *E);
extern const char lnr_status_sddmm_spmm_pos_taco[];
int spttm_spttm_taco_original(taco_tensor_t *A, taco_tensor_t *B,
                              taco_tensor_t *C, taco_tensor_t *D);
int spttm_spttm_taco_rewritten(taco_tensor_t *A, taco_tensor_t *B,
                               taco_tensor_t *C, taco_tensor_t *D);
extern const char lnr_status_spttm_spttm_taco[];
// "fused" or "unchanged", written by bench/RewriteSample.cmake.
extern const char lnr_status_sddmm_spmm[], lnr_status_sddmm_spmm_taco[],
    lnr_status_spmm_gemm[], lnr_status_spmmh_gemm[],
    lnr_status_sddmm_spmm_gemm[], lnr_status_mttkrp_gemm[],
    lnr_status_spttm_spttm[];
}

namespace {

// ---- options -------------------------------------------------------------

struct Options {
  std::vector<std::string> suites{"main"};
  std::string data = LNR_BENCH_DATA_DIR;
  std::string only;
  bool check_only = false, verbose = false;
  std::vector<int> threads;
  double tol = 1e-9;
} opt;

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep))
    if (!item.empty())
      out.push_back(item);
  return out;
}

[[noreturn]] void die(const std::string &msg) {
  fprintf(stderr, "lnr-bench: %s\n", msg.c_str());
  exit(2);
}

// ---- inputs --------------------------------------------------------------

struct CsrInput {
  std::string name;
  lnr_csr m{};
  ~CsrInput() { lnr_csr_free(&m); }
};
struct CsfInput {
  std::string name;
  lnr_csf t{};
  ~CsfInput() { lnr_csf_free(&t); }
};

int to_int(const std::string &s) {
  char *end;
  long v = strtol(s.c_str(), &end, 10);
  if (s.empty() || *end || v < 0 || v > 1000000000)
    die("bad number '" + s + "'");
  return (int)v;
}

// Input specs:  rmat:SCALE:EF  fem:NX:NY:NZ  uniform:ROWS:AVG
// skewed:ROWS:AVG (lnr_csr_random: Pareto rows)  mtx:NAME (in --data)
// csf:I:J:K:FIBERS:LEN  tns:NAME (in --data)
std::shared_ptr<CsrInput> csr_input(const std::string &spec) {
  static std::map<std::string, std::shared_ptr<CsrInput>> cache;
  auto it = cache.find(spec);
  if (it != cache.end())
    return it->second;
  auto in = std::make_shared<CsrInput>();
  auto f = split(spec, ':');
  const uint64_t seed = 20220627; // fixed: one run is repeatable exactly
  if (f[0] == "rmat" && f.size() == 3) {
    in->m = lnr_bench_rmat(to_int(f[1]), to_int(f[2]), seed);
    in->name = "rmat" + f[1] + "-" + f[2];
  } else if (f[0] == "fem" && f.size() == 4) {
    in->m = lnr_bench_fem27(to_int(f[1]), to_int(f[2]), to_int(f[3]), seed);
    in->name = "fem27-" + f[1] + "x" + f[2] + "x" + f[3];
  } else if (f[0] == "uniform" && f.size() == 3) {
    in->m = lnr_bench_uniform(to_int(f[1]), to_int(f[1]), to_int(f[2]), seed);
    in->name = "uniform" + f[1] + "-" + f[2];
  } else if (f[0] == "skewed" && f.size() == 3) {
    in->m = lnr_csr_random(to_int(f[1]), to_int(f[1]), to_int(f[2]), 1, seed);
    in->name = "skewed" + f[1] + "-" + f[2];
  } else if (f[0] == "mtx" && f.size() == 2) {
    std::string path = opt.data + "/" + f[1] + ".mtx";
    // cora.mtx's "symmetric" banner is wrong (PROVENANCE.md): read general.
    if (lnr_csr_read_mtx_ex(path.c_str(), f[1] == "cora", &in->m) != 0)
      return nullptr;
    in->name = f[1];
  } else {
    die("bad matrix spec '" + spec + "'");
  }
  if (lnr_csr_validate(&in->m) != 0)
    die("invalid matrix " + spec);
  cache[spec] = in;
  return in;
}

std::shared_ptr<CsfInput> csf_input(const std::string &spec) {
  static std::map<std::string, std::shared_ptr<CsfInput>> cache;
  auto it = cache.find(spec);
  if (it != cache.end())
    return it->second;
  auto in = std::make_shared<CsfInput>();
  auto f = split(spec, ':');
  if (f[0] == "csf" && f.size() == 6) {
    in->t = lnr_bench_csf_skewed(to_int(f[1]), to_int(f[2]), to_int(f[3]),
                                 to_int(f[4]), to_int(f[5]), 20220627);
    in->name = "csf" + f[1] + "x" + f[2] + "x" + f[3] + "-" + f[4] + "-" + f[5];
  } else if (f[0] == "tns" && f.size() == 2) {
    std::string path = opt.data + "/" + f[1] + ".tns";
    const int order[3] = {0, 1, 2};
    if (lnr_bench_read_tns(path.c_str(), order, &in->t) != 0)
      return nullptr;
    in->name = f[1];
    // FROSTT values of these binary/count tensors are 1 or small counts:
    // random values in [-1, 1] exercise cancellation in the check as the
    // generated inputs do; the pattern is the file's.
    lnr_fill_random(in->t.vals, (size_t)in->t.nnz, 7);
  } else {
    die("bad tensor spec '" + spec + "'");
  }
  if (lnr_csf_validate(&in->t) != 0)
    die("invalid tensor " + spec);
  cache[spec] = in;
  return in;
}

// ---- problems ------------------------------------------------------------

struct Variant {
  std::string name, kind;
  std::function<void(int threads)> run;
  double flop = 0, byte = 0;
  double check_seconds = 0, maxerr = 0;
};

struct Problem {
  std::string suite, kernel, input, dims, status;
  long rows = 0, cols = 0, nnz = 0, nfib = 0;
  std::vector<double> A0, A, ref, mag;
  std::vector<Variant> variants;
  std::function<void()> reference; // computes into A (from A's contents)
  std::vector<std::pair<double *, size_t>> values; // read by the reference
  std::vector<std::unique_ptr<std::vector<double>>> store;
  std::vector<std::shared_ptr<void>> keep; // inputs, TACO structs
  bool zero_init = false;                  // TACO: A is overwritten

  double *dense(size_t n, uint64_t seed) {
    store.push_back(std::make_unique<std::vector<double>>(n ? n : 1));
    lnr_fill_random(store.back()->data(), n, seed);
    values.emplace_back(store.back()->data(), n);
    return store.back()->data();
  }
  double *work(size_t n) {
    store.push_back(std::make_unique<std::vector<double>>(n ? n : 1, 0.0));
    return store.back()->data();
  }
  void output(size_t n) {
    A0.assign(n ? n : 1, 0.0);
    if (!zero_init)
      lnr_fill_random(A0.data(), n, 99);
    A = A0;
  }
  Variant &add(const std::string &name, const std::string &kind, double flop,
               double byte, std::function<void(int)> run) {
    variants.push_back(Variant{name, kind, std::move(run), flop, byte});
    return variants.back();
  }
  /// The experiments x_alias_test and x_alias_assumed: the rewrite of the
  /// sample without 'restrict', under its run-time overlap test (its scan
  /// of the coordinates and its comparisons) and without it
  /// (--assume-no-alias); call(true) runs the first.
  void addAliasPair(double flop, double byte, std::function<void(bool)> call) {
    add("x_alias_test", "experiment", flop, byte, [=](int) { call(true); });
    add("x_alias_assumed", "experiment", flop, byte, [=](int) { call(false); });
  }
};

// The sample's own nest at more than one thread: it has no OpenMP pragma,
// so it is run on blocks of 64 rows of its dense outer loop, handed out
// dynamically (what TACO emits for the same nest, and the rewrite's own
// schedule(dynamic, 64)). One thread: the sample called as it is.
void row_blocks(int threads, int n, const std::function<void(int, int)> &f) {
  if (threads == 1) {
    f(0, n);
    return;
  }
  const int blocks = (n + 63) / 64;
#pragma omp parallel for schedule(dynamic, 1)
  for (int b = 0; b < blocks; b++)
    f(b * 64, std::min(64, n - b * 64));
}

double csr_bytes(const lnr_csr &B) { return 4.0 * (B.rows + 1) + 12.0 * B.nnz; }
double csf_bytes(const lnr_csf &T) {
  return 4.0 * (T.dims[0] + 1) + 4.0 * T.nfib + 4.0 * (T.nfib + 1) +
         12.0 * T.nnz;
}

// Flop model: 2 per multiply-add of the innermost statement and 1 per other
// multiplication, with factors invariant in the innermost loop counted once
// in the loop around it (as the compiler hoists them). Byte model: the
// compulsory traffic, every operand read once, the output read and written
// once, an intermediate written and read once (8-byte values, 4-byte
// indices). Both are per call.

std::unique_ptr<Problem> make_sddmm_spmm(std::shared_ptr<CsrInput> in, int K,
                                         int L, bool why) {
  auto p = std::make_unique<Problem>();
  const lnr_csr &B = in->m;
  const int n = B.rows, m = B.cols;
  const double nnz = B.nnz;
  p->values.emplace_back(B.vals, (size_t)B.nnz);
  double *C = p->dense((size_t)n * K, 1), *D = p->dense((size_t)m * K, 2),
         *E = p->dense((size_t)m * L, 3);
  double *T = p->work((size_t)B.nnz);
  p->output((size_t)n * L);
  double *A = p->A.data();
  const double in_bytes =
      csr_bytes(B) + 8.0 * ((double)n * K + (double)m * K + (double)m * L) +
      16.0 * n * L;
  p->status = lnr_status_sddmm_spmm;
  p->add("original", "original", nnz * K * (2.0 * L + 2), in_bytes, [=](int t) {
    row_blocks(t, n, [&](int i0, int c) {
      sddmm_spmm_original(c, K, L, B.rowptr + i0, B.colidx, B.vals,
                          C + (size_t)i0 * K, D, E, A + (size_t)i0 * L);
    });
  });
  p->add(
      "rewritten", "rewritten", nnz * (3.0 * K + 2.0 * L), in_bytes, [=](int) {
        sddmm_spmm_rewritten(n, K, L, B.rowptr, B.colidx, B.vals, C, D, E, A);
      });
  p->add("sep", "separate", nnz * (2.0 * K + 1 + 2.0 * L),
         in_bytes + 16.0 * nnz, [=](int) {
           sep_sddmm_spmm(n, K, L, B.rowptr, B.colidx, B.vals, C, D, E, A, T);
         });
  p->add("eigen", "eigen", nnz * (2.0 * K + 1 + 2.0 * L), in_bytes + 16.0 * nnz,
         [=](int) {
           lnr_eigen::sddmm_spmm(n, m, B.nnz, K, L, B.rowptr, B.colidx, B.vals,
                                 C, D, E, A, T);
         });
  if (why) {
    p->add("x_hoist", "experiment", nnz * (2.0 * K + 1 + 2.0 * L), in_bytes,
           [=](int) {
             exp_sddmm_spmm_hoist(n, K, L, B.rowptr, B.colidx, B.vals, C, D, E,
                                  A);
           });
    p->add("x_hoist_acc8", "experiment", nnz * (2.0 * K + 1 + 2.0 * L),
           in_bytes, [=](int) {
             exp_sddmm_spmm_acc(n, K, L, B.rowptr, B.colidx, B.vals, C, D, E,
                                A);
           });
    p->add("x_rowsplit", "experiment", nnz * (2.0 * K + 1 + 2.0 * L), in_bytes,
           [=](int) {
             exp_sddmm_spmm_rowsplit(n, K, L, B.rowptr, B.colidx, B.vals, C, D,
                                     E, A);
           });
    p->add("x_prefetch", "experiment", nnz * (3.0 * K + 2.0 * L), in_bytes,
           [=](int) {
             exp_sddmm_spmm_prefetch(n, K, L, B.rowptr, B.colidx, B.vals, C, D,
                                     E, A);
           });
    p->addAliasPair(nnz * (3.0 * K + 2.0 * L), in_bytes, [=](bool test) {
      (test ? sddmm_spmm_alias_test : sddmm_spmm_alias_assumed)(
          n, K, L, B.rowptr, B.colidx, B.vals, C, D, E, A);
    });
  }
  p->reference = [=] {
    sep_sddmm_spmm(n, K, L, B.rowptr, B.colidx, B.vals, C, D, E, A, T);
  };
  p->keep.push_back(in);
  return p;
}

taco_tensor_t *taco_dense(Problem &p, int rows, int cols, double *vals) {
  auto dims =
      std::make_shared<std::vector<int32_t>>(std::vector<int32_t>{rows, cols});
  auto t = std::make_shared<taco_tensor_t>();
  memset(t.get(), 0, sizeof *t);
  t->order = 2;
  t->dimensions = dims->data();
  t->csize = 8;
  t->vals = (uint8_t *)vals;
  p.keep.push_back(dims);
  p.keep.push_back(t);
  return t.get();
}

using TacoSddmmSpmm = int (*)(taco_tensor_t *, taco_tensor_t *,
                              taco_tensor_t *, taco_tensor_t *,
                              taco_tensor_t *);

/// TACO's <SDDMM, SpMM> as one of its samples writes it: Original and
/// Rewritten are the sample and the tool's rewrite of it, Status the
/// rewrite's.
std::unique_ptr<Problem>
make_sddmm_spmm_taco(std::shared_ptr<CsrInput> in, int K, int L,
                     TacoSddmmSpmm Original = sddmm_spmm_taco_original,
                     TacoSddmmSpmm Rewritten = sddmm_spmm_taco_rewritten,
                     const char *Status = lnr_status_sddmm_spmm_taco) {
  auto p = std::make_unique<Problem>();
  const lnr_csr &B = in->m;
  const int n = B.rows, m = B.cols;
  const double nnz = B.nnz;
  p->zero_init = true;
  p->values.emplace_back(B.vals, (size_t)B.nnz);
  double *C = p->dense((size_t)n * K, 1), *D = p->dense((size_t)m * K, 2),
         *E = p->dense((size_t)m * L, 3);
  double *T = p->work((size_t)B.nnz);
  p->output((size_t)n * L);
  double *A = p->A.data();
  taco_tensor_t *tA = taco_dense(*p, n, L, A),
                *tB = taco_dense(*p, n, m, B.vals),
                *tC = taco_dense(*p, n, K, C), *tD = taco_dense(*p, m, K, D),
                *tE = taco_dense(*p, m, L, E);
  auto level = std::make_shared<std::vector<uint8_t *>>(
      std::vector<uint8_t *>{(uint8_t *)B.rowptr, (uint8_t *)B.colidx});
  auto levels = std::make_shared<std::vector<uint8_t **>>(
      std::vector<uint8_t **>{nullptr, level->data()});
  tB->indices = levels->data();
  p->keep.push_back(level);
  p->keep.push_back(levels);
  const double in_bytes =
      csr_bytes(B) + 8.0 * ((double)n * K + (double)m * K + (double)m * L) +
      8.0 * n * L; // A only written
  p->status = Status;
  // TACO's nest: for i, j, l, k with B*E invariant in k.
  p->add("original", "original", nnz * L * (3.0 * K + 2), in_bytes,
         [=](int) { Original(tA, tB, tC, tD, tE); });
  p->add("rewritten", "rewritten", nnz * (3.0 * K + 2.0 * L), in_bytes,
         [=](int) { Rewritten(tA, tB, tC, tD, tE); });
  // Separate kernels accumulate: from the zeroed A they compute the same.
  p->add("sep", "separate", nnz * (2.0 * K + 1 + 2.0 * L),
         in_bytes + 8.0 * n * L + 16.0 * nnz, [=](int) {
           std::fill(A, A + (size_t)n * L, 0.0);
           sep_sddmm_spmm(n, K, L, B.rowptr, B.colidx, B.vals, C, D, E, A, T);
         });
  p->reference = [=] {
    sep_sddmm_spmm(n, K, L, B.rowptr, B.colidx, B.vals, C, D, E, A, T);
  };
  p->keep.push_back(in);
  return p;
}

std::unique_ptr<Problem> make_spmm_gemm(std::shared_ptr<CsrInput> in, int K,
                                        int L, bool why) {
  auto p = std::make_unique<Problem>();
  const lnr_csr &B = in->m;
  const int n = B.rows, m = B.cols;
  const double nnz = B.nnz;
  p->values.emplace_back(B.vals, (size_t)B.nnz);
  double *C = p->dense((size_t)m * K, 1), *D = p->dense((size_t)K * L, 2);
  double *T = p->work((size_t)n * K), *G = p->work((size_t)m * L);
  p->output((size_t)n * L);
  double *A = p->A.data();
  const double in_bytes =
      csr_bytes(B) + 8.0 * ((double)m * K + (double)K * L) + 16.0 * n * L;
  const double f_bc_d = 2.0 * nnz * K + 2.0 * n * K * L,
               f_b_cd = 2.0 * m * K * L + 2.0 * nnz * L;
  p->status = lnr_status_spmm_gemm;
  p->add("original", "original", nnz * K * (2.0 * L + 1), in_bytes, [=](int t) {
    row_blocks(t, n, [&](int i0, int c) {
      spmm_gemm_original(c, K, L, B.rowptr + i0, B.colidx, B.vals, C, D,
                         A + (size_t)i0 * L);
    });
  });
  p->add("rewritten", "rewritten", f_bc_d, in_bytes, [=](int) {
    spmm_gemm_rewritten(n, K, L, B.rowptr, B.colidx, B.vals, C, D, A);
  });
  if (why)
    p->addAliasPair(f_bc_d, in_bytes, [=](bool test) {
      (test ? spmm_gemm_alias_test : spmm_gemm_alias_assumed)(
          n, K, L, B.rowptr, B.colidx, B.vals, C, D, A);
    });
  p->add("sep_bc_d", "separate", f_bc_d, in_bytes + 16.0 * n * K, [=](int) {
    sep_spmm_gemm_bc_d(n, m, K, L, B.rowptr, B.colidx, B.vals, C, D, A, T);
  });
  p->add("sep_b_cd", "separate", f_b_cd, in_bytes + 16.0 * m * L, [=](int) {
    sep_spmm_gemm_b_cd(n, m, K, L, B.rowptr, B.colidx, B.vals, C, D, A, G);
  });
  p->add("eigen_bc_d", "eigen", f_bc_d, in_bytes + 16.0 * n * K, [=](int) {
    lnr_eigen::spmm_gemm_bc_d(n, m, B.nnz, K, L, B.rowptr, B.colidx, B.vals, C,
                              D, A, T);
  });
  p->add("eigen_b_cd", "eigen", f_b_cd, in_bytes + 16.0 * m * L, [=](int) {
    lnr_eigen::spmm_gemm_b_cd(n, m, B.nnz, K, L, B.rowptr, B.colidx, B.vals, C,
                              D, A, G);
  });
  if (why) {
    p->add("x_block4", "experiment", f_bc_d, in_bytes, [=](int) {
      exp_spmm_gemm_block4(n, K, L, B.rowptr, B.colidx, B.vals, C, D, A);
    });
    p->add("x_block4_pf", "experiment", f_bc_d, in_bytes, [=](int) {
      exp_spmm_gemm_block4_pf(n, K, L, B.rowptr, B.colidx, B.vals, C, D, A);
    });
    p->add("x_jam4", "experiment", f_bc_d, in_bytes, [=](int) {
      exp_spmm_gemm_jam4(n, K, L, B.rowptr, B.colidx, B.vals, C, D, A);
    });
  }
  p->reference = [=] {
    sep_spmm_gemm_bc_d(n, m, K, L, B.rowptr, B.colidx, B.vals, C, D, A, T);
  };
  p->keep.push_back(in);
  return p;
}

std::unique_ptr<Problem> make_spmmh_gemm(std::shared_ptr<CsrInput> in, int J,
                                         int L, bool why) {
  auto p = std::make_unique<Problem>();
  const lnr_csr &B = in->m;
  const int n = B.rows, m = B.cols;
  const double nnz = B.nnz;
  p->values.emplace_back(B.vals, (size_t)B.nnz);
  double *C = p->dense((size_t)m * J, 1), *D = p->dense((size_t)m * J, 2),
         *E = p->dense((size_t)J * L, 3);
  double *T = p->work((size_t)n * J), *G = p->work((size_t)m * L);
  p->output((size_t)n * L);
  double *A = p->A.data();
  const double in_bytes =
      csr_bytes(B) + 8.0 * (2.0 * m * J + (double)J * L) + 16.0 * n * L;
  const double f_bcd_e = 3.0 * nnz * J + 2.0 * n * J * L,
               f_b_cde = (double)m * J * (1.0 + 2.0 * L) + 2.0 * nnz * L;
  p->status = lnr_status_spmmh_gemm;
  p->add("original", "original", nnz * J * (2.0 * L + 2), in_bytes, [=](int t) {
    row_blocks(t, n, [&](int i0, int c) {
      spmmh_gemm_original(c, J, L, B.rowptr + i0, B.colidx, B.vals, C, D, E,
                          A + (size_t)i0 * L);
    });
  });
  p->add("rewritten", "rewritten", f_bcd_e, in_bytes, [=](int) {
    spmmh_gemm_rewritten(n, J, L, B.rowptr, B.colidx, B.vals, C, D, E, A);
  });
  if (why)
    p->addAliasPair(f_bcd_e, in_bytes, [=](bool test) {
      (test ? spmmh_gemm_alias_test : spmmh_gemm_alias_assumed)(
          n, J, L, B.rowptr, B.colidx, B.vals, C, D, E, A);
    });
  p->add("sep_bcd_e", "separate", f_bcd_e, in_bytes + 16.0 * n * J, [=](int) {
    sep_spmmh_gemm_bcd_e(n, m, J, L, B.rowptr, B.colidx, B.vals, C, D, E, A, T);
  });
  p->add("sep_b_cde", "separate", f_b_cde, in_bytes + 16.0 * m * L, [=](int) {
    sep_spmmh_gemm_b_cde(n, m, J, L, B.rowptr, B.colidx, B.vals, C, D, E, A, G);
  });
  p->add("eigen_bcd_e", "eigen", f_bcd_e, in_bytes + 16.0 * n * J, [=](int) {
    lnr_eigen::spmmh_gemm_bcd_e(n, m, B.nnz, J, L, B.rowptr, B.colidx, B.vals,
                                C, D, E, A, T);
  });
  p->add("eigen_b_cde", "eigen", f_b_cde, in_bytes + 16.0 * m * L, [=](int) {
    lnr_eigen::spmmh_gemm_b_cde(n, m, B.nnz, J, L, B.rowptr, B.colidx, B.vals,
                                C, D, E, A, G);
  });
  if (why) {
    p->add("x_block4", "experiment", f_bcd_e, in_bytes, [=](int) {
      exp_spmmh_gemm_block4(n, J, L, B.rowptr, B.colidx, B.vals, C, D, E, A);
    });
    p->add("x_block4_pf", "experiment", f_bcd_e, in_bytes, [=](int) {
      exp_spmmh_gemm_block4_pf(n, J, L, B.rowptr, B.colidx, B.vals, C, D, E, A);
    });
  }
  p->reference = [=] {
    sep_spmmh_gemm_bcd_e(n, m, J, L, B.rowptr, B.colidx, B.vals, C, D, E, A, T);
  };
  p->keep.push_back(in);
  return p;
}

std::unique_ptr<Problem> make_sddmm_spmm_gemm(std::shared_ptr<CsrInput> in,
                                              int K, int L, int M, bool why) {
  auto p = std::make_unique<Problem>();
  const lnr_csr &B = in->m;
  const int n = B.rows, m = B.cols;
  const double nnz = B.nnz;
  p->values.emplace_back(B.vals, (size_t)B.nnz);
  double *C = p->dense((size_t)n * K, 1), *D = p->dense((size_t)m * K, 2),
         *F = p->dense((size_t)m * L, 3), *W = p->dense((size_t)L * M, 4);
  double *T = p->work((size_t)B.nnz), *U = p->work((size_t)n * L),
         *G = p->work((size_t)m * M);
  p->output((size_t)n * M);
  double *A = p->A.data();
  const double in_bytes =
      csr_bytes(B) +
      8.0 * ((double)n * K + (double)m * K + (double)m * L + (double)L * M) +
      16.0 * n * M;
  const double sd = nnz * (2.0 * K + 1);
  const double f_tf_w = sd + 2.0 * nnz * L + 2.0 * n * L * M,
               f_t_fw = 2.0 * m * L * M + sd + 2.0 * nnz * M;
  p->status = lnr_status_sddmm_spmm_gemm;
  p->add("original", "original", nnz * K * (2.0 + L * (1.0 + 2.0 * M)),
         in_bytes, [=](int t) {
           row_blocks(t, n, [&](int i0, int c) {
             sddmm_spmm_gemm_original(c, K, L, M, B.rowptr + i0, B.colidx,
                                      B.vals, C + (size_t)i0 * K, D, F, W,
                                      A + (size_t)i0 * M);
           });
         });
  p->add("rewritten", "rewritten", nnz * (3.0 * K + 2.0 * L) + 2.0 * n * L * M,
         in_bytes, [=](int) {
           sddmm_spmm_gemm_rewritten(n, K, L, M, B.rowptr, B.colidx, B.vals, C,
                                     D, F, W, A);
         });
  if (why)
    p->addAliasPair(
        nnz * (3.0 * K + 2.0 * L) + 2.0 * n * L * M, in_bytes, [=](bool test) {
          (test ? sddmm_spmm_gemm_alias_test : sddmm_spmm_gemm_alias_assumed)(
              n, K, L, M, B.rowptr, B.colidx, B.vals, C, D, F, W, A);
        });
  p->add("sep_tf_w", "separate", f_tf_w, in_bytes + 16.0 * nnz + 16.0 * n * L,
         [=](int) {
           sep_sddmm_spmm_gemm_tf_w(n, m, K, L, M, B.rowptr, B.colidx, B.vals,
                                    C, D, F, W, A, T, U);
         });
  p->add("sep_t_fw", "separate", f_t_fw, in_bytes + 16.0 * nnz + 16.0 * m * M,
         [=](int) {
           sep_sddmm_spmm_gemm_t_fw(n, m, K, L, M, B.rowptr, B.colidx, B.vals,
                                    C, D, F, W, A, T, G);
         });
  p->add("eigen_tf_w", "eigen", f_tf_w, in_bytes + 16.0 * nnz + 16.0 * n * L,
         [=](int) {
           lnr_eigen::sddmm_spmm_gemm_tf_w(n, m, B.nnz, K, L, M, B.rowptr,
                                           B.colidx, B.vals, C, D, F, W, A, T,
                                           U);
         });
  p->add("eigen_t_fw", "eigen", f_t_fw, in_bytes + 16.0 * nnz + 16.0 * m * M,
         [=](int) {
           lnr_eigen::sddmm_spmm_gemm_t_fw(n, m, B.nnz, K, L, M, B.rowptr,
                                           B.colidx, B.vals, C, D, F, W, A, T,
                                           G);
         });
  if (why)
    p->add("x_acc8_block4", "experiment", sd + 2.0 * nnz * L + 2.0 * n * L * M,
           in_bytes, [=](int) {
             exp_sddmm_spmm_gemm_block4(n, K, L, M, B.rowptr, B.colidx, B.vals,
                                        C, D, F, W, A);
           });
  p->reference = [=] {
    sep_sddmm_spmm_gemm_tf_w(n, m, K, L, M, B.rowptr, B.colidx, B.vals, C, D, F,
                             W, A, T, U);
  };
  p->keep.push_back(in);
  return p;
}

std::unique_ptr<Problem> make_mttkrp_gemm(std::shared_ptr<CsfInput> in, int J,
                                          int M, bool why) {
  auto p = std::make_unique<Problem>();
  const lnr_csf &B = in->t;
  const int I = B.dims[0], K = B.dims[1], L = B.dims[2];
  const double nnz = B.nnz, nfib = B.nfib;
  p->values.emplace_back(B.vals, (size_t)B.nnz);
  double *C = p->dense((size_t)L * J, 1), *D = p->dense((size_t)K * J, 2),
         *E = p->dense((size_t)J * M, 3);
  double *T = p->work((size_t)I * J);
  p->output((size_t)I * M);
  double *A = p->A.data();
  const double in_bytes =
      csf_bytes(B) + 8.0 * ((double)L * J + (double)K * J + (double)J * M) +
      16.0 * I * M;
  p->status = lnr_status_mttkrp_gemm;
  p->add("original", "original", nnz * J * (2.0 * M + 2), in_bytes, [=](int t) {
    row_blocks(t, I, [&](int i0, int c) {
      mttkrp_gemm_original(c, J, M, B.pos1 + i0, B.crd1, B.pos2, B.crd2, B.vals,
                           C, D, E, A + (size_t)i0 * M);
    });
  });
  p->add("rewritten", "rewritten", 3.0 * nnz * J + 2.0 * I * J * M, in_bytes,
         [=](int) {
           mttkrp_gemm_rewritten(I, J, M, B.pos1, B.crd1, B.pos2, B.crd2,
                                 B.vals, C, D, E, A);
         });
  if (why)
    p->addAliasPair(3.0 * nnz * J + 2.0 * I * J * M, in_bytes, [=](bool test) {
      (test ? mttkrp_gemm_alias_test : mttkrp_gemm_alias_assumed)(
          I, J, M, B.pos1, B.crd1, B.pos2, B.crd2, B.vals, C, D, E, A);
    });
  p->add("sep", "separate", 3.0 * nnz * J + 2.0 * I * J * M,
         in_bytes + 16.0 * I * J, [=](int) {
           sep_mttkrp_gemm(I, J, M, B.pos1, B.crd1, B.pos2, B.crd2, B.vals, C,
                           D, E, A, T);
         });
  p->add("sep_fact", "separate",
         2.0 * nnz * J + 2.0 * nfib * J + 2.0 * I * J * M,
         in_bytes + 16.0 * I * J, [=](int) {
           sep_mttkrp_gemm_fact(I, J, M, B.pos1, B.crd1, B.pos2, B.crd2, B.vals,
                                C, D, E, A, T);
         });
  if (why)
    p->add("x_block4", "experiment", 3.0 * nnz * J + 2.0 * I * J * M, in_bytes,
           [=](int) {
             exp_mttkrp_gemm_block4(I, J, M, B.pos1, B.crd1, B.pos2, B.crd2,
                                    B.vals, C, D, E, A);
           });
  p->reference = [=] {
    sep_mttkrp_gemm_fact(I, J, M, B.pos1, B.crd1, B.pos2, B.crd2, B.vals, C, D,
                         E, A, T);
  };
  p->keep.push_back(in);
  return p;
}

/// The operands of <SpTTM, SpTTM> over B, and the work of each form.
struct SpttmOperands {
  double *C, *D, *T, *G, *A;
  double f_orig, f_bc_d, f_b_cd;
};
SpttmOperands spttm_operands(Problem &p, const lnr_csf &B, int L, int M) {
  const int K = B.dims[2], nf = B.nfib;
  const double nnz = B.nnz, nfib = B.nfib;
  p.values.emplace_back(B.vals, (size_t)B.nnz);
  SpttmOperands o;
  o.C = p.dense((size_t)K * L, 1);
  o.D = p.dense((size_t)L * M, 2);
  o.T = p.work((size_t)nf * L);
  o.G = p.work((size_t)K * M);
  p.output((size_t)nf * M);
  o.A = p.A.data();
  o.f_orig = nnz * L * (2.0 * M + 1);
  o.f_bc_d = 2.0 * nnz * L + 2.0 * nfib * L * M;
  o.f_b_cd = 2.0 * K * L * M + 2.0 * nnz * M;
  return o;
}

std::unique_ptr<Problem> make_spttm_spttm(std::shared_ptr<CsfInput> in, int L,
                                          int M, bool why) {
  auto p = std::make_unique<Problem>();
  const lnr_csf &B = in->t;
  const int I = B.dims[0], K = B.dims[2], nf = B.nfib;
  const double nfib = B.nfib;
  const SpttmOperands o = spttm_operands(*p, B, L, M);
  double *C = o.C, *D = o.D, *T = o.T, *G = o.G, *A = o.A;
  const double f_orig = o.f_orig, f_bc_d = o.f_bc_d, f_b_cd = o.f_b_cd;
  const double in_bytes =
      csf_bytes(B) + 8.0 * ((double)K * L + (double)L * M) + 16.0 * nfib * M;
  p->status = lnr_status_spttm_spttm;
  const bool fused = p->status == std::string("fused");
  p->add("original", "original", f_orig, in_bytes, [=](int t) {
    row_blocks(t, I, [&](int i0, int c) {
      spttm_spttm_original(c, L, M, B.pos1 + i0, B.crd1, B.pos2, B.crd2, B.vals,
                           C, D, A);
    });
  });
  // The flop count of the rewrite assumes the schedule {B,C}{D} when the
  // tool changed the nest (see its --explain), the original's otherwise.
  p->add("rewritten", "rewritten", fused ? f_bc_d : f_orig, in_bytes, [=](int) {
    spttm_spttm_rewritten(I, L, M, B.pos1, B.crd1, B.pos2, B.crd2, B.vals, C, D,
                          A);
  });
  if (why)
    p->addAliasPair(fused ? f_bc_d : f_orig, in_bytes, [=](bool test) {
      (test ? spttm_spttm_alias_test : spttm_spttm_alias_assumed)(
          I, L, M, B.pos1, B.crd1, B.pos2, B.crd2, B.vals, C, D, A);
    });
  p->add("sep_bc_d", "separate", f_bc_d, in_bytes + 16.0 * nfib * L, [=](int) {
    sep_spttm_spttm_bc_d(I, nf, K, L, M, B.pos1, B.pos2, B.crd2, B.vals, C, D,
                         A, T);
  });
  p->add("sep_b_cd", "separate", f_b_cd, in_bytes + 16.0 * K * M, [=](int) {
    sep_spttm_spttm_b_cd(I, nf, K, L, M, B.pos1, B.pos2, B.crd2, B.vals, C, D,
                         A, G);
  });
  p->add("eigen_bc_d", "eigen", f_bc_d, in_bytes + 16.0 * nfib * L, [=](int) {
    lnr_eigen::spttm_spttm_bc_d(nf, K, B.nnz, L, M, B.pos2, B.crd2, B.vals, C,
                                D, A, T);
  });
  p->add("eigen_b_cd", "eigen", f_b_cd, in_bytes + 16.0 * K * M, [=](int) {
    lnr_eigen::spttm_spttm_b_cd(nf, K, B.nnz, L, M, B.pos2, B.crd2, B.vals, C,
                                D, A, G);
  });
  if (why) {
    p->add("x_block4", "experiment", f_bc_d, in_bytes, [=](int) {
      exp_spttm_spttm_block4(I, L, M, B.pos1, B.crd1, B.pos2, B.crd2, B.vals, C,
                             D, A);
    });
    p->add("x_block4_pf", "experiment", f_bc_d, in_bytes, [=](int) {
      exp_spttm_spttm_block4_pf(I, L, M, B.pos1, B.crd1, B.pos2, B.crd2, B.vals,
                                C, D, A);
    });
    // sep_b_cd with its intermediate allocated in the call, as a rewrite
    // must (calloc'd, as the rewrite's full temporaries are): what the
    // separate kernels' preallocated buffer is worth.
    p->add("x_b_cd_alloc", "experiment", f_b_cd, in_bytes + 16.0 * K * M,
           [=](int) {
             double *G2 = static_cast<double *>(
                 std::calloc((size_t)K * M, sizeof(double)));
             sep_spttm_spttm_b_cd(I, nf, K, L, M, B.pos1, B.pos2, B.crd2,
                                  B.vals, C, D, A, G2);
             std::free(G2);
           });
  }
  p->reference = [=] {
    sep_spttm_spttm_bc_d(I, nf, K, L, M, B.pos1, B.pos2, B.crd2, B.vals, C, D,
                         A, T);
  };
  p->keep.push_back(in);
  return p;
}

/// A taco_tensor_t of order 3 over B's CSF levels: dense i, then j and k
/// compressed (indices[1] and [2] each {pos, crd}), dimensions I, J, K.
taco_tensor_t *taco_csf(Problem &p, const lnr_csf &B) {
  taco_tensor_t *t = taco_dense(p, B.dims[0], B.dims[1], B.vals);
  auto dims = std::make_shared<std::vector<int32_t>>(
      std::vector<int32_t>{B.dims[0], B.dims[1], B.dims[2]});
  auto level1 = std::make_shared<std::vector<uint8_t *>>(
      std::vector<uint8_t *>{(uint8_t *)B.pos1, (uint8_t *)B.crd1});
  auto level2 = std::make_shared<std::vector<uint8_t *>>(
      std::vector<uint8_t *>{(uint8_t *)B.pos2, (uint8_t *)B.crd2});
  auto levels = std::make_shared<std::vector<uint8_t **>>(
      std::vector<uint8_t **>{nullptr, level1->data(), level2->data()});
  t->order = 3;
  t->dimensions = dims->data();
  t->indices = levels->data();
  p.keep.push_back(dims);
  p.keep.push_back(level1);
  p.keep.push_back(level2);
  p.keep.push_back(levels);
  return t;
}

/// <SpTTM, SpTTM> as TACO writes it with A sparse in B's (i,j) pattern
/// (samples/taco/spttm_spttm_sparse_output.c: A's fibers through TACO's
/// counter, each element assigned its whole sum, j walked by position
/// only), against the separate kernels, which compute A in the same layout.
std::unique_ptr<Problem> make_spttm_spttm_taco(std::shared_ptr<CsfInput> in,
                                               int L, int M) {
  auto p = std::make_unique<Problem>();
  const lnr_csf &B = in->t;
  const int I = B.dims[0], K = B.dims[2], nf = B.nfib;
  const double nfib = B.nfib;
  const SpttmOperands o = spttm_operands(*p, B, L, M);
  double *C = o.C, *D = o.D, *T = o.T, *G = o.G, *A = o.A;
  const double f_orig = o.f_orig, f_bc_d = o.f_bc_d, f_b_cd = o.f_b_cd;
  taco_tensor_t *tB = taco_csf(*p, B), *tC = taco_dense(*p, K, L, C),
                *tD = taco_dense(*p, L, M, D);
  taco_tensor_t *tA = taco_dense(*p, I, B.dims[1], A);
  auto adims = std::make_shared<std::vector<int32_t>>(
      std::vector<int32_t>{I, B.dims[1], M});
  tA->order = 3;
  tA->dimensions = adims->data();
  p->keep.push_back(adims);
  const double in_bytes =
      csf_bytes(B) + 8.0 * ((double)K * L + (double)L * M) + 8.0 * nfib * M;
  p->status = lnr_status_spttm_spttm_taco;
  const bool fused = p->status == std::string("fused");
  p->add("original", "original", f_orig, in_bytes,
         [=](int) { spttm_spttm_taco_original(tA, tB, tC, tD); });
  p->add("rewritten", "rewritten", fused ? f_bc_d : f_orig, in_bytes,
         [=](int) { spttm_spttm_taco_rewritten(tA, tB, tC, tD); });
  // The separate kernels accumulate: from a zeroed A, as the kernel assigns.
  p->add("sep_bc_d", "separate", f_bc_d, in_bytes + 16.0 * nfib * L, [=](int) {
    std::fill(A, A + (size_t)nf * M, 0.0);
    sep_spttm_spttm_bc_d(I, nf, K, L, M, B.pos1, B.pos2, B.crd2, B.vals, C, D,
                         A, T);
  });
  p->add("sep_b_cd", "separate", f_b_cd, in_bytes + 16.0 * K * M, [=](int) {
    std::fill(A, A + (size_t)nf * M, 0.0);
    sep_spttm_spttm_b_cd(I, nf, K, L, M, B.pos1, B.pos2, B.crd2, B.vals, C, D,
                         A, G);
  });
  p->reference = [=] {
    std::fill(A, A + (size_t)nf * M, 0.0);
    sep_spttm_spttm_bc_d(I, nf, K, L, M, B.pos1, B.pos2, B.crd2, B.vals, C, D,
                         A, T);
  };
  p->keep.push_back(in);
  return p;
}

// ---- suites --------------------------------------------------------------

struct Spec {
  std::string kernel, input;
  std::vector<int> dims;
  bool original = true; // time the sample too (it costs O(nnz*K*L))
};

// The paper's inner dimensions: <SDDMM,SpMM> K=L=64; <SpMM,GEMM> K=L=128;
// <SpMMH,GEMM> J=128, L=64; <SDDMM,SpMM,GEMM> K=L=M=64; <MTTKRP,GEMM> J=32,
// M=64; <SpTTM,SpTTM> L=32, M=64. Sizes are chosen so that each original
// (the O(nnz*K*L) nest) takes about a second on one core of the development
// machine, which keeps the whole run within about 15 minutes.
std::vector<Spec> suite_specs(const std::string &suite) {
  if (suite == "smoke")
    return {
        {"sddmm_spmm", "skewed:300:6", {8, 5}},
        {"sddmm_spmm", "mtx:pores_1", {4, 4}},
        {"sddmm_spmm_taco", "skewed:200:5", {8, 6}},
        {"sddmm_spmm_pos_taco", "skewed:200:5", {8, 6}},
        {"spmm_gemm", "rmat:8:4", {6, 9}},
        {"spmmh_gemm", "uniform:250:5", {7, 5}},
        {"sddmm_spmm_gemm", "fem:6:5:4", {5, 4, 6}},
        {"mttkrp_gemm", "csf:90:40:50:4:3", {6, 5}},
        {"mttkrp_gemm", "tns:simplenell2", {4, 3}},
        {"spttm_spttm", "csf:80:30:40:4:3", {5, 7}},
        {"spttm_spttm_taco", "csf:80:30:40:4:3", {5, 7}},
    };
  if (suite == "main")
    return {
        {"sddmm_spmm", "skewed:50000:20", {64, 64}},
        {"sddmm_spmm", "rmat:16:8", {64, 64}},
        {"sddmm_spmm", "fem:32:32:24", {64, 64}},
        {"sddmm_spmm", "uniform:50000:16", {64, 64}},
        {"sddmm_spmm", "mtx:email-Enron", {64, 64}},
        {"sddmm_spmm_taco", "skewed:50000:20", {64, 64}},
        {"sddmm_spmm_pos_taco", "skewed:50000:20", {64, 64}},
        {"spmm_gemm", "skewed:50000:20", {128, 64}}, // a reference speedup (report.py)
        {"spmm_gemm", "rmat:15:8", {128, 128}},
        {"spmm_gemm", "fem:24:24:16", {128, 128}},
        {"spmm_gemm", "mtx:bcsstk16", {128, 128}},
        {"spmmh_gemm", "rmat:15:8", {128, 64}},
        {"spmmh_gemm", "fem:24:24:24", {128, 64}},
        {"spmmh_gemm", "mtx:email-Enron", {128, 64}},
        {"sddmm_spmm_gemm", "rmat:12:4", {64, 64, 64}},
        {"sddmm_spmm_gemm", "fem:12:12:8", {64, 64, 64}},
        {"sddmm_spmm_gemm", "mtx:cora", {64, 64, 64}},
        {"mttkrp_gemm", "csf:20000:2000:20000:8:8", {32, 64}},
        {"mttkrp_gemm", "tns:NELL-995", {32, 64}},
        {"mttkrp_gemm", "tns:FB15K237", {32, 64}},
        {"spttm_spttm", "csf:20000:2000:20000:8:8", {32, 64}},
        {"spttm_spttm", "tns:NELL-995", {32, 64}},
        {"spttm_spttm", "tns:FB15K237", {32, 64}},
        {"spttm_spttm_taco", "csf:20000:2000:20000:8:8", {32, 64}},
        {"spttm_spttm_taco", "tns:NELL-995", {32, 64}},
    };
  if (suite == "sweep") {
    // The paper's case study varies the inner dimensions: here K = L from
    // 16 to 256 and two unbalanced shapes, on one power-law matrix. The
    // original is timed only while K * L <= 4096: its cost grows as K * L
    // (at 256 x 256 one call takes over 10 s).
    std::vector<Spec> s;
    for (const char *k : {"sddmm_spmm", "spmm_gemm"})
      for (auto kl : std::vector<std::vector<int>>{{16, 16},
                                                   {32, 32},
                                                   {64, 64},
                                                   {128, 128},
                                                   {256, 256},
                                                   {32, 128},
                                                   {128, 32}})
        s.push_back({k, "rmat:15:8", kl, kl[0] * kl[1] <= 4096});
    return s;
  }
  if (suite == "why")
    // Experiments beside the rewrite, on one input per kernel (main's).
    return {
        {"sddmm_spmm", "skewed:50000:20", {64, 64}, false},
        {"sddmm_spmm", "rmat:16:8", {64, 64}, false},
        {"spmm_gemm", "rmat:15:8", {128, 128}, false},
        {"spmm_gemm", "mtx:bcsstk16", {128, 128}, false},
        {"spmmh_gemm", "rmat:15:8", {128, 64}, false},
        {"sddmm_spmm_gemm", "rmat:12:4", {64, 64, 64}, false},
        {"mttkrp_gemm", "csf:20000:2000:20000:8:8", {32, 64}, false},
        {"spttm_spttm", "tns:NELL-995", {32, 64}, false},
        {"spttm_spttm", "csf:20000:2000:20000:8:8", {32, 64}, false},
    };
  die("unknown suite '" + suite + "' (smoke, main, sweep, why)");
}

std::string dims_name(const std::vector<int> &d) {
  std::string s;
  for (size_t x = 0; x < d.size(); x++)
    s += (x ? "x" : "") + std::to_string(d[x]);
  return s;
}

std::unique_ptr<Problem> build(const std::string &suite, const Spec &s) {
  std::unique_ptr<Problem> p;
  const auto &d = s.dims;
  const bool why = suite == "why" || suite == "smoke";
  std::string input;
  if (s.kernel == "mttkrp_gemm" || s.kernel == "spttm_spttm" ||
      s.kernel == "spttm_spttm_taco") {
    auto in = csf_input(s.input);
    if (!in)
      return nullptr;
    input = in->name;
    p = s.kernel == "mttkrp_gemm"   ? make_mttkrp_gemm(in, d[0], d[1], why)
        : s.kernel == "spttm_spttm" ? make_spttm_spttm(in, d[0], d[1], why)
                                    : make_spttm_spttm_taco(in, d[0], d[1]);
    p->rows = in->t.dims[0];
    p->cols = (long)in->t.dims[1] * in->t.dims[2];
    p->nnz = in->t.nnz;
    p->nfib = in->t.nfib;
  } else {
    auto in = csr_input(s.input);
    if (!in)
      return nullptr;
    input = in->name;
    if (s.kernel == "sddmm_spmm")
      p = make_sddmm_spmm(in, d[0], d[1], why);
    else if (s.kernel == "sddmm_spmm_taco")
      p = make_sddmm_spmm_taco(in, d[0], d[1]);
    else if (s.kernel == "sddmm_spmm_pos_taco")
      p = make_sddmm_spmm_taco(in, d[0], d[1], sddmm_spmm_pos_taco_original,
                               sddmm_spmm_pos_taco_rewritten,
                               lnr_status_sddmm_spmm_pos_taco);
    else if (s.kernel == "spmm_gemm")
      p = make_spmm_gemm(in, d[0], d[1], why);
    else if (s.kernel == "spmmh_gemm")
      p = make_spmmh_gemm(in, d[0], d[1], why);
    else if (s.kernel == "sddmm_spmm_gemm")
      p = make_sddmm_spmm_gemm(in, d[0], d[1], d[2], why);
    else
      die("unknown kernel " + s.kernel);
    p->rows = in->m.rows;
    p->cols = in->m.cols;
    p->nnz = in->m.nnz;
  }
  if (!s.original)
    p->variants.erase(
        std::remove_if(p->variants.begin(), p->variants.end(),
                       [](const Variant &v) { return v.kind == "original"; }),
        p->variants.end());
  p->suite = suite;
  p->kernel = s.kernel;
  p->input = input;
  p->dims = dims_name(d);
  return p;
}

// ---- the check -----------------------------------------------------------

void set_threads(int t) {
  omp_set_num_threads(t);
  lnr_eigen::set_threads(t);
}

// Reference: the first separate kernel, from A0; magnitudes: the same on the
// absolute values of every input and of A0, i.e. the sum of the magnitudes
// of each element's terms, which bounds the rounding error of any
// association of the sums (as test/exec/harness/exec_check.c does).
void reference(Problem &p) {
  set_threads(opt.threads.back());
  p.A = p.A0;
  p.reference();
  p.ref = p.A;
  std::vector<std::vector<double>> saved;
  for (auto &v : p.values) {
    saved.emplace_back(v.first, v.first + v.second);
    for (size_t x = 0; x < v.second; x++)
      v.first[x] = std::fabs(v.first[x]);
  }
  for (size_t x = 0; x < p.A.size(); x++)
    p.A[x] = std::fabs(p.A0[x]);
  p.reference();
  p.mag = p.A;
  for (size_t k = 0; k < p.values.size(); k++)
    std::copy(saved[k].begin(), saved[k].end(), p.values[k].first);
}

bool check(Problem &p) {
  bool ok = true;
  reference(p);
  for (auto &v : p.variants)
    for (int t : opt.threads) {
      set_threads(t);
      p.A = p.A0;
      double t0 = omp_get_wtime();
      v.run(t);
      double secs = omp_get_wtime() - t0;
      v.check_seconds = std::max(v.check_seconds, secs);
      if (opt.verbose)
        printf("  %-12s threads=%d %9.4f s\n", v.name.c_str(), t, secs);
      double maxerr = 0;
      size_t bad = p.A.size();
      for (size_t x = 0; x < p.A.size(); x++) {
        double err = std::fabs(p.A[x] - p.ref[x]) / std::max(p.mag[x], DBL_MIN);
        if (!(err <= opt.tol)) { // NaN fails too
          bad = x;
          break;
        }
        maxerr = std::max(maxerr, err);
      }
      v.maxerr = std::max(v.maxerr, maxerr);
      if (bad != p.A.size()) {
        fprintf(stderr,
                "MISMATCH %s/%s/%s %s threads=%d at A[%zu]: %.17g, reference "
                "%.17g (magnitude %.3g)\n",
                p.kernel.c_str(), p.input.c_str(), p.dims.c_str(),
                v.name.c_str(), t, bad, p.A[bad], p.ref[bad], p.mag[bad]);
        ok = false;
      }
    }
  printf("check %-16s %-26s %-9s rows %ld nnz %ld%s: ", p.kernel.c_str(),
         p.input.c_str(), p.dims.c_str(), p.rows, p.nnz,
         p.nfib ? (" fibers " + std::to_string(p.nfib)).c_str() : "");
  if (ok) {
    double worst = 0;
    for (auto &v : p.variants)
      worst = std::max(worst, v.maxerr);
    printf("%zu variants x %zu thread counts agree (max rel err %.2g)\n",
           p.variants.size(), opt.threads.size(), worst);
  } else {
    printf("MISMATCH\n");
  }
  fflush(stdout);
  return ok;
}

// ---- benchmarks ----------------------------------------------------------

// STREAM triad a = b + s*c, 24 bytes per element (no write-allocate
// counted, as STREAM), arrays far larger than the caches.
void register_triad(long n) {
  static std::vector<double> a, b, c;
  a.assign(n, 0.0);
  b.assign(n, 1.0);
  c.assign(n, 2.0);
  for (int t : opt.threads) {
    std::string name =
        "triad/" + std::to_string(n) + "/threads:" + std::to_string(t);
    benchmark::RegisterBenchmark(
        name.c_str(),
        [n, t](benchmark::State &st) {
          set_threads(t);
          lnr_triad(n, a.data(), b.data(), c.data(), 3.0);
          for (auto _ : st)
            lnr_triad(n, a.data(), b.data(), c.data(), 3.0);
          st.counters["byte"] = 24.0 * n;
          st.counters["flop"] = 2.0 * n;
          st.SetLabel("kind=triad");
        })
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  }
}

// Compute-bound calibration: no memory traffic, no imbalance; at t threads
// it should run t times faster. What it gets is what the machine gave this
// run (other users' processes share the cores).
void register_spin(long n) {
  for (int t : opt.threads) {
    std::string name =
        "spin/" + std::to_string(n) + "/threads:" + std::to_string(t);
    benchmark::RegisterBenchmark(name.c_str(),
                                 [n, t](benchmark::State &st) {
                                   set_threads(t);
                                   for (auto _ : st)
                                     benchmark::DoNotOptimize(lnr_spin(n));
                                   st.counters["byte"] = 0;
                                   st.counters["flop"] = 2.0 * n;
                                   st.SetLabel("kind=spin");
                                 })
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  }
}

void register_problem(Problem *p) {
  for (auto &v : p->variants)
    for (int t : opt.threads) {
      std::string name = p->suite + "/" + p->kernel + "/" + p->input + "/" +
                         p->dims + "/" + v.name +
                         "/threads:" + std::to_string(t);
      Variant *vp = &v;
      benchmark::RegisterBenchmark(
          name.c_str(),
          [p, vp, t](benchmark::State &st) {
            set_threads(t);
            p->A = p->A0; // the kernels accumulate; values stay bounded
            if (vp->check_seconds < 0.05)
              vp->run(t); // warm-up, untimed
            for (auto _ : st)
              vp->run(t);
            st.counters["flop"] = vp->flop;
            st.counters["byte"] = vp->byte;
            st.counters["rows"] = (double)p->rows;
            st.counters["cols"] = (double)p->cols;
            st.counters["nnz"] = (double)p->nnz;
            st.counters["nfib"] = (double)p->nfib;
            st.counters["maxerr"] = vp->maxerr;
            std::string label = "kind=" + vp->kind;
            if (vp->kind == "rewritten")
              label += ";rewrite=" + p->status;
            st.SetLabel(label);
          })
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
    }
}

} // namespace

int main(int argc, char **argv) {
  std::vector<char *> rest{argv[0]};
  for (int a = 1; a < argc; a++) {
    std::string s = argv[a];
    auto val = [&](const char *flag) -> const char * {
      size_t n = strlen(flag);
      return s.compare(0, n, flag) == 0 ? argv[a] + n : nullptr;
    };
    if (const char *v = val("--suite="))
      opt.suites = split(v, ',');
    else if (const char *v = val("--data="))
      opt.data = v;
    else if (const char *v = val("--only="))
      opt.only = v;
    else if (const char *v = val("--threads=")) {
      opt.threads.clear();
      for (auto &t : split(v, ','))
        opt.threads.push_back(std::max(1, to_int(t)));
    } else if (s == "--check-only")
      opt.check_only = true;
    else if (s == "--verbose")
      opt.verbose = true;
    else if (s == "--help" || s == "-h") {
      printf("usage: %s [--suite=smoke|main|sweep[,..]] [--data=DIR] "
             "[--only=REGEX] [--threads=1,2] [--check-only] "
             "[--benchmark_...]\n",
             argv[0]);
      return 0;
    } else
      rest.push_back(argv[a]);
  }
  if (opt.threads.empty()) {
    opt.threads.push_back(1);
    if (omp_get_num_procs() > 1)
      opt.threads.push_back(omp_get_num_procs());
  }
  omp_set_dynamic(0);
  int bargc = (int)rest.size();
  benchmark::Initialize(&bargc, rest.data());
  if (benchmark::ReportUnrecognizedArguments(bargc, rest.data()))
    return 2;

  std::regex only(opt.only.empty() ? ".*" : opt.only);
  std::vector<std::unique_ptr<Problem>> problems;
  bool ok = true, want_triad = false;
  for (auto &suite : opt.suites) {
    want_triad |= suite != "smoke";
    for (auto &s : suite_specs(suite)) {
      if (!std::regex_search(suite + "/" + s.kernel + "/" + s.input, only))
        continue;
      auto p = build(suite, s);
      if (!p) {
        // A missing data file is not a failure of the kernels: say so.
        printf("skip  %s %s: input not available\n", s.kernel.c_str(),
               s.input.c_str());
        continue;
      }
      ok = check(*p) && ok;
      problems.push_back(std::move(p));
    }
  }
  if (!ok) {
    fprintf(stderr, "lnr-bench: FAILED: variants disagree (see MISMATCH "
                    "above); nothing was timed\n");
    return 1;
  }
  printf("all checks passed (%zu problems)\n", problems.size());
  if (opt.check_only)
    return 0;
  if (want_triad) {
    register_triad(1L << 25); // 3 x 256 MiB
    register_spin(100000000L);
  }
  for (auto &p : problems)
    register_problem(p.get());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
