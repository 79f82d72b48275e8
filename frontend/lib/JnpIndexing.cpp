//===- JnpIndexing.cpp - x[index] and x.at[index].set(...) ----------------===//
//
// NumPy indexing on arrays and tracers:
//  1. the index is split per dimension (ints, slices, None, Ellipsis, traced
//     scalars, integer arrays, concrete boolean masks);
//  2. one static `slice` (plus `rev` for negative steps) applies ints and
//     slices; traced scalars become a `dynamic_slice` (clamped, as JAX);
//  3. integer arrays become one `take` (several arrays are linearised into
//     one flat index over their dims);
//  4. a reshape drops integer-indexed dims and inserts None dims.
// Updates (x.at[i].set(v)) reuse the same engine on an iota of flat
// positions padded with one "out of range" cell per dim, so indices that
// fall outside the array select that cell and the scatter drops them, which
// is JAX's behaviour for updates (gets clamp, updates drop).
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/NumpyArray.h"
#include "frontend/lib/JnpInternal.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/sharding/Rules.h"

#include <algorithm>
#include <cmath>

namespace parax::frontend::jnp {

using ir::OpKind;

namespace {

struct DimIndex {
  enum Kind { Full, Int, Slice, DynInt, Adv } kind = Full;
  int64_t i = 0;                     ///< Int
  int64_t start = 0, stop = 0, step = 1; ///< Slice (python semantics)
  Value v;                           ///< DynInt scalar / Adv integer array
};

[[noreturn]] void dynamicSliceError(Evaluator &ev, const Value &sl) {
  raise("IndexError",
        "Array slice indices must have static start/stop/step to be used with NumPy "
        "indexing syntax. Found " + ev.repr(sl) + ". To index a statically sized array "
        "at a dynamic position, try lax.dynamic_slice/dynamic_update_slice (JAX does not "
        "support dynamically sized arrays within JIT compiled functions).",
        "use lax.dynamic_slice(x, (start,), (size,)) with a static size");
}

int64_t staticSliceBound(Evaluator &ev, const Value &b, const Value &whole) {
  if (b.isTracer())
    dynamicSliceError(ev, whole);
  return ev.toIndex(b, "slice indices");
}

/// Python slice.indices(n).
void sliceIndices(Evaluator &ev, const Value &slv, int64_t n, DimIndex &d) {
  auto *s = slv.as<SliceObj>();
  d.step = s->step.isNone() ? 1 : staticSliceBound(ev, s->step, slv);
  if (d.step == 0)
    raise("ValueError", "slice step cannot be zero");
  auto bound = [&](const Value &v, int64_t dflt) {
    if (v.isNone())
      return dflt;
    int64_t i = staticSliceBound(ev, v, slv);
    if (i < 0)
      i += n;
    return d.step > 0 ? std::clamp<int64_t>(i, 0, n) : std::clamp<int64_t>(i, -1, n - 1);
  };
  d.start = bound(s->lower, d.step > 0 ? 0 : n - 1);
  d.stop = bound(s->upper, d.step > 0 ? n : -1);
}

bool isIntArrayLike(const Value &v) {
  if (v.isArrayValue()) {
    DType t = prims::dtypeOf(v);
    return isInteger(t);
  }
  return false;
}

/// Normalises a (scalar or array) integer index: negative wrap once (unless
/// `wrapNegative` is false); in update mode, anything still outside [0, n)
/// maps to n (the guard cell).
Value normalizeIndex(Evaluator &ev, const Value &idx, int64_t n, bool update,
                     bool wrapNegative) {
  Value i = prims::convert(ev, idx, DType::I32);
  Shape s = prims::shapeOf(i);
  Value zero = prims::full(ev, s, Value::integer(0), DType::I32);
  Value nv = prims::full(ev, s, Value::integer(n), DType::I32);
  Value wrapped = !wrapNegative ? i
                                : prims::select(ev, prims::compare(ev, OpKind::Lt, i, zero),
                                                prims::binary(ev, OpKind::Add, i, nv), i);
  // Gets clamp each index to [0, n-1] (a start still negative after one
  // wrap becomes 0, so dynamic_slice, which would wrap again, sees it in
  // range; several index arrays are linearised, so each clamps on its own).
  if (!update)
    return prims::binary(ev, OpKind::Min, prims::binary(ev, OpKind::Max, wrapped, zero),
                         prims::full(ev, s, Value::integer(std::max<int64_t>(n - 1, 0)),
                                     DType::I32));
  Value bad = prims::binary(ev, OpKind::Or, prims::compare(ev, OpKind::Lt, wrapped, zero),
                            prims::compare(ev, OpKind::Ge, wrapped, nv));
  return prims::select(ev, bad, nv, wrapped);
}

/// The indexing engine. `logical` is the shape the index refers to (x may be
/// padded by one guard cell per dim in update mode).
Value indexImpl(Evaluator &ev, const Value &x0, const Value &index, bool update,
                const Shape &logical, bool wrapNegative = true) {
  Value x = x0;
  if (index.isList())
    raise("TypeError", "Using a non-tuple sequence for multidimensional indexing is not "
                       "allowed; use `arr[array(seq)]` instead of `arr[seq]`. See "
                       "https://github.com/jax-ml/jax/issues/4564 for more information.",
          "write x[jnp.array(" + ev.repr(index) + ")]");
  std::vector<Value> items = index.isTuple() ? index.elements() : std::vector<Value>{index};
  // Lists inside a tuple index are integer arrays (numpy).
  for (Value &it : items)
    if (it.isList())
      it = asarray(ev, it, std::nullopt);
  // Concrete boolean masks become integer index arrays (nonzero).
  std::vector<Value> expanded;
  for (const Value &it : items) {
    if (it.isArrayValue() && prims::dtypeOf(it) == DType::Bool) {
      if (abstractOrigin(it)) // parax check: a mask's result shape needs its data
        stopCheck(ev, it);
      if (it.isTracer())
        raise("NonConcreteBooleanIndexError",
              "Array boolean indices must be concrete; got JitTracer(" +
                  it.asTracer().type().str() + ")",
              "use jnp.where(mask, x, fill) to select under jit, or jnp.nonzero(mask, size=k)");
      const Array &m = it.asArray();
      if (m.rank() == 0)
        raise("NotImplementedError", "a scalar boolean index is not part of parax");
      std::vector<std::vector<int32_t>> coords(size_t(m.rank()));
      Shape ms = m.shape();
      for (int64_t f = 0; f < m.size(); ++f) {
        if (m.getDouble(f) == 0)
          continue;
        int64_t rem = f;
        for (int64_t d = m.rank() - 1; d >= 0; --d) {
          coords[size_t(d)].push_back(int32_t(rem % ms[size_t(d)]));
          rem /= ms[size_t(d)];
        }
      }
      for (auto &c : coords) {
        Array a = Array::allocate(DType::I32, {int64_t(c.size())});
        std::copy(c.begin(), c.end(), a.data<int32_t>());
        expanded.push_back(Value::array(a));
      }
      continue;
    }
    expanded.push_back(it);
  }
  items = expanded;
  size_t rank = logical.size();
  size_t consumed = 0, ellipses = 0;
  for (const Value &it : items) {
    if (it.is(Value::Kind::Ellipsis))
      ++ellipses;
    else if (!it.isNone())
      ++consumed;
  }
  if (ellipses > 1)
    raise("IndexError", "an index can only have a single ellipsis ('...')");
  if (consumed > rank)
    raise("IndexError", "Too many indices: " + std::to_string(rank) +
                            "-dimensional array indexed with " + std::to_string(consumed) +
                            " regular indices.");
  // Per-dimension specs and the output positions of None.
  std::vector<DimIndex> dims(rank);
  std::vector<int> noneBefore(rank + 1, 0); // Nones inserted before result dim k
  size_t d = 0;
  // The result's dims in index order: 'N' a None, 'B' a basic (sliced or
  // untouched) x dim, 'A' an advanced-like index (an array, or an int once
  // an array is present). numpy places the broadcast index dims at the
  // first 'A' when the 'A's are adjacent here, else in front.
  std::string slots;
  for (const Value &it : items) {
    if (it.is(Value::Kind::Ellipsis)) {
      slots.append(rank - consumed, 'B');
      d += rank - consumed;
      continue;
    }
    if (it.isNone()) {
      ++noneBefore[d];
      slots += 'N';
      continue;
    }
    DimIndex &di = dims[d];
    int64_t n = logical[d];
    if (it.is(Value::Kind::Slice)) {
      di.kind = DimIndex::Slice;
      sliceIndices(ev, it, n, di);
    } else if (it.isInt() || it.isBool() ||
               (it.isArray() && it.asArray().rank() == 0 && isInteger(it.asArray().dtype()))) {
      int64_t i = ev.toIndex(it, "indices");
      if (n == 0)
        raise("IndexError", "index " + std::to_string(i) + " is out of bounds for axis " +
                                std::to_string(d) + " with size 0");
      if (i < 0 && wrapNegative)
        i += n;
      if (update && (i < 0 || i >= n))
        i = n; // guard cell: the update is dropped
      else
        i = std::clamp<int64_t>(i, 0, n - 1); // gets clamp, as JAX does
      di.kind = DimIndex::Int;
      di.i = i;
    } else if (it.isTracer() && prims::typeOf(it).rank() == 0) {
      DType t = prims::dtypeOf(it);
      if (!isInteger(t))
        raise("TypeError", "Indexer must have integer or boolean type, got indexer with type " +
                                std::string(dtypeName(t)) + " at position " + std::to_string(d) +
                                ", indexer value " + ev.str(it));
      di.kind = DimIndex::DynInt;
      di.v = normalizeIndex(ev, it, n, update, wrapNegative);
    } else if (isIntArrayLike(it)) {
      di.kind = DimIndex::Adv;
      di.v = normalizeIndex(ev, it, n, update, wrapNegative);
    } else if (it.isArrayValue()) {
      raise("TypeError", "Indexer must have integer or boolean type, got indexer with type " +
                              std::string(dtypeName(prims::dtypeOf(it))) + " at position " +
                              std::to_string(d) + ", indexer value " + ev.str(it),
            "convert the index with .astype(jnp.int32)");
    } else if (it.isFloat()) {
      raise("TypeError", "Indexer must have integer or boolean type, got indexer with type "
                         "float64 at position " + std::to_string(d) + ", indexer value " +
                             ev.str(it),
            "use an int index, e.g. x[int(i)] or x[i // 1] with integer arithmetic");
    } else {
      raise("IndexError", "Indexer type " + typeName(it) + " is not supported");
    }
    slots += di.kind == DimIndex::Slice ? 'B' : 'A';
    ++d;
  }
  slots.append(rank - d, 'B');
  Shape xs = prims::shapeOf(x);
  // 1. Static slicing (ints and slices); negative steps reverse first.
  std::vector<int64_t> start(rank), limit(rank), stride(rank), revDims;
  for (size_t k = 0; k < rank; ++k) {
    DimIndex &di = dims[k];
    start[k] = 0;
    limit[k] = xs[k];
    stride[k] = 1;
    if (di.kind == DimIndex::Int) {
      start[k] = di.i;
      limit[k] = di.i + 1;
    } else if (di.kind == DimIndex::Slice) {
      if (di.step > 0) {
        start[k] = di.start;
        limit[k] = std::max(di.start, di.stop);
        stride[k] = di.step;
      } else {
        // Reverse dim k (of logical size n) and slice forward.
        int64_t n = logical[k];
        int64_t off = xs[k] - n; // guard cells sit at the end
        revDims.push_back(int64_t(k));
        start[k] = off + (n - 1 - di.start);
        limit[k] = std::max(start[k], off + (n - 1 - di.stop));
        stride[k] = -di.step;
      }
    } else if (di.kind == DimIndex::Full) {
      limit[k] = logical[k];
    }
  }
  x = prims::rev(ev, x, revDims);
  x = prims::slice(ev, x, start, limit, stride);
  // 2. Traced scalars: size-1 dynamic slices.
  bool anyDyn = false;
  for (auto &di : dims)
    anyDyn |= di.kind == DimIndex::DynInt;
  if (anyDyn) {
    Shape cur = prims::shapeOf(x);
    std::vector<Value> starts;
    Shape sizes = cur;
    for (size_t k = 0; k < rank; ++k) {
      if (dims[k].kind == DimIndex::DynInt) {
        starts.push_back(dims[k].v);
        sizes[k] = 1;
      } else {
        starts.push_back(Value::integer(0));
      }
    }
    x = prims::dynamicSlice(ev, x, starts, sizes);
  }
  // 3. Integer arrays.
  std::vector<size_t> adv;
  for (size_t k = 0; k < rank; ++k)
    if (dims[k].kind == DimIndex::Adv)
      adv.push_back(k);
  // Result layout: (dim kind, size) per x dim; advanced dims collapse.
  Shape cur = prims::shapeOf(x);
  std::vector<bool> keep(rank, true);
  for (size_t k = 0; k < rank; ++k)
    keep[k] = dims[k].kind == DimIndex::Full || dims[k].kind == DimIndex::Slice;
  if (adv.empty()) {
    Shape out;
    for (size_t k = 0; k <= rank; ++k) {
      for (int c = 0; c < noneBefore[k]; ++c)
        out.push_back(1);
      if (k < rank && keep[k])
        out.push_back(cur[k]);
    }
    return prims::reshape(ev, x, out);
  }
  // Broadcast the index arrays together.
  std::vector<Value> idx;
  std::vector<Shape> idxShapes;
  for (size_t k : adv) {
    idx.push_back(dims[k].v);
    idxShapes.push_back(prims::shapeOf(dims[k].v));
  }
  Shape bshape = broadcastShapes(idxShapes);
  sharding::checkGatherDims(x, adv, bshape);
  for (Value &v : idx)
    v = prims::broadcastTo(ev, v, bshape);
  // numpy counts integer scalars as advanced indices too once any index is
  // an array: the block is "adjacent" only if arrays and ints together form
  // one run of dims; otherwise the broadcast index dims go first.
  size_t firstA = slots.find('A'), lastA = slots.rfind('A');
  bool adjacent = slots.find_first_not_of('A', firstA) > lastA;
  // Drop int/dyn dims first (they are size 1 now), tracking positions.
  std::vector<size_t> remaining; // x dims still present
  Shape squeezed;
  for (size_t k = 0; k < rank; ++k)
    if (keep[k] || dims[k].kind == DimIndex::Adv) {
      remaining.push_back(k);
      squeezed.push_back(cur[k]);
    }
  x = prims::reshape(ev, x, squeezed);
  // Move the advanced dims together (to the front unless adjacent).
  std::vector<int64_t> perm;
  std::vector<size_t> advPos, otherPos;
  for (size_t p = 0; p < remaining.size(); ++p)
    (dims[remaining[p]].kind == DimIndex::Adv ? advPos : otherPos).push_back(p);
  size_t insertAt = 0;
  if (adjacent) {
    for (size_t p : otherPos)
      if (remaining[p] < adv.front())
        ++insertAt;
  }
  for (size_t p = 0; p < insertAt; ++p)
    perm.push_back(int64_t(otherPos[p]));
  for (size_t p : advPos)
    perm.push_back(int64_t(p));
  for (size_t p = insertAt; p < otherPos.size(); ++p)
    perm.push_back(int64_t(otherPos[p]));
  x = prims::transpose(ev, x, perm);
  Shape ts = prims::shapeOf(x);
  // Merge the advanced dims into one and linearise the indices.
  int64_t merged = 1;
  for (size_t j = 0; j < adv.size(); ++j)
    merged *= ts[insertAt + j];
  if (merged > INT32_MAX)
    raise("NotImplementedError",
          "indexing " + std::to_string(adv.size()) + " dimensions of " +
              std::to_string(merged) + " elements together with integer arrays: parax "
              "linearises the indices in int32",
          "index one dimension at a time (x[i][:, j]), or use fewer elements");
  Shape ms(ts.begin(), ts.begin() + long(insertAt));
  ms.push_back(merged);
  ms.insert(ms.end(), ts.begin() + long(insertAt + adv.size()), ts.end());
  x = prims::reshape(ev, x, ms);
  Value flat = idx[0];
  for (size_t j = 1; j < adv.size(); ++j) {
    int64_t n = ts[insertAt + j];
    flat = prims::binary(ev, OpKind::Add,
                         prims::binary(ev, OpKind::Mul, flat,
                                       prims::full(ev, bshape, Value::integer(n), DType::I32)),
                         idx[j]);
  }
  x = prims::take(ev, x, flat, int64_t(insertAt));
  // Insert the None dims: walk the slots in index order over the current
  // layout (basic dims with the index dims at insertAt).
  if (slots.find('N') != std::string::npos) {
    Shape s = prims::shapeOf(x), out;
    size_t next = 0; // next dim of s
    auto emitIndexDims = [&] {
      for (size_t j = 0; j < bshape.size(); ++j)
        out.push_back(s[next++]);
    };
    if (!adjacent)
      emitIndexDims();
    for (size_t p = 0; p < slots.size(); ++p) {
      if (slots[p] == 'N')
        out.push_back(1);
      else if (slots[p] == 'B')
        out.push_back(s[next++]);
      else if (adjacent && p == firstA)
        emitIndexDims();
    }
    x = prims::reshape(ev, x, out);
  }
  return x;
}

/// x.at — an object whose [index] names the elements to update.
class AtProxy : public NativeObject {
public:
  explicit AtProxy(Value x) : x_(std::move(x)) {}
  std::string typeName() const override { return "_IndexUpdateHelper"; }
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;

private:
  Value x_;
};

/// x.at[index] — exposes set/add/multiply/min/max/get/...
class AtRef : public NativeObject {
public:
  AtRef(Value x, Value idx) : x_(std::move(x)), idx_(std::move(idx)) {}
  std::string typeName() const override { return "_IndexUpdateRef"; }
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override {
    static const char *methods[] = {"set", "add", "multiply", "mul", "divide", "min",
                                    "max", "power", "get", "apply", "subtract"};
    for (const char *m : methods)
      if (name == m) {
        Value x = x_, idx = idx_;
        std::string meth = name;
        out = makeBuiltin("at." + meth, [x, idx, meth](Evaluator &ev, CallArgs &a) {
          return atUpdate(ev, x, idx, meth, a.args, a.kwargs);
        });
        return true;
      }
    return false;
  }
  std::vector<std::string> attrNames() const override {
    return {"set", "add", "multiply", "divide", "min", "max", "power", "get", "apply"};
  }

private:
  Value x_, idx_;
};

bool AtProxy::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  if (name != "__getitem__")
    return false;
  Value x = x_;
  out = makeBuiltin("at.__getitem__", [x](Evaluator &, CallArgs &a) {
    return Value::object(Value::Kind::Native, std::make_shared<AtRef>(x, a.args[0]));
  });
  return true;
}
} // namespace

Value getItem(Evaluator &ev, const Value &x, const Value &index0) {
  Value a = asarray(ev, x, std::nullopt);
  Value index = numpyArgsToJax(numpyScalarAsPython(index0)); // x[np_idx]
  return indexImpl(ev, a, index, false, prims::shapeOf(a));
}

Value makeAtProxy(const Value &x) {
  return Value::object(Value::Kind::Native, std::make_shared<AtProxy>(x));
}

Value atUpdate(Evaluator &ev, const Value &x0, const Value &index0,
               const std::string &method, const std::vector<Value> &args0,
               const std::vector<std::pair<std::string, Value>> &kwargs) {
  Value x = asarray(ev, x0, std::nullopt);
  if (method != "get") {
    // A split array: JAX's scatter keeps the operand's split when no split
    // dim is indexed (else its error); the flat scatter below runs unsplit.
    std::vector<Value> items = index0.is(Value::Kind::Tuple) ? index0.elements()
                                                             : std::vector<Value>{index0};
    std::vector<size_t> indexed;
    bool plain = true;
    for (size_t k = 0; k < items.size(); ++k) {
      const Value &it = items[k];
      if (it.is(Value::Kind::Ellipsis) || it.isNone()) {
        plain = false;
        break;
      }
      auto *sl = it.is(Value::Kind::Slice) ? it.as<SliceObj>() : nullptr;
      if (!sl || !sl->lower.isNone() || !sl->upper.isNone() || !sl->step.isNone())
        indexed.push_back(k);
    }
    if (plain && sharding::scatterKeepsSplits(x, indexed))
      return sharding::withSplitsOf(ev, x, atUpdate(ev, sharding::withoutSplits(ev, x), index0,
                                                    method, args0, kwargs));
  }
  // numpy indices and values convert as JAX converts them.
  Value index = numpyArgsToJax(numpyScalarAsPython(index0));
  std::vector<Value> args;
  for (const Value &v : args0)
    args.push_back(numpyArgsToJax(v));
  // Keywords: mode= (out-of-bound handling), fill_value= (get only),
  // wrap_negative_indices=, and the indices_are_sorted / unique_indices
  // promises (no effect here).
  std::string oobMode = "promise_in_bounds";
  Value fillValue;
  bool wrapNegative = true;
  for (const auto &kw : kwargs) {
    if (kw.first == "mode") {
      if (kw.second.isNone())
        continue;
      if (!kw.second.isStr())
        raise("TypeError", "at[]." + method + "(): mode must be a string, got " +
                               ev.repr(kw.second));
      oobMode = kw.second.asStr();
      if (oobMode != "promise_in_bounds" && oobMode != "clip" && oobMode != "drop" &&
          oobMode != "fill")
        raise("ValueError", "Unknown gather mode \"" + oobMode + "\"");
    } else if (kw.first == "fill_value" && method == "get") {
      fillValue = kw.second;
    } else if (kw.first == "wrap_negative_indices") {
      wrapNegative = ev.truthy(kw.second);
    } else if (kw.first != "indices_are_sorted" && kw.first != "unique_indices") {
      raise("TypeError", "at[]." + method + "() got an unexpected keyword argument '" +
                             kw.first + "'");
    }
  }
  TensorType t = prims::typeOf(x);
  int64_t total = t.numElements();
  // Flat positions are int32 and `total` itself marks "out of range".
  if (total >= INT32_MAX && (method != "get" || oobMode == "fill" || oobMode == "drop"))
    raise("NotImplementedError",
          "x.at[]." + method + "() on an array of " + std::to_string(total) +
              " elements: parax computes its flat positions in int32",
          "split the array (e.g. along its first axis) into parts of fewer than 2^31 elements");
  if (method == "get") {
    if (!args.empty())
      raise("TypeError", "at[].get() takes no positional arguments");
    if (oobMode != "fill" && oobMode != "drop")
      return indexImpl(ev, x, index, false, t.shape, wrapNegative);
  } else if (args.size() != 1) {
    raise("TypeError", "at[]." + method + "() takes exactly one argument");
  }
  // Flat positions of the selected elements. Updates drop out-of-range
  // indices (they select `total`, one guard cell past the end) unless
  // mode='clip', which clamps them like a plain get.
  bool clip = oobMode == "clip";
  Value pos = prims::iota(ev, DType::I32, {total}, 0);
  pos = prims::reshape(ev, pos, t.shape);
  if (!clip) {
    std::vector<int64_t> low(t.shape.size(), 0), high(t.shape.size(), 1);
    pos = prims::pad(ev, pos, Value::array(Array::scalarInt(DType::I32, total)), low, high);
  }
  Value sel = indexImpl(ev, pos, index, !clip, t.shape, wrapNegative);
  Shape selShape = prims::shapeOf(sel);
  if (method == "get") {
    // mode='fill': out-of-range positions read fill_value (default NaN for
    // floats, the most negative value for signed, the largest for unsigned
    // ints, True for bool) from a cell appended after the last element.
    Value fill;
    if (!fillValue.isNone()) {
      fill = prims::convert(ev, asarray(ev, fillValue, std::nullopt), t.dtype, t.weak);
      if (prims::typeOf(fill).rank() != 0)
        raise("ValueError", "at[].get(): fill_value must be a scalar");
    } else if (isFloat(t.dtype)) {
      fill = Value::array(Array::scalar(t.dtype, NAN, t.weak));
    } else if (t.dtype == DType::Bool) {
      fill = Value::array(Array::scalarInt(t.dtype, 1, t.weak));
    } else {
      int bits = int(dtypeSize(t.dtype)) * 8;
      int64_t v = isSigned(t.dtype) ? -(int64_t(1) << (bits - 1)) : (int64_t(1) << bits) - 1;
      fill = Value::array(Array::scalarInt(t.dtype, v, t.weak));
    }
    Value flatX = prims::pad(ev, prims::reshape(ev, x, {total}), fill, {0}, {1});
    return prims::take(ev, flatX, sel, 0);
  }
  Value upd = asarray(ev, args[0], std::nullopt);
  if (method == "apply")
    raise("NotImplementedError", "at[].apply is not part of parax");
  upd = prims::convert(ev, upd, t.dtype, t.weak);
  Shape us = prims::shapeOf(upd);
  bool ok = us.size() <= selShape.size();
  for (size_t i = 0; ok && i < us.size(); ++i) {
    int64_t u = us[us.size() - 1 - i], s = selShape[selShape.size() - 1 - i];
    ok = u == 1 || u == s;
  }
  if (!ok)
    raise("ValueError", "Incompatible shapes for broadcasting: " + shapeToPython(us) +
                            " and requested shape " + shapeToPython(selShape),
          "the update must broadcast to the indexed shape " + shapeToPython(selShape));
  upd = prims::broadcastTo(ev, upd, selShape);
  std::string mode = method;
  if (method == "multiply")
    mode = "mul";
  Value flatX = prims::reshape(ev, x, {total});
  int64_t n = numElements(selShape);
  Value flatPos = prims::reshape(ev, sel, {n});
  Value flatUpd = prims::reshape(ev, upd, {n});
  if (method == "subtract") {
    flatUpd = unary(ev, UnaryOpKind::Neg, flatUpd);
    mode = "add";
  } else if (method == "divide" || method == "power") {
    // x[idx] op v computed on the gathered values, then set.
    Value cur = prims::take(ev, flatX, prims::binary(ev, OpKind::Min, flatPos,
                                                     prims::full(ev, {n}, Value::integer(total - 1 < 0 ? 0 : total - 1), DType::I32)), 0);
    flatUpd = method == "divide" ? prims::binary(ev, OpKind::Div, cur, flatUpd)
                                 : prims::binary(ev, OpKind::Pow, cur, flatUpd);
    mode = "set";
  }
  Value r = prims::scatter(ev, flatX, flatPos, flatUpd, 0, mode);
  return prims::reshape(ev, r, t.shape);
}

void registerJnpIndexing(Evaluator &ev, ModuleObject &m) {
  m.def("take", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 4, "take");
    expectKeywords(a, {"a", "indices", "axis", "out", "mode", "unique_indices",
                       "indices_are_sorted", "fill_value"},
                   "take");
    Value x = asarray(ev, a.args[0], std::nullopt);
    Value idx = asarray(ev, argOr(a, 1, "indices"), std::nullopt);
    Value axis = argOr(a, 2, "axis");
    if (!argOr(a, 3, "out").isNone())
      raise("NotImplementedError", "The 'out' argument to jnp.take is not supported.");
    Value modeArg = argOr(a, 99, "mode");
    std::string mode = modeArg.isNone() ? "fill" : ev.str(modeArg);
    if (mode != "fill" && mode != "clip" && mode != "wrap" && mode != "drop" &&
        mode != "promise_in_bounds")
      raise("ValueError", "Invalid mode '" + mode + "' for np.take");
    if (axis.isNone())
      x = reshape(ev, x, {Value::integer(-1)});
    int64_t ax = axis.isNone()
                     ? 0
                     : prims::normalizeAxis(ev.toIndex(axis, "axis"), prims::typeOf(x).rank());
    int64_t n = prims::shapeOf(x)[size_t(ax)];
    // JAX's take: 'clip' clamps the raw index (a negative one reads the first
    // element), 'wrap' takes it modulo the axis length, and 'fill' (the
    // default) reads fill_value where a (negative-wrapped) index is out of
    // range.
    if ((mode == "clip" || mode == "wrap") && n > 0) {
      Shape is = prims::shapeOf(idx);
      DType it = prims::dtypeOf(idx);
      Value len = prims::full(ev, is, Value::integer(n), it);
      if (mode == "clip")
        idx = prims::binary(ev, OpKind::Max,
                            prims::binary(ev, OpKind::Min, idx,
                                          prims::full(ev, is, Value::integer(n - 1), it)),
                            prims::full(ev, is, Value::integer(0), it));
      else
        idx = prims::binary(ev, OpKind::Rem,
                            prims::binary(ev, OpKind::Add, prims::binary(ev, OpKind::Rem, idx, len),
                                          len),
                            len);
    }
    std::vector<Value> items(size_t(ax), Value::object(Value::Kind::Slice, std::make_shared<SliceObj>()));
    items.push_back(idx);
    Value index = Value::tuple(items);
    Value fill = argOr(a, 99, "fill_value");
    // On a split x the other dims keep their splits (JAX's gather rule).
    return sharding::takeKeepingSplits(ev, x, ax, prims::shapeOf(idx), [&](const Value &xs) {
      if (mode != "fill" && mode != "drop")
        return indexImpl(ev, xs, index, false, prims::shapeOf(xs));
      std::vector<std::pair<std::string, Value>> kw{{"mode", Value::str("fill")}};
      if (!fill.isNone())
        kw.push_back({"fill_value", fill});
      return atUpdate(ev, xs, index, "get", {}, kw);
    });
  });
  m.def("nonzero", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "nonzero");
    expectKeywords(a, {"size", "fill_value"}, "nonzero");
    Value x = asarray(ev, a.args[0], std::nullopt);
    Value sizeArg = argOr(a, 99, "size");
    if (!sizeArg.isNone()) {
      // Static size (jit-compatible), as JAX: the flat index of the k-th
      // nonzero is cumsum(bincount(cumsum(mask), length=size))[k]; slots past
      // the count read the array size, i.e. index 0, unless fill_value is set.
      int64_t size = ev.toIndex(sizeArg, "size");
      if (size < 0)
        raise("ValueError", "size must be a non-negative integer");
      Shape xs = prims::shapeOf(x);
      if (xs.empty())
        raise("ValueError", "Calling nonzero on 0d arrays is not allowed. Use "
                            "jnp.atleast_1d(scalar).nonzero() instead.");
      int64_t n = numElements(xs);
      Value mask = prims::convert(ev, prims::convert(ev, x, DType::Bool), DType::I32);
      mask = prims::reshape(ev, mask, {n});
      Value cs = prims::cumulative(ev, OpKind::CumSum, mask, 0, false);
      Value bins = prims::scatter(ev, prims::full(ev, {size}, Value::integer(0), DType::I32), cs,
                                  prims::full(ev, {n}, Value::integer(1), DType::I32), 0, "add");
      Value flat = prims::cumulative(ev, OpKind::CumSum, bins, 0, false);
      Value fill = argOr(a, 99, "fill_value");
      Value fillMask;
      if (!fill.isNone())
        fillMask = prims::compare(ev, OpKind::Ge, prims::iota(ev, DType::I32, {size}, 0),
                                  prims::full(ev, {size},
                                              prims::reduce(ev, OpKind::ReduceSum, mask, {0}),
                                              DType::I32));
      std::vector<Value> out;
      int64_t stride = n;
      for (size_t d = 0; d < xs.size(); ++d) {
        stride = xs[d] ? stride / xs[d] : 0;
        Value e = prims::binary(ev, OpKind::Div, flat,
                                prims::full(ev, {size}, Value::integer(std::max<int64_t>(stride, 1)),
                                            DType::I32));
        e = prims::binary(ev, OpKind::Rem, e,
                          prims::full(ev, {size}, Value::integer(xs[d]), DType::I32));
        if (!fill.isNone()) {
          Value fv = fill;
          if (fill.isTuple()) {
            if (fill.elements().size() != xs.size())
              raise("ValueError", "fill_value must be a scalar or a tuple of length " +
                                      std::to_string(xs.size()) + "; got " + ev.repr(fill));
            fv = fill.elements()[d];
          }
          if (prims::shapeOf(asarray(ev, fv, std::nullopt)).size() != 0)
            raise("ValueError", "fill_value must be a scalar or a tuple of length " +
                                    std::to_string(xs.size()) + "; got " + ev.repr(fill));
          e = where3(ev, fillMask, fv, e);
        }
        out.push_back(e);
      }
      return Value::tuple(out);
    }
    if (x.isTracer())
      concretizationError(ev, "ConcretizationTypeError",
                          "Abstract tracer value encountered where concrete value is expected: "
                          "traced array with shape " + x.asTracer().type().str() +
                              "\nThe size argument of jnp.nonzero must be statically specified "
                              "to use jnp.nonzero within JAX transformations.",
                          x, "jnp.nonzero needs a concrete array; under jit use jnp.where(c, x, y)");
    Value mask = prims::convert(ev, x, DType::Bool);
    const Array &m = mask.asArray();
    std::vector<std::vector<int32_t>> coords(size_t(std::max<int64_t>(1, m.rank())));
    Shape ms = m.shape();
    for (int64_t f = 0; f < m.size(); ++f) {
      if (m.getDouble(f) == 0)
        continue;
      int64_t rem = f;
      for (int64_t d = m.rank() - 1; d >= 0; --d) {
        coords[size_t(d)].push_back(int32_t(rem % ms[size_t(d)]));
        rem /= ms[size_t(d)];
      }
    }
    std::vector<Value> out;
    for (auto &c : coords) {
      Array arr = Array::allocate(DType::I32, {int64_t(c.size())});
      std::copy(c.begin(), c.end(), arr.data<int32_t>());
      out.push_back(Value::array(arr));
    }
    return Value::tuple(out);
  });
}

} // namespace parax::frontend::jnp
