//===- JnpShape.cpp - reshaping, joining and splitting arrays -------------===//
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/JnpInternal.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"

#include <algorithm>

namespace parax::frontend::jnp {

using ir::OpKind;

namespace {
/// Resolves one -1 in a requested shape.
Shape resolveReshape(const Shape &from, Shape to) {
  int64_t known = 1, unknown = -1;
  for (size_t i = 0; i < to.size(); ++i) {
    if (to[i] == -1) {
      if (unknown >= 0)
        raise("ValueError", "can only specify one unknown dimension");
      unknown = int64_t(i);
    } else if (to[i] < 0) {
      raise("ValueError", "negative dimensions not allowed");
    } else {
      known = prims::extentMul(known, to[i]);
    }
  }
  int64_t total = numElements(from);
  if (unknown >= 0) {
    if (known == 0 || total % known != 0)
      raise("TypeError", "cannot reshape array of shape " + shapeToPython(from) +
                             " (size " + std::to_string(total) + ") into shape " +
                             shapeToPython(to) + " because the product of specified "
                             "axis sizes (" + std::to_string(known) +
                             ") does not evenly divide " + std::to_string(total),
            "check the sizes: the element count must stay " + std::to_string(total));
    to[size_t(unknown)] = total / known;
  } else if (known != total) {
    raise("TypeError", "cannot reshape array of shape " + shapeToPython(from) + " (size " +
                           std::to_string(total) + ") into shape " + shapeToPython(to) +
                           " (size " + std::to_string(known) + ")",
          "the element count must stay " + std::to_string(total));
  }
  return to;
}

Shape reshapeArgs(Evaluator &ev, const std::vector<Value> &args) {
  Shape s;
  auto dim = [&](const Value &d) {
    if (abstractOrigin(d)) // parax check: the real run has this value
      stopCheck(ev, d);
    if (d.isTracer())
      raise("TypeError", "Shapes must be 1D sequences of concrete values of integer type, "
                         "got (JitTracer(" + d.asTracer().type().str(true) + "),).",
            "shapes must be static; use x.shape or static arguments");
    return ev.toIndex(d, "reshape");
  };
  if (args.size() == 1 && args[0].isSequence()) {
    for (const Value &d : args[0].elements())
      s.push_back(dim(d));
  } else {
    for (const Value &d : args)
      s.push_back(dim(d));
  }
  return s;
}

std::vector<int64_t> axisList(Evaluator &ev, const Value &v, int64_t rank) {
  std::vector<int64_t> r;
  if (v.isSequence()) {
    for (const Value &e : v.elements())
      r.push_back(prims::normalizeAxis(ev.toIndex(e, "axis"), rank));
  } else {
    r.push_back(prims::normalizeAxis(ev.toIndex(v, "axis"), rank));
  }
  return r;
}

std::vector<Value> arraysArg(Evaluator &ev, const Value &v, const char *fn) {
  if (v.isArrayValue()) {
    std::vector<Value> r;
    for (const Value &e : ev.iterate(v, {}))
      r.push_back(e);
    return r;
  }
  if (!v.isSequence())
    raise("TypeError", std::string(fn) + " requires a sequence of arrays");
  std::vector<Value> r;
  for (const Value &e : v.elements())
    r.push_back(asarray(ev, e, std::nullopt));
  if (r.empty())
    raise("ValueError", "Need at least one array to " +
                            std::string(std::string(fn) == "stack" ? "stack." : "concatenate."));
  return r;
}
} // namespace

Value reshape(Evaluator &ev, const Value &x, const std::vector<Value> &shapeArgs,
              const Value &order) {
  Value a = asarray(ev, x, std::nullopt);
  Shape s = resolveReshape(prims::shapeOf(a), reshapeArgs(ev, shapeArgs));
  std::string o = order.isNone() ? "C" : order.isStr() ? order.asStr() : "";
  if (o == "C")
    return prims::reshape(ev, a, s);
  if (o == "A")
    raise("NotImplementedError", "np.reshape order=A is not implemented.");
  if (o != "F")
    raise("ValueError", "Unexpected value for 'order' argument: " + ev.repr(order) + ".");
  // Column-major: reverse the axes, reshape row-major to the reversed shape,
  // and reverse back.
  auto reversed = [](int64_t rank) {
    std::vector<int64_t> p;
    for (int64_t i = rank - 1; i >= 0; --i)
      p.push_back(i);
    return p;
  };
  Shape rs(s.rbegin(), s.rend());
  Value t = prims::transpose(ev, a, reversed(prims::typeOf(a).rank()));
  t = prims::reshape(ev, t, rs);
  return prims::transpose(ev, t, reversed(int64_t(s.size())));
}

Value transposeAxes(Evaluator &ev, const Value &x, const Value &axes) {
  Value a = asarray(ev, x, std::nullopt);
  int64_t rank = prims::typeOf(a).rank();
  std::vector<int64_t> perm;
  if (axes.isNone()) {
    for (int64_t i = rank - 1; i >= 0; --i)
      perm.push_back(i);
  } else {
    perm = axisList(ev, axes, rank);
    std::vector<int64_t> sorted = perm;
    std::sort(sorted.begin(), sorted.end());
    for (int64_t i = 0; i < int64_t(sorted.size()); ++i)
      if (sorted[size_t(i)] != i || int64_t(perm.size()) != rank)
        raise("ValueError", "axes don't match array");
  }
  return prims::transpose(ev, a, perm);
}

Value concatenateValues(Evaluator &ev, std::vector<Value> xs, int64_t axis) {
  std::vector<WeakDType> ts;
  for (auto &x : xs) {
    x = asarray(ev, x, std::nullopt);
    ts.push_back(weakDTypeOf(x));
  }
  WeakDType r = resultType(ts);
  int64_t rank = prims::typeOf(xs[0]).rank();
  if (rank == 0)
    raise("ValueError", "Zero-dimensional arrays cannot be concatenated.");
  axis = prims::normalizeAxis(axis, rank);
  Shape ref = prims::shapeOf(xs[0]);
  for (auto &x : xs) {
    Shape s = prims::shapeOf(x);
    if (int64_t(s.size()) != rank)
      raise("TypeError", "Cannot concatenate arrays with different numbers of dimensions: got " +
                              shapeToPython(ref) + ", " + shapeToPython(s) + ".");
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis && s[size_t(d)] != ref[size_t(d)])
        raise("TypeError", "Cannot concatenate arrays with shapes that differ in dimensions "
                           "other than the one being concatenated: concatenating along "
                           "dimension " + std::to_string(axis) + " for shapes " +
                               shapeToPython(ref) + ", " + shapeToPython(s) + ".");
    x = prims::convert(ev, x, r.dtype, r.weak);
  }
  return prims::concatenate(ev, xs, axis);
}

Value stackValues(Evaluator &ev, std::vector<Value> xs, int64_t axis) {
  Shape ref;
  for (size_t i = 0; i < xs.size(); ++i) {
    xs[i] = asarray(ev, xs[i], std::nullopt);
    Shape s = prims::shapeOf(xs[i]);
    if (i == 0)
      ref = s;
    else if (s != ref)
      raise("ValueError", "All input arrays must have the same shape.");
  }
  axis = prims::normalizeAxis(axis, int64_t(ref.size()) + 1);
  Shape ns = ref;
  ns.insert(ns.begin() + axis, 1);
  for (auto &x : xs)
    x = prims::reshape(ev, x, ns);
  return concatenateValues(ev, xs, axis);
}

Value expandDims(Evaluator &ev, const Value &x, const Value &axis) {
  Value a = asarray(ev, x, std::nullopt);
  Shape s = prims::shapeOf(a);
  std::vector<Value> axes = axis.isSequence() ? axis.elements() : std::vector<Value>{axis};
  int64_t outRank = int64_t(s.size() + axes.size());
  std::vector<int64_t> pos;
  for (const Value &v : axes)
    pos.push_back(prims::normalizeAxis(ev.toIndex(v, "axis"), outRank));
  std::sort(pos.begin(), pos.end());
  for (int64_t p : pos)
    s.insert(s.begin() + p, 1);
  return prims::reshape(ev, a, s);
}

Value squeeze(Evaluator &ev, const Value &x, const Value &axis) {
  Value a = asarray(ev, x, std::nullopt);
  Shape s = prims::shapeOf(a);
  std::vector<int64_t> drop;
  if (axis.isNone()) {
    for (size_t i = 0; i < s.size(); ++i)
      if (s[i] == 1)
        drop.push_back(int64_t(i));
  } else {
    drop = axisList(ev, axis, int64_t(s.size()));
    for (int64_t d : drop)
      if (s[size_t(d)] != 1)
        raise("ValueError", "cannot select an axis to squeeze out which has size not equal "
                            "to one, got shape=" + shapeToPython(s) + " and dimensions=(" +
                                std::to_string(d) + ",)");
  }
  Shape out;
  for (size_t i = 0; i < s.size(); ++i)
    if (std::find(drop.begin(), drop.end(), int64_t(i)) == drop.end())
      out.push_back(s[i]);
  return prims::reshape(ev, a, out);
}

namespace {
/// jnp.split / array_split: `sections` is a count or a list of indices.
Value split(Evaluator &ev, CallArgs &a, bool allowUneven) {
  const char *fn = allowUneven ? "array_split" : "split";
  expectPositional(a, 2, 3, fn);
  Value x = asarray(ev, a.args[0], std::nullopt);
  Shape s = prims::shapeOf(x);
  int64_t axis = prims::normalizeAxis(ev.toIndex(argOr(a, 2, "axis", Value::integer(0)), "axis"),
                                      int64_t(s.size()));
  int64_t n = s[size_t(axis)];
  std::vector<int64_t> cuts;
  Value sec = a.args[1];
  if (sec.isSequence() || sec.isArrayValue()) {
    for (const Value &c : ev.iterate(sec, a.loc)) {
      int64_t i = ev.toIndex(c, "indices_or_sections");
      if (i < 0)
        i += n;
      cuts.push_back(std::clamp<int64_t>(i, 0, n));
    }
  } else {
    int64_t k = ev.toIndex(sec, "indices_or_sections");
    if (k <= 0)
      raise("ValueError", "number sections must be larger than 0.");
    if (!allowUneven && n % k != 0)
      raise("ValueError", "array split does not result in an equal division: rest is " +
                              std::to_string(n % k),
            "use jnp.array_split for uneven pieces, or a size divisible by " + std::to_string(k));
    // numpy's array_split: the first n % k pieces get one extra element.
    int64_t base = n / k, extra = n % k, pos = 0;
    for (int64_t i = 0; i + 1 < k; ++i) {
      pos += base + (i < extra ? 1 : 0);
      cuts.push_back(pos);
    }
  }
  std::vector<Value> parts;
  int64_t prev = 0;
  cuts.push_back(n);
  for (int64_t c : cuts) {
    int64_t hi = std::max(prev, c);
    std::vector<int64_t> start(s.size(), 0), limit = s, stride(s.size(), 1);
    start[size_t(axis)] = prev;
    limit[size_t(axis)] = hi;
    parts.push_back(prims::slice(ev, x, start, limit, stride));
    prev = hi;
  }
  return Value::list(parts);
}

Value tile(Evaluator &ev, const Value &x0, const Value &reps0) {
  Value x = asarray(ev, x0, std::nullopt);
  std::vector<int64_t> reps;
  if (reps0.isSequence())
    for (const Value &r : reps0.elements())
      reps.push_back(ev.toIndex(r, "reps"));
  else
    reps.push_back(ev.toIndex(reps0, "reps"));
  Shape s = prims::shapeOf(x);
  size_t rank = std::max(s.size(), reps.size());
  while (s.size() < rank)
    s.insert(s.begin(), 1);
  while (reps.size() < rank)
    reps.insert(reps.begin(), 1);
  x = prims::reshape(ev, x, s);
  // Broadcast to (r0, d0, r1, d1, ...) then merge each pair.
  Shape big, out;
  std::vector<int64_t> dims;
  for (size_t i = 0; i < rank; ++i) {
    big.push_back(reps[i]);
    big.push_back(s[i]);
    dims.push_back(int64_t(2 * i + 1));
    if (reps[i] < 0)
      raise("ValueError", "negative dimensions are not allowed");
    out.push_back(prims::extentMul(reps[i], s[i]));
  }
  return prims::reshape(ev, prims::broadcastInDim(ev, x, big, dims), out);
}

Value repeat(Evaluator &ev, CallArgs &a) {
  expectPositional(a, 2, 3, "repeat");
  Value x = asarray(ev, a.args[0], std::nullopt);
  Value axisV = argOr(a, 2, "axis");
  if (axisV.isNone()) {
    x = reshape(ev, x, {Value::integer(-1)});
    axisV = Value::integer(0);
  }
  Shape s = prims::shapeOf(x);
  int64_t axis = prims::normalizeAxis(ev.toIndex(axisV, "axis"), int64_t(s.size()));
  Value rv = a.args[1];
  if (rv.isInt() || rv.isBool() || (rv.isArray() && rv.asArray().rank() == 0)) {
    int64_t r = ev.toIndex(rv, "repeats");
    if (r < 0)
      raise("ValueError", "repeats may not contain negative values.");
    // Insert a new axis after `axis`, broadcast it to r, merge.
    Shape big = s;
    big.insert(big.begin() + axis + 1, r);
    std::vector<int64_t> dims;
    for (int64_t i = 0; i < int64_t(s.size()); ++i)
      dims.push_back(i <= axis ? i : i + 1);
    Shape out = s;
    out[size_t(axis)] = prims::extentMul(out[size_t(axis)], r);
    return prims::reshape(ev, prims::broadcastInDim(ev, x, big, dims), out);
  }
  if (abstractOrigin(rv))
    stopCheck(ev, rv);
  if (rv.isTracer())
    raise("ConcretizationTypeError", "jnp.repeat with traced repeats needs total_repeat_length",
          "pass the repeats as a static Python list");
  std::vector<int64_t> reps;
  for (const Value &r : ev.iterate(rv, a.loc))
    reps.push_back(ev.toIndex(r, "repeats"));
  if (int64_t(reps.size()) != s[size_t(axis)])
    raise("ValueError", "operands could not be broadcast together with shape (" +
                            std::to_string(s[size_t(axis)]) + ",) (" +
                            std::to_string(reps.size()) + ",)");
  // The gather index is built on the host: size it (checked) before
  // filling it, so a huge total is an error, not a long loop.
  int64_t total = 0;
  for (int64_t r : reps) {
    if (r < 0)
      raise("ValueError", "repeats may not contain negative values.");
    total = prims::extentAdd(total, r);
  }
  Shape out = s;
  out[size_t(axis)] = total;
  checkArraySize(prims::dtypeOf(x), out);
  Array ia = Array::allocate(DType::I32, {total});
  int32_t *idx = ia.data<int32_t>();
  for (size_t i = 0; i < reps.size(); ++i)
    idx = std::fill_n(idx, reps[i], int32_t(i));
  return prims::take(ev, x, Value::array(ia), axis);
}
} // namespace

void registerJnpShape(Evaluator &ev, ModuleObject &m) {
  m.def("split", [](Evaluator &ev, CallArgs &a) { return split(ev, a, false); });
  m.def("array_split", [](Evaluator &ev, CallArgs &a) { return split(ev, a, true); });
  m.def("tile", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "tile");
    return tile(ev, a.args[0], a.args[1]);
  });
  m.def("repeat", repeat);
  m.def("flip", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "flip");
    Value x = asarray(ev, a.args[0], std::nullopt);
    int64_t rank = prims::typeOf(x).rank();
    Value axis = argOr(a, 1, "axis");
    std::vector<int64_t> dims;
    if (axis.isNone())
      for (int64_t i = 0; i < rank; ++i)
        dims.push_back(i);
    else
      dims = axisList(ev, axis, rank);
    return prims::rev(ev, x, dims);
  });
  m.def("roll", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 3, "roll");
    Value x = asarray(ev, a.args[0], std::nullopt);
    Value axis = argOr(a, 2, "axis");
    Shape orig = prims::shapeOf(x);
    if (axis.isNone())
      x = reshape(ev, x, {Value::integer(-1)});
    Shape s = prims::shapeOf(x);
    int64_t ax = axis.isNone() ? 0 : prims::normalizeAxis(ev.toIndex(axis, "axis"), int64_t(s.size()));
    int64_t n = s[size_t(ax)];
    int64_t k = n ? ((ev.toIndex(a.args[1], "shift") % n) + n) % n : 0;
    if (k) {
      std::vector<int64_t> st(s.size(), 0), lim = s, str(s.size(), 1);
      st[size_t(ax)] = n - k;
      Value tail = prims::slice(ev, x, st, lim, str);
      st[size_t(ax)] = 0;
      lim[size_t(ax)] = n - k;
      Value head = prims::slice(ev, x, st, lim, str);
      x = prims::concatenate(ev, {tail, head}, ax);
    }
    return prims::reshape(ev, x, orig);
  });
  m.def("reshape", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 3, "reshape");
    Value shape = a.get(1, "shape") ? *a.get(1, "shape") : argRequired(a, 1, "newshape", "reshape");
    return reshape(ev, a.args[0], {shape}, argOr(a, 2, "order", Value::none()));
  });
  m.def("ravel", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "ravel");
    return reshape(ev, a.args[0], {Value::integer(-1)}, argOr(a, 1, "order", Value::none()));
  });
  m.def("transpose", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "transpose");
    return transposeAxes(ev, a.args[0], argOr(a, 1, "axes"));
  });
  m.def("permute_dims", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "permute_dims");
    return transposeAxes(ev, a.args[0], argOr(a, 1, "axes"));
  });
  m.def("swapaxes", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "swapaxes");
    Value x = asarray(ev, a.args[0], std::nullopt);
    int64_t rank = prims::typeOf(x).rank();
    int64_t i = prims::normalizeAxis(ev.toIndex(a.args[1], "axis1"), rank);
    int64_t j = prims::normalizeAxis(ev.toIndex(a.args[2], "axis2"), rank);
    std::vector<int64_t> perm;
    for (int64_t k = 0; k < rank; ++k)
      perm.push_back(k);
    std::swap(perm[size_t(i)], perm[size_t(j)]);
    return prims::transpose(ev, x, perm);
  });
  m.def("moveaxis", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "moveaxis");
    Value x = asarray(ev, a.args[0], std::nullopt);
    int64_t rank = prims::typeOf(x).rank();
    std::vector<int64_t> src = axisList(ev, a.args[1], rank), dst = axisList(ev, a.args[2], rank);
    if (src.size() != dst.size())
      raise("ValueError", "Inconsistent number of elements: " + std::to_string(src.size()) +
                              " vs " + std::to_string(dst.size()));
    std::vector<int64_t> order;
    for (int64_t k = 0; k < rank; ++k)
      if (std::find(src.begin(), src.end(), k) == src.end())
        order.push_back(k);
    std::vector<std::pair<int64_t, int64_t>> pairs;
    for (size_t i = 0; i < src.size(); ++i)
      pairs.push_back({dst[i], src[i]});
    std::sort(pairs.begin(), pairs.end());
    for (auto &p : pairs)
      order.insert(order.begin() + p.first, p.second);
    return prims::transpose(ev, x, order);
  });
  m.def("expand_dims", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "expand_dims");
    return expandDims(ev, a.args[0], a.args[1]);
  });
  m.def("squeeze", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "squeeze");
    return squeeze(ev, a.args[0], argOr(a, 1, "axis"));
  });
  m.def("broadcast_to", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "broadcast_to");
    Value x = asarray(ev, a.args[0], std::nullopt);
    Shape s = shapeArg(ev, a.args[1], "broadcast_to");
    Shape xs = prims::shapeOf(x);
    bool ok = xs.size() <= s.size();
    for (size_t i = 0; ok && i < xs.size(); ++i) {
      int64_t d = xs[xs.size() - 1 - i], t = s[s.size() - 1 - i];
      ok = d == 1 || d == t;
    }
    if (!ok)
      raise("ValueError", "Incompatible shapes for broadcasting: " + shapeToPython(xs) +
                              " and requested shape " + shapeToPython(s));
    return prims::broadcastTo(ev, x, s);
  });
  m.def("concatenate", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "concatenate");
    Value axis = argOr(a, 1, "axis", Value::integer(0));
    std::vector<Value> xs = arraysArg(ev, a.args[0], "concatenate");
    if (axis.isNone()) {
      for (auto &x : xs)
        x = reshape(ev, x, {Value::integer(-1)});
      return concatenateValues(ev, xs, 0);
    }
    return concatenateValues(ev, xs, ev.toIndex(axis, "axis"));
  });
  m.def("stack", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "stack");
    return stackValues(ev, arraysArg(ev, a.args[0], "stack"),
                       ev.toIndex(argOr(a, 1, "axis", Value::integer(0)), "axis"));
  });
  m.def("vstack", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "vstack");
    std::vector<Value> xs = arraysArg(ev, a.args[0], "vstack");
    for (auto &x : xs)
      if (prims::typeOf(x).rank() < 2)
        x = prims::reshape(ev, x, {1, prims::typeOf(x).numElements()});
    return concatenateValues(ev, xs, 0);
  });
  m.def("hstack", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "hstack");
    std::vector<Value> xs = arraysArg(ev, a.args[0], "hstack");
    for (auto &x : xs)
      if (prims::typeOf(x).rank() == 0)
        x = prims::reshape(ev, x, {1});
    return concatenateValues(ev, xs, prims::typeOf(xs[0]).rank() == 1 ? 0 : 1);
  });
}

} // namespace parax::frontend::jnp
