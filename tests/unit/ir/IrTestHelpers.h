//===- IrTestHelpers.h - small IR-building fixture for gtest ----*- C++ -*-===//
//
// A fixture that builds functions with ir::Builder in a few lines: typed
// shorthands (f32({2,3})), op creation without locations, and a scoped
// helper that appends ops to a region's block. Shared by the printer and
// verifier tests.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Builder.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"

#include <gtest/gtest.h>

namespace parax::ir::testing {

inline TensorType ty(DType d, Shape s = {}, bool weak = false) {
  return TensorType{d, std::move(s), weak};
}
inline TensorType f32(Shape s = {}, bool weak = false) {
  return ty(DType::F32, std::move(s), weak);
}
inline TensorType i32(Shape s = {}, bool weak = false) {
  return ty(DType::I32, std::move(s), weak);
}
inline TensorType u32(Shape s = {}) { return ty(DType::U32, std::move(s)); }
inline TensorType i1(Shape s = {}) { return ty(DType::Bool, std::move(s)); }

class IrTest : public ::testing::Test {
protected:
  /// Starts a function with the given argument types; ops go to its body.
  Func &start(const std::string &name, const std::vector<TensorType> &args) {
    f = &m.addFunc(name);
    for (const TensorType &t : args)
      f->entry().addArgument(t);
    b.setInsertionBlock(&f->entry());
    return *f;
  }
  Value *arg(unsigned i) const { return f->entry().argument(i); }

  Operation *op(OpKind k, const std::vector<Value *> &operands,
                const std::vector<TensorType> &results, Attrs attrs = {},
                Loc loc = {}) {
    return b.create(k, operands, results, std::move(attrs), loc);
  }
  /// Creates a single-result op and returns its result.
  Value *val(OpKind k, const std::vector<Value *> &operands,
             const TensorType &result, Attrs attrs = {}) {
    return op(k, operands, {result}, std::move(attrs))->result();
  }
  Value *constant(const Array &a) {
    return val(OpKind::Constant, {}, a.type(), {{"value", a}});
  }
  Value *scalar(double v, DType d = DType::F32, bool weak = false) {
    return constant(Array::scalar(d, v, weak));
  }
  void ret(const std::vector<Value *> &vals) { op(OpKind::Return, vals, {}); }
  void yield(const std::vector<Value *> &vals) { op(OpKind::Yield, vals, {}); }

  /// Runs `fill` with the insertion point in region `r` of `o`, after
  /// adding block arguments of the given types; returns the block.
  template <typename Fill>
  Block &region(Operation *o, unsigned r, const std::vector<TensorType> &args,
                Fill fill) {
    Block &blk = o->region(r).front();
    for (const TensorType &t : args)
      blk.addArgument(t);
    Block *saved = b.insertionBlock();
    b.setInsertionBlock(&blk);
    fill(blk);
    b.setInsertionBlock(saved);
    return blk;
  }

  std::vector<std::string> problems() const { return verify(*f); }
  std::string print(PrintOptions opts = {}) const {
    return printFunc(*f, opts);
  }

  Module m;
  Func *f = nullptr;
  Builder b;
};

/// All problems joined, for failure messages.
inline std::string joined(const std::vector<std::string> &v) {
  std::string r;
  for (const std::string &s : v)
    r += s + "\n";
  return r;
}

/// Expects a problem report containing `needle`.
#define EXPECT_PROBLEM(problems, needle)                                       \
  do {                                                                         \
    auto ps_ = (problems);                                                     \
    bool found_ = false;                                                       \
    for (const std::string &p_ : ps_)                                          \
      found_ |= p_.find(needle) != std::string::npos;                          \
    EXPECT_TRUE(found_) << "no problem mentions \"" << (needle)                \
                        << "\"; got:\n"                                        \
                        << ::parax::ir::testing::joined(ps_);                  \
  } while (0)

/// Expects the function to verify cleanly.
#define EXPECT_VALID(problems)                                                 \
  do {                                                                         \
    auto ps_ = (problems);                                                     \
    EXPECT_TRUE(ps_.empty()) << ::parax::ir::testing::joined(ps_);             \
  } while (0)

} // namespace parax::ir::testing
