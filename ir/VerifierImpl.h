//===- VerifierImpl.h - the verifier's internal state -----------*- C++ -*-===//
//
// Private to Verifier.cpp (the structural walk and dispatch) and
// VerifyOps.cpp (the per-op type rules, grouped by op family). Not part of
// the parax_ir interface; include ir/Verifier.h instead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Printer.h"
#include "ir/Verifier.h"

#include <sstream>
#include <unordered_set>

namespace parax::ir::detail {

/// One verifier message under construction; appended to the report when it
/// goes out of scope: `fail(op) << "expected " << t;`.
class Report {
public:
  Report(std::vector<std::string> &out, std::string prefix)
      : out_(out), prefix_(std::move(prefix)) {}
  ~Report();
  template <typename V> Report &operator<<(const V &v) {
    os_ << v;
    return *this;
  }
  /// Types print in IR form ("f32[2,3]"), dtypes as "f32", int lists as
  /// "[1,2]".
  Report &operator<<(const TensorType &t);
  Report &operator<<(const std::vector<int64_t> &v);
  Report &operator<<(DType d);

private:
  std::vector<std::string> &out_;
  std::string prefix_;
  std::ostringstream os_;
};

/// Walks one function and collects problems.
class VerifierImpl {
public:
  VerifierImpl(const Func &f, const VerifyOptions &opts,
               std::vector<std::string> &out)
      : func_(f), names_(f.entry()), out_(out), axes_(opts.boundAxes) {}
  void run();

private:
  // --- Structure (Verifier.cpp) ------------------------------------------
  void verifyBlock(const Block &b, const Operation *parent);
  void verifyOp(const Operation &op, bool operandsOk);
  void checkOperand(const Operation &op, unsigned i);
  bool checkRegionCount(const Operation &op);
  void define(const Value *v, std::vector<const Value *> &scope);
  /// The switch over OpKind.
  void verifyKind(const Operation &op);

  // --- Reporting ---------------------------------------------------------
  /// "%4 = mul", or "yield in %1 = scan" for an op without results.
  std::string opRef(const Operation &op) const;
  Report fail(const Operation &op);
  Report failFunc();

  // --- Helpers shared by the op rules ------------------------------------
  /// Checks operand/result counts (-1: any); reports and returns false.
  bool counts(const Operation &op, int nOperands, int nResults);
  const AttrValue *attr(const Operation &op, const std::string &name) const;
  /// Typed attribute getters: report a missing or mistyped attribute and
  /// return null. An optional int list that is absent reads as [].
  const int64_t *intAttr(const Operation &op, const std::string &name);
  const std::vector<int64_t> *
  intsAttr(const Operation &op, const std::string &name, bool optional = false);
  const std::string *stringAttr(const Operation &op, const std::string &name);
  /// An optional 0/1 attribute (reverse, tiled).
  bool flagAttr(const Operation &op, const std::string &name);
  bool checkAxis(const Operation &op, const char *what, int64_t axis,
                 int64_t rank);
  /// Axes in range and distinct (and ascending when `sorted`).
  bool checkAxes(const Operation &op, const char *what,
                 const std::vector<int64_t> &axes, int64_t rank, bool sorted);
  /// Type equality ignoring the weak flag.
  bool expectType(const Operation &op, const std::string &what,
                  const TensorType &got, const TensorType &want);
  bool expectShape(const Operation &op, const std::string &what,
                   const Shape &got, const Shape &want);
  bool expectScalarInt(const Operation &op, const std::string &what,
                       const TensorType &t);
  /// The region's yield, or null when its block does not end in one.
  const Operation *yieldOf(const Region &r) const;
  void checkRegionArgs(const Operation &op, unsigned region,
                       const std::vector<TensorType> &want);
  void checkYield(const Operation &op, unsigned region,
                  const std::vector<TensorType> &want);
  std::vector<TensorType> operandTypes(const Operation &op,
                                       unsigned from = 0) const;
  std::vector<TensorType> resultTypes(const Operation &op) const;
  /// The size bound to the op's axis_name by an enclosing pmap, or -1
  /// (reported) when unbound.
  int64_t boundAxisSize(const Operation &op);

  // --- Op rules by family (VerifyOps.cpp) --------------------------------
  void verifyLeaf(const Operation &op);
  void verifyUnary(const Operation &op);
  void verifyBinary(const Operation &op);
  void verifySelect(const Operation &op);
  void verifyShapeOp(const Operation &op);
  void verifyIndexing(const Operation &op);
  void verifyReduction(const Operation &op);
  void verifyDotGeneral(const Operation &op);
  void verifyThreefry(const Operation &op);
  void verifyForiLoop(const Operation &op);
  void verifyScan(const Operation &op);
  void verifyWhile(const Operation &op);
  void verifyCond(const Operation &op);
  void verifyPmap(const Operation &op);
  void verifyCollective(const Operation &op);
  void verifyDebug(const Operation &op);

  const Func &func_;
  ValueNames names_;
  std::vector<std::string> &out_;
  /// Values visible at the current point (scoped by block).
  std::unordered_set<const Value *> visible_;
  /// Every value whose definition has been walked (for better messages).
  std::unordered_set<const Value *> defined_;
  /// Axis names bound by enclosing pmaps, innermost last.
  std::vector<std::pair<std::string, int64_t>> axes_;
};

} // namespace parax::ir::detail
