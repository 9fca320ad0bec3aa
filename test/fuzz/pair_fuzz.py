#!/usr/bin/env python3
"""Differential fuzzing of separate kernels: two nests of one function, a
producer filling a local temporary and a consumer reading it
(analysis/recover/NestPairs.h, rewrite/NestComposition.h).

Each case is a function with one pair, drawn from the producer forms the
tool composes (an SDDMM stored at a CSR matrix's positions, scaled before
or after its sum; a CSR or dense product into a calloc'd temporary; a
column sum; a block of values per position, SpTTM's workspace per fiber,
written at a stride apart from its extent in some cases) in random loop
orders, with or without restrict, an OpenMP
directive on either nest, C89 declarations, and a mutation that must keep
the pair apart or that the rewrite must get right: the temporary read
after the consumer, the temporary the caller's array (restrict or not,
compared whole), a statement between (one reading that array), another
bound or element read, the consumer's index named as the producer's sum,
the consumer writing an operand of the producer, the caller's array zeroed
in part only before an accumulating producer, local scalars set between
the nests (one read by the producer through a pointer), the rows of a
dense temporary written K apart (overlapping where K < F; such a producer
has no directive, whose threads would race), a factor of the producer's
sum that none of its loops index (fused under a check that it is
finite), a float temporary of a
double sum (half of them read through an accessor macro), an unweighted
graph (no value of B read: its pattern's ones) in a quarter of the SDDMMs
and SpMMs. An SDDMM
producer stores its sum through an element-wise function in half the
cases (a sigmoid, a LeakyReLU as a static function or written in place,
fmax, exp, tanh times a static scale, or a step, whose jump the
last data set puts a sum at; a comment inside it in a quarter of them). In about a third of the cases the two
nests are static functions of the file called one after the other (tool/InlinedCalls.h), the
consumer's parameters renamed in half of them, a width passed as an
expression in some, the temporary named through a local of each
function in some ('double *tv = T;', 'const double *tv = T;'), and the
widths read from the caller's array 'dims' as the calls are made in some
(an 'int' array, which the first body's stores of doubles cannot change,
or a 'double' one, which keeps the calls apart). An SDDMM's
consumer walks the positions by a variable of its own ('q') in some, and
zeroes its output in a nest of its own right before its nest in some (as
TACO does; the fused nest runs it first). The original and the rewrite
are compiled into
one driver (gcc, and clang-14 for every third case) and run on data sets
with empty rows, sizes of 0 (K == 0 among infinities once; with no row,
the operands the nests read only in their rows passed as NULL), infinities
and NaN, row pointers that decrease (two rows sharing a position), and
the output passed as an input where nothing is restrict, at 1 and 2
threads, under a time limit; every output element must be the
original's (NaN- and Inf-aware).
A rewrite with a run-time choice runs again with its test inverted, so
that both schedules run; a rewrite may warn (gcc -Wall -Wextra) of no kind
of warning the original has not (FAIL-warning).

    pair_fuzz.py --tool BIN [--seed S] [--cases N] [--work DIR] [--keep-all]
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys

import warning_kinds

HERE = os.path.dirname(os.path.abspath(__file__))

PRODUCERS = ["sddmm", "spmm", "dense", "colsum", "block"]
MUTATIONS = [None] * 6 + ["live", "live_param", "between", "bound", "offset",
                          "clash", "writes_input", "between_scalars",
                          "between_addressed", "between_reads",
                          "partial_zero", "stride", "row_stride", "hoist",
                          "float_temp"]
# Element-wise functions an SDDMM producer stores its sum through ('@' the
# stored product); None stores the product as it is.
MAPS = [None] * 3 + [
    "1.0 / (1.0 + exp(-(@)))",
    "leaky(@)",
    "@ > 0 ? @ : 0.1 * (@)",
    "fmax(@, 0.0)",
    "fmin(exp(@), 1e3)",
    "tanh(@) * alpha",
]
# A function with a jump at 0: the sum it reads must be added up in the
# original's order (docs/supported-c.md). The driver's last data set puts
# an SDDMM's sum at the jump: 1 in the original's order, 0 when eight
# partial sums regroup it.
JUMP_MAP = "(@) > 0 ? 1.0 : 0.0"


def loop(var, bound, c89):
    return ("for (%s = 0; %s < %s; %s++)" % (var, var, bound, var) if c89
            else "for (int %s = 0; %s < %s; %s++)" % (var, var, bound, var))


class Case:
    """One generated function, its driver and what it computes."""

    functions = []  # the static functions of the call mode (called)

    def __init__(self, seed, number):
        self.rng = random.Random("%d:%d:pair" % (seed, number))
        self.seed_number = (seed, number)
        # Drawn apart, so that the other fields are those of earlier
        # versions: the temporary read and written through an accessor
        # macro ('T_AT(i, f)'), where only its element type says it is a
        # float (the mutation float_temp).
        self.accessor = random.Random(
            "%d:%d:accessor" % (seed, number)).random() < 0.5
        r = self.rng
        self.producer = r.choice(PRODUCERS)
        self.mutation = r.choice(MUTATIONS)
        self.restrict = r.random() < 0.6
        self.c89 = r.random() < 0.2
        self.pragma = r.choice([None, None, "producer", "consumer", "both"])
        self.scale = r.choice(["before", "after"])
        self.order = r.random() < 0.5
        self.map = r.choice(MAPS) if self.producer == "sddmm" else None
        if self.map and random.Random("%d:%d:jump" % (seed, number)).random(
        ) < 0.3:
            self.map = JUMP_MAP
        # Drawn apart, so that a seed's other cases stay what they were.
        c = random.Random("%d:%d:calls" % (seed, number))
        self.calls = c.random() < 0.35 and self.mutation not in (
            "between_scalars", "between_addressed", "float_temp")
        self.call_renames = c.random() < 0.5
        self.call_expression = c.random() < 0.3
        # Each function names the temporary through a local of its own
        # ('double *tv = T;'), one array when the two hold one pointer.
        self.call_locals = c.random() < 0.4
        # The widths read from memory as the calls are made: the first
        # call's from the caller's array 'dims', read before its body; the
        # second's an 'int' the first body's stores of doubles cannot
        # change (or, 'double', one they may: the calls then stay).
        m = random.Random("%d:%d:callmemory" % (seed, number))
        self.call_memory = m.choice([None, "int", "double"]) \
            if m.random() < 0.3 else None
        # The consumer walks the scores' positions by a variable of its own
        # ('q'), named as the producer's in the fused nest.
        self.own_position = random.Random(
            "%d:%d:position" % (seed, number)).random() < 0.3
        # The consumer zeroes its output in a nest of its own right before
        # its nest, as TACO writes it: run first in the fused nest.
        self.zeroing = self.producer == "sddmm" and random.Random(
            "%d:%d:zeroing" % (seed, number)).random() < 0.3
        # The consumer walks each row's positions in blocks, as TACO's
        # split of a position loop writes it: a block tests its positions
        # against the row's bounds, or lies inside the row untested; the
        # loop over l between the blocks and their positions, or inside.
        b = random.Random("%d:%d:blocks" % (seed, number))
        self.blocks = (self.producer == "sddmm" and not self.c89 and
                       b.random() < 0.5)
        self.block_size = b.choice([2, 4, 8])
        self.block_between = b.random() < 0.6
        # Forms that must stay as written: a position in a type that does
        # not hold every position, the loop between reading the block.
        self.block_type = b.choice(["int", "int", "int", "long", "short",
                                    "unsigned char"])
        self.block_bound_reads = b.random() < 0.15
        # An unweighted graph: the SDDMM's or the SpMM's producer reads no
        # value of B at its positions (the pattern of a tensor of ones).
        self.unweighted = self.producer in ("sddmm", "spmm") and random.Random(
            "%d:%d:unweighted" % (seed, number)).random() < 0.25
        # A comment inside the function's argument ('leaky(s /* score */)'):
        # kept in the fallback, out of the summary comment (-Wcomment).
        self.map_comment = bool(self.map) and random.Random(
            "%d:%d:mapcomment" % (seed, number)).random() < 0.25

    @property
    def producer_rows(self):
        """Loop variables whose iterations store apart in T."""
        return {"colsum": ("f",)}.get(self.producer, ("i", "f"))

    # The text of the function 'fn' and of its parameters.
    def function(self):
        r, q = self.rng, " restrict" if self.restrict else ""
        c89, lines, decl = self.c89, [], []
        v = (lambda name: name)
        P, Q = [], []
        par = "#pragma omp parallel for"
        red = "k" if self.mutation != "clash" else "l"
        if self.producer == "sddmm":
            # Read at p + 1 or after the consumer: calloc, so that every
            # element read is defined.
            alloc = ("double *T = %s;" % (
                "calloc((size_t)pos[n] + 1, sizeof(double))"
                if self.mutation in ("offset", "live") else
                "malloc(sizeof(double) * ((size_t)pos[n] + 1))"))
            P.append(loop("i", "n", c89) + " {")
            P.append("  %sfor (%sp = pos[i]; p < pos[i + 1]; p++) {" % (
                "", "" if c89 else "int "))
            P.append("    %sj = crd[p];" % ("" if c89 else "int "))
            P.append("    %ss = 0;" % ("" if c89 else "double "))
            P.append("    " + loop(red, "K", c89))
            P.append("      s += C[i * K + %s] * D[j * K + %s];" % (red, red))
            stored = "B[p] * s" if self.scale == "before" else "s * B[p]"
            if self.unweighted:
                stored = "s"
            if self.mutation == "between_addressed":
                stored += " * scp[0]"
            if self.map:
                stored = self.map.replace(
                    "@", stored + (" /* the score */" if self.map_comment
                                   else ""))
            P.append("    T[p] = %s;" % stored)
            P.append("  }")
            P.append("}")
            rows = "n - 1" if self.mutation == "bound" else "n"
            Q.append(loop("i", rows, c89) + " {")
            qp = "q" if self.own_position else "p"
            Q.append("  for (%s%s = pos[i]; %s < pos[i + 1]; %s++) {" % (
                "" if c89 else "int ", qp, qp, qp))
            Q.append("    %sj = crd[%s];" % ("" if c89 else "int ", qp))
            Q.append("    " + loop("l", "L", c89))
            el = "T[%s + 1]" % qp if self.mutation == "offset" else \
                "T[%s]" % qp
            target = "C[i * K + l]" if self.mutation == "writes_input" else \
                "A[i * L + l]"
            if self.mutation == "between_scalars":
                el += " * weight"
            Q.append("      %s += %s * E[j * L + l];" % (target, el))
            Q.append("  }")
            Q.append("}")
            if self.blocks:
                Q = self.position_blocks(rows, qp, target, el)
            decl = ["int i, p, j, %s, l;" % red if red != "l" else
                    "int i, p, j, l;", "double s;"]
            if self.own_position:
                decl[0] = decl[0].replace("int i, p,", "int i, p, q,")
        elif self.producer == "block":
            P, Q, alloc, decl = self.block(c89)
        elif self.producer in ("spmm", "dense", "colsum"):
            alloc = ("double *T = calloc((size_t)(n > 0 ? n : 1) * "
                     "(F > 0 ? F : 1) + 1, sizeof(double));")
            if self.producer == "spmm":
                P.append(loop("i", "n", c89))
                P.append("  for (%sp = pos[i]; p < pos[i + 1]; p++)" % (
                    "" if c89 else "int "))
                P.append("    " + loop("f", "F", c89))
                P.append("      T[i * F + f] += %sX[crd[p] * F + f]%s;" % (
                    "" if self.unweighted else "B[p] * ",
                    " * Y[i]" if self.mutation == "hoist" else ""))
            elif self.producer == "dense":
                order = ["i", "a", "f"]
                r.shuffle(order)
                bounds = {"i": "n", "a": "K", "f": "F"}
                for d, x in enumerate(order):
                    P.append("  " * d + loop(x, bounds[x], c89))
                P.append("  " * 3 + "T[i * F + f] += X[i * K + a] * "
                         "Y[a * F + f]%s;" % (" * E[i * F + f]"
                                             if self.mutation == "hoist"
                                             else ""))
            else:
                order = ["i", "f"] if self.order else ["f", "i"]
                for d, x in enumerate(order):
                    P.append("  " * d + loop(x, {"i": "n", "f": "F"}[x], c89))
                P.append("    T[f] += X[i * F + f];")
            rows = "n - 1" if self.mutation == "bound" else "n"
            el = "T[i * F + f]" if self.producer != "colsum" else "T[f]"
            if self.mutation == "offset":
                el = el[:-1] + " + 1]"
            gname = "a" if self.mutation == "clash" and \
                self.producer == "dense" else "g"
            if self.producer == "colsum":
                outer = [("f", "F"), (gname, "G")]
                target = "out[%s]" % gname
            else:
                outer = [("i", rows), ("f", "F"), (gname, "G")]
                target = "out[i * G + %s]" % gname
            wexpr = "W[f * G + %s]" % gname
            if self.mutation == "writes_input":
                target = target.replace("out[", "X[")
            if r.random() < 0.5 and len(outer) == 3:
                outer[1], outer[2] = outer[2], outer[1]
            for d, (x, b) in enumerate(outer):
                Q.append("  " * d + loop(x, b, c89))
            Q.append("  " * len(outer) + "%s += %s * %s;" % (target, el, wexpr))
            decl = ["int i, p, f, g, a;"]
        # A directive only where the original's threads write apart, and
        # not with C89's shared variables. Blocks or rows at a stride that
        # may be below their extent ('stride', 'row_stride') overlap: the
        # original's threads would race on the shared elements.
        p_ok = (not c89 and P[0].split()[2] in self.producer_rows and
                self.mutation not in ("stride", "row_stride"))
        # (C[i * K + l], l < L, is not row i's alone.)
        q_ok = not c89 and Q[0].split()[2] in ("i",) and not (
            self.producer == "sddmm" and self.mutation == "writes_input")
        self.producer_parallel = self.pragma in ("producer", "both") and p_ok
        if self.producer_parallel:
            P.insert(0, par)
        self.consumer_parallel = self.pragma in ("consumer", "both") and q_ok
        if self.consumer_parallel:
            Q.insert(0, par)
        # Half of the pairs whose nests are both parallel are written as
        # two statements of one '#pragma omp parallel' region, each under
        # '#pragma omp for' (SPLATT's style; KeptDirective::InTeam), where
        # nothing between or around them would run on every thread of the
        # region and race. Drawn apart, so that a seed's other cases stay
        # what they were.
        self.team = (self.producer_parallel and self.consumer_parallel and
                     not self.calls and not self.zeroing and
                     self.mutation not in ("between", "between_addressed",
                                           "between_reads") and
                     random.Random("%d:%d:team" % (self.seed_number))
                     .random() < 0.5)
        if self.team:
            # Either loop 'nowait' or not: the fused loop carries one
            # 'nowait', the barrier of either after it. A producer 'nowait'
            # only over the consumer's rows, both 'schedule(static)': each
            # thread then reads the rows it wrote, and the original is free
            # of races.
            w = random.Random("%d:%d:teamnowait" % self.seed_number)
            p_nowait = w.random() < 0.3 and P[1].split()[2] == "i"
            q_nowait = w.random() < 0.3
            static = " schedule(static)" if p_nowait else ""
            P[0] = "#pragma omp for" + static + (" nowait" if p_nowait
                                                 else "")
            Q[0] = "#pragma omp for" + static + (" nowait" if q_nowait
                                                 else "")
        if self.zeroing:
            Q = [loop("z", "n * L", c89), "  A[z] = 0.0;"] + Q
            decl = decl + ["int z;"]
        body = []
        if c89 and not self.calls:
            body += decl
        if self.mutation in ("live_param", "between_reads", "partial_zero"):
            # The temporary is the caller's array Tp (restrict with the
            # rest): stored by the fused nest, with or without an overlap
            # test, even where the consumer's loops are empty (L == 0).
            P = [re.sub(r"\bT\[", "Tp[", x) for x in P]
            Q = [re.sub(r"\bT\[", "Tp[", x) for x in Q]
            if self.mutation == "partial_zero":
                # The caller's array zeroed in part only: an accumulating
                # producer adds to the values it holds.
                body.append("memset(Tp, 0, sizeof(double) * 2);")
            elif self.producer == "block":
                body.append("memset(Tp, 0, sizeof(double) * ((size_t)pos[n]"
                            " * %s + 1));" % self.stride)
            elif self.producer != "sddmm":
                body.append("memset(Tp, 0, sizeof(double) * ((size_t)(n > 0"
                            " ? n : 1) * (F > 0 ? F : 1) + 1));")
        else:
            body.append(alloc)
        if self.mutation == "between_addressed":
            # Read by the producer through a pointer, set between: the
            # producer must see the value before.
            body += ["double sc = 1.5;", "const double *scp = &sc;"]
        if self.calls:
            P, Q = self.called(P, Q, decl, q, body)
        if self.team:
            body += ["#pragma omp parallel", "{"]
        body += P
        if self.mutation == "between":
            body.append("out[0] += 1;" if self.producer != "sddmm"
                        else "A[0] += 1;")
        elif self.mutation == "between_scalars":
            body += ["double weight;", "weight = 0.5 * K;"]
            if self.producer != "sddmm":
                body[-1] = "weight = 0.5;"
        elif self.mutation == "between_addressed":
            body.append("sc = 2.5;")
        elif self.mutation == "between_reads":
            # Read between the nests from the temporary, which is the
            # caller's (live): it must be read after the producer.
            body.append("double t0 = Tp[1];")
        body += Q
        if self.team:
            body.append("}")
        if self.mutation == "live":
            body.append("*first = T[0];")
        elif self.mutation == "between_reads":
            body.append("*first = t0;")
        if self.mutation not in ("live_param", "between_reads",
                                 "partial_zero"):
            body.append("free(T);")
        if self.mutation == "row_stride" and self.producer in ("spmm",
                                                               "dense"):
            # Rows of T K apart, F wide: they overlap where K < F.
            body = [x.replace("T[i * F + f]", "T[i * K + f]") for x in body]
            body = [x.replace("(F > 0 ? F : 1) + 1", "(F + K + 1) + 1")
                    for x in body]
        if self.mutation == "float_temp":
            # A float temporary of a double sum rounds what it stores.
            body = [x.replace("double *T = ", "float *T = ")
                    .replace("sizeof(double))", "sizeof(float))")
                    for x in body]
            if self.accessor:
                body = [x.replace("T[i * F + f]", "T_AT(i, f)") for x in body]
        params = ("int n, int K, int L, int F, int G, const int *%s pos, "
                  "const int *%s crd, const double *%s B, double *%s C, "
                  "const double *%s D, const double *%s E, double *%s X, "
                  "const double *%s Y, const double *%s W, double *%s A, "
                  "double *%s out, double *first, double *%s Tp" %
                  tuple([q] * 12))
        text = ["#include <math.h>", "#include <stdlib.h>",
                "#include <string.h>", "",
                "static double alpha = 0.75;",
                "static double leaky(double x) { return x > 0 ? x : 0.2 * x; }",
                ""] + (["#define T_AT(r, c) T[(r) * F + (c)]", ""]
                       if any("T_AT(" in x for x in body) else []) + \
            self.functions + ["void fn(%s) {" % params]
        text += ["  " + ln for ln in body]
        text.append("}")
        return "\n".join(text) + "\n"

    def position_blocks(self, rows, qp, target, el):
        """The consumer with each row's positions in blocks (TACO's
        split(jpos, jpos0, jpos1, S))."""
        S, between = self.block_size, self.block_between
        update = "%s = %s + %s * E[j * L + l];" % (target, target, el)

        bound = "L + b - b" if self.block_bound_reads else "L"

        def branch(tested):
            lines = []
            if between:
                lines.append("for (int l = 0; l < %s; l++)" % bound)
            lines.append("for (int o = 0; o < %d; o++) {" % S)
            lines.append("  %s %s = b * %d + o;" % (self.block_type, qp, S))
            if tested:
                lines.append("  if (%s < pos[i] || %s >= pos[i + 1])" %
                             (qp, qp))
                lines.append("    continue;")
            lines.append("  int j = crd[%s];" % qp)
            if not between:
                lines.append("  for (int l = 0; l < L; l++)")
            lines.append("    " + update)
            lines.append("}")
            return ["      " + x for x in lines]
        Q = [loop("i", rows, False) + " {",
             "  for (int b = pos[i] / %d; b < (pos[i + 1] + %d) / %d; b++) {"
             % (S, S - 1, S),
             "    if (b * %d < pos[i] || b * %d + %d >= pos[i + 1]) {" %
             (S, S, S - 1)]
        Q += branch(True)
        Q.append("    } else {")
        Q += branch(False)
        Q += ["    }", "  }", "}"]
        return Q

    def block(self, c89):
        """A block of F values per position p of the CSR matrix, at a
        stride S ('T[p * S + f]', SpTTM's workspace per fiber): the product
        of X's row j = crd[p] and Y, scaled by B[p]; the consumer multiplies
        it by W and E[j] into out, at the same positions ('out[p * G + g]').
        The 'stride' mutation writes the blocks K apart (they overlap where
        K < F)."""
        r = self.rng
        self.stride = "K" if self.mutation == "stride" else "F"
        S, pdecl = self.stride, "" if c89 else "int "
        alloc = ("double *T = calloc((size_t)pos[n] * %s + F + 2, "
                 "sizeof(double));" % S)
        order = ["a", "f"] if r.random() < 0.5 else ["f", "a"]
        # Both nests load the column, so that their loops over the
        # positions are written alike.
        P = [loop("i", "n", c89),
             "  for (%sp = pos[i]; p < pos[i + 1]; p++) {" % pdecl,
             "    %sj = crd[p];" % pdecl]
        for d, x in enumerate(order):
            P.append("  " * (2 + d) + loop(x, {"a": "K", "f": "F"}[x], c89))
        # X read at the column, not the row: alone, the producer has
        # nothing to factor out of its sum (as SpTTM's first TTM).
        P.append("  " * 4 + "T[p * %s + f] += B[p] * X[j * K + a] * "
                 "Y[a * F + f];" % S)
        P.append("  }")
        rows = "n - 1" if self.mutation == "bound" else "n"
        el = "T[p * %s + f%s]" % (S, " + 1" if self.mutation == "offset"
                                  else "")
        gname = "a" if self.mutation == "clash" else "g"
        # Stored at the positions too: a consumer summing the blocks of a
        # row has a sum to regroup alone, where the floating-point contract
        # lets an infinity and NaN trade places (docs/floating-point.md).
        target = "out[p * G + %s]" % gname
        if self.mutation == "writes_input":
            target = target.replace("out[", "X[")
        inner = [("f", "F"), (gname, "G")]
        if r.random() < 0.5:
            inner.reverse()
        Q = [loop("i", rows, c89),
             "  for (%sp = pos[i]; p < pos[i + 1]; p++) {" % pdecl,
             "    %sj = crd[p];" % pdecl]
        for d, (x, b) in enumerate(inner):
            Q.append("  " * (2 + d) + loop(x, b, c89))
        Q.append("  " * 4 + "%s += %s * W[f * G + %s] * E[j];" % (
            target, el, gname))
        Q.append("  }")
        return P, Q, alloc, ["int i, p, j, f, g, a;"]

    def called(self, P, Q, decl, q, body):
        """The two nests as static functions of the file (self.functions),
        and the two calls that take their place in fn: the consumer's
        parameters renamed in half the cases ('T' as 'Tin', 'pos' as
        'rowptr'), a width passed as an expression in some (bound to a
        local of the inlined block)."""
        temp = "Tp" if self.mutation in ("live_param", "between_reads",
                                         "partial_zero") else "T"
        P = [re.sub(r"\bTp\[", "T[", x) for x in P]
        Q = [re.sub(r"\bTp\[", "T[", x) for x in Q]
        names = {"T": "T", "pos": "pos"}
        if self.call_renames:
            names = {"T": "Tin", "pos": "rowptr"}
            Q = [re.sub(r"\bT\[", "Tin[", re.sub(r"\bpos\[", "rowptr[", x))
                 for x in Q]
        if self.call_locals:
            P = ["double *tv = T;"] + [re.sub(r"\bT\[", "tv[", x) for x in P]
            Q = [re.sub(r"\b%s\[" % names["T"], "tv[", x) for x in Q]
            stores = any(re.search(r"\btv\[[^;]*\][^=;]*[-+*]?=(?!=)", x)
                         for x in Q)
            Q = ["%sdouble *tv = %s;" % ("" if stores else "const ",
                                         names["T"])] + Q
        params = ("int n, int K, int L, int F, int G, const int *%s %s, "
                  "const int *%s crd, const double *%s B, double *%s C, "
                  "const double *%s D, const double *%s E, double *%s X, "
                  "const double *%s Y, const double *%s W, double *%s A, "
                  "double *%s out, double *%s %s")
        def function(name, lines, renamed):
            head = params % ((q, renamed["pos"]) + (q,) * 11 +
                             (renamed["T"],))
            inner = (decl if self.c89 else []) + lines
            return (["static void %s(%s) {" % (name, head)] +
                    ["  " + x for x in inner] + ["}", ""])
        self.functions = (function("produce", P, {"T": "T", "pos": "pos"}) +
                          function("consume", Q, names))
        args = "n, %s, %s, F, G, pos, crd, B, C, D, E, X, Y, W, A, out, " + temp
        first = args % ("K + 0" if self.call_expression else "K", "L")
        second = args % ("K", "(L)" if self.call_expression else "L")
        if self.call_memory and not self.c89:
            body.append("%s dims[2] = {K, L};" % self.call_memory)
            first = args % ("(int)dims[0]", "L")
            second = args % ("K", "(int)dims[1]")
        return ["produce(%s);" % first], ["consume(%s);" % second]

    def driver(self):
        """A main calling orig_fn and rewr_fn on the same data sets."""
        # The output passed as an input only where the original's result
        # is defined: nothing restrict, the consumer on one thread.
        alias = not self.restrict and not self.consumer_parallel
        # Rows whose positions overlap (pos decreasing) only where the
        # original stores each position on one thread.
        # (A block's positions are written by the consumer too, when its
        # output is stored at them.)
        overlap = not ((self.producer_parallel and
                        self.producer in ("sddmm", "block")) or
                       (self.consumer_parallel and self.producer == "block"))
        # A pair other than SDDMM's may be fused by a schedule that
        # regroups its sums (the run-time choice's other one, C * D first):
        # where infinities are, positive values and infinities, where no
        # grouping turns an infinity into NaN (docs/floating-point.md);
        # NaN, and 0 times an infinity where a sum is empty, stay.
        positive = self.producer != "sddmm"
        return DRIVER % {"seed": self.rng.randrange(1 << 30),
                         "alias": int(alias), "overlap": int(overlap),
                         "positive": int(positive),
                         "jump": int(self.map == JUMP_MAP),
                         "rows_only": int(self.producer != "colsum")}


DRIVER = r"""
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness/same_elem.h"
#define ARGS int n, int K, int L, int F, int G, const int *pos, \
  const int *crd, const double *B, double *C, const double *D, \
  const double *E, double *X, const double *Y, const double *W, double *A, \
  double *out, double *first, double *Tp
void orig_fn(ARGS);
void rewr_fn(ARGS);
enum { MAXN = 12, MAXE = 9, NNZ = 60, BIG = NNZ * MAXE + 8 };
static unsigned state = %(seed)du;
static double rnd(void) {
  state = state * 1103515245u + 12345u;
  return ((state >> 8) %% 2001) / 1000.0 - 1.0;
}
typedef struct {
  int pos[MAXN + 2], crd[NNZ];
  double B[NNZ], C[BIG], D[BIG], E[BIG], X[BIG], Y[BIG], W[BIG], A[BIG],
      out[BIG], first, Tp[BIG + NNZ];
} Data;
static int same(const char *what, const double *a, const double *b, int m) {
  for (int x = 0; x < m; x++)
    if (!same_value(a[x], b[x])) {
      printf("FAIL %%s[%%d]: rewrite %%.17g, original %%.17g\n", what, x,
             b[x], a[x]);
      return 0;
    }
  return 1;
}
int main(void) {
  int ok = 1;
  for (int set = 0; set < 12; set++) {
    if (set == 11 && !%(jump)d)
      continue;
    int n = set == 1 ? 0 : 1 + (int)((rnd() + 1) * 5.5);
    int dims[4];
    for (int d = 0; d < 4; d++)
      dims[d] = set == 2 + d || (set == 6 && d == 0) ? 0
                                                     : 1 + (int)((rnd() + 1) * 4);
    int K = set == 11 ? 9 : dims[0], L = dims[1], F = dims[2], G = dims[3];
    Data orig, rewr;
    memset(&orig, 0, sizeof orig);
    int p = 0;
    for (int r = 0; r < n; r++) {
      orig.pos[r] = p;
      int len = rnd() < -0.5 ? 0 : 1 + (int)((rnd() + 1) * 2);
      for (int t = 0; t < len && p < NNZ; t++)
        orig.crd[p++] = (r + 3 * t + 1) %% n;
    }
    orig.pos[n] = p;
    if (%(overlap)d && set == 10 && n > 2 && orig.pos[1] > 0)
      orig.pos[2] = orig.pos[1] - 1; /* row 2 overlaps row 0's last */
    double *arrays[] = {orig.B, orig.C, orig.D, orig.E, orig.X,
                        orig.Y, orig.W, orig.A, orig.out};
    for (int a = 0; a < 9; a++)
      for (int x = 0; x < (a == 0 ? NNZ : BIG); x++)
        arrays[a][x] = %(positive)d && set >= 6 ? 0.001 + fabs(rnd()) : rnd();
    for (int x = 0; x < BIG + NNZ; x++)
      orig.Tp[x] = rnd();
    if (set >= 6) {
      /* infinities and a NaN in random operands */
      for (int t = 0; t < 3; t++) {
        int a = (int)((rnd() + 1) * 3.5) %% 7;
        int x = (int)((rnd() + 1) * 20);
        arrays[a][x] = t == 2 ? NAN
                       : (t && !%(positive)d ? -INFINITY : INFINITY);
      }
    }
    if (set == 11) {
      /* Each score's sum at the step's jump: 1e16 - 1e16 + 1 is 1 in the
       * original's order, 1e16 + (-1e16 + 1) is 0. */
      for (int x = 0; x < BIG; x++) {
        int k = x %% 9;
        orig.C[x] = k == 0 ? 1e16 : k == 4 ? -1e16 : k == 5 ? 1 : 0;
        orig.D[x] = 1;
      }
      for (int x = 0; x < NNZ; x++)
        orig.B[x] = 0.5;
    }
    rewr = orig;
    int alias = %(alias)d && set == 9;
    Data *both[2] = {&orig, &rewr};
    for (int v = 0; v < 2; v++) {
      Data *d = both[v];
      double *a = alias ? d->E + 0 : d->A, *o = alias ? d->W + 0 : d->out;
      /* No row: the nests read their operands in their loops over the
       * rows (but for a column sum's consumer, which reads W and may
       * write X), none of them, which may then be NULL, nor may any
       * check before the fused nest. */
      int none = set == 1, rows = none && %(rows_only)d;
      (v ? rewr_fn : orig_fn)(n, K, L, F, G, d->pos, d->crd,
                              none ? NULL : d->B, none ? NULL : d->C,
                              none ? NULL : d->D, rows ? NULL : d->E,
                              rows ? NULL : d->X, none ? NULL : d->Y,
                              rows ? NULL : d->W, a, o, &d->first, d->Tp);
      (void)a;
    }
    char what[64];
    snprintf(what, sizeof what, "set %%d A", set);
    ok &= same(what, orig.A, rewr.A, BIG);
    snprintf(what, sizeof what, "set %%d out", set);
    ok &= same(what, orig.out, rewr.out, BIG);
    snprintf(what, sizeof what, "set %%d C", set);
    ok &= same(what, orig.C, rewr.C, BIG);
    snprintf(what, sizeof what, "set %%d X", set);
    ok &= same(what, orig.X, rewr.X, BIG);
    snprintf(what, sizeof what, "set %%d E", set);
    ok &= same(what, orig.E, rewr.E, BIG);
    snprintf(what, sizeof what, "set %%d W", set);
    ok &= same(what, orig.W, rewr.W, BIG);
    ok &= same("first", &orig.first, &rewr.first, 1);
    snprintf(what, sizeof what, "set %%d Tp", set);
    ok &= same(what, orig.Tp, rewr.Tp, BIG + NNZ);
  }
  printf(ok ? "PASS\n" : "FAIL\n");
  return !ok;
}
"""


# The test of a run-time choice: 'then_cost <= else_cost'.
CHOICE_RE = re.compile(r"\b(then_cost\w*) <= (else_cost\w*)\b")


def run(cmd, cwd, timeout, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout, env=env)
        return p.returncode, p.stdout.decode(errors="replace") + \
            p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout", ""


def check(case, number, opts, work):
    """'rewritten', 'unchanged', or 'FAIL-...' with the case kept."""
    d = os.path.join(work, "case-%d-%06d" % (opts.seed, number))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "k.c"), "w") as f:
        f.write(case.function())
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump({k: v for k, v in vars(case).items() if k != "rng"}, f)
    with open(os.path.join(d, "main.c"), "w") as f:
        f.write(case.driver())
    try:
        with open(os.path.join(d, "r.c"), "w") as r, \
                open(os.path.join(d, "remarks"), "w") as e:
            rc = subprocess.run([opts.tool, "k.c", "--", "-std=c99"], cwd=d,
                                stdout=r, stderr=e, timeout=60).returncode
    except subprocess.TimeoutExpired:
        rc = "timeout"
    if rc != 0:
        return "FAIL-tool", d
    text = open(os.path.join(d, "r.c")).read()
    rewritten = text != open(os.path.join(d, "k.c")).read()
    # A run-time choice between two schedules also runs inverted ('<='
    # made '>'), so that each case runs both schedules.
    variants = ["r.c"]
    if len(CHOICE_RE.findall(text)) == 1:
        with open(os.path.join(d, "flipped.c"), "w") as f:
            f.write(CHOICE_RE.sub(r"\1 > \2", text))
        variants.append("flipped.c")
    if rewritten and added_warnings(d):
        return "FAIL-warning", d
    compilers = ["gcc"] + (["clang-14"] if number % 3 == 0 else [])
    inc = "-I" + os.path.dirname(HERE) + "/exec"
    for cc in compilers:
        rc, log = run([cc, "-std=c99", "-O1", "-fopenmp", "-c", "k.c",
                       "-Dfn=orig_fn", "-o", "o.o"], d, 120)
        if rc != 0:
            return "invalid", d
        for variant in variants:
            failure = run_variant(cc, variant, inc, d, opts)
            if failure:
                return failure, d
    return ("rewritten" if rewritten else "unchanged"), d


def added_warnings(d):
    """The kinds of warning gcc gives the rewrite under -Wall -Wextra and
    not the original (warning_kinds.py), kept in warnings.log; an empty
    set for none."""
    added = warning_kinds.added("gcc", ["-std=c99", "-fopenmp"], d, "k.c",
                                "r.c", 120)
    if added:
        with open(os.path.join(d, "warnings.log"), "w") as f:
            f.write(" ".join(sorted(added)) + "\n")
    return added


def run_variant(cc, variant, inc, d, opts):
    """Builds the rewrite Variant with cc against the original and runs it
    at 1 and 2 threads: None when every output agrees, else the failure."""
    steps = [
        [cc, "-std=c99", "-O1", "-fopenmp", "-Wall", "-Wextra",
         "-Werror=implicit-function-declaration", "-c", variant,
         "-Dfn=rewr_fn", "-o", "r.o"],
        [cc, "-std=c99", "-O1", "-fopenmp", inc, "main.c", "o.o", "r.o",
         "-lm", "-o", "exe"],
    ]
    for step in steps:
        rc, log = run(step, d, 120)
        if rc != 0:
            return "FAIL-compile-" + cc
    for threads in ("1", "2"):
        env = dict(os.environ, OMP_NUM_THREADS=threads)
        rc, log = run(["./exe"], d, opts.timeout, env)
        if rc == "timeout":
            return "FAIL-hang"
        if rc != 0:
            with open(os.path.join(d, "run.log"), "w") as f:
                f.write(variant + ":\n" + log)
            return "FAIL-differs" + ("-flipped" if variant != "r.c" else "")
    return None


def fuzz(make_case, name, description, argv=None):
    """Generates and checks the cases of seed S (make_case(S, number) gives
    one with function() and driver()), as the command line says; 1 when one
    failed. chain_fuzz.py runs its cases here too."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--work", default=name + "-fuzz-work")
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--keep-all", action="store_true")
    opts = ap.parse_args(argv)
    opts.tool = os.path.abspath(opts.tool)
    os.makedirs(opts.work, exist_ok=True)
    counts, failed = {}, []
    for number in range(opts.cases):
        case = make_case(opts.seed, number)
        result, d = check(case, number, opts, opts.work)
        counts[result] = counts.get(result, 0) + 1
        # The pairs in one OpenMP region (Case.team) counted apart too.
        if getattr(case, "team", False):
            key = result + " in a region"
            counts[key] = counts.get(key, 0) + 1
        if result.startswith("FAIL"):
            failed.append((number, result, d))
        elif not opts.keep_all:
            shutil.rmtree(d, ignore_errors=True)
    print("%s fuzz, seed %d, %d cases: %s" % (
        name, opts.seed, opts.cases,
        ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    for number, result, d in failed:
        print("%s: case %d (%s)" % (result, number, d))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(fuzz(Case, "pair", __doc__.split("\n")[0]))
