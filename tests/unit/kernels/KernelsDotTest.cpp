//===- KernelsDotTest.cpp - dot_general beyond the recorded JAX cases -----===//
//
// Random dimension numbers against a naive double-precision reference, the
// blocked float32 matmul on sizes that straddle its tiles, and integer
// wraparound.
//
//===----------------------------------------------------------------------===//
#include "KernelsTestUtil.h"

#include <random>

namespace parax::kernels_test {
namespace {

using namespace runtime;

Array randomArray(DType d, const Shape &s, std::mt19937 &rng) {
  std::uniform_int_distribution<int> u(-4, 4);
  Array a = Array::allocate(d, s);
  for (int64_t i = 0; i < a.size(); ++i)
    a.setDouble(i, double(u(rng)) * (isFloat(d) ? 0.5 : 1));
  return a;
}

/// dot_general by definition, in double.
std::vector<double> naiveDot(const Array &l, const Array &r, const Ints &lb,
                             const Ints &rb, const Ints &lc, const Ints &rc,
                             Shape &outShape) {
  auto freeDims = [](int64_t rank, const Ints &b, const Ints &c) {
    Ints f;
    for (int64_t d = 0; d < rank; ++d)
      if (std::find(b.begin(), b.end(), d) == b.end() &&
          std::find(c.begin(), c.end(), d) == c.end())
        f.push_back(d);
    return f;
  };
  Ints lf = freeDims(l.rank(), lb, lc), rf = freeDims(r.rank(), rb, rc);
  outShape.clear();
  for (int64_t d : lb)
    outShape.push_back(l.shape()[size_t(d)]);
  for (int64_t d : lf)
    outShape.push_back(l.shape()[size_t(d)]);
  for (int64_t d : rf)
    outShape.push_back(r.shape()[size_t(d)]);
  Shape cs;
  for (int64_t d : lc)
    cs.push_back(l.shape()[size_t(d)]);
  int64_t outN = numElements(outShape), kN = numElements(cs);
  std::vector<double> out(size_t(outN), 0);
  auto strides = [](const Shape &s) {
    Ints st(s.size());
    int64_t a = 1;
    for (int64_t i = int64_t(s.size()) - 1; i >= 0; --i) {
      st[size_t(i)] = a;
      a *= s[size_t(i)];
    }
    return st;
  };
  Ints ls = strides(l.shape()), rs = strides(r.shape());
  for (int64_t o = 0; o < outN; ++o) {
    Ints oi(outShape.size());
    for (int64_t d = int64_t(outShape.size()) - 1, t = o; d >= 0; --d) {
      oi[size_t(d)] = t % outShape[size_t(d)];
      t /= outShape[size_t(d)];
    }
    for (int64_t k = 0; k < kN; ++k) {
      Ints ki(cs.size());
      for (int64_t d = int64_t(cs.size()) - 1, t = k; d >= 0; --d) {
        ki[size_t(d)] = t % cs[size_t(d)];
        t /= cs[size_t(d)];
      }
      int64_t lo = 0, ro = 0;
      size_t p = 0;
      for (size_t i = 0; i < lb.size(); ++i, ++p) {
        lo += oi[p] * ls[size_t(lb[i])];
        ro += oi[p] * rs[size_t(rb[i])];
      }
      for (int64_t d : lf)
        lo += oi[p++] * ls[size_t(d)];
      for (int64_t d : rf)
        ro += oi[p++] * rs[size_t(d)];
      for (size_t i = 0; i < lc.size(); ++i) {
        lo += ki[i] * ls[size_t(lc[i])];
        ro += ki[i] * rs[size_t(rc[i])];
      }
      out[size_t(o)] += l.getDouble(lo) * r.getDouble(ro);
    }
  }
  return out;
}

TEST(KernelsDot, DimensionNumbersMatchReference) {
  std::mt19937 rng(11);
  struct Case {
    Shape l, r;
    Ints lb, rb, lc, rc;
  } cases[] = {
      {{7, 13}, {13, 19}, {}, {}, {1}, {0}},
      {{13, 7}, {19, 13}, {}, {}, {0}, {1}},
      {{2, 5, 3, 4}, {4, 2, 3, 6}, {0}, {1}, {3, 2}, {0, 2}},
      {{3, 4, 5}, {5, 3, 2}, {0}, {1}, {2}, {0}},
      {{17}, {17}, {}, {}, {0}, {0}},
      {{1, 257}, {257, 1}, {}, {}, {1}, {0}},
      {{6, 1}, {1, 9}, {}, {}, {1}, {0}},
      {{3, 4}, {5}, {}, {}, {}, {}},
  };
  for (const Case &c : cases)
    for (DType d : {DType::F32, DType::I32, DType::BF16, DType::I8}) {
      Array l = randomArray(d, c.l, rng), r = randomArray(d, c.r, rng);
      Shape os;
      std::vector<double> want = naiveDot(l, r, c.lb, c.rb, c.lc, c.rc, os);
      Array y =
          dotGeneralOp(l, r, c.lb, c.rb, c.lc, c.rc, TensorType{d, os, false});
      ASSERT_EQ(y.shape(), os);
      for (int64_t i = 0; i < y.size(); ++i) {
        double w = want[size_t(i)];
        if (d == DType::I8)
          w = double(int8_t(int64_t(w)));
        EXPECT_NEAR(y.getDouble(i), w,
                    d == DType::BF16 ? std::fabs(w) / 128 : 0)
            << dtypeName(d) << " " << shapeToPython(c.l) << "x"
            << shapeToPython(c.r);
      }
    }
}

TEST(KernelsDot, BlockedMatmulEdges) {
  // Sizes that leave partial 6x16 register tiles and 256-deep slices.
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-1, 1);
  for (auto [m, k, n] :
       {std::tuple{1, 1, 1}, {5, 300, 17}, {97, 513, 33}, {6, 16, 16}}) {
    Array a = Array::allocate(DType::F32, {m, k}),
          b = Array::allocate(DType::F32, {k, n});
    for (int64_t i = 0; i < a.size(); ++i)
      a.data<float>()[i] = u(rng);
    for (int64_t i = 0; i < b.size(); ++i)
      b.data<float>()[i] = u(rng);
    Array c = dotGeneralOp(a, b, {}, {}, {1}, {0},
                           TensorType{DType::F32, {m, n}, false});
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double s = 0;
        for (int64_t q = 0; q < k; ++q)
          s += double(a.data<float>()[i * k + q]) * b.data<float>()[q * n + j];
        ASSERT_NEAR(c.data<float>()[i * n + j], s, 1e-5 * k)
            << m << "x" << k << "x" << n;
      }
  }
}

TEST(KernelsDot, IntegerMatmulWraps) {
  Array a = values(DType::I32, {1, 2}, {2147483647, 2});
  Array b = values(DType::I32, {2, 1}, {2, 1});
  Array c = dotGeneralOp(a, b, {}, {}, {1}, {0},
                         TensorType{DType::I32, {1, 1}, false});
  EXPECT_EQ(c.getInt(0), 0) << "2 * INT_MAX + 2 wraps to 0";
  Array p = values(DType::Bool, {2, 2}, {1, 0, 0, 0});
  Array q = values(DType::Bool, {2, 2}, {1, 1, 0, 1});
  Array r = dotGeneralOp(p, q, {}, {}, {1}, {0},
                         TensorType{DType::Bool, {2, 2}, false});
  EXPECT_EQ(toDoubles(r), (std::vector<double>{1, 1, 0, 0}));
}

} // namespace
} // namespace parax::kernels_test
