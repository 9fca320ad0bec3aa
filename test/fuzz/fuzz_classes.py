"""Input classes of the differential fuzzer (lnr_fuzz.py).

Each class is a kind of input where a rewrite once computed something else
than the original, or did not compile. About CLASS_SHARE of the cases belong
to one class (drawn from a random generator of their own, so that the other
cases are the ones the fuzzer generated before the classes existed); a class
case is an ordinary random case with the class's feature added and data
configurations that exercise it:

  nonfinite  NaN, +Inf and -Inf among the dense operands' and the sparse
             tensor's values (and a NaN in the initial output). The driver
             compares NaN-aware. With +Inf every finite value is positive
             and no zero is stored, with -Inf every value is negative, so
             that reassociating or factoring out a product cannot turn an
             infinity into a NaN on its own (Inf - Inf, 0 * Inf): only
             evaluating a term the original does not evaluate (a consumer
             run on an empty reduction) can.
  extent     an extent of 0 or negative (-1, -3) for a dense loop (a
             reduction index of a would-be temporary, when there is one),
             with NaN/Inf in the other operands: a rewrite that runs the
             consumer with t == 0 writes 0 * Inf = NaN where the original
             wrote nothing.
  mixed      float factors with a double output (and accumulator), double
             factors with a float output, and narrow integer outputs
             (_Bool, short, int8_t, unsigned char) of floating factors. The
             floating mixes run on dyadic data (products exact in float,
             sums not; see fz_values) with sums of 2000+ terms, so that a
             float temporary of a double accumulation exceeds the double
             tolerance; integer outputs compare exactly.
  crd        narrow and signed coordinate types (uint8_t, unsigned char,
             int8_t, short, uint16_t) for a compressed level outside the
             output, with the type's largest coordinate present (255 for
             uint8_t) and, for signed types, coordinates shifted to the
             negative (down to the type's minimum): the dense operands over
             that index are passed as base + offset.
  overwrite  the output ASSIGNED a whole reduction (s = 0; for ... s +=
             ...; A[x] = s) through a subscript that writes elements more
             than once: i * lda + l with lda < L passed at run time,
             i + l, and TACO's i * (A2_dimension - 3) + l.
  alias      an input that is (part of) the output: a restrict output with
             an input derived from it in the function (a local pointer
             array, a struct member, a file-scope pointer, a union), and
             kernels without restrict; the driver places the input inside
             the output's memory (the same, shifted by a few elements,
             disjoint) and compares the whole memory.
  headers    <stdlib.h> included after the kernel or not at all, and locals
             named like what a rewrite declares or calls (malloc, free,
             size_t, t, ...): the rewrite must compile.
  intsum     (drawn apart, INTSUM_SHARE of the cases outside the others)
             integer kernels: factors, output and accumulator all 'int',
             'long', 'unsigned' or 'unsigned long', with data near the
             type's limits (one factor 0 and one about half the type's
             largest value, the others 1: every term is 'big * 0', a sum
             of the big factor over a reduction is not), built with
             -fsanitize=signed-integer-overflow. A kernel that sums in a
             signed type must be left unchanged with the remark
             [lnr-signed-overflow]; an unsigned one (whose arithmetic
             wraps, so any association gives the same bits) is rewritten
             and compared exactly.
"""

import random

CLASSES = ["nonfinite", "extent", "mixed", "crd", "overwrite", "alias",
           "headers"]
CLASS_SHARE = 0.3
# Classes whose drivers are built with -fsanitize=address.
ASAN_CLASSES = {"crd", "extent"}

# Config field nonfinite: 0 none, 1 NaN, 2 +Inf, 3 -Inf.
NAN, PINF, NINF = 1, 2, 3

CRD_TYPES = ["uint8_t", "unsigned char", "int8_t", "short", "uint16_t"]
# The coordinates each type holds.
CRD_RANGE = {"uint8_t": (0, 255), "unsigned char": (0, 255),
             "int8_t": (-128, 127), "short": (-32768, 32767),
             "uint16_t": (0, 65535)}
INT_OUTPUTS = ["_Bool", "short", "int8_t", "unsigned char"]
HOSTILE_NAMES = ["malloc", "free", "size_t", "calloc", "omp_get_thread_num",
                 "omp_get_max_threads", "memset", "t", "t1", "t_part",
                 "i_lane", "abort", "realloc"]
ALIAS_KINDS = ["array", "struct", "global", "union", "norestrict"]


def class_rng(seed, number):
    return random.Random("%d:%d:class" % (seed, number))


# Class 'intsum' is drawn from a generator of its own among the cases of no
# other class, so that the other classes' cases are those of earlier
# versions: about INTSUM_SHARE of those.
NEW_CLASSES = ["intsum"]
INTSUM_SHARE = 0.1
# Its types: (type, weight); the signed ones must be refused.
INT_SUMS = [("int", 40), ("long", 30), ("unsigned", 20),
            ("unsigned long", 10)]
SIGNED_SUMS = {"int", "long"}


def pick_class(seed, number):
    """The class of case (seed, number), or None, and the generator the
    class draws from."""
    rng = class_rng(seed, number)
    if rng.random() >= CLASS_SHARE:
        irng = random.Random("%d:%d:class-intsum" % (seed, number))
        if irng.random() < INTSUM_SHARE:
            return "intsum", irng
        return None, rng
    return rng.choice(CLASSES), rng


def apply_class(c, cls, rng, helpers):
    """Adds class cls to case c (made by make_case). helpers: dense_loops and
    normalize (lnr_fuzz.py functions). A class that cannot apply to c falls
    back to 'nonfinite'."""
    c["cls"] = cls
    c["refusal"] = None
    if "--assume-no-alias" in c["flags"]:
        c["flags"].remove("--assume-no-alias")
        c["restrict"] = True
    ok = CLASS_APPLY[cls](c, rng, helpers)
    if not ok:
        c["cls"] = "nonfinite"
        apply_nonfinite(c, rng, helpers)
    return c


def ext_config(c, rng, f, density=0.5, empty=0.1, keep=0.1, **extra):
    """A config whose extent of index x is f(x) (macro bounds fixed)."""
    fixed = {x: c["macro_ext"][x] for x in c["indices"]
             if c["bounds"][x] == "macro"}
    g = {"ext": [fixed.get(x, f(x)) for x in c["indices"]],
         "density": density, "empty": empty, "keep": keep}
    g.update(extra)
    return g


def nonfinite_config(c, rng, kind, f=None):
    """A config with non-finite values of kind (NaN, +Inf or -Inf)."""
    f = f or (lambda x: rng.randint(1, 4))
    keep = 0.1 if kind == NAN else 0.0
    return ext_config(c, rng, f, rng.choice([0.4, 0.7, 1.0]), 0.1, keep,
                      nonfinite=kind)


def apply_nonfinite(c, rng, helpers):
    """Class 1: NaN/Inf configs added to the case's own."""
    for kind in (NAN, PINF, NINF, rng.choice([NAN, PINF, NINF])):
        c["configs"].append(nonfinite_config(c, rng, kind))
    return True


def is_sparse_level(c, x):
    return bool(c["sparse"]) and x in c["sparse"]["levels"]


def apply_extent(c, rng, helpers):
    """Class 2: a dense loop's extent 0, -1 or -3, with NaN/Inf elsewhere."""
    order = c["order"]
    cands = [x for x in order if not is_sparse_level(c, x)]
    if not cands:
        return False
    best = [x for x in cands if x not in c["out"]["idx"] and
            order.index(x) > 0]
    x = rng.choice(best or cands)
    c["ext_index"] = x
    if c["bounds"][x] == "macro":
        c["bounds"][x] = "param"
    for e, kind in ((0, NAN), (-1, PINF), (-3, NAN), (0, NINF),
                    (rng.choice([0, -1, -3]), 0), (-1, NAN)):
        g = nonfinite_config(c, rng, kind or NAN,
                             lambda y: e if y == x else rng.randint(1, 4))
        g["nonfinite"] = kind
        c["configs"].append(g)
    return True


def reduction_index(c):
    """The deepest loop index outside the output (a would-be temporary's
    reduction), or the innermost."""
    outside = [x for x in c["order"] if x not in c["out"]["idx"]]
    return (outside or c["order"])[-1]


def apply_mixed(c, rng, helpers):
    """Class 3: factors and output of different types. Kind 'wide' (from
    a generator of its own, so that the other kinds' cases are those of
    earlier versions): float factors with a double alpha first, into a
    double output; C then multiplies every factor in double, and the
    driver scales the data so that a product of two factors in float
    overflows (a rewrite must convert the factors it groups apart)."""
    wrng = random.Random("%d:%d:mixed-wide" % (c["seed"], c["number"]))
    if wrng.random() < 0.3:
        c["real"], c["out_type"], c["acc_type"] = "float", "double", "double"
        c["vmode"] = 1
        c["scalars"] = ["alpha"]
        c["paren"] = False  # '(f * g) * alpha' would be float first
        c["mix"] = "wide"
        return True
    kind = rng.choices(["f_d", "d_f", "int"], [45, 25, 30])[0]
    if kind == "int":
        c["real"] = rng.choice(["double", "float"])
        c["out_type"] = rng.choice(INT_OUTPUTS)
        c["vmode"] = 2
        # Small sums (no conversion out of the type's range).
        for g in c["configs"]:
            g["ext"] = [min(e, 3) for e in g["ext"]]
    else:
        c["real"], c["out_type"] = (("float", "double") if kind == "f_d"
                                    else ("double", "float"))
        c["vmode"] = 1
        r = reduction_index(c)
        if c["bounds"][r] == "macro":
            c["bounds"][r] = "param"
        big = (2000, 3000) if kind == "f_d" else (1000, 1500)
        for _ in range(2):
            c["configs"].append(ext_config(
                c, rng, lambda y: rng.randint(*big) if y == r else
                rng.randint(1, 2), rng.choice([0.5, 1.0]), 0.0, 0.0))
    c["acc_type"] = (c["out_type"] if rng.random() < 0.7 or kind == "int"
                     else c["real"])
    c["mix"] = kind
    return True


def spmm_gemm_shape(c, rng):
    """Makes case c <SpMM, GEMM>, A(i,l) += B(i,j) C(j,k) D(k,l) with B in
    CSR, over c's first four index names (i, j, k, l as needed), in the
    order i, j, k, l or i, j, l, k."""
    i, j, k, l = (c["indices"] + [n for n in "ijkl"
                                  if n not in c["indices"]])[:4]
    c["indices"] = [i, j, k, l]
    c["order"] = [i, j, k, l] if rng.random() < 0.5 else [i, j, l, k]
    c["out"] = {"name": "A", "idx": [i, l]}
    c["sparse"] = {"name": "B", "format": "CSR", "levels": [i, j],
                   "fmt": [0, 1]}
    c["dense"] = [{"name": "C", "idx": [j, k]},
                  {"name": "D", "idx": [k, l]}]


def apply_crd(c, rng, helpers):
    """Class 4: a narrow or signed coordinate type with extreme values."""
    if c["style"] == "taco":
        c["style"] = "hand"
        c["itype"] = rng.choice(["int", "int32_t"])
    if rng.random() < 0.5:
        # <SpMM, GEMM>: A(i,l) += B(i,j) C(j,k) D(k,l) with j compressed
        # and leading C: a re-association's temporary t(j,l) is sized by a
        # scan of the coordinates (no subscript states J).
        spmm_gemm_shape(c, rng)
        c["bounds"] = {x: "param" for x in c["indices"]}
        c["macro_ext"] = {x: 2 for x in c["indices"]}
        c["stmt"] = "+="
        c["pragma"] = None
        c["configs"] = helpers["make_configs"](rng, c)
    s = c["sparse"]
    out = c["out"]["idx"]
    cands = []
    if s:
        cands = [x for x, f in zip(s["levels"], s["fmt"])
                 if f == 1 and x not in out]
    if not cands:
        outside = [x for x in c["indices"] if x not in out]
        if not outside:
            x = rng.choice(out)
            out.remove(x)
        else:
            x = rng.choice(outside)
        y = rng.choice([z for z in c["indices"] if z != x])
        c["sparse"] = s = {"name": "B", "format": "CSR", "levels": [y, x],
                           "fmt": [0, 1]}
        if len(c["dense"]) > 1:
            c["dense"].pop()
        order = c["order"]
        slots = [p for p, z in enumerate(order) if z in s["levels"]]
        for p, z in zip(slots, s["levels"]):
            order[p] = z
        cands = [x]
        if c["refusal"]:
            c["refusal"] = None
    x = rng.choice(cands)
    # Where x leads every operand, no subscript states its extent: the tool
    # then scans the coordinates for it (a temporary indexed by x).
    for t in c["dense"]:
        if x in t["idx"] and rng.random() < 0.6:
            t["idx"].remove(x)
            t["idx"].insert(0, x)
    ct = rng.choice(CRD_TYPES)
    c["crd_type"] = ct
    c["crd_index"] = x
    c["bounds"][x] = "param"
    if c["stmt"] == "acc" and c["order"][-1] in out:
        c["stmt"] = "+="
    small = lambda y: rng.randint(1, 3)
    if ct in ("uint8_t", "unsigned char"):
        specs = [(256, 0, [255]), (256, 0, [255, 0]), (200, 0, [199])]
    elif ct == "uint16_t":
        specs = [(65536, 0, [65535]), (300, 0, [299])]
    elif ct == "int8_t":
        specs = [(256, 128, [0, 255]), (6, 3, [0]), (130, 128, [0])]
    else:  # short
        specs = [(7, 3, [0, 6]), (65536, 32768, [0, 65535]), (40, 20, [0])]
    for dim, shift, force in specs:
        dens = 0.01 if dim > 1000 else rng.choice([0.2, 0.6])
        c["configs"].append(ext_config(
            c, rng, lambda y: dim if y == x else small(y), dens, 0.1, 0.05,
            shift=shift, force=force))
    fit_crd_extents(c)
    return True


def fit_crd_extents(c):
    """Caps the extent of every compressed level's index so that its
    coordinates (minus the config's shift at the class's level) fit the
    coordinate type, which is that of every compressed level. The case's
    own configs were drawn before the type (a long loop of 130-200, every
    extent up to 244 with two indices): an int8_t coordinate 130 wraps to
    -126 and the ORIGINAL reads before its operands."""
    ct, x, s = c.get("crd_type"), c.get("crd_index"), c.get("sparse")
    if not ct or not s:
        return
    lo, hi = CRD_RANGE[ct]
    for g in c["configs"]:
        for y, f in zip(s["levels"], s["fmt"]):
            if f != 1 or y not in c["indices"]:
                continue
            a = c["indices"].index(y)
            shift = (g.get("shift") or 0) if y == x else 0
            assert 0 <= shift <= -lo, (ct, shift)
            if c["bounds"].get(y) == "macro":
                assert g["ext"][a] <= hi + 1 + shift, (ct, y, g["ext"][a])
            g["ext"][a] = min(g["ext"][a], hi + 1 + shift)


def apply_overwrite(c, rng, helpers):
    """Class 5: a reduction assigned (not added) to elements that the
    subscript reaches more than once. The nest is rebuilt as
    A(a,b) = sum_{j,k} X(a,j) Y(a,k) Z(j,k) W(j,b) (the tool's fusion
    pattern) with the two output loops outside the two reduction loops, so
    that no loop outside the reduction leaves the output unindexed (which
    the tool refuses by itself): only the subscript repeats elements."""
    names = (c["indices"] + [n for n in "ijkl" if n not in c["indices"]])[:4]
    a, b, j, k = names
    c["indices"] = list(names)
    outer = [a, b] if rng.random() < 0.7 else [b, a]
    c["order"] = outer + ([j, k] if rng.random() < 0.7 else [k, j])
    c["out"] = {"name": "A", "idx": [a, b]}
    shapes = [[a, j], [a, k], [j, k], [j, b]]
    c["sparse"] = None
    if rng.random() < 0.5 and c["order"][0] == a and c["order"][2] == j:
        c["sparse"] = {"name": "B", "format": "CSR", "levels": [a, j],
                       "fmt": [0, 1]}
        shapes.pop(0)
    c["dense"] = [{"name": n, "idx": ix} for n, ix in zip("CDEF", shapes)]
    c["acc_loops"] = 2
    c["bounds"] = {x: rng.choice(["param", "param", "struct", "local"])
                   for x in names}
    if c["style"] == "taco":
        c["bounds"] = {x: "param" for x in names}
    c["macro_ext"] = {x: 2 for x in names}
    c["scalars"] = []
    c["stmt"] = "acc"
    c["acc_add"] = "set"
    c["pragma"] = None
    c["inplace"] = False
    c["out_lin"] = rng.choice(["lda", "lda", "sum", "taco3"])
    c["configs"] = helpers["make_configs"](rng, c)
    if c["out_lin"] == "lda":
        for g in c["configs"]:
            g["lda"] = rng.choice([-1, -2, 0, 1, "zero"])
        for d in (-1, -2, "zero"):
            c["configs"].append(ext_config(
                c, rng, lambda y: rng.randint(2, 5), 0.6, 0.1, 0.1, lda=d))
    else:
        for _ in range(2):
            c["configs"].append(ext_config(
                c, rng, lambda y: rng.randint(1, 5), 0.6, 0.1, 0.1))
    return True


def apply_alias(c, rng, helpers):
    """Class 6: the first dense operand lives in the output's memory."""
    if c["style"] == "taco":
        c["style"] = "hand"
        c["itype"] = "int"
    c["real"] = c["real"]
    if not c["dense"]:
        c["dense"].append({"name": "C", "idx": [rng.choice(c["indices"])]})
    kind = rng.choice(ALIAS_KINDS)
    c["alias"] = kind
    c["pragma"] = None
    c["restrict"] = kind != "norestrict"
    for g in c["configs"]:
        rel = rng.choice([None, None, 0, 1, 2, 3, -1, -2, -3])
        g["alias_rel"] = rel
        g["sel"] = 1 if rel is None and kind != "norestrict" and \
            rng.random() < 0.5 else 0
    for rel in (0, rng.choice([1, 2, 3]), rng.choice([-1, -2, -3]), None):
        c["configs"].append(ext_config(
            c, rng, lambda y: rng.randint(1, 4), 0.6, 0.1, 0.1,
            alias_rel=rel, sel=0))
    return True


def apply_headers(c, rng, helpers):
    """Class 7: no <stdlib.h> before the kernel, hostile local names, and
    names of the C library the file takes after the kernel."""
    if c["style"] == "taco":
        c["style"] = "hand"
        c["itype"] = "int"
    c["headers"] = rng.choice(["after", "none", "top"])
    taken = set(c["indices"]) | {"acc", "sum"}
    names = [n for n in HOSTILE_NAMES if n not in taken]
    c["hostile"] = rng.sample(names, rng.randint(0 if c["headers"] != "top"
                                                 else 1, 3))
    # From a generator of its own, so that the other fields of a case are
    # those of earlier versions: a name of the C library the file takes
    # after the kernel (the tool reads a function's nests as the parser
    # completes it; what the whole file makes of the name must decide).
    late = random.Random("%d:%d:late" % (c["seed"], c["number"]))
    kinds = ["uintptr_typedef", "free_macro"]
    if c["headers"] == "none":
        kinds.append("malloc_variable")
    c["late"] = late.choice(kinds) if late.random() < 0.6 else None
    # Half the 'free' macros are defined before the kernel instead and
    # undefined after it: a macro where the nest is, none at the end.
    undef = random.Random("%d:%d:undef" % (c["seed"], c["number"]))
    if c["late"] == "free_macro" and undef.random() < 0.5:
        c["late"] = "free_macro_undef"
    pick_conflict(c)
    return True


# The C library name each kind of c["conflict"] and c["late"] declares.
CONFLICT_NAMES = {"static_free": "free", "int_size_t": "size_t",
                  "malloc_of_int": "malloc", "poisoned_free": "free",
                  "wide_uintptr": "uintptr_t", "agreeing_free": "free",
                  "int64_typedef": "int64_t", "static_rand": "rand",
                  "rand_max_variable": "RAND_MAX"}
LATE_NAMES = {"uintptr_typedef": "uintptr_t", "free_macro": "free",
              "free_macro_undef": "free", "malloc_variable": "malloc"}


def pick_conflict(c):
    """Half the cases of class 'headers' declare a C library name the
    rewrite uses, at the top of the file or after the kernel, in a way the
    library's header would conflict with ('static int free(int)', 'typedef
    int size_t;', a poisoned 'free', a 'uintptr_t' of another type than
    <stdint.h>'s) or agree with ('struct free' and free's prototype), or
    another name the headers the rewrite includes declare ('typedef long
    long int64_t;', 'static int rand(void)', a variable named like the
    macro RAND_MAX): the rewrite must compile where the kernel does. From a generator of its
    own, so that the other fields are those of earlier versions."""
    rng = random.Random("%d:%d:conflict" % (c["seed"], c["number"]))
    kinds = ["agreeing_free", "wide_uintptr"]
    # Its own <stdlib.h> would conflict with a late 'static int malloc;'.
    if "free" not in c["hostile"] and c["late"] != "malloc_variable":
        kinds.append("poisoned_free")
    if c["headers"] == "none":  # a file with <stdlib.h> would not compile
        kinds += ["static_free", "int_size_t", "malloc_of_int",
                  "int64_typedef", "static_rand", "rand_max_variable"]
    late = LATE_NAMES.get(c["late"])
    kinds = [k for k in kinds if CONFLICT_NAMES[k] != late]
    c["conflict"] = rng.choice(kinds) if rng.random() < 0.5 else None
    c["conflict_at"] = rng.choice(["top", "end"])


def apply_intsum(c, rng, helpers):
    """Class 'intsum': an integer kernel (factors, output, accumulator and
    alpha of one type; no floating literal factor), half of them <SpMM,
    GEMM> A(i,l) += B(i,j) C(j,k) D(k,l), whose fused temporary sums C D
    over k apart from B's values. The case's own configs run on small values
    (-2 to 2; 0 to 3 unsigned: no sum overflows); up to four more put one
    factor (izero: the sparse values, -1, or a dense operand's number) at 0,
    another (ibig) at 4 to 6 tenths of the type's largest value (negative
    with isign -1) and every other value at 1: each term of the original is
    'big * 0' (its partial products are big at most) and its sums are 0,
    while a temporary that sums the big factor over a reduction of 3 or more
    overflows a signed type. Unsigned kernels also run on values over the
    type's whole range (ischeme 2), where every product wraps."""
    if c["style"] == "taco":
        c["style"] = "hand"
        c["itype"] = "int"
    if rng.random() < 0.5:
        # <SpMM, GEMM>: A(i,l) += B(i,j) C(j,k) D(k,l), whose fused
        # temporary t(j,l) sums C(j,k) D(k,l) over k without B's zeros.
        spmm_gemm_shape(c, rng)
        c["bounds"] = {x: rng.choice(["param", "param", "struct", "local"])
                       for x in c["indices"]}
        c["macro_ext"] = {x: 2 for x in c["indices"]}
        c["stmt"] = "+="
        c["pragma"] = None
        c["configs"] = helpers["make_configs"](rng, c)
    t = rng.choices([n for n, _ in INT_SUMS], [w for _, w in INT_SUMS])[0]
    c["real"] = c["out_type"] = c["acc_type"] = t
    c["isum"] = t
    c["vmode"] = 0
    c["scalars"] = ["alpha"] if c["scalars"] else []
    if not c["dense"]:
        c["dense"].append({"name": "C", "idx": [rng.choice(c["indices"])]})
    for g in c["configs"]:
        g["ischeme"] = 0
    factors = ([-1] if c["sparse"] else []) + list(range(len(c["dense"])))
    pairs = [(z, b) for b in factors for z in factors if z != b]
    rng.shuffle(pairs)
    for zero, big in pairs[:4]:
        c["configs"].append(ext_config(
            c, rng, lambda y: rng.randint(3, 6), 1.0, 0.0, 0.3, ischeme=1,
            izero=zero, ibig=big,
            isign=rng.choice([1, -1]) if t in SIGNED_SUMS else 1))
    if t not in SIGNED_SUMS:
        for _ in range(2):
            c["configs"].append(ext_config(
                c, rng, lambda y: rng.randint(2, 5), 0.6, 0.1, 0.1,
                ischeme=2))
    return True


def pick_intsum_type(c):
    """An 'intsum' case written as C89 sums in 'unsigned' rather than
    'unsigned long' (c89ify.py reads one-word types only)."""
    if c.get("isum") == "unsigned long" and c.get("std") == "c89":
        c["real"] = c["out_type"] = c["acc_type"] = c["isum"] = "unsigned"


CLASS_APPLY = {"nonfinite": apply_nonfinite, "extent": apply_extent,
               "mixed": apply_mixed, "crd": apply_crd,
               "overwrite": apply_overwrite, "alias": apply_alias,
               "headers": apply_headers, "intsum": apply_intsum}


def class_fixup(c):
    """Keeps a reduced class case consistent: drops a class feature whose
    conditions no longer hold."""
    s = c.get("sparse")
    x = c.get("crd_index")
    if x is not None and not (s and x in s["levels"] and
                              s["fmt"][s["levels"].index(x)] == 1 and
                              x not in c["out"]["idx"]):
        c["crd_index"] = None
        c["crd_type"] = None
        for g in c["configs"]:
            g.pop("shift", None)
            g.pop("force", None)
    fit_crd_extents(c)
    if c.get("out_lin") and (len(c["out"]["idx"]) != 2 or
                             c["stmt"] != "acc" or
                             c["order"][-1] in c["out"]["idx"]):
        c["out_lin"] = None
    if c.get("acc_loops", 1) >= len(c["order"]):
        c["acc_loops"] = 1
    if c.get("acc_add") == "set" and c["stmt"] != "acc":
        c["acc_add"] = "="
    if c.get("alias") and not c["dense"]:
        c["alias"] = None
    if c.get("isum"):
        # One integer type throughout, a dense operand for the big values.
        c["real"] = c["out_type"] = c["acc_type"] = c["isum"]
        if not c["dense"]:
            c["dense"].append({"name": "C", "idx": [c["indices"][0]]})
    if c.get("alias") or c.get("crd_type") or c.get("headers") or \
            c.get("isum"):
        c["style"] = "hand"
    return c
