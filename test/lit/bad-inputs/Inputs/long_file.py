"""A 10,000-line C file with 500 loop nests, for bad-inputs/long-file.test.

  long_file.py gen DIR     writes DIR/long.c (500 functions f_000..f_499 of
                           one signature, ten kinds of nests, 20 lines each),
                           DIR/driver.c (runs every function of the original
                           and of the rewrite on random CSR data with 1 and 2
                           threads and compares) and DIR/rename.h (maps
                           f_NNN to r_NNN, for the rewritten object)
  long_file.py check DIR   checks DIR/long.c against DIR/rewritten.c and the
                           remarks in DIR/err: one remark per nest, the kind
                           each nest was expected to get, and every function
                           left unchanged byte-identical
"""
import os
import re
import sys

NFUNC = 500
SIG = ("void f_%03d(int n, int K, int L, const int *rowptr, const int *colidx,\n"
       "           const double *vals, const double *C, const double *D,\n"
       "           const double *E, double *restrict A) {\n")
HEAD = ("  for (int i = 0; i < n; i++)\n"
        "    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {\n"
        "      int j = colidx[p];\n")

# (expected remark, body after the signature); each body is padded to 16
# lines so that every function takes 20 lines with its comment.
KINDS = [
    ("lnr-fuse", "<SDDMM, SpMM>",
     HEAD + "      for (int k = 0; k < K; k++)\n"
     "        for (int l = 0; l < L; l++)\n"
     "          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * "
     "E[j * L + l];\n    }\n"),
    ("lnr-fuse", "<SpMM, GEMM>",
     HEAD + "      for (int k = 0; k < K; k++)\n"
     "        for (int l = 0; l < L; l++)\n"
     "          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];\n"
     "    }\n"),
    ("lnr-unsupported-sum", "a sum",
     HEAD + "      for (int k = 0; k < K; k++)\n"
     "        for (int l = 0; l < L; l++)\n"
     "          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] + "
     "E[j * L + l];\n    }\n"),
    ("lnr-no-gain", "SpMM",
     HEAD + "      for (int l = 0; l < L; l++)\n"
     "        A[i * L + l] += vals[p] * E[j * L + l];\n    }\n"),
    ("lnr-fuse", "TACO style with a scalar accumulator",
     "  for (int i = 0; i < n; i++)\n"
     "    for (int jB = rowptr[i]; jB < rowptr[i + 1]; jB++) {\n"
     "      int j = colidx[jB];\n"
     "      for (int l = 0; l < L; l++) {\n"
     "        int lA = i * L + l;\n"
     "        int lE = j * L + l;\n"
     "        double tkA_val = 0.0;\n"
     "        for (int k = 0; k < K; k++) {\n"
     "          int kC = i * K + k;\n"
     "          int kD = j * K + k;\n"
     "          tkA_val += vals[jB] * C[kC] * D[kD] * E[lE];\n"
     "        }\n"
     "        A[lA] = A[lA] + tkA_val;\n"
     "      }\n    }\n"),
    ("lnr-unsupported-expression", "a division",
     HEAD + "      for (int k = 0; k < K; k++)\n"
     "        for (int l = 0; l < L; l++)\n"
     "          A[i * L + l] += vals[p] * C[i * K + k] / (1.0 + D[j * K + k]);"
     "\n    }\n"),
    ("lnr-fuse", "A[x] = A[x] + ...",
     HEAD + "      for (int k = 0; k < K; k++)\n"
     "        for (int l = 0; l < L; l++)\n"
     "          A[i * L + l] = A[i * L + l] + vals[p] * C[i * K + k] * "
     "E[j * L + l];\n    }\n"),
    ("lnr-early-exit|lnr-imperfect-nest", "an early exit",
     HEAD + "      for (int k = 0; k < K; k++)\n"
     "        for (int l = 0; l < L; l++) {\n"
     "          A[i * L + l] += vals[p] * C[i * K + k] * E[j * L + l];\n"
     "          if (A[i * L + l] > 1e300)\n"
     "            break;\n"
     "        }\n    }\n"),
    ("lnr-fuse", "an output that may alias, versioned under an overlap test",
     "  double *Out = A;\n" + HEAD + "      for (int k = 0; k < K; k++)\n"
     "        for (int l = 0; l < L; l++)\n"
     "          Out[i * L + l] += vals[p] * C[i * K + k] * E[j * L + l];\n"
     "    }\n"),
    ("lnr-fuse", "<SDDMM, SpMM> with an existing directive",
     "#pragma omp parallel for\n" + HEAD +
     "      for (int k = 0; k < K; k++)\n"
     "        for (int l = 0; l < L; l++)\n"
     "          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * "
     "E[j * L + l];\n    }\n"),
]


def gen(d):
    lines = []
    for f in range(NFUNC):
        remark, what, body = KINDS[f % len(KINDS)]
        text = "/* f_%03d: %s */\n" % (f, what) + (SIG % f) + body + "}\n"
        n = text.count("\n")
        assert n <= 20, (what, n)
        text += "\n" * (20 - n)
        lines.append(text)
    with open(os.path.join(d, "long.c"), "w") as out:
        out.write("".join(lines))
    with open(os.path.join(d, "rename.h"), "w") as out:
        for f in range(NFUNC):
            out.write("#define f_%03d r_%03d\n" % (f, f))
    decl = ("(int n, int K, int L, const int *rowptr, const int *colidx, "
            "const double *vals, const double *C, const double *D, "
            "const double *E, double *restrict A)")
    with open(os.path.join(d, "driver.c"), "w") as out:
        out.write("#include <math.h>\n#include <omp.h>\n#include <stdio.h>\n"
                  "#include <stdlib.h>\n#include <string.h>\n")
        out.write("typedef void (*kern)%s;\n" % decl)
        for f in range(NFUNC):
            out.write("void f_%03d%s;\nvoid r_%03d%s;\n" % (f, decl, f, decl))
        out.write("static const kern orig[%d] = {%s};\n" % (
            NFUNC, ", ".join("f_%03d" % f for f in range(NFUNC))))
        out.write("static const kern rewr[%d] = {%s};\n" % (
            NFUNC, ", ".join("r_%03d" % f for f in range(NFUNC))))
        out.write(DRIVER)


DRIVER = r"""
/* n x n CSR with empty rows, K = L, every dense operand n x K. */
static unsigned long long s = 12345;
static double rnd(void) {
  s = s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(s >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}
int main(void) {
  const int n = 150, K = 5, L = 5;
  int *rowptr = calloc(n + 1, sizeof(int)), *colidx = calloc(n * n, sizeof(int));
  double *vals = calloc(n * n, sizeof(double)), *avals = calloc(n * n, sizeof(double));
  int nnz = 0;
  for (int i = 0; i < n; i++) {
    rowptr[i] = nnz;
    if (i % 7 != 3)
      for (int j = 0; j < n; j++)
        if (rnd() > 0.9 || (i % 11 == 0 && rnd() > 0.0)) {
          colidx[nnz] = j;
          vals[nnz] = rnd();
          avals[nnz] = fabs(vals[nnz]);
          nnz++;
        }
  }
  rowptr[n] = nnz;
  double *X[3], *AX[3];
  for (int a = 0; a < 3; a++) {
    X[a] = malloc(sizeof(double) * n * K);
    AX[a] = malloc(sizeof(double) * n * K);
    for (int x = 0; x < n * K; x++)
      AX[a][x] = fabs(X[a][x] = rnd());
  }
  double *A0 = malloc(sizeof(double) * n * L), *M = malloc(sizeof(double) * n * L);
  double *O = malloc(sizeof(double) * n * L), *R = malloc(sizeof(double) * n * L);
  for (int x = 0; x < n * L; x++)
    A0[x] = rnd();
  int bad = 0;
  for (int f = 0; f < %(N)s; f++) {
    omp_set_num_threads(1);
    for (int x = 0; x < n * L; x++)
      M[x] = fabs(A0[x]);
    orig[f](n, K, L, rowptr, colidx, avals, AX[0], AX[1], AX[2], M);
    memcpy(O, A0, sizeof(double) * n * L);
    orig[f](n, K, L, rowptr, colidx, vals, X[0], X[1], X[2], O);
    for (int threads = 1; threads <= 2; threads++) {
      omp_set_num_threads(threads);
      memcpy(R, A0, sizeof(double) * n * L);
      rewr[f](n, K, L, rowptr, colidx, vals, X[0], X[1], X[2], R);
      for (int x = 0; x < n * L; x++)
        if (!(fabs(O[x] - R[x]) <= 1e-9 * M[x])) {
          printf("FAIL: f_%%03d threads %%d A[%%d]: %%.17g != %%.17g\n", f,
                 threads, x, O[x], R[x]);
          bad++;
          break;
        }
    }
  }
  if (!bad)
    printf("PASS: all %%d functions match (nnz %%d)\n", %(N)s, nnz);
  return bad != 0;
}
""".replace("%(N)s", str(NFUNC)).replace("%%", "%")


def functions(text):
    """name -> text of each function, comment included."""
    parts = re.split(r"(?m)^(?=/\* f_\d{3}: )", text)
    out = {}
    for p in parts:
        m = re.match(r"/\* (f_\d{3}): ", p)
        if m:
            out[m.group(1)] = p
    return out


def check(d):
    orig = open(os.path.join(d, "long.c")).read()
    rewr = open(os.path.join(d, "rewritten.c")).read()
    err = open(os.path.join(d, "err")).read()
    errors = []
    if orig.count("\n") != NFUNC * 20:
        errors.append("long.c has %d lines" % orig.count("\n"))
    remarks = re.findall(r"long\.c:(\d+):\d+: remark: .*\[(lnr-[a-z-]+)\]",
                         err)
    if len(remarks) != NFUNC:
        errors.append("%d remarks for %d nests" % (len(remarks), NFUNC))
    by_func = {}
    for line, name in remarks:
        by_func.setdefault((int(line) - 1) // 20, []).append(name)
    of, rf = functions(orig), functions(rewr)
    fused = unchanged = 0
    for f in range(NFUNC):
        expect = KINDS[f % len(KINDS)][0]
        got = by_func.get(f, [])
        if len(got) != 1 or not re.fullmatch(expect, got[0]):
            errors.append("f_%03d: expected [%s], got %s" % (f, expect, got))
            continue
        name = "f_%03d" % f
        if got[0] == "lnr-fuse":
            fused += 1
            if of[name] == rf.get(name):
                errors.append("%s: fused but unchanged" % name)
        else:
            unchanged += 1
            if of[name] != rf.get(name):
                errors.append("%s: left unchanged but its text differs" %
                              name)
    for e in errors[:20]:
        print("error: " + e)
    print("%d nests: %d fused, %d left unchanged byte for byte, %d errors" % (
        NFUNC, fused, unchanged, len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2])
    else:
        sys.exit(check(sys.argv[2]))
