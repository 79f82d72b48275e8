#!/usr/bin/env python3
"""Generates the expected strings of the parax_format unit tests.

Every expected string comes from real numpy / JAX / CPython, never from
hand-typed text:

  * NumpyFormatCases.inc: str(x) and repr(x) of JAX arrays of every parax
    dtype (raw little-endian bytes + shape + weak flag -> expected text), and
    str() of individual elements (numpy / ml_dtypes scalars).
  * FormatSpecCases.inc: format(value, spec) for ints, bools, floats,
    numpy float32 scalars and strs (result or exception type + message), and
    str.format templates split by string.Formatter().parse.

Run from anywhere: python3 tests/unit/format/gen_cases.py
(needs jax, numpy, ml_dtypes; deterministic: fixed seeds).
"""

import math
import os
import random
import string
import sys

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
from jax._src.lax import lax as lax_internal

HERE = os.path.dirname(os.path.abspath(__file__))
DTYPES = {
    "bool": np.bool_, "int8": np.int8, "int16": np.int16, "int32": np.int32,
    "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32,
    "float16": np.float16, "bfloat16": ml_dtypes.bfloat16,
    "float32": np.float32,
}


def cstr(s):
    """A C++ string literal for s (UTF-8, split at newlines)."""
    out = []
    for ch in s:
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "?":
            out.append("\\?")  # no trigraphs
        elif 32 <= o < 127:
            out.append(ch)
        else:
            out.append("".join("\\%03o" % b for b in ch.encode("utf-8")))
    return '"' + "".join(out) + '"'


# --------------------------------------------------------------------------
# Arrays
# --------------------------------------------------------------------------

rng = np.random.default_rng(1234)
array_cases = []   # (dtype, shape, weak, hexdata or None, gen, str, repr)
scalar_cases = []  # (dtype, hexbits, str)


def add_array(np_arr, weak=False, gen=None, with_scalars=True):
    dtype_name = str(np_arr.dtype)
    x = jnp.asarray(np_arr)
    assert str(x.dtype) == dtype_name, (x.dtype, dtype_name)
    if weak:
        x = lax_internal._convert_element_type(x, weak_type=True)
        assert x.weak_type
    s, r = str(x), repr(x)
    hexdata = None if gen else np.ascontiguousarray(np_arr).tobytes().hex()
    array_cases.append((dtype_name, tuple(np_arr.shape), weak, hexdata, gen,
                        s, r))
    if with_scalars and np_arr.size and np_arr.size <= 64:
        flat = np_arr.reshape(-1)
        xf = x.reshape(-1)
        for i in range(min(flat.size, 16)):
            scalar_cases.append((dtype_name, flat[i:i + 1].tobytes().hex(),
                                 str(xf[i])))


def cast(vals, dt):
    with np.errstate(over="ignore"):
        return np.asarray(vals, dtype=np.float64).astype(DTYPES[dt])


def float_families(dt):
    """Interesting float value lists for dtype dt (as float64 inputs)."""
    fam = [
        [0.0], [-0.0], [1.0], [0.1], [1 / 3], [2.5], [-7.25], [100.0],
        [1e-5], [1e-4], [9.9e-5], [1e5], [123456.0], [1e6], [1e7], [1e8],
        [1e10], [1e16], [1e20], [3.0e38], [1.5e-40], [6e-8],
        [float("nan")], [float("inf")], [-float("inf")],
        [1.0, 2.0, 3.0], [0.1, 1 / 3, 100.0], [1.5, -2.25, 3.125],
        [1e-5, 1.0], [0.001, 10.0], [0.001, 1.0], [0.001, 1.0001],
        [1e-4, 1e-3], [9.9e-5, 1.0], [1000.0, 1.0], [999.0, 1.0],
        [1e6, 2e6], [999999.0, 1.0], [99999.0, 99.0], [1e5, 1.0],
        [float("nan"), float("inf"), -float("inf")],
        [float("nan"), 1.5], [-float("inf"), 2.0, 0.5], [float("nan")],
        [float("inf"), 1e-5], [-0.0, 0.0, 1.0], [-0.0, 2.5],
        [0.0, 0.0], [-1.0, -2.0], [-1e-5, 3.0], [1e-8, 1.0],
        [1.0, 1.00001], [65504.0, 1.0], [6.1e-5, 1.0], [5.96e-8],
        [0.5, 0.25, 0.125, 0.0625], [1 / 3, 2 / 3, 1.0],
        [123.456, -0.001, 7.0], [3.14159265, 2.71828183],
        [1e-3, 1e-2, 1e-1, 1.0, 10.0, 100.0],
        [float("nan"), -0.0], [float("-inf")], [-float("nan"), 1.0],
    ]
    out = [cast(v, dt) for v in fam]
    for scale in [1e-6, 1e-3, 1.0, 10.0, 1e3, 1e5, 1e7, 1e12]:
        for n in [1, 3, 7]:
            out.append(cast(rng.standard_normal(n) * scale, dt))
    for n in [4, 9]:
        out.append(cast(rng.random(n), dt))
        out.append(cast(rng.integers(-100, 100, n) / 4, dt))
    return out


def int_families(dt):
    info = np.iinfo(DTYPES[dt])
    fam = [[0], [1], [-1], [7], [info.min], [info.max], [info.min, info.max],
           [1, 2, 3], [0, -5, 123], [-100, 5, 99999], [10, 200, 3000],
           list(range(12))]
    out = []
    for v in fam:
        v = [min(max(x, int(info.min)), int(info.max)) for x in v]
        out.append(np.array(v, dtype=DTYPES[dt]))
    for n in [5, 17]:
        out.append(rng.integers(int(info.min), int(info.max), n,
                                dtype=np.int64, endpoint=True).astype(
                                    DTYPES[dt]))
    return out


def gen_arrays():
    shapes_small = [(), (1,), (3,), (2, 3), (3, 1, 2), (2, 2, 2, 2),
                    (1, 1, 1), (4, 1)]
    for dt in DTYPES:
        if dt == "bool":
            fams = [np.array(v, dtype=bool) for v in
                    [[True], [False], [True, False], [False, False, True],
                     [True] * 6, [False] * 8]]
            fams.append(rng.random(24) < 0.5)
        elif dt.startswith("int") or dt.startswith("uint"):
            fams = int_families(dt)
        else:
            fams = float_families(dt)
        for i, v in enumerate(fams):
            v = np.asarray(v).reshape(-1)
            add_array(v)
            if v.size == 1:
                add_array(v.reshape(()))
                add_array(v.reshape(()), weak=True)
            # a few reshapes of the larger families
            for shp in shapes_small:
                n = int(np.prod(shp)) if shp else 1
                if n == v.size and n > 1 and i % 2 == 0:
                    add_array(v.reshape(shp))
        # weak reprs of n-d arrays
        base = fams[-1]
        add_array(np.asarray(base).reshape(-1), weak=True)
        # empty arrays and zero-size dims
        for shp in [(0,), (2, 0), (0, 3), (1, 0, 2)]:
            add_array(np.zeros(shp, dtype=DTYPES[dt]))
        add_array(np.zeros((0,), dtype=DTYPES[dt]), weak=True)
        # n-d random
        if dt == "bool":
            add_array(rng.random((2, 3, 4)) < 0.5)
            add_array(rng.random((2, 2, 2, 3)) < 0.5)
            add_array(rng.random(40) < 0.5)
            add_array(rng.random(1001) < 0.5, with_scalars=False)
            add_array((rng.random((11, 10, 10)) < 0.5), with_scalars=False)
        elif dt.startswith("int") or dt.startswith("uint"):
            info = np.iinfo(DTYPES[dt])
            r = lambda shp: rng.integers(int(info.min), int(info.max), shp,
                                         dtype=np.int64,
                                         endpoint=True).astype(DTYPES[dt])
            add_array(r((2, 3, 4)))
            add_array(r((2, 2, 2, 3)))
            add_array(r((30,)))
            add_array(r((3, 25)))
            add_array(r((1001,)), with_scalars=False)
            add_array(r((10, 10, 20)), with_scalars=False)
            add_array(r((2, 3, 400)), with_scalars=False)
            add_array(r((1001, 1)), with_scalars=False)
            add_array(r((2, 2, 2, 200)), with_scalars=False)
        else:
            d = DTYPES[dt]
            add_array(cast(rng.standard_normal((2, 3, 4)), dt))
            add_array(cast(rng.standard_normal((2, 2, 2, 3)) * 1e4, dt))
            add_array(cast(rng.standard_normal(30), dt))
            add_array(cast(rng.standard_normal((3, 17)) * 1e-5, dt))
            add_array(cast(rng.random(25) * 100, dt))
            add_array(cast(rng.standard_normal(1001), dt), with_scalars=False)
            add_array(cast(rng.standard_normal((10, 10, 20)), dt),
                      with_scalars=False)
            add_array(cast(rng.standard_normal((2, 3, 400)) * 1e3, dt),
                      with_scalars=False)
            add_array(cast(rng.random((1001, 1)), dt), with_scalars=False)
            add_array(cast(rng.standard_normal((2, 2, 2, 200)), dt),
                      with_scalars=False)
            v = cast(rng.standard_normal(2000), dt)
            v[[0, 5, 1999]] = [np.nan, np.inf, -np.inf]
            add_array(v, with_scalars=False)
            add_array(cast(np.arange(12.0).reshape(2, 2, 3), dt))
            add_array(cast(np.arange(24.0).reshape(2, 3, 4) / 8, dt),
                      weak=True)
        # integer-valued arange arrays (generated, not embedded)
        if dt in ("int32", "float32", "uint32", "int16"):
            for shp in [(1001,), (2000,), (10, 10, 20), (1000, 1000),
                        (7, 8, 9, 10), (3, 2000), (2000, 3)]:
                n = int(np.prod(shp))
                if dt == "int16" and n > 32767:
                    continue
                add_array(np.arange(n).astype(DTYPES[dt]).reshape(shp),
                          gen="arange", with_scalars=False)
            add_array(np.arange(40).astype(DTYPES[dt]), gen="arange")
            add_array(np.arange(1001).astype(DTYPES[dt]), gen="arange",
                      weak=True, with_scalars=False)
    # float16 / bfloat16: every 257th bit pattern as scalars
    for dt in ("float16", "bfloat16"):
        bits = np.arange(0, 65536, 257, dtype=np.uint16)
        for b in bits:
            v = np.array([b], dtype=np.uint16).view(DTYPES[dt])
            scalar_cases.append((dt, v.tobytes().hex(),
                                 str(jnp.asarray(v)[0])))
    # float32 scalars: random bit patterns
    for b in rng.integers(0, 2**32, 300, dtype=np.uint64):
        v = np.array([b], dtype=np.uint32).view(np.float32)
        scalar_cases.append(("float32", v.tobytes().hex(),
                             str(jnp.asarray(v)[0])))


pyrepr_cases = []  # (double literal, repr(float))
f32repr_cases = []  # (float32 bits hex, str(np.float32))


def gen_reprs():
    vals = [0.0, -0.0, 1.0, 0.1, 0.2 + 0.1, 1 / 3, 1e16, 1e15, 1e-4, 1e-5,
            123456789012345678.0, 1.5e300, 5e-324, 2.2250738585072014e-308,
            1.7976931348623157e308, 9007199254740993.0, 0.5, 100.0, 1e22,
            1e23, 12345.678, -2.5e-7, 9999999999999998.0, 1e-323]
    vals += [float(10.0 ** k) for k in range(-20, 25)]
    vals += list(rng.standard_normal(50) * 10.0 ** rng.integers(-30, 30, 50))
    vals += list(np.frombuffer(rng.integers(0, 2**63, 100, dtype=np.int64)
                               .tobytes(), dtype=np.float64))
    for v in vals:
        v = float(v)
        if math.isfinite(v):
            pyrepr_cases.append((v.hex(), repr(v)))
    f32 = [0.1, 1 / 3, 1e6, 999999.0, 1e-4, 9.99e-5, 1e16, 0.3, 3.0, 1e-45,
           3.4028235e38, 16777216.0, 123456.79, -0.0, 2.5e-5]
    f32 += list(rng.standard_normal(40) * 10.0 ** rng.integers(-8, 9, 40))
    for v in f32:
        a = np.array([v], dtype=np.float32)
        f32repr_cases.append((a.tobytes().hex(), str(a[0])))


# --------------------------------------------------------------------------
# Format specs
# --------------------------------------------------------------------------

spec_cases = []  # (kind, value_literal, spec, ok, result_or_errkind, msg)


def run_format(v, spec):
    try:
        return True, format(v, spec), ""
    except Exception as e:  # noqa: BLE001 - record every Python error
        return False, type(e).__name__, str(e)


def value_literal(kind, v):
    if kind == "int":
        return "int64_t(%dLL)" % v
    if kind == "bool":
        return "true" if v else "false"
    if kind in ("float", "float32"):
        if math.isnan(v):
            return "NAN_V" if math.copysign(1, v) > 0 else "-NAN_V"
        if math.isinf(v):
            return "INF_V" if v > 0 else "-INF_V"
        return float(v).hex()
    return cstr(v)


def gen_specs():
    ints = [0, 1, -1, 7, 42, -42, 255, -255, 1000, 1234567, -1234567,
            2**31 - 1, -2**31, 2**40, 65, 0x10ffff, 0x110000, 9999999999]
    floats = [0.0, -0.0, 1.0, -1.0, 0.1, -0.1, 1.5, 2.5, 0.5, 1234.5678,
              -1234.5678, 1e-5, 1e-4, 0.00012345, 123456789.0, 1e15, 1e16,
              1e17, 1e22, 1e100, 3.141592653589793, 1 / 3, 2 / 3, 5e-324,
              1.7976931348623157e308, float("nan"), float("inf"),
              float("-inf"), 0.125, 0.375, 999999.5, 9.5, 12345.678]
    f32s = [float(np.float32(x)) for x in
            [0.1, 1 / 3, 1e-5, 3.14159, 1e20, 16777217.0, -2.5, 0.3]]
    strs = ["", "a", "hello", "h\u00e9llo", "\u65e5\u672c", "abc def"]
    fixed_specs = [
        "", "d", "s", "r", "5", "<5", ">5", "^5", "=5", "*^9", "{^9",
        "0", "05", "010", "+", "-", " ", "+5", " 5", "=+8", "z", "z.1f",
        "#", "#x", "#X", "#o", "#b", "x", "X", "o", "b", "c", "n", ",",
        "_", ",d", "_d", "_x", "_b", "#_x", "#010_x", "08,", "010,",
        "09,d", ",_", "_,", ",,", "__", ".", ".0", ".2", ".3", ".10",
        ".2f", ".0f", "#.0f", "f", "F", "e", "E", "g", "G", "%", ".1%",
        ",.2f", "_.3f", "012,.1f", "0=12,.1f", "^+15_.2f", "+.3e",
        "#.0e", "#g", "#.3", "#.3g", ".20f", ".17", ".16", ".1g", "x,",
        "ab", "\x01", "\u00e9", "99999999999999999999",
        ".99999999999999999999f", ".2147483648f", "+c", "#c", ",c",
        "_n", ",n", "=^", "z#", "#z", "z+", "<+10.3f", ">-10", "^10.4s",
        ".3s", "10.2s", "\u2605^11", "0<8", "0>8", "0^8", "#08b",
        "+#010x", " #o", "-=12", "30.25e", "-^+#z,7.3f", "12n",
    ]
    rnd = random.Random(99)

    def rand_spec():
        parts = []
        if rnd.random() < 0.3:
            parts.append(rnd.choice("*0 x<>=^") if rnd.random() < 0.5
                         else "")
            parts.append(rnd.choice("<>=^"))
        if rnd.random() < 0.3:
            parts.append(rnd.choice("+- "))
        if rnd.random() < 0.1:
            parts.append("z")
        if rnd.random() < 0.2:
            parts.append("#")
        if rnd.random() < 0.2:
            parts.append("0")
        if rnd.random() < 0.5:
            parts.append(str(rnd.randint(0, 16)))
        if rnd.random() < 0.2:
            parts.append(rnd.choice(",_"))
        if rnd.random() < 0.4:
            parts.append("." + str(rnd.randint(0, 12)))
        if rnd.random() < 0.8:
            parts.append(rnd.choice("bcdeEfFgGnosxX%"))
        return "".join(parts)

    rand_specs = [rand_spec() for _ in range(60)]

    def add(kind, v, spec):
        if kind == "float32":
            ok, res, msg = run_format(np.float32(v), spec)
        else:
            ok, res, msg = run_format(v, spec)
        spec_cases.append((kind, value_literal(kind, v), spec, ok, res, msg))

    for spec in fixed_specs:
        for v in [0, 42, -1234567, 255, 65, True]:
            add("bool" if isinstance(v, bool) else "int", v, spec)
        for v in [0.0, -0.0, 1.5, -1234.5678, 1e-5, 1e16, float("nan"),
                  float("-inf"), 0.125, 123456789.0]:
            add("float", v, spec)
        for v in ["hello", "h\u00e9llo"]:
            add("str", v, spec)
    for spec in rand_specs + ["", ".3", "e", ">12.4g", "+,.2f", "%"]:
        for v in ints:
            add("int", v, spec)
        for v in [False, True]:
            add("bool", v, spec)
        for v in floats:
            add("float", v, spec)
        for v in f32s:
            add("float32", v, spec)
        for v in strs:
            add("str", v, spec)


template_cases = []  # (template, ok, [(literal, has, name, conv, spec)], msg)


def parse_template(t):
    # Iterate lazily, as str.format does: a bad conversion in a field is
    # reported before parse errors further right.
    fields, lit = [], ""
    try:
        for literal, name, spec, conv in string.Formatter().parse(t):
            lit += literal
            if name is None:
                continue
            if conv is not None and conv not in "rsa":
                ("{0!" + conv + "}").format(0)  # raises CPython's message
            fields.append((lit, True, name, conv or "", spec or ""))
            lit = ""
    except ValueError as e:
        return False, [], str(e)
    if lit:
        fields.append((lit, False, "", "", ""))
    return True, fields, ""


def gen_templates():
    ts = ["", "abc", "{}", "{0}", "{name}", "{x:.2f}", "{x!r:>8}", "{{",
          "}}", "{{}}", "a{{b}}c", "{x:{w}}", "{x:{w}.{p}f}", "{:{}}",
          "x: {x}, y: {y!s}", "{0[1]}", "{a.b}", "{a[}]}", "{ }", "{0]}",
          "{!r}", "{x!a}", "{:>10}", "}}{{", "{{x}}", "pre{}mid{}post",
          "caf\u00e9 {x} \u65e5", "{x!r", "{!}", "{x!", "{x!rr}", "{x!r:",
          "{0", "{", "a}", "{x:{y}", "{x!q}", "{x{}", "}", "{}}", "{{}",
          "{x!\u00e9}", "{:{:}}", "{x:}", "{x!s:}", "{0!r:^{1}}",
          "{x:{{}}}", "a{b}c{d}e", "{[}", "{x[", "{x.y[z]!r:{w}>}"]
    for t in ts:
        ok, fields, msg = parse_template(t)
        template_cases.append((t, ok, fields, msg))


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

def write_numpy_cases(path):
    with open(path, "w") as f:
        f.write("// Generated by gen_cases.py from numpy %s / jax %s / "
                "ml_dtypes %s. Do not edit.\n" %
                (np.__version__, jax.__version__, ml_dtypes.__version__))
        f.write("static const ArrayCase kArrayCases[] = {\n")
        for dt, shp, weak, hexdata, gen, s, r in array_cases:
            f.write("    {%s, {%s}, %s, %s, %s,\n     %s,\n     %s},\n" % (
                cstr(dt), ", ".join(str(d) for d in shp),
                "true" if weak else "false",
                cstr(hexdata) if hexdata is not None else "nullptr",
                cstr(gen) if gen else "nullptr", cstr(s), cstr(r)))
        f.write("};\n\n")
        f.write("static const ScalarCase kScalarCases[] = {\n")
        for dt, bits, s in scalar_cases:
            f.write("    {%s, %s, %s},\n" % (cstr(dt), cstr(bits), cstr(s)))
        f.write("};\n\n")
        f.write("static const ReprCase kPythonFloatReprCases[] = {\n")
        for v, r in pyrepr_cases:
            f.write("    {%s, %s},\n" % (v, cstr(r)))
        f.write("};\n\n")
        f.write("static const ScalarCase kFloat32ReprCases[] = {\n")
        for b, r in f32repr_cases:
            f.write("    {\"float32\", %s, %s},\n" % (cstr(b), cstr(r)))
        f.write("};\n")


def write_spec_cases(path):
    with open(path, "w") as f:
        f.write("// Generated by gen_cases.py from CPython %s and numpy %s. "
                "Do not edit.\n" % (sys.version.split()[0], np.__version__))
        f.write("static const SpecCase kSpecCases[] = {\n")
        kinds = {"int": "Int", "bool": "Bool", "float": "Float",
                 "float32": "Float32", "str": "Str"}
        for kind, lit, spec, ok, res, msg in spec_cases:
            i = lit if kind in ("int", "bool") else "0"
            d = lit if kind in ("float", "float32") else "0.0"
            sv = lit if kind == "str" else "nullptr"
            f.write("    {SpecKind::%s, %s, %s, %s, %s, %s, %ssv, %s},\n" % (
                kinds[kind], i, d, sv, cstr(spec),
                "true" if ok else "false", cstr(res), cstr(msg)))
        f.write("};\n\n")
        f.write("static const TemplateCase kTemplateCases[] = {\n")
        for t, ok, fields, msg in template_cases:
            fs = ", ".join("{%s, %s, %s, %s, %s}" % (
                cstr(l), "true" if h else "false", cstr(n),
                "'%s'" % c if c else "0", cstr(s))
                for l, h, n, c, s in fields)
            f.write("    {%s, %s, %s, {%s}},\n" % (
                cstr(t), "true" if ok else "false", cstr(msg), fs))
        f.write("};\n")


def main():
    gen_arrays()
    gen_reprs()
    gen_specs()
    gen_templates()
    write_numpy_cases(os.path.join(HERE, "NumpyFormatCases.inc"))
    write_spec_cases(os.path.join(HERE, "FormatSpecCases.inc"))
    print("arrays: %d, scalars: %d, specs: %d, templates: %d" % (
        len(array_cases), len(scalar_cases), len(spec_cases),
        len(template_cases)))


if __name__ == "__main__":
    main()
