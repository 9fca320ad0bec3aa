#!/usr/bin/env python3
"""Differential fuzzer of lnr-rewrite.

Generates random sparse tensor kernels in C -- products of 2 to 5 tensors
over 2 to 6 indices; dense, CSR, CSC, CSF and other level formats; loop
orders consistent with the formats; the source styles the recovery reads
(hand-written linearized subscripts, dense position variables, accessor
macros, TACO's code with scalar accumulators, 'A[x] = A[x] + ...', bounds
from parameters, struct fields, locals and macros, the inputs passed as
members of structs, compressed first levels walked from pos[0] or from 0)
and styles it refuses -- and for each one:

  * runs lnr-rewrite on it: any exit status but 0, or an [lnr-internal]
    remark, is a failure;
  * if the tool left the file as it was: the output must be byte-identical
    and a remark must say why ('nest left unchanged');
  * if the tool rewrote it: a kernel in a refused style must not have been
    rewritten; the rewrite must be a fixed point of the tool; it must
    compile with gcc and clang-14 (-fsyntax-only -fopenmp
    -Werror=implicit-function-declaration) wherever the kernel does
    (FAIL-compiler), and with -Wall -Wextra warn of no kind of warning the
    kernel's build has not (FAIL-warning: -Wsign-compare, -Wtype-limits,
    -Wchar-subscripts; a build with -Werror would fail); both versions are
    compiled (gcc -O2 -fopenmp
    -Werror=implicit-function-declaration) into one driver that runs them
    on random data (empty slices, empty tensors, extents of 1 and 0,
    explicit zeros, a long parallel loop) with 1 and 2 threads, each call
    under a time limit (--hang-timeout: FAIL-hang), and compares every
    output element relative to M = |A0| + sum of |terms| (the original run
    on the absolute values of every input; integers exactly), checks
    guards around the output and that no input was written;
  * a kernel that sums in a signed integer type (class 'intsum') must be
    left unchanged with the remark [lnr-signed-overflow] (or for a reason
    its unsigned twin is refused for too): a rewrite of it, and any rewrite
    of an integer kernel, runs under -fsanitize=signed-integer-overflow
    (FAIL-overflow when the rewrite overflows, FAIL-signed-rewritten
    otherwise);
  * if the rewrite allocates temporaries on the heap: it runs again with its
    malloc, calloc and free interposed (fuzz_alloc.h) and every allocation
    failing, then the second of each call failing (a thread's vector of a
    parallel region, with 2 threads): the output must still equal the
    original's, the original nest must have run (its marker comment counts
    the runs), everything allocated must be freed, and no allocation may
    ask for 0 bytes.

Usage:
  lnr_fuzz.py --tool build/tool/lnr-rewrite [--cases N] [--seed S]
              [--first F] [--only C1,C2,...] [-j J] [--batch B]
              [--work DIR] [--keep-all] [--quiet] [--tolerate KIND]
              [--tsan] [--reduce] [--print] [--hang-timeout S]

  --cases N --seed S   the long mode: N cases from seed S (scripts/fuzz.sh
                       runs 10,000 from seed 1000); ctest runs 200 from
                       seed 1
  --only C --reduce    reduce failing case C of seed S to a smaller kernel
                       that fails the same way (greedy, on the model)
  --tsan               kernels and driver built with clang-14
                       -fsanitize=thread and run under Archer: a data race is
                       a failure
  --tolerate KIND      count failures of KIND (e.g. not-idempotent) without
                       failing the run
  --batch B            cases per lnr-rewrite process (-i on B files at once;
                       a batch whose run fails is rerun case by case)
  --print              print the kernels only
  --hang-timeout S     each call of a kernel in a driver stops after S
                       seconds (20): FAIL-hang for the rewrite

A case is determined by (seed, case number) alone: '--seed S --only C'
reproduces case C of a run. Failed cases are kept in the work directory
(kernel.c, rewritten.c, driver.c, case.json, log.txt). The last line is
"N passed, M failed"; exit status 0 when nothing failed.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

import fuzz_classes
import fuzz_driver
import fuzz_grouped
import warning_kinds

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "exec"))
import c89ify  # noqa: E402  (the samples' C89 writer, for the c89 style)
TACO_HEADER = os.path.join(ROOT, "samples", "taco", "taco_tensor_t.h")

INDEX_NAMES = ["i", "j", "k", "l", "m", "n"]
DENSE_NAMES = ["C", "D", "E", "F", "G", "H"]

# Styles the recovery refuses by design: the nest must stay unchanged.
REFUSALS = ["sum", "call", "minus", "div", "c89", "inclusive", "inline_crd",
            "output_read", "volatile", "no_restrict", "macro_loop", "step2",
            "break", "int_out", "negate", "cast", "printf", "from_one"]
# Refused today but planned (docs/supported-c.md), or rewritten only when a
# proof holds (c89: the variable declared before the nest must be dead after
# it): a rewrite of these is checked by execution like any other instead of
# being a failure.
MAYBE_LATER = {"c89", "inclusive", "inline_crd", "from_one"}

# Sparse formats: (name, level formats); 0 dense, 1 compressed.
FORMATS = [("CSR", [0, 1], 30), ("CSC", [0, 1], 20), ("CSF", [0, 1, 1], 22),
           ("DCSR", [1, 1], 4), ("SV", [1], 4), ("DDC", [0, 0, 1], 6),
           ("DCD", [0, 1, 0], 4), ("CSF4", [0, 1, 1, 1], 4),
           ("DCDC", [0, 1, 0, 1], 2)]


def weighted(rng, pairs):
    total = sum(w for _, w in pairs)
    x = rng.uniform(0, total)
    for v, w in pairs:
        x -= w
        if x <= 0:
            return v
    return pairs[-1][0]


# ---------------------------------------------------------------- the model


def make_case(seed, number):
    """A random kernel description (plain data, JSON-serializable)."""
    rng = random.Random("%d:%d" % (seed, number))
    c = {"seed": seed, "number": number}
    nidx = rng.randint(2, 6)
    idx = INDEX_NAMES[:nidx]
    rng.shuffle(idx)
    c["indices"] = idx
    c["style"] = weighted(rng, [("hand", 70), ("taco", 30)])
    c["real"] = weighted(rng, [("double", 85), ("float", 15)])
    c["itype"] = weighted(rng, [("int", 60), ("int32_t", 30), ("long", 10)])
    if c["style"] == "taco":
        c["itype"] = "int32_t"

    # The sparse tensor (at most one: two compressed operands at one index
    # would need co-iteration).
    sparse = None
    if rng.random() < 0.8:
        fmts = [(f, w) for f in FORMATS if len(f[1]) <= nidx for w in [f[2]]]
        name, lv, _ = weighted(rng, fmts)
        levels = rng.sample(idx, len(lv))
        sparse = {"name": "B", "format": name, "levels": levels,
                  "fmt": list(lv)}
        # TACO's default formats {Sparse, Sparse(, ...)}: every level
        # compressed, the outer loop over B1_pos[0] to B1_pos[1].
        if c["style"] == "taco" and len(lv) >= 2 and lv[0] == 0 and \
                rng.random() < 0.3:
            sparse["fmt"] = [1] * len(lv)
            sparse["format"] = "S" * len(lv)
    c["sparse"] = sparse
    nfactors = rng.randint(2, 5)
    ndense = nfactors - (1 if sparse else 0)
    dense = []
    for d in range(ndense):
        r = weighted(rng, [(1, 30), (2, 50), (3, 20)])
        r = min(r, nidx)
        dense.append({"name": DENSE_NAMES[d], "idx": rng.sample(idx, r)})
    c["dense"] = dense
    r = weighted(rng, [(0, 4), (1, 35), (2, 45), (3, 16)])
    c["out"] = {"name": "A", "idx": rng.sample(idx, min(r, nidx))}
    # Every index is used by some access (rarely not: a repeat loop).
    if rng.random() < 0.97:
        used = set(c["out"]["idx"])
        for t in dense:
            used |= set(t["idx"])
        if sparse:
            used |= set(sparse["levels"])
        for x in idx:
            if x not in used:
                cands = [t for t in dense if len(t["idx"]) < 3]
                if cands and rng.random() < 0.7:
                    rng.choice(cands)["idx"].append(x)
                elif len(c["out"]["idx"]) < 3:
                    c["out"]["idx"].append(x)
                elif cands:
                    rng.choice(cands)["idx"].append(x)
                else:
                    dense.append({"name": DENSE_NAMES[len(dense)],
                                  "idx": [x]})
    # Scalar factors.
    c["scalars"] = []
    if rng.random() < 0.15:
        c["scalars"].append(weighted(rng, [("alpha", 2), ("2.0", 1),
                                           ("0.5", 1)]))

    # Loop order: a random permutation with the sparse levels in level order.
    order = list(idx)
    rng.shuffle(order)
    if sparse:
        slots = [p for p, x in enumerate(order) if x in sparse["levels"]]
        for p, x in zip(slots, sparse["levels"]):
            order[p] = x
    c["order"] = order

    # Bounds.
    c["bounds"] = {}
    for x in idx:
        c["bounds"][x] = weighted(rng, [("param", 55), ("struct", 18),
                                        ("macro", 12), ("local", 15)])
    c["macro_ext"] = {x: rng.choice([1, 2, 3, 4]) for x in idx}

    # Statement form.
    inner = order[-1]
    forms = [("+=", 50), ("assign_add", 25)]
    if inner not in c["out"]["idx"]:
        forms.append(("acc", 40 if c["style"] == "taco" else 20))
    c["stmt"] = weighted(rng, forms)
    c["acc_add"] = rng.choice(["=", "+="])
    c["subscripts"] = weighted(rng, [("inline", 50), ("posvar", 35),
                                     ("mixed", 15)])
    if c["style"] == "taco":
        c["subscripts"] = weighted(rng, [("posvar", 80), ("mixed", 20)])
    c["accessor"] = c["style"] == "hand" and rng.random() < 0.12
    c["lin"] = weighted(rng, [("horner", 60), ("flat", 25), ("swapped", 15)])
    c["braces"] = weighted(rng, [("all", 50), ("none", 30), ("random", 20)])
    c["paren"] = rng.random() < 0.08
    c["factor_order"] = rng.random()  # seed for the factor order
    c["pragma"] = None
    first = order[0]
    first_dense = not (sparse and first in sparse["levels"] and
                       sparse["fmt"][sparse["levels"].index(first)] == 1)
    # TACO parallelizes a loop over a compressed first level too (its
    # coordinates are distinct, as the driver's are).
    if first in c["out"]["idx"] and (first_dense or c["style"] == "taco") \
            and rng.random() < 0.25:
        c["pragma"] = rng.choice(["parallel for",
                                  "parallel for schedule(runtime)",
                                  "parallel for schedule(static)"])
    c["restrict"] = True
    c["flags"] = []
    if rng.random() < 0.06:
        c["restrict"] = False
        c["flags"].append("--assume-no-alias")
    if rng.random() < 0.1:
        c["flags"].append("--no-openmp")
    elif rng.random() < 0.1:
        c["flags"].append("--omp-schedule=" + rng.choice(
            ["static", "guided", "dynamic, 1"]))
    c["inplace"] = rng.random() < 0.1
    c["refusal"] = None
    if rng.random() < 0.18:
        c["refusal"] = rng.choice(REFUSALS)
    normalize_refusal(c)
    if c["style"] == "taco":
        c["bounds"] = {x: "param" for x in idx}
    c["data_seed"] = rng.getrandbits(62)
    c["configs"] = make_configs(rng, c)
    cls, crng = fuzz_classes.pick_class(seed, number)
    c["cls"] = None
    if cls:
        fuzz_classes.apply_class(c, cls, crng,
                                 {"make_configs": make_configs})
    pick_offset(c)
    pick_standard(c)
    pick_forms(c)
    pick_accessor(c)
    pick_members(c)
    pick_member_output(c)
    pick_loop_forms(c)
    pick_omp_forms(c)
    pick_position_split(c)
    pick_omp_guard(c)
    pick_root_form(c)
    pick_default_none(c)
    pick_quotient_bound(c)
    pick_comments(c)
    pick_configurations(c)
    pick_crd_in_place(c)
    pick_scaled_sum(c)
    pick_includes(c)
    pick_counters(c)
    fuzz_classes.pick_intsum_type(c)
    pick_coo(c)
    pick_counting_down(c)
    pick_unsigned(c)
    pick_unweighted(c)
    return c


def pick_unweighted(c):
    """About 25% of the hand-written cases outside the classes and the
    refused styles read no value of their sparse operand (an unweighted
    graph, its pattern of ones: docs/supported-c.md), where another factor
    remains (c["unweighted"]). The rewrite must multiply by nothing in its
    place. From a generator of its own, so that the other fields of a case
    are those of earlier versions."""
    rng = random.Random("%d:%d:unweighted" % (c["seed"], c["number"]))
    if c.get("sparse") and c["style"] == "hand" and not c.get("cls") and \
            not c.get("refusal") and rng.random() < 0.25:
        c["unweighted"] = True


def pick_unsigned(c):
    """About a third of the hand-written C99 cases outside the classes and the
    refused styles declare their loop variables, positions, coordinates and
    the extents they take as parameters 'unsigned' (c["itype"]), as legacy
    code with unsigned sizes does. A comparison the rewrite adds in another
    signedness, or of an unsigned value with 0, is a warning the original
    has not (added_warnings: -Wsign-compare, -Wtype-limits), and an error
    under -Werror. Not with a loop counted down, narrow counters, a COO
    list or an offset. From a generator of its own, so that the other
    fields of a case are those of earlier versions."""
    rng = random.Random("%d:%d:unsigned" % (c["seed"], c["number"]))
    if (rng.random() >= 0.35 or c["style"] != "hand" or
            c["itype"] != "int" or c.get("std") == "c89" or
            c["refusal"] is not None or c["cls"] is not None or
            c.get("down") or c.get("counters") or c.get("coo") or
            c.get("offset") or c.get("crd_type")):
        return
    c["itype"] = "unsigned"


def pick_counting_down(c):
    """About 10% of the hand-written cases count one dense loop down
    ('down'): 'for (i = n; i-- > 0;)' ('post', no step: no OpenMP loop, so
    never under a directive) or 'for (i = n - 1; i >= 0; i--)' ('ge'),
    read as the range [0, n) with the header kept. Half the cases with a
    narrow counter (pick_counters) count that loop down in its type
    ('post' where it is unsigned, whose 'i >= 0' never ends): the first
    value converted to a type that does not hold every value of the
    bound's, the rewrite must refuse it (the configs' extents fit the type,
    so the truncation itself is exec/counting_down.test's). From a
    generator of its own, so that the other fields of a case are those of
    earlier versions."""
    rng = random.Random("%d:%d:down" % (c["seed"], c["number"]))
    if rng.random() >= 0.1 or c["style"] != "hand" or c.get("coo") or \
            c.get("split"):
        return
    counted = [d for d in dense_loops(c)
               if (c.get("counters") or {}).get(c["order"][d])]
    plain = counted if counted and rng.random() < 0.5 else dense_loops(c)
    if not plain:
        return
    depth = rng.choice(plain)
    counter = (c.get("counters") or {}).get(c["order"][depth], "")
    form = "ge" if c["pragma"] and depth == 0 else rng.choice(["post", "ge"])
    if counter.startswith("unsigned") or counter == "size_t":
        if c["pragma"] and depth == 0:
            return
        form = "post"
    c["down"] = {"depth": depth, "form": form}


# What a 'coo' case cannot be as well: forms of the coordinates and of the
# counters, a bug class. The forms of a CSR level's loop (COO_REPLACES)
# are dropped: the coordinate list replaces that loop.
COO_EXCLUDES = ("pos_split", "offset", "crd_type", "omp_region", "counters",
                "cls", "isum", "alias", "crd_in_place")
COO_REPLACES = ("four_array", "relative", "bound_locals", "position_only",
                "root_from_zero", "split")


def pick_crd_in_place(c):
    """A fifth of the hand-written sparse cases outside the classes and the
    refused styles read each compressed coordinate in place
    ('D[crd[p] * K + k]', no 'int j = crd[p];'), as the 'inline_crd' style
    does; pick_includes then drops the output's 'restrict' from most of
    those it picks, so that the overlap test ranges the coordinates read in
    place by its scan. From a generator of its own, so that the other
    fields of a case are those of earlier versions."""
    rng = random.Random("%d:%d:crd_in_place" % (c["seed"], c["number"]))
    s = c["sparse"]
    if (rng.random() < 0.2 and c["style"] == "hand" and s and
            any(s["fmt"]) and c["refusal"] is None and c["cls"] is None):
        c["crd_in_place"] = True


def pick_scaled_sum(c):
    """Half the hand-written cases with an accumulator store it scaled
    ('scaled-sum'): a factor whose indices are all known outside the
    accumulator's loops moves from the sum to the store
    ('A[..] += B[p] * acc;'), which the tool reads as the sum of the scaled
    terms, under a check that the loops inside the sum run. From a
    generator of its own, so that the other fields of a case are those of
    earlier versions."""
    rng = random.Random("%d:%d:scaled_sum" % (c["seed"], c["number"]))
    if (rng.random() < 0.5 and c["stmt"] == "acc" and c["style"] == "hand"
            and c["refusal"] is None and c["cls"] is None and
            not c["paren"] and not c.get("values")):
        c["scaled_sum"] = rng.choice(["before", "after"])
        # The sum and its copy both in the store ('acc * acc_copy'): no
        # scale, left as it is (a copy read as a scalar, an earlier build,
        # did not compile or read a parameter of that name).
        if c.get("acc_copy") and rng.random() < 0.25:
            c["scaled_sum"] = "twice"


def pick_coo(c):
    """About half the hand-written CSR cases with no directive and an
    accumulated output walk the matrix as a coordinate list ('coo'):
    'for (q = 0; q < B_nnz; q++) { int i = B_row[q]; int j = crd[q]; ...',
    the positions outermost, shuffled (two thirds) or sorted by row. From
    a generator of its own, so that the other fields of a case are those
    of earlier versions."""
    rng = random.Random("%d:%d:coo" % (c["seed"], c["number"]))
    s = c["sparse"]
    if (rng.random() >= 0.5 or c["style"] != "hand" or not s or
            s["format"] != "CSR" or c["pragma"] or c["refusal"] or
            c["stmt"] not in ("+=", "assign_add") or
            any(c.get(k) for k in COO_EXCLUDES)):
        return
    # The positions outermost, where a fusion per position can gain.
    i, j = s["levels"]
    c["order"] = [i, j] + [x for x in c["order"] if x not in (i, j)]
    c["coo"] = rng.choice(["shuffled", "shuffled", "sorted"])
    for k in COO_REPLACES:
        c.pop(k, None)


# How an 'offset' case names its offset (pick_offset): an int parameter or a
# macro, subtracted from the coordinate ('(j - j0)') or a negative one added
# ('(j + joff)').
OFFSET_KINDS = [("param", "-"), ("param", "-"), ("macro", "-"),
                ("param", "+"), ("macro", "+")]


def pick_offset(c):
    """About a quarter of the hand-written cases with a compressed level
    that a dense operand is indexed by ('offset'): every subscript over
    that level's coordinate x reads '(x - x0)' (x0 an int parameter or the
    macro X0) or '(x + xoff)' (a negative offset), the coordinates run in
    [off, off + m) and the operands over x hold exactly the m rows (a
    block of columns: an operand over the columns' block, as
    exec/column_block.c). The driver places each such operand right after
    PROT_NONE pages (reads before it fault, at least off rows before), so
    that a rewrite that evaluates an operand at a coordinate the original
    never reaches (a scanned extent from 0) fails. c["offset"] = {index,
    kind, sign, name}; each config's 'offset' is its coordinates' first
    (a macro's is the same for all). Kind 'pointer' (about a third, when
    the output is not over x): the subscript stays plain 'x', off > 0,
    and the driver passes each operand over x off rows before its first. Half of the cases outside the classes
    and the refused styles are rebuilt as exec/column_block.c's
    A(i,l) += B(i,j) C(j,k) D(k,l), whose re-association sizes a
    temporary t(j,l) by a scan of the coordinates. Not with a narrow
    coordinate type ('crd') nor an operand in the output ('alias'), nor in
    TACO's files (their dimensions are the tensors' own). From a generator
    of its own, so that the other fields of a case are those of earlier
    versions."""
    rng = random.Random("%d:%d:offset" % (c["seed"], c["number"]))
    s = c["sparse"]
    if c["style"] != "hand" or not s or c.get("crd_type") or \
            c.get("alias") or rng.random() >= 0.25:
        return
    cands = [x for x, f in zip(s["levels"], s["fmt"])
             if f == 1 and any(x in t["idx"] for t in c["dense"])]
    if not cands:
        return
    outside = [x for x in cands if x not in c["out"]["idx"]]
    x = rng.choice(outside if outside and rng.random() < 0.8 else cands)
    if c["cls"] is None and c["refusal"] is None and rng.random() < 0.5:
        # <SpMM, GEMM>: A(i,l) += B(i,j) C(j,k) D(k,l) with j compressed
        # and leading C, as exec/column_block.c: a re-association's
        # temporary t(j,l) is sized by a scan of the coordinates.
        i, x, k, l = (c["indices"] + [n for n in "ijkl"
                                      if n not in c["indices"]])[:4]
        c["indices"] = [i, x, k, l]
        c["order"] = [i, x, k, l] if rng.random() < 0.5 else [i, x, l, k]
        c["out"] = {"name": "A", "idx": [i, l]}
        c["sparse"] = {"name": "B", "format": "CSR", "levels": [i, x],
                       "fmt": [0, 1]}
        c["dense"] = [{"name": "C", "idx": [x, k]},
                      {"name": "D", "idx": [k, l]}]
        c["bounds"] = {y: rng.choice(["param", "param", "struct", "local"])
                       for y in c["indices"]}
        c["macro_ext"] = {y: 2 for y in c["indices"]}
        c["stmt"] = "+="
        c["pragma"] = None
        c["configs"] = make_configs(rng, c)
    kind, sign = rng.choice(OFFSET_KINDS)
    if kind == "macro":
        name = x.upper() + ("0" if sign == "-" else "OFF")
    else:
        name = x + ("0" if sign == "-" else "off")
    c["offset"] = {"index": x, "kind": kind, "sign": sign, "name": name}
    fixed = rng.choice([1, 3, 16, 250])
    for g in c["configs"]:
        if kind == "macro":
            g["offset"] = fixed
        else:
            # Now and then coordinates below 0 (an offset below 0).
            g["offset"] = rng.choice([1, 2, 7, 64, 1000, 1, 5, -3])
    if kind == "macro":
        c["offset"]["value"] = fixed
    # A third of the form's cases (from a generator of their own, so that
    # the others keep their text) take the 'pointer' kind instead: the
    # subscript stays plain ('C[j * K + k]'), the coordinates run in
    # [off, off + m) with off > 0, and the driver passes the operand as
    # 'rows - off * K' (Numerical Recipes' 1-based vectors, exec/
    # column_block.c's one_based_spmm_gemm): the original reads only rows
    # j >= off, a rewrite's loop over j from 0 reads before the operand.
    # Not when the output is over x (its pointer is the driver's own).
    prng = random.Random("%d:%d:offset-pointer" % (c["seed"], c["number"]))
    if prng.random() < 1.0 / 3 and x not in c["out"]["idx"]:
        c["offset"] = {"index": x, "kind": "pointer", "sign": None,
                       "name": None}
        for g in c["configs"]:
            g["offset"] = prng.choice([1, 1, 1, 2, 3, 7, 64, 1000])


def pick_accessor(c):
    """About half of the 'accessor' cases (`accessor_arg`) also read their
    two-index tensors, the output included, through one macro that takes
    the array as its first argument, shared by every tensor:
    `FZ_AT2(C, i, k, K)` with `#define FZ_AT2(A, a0, a1, d1) (A)[(a0) *
    (d1) + (a1)]`; the tensor is named from the argument. From a generator
    of its own, so that the other fields of a case are those of earlier
    versions."""
    rng = random.Random("%d:%d:accessor" % (c["seed"], c["number"]))
    if c.get("accessor") and rng.random() < 0.5:
        c["accessor_arg"] = True


def pick_forms(c):
    """Hand-written forms read through locals and casts: about 12% of the
    hand-written cases load their factors into value locals at the loop
    where each is known and multiply them SSA-style (`double v1 = C[..];
    double s1 = v1 * v2; A[..] += s1;`, assigned to locals declared first
    in the c89 style), and about 10% cast their indices in subscripts
    (`(long)i * K`). From a generator of its own, as pick_standard."""
    rng = random.Random("%d:%d:forms" % (c["seed"], c["number"]))
    if c["style"] != "hand" or c.get("accessor"):
        return
    if rng.random() < 0.12 and c["refusal"] is None and \
            c["stmt"] in ("+=", "assign_add"):
        c["values"] = True
    if rng.random() < 0.10:
        c["casts"] = rng.choice(["long", "size_t"])
        # A 'headers' case may declare a local named size_t.
        if "size_t" in c.get("hostile", []):
            c["casts"] = "long"



# How a 'members' case passes its inputs (pick_members): the sparse tensor's
# arrays and the dense operands as members of structs the kernel declares.
MEMBER_STYLES = ["ptr", "value", "nested"]


def pick_members(c):
    """About 12% of the hand-written cases pass their inputs as struct
    members: 'ptr' through pointers to structs (B->vals[p], ops->C[..]),
    'value' in structs passed by value (B.vals[p], C.data[..]), 'nested'
    in structs inside one (all->sp.vals[p], all->ops.C[..]). The names the
    rewrite declares must then still be identifiers. From a generator of its
    own, so that the other fields of a case are those of earlier versions;
    not with the 'alias' class, whose first operand is derived in the
    function."""
    rng = random.Random("%d:%d:members" % (c["seed"], c["number"]))
    if c["style"] != "hand" or c.get("alias") or rng.random() >= 0.12:
        return
    c["members"] = rng.choice(MEMBER_STYLES)


def pick_member_output(c):
    """About 8% of the hand-written cases write their output into an array
    held in a struct ('member_out'): 'ptr' through a pointer (res->data[..]),
    'value' in a struct passed by value (res.data[..]), 'nested' in a struct
    inside one (res->out.data[..]), the member declared 'restrict' or not
    (a member's restrict proves nothing of the function's pointers: the
    rewrite runs under the overlap test either way). Not where a directive
    or a macro names the output (generate_kernel leaves those cases as they
    are). From a generator of its own, so that the other fields of a case
    are those of earlier versions."""
    rng = random.Random("%d:%d:member-out" % (c["seed"], c["number"]))
    if c["style"] != "hand" or c.get("alias") or rng.random() >= 0.08:
        return
    c["member_out"] = {"style": rng.choice(MEMBER_STYLES),
                       "restrict": rng.random() < 0.5}



# Loop forms hand-written code uses, each drawn apart from the rest of the
# case: a repeat loop around the nest ('for', 'while' or 'do').
REPEAT_FORMS = ["for", "for_nobraces", "while", "do"]


def pick_loop_forms(c):
    """About 8% of the cases put the nest in a repeat loop (a benchmark's
    timing loop, 'repeat'): the nest inside is rewritten, the loop kept;
    about 12% of the hand-written cases with a compressed level below
    another walk it as MKL's four-array CSR ('four_array'). From a
    generator of their own, so that the other fields of a case are
    those of earlier versions."""
    rng = random.Random("%d:%d:loops" % (c["seed"], c["number"]))
    if rng.random() < 0.08:
        c["repeat"] = rng.choice(REPEAT_FORMS)
    s = c["sparse"]
    if (rng.random() < 0.12 and c["style"] == "hand" and s and
            any(s["fmt"][1:])):
        c["four_array"] = True
    if (rng.random() < 0.12 and c["style"] == "hand" and s and
            any(s["fmt"][1:])):
        c["relative"] = True
    # A compressed level no other access indexes walked by position only
    # (no 'int j = crd[p];'), in hand-written and TACO cases alike; and a
    # config whose positions decrease at a compressed level (fibers that
    # overlap: the rewrite must run the original, or not rely on order).
    forms = random.Random("%d:%d:positions" % (c["seed"], c["number"]))
    # TACO's split of the outer dense loop (its parallel examples' schedule),
    # in TACO cases mostly, strips of 16 or another size.
    outer = c["order"][0]
    first_dense = not (s and outer in s["levels"] and
                       s["fmt"][s["levels"].index(outer)] == 1)
    if first_dense and forms.random() < (0.3 if c["style"] == "taco"
                                         else 0.08):
        c["split"] = forms.choice([16, 16, 4, 32])
    if s and any(s["fmt"]) and forms.random() < 0.3:
        c["position_only"] = True
    if (s and any(s["fmt"]) and c["configs"] and forms.random() < 0.25):
        levels = [l for l, f in enumerate(s["fmt"]) if f == 1]
        g = dict(c["configs"][0])
        g["disorder"] = forms.choice(levels)
        c["configs"].append(g)
    # The bounds of a compressed level in locals declared just before its
    # loop: 'const int p_begin = pos[i], p_end = pos[i + 1];' (FusedMM), or
    # 'int p_len = pos[i + 1] - pos[i];' when it counts from the fiber.
    if (rng.random() < 0.12 and c["style"] == "hand" and s and
            any(s["fmt"][1:]) and not c.get("four_array")):
        c["bound_locals"] = True
    # The accumulator's sum copied into a local before it is stored
    # (ATL's 'double x4 = tmp2; output[i] = x4;').
    if rng.random() < 0.3 and c["stmt"] == "acc" and c["style"] == "hand":
        c["acc_copy"] = True
    # An assert in the innermost loop, half of them parsed with NDEBUG
    # (where it expands to '(void)0'): refused as lnr-assert.
    if (rng.random() < 0.03 and c["refusal"] is None and
            c.get("cls") is None and c["style"] == "hand"):
        c["refusal"] = "assert"
        if rng.random() < 0.5:
            c["flags"] = list(c["flags"]) + ["--extra-arg=-DNDEBUG"]


# The preamble's binary search of TACO's generated files (written here):
# the last position in array[lo..hi] whose value is at most target.
POSITION_SEARCH = """static long taco_binarySearchBefore(const %s *array, long lo,
                                    long hi, long target) {
  if (array[hi] <= target)
    return hi;
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (array[mid] <= target)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}"""


def pick_position_split(c):
    """Half the TACO cases (a fifth of the hand-written ones) whose two
    outer loops are a CSR level, dense then compressed, fuse them into
    TACO's position split (fuse, pos, split: chunks of nonzeros, the row
    found by taco_binarySearchBefore and moved on by a 'while'), half of
    them parallel with the output updated atomically, whatever its
    indices. From a generator of its own, so that the other fields of a
    case are those of earlier versions."""
    rng = random.Random("%d:%d:position-split" % (c["seed"], c["number"]))
    s, order = c["sparse"], c["order"]
    fits = (s and len(s["levels"]) >= 2 and len(order) >= 3 and
            s["levels"][:2] == order[:2] and s["fmt"][:2] == [0, 1] and
            c["refusal"] is None and c.get("cls") is None and
            not c.get("split") and not c.get("repeat") and
            not c.get("four_array") and not c.get("relative") and
            not c.get("bound_locals") and not c.get("omp_region") and
            not c.get("members") and c.get("std") != "c89" and
            c["stmt"] in ("+=", "assign_add", "acc") and
            c.get("acc_add") != "set" and
            (c["stmt"] != "acc" or len(order) - 1 - c.get("acc_loops", 1) >= 2))
    if not fits or rng.random() >= (0.5 if c["style"] == "taco" else 0.2):
        return
    c["pos_split"] = rng.choice([64, 16, 256])
    c["pragma"] = (rng.choice(["parallel for schedule(runtime)",
                               "parallel for"])
                   if rng.random() < 0.5 else None)


def pick_root_form(c):
    """About 40% of the cases whose sparse tensor has a compressed first
    level (DCSR, a sparse vector, TACO's {Sparse, Sparse, ...}) walk it
    from 0, as ATL's generated code does: 'for (q = 0; q < pos1[1]; q++)'
    ('root_from_zero'), which the tool reads as the root from pos1[0] under
    a run-time check that pos1[0] is 0. Such a case gets one more config
    whose root starts at position 1 ('root_first'): the original still
    walks every position from 0, the rewrite must run it instead. From a
    generator of its own, so that the other fields of a case are those of
    earlier versions."""
    rng = random.Random("%d:%d:root" % (c["seed"], c["number"]))
    s = c["sparse"]
    if not (s and s["fmt"][0] == 1) or rng.random() >= 0.4:
        return
    c["root_from_zero"] = True
    if c["configs"]:
        g = dict(c["configs"][rng.randrange(len(c["configs"]))])
        g["root_first"] = 1
        c["configs"].append(g)


# How a case's directive is written (pick_omp_forms): '#pragma omp parallel
# for', or a '#pragma omp parallel' region around '#pragma omp for' (with
# 'nowait', or the region's braces left out).
OMP_REGION_FORMS = ["braces", "nowait", "nobraces"]


def pick_omp_forms(c):
    """About 40% of the cases with a directive on the nest write it as a
    '#pragma omp parallel' region whose one statement is the nest under
    '#pragma omp for' ('omp_region', FusedMM's and SPLATT's style): the
    rewrite replaces the region. From a generator of its own, so that the
    other fields of a case are those of earlier versions."""
    rng = random.Random("%d:%d:omp" % (c["seed"], c["number"]))
    if c["pragma"] and rng.random() < 0.4:
        c["omp_region"] = rng.choice(OMP_REGION_FORMS)
        # Half of the regions with braces hold more than the nest
        # ('omp_team', SPLATT's and NPB CG's style): a declaration of the
        # region before it, and after it a 'single' that writes that
        # variable, or the nest 'nowait' and the file's own barrier, or
        # before it a 'single nowait' still running when other threads
        # reach the nest (the rewrite waits at a barrier before its
        # checks). The rewrite replaces the nest alone, shared among the
        # region's threads.
        if c["omp_region"] == "braces" and rng.random() < 0.5:
            c["omp_team"] = rng.choice(["single", "nowait_barrier",
                                        "single_before"])


def pick_omp_guard(c):
    """About 25% of the cases with '#pragma omp parallel for' on the nest
    (not as a region) make it optional, as real code does: under '#ifdef
    FZ_OMP', a macro the tool's parse does not define, or under '#ifdef
    _OPENMP', which -fopenmp defines (c["omp_guard"]). The rewrite must
    replace the conditional with the nest: one left before it would put
    the other configuration's directive on the rewrite's first statement.
    It must build under -DFZ_OMP, and without -fopenmp
    (other_configurations). From a generator of its own, so that the other
    fields of a case are those of earlier versions."""
    rng = random.Random("%d:%d:ompguard" % (c["seed"], c["number"]))
    if c["pragma"] and not c.get("omp_region") and not c.get("pos_split") \
            and rng.random() < 0.25:
        c["omp_guard"] = rng.choice(["FZ_OMP", "_OPENMP"])


def pick_quotient_bound(c):
    """About 10% of the hand-written cases whose outermost loop is bounded
    by a parameter bound one inner dense loop by a quotient,
    'fz_t_x / N' for N that outermost bound (the driver passes fz_t_x =
    X * N): the nest divides only when the outer loop runs, and an extent
    of 0 there makes it 0 / 0 when a rewrite evaluates the bound before
    the loops (a temporary's size, the run-time choice's costs, a reordered
    loop). The tool must leave such a nest as it is (lnr-unsupported-loop).
    From a generator of its own, so that the other fields of a case are
    those of earlier versions."""
    rng = random.Random("%d:%d:quot" % (c["seed"], c["number"]))
    if c["style"] != "hand" or c.get("accessor") or c.get("members") or \
            rng.random() >= 0.1:
        return
    first = c["order"][0]
    if c["bounds"].get(first) != "param":
        return
    inner = [x for d, x in enumerate(c["order"])
             if d > 0 and d in dense_loops(c) and c["bounds"].get(x) == "param"]
    if not inner:
        return
    c["bounds"][rng.choice(inner)] = "quot"
    # A data set whose outermost extent is 0: the nest never divides.
    if c["configs"]:
        g = dict(c["configs"][0])
        g["ext"] = list(g["ext"])
        g["ext"][c["indices"].index(first)] = 0
        c["configs"].append(g)


def pick_comments(c):
    """About 8% of the hand-written cases have comments inside the nest's
    text (Kernel.commented): in each loop header before its second ';'
    ('k < K /* bound */;') and after each statement, '//' in C99 and
    '/* */' in C89. The rewrite reads the file's text (headers,
    statements) and must lay it out without them. From a generator of its
    own, so that the other fields of a case are those of earlier
    versions."""
    rng = random.Random("%d:%d:comments" % (c["seed"], c["number"]))
    if c["style"] == "hand" and rng.random() < 0.08:
        c["comments"] = True


def pick_configurations(c):
    """About 8% of the cases define, under '#ifdef FZ_OTHER_BUILD' (a
    configuration the build does not take), macros named as the rewrite
    names what it declares ('then_cost', 't_part'; c["other_build"]), and
    about 8% open with a feature-test macro before their headers and read
    'M_PI' of <math.h> (c["feature_macro"], every other one under
    '#ifndef _XOPEN_SOURCE'); the rewrite must build under
    -DFZ_OTHER_BUILD, and under -std=c99, where <math.h> declares 'M_PI'
    only after '_XOPEN_SOURCE' (an include inserted above it comes first),
    and for a guarded one, with -D_XOPEN_SOURCE=700 too (an include
    inserted inside its block is skipped).
    Half the hand-written kernels without restrict declare a local
    named 'uintptr_t' (c["hostile"]). From a generator of its own, so that the other fields of a case are
    those of earlier versions."""
    rng = random.Random("%d:%d:config" % (c["seed"], c["number"]))
    c["other_build"] = rng.random() < 0.08
    c["feature_macro"] = rng.random() < 0.08
    # The type the run-time overlap test compares addresses in, taken by a
    # local of a kernel whose output may overlap an input (a parameter
    # named 'uintptr_t' is the same).
    if (rng.random() < 0.5 and c["style"] == "hand" and not c["restrict"]
            and "uintptr_t" not in (c.get("hostile") or [])):
        c["hostile"] = (c.get("hostile") or []) + ["uintptr_t"]


# What a hand-written file includes (pick_includes): '<omp.h>' only (gcc's
# includes nothing, clang's <stdlib.h> and <stdint.h>, which the tool parses
# with), nothing, or '<stdlib.h>' only.
INCLUDE_VARIANTS = ["omp", "none", "stdlib"]


def pick_includes(c):
    """About one hand-written case in 6 each (c["includes"]) includes '<omp.h>'
    only, nothing at all, or '<stdlib.h>' only, besides what the kernel itself
    needs (<stddef.h> for a size_t, <assert.h>, <math.h> of the feature_macro
    form, <stdint.h> for a class's narrow types; an index type int32_t becomes
    int; a C89 file none rather than <omp.h>, since clang's is not C89). The
    tool parses the file with clang's <omp.h>, which includes <stdlib.h> and
    <stdint.h>; gcc's includes neither: a rewrite that uses uintptr_t (the
    run-time overlap test) or malloc (heap temporaries) must include their
    headers itself, or gcc rejects it (every rewrite is built by gcc and
    clang-14 with -Werror=implicit-function-declaration). Four in five of those
    outside the classes and the refused styles lose the output's 'restrict'
    (and --assume-no-alias), so that the overlap test is used. Not in class
    'headers', which chooses its includes itself, nor in TACO's files
    (taco_tensor_t.h includes both headers). From a generator of its own, so
    that the other fields of a case are those of earlier versions."""
    rng = random.Random("%d:%d:includes" % (c["seed"], c["number"]))
    x = rng.random()
    if c["style"] != "hand" or c.get("headers") or x >= 0.5:
        return
    c["includes"] = INCLUDE_VARIANTS[int(x * 6)]
    # Clang's <omp.h> is not C89 ('static inline'): the tool cannot parse
    # such a file with -std=c89.
    if c["includes"] == "omp" and c.get("std") == "c89":
        c["includes"] = "none"
    if c["itype"] == "int32_t":
        c["itype"] = "int"
    if (c["restrict"] and c["cls"] is None and c["refusal"] is None and
            rng.random() < 0.8):
        c["restrict"] = False
        if "--assume-no-alias" in c["flags"]:
            c["flags"] = [f for f in c["flags"] if f != "--assume-no-alias"]


# Loop counters narrower than int, and size_t (pick_counters): each type's
# largest value, and the extents near it (an added loop stepping by 8, or
# by 16 for float, from 0 to such an extent wraps).
COUNTER_TYPES = {"char": 127, "unsigned char": 255, "short": 32767,
                 "unsigned short": 65535, "size_t": None}
COUNTER_NEAR_MAX = {"char": (121, 127), "unsigned char": (249, 255),
                    "short": (32761, 32767), "unsigned short": (65529, 65535)}


def counter_loops(c):
    """The indices of the dense loops written 'for (T x = 0; x < X; x++)'
    (Kernel.header's plain form), which pick_counters may retype."""
    ref = c["refusal"]
    dl = dense_loops(c)
    out = []
    for d in dl:
        x = c["order"][d]
        if (d == 0 and (c.get("split") or c.get("pos_split") or
                        ref in ("c89", "step2"))):
            continue
        if d == max(dl) and ref in ("inclusive", "macro_loop"):
            continue
        if ref == "from_one" and d == from_one_depth(c):
            continue
        if c.get("pos_split") and d <= 1:
            continue
        out.append(x)
    return out


def pick_counters(c):
    """About 60% of the hand-written C99 cases with a dense operand X(j, y)
    over a compressed j and a dense y below it (the rows the prefetch of the
    next nonzero gathers), 10% of the others, count one or two dense loops in a
    type narrower than int ('char', 'short', 'unsigned char', 'unsigned short')
    or in 'size_t' (c["counters"]: index -> type), as legacy code does. Every
    config's extent of such an index fits the type (the original stops), and
    one config per narrow index takes an extent near the type's largest value
    (unsigned char 249 to 255, char 121 to 127, ...), the other extents small:
    a loop the rewrite adds over that extent in the counter's type that steps
    by more than 1 (the prefetch of the next row, 'pf += 8') wraps and never
    ends. Each run of the driver's kernels has a time limit (FAIL-hang). The
    index preferred is such a y, then the deepest outside the output. Not with
    a negative extent (class 'extent') nor in class 'headers' under size_t, nor
    in class 'mixed' (its sums' lengths and the narrow outputs' ranges are
    chosen), nor in C89 files (c89ify.py reads one-word types). From a
    generator of its own, so that the other fields of a case are those of
    earlier versions."""
    rng = random.Random("%d:%d:counters" % (c["seed"], c["number"]))
    draw = rng.random()
    if (c["style"] != "hand" or c.get("std") == "c89" or
            c["refusal"] == "c89" or c["cls"] == "mixed"):
        return
    cands = counter_loops(c)
    s = c["sparse"]
    compressed = [x for x, f in zip(s["levels"], s["fmt"]) if f == 1] \
        if s else []
    depth = {x: d for d, x in enumerate(c["order"])}
    gathered = [y for y in cands for t in c["dense"]
                if len(t["idx"]) == 2 and t["idx"][1] == y and
                t["idx"][0] in compressed and depth[t["idx"][0]] < depth[y]]
    # More often where the prefetch of the next row would count in it.
    if not cands or draw >= (0.6 if gathered else 0.1):
        return
    outside = [y for y in cands if y not in c["out"]["idx"]]
    first = rng.choice(gathered if gathered and rng.random() < 0.9 else
                       outside[-1:] if outside and rng.random() < 0.6
                       else cands)
    chosen = [first]
    rest = [y for y in cands if y != first]
    if rest and rng.random() < 0.3:
        chosen.append(rng.choice(rest))
    types = list(COUNTER_TYPES)
    counters = {}
    for y in chosen:
        t = rng.choices(types, [25, 30, 15, 15, 15])[0]
        # Not size_t over a negative extent ('k < K' converts K), nor where
        # class 'headers' declares a name size_t.
        if t == "size_t" and (y == c.get("ext_index") or c.get("headers")):
            t = "unsigned char"
        counters[y] = t
    c["counters"] = counters
    # A config per narrow index with its extent near the type's largest,
    # the others small (a bound by a macro keeps its value).
    for y, t in counters.items():
        if t not in COUNTER_NEAR_MAX or c["bounds"].get(y) == "macro" or \
                not c["configs"]:
            continue
        lo, hi = COUNTER_NEAR_MAX[t]
        g = dict(c["configs"][0])
        # The other extents 2 to 4 (fibers of 2 nonzeros or more: the
        # prefetch runs before a next one), the compressed levels' first,
        # within about 200,000 iterations; then 1.
        ext = dict(zip(c["indices"], g["ext"]))
        ext[y] = rng.randint(lo, hi)
        budget = 200000 // ext[y]
        for z in sorted(c["indices"], key=lambda z: z not in compressed):
            if z == y:
                continue
            if c["bounds"].get(z) != "macro":
                ext[z] = rng.randint(2, 4)
                if ext[z] > budget:
                    ext[z] = 1
            budget //= max(1, ext[z])
        g["ext"] = [ext[z] for z in c["indices"]]
        g.update(density=rng.choice([0.6, 1.0]), empty=0.0, keep=0.0,
                 near_max=y)
        c["configs"].append(g)
    fit_counter_extents(c)


def fit_counter_extents(c):
    """Caps every config's extent of an index counted in a narrow type to
    the type's largest value (the original's loop stops there)."""
    for y, t in (c.get("counters") or {}).items():
        top = COUNTER_TYPES.get(t)
        if top is None or y not in c["indices"]:
            continue
        a = c["indices"].index(y)
        for g in c["configs"]:
            g["ext"][a] = min(g["ext"][a], top)


def pick_default_none(c):
    """About a third of the C99 cases with a directive on the nest give it
    'default(none)' and a 'shared' clause naming every variable declared
    outside the nest (Kernel.default_none): a rewrite must then name what
    it declares outside the directive and reads inside, or it does not
    compile (clang rejects it; both compilers build each rewrite). From a
    generator of its own, so that the other fields of a case are those of
    earlier versions."""
    rng = random.Random("%d:%d:dnone" % (c["seed"], c["number"]))
    if c["pragma"] and c.get("std") != "c89" and rng.random() < 0.35:
        c["default_none"] = True


def pick_standard(c):
    """About 15% of the hand-written cases are written as ANSI C (C89) and
    rewritten with -std=c89, -ansi or -std=gnu89: the rewrite must then
    build with -std=c89 -pedantic-errors. c89ify declares every variable at
    the top of the function and assigns it where the C99 form declares it:
    loop variables, coordinates, row pointers, values, positions, the
    scalar accumulator and its copies, the split loop's index. From a
    generator of its own, so that the other fields of a case are those of
    earlier versions."""
    rng = random.Random("%d:%d:std" % (c["seed"], c["number"]))
    if c["style"] != "hand" or c.get("accessor") or rng.random() >= 0.15:
        return
    c["std"] = "c89"
    c["flags"] = list(c["flags"]) + ["--extra-arg=" + rng.choice(
        ["-std=c89", "-ansi", "-std=gnu89"])]


def dense_loops(c):
    """Depths of the loops that are not compressed."""
    s = c["sparse"]
    return [d for d, x in enumerate(c["order"])
            if not (s and x in s["levels"] and
                    s["fmt"][s["levels"].index(x)] == 1)]


def from_one_depth(c):
    """The dense loop a 'from_one' case starts at 1: the second innermost,
    often the index of a temporary."""
    dl = dense_loops(c)
    return dl[-2] if len(dl) >= 2 else dl[-1]


def normalize_refusal(c):
    """A refused style that does not apply to the case becomes 'sum'."""
    r = c["refusal"]
    dl = dense_loops(c)
    if r == "inline_crd" and not (c["sparse"] and any(c["sparse"]["fmt"])):
        r = "sum"
    if r in ("c89", "step2") and 0 not in dl:
        r = "sum"
    if r in ("macro_loop", "inclusive", "from_one") and not dl:
        r = "sum"
    if r == "no_restrict" and "--assume-no-alias" in c["flags"]:
        c["flags"].remove("--assume-no-alias")
    # Without restrict the default is a rewrite versioned under an overlap
    # test (the 'alias' class runs it); the refusal is --no-alias-check's.
    if r == "no_restrict" and "--no-alias-check" not in c["flags"]:
        c["flags"].append("--no-alias-check")
    c["refusal"] = r


def make_configs(rng, c):
    """Extents and sparsity of the data sets the driver runs."""
    idx = c["indices"]
    fixed = {x: c["macro_ext"][x] for x in idx if c["bounds"][x] == "macro"}
    cfgs = []

    def ext_with(f):
        e = {x: fixed.get(x, f(x)) for x in idx}
        return [e[x] for x in idx]

    def cfg(ext, density, empty, keep):
        cfgs.append({"ext": ext, "density": density, "empty": empty,
                     "keep": keep})

    cfg(ext_with(lambda x: rng.randint(1, 5)), rng.choice([0.3, 0.6, 1.0]),
        0.2, 0.1)
    cfg(ext_with(lambda x: rng.randint(2, 6)), rng.choice([0.1, 0.5]), 0.3,
        0.3)
    cfg(ext_with(lambda x: 1), 1.0, 0.0, 0.0)          # single elements
    cfg(ext_with(lambda x: rng.randint(1, 4)), 0.0, 0.0, 0.0)  # empty tensor
    cfg(ext_with(lambda x: rng.randint(1, 4)), 0.0, 0.0, 0.5)  # stored zeros
    zero = rng.choice(idx)
    cfg(ext_with(lambda x: 0 if x == zero else rng.randint(1, 4)), 0.5, 0.0,
        0.2)                                            # an extent of 0
    # Every extent as large as about 60,000 iterations allow.
    big = max(2, int(60000 ** (1.0 / len(idx))))
    cfg(ext_with(lambda x: rng.randint(big // 2 + 1, big)), 0.3, 0.2, 0.05)
    # A long outer loop so that 2 threads really share it.
    first = c["order"][0]
    cfg(ext_with(lambda x: rng.randint(130, 200) if x == first
                 else rng.randint(1, 3)), 0.4, 0.25, 0.1)
    return cfgs


# ------------------------------------------------------------ C generation


class Kernel:
    """Emits the kernel file of a case and describes its parameters."""

    def __init__(self, c):
        self.c = c
        self.rng = random.Random(c["factor_order"])
        self.refusal = c["refusal"]
        self.real = c["real"]
        self.itype = c["itype"]
        self.taco = c["style"] == "taco"
        self.params = []  # (C declaration, kind, ref)
        self.top = []     # lines before the function
        self.pre = []     # lines at the start of the body
        self.sparse = c["sparse"]
        self.inline_crd = ((self.refusal == "inline_crd" or
                            c.get("crd_in_place")) and self.sparse and
                           any(self.sparse["fmt"]))
        self.members = c.get("members")
        self.member_types = []  # the structs' typedefs, for the driver

    # -- names
    def bound(self, x, tensor=None):
        kind = self.c["bounds"][x]
        if self.taco:
            return self.taco_dim(x, tensor)
        if kind == "param":
            return x.upper()
        if kind == "struct":
            return "d->" + x.upper()
        if kind == "macro":
            return "N" + x.upper()
        if kind == "quot":
            return "(fz_t_%s / %s)" % (x, self.bound(self.c["order"][0]))
        return x.upper()  # a local copied from the struct or an array

    def taco_tensors(self):
        ts = [(self.c["out"]["name"], self.c["out"]["idx"])]
        if self.sparse:
            ts.append((self.sparse["name"], self.sparse["levels"]))
        ts += [(t["name"], t["idx"]) for t in self.c["dense"]]
        return ts

    def taco_dim(self, x, tensor=None):
        # The dimension of x in the given tensor, or in the first that has x.
        for name, ix in self.taco_tensors():
            if (tensor is None or name == tensor) and x in ix:
                self.used_dims.add((name, ix.index(x)))
                return "%s%d_dimension" % (name, ix.index(x) + 1)
        # an index no tensor has (a repeat loop): a parameter
        return x.upper()

    def four_array(self, level):
        """Whether compressed level 'level' is read as MKL's four-array CSR
        (pos[q] to pos_end[q], the driver passing pos + 1 as pos_end)."""
        return bool(self.c.get("four_array")) and level > 0 and \
            not self.taco

    def relative(self, level):
        """Whether compressed level 'level' counts its positions from its
        fiber's start: 'for (q = 0; q < pos2[p + 1] - pos2[p]; q++)', read
        at 'pos2[p] + q'."""
        return bool(self.c.get("relative")) and level > 0 and not self.taco

    def position_only(self, level):
        """Whether compressed level 'level' is walked by position only: its
        coordinate never loaded, since no dense operand nor the output is
        indexed by it (TACO's level of j when A is stored at B's
        positions; a row's values summed)."""
        x = self.sparse["levels"][level]
        return bool(self.c.get("position_only")) and \
            self.sparse["fmt"][level] == 1 and \
            x not in self.c["out"]["idx"] and \
            all(x not in d["idx"] for d in self.c["dense"])

    def bound_locals(self, level):
        """Whether compressed level 'level' reads its bounds from locals
        declared in the body of the loop around it (bound_local_decl)."""
        # Not in C89 cases: c89ify hoists declarations as one per line.
        return bool(self.c.get("bound_locals")) and level > 0 and \
            not self.taco and not self.four_array(level) and \
            "c89" not in (self.c.get("std"), self.c.get("refusal"))

    def bound_local_decl(self, level, it, parent):
        """The declaration of level's bound locals, and the header's lower
        and upper bounds that read them."""
        pa = self.sp(self.pos_arr(level)[0])
        p = self.pos_name(level)
        if self.relative(level):
            return ("%s %s_len = %s[%s + 1] - %s[%s];" % (
                it, p, pa, paren(parent), pa, parent), "0", p + "_len")
        return ("const %s %s_begin = %s[%s], %s_end = %s[%s + 1];" % (
            it, p, pa, parent, p, pa, paren(parent)),
            p + "_begin", p + "_end")

    def pos_name(self, level):
        x = self.sparse["levels"][level]
        if self.taco:
            return x + "B"
        return ["p", "q", "r", "s"][level]

    def pos_arr(self, level):
        s = self.sparse
        if self.taco:
            return "B%d_pos" % (level + 1), "B%d_crd" % (level + 1)
        if s["format"] in ("CSR", "CSC") and self.c["number"] % 3 == 0:
            return ("rowptr", "colidx") if s["format"] == "CSR" else \
                ("colptr", "rowidx")
        return "pos%d" % (level + 1), "crd%d" % (level + 1)

    def vals_name(self):
        if self.taco:
            return "B_vals"
        return ["vals", "Bv", "B_vals"][self.c["number"] % 3]

    def arr(self, t):
        if self.c.get("alias") == "global" and t == self.first_dense():
            return "fz_g"
        if self.taco:
            return t + "_vals"
        if self.members and t != self.c["out"]["name"]:
            return {"ptr": "ops->%s", "value": "%s.data",
                    "nested": "all->ops.%s"}[self.members] % t
        return t

    def sp(self, field):
        """An array of the sparse tensor (positions, coordinates, values)
        as the kernel reads it: a struct member in a 'members' case."""
        return {None: "", "ptr": "B->", "value": "B.",
                "nested": "all->sp."}[self.members] + field

    def out_subscript(self):
        """The output's subscript of an 'overwrite' case (out_lin): rows
        that overlap when the stride is less than the row length."""
        a, b = self.c["out"]["idx"]
        mode = self.c["out_lin"]
        if mode == "lda":
            return "%s * lda + %s" % (a, b)
        if mode == "sum":
            return "%s + %s" % (a, b)
        return "%s * (%s - 3) + %s" % (a, self.bound(b, self.c["out"]["name"]),
                                       b)

    # -- the sparse tensor's positions
    def sparse_positions(self):
        """level -> C expression of its position (after its loop)."""
        s = self.sparse
        out = {}
        prev = None
        for l, (x, f) in enumerate(zip(s["levels"], s["fmt"])):
            if f == 1 and self.relative(l):
                out[l] = "%s[%s] + %s" % (self.sp(self.pos_arr(l)[0]),
                                          prev, self.pos_name(l))
            elif f == 1:
                out[l] = self.pos_name(l)
            elif prev is None:
                out[l] = x
            else:
                out[l] = "%s * %s + %s" % (paren(prev), self.bound(x, "B"), x)
                if self.taco or self.c["subscripts"] != "inline":
                    self.sparse_dense_posvar[l] = self.pos_name(l)
                    out[l] = self.pos_name(l)
            prev = out[l]
        self.spos = out
        return out

    def index_expr(self, x):
        e = x
        if self.inline_crd and x in self.sparse["levels"]:
            l = self.sparse["levels"].index(x)
            if self.sparse["fmt"][l] == 1:
                e = "%s[%s]" % (self.sp(self.pos_arr(l)[1]), self.spos[l])
        off = self.c.get("offset")
        if off and x == off["index"] and off["kind"] != "pointer":
            # An 'offset' case: the operands hold the coordinates' block
            # (a 'pointer' one's subscript is plain: the driver moves the
            # operand's pointer back instead).
            e = "(%s %s %s)" % (e, off["sign"], off["name"])
        return e

    def linear(self, name, ix, exprs=None):
        """Linearized subscript of tensor name over indices ix (spelled
        exprs, the indices themselves by default)."""
        e = exprs or [self.index_expr(x) for x in ix]
        if self.c.get("casts") and not exprs:
            e = ["(%s)%s" % (self.c["casts"], x if x.startswith("(") and
                             x.endswith(")") else paren(x)) for x in e]
        if len(ix) == 1:
            return e[0]
        dims = [self.bound(x, name) for x in ix]
        lin = self.c["lin"]
        if lin == "flat" or (lin == "swapped" and len(ix) == 3):
            terms = []
            for a in range(len(ix)):
                f = [e[a]] + dims[a + 1:]
                terms.append(" * ".join(f))
            return " + ".join(terms)
        if lin == "swapped":
            return "%s + %s * %s" % (e[1], e[0], dims[1])
        s = e[0]
        for a in range(1, len(ix)):
            s = "%s * %s + %s" % (paren(s) if a > 1 else s, dims[a], e[a])
        return s

    def emit(self):
        c = self.c
        self.used_dims = set()
        self.sparse_dense_posvar = {}
        order = c["order"]
        depth_of = {x: d for d, x in enumerate(order)}
        R = self.real
        it = self.itype
        ref = self.refusal
        posvar_mode = c["subscripts"]

        # Accesses: (name, indices, kind)
        accesses = []
        for t in c["dense"]:
            accesses.append((t["name"], t["idx"]))
        out = c["out"]
        spos = self.sparse_positions() if self.sparse else {}

        decls_at = {d: [] for d in range(-1, len(order))}  # posvar decls
        access_text = {}

        def place(name, ix, text):
            # declare a position variable in the loop of the last index
            d = max(depth_of[x] for x in ix)
            pv = "%s%s" % (order[d], name)
            if pv in INDEX_NAMES or any(pv == p for p, _ in decls_at[d]):
                pv += "_"
            decls_at[d].append((pv, text))
            return pv

        def access(name, ix, is_out=False):
            arrname = self.arr(name)
            if not ix:
                return "%s[0]" % arrname
            if is_out and c.get("out_lin"):
                text = self.out_subscript()
                if posvar_mode != "inline" or self.taco:
                    return "%s[%s]" % (arrname, place(name, ix, text))
                return "%s[%s]" % (arrname, text)
            if (self.c.get("accessor_arg") and self.c["accessor"] and
                    len(ix) == 2):
                # One macro for every tensor, the array its argument.
                if "FZ_AT2" not in self.macros:
                    self.top.append("#define FZ_AT2(A, a0, a1, d1) "
                                    "(A)[(a0) * (d1) + (a1)]")
                    self.macros.add("FZ_AT2")
                return "FZ_AT2(%s, %s, %s, %s)" % (
                    arrname, self.index_expr(ix[0]), self.index_expr(ix[1]),
                    self.bound(ix[1], name))
            if self.c["accessor"] and not is_out and len(ix) >= 2 and \
                    self.rng.random() < 0.6:
                params = ["a%d" % a for a in range(len(ix))]
                body = self.linear(name, ix, ["(%s)" % p for p in params])
                m = "%s_AT" % name
                if m not in self.macros:
                    self.top.append("#define %s(%s) %s[%s]" % (
                        m, ", ".join(params), arrname, body))
                    self.macros.add(m)
                return "%s(%s)" % (m, ", ".join(self.index_expr(x)
                                                for x in ix))
            use_pv = posvar_mode == "posvar" or (
                posvar_mode == "mixed" and self.rng.random() < 0.5)
            if use_pv and len(ix) >= 2 and not self.inline_crd:
                # TACO-style chain when the loop order follows the indices.
                ds = [depth_of[x] for x in ix]
                if ds == sorted(ds) and self.rng.random() < 0.6:
                    prev = self.index_expr(ix[0])
                    for a in range(1, len(ix)):
                        text = "%s * %s + %s" % (prev, self.bound(ix[a], name),
                                                 self.index_expr(ix[a]))
                        prev = place(name, ix[:a + 1], text)
                    return "%s[%s]" % (arrname, prev)
                pv = place(name, ix, self.linear(name, ix))
                return "%s[%s]" % (arrname, pv)
            return "%s[%s]" % (arrname, self.linear(name, ix))

        if c.get("casts") == "size_t":
            self.top.insert(0, "#include <stddef.h>")
        self.macros = set()
        factors = []
        known_at = {}  # factor text -> the depth where its indices are set
        for name, ix in accesses:
            factors.append(access(name, ix))
            known_at[factors[-1]] = max(depth_of[x] for x in ix)
        if self.sparse and not (c.get("unweighted") and factors +
                                c["scalars"]):
            last = len(self.sparse["levels"]) - 1
            factors.append("%s[%s]" % (self.sp(self.vals_name()),
                                       spos[last]))
            known_at[factors[-1]] = depth_of[self.sparse["levels"][last]]
        for s in c["scalars"]:
            factors.append(s)
        self.rng.shuffle(factors)
        # The 'scaled-sum' form: one factor known outside the
        # accumulator's loops multiplies the stored sum instead.
        scale = None
        if c.get("scaled_sum") and ref is None and len(factors) >= 2:
            outside = [f for f in factors if f in known_at and
                       known_at[f] <= len(order) - 1 - c.get("acc_loops", 1)]
            if outside:
                scale = outside[0]
                factors.remove(scale)
        if c.get("mix") == "wide":
            # The double alpha first: C then multiplies every float factor
            # in double (fuzz_classes.apply_mixed).
            factors.remove("alpha")
            factors.insert(0, "alpha")
        if ref == "output_read":
            factors.append(access(out["name"], out["idx"], True))
        out_text = access(out["name"], out["idx"], True)

        if ref == "call":
            factors[0] = "fabs(%s)" % factors[0]
            self.top.append("double fabs(double);")
        if ref == "negate":
            factors[0] = "-" + factors[0]
        if ref == "cast":
            factors[0] = "(%s)%s" % ("float" if R == "double" else "double",
                                     factors[0])
        ops = [" * "] * (len(factors) - 1)
        if ref == "div" and ops:
            ops[-1] = " / "
        prod = factors[0]
        for op, f in zip(ops, factors[1:]):
            prod += op + f
        if c["paren"] and len(factors) >= 3 and ref != "div":
            prod = factors[0] + " * (" + " * ".join(factors[1:]) + ")"
        if ref == "sum":
            prod += " + " + (factors[-1] if len(factors) > 1 else "1.0")

        # The 'values' form: each factor loaded into a local where it is
        # known, the product built SSA-style at the innermost loop.
        values_at = {d: [] for d in range(len(order))}
        ssa = []
        if c.get("values") and ref is None and not c["paren"]:
            named = []
            for f in factors:
                if f in known_at:
                    v = "v%d" % len(named)
                    values_at[known_at[f]].append("%s %s = %s;" % (R, v, f))
                    named.append(v)
                else:
                    named.append(f)
            prod = named[0]
            for n, f in enumerate(named[1:]):
                ssa.append("%s s%d = %s * %s;" % (R, n, prod, f))
                prod = "s%d" % n

        # Statement(s) at the innermost loop.
        op = "-=" if ref == "minus" else "+="
        stmt = c["stmt"]
        if ref == "assert":
            self.top.insert(0, "#include <assert.h>")
        if ref == "printf":
            inner_stmt = 'printf("%%g\\n", (double)(%s));' % prod
            self.top.append("int printf(const char *, ...);")
            stmt = "+="
        elif stmt == "acc":
            # Not a hostile local's name (class headers): the kernel would
            # declare it twice.
            tname = ("t%s%s_val" % (order[-1], out["name"]) if self.taco
                     else self.rng.choice([
                         n for n in ["acc", "t", "sum"]
                         if n not in (c.get("hostile") or [])]))
            inner_stmt = "%s %s %s;" % (tname, op, prod)
        elif stmt == "assign_add" and ref != "minus":
            inner_stmt = "%s = %s + %s;" % (out_text, out_text, prod)
        else:
            inner_stmt = "%s %s %s;" % (out_text, op, prod)

        # Loop headers.
        def header(d):
            x = order[d]
            if c.get("coo") and x == self.sparse["levels"][0]:
                # A coordinate list: one loop over the positions, the row
                # and the column loaded first (pick_coo).
                q = self.pos_name(1)
                ca = self.sp(self.pos_arr(1)[1])
                hdr = "for (%s %s = 0; %s < B_nnz; %s++)" % (it, q, q, q)
                return hdr, ["%s %s = B_row[%s];" % (it, x, q),
                             "%s %s = %s[%s];" % (
                                 it, self.sparse["levels"][1], ca, q)], []
            if c.get("coo") and x == self.sparse["levels"][1]:
                return None, [], []
            if self.sparse and x in self.sparse["levels"]:
                l = self.sparse["levels"].index(x)
                if self.sparse["fmt"][l] == 1:
                    parent = "0" if l == 0 else spos[l - 1]
                    pa, ca = map(self.sp, self.pos_arr(l))
                    p = self.pos_name(l)
                    # A first level: pos[0] to pos[1], as TACO writes it,
                    # or from 0 to pos[1], as ATL does.
                    end = "1" if l == 0 else "%s + 1" % paren(parent)
                    hdr = "for (%s %s = %s[%s]; %s < %s[%s]; %s++)" % (
                        it, p, pa, parent, p, pa, end, p)
                    if l == 0 and c.get("root_from_zero"):
                        hdr = "for (%s %s = 0; %s < %s[1]; %s++)" % (
                            it, p, p, pa, p)
                    if self.four_array(l):
                        hdr = "for (%s %s = %s[%s]; %s < %s_end[%s]; %s++)" % (
                            it, p, pa, parent, p, pa, parent, p)
                    if self.relative(l):
                        end = ("%s_end[%s]" % (pa, parent) if
                               self.four_array(l) else
                               "%s[%s + 1]" % (pa, paren(parent)))
                        hdr = "for (%s %s = 0; %s < %s - %s[%s]; %s++)" % (
                            it, p, p, end, pa, parent, p)
                    if self.bound_locals(l):
                        _, lo, hi = self.bound_local_decl(l, it, parent)
                        hdr = "for (%s %s = %s; %s < %s; %s++)" % (
                            it, p, lo, p, hi, p)
                    elif (ref == "inclusive" and hdr.count(" < ") == 1 and
                          not self.relative(l)):
                        # NPB CG's 'k <= rowstr[j + 1] - 1'.
                        head, bound = hdr.rsplit(" < ", 1)
                        bound, step = bound.split("; ", 1)
                        hdr = "%s <= %s - 1; %s" % (head, bound, step)
                    body = [] if self.inline_crd or self.position_only(
                        l) else ["%s %s = %s[%s];" % (
                            c.get("crd_type") or it, x, ca, spos[l])]
                    return hdr, body, []
            b = self.bound(x)
            pre = []
            if ref == "c89" and d == 0:
                pre = ["%s %s;" % (it, x)]
                hdr = "for (%s = 0; %s < %s; %s++)" % (x, x, b, x)
            elif ref == "inclusive" and d == max(dense_loops(c)):
                hdr = "for (%s %s = 0; %s <= %s - 1; %s++)" % (it, x, x, b, x)
            elif ref == "from_one" and d == from_one_depth(c):
                # Not a refusal: a dense loop from 1 (temporaries over it
                # count from 0).
                hdr = "for (%s %s = 1; %s < %s; %s++)" % (it, x, x, b, x)
            elif ref == "step2" and d == 0:
                hdr = "for (%s %s = 0; %s < %s; %s += 2)" % (it, x, x, b, x)
            elif ref == "macro_loop" and d == max(dense_loops(c)):
                self.top.append("#define FZ_FOR(v, n) for (%s v = 0; v < (n);"
                                " v++)" % it)
                hdr = "FZ_FOR(%s, %s)" % (x, b)
            elif d == 0 and c.get("split"):
                # TACO's split(x, x0, x1, S): x rebuilt from the strip and
                # the offset, the iterations past the bound skipped.
                n = c["split"]
                hdr = ("for (%s %s0 = 0; %s0 < ((%s + %d) / %d); %s0++) "
                       "for (%s %s1 = 0; %s1 < %d; %s1++)" % (
                           it, x, x, b, n - 1, n, x, it, x, x, n, x))
                pre = ["%s %s = %s0 * %d + %s1;" % (it, x, x, n, x),
                       "if (%s >= %s) continue;" % (x, b)]
                return hdr, pre, []
            else:
                # A narrow counter (pick_counters) in the plain form only.
                ct = (c.get("counters") or {}).get(x) or it
                hdr = "for (%s %s = 0; %s < %s; %s++)" % (ct, x, x, b, x)
                down = c.get("down") or {}
                if down.get("depth") == d and down["form"] == "post":
                    hdr = "for (%s %s = %s; %s-- > 0;)" % (ct, x, b, x)
                elif down.get("depth") == d:
                    hdr = "for (%s %s = %s - 1; %s >= 0; %s--)" % (
                        ct, x, paren(b), x, x)
            body = []
            if self.sparse and x in self.sparse["levels"]:
                l = self.sparse["levels"].index(x)
                if l in self.sparse_dense_posvar:
                    body.append("%s %s = %s;" % (
                        it, self.sparse_dense_posvar[l],
                        "%s * %s + %s" % (paren(spos[l - 1]),
                                          self.bound(x, "B"), x)))
            return hdr, body, pre

        def braces_for(d):
            b = c["braces"]
            if b == "all":
                return True
            if b == "none":
                return False
            return self.rng.random() < 0.5

        lines = []
        # The accumulator's loop: around the innermost acc_loops loops.
        acc_d = len(order) - 1 - c.get("acc_loops", 1)

        def emit_position_split(ind):
            # TACO's position split of the CSR level order[0], order[1].
            x, n = order[0], c["pos_split"]
            pa = self.sp(self.pos_arr(1)[0])
            p, N = self.pos_name(1), self.bound(x)
            _, body1, _ = header(1)
            if not self.taco:  # taco_tensor_t.h has TACO's own
                self.top.append(POSITION_SEARCH % (
                    it if it != "long" else "int"))
            if c["pragma"]:
                lines.append("#pragma omp " + c["pragma"])
            lines.extend(ind + ln for ln in [
                "for (%s %s0 = 0; %s0 < ((%s[%s] + %d) / %d); %s0++) {" % (
                    it, x, x, pa, N, n - 1, n, x),
                "  %s %s_pos = taco_binarySearchBefore(%s, 0, %s, %s0 * %d);"
                % (it, x, pa, N, x, n),
                "  %s %s = %s_pos;" % (it, x, x),
                "  for (%s %s1 = 0; %s1 < %d; %s1++) {" % (it, x, x, n, x),
                "    %s %s = %s0 * %d + %s1;" % (it, p, x, n, x),
                "    if (%s >= %s[%s])" % (p, pa, N),
                "      continue;"] + ["    " + b for b in body1] + [
                "    while (%s == %s[%s_pos + 1]) {" % (p, pa, x),
                "      %s_pos++;" % x,
                "      %s = %s_pos;" % (x, x),
                "    }"] + ["    " + b for d in (0, 1) for b in (
                    ["%s %s = %s;" % (it, pv, text)
                     for pv, text in decls_at[d]] + values_at[d])])
            emit_loop(2, ind + "    ")
            lines.append(ind + "  }")
            lines.append(ind + "}")

        def atomic(ind):
            # The chunks of a parallel position split share rows.
            if c.get("pos_split") and c["pragma"]:
                lines.append(ind + "#pragma omp atomic")

        def emit_loop(d, ind):
            if d == 0 and c.get("pos_split"):
                return emit_position_split(ind)
            hdr, body, pre = header(d)
            if hdr is None:  # a COO list's column: no loop of its own
                for ln in ["%s %s = %s;" % (it, pv, text)
                           for pv, text in decls_at[d]] + values_at[d]:
                    lines.append(ind + ln)
                if d == len(order) - 1:
                    lines.extend(ind + ln for ln in ssa + [inner_stmt])
                else:
                    emit_loop(d + 1, ind)
                return
            for ln in pre:
                lines.append(ind + ln)
            if d == 0 and c["pragma"] and c.get("omp_region"):
                form = c["omp_region"]
                team = c.get("omp_team")
                lines.append("#pragma omp parallel")
                if form != "nobraces":
                    lines.append(ind + "{")
                if team:
                    lines.append(ind + "int fz_team = 1;")
                if team == "single_before":
                    lines.extend(["#pragma omp single nowait",
                                  ind + "fz_team = 2;"])
                lines.append("#pragma omp " + c["pragma"].replace(
                    "parallel for", "for", 1) +
                    (" nowait" if form == "nowait" or
                     team == "nowait_barrier" else ""))
            elif d == 0 and c["pragma"]:
                if c.get("omp_guard"):
                    lines.append("#ifdef " + c["omp_guard"])
                lines.append("#pragma omp " + c["pragma"])
                if c.get("omp_guard"):
                    lines.append("#endif")
            body = body + ["%s %s = %s;" % (it, pv, text)
                           for pv, text in decls_at[d]] + values_at[d]
            # The bound locals of the loop inside, last in this body.
            if d + 1 < len(order) and self.sparse and \
                    order[d + 1] in self.sparse["levels"]:
                l = self.sparse["levels"].index(order[d + 1])
                if self.sparse["fmt"][l] == 1 and self.bound_locals(l):
                    body = body + [self.bound_local_decl(
                        l, it, spos[l - 1])[0]]
            last = d == len(order) - 1
            inner = []
            if last:
                if ref == "assert":
                    x = order[d]
                    var = x
                    if self.sparse and x in self.sparse["levels"] and \
                            self.sparse["fmt"][
                                self.sparse["levels"].index(x)] == 1:
                        var = self.pos_name(self.sparse["levels"].index(x))
                    inner.append("assert(%s >= 0);" % var)
                inner.extend(ssa)
                if c.get("pos_split") and c["pragma"] and stmt != "acc":
                    inner.append("#pragma omp atomic")
                inner.append(inner_stmt)
                if ref == "break":
                    # A level walked by position only has no coordinate
                    # variable: its position is compared instead.
                    x = order[d]
                    var = x
                    if self.sparse and x in self.sparse["levels"] and \
                            self.position_only(self.sparse["levels"].index(x)):
                        var = self.pos_name(self.sparse["levels"].index(x))
                    inner.append("if (%s == 1)" % var)
                    inner.append("  break;")
            if last or (stmt == "acc" and d == acc_d):
                pass
            need = len(body) + (len(inner) if last else 1) > 1 or (
                stmt == "acc" and d == acc_d)
            if need or braces_for(d):
                lines.append(ind + hdr + " {")
                for ln in body:
                    lines.append(ind + "  " + ln)
                if last:
                    for ln in inner:
                        lines.append(ind + "  " + ln)
                elif stmt == "acc" and d == acc_d:
                    tname = inner_stmt.split()[0]
                    lines.append(ind + "  %s %s = 0.0;" % (
                        c.get("acc_type") or R, tname))
                    emit_loop(d + 1, ind + "  ")
                    if c.get("acc_copy"):
                        lines.append(ind + "  %s %s_copy = %s;" % (
                            c.get("acc_type") or R, tname, tname))
                        if c.get("scaled_sum") == "twice":
                            tname = "%s * %s_copy" % (tname, tname)
                        else:
                            tname += "_copy"
                    if scale and c["scaled_sum"] == "before":
                        tname = "%s * %s" % (scale, tname)
                    elif scale:
                        tname = "%s * %s" % (tname, scale)
                    atomic(ind + "  ")
                    if ref == "minus":
                        lines.append(ind + "  %s -= %s;" % (out_text, tname))
                    elif c["acc_add"] == "set":
                        lines.append(ind + "  %s = %s;" % (out_text, tname))
                    elif c["acc_add"] == "=":
                        lines.append(ind + "  %s = %s + %s;" % (
                            out_text, out_text, tname))
                    else:
                        lines.append(ind + "  %s += %s;" % (out_text, tname))
                else:
                    emit_loop(d + 1, ind + "  ")
                lines.append(ind + "}")
            else:
                lines.append(ind + hdr)
                if last:
                    lines.append(ind + "  " + inner[0])
                else:
                    emit_loop(d + 1, ind + "  ")

        # An accumulator needs the statement's outer loop to exist.
        if stmt == "acc" and len(order) < 2:
            stmt = "+="
        # Position variables of accesses whose indices are all outside
        # every loop cannot happen (each access has an index).
        emit_loop(0, "  ")
        if c["pragma"] and c.get("omp_team") == "single":
            lines.extend(["#pragma omp single", "  fz_team = 0;",
                          "  (void)fz_team;"])
        elif c["pragma"] and c.get("omp_team") == "nowait_barrier":
            lines.extend(["#pragma omp barrier", "  (void)fz_team;"])
        elif c["pragma"] and c.get("omp_team"):
            lines.append("  (void)fz_team;")
        if c["pragma"] and c.get("omp_region") in ("braces", "nowait"):
            lines.append("  }")
        body_lines = self.repeated(lines)

        # Parameters.
        idx = c["indices"]
        P = []
        rq = " restrict" if c["restrict"] and ref != "no_restrict" else ""
        vol = "volatile " if ref == "volatile" else ""
        out_t = "int" if ref == "int_out" else (c.get("out_type") or R)
        if self.taco:
            tensors = [t[0] for t in self.taco_tensors()]
            for t in tensors:
                P.append(("taco_tensor_t *%s" % t, "taco", t))
            pre = []
            for x in idx:  # indices no tensor has (repeat loops)
                if self.taco_dim(x) == x.upper():
                    P.insert(0, ("int %s" % x.upper(), "ext", x))
            for t in tensors:
                for x, l in sorted((x, l) for (n, l) in self.used_dims
                                   for x in [n] if n == t):
                    pre.append("int %s%d_dimension = (int)(%s->dimensions"
                               "[%d]);" % (t, l + 1, t, l))
                if t == "B":
                    for l, f in enumerate(self.sparse["fmt"]):
                        if f:
                            pa, ca = self.pos_arr(l)
                            pre.append("int* restrict %s = (int*)(B->indices"
                                       "[%d][0]);" % (pa, l))
                            pre.append("int* restrict %s = (int*)(B->indices"
                                       "[%d][1]);" % (ca, l))
                q = rq if t == out["name"] else " restrict"
                ty = out_t if t == out["name"] else vol + R \
                    if t == self.first_dense() else R
                pre.append("%s*%s %s = (%s*)(%s->vals);" % (
                    ty, q, self.arr(t), ty, t))
            for s in c["scalars"]:
                if s == "alpha":
                    P.append(("%s alpha" % self.alpha_type(), "scalar", s))
            self.pre = pre
        else:
            kinds = {c["bounds"][x] for x in idx}
            for x in idx:
                if c["bounds"][x] == "param":
                    P.append(("%s %s" % ("unsigned" if it == "unsigned"
                                          else "int", x.upper()), "ext", x))
                if c["bounds"][x] == "quot":
                    P.append(("int fz_t_%s" % x, "quot", x))
            if "struct" in kinds or "local" in kinds:
                P.append(("const struct fz_dims *d", "dims", None))
                self.top.insert(0, "struct fz_dims {\n  int %s;\n};" %
                                ", ".join(x.upper() for x in idx))
            off = c.get("offset")
            if off and off["kind"] == "param":
                P.append(("int %s" % off["name"], "offset", off["sign"]))
            elif off and off["kind"] == "macro":
                v = off["value"] if off["sign"] == "-" else -off["value"]
                self.top.insert(0, "#define %s %s" % (
                    off["name"], v if v >= 0 else "(%d)" % v))
            for x in idx:
                if c["bounds"][x] == "macro":
                    self.top.insert(0, "#define N%s %d" % (
                        x.upper(), c["macro_ext"][x]))
                if c["bounds"][x] == "local":
                    self.pre.append("int %s = d->%s;" % (x.upper(),
                                                         x.upper()))
            if self.sparse:
                if c.get("coo"):
                    P.append(("const int *B_row", "coo_row", None))
                    P.append(("int B_nnz", "coo_nnz", None))
                for l, f in enumerate(self.sparse["fmt"]):
                    if f:
                        pa, ca = self.pos_arr(l)
                        if not c.get("coo"):
                            P.append(("const %s *%s" % (
                                it if it != "long" else "int", pa), "pos", l))
                        if self.four_array(l):
                            P.append(("const %s *%s_end" % (
                                it if it != "long" else "int", pa),
                                "pos_end", l))
                        P.append(("const %s *%s" % (
                            c.get("crd_type") or (it if it != "long" else
                                                  "int"), ca), "crd", l))
                P.append(("const %s *%s" % (R, self.vals_name()), "vals",
                          None))
            for t in c["dense"]:
                v = vol if t["name"] == self.first_dense() else ""
                if c.get("alias") and t["name"] == self.first_dense():
                    P += self.alias_params(t["name"])
                    continue
                P.append(("const %s%s *%s" % (v, R, t["name"]), "dense",
                          t["name"]))
            for s in c["scalars"]:
                if s == "alpha":
                    P.append(("%s alpha" % self.alpha_type(), "scalar", s))
            P.append(("%s *%s%s" % (out_t, rq.strip() + " " if rq else "",
                                    out["name"]), "out", None))
            if self.members:
                P = self.pack_members(P)
        if c.get("out_lin") == "lda":
            P.insert(0, ("int lda", "lda", None))
        self.params = P

        text = []
        if self.taco:
            text.append("// generated by lnr_fuzz.py (seed %d, case %d)" % (
                c["seed"], c["number"]))
            text.append('#include "taco_tensor_t.h"')
        else:
            text.append("/* generated by lnr_fuzz.py (seed %d, case %d) */" %
                        (c["seed"], c["number"]))
            types = {it, c.get("out_type"), c.get("crd_type")}
            if types & {"int32_t", "int8_t", "uint8_t", "uint16_t"}:
                text.append("#include <stdint.h>")
            if c.get("headers") == "top":
                text.append("#include <stdlib.h>")
            # The file's own includes (pick_includes), and what a size_t
            # counter needs (pick_counters).
            if c.get("includes") == "omp":
                text.append("#include <omp.h>")
            elif c.get("includes") == "stdlib":
                text.append("#include <stdlib.h>")
            if "size_t" in (c.get("counters") or {}).values() and \
                    c.get("casts") != "size_t":
                text.append("#include <stddef.h>")

        P, body_lines = self.member_output(P, body_lines)
        self.params = P
        text += self.top
        text.append("")
        ret = "int" if self.taco else "void"
        text.append("%s kern(%s) {" % (ret, ",\n    ".join(p[0] for p in P)))
        if c.get("repeat"):
            text.append("  int fz_rep = 2;")
        for name in c.get("hostile") or []:
            self.pre.append("int %s = 0;" % name)
            self.pre.append("(void)%s;" % name)
        for ln in self.pre:
            text.append("  " + ln)
        if self.pre:
            text.append("")
        if c.get("default_none"):
            body_lines = self.default_none(body_lines, text)
        if c.get("comments"):
            body_lines = self.commented(body_lines)
        text += body_lines
        if self.taco:
            text.append("  return 0;")
        text.append("}")
        if c.get("headers") == "after":
            text.append("")
            text.append("#include <stdlib.h>")
        text += self.late_declaration(text)
        text = self.configurations(text)
        return "\n".join(text) + "\n"

    # The names the rewrite declares, which another configuration of the
    # build may define as macros (pick_configurations).
    PICKED_NAMES = ["t", "t1", "t_part", "t1_part", "then_cost", "else_cost",
                    "allocated", "checked", "position", "positions_ordered",
                    "no_overlap", "written_begin", "written_end", "k_lane",
                    "j_lane", "l_lane", "t_ran", "LNR_MIN", "LNR_MAX",
                    "A_begin", "A_end", "p_first", "p_end"]

    def configurations(self, text):
        """text with the forms of pick_configurations: macros under
        '#ifdef FZ_OTHER_BUILD' named as the rewrite may name what it
        declares (none the kernel uses), and '_XOPEN_SOURCE' before the
        headers with 'M_PI' read after them."""
        c = self.c
        head, rest = text[:1], text[1:]
        if c.get("other_build"):
            used = set(re.findall(r"\b\w+\b", "\n".join(text)))
            names = [n for n in self.PICKED_NAMES if n not in used]
            rng = random.Random("%d:%d:other" % (c["seed"], c["number"]))
            chosen = rng.sample(names, min(len(names), rng.randint(3, 6)))
            head += ["#ifdef FZ_OTHER_BUILD"] + [
                "#define %s 0" % n for n in chosen] + ["#endif"]
        if c.get("late") in self.LATE_BEFORE:
            head += [self.LATE_BEFORE[c["late"]]]
        if c.get("conflict_at") == "top":
            head += self.conflict_declaration(text)
        if c.get("feature_macro"):
            # Every other one guarded, as legacy files guard it: what the
            # rewrite includes goes after the '#endif'.
            guarded = c["number"] % 2 == 1
            head += (["#ifndef _XOPEN_SOURCE"] if guarded else []) + [
                "#define _XOPEN_SOURCE 700"] + (
                ["#endif"] if guarded else []) + ["#include <math.h>"]
            rest = ["static const double fz_pi = M_PI;"] + rest
        return head + rest

    # What class 'headers' declares after the kernel (c["late"]), after a
    # declaration of its own: the parser's look-ahead past the kernel's
    # closing brace reads the next token, a directive's included.
    LATE = {"uintptr_typedef": "typedef unsigned int uintptr_t;",
            "free_macro": "#define free(p) fz_late_free(p)",
            "malloc_variable": "static int malloc;",
            "free_macro_undef": "#undef free"}
    # What a kind of c["late"] declares before the kernel too (after the
    # file's first line).
    LATE_BEFORE = {"free_macro_undef": "#define free(p) fz_late_free(p)"}

    def late_declaration(self, text):
        """The lines class 'headers' adds at the end of the file: a C
        library name the file takes after the kernel (none where the file's
        own headers declare it already), and a conflicting declaration
        placed there."""
        late = self.c.get("late")
        lines = []
        if late and not (late == "uintptr_typedef" and
                         "#include <stdint.h>" in text):
            lines.append(self.LATE[late])
        if self.c.get("conflict_at") == "end":
            lines += self.conflict_declaration(text)
        return ["", "static int fz_after_kernel;"] + lines if lines else []

    # What class 'headers' declares of a C library name (c["conflict"]),
    # at the top of the file or after the kernel (c["conflict_at"]): most
    # conflict with the header the rewrite includes, one agrees with it.
    CONFLICT = {"static_free": ["static int free(int fz_x) { return fz_x; }"],
                "int_size_t": ["typedef int size_t;"],
                "malloc_of_int": ["void *malloc(int fz_n);"],
                "poisoned_free": ["#include <stdlib.h>",
                                  "#pragma GCC poison free"],
                "wide_uintptr": ["typedef unsigned long long uintptr_t;"],
                "agreeing_free": ["struct free {", "  int fz_unused;", "};",
                                  "void free(void *fz_p);"],
                "int64_typedef": ["typedef long long int64_t;"],
                "static_rand": ["static int rand(void) { return 4; }"],
                "rand_max_variable": ["static int RAND_MAX = 7;"]}

    def conflict_declaration(self, text):
        """The lines of c["conflict"], between markers a grouped file
        leaves out (another case's headers would conflict); none for a
        'uintptr_t' where the file includes <stdint.h>."""
        kind = self.c.get("conflict")
        if not kind or (kind in ("wide_uintptr", "int64_typedef") and
                        "#include <stdint.h>" in text):
            return []
        return ["/* fz conflict */"] + self.CONFLICT[kind] + [
            "/* fz conflict end */"]

    # A declaration of one variable on a line of its own: its name before
    # '=', ';' or '[' ('int* restrict B2_pos = ...', 'struct fz_ref fz_r;',
    # 'static const double *fz_g;', 'volatile double* restrict C_vals = ...'),
    # not an assignment ('fz_g = ...').
    DECLARED = re.compile(
        r"^\s*(?:static\s+)?(?:(?:const|volatile)\s+)*(?:struct\s+|union\s+)?\w+"
        r"(?:\s*\*\s*|\s+)(?:(?:restrict|const)\s+)*(\w+)\s*"
        r"(?:\[[^\]]*\])?\s*[=;]")

    def commented(self, body_lines):
        """body_lines with a comment in each loop header, before its second
        ';', and one after each statement."""
        line_comment = "/* x */" if self.c.get("std") == "c89" else "// x"
        out = []
        for ln in body_lines:
            s = ln.strip()
            if s.startswith("#"):
                out.append(ln)
                continue
            if s.startswith("for (") and ln.count(";") >= 2:
                first = ln.index(";")
                second = ln.index(";", first + 1)
                ln = ln[:second] + " /* bound */" + ln[second:]
            elif s.endswith(";") and not s.startswith(("for", "}")):
                ln = ln + " " + line_comment
            out.append(ln)
        return out

    def default_none(self, body_lines, head):
        """body_lines with the nest's 'parallel' directive under
        'default(none)', its 'shared' clause naming every variable the
        function's text before the nest declares (head: the parameters,
        the lines before the nest, the file scope)."""
        names = []
        for p in self.params:
            names.append(re.findall(r"(\w+)\s*$", p[0])[0])
        depth = 0
        for ln in "\n".join(head).split("\n"):
            m = self.DECLARED.match(ln)
            # Not inside a function or a struct of the file scope.
            if m and depth == 0 and not ln.startswith(("#", " ")):
                names.append(m.group(1))
            depth += ln.count("{") - ln.count("}")
        for ln in self.pre:
            m = self.DECLARED.match(ln)
            if m:
                names.append(m.group(1))
        if self.c.get("repeat"):
            names.append("fz_rep")
        shared = ", ".join(dict.fromkeys(names))
        out = []
        for ln in body_lines:
            m = re.match(r"^#pragma omp parallel( for)?\b", ln)
            if m:
                ln = ln[:m.end()] + " default(none) shared(%s)" % shared + \
                    ln[m.end():]
            out.append(ln)
        return out

    def pack_members(self, P):
        """P with the inputs' parameters (positions, four-array CSR's ends,
        coordinates, values, dense operands) moved into structs, declared at the top of the file
        (typedefs, kept in member_types for the driver). The struct
        parameters are 'struct' entries whose ref lists the members, each as
        (its path from the parameter, the kind and ref of the parameter it
        replaces)."""
        inputs = ("pos", "pos_end", "crd", "vals", "dense")
        sparse = [p for p in P if p[1] in inputs[:4]]
        dense = [p for p in P if p[1] == "dense"]

        def name(decl):  # "const int *pos1" -> "pos1"
            return decl.rsplit("*", 1)[1]

        def typedef(type_name, decls):
            self.member_types.append("typedef struct {\n%s\n} %s;" % (
                "\n".join("  %s;" % d for d in decls), type_name))

        def struct(decl, type_name, pointer, members):
            return (decl, "struct", {"type": type_name, "pointer": pointer,
                                     "members": members})

        packed = []
        if self.members == "value":
            if sparse:
                typedef("fz_sp", [d for d, _, _ in sparse])
                packed.append(struct("fz_sp B", "fz_sp", False, [
                    (name(d), k, r) for d, k, r in sparse]))
            for d, k, r in dense:
                # One type per operand: a volatile one has its own.
                type_name = "fz_%s_t" % r
                typedef(type_name, [d.rsplit("*", 1)[0] + "*data"])
                packed.append(struct("%s %s" % (type_name, r), type_name,
                                     False, [("data", k, r)]))
        else:
            groups = [g for g in (("fz_sp", "sp", "B", sparse),
                                  ("fz_ops", "ops", "ops", dense)) if g[3]]
            for type_name, _, _, fields in groups:
                typedef(type_name, [d for d, _, _ in fields])
            if self.members == "ptr":
                for type_name, _, var, fields in groups:
                    packed.append(struct(
                        "const %s *%s" % (type_name, var), type_name, True,
                        [(name(d), k, r) for d, k, r in fields]))
            else:
                typedef("fz_all", ["%s %s" % (t, m) for t, m, _, _ in groups])
                packed.append(struct("const fz_all *all", "fz_all", True, [
                    ("%s.%s" % (m, name(d)), k, r)
                    for _, m, _, fields in groups for d, k, r in fields]))
        self.top += self.member_types
        first = min(a for a, p in enumerate(P) if p[1] in inputs)
        rest = [p for p in P if p[1] not in inputs]
        return rest[:first] + packed + rest[first:]
    MEMBER_OUTPUT = {"ptr": ("fz_res *res", "res->data", "data", True),
                     "value": ("fz_res res", "res.data", "data", False),
                     "nested": ("fz_layer *res", "res->out.data", "out.data",
                                True)}

    def member_output(self, P, lines):
        """P and the nest's lines with the output moved into a struct (a
        'member_out' case): its parameter a struct whose member the driver
        sets to the output, and every mention of it in the nest the
        member's path. Left as they are where a directive or a macro of the
        file names the output (a clause cannot name a member)."""
        m = self.c.get("member_out")
        out = self.c["out"]["name"]
        mention = re.compile(r"\b%s\b" % re.escape(out))
        named_elsewhere = any(mention.search(ln) for ln in self.top) or any(
            ln.lstrip().startswith("#") and mention.search(ln)
            for ln in lines + self.pre)
        at = [a for a, p in enumerate(P) if p[1] == "out"]
        if not m or named_elsewhere or len(at) != 1:
            return P, lines
        decl, path, member, pointer = self.MEMBER_OUTPUT[m["style"]]
        element = P[at[0]][0].rsplit("*", 1)[0].replace("restrict", "")
        types = ["typedef struct {\n  int fz_rows;\n  %s*%sdata;\n} fz_res;" % (
            element.strip() + " ", "restrict " if m["restrict"] else "")]
        if m["style"] == "nested":
            types.append("typedef struct {\n  int fz_id;\n  fz_res out;\n"
                         "} fz_layer;")
        self.top += types
        self.member_types += types  # for the driver
        param = (decl, "struct", {"type": decl.split()[0], "pointer": pointer,
                                  "members": [(member, "out", None)]})
        P = P[:at[0]] + [param] + P[at[0] + 1:]
        self.member_out_written = True
        self.pre = [mention.sub(path, ln) for ln in self.pre]
        return P, [mention.sub(path, ln) for ln in lines]

    def repeated(self, lines):
        """The nest's lines in the case's repeat loop, if any: run twice
        (fz_rep, declared first in the function, counts)."""
        form = self.c.get("repeat")
        if not form:
            return lines
        inner = ["  " + ln if not ln.startswith("#") else ln for ln in lines]
        one_nest = lines[0].lstrip().startswith(("for (", "#pragma"))
        if form == "for_nobraces" and one_nest:
            return ["  for (fz_rep = 0; fz_rep < 2; fz_rep++)"] + inner
        if form in ("for", "for_nobraces"):
            return (["  for (fz_rep = 0; fz_rep < 2; fz_rep++) {"] + inner +
                    ["  }"])
        if form == "while":
            return ["  while (fz_rep-- > 0) {"] + inner + ["  }"]
        return ["  do {"] + inner + ["  } while (--fz_rep > 0);"]

    def alias_params(self, name):
        """The parameters of an 'alias' case's first dense operand, and the
        lines that derive it from the output (kinds aliasp, sel, delta)."""
        kind = self.c["alias"]
        R = self.real
        out = self.c["out"]["name"]
        if kind == "norestrict":
            return [("const %s *%s" % (R, name), "aliasp", name)]
        pick = "fz_sel ? %sp : %s + fz_delta" % (name, out)
        if kind == "array":
            self.pre.append("%s *fz_ps[2] = {%s + fz_delta, (%s *)%sp};" % (
                R, out, R, name))
            self.pre.append("const %s *%s = fz_ps[fz_sel];" % (R, name))
        elif kind == "struct":
            self.top.append("struct fz_ref {\n  const %s *p;\n};" % R)
            self.pre.append("struct fz_ref fz_r;")
            self.pre.append("fz_r.p = %s;" % pick)
            self.pre.append("const %s *%s = fz_r.p;" % (R, name))
        elif kind == "global":
            self.top.append("static const %s *fz_g;" % R)
            self.pre.append("fz_g = %s;" % pick)
        else:  # union
            self.top.append("union fz_pun {\n  %s *w;\n  const %s *r;\n};" % (
                R, R))
            self.pre.append("union fz_pun fz_u;")
            self.pre.append("fz_u.w = fz_sel ? (%s *)%sp : %s + fz_delta;" % (
                R, name, out))
            self.pre.append("const %s *%s = fz_u.r;" % (R, name))
        return [("const %s *%sp" % (R, name), "aliasp", name),
                ("int fz_sel", "sel", None), ("long fz_delta", "delta", None)]

    def alpha_type(self):
        """The scalar factor alpha's type: the factors' own, or double in
        the mixed class's 'wide' kind."""
        return "double" if self.c.get("mix") == "wide" else self.real

    def first_dense(self):
        return self.c["dense"][0]["name"] if self.c["dense"] else None


def paren(e):
    return "(%s)" % e if (" + " in e or " - " in e) else e


# ------------------------------------------------------------- the checks


class Result:
    def __init__(self, number, status, detail="", remarks=()):
        self.number = number
        self.cls = None
        self.status = status  # rewritten, refused, FAIL-...
        self.detail = detail
        self.remarks = list(remarks)


REMARK_RE = re.compile(r"remark: .*\[(lnr-[a-z-]+)\]")
# A call that allocates on the heap, and the marker comment of a fallback
# (the original nest), as clang-format may reflow it over lines.
ALLOCATION_RE = re.compile(r"\b(?:malloc|calloc)\s*\(")
FALLBACK_MARKER_RE = re.compile(
    r"/\*[\s*]*lnr-rewrite:[\s*]+the[\s*]+original[\s*]+nest.*?\*/", re.S)


def run(cmd, cwd=None, timeout=120, input_bytes=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout,
                           input=input_bytes)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return "timeout", e.stdout or b"", e.stderr or b""


def check_case(c, opts, workdir):
    """Runs one case in workdir; returns a Result."""
    k, src = prepare_case(c, workdir)
    return check_files(c, k, src, opts, workdir)


def check_batch(cases, opts):
    """Checks [(case, workdir)] with batched tool runs; returns Results."""
    prepared = []
    for c, d in cases:
        try:
            k, src = prepare_case(c, d)
        except Exception:
            import traceback
            prepared.append((c, d, None, traceback.format_exc()))
            continue
        shutil.copy(os.path.join(d, "kernel.c"), os.path.join(d, "first.c"))
        prepared.append((c, d, k, src))
    groups = {}
    for c, d, k, src in prepared:
        if k is not None:
            groups.setdefault(tuple(c["flags"]), []).append(d)
    firsts, seconds = {}, {}
    for flags, dirs in groups.items():
        per = batch_tool(opts, flags, [os.path.join(d, "first.c")
                                       for d in dirs])
        if per is None:
            continue  # one by one
        for d in dirs:
            firsts[d] = per[os.path.join(d, "first.c")]
    for flags, dirs in groups.items():
        again = []
        for d in dirs:
            if d in firsts:
                with open(os.path.join(d, "kernel.c"), "rb") as f:
                    if f.read() != firsts[d][1]:
                        with open(os.path.join(d, "second.c"), "wb") as g:
                            g.write(firsts[d][1])
                        again.append(d)
        per = batch_tool(opts, flags, [os.path.join(d, "second.c")
                                       for d in again])
        if per is not None:
            for d in again:
                seconds[d] = per[os.path.join(d, "second.c")]
    results = []
    for c, d, k, src in prepared:
        if k is None:
            results.append(Result(c["number"], "FAIL-fuzzer", src))
            continue
        try:
            results.append(check_files(c, k, src, opts, d, firsts.get(d),
                                       seconds.get(d)))
        except Exception:
            import traceback
            results.append(Result(c["number"], "FAIL-fuzzer",
                                  traceback.format_exc()))
    check_groups(prepared, results, opts)
    return results


def check_groups(prepared, results, opts):
    """The kernels of the batch with the same flags in one file, rewritten
    threaded and on one thread (fuzz_grouped.py); the outcome goes on the
    result of the group's first case."""
    groups = {}
    for i, (c, d, k, src) in enumerate(prepared):
        if k is not None:
            groups.setdefault(tuple(c["flags"]), []).append(i)
    for flags, members in groups.items():
        if len(members) < 2:
            continue
        first = prepared[members[0]][0]["number"]
        work = os.path.join(opts.work, "grouped-%d-%06d" % (opts.seed, first))
        taco = any(prepared[i][2].taco for i in members)
        g = fuzz_grouped.check_grouped(
            opts.tool, flags, [prepared[i][3] for i in members],
            [TACO_HEADER] if taco else [], work, opts.tool_timeout * 4)
        numbers = [prepared[i][0]["number"] for i in members]
        if g.failed:
            results[members[0]] = Result(
                first, "FAIL-threads", "cases %s in one file: %s (kept in %s)"
                % (",".join(map(str, numbers)), g.detail, work))
            continue
        r = results[members[0]]
        r.grouped = len(members) if g.parsed else 0
        r.grouped_rewritten = g.rewritten
        r.grouped_unparsed = 0 if g.parsed else len(members)
        if not g.parsed:
            # The grouping's own problem, printed so that the next run
            # says what it did not rename or reorder.
            errors = [l for l in g.detail.splitlines() if "error:" in l]
            r.grouped_error = "cases %s: %s" % (
                ",".join(map(str, numbers)),
                (errors or g.detail.strip().splitlines() or ["?"])[0][:300])
        if not opts.keep_all:
            shutil.rmtree(work, ignore_errors=True)


def tool_cmd(opts, c, path):
    return [opts.tool, "--remarks=all"] + list(c["flags"]) + [path, "--", "-I" + os.path.dirname(
        path)]


def prepare_case(c, workdir):
    """Writes the case's kernel.c (and what it includes) into workdir."""
    k = Kernel(c)
    src = k.emit()
    if c.get("std") == "c89":
        src = c89ify.c89ify(src)
    os.makedirs(workdir, exist_ok=True)
    with open(os.path.join(workdir, "kernel.c"), "w") as f:
        f.write(src)
    with open(os.path.join(workdir, "case.json"), "w") as f:
        json.dump(c, f, indent=1)
    if k.taco:
        shutil.copy(TACO_HEADER, workdir)
    return k, src


def batch_tool(opts, flags, paths):
    """lnr-rewrite -i on several files at once (one process start for many
    cases). Returns {path: (0, new bytes, its remarks)}, or None when the
    run did not exit with 0 (then the cases are run one by one)."""
    if not paths:
        return {}
    rc, _, err = run([opts.tool, "--remarks=all", "-i"] + list(flags) + paths + ["--"],
                     timeout=opts.tool_timeout * max(1, len(paths) // 4))
    if rc != 0:
        return None
    errs = err.decode("utf-8", "replace").splitlines()
    per = {}
    for p in paths:
        with open(p, "rb") as f:
            per[p] = (0, f.read(), "\n".join(
                ln for ln in errs if ln.startswith(p + ":")).encode())
    return per


def check_files(c, k, src, opts, workdir, first=None, second=None):
    """Checks one case. first and second are the tool's results on the
    kernel and on its rewrite when a batch run already has them."""
    number = c["number"]
    kpath = os.path.join(workdir, "kernel.c")
    log = []
    if first is None:
        rc, out, err = run(tool_cmd(opts, c, kpath),
                           timeout=opts.tool_timeout)
    else:
        rc, out, err = first
    errs = err.decode("utf-8", "replace")
    remarks = REMARK_RE.findall(errs)
    log.append("$ %s\nexit %s\n%s" % (" ".join(tool_cmd(opts, c, kpath)), rc,
                                      errs))

    def fail(kind, detail):
        with open(os.path.join(workdir, "log.txt"), "w") as f:
            f.write("\n".join(log) + "\n" + detail + "\n")
        return Result(number, "FAIL-" + kind, detail, remarks)

    if rc == "timeout":
        return fail("timeout", "lnr-rewrite did not finish in %ds" %
                    opts.tool_timeout)
    if rc != 0:
        kind = "crash" if rc not in (1, 2) else "exit%d" % rc
        if rc == 2:
            # Is the generated file valid C at all?
            rcc, _, cerr = run([opts.cc, "-fsyntax-only", "-fopenmp",
                                "-I" + workdir, kpath], timeout=60)
            if rcc != 0:
                log.append(cerr.decode("utf-8", "replace"))
                return fail("generator", "the generated kernel is not "
                            "valid C")
        return fail(kind, "lnr-rewrite exited with %s" % rc)
    if "lnr-internal" in errs:
        return fail("internal", "an [lnr-internal] remark")
    srcb = src.encode()
    if c.get("inplace") and first is None:
        ip = os.path.join(workdir, "inplace.c")
        with open(ip, "wb") as f:
            f.write(srcb)
        rc2, _, err2 = run([opts.tool, "--remarks=all", "-i"] + list(c["flags"]) +
                           [ip, "--", "-I" + workdir],
                           timeout=opts.tool_timeout)
        with open(ip, "rb") as f:
            got = f.read()
        if rc2 != 0 or got != out:
            log.append(err2.decode("utf-8", "replace"))
            return fail("inplace", "-i wrote something else than stdout "
                        "(exit %s)" % rc2)
    if c.get("inplace") and first is not None:
        # The batch ran -i: stdout must show the same file.
        rc2, got, err2 = run(tool_cmd(opts, c, kpath),
                             timeout=opts.tool_timeout)
        if rc2 != 0 or got != out:
            log.append(err2.decode("utf-8", "replace"))
            return fail("inplace", "stdout shows something else than -i "
                        "wrote (exit %s)" % rc2)
    signed = c.get("isum") in fuzz_classes.SIGNED_SUMS
    if out == srcb:
        if "nest left unchanged" not in errs:
            return fail("no-remark", "the nest is unchanged without a remark")
        result = Result(number, "refused", "", remarks)
        if signed and "lnr-signed-overflow" not in remarks:
            # Class 'intsum': refused for the signed sum, unless its
            # unsigned twin is refused too (a reason the tool finds first).
            if unsigned_twin_rewritten(c, opts, workdir, log):
                return fail("signed-remark", "a kernel that sums in '%s' is "
                            "unchanged without [lnr-signed-overflow] (%s), "
                            "its unsigned twin is rewritten" % (
                                c["isum"], ", ".join(sorted(set(remarks)))))
            result.signed_other = True
        return result
    # Rewritten.
    with open(os.path.join(workdir, "rewritten.c"), "wb") as f:
        f.write(out)
    if c["refusal"] and c["refusal"] not in MAYBE_LATER:
        return fail("unexpected-rewrite", "a kernel in the refused style '%s'"
                    " was rewritten" % c["refusal"])
    if "[lnr-fuse]" not in errs:
        return fail("no-remark", "rewritten without an [lnr-fuse] remark")
    rpath = os.path.join(workdir, "rewritten.c")
    if second is None:
        rc3, out3, err3 = run(tool_cmd(opts, c, rpath),
                              timeout=opts.tool_timeout)
    else:
        rc3, out3, err3 = second
    if rc3 != 0 or out3 != out:
        log.append(err3.decode("utf-8", "replace"))
        return fail("not-idempotent", "the tool changed its own output "
                    "(exit %s)" % rc3)
    result = compile_and_run(c, k, opts, workdir, log, fail, remarks)
    if signed and not result.status.startswith("FAIL"):
        # Class 'intsum': run first (an overflow the sanitizer catches is
        # FAIL-overflow), refused in any case.
        return fail("signed-rewritten", "a kernel that sums in '%s' was "
                    "rewritten (no overflow on the driver's data)" %
                    c["isum"])
    return result


def unsigned_twin_rewritten(c, opts, workdir, log):
    """Whether the tool rewrites the kernel of 'intsum' case c with its
    signed type made unsigned ('int' -> 'unsigned', 'long' -> 'unsigned
    long'; 'unsigned' in C89): the same text but for the type, in
    unsigned_twin.c."""
    t = json.loads(json.dumps(c))
    u = "unsigned long" if c["isum"] == "long" and c.get("std") != "c89" \
        else "unsigned"
    t["real"] = t["out_type"] = t["acc_type"] = t["isum"] = u
    src = Kernel(t).emit()
    if t.get("std") == "c89":
        src = c89ify.c89ify(src)
    path = os.path.join(workdir, "unsigned_twin.c")
    with open(path, "w") as f:
        f.write(src)
    rc, out, err = run(tool_cmd(opts, t, path), timeout=opts.tool_timeout)
    log.append("$ %s\nexit %s\n%s" % (" ".join(tool_cmd(opts, t, path)), rc,
                                      err.decode("utf-8", "replace")))
    return rc == 0 and out != src.encode()


def compile_and_run(c, k, opts, workdir, log, fail, remarks):
    with open(os.path.join(workdir, "driver.c"), "w") as f:
        f.write(fuzz_driver.gen_driver(c, k))
    for who, fn in (("original", "kernel.c"), ("rewritten", "rewritten.c")):
        with open(os.path.join(workdir, "%s_w.c" % who), "w") as f:
            f.write("#define kern lnr_%s\n#include \"%s\"\n" % (who, fn))
    exe = os.path.join(workdir, "driver")
    # Not -w: it silences -Werror=implicit-function-declaration too.
    base = [opts.cc, "-O2", "-fopenmp"] + STRICT_FLAGS + [
        "-I" + workdir, "-I" + HERE, "-DFZ_CALL_LIMIT=%d" % opts.hang_timeout]
    if opts.tsan:
        base = [opts.cc, "-O1", "-g", "-fopenmp", "-fsanitize=thread"] + \
            STRICT_FLAGS + ["-I" + workdir, "-I" + HERE,
                            "-DFZ_CALL_LIMIT=%d" % (5 * opts.hang_timeout)]
    elif c.get("isum"):
        # Class 'intsum': a signed overflow aborts, in the kernel that
        # overflowed (its file named in the report).
        base = base[:2] + SIGNED_OVERFLOW_FLAGS + base[2:]
    elif c.get("cls") in fuzz_classes.ASAN_CLASSES:
        # Out-of-range coordinates and extents: a temporary indexed by a
        # negative or wrapped coordinate is caught by AddressSanitizer even
        # when the values happen to come out right.
        base = base[:2] + ["-fsanitize=address", "-fno-omit-frame-pointer"] + \
            base[2:]
    # The original alone first: a failure there is the generator's.
    rc, _, err = run(base + ["-c", "original_w.c", "-o", "original.o"],
                     cwd=workdir, timeout=opts.cc_timeout)
    if rc != 0:
        log.append(err.decode("utf-8", "replace"))
        return fail("generator", "the generated kernel does not compile")
    # Both compilers before the C89 check: a header the rewrite relies on
    # without including it is the compilers' failure in every standard.
    broken = both_compilers(opts, workdir, log)
    if broken:
        return fail("compiler", "the rewrite does not compile with %s, the "
                    "kernel does" % broken)
    added = added_warnings(opts, workdir, log)
    if added:
        return fail("warning", "the rewrite warns %s under -Wall -Wextra, "
                    "the kernel does not" % added)
    c89 = strict_c89(c, opts, workdir, log)
    if c89 == "rewrite":
        return fail("c89", "the rewrite of a C89 kernel does not build with "
                    "-std=c89 -pedantic-errors")
    broken = other_configurations(c, opts, workdir, log)
    if broken:
        return fail("configuration", "the rewrite does not compile with %s, "
                    "the kernel does" % broken)
    # A run-time choice between two schedules (the one '<=' of a rewrite
    # whose original has none) is also run inverted, so that each case runs
    # both schedules.
    with open(os.path.join(workdir, "kernel.c")) as f:
        original_text = f.read()
    with open(os.path.join(workdir, "rewritten.c")) as f:
        rewritten_text = f.read()
    variants = [("rewritten", "rewritten_w.c")]
    if "<=" not in original_text and rewritten_text.count("<=") == 1:
        with open(os.path.join(workdir, "flipped.c"), "w") as f:
            f.write(rewritten_text.replace("<=", ">"))
        with open(os.path.join(workdir, "flipped_w.c"), "w") as f:
            f.write("#define kern lnr_rewritten\n#include \"flipped.c\"\n")
        variants.append(("flipped", "flipped_w.c"))
    for name, wrapper in variants:
        result = run_variant(c, opts, workdir, log, fail, base, exe, name,
                             wrapper)
        if result is not None:
            return result
    # A rewrite that allocates temporaries on the heap runs again with its
    # allocations failing (every one; the second of each call): the
    # original nest must run instead, and the output come out the same.
    nomem = []
    if len(ALLOCATION_RE.findall(rewritten_text)) > len(
            ALLOCATION_RE.findall(original_text)):
        for name, text in [("rewritten", rewritten_text)] + (
                [("flipped", rewritten_text.replace("<=", ">"))]
                if len(variants) == 2 else []):
            observed = FALLBACK_MARKER_RE.sub(
                "{ extern int fz_fallback_runs; fz_fallback_runs++; }", text)
            with open(os.path.join(workdir, "nomem_%s.c" % name), "w") as f:
                f.write(observed)
            with open(os.path.join(workdir, "nomem_%s_w.c" % name),
                      "w") as f:
                f.write("#define kern lnr_rewritten\n#include "
                        "\"nomem_%s.c\"\n" % name)
            for policy in ((1, 2) if name == "rewritten" else (1,)):
                nomem.append(("nomem-%s-%s" % (
                    name, "every" if policy == 1 else "second"),
                    "nomem_%s_w.c" % name, policy))
    failed_allocations = 0
    for name, wrapper, policy in nomem:
        result = run_variant(
            c, opts, workdir, log, fail, base, exe, name, wrapper,
            kernel_flags=["-include", os.path.join(HERE, "fuzz_alloc.h")],
            driver_flags=["-DFZ_ALLOC_POLICY=%d" % policy])
        if result is not None:
            return result
        m = re.search(r"failed allocations: (\d+)", log[-1])
        failed_allocations += int(m.group(1)) if m else 0
    result = Result(c["number"], "rewritten", "", remarks)
    result.both_schedules = len(variants) == 2
    result.c89_checked = c89 == "checked"
    result.c89_unwritten = c89 == "kernel"
    result.members = bool(c.get("members"))
    result.member_out = getattr(k, "member_out_written", False)
    result.nomem = bool(nomem)
    result.nomem_injected = failed_allocations > 0
    # What the rewrite relies on a header for: the run-time overlap test
    # (uintptr_t), heap temporaries (malloc, calloc).
    result.overlap_test = rewritten_text.count("uintptr_t") > \
        original_text.count("uintptr_t")
    result.heap = bool(nomem)
    return result


# The summary's lines of the file's includes (pick_includes), the narrow
# loop counters (pick_counters) and class 'intsum' by the sign of its type.
FORM_TAGS = ["includes-omp", "includes-none", "includes-stdlib", "counters",
             "counters-near-max", "intsum-signed", "intsum-unsigned", "coo",
             "crd-in-place", "scaled-sum", "down-post", "down-ge",
             "unsigned", "omp-guard", "unweighted", "omp-team"]


def form_tags(c):
    """The FORM_TAGS of case c."""
    tags = []
    if c.get("includes"):
        tags.append("includes-" + c["includes"])
    if c.get("counters"):
        tags.append("counters")
        if any(g.get("near_max") in c["counters"] for g in c["configs"]):
            tags.append("counters-near-max")
    if c.get("isum"):
        tags.append("intsum-signed" if c["isum"] in fuzz_classes.SIGNED_SUMS
                    else "intsum-unsigned")
    if c.get("coo"):
        tags.append("coo")
    if c.get("crd_in_place"):
        tags.append("crd-in-place")
    if c.get("scaled_sum"):
        tags.append("scaled-sum")
    if c.get("down"):
        tags.append("down-" + c["down"]["form"])
    if c["itype"] == "unsigned":
        tags.append("unsigned")
    if c.get("omp_guard") and c["pragma"]:
        tags.append("omp-guard")
    if c.get("unweighted") and c["dense"] + c["scalars"]:
        tags.append("unweighted")
    if c.get("omp_team") and c["pragma"] and c.get("omp_region"):
        tags.append("omp-team")
    return tags


def other_compiler(opts):
    """clang-14 when the cases are built with gcc, gcc otherwise."""
    return "clang-14" if "clang" not in os.path.basename(opts.cc) else "gcc"


# Every build of a kernel or a rewrite: a function called without its
# header's declaration (malloc where only clang's <omp.h> includes
# <stdlib.h>) is an error, as in C99 with GCC 14 and Clang 16.
STRICT_FLAGS = ["-Werror=implicit-function-declaration"]
# Class 'intsum': the kernels, the driver and the link.
SIGNED_OVERFLOW_FLAGS = ["-fsanitize=signed-integer-overflow",
                         "-fno-sanitize-recover=signed-integer-overflow"]
# A report of UndefinedBehaviorSanitizer: the file where it happened.
UBSAN_RE = re.compile(r"^(?:.*/)?([^/:\s]+):\d+:\d+: runtime error: (.*)$",
                      re.M)


def added_warnings(opts, workdir, log):
    """The kinds of warning (-Wsign-compare, -Wtype-limits, ...) that gcc
    or clang-14 gives the rewrite under -Wall -Wextra and not the kernel
    (warning_kinds.py), comma-separated; "" for none. A user who builds
    with -Werror builds the rewrite too."""
    added = set()
    for cc in (opts.cc, other_compiler(opts)):
        if not shutil.which(cc):
            continue
        new = warning_kinds.added(cc, ["-fopenmp", "-I" + workdir,
                                       "-I" + HERE], workdir, "kernel.c",
                                  "rewritten.c", opts.cc_timeout)
        for kind in sorted(new):
            log.append("%s: %s" % (cc, kind))
        added |= new
    return ", ".join(sorted(added))


def both_compilers(opts, workdir, log):
    """The compiler (gcc, then clang-14) that does not compile the rewrite
    (-fsyntax-only -fopenmp -Werror=implicit-function-declaration) where
    it compiles the kernel, or "": each rejects what the other takes
    (clang a variable used under 'default(none)' without a data-sharing
    clause; gcc a call of malloc or a uintptr_t whose header only clang's
    <omp.h> includes)."""
    for cc in (opts.cc, other_compiler(opts)):
        if not shutil.which(cc):
            continue
        check = [cc, "-fsyntax-only", "-fopenmp"] + STRICT_FLAGS + [
            "-I" + workdir, "-I" + HERE]
        # The kernel was built with opts.cc already (original.o).
        if cc != opts.cc and run(check + ["kernel.c"], cwd=workdir,
                                 timeout=opts.cc_timeout)[0]:
            continue  # the kernel is not this compiler's C
        rc, _, err = run(check + ["rewritten.c"], cwd=workdir,
                         timeout=opts.cc_timeout)
        if rc != 0:
            log.append(" ".join(check[:4]) + ":\n" +
                       err.decode("utf-8", "replace"))
            return cc
    return ""


def other_configurations(c, opts, workdir, log):
    """The flags of another configuration of the build (pick_configurations)
    under which the kernel compiles and its rewrite does not; "" if none.
    A kernel that is not strict C99 is not checked under -std=c99 (the C89
    cases are built with -std=c89 by strict_c89)."""
    configs = []
    if c.get("other_build"):
        configs.append(["-DFZ_OTHER_BUILD"])
    if c.get("feature_macro") and c.get("std") != "c89":
        configs.append(["-std=c99"])
        if c["number"] % 2 == 1:  # guarded: the block skipped
            configs.append(["-std=c99", "-D_XOPEN_SOURCE=700"])
    if c.get("omp_guard") == "FZ_OMP":
        configs.append(["-DFZ_OMP"])
    if c.get("omp_guard") == "_OPENMP":
        configs.append(["-fno-openmp"])
    for flags in configs:
        check = [opts.cc, "-fsyntax-only", "-fopenmp", "-w", "-I" + workdir,
                 "-I" + HERE] + flags
        if run(check + ["kernel.c"], cwd=workdir, timeout=opts.cc_timeout)[0]:
            continue
        rc, _, err = run(check + ["rewritten.c"], cwd=workdir,
                         timeout=opts.cc_timeout)
        if rc != 0:
            log.append(" ".join(flags) + ":\n" +
                       err.decode("utf-8", "replace"))
            return " ".join(flags)
    return ""


def strict_c89(c, opts, workdir, log):
    """For a case of the c89 style: "checked" when the kernel builds with
    -std=c89 -pedantic-errors and so does its rewrite, under gcc and
    clang-14, with and without -fopenmp; "rewrite" when only the kernel
    does; "kernel" when the kernel itself is not C89 (a shape c89ify.py
    does not write as C89: counted, the case checked as C99); "" for the
    other cases."""
    if c.get("std") != "c89":
        return ""
    other = other_compiler(opts)
    checks = [[cc, "-std=c89", "-pedantic-errors", omp, "-fsyntax-only",
               "-I" + workdir, "-I" + HERE]
              for cc in (opts.cc, other) if shutil.which(cc)
              for omp in ("-fopenmp", "-Wno-unknown-pragmas")]
    rc, _, err = run(checks[0] + ["kernel.c"], cwd=workdir,
                     timeout=opts.cc_timeout)
    if rc != 0:
        log.append(err.decode("utf-8", "replace"))
        return "kernel"
    for strict in checks:
        rc, _, err = run(strict + ["rewritten.c"], cwd=workdir,
                         timeout=opts.cc_timeout)
        # Not where the kernel itself fails (clang's <omp.h> is not C89:
        # 'static inline').
        if rc != 0 and strict is not checks[0] and run(
                strict + ["kernel.c"], cwd=workdir,
                timeout=opts.cc_timeout)[0]:
            continue
        if rc != 0:
            log.append(" ".join(strict[:4]) + ":\n" +
                       err.decode("utf-8", "replace"))
            return "rewrite"
    return "checked"


def run_variant(c, opts, workdir, log, fail, base, exe, name, wrapper,
                kernel_flags=(), driver_flags=()):
    """Compiles the rewrite (or its variant) with the driver and runs it;
    a failure's Result, or None."""
    rc, _, err = run(base + list(kernel_flags) +
                     ["-c", wrapper, "-o", "rewritten.o"],
                     cwd=workdir, timeout=opts.cc_timeout)
    if rc != 0:
        log.append(err.decode("utf-8", "replace"))
        return fail("compile", "the %s kernel does not compile" % name)
    rc, _, err = run(base + list(driver_flags) +
                     ["driver.c", "original.o", "rewritten.o",
                      opts.support_obj, "-lm", "-o", exe],
                     cwd=workdir, timeout=opts.cc_timeout)
    if rc != 0:
        text = err.decode("utf-8", "replace")
        log.append(text)
        # A name the rewrite calls that the original did not ('free' a
        # macro for a function nobody defines): the rewrite's failure.
        if "undefined reference" in text and "rewritten_w.c" in text:
            return fail("link", "the %s kernel does not link" % name)
        return fail("generator", "the driver does not compile")
    env = dict(os.environ, OMP_WAIT_POLICY="passive",
               ASAN_OPTIONS="allocator_may_return_null=1:detect_leaks=0")
    env.pop("OMP_NUM_THREADS", None)
    if opts.tsan:
        # Archer tells ThreadSanitizer about OpenMP's synchronization.
        env.update(OMP_TOOL_LIBRARIES=opts.archer,
                   TSAN_OPTIONS="ignore_noninstrumented_modules=1:"
                   "exitcode=66:halt_on_error=1")
    try:
        p = subprocess.run([exe], cwd=workdir, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=opts.run_timeout,
                           env=env)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        # Each kernel call has its own limit (FZ_CALL_LIMIT); this is the
        # whole driver's.
        return fail("hang", "%s: the driver did not finish in %ds" % (
            name, opts.run_timeout))
    log.append(out.decode("utf-8", "replace") +
               err.decode("utf-8", "replace"))
    errs = err.decode("utf-8", "replace")
    if "FAIL: hang:" in errs:
        return fail("hang", "%s: %s" % (name, next(
            ln for ln in errs.splitlines() if "FAIL: hang:" in ln)))
    ub = UBSAN_RE.search(errs)
    if ub:
        # The original's overflow is the generator's (its data); the
        # rewrite's (rewritten.c, flipped.c, nomem_*.c) a failure.
        if ub.group(1) == "kernel.c":
            return fail("generator", "the original: " + ub.group(2))
        if ub.group(1) != "driver.c":
            return fail("overflow", "%s: %s: %s" % (name, ub.group(1),
                                                     ub.group(2)))
        return fail("generator", "the driver: " + ub.group(2))
    if opts.tsan and (rc == 66 or b"ThreadSanitizer" in err):
        return fail("race", "ThreadSanitizer: " + next(
            (ln for ln in err.decode("utf-8", "replace").splitlines()
             if "WARNING: ThreadSanitizer" in ln), "exit %s" % rc))
    if b"FAIL: generator:" in err:
        return fail("generator", next(
            ln for ln in err.decode("utf-8", "replace").splitlines()
            if "FAIL: generator:" in ln))
    if rc != 0 or b"PASS" not in out:
        msg = err.decode("utf-8", "replace").strip().splitlines()
        return fail("mismatch", "%s: %s" % (
            name, msg[-1] if msg else "driver exit %s" % rc))
    return None


# --------------------------------------------------------------- reduction


def drop_index(c, x):
    """c without index x (which no access may use any more)."""
    c = json.loads(json.dumps(c))
    a = c["indices"].index(x)
    c["indices"].remove(x)
    c["order"].remove(x)
    c["bounds"].pop(x, None)
    c["macro_ext"].pop(x, None)
    for g in c["configs"]:
        del g["ext"][a]
    return c


def used_indices(c):
    used = set(c["out"]["idx"])
    for t in c["dense"]:
        used |= set(t["idx"])
    if c["sparse"]:
        used |= set(c["sparse"]["levels"])
    return used


def candidates(c):
    """Simpler variants of case c, the most promising first."""
    def variant(f):
        d = json.loads(json.dumps(c))
        f(d)
        return d
    simple = {"stmt": "+=", "subscripts": "inline", "accessor": False,
              "accessor_arg": None,
              "lin": "horner", "braces": "all", "paren": False,
              "pragma": None, "inplace": False, "scalars": [],
              "members": None, "real": "double", "itype": "int",
              "style": "hand"}
    for key, v in simple.items():
        if c.get(key) != v:
            yield variant(lambda d, key=key, v=v: d.__setitem__(key, v))
    if any(b != "param" for b in c["bounds"].values()):
        yield variant(lambda d: d.__setitem__(
            "bounds", {x: "param" for x in d["indices"]}))
    for fl in c["flags"]:
        yield variant(lambda d, fl=fl: d["flags"].remove(fl))
    if not c["restrict"]:
        yield variant(lambda d: (d.__setitem__("restrict", True),
                                 d["flags"].remove("--assume-no-alias")
                                 if "--assume-no-alias" in d["flags"]
                                 else None))
    for a in range(len(c["dense"])):
        yield variant(lambda d, a=a: d["dense"].pop(a))
    if c["sparse"]:
        yield variant(lambda d: d.__setitem__("sparse", None))
        if c["sparse"]["format"] not in ("CSR",) and \
                len(c["sparse"]["levels"]) > 2:
            def to_csr(d):
                s = d["sparse"]
                s["levels"] = s["levels"][:2]
                s["fmt"] = [0, 1]
                s["format"] = "CSR"
            yield variant(to_csr)
    def and_unused(d, x):
        if x not in used_indices(d) and len(d["indices"]) > 2:
            return drop_index(d, x)
        return d
    for a, t in enumerate(c["dense"]):
        if len(t["idx"]) > 1:
            for x in t["idx"]:
                d = variant(lambda d, a=a, x=x: d["dense"][a]["idx"].remove(x))
                yield and_unused(d, x)
    for x in c["out"]["idx"]:
        d = variant(lambda d, x=x: d["out"]["idx"].remove(x))
        yield and_unused(d, x)
    for x in c["indices"]:
        if x not in used_indices(c) and len(c["indices"]) > 2:
            yield drop_index(c, x)


def fixup(c):
    """Keeps a reduced case self-consistent."""
    s = c["sparse"]
    order = c["order"]
    if s:
        slots = [p for p, x in enumerate(order) if x in s["levels"]]
        for p, x in zip(slots, s["levels"]):
            order[p] = x
    if c["stmt"] == "acc" and order[-1] in c["out"]["idx"]:
        c["stmt"] = "+="
    if c["pragma"] and not c.get("pos_split") and (
            order[0] not in c["out"]["idx"] or not (0 in dense_loops(c))):
        c["pragma"] = None
    for x in c["indices"]:
        if c["bounds"].get(x) is None:
            c["bounds"][x] = "param"
    # An 'offset' index must stay a compressed level (the coordinates
    # carry the offset; a dense loop's index from 0 would not).
    off = c.get("offset")
    if off and not (s and off["index"] in s["levels"] and
                    s["fmt"][s["levels"].index(off["index"])] == 1 and
                    c["style"] == "hand"):
        c["offset"] = None
    # A narrow counter stays on a plain dense loop, its extents in range.
    if c.get("counters"):
        loops = set(counter_loops(c))
        c["counters"] = {x: t for x, t in c["counters"].items()
                         if x in loops}
    fit_counter_extents(c)
    return fuzz_classes.class_fixup(c)


def reduce_case(c, opts, kind):
    """Greedy reduction of c while it still fails with the same kind."""
    work = os.path.join(opts.work, "reduce-%d-%d" % (c["seed"], c["number"]))
    trial = [0]

    def fails(d):
        trial[0] += 1
        wd = os.path.join(work, "trial-%d" % trial[0])
        try:
            r = check_case(d, opts, wd)
        except Exception:
            return False
        ok = r.status == kind
        if not ok:
            shutil.rmtree(wd, ignore_errors=True)
        return ok

    progress = True
    while progress:
        progress = False
        for d in candidates(c):
            d = fixup(d)
            if d == c:
                continue
            if fails(d):
                c = d
                progress = True
                if not opts.quiet:
                    print("  reduced: %d indices, %d dense factors, sparse %s, "
                      "style %s" % (len(c["indices"]), len(c["dense"]),
                                    c["sparse"]["format"] if c["sparse"]
                                    else "none", c["style"]), flush=True)
                break
    final = os.path.join(work, "reduced")
    check_case(c, opts, final)
    return c, final


# ------------------------------------------------------------------ main


def replay(opts, case_dir):
    """Re-checks a kept case (kernel.c + case.json) from its directory."""
    with open(os.path.join(case_dir, "case.json")) as f:
        c = json.load(f)
    work = tempfile.mkdtemp(prefix="lnr-replay-", dir=opts.work)
    for fn in os.listdir(case_dir):
        if fn in ("kernel.c", "case.json", "taco_tensor_t.h"):
            shutil.copy(os.path.join(case_dir, fn), work)
    if c["style"] == "taco":
        shutil.copy(TACO_HEADER, work)
    k = Kernel(c)
    generated = k.emit()
    with open(os.path.join(work, "kernel.c")) as f:
        src = f.read()
    if src != generated:
        # A hand-reduced kernel: keep it, the parameters still match.
        pass
    r = check_files(c, k, src, opts, work)
    expect = "refused" if c.get("refusal") and \
        c["refusal"] not in MAYBE_LATER else None
    print("%s: %s %s" % (case_dir, r.status, r.detail))
    ok = not r.status.startswith("FAIL") and (expect is None or
                                               r.status == expect)
    if ok:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print("  kept in %s" % work)
    return 0 if ok else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", required=True, help="the lnr-rewrite binary")
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0,
                    help="number of the first case")
    ap.add_argument("--only", default="", help="comma-separated case numbers")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--batch", type=int, default=25,
                    help="cases per lnr-rewrite process (-i on all their "
                    "files at once; a batch that fails is rerun case by "
                    "case); 1 runs every case on its own")
    ap.add_argument("--work", default=None, help="work directory (kept)")
    ap.add_argument("--keep-all", action="store_true",
                    help="keep every case's files, not only failures")
    ap.add_argument("--cc", default=None,
                    help="C compiler (gcc; clang-14 with --tsan)")
    ap.add_argument("--tsan", action="store_true",
                    help="build the kernels and the driver with clang "
                    "-fsanitize=thread and run them under Archer (the "
                    "OpenMP tool of LLVM's libomp): a data race in the "
                    "rewritten (or original) kernel is a failure")
    ap.add_argument("--archer", default="/usr/lib/llvm-14/lib/libarcher.so")
    ap.add_argument("--tool-timeout", type=int, default=60)
    ap.add_argument("--cc-timeout", type=int, default=180)
    ap.add_argument("--run-timeout", type=int, default=120,
                    help="seconds for a whole driver run (FAIL-hang)")
    ap.add_argument("--hang-timeout", type=int, default=20,
                    help="seconds for each call of a kernel in a driver "
                    "(alarm(); FAIL-hang for the rewrite's, the "
                    "generator's for the original's)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--tolerate", action="append", default=[],
                    metavar="KIND",
                    help="count failures of this kind (e.g. not-idempotent, "
                    "a known bug with its own XFAIL regression test) "
                    "without failing the run; repeatable")
    ap.add_argument("--replay", nargs="*", default=None,
                    help="re-check kept case directories instead")
    ap.add_argument("--reduce", action="store_true",
                    help="reduce each failing case of --only to a smaller "
                    "one that fails the same way")
    ap.add_argument("--print", action="store_true",
                    help="print the kernel of each case and exit")
    opts = ap.parse_args(argv)
    opts.tool = os.path.abspath(opts.tool)
    if opts.cc is None:
        opts.cc = "clang-14" if opts.tsan else os.environ.get("CC", "gcc")
    if opts.tsan and not os.path.exists(opts.archer):
        ap.error("--tsan needs Archer: no %s" % opts.archer)
    if not os.access(opts.tool, os.X_OK):
        ap.error("no executable tool at %s" % opts.tool)
    if opts.work is None:
        opts.work = tempfile.mkdtemp(prefix="lnr-fuzz-")
    os.makedirs(opts.work, exist_ok=True)
    opts.work = os.path.abspath(opts.work)
    # The support library, once.
    opts.support_obj = os.path.join(opts.work, "fuzz_support.o")
    rc, _, err = run([opts.cc, "-O2", "-fPIC", "-c",
                      os.path.join(HERE, "fuzz_support.c"),
                      "-o", opts.support_obj])
    if rc != 0:
        sys.stderr.write(err.decode())
        return 2
    if opts.replay is not None:
        bad = sum(replay(opts, d) for d in opts.replay)
        print("%d passed, %d failed" % (len(opts.replay) - bad, bad))
        return 1 if bad else 0

    if opts.only:
        numbers = [int(x) for x in opts.only.split(",")]
    else:
        numbers = list(range(opts.first, opts.first + opts.cases))
    if opts.print:
        for n in numbers:
            print(Kernel(make_case(opts.seed, n)).emit())
        return 0

    if opts.reduce:
        for n in numbers:
            c = make_case(opts.seed, n)
            r = check_case(c, opts, os.path.join(opts.work, "orig-%d" % n))
            if not r.status.startswith("FAIL"):
                print("case %d: %s, nothing to reduce" % (n, r.status))
                continue
            print("case %d: %s: reducing" % (n, r.status), flush=True)
            c, d = reduce_case(c, opts, r.status)
            print("case %d reduced (%s):" % (n, d))
            with open(os.path.join(d, "kernel.c")) as f:
                print(f.read())
        return 0

    start = time.time()
    counts = {}
    by_class = {}  # class -> {generated, rewritten, unchanged, failed}
    first_failure = {}  # class -> case number
    remark_counts = {}
    both = 0  # rewrites with a run-time choice, both schedules proved
    c89_checked = 0  # rewrites of C89 kernels built as C89
    c89_unwritten = 0  # c89 cases c89ify could not write as C89
    members = 0  # rewrites of kernels whose inputs are struct members
    member_out = 0  # ... whose output is
    offset = offset_rewritten = 0  # cases of the 'offset' form
    offset_pointer = 0  # of those, kind 'pointer' (a plain subscript)
    nomem = nomem_injected = 0  # rewrites run with failing allocations
    grouped = grouped_rewritten = grouped_unparsed = 0  # fuzz_grouped.py
    grouped_error = ""  # the first group that did not parse, and why
    by_form = {}  # form_tags -> {generated, rewritten, ..., first failure}
    failures = []

    def batch(ns):
        todo = [(make_case(opts.seed, n),
                 os.path.join(opts.work, "case-%d-%06d" % (opts.seed, n)))
                for n in ns]
        rs = check_batch(todo, opts)
        for r, (c, d) in zip(rs, todo):
            r.cls = c.get("cls")
            r.forms = form_tags(c)
            r.offset = bool(c.get("offset"))
            r.offset_pointer = bool(c.get("offset")) and \
                c["offset"]["kind"] == "pointer"
            if not r.status.startswith("FAIL") and not opts.keep_all:
                shutil.rmtree(d, ignore_errors=True)
        return rs

    size = max(1, opts.batch)
    batches = [numbers[a:a + size] for a in range(0, len(numbers), size)]

    def results():
        with concurrent.futures.ThreadPoolExecutor(
                max_workers=opts.jobs) as ex:
            for rs in ex.map(batch, batches):
                for r in rs:
                    yield r

    if True:
        for done, r in enumerate(results(), 1):
            counts[r.status] = counts.get(r.status, 0) + 1
            bc = by_class.setdefault(r.cls or "base", {
                "generated": 0, "rewritten": 0, "unchanged": 0, "failed": 0})
            bc["generated"] += 1
            if r.status == "rewritten":
                bc["rewritten"] += 1
            elif r.status == "refused":
                bc["unchanged"] += 1
            else:
                bc["failed"] += 1
                first_failure.setdefault(r.cls or "base", r.number)
            for tag in getattr(r, "forms", []):
                bf = by_form.setdefault(tag, {
                    "generated": 0, "rewritten": 0, "unchanged": 0,
                    "failed": 0, "overlap": 0, "heap": 0, "other": 0,
                    "first": None})
                bf["generated"] += 1
                if r.status == "rewritten":
                    bf["rewritten"] += 1
                    bf["overlap"] += getattr(r, "overlap_test", False)
                    bf["heap"] += getattr(r, "heap", False)
                elif r.status == "refused":
                    bf["unchanged"] += 1
                    bf["other"] += getattr(r, "signed_other", False)
                else:
                    bf["failed"] += 1
                    if bf["first"] is None:
                        bf["first"] = r.number
            both += getattr(r, "both_schedules", False)
            c89_checked += getattr(r, "c89_checked", False)
            c89_unwritten += getattr(r, "c89_unwritten", False)
            members += getattr(r, "members", False)
            member_out += getattr(r, "member_out", False)
            offset += getattr(r, "offset", False)
            offset_rewritten += getattr(r, "offset", False) and \
                r.status == "rewritten"
            offset_pointer += getattr(r, "offset_pointer", False)
            nomem += getattr(r, "nomem", False)
            nomem_injected += getattr(r, "nomem_injected", False)
            grouped += getattr(r, "grouped", 0)
            grouped_rewritten += getattr(r, "grouped_rewritten", 0)
            grouped_unparsed += getattr(r, "grouped_unparsed", 0)
            grouped_error = grouped_error or getattr(r, "grouped_error", "")
            if r.status == "refused":
                for name in set(r.remarks):
                    remark_counts[name] = remark_counts.get(name, 0) + 1
            if r.status.startswith("FAIL") and \
                    r.status[5:] not in opts.tolerate:
                failures.append(r)
            if r.status.startswith("FAIL") and counts[r.status] <= 20:
                print("case %d [%s]: %s: %s (kept in %s)" % (
                    r.number, r.cls or "base", r.status, r.detail.strip().splitlines()[-1]
                    if r.detail.strip() else "",
                    os.path.join(opts.work, "case-%d-%06d" % (opts.seed,
                                                              r.number))),
                      flush=True)
            elif not opts.quiet and (done % 100 == 0):
                print("... %d/%d cases, %d failures, %.0fs" % (
                    done, len(numbers), len(failures), time.time() - start),
                    flush=True)
    elapsed = time.time() - start
    print("lnr-fuzz: seed %d, %d cases in %.0fs: %d rewritten and proved "
          "equal (1 and 2 threads), %d left unchanged, %d failed" % (
              opts.seed, len(numbers), elapsed, counts.get("rewritten", 0),
              counts.get("refused", 0), len(failures)))
    if both:
        print("  %d of the rewritten with a run-time choice, both of its "
              "schedules proved" % both)
    if c89_checked:
        print("  %d of the rewritten written as C89 (rewritten with "
              "-std=c89), built with -std=c89 -pedantic-errors by gcc and "
              "clang-14, with and without -fopenmp" % c89_checked)
    if c89_unwritten:
        print("  %d of the rewritten of the c89 style not C89 as c89ify.py "
              "writes them (a 'for (int' in a macro, '_Bool', a struct "
              "declared late, an initializer list of addresses): checked "
              "as C99 only" % c89_unwritten)
    if members:
        print("  %d of the rewritten with their inputs as struct members" %
              members)
    if member_out:
        print("  %d of the rewritten with their output in a struct "
              "(member_out)" % member_out)
    if offset:
        print("  %d cases with offset subscripts ('(j - j0)' over a "
              "compressed coordinate, the operand after guard pages; %d "
              "with a plain 'j' from off > 0, the operand passed off rows "
              "before its first): %d rewritten" % (
                  offset, offset_pointer, offset_rewritten))
    if nomem:
        print("  %d of the rewritten allocate on the heap: run again with "
              "every allocation failing and with the second failing, the "
              "original nest ran instead (%d saw an allocation fail)" % (
                  nomem, nomem_injected))
    if grouped or grouped_unparsed:
        print("  %d cases' kernels grouped in files of a batch each: %d nests "
              "rewritten, byte for byte the same on a pool of threads and on "
              "one thread%s" % (grouped, grouped_rewritten,
                                " (%d cases in files that did not parse, "
                                "not compared)" % grouped_unparsed
                                if grouped_unparsed else ""))
    if grouped_error:
        print("  the first grouped file that did not parse: " + grouped_error)
    if remark_counts:
        print("  unchanged nests by remark: " + ", ".join(
            "%s %d" % kv for kv in sorted(remark_counts.items(),
                                          key=lambda kv: -kv[1])))
    for kind in sorted(k for k in counts if k.startswith("FAIL")):
        print("  %s: %d%s" % (kind, counts[kind], " (tolerated: a known bug)"
                              if kind[5:] in opts.tolerate else ""))
    for cls in ["base"] + fuzz_classes.CLASSES + fuzz_classes.NEW_CLASSES:
        if cls in by_class:
            bc = by_class[cls]
            print("  class %-9s %4d generated, %4d rewritten, %4d unchanged, "
                  "%3d failed%s" % (cls, bc["generated"], bc["rewritten"],
                                    bc["unchanged"], bc["failed"],
                                    " (first: case %d)" % first_failure[cls]
                                    if cls in first_failure else ""))
    for tag in FORM_TAGS:
        if tag in by_form:
            bf = by_form[tag]
            extra = ""
            if tag.startswith("includes-") or tag == "crd-in-place":
                extra = " (%d with the overlap test, %d with heap " \
                    "temporaries)" % (bf["overlap"], bf["heap"])
            unchanged = ""
            if tag == "intsum-signed":
                unchanged = " (%d for another reason, as their unsigned " \
                    "twins)" % bf["other"]
            print("  form %-17s %4d generated, %4d rewritten%s, %4d "
                  "unchanged%s, %3d failed%s" % (
                      tag, bf["generated"], bf["rewritten"], extra,
                      bf["unchanged"], unchanged, bf["failed"],
                      " (first: case %d)" % bf["first"]
                      if bf["first"] is not None else ""))
    print("  work directory: %s" % opts.work)
    print("%d passed, %d failed" % (len(numbers) - len(failures),
                                    len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
