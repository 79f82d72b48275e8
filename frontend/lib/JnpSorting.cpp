//===- JnpSorting.cpp - jnp.sort, jnp.argsort, lax.top_k -------------------===//
//
// Sorting along one axis with JAX's order: -0.0 equals 0.0, NaNs sort last
// and equal each other, and equal elements keep their order (stable).
//
// parax's IR has no sort op. A concrete array is sorted on the host; a
// traced one by ranks: element i goes to position #{j: x_j < x_i} +
// #{j < i: x_j == x_i}, computed with comparisons of every pair along the
// axis (n^2 booleans per row, which the memory check counts like any
// buffer), then gathered.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/sharding/Rules.h"
#include "frontend/machine/Evaluator.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace parax::frontend::jnp {

namespace {

using prims::OpKind;

/// x with axis `axis` moved last (and the permutation that undoes it).
Value moveLast(Evaluator &ev, const Value &x, int64_t axis, std::vector<int64_t> &undo) {
  int64_t r = prims::typeOf(x).rank();
  std::vector<int64_t> perm;
  for (int64_t i = 0; i < r; ++i)
    if (i != axis)
      perm.push_back(i);
  perm.push_back(axis);
  undo.assign(size_t(r), 0);
  for (int64_t i = 0; i < r; ++i)
    undo[size_t(perm[size_t(i)])] = i;
  return axis == r - 1 ? x : prims::transpose(ev, x, perm);
}

Value restore(Evaluator &ev, const Value &x, const std::vector<int64_t> &undo) {
  bool identity = true;
  for (size_t i = 0; i < undo.size(); ++i)
    identity &= undo[i] == int64_t(i);
  return identity ? x : prims::transpose(ev, x, undo);
}

/// Host argsort of every row of a concrete array (last axis).
Value hostArgsort(const Array &x, bool descending) {
  int64_t n = x.shape().empty() ? 1 : x.shape().back();
  Array out = Array::allocate(DType::I32, x.shape());
  int64_t rows = n == 0 ? 0 : x.size() / n;
  std::vector<double> row(static_cast<size_t>(n));
  std::vector<int32_t> idx(static_cast<size_t>(n));
  // The total order: NaN above everything (last ascending, first
  // descending); -0.0 == 0.0 falls out of double comparison.
  auto totalLess = [](double u, double v) { return !std::isnan(u) && (std::isnan(v) || u < v); };
  auto less = [&](int32_t a, int32_t b) {
    double u = row[size_t(a)], v = row[size_t(b)];
    return descending ? totalLess(v, u) : totalLess(u, v);
  };
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t i = 0; i < n; ++i)
      row[size_t(i)] = x.getDouble(r * n + i);
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), less);
    for (int64_t i = 0; i < n; ++i)
      out.data<int32_t>()[r * n + i] = idx[size_t(i)];
  }
  return Value::array(out);
}

/// a < b in the sort order, elementwise (NaN last).
Value sortLess(Evaluator &ev, const Value &a, const Value &b, bool isFloatType) {
  Value lt = prims::compare(ev, OpKind::Lt, a, b);
  if (!isFloatType)
    return lt;
  Value aNan = prims::compare(ev, OpKind::Ne, a, a), bNan = prims::compare(ev, OpKind::Ne, b, b);
  Value nanLast = prims::binary(ev, OpKind::And, bNan, prims::unary(ev, OpKind::Not, aNan));
  return prims::binary(ev, OpKind::Or, lt, nanLast);
}

/// Traced argsort along the last axis by pairwise ranks (see the banner).
Value rankArgsort(Evaluator &ev, Value x, bool descending) {
  TensorType t = prims::typeOf(x);
  int64_t r = t.rank();
  int64_t n = t.shape.back();
  if (t.dtype == DType::Bool)
    x = prims::convert(ev, x, DType::I32);
  bool fl = isFloat(t.dtype);
  Shape sq = t.shape;
  sq.push_back(n);
  std::vector<int64_t> rowDims, colDims;
  for (int64_t i = 0; i + 1 < r; ++i) {
    rowDims.push_back(i);
    colDims.push_back(i);
  }
  rowDims.push_back(r - 1); // xi[..., i, j] = x[..., i]
  colDims.push_back(r);     // xj[..., i, j] = x[..., j]
  Value xi = prims::broadcastInDim(ev, x, sq, rowDims);
  Value xj = prims::broadcastInDim(ev, x, sq, colDims);
  Value jBefore = descending ? sortLess(ev, xi, xj, fl) : sortLess(ev, xj, xi, fl);
  Value iBefore = descending ? sortLess(ev, xj, xi, fl) : sortLess(ev, xi, xj, fl);
  Value tie = prims::unary(ev, OpKind::Not, prims::binary(ev, OpKind::Or, jBefore, iBefore));
  Value jLower = prims::compare(ev, OpKind::Lt, prims::iota(ev, DType::I32, sq, r),
                                prims::iota(ev, DType::I32, sq, r - 1));
  Value ahead = prims::binary(ev, OpKind::Or, jBefore, prims::binary(ev, OpKind::And, tie, jLower));
  Value rank = prims::reduce(ev, OpKind::ReduceSum, prims::convert(ev, ahead, DType::I32), {r});
  // perm[..., k] = the i whose rank is k.
  Value rankB = prims::broadcastInDim(ev, rank, sq, colDims);
  Value hit = prims::compare(ev, OpKind::Eq, rankB, prims::iota(ev, DType::I32, sq, r - 1));
  Value picked = prims::select(ev, hit, prims::iota(ev, DType::I32, sq, r),
                               prims::full(ev, sq, Value::integer(0), DType::I32));
  return prims::reduce(ev, OpKind::ReduceSum, picked, {r});
}

/// argsort along the last axis (int32 indices).
Value argsortLast(Evaluator &ev, const Value &x, bool descending) {
  if (x.isArray())
    return hostArgsort(x.asArray(), descending);
  if (prims::typeOf(x).shape.back() <= 1)
    return prims::full(ev, prims::shapeOf(x), Value::integer(0), DType::I32);
  return rankArgsort(ev, x, descending);
}

/// x[..., idx[..., k]] along the last axis (idx has x's batch dims).
Value takeAlongLast(Evaluator &ev, const Value &x, const Value &idx) {
  TensorType t = prims::typeOf(x), ti = prims::typeOf(idx);
  int64_t n = t.shape.back(), k = ti.shape.back();
  int64_t rows = n == 0 ? 0 : t.numElements() / n;
  Value flat = prims::reshape(ev, x, {t.numElements()});
  // Row offsets: the row number (over the batch dims) times n.
  Value rowIds = prims::reshape(ev, prims::iota(ev, DType::I32, {rows}, 0),
                                Shape(ti.shape.begin(), ti.shape.end() - 1));
  std::vector<int64_t> dims;
  for (int64_t i = 0; i + 1 < ti.rank(); ++i)
    dims.push_back(i);
  Value offsets = prims::binary(ev, OpKind::Mul, prims::broadcastInDim(ev, rowIds, ti.shape, dims),
                                prims::full(ev, ti.shape, Value::integer(n), DType::I32));
  Value flatIdx = prims::reshape(ev, prims::binary(ev, OpKind::Add, offsets, idx), {rows * k});
  return prims::reshape(ev, prims::take(ev, flat, flatIdx, 0), ti.shape);
}

struct SortArgs {
  Value x;
  int64_t axis;
  std::vector<int64_t> undo;
};

/// Normalises sort(a, axis=-1): axis=None flattens.
SortArgs sortArgs(Evaluator &ev, const Value &a, const Value &axisArg, const std::string &fn) {
  SortArgs s;
  s.x = asarray(ev, a, std::nullopt);
  if (axisArg.isNone()) {
    s.x = prims::reshape(ev, s.x, {prims::typeOf(s.x).numElements()});
    s.axis = 0;
  } else {
    int64_t r = prims::typeOf(s.x).rank();
    if (r == 0)
      raise("ValueError", "axis " + std::to_string(ev.toIndex(axisArg, "axis")) +
                              " is out of bounds for array of dimension 0");
    s.axis = prims::normalizeAxis(ev.toIndex(axisArg, "axis"), r);
  }
  s.x = moveLast(ev, s.x, s.axis, s.undo);
  (void)fn;
  return s;
}

} // namespace

void registerJnpSorting(Evaluator &ev, ModuleObject &m, ModuleObject &lax) {
  m.def("argsort", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"a", "axis", "kind", "order", "stable", "descending"}, 1, "argsort");
    SortArgs s = sortArgs(ev, a.args[0], argOr(a, 1, "axis", Value::integer(-1)), "argsort");
    bool desc = ev.truthy(argOr(a, 5, "descending", Value::boolean(false)));
    // A split batch dimension stays split (JAX's sort sharding rule).
    return restore(ev, sharding::alongLastKeepingSplits(ev, s.x, "sort", [&](const Value &x) {
                     return argsortLast(ev, x, desc);
                   }), s.undo);
  });
  m.def("sort", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"a", "axis", "kind", "order", "stable", "descending"}, 1, "sort");
    SortArgs s = sortArgs(ev, a.args[0], argOr(a, 1, "axis", Value::integer(-1)), "sort");
    bool desc = ev.truthy(argOr(a, 5, "descending", Value::boolean(false)));
    if (prims::typeOf(s.x).numElements() == 0)
      return restore(ev, s.x, s.undo);
    return restore(ev, sharding::alongLastKeepingSplits(ev, s.x, "sort", [&](const Value &x) {
                     return takeAlongLast(ev, x, argsortLast(ev, x, desc));
                   }), s.undo);
  });
  lax.def("top_k", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"operand", "k", "axis"}, 2, "top_k");
    Value x = asarray(ev, a.args[0], std::nullopt);
    TensorType t = prims::typeOf(x);
    if (t.rank() == 0)
      raise("TypeError", "top_k operand must have >= 1 dimension, got " + t.str());
    if (!a.args[1].isInt() && !a.args[1].isBool())
      raise("TypeError", "top_k k must be a static Python int, got " + typeName(a.args[1]),
            "pass k as a Python int");
    int64_t axis = prims::normalizeAxis(ev.toIndex(argOr(a, 2, "axis", Value::integer(-1)),
                                                   "axis"), t.rank());
    int64_t k = a.args[1].asInt();
    if (k < 0)
      raise("ValueError", "k argument to top_k must be nonnegative, got " + std::to_string(k));
    if (k > t.shape[size_t(axis)]) {
      std::string dims;
      for (size_t i = 0; i < t.shape.size(); ++i)
        dims += (i ? ", " : "") + std::to_string(t.shape[i]);
      raise("ValueError", "k argument to top_k must be no larger than size along axis; got k=" +
                              std::to_string(k) + " with shape=[" + dims +
                              "] and axis=" + std::to_string(axis));
    }
    std::vector<int64_t> undo;
    Value xl = moveLast(ev, x, axis, undo);
    TensorType tl = prims::typeOf(xl);
    Value idx = argsortLast(ev, xl, /*descending=*/true);
    std::vector<int64_t> start(size_t(tl.rank()), 0), limit = tl.shape,
        stride(size_t(tl.rank()), 1);
    limit.back() = k;
    idx = prims::slice(ev, idx, start, limit, stride);
    Value vals = k == 0 ? prims::slice(ev, xl, start, limit, stride) : takeAlongLast(ev, xl, idx);
    // A list, as JAX returns it.
    return Value::list({restore(ev, vals, undo), restore(ev, idx, undo)});
  });
}

} // namespace parax::frontend::jnp
