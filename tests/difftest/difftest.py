#!/usr/bin/env python3
"""Differential testing of parax backends: random programs, cpu vs interp.

usage: difftest.py --parax PARAX [--count N] [--seed S] [--per-file K]
                   [--keep DIR] [--jobs J] [--kind plain|ad|all]

Writes random programs of the parax subset (each also a valid JAX program):
random shapes and dtypes, chains of elementwise ops with broadcasting,
reductions, shape ops, indexing, matmuls, fori_loop / scan / while_loop /
cond, and pmap with psum / pmax / all_gather / ppermute / axis_index. Every
program runs with `--backend cpu` and `--backend interp`; printed numbers
must agree within 1e-5 relative (1e-6 absolute), everything else exactly.
A program whose two runs disagree (or that crashes one backend) is reported
and, with --keep, copied to DIR as a reproducer.

Discontinuous operations (floor, comparisons, integer casts, argmax...) are
only applied to values that both backends compute bit for bit, so a
legitimate last-ulp difference upstream (a long float sum) cannot flip them.

With --kind ad the programs are transformation programs instead (float64,
jax_enable_x64): each case is a random smooth function f of one array
(elementwise math, broadcasting reductions, cumulative ops, sort, gathers,
scatters with every combiner, dynamic slices, matmuls, fori_loop / scan /
cond); the program prints jit(grad(f)) (compared cpu vs interp) and checks
it itself against a float64 central finite difference of jit(f), and, for
most cases, vmap(f), vmap(grad(f)) and grad(sum(vmap(f))) against Python
loops over the batch. A self-check that fails prints FDFAIL / VMAPFAIL, which
counts as a failure even when both backends agree. --kind all alternates
plain and ad files.

CI runs short fixed-seed rounds (tests/CMakeLists.txt: difftest_cpu_vs_interp
and difftest_ad_cpu_vs_interp, ~30 s each). The long mode, outside CI, is
the same script with a fresh seed and a large count, e.g.
    difftest.py --parax build/parax --kind all --count 2000 --jobs 2 --keep /tmp/repro
(each failure prints its seed and program; --keep copies the reproducers).

Python 3 standard library only.
"""
import argparse
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

TOKEN = re.compile(r"-?inf|nan|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|\w+|[^\s\w]")
NUM = re.compile(r"^(-?inf|nan|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)$")


def same(got, want):
    g, w = TOKEN.findall(got), TOKEN.findall(want)
    if len(g) != len(w):
        return False, f"{len(g)} tokens vs {len(w)}"
    for i, (a, b) in enumerate(zip(g, w)):
        if NUM.match(a) and NUM.match(b):
            fa, fb = float(a), float(b)
            if fa != fa and fb != fb:
                continue
            if fa == fb or abs(fa - fb) <= 1e-6 + 1e-5 * abs(fb):
                continue
            return False, f"token {i}: cpu {a}, interp {b}"
        if a != b:
            return False, f"token {i}: cpu {a!r}, interp {b!r}"
    return True, ""


# ---------------------------------------------------------------------------
# Program generation
# ---------------------------------------------------------------------------
class Expr:
    """A generated jnp expression: source text, shape, dtype, exactness."""

    def __init__(self, src, shape, dtype, exact=True):
        self.src, self.shape, self.dtype, self.exact = src, tuple(shape), dtype, exact


FLOATS = ["float32"] * 6 + ["float16", "bfloat16"]
INTS = ["int32"] * 3 + ["uint8"]


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.lines = []
        self.n = 0

    def name(self, p="v"):
        self.n += 1
        return f"{p}{self.n}"

    def shape(self, max_rank=3, max_dim=6):
        rank = self.r.choice([0, 1, 1, 2, 2, 2, 3][: max_rank * 2 + 1])
        return tuple(self.r.randint(1, max_dim) for _ in range(rank))

    def leaf(self, shape, dtype, idx):
        size = 1
        for d in shape:
            size *= d
        shp = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
        k = round(self.r.uniform(0.1, 1.9), 3)
        off = self.r.randint(0, 9)
        if dtype in ("float32", "float16", "bfloat16"):
            src = f"(jnp.sin(jnp.arange({size}, dtype=jnp.float32) * {k} + {off}) * {self.r.choice([1, 2, 3, 10])}).astype(jnp.{dtype}).reshape({shp})"
        elif dtype == "bool":
            src = f"((jnp.arange({size}) * {self.r.randint(1, 7)} + {off}) % 3 == 0).reshape({shp})"
        elif dtype == "uint8":
            src = f"((jnp.arange({size}) * {self.r.randint(1, 9)} + {off}) % 251).astype(jnp.uint8).reshape({shp})"
        else:
            src = f"((jnp.arange({size}, dtype=jnp.int32) * {self.r.randint(1, 9)} + {off}) % 23 - 11).reshape({shp})"
        return Expr(src, shape, dtype)

    # -- elementwise -------------------------------------------------------
    def unary(self, e):
        fl = e.dtype in ("float32", "float16", "bfloat16")
        if fl:
            ops = [("jnp.exp({0} * 0.3)", True), ("jnp.tanh({0})", True),
                   ("jnp.log(jnp.abs({0}) + 1.0)", True), ("jnp.sqrt(jnp.abs({0}))", True),
                   ("jax.nn.sigmoid({0})", True), ("jnp.abs({0})", True), ("(-{0})", True),
                   ("jnp.sin({0})", False), ("jnp.cos({0})", False), ("jnp.log1p(jnp.abs({0}))", True),
                   ("jnp.expm1({0} * 0.2)", True), ("lax.rsqrt(jnp.abs({0}) + 0.5)", True),
                   ("jnp.arctan({0})", False), ("jnp.sinh({0} * 0.5)", True),
                   ("lax.erf({0})", True), ("jnp.square({0})", True)]
            if e.exact:
                ops += [("jnp.floor({0})", True), ("jnp.round({0})", True), ("jnp.sign({0})", True),
                        ("jnp.ceil({0})", True)]
        elif e.dtype == "bool":
            ops = [("jnp.logical_not({0})", True), ("(~{0})", True)]
        else:
            ops = [("(-{0})", True), ("jnp.abs({0})", True), ("({0} * 3)", True), ("(~{0})", True)]
        f, ex = self.r.choice(ops)
        return Expr(f.format(e.src), e.shape, e.dtype, e.exact and ex)

    def binary(self, a, b):
        """a, b: broadcast-compatible, same dtype."""
        shape = broadcast(a.shape, b.shape)
        fl = a.dtype in ("float32", "float16", "bfloat16")
        if fl:
            ops = ["({0} + {1})", "({0} - {1})", "({0} * {1})", "({0} / (jnp.abs({1}) + 0.5))",
                   "jnp.maximum({0}, {1})", "jnp.minimum({0}, {1})", "({0} * 0.5 + {1})"]
            if a.exact and b.exact:
                ops += ["jnp.where({0} > {1}, {0}, {1} * 2)", "({0} // (jnp.abs({1}) + 1.0))",
                        "({0} % (jnp.abs({1}) + 1.0))"]
        elif a.dtype == "bool":
            ops = ["({0} & {1})", "({0} | {1})", "({0} ^ {1})"]
        else:
            ops = ["({0} + {1})", "({0} - {1})", "({0} * {1})", "jnp.maximum({0}, {1})",
                   "jnp.minimum({0}, {1})", "({0} // ({1} | 1))", "({0} % ({1} | 1))", "({0} & {1})"]
        f = self.r.choice(ops)
        return Expr(f.format(a.src, b.src), shape, a.dtype, a.exact and b.exact)

    def compare(self, a, b):
        op = self.r.choice(["<", "<=", ">", ">=", "==", "!="])
        return Expr(f"({a.src} {op} {b.src})", broadcast(a.shape, b.shape), "bool", True)

    # -- shape ops ------------------------------------------------------------
    def shape_op(self, e):
        s = e.shape
        choices = []
        if len(s) >= 2:
            choices.append("T")
        if len(s) >= 1:
            choices += ["flat", "rev", "slice", "expand"]
        if len(s) >= 1 and s[0] >= 2:
            choices.append("index")
        if not choices:
            return e
        c = self.r.choice(choices)
        if c == "T":
            return Expr(f"{e.src}.T", tuple(reversed(s)), e.dtype, e.exact)
        if c == "flat":
            n = 1
            for d in s:
                n *= d
            return Expr(f"{e.src}.reshape(-1)", (n,), e.dtype, e.exact)
        if c == "rev":
            return Expr(f"jnp.flip({e.src}, axis=0)", s, e.dtype, e.exact)
        if c == "slice":
            if s[0] >= 2:
                return Expr(f"{e.src}[1:]", (s[0] - 1,) + s[1:], e.dtype, e.exact)
            return Expr(f"{e.src}[::1]", s, e.dtype, e.exact)
        if c == "expand":
            return Expr(f"{e.src}[None]", (1,) + s, e.dtype, e.exact)
        i = self.r.randint(0, s[0] - 1)
        return Expr(f"{e.src}[{i}]", s[1:], e.dtype, e.exact)

    def reduce(self, e):
        if not e.shape:
            return e
        fl = e.dtype in ("float32", "float16", "bfloat16")
        kinds = ["sum", "max", "min"] + (["mean", "prod"] if fl else [])
        if e.dtype == "bool":
            kinds = ["any", "all"]
        k = self.r.choice(kinds)
        axis = self.r.choice([None] + list(range(len(e.shape))))
        if axis is None:
            shape = ()
        else:
            shape = e.shape[:axis] + e.shape[axis + 1:]
        if k == "prod":
            src = f"jnp.prod(jnp.tanh({e.src}) * 0.5 + 1.0, axis={axis})"
        else:
            src = f"jnp.{k}({e.src}, axis={axis})"
        exact = e.exact and k in ("max", "min", "any", "all")
        return Expr(src, shape, e.dtype if k not in ("any", "all") else "bool", exact)

    # -- expression trees --------------------------------------------------
    def expr(self, leaves, depth):
        if depth <= 0 or self.r.random() < 0.2:
            return self.r.choice(leaves)
        c = self.r.random()
        a = self.expr(leaves, depth - 1)
        if c < 0.3:
            return self.unary(a)
        if c < 0.6:
            b = self.compatible(leaves, a, depth - 1)
            if b is None:
                return self.unary(a)
            return self.binary(a, b)
        if c < 0.7:
            return self.shape_op(a)
        if c < 0.8:
            return self.reduce(a)
        if c < 0.88 and a.exact:
            b = self.compatible(leaves, a, depth - 1)
            if b is not None and a.dtype != "bool":
                other = self.compatible(leaves, a, depth - 1) or a
                try:
                    broadcast(broadcast(a.shape, b.shape), other.shape)
                except ValueError:
                    other = a
                return Expr(f"jnp.where({self.compare(a, b).src}, {a.src}, {other.src})",
                            broadcast(broadcast(a.shape, b.shape), other.shape), a.dtype,
                            a.exact and other.exact)
        if c < 0.94 and a.exact and a.dtype != "bool":
            to = self.r.choice(["float32", "int32", "float16", "bool"])
            if to != a.dtype:
                return Expr(f"{a.src}.astype(jnp.{to})", a.shape, to, a.exact)
        return self.unary(a)

    def compatible(self, leaves, a, depth):
        for _ in range(6):
            b = self.expr(leaves, depth)
            if b.dtype != a.dtype:
                continue
            try:
                broadcast(a.shape, b.shape)
                return b
            except ValueError:
                continue
        return None


def broadcast(a, b):
    r = []
    for x, y in zip(reversed((1,) * (len(b) - len(a)) + tuple(a)),
                    reversed((1,) * (len(a) - len(b)) + tuple(b))):
        if x != y and x != 1 and y != 1:
            raise ValueError("incompatible")
        r.append(max(x, y))
    return tuple(reversed(r))


def case_elementwise(g, i):
    dtype = g.r.choice(FLOATS + INTS + ["bool"])
    base = g.shape()
    leaves = [g.leaf(base, dtype, 0), g.leaf(base[1:] if base else (), dtype, 1),
              g.leaf(base, dtype, 2)]
    names = []
    for k, l in enumerate(leaves):
        n = g.name("a")
        g.lines.append(f"{n} = {l.src}")
        names.append(Expr(n, l.shape, l.dtype))
    params = [f"p{k}" for k in range(len(names))]
    pl = [Expr(p, n.shape, n.dtype) for p, n in zip(params, names)]
    body = g.expr(pl, g.r.randint(2, 5))
    f = g.name("f")
    g.lines.append(f"def {f}({', '.join(params)}):")
    g.lines.append(f"    return {body.src}")
    g.lines.append(f"print('case {i}', jax.jit({f})({', '.join(n.src for n in names)}))")


def case_big_reduce(g, i):
    n = g.r.choice([1000, 4095, 4096, 5000, 70000, 300000])
    cols = g.r.choice([1, 3, 8, 64])
    while n * cols > 2000000:
        cols //= 2
    a = g.name("a")
    # Positive data: long sums stay well conditioned (a cancelling sum would
    # legitimately differ in its 5th digit between summation orders).
    g.lines.append(f"{a} = (jnp.sin(jnp.arange({n * cols}, dtype=jnp.float32) * 0.01) ** 2 + 0.25).reshape({n}, {cols})")
    op = g.r.choice(["jnp.sum({0})", "jnp.sum({0}, axis=0)", "jnp.sum({0} * {0}, axis=1)",
                     "jnp.max({0}, axis=0)", "jnp.mean(jnp.exp({0}))", "jnp.min({0} + 1.0)",
                     "jnp.argmax({0}, axis=0)", "jnp.sum(jnp.abs({0}), axis=0)",
                     "jnp.cumsum({0}[:50], axis=0)"])
    f = g.name("f")
    g.lines.append(f"def {f}(x):")
    g.lines.append(f"    return {op.format('x')}")
    g.lines.append(f"print('case {i}', jax.jit({f})({a}))")


def case_matmul(g, i):
    m, k, n = (g.r.choice([1, 2, 3, 8, 17, 40]) for _ in range(3))
    dt = g.r.choice(["float32", "float32", "float32", "int32", "float16"])
    a, b = g.name("a"), g.name("b")
    g.lines.append(f"{a} = (jnp.cos(jnp.arange({m * k}, dtype=jnp.float32) * 0.3) * 3).astype(jnp.{dt}).reshape({m}, {k})")
    g.lines.append(f"{b} = (jnp.sin(jnp.arange({k * n}, dtype=jnp.float32) * 0.7) * 3).astype(jnp.{dt}).reshape({k}, {n})")
    form = g.r.choice(["x @ y", "jnp.dot(x, y) + 1", "x @ y[:, :1]", "(x.T @ x)", "jnp.tanh(x @ y) if False else x @ y * 2",
                       "jnp.einsum('ij,jk->ik', x, y)", "x[0] @ y"])
    f = g.name("f")
    g.lines.append(f"def {f}(x, y):")
    g.lines.append(f"    return {form}")
    g.lines.append(f"print('case {i}', jax.jit({f})({a}, {b}))")


def case_loops(g, i):
    shape = g.shape(max_rank=2)
    dt = "float32"
    leaf = g.leaf(shape, dt, 0)
    a = g.name("a")
    g.lines.append(f"{a} = {leaf.src}")
    kind = g.r.choice(["fori", "scan", "while", "cond", "fori_update", "switch"])
    f = g.name("f")
    trip = g.r.randint(0, 7)
    if kind == "fori":
        g.lines.append(f"def {f}(x):")
        g.lines.append(f"    def body(i, c):")
        g.lines.append(f"        return jnp.tanh(c * 1.1 + i * 0.1) + x * 0.5")
        g.lines.append(f"    return lax.fori_loop(0, {trip}, body, x)")
    elif kind == "fori_update":
        n = g.r.randint(2, 9)
        g.lines.append(f"def {f}(x):")
        g.lines.append(f"    def body(i, c):")
        g.lines.append(f"        v, acc = c")
        g.lines.append(f"        v = v.at[i % {n}].set(acc + i)")
        g.lines.append(f"        return v, acc + jnp.sum(v)")
        g.lines.append(f"    return lax.fori_loop(0, {trip + 2}, body, (jnp.zeros(({n},)), jnp.sum(x)))")
    elif kind == "scan":
        rows = g.r.randint(1, 6)
        g.lines.append(f"def {f}(x):")
        g.lines.append(f"    xs = jnp.stack([x * (k + 1) for k in range({rows})])")
        g.lines.append(f"    def step(c, xr):")
        g.lines.append(f"        c = c * 0.9 + jnp.sum(xr)")
        g.lines.append(f"        return c, xr * c")
        g.lines.append(f"    return lax.scan(step, 0.0, xs, reverse={g.r.choice(['False', 'True'])})")
    elif kind == "while":
        g.lines.append(f"def {f}(x):")
        g.lines.append(f"    def cond(c):")
        g.lines.append(f"        return c[0] < {trip}")
        g.lines.append(f"    def body(c):")
        g.lines.append(f"        return c[0] + 1, c[1] * 0.5 + jnp.max(c[1])")
        g.lines.append(f"    return lax.while_loop(cond, body, (0, x))")
    elif kind == "cond":
        g.lines.append(f"def {f}(x):")
        g.lines.append(f"    return lax.cond(jnp.sum(x) > 0, lambda v: v * 2.0, lambda v: jnp.exp(v * 0.1), x)")
    else:
        g.lines.append(f"def {f}(x):")
        g.lines.append(f"    return lax.switch({trip % 4 - 1}, [lambda v: v + 1.0, lambda v: v * v, lambda v: -v], x)")
    g.lines.append(f"print('case {i}', jax.jit({f})({a}))")


def case_pmap(g, i):
    per = g.r.choice([(), (3,), (2, 3), (5,)])
    size = 4
    for d in per:
        size *= d
    shp = (4,) + per
    a = g.name("a")
    g.lines.append(f"{a} = jnp.cos(jnp.arange({size}, dtype=jnp.float32) * 0.37).reshape({shp})")
    coll = g.r.choice(["lax.psum(x, 'i')", "lax.pmax(x * 2, 'i')", "lax.pmin(x, 'i') + x",
                       "lax.all_gather(x, 'i')", "lax.ppermute(x, 'i', [(0, 1), (1, 2), (2, 3), (3, 0)])",
                       "x * lax.axis_index('i')", "lax.psum(jnp.sum(x), 'i') / 4.0",
                       "lax.fori_loop(0, 3, lambda k, c: lax.psum(c, 'i') * 0.25 + c, x)",
                       "lax.pmean(jnp.tanh(x), 'i')"])
    f = g.name("f")
    g.lines.append(f"def {f}(x):")
    g.lines.append(f"    return {coll}")
    g.lines.append(f"print('case {i}', jax.pmap({f}, axis_name='i')({a}))")


MISC = [
    # (function body over x: float32[n, m]; exact?)
    "x[i % x.shape[0]] * 2.0",
    "lax.dynamic_slice(x, (i, 1), (2, 2))",
    "lax.dynamic_update_slice(x, jnp.ones((1, x.shape[1])) * i, (i, 0))",
    "jnp.concatenate([x, x * 2.0, jnp.tanh(x)], axis=1)",
    "jnp.concatenate([x[:1], -x], axis=0)",
    "jnp.take(x, jnp.array([2, 0, -1, 5]), axis=0)",
    "jnp.take(x, jnp.array([1, 1, 0]), axis=1) + 1.0",
    "x.at[1].add(5.0)",
    "x.at[:, 0].set(jnp.sum(x))",
    "jnp.cumsum(x, axis=1)",
    "jnp.cumsum(x, axis=0)[::-1]",
    "jnp.argmax(x, axis=1)",
    "jnp.argmin(x * x, axis=0)",
    "jnp.repeat(x, 2, axis=0)",
    "jnp.tile(x, (2, 1))",
    "jnp.transpose(jnp.stack([x, x + 1.0]), (1, 2, 0))",
    "jnp.broadcast_to(x[:, :1], x.shape) - x",
    "jnp.clip(x, -0.5, 0.5)",
    "jnp.linspace(0.0, 1.0, 7) * jnp.sum(x)",
    "jnp.outer(x[0], x[1])",
    "x.astype(jnp.bfloat16) * 3 + 1",
    "(x.astype(jnp.float16) * 2).astype(jnp.float32) - x",
    "jax.random.uniform(jax.random.PRNGKey(i), x.shape) + x",
    "jax.random.normal(jax.random.PRNGKey(7), (3,)) * jnp.max(x)",
    "jnp.where(jnp.isfinite(jnp.log(x)), jnp.log(x), -1.0)",
    "x / 0.0",
    "(x * 1e30) * 1e30",
    "jnp.maximum(x, jnp.nan)",
    "jnp.sort(x, axis=1) if False else x[::-1, ::2]",
    "jnp.eye(x.shape[0]) @ x",
    "jnp.vdot(x, x)",
]


def case_misc(g, i):
    n, m = g.r.randint(2, 6), g.r.randint(2, 6)
    a = g.name("a")
    g.lines.append(f"{a} = jnp.cos(jnp.arange({n * m}, dtype=jnp.float32) * {round(g.r.uniform(0.2, 1.5), 2)}).reshape({n}, {m}) + 0.1")
    body = g.r.choice(MISC)
    f = g.name("f")
    g.lines.append(f"def {f}(x, i):")
    g.lines.append(f"    return {body}")
    ival = g.r.randint(0, 3)
    if g.r.random() < 0.5:
        # Inside a loop: the index is traced.
        g.lines.append(f"def {f}_loop(x):")
        g.lines.append(f"    return lax.fori_loop(0, {g.r.randint(1, 3)}, lambda k, c: c + jnp.sum({f}(x, k + {ival})) * 0.01, 0.0)")
        g.lines.append(f"print('case {i}', jax.jit({f}_loop)({a}))")
    else:
        g.lines.append(f"print('case {i}', jax.jit({f})({a}, {ival}))")


def case_debug_print(g, i):
    a = g.name("a")
    g.lines.append(f"{a} = jnp.arange(8, dtype=jnp.float32).reshape(4, 2) * 0.5")
    f = g.name("f")
    form = g.r.choice(["pmap", "jit", "loop"])
    g.lines.append(f"def {f}(x):")
    if form == "loop":
        g.lines.append(f"    def body(k, c):")
        g.lines.append(f"        jax.debug.print('k={{}} c={{c:.3f}}', k, c=jnp.sum(c))")
        g.lines.append(f"        return c * 1.5")
        g.lines.append(f"    return lax.fori_loop(0, 3, body, x)")
    else:
        g.lines.append(f"    jax.debug.print('x={{}} s={{s}}', x, s=jnp.sum(x))")
        g.lines.append(f"    return x + 1.0")
    call = f"jax.pmap({f})" if form == "pmap" else f"jax.jit({f})"
    g.lines.append(f"print('case {i}', {call}({a}))")


CASES = [case_elementwise] * 6 + [case_big_reduce, case_matmul, case_loops, case_loops,
                                   case_pmap, case_misc, case_misc, case_misc, case_debug_print]


def make_program(seed, count):
    g = Gen(random.Random(seed))
    g.lines = ["# difftest program, seed %d" % seed, "import jax", "import jax.numpy as jnp",
               "from jax import lax", ""]
    for i in range(count):
        g.r.choice(CASES)(g, i)
    return "\n".join(g.lines) + "\n"


# ---------------------------------------------------------------------------
# Transformation programs (--kind ad): grad and vmap of random smooth functions
# ---------------------------------------------------------------------------
# Each program enables float64 and, per case, builds a random differentiable
# function f of one array and prints jax.grad(f) (compared cpu vs interp like
# any output). The program itself also checks, in the same backend, the
# gradient against a float64 central finite difference of jit(f), and
# vmap(f), vmap(grad(f)) and grad of a vmapped sum against Python loops of
# f / grad(f); a mismatch prints a line starting with FDFAIL or VMAPFAIL,
# which the harness reports as a failure even when both backends agree.

AD_PRELUDE = """
def _fd_grad(f, x, eps=1e-6):
    jf = jax.jit(f)
    flat = x.reshape(-1)
    out = []
    for k in range(flat.shape[0]):
        e = jnp.zeros_like(flat).at[k].set(eps).reshape(x.shape)
        out.append((jf(x + e) - jf(x - e)) / (2 * eps))
    return jnp.stack(out).reshape(x.shape)

def _close(a, b, tol):
    a, b = jnp.asarray(a), jnp.asarray(b)
    if a.shape != b.shape:
        return False, float('inf')
    err = float(jnp.max(jnp.abs(a - b)) / (1.0 + jnp.max(jnp.abs(b))))
    return err <= tol, err

def _check_grad(name, f, x):
    g = jax.jit(jax.grad(f))(x)
    print(name, 'grad', g)
    ok, err = _close(g, _fd_grad(f, x), 1e-6)
    if not ok:
        print('FDFAIL', name, 'relative error', err)

def _check_vmap(name, f, xs):
    v = jax.jit(jax.vmap(f))(xs)
    print(name, 'vmap', v)
    jf = jax.jit(f)
    ok, err = _close(v, jnp.stack([jf(xs[b]) for b in range(xs.shape[0])]), 1e-9)
    if not ok:
        print('VMAPFAIL', name, 'vmap(f) vs loop', err)
    pg = jax.jit(jax.vmap(jax.grad(f)))(xs)
    print(name, 'per-example grad', pg)
    jg = jax.jit(jax.grad(f))
    loop_g = jnp.stack([jg(xs[b]) for b in range(xs.shape[0])])
    ok, err = _close(pg, loop_g, 1e-9)
    if not ok:
        print('VMAPFAIL', name, 'vmap(grad(f)) vs loop', err)
    gv = jax.jit(jax.grad(lambda a: jnp.sum(jax.vmap(f)(a))))(xs)
    ok, err = _close(gv, loop_g, 1e-9)
    if not ok:
        print('VMAPFAIL', name, 'grad(sum(vmap(f))) vs loop', err)
"""


class SmoothGen:
    """Random smooth float64 expressions of one parameter: no abs, floor or
    sign; max/min/where/sort are non-smooth only at ties, where random data
    does not land."""

    UNARY = ["jnp.sin({0})", "jnp.cos({0})", "jnp.tanh({0})", "jnp.exp({0} * 0.3)",
             "jnp.log({0} * {0} + 1.0)", "jax.nn.sigmoid({0})", "({0} * {0})", "jnp.sinh({0} * 0.5)",
             "jnp.arctan({0})", "jax.nn.softplus({0})", "lax.erf({0})", "jnp.sqrt({0} * {0} + 0.5)",
             "jnp.expm1({0} * 0.2)", "(1.0 / ({0} * {0} + 1.0))", "(-{0})", "({0} * 0.7 + 0.1)",
             "jax.nn.gelu({0})", "({0} ** 3)"]
    BINARY = ["({0} + {1})", "({0} - {1})", "({0} * {1})", "({0} / ({1} * {1} + 1.0))",
              "jnp.maximum({0}, {1})", "jnp.minimum({0}, {1} * 0.5)",
              "jnp.arctan2({0}, {1} * {1} + 0.5)", "jnp.where({0} > {1}, {0} * 2.0, {1})"]

    def __init__(self, rng):
        self.r = rng

    def expr(self, e, depth):
        """e = (source, shape); returns an expression of the same kind."""
        if depth <= 0 or self.r.random() < 0.15:
            return e
        c = self.r.random()
        a = self.expr(e, depth - 1)
        src, shape = a
        if c < 0.35:
            return self.r.choice(self.UNARY).format(src), shape
        if c < 0.6:
            b = self.expr(e, depth - 1)
            if b[1] != shape:
                b = e if e[1] == shape else a
            return self.r.choice(self.BINARY).format(src, b[0]), shape
        if c < 0.72:
            return self.shape_op(a)
        if c < 0.82:
            return self.reduce(a)
        return self.structured(a)

    def shape_op(self, a):
        src, s = a
        opts = []
        if len(s) >= 2:
            opts += ["T", "reshape"]
        if len(s) >= 1:
            opts += ["flip", "roll", "concat", "bcast"]
        if len(s) >= 1 and s[0] >= 2:
            opts += ["slice_pad", "gather"]
        if not opts:
            return f"(jnp.broadcast_to({src}, (3,)) * jnp.arange(3.0)).sum()", s
        o = self.r.choice(opts)
        if o == "T":
            return f"{src}.T.T", s
        if o == "reshape":
            return f"{src}.reshape(-1).reshape({s})", s
        if o == "flip":
            return f"jnp.flip({src}, axis=0)", s
        if o == "roll":
            return f"jnp.roll({src}, 1, axis=-1)", s
        if o == "concat":
            return f"jnp.concatenate([{src}, {src} * 0.5], axis=0)[:{s[0]}]", s
        if o == "bcast":
            return f"({src} + jnp.sum({src}, axis=0, keepdims=True) * 0.1)", s
        if o == "slice_pad":
            pads = ", ".join(["(1, 0)"] + ["(0, 0)"] * (len(s) - 1))
            return f"jnp.pad({src}[1:], ({pads},))", s
        idx = [self.r.randint(-s[0], s[0] - 1) for _ in range(s[0])]
        return f"{src}[jnp.array({idx})]", s

    def reduce(self, a):
        src, s = a
        if not s:
            return a
        k = self.r.choice(["sum", "mean", "max", "prod", "logsumexp", "cumsum", "cumprod", "sort", "norm"])
        axis = self.r.randrange(len(s))
        out = s[:axis] + s[axis + 1:]
        if k in ("sum", "mean", "max"):
            return f"(jnp.{k}({src}, axis={axis}, keepdims=True) + {src} * 0.5)", s
        if k == "prod":
            return f"jnp.prod(jnp.tanh({src}) * 0.5 + 1.0, axis={axis})", out
        if k == "logsumexp":
            return f"jax.nn.logsumexp({src}, axis={axis})", out
        if k == "cumsum":
            return f"jnp.cumsum({src}, axis={axis})", s
        if k == "cumprod":
            return f"jnp.cumprod(jnp.tanh({src}) * 0.5 + 1.0, axis={axis})", s
        if k == "sort":
            return f"jnp.sort({src} * 1.3 + 0.01, axis={axis})", s
        # Padded with ones: a row of zeros (a scan's first output) would sit
        # on the norm's kink.
        return f"jnp.linalg.norm(jnp.concatenate([{src}, jnp.ones_like({src})], axis={axis}), axis={axis})", out

    def structured(self, a):
        src, s = a
        k = self.r.choice(["fori", "scan", "cond", "matmul", "scatter", "dyn"])
        if k == "fori":
            return (f"lax.fori_loop(0, {self.r.randint(1, 4)}, lambda i, c: jnp.tanh(c * 0.9 + {src} * 0.3), "
                    f"{src})", s)
        if k == "cond":
            return f"lax.cond(jnp.sum({src}) > 0, lambda v: v * jnp.sin(v), lambda v: jnp.cos(v) * 2.0, {src})", s
        if k == "scan" and len(s) >= 1:
            rev = self.r.choice(["False", "True"])
            return (f"lax.scan(lambda c, r: (c * 0.8 + jnp.tanh(r), c * r), jnp.zeros({s[1:]}), {src}, "
                    f"reverse={rev})[1]", s)
        if k == "matmul" and len(s) == 2:
            return f"(jnp.tanh({src} @ {src}.T) @ {src})", s
        if k == "matmul" and len(s) == 1:
            return f"(jnp.outer({src}, {src}) @ {src} * 0.1)", s
        if k == "scatter" and len(s) >= 1:
            n = s[0]
            idx = [self.r.randint(0, n - 1) for _ in range(self.r.randint(1, n + 1))]
            mode = self.r.choice(["add", "multiply", "set", "max", "min"])
            return f"{src}.at[jnp.array({idx})].{mode}(jnp.sin({src}[jnp.array({idx})]) * 1.5)", s
        if k == "dyn" and len(s) >= 1 and s[0] >= 2:
            st = ", ".join(["1"] + ["0"] * (len(s) - 1))
            sz = ", ".join([str(s[0] - 1)] + [str(d) for d in s[1:]])
            return (f"lax.dynamic_update_slice({src}, lax.dynamic_slice({src}, ({st},), ({sz},)) ** 2, "
                    f"(0,) * {len(s)})", s)
        return f"jnp.tanh({src})", s


def case_ad(g, i):
    sg = SmoothGen(g.r)
    shape = g.shape(max_rank=2, max_dim=4)
    size = 1
    for d in shape:
        size *= d
    k = round(g.r.uniform(0.3, 1.7), 3)
    off = round(g.r.uniform(0.1, 3.0), 3)
    shp = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
    x = g.name("x")
    g.lines.append(f"{x} = jnp.sin(jnp.arange({size}, dtype=jnp.float64) * {k} + {off}).reshape({shp}) * 1.5")
    body, bshape = sg.expr(("p", shape), g.r.randint(2, 4))
    bsize = 1
    for d in bshape:
        bsize *= d
    f = g.name("f")
    g.lines.append(f"def {f}(p):")
    g.lines.append(f"    y = {body}")
    g.lines.append(f"    return jnp.sum(y * jnp.cos(jnp.arange({bsize}, dtype=jnp.float64) * 0.7 + 0.2)"
                   f".reshape(jnp.shape(y)))")
    g.lines.append(f"_check_grad('case {i}', {f}, {x})")
    if g.r.random() < 0.6:
        xs = g.name("xs")
        g.lines.append(f"{xs} = jnp.stack([{x} * (0.6 + 0.3 * _j) - 0.2 * _j for _j in range({g.r.randint(1, 4)})])")
        g.lines.append(f"_check_vmap('case {i}', {f}, {xs})")


def make_ad_program(seed, count):
    g = Gen(random.Random(seed))
    g.lines = ["# difftest grad/vmap program, seed %d" % seed, "import jax",
               "jax.config.update('jax_enable_x64', True)", "import jax.numpy as jnp",
               "from jax import lax", AD_PRELUDE]
    for i in range(count):
        case_ad(g, i)
    return "\n".join(g.lines) + "\n"


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------
def run(parax, backend, path, timeout):
    cmd = shlex.split(parax) + ["--backend", backend, "--devices", "4", path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout", ""
    return p.returncode, p.stdout, p.stderr


def check(parax, path, timeout):
    rc_c, out_c, err_c = run(parax, "cpu", path, timeout)
    rc_i, out_i, err_i = run(parax, "interp", path, timeout)
    if rc_c != rc_i:
        return f"exit status cpu {rc_c}, interp {rc_i}\n--- cpu stderr ---\n{err_c[-1500:]}\n--- interp stderr ---\n{err_i[-800:]}"
    if rc_c != 0:
        kind = lambda e: (re.findall(r"error: (\w+)", e) or [""])[0]
        if kind(err_c) != kind(err_i):
            return f"different errors:\n{err_c[-800:]}\n{err_i[-800:]}"
        return "both-failed"
    ok, why = same(out_c, out_i)
    if not ok:
        return why
    for line in (out_c + out_i).splitlines():
        if line.startswith(("FDFAIL", "VMAPFAIL")):
            return "self-check failed: " + line
    return ""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--parax", required=True)
    ap.add_argument("--count", type=int, default=200, help="test cases in total")
    ap.add_argument("--per-file", type=int, default=5, help="cases per program file")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--keep", default=None, help="copy failing programs here")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--write-only", default=None, help="only write the programs to DIR")
    ap.add_argument("--kind", choices=["plain", "ad", "all"], default="plain",
                    help="plain: jit/pmap programs; ad: grad/vmap programs checked against "
                         "finite differences and loops; all: both, alternating files")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else int(time.time()) % 100000
    files = max(1, (args.count + args.per_file - 1) // args.per_file)
    tmp = args.write_only or tempfile.mkdtemp(prefix="parax-difftest-")
    os.makedirs(tmp, exist_ok=True)
    paths = []
    for k in range(files):
        s = seed * 1000 + k
        path = os.path.join(tmp, f"diff_{s}.py")
        ad = args.kind == "ad" or (args.kind == "all" and k % 2 == 1)
        with open(path, "w") as f:
            f.write((make_ad_program if ad else make_program)(s, args.per_file))
        paths.append(path)
    if args.write_only:
        print(f"wrote {len(paths)} programs to {tmp}")
        return
    t0 = time.time()
    failures = []
    both = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for path, why in zip(paths, ex.map(lambda p: check(args.parax, p, args.timeout), paths)):
            if why == "both-failed":
                both += 1
                if args.verbose:
                    print(f"both backends reject {path}")
                continue
            if why:
                failures.append(path)
                print(f"FAIL {path}: {why}")
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    shutil.copy(path, args.keep)
    print(f"difftest: seed {seed}, {files} programs ({files * args.per_file} cases), "
          f"{len(failures)} failed, {both} rejected by both, {time.time() - t0:.1f} s")
    if not failures:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
