//===- NumpyStats.cpp - numpy's statistics and index helpers --------------===//
//
// Functions composed from the native numpy library with numpy's own
// formulas: average, cov, corrcoef, histogram, cross, convolve, polyval,
// nan_to_num, fromiter, ix_, triu/tril_indices, take_along_axis.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyInternal.h"

#include <cfloat>
#include <cmath>

namespace parax::frontend::npy {

namespace {
Value slice(int64_t lo, int64_t hi) {
  auto s = std::make_shared<SliceObj>();
  s->lower = Value::integer(lo);
  s->upper = Value::integer(hi);
  return Value::object(Value::Kind::Slice, s);
}
Value ints(const std::vector<int64_t> &v) {
  Value r = makeNumpy(NpDType::I64, {int64_t(v.size())});
  for (size_t i = 0; i < v.size(); ++i)
    arr(r).setI(int64_t(i), v[i]);
  return r;
}
} // namespace

void registerStats(Evaluator &, ModuleObject &np) {
  np.def("average", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "axis", "weights", "returned", "keepdims"}, 1, "average");
    Value x = asNp(ev, a.args[0]);
    Value axis = present(a, 1) ? a.args[1] : Value();
    if (!has(a, 2))
      return callNp(ev, "mean", {x, axis});
    Value w = asNp(ev, a.args[2]);
    Value wsum = callNp(ev, "sum", {w});
    Value num = callNp(ev, "sum", {binaryUfunc(ev, "multiply", x, w), axis});
    return binaryUfunc(ev, "true_divide", num, wsum);
  });
  np.def("cov", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"m", "y", "rowvar", "bias", "ddof"}, 1, "cov");
    Value x = asNp(ev, a.args[0]);
    if (npKind(arr(x).dtype) != NpKind::Float)
      x = npAstype(x, NpDType::F64);
    if (arr(x).rank() == 1)
      x = callNp(ev, "reshape", {x, Value::tuple({Value::integer(1), Value::integer(-1)})});
    if (has(a, 1)) {
      Value y = asNp(ev, a.args[1]);
      if (arr(y).rank() == 1)
        y = callNp(ev, "reshape", {y, Value::tuple({Value::integer(1), Value::integer(-1)})});
      x = callNp(ev, "concatenate", {Value::list({x, y})}, {{"axis", Value::integer(0)}});
    }
    if (has(a, 2) && !ev.truthy(a.args[2]))
      x = callNp(ev, "transpose", {x});
    bool bias = has(a, 3) && ev.truthy(a.args[3]);
    int64_t ddof = has(a, 4) ? ev.toIndex(a.args[4], "ddof") : (bias ? 0 : 1);
    int64_t n = arr(x).shape[1];
    Value mean = callNp(ev, "mean", {x}, {{"axis", Value::integer(1)}, {"keepdims", Value::boolean(true)}});
    Value xc = binaryUfunc(ev, "subtract", x, mean);
    Value c = callNp(ev, "dot", {xc, callNp(ev, "transpose", {xc})});
    c = binaryUfunc(ev, "true_divide", c, Value::floating(double(n - ddof)));
    return callNp(ev, "squeeze", {c});
  });
  np.def("corrcoef", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"x", "y", "rowvar"}, 1, "corrcoef");
    std::vector<Value> args{a.args[0]};
    if (has(a, 1))
      args.push_back(a.args[1]);
    Value c = callNp(ev, "cov", args);
    if (arr(c).rank() == 0)
      return binaryUfunc(ev, "true_divide", c, c);
    Value d = unaryUfunc(ev, "sqrt", callNp(ev, "diagonal", {c}));
    int64_t n = arr(d).shape[0];
    Value col = callNp(ev, "reshape", {d, Value::tuple({Value::integer(n), Value::integer(1)})});
    c = binaryUfunc(ev, "true_divide", c, col);
    c = binaryUfunc(ev, "true_divide", c, d);
    return callNp(ev, "clip", {c, Value::integer(-1), Value::integer(1)});
  });
  np.def("histogram", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "bins", "range", "density", "weights"}, 1, "histogram");
    Value x = callNp(ev, "ravel", {asNp(ev, a.args[0])});
    NumpyArrayObj &xa = arr(x);
    std::vector<double> vals;
    for (int64_t o : xa.offsets())
      vals.push_back(xa.getF(o));
    std::vector<double> edges;
    Value givenEdges;
    if (has(a, 1) && (a.args[1].isSequence() || isNumpyArray(a.args[1]))) {
      Value e = asNp(ev, a.args[1]);
      givenEdges = e;
      for (int64_t o : arr(e).offsets())
        edges.push_back(arr(e).getF(o));
    } else {
      int64_t nb = has(a, 1) ? ev.toIndex(a.args[1], "bins") : 10;
      double lo = 0, hi = 1;
      if (has(a, 2)) {
        auto r = ev.iterate(a.args[2], a.loc);
        lo = r.at(0).asFloat();
        hi = r.at(1).asFloat();
      } else if (!vals.empty()) {
        lo = *std::min_element(vals.begin(), vals.end());
        hi = *std::max_element(vals.begin(), vals.end());
      }
      if (lo == hi) {
        lo -= 0.5;
        hi += 0.5;
      }
      Value e = callNp(ev, "linspace", {Value::floating(lo), Value::floating(hi), Value::integer(nb + 1)});
      for (int64_t i = 0; i <= nb; ++i)
        edges.push_back(arr(e).getF(i));
    }
    size_t nb = edges.size() - 1;
    bool weighted = has(a, 4);
    Value w = weighted ? callNp(ev, "ravel", {asNp(ev, a.args[4])}) : Value();
    std::vector<double> counts(nb, 0.0);
    for (size_t i = 0; i < vals.size(); ++i) {
      double v = vals[i];
      if (v < edges.front() || v > edges.back() || std::isnan(v))
        continue;
      size_t k = size_t(std::upper_bound(edges.begin(), edges.end(), v) - edges.begin());
      k = k == 0 ? 0 : k - 1;
      if (k >= nb)
        k = nb - 1;
      counts[k] += weighted ? arr(w).getF(arr(w).offsets()[i]) : 1.0;
    }
    bool density = has(a, 3) && ev.truthy(a.args[3]);
    Value hist = makeNumpy(density || weighted ? NpDType::F64 : NpDType::I64, {int64_t(nb)});
    double total = 0;
    for (double c : counts)
      total += c;
    for (size_t k = 0; k < nb; ++k) {
      double c = counts[k];
      if (density)
        c = c / (edges[k + 1] - edges[k]) / total;
      if (density || weighted)
        arr(hist).setF(int64_t(k), c);
      else
        arr(hist).setI(int64_t(k), int64_t(c));
    }
    if (!givenEdges.isNone())
      return Value::tuple({hist, givenEdges});
    Value e = makeNumpy(NpDType::F64, {int64_t(edges.size())});
    for (size_t k = 0; k < edges.size(); ++k)
      arr(e).setF(int64_t(k), edges[k]);
    return Value::tuple({hist, e});
  });
  np.def("cross", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "cross");
    Value x = asNp(ev, a.args[0]), y = asNp(ev, a.args[1]);
    int64_t n = arr(x).shape.back(), m = arr(y).shape.back();
    if ((n != 2 && n != 3) || (m != 2 && m != 3))
      raise("ValueError", "incompatible dimensions for cross product\n(dimension must be 2 or 3)");
    auto comp = [&](const Value &v, int64_t i, int64_t len) -> Value {
      if (i >= len)
        return Value::integer(0);
      return npGetItem(ev, v, Value::tuple({Value::ellipsis(), Value::integer(i)}));
    };
    auto mul = [&](const Value &p, const Value &q) { return binaryUfunc(ev, "multiply", p, q); };
    auto sub = [&](const Value &p, const Value &q) { return binaryUfunc(ev, "subtract", p, q); };
    Value x0 = comp(x, 0, n), x1 = comp(x, 1, n), x2 = comp(x, 2, n);
    Value y0 = comp(y, 0, m), y1 = comp(y, 1, m), y2 = comp(y, 2, m);
    if (n == 2 && m == 2)
      return sub(mul(x0, y1), mul(x1, y0));
    Value c0 = sub(mul(x1, y2), mul(x2, y1)), c1 = sub(mul(x2, y0), mul(x0, y2)),
          c2 = sub(mul(x0, y1), mul(x1, y0));
    return callNp(ev, "stack", {Value::list({c0, c1, c2})}, {{"axis", Value::integer(-1)}});
  });
  np.def("convolve", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "v", "mode"}, 2, "convolve");
    Value x = callNp(ev, "ravel", {a.args[0]}), y = callNp(ev, "ravel", {a.args[1]});
    NumpyArrayObj &xa = arr(x), &ya = arr(y);
    int64_t n = xa.size(), m = ya.size();
    if (n == 0 || m == 0)
      raise("ValueError", n == 0 ? "a cannot be empty" : "v cannot be empty");
    NpDType dt = promote(xa.dtype, ya.dtype);
    std::string mode = has(a, 2) ? ev.str(a.args[2]) : "full";
    Value full = makeNumpy(dt, {n + m - 1});
    for (int64_t k = 0; k < n + m - 1; ++k) {
      double s = 0;
      int64_t si = 0;
      for (int64_t i = std::max<int64_t>(0, k - m + 1); i <= std::min(k, n - 1); ++i) {
        s += xa.getF(xa.offset + i * xa.strides[0]) * ya.getF(ya.offset + (k - i) * ya.strides[0]);
        si += xa.getI(xa.offset + i * xa.strides[0]) * ya.getI(ya.offset + (k - i) * ya.strides[0]);
      }
      if (npKind(dt) == NpKind::Float)
        arr(full).setF(k, s);
      else
        arr(full).setI(k, si);
    }
    if (mode == "full")
      return full;
    int64_t len = mode == "same" ? std::max(n, m) : std::max(n, m) - std::min(n, m) + 1;
    int64_t start = (n + m - 1 - len) / 2;
    if (mode != "same" && mode != "valid")
      raise("ValueError", "mode must be one of 'full', 'same', or 'valid'");
    return contiguousCopy(npGetItem(ev, full, slice(start, start + len)));
  });
  np.def("polyval", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "polyval");
    Value p = asNp(ev, a.args[0]);
    Value x = asNp(ev, a.args[1]);
    Value y = callNp(ev, "zeros_like", {x});
    if (npKind(arr(p).dtype) == NpKind::Float)
      y = npAstype(y, promote(arr(p).dtype, arr(x).dtype));
    for (int64_t o : arr(p).offsets()) {
      y = binaryUfunc(ev, "multiply", y, x);
      y = binaryUfunc(ev, "add", y, scalarAt(arr(p), o));
    }
    return npScalarize(y);
  });
  np.def("nan_to_num", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"x", "copy", "nan", "posinf", "neginf"}, 1, "nan_to_num");
    Value x = contiguousCopy(asNp(ev, a.args[0]));
    NumpyArrayObj &o = arr(x);
    if (npKind(o.dtype) != NpKind::Float)
      return x;
    double big = o.dtype == NpDType::F64 ? DBL_MAX : o.dtype == NpDType::F32 ? double(FLT_MAX) : 65504.0;
    double nanV = has(a, 2) ? a.args[2].asFloat() : 0.0;
    double pos = has(a, 3) ? a.args[3].asFloat() : big, neg = has(a, 4) ? a.args[4].asFloat() : -big;
    for (int64_t i = 0; i < o.size(); ++i) {
      double v = o.getF(i);
      if (std::isnan(v))
        o.setF(i, nanV);
      else if (std::isinf(v))
        o.setF(i, v > 0 ? pos : neg);
    }
    return npScalarize(x);
  });
  np.def("fromiter", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"iter", "dtype", "count"}, 2, "fromiter");
    std::vector<Value> items = ev.iterate(a.args[0], a.loc);
    if (has(a, 2)) {
      int64_t c = ev.toIndex(a.args[2], "count");
      if (c >= 0 && c < int64_t(items.size()))
        items.resize(size_t(c));
    }
    return toNumpy(ev, Value::list(items), npDTypeArg(ev, a.args[1]));
  });
  np.def("ix_", [](Evaluator &ev, CallArgs &a) {
    std::vector<Value> out;
    size_t n = a.args.size();
    for (size_t k = 0; k < n; ++k) {
      Value v = asNp(ev, a.args[k]);
      if (arr(v).dtype == NpDType::Bool)
        v = callNp(ev, "nonzero", {v}).elements()[0];
      std::vector<Value> shape(n, Value::integer(1));
      shape[k] = Value::integer(-1);
      out.push_back(callNp(ev, "reshape", {v, Value::tuple(shape)}));
    }
    return Value::tuple(out);
  });
  auto triIndices = [](bool upper) {
    return [upper](Evaluator &ev, CallArgs &a) {
      npBind(a, {"n", "k", "m"}, 1, upper ? "triu_indices" : "tril_indices");
      int64_t n = ev.toIndex(a.args[0], "n");
      int64_t k = has(a, 1) ? ev.toIndex(a.args[1], "k") : 0;
      int64_t m = has(a, 2) ? ev.toIndex(a.args[2], "m") : n;
      std::vector<int64_t> rows, cols;
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < m; ++j)
          if (upper ? j - i >= k : j - i <= k) {
            rows.push_back(i);
            cols.push_back(j);
          }
      return Value::tuple({ints(rows), ints(cols)});
    };
  };
  np.def("triu_indices", triIndices(true));
  np.def("tril_indices", triIndices(false));
  np.def("take_along_axis", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"arr", "indices", "axis"}, 3, "take_along_axis");
    Value x = asNp(ev, a.args[0]), idx = asNp(ev, a.args[1]);
    if (a.args[2].isNone()) {
      x = callNp(ev, "ravel", {x});
      a.args[2] = Value::integer(0);
    }
    int64_t r = arr(x).rank();
    int64_t ax = normAxis(ev.toIndex(a.args[2], "axis"), r);
    std::vector<Value> index;
    for (int64_t d = 0; d < r; ++d) {
      if (d == ax) {
        index.push_back(idx);
        continue;
      }
      std::vector<Value> shape(size_t(r), Value::integer(1));
      shape[size_t(d)] = Value::integer(-1);
      Value ar = callNp(ev, "arange", {Value::integer(arr(x).shape[size_t(d)])});
      index.push_back(callNp(ev, "reshape", {ar, Value::tuple(shape)}));
    }
    return npGetItem(ev, x, Value::tuple(index));
  });
}

} // namespace parax::frontend::npy
