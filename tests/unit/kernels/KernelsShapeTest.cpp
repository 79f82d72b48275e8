//===- KernelsShapeTest.cpp - data-movement kernels
//------------------------===//
//
// Shape kernels against naive index-by-index references, over random shapes
// (including size-0 and rank-0) and every element width, plus the JAX
// clamping / wrapping rules of dynamic slices, take and scatter.
//
//===----------------------------------------------------------------------===//
#include "KernelsTestUtil.h"

#include <numeric>
#include <random>

namespace parax::kernels_test {
namespace {

using namespace runtime;

/// Flat index -> multi-index for `shape`.
Ints unravel(int64_t i, const Shape &shape) {
  Ints idx(shape.size());
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    idx[size_t(d)] = shape[size_t(d)] ? i % shape[size_t(d)] : 0;
    i = shape[size_t(d)] ? i / shape[size_t(d)] : 0;
  }
  return idx;
}
int64_t ravel(const Ints &idx, const Shape &shape) {
  int64_t r = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    r = r * shape[d] + idx[d];
  return r;
}

Array iotaArray(DType d, const Shape &shape) {
  Array a = Array::allocate(d, shape);
  for (int64_t i = 0; i < a.size(); ++i)
    a.setDouble(i, double(i % 251));
  return a;
}

const DType kTypes[] = {DType::U8, DType::F16, DType::F32, DType::I32};

TEST(KernelsShape, TransposeMatchesReference) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 60; ++trial) {
    int rank = int(rng() % 5);
    Shape s;
    for (int d = 0; d < rank; ++d)
      s.push_back(int64_t(rng() % 7) + (trial % 10 == 0 ? 0 : 1));
    if (trial == 1)
      s = {67, 45}; // tiled path
    if (trial == 2)
      s = {3, 40, 33};
    rank = int(s.size());
    Ints perm(static_cast<size_t>(rank));
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    Shape rs;
    for (int64_t p : perm)
      rs.push_back(s[size_t(p)]);
    for (DType d : kTypes) {
      Array x = iotaArray(d, s);
      Array y = transposeOp(x, perm, TensorType{d, rs, false});
      ASSERT_EQ(y.shape(), rs);
      for (int64_t i = 0; i < y.size(); ++i) {
        Ints ri = unravel(i, rs), si(static_cast<size_t>(rank));
        for (int k = 0; k < rank; ++k)
          si[size_t(perm[size_t(k)])] = ri[size_t(k)];
        ASSERT_EQ(y.getDouble(i), x.getDouble(ravel(si, s)))
            << shapeToPython(s) << " element " << i;
      }
    }
  }
}

TEST(KernelsShape, BroadcastInDim) {
  struct Case {
    Shape in, out;
    Ints dims;
  } cases[] = {{{3}, {2, 3}, {1}},
               {{3}, {3, 2}, {0}},
               {{}, {2, 2}, {}},
               {{1, 4}, {3, 4}, {0, 1}},
               {{2, 1, 3}, {2, 5, 3}, {0, 1, 2}},
               {{2, 3}, {4, 2, 5, 3}, {1, 3}},
               {{0}, {2, 0}, {1}},
               {{1}, {0, 3}, {1}}};
  for (const Case &c : cases)
    for (DType d : kTypes) {
      Array x = iotaArray(d, c.in);
      Array y = broadcastInDimOp(x, TensorType{d, c.out, false}, c.dims);
      for (int64_t i = 0; i < y.size(); ++i) {
        Ints oi = unravel(i, c.out), ii(c.in.size());
        for (size_t j = 0; j < c.dims.size(); ++j)
          ii[j] = c.in[j] == 1 ? 0 : oi[size_t(c.dims[j])];
        ASSERT_EQ(y.getDouble(i), x.getDouble(ravel(ii, c.in)));
      }
    }
}

TEST(KernelsShape, RevSliceConcatPad) {
  Array x = iotaArray(DType::F32, {3, 4, 5});
  Array r = revOp(x, {0, 2});
  for (int64_t i = 0; i < r.size(); ++i) {
    Ints idx = unravel(i, {3, 4, 5});
    idx[0] = 2 - idx[0];
    idx[2] = 4 - idx[2];
    EXPECT_EQ(r.getDouble(i), x.getDouble(ravel(idx, {3, 4, 5})));
  }
  // Strided slice.
  Array s = sliceOp(x, {1, 0, 1}, {3, 4, 5}, {1, 2, 3},
                    TensorType{DType::F32, {2, 2, 2}, false});
  for (int64_t i = 0; i < s.size(); ++i) {
    Ints idx = unravel(i, {2, 2, 2});
    Ints src = {1 + idx[0], 2 * idx[1], 1 + 3 * idx[2]};
    EXPECT_EQ(s.getDouble(i), x.getDouble(ravel(src, {3, 4, 5})));
  }
  // Concatenate along the middle axis, with an empty piece.
  Array a = iotaArray(DType::I32, {2, 1, 3}),
        b = iotaArray(DType::I32, {2, 2, 3}),
        e = iotaArray(DType::I32, {2, 0, 3});
  Array c =
      concatenateOp({a, e, b}, 1, TensorType{DType::I32, {2, 3, 3}, false});
  for (int64_t i = 0; i < c.size(); ++i) {
    Ints idx = unravel(i, {2, 3, 3});
    double want =
        idx[1] == 0
            ? a.getDouble(ravel({idx[0], 0, idx[2]}, {2, 1, 3}))
            : b.getDouble(ravel({idx[0], idx[1] - 1, idx[2]}, {2, 2, 3}));
    EXPECT_EQ(c.getDouble(i), want);
  }
  // Pad with positive and negative (cropping) edges.
  Array p = padOp(iotaArray(DType::F32, {2, 3}), Array::scalar(DType::F32, -1),
                  {1, -1}, {2, 1}, TensorType{DType::F32, {5, 3}, false});
  std::vector<double> want = {-1, -1, -1, 1,  2,  -1, 4, 5,
                              -1, -1, -1, -1, -1, -1, -1};
  EXPECT_EQ(toDoubles(p), want);
}

TEST(KernelsShape, DynamicSliceClamps) {
  // JAX: a negative start gets the dim added once, then clamps to
  // [0, dim - size].
  EXPECT_EQ(clampStarts({10}, {-3}, {2}), Ints{7});
  EXPECT_EQ(clampStarts({10}, {-30}, {2}), Ints{0});
  EXPECT_EQ(clampStarts({10}, {9}, {3}), Ints{7});
  EXPECT_EQ(clampStarts({10, 4}, {100, -1}, {10, 4}), (Ints{0, 0}));
  Array x = iotaArray(DType::F32, {5, 6});
  Array y = dynamicSliceOp(x, {4, -2}, {2, 3});
  EXPECT_EQ(y.shape(), (Shape{2, 3}));
  EXPECT_EQ(toDoubles(y), (std::vector<double>{21, 22, 23, 27, 28, 29}));
  Array u = values(DType::F32, {2, 2}, {-1, -2, -3, -4});
  Array z = dynamicUpdateSliceOp(x, u, {-1, 10});
  EXPECT_EQ(z.getDouble(ravel({3, 4}, {5, 6})), -1);
  EXPECT_EQ(z.getDouble(ravel({4, 5}, {5, 6})), -4);
  EXPECT_EQ(z.getDouble(0), 0);
  EXPECT_EQ(x.getDouble(ravel({3, 4}, {5, 6})), 22) << "input unchanged";
}

TEST(KernelsShape, TakeWrapsAndClamps) {
  Array x = iotaArray(DType::I32, {3, 4});
  Array idx = values(DType::I8, {5}, {0, -1, 7, -9, 2});
  Array y = takeOp(x, idx, 1, TensorType{DType::I32, {3, 5}, false});
  // -1 -> 3, 7 -> clamped 3, -9 -> -5 -> clamped 0.
  std::vector<double> want = {0, 3, 3, 0, 2, 4, 7, 7, 4, 6, 8, 11, 11, 8, 10};
  EXPECT_EQ(toDoubles(y), want);
  Array rows = takeOp(x, values(DType::U32, {2, 1}, {2, 0}), 0,
                      TensorType{DType::I32, {2, 1, 4}, false});
  EXPECT_EQ(toDoubles(rows), (std::vector<double>{8, 9, 10, 11, 0, 1, 2, 3}));
}

TEST(KernelsShape, ScatterModes) {
  Array x = values(DType::F32, {5}, {1, 2, 3, 4, 5});
  Array idx = values(DType::I32, {5}, {0, 0, -1, 9, -7});
  Array upd = values(DType::F32, {5}, {10, 20, 30, 40, 50});
  // Duplicates apply in index order; 9 and -7 (-> -2) are dropped.
  EXPECT_EQ(toDoubles(scatterOp(x, idx, upd, 0, "set")),
            (std::vector<double>{20, 2, 3, 4, 30}));
  EXPECT_EQ(toDoubles(scatterOp(x, idx, upd, 0, "add")),
            (std::vector<double>{31, 2, 3, 4, 35}));
  EXPECT_EQ(toDoubles(scatterOp(x, idx, upd, 0, "mul")),
            (std::vector<double>{200, 2, 3, 4, 150}));
  EXPECT_EQ(toDoubles(scatterOp(x, idx, upd, 0, "min")),
            (std::vector<double>{1, 2, 3, 4, 5}));
  EXPECT_EQ(toDoubles(scatterOp(x, idx, upd, 0, "max")),
            (std::vector<double>{20, 2, 3, 4, 30}));
  // Along axis 1 of a matrix, int8 add wraps.
  Array m = values(DType::I8, {2, 3}, {100, 0, 0, 0, 0, -100});
  Array u = values(DType::I8, {2, 2}, {100, 1, 2, -100});
  Array r = scatterOp(m, values(DType::I32, {2}, {0, 2}), u, 1, "add");
  EXPECT_EQ(toDoubles(r), (std::vector<double>{-56, 0, 1, 2, 0, 56}));
  // Scatter-max propagates NaN.
  Array n =
      scatterOp(values(DType::F32, {1}, {1}), values(DType::I32, {1}, {0}),
                values(DType::F32, {1}, {NAN}), 0, "max");
  EXPECT_TRUE(std::isnan(n.getDouble(0)));
}

TEST(KernelsShape, EmptyAndRankZero) {
  Array s = Array::scalar(DType::F32, 3.5);
  EXPECT_EQ(transposeOp(s, {}, s.type()).getDouble(0), 3.5);
  EXPECT_EQ(revOp(s, {}).getDouble(0), 3.5);
  EXPECT_EQ(sliceOp(s, {}, {}, {}, s.type()).getDouble(0), 3.5);
  EXPECT_EQ(padOp(s, s, {}, {}, s.type()).getDouble(0), 3.5);
  EXPECT_EQ(dynamicSliceOp(s, {}, {}).getDouble(0), 3.5);
  Array e = Array::allocate(DType::F32, {0, 3});
  EXPECT_EQ(
      transposeOp(e, {1, 0}, TensorType{DType::F32, {3, 0}, false}).size(), 0);
  EXPECT_EQ(revOp(e, {0, 1}).size(), 0);
  EXPECT_EQ(
      broadcastInDimOp(e, TensorType{DType::F32, {2, 0, 3}, false}, {1, 2})
          .size(),
      0);
  Array pe = padOp(e, s, {1, 0}, {0, 0}, TensorType{DType::F32, {1, 3}, false});
  EXPECT_EQ(toDoubles(pe), (std::vector<double>{3.5, 3.5, 3.5}));
  EXPECT_EQ(takeOp(e, values(DType::I32, {2}, {0, 1}), 0,
                   TensorType{DType::F32, {2, 3}, false})
                .size(),
            6);
  EXPECT_EQ(takeOp(iotaArray(DType::F32, {4}), Array::allocate(DType::I32, {0}),
                   0, TensorType{DType::F32, {0}, false})
                .size(),
            0);
  EXPECT_EQ(scatterOp(e, Array::allocate(DType::I32, {0}),
                      Array::allocate(DType::F32, {0, 3}), 0, "add")
                .size(),
            0);
  EXPECT_EQ(iotaOp(TensorType{DType::I32, {0, 4}, false}, 1).size(), 0);
}

TEST(KernelsShape, Iota) {
  Array a = iotaOp(TensorType{DType::BF16, {2, 3}, false}, 1);
  EXPECT_EQ(toDoubles(a), (std::vector<double>{0, 1, 2, 0, 1, 2}));
  Array b = iotaOp(TensorType{DType::I32, {2, 3}, false}, 0);
  EXPECT_EQ(toDoubles(b), (std::vector<double>{0, 0, 0, 1, 1, 1}));
  Array c = iotaOp(TensorType{DType::U8, {300}, false}, 0);
  EXPECT_EQ(c.getInt(299), 43) << "wraps like convert";
}

} // namespace
} // namespace parax::kernels_test
