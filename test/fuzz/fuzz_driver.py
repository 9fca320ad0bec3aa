"""The driver of a fuzz case (lnr_fuzz.py): C code that builds each data
configuration, runs the original and the rewritten kernel on identical
copies of the memory they write, and compares.

The memory the kernels write is one region of the output's type: the output
(at an offset when its subscript can be negative, fuzz class 'overwrite')
and, in class 'alias', the aliased input inside it. The region is compared
element by element, NaN-aware (same_elem), relative to
M = |initial| + sum of |terms| (the original run on the absolute values of
everything); integer outputs compare exactly, in their own type. Each call
of a kernel runs under alarm(FZ_CALL_LIMIT): a kernel that does not return
is reported as a hang (the rewrite's) or as the generator's (the
original's). Class 'intsum' makes its integer data by fz_ival.
"""

DRIVER_MAIN = r"""
static int fail(int cfg, int threads, const char *what) {
  fprintf(stderr, "FAIL: config %d threads %d: %s\n", cfg, threads, what);
  return 1;
}

static int check_guards(oreal *buf, size_t n) {
  for (size_t g = 0; g < GUARD; g++)
    if (buf[g] != (oreal)GUARD_VALUE || buf[GUARD + n + g] != (oreal)GUARD_VALUE)
      return 1;
  return 0;
}

/* Equal: both NaN, or the same infinity, or both finite and within
 * tolerance of M (of max(|o|, |r|) when M is not finite). A NaN or an
 * infinity against anything else differs. */
static int same_elem(double o, double r, double m, double *err) {
  *err = 0;
  if (OUT_INT)
    return o == r;
  if (isnan(o) || isnan(r))
    return isnan(o) && isnan(r);
  if (isinf(o) || isinf(r))
    return o == r;
  if (!isfinite(m))
    m = fmax(fabs(o), fabs(r));
  *err = fabs(o - r) / (m > TINY ? m : TINY);
  return *err <= REL_TOL;
}

#ifndef FZ_ALLOC_POLICY
#define FZ_ALLOC_POLICY 0
#endif

int main(void) {
  signal(SIGALRM, fz_on_alarm);
  omp_set_dynamic(0);
  fz_alloc_policy = FZ_ALLOC_POLICY;
  for (int cfg = 0; cfg < NCFG; cfg++) {
    uint64_t rng = DATA_SEED + 7919u * (uint64_t)cfg;
    cur_cfg = cfg;
    memcpy(ext, CFG_EXT[cfg], sizeof ext);
    setup(cfg, &rng);
    layout(cfg);
    size_t nA = region_n;
    oreal *A0 = fz_alloc(nA, sizeof(oreal));
    double *tmp = fz_alloc(nA, sizeof(double));
    fz_fill(tmp, nA, &rng);
    if (CFG_NONFINITE[cfg] == 1 && !OUT_INT)
      fz_inject(tmp, nA, 1, 1, &rng);
    for (size_t x = 0; x < nA; x++)
      A0[x] = OUT_INT ? (oreal)(int)(fabs(tmp[x]) * 3.0) : (oreal)tmp[x];
    free(tmp);
    place_inputs(A0);
    oreal *M = fz_alloc(nA, sizeof(oreal));
    for (size_t x = 0; x < nA; x++)
      M[x] = (oreal)fabs((double)A0[x]);
    omp_set_num_threads(1);
    call(0, 1, M);
    oreal *bo = fz_alloc(nA + 2 * GUARD, sizeof(oreal));
    oreal *br = fz_alloc(nA + 2 * GUARD, sizeof(oreal));
    for (size_t g = 0; g < GUARD; g++)
      bo[g] = bo[GUARD + nA + g] = (oreal)GUARD_VALUE;
    memcpy(bo + GUARD, A0, nA * sizeof(oreal));
    call(0, 0, bo + GUARD);
    if (check_guards(bo, nA))
      return fail(cfg, 1, "the original wrote outside its output");
    if (inputs_changed())
      return fail(cfg, 1, "the original wrote an input");
    for (int threads = 1; threads <= 2; threads++) {
      for (size_t g = 0; g < GUARD; g++)
        br[g] = br[GUARD + nA + g] = (oreal)GUARD_VALUE;
      memcpy(br + GUARD, A0, nA * sizeof(oreal));
      omp_set_num_threads(threads);
      fz_alloc_reset();
      call(1, 0, br + GUARD);
      if (check_guards(br, nA))
        return fail(cfg, threads, "the rewrite wrote outside its output");
      /* The nomem variants (FZ_ALLOC_POLICY): a failed allocation runs the
       * original nest (once per run of the nest: a repeat loop may run it
       * more than once a call), and nothing allocated is left. */
      if (fz_alloc_failed() && fz_fallback_runs == 0)
        return fail(cfg, threads, "an allocation failed and the original "
                                  "nest did not run");
      if (fz_alloc_live())
        return fail(cfg, threads, "the rewrite did not free what it "
                                  "allocated");
      if (fz_alloc_zero())
        return fail(cfg, threads, "the rewrite asked for 0 bytes");
      if (inputs_changed())
        return fail(cfg, threads, "the rewrite wrote an input");
      size_t bad = 0, first = 0;
      double worst = 0;
      for (size_t x = 0; x < nA; x++) {
        double o = bo[GUARD + x], r = br[GUARD + x], m = M[x], err = 0;
        /* Integers in their own type: a long's bits, not a double's. */
        if (OUT_INT ? bo[GUARD + x] != br[GUARD + x]
                    : !same_elem(o, r, m, &err)) {
          if (!bad++)
            first = x;
        } else if (err > worst)
          worst = err;
      }
      if (bad) {
        fprintf(stderr,
                "FAIL: config %d threads %d: A[%zu]: original %.17g, rewritten "
                "%.17g, initial %.17g, M %.17g (%zu of %zu elements differ)\n",
                cfg, threads, first, (double)bo[GUARD + first],
                (double)br[GUARD + first], (double)A0[first], (double)M[first],
                bad, nA);
        return 1;
      }
      printf("ok config %d threads %d elements %zu max_rel_err %.3g\n", cfg,
             threads, nA, worst);
    }
    teardown();
    free(A0);
    free(M);
    free(bo);
    free(br);
  }
  printf("failed allocations: %ld\n", fz_alloc_failed_total());
  printf("PASS\n");
  return 0;
}
"""

INT_TYPES = {"_Bool", "short", "int8_t", "unsigned char", "int", "long",
             "unsigned", "unsigned long"}
# The largest value of each type of class 'intsum' (fuzz_classes).
INT_MAX_OF = {"int": "INT_MAX", "long": "LONG_MAX", "unsigned": "UINT_MAX",
              "unsigned long": "ULONG_MAX"}
# The 'wide' kind's scale of each float factor: a product of two of them
# (each at least 2^-6 before it, fz_values' vmode 1) reaches 2^128.
WIDE_SHIFT = 70


# Each call of a kernel runs under alarm(FZ_CALL_LIMIT) (the driver is built
# with -DFZ_CALL_LIMIT=N, lnr_fuzz.py's --hang-timeout): a loop that never
# ends (a counter that wraps before its bound) is reported as the hang of
# the kernel that was running, the rewrite's (FAIL-hang) or the original's
# (the generator's).
HANG_LIMIT = r"""
#ifndef FZ_CALL_LIMIT
#define FZ_CALL_LIMIT 20
#endif
#define FZ_STR2(x) #x
#define FZ_STR(x) FZ_STR2(x)
static volatile sig_atomic_t fz_running; /* 1 the original, 2 the rewrite */

static void fz_say(const char *s) {
  size_t n = 0;
  while (s[n])
    n++;
  if (write(2, s, n) < 0)
    return;
}

static void fz_say_int(int v) {
  char d[16];
  int n = 15;
  d[n] = 0;
  do
    d[--n] = (char)('0' + v % 10);
  while ((v /= 10) > 0 && n > 0);
  fz_say(d + n);
}

static void fz_on_alarm(int sig) {
  (void)sig;
  if (fz_running == 2) {
    fz_say("FAIL: hang: config ");
    fz_say_int(cur_cfg);
    fz_say(": the rewrite did not finish in " FZ_STR(FZ_CALL_LIMIT) " s\n");
  } else if (fz_running == 1) {
    fz_say("FAIL: generator: config ");
    fz_say_int(cur_cfg);
    fz_say(": the original did not finish in " FZ_STR(FZ_CALL_LIMIT) " s\n");
  } else {
    fz_say("fuzz: the driver did not finish\n");
  }
  _exit(4);
}
"""

# Class 'intsum' (fuzz_classes.apply_intsum): the value of a factor (role: a
# dense operand's number, -1 the sparse values, -2 alpha) from the double v
# the other classes would use, by the config's scheme.
INT_VALUES = r"""
#define IMAX ((real)%s)
static real fz_ival(int role, double v, int cfg, uint64_t *rng) {
  if (CFG_ISCHEME[cfg] == 1) {
    if (role == CFG_IZERO[cfg])
      return 0;
    if (role == CFG_IBIG[cfg]) {
      real b = IMAX / 10 * (real)(4 + fz_below(rng, 3));
      return CFG_ISIGN[cfg] < 0 ? -b : b;
    }
    return 1;
  }
  if (CFG_ISCHEME[cfg] == 2)
    return (real)fz_next(rng);
  if ((real)-1 < 0)
    return (real)lround(v * 2.0);
  return (real)lround(fabs(v) * 3.0);
}

static real fz_iabs(real x) { return x < (real)0 ? -x : x; }
"""


def tolerance(c):
    """(REL_TOL, TINY) of the output's type. Float factors of a double
    output run on dyadic data (exact products), so the double tolerance
    holds for them: a float accumulation of a double sum exceeds it."""
    out = c.get("out_type") or c["real"]
    if out == "double":
        return "1e-9", "DBL_MIN"
    return "2e-4", "FLT_MIN"


def config_arrays(c):
    """The per-config C arrays of the class fields (0 when absent)."""
    cfgs = c["configs"]
    L = []

    def arr(name, f):
        L.append("static const int CFG_%s[NCFG] = {%s};" % (
            name, ", ".join(str(int(f(g))) for g in cfgs)))

    arr("NONFINITE", lambda g: g.get("nonfinite") or 0)
    arr("SHIFT", lambda g: g.get("shift") or 0)
    arr("FORCE0", lambda g: g["force"][0] if g.get("force") else -1)
    arr("FORCE1", lambda g: g["force"][1] if len(g.get("force") or []) > 1
        else -1)
    arr("LDA", lambda g: -100000 if g.get("lda") == "zero" else
        (g.get("lda") or 0))
    arr("ALIAS_DISJOINT", lambda g: g.get("alias_rel") is None)
    arr("ALIAS_REL", lambda g: g.get("alias_rel") or 0)
    arr("SEL", lambda g: g.get("sel") or 0)
    arr("DISORDER", lambda g: g["disorder"] if g.get("disorder") is not None
        else -1)
    arr("ROOT_FIRST", lambda g: g.get("root_first") or 0)
    if c.get("offset"):
        arr("OFFSET", lambda g: g.get("offset") or 0)
    if c.get("isum"):
        arr("ISCHEME", lambda g: g.get("ischeme") or 0)
        arr("IZERO", lambda g: -99 if g.get("izero") is None else g["izero"])
        arr("IBIG", lambda g: -99 if g.get("ibig") is None else g["ibig"])
        arr("ISIGN", lambda g: g.get("isign") or 1)
    return L


# An 'offset' case (lnr_fuzz.pick_offset): the operands over the offset
# coordinate hold exactly the rows the original reads, placed right after
# PROT_NONE pages (at least as many bytes as the offset's rows), so that a
# read before their first element faults; the fault is reported as the
# failure of the kernel that was running. A 'pointer' kind's operand is
# passed off rows before its first (din_off), its subscript plain.
OFFSET_GUARDS = r"""
static int din_guarded[ND];
static size_t din_before[ND];
static void *guard_map[2 * ND], *guard_data[2 * ND];
static size_t guard_len[2 * ND];
static volatile sig_atomic_t fz_who; /* 1 the original runs, 2 the rewrite */

static void *guarded_alloc(size_t bytes, size_t before) {
  size_t pg = (size_t)sysconf(_SC_PAGESIZE);
  size_t gb = (before + pg - 1) / pg * pg + pg;
  size_t db = (bytes + pg - 1) / pg * pg;
  size_t len = gb + db + pg;
  char *m = mmap(NULL, len, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED || (db && mprotect(m + gb, db, PROT_READ | PROT_WRITE))) {
    fprintf(stderr, "fuzz: cannot map a guarded operand\n");
    exit(3);
  }
  for (int g = 0; g < 2 * ND; g++)
    if (!guard_map[g]) {
      guard_map[g] = m;
      guard_data[g] = m + gb;
      guard_len[g] = len;
      return m + gb;
    }
  fprintf(stderr, "fuzz: too many guarded operands\n");
  exit(3);
}

static void guarded_free(void *p) {
  for (int g = 0; g < 2 * ND; g++)
    if (guard_map[g] && guard_data[g] == p) {
      munmap(guard_map[g], guard_len[g]);
      guard_map[g] = NULL;
      return;
    }
}

static void say(const char *s) {
  size_t n = 0;
  while (s[n])
    n++;
  if (write(2, s, n) < 0)
    return;
}

static void on_fault(int sig) {
  char num[16];
  int n = 0, v = cur_cfg;
  (void)sig;
  do
    num[n++] = (char)('0' + v % 10);
  while ((v /= 10) > 0 && n < 15);
  char dig[16];
  for (int i = 0; i < n; i++)
    dig[i] = num[n - 1 - i];
  dig[n] = 0;
  if (fz_who == 2) {
    say("FAIL: config ");
    say(dig);
    say(": the rewrite faulted (a read before an offset operand hits its "
        "guard page)\n");
  } else if (fz_who == 1) {
    say("FAIL: generator: config ");
    say(dig);
    say(": the original faulted (a guard page of an offset operand)\n");
  } else {
    say("fuzz: the driver faulted\n");
  }
  _exit(1);
}
"""


def gen_driver(c, k):
    """The driver: data, calls of lnr_original and lnr_rewritten, checks."""
    idx = c["indices"]
    R = c["real"]
    OT = "int" if c["refusal"] == "int_out" else (c.get("out_type") or R)
    L = []
    L.append("/* driver of fuzz case seed %d number %d (class %s) */" % (
        c["seed"], c["number"], c.get("cls")))
    L.append('#include "fuzz_support.h"')
    if k.taco:
        L.append('#include "taco_tensor_t.h"')
    L.append("#include <math.h>\n#include <omp.h>\n#include <stdio.h>\n"
             "#include <stdlib.h>\n#include <string.h>\n#include <float.h>\n"
             "#include <stdint.h>\n#include <limits.h>\n#include <signal.h>\n"
             "#include <unistd.h>")
    offc = c.get("offset")
    if offc:
        L.append("#include <sys/mman.h>")
    L.append("typedef %s real;" % R)
    L.append("typedef %s oreal;" % OT)
    L.append("#define OUT_INT %d" % (OT in INT_TYPES))
    L.append("#define GUARD 16\n#define GUARD_VALUE %s" % (
        "77" if OT in INT_TYPES else "12345.5"))
    tol, tiny = tolerance(c)
    L.append("#define REL_TOL %s" % tol)
    L.append("#define TINY %s" % tiny)
    L.append("#define VMODE %d" % (c.get("vmode") or 0))
    L.append("#define DATA_SEED %duLL" % c["data_seed"])
    nc = len(c["configs"])
    L.append("#define NCFG %d\n#define NIDX %d" % (nc, len(idx)))
    L.append("static const int CFG_EXT[NCFG][NIDX] = {%s};" % ", ".join(
        "{%s}" % ", ".join(str(e) for e in g["ext"]) for g in c["configs"]))
    for key in ("density", "empty", "keep"):
        L.append("static const double CFG_%s[NCFG] = {%s};" % (
            key.upper(), ", ".join(repr(float(g[key])) for g in c["configs"])))
    L += config_arrays(c)
    L.append("static int ext[NIDX];")
    L.append("static int cur_cfg;")
    L.append(HANG_LIMIT)
    X = {x: "ext[%d]" % a for a, x in enumerate(idx)}
    if not k.taco and any(c["bounds"][x] in ("struct", "local") for x in idx):
        L.append("struct fz_dims {\n  int %s;\n};" % ", ".join(
            x.upper() for x in idx))
    L += k.member_types  # the structs of a 'members' case
    sig = ", ".join(p[0] for p in k.params)
    ret = "int" if k.taco else "void"
    L.append("%s lnr_original(%s);" % (ret, sig))
    L.append("%s lnr_rewritten(%s);" % (ret, sig))
    dense = c["dense"]
    nd = len(dense)
    alias = c.get("alias")
    L.append("#define ND %d" % max(nd, 1))
    L.append("static real *din[ND], *din_abs[ND], *din_keep[ND];")
    L.append("static size_t din_n[ND];")
    L.append("static long din_off[ND];")
    # The mixed class's 'wide' kind (fuzz_classes.apply_mixed): a double
    # alpha first in a product of float factors, each scaled by 2^WIDE (a
    # product of two overflows float) and alpha by 2^(-WIDE * factors), so
    # that only products computed in double, as the original's, are finite.
    wide = c.get("mix") == "wide"
    L.append("typedef %s scalar;" % ("double" if wide else "real"))
    L.append("#define WIDE %d" % (WIDE_SHIFT if wide else 0))
    L.append("#define WIDE_FACTORS %d" % (
        len(c["dense"]) + (1 if c["sparse"] else 0)))
    L.append("static scalar sc[4];")
    isum = c.get("isum")
    if isum:
        L.append(INT_VALUES % INT_MAX_OF[isum])
    L.append("static size_t region_n;\nstatic long a_at, x_at;")
    if offc:
        L.append(OFFSET_GUARDS)
    s = c["sparse"]
    ct = c.get("crd_type")
    crd_level = (s["levels"].index(c["crd_index"])
                 if ct and c.get("crd_index") in (s["levels"] if s else [])
                 else -1)
    if s:
        L.append("static fz_sparse S;\nstatic real *sv, *sv_abs, *sv_keep;")
        L.append("static int *pos_keep[FZ_MAX_ORDER], *crd_keep[FZ_MAX_ORDER];")
        L.append("typedef %s crd_t;" % (ct or "int"))
        L.append("static crd_t *crdc[FZ_MAX_ORDER], *crdc_keep[FZ_MAX_ORDER];")
        if c.get("coo"):
            L.append("static crd_t *coo_row;")

    def size(ix):
        return " * ".join("fz_ext(%s)" % X[x] for x in ix) if ix else "1"

    # setup
    L.append("static void setup(int cfg, uint64_t *rng) {")
    L.append("  int nf = CFG_NONFINITE[cfg];")
    L.append("  int sign = nf == 2 ? 1 : nf == 3 ? -1 : 0;")
    if offc:
        L.append("  signal(SIGSEGV, on_fault);")
        L.append("  signal(SIGBUS, on_fault);")
    for a, t in enumerate(dense):
        L.append("  din_n[%d] = %s;" % (a, size(t["idx"])))
        # A shifted coordinate index: the operand is passed as base + off.
        off = "0"
        if crd_level >= 0 and c["crd_index"] in t["idx"]:
            after = t["idx"][t["idx"].index(c["crd_index"]) + 1:]
            off = "(long)CFG_SHIFT[cfg] * (long)(%s)" % size(after)
        L.append("  din_off[%d] = %s;" % (a, off))
        if c.get("offset") and c["offset"]["index"] in t["idx"]:
            # At least as many bytes before it as the offset's rows.
            after = t["idx"][t["idx"].index(c["offset"]["index"]) + 1:]
            L.append("  din_guarded[%d] = 1;" % a)
            if c["offset"]["kind"] == "pointer":
                # A plain subscript over coordinates from off > 0: the
                # operand passed off rows before its first (1-based
                # vectors' 'rows - off * K', outside the object as such
                # legacy code does), the rows the original reads inside.
                L.append("  din_off[%d] = -(long)CFG_OFFSET[cfg] * "
                         "(long)(%s);" % (a, size(after)))
            L.append("  din_before[%d] = (size_t)labs((long)CFG_OFFSET[cfg]) "
                     "* (size_t)(%s) * sizeof(real);" % (a, size(after)))
    L.append("  for (int a = 0; a < %d; a++) {" % nd)
    L.append("    double *tmp = fz_alloc(din_n[a], sizeof(double));")
    L.append("    fz_fill(tmp, din_n[a], rng);")
    L.append("    fz_values(tmp, din_n[a], VMODE, sign, rng);")
    L.append("    if (nf)")
    L.append("      fz_inject(tmp, din_n[a], nf, 1 + fz_below(rng, 2), rng);")
    if offc:
        for v in ("din", "din_abs"):
            L.append("    %s[a] = din_guarded[a] ? guarded_alloc(din_n[a] * "
                     "sizeof(real), din_before[a]) : fz_alloc(din_n[a], "
                     "sizeof(real));" % v)
    else:
        L.append("    din[a] = fz_alloc(din_n[a], sizeof(real));")
        L.append("    din_abs[a] = fz_alloc(din_n[a], sizeof(real));")
    L.append("    for (size_t x = 0; x < din_n[a]; x++) {")
    if isum:
        L.append("      din[a][x] = fz_ival(a, tmp[x], cfg, rng);")
        L.append("      din_abs[a][x] = fz_iabs(din[a][x]);")
    else:
        L.append("      din[a][x] = (real)ldexp(tmp[x], WIDE);")
        L.append("      din_abs[a][x] = (real)fabs(ldexp(tmp[x], WIDE));")
    L.append("    }")
    L.append("    din_keep[a] = fz_dup(din[a], din_n[a] * sizeof(real));")
    L.append("    free(tmp);")
    L.append("  }")
    L.append("  double sct[4];")
    L.append("  for (int a = 0; a < 4; a++)")
    L.append("    sct[a] = 2.0 * fz_unit(rng) - 1.0;")
    L.append("  fz_values(sct, 4, VMODE, sign, rng);")
    L.append("  for (int a = 0; a < 4; a++)")
    if isum:
        L.append("    sc[a] = fz_ival(-2, sct[a], cfg, rng);")
    else:
        L.append("    sc[a] = (scalar)ldexp(sct[a], -WIDE * WIDE_FACTORS);")
    if s:
        order = len(s["levels"])
        L.append("  int dims[FZ_MAX_ORDER] = {%s};" % ", ".join(
            X[x] for x in s["levels"]))
        L.append("  static const int fmt[FZ_MAX_ORDER] = {%s};" % ", ".join(
            str(f) for f in s["fmt"]))
        L.append("  size_t n = %s;" % size(s["levels"]))
        L.append("  double *dense = fz_alloc(n, sizeof(double));")
        L.append("  fz_sparse_pattern(dense, %d, dims, CFG_DENSITY[cfg], "
                 "CFG_EMPTY[cfg], rng);" % order)
        if crd_level >= 0:
            L.append("  if (CFG_FORCE0[cfg] >= 0)")
            L.append("    fz_sparse_force(dense, %d, dims, %d, CFG_FORCE0[cfg],"
                     " rng);" % (order, crd_level))
            L.append("  if (CFG_FORCE1[cfg] >= 0)")
            L.append("    fz_sparse_force(dense, %d, dims, %d, CFG_FORCE1[cfg],"
                     " rng);" % (order, crd_level))
        L.append("  fz_sparse_build(&S, %d, dims, fmt, dense, CFG_KEEP[cfg], "
                 "rng);" % order)
        L.append("  free(dense);")
        L.append("  fz_sparse_disorder(&S, CFG_DISORDER[cfg]);")
        L.append("  fz_sparse_root_first(&S, CFG_ROOT_FIRST[cfg]);")
        L.append("  size_t nv = S.npos[%d];" % (order - 1))
        L.append("  fz_values(S.vals, nv, VMODE, sign, rng);")
        L.append("  if (nf)")
        L.append("    fz_inject(S.vals, nv, nf, 1 + fz_below(rng, 2), rng);")
        L.append("  sv = fz_alloc(nv, sizeof(real));")
        L.append("  sv_abs = fz_alloc(nv, sizeof(real));")
        L.append("  for (size_t x = 0; x < nv; x++) {")
        if isum:
            L.append("    sv[x] = fz_ival(-1, S.vals[x], cfg, rng);")
            L.append("    sv_abs[x] = fz_iabs(sv[x]);")
        else:
            L.append("    sv[x] = (real)ldexp(S.vals[x], WIDE);")
            L.append("    sv_abs[x] = (real)fabs(ldexp(S.vals[x], WIDE));")
        L.append("  }")
        L.append("  sv_keep = fz_dup(sv, nv * sizeof(real));")
        L.append("  for (int l = 0; l < %d; l++) {" % order)
        L.append("    if (!fmt[l]) continue;")
        L.append("    size_t np = l ? S.npos[l - 1] : 1;")
        L.append("    pos_keep[l] = fz_dup(S.pos[l], (np + 1) * sizeof(int));")
        L.append("    crd_keep[l] = fz_dup(S.crd[l], S.npos[l] * sizeof(int));")
        # The kernel's coordinates: crd_t, shifted at the class's level.
        L.append("    crdc[l] = fz_alloc(S.npos[l], sizeof(crd_t));")
        # A coordinate the type does not hold would wrap and send the
        # ORIGINAL outside its operands: the generator's fault, reported
        # before either kernel runs.
        L.append("    for (size_t p = 0; p < S.npos[l]; p++) {")
        L.append("      long v = (long)S.crd[l][p] - (l == %d ? "
                 "CFG_SHIFT[cfg] : 0)%s;" % (crd_level, (
                     " + (l == %d ? CFG_OFFSET[cfg] : 0)" %
                     s["levels"].index(offc["index"])) if offc else ""))
        L.append("      crdc[l][p] = (crd_t)v;")
        L.append("      if ((long)crdc[l][p] != v) {")
        L.append("        fprintf(stderr, \"FAIL: generator: config %d: "
                 "coordinate %ld of level %d does not fit the coordinate "
                 "type\\n\", cfg, v, l);")
        L.append("        exit(3);")
        L.append("      }")
        L.append("    }")
        L.append("    crdc_keep[l] = fz_dup(crdc[l], S.npos[l] * "
                 "sizeof(crd_t));")
        L.append("  }")
        if c.get("coo"):
            gen_coo_rows(c, L)
    L.append("  (void)cfg;")
    L.append("}")
    gen_layout(c, k, L, X, size)
    # inputs_changed
    L.append("static int inputs_changed(void) {")
    L.append("  for (int a = %d; a < %d; a++)" % (1 if alias else 0, nd))
    L.append("    if (din_n[a] && memcmp(din[a], din_keep[a], din_n[a] * "
             "sizeof(real)))")
    L.append("      return 1;")
    if s:
        order = len(s["levels"])
        L.append("  if (S.npos[%d] && memcmp(sv, sv_keep, S.npos[%d] * "
                 "sizeof(real)))" % (order - 1, order - 1))
        L.append("    return 1;")
        L.append("  for (int l = 0; l < %d; l++) {" % order)
        L.append("    if (!S.fmt[l]) continue;")
        L.append("    size_t np = l ? S.npos[l - 1] : 1;")
        L.append("    if (memcmp(S.pos[l], pos_keep[l], (np + 1) * "
                 "sizeof(int)) ||")
        L.append("        (S.npos[l] && memcmp(S.crd[l], crd_keep[l], "
                 "S.npos[l] * sizeof(int))) ||")
        L.append("        (S.npos[l] && memcmp(crdc[l], crdc_keep[l], "
                 "S.npos[l] * sizeof(crd_t))))")
        L.append("      return 1;")
        L.append("  }")
    L.append("  return 0;")
    L.append("}")
    # teardown
    L.append("static void teardown(void) {")
    L.append("  for (int a = 0; a < %d; a++) {" % nd)
    if offc:
        L.append("    if (din_guarded[a]) {")
        L.append("      guarded_free(din[a]); guarded_free(din_abs[a]);")
        L.append("    } else {")
        L.append("      free(din[a]); free(din_abs[a]);")
        L.append("    }")
        L.append("    free(din_keep[a]);")
    else:
        L.append("    free(din[a]); free(din_abs[a]); free(din_keep[a]);")
    L.append("  }")
    if s:
        L.append("  for (int l = 0; l < FZ_MAX_ORDER; l++) {")
        L.append("    free(pos_keep[l]); free(crd_keep[l]);")
        L.append("    free(crdc[l]); free(crdc_keep[l]);")
        L.append("    pos_keep[l] = crd_keep[l] = NULL;")
        L.append("    crdc[l] = crdc_keep[l] = NULL;")
        L.append("  }")
        L.append("  free(sv); free(sv_abs); free(sv_keep);")
        if c.get("coo"):
            L.append("  free(coo_row);\n  coo_row = NULL;")
        L.append("  fz_sparse_free(&S);")
    L.append("}")
    gen_call(c, k, L, X)
    L.append(DRIVER_MAIN)
    return "\n".join(L) + "\n"


def gen_coo_rows(c, L):
    """A 'coo' case: the CSR matrix as a coordinate list, each position's
    row in coo_row (its column in crdc[1], its value in sv), the positions
    shuffled unless c["coo"] is "sorted" (a COO list's rows need not be
    sorted). Positions no fiber covers (a config whose positions
    decrease) get row 0."""
    L.append("  coo_row = fz_alloc(S.npos[1] ? S.npos[1] : 1, "
             "sizeof(crd_t));")
    L.append("  for (size_t p = 0; p < S.npos[1]; p++)")
    L.append("    coo_row[p] = 0;")
    L.append("  for (int i = 0; i < dims[0]; i++)")
    L.append("    for (long p = S.pos[1][i]; p < S.pos[1][i + 1]; p++)")
    L.append("      if (p >= 0 && p < (long)S.npos[1])")
    L.append("        coo_row[p] = (crd_t)i;")
    if c["coo"] != "sorted":
        L.append("  for (size_t p = S.npos[1]; p > 1; p--) {")
        L.append("    size_t q = (size_t)fz_below(rng, (int)p);")
        L.append("    crd_t r = coo_row[p - 1], k = crdc[1][p - 1];")
        L.append("    coo_row[p - 1] = coo_row[q], crdc[1][p - 1] = "
                 "crdc[1][q];")
        L.append("    coo_row[q] = r, crdc[1][q] = k;")
        L.append("  }")
        L.append("  memcpy(crdc_keep[1], crdc[1], S.npos[1] * "
                 "sizeof(crd_t));")


def gen_layout(c, k, L, X, size):
    """layout(cfg): the written region's size and where the output (and an
    aliased input) start in it; lda of class 'overwrite'; place_inputs
    copies an aliased input's data into the region."""
    out = c["out"]["idx"]
    mode = c.get("out_lin")
    L.append("static long lda;")
    L.append("static void layout(int cfg) {")
    L.append("  (void)cfg;")
    if mode:
        a, b = X[out[0]], X[out[1]]
        L.append("  lda = CFG_LDA[cfg] <= -100000 ? 0 : %s + CFG_LDA[cfg];"
                 % b)
        L.append("  if (lda < 0) lda = 0;")
        stride = {"lda": "lda", "sum": "1", "taco3": "((long)%s - 3)" % b}[mode]
        L.append("  long stride = %s;" % stride)
        L.append("  if (%s <= 0 || %s <= 0) {" % (a, b))
        L.append("    region_n = 0; a_at = 0;")
        L.append("  } else {")
        L.append("    long far = (long)(%s - 1) * stride;" % a)
        L.append("    long lo = far < 0 ? far : 0, hi = (far > 0 ? far : 0) + "
                 "%s - 1;" % b)
        L.append("    region_n = (size_t)(hi - lo + 1); a_at = -lo;")
        L.append("  }")
    else:
        L.append("  region_n = %s; a_at = 0;" % size(out))
    L.append("  x_at = 0;")
    if c.get("alias"):
        L.append("  long nA = (long)region_n, nX = (long)din_n[0];")
        L.append("  long rel = CFG_ALIAS_DISJOINT[cfg] ? nA + 2 : "
                 "CFG_ALIAS_REL[cfg];")
        L.append("  a_at = rel < 0 ? -rel : 0;")
        L.append("  x_at = a_at + rel;")
        L.append("  long end = a_at + nA > x_at + nX ? a_at + nA : x_at + nX;")
        L.append("  region_n = (size_t)end;")
    L.append("}")
    L.append("static void place_inputs(oreal *region) {")
    if c.get("alias"):
        L.append("  for (size_t e = 0; e < din_n[0]; e++)")
        L.append("    region[x_at + (long)e] = (oreal)din[0][e];")
    L.append("  (void)region;")
    L.append("}")


def gen_call(c, k, L, X):
    """call(rewritten, use_abs, region): one run of a kernel."""
    idx = c["indices"]
    s = c["sparse"]
    dense = c["dense"]
    dix = {t["name"]: a for a, t in enumerate(dense)}
    L.append("static void call(int rewritten, int use_abs, oreal *region) {")
    L.append("  (void)use_abs;")
    L.append("  oreal *out = region + a_at;")
    args = []
    if k.taco:
        for name, ix in k.taco_tensors():
            L.append("  int32_t %s_dims[FZ_MAX_ORDER] = {%s};" % (
                name, ", ".join(X[x] for x in ix) or "0"))
            L.append("  taco_tensor_t %s_t;" % name)
            L.append("  memset(&%s_t, 0, sizeof %s_t);" % (name, name))
            L.append("  %s_t.order = %d;" % (name, len(ix)))
            L.append("  %s_t.dimensions = %s_dims;" % (name, name))
            if name == "A":
                L.append("  A_t.vals = (uint8_t *)out;")
            elif s and name == s["name"]:
                L.append("  uint8_t *B_lv[FZ_MAX_ORDER][2];")
                L.append("  uint8_t **B_ix[FZ_MAX_ORDER];")
                L.append("  for (int l = 0; l < FZ_MAX_ORDER; l++) {")
                L.append("    B_lv[l][0] = (uint8_t *)S.pos[l];")
                L.append("    B_lv[l][1] = (uint8_t *)S.crd[l];")
                L.append("    B_ix[l] = B_lv[l];")
                L.append("  }")
                L.append("  B_t.indices = B_ix;")
                L.append("  B_t.vals = (uint8_t *)(use_abs ? sv_abs : sv);")
            else:
                L.append("  %s_t.vals = (uint8_t *)(use_abs ? din_abs[%d] : "
                         "din[%d]);" % (name, dix[name], dix[name]))
    elif any(c["bounds"][x] in ("struct", "local") for x in idx):
        L.append("  struct fz_dims dd = {%s};" % ", ".join(X[x] for x in idx))

    # A dense loop inside the nest, around every read of a dense operand,
    # with no iterations: the original reads nothing of that operand, which
    # is then passed null, as a caller may (a rewrite that filled a
    # temporary outside that loop, a producer over k whose consumer runs
    # over an empty l, read it). The 'values' form loads an operand where
    # its indices are known: only the loops down to there are around it;
    # a scaled sum's scale is read outside the accumulator's loops.
    sp = c["sparse"]
    order = c["order"]

    def null_when(t):
        if c["refusal"] is not None or c.get("cls") is not None or k.taco:
            return ""
        depth = len(order) - 1
        if c.get("values"):
            depth = max(order.index(x) for x in t["idx"])
        if c.get("scaled_sum"):
            # A factor of the stored scale is read after the accumulator's
            # loops, even when they are empty ('A += D[..] * acc').
            depth = min(depth, len(order) - 1 - c.get("acc_loops", 1))
        around = [x for x in order[1:depth + 1] if x in X and not (
            sp and x in sp["levels"] and sp["fmt"][sp["levels"].index(x)] == 1)]
        return " || ".join("%s <= 0" % X[x] for x in around)

    def arg(kind, ref):
        if kind == "ext":
            return X[ref]
        if kind == "quot":  # fz_t_x: x's extent times the outermost one's
            return "%s * %s" % (X[ref], X[c["order"][0]])
        if kind == "dims":
            return "&dd"
        if kind == "pos":
            return "S.pos[%d]" % ref
        if kind == "pos_end":  # four-array CSR: the same array, offset
            return "S.pos[%d] + 1" % ref
        if kind == "crd":
            return "crdc[%d]" % ref
        if kind == "coo_row":
            return "coo_row"
        if kind == "coo_nnz":
            return "(int)S.npos[1]"
        if kind == "vals":
            return "use_abs ? sv_abs : sv"
        if kind == "dense":
            operand = "(use_abs ? din_abs[%d] : din[%d]) + din_off[%d]" % (
                dix[ref], dix[ref], dix[ref])
            no_read = null_when(dense[dix[ref]])
            if no_read:
                return "(%s) ? NULL : %s" % (no_read, operand)
            return operand
        if kind == "scalar":
            if c.get("isum"):
                return "use_abs ? fz_iabs(sc[0]) : sc[0]"
            return "use_abs ? (scalar)fabs((double)sc[0]) : sc[0]"
        if kind == "out":
            return "out"
        if kind == "taco":
            return "&%s_t" % ref
        if kind == "lda":
            return "(int)lda"
        if kind == "aliasp":
            return "region + x_at"
        if kind == "sel":
            return "CFG_SEL[cur_cfg]"
        if kind == "delta":
            return "x_at - a_at"
        if kind == "offset":  # the subscript's x0, or xoff = -x0
            return "%sCFG_OFFSET[cur_cfg]" % ("" if ref == "-" else "-")
        raise ValueError("no argument for a parameter of kind %s" % kind)

    # A dense outermost loop with no iterations reads no member: its
    # structs are then passed null, as a caller may (a rewrite that read a
    # member before its loops crashed on that).
    outer = c["order"][0]
    sp = c["sparse"]
    outer_dense = outer in X and not (
        sp and outer in sp["levels"] and
        sp["fmt"][sp["levels"].index(outer)] == 1)
    for decl, kind, ref in k.params:
        if kind == "struct":
            # A 'members' case: the struct filled with what the parameters
            # it replaces would have been passed.
            var = "m%d" % len(args)
            L.append("  %s %s;" % (ref["type"], var))
            L.append("  memset(&%s, 0, sizeof %s);" % (var, var))
            for path, k2, r2 in ref["members"]:
                L.append("  %s.%s = %s;" % (var, path, arg(k2, r2)))
            if ref["pointer"] and outer_dense:
                args.append("(%s == 0 ? NULL : &%s)" % (X[outer], var))
            else:
                args.append(("&" if ref["pointer"] else "") + var)
        else:
            args.append(arg(kind, ref))
    if c.get("offset"):
        L.append("  fz_who = rewritten ? 2 : 1;")
    L.append("  fz_running = rewritten ? 2 : 1;")
    L.append("  alarm(FZ_CALL_LIMIT);")
    L.append("  (rewritten ? lnr_rewritten : lnr_original)(%s);" %
             ", ".join(args))
    L.append("  alarm(0);")
    L.append("  fz_running = 0;")
    if c.get("offset"):
        L.append("  fz_who = 0;")
    L.append("}")
