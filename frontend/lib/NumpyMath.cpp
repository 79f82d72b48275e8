//===- NumpyMath.cpp - numpy reductions, sorting, linear algebra ----------===//
//
// Reductions with numpy's dtype rules (sum of small ints is int64, mean of
// ints is float64, float32 stays float32) and numpy's pairwise summation
// (so float sums match numpy's last bits), sort/argsort/unique, where,
// clip, round (half to even), dot/matmul/outer/einsum, allclose/isclose,
// median/percentile, and numpy.linalg's basics (norm, inv, solve, det).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyInternal.h"
#include "frontend/machine/Builtins.h"

#include <algorithm>
#include <map>
#include <cmath>
#include <numeric>

namespace parax::frontend {

using namespace npy;

namespace {

/// The reduced elements of each output element, in row-major order.
struct Groups {
  Shape outShape;     ///< without the reduced axes
  Shape keepShape;    ///< with them as 1 (keepdims)
  int64_t nOut = 0, nIn = 0;
  std::vector<int64_t> offs; ///< nOut groups of nIn input offsets
  bool trailing = true;      ///< the reduced axes are the last ones
};

Groups groupsFor(const NumpyArrayObj &a, const std::vector<int64_t> &axes) {
  Groups g;
  std::vector<int64_t> kept, red;
  for (int64_t d = 0; d < a.rank(); ++d)
    (std::find(axes.begin(), axes.end(), d) != axes.end() ? red : kept).push_back(d);
  for (size_t i = 0; i < red.size(); ++i)
    g.trailing &= red[i] == a.rank() - int64_t(red.size()) + int64_t(i);
  NumpyArrayObj view(npArrayClass());
  view.offset = a.offset;
  g.nOut = 1;
  g.nIn = 1;
  for (int64_t d : kept) {
    view.shape.push_back(a.shape[size_t(d)]);
    view.strides.push_back(a.strides[size_t(d)]);
    g.outShape.push_back(a.shape[size_t(d)]);
    g.nOut *= a.shape[size_t(d)];
  }
  for (int64_t d : red) {
    view.shape.push_back(a.shape[size_t(d)]);
    view.strides.push_back(a.strides[size_t(d)]);
    g.nIn *= a.shape[size_t(d)];
  }
  for (int64_t d = 0; d < a.rank(); ++d)
    g.keepShape.push_back(std::find(axes.begin(), axes.end(), d) != axes.end() ? 1 : a.shape[size_t(d)]);
  // offsets() of the permuted view enumerate kept-major, reduced-minor.
  std::vector<int64_t> idx(view.shape.size(), 0);
  int64_t total = g.nOut * g.nIn;
  g.offs.reserve(static_cast<size_t>(total));
  int64_t off = view.offset;
  for (int64_t k = 0; k < total; ++k) {
    g.offs.push_back(off);
    for (size_t d = view.shape.size(); d-- > 0;) {
      if (++idx[d] < view.shape[d]) {
        off += view.strides[d];
        break;
      }
      off -= view.strides[d] * (view.shape[d] - 1);
      idx[d] = 0;
    }
  }
  return g;
}

/// numpy's pairwise summation (blocks of 8 partial sums up to 128 elements).
template <typename T, typename Get> T pairwise(const Get &get, int64_t lo, int64_t n) {
  if (n < 8) {
    T r = T(0);
    for (int64_t i = 0; i < n; ++i)
      r += get(lo + i);
    return r;
  }
  if (n <= 128) {
    T r[8];
    for (int j = 0; j < 8; ++j)
      r[j] = get(lo + j);
    int64_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j)
        r[j] += get(lo + i + j);
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i)
      res += get(lo + i);
    return res;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise<T>(get, lo, n2) + pairwise<T>(get, lo + n2, n - n2);
}

NpDType sumDType(NpDType t) {
  switch (npKind(t)) {
  case NpKind::Bool: return NpDType::I64;
  case NpKind::Int: return NpDType::I64;
  case NpKind::UInt: return NpDType::U64;
  default: return t;
  }
}

Value finish(Value r, const Groups &g, bool keepdims) {
  NumpyArrayObj &o = arr(r);
  if (keepdims) {
    o.shape = g.keepShape;
    o.strides = cStrides(o.shape);
  }
  return npScalarize(r);
}

/// Sum (or product) of each group in dtype `dt`.
Value sumGroups(const NumpyArrayObj &a, const Groups &g, NpDType dt, bool product) {
  Value r = makeNumpy(dt, g.outShape);
  NumpyArrayObj &o = arr(r);
  Domain d = domainOf(dt);
  for (int64_t k = 0; k < g.nOut; ++k) {
    const int64_t *base = g.offs.data() + k * g.nIn;
    if (d == Domain::Float) {
      bool f32 = dt != NpDType::F64;
      if (product) {
        double p = 1;
        float pf = 1;
        for (int64_t i = 0; i < g.nIn; ++i) {
          p *= a.getF(base[i]);
          pf *= float(a.getF(base[i]));
        }
        o.setF(k, f32 ? pf : p);
      } else if (g.trailing) {
        if (f32)
          o.setF(k, pairwise<float>([&](int64_t i) { return float(a.getF(base[i])); }, 0, g.nIn));
        else
          o.setF(k, pairwise<double>([&](int64_t i) { return a.getF(base[i]); }, 0, g.nIn));
      } else {
        double s = 0;
        float sf = 0;
        for (int64_t i = 0; i < g.nIn; ++i) {
          s += a.getF(base[i]);
          sf += float(a.getF(base[i]));
        }
        o.setF(k, f32 ? sf : s);
      }
    } else if (d == Domain::UInt) {
      uint64_t s = product ? 1 : 0;
      for (int64_t i = 0; i < g.nIn; ++i)
        s = product ? s * a.getU(base[i]) : s + a.getU(base[i]);
      o.setU(k, s);
    } else {
      uint64_t s = product ? 1 : 0;
      for (int64_t i = 0; i < g.nIn; ++i)
        s = product ? s * uint64_t(a.getI(base[i])) : s + uint64_t(a.getI(base[i]));
      o.setI(k, int64_t(s));
    }
  }
  return r;
}

struct RedArgs {
  Value x;
  std::vector<int64_t> axes;
  bool keepdims = false;
  std::optional<NpDType> dtype;
  Value out;
  int64_t ddof = 0;
  Value where;
  Value initial;
};

RedArgs redArgs(Evaluator &ev, CallArgs &a, const std::string &fn) {
  npBind(a, {"a", "axis", "dtype", "out", "keepdims", "initial", "where", "ddof"}, 1, fn);
  RedArgs r;
  r.x = asNp(ev, a.args[0]);
  r.axes = axesArg(ev, has(a, 1) ? &a.args[1] : nullptr, arr(r.x).rank());
  if (has(a, 2) && !a.args[2].isNone()) {
    if (fn == "argmin" || fn == "argmax")
      r.out = a.args[2];
    else
      r.dtype = npDTypeArg(ev, a.args[2]);
  }
  if (has(a, 3) && !a.args[3].isNone())
    r.out = a.args[3];
  if (has(a, 4))
    r.keepdims = ev.truthy(a.args[4]);
  for (auto &[k, v] : a.kwargs) {
    if (k == "ddof")
      r.ddof = ev.toIndex(v, "ddof");
    else if (k == "where")
      r.where = v;
  }
  if (has(a, 7))
    r.ddof = ev.toIndex(a.args[7], "ddof");
  if (has(a, 6))
    r.where = a.args[6];
  if (has(a, 5))
    r.initial = a.args[5];
  return r;
}

Value withOut(Evaluator &ev, const RedArgs &r, Value res, const std::string &fn) {
  if (!r.out.isNone())
    return storeOut(ev, r.out, res, fn);
  return res;
}

Value sumImpl(Evaluator &ev, const RedArgs &r, bool product) {
  NumpyArrayObj &a = arr(r.x);
  NpDType dt = r.dtype ? *r.dtype : sumDType(a.dtype);
  Value src = r.x;
  if (!r.where.isNone()) {
    Value zero = product ? Value::integer(1) : Value::integer(0);
    src = callNp(ev, "where", {r.where, r.x, zero});
  }
  Groups g = groupsFor(arr(src), r.axes);
  return finish(sumGroups(arr(src), g, dt, product), g, r.keepdims);
}

/// mean / var in numpy's order: sum in the accumulation dtype, divide.
Value meanImpl(Evaluator &ev, const Value &x, const std::vector<int64_t> &axes, bool keepdims,
               std::optional<NpDType> dtype) {
  NumpyArrayObj &a = arr(x);
  NpDType acc = dtype ? *dtype : npKind(a.dtype) == NpKind::Float ? a.dtype : NpDType::F64;
  NpDType sumT = acc == NpDType::F16 ? NpDType::F32 : acc;
  Groups g = groupsFor(a, axes);
  Value s = sumGroups(a, g, sumT, false);
  NumpyArrayObj &so = arr(s);
  double n = double(g.nIn);
  Value r = makeNumpy(acc, g.outShape);
  for (int64_t k = 0; k < g.nOut; ++k) {
    double v = so.getF(k);
    if (sumT == NpDType::F32)
      arr(r).setF(k, double(float(v) / float(n)));
    else
      arr(r).setF(k, v / n);
  }
  (void)ev;
  return finish(r, g, keepdims);
}

Value varImpl(Evaluator &ev, const Value &x, const std::vector<int64_t> &axes, bool keepdims,
              int64_t ddof, bool sqrtIt) {
  NumpyArrayObj &a = arr(x);
  NpDType acc = npKind(a.dtype) == NpKind::Float ? a.dtype : NpDType::F64;
  Value mean = meanImpl(ev, x, axes, true, acc == NpDType::F16 ? NpDType::F32 : acc);
  if (!isNumpyArray(mean) || arr(mean).scalar) {
    // keep a 0-d array shape for broadcasting (all axes reduced, keepdims)
    Value m = makeNumpy(arr(mean).dtype, Shape(static_cast<size_t>(a.rank()), 1));
    arr(m).setF(0, arr(mean).getF(arr(mean).offset));
    mean = m;
  }
  Value dev = binaryUfunc(ev, "subtract", npKind(a.dtype) == NpKind::Float ? x : npAstype(x, NpDType::F64), mean);
  Value sq = binaryUfunc(ev, "multiply", dev, dev);
  if (!isNumpyArray(sq) || arr(sq).scalar)
    sq = contiguousCopy(sq);
  Groups g = groupsFor(arr(sq), axes);
  NpDType sumT = arr(sq).dtype == NpDType::F16 ? NpDType::F32 : arr(sq).dtype;
  Value s = sumGroups(arr(sq), g, sumT, false);
  double n = std::max<double>(double(g.nIn - ddof), 0);
  Value r = makeNumpy(acc, g.outShape);
  for (int64_t k = 0; k < g.nOut; ++k) {
    double v = arr(s).getF(k);
    double q = sumT == NpDType::F32 ? double(float(v) / float(n)) : v / n;
    if (sqrtIt)
      q = sumT == NpDType::F32 ? double(std::sqrt(float(q))) : std::sqrt(q);
    arr(r).setF(k, q);
  }
  return finish(r, g, keepdims);
}

Value minMaxImpl(Evaluator &ev, const RedArgs &r, bool isMax, const std::string &fn) {
  NumpyArrayObj &a = arr(r.x);
  Groups g = groupsFor(a, r.axes);
  if (!r.initial.isNone()) {
    // max(..., initial=v): v takes part in every group (the result of an
    // empty group).
    Value init = toNumpy(ev, r.initial, a.dtype);
    if (g.nIn == 0) {
      Value out = makeNumpy(a.dtype, r.keepdims ? g.keepShape : g.outShape);
      for (int64_t k = 0; k < arr(out).size(); ++k)
        arr(out).setFrom(k, arr(init), arr(init).offset);
      return npScalarize(out);
    }
    RedArgs plain = r;
    plain.initial = Value();
    return binaryUfunc(ev, isMax ? "maximum" : "minimum", minMaxImpl(ev, plain, isMax, fn), init);
  }
  if (g.nIn == 0)
    raise("ValueError", "zero-size array to reduction operation " +
                            std::string(isMax ? "maximum" : "minimum") + " which has no identity");
  Value out = makeNumpy(a.dtype, g.outShape);
  NumpyArrayObj &o = arr(out);
  o.strLen = a.strLen;
  Domain d = domainOf(a.dtype);
  for (int64_t k = 0; k < g.nOut; ++k) {
    const int64_t *base = g.offs.data() + k * g.nIn;
    int64_t best = base[0];
    for (int64_t i = 1; i < g.nIn; ++i) {
      int64_t c = base[i];
      bool better;
      if (a.dtype == NpDType::Str)
        better = isMax ? a.store->strs[size_t(c)] > a.store->strs[size_t(best)]
                       : a.store->strs[size_t(c)] < a.store->strs[size_t(best)];
      else if (d == Domain::Float) {
        double x = a.getF(c), y = a.getF(best);
        if (std::isnan(y))
          break;
        better = std::isnan(x) || (isMax ? x > y : x < y);
      } else if (d == Domain::UInt)
        better = isMax ? a.getU(c) > a.getU(best) : a.getU(c) < a.getU(best);
      else
        better = isMax ? a.getI(c) > a.getI(best) : a.getI(c) < a.getI(best);
      if (better)
        best = c;
    }
    o.setFrom(k, a, best);
  }
  (void)fn;
  return finish(out, g, r.keepdims);
}

Value argImpl(Evaluator &ev, CallArgs &a, bool isMax) {
  npBind(a, {"a", "axis", "out", "keepdims"}, 1, isMax ? "argmax" : "argmin");
  Value x = asNp(ev, a.args[0]);
  bool flat = !has(a, 1);
  bool keep = has(a, 3) && ev.truthy(a.args[3]);
  if (flat)
    x = callNp(ev, "ravel", {x});
  NumpyArrayObj &xa = arr(x);
  int64_t ax = flat ? 0 : normAxis(ev.toIndex(a.args[1], "axis"), xa.rank());
  Groups g = groupsFor(xa, {ax});
  if (g.nIn == 0)
    raise("ValueError", std::string("attempt to get ") + (isMax ? "argmax" : "argmin") +
                            " of an empty sequence");
  Value out = makeNumpy(NpDType::I64, g.outShape);
  Domain d = domainOf(xa.dtype);
  for (int64_t k = 0; k < g.nOut; ++k) {
    const int64_t *base = g.offs.data() + k * g.nIn;
    int64_t best = 0;
    for (int64_t i = 1; i < g.nIn; ++i) {
      bool better;
      if (d == Domain::Float) {
        double x1 = xa.getF(base[i]), y = xa.getF(base[best]);
        if (std::isnan(y))
          break;
        better = std::isnan(x1) || (isMax ? x1 > y : x1 < y);
      } else if (d == Domain::UInt)
        better = isMax ? xa.getU(base[i]) > xa.getU(base[best]) : xa.getU(base[i]) < xa.getU(base[best]);
      else
        better = isMax ? xa.getI(base[i]) > xa.getI(base[best]) : xa.getI(base[i]) < xa.getI(base[best]);
      if (better)
        best = i;
    }
    arr(out).setI(k, best);
  }
  if (keep && !flat) {
    NumpyArrayObj &o = arr(out);
    o.shape = g.keepShape;
    o.strides = cStrides(o.shape);
  }
  return npScalarize(out);
}

/// Compares for sorting: NaN last (numpy's order).
bool lessElem(const NumpyArrayObj &a, int64_t x, int64_t y) {
  switch (domainOf(a.dtype)) {
  case Domain::Float: {
    double p = a.getF(x), q = a.getF(y);
    if (std::isnan(q))
      return !std::isnan(p);
    return p < q;
  }
  case Domain::UInt: return a.getU(x) < a.getU(y);
  default:
    if (a.dtype == NpDType::Str)
      return a.store->strs[size_t(x)] < a.store->strs[size_t(y)];
    return a.getI(x) < a.getI(y);
  }
}

Value sortImpl(Evaluator &ev, const Value &x0, const Value &axisV, bool argsort) {
  Value x = asNp(ev, x0);
  if (axisV.isNone()) {
    x = callNp(ev, "ravel", {x});
  }
  NumpyArrayObj &a = arr(x);
  if (a.rank() == 0)
    raise("AxisError", "axis -1 is out of bounds for array of dimension 0");
  int64_t ax = axisV.isNone() ? 0 : normAxis(ev.toIndex(axisV, "axis"), a.rank());
  Groups g = groupsFor(a, {ax});
  Value out = makeNumpy(argsort ? NpDType::I64 : a.dtype, a.shape);
  NumpyArrayObj &o = arr(out);
  o.strLen = a.strLen;
  // Output offsets with the same grouping.
  Groups go = groupsFor(o, {ax});
  std::vector<int64_t> perm(static_cast<size_t>(g.nIn));
  for (int64_t k = 0; k < g.nOut; ++k) {
    const int64_t *base = g.offs.data() + k * g.nIn;
    std::iota(perm.begin(), perm.end(), 0);
    std::stable_sort(perm.begin(), perm.end(),
                     [&](int64_t p, int64_t q) { return lessElem(a, base[p], base[q]); });
    for (int64_t i = 0; i < g.nIn; ++i) {
      int64_t dst = go.offs[size_t(k * g.nIn + i)];
      if (argsort)
        o.setI(dst, perm[size_t(i)]);
      else
        o.setFrom(dst, a, base[perm[size_t(i)]]);
    }
  }
  return out;
}

bool equalElem(const NumpyArrayObj &a, int64_t x, int64_t y) {
  return !lessElem(a, x, y) && !lessElem(a, y, x) &&
         !(domainOf(a.dtype) == Domain::Float && std::isnan(a.getF(x)) != std::isnan(a.getF(y)));
}

Value uniqueImpl(Evaluator &ev, CallArgs &a) {
  npBind(a, {"ar", "return_index", "return_inverse", "return_counts", "axis", "equal_nan"}, 1,
           "unique");
  Value x = callNp(ev, "ravel", {asNp(ev, a.args[0])});
  x = contiguousCopy(x);
  bool retIndex = has(a, 1) && ev.truthy(a.args[1]);
  bool retInverse = has(a, 2) && ev.truthy(a.args[2]);
  bool retCounts = has(a, 3) && ev.truthy(a.args[3]);
  NumpyArrayObj &xa = arr(x);
  int64_t n = xa.size();
  std::vector<int64_t> perm(static_cast<size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t p, int64_t q) { return lessElem(xa, p, q); });
  std::vector<int64_t> firsts, counts, inverse(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    bool same = i > 0 && (equalElem(xa, perm[size_t(i)], perm[size_t(i - 1)]) ||
                          (domainOf(xa.dtype) == Domain::Float && std::isnan(xa.getF(perm[size_t(i)])) &&
                           std::isnan(xa.getF(perm[size_t(i - 1)]))));
    if (!same) {
      firsts.push_back(perm[size_t(i)]);
      counts.push_back(0);
    }
    ++counts.back();
    inverse[size_t(perm[size_t(i)])] = int64_t(firsts.size()) - 1;
  }
  int64_t m = int64_t(firsts.size());
  Value u = makeNumpy(xa.dtype, {m});
  arr(u).strLen = xa.strLen;
  for (int64_t i = 0; i < m; ++i)
    arr(u).setFrom(i, xa, firsts[size_t(i)]);
  if (!retIndex && !retInverse && !retCounts)
    return u;
  std::vector<Value> outs{u};
  auto ints = [](const std::vector<int64_t> &v, Shape s) {
    Value r = makeNumpy(NpDType::I64, s);
    for (size_t i = 0; i < v.size(); ++i)
      arr(r).setI(int64_t(i), v[i]);
    return r;
  };
  if (retIndex)
    outs.push_back(ints(firsts, {m}));
  if (retInverse) {
    Shape s = arr(asNp(ev, a.args[0])).shape;
    outs.push_back(ints(inverse, s.empty() ? Shape{n} : s));
  }
  if (retCounts)
    outs.push_back(ints(counts, {m}));
  return Value::tuple(outs);
}

/// a @ b for numpy arrays (matmul semantics; dot for 1-d/2-d).
Value matmulImpl(Evaluator &ev, const Value &a0, const Value &b0, bool isDot) {
  Value A = asNp(ev, a0), B = asNp(ev, b0);
  NumpyArrayObj &a = arr(A), &b = arr(B);
  if (a.rank() == 0 || b.rank() == 0) {
    if (!isDot)
      raise("ValueError", "matmul: Input operand " + std::string(a.rank() == 0 ? "0" : "1") +
                              " does not have enough dimensions (has 0, gufunc core with "
                              "signature (n?,k),(k,m?)->(n?,m?) requires 1)");
    return binaryUfunc(ev, "multiply", A, B);
  }
  NpDType dt = promote(a.dtype, b.dtype);
  if (dt == NpDType::Bool && false)
    dt = NpDType::Bool;
  bool aVec = a.rank() == 1, bVec = b.rank() == 1;
  Value A2 = aVec ? callNp(ev, "reshape", {A, Value::tuple({Value::integer(1), Value::integer(a.shape[0])})}) : A;
  Value B2 = bVec ? callNp(ev, "reshape", {B, Value::tuple({Value::integer(b.shape[0]), Value::integer(1)})}) : B;
  NumpyArrayObj &x = arr(A2), &y = arr(B2);
  if (isDot && y.rank() > 2) {
    // dot(a, b)[i,j,k,m] = sum(a[i,j,:] * b[k,:,m]): move b's contraction axis last.
    raise("NotImplementedError", "numpy.dot with an operand of rank > 2 is not supported by parax; use np.matmul or np.einsum");
  }
  int64_t n = x.shape[size_t(x.rank() - 2)], k = x.shape[size_t(x.rank() - 1)];
  int64_t k2 = y.shape[size_t(y.rank() - 2)], m = y.shape[size_t(y.rank() - 1)];
  if (k != k2) {
    if (isDot)
      raise("ValueError", "shapes " + shapeStr(a.shape) + " and " + shapeStr(b.shape) +
                              " not aligned: " + std::to_string(a.shape.back()) + " (dim " +
                              std::to_string(a.rank() - 1) + ") != " +
                              std::to_string(b.rank() == 1 ? b.shape[0] : b.shape[size_t(b.rank() - 2)]) +
                              " (dim " + std::to_string(b.rank() == 1 ? 0 : b.rank() - 2) + ")");
    raise("ValueError", "matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                        "gufunc signature (n?,k),(k,m?)->(n?,m?) (size " + std::to_string(k2) +
                            " is different from " + std::to_string(k) + ")");
  }
  Shape xb(x.shape.begin(), x.shape.end() - 2), yb(y.shape.begin(), y.shape.end() - 2);
  Shape batch = broadcastShapes({xb, yb});
  Shape outShape = batch;
  outShape.push_back(n);
  outShape.push_back(m);
  Value r = makeNumpy(dt, outShape);
  NumpyArrayObj &o = arr(r);
  // Batch offsets.
  NumpyArrayObj xv(npArrayClass()), yv(npArrayClass());
  xv.shape = xb;
  xv.strides.assign(x.strides.begin(), x.strides.end() - 2);
  xv.offset = x.offset;
  yv.shape = yb;
  yv.strides.assign(y.strides.begin(), y.strides.end() - 2);
  yv.offset = y.offset;
  int64_t xs0 = x.strides[size_t(x.rank() - 2)], xs1 = x.strides[size_t(x.rank() - 1)];
  int64_t ys0 = y.strides[size_t(y.rank() - 2)], ys1 = y.strides[size_t(y.rank() - 1)];
  Domain d = domainOf(dt);
  int64_t pos = 0;
  bool f32 = dt == NpDType::F32 || dt == NpDType::F16;
  forEachBroadcast(batch, {&xv, &yv}, [&](int64_t, const int64_t *bo) {
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < m; ++j) {
        if (d == Domain::Float) {
          double s = 0;
          float sf = 0;
          for (int64_t t = 0; t < k; ++t) {
            double p = x.getF(bo[0] + i * xs0 + t * xs1), q = y.getF(bo[1] + t * ys0 + j * ys1);
            s += p * q;
            sf += float(p) * float(q);
          }
          o.setF(pos++, f32 ? sf : s);
        } else if (d == Domain::Bool) {
          bool s = false;
          for (int64_t t = 0; t < k; ++t)
            s = s || (x.getB(bo[0] + i * xs0 + t * xs1) && y.getB(bo[1] + t * ys0 + j * ys1));
          o.setI(pos++, s);
        } else {
          uint64_t s = 0;
          for (int64_t t = 0; t < k; ++t)
            s += uint64_t(x.getI(bo[0] + i * xs0 + t * xs1)) * uint64_t(y.getI(bo[1] + t * ys0 + j * ys1));
          o.setI(pos++, int64_t(s));
        }
      }
  });
  Shape finalShape = batch;
  if (!aVec)
    finalShape.push_back(n);
  if (!bVec)
    finalShape.push_back(m);
  o.shape = finalShape;
  o.strides = cStrides(finalShape);
  return npScalarize(r);
}

Value einsumImpl(Evaluator &ev, CallArgs &a) {
  if (a.args.empty() || !a.args[0].isStr())
    raise("TypeError", "einsum: the first argument must be a subscripts string");
  std::string spec;
  for (char c : a.args[0].asStr())
    if (c != ' ')
      spec += c;
  std::vector<Value> ops;
  for (size_t i = 1; i < a.args.size(); ++i)
    ops.push_back(asNp(ev, a.args[i]));
  std::string lhs = spec, rhs;
  bool explicitOut = false;
  size_t arrow = spec.find("->");
  if (arrow != std::string::npos) {
    lhs = spec.substr(0, arrow);
    rhs = spec.substr(arrow + 2);
    explicitOut = true;
  }
  std::vector<std::string> ins;
  size_t st = 0;
  for (size_t i = 0; i <= lhs.size(); ++i)
    if (i == lhs.size() || lhs[i] == ',') {
      ins.push_back(lhs.substr(st, i - st));
      st = i + 1;
    }
  if (ins.size() != ops.size())
    raise("ValueError", "more operands provided to einstein sum function than specified in the "
                        "subscripts string");
  std::map<char, int64_t> dims;
  std::map<char, int> count;
  for (size_t k = 0; k < ins.size(); ++k) {
    NumpyArrayObj &o = arr(ops[k]);
    if (ins[k].find('.') != std::string::npos)
      raise("NotImplementedError", "einsum with '...' is not supported by parax yet");
    if (int64_t(ins[k].size()) != o.rank())
      raise("ValueError", "operand has more dimensions than subscripts given in einstein sum, "
                          "but no '...' ellipsis provided to broadcast the extra dimensions.");
    for (size_t i = 0; i < ins[k].size(); ++i) {
      char c = ins[k][i];
      int64_t n = o.shape[i];
      auto it = dims.find(c);
      if (it != dims.end() && it->second != n && n != 1 && it->second != 1)
        raise("ValueError", std::string("operands could not be broadcast together with "
                                        "remapped shapes [original->remapped]: size of label '") +
                                c + "' differs");
      if (it == dims.end() || it->second == 1)
        dims[c] = n;
      ++count[c];
    }
  }
  if (!explicitOut)
    for (auto &[c, n] : count)
      if (n == 1)
        rhs += c;
  std::string sumLetters;
  for (auto &[c, n] : dims)
    if (rhs.find(c) == std::string::npos)
      sumLetters += c;
  std::vector<Value> typed(ops.begin(), ops.end());
  NpDType dt = resultType(typed);
  Shape outShape;
  for (char c : rhs) {
    if (!dims.count(c))
      raise("ValueError", std::string("einstein sum subscripts string included output subscript '") +
                              c + "' which never appeared in an input");
    outShape.push_back(dims[c]);
  }
  std::string all = rhs + sumLetters;
  std::vector<int64_t> extent;
  for (char c : all)
    extent.push_back(dims[c]);
  // Per operand, stride contribution of each letter in `all`.
  std::vector<std::vector<int64_t>> strideOf(ops.size(), std::vector<int64_t>(all.size(), 0));
  for (size_t k = 0; k < ops.size(); ++k) {
    NumpyArrayObj &o = arr(ops[k]);
    for (size_t i = 0; i < ins[k].size(); ++i) {
      size_t p = all.find(ins[k][i]);
      if (o.shape[i] != 1)
        strideOf[k][p] += o.strides[i];
    }
  }
  Value r = makeNumpy(dt, outShape);
  NumpyArrayObj &ro = arr(r);
  int64_t nOut = numElements(outShape), nSum = 1;
  for (size_t i = rhs.size(); i < all.size(); ++i)
    nSum *= extent[i];
  std::vector<int64_t> idx(all.size(), 0);
  Domain d = domainOf(dt);
  for (int64_t oi = 0; oi < nOut; ++oi) {
    double s = 0;
    uint64_t si = 0;
    bool sb = false;
    for (int64_t si2 = 0; si2 < nSum; ++si2) {
      double p = 1;
      uint64_t pi = 1;
      bool pb = true;
      for (size_t k = 0; k < ops.size(); ++k) {
        NumpyArrayObj &o = arr(ops[k]);
        int64_t off = o.offset;
        for (size_t i = 0; i < all.size(); ++i)
          off += idx[i] * strideOf[k][i];
        if (d == Domain::Float)
          p *= o.getF(off);
        else if (d == Domain::Bool)
          pb = pb && o.getB(off);
        else
          pi *= uint64_t(o.getI(off));
      }
      s += p;
      si += pi;
      sb = sb || pb;
      for (size_t i = all.size(); i-- > rhs.size();) {
        if (++idx[i] < extent[i])
          break;
        idx[i] = 0;
      }
    }
    if (d == Domain::Float)
      ro.setF(oi, s);
    else if (d == Domain::Bool)
      ro.setI(oi, sb);
    else
      ro.setI(oi, int64_t(si));
    for (size_t i = rhs.size(); i-- > 0;) {
      if (++idx[i] < extent[i])
        break;
      idx[i] = 0;
    }
  }
  return npScalarize(r);
}

/// LU decomposition with partial pivoting (LAPACK getrf's algorithm) of
/// an n x n matrix in `m` (row-major); returns the sign of the permutation
/// or 0 when singular.
int luDecompose(std::vector<double> &m, int64_t n, std::vector<int64_t> &piv) {
  int sign = 1;
  piv.resize(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) {
    int64_t p = k;
    double best = std::fabs(m[size_t(k * n + k)]);
    for (int64_t i = k + 1; i < n; ++i)
      if (std::fabs(m[size_t(i * n + k)]) > best) {
        best = std::fabs(m[size_t(i * n + k)]);
        p = i;
      }
    piv[size_t(k)] = p;
    if (m[size_t(p * n + k)] == 0)
      return 0;
    if (p != k) {
      for (int64_t j = 0; j < n; ++j)
        std::swap(m[size_t(k * n + j)], m[size_t(p * n + j)]);
      sign = -sign;
    }
    for (int64_t i = k + 1; i < n; ++i) {
      double f = m[size_t(i * n + k)] / m[size_t(k * n + k)];
      m[size_t(i * n + k)] = f;
      for (int64_t j = k + 1; j < n; ++j)
        m[size_t(i * n + j)] -= f * m[size_t(k * n + j)];
    }
  }
  return sign;
}



Value invImpl(Evaluator &ev, const Value &x0) {
  Value x = asNp(ev, x0);
  NumpyArrayObj &a = arr(x);
  requireSquare(a);
  int64_t n = a.shape.back();
  Value r = makeNumpy(linalgType(a.dtype), a.shape);
  forEachMatrix(a, [&](int64_t base, int64_t bi) {
    std::vector<double> m = matrixOf(a, base, n, n);
    std::vector<int64_t> piv;
    if (luDecompose(m, n, piv) == 0)
      raise("LinAlgError", "Singular matrix");
    for (int64_t col = 0; col < n; ++col) {
      std::vector<double> e(size_t(n), 0.0);
      e[size_t(col)] = 1;
      for (int64_t k = 0; k < n; ++k)
        std::swap(e[size_t(k)], e[size_t(piv[size_t(k)])]);
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < i; ++j)
          e[size_t(i)] -= m[size_t(i * n + j)] * e[size_t(j)];
      for (int64_t i = n; i-- > 0;) {
        for (int64_t j = i + 1; j < n; ++j)
          e[size_t(i)] -= m[size_t(i * n + j)] * e[size_t(j)];
        e[size_t(i)] /= m[size_t(i * n + i)];
      }
      for (int64_t i = 0; i < n; ++i)
        arr(r).setF(bi * n * n + i * n + col, e[size_t(i)]);
    }
  });
  return r;
}

Value solveImpl(Evaluator &ev, const Value &a0, const Value &b0) {
  Value A = asNp(ev, a0), B = asNp(ev, b0);
  NumpyArrayObj &a = arr(A), &b = arr(B);
  requireSquare(a);
  if (a.rank() != 2)
    return callNp(ev, "matmul", {invImpl(ev, A), B});
  int64_t n = a.shape[0];
  bool vec = b.rank() == 1;
  if (b.shape[0] != n)
    raise("ValueError", "solve: Input operand 1 has a mismatch in its core dimension 0, with "
                        "gufunc signature (m,m),(m,n)->(m,n) (size " + std::to_string(b.shape[0]) +
                            " is different from " + std::to_string(n) + ")");
  int64_t m = vec ? 1 : b.shape[1];
  std::vector<double> lu = matrixOf(a, a.offset, n, n);
  std::vector<int64_t> piv;
  if (luDecompose(lu, n, piv) == 0)
    raise("LinAlgError", "Singular matrix");
  Value r = makeNumpy(linalgType(promote(a.dtype, b.dtype)), b.shape);
  for (int64_t col = 0; col < m; ++col) {
    std::vector<double> e(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      e[size_t(i)] = vec ? b.getF(b.offset + i * b.strides[0])
                         : b.getF(b.offset + i * b.strides[0] + col * b.strides[1]);
    for (int64_t k = 0; k < n; ++k)
      std::swap(e[size_t(k)], e[size_t(piv[size_t(k)])]);
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < i; ++j)
        e[size_t(i)] -= lu[size_t(i * n + j)] * e[size_t(j)];
    for (int64_t i = n; i-- > 0;) {
      for (int64_t j = i + 1; j < n; ++j)
        e[size_t(i)] -= lu[size_t(i * n + j)] * e[size_t(j)];
      e[size_t(i)] /= lu[size_t(i * n + i)];
    }
    for (int64_t i = 0; i < n; ++i)
      arr(r).setF(vec ? i : i * m + col, e[size_t(i)]);
  }
  return r;
}

Value detImpl(Evaluator &ev, const Value &x0) {
  Value x = asNp(ev, x0);
  NumpyArrayObj &a = arr(x);
  requireSquare(a);
  int64_t n = a.shape.back();
  Shape bs(a.shape.begin(), a.shape.end() - 2);
  Value r = makeNumpy(linalgType(a.dtype), bs);
  forEachMatrix(a, [&](int64_t base, int64_t bi) {
    std::vector<double> m = matrixOf(a, base, n, n);
    std::vector<int64_t> piv;
    // numpy computes det from slogdet: sign * exp(sum(log|u_ii|)).
    int sign = luDecompose(m, n, piv);
    double logdet = 0;
    for (int64_t i = 0; sign != 0 && i < n; ++i) {
      double u = m[size_t(i * n + i)];
      if (u < 0)
        sign = -sign;
      logdet += std::log(std::fabs(u));
    }
    arr(r).setF(bi, sign == 0 ? 0.0 : sign * std::exp(logdet));
  });
  return npScalarize(r);
}

Value normImpl(Evaluator &ev, CallArgs &a) {
  npBind(a, {"x", "ord", "axis", "keepdims"}, 1, "norm");
  Value x = asNp(ev, a.args[0]);
  if (npKind(arr(x).dtype) != NpKind::Float)
    x = npAstype(x, NpDType::F64);
  Value ord = has(a, 1) ? a.args[1] : Value();
  Value axis = has(a, 2) ? a.args[2] : Value();
  bool keep = has(a, 3) && ev.truthy(a.args[3]);
  NumpyArrayObj &xa = arr(x);
  std::vector<Value> kw;
  auto kwargs = [&](Value ax) {
    return std::vector<std::pair<std::string, Value>>{{"axis", ax}, {"keepdims", Value::boolean(keep)}};
  };
  bool matrix = (axis.isNone() && xa.rank() == 2 && !ord.isNone()) ||
                (axis.isTuple() && axis.elements().size() == 2);
  if (ord.isNone() || (ord.isStr() && ord.asStr() == "fro") ||
      (!matrix && ord.isNumber() && ord.asFloat() == 2)) {
    if (ord.isNone() && axis.isNone()) {
      Value flat = callNp(ev, "ravel", {x});
      Value sq = callNp(ev, "dot", {flat, flat});
      Value r = unaryUfunc(ev, "sqrt", sq);
      if (keep)
        r = callNp(ev, "reshape", {r, Value::tuple(std::vector<Value>(size_t(xa.rank()), Value::integer(1)))});
      return r;
    }
    Value sq = binaryUfunc(ev, "multiply", x, x);
    return unaryUfunc(ev, "sqrt", callNp(ev, "sum", {sq}, kwargs(axis)));
  }
  Value absx = unaryUfunc(ev, "absolute", x);
  if (!matrix) {
    double p = ord.isNumber() ? ord.asFloat() : NAN;
    if (std::isinf(p))
      return callNp(ev, p > 0 ? "max" : "min", {absx}, kwargs(axis));
    if (p == 0)
      return callNp(ev, "sum", {binaryUfunc(ev, "not_equal", x, Value::integer(0))}, kwargs(axis));
    if (p == 1)
      return callNp(ev, "sum", {absx}, kwargs(axis));
    Value s = callNp(ev, "sum", {binaryUfunc(ev, "power", absx, ord)}, kwargs(axis));
    return binaryUfunc(ev, "power", s, Value::floating(1.0 / p));
  }
  double p = ord.isNumber() ? ord.asFloat() : NAN;
  if (p == 1 || p == -1) {
    Value cs = callNp(ev, "sum", {absx}, {{"axis", Value::integer(-2)}});
    return callNp(ev, p > 0 ? "max" : "min", {cs}, {{"axis", Value::integer(-1)}});
  }
  if (std::isinf(p)) {
    Value rs = callNp(ev, "sum", {absx}, {{"axis", Value::integer(-1)}});
    return callNp(ev, p > 0 ? "max" : "min", {rs}, {{"axis", Value::integer(-1)}});
  }
  raise("NotImplementedError", "numpy.linalg.norm: this ord is not supported by parax yet");
}

double quantileOf(std::vector<double> &v, double q) {
  // numpy's 'linear' method: virtual index q*(n-1), _lerp with the
  // b - (b - a) * (1 - t) form above t >= 0.5.
  int64_t n = int64_t(v.size());
  double idx = q * double(n - 1);
  int64_t lo = int64_t(std::floor(idx));
  lo = std::clamp<int64_t>(lo, 0, n - 1);
  int64_t hi = std::min<int64_t>(lo + 1, n - 1);
  double t = idx - double(lo);
  double a = v[size_t(lo)], b = v[size_t(hi)];
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  double diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

Value quantileImpl(Evaluator &ev, CallArgs &a, const std::string &fn) {
  bool median = fn == "median";
  if (median)
    npBind(a, {"a", "axis", "out", "overwrite_input", "keepdims"}, 1, fn);
  else
    npBind(a, {"a", "q", "axis", "out", "overwrite_input", "method", "keepdims"}, 2, fn);
  Value x = asNp(ev, a.args[0]);
  NumpyArrayObj &xa = arr(x);
  size_t axPos = median ? 1 : 2, keepPos = median ? 4 : 6;
  std::vector<int64_t> axes = axesArg(ev, present(a, axPos) ? &a.args[axPos] : nullptr, xa.rank());
  bool keep = has(a, keepPos) && ev.truthy(a.args[keepPos]);
  for (auto &[k, v] : a.kwargs)
    if (k == "keepdims")
      keep = ev.truthy(v);
  Value qv = median ? Value::floating(0.5) : asNp(ev, a.args[1]);
  Value qs = asNp(ev, qv);
  NumpyArrayObj &qa = arr(qs);
  double scale = fn == "percentile" ? 100.0 : 1.0;
  Groups g = groupsFor(xa, axes);
  NpDType dt = npKind(xa.dtype) == NpKind::Float ? xa.dtype : NpDType::F64;
  std::vector<int64_t> qOffs = qa.offsets();
  for (int64_t qo : qOffs) {
    double q = qa.getF(qo) / scale;
    if (!(q >= 0 && q <= 1))
      raise("ValueError", fn == "percentile" ? "Percentiles must be in the range [0, 100]"
                                             : "Quantiles must be in the range [0, 1]");
  }
  Shape outShape = qa.shape;
  Shape gShape = keep ? g.keepShape : g.outShape;
  outShape.insert(outShape.end(), gShape.begin(), gShape.end());
  Value r = makeNumpy(dt, outShape);
  int64_t pos = 0;
  std::vector<double> v(static_cast<size_t>(g.nIn));
  for (int64_t qo : qOffs) {
    double q = qa.getF(qo) / scale;
    for (int64_t k = 0; k < g.nOut; ++k) {
      for (int64_t i = 0; i < g.nIn; ++i)
        v[size_t(i)] = xa.getF(g.offs[size_t(k * g.nIn + i)]);
      bool nan = std::any_of(v.begin(), v.end(), [](double d) { return std::isnan(d); });
      std::sort(v.begin(), v.end());
      double res;
      if (nan)
        res = NAN;
      else if (median && g.nIn % 2 == 0 && g.nIn > 0) {
        double lo = v[size_t(g.nIn / 2 - 1)], hi = v[size_t(g.nIn / 2)];
        res = dt == NpDType::F32 ? double((float(lo) + float(hi)) / 2.0f) : (lo + hi) / 2.0;
      } else if (median && g.nIn > 0)
        res = v[size_t(g.nIn / 2)];
      else
        res = g.nIn ? quantileOf(v, q) : NAN;
      arr(r).setF(pos++, res);
    }
  }
  return npScalarize(r);
}

Value cumImpl(Evaluator &ev, CallArgs &a, bool product) {
  npBind(a, {"a", "axis", "dtype", "out"}, 1, product ? "cumprod" : "cumsum");
  Value x = asNp(ev, a.args[0]);
  bool flat = !has(a, 1);
  if (flat)
    x = callNp(ev, "ravel", {x});
  NumpyArrayObj &xa = arr(x);
  int64_t ax = flat ? 0 : normAxis(ev.toIndex(a.args[1], "axis"), xa.rank());
  NpDType dt = has(a, 2) && !a.args[2].isNone() ? *npDTypeArg(ev, a.args[2]) : sumDType(xa.dtype);
  Value r = makeNumpy(dt, xa.shape);
  Groups g = groupsFor(xa, {ax});
  Groups go = groupsFor(arr(r), {ax});
  Domain d = domainOf(dt);
  for (int64_t k = 0; k < g.nOut; ++k) {
    double s = product ? 1 : 0;
    float sf = product ? 1 : 0;
    uint64_t si = product ? 1 : 0;
    for (int64_t i = 0; i < g.nIn; ++i) {
      int64_t src = g.offs[size_t(k * g.nIn + i)], dst = go.offs[size_t(k * g.nIn + i)];
      if (d == Domain::Float) {
        double v = xa.getF(src);
        s = product ? s * v : s + v;
        sf = product ? sf * float(v) : sf + float(v);
        arr(r).setF(dst, dt == NpDType::F64 ? s : sf);
      } else {
        uint64_t v = npKind(xa.dtype) == NpKind::UInt ? xa.getU(src) : uint64_t(xa.getI(src));
        si = product ? si * v : si + v;
        arr(r).setU(dst, si);
      }
    }
  }
  return r;
}

Value whereImpl(Evaluator &ev, CallArgs &a) {
  if (a.args.size() == 1)
    return callNp(ev, "nonzero", {a.args[0]});
  expectPositional(a, 3, 3, "where");
  Value c = asNp(ev, a.args[0]);
  Value x = a.args[1].isNumber() ? a.args[1] : asNp(ev, a.args[1]);
  Value y = a.args[2].isNumber() ? a.args[2] : asNp(ev, a.args[2]);
  NpDType dt = resultType({x, y});
  Value X = toNumpy(ev, x, dt), Y = toNumpy(ev, y, dt);
  NumpyArrayObj &ca = arr(c), &xa = arr(X), &ya = arr(Y);
  Shape s = broadcastShapes({ca.shape, xa.shape, ya.shape});
  Value r = makeNumpy(dt, s);
  arr(r).strLen = std::max(xa.strLen, ya.strLen);
  forEachBroadcast(s, {&ca, &xa, &ya}, [&](int64_t i, const int64_t *o) {
    if (ca.getB(o[0]))
      arr(r).setFrom(i, xa, o[1]);
    else
      arr(r).setFrom(i, ya, o[2]);
  });
  return npScalarize(r);
}

Value roundImpl(Evaluator &ev, CallArgs &a) {
  npBind(a, {"a", "decimals", "out"}, 1, "round");
  Value x = asNp(ev, a.args[0]);
  int64_t dec = has(a, 1) ? ev.toIndex(a.args[1], "decimals") : 0;
  NumpyArrayObj &xa = arr(x);
  bool scalar = xa.scalar;
  if (npKind(xa.dtype) != NpKind::Float) {
    if (dec >= 0)
      return scalar ? x : contiguousCopy(x);
    double p = std::pow(10.0, double(-dec));
    Value r = makeNumpy(xa.dtype, xa.shape);
    std::vector<int64_t> offs = xa.offsets();
    for (size_t i = 0; i < offs.size(); ++i)
      arr(r).setI(int64_t(i), int64_t(std::nearbyint(double(xa.getI(offs[i])) / p) * p));
    return npScalarize(r);
  }
  Value r = makeNumpy(xa.dtype, xa.shape);
  std::vector<int64_t> offs = xa.offsets();
  bool f32 = xa.dtype != NpDType::F64;
  for (size_t i = 0; i < offs.size(); ++i) {
    double v = xa.getF(offs[i]), y;
    if (dec == 0)
      y = std::nearbyint(v);
    else if (dec > 0) {
      if (f32) {
        float p = std::pow(10.0f, float(dec));
        y = double(std::nearbyint(float(v) * p) / p);
      } else {
        double p = std::pow(10.0, double(dec));
        y = std::nearbyint(v * p) / p;
      }
    } else {
      double p = std::pow(10.0, double(-dec));
      y = std::nearbyint(v / p) * p;
    }
    arr(r).setF(int64_t(i), y);
  }
  if (has(a, 2) && !a.args[2].isNone())
    return storeOut(ev, a.args[2], r, "round");
  return npScalarize(r);
}

Value iscloseImpl(Evaluator &ev, CallArgs &a, bool all) {
  npBind(a, {"a", "b", "rtol", "atol", "equal_nan"}, 2, all ? "allclose" : "isclose");
  Value x = asNp(ev, a.args[0]), y = asNp(ev, a.args[1]);
  double rtol = has(a, 2) ? arr(asNp(ev, a.args[2])).getF(arr(asNp(ev, a.args[2])).offset) : 1e-5;
  double atol = has(a, 3) ? arr(asNp(ev, a.args[3])).getF(arr(asNp(ev, a.args[3])).offset) : 1e-8;
  bool eqNan = has(a, 4) && ev.truthy(a.args[4]);
  NumpyArrayObj &xa = arr(x), &ya = arr(y);
  Shape s = broadcastShapes({xa.shape, ya.shape});
  Value r = makeNumpy(NpDType::Bool, s);
  bool allTrue = true;
  forEachBroadcast(s, {&xa, &ya}, [&](int64_t i, const int64_t *o) {
    double p = xa.getF(o[0]), q = ya.getF(o[1]);
    bool c;
    if (std::isnan(p) || std::isnan(q))
      c = eqNan && std::isnan(p) && std::isnan(q);
    else if (std::isinf(p) || std::isinf(q))
      c = p == q;
    else
      c = std::fabs(p - q) <= atol + rtol * std::fabs(q);
    arr(r).setI(i, c);
    allTrue &= c;
  });
  if (all)
    return Value::boolean(allTrue);
  return npScalarize(r);
}

Value nonzeroImpl(Evaluator &ev, const Value &x0) {
  Value x = asNp(ev, x0);
  NumpyArrayObj &xa = arr(x);
  if (xa.rank() == 0)
    raise("ValueError", "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
  std::vector<int64_t> offs = xa.offsets();
  std::vector<int64_t> st = cStrides(xa.shape);
  std::vector<std::vector<int64_t>> coords(static_cast<size_t>(xa.rank()));
  for (size_t k = 0; k < offs.size(); ++k) {
    if (!xa.getB(offs[k]))
      continue;
    int64_t flat = int64_t(k);
    for (int64_t d = 0; d < xa.rank(); ++d) {
      coords[size_t(d)].push_back(flat / st[size_t(d)]);
      flat %= st[size_t(d)];
    }
  }
  std::vector<Value> out;
  for (auto &c : coords) {
    Value r = makeNumpy(NpDType::I64, {int64_t(c.size())});
    for (size_t i = 0; i < c.size(); ++i)
      arr(r).setI(int64_t(i), c[i]);
    out.push_back(r);
  }
  return Value::tuple(out);
}

} // namespace

// The matrix helpers numpy.linalg shares (NumpyInternal.h).
namespace npy {
std::vector<double> matrixOf(const NumpyArrayObj &a, int64_t base, int64_t n, int64_t m) {
  std::vector<double> v(static_cast<size_t>(n * m));
  int64_t s0 = a.strides[size_t(a.rank() - 2)], s1 = a.strides[size_t(a.rank() - 1)];
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j)
      v[size_t(i * m + j)] = a.getF(base + i * s0 + j * s1);
  return v;
}

void requireSquare(const NumpyArrayObj &a) {
  if (a.rank() < 2)
    raise("LinAlgError", std::to_string(a.rank()) +
                             "-dimensional array given. Array must be at least two-dimensional");
  if (a.shape[size_t(a.rank() - 1)] != a.shape[size_t(a.rank() - 2)])
    raise("LinAlgError", "Last 2 dimensions of the array must be square");
}

/// Calls fn(batchOffset, outIndex) for each matrix of a stack.
void forEachMatrix(const NumpyArrayObj &a, const std::function<void(int64_t, int64_t)> &fn) {
  NumpyArrayObj v(npArrayClass());
  v.shape.assign(a.shape.begin(), a.shape.end() - 2);
  v.strides.assign(a.strides.begin(), a.strides.end() - 2);
  v.offset = a.offset;
  forEachBroadcast(v.shape, {&v}, [&](int64_t i, const int64_t *o) { fn(o[0], i); });
}

NpDType linalgType(NpDType t) { return t == NpDType::F32 ? NpDType::F32 : NpDType::F64; }

} // namespace npy

void registerNumpyMathFunctions(Evaluator &, ModuleObject &np, ModuleObject &linalg) {
  auto red = [](const char *name, int kind) {
    std::string n = name;
    return [n, kind](Evaluator &ev, CallArgs &a) -> Value {
      RedArgs r = redArgs(ev, a, n);
      Value res;
      switch (kind) {
      case 0: case 1:
        res = sumImpl(ev, r, kind == 1);
        if (!r.initial.isNone())
          res = binaryUfunc(ev, kind == 1 ? "multiply" : "add", res, r.initial);
        break;
      case 2: res = meanImpl(ev, r.x, r.axes, r.keepdims, r.dtype); break;
      case 3: res = varImpl(ev, r.x, r.axes, r.keepdims, r.ddof, false); break;
      case 4: res = varImpl(ev, r.x, r.axes, r.keepdims, r.ddof, true); break;
      case 5: res = minMaxImpl(ev, r, false, n); break;
      case 6: res = minMaxImpl(ev, r, true, n); break;
      case 7: case 8: {
        // all / any
        NumpyArrayObj &x = arr(r.x);
        Groups g = groupsFor(x, r.axes);
        Value o = makeNumpy(NpDType::Bool, g.outShape);
        for (int64_t k = 0; k < g.nOut; ++k) {
          bool acc = kind == 7;
          for (int64_t i = 0; i < g.nIn; ++i) {
            bool b = x.getB(g.offs[size_t(k * g.nIn + i)]);
            acc = kind == 7 ? acc && b : acc || b;
          }
          arr(o).setI(k, acc);
        }
        res = finish(o, g, r.keepdims);
        break;
      }
      case 9: {
        Value mx = minMaxImpl(ev, r, true, n), mn = minMaxImpl(ev, r, false, n);
        res = binaryUfunc(ev, "subtract", mx, mn);
        break;
      }
      }
      return withOut(ev, r, res, n);
    };
  };
  np.def("sum", red("sum", 0));
  np.def("prod", red("prod", 1));
  np.def("mean", red("mean", 2));
  np.def("var", red("var", 3));
  np.def("std", red("std", 4));
  np.def("min", red("min", 5));
  np.def("amin", red("amin", 5));
  np.def("max", red("max", 6));
  np.def("amax", red("amax", 6));
  np.def("all", red("all", 7));
  np.def("any", red("any", 8));
  np.def("ptp", red("ptp", 9));
  auto nanRed = [](const char *base, double fillv) {
    std::string b = base;
    return [b, fillv](Evaluator &ev, CallArgs &a) {
      if (a.args.empty())
        raise("TypeError", "nan" + b + "() missing required argument 'a'");
      Value x = asNp(ev, a.args[0]);
      Value mask = unaryUfunc(ev, "isnan", x);
      if (b == "mean") {
        Value cnt = callNp(ev, "sum", {unaryUfunc(ev, "logical_not", mask)},
                           has(a, 1) ? std::vector<std::pair<std::string, Value>>{{"axis", a.args[1]}} : a.kwargs);
        Value filled = callNp(ev, "where", {mask, Value::floating(0), x});
        std::vector<Value> args{filled};
        args.insert(args.end(), a.args.begin() + 1, a.args.end());
        Value s = callNp(ev, "sum", args, a.kwargs);
        return binaryUfunc(ev, "true_divide", s, cnt);
      }
      Value fv = Value::floating(fillv);
      Value filled = callNp(ev, "where", {mask, fv, x});
      std::vector<Value> args{filled};
      args.insert(args.end(), a.args.begin() + 1, a.args.end());
      return callNp(ev, b, args, a.kwargs);
    };
  };
  np.def("nansum", nanRed("sum", 0));
  np.def("nanprod", nanRed("prod", 1));
  np.def("nanmax", nanRed("max", -INFINITY));
  np.def("nanmin", nanRed("min", INFINITY));
  np.def("nanmean", nanRed("mean", 0));
  np.def("argmin", [](Evaluator &ev, CallArgs &a) { return argImpl(ev, a, false); });
  np.def("argmax", [](Evaluator &ev, CallArgs &a) { return argImpl(ev, a, true); });
  np.def("cumsum", [](Evaluator &ev, CallArgs &a) { return cumImpl(ev, a, false); });
  np.def("cumprod", [](Evaluator &ev, CallArgs &a) { return cumImpl(ev, a, true); });
  np.def("sort", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "axis", "kind", "order", "stable"}, 1, "sort");
    return sortImpl(ev, a.args[0], present(a, 1) ? a.args[1] : Value::integer(-1), false);
  });
  np.def("argsort", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "axis", "kind", "order", "stable"}, 1, "argsort");
    return sortImpl(ev, a.args[0], present(a, 1) ? a.args[1] : Value::integer(-1), true);
  });
  np.def("unique", uniqueImpl);
  np.def("where", whereImpl);
  np.def("nonzero", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "nonzero");
    return nonzeroImpl(ev, a.args[0]);
  });
  np.def("flatnonzero", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "flatnonzero");
    return nonzeroImpl(ev, callNp(ev, "ravel", {a.args[0]})).elements()[0];
  });
  np.def("argwhere", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "argwhere");
    Value nz = nonzeroImpl(ev, a.args[0]);
    if (nz.elements().empty())
      return makeNumpy(NpDType::I64, {0, 0});
    return callNp(ev, "transpose", {callNp(ev, "stack", {nz})});
  });
  np.def("count_nonzero", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "axis", "keepdims"}, 1, "count_nonzero");
    Value b = binaryUfunc(ev, "not_equal", asNp(ev, a.args[0]), Value::integer(0));
    std::vector<Value> args{b};
    if (has(a, 1))
      args.push_back(a.args[1]);
    return callNp(ev, "sum", args);
  });
  np.def("clip", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "a_min", "a_max", "out", "min", "max"}, 1, "clip");
    Value lo = has(a, 1) ? a.args[1] : has(a, 4) ? a.args[4] : Value();
    Value hi = has(a, 2) ? a.args[2] : has(a, 5) ? a.args[5] : Value();
    Value x = asNp(ev, a.args[0]);
    if (!lo.isNone())
      x = binaryUfunc(ev, "maximum", x, lo);
    if (!hi.isNone())
      x = binaryUfunc(ev, "minimum", x, hi);
    if (has(a, 3) && !a.args[3].isNone())
      return storeOut(ev, a.args[3], x, "clip");
    return x;
  });
  np.def("round", roundImpl);
  np.def("around", roundImpl);
  np.def("dot", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 3, "dot");
    return matmulImpl(ev, a.args[0], a.args[1], true);
  });
  np.def("matmul", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "matmul");
    return matmulImpl(ev, a.args[0], a.args[1], false);
  });
  np.def("vdot", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "vdot");
    return matmulImpl(ev, callNp(ev, "ravel", {a.args[0]}), callNp(ev, "ravel", {a.args[1]}), true);
  });
  np.def("inner", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "inner");
    Value y = asNp(ev, a.args[1]);
    if (arr(y).rank() >= 2)
      y = callNp(ev, "swapaxes", {y, Value::integer(-1), Value::integer(-2)});
    return matmulImpl(ev, a.args[0], y, true);
  });
  np.def("outer", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "outer");
    Value x = callNp(ev, "ravel", {a.args[0]}), y = callNp(ev, "ravel", {a.args[1]});
    Value xc = callNp(ev, "reshape", {x, Value::tuple({Value::integer(-1), Value::integer(1)})});
    return binaryUfunc(ev, "multiply", xc, y);
  });
  // kron(a, b): ranks equalised with leading 1s, then a's dims interleaved
  // with b's ((a0, 1, a1, 1) * (1, b0, 1, b1)) and each pair merged.
  np.def("kron", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "kron");
    Value x = asNp(ev, a.args[0]), y = asNp(ev, a.args[1]);
    Shape xs = arr(x).shape, ys = arr(y).shape;
    size_t r = std::max(xs.size(), ys.size());
    xs.insert(xs.begin(), r - xs.size(), 1);
    ys.insert(ys.begin(), r - ys.size(), 1);
    std::vector<Value> xi, yi, out;
    for (size_t d = 0; d < r; ++d) {
      xi.push_back(Value::integer(xs[d]));
      xi.push_back(Value::integer(1));
      yi.push_back(Value::integer(1));
      yi.push_back(Value::integer(ys[d]));
      out.push_back(Value::integer(xs[d] * ys[d]));
    }
    Value prod = binaryUfunc(ev, "multiply", callNp(ev, "reshape", {x, Value::tuple(xi)}),
                             callNp(ev, "reshape", {y, Value::tuple(yi)}));
    return callNp(ev, "reshape", {prod, Value::tuple(out)});
  });
  np.def("einsum", einsumImpl);
  np.def("isclose", [](Evaluator &ev, CallArgs &a) { return iscloseImpl(ev, a, false); });
  np.def("allclose", [](Evaluator &ev, CallArgs &a) { return iscloseImpl(ev, a, true); });
  np.def("array_equal", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a1", "a2", "equal_nan"}, 2, "array_equal");
    Value x = asNp(ev, a.args[0]), y = asNp(ev, a.args[1]);
    if (arr(x).shape != arr(y).shape)
      return Value::boolean(false);
    Value eq = binaryUfunc(ev, "equal", x, y);
    if (has(a, 2) && ev.truthy(a.args[2]))
      eq = binaryUfunc(ev, "logical_or", eq,
                       binaryUfunc(ev, "logical_and", unaryUfunc(ev, "isnan", x), unaryUfunc(ev, "isnan", y)));
    return Value::boolean(ev.truthy(callNp(ev, "all", {eq})));
  });
  np.def("array_equiv", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "array_equiv");
    try {
      Value eq = binaryUfunc(ev, "equal", asNp(ev, a.args[0]), asNp(ev, a.args[1]));
      return Value::boolean(ev.truthy(callNp(ev, "all", {eq})));
    } catch (ParaxError &) {
      return Value::boolean(false);
    }
  });
  np.def("median", [](Evaluator &ev, CallArgs &a) { return quantileImpl(ev, a, "median"); });
  np.def("percentile", [](Evaluator &ev, CallArgs &a) { return quantileImpl(ev, a, "percentile"); });
  np.def("quantile", [](Evaluator &ev, CallArgs &a) { return quantileImpl(ev, a, "quantile"); });
  np.def("diff", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "n", "axis"}, 1, "diff");
    Value x = asNp(ev, a.args[0]);
    int64_t n = has(a, 1) ? ev.toIndex(a.args[1], "n") : 1;
    int64_t ax = normAxis(has(a, 2) ? ev.toIndex(a.args[2], "axis") : -1, arr(x).rank());
    for (int64_t t = 0; t < n; ++t) {
      int64_t r = arr(x).rank();
      std::vector<Value> hi(static_cast<size_t>(r)), lo(static_cast<size_t>(r));
      for (int64_t d = 0; d < r; ++d) {
        auto s1 = std::make_shared<SliceObj>(), s2 = std::make_shared<SliceObj>();
        if (d == ax) {
          s1->lower = Value::integer(1);
          s2->upper = Value::integer(-1);
        }
        hi[size_t(d)] = Value::object(Value::Kind::Slice, s1);
        lo[size_t(d)] = Value::object(Value::Kind::Slice, s2);
      }
      Value h = npGetItem(ev, x, Value::tuple(hi)), l = npGetItem(ev, x, Value::tuple(lo));
      x = arr(x).dtype == NpDType::Bool ? binaryUfunc(ev, "not_equal", h, l)
                                        : binaryUfunc(ev, "subtract", h, l);
    }
    return x;
  });
  np.def("trace", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "offset"}, 1, "trace");
    Value d = callNp(ev, "diagonal", a.args);
    return callNp(ev, "sum", {d}, {{"axis", Value::integer(-1)}});
  });
  np.def("diagonal", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "offset", "axis1", "axis2"}, 1, "diagonal");
    Value x = asNp(ev, a.args[0]);
    NumpyArrayObj &o = arr(x);
    int64_t k = has(a, 1) ? ev.toIndex(a.args[1], "offset") : 0;
    if (o.rank() != 2)
      raise("NotImplementedError", "diagonal of arrays with rank != 2 is not supported by parax yet");
    int64_t n = o.shape[0], m = o.shape[1];
    int64_t len = k >= 0 ? std::max<int64_t>(0, std::min(n, m - k)) : std::max<int64_t>(0, std::min(n + k, m));
    int64_t off = o.offset + (k >= 0 ? k * o.strides[1] : -k * o.strides[0]);
    Value v = makeView(x, {len}, {o.strides[0] + o.strides[1]}, off);
    arr(v).writeable = false;
    return v;
  });
  np.def("diag", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"v", "k"}, 1, "diag");
    Value x = asNp(ev, a.args[0]);
    int64_t k = has(a, 1) ? ev.toIndex(a.args[1], "k") : 0;
    NumpyArrayObj &o = arr(x);
    if (o.rank() == 1) {
      int64_t n = o.shape[0] + std::abs(k);
      Value r = makeNumpy(o.dtype, {n, n});
      for (int64_t i = 0; i < n * n; ++i)
        arr(r).setI(i, 0);
      for (int64_t i = 0; i < o.shape[0]; ++i) {
        int64_t row = k >= 0 ? i : i - k, col = k >= 0 ? i + k : i;
        arr(r).setFrom(row * n + col, o, o.offset + i * o.strides[0]);
      }
      return r;
    }
    return contiguousCopy(callNp(ev, "diagonal", {x, Value::integer(k)}));
  });
  auto tri = [](bool lower) {
    return [lower](Evaluator &ev, CallArgs &a) {
      npBind(a, {"m", "k"}, 1, lower ? "tril" : "triu");
      Value x = contiguousCopy(asNp(ev, a.args[0]));
      int64_t k = has(a, 1) ? ev.toIndex(a.args[1], "k") : 0;
      NumpyArrayObj &o = arr(x);
      int64_t n = o.shape[size_t(o.rank() - 2)], m = o.shape[size_t(o.rank() - 1)];
      for (int64_t i = 0; i < o.size(); ++i) {
        int64_t col = i % m, row = (i / m) % n;
        bool keep = lower ? col - row <= k : col - row >= k;
        if (!keep)
          o.setI(i, 0);
      }
      return x;
    };
  };
  np.def("tril", tri(true));
  np.def("triu", tri(false));
  np.def("repeat", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "repeats", "axis"}, 2, "repeat");
    Value x = asNp(ev, a.args[0]);
    bool flat = !has(a, 2);
    if (flat)
      x = callNp(ev, "ravel", {x});
    NumpyArrayObj &o = arr(x);
    int64_t ax = flat ? 0 : normAxis(ev.toIndex(a.args[2], "axis"), o.rank());
    Value reps = asNp(ev, a.args[1]);
    NumpyArrayObj &ra = arr(reps);
    int64_t n = o.shape[size_t(ax)];
    std::vector<int64_t> counts(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      counts[size_t(i)] = ra.size() == 1 ? ra.getI(ra.offsets()[0]) : ra.getI(ra.offsets()[size_t(i)]);
    std::vector<Value> idx;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t c = 0; c < counts[size_t(i)]; ++c)
        idx.push_back(Value::integer(i));
    Value ia = toNumpy(ev, Value::list(idx), NpDType::I64);
    return callNp(ev, "take", {x, ia}, {{"axis", Value::integer(ax)}});
  });
  np.def("take", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "indices", "axis"}, 2, "take");
    Value x = asNp(ev, a.args[0]);
    if (!has(a, 2))
      return npGetItem(ev, callNp(ev, "ravel", {x}), a.args[1]);
    int64_t ax = normAxis(ev.toIndex(a.args[2], "axis"), arr(x).rank());
    std::vector<Value> idx;
    for (int64_t d = 0; d < ax; ++d)
      idx.push_back(Value::object(Value::Kind::Slice, std::make_shared<SliceObj>()));
    idx.push_back(a.args[1]);
    return npGetItem(ev, x, Value::tuple(idx));
  });
  np.def("tile", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "tile");
    Value x = asNp(ev, a.args[0]);
    std::vector<int64_t> reps;
    for (auto &v : a.args[1].isSequence() ? a.args[1].elements() : std::vector<Value>{a.args[1]})
      reps.push_back(ev.toIndex(v, "reps"));
    while (int64_t(reps.size()) < arr(x).rank())
      reps.insert(reps.begin(), 1);
    while (arr(x).rank() < int64_t(reps.size()))
      x = callNp(ev, "expand_dims", {x, Value::integer(0)});
    for (size_t d = 0; d < reps.size(); ++d) {
      std::vector<Value> parts(static_cast<size_t>(reps[d]), x);
      if (reps[d] == 0) {
        Shape s = arr(x).shape;
        s[d] = 0;
        return makeNumpy(arr(x).dtype, s);
      }
      x = callNp(ev, "concatenate", {Value::list(parts)}, {{"axis", Value::integer(int64_t(d))}});
    }
    return x;
  });
  np.def("roll", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "shift", "axis"}, 2, "roll");
    Value x = asNp(ev, a.args[0]);
    bool flat = !has(a, 2);
    Shape orig = arr(x).shape;
    if (flat)
      x = callNp(ev, "ravel", {x});
    NumpyArrayObj &o = arr(x);
    int64_t ax = flat ? 0 : normAxis(ev.toIndex(a.args[2], "axis"), o.rank());
    int64_t n = o.shape[size_t(ax)];
    int64_t sh = ev.toIndex(a.args[1], "shift");
    std::vector<Value> idx;
    for (int64_t i = 0; i < n; ++i)
      idx.push_back(Value::integer(((i - sh) % n + n) % n));
    Value r = callNp(ev, "take", {x, toNumpy(ev, Value::list(idx), NpDType::I64)}, {{"axis", Value::integer(ax)}});
    if (flat) {
      std::vector<Value> s;
      for (int64_t d : orig)
        s.push_back(Value::integer(d));
      r = callNp(ev, "reshape", {r, Value::tuple(s)});
    }
    return r;
  });
  auto splitFn = [](bool strict) {
    return [strict](Evaluator &ev, CallArgs &a) {
      npBind(a, {"ary", "indices_or_sections", "axis"}, 2, strict ? "split" : "array_split");
      Value x = asNp(ev, a.args[0]);
      int64_t ax = normAxis(has(a, 2) ? ev.toIndex(a.args[2], "axis") : 0, arr(x).rank());
      int64_t n = arr(x).shape[size_t(ax)];
      std::vector<int64_t> bounds{0};
      if (a.args[1].isSequence() || isNumpyArray(a.args[1])) {
        for (auto &v : ev.iterate(a.args[1], a.loc))
          bounds.push_back(ev.toIndex(v, "indices"));
      } else {
        int64_t k = ev.toIndex(a.args[1], "sections");
        if (k <= 0)
          raise("ValueError", "number sections must be larger than 0.");
        if (strict && n % k != 0)
          raise("ValueError", "array split does not result in an equal division");
        int64_t each = n / k, extra = n % k, pos = 0;
        for (int64_t i = 0; i < k - 1; ++i) {
          pos += each + (i < extra ? 1 : 0);
          bounds.push_back(pos);
        }
      }
      bounds.push_back(n);
      std::vector<Value> out;
      for (size_t i = 0; i + 1 < bounds.size(); ++i) {
        std::vector<Value> idx;
        for (int64_t d = 0; d < ax; ++d)
          idx.push_back(Value::object(Value::Kind::Slice, std::make_shared<SliceObj>()));
        auto s = std::make_shared<SliceObj>();
        s->lower = Value::integer(bounds[i]);
        s->upper = Value::integer(bounds[i + 1]);
        idx.push_back(Value::object(Value::Kind::Slice, s));
        out.push_back(npGetItem(ev, x, Value::tuple(idx)));
      }
      return Value::list(out);
    };
  };
  np.def("split", splitFn(true));
  np.def("array_split", splitFn(false));
  np.def("meshgrid", [](Evaluator &ev, CallArgs &a) {
    std::string indexing = "xy";
    for (auto &[k, v] : a.kwargs)
      if (k == "indexing")
        indexing = ev.str(v);
    std::vector<Value> xs;
    for (auto &v : a.args)
      xs.push_back(callNp(ev, "ravel", {v}));
    size_t n = xs.size();
    Shape s;
    for (auto &x : xs)
      s.push_back(arr(x).shape[0]);
    if (indexing == "xy" && n >= 2)
      std::swap(s[0], s[1]);
    std::vector<Value> out;
    for (size_t i = 0; i < n; ++i) {
      Shape vs(n, 1);
      size_t pos = (indexing == "xy" && n >= 2 && i < 2) ? 1 - i : i;
      vs[pos] = arr(xs[i]).shape[0];
      std::vector<Value> vsV;
      for (int64_t d : vs)
        vsV.push_back(Value::integer(d));
      Value r = callNp(ev, "reshape", {xs[i], Value::tuple(vsV)});
      std::vector<Value> sV;
      for (int64_t d : s)
        sV.push_back(Value::integer(d));
      out.push_back(contiguousCopy(callNp(ev, "broadcast_to", {r, Value::tuple(sV)})));
    }
    return Value::list(out);
  });
  np.def("searchsorted", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "v", "side", "sorter"}, 2, "searchsorted");
    Value x = asNp(ev, a.args[0]), v = asNp(ev, a.args[1]);
    bool right = has(a, 2) && ev.str(a.args[2]) == "right";
    NumpyArrayObj &xa = arr(x), &va = arr(v);
    std::vector<double> xs;
    for (int64_t o : xa.offsets())
      xs.push_back(xa.getF(o));
    Value r = makeNumpy(NpDType::I64, va.shape);
    std::vector<int64_t> vo = va.offsets();
    for (size_t i = 0; i < vo.size(); ++i) {
      double q = va.getF(vo[i]);
      auto it = right ? std::upper_bound(xs.begin(), xs.end(), q) : std::lower_bound(xs.begin(), xs.end(), q);
      arr(r).setI(int64_t(i), int64_t(it - xs.begin()));
    }
    return npScalarize(r);
  });
  np.def("bincount", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"x", "weights", "minlength"}, 1, "bincount");
    Value x = asNp(ev, a.args[0]);
    NumpyArrayObj &xa = arr(x);
    int64_t mx = -1;
    std::vector<int64_t> offs = xa.offsets();
    for (int64_t o : offs) {
      int64_t v = xa.getI(o);
      if (v < 0)
        raise("ValueError", "'list' argument must have no negative elements");
      mx = std::max(mx, v);
    }
    int64_t n = std::max<int64_t>(mx + 1, has(a, 2) ? ev.toIndex(a.args[2], "minlength") : 0);
    bool weighted = has(a, 1) && !a.args[1].isNone();
    Value r = makeNumpy(weighted ? NpDType::F64 : NpDType::I64, {n});
    for (int64_t i = 0; i < n; ++i)
      arr(r).setI(i, 0);
    Value w = weighted ? asNp(ev, a.args[1]) : Value();
    std::vector<int64_t> wo = weighted ? arr(w).offsets() : std::vector<int64_t>{};
    for (size_t i = 0; i < offs.size(); ++i) {
      int64_t b = xa.getI(offs[i]);
      if (weighted)
        arr(r).setF(b, arr(r).getF(b) + arr(w).getF(wo[i]));
      else
        arr(r).setI(b, arr(r).getI(b) + 1);
    }
    return r;
  });
  np.def("isin", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"element", "test_elements", "assume_unique", "invert"}, 2, "isin");
    Value x = asNp(ev, a.args[0]), t = callNp(ev, "ravel", {a.args[1]});
    NumpyArrayObj &xa = arr(x), &ta = arr(t);
    bool inv = has(a, 3) && ev.truthy(a.args[3]);
    Value r = makeNumpy(NpDType::Bool, xa.shape);
    std::vector<int64_t> xo = xa.offsets(), to = ta.offsets();
    for (size_t i = 0; i < xo.size(); ++i) {
      bool found = false;
      for (int64_t o : to)
        found |= xa.getF(xo[i]) == ta.getF(o);
      arr(r).setI(int64_t(i), found != inv);
    }
    return npScalarize(r);
  });
  np.def("interp", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"x", "xp", "fp", "left", "right"}, 3, "interp");
    Value x = asNp(ev, a.args[0]), xp = asNp(ev, a.args[1]), fp = asNp(ev, a.args[2]);
    std::vector<double> X, F;
    for (int64_t o : arr(xp).offsets())
      X.push_back(arr(xp).getF(o));
    for (int64_t o : arr(fp).offsets())
      F.push_back(arr(fp).getF(o));
    if (X.size() != F.size() || X.empty())
      raise("ValueError", "fp and xp are not of the same length.");
    Value r = makeNumpy(NpDType::F64, arr(x).shape);
    std::vector<int64_t> xo = arr(x).offsets();
    for (size_t i = 0; i < xo.size(); ++i) {
      double q = arr(x).getF(xo[i]), y;
      if (q <= X.front())
        y = q < X.front() && has(a, 3) && !a.args[3].isNone() ? arr(asNp(ev, a.args[3])).getF(0) : F.front();
      else if (q >= X.back())
        y = q > X.back() && has(a, 4) && !a.args[4].isNone() ? arr(asNp(ev, a.args[4])).getF(0) : F.back();
      else {
        size_t j = size_t(std::upper_bound(X.begin(), X.end(), q) - X.begin()) - 1;
        double slope = (F[j + 1] - F[j]) / (X[j + 1] - X[j]);
        y = slope * (q - X[j]) + F[j];
      }
      arr(r).setF(int64_t(i), y);
    }
    return npScalarize(r);
  });
  np.def("conj", [](Evaluator &ev, CallArgs &a) { return asNp(ev, a.args.at(0)); });
  np.def("real", [](Evaluator &ev, CallArgs &a) { return asNp(ev, a.args.at(0)); });
  np.def("result_type", [](Evaluator &ev, CallArgs &a) {
    std::vector<Value> xs;
    for (auto &v : a.args) {
      if (v.isNumber()) {
        xs.push_back(v);
        continue;
      }
      if (auto d = [&]() -> std::optional<NpDType> {
            if (isNumpyArray(v) || v.isSequence() || v.isArray())
              return std::nullopt;
            return npDTypeArg(ev, v);
          }())
        xs.push_back(makeNumpy(*d, {}));
      else
        xs.push_back(asNp(ev, v));
    }
    return npDTypeValue(resultType(xs));
  });
  np.def("promote_types", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "promote_types");
    return npDTypeValue(promote(*npDTypeArg(ev, a.args[0]), *npDTypeArg(ev, a.args[1])));
  });
  np.def("can_cast", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 3, "can_cast");
    NpDType f = isNumpyArray(a.args[0]) ? arr(a.args[0]).dtype : *npDTypeArg(ev, a.args[0]);
    NpDType t = *npDTypeArg(ev, a.args[1]);
    return Value::boolean(promote(f, t) == t);
  });
  np.def("issubdtype", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "issubdtype");
    auto cls = [&](const Value &v) -> ClassObj * {
      if (ClassObj *c = asClass(v))
        return c;
      return nullptr;
    };
    ClassObj *x = nullptr;
    if (auto d = npDTypeArg(ev, a.args[0]))
      x = npScalarClass(*d).get();
    ClassObj *y = cls(a.args[1]);
    if (!y || (y->name() != "generic" && y->name() != "number" && y->name() != "integer" &&
               y->name() != "signedinteger" && y->name() != "unsignedinteger" &&
               y->name() != "inexact" && y->name() != "floating")) {
      auto d = npDTypeArg(ev, a.args[1]);
      y = d ? npScalarClass(*d).get() : y;
    }
    return Value::boolean(x && y && x->isSubclassOf(y));
  });
  np.def("isscalar", [](Evaluator &, CallArgs &a) {
    const Value &v = a.args.at(0);
    NumpyArrayObj *o = asNumpy(v);
    return Value::boolean(v.isNumber() || v.isStr() || (o && o->scalar));
  });
  np.def("iterable", [](Evaluator &ev, CallArgs &a) {
    try {
      ev.iterate(a.args.at(0), a.loc);
      return Value::boolean(true);
    } catch (ParaxError &) {
      return Value::boolean(false);
    }
  });

  // numpy.linalg
  linalg.def("inv", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "inv");
    return invImpl(ev, a.args[0]);
  });
  linalg.def("solve", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "solve");
    return solveImpl(ev, a.args[0], a.args[1]);
  });
  linalg.def("det", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "det");
    return detImpl(ev, a.args[0]);
  });
  linalg.def("norm", normImpl);
  registerNumpyDecompositions(linalg);
  linalg.def("matrix_power", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "matrix_power");
    Value x = asNp(ev, a.args[0]);
    int64_t n = ev.toIndex(a.args[1], "n");
    if (n < 0) {
      x = invImpl(ev, x);
      n = -n;
    }
    Value r = callNp(ev, "eye", {Value::integer(arr(x).shape[0])}, {{"dtype", npDTypeValue(arr(x).dtype)}});
    for (int64_t i = 0; i < n; ++i)
      r = matmulImpl(ev, r, x, false);
    return r;
  });
}

} // namespace parax::frontend
