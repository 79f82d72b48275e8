//===- KernelsReduce.cpp - reductions, arg-reductions, cumulative ops ----===//
//
// Float sums and products follow XLA's CPU pipeline where it is
// reproducible: inputs under 4096 elements go through the TreeReductionRewriter
// (windows of 32 per reduced dimension, "SAME" padding, repeated until every
// reduced dimension is <= 32, then one sequential pass), which this file
// replays exactly. Larger inputs use pairwise summation (8 lanes, halving),
// accurate to ~1e-7 relative on positive data. float16/bfloat16 sums and
// products accumulate in float32 (as jnp.sum does) and round once.
//
// Cumulative float sums/products replay XLA's ReduceWindowRewriter (base 16:
// per-row window scans, an exclusive scan of the row totals, then one add),
// recursively, which matches jnp.cumsum bit for bit (float16/bfloat16 round
// every add, as XLA does). Reductions over size-1 dims and one-element scans
// copy their input, as XLA's simplifier does (keeping -0 and denormals).
// Everything else is order-independent (integers wrap; max/min propagate
// NaN).
//
//===----------------------------------------------------------------------===//
#include "ir/OpRules.h"
#include "runtime/Kernels.h"
#include "runtime/KernelsCommon.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace parax::runtime {

using namespace detail;
using ir::OpKind;

namespace {

//===----------------------------------------------------------------------===//
// Scalar combiners
//===----------------------------------------------------------------------===//

/// The float32 combine step of each combiner (the reduction kinds map to
/// theirs through ir/ops/Reductions.def at the entry points below).
float combineF(OpKind k, float a, float b) {
  switch (k) {
  case OpKind::Add:
    return a + b;
  case OpKind::Mul:
    return a * b;
  case OpKind::Max:
    return maxFloat(a, b);
  case OpKind::Min:
    return minFloat(a, b);
  default:
    PARAX_ASSERT(false) << "not a float reduction: " << mnemonic(k);
  }
  return 0;
}

/// The initial value of each float reduction.
float identityF(OpKind k) {
  switch (k) {
  case OpKind::Add:
    return 0.0f;
  case OpKind::Mul:
    return 1.0f;
  case OpKind::Max:
    return -std::numeric_limits<float>::infinity();
  case OpKind::Min:
    return std::numeric_limits<float>::infinity();
  default:
    PARAX_ASSERT(false) << "no float identity for " << mnemonic(k);
  }
  return 0;
}

/// Integer / bool reductions (wrapping; bool sum = or, prod = and).
template <typename T> T combineI(OpKind k, T a, T b) {
  if constexpr (std::is_same_v<T, bool>) {
    switch (k) {
    case OpKind::Add:
    case OpKind::Max:
    case OpKind::Or:
      return a || b;
    case OpKind::Mul:
    case OpKind::Min:
    case OpKind::And:
      return a && b;
    default:
      PARAX_ASSERT(false) << "bad reduction " << mnemonic(k);
    }
    return a;
  } else {
    using U = std::make_unsigned_t<T>;
    switch (k) {
    case OpKind::Add:
      return T(U(a) + U(b));
    case OpKind::Mul:
    {
      // At least 32-bit unsigned, so int8/int16 cannot overflow int.
      using W = std::conditional_t<(sizeof(T) > 4), U, uint32_t>;
      return T(W(U(a)) * W(U(b)));
    }
    case OpKind::Max:
      return a > b ? a : b;
    case OpKind::Min:
      return a < b ? a : b;
    case OpKind::And:
      return T(a & b);
    case OpKind::Or:
      return T(a | b);
    default:
      PARAX_ASSERT(false) << "bad reduction " << mnemonic(k);
    }
    return a;
  }
}

/// The initial value of each integer / bool reduction.
template <typename T> T identityI(OpKind k) {
  switch (k) {
  case OpKind::Add:
  case OpKind::Or:
    return T(0);
  case OpKind::Mul:
    return T(1);
  case OpKind::Max:
    return std::numeric_limits<T>::min();
  case OpKind::Min:
    return std::numeric_limits<T>::max();
  case OpKind::And:
    if constexpr (std::is_same_v<T, bool>)
      return true;
    else
      return T(~T(0));
  default:
    PARAX_ASSERT(false) << "bad reduction " << mnemonic(k);
  }
  return T(0);
}

//===----------------------------------------------------------------------===//
// Layout: [outer, reduced, inner]
//===----------------------------------------------------------------------===//

/// Brings the reduced axes next to each other: returns the (possibly
/// transposed) input viewed as [A, R, B] with the kept axes' order preserved.
struct Grouped {
  Array data;
  int64_t a = 1, r = 1, b = 1;
};

Grouped group(const Array &x, const std::vector<int64_t> &axes) {
  int64_t rank = x.rank();
  std::vector<bool> red(rank, false);
  for (int64_t ax : axes) {
    PARAX_ASSERT(ax >= 0 && ax < rank) << "reduction axis out of range";
    red[ax] = true;
  }
  // Size-1 dims do not matter for contiguity.
  int64_t first = -1, last = -1;
  bool contiguous = true;
  for (int64_t d = 0; d < rank; ++d) {
    if (!red[d] || x.shape()[d] == 1)
      continue;
    if (first < 0)
      first = d;
    else if (last != d - 1)
      for (int64_t e = last + 1; e < d; ++e)
        if (x.shape()[e] != 1)
          contiguous = false;
    last = d;
  }
  Grouped g;
  int64_t total = x.size();
  int64_t rsize = 1;
  for (int64_t ax : axes)
    rsize *= x.shape()[ax];
  g.r = rsize;
  if (first < 0) { // all reduced dims have size 1 (or no axes)
    g.data = x;
    g.a = total;
    g.b = 1;
    return g;
  }
  if (contiguous) {
    g.data = x;
    g.a = product(x.shape(), 0, first);
    g.b = product(x.shape(), last + 1, rank);
    // Size-1 reduced dims outside [first, last] are harmless.
    return g;
  }
  std::vector<int64_t> perm;
  Shape ts;
  for (int64_t d = 0; d < rank; ++d)
    if (!red[d]) {
      perm.push_back(d);
      ts.push_back(x.shape()[d]);
    }
  for (int64_t d = 0; d < rank; ++d)
    if (red[d]) {
      perm.push_back(d);
      ts.push_back(x.shape()[d]);
    }
  g.data = transposeOp(x, perm, TensorType{x.dtype(), ts, x.weak()});
  g.a = rsize ? total / rsize : product(ts, 0, rank - int64_t(axes.size()));
  g.b = 1;
  return g;
}

//===----------------------------------------------------------------------===//
// Float sum/product: XLA's tree reduction (small) and pairwise (large)
//===----------------------------------------------------------------------===//

/// Replays XLA's TreeReductionRewriter + final sequential reduce on `v`
/// (row-major, `shape`), reducing `red` dims with `k` (sum or prod).
std::vector<float> xlaTreeReduce(OpKind k, std::vector<float> v, Shape shape,
                                 const std::vector<bool> &red) {
  const int64_t kWindow = 32;
  float init = identityF(k);
  int64_t rank = int64_t(shape.size());
  for (;;) {
    bool big = false;
    for (int64_t d = 0; d < rank; ++d)
      big |= red[d] && shape[d] > kWindow;
    if (!big)
      break;
    // reduce-window with window min(dim, 32) per reduced dim, SAME padding.
    Shape out = shape, win(rank, 1), padLo(rank, 0);
    for (int64_t d = 0; d < rank; ++d)
      if (red[d]) {
        win[d] = std::min(shape[d], kWindow);
        out[d] = (shape[d] + win[d] - 1) / win[d];
        padLo[d] = (out[d] * win[d] - shape[d]) / 2;
      }
    std::vector<int64_t> inStrides = stridesOf(shape);
    std::vector<float> nv(size_t(numElements(out)));
    std::vector<int64_t> oi(rank, 0), wi(rank, 0);
    for (size_t o = 0; o < nv.size(); ++o) {
      float acc = init;
      std::fill(wi.begin(), wi.end(), 0);
      for (;;) {
        int64_t off = 0;
        bool in = true;
        for (int64_t d = 0; d < rank; ++d) {
          int64_t p = oi[d] * win[d] + wi[d] - padLo[d];
          if (p < 0 || p >= shape[d])
            in = false;
          off += p * inStrides[d];
        }
        acc = combineF(k, acc, in ? v[size_t(off)] : init);
        int64_t d = rank - 1;
        for (; d >= 0; --d) {
          if (++wi[d] < win[d])
            break;
          wi[d] = 0;
        }
        if (d < 0)
          break;
      }
      nv[o] = acc;
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++oi[d] < out[d])
          break;
        oi[d] = 0;
      }
    }
    v = std::move(nv);
    shape = out;
  }
  // Final reduce: sequential over the reduced dims in row-major order.
  Shape keptShape;
  for (int64_t d = 0; d < rank; ++d)
    if (!red[d])
      keptShape.push_back(shape[d]);
  std::vector<float> res(size_t(numElements(keptShape)), init);
  std::vector<int64_t> idx(rank, 0);
  std::vector<int64_t> keptStrides = stridesOf(keptShape);
  for (size_t i = 0; i < v.size(); ++i) {
    int64_t ko = 0, kd = 0;
    for (int64_t d = 0; d < rank; ++d)
      if (!red[d])
        ko += idx[d] * keptStrides[kd++];
    res[size_t(ko)] = combineF(k, res[size_t(ko)], v[i]);
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++idx[d] < shape[d])
        break;
      idx[d] = 0;
    }
  }
  return res;
}

/// Pairwise sum / product of a contiguous run (8 lanes, halving above 256).
template <bool Prod> float pairwise(const float *p, int64_t n) {
  if (n < 8) {
    float s = Prod ? 1.0f : 0.0f;
    for (int64_t i = 0; i < n; ++i)
      s = Prod ? s * p[i] : s + p[i];
    return s;
  }
  if (n <= 256) {
    float r[8];
    for (int j = 0; j < 8; ++j)
      r[j] = p[j];
    int64_t i = 8;
    for (; i + 8 <= n; i += 8)
      for (int j = 0; j < 8; ++j)
        r[j] = Prod ? r[j] * p[i + j] : r[j] + p[i + j];
    float s;
    if (Prod)
      s = ((r[0] * r[1]) * (r[2] * r[3])) * ((r[4] * r[5]) * (r[6] * r[7]));
    else
      s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i)
      s = Prod ? s * p[i] : s + p[i];
    return s;
  }
  int64_t h = n / 2;
  h -= h % 8;
  float a = pairwise<Prod>(p, h), b = pairwise<Prod>(p + h, n - h);
  return Prod ? a * b : a + b;
}

/// Pairwise over `rows` rows of `w` floats (row stride `ld`), into `out`.
template <bool Prod>
void pairwiseRows(const float *p, int64_t rows, int64_t w, int64_t ld,
                  float *out, std::vector<float> &scratch, int64_t depth) {
  if (rows <= 8) {
    for (int64_t j = 0; j < w; ++j)
      out[j] = Prod ? 1.0f : 0.0f;
    for (int64_t r = 0; r < rows; ++r) {
      const float *row = p + r * ld;
      for (int64_t j = 0; j < w; ++j)
        out[j] = Prod ? out[j] * row[j] : out[j] + row[j];
    }
    return;
  }
  int64_t h = rows / 2;
  size_t need = size_t((depth + 1) * w);
  if (scratch.size() < need)
    scratch.resize(need);
  pairwiseRows<Prod>(p, h, w, ld, out, scratch, depth + 1);
  pairwiseRows<Prod>(p + h * ld, rows - h, w, ld, scratch.data() + depth * w,
                     scratch, depth + 1);
  const float *t = scratch.data() + depth * w;
  for (int64_t j = 0; j < w; ++j)
    out[j] = Prod ? out[j] * t[j] : out[j] + t[j];
}

/// Float sum/product of float32 data `x` (any layout) over `axes`.
std::vector<float> floatSumProd(OpKind k, const Array &x32,
                                const std::vector<int64_t> &axes) {
  int64_t rank = x32.rank();
  if (x32.size() < 4096) {
    std::vector<bool> red(rank, false);
    for (int64_t a : axes)
      red[a] = true;
    const float *p = x32.data<float>();
    return xlaTreeReduce(k, std::vector<float>(p, p + x32.size()), x32.shape(),
                         red);
  }
  Grouped g = group(x32, axes);
  std::vector<float> res(size_t(g.a * g.b));
  const float *p = g.data.data<float>();
  bool prod = k == OpKind::Mul;
  std::vector<float> scratch;
  for (int64_t a = 0; a < g.a; ++a) {
    const float *seg = p + a * g.r * g.b;
    if (g.b == 1) {
      res[size_t(a)] =
          prod ? pairwise<true>(seg, g.r) : pairwise<false>(seg, g.r);
      continue;
    }
    const int64_t kTile = 512; // columns per pass (scratch stays in L1/L2)
    for (int64_t j0 = 0; j0 < g.b; j0 += kTile) {
      int64_t w = std::min(kTile, g.b - j0);
      float *out = res.data() + a * g.b + j0;
      if (prod)
        pairwiseRows<true>(seg + j0, g.r, w, g.b, out, scratch, 0);
      else
        pairwiseRows<false>(seg + j0, g.r, w, g.b, out, scratch, 0);
    }
  }
  return res;
}

/// Order-independent reduction of [A, R, B] data with an inlined combiner.
template <typename T, typename V, typename Load, typename Store, typename Op>
void reduceABR(const T *p, const Grouped &g, V init, T *out, Load load,
               Store store, Op op) {
  if (g.b == 1) {
    for (int64_t a = 0; a < g.a; ++a) {
      const T *seg = p + a * g.r;
      V acc = init;
      for (int64_t r = 0; r < g.r; ++r)
        acc = op(acc, load(seg[r]));
      out[a] = store(acc);
    }
    return;
  }
  std::vector<V> acc(static_cast<size_t>(g.b));
  for (int64_t a = 0; a < g.a; ++a) {
    std::fill(acc.begin(), acc.end(), init);
    const T *seg = p + a * g.r * g.b;
    for (int64_t r = 0; r < g.r; ++r) {
      const T *row = seg + r * g.b;
      for (int64_t j = 0; j < g.b; ++j)
        acc[size_t(j)] = op(acc[size_t(j)], load(row[j]));
    }
    for (int64_t j = 0; j < g.b; ++j)
      out[a * g.b + j] = store(acc[size_t(j)]);
  }
}

/// float64 reductions: XLA's max/min (NaN propagates, denormals count as
/// zeros) and sums/products accumulated in double, pairwise so long sums
/// keep their precision.
double dazDouble(double x) {
  uint64_t b;
  std::memcpy(&b, &x, 8);
  if ((b & 0x7ff0000000000000ull) == 0)
    b &= 0x8000000000000000ull;
  std::memcpy(&x, &b, 8);
  return x;
}
double combineD(OpKind k, double a, double b) {
  switch (k) {
  case OpKind::Add:
    return a + b;
  case OpKind::Mul:
    return a * b;
  case OpKind::Max:
    a = dazDouble(a), b = dazDouble(b);
    if (a != a || b != b)
      return a != a ? a : b;
    return a == b ? (std::signbit(a) ? b : a) : (a > b ? a : b);
  case OpKind::Min:
    a = dazDouble(a), b = dazDouble(b);
    if (a != a || b != b)
      return a != a ? a : b;
    return a == b ? (std::signbit(a) ? a : b) : (a < b ? a : b);
  default:
    PARAX_ASSERT(false) << "not a float reduction: " << mnemonic(k);
  }
  return 0;
}
double identityD(OpKind k) {
  switch (k) {
  case OpKind::Mul:
    return 1.0;
  case OpKind::Max:
    return -std::numeric_limits<double>::infinity();
  case OpKind::Min:
    return std::numeric_limits<double>::infinity();
  default:
    return 0.0;
  }
}
/// Pairwise combination of `n` elements `p[0], p[st], ...`.
double pairwiseD(OpKind k, const double *p, int64_t n, int64_t st) {
  if (n <= 16) {
    double acc = identityD(k);
    for (int64_t i = 0; i < n; ++i)
      acc = combineD(k, acc, p[i * st]);
    return acc;
  }
  int64_t h = n / 2;
  return combineD(k, pairwiseD(k, p, h, st), pairwiseD(k, p + h * st, n - h, st));
}

Array toF32(const Array &x) {
  if (x.dtype() == DType::F32)
    return x;
  return convertOp(x, TensorType{DType::F32, x.shape(), false});
}

} // namespace

//===----------------------------------------------------------------------===//
// reduce_*
//===----------------------------------------------------------------------===//

Array reduceOp(OpKind kind, const Array &x, const std::vector<int64_t> &axes,
               const TensorType &resultType) {
  // The helpers key on the combiner (ir/ops/Reductions.def).
  const OpKind k = ir::reductionCombiner(kind);
  ScopedFlushDenormal ftz;
  Array y = newArray(resultType);
  int64_t reduced = 1;
  for (int64_t a : axes)
    reduced *= x.shape()[a];
  PARAX_ASSERT(y.size() * reduced == x.size() || x.size() == 0)
      << "reduce: result shape does not match axes";
  if (reduced == 1) { // XLA simplifies this to a reshape: values unchanged
    std::memcpy(y.raw(), x.raw(), size_t(x.byteSize()));
    return y;
  }
  DType dt = x.dtype();
  if (dt == DType::F64) {
    Grouped g = group(x, axes);
    const double *p = g.data.template data<double>();
    double *out = y.data<double>();
    for (int64_t a = 0; a < g.a; ++a)
      for (int64_t j = 0; j < g.b; ++j)
        out[a * g.b + j] = pairwiseD(k, p + a * g.r * g.b + j, g.r, g.b);
    return y;
  }
  if (isFloat(dt) && x.size() > 0 &&
      (k == OpKind::Add || k == OpKind::Mul)) {
    std::vector<float> r = floatSumProd(k, toF32(x), axes);
    dispatch(dt, [&](auto tag) {
      using Tg = decltype(tag);
      if constexpr (Tg::isFloat) {
        auto *out = y.data<typename Tg::T>();
        for (size_t i = 0; i < r.size(); ++i)
          out[i] = fromFloat<Tg::kind>(r[i]);
      }
    });
    return y;
  }
  Grouped g = group(x, axes);
  dispatch(dt, [&](auto tag) {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    const T *p = g.data.template data<T>();
    T *out = y.data<T>();
    if constexpr (Tg::isFloat) {
      auto load = [](T v) { return toFloat<Tg::kind>(v); };
      auto store = [](float v) { return fromFloat<Tg::kind>(v); };
      float init = identityF(k);
      if constexpr (Tg::kind == DType::F32) {
        bool mm = k == OpKind::Max || k == OpKind::Min;
        if (mm && g.b == 1) { // contiguous runs: the vectorised loop
          for (int64_t a = 0; a < g.a; ++a)
            out[a] = reduceMaxMinF32(p + a * g.r, g.r, k == OpKind::Max);
          return;
        }
      }
      switch (k) {
      case OpKind::Max:
        reduceABR(p, g, init, out, load, store,
                  [](float a, float b) { return maxFloat(a, b); });
        break;
      case OpKind::Min:
        reduceABR(p, g, init, out, load, store,
                  [](float a, float b) { return minFloat(a, b); });
        break;
      case OpKind::Add: // only reached for empty inputs
        reduceABR(p, g, init, out, load, store,
                  [](float a, float b) { return a + b; });
        break;
      case OpKind::Mul:
        reduceABR(p, g, init, out, load, store,
                  [](float a, float b) { return a * b; });
        break;
      default:
        PARAX_ASSERT(false) << mnemonic(k) << " is not defined for floats";
      }
    } else {
      using C = std::conditional_t<Tg::isBool, bool, T>;
      auto load = [](T v) { return C(v); };
      auto store = [](C v) { return T(v); };
      C init = identityI<C>(k);
      switch (k) {
      case OpKind::Add:
        reduceABR(p, g, init, out, load, store, [](C a, C b) {
          return combineI<C>(OpKind::Add, a, b);
        });
        break;
      case OpKind::Mul:
        reduceABR(p, g, init, out, load, store, [](C a, C b) {
          return combineI<C>(OpKind::Mul, a, b);
        });
        break;
      case OpKind::Max:
        reduceABR(p, g, init, out, load, store,
                  [](C a, C b) { return a > b ? a : b; });
        break;
      case OpKind::Min:
        reduceABR(p, g, init, out, load, store,
                  [](C a, C b) { return a < b ? a : b; });
        break;
      case OpKind::And:
        reduceABR(p, g, init, out, load, store, [](C a, C b) {
          return combineI<C>(OpKind::And, a, b);
        });
        break;
      case OpKind::Or:
        reduceABR(p, g, init, out, load, store,
                  [](C a, C b) { return combineI<C>(OpKind::Or, a, b); });
        break;
      default:
        PARAX_ASSERT(false) << "bad reduction " << mnemonic(k);
      }
    }
  });
  return y;
}

//===----------------------------------------------------------------------===//
// argmax / argmin
//===----------------------------------------------------------------------===//

Array argReduceOp(OpKind k, const Array &x, int64_t axis,
                  const TensorType &resultType) {
  ScopedFlushDenormal ftz;
  Array y = newArray(resultType);
  // The index dtype: int32, or int64 with x64 enabled.
  auto store = [&y](int64_t at, int64_t v) { y.setInt(at, v); };
  int64_t a = product(x.shape(), 0, axis), r = x.shape()[axis],
          b = product(x.shape(), axis + 1, x.rank());
  PARAX_ASSERT(ir::reduceFamily(k) == ir::ReduceFamily::Arg)
      << "argReduceOp: " << mnemonic(k);
  bool isMax = ir::reductionCombiner(k) == OpKind::Max;
  dispatch(x.dtype(), [&](auto tag) {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    using V = std::conditional_t<
        Tg::isF64, double,
        std::conditional_t<Tg::isFloat, float,
                           std::conditional_t<Tg::kind == DType::U64,
                                              uint64_t, int64_t>>>;
    const T *p = x.data<T>();
    auto val = [](T v) -> V {
      if constexpr (Tg::isF64)
        return v;
      else if constexpr (Tg::isFloat)
        return toFloat<Tg::kind>(v);
      else
        return V(v);
    };
    for (int64_t i = 0; i < a; ++i)
      for (int64_t j = 0; j < b; ++j) {
        const T *col = p + i * r * b + j;
        int64_t best = 0;
        if (r > 0) {
          V bv = val(col[0]);
          for (int64_t q = 1; q < r; ++q) {
            if constexpr (Tg::isFloat)
              if (bv != bv) // the first NaN wins
                break;
            V v = val(col[q * b]);
            bool better = isMax ? v > bv : v < bv;
            if constexpr (Tg::isFloat)
              better = better || v != v;
            if (better) {
              bv = v;
              best = q;
            }
          }
        }
        store(i * b + j, best);
      }
  });
  return y;
}

//===----------------------------------------------------------------------===//
// cumsum / cumprod / cummax / cummin
//===----------------------------------------------------------------------===//

namespace {

/// XLA's reduce-window scan of `n` values (in place in `v`), `base` = 16:
/// each output is a left-to-right fold from `init` over its window; longer
/// scans are tiled into rows of 16 plus an exclusive scan of the row totals
/// (ReduceWindowRewriter), recursively. `comb` is the (inlined) reduction,
/// `round` rounds every combine to the dtype.
template <typename Comb, typename Round>
void xlaScan(float *v, int64_t n, bool reverse, float init, Comb comb,
             Round round) {
  const int64_t kBase = 16;
  auto windowScan = [&](float *x, int64_t len) {
    if (!reverse) { // window [0, j]: the running fold
      float acc = init;
      for (int64_t j = 0; j < len; ++j)
        x[j] = acc = round(comb(acc, x[j]));
      return;
    }
    float out[kBase]; // window [j, len): each folded from init
    for (int64_t j = 0; j < len; ++j) {
      float acc = init;
      for (int64_t q = j; q < len; ++q)
        acc = round(comb(acc, x[q]));
      out[j] = acc;
    }
    std::copy(out, out + len, x);
  };
  if (n <= kBase) {
    windowScan(v, n);
    return;
  }
  // Rows scan in place; the last, partial row is padded with `init`.
  int64_t rows = (n + kBase - 1) / kBase;
  std::vector<float> totals(static_cast<size_t>(rows));
  for (int64_t r = 0; r < rows; ++r) {
    float *row = v + r * kBase;
    int64_t len = std::min(kBase, n - r * kBase);
    float tmp[kBase];
    float *w = row;
    if (len < kBase) {
      std::fill(tmp, tmp + kBase, init);
      std::copy(row, row + len, tmp);
      w = tmp;
    }
    windowScan(w, kBase);
    totals[size_t(r)] = w[reverse ? 0 : kBase - 1];
    if (w != row)
      std::copy(tmp, tmp + len, row);
  }
  // Inclusive scan of the totals, then each row adds the exclusive prefix:
  // the previous (next, if reverse) row's inclusive total.
  xlaScan(totals.data(), rows, reverse, init, comb, round);
  for (int64_t r = 0; r < rows; ++r) {
    float e = init;
    if (!reverse && r > 0)
      e = totals[size_t(r - 1)];
    if (reverse && r + 1 < rows)
      e = totals[size_t(r + 1)];
    int64_t end = std::min(kBase, n - r * kBase);
    float *row = v + r * kBase;
    for (int64_t j = 0; j < end; ++j)
      row[j] = round(comb(row[j], e));
  }
}

} // namespace

Array cumulativeOp(OpKind kind, const Array &x, int64_t axis, bool reverse) {
  const OpKind k = ir::reductionCombiner(kind);
  ScopedFlushDenormal ftz;
  Array y = newArray(x.type());
  int64_t a = product(x.shape(), 0, axis), r = x.shape()[axis],
          b = product(x.shape(), axis + 1, x.rank());
  if (r == 1) { // a one-element window: XLA leaves the values (and -0) alone
    std::memcpy(y.raw(), x.raw(), size_t(x.byteSize()));
    return y;
  }
  dispatch(x.dtype(), [&](auto tag) {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    const T *p = x.data<T>();
    T *out = y.data<T>();
    if constexpr (Tg::isF64) {
      // float64 scans accumulate in order, in double.
      for (int64_t i = 0; i < a; ++i)
        for (int64_t j = 0; j < b; ++j) {
          const double *src = p + i * r * b + j;
          double *dst = out + i * r * b + j;
          double acc = identityD(k);
          for (int64_t q = 0; q < r; ++q) {
            int64_t qq = reverse ? r - 1 - q : q;
            acc = combineD(k, acc, src[qq * b]);
            dst[qq * b] = acc;
          }
        }
    } else if constexpr (Tg::isFloat) {
      float init = identityF(k);
      std::vector<float> col(static_cast<size_t>(r));
      for (int64_t i = 0; i < a; ++i)
        for (int64_t j = 0; j < b; ++j) {
          const T *src = p + i * r * b + j;
          T *dst = out + i * r * b + j;
          // Scan a float32 copy of the column (the output itself when it is
          // a contiguous float32 run).
          float *c = col.data();
          bool inPlace = false;
          if constexpr (Tg::kind == DType::F32) {
            if (b == 1) {
              std::memcpy(dst, src, size_t(r) * sizeof(float));
              c = dst;
              inPlace = true;
            }
          }
          if (!inPlace)
            for (int64_t q = 0; q < r; ++q)
              c[q] = toFloat<Tg::kind>(src[q * b]);
          auto round = [](float f) {
            return toFloat<Tg::kind>(fromFloat<Tg::kind>(f));
          };
          if (k == OpKind::Add) {
            xlaScan(
                c, r, reverse, init, [](float u, float v) { return u + v; },
                round);
          } else if (k == OpKind::Mul) {
            xlaScan(
                c, r, reverse, init, [](float u, float v) { return u * v; },
                round);
          } else { // max/min: order does not matter
            float acc = init;
            for (int64_t q = 0; q < r; ++q) {
              int64_t qq = reverse ? r - 1 - q : q;
              acc = combineF(k, acc, c[qq]);
              c[qq] = acc;
            }
          }
          if (!inPlace)
            for (int64_t q = 0; q < r; ++q)
              dst[q * b] = fromFloat<Tg::kind>(c[q]);
        }
    } else {
      using C = std::conditional_t<Tg::isBool, bool, T>;
      C init = identityI<C>(k);
      for (int64_t i = 0; i < a; ++i)
        for (int64_t j = 0; j < b; ++j) {
          const T *src = p + i * r * b + j;
          T *dst = out + i * r * b + j;
          C acc = init;
          for (int64_t q = 0; q < r; ++q) {
            int64_t qq = reverse ? r - 1 - q : q;
            acc = combineI<C>(k, acc, C(src[qq * b]));
            dst[qq * b] = T(acc);
          }
        }
    }
  });
  return y;
}

} // namespace parax::runtime
