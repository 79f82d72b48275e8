//===- NumpyIndexing.cpp - x[index] and x[index] = v on numpy arrays ------===//
//
// numpy's indexing: integers, slices, None and Ellipsis give a view of the
// same buffer (basic indexing); integer arrays and boolean masks (advanced
// indexing) gather a copy, with the broadcast index dimensions placed where
// numpy places them (at the first advanced index when they are adjacent,
// else in front). Assignment writes through the view or scatters (a
// repeated index is written once per occurrence, the last value winning),
// casting the value to the array's dtype as numpy's unsafe casting does.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NumpyInternal.h"

namespace parax::frontend {

using namespace npy;

namespace {

[[noreturn]] void outOfBounds(int64_t i, size_t axis, int64_t n) {
  raise("IndexError", "index " + std::to_string(i) + " is out of bounds for axis " +
                          std::to_string(axis) + " with size " + std::to_string(n),
        "valid indices along this axis are -" + std::to_string(n) + " .. " +
            std::to_string(n - 1));
}

/// Python's slice.indices for a dimension of length n.
void sliceIndices(Evaluator &ev, const SliceObj &s, int64_t n, int64_t &start, int64_t &step,
                  int64_t &len) {
  step = s.step.isNone() ? 1 : ev.toIndex(s.step, "slice indices");
  if (step == 0)
    raise("ValueError", "slice step cannot be zero");
  int64_t lo = step < 0 ? -1 : 0, hi = step < 0 ? n - 1 : n;
  auto norm = [&](const Value &v, int64_t dflt) {
    if (v.isNone())
      return dflt;
    int64_t x = ev.toIndex(v, "slice indices");
    if (x < 0) {
      x += n;
      if (x < lo)
        x = lo;
    } else if (x > hi) {
      x = hi;
    }
    return x;
  };
  start = norm(s.lower, step < 0 ? hi : lo);
  int64_t stop = norm(s.upper, step < 0 ? lo : hi);
  if (step < 0)
    len = stop < start ? (start - stop - 1) / (-step) + 1 : 0;
  else
    len = start < stop ? (stop - start - 1) / step + 1 : 0;
}

enum class ItemKind { Int, Slice, NewAxis, Ellipsis, IntArray, BoolArray };
struct Item {
  ItemKind kind;
  int64_t i = 0;
  const SliceObj *slice = nullptr;
  Value array; // numpy int/bool array
};

bool isIntegerLike(const Value &v) {
  if (v.isInt() || v.isBool())
    return !v.isBool();
  if (NumpyArrayObj *a = asNumpy(v))
    return a->scalar && (npKind(a->dtype) == NpKind::Int || npKind(a->dtype) == NpKind::UInt);
  if (v.isArray())
    return v.asArray().rank() == 0 && isInteger(v.asArray().dtype());
  return false;
}

std::vector<Item> parseIndex(Evaluator &ev, const Value &index) {
  std::vector<Value> raw = index.isTuple() ? index.elements() : std::vector<Value>{index};
  std::vector<Item> items;
  for (const Value &v : raw) {
    Item it;
    if (isIntegerLike(v)) {
      it.kind = ItemKind::Int;
      it.i = v.isInt() ? v.asInt() : ev.toIndex(v, "indices");
    } else if (v.is(Value::Kind::Slice)) {
      it.kind = ItemKind::Slice;
      it.slice = v.as<SliceObj>();
    } else if (v.isNone()) {
      it.kind = ItemKind::NewAxis;
    } else if (v.is(Value::Kind::Ellipsis)) {
      it.kind = ItemKind::Ellipsis;
    } else if (v.isSequence() || isNumpyArray(v) || v.isArray() || v.isBool()) {
      Value a = toNumpy(ev, v);
      NumpyArrayObj &o = arr(a);
      if (v.isSequence() && o.size() == 0)
        a = npAstype(a, NpDType::I64);
      NumpyArrayObj &oo = arr(a);
      if (oo.dtype == NpDType::Bool)
        it.kind = ItemKind::BoolArray;
      else if (npKind(oo.dtype) == NpKind::Int || npKind(oo.dtype) == NpKind::UInt)
        it.kind = ItemKind::IntArray;
      else
        raise("IndexError", "arrays used as indices must be of integer (or boolean) type");
      it.array = a;
    } else if (v.isFloat() || (isNumpyArray(v))) {
      raise("IndexError", "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis "
                          "(`None`) and integer or boolean arrays are valid indices");
    } else {
      raise("IndexError", "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis "
                          "(`None`) and integer or boolean arrays are valid indices");
    }
    items.push_back(std::move(it));
  }
  return items;
}

/// The plan of an index: either a view (basic) or the gathered offsets.
struct Plan {
  bool basic = true;
  bool allInts = false; ///< every dimension taken by an integer: one element
  Shape shape;
  std::vector<int64_t> strides;
  int64_t offset = 0;
  std::vector<int64_t> offs; ///< advanced: source offsets in output order
};

Plan makePlan(Evaluator &ev, const NumpyArrayObj &a, const Value &index) {
  std::vector<Item> items = parseIndex(ev, index);
  // Expand the ellipsis (or add a trailing one).
  int64_t consumed = 0;
  int ellipses = 0;
  for (auto &it : items) {
    if (it.kind == ItemKind::Int || it.kind == ItemKind::Slice || it.kind == ItemKind::IntArray)
      ++consumed;
    else if (it.kind == ItemKind::BoolArray)
      consumed += arr(it.array).rank();
    else if (it.kind == ItemKind::Ellipsis)
      ++ellipses;
  }
  if (ellipses > 1)
    raise("IndexError", "an index can only have a single ellipsis ('...')");
  if (consumed > a.rank())
    raise("IndexError", "too many indices for array: array is " + std::to_string(a.rank()) +
                            "-dimensional, but " + std::to_string(consumed) +
                            " were indexed");
  std::vector<Item> full;
  for (auto &it : items) {
    if (it.kind == ItemKind::Ellipsis) {
      for (int64_t k = 0; k < a.rank() - consumed; ++k) {
        Item s;
        s.kind = ItemKind::Slice;
        full.push_back(s);
      }
    } else if (it.kind == ItemKind::BoolArray) {
      // A mask is one integer array per dimension it covers (nonzero).
      NumpyArrayObj &m = arr(it.array);
      std::vector<std::vector<int64_t>> coords(static_cast<size_t>(std::max<int64_t>(m.rank(), 1)));
      std::vector<int64_t> offs = m.offsets();
      std::vector<int64_t> st = cStrides(m.shape);
      size_t axis0 = 0;
      for (auto &f : full)
        if (f.kind != ItemKind::NewAxis)
          ++axis0;
      for (int64_t d = 0; d < m.rank(); ++d)
        if (axis0 + size_t(d) < a.shape.size() && m.shape[size_t(d)] != a.shape[axis0 + size_t(d)])
          raise("IndexError", "boolean index did not match indexed array along axis " +
                                  std::to_string(axis0 + size_t(d)) + "; size of axis is " +
                                  std::to_string(a.shape[axis0 + size_t(d)]) +
                                  " but size of corresponding boolean axis is " +
                                  std::to_string(m.shape[size_t(d)]));
      for (size_t k = 0; k < offs.size(); ++k) {
        if (!m.getB(offs[k]))
          continue;
        int64_t flat = int64_t(k);
        for (int64_t d = 0; d < m.rank(); ++d) {
          coords[size_t(d)].push_back(flat / st[size_t(d)]);
          flat %= st[size_t(d)];
        }
      }
      for (int64_t d = 0; d < m.rank(); ++d) {
        Item c;
        c.kind = ItemKind::IntArray;
        c.array = makeNumpy(NpDType::I64, {int64_t(coords[size_t(d)].size())});
        for (size_t k = 0; k < coords[size_t(d)].size(); ++k)
          arr(c.array).setI(int64_t(k), coords[size_t(d)][k]);
        full.push_back(c);
      }
      if (m.rank() == 0) {
        // x[True] / x[False]: a new axis of length 1 or 0.
        Item c;
        c.kind = ItemKind::IntArray;
        c.array = makeNumpy(NpDType::I64, {m.getB(m.offset) ? 1 : 0});
        if (m.getB(m.offset))
          arr(c.array).setI(0, 0);
        Item na;
        na.kind = ItemKind::NewAxis;
        full.push_back(na);
        // index the new axis with the mask's nonzero
        full.back().kind = ItemKind::NewAxis;
        (void)c;
      }
    } else {
      full.push_back(it);
    }
  }
  if (ellipses == 0)
    for (int64_t k = consumed; k < a.rank(); ++k) {
      Item s;
      s.kind = ItemKind::Slice;
      full.push_back(s);
    }

  Plan p;
  bool anyArray = false;
  for (auto &it : full)
    anyArray |= it.kind == ItemKind::IntArray;
  size_t axis = 0;
  if (!anyArray) {
    p.offset = a.offset;
    bool onlyInts = true;
    for (auto &it : full) {
      switch (it.kind) {
      case ItemKind::Int: {
        int64_t n = a.shape[axis], i = it.i;
        if (i < -n || i >= n)
          outOfBounds(i, axis, n);
        if (i < 0)
          i += n;
        p.offset += i * a.strides[axis];
        ++axis;
        break;
      }
      case ItemKind::Slice: {
        onlyInts = false;
        int64_t start = 0, step = 1, len = a.shape[axis];
        if (it.slice)
          sliceIndices(ev, *it.slice, a.shape[axis], start, step, len);
        p.offset += start * a.strides[axis];
        p.shape.push_back(len);
        p.strides.push_back(a.strides[axis] * step);
        ++axis;
        break;
      }
      case ItemKind::NewAxis:
        onlyInts = false;
        p.shape.push_back(1);
        p.strides.push_back(0);
        break;
      default:
        break;
      }
    }
    p.allInts = onlyInts && !full.empty();
    return p;
  }

  // Advanced indexing.
  p.basic = false;
  std::vector<Shape> advShapes;
  std::vector<int> advPos; // positions in `full` of advanced items
  for (size_t k = 0; k < full.size(); ++k) {
    if (full[k].kind == ItemKind::IntArray) {
      advShapes.push_back(arr(full[k].array).shape);
      advPos.push_back(int(k));
    } else if (full[k].kind == ItemKind::Int) {
      advShapes.push_back({});
      advPos.push_back(int(k));
    }
  }
  Shape B;
  try {
    B = broadcastShapes(advShapes);
  } catch (ParaxError &) {
    std::string list;
    for (auto &s : advShapes)
      list += (list.empty() ? "" : " ") + shapeStr(s);
    raise("IndexError", "shape mismatch: indexing arrays could not be broadcast together with "
                        "shapes " + list + " ");
  }
  bool adjacent = true;
  for (size_t k = 1; k < advPos.size(); ++k)
    adjacent &= advPos[k] == advPos[k - 1] + 1;
  // Output dims: each slice/newaxis contributes one; the block B goes at the
  // first advanced item when adjacent, else first.
  struct Dim {
    int item; // -1: the B block
  };
  std::vector<int> order; // item index per output slot, -1 for B block
  if (!adjacent)
    order.push_back(-1);
  for (size_t k = 0; k < full.size(); ++k) {
    ItemKind kd = full[k].kind;
    if (kd == ItemKind::Slice || kd == ItemKind::NewAxis)
      order.push_back(int(k));
    else if (adjacent && int(k) == advPos[0])
      order.push_back(-1);
  }
  // Per item: input axis, slice params.
  std::vector<int64_t> itemAxis(full.size(), -1), sStart(full.size()), sStep(full.size()),
      sLen(full.size());
  axis = 0;
  for (size_t k = 0; k < full.size(); ++k) {
    if (full[k].kind == ItemKind::NewAxis)
      continue;
    itemAxis[k] = int64_t(axis);
    if (full[k].kind == ItemKind::Slice) {
      sStart[k] = 0;
      sStep[k] = 1;
      sLen[k] = a.shape[axis];
      if (full[k].slice)
        sliceIndices(ev, *full[k].slice, a.shape[axis], sStart[k], sStep[k], sLen[k]);
    }
    ++axis;
  }
  for (int o : order) {
    if (o == -1)
      p.shape.insert(p.shape.end(), B.begin(), B.end());
    else
      p.shape.push_back(full[size_t(o)].kind == ItemKind::NewAxis ? 1 : sLen[size_t(o)]);
  }
  // Resolved (bounds-checked) index arrays broadcast over B.
  int64_t nB = numElements(B);
  std::vector<std::vector<int64_t>> advIdx(full.size());
  for (int k : advPos) {
    Item &it = full[size_t(k)];
    int64_t ax = itemAxis[size_t(k)], n = a.shape[size_t(ax)];
    std::vector<int64_t> &v = advIdx[size_t(k)];
    v.resize(static_cast<size_t>(nB));
    if (it.kind == ItemKind::Int) {
      int64_t i = it.i;
      if (i < -n || i >= n)
        outOfBounds(i, size_t(ax), n);
      std::fill(v.begin(), v.end(), i < 0 ? i + n : i);
    } else {
      NumpyArrayObj &ia = arr(it.array);
      forEachBroadcast(B, {&ia}, [&](int64_t j, const int64_t *o) {
        int64_t i = ia.getI(o[0]);
        if (i < -n || i >= n)
          outOfBounds(i, size_t(ax), n);
        v[size_t(j)] = i < 0 ? i + n : i;
      });
    }
  }
  // Enumerate the output in row-major order.
  int64_t total = numElements(p.shape);
  p.offs.resize(static_cast<size_t>(total));
  std::vector<int64_t> idx(p.shape.size(), 0);
  size_t bStart = 0;
  for (int o : order) {
    if (o == -1)
      break;
    ++bStart;
  }
  std::vector<int64_t> bStr = cStrides(B);
  for (int64_t t = 0; t < total; ++t) {
    int64_t off = a.offset;
    int64_t bFlat = 0;
    for (size_t d = 0; d < B.size(); ++d)
      bFlat += idx[bStart + d] * bStr[d];
    size_t slot = 0;
    for (int o : order) {
      if (o == -1) {
        slot += B.size();
        continue;
      }
      if (full[size_t(o)].kind == ItemKind::Slice) {
        int64_t ax = itemAxis[size_t(o)];
        off += (sStart[size_t(o)] + idx[slot] * sStep[size_t(o)]) * a.strides[size_t(ax)];
      }
      ++slot;
    }
    for (int k : advPos)
      off += advIdx[size_t(k)][size_t(bFlat)] * a.strides[size_t(itemAxis[size_t(k)])];
    p.offs[size_t(t)] = off;
    for (size_t d = p.shape.size(); d-- > 0;) {
      if (++idx[d] < p.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return p;
}

[[noreturn]] void cannotBroadcast(const Shape &from, const Shape &to, bool fancy) {
  if (fancy)
    raise("ValueError", "shape mismatch: value array of shape " + shapeStr(from) +
                            " could not be broadcast to indexing result of shape " +
                            shapeStr(to));
  raise("ValueError", "could not broadcast input array from shape " + shapeStr(from) +
                          " into shape " + shapeStr(to));
}

/// The value to assign, as an array of (or castable to) `dt`.
Value assignSource(Evaluator &ev, const Value &v, NpDType dt) {
  if (v.isNumber() || v.isSequence() || v.isStr())
    return toNumpy(ev, v, npKind(dt) == NpKind::Str ? std::optional<NpDType>() : std::nullopt);
  if (isNumpyArray(v) || v.isArray() || v.isTracer())
    return toNumpy(ev, v);
  raise("TypeError", "float() argument must be a string or a real number, not '" +
                         typeName(v) + "'");
}

bool broadcastsTo(const Shape &from, const Shape &to) {
  if (from.size() > to.size()) {
    // Leading 1s of the value may be dropped (numpy allows it).
    for (size_t i = 0; i < from.size() - to.size(); ++i)
      if (from[i] != 1)
        return false;
    Shape f(from.end() - long(to.size()), from.end());
    return broadcastsTo(f, to);
  }
  size_t lead = to.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i)
    if (from[i] != 1 && from[i] != to[lead + i])
      return false;
  return true;
}

/// `src` values in the row-major order of shape `to` (broadcast).
std::vector<int64_t> broadcastOffsets(NumpyArrayObj &s, const Shape &to) {
  std::vector<int64_t> offs;
  offs.reserve(static_cast<size_t>(numElements(to)));
  NumpyArrayObj view(npArrayClass());
  view.shape = s.shape;
  view.strides = s.strides;
  view.offset = s.offset;
  while (view.shape.size() > to.size()) {
    view.shape.erase(view.shape.begin());
    view.strides.erase(view.strides.begin());
  }
  forEachBroadcast(to, {&view}, [&](int64_t, const int64_t *o) { offs.push_back(o[0]); });
  return offs;
}

void requireWriteable(const NumpyArrayObj &a) {
  if (!a.writeable)
    raise("ValueError", "assignment destination is read-only",
          "the array is a read-only view (np.asarray of a JAX array, or flags.writeable "
          "was set to False); use np.array(x) for a writeable copy");
}

} // namespace

void npAssign(Evaluator &ev, NumpyArrayObj &dst, const Value &src0) {
  requireWriteable(dst);
  Value src = assignSource(ev, src0, dst.dtype);
  NumpyArrayObj &s = arr(src);
  if (!broadcastsTo(s.shape, dst.shape))
    cannotBroadcast(s.shape, dst.shape, false);
  std::vector<int64_t> so = broadcastOffsets(s, dst.shape);
  std::vector<int64_t> dOffs = dst.offsets();
  // Copy first when the source shares the buffer (a[1:] = a[:-1]).
  if (s.store == dst.store) {
    Value c = contiguousCopy(src);
    NumpyArrayObj &cs = arr(c);
    so = broadcastOffsets(cs, dst.shape);
    for (size_t i = 0; i < dOffs.size(); ++i)
      dst.setFrom(dOffs[i], cs, so[i]);
    return;
  }
  for (size_t i = 0; i < dOffs.size(); ++i)
    dst.setFrom(dOffs[i], s, so[i]);
}

Value npGetItem(Evaluator &ev, const Value &x, const Value &index) {
  NumpyArrayObj &a = arr(x);
  if (a.scalar && !(index.isTuple() && index.elements().empty()) &&
      !index.is(Value::Kind::Ellipsis))
    raise("IndexError", "invalid index to scalar variable.");
  Plan p = makePlan(ev, a, index);
  if (p.basic) {
    if (p.allInts || (index.isTuple() && index.elements().empty() && a.rank() == 0))
      return scalarAt(a, p.offset);
    return makeView(x, p.shape, p.strides, p.offset);
  }
  Value r = makeNumpy(a.dtype, p.shape);
  NumpyArrayObj &o = arr(r);
  o.strLen = a.strLen;
  for (size_t i = 0; i < p.offs.size(); ++i)
    o.setFrom(int64_t(i), a, p.offs[i]);
  return r;
}

void npSetItem(Evaluator &ev, const Value &x, const Value &index, const Value &v) {
  NumpyArrayObj &a = arr(x);
  if (a.scalar)
    raise("TypeError", "'" + npDTypeName(a.dtype) + "' object does not support item assignment");
  requireWriteable(a);
  Plan p = makePlan(ev, a, index);
  if (p.basic) {
    Value view = makeView(x, p.shape, p.strides, p.offset);
    NumpyArrayObj &vw = arr(view);
    vw.writeable = true;
    if (v.isNumber() && p.allInts) {
      if (v.isFloat())
        vw.setF(p.offset, v.asFloat());
      else
        vw.setI(p.offset, v.asInt());
      return;
    }
    npAssign(ev, vw, v);
    return;
  }
  Value src = assignSource(ev, v, a.dtype);
  NumpyArrayObj &s = arr(src);
  if (!broadcastsTo(s.shape, p.shape))
    cannotBroadcast(s.shape, p.shape, true);
  Value c = s.store == a.store ? contiguousCopy(src) : src;
  NumpyArrayObj &cs = arr(c);
  std::vector<int64_t> so = broadcastOffsets(cs, p.shape);
  for (size_t i = 0; i < p.offs.size(); ++i)
    a.setFrom(p.offs[i], cs, so[i]);
}

} // namespace parax::frontend
