//===- KernelsShape.cpp - data-movement kernels --------------------------===//
//
// broadcast_in_dim, transpose, rev, slice, concatenate, pad, dynamic slices,
// take and scatter. All of them reduce to one strided-copy engine: describe
// the source and destination by an offset plus per-dimension strides, merge
// dimensions that stay contiguous in both, and copy the innermost dimension
// with memcpy / fill / a strided loop (never dividing to recover an index in
// the hot loop). Transposes whose innermost dimensions swap are done in
// cache-sized tiles.
//
//===----------------------------------------------------------------------===//
#include "runtime/Kernels.h"
#include "runtime/KernelsCommon.h"

#include <algorithm>
#include <cmath>

namespace parax::runtime {

using namespace detail;

namespace {

/// A strided view: element (i0, i1, ...) lives at off + sum(i_d * stride_d).
struct View {
  int64_t off = 0;
  std::vector<int64_t> strides;
};

/// Drops size-1 dimensions and merges neighbours that are contiguous in both
/// views, so the common cases become one long innermost dimension.
void coalesce(std::vector<int64_t> &dims, View &s, View &d) {
  std::vector<int64_t> nd, ns, nt;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == 1)
      continue;
    if (!nd.empty() && ns.back() == s.strides[i] * dims[i] &&
        nt.back() == d.strides[i] * dims[i]) {
      nd.back() *= dims[i];
      ns.back() = s.strides[i];
      nt.back() = d.strides[i];
      continue;
    }
    nd.push_back(dims[i]);
    ns.push_back(s.strides[i]);
    nt.push_back(d.strides[i]);
  }
  dims = std::move(nd);
  s.strides = std::move(ns);
  d.strides = std::move(nt);
}

template <typename T>
void copyRow(const T *src, int64_t ss, T *dst, int64_t ds, int64_t n) {
  if (ss == 1 && ds == 1) {
    std::memcpy(dst, src, size_t(n) * sizeof(T));
  } else if (ss == 0 && ds == 1) {
    T v = *src;
    for (int64_t i = 0; i < n; ++i)
      dst[i] = v;
  } else if (ds == 1) {
    for (int64_t i = 0; i < n; ++i)
      dst[i] = src[i * ss];
  } else {
    for (int64_t i = 0; i < n; ++i)
      dst[i * ds] = src[i * ss];
  }
}

/// Copies the 2-D slab [rows, cols] where the destination is contiguous
/// along cols and the source contiguous along rows, in 16x16 tiles (each
/// tile touches 16 source lines, which stay cached across its rows).
template <typename T>
void transposeTile(const T *src, int64_t sRow, int64_t sCol, T *dst,
                   int64_t dRow, int64_t dCol, int64_t rows, int64_t cols) {
  constexpr int64_t kTile = 16;
  for (int64_t r0 = 0; r0 < rows; r0 += kTile)
    for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
      int64_t nr = std::min(kTile, rows - r0), nc = std::min(kTile, cols - c0);
      for (int64_t r = 0; r < nr; ++r) {
        const T *s = src + (r0 + r) * sRow + c0 * sCol;
        T *d = dst + (r0 + r) * dRow + c0 * dCol;
        for (int64_t c = 0; c < nc; ++c)
          d[c * dCol] = s[c * sCol];
      }
    }
}

/// The copy engine: for every index of `dims`, dst[view] = src[view].
template <typename T>
void stridedCopyT(const T *src, View s, T *dst, View d,
                  std::vector<int64_t> dims) {
  for (int64_t x : dims)
    if (x == 0)
      return;
  coalesce(dims, s, d);
  src += s.off;
  dst += d.off;
  int64_t r = int64_t(dims.size());
  if (r == 0) {
    *dst = *src;
    return;
  }
  // A destination-contiguous innermost dim gathering with a large source
  // stride while another dim is source-contiguous: tile that pair.
  int64_t inner = r - 1, tileDim = -1;
  if (s.strides[inner] != 1 && s.strides[inner] != 0 && dims[inner] >= 8)
    for (int64_t i = 0; i < inner; ++i)
      if (s.strides[i] == 1 && dims[i] >= 8)
        tileDim = i;
  if (tileDim >= 0) {
    std::vector<int64_t> odims, oss, ods;
    for (int64_t i = 0; i < inner; ++i)
      if (i != tileDim) {
        odims.push_back(dims[i]);
        oss.push_back(s.strides[i]);
        ods.push_back(d.strides[i]);
      }
    // A large 2-D transpose (a BLAS operand's, say) splits its rows over
    // the pool when the kernel runs with one (IntraOp): a copy, the same
    // bits in any split.
    const IntraOp *io = currentIntraOp();
    int64_t rows = dims[tileDim], cols = dims[inner];
    int64_t parts = std::min<int64_t>(int64_t(io ? io->width : 1) * 2, rows / 64);
    if (odims.empty() && io && io->parallelFor && io->width > 1 && parts > 1 &&
        rows * cols >= (int64_t(1) << 18)) {
      int64_t sr = s.strides[tileDim], sc = s.strides[inner];
      int64_t dr = d.strides[tileDim], dc = d.strides[inner];
      io->parallelFor(parts, [&](int64_t p) {
        int64_t lo = (rows * p / parts) & ~int64_t(15);
        int64_t hi = p + 1 == parts ? rows : (rows * (p + 1) / parts) & ~int64_t(15);
        if (hi > lo)
          transposeTile(src + lo * sr, sr, sc, dst + lo * dr, dr, dc, hi - lo, cols);
      });
      return;
    }
    Odometer os(odims, oss), od(odims, ods);
    do {
      transposeTile(src + os.offset(), s.strides[tileDim], s.strides[inner],
                    dst + od.offset(), d.strides[tileDim], d.strides[inner],
                    dims[tileDim], dims[inner]);
      od.next();
    } while (os.next());
    return;
  }
  std::vector<int64_t> odims(dims.begin(), dims.end() - 1);
  std::vector<int64_t> oss(s.strides.begin(), s.strides.end() - 1);
  std::vector<int64_t> ods(d.strides.begin(), d.strides.end() - 1);
  Odometer os(odims, oss), od(odims, ods);
  do {
    copyRow(src + os.offset(), s.strides[inner], dst + od.offset(),
            d.strides[inner], dims[inner]);
    od.next();
  } while (os.next());
}

void stridedCopy(DType dt, const void *src, const View &s, void *dst,
                 const View &d, const std::vector<int64_t> &dims) {
  dispatchBytes(dt, [&](auto t) {
    using T = decltype(t);
    stridedCopyT(static_cast<const T *>(src), s, static_cast<T *>(dst), d,
                 dims);
  });
}

View rowMajor(const Shape &shape) { return View{0, stridesOf(shape)}; }

/// Fills `y` with the scalar `v` (same dtype).
void fill(Array &y, const Array &v) {
  dispatchBytes(y.dtype(), [&](auto t) {
    using T = decltype(t);
    T x = *v.data<T>();
    T *p = y.data<T>();
    for (int64_t i = 0, n = y.size(); i < n; ++i)
      p[i] = x;
  });
}

} // namespace

Array broadcastInDimOp(const Array &x, const TensorType &resultType,
                       const std::vector<int64_t> &dims) {
  PARAX_ASSERT(int64_t(dims.size()) == x.rank())
      << "broadcast_in_dim: dims size";
  Array y = newArray(resultType);
  const Shape &rs = resultType.shape;
  std::vector<int64_t> inStrides = stridesOf(x.shape());
  View s{0, std::vector<int64_t>(rs.size(), 0)};
  for (size_t j = 0; j < dims.size(); ++j) {
    PARAX_ASSERT(dims[j] >= 0 && dims[j] < int64_t(rs.size()) &&
                 (x.shape()[j] == 1 || x.shape()[j] == rs[dims[j]]))
        << "broadcast_in_dim: bad dims";
    if (x.shape()[j] != 1)
      s.strides[dims[j]] = inStrides[j];
  }
  stridedCopy(x.dtype(), x.raw(), s, y.raw(), rowMajor(rs), rs);
  return y;
}

Array transposeOp(const Array &x, const std::vector<int64_t> &perm,
                  const TensorType &resultType) {
  PARAX_ASSERT(int64_t(perm.size()) == x.rank()) << "transpose: perm size";
  Array y = newArray(resultType);
  std::vector<int64_t> inStrides = stridesOf(x.shape());
  View s{0, {}};
  for (int64_t p : perm)
    s.strides.push_back(inStrides[p]);
  stridedCopy(x.dtype(), x.raw(), s, y.raw(), rowMajor(resultType.shape),
              resultType.shape);
  return y;
}

Array revOp(const Array &x, const std::vector<int64_t> &dims) {
  Array y = newArray(x.type());
  View s = rowMajor(x.shape());
  for (int64_t d : dims) {
    PARAX_ASSERT(d >= 0 && d < x.rank()) << "rev: bad dim";
    if (x.shape()[d] > 0)
      s.off += (x.shape()[d] - 1) * s.strides[d];
    s.strides[d] = -s.strides[d];
  }
  stridedCopy(x.dtype(), x.raw(), s, y.raw(), rowMajor(x.shape()), x.shape());
  return y;
}

Array sliceOp(const Array &x, const std::vector<int64_t> &start,
              const std::vector<int64_t> &limit,
              const std::vector<int64_t> &stride,
              const TensorType &resultType) {
  int64_t r = x.rank();
  PARAX_ASSERT(int64_t(start.size()) == r && int64_t(limit.size()) == r)
      << "slice: attribute sizes";
  Array y = newArray(resultType);
  std::vector<int64_t> inStrides = stridesOf(x.shape());
  View s{0, std::vector<int64_t>(r)};
  for (int64_t d = 0; d < r; ++d) {
    int64_t st = stride.empty() ? 1 : stride[d];
    PARAX_ASSERT(st >= 1) << "slice: stride must be >= 1";
    s.off += start[d] * inStrides[d];
    s.strides[d] = inStrides[d] * st;
  }
  stridedCopy(x.dtype(), x.raw(), s, y.raw(), rowMajor(resultType.shape),
              resultType.shape);
  return y;
}

Array concatenateOp(const std::vector<Array> &xs, int64_t axis,
                    const TensorType &resultType) {
  Array y = newArray(resultType);
  View d = rowMajor(resultType.shape);
  int64_t at = 0;
  for (const Array &x : xs) {
    PARAX_ASSERT(x.rank() == int64_t(resultType.shape.size()))
        << "concatenate: rank";
    View dd = d;
    dd.off = at * d.strides[axis];
    stridedCopy(x.dtype(), x.raw(), rowMajor(x.shape()), y.raw(), dd,
                x.shape());
    at += x.shape()[axis];
  }
  PARAX_ASSERT(at == resultType.shape[axis]) << "concatenate: sizes";
  return y;
}

Array padOp(const Array &x, const Array &padValue,
            const std::vector<int64_t> &low, const std::vector<int64_t> &high,
            const TensorType &resultType) {
  Array y = newArray(resultType);
  fill(y, padValue);
  int64_t r = x.rank();
  View s = rowMajor(x.shape()), d = rowMajor(resultType.shape);
  std::vector<int64_t> dims(r);
  for (int64_t i = 0; i < r; ++i) {
    // Negative padding crops (lax.pad allows it).
    int64_t srcStart = std::max<int64_t>(0, -low[i]);
    int64_t dstStart = std::max<int64_t>(0, low[i]);
    dims[i] = std::max<int64_t>(
        0, std::min(x.shape()[i] - srcStart, resultType.shape[i] - dstStart));
    s.off += srcStart * s.strides[i];
    d.off += dstStart * d.strides[i];
  }
  (void)high;
  stridedCopy(x.dtype(), x.raw(), s, y.raw(), d, dims);
  return y;
}

std::vector<int64_t> clampStarts(const Shape &shape,
                                 const std::vector<int64_t> &starts,
                                 const std::vector<int64_t> &sizes) {
  PARAX_ASSERT(starts.size() == shape.size() && sizes.size() == shape.size())
      << "dynamic slice: rank";
  std::vector<int64_t> r(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t s = starts[i];
    if (s < 0)
      s += shape[i];
    r[i] = std::clamp<int64_t>(s, 0, std::max<int64_t>(0, shape[i] - sizes[i]));
  }
  return r;
}

Array dynamicSliceOp(const Array &x, const std::vector<int64_t> &starts,
                     const std::vector<int64_t> &sizes) {
  std::vector<int64_t> st = clampStarts(x.shape(), starts, sizes);
  Array y = newArray(TensorType{x.dtype(), sizes, x.weak()});
  View s = rowMajor(x.shape());
  for (size_t i = 0; i < st.size(); ++i)
    s.off += st[i] * s.strides[i];
  stridedCopy(x.dtype(), x.raw(), s, y.raw(), rowMajor(sizes), sizes);
  return y;
}

Array dynamicUpdateSliceOp(const Array &x, const Array &update,
                           const std::vector<int64_t> &starts) {
  std::vector<int64_t> st = clampStarts(x.shape(), starts, update.shape());
  Array y = x.copy();
  View d = rowMajor(x.shape());
  for (size_t i = 0; i < st.size(); ++i)
    d.off += st[i] * d.strides[i];
  stridedCopy(x.dtype(), update.raw(), rowMajor(update.shape()), y.raw(), d,
              update.shape());
  return y;
}

Array takeOp(const Array &x, const Array &indices, int64_t axis,
             const TensorType &resultType) {
  Array y = newArray(resultType);
  int64_t outer = product(x.shape(), 0, axis), dim = x.shape()[axis];
  int64_t inner = product(x.shape(), axis + 1, x.rank());
  int64_t nIdx = indices.size();
  if (y.size() == 0)
    return y;
  if (dim == 0) { // nothing to gather from: zeros (JAX rejects this earlier)
    std::memset(y.raw(), 0, size_t(y.byteSize()));
    return y;
  }
  std::vector<int64_t> idx(nIdx);
  for (int64_t j = 0; j < nIdx; ++j) {
    int64_t i = indices.getInt(j);
    if (i < 0)
      i += dim;
    idx[j] = std::clamp<int64_t>(i, 0, dim - 1);
  }
  dispatchBytes(x.dtype(), [&](auto t) {
    using T = decltype(t);
    const T *src = x.data<T>();
    T *dst = y.data<T>();
    for (int64_t o = 0; o < outer; ++o) {
      const T *srow = src + o * dim * inner;
      T *drow = dst + o * nIdx * inner;
      if (inner == 1) {
        for (int64_t j = 0; j < nIdx; ++j)
          drow[j] = srow[idx[j]];
      } else {
        for (int64_t j = 0; j < nIdx; ++j)
          std::memcpy(drow + j * inner, srow + idx[j] * inner,
                      size_t(inner) * sizeof(T));
      }
    }
  });
  return y;
}

namespace {

enum class ScatterMode { Set, Add, Mul, Min, Max };

ScatterMode parseMode(const std::string &m) {
  if (m == "set")
    return ScatterMode::Set;
  if (m == "add")
    return ScatterMode::Add;
  if (m == "mul")
    return ScatterMode::Mul;
  if (m == "min")
    return ScatterMode::Min;
  PARAX_ASSERT(m == "max") << "scatter: unknown mode '" << m << "'";
  return ScatterMode::Max;
}

/// Combines one scatter update into `dst` (one element).
template <DType D>
inline void combine(typename Storage<D>::T &dst, typename Storage<D>::T u,
                    ScatterMode mode) {
  using T = typename Storage<D>::T;
  if (mode == ScatterMode::Set) {
    dst = u;
    return;
  }
  if constexpr (D == DType::F64) {
    switch (mode) {
    case ScatterMode::Add:
      dst = dst + u;
      break;
    case ScatterMode::Mul:
      dst = dst * u;
      break;
    case ScatterMode::Min:
      dst = (dst != dst || u != u) ? (dst != dst ? dst : u) : std::min(dst, u);
      break;
    default:
      dst = (dst != dst || u != u) ? (dst != dst ? dst : u) : std::max(dst, u);
      break;
    }
  } else if constexpr (Tag<D>::isFloat) {
    float a = toFloat<D>(dst), b = toFloat<D>(u), r;
    switch (mode) {
    case ScatterMode::Add:
      r = a + b;
      break;
    case ScatterMode::Mul:
      r = a * b;
      break;
    case ScatterMode::Min:
      r = minFloat(a, b);
      break;
    default:
      r = maxFloat(a, b);
      break;
    }
    dst = fromFloat<D>(r);
  } else if constexpr (Tag<D>::isBool) {
    switch (mode) {
    case ScatterMode::Add:
    case ScatterMode::Max:
      dst = T(dst | u);
      break;
    default:
      dst = T(dst & u);
      break;
    }
  } else {
    using U = std::make_unsigned_t<T>;
    switch (mode) {
    case ScatterMode::Add:
      dst = T(U(dst) + U(u));
      break;
    case ScatterMode::Mul:
      // At least 32-bit unsigned, so int8/int16 cannot overflow int.
      using W = std::conditional_t<(sizeof(T) > 4), U, uint32_t>;
      dst = T(W(U(dst)) * W(U(u)));
      break;
    case ScatterMode::Min:
      dst = std::min(dst, u);
      break;
    default:
      dst = std::max(dst, u);
      break;
    }
  }
}

} // namespace

Array scatterOp(const Array &x, const Array &indices, const Array &updates,
                int64_t axis, const std::string &mode) {
  ScopedFlushDenormal ftz;
  ScatterMode sm = parseMode(mode);
  Array y = x.copy();
  int64_t outer = product(x.shape(), 0, axis), dim = x.shape()[axis];
  int64_t inner = product(x.shape(), axis + 1, x.rank());
  int64_t nIdx = indices.size();
  PARAX_ASSERT(updates.size() == outer * nIdx * inner)
      << "scatter: updates shape " << updates.type().str();
  dispatch(x.dtype(), [&](auto tag) {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    T *dst = y.data<T>();
    const T *upd = updates.data<T>();
    for (int64_t j = 0; j < nIdx; ++j) {
      int64_t i = indices.getInt(j);
      if (i < 0)
        i += dim;
      if (i < 0 || i >= dim)
        continue; // out-of-range updates are dropped
      for (int64_t o = 0; o < outer; ++o) {
        T *drow = dst + (o * dim + i) * inner;
        const T *urow = upd + (o * nIdx + j) * inner;
        for (int64_t k = 0; k < inner; ++k)
          combine<Tg::kind>(drow[k], urow[k], sm);
      }
    }
  });
  return y;
}

} // namespace parax::runtime
