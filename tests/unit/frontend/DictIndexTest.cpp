//===- DictIndexTest.cpp - the dict's hash index agrees with a scan -------===//
//
// DictObj keeps an open-addressing index over its insertion-ordered entries
// once it has more than a few. These tests drive it with random operations
// and keys of every kind the index hashes (ints, bools, integral and other
// floats, strs, None, tuples of those) plus NaN, which it cannot hash (the
// dict then scans), and check every answer and the entry order against a
// plain list searched with keysEqual - the dict's semantics by definition.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Value.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace parax::frontend;

namespace {

/// The reference: entries in insertion order, found by scanning.
struct ScanDict {
  std::vector<std::pair<Value, Value>> items;
  int find(const Value &k) const {
    for (size_t i = 0; i < items.size(); ++i)
      if (keysEqual(items[i].first, k))
        return int(i);
    return -1;
  }
  void set(const Value &k, const Value &v) {
    if (int i = find(k); i >= 0)
      items[size_t(i)].second = v;
    else
      items.emplace_back(k, v);
  }
  bool erase(const Value &k) {
    int i = find(k);
    if (i < 0)
      return false;
    items.erase(items.begin() + i);
    return true;
  }
};

Value randomKey(std::mt19937 &rng) {
  int small = int(rng() % 40) - 20;
  switch (rng() % 9) {
  case 0: return Value::integer(small);
  case 1: return Value::floating(double(small)); // equal to the int
  case 2: return Value::floating(small + 0.5);
  case 3: return Value::boolean(rng() % 2);
  case 4: return Value::str("k" + std::to_string(small));
  case 5: return Value::none();
  case 6:
    return Value::tuple({Value::integer(small % 5), Value::str(std::to_string(small % 3))});
  case 7: return Value::tuple({Value::floating(double(small % 4)), Value::none()});
  default:
    // NaN is never equal to itself: a key the index cannot hash.
    return rng() % 8 == 0 ? Value::floating(std::nan("")) : Value::integer(small * 1000003);
  }
}

/// The same key object (a NaN is not identical() even to itself).
bool sameKey(const Value &a, const Value &b) {
  if (a.isFloat() && b.isFloat() && std::isnan(a.asFloat()) && std::isnan(b.asFloat()))
    return true;
  return a.identical(b);
}

void expectSame(DictObj &d, const ScanDict &ref) {
  ASSERT_EQ(d.size(), ref.items.size());
  for (size_t i = 0; i < ref.items.size(); ++i) {
    EXPECT_TRUE(sameKey(d.items()[i].first, ref.items[i].first)) << "entry " << i;
    EXPECT_EQ(d.items()[i].second.asInt(), ref.items[i].second.asInt()) << "entry " << i;
  }
}

TEST(DictIndex, RandomOperationsAgreeWithAScan) {
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    std::mt19937 rng(seed);
    Value dv = Value::dict();
    DictObj &d = dv.asDict();
    ScanDict ref;
    for (int step = 0; step < 3000; ++step) {
      Value k = randomKey(rng);
      unsigned op = rng() % 100;
      if (op < 45) {
        Value v = Value::integer(step);
        d.set(k, v);
        ref.set(k, v);
      } else if (op < 75) {
        Value *got = d.find(k);
        int want = ref.find(k);
        ASSERT_EQ(got != nullptr, want >= 0) << "seed " << seed << " step " << step;
        if (got) {
          EXPECT_EQ(got->asInt(), ref.items[size_t(want)].second.asInt());
        }
      } else if (op < 88) {
        ASSERT_EQ(d.erase(k), ref.erase(k)) << "seed " << seed << " step " << step;
      } else if (op < 97) {
        if (ref.items.empty())
          continue;
        auto e = d.popLast();
        EXPECT_TRUE(sameKey(e.first, ref.items.back().first));
        ref.items.pop_back();
      } else if (op < 99) {
        // A copy of itself, as dict.copy() and {**d} make.
        std::vector<DictObj::Entry> copy(d.items().begin(), d.items().end());
        d.assign(std::move(copy));
      } else {
        d.clear();
        ref.items.clear();
      }
      if (step % 97 == 0)
        expectSame(d, ref);
    }
    expectSame(d, ref);
  }
}

TEST(DictIndex, LargeDictFindsEveryKeyAndNoOther) {
  Value dv = Value::dict();
  DictObj &d = dv.asDict();
  const int n = 200000;
  for (int i = 0; i < n; ++i)
    d.set(Value::str("w" + std::to_string(i)), Value::integer(i));
  ASSERT_EQ(d.size(), size_t(n));
  for (int i = 0; i < n; i += 7) {
    Value *v = d.find(Value::str("w" + std::to_string(i)));
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->asInt(), i);
  }
  EXPECT_EQ(d.find(Value::str("w-1")), nullptr);
  EXPECT_EQ(d.find(Value::integer(3)), nullptr);
  // Numbers: 1, 1.0 and True are one key, as in Python.
  d.set(Value::integer(1), Value::integer(-1));
  d.set(Value::floating(1.0), Value::integer(-2));
  d.set(Value::boolean(true), Value::integer(-3));
  EXPECT_EQ(d.size(), size_t(n) + 1);
  EXPECT_EQ(d.find(Value::integer(1))->asInt(), -3);
  EXPECT_TRUE(d.items().back().first.isInt()); // the first spelling stays
}

TEST(DictIndex, PoppingEverythingKeepsLookupsRight) {
  Value dv = Value::dict();
  DictObj &d = dv.asDict();
  for (int i = 0; i < 1000; ++i)
    d.set(Value::integer(i * 64), Value::integer(i)); // keys crowd few buckets
  for (int i = 999; i >= 0; --i) {
    for (int j = 0; j <= i; ++j) // every key left is still found
      ASSERT_NE(d.find(Value::integer(j * 64)), nullptr) << j << " after popping " << i + 1;
    auto e = d.popLast();
    EXPECT_EQ(e.first.asInt(), i * 64);
    EXPECT_EQ(d.find(Value::integer(i * 64)), nullptr);
  }
  EXPECT_EQ(d.size(), 0u);
}

} // namespace
