//===- Printer.h - stable textual form of the parax IR ----------*- C++ -*-===//
//
// The textual IR is what `parax --dump ir` prints and what the golden tests
// check, so it is deterministic and changes only on purpose. It is shaped
// like MLIR's custom form:
//
//   func @f(%arg0: f32[3]) -> f32[] {
//     %0 = constant 0.0 : f32[]
//     %1 = scan(%0, %arg0) length=3 num_carry=1 : (f32[], f32[3]) -> f32[] {
//     ^bb0(%2: f32[], %3: f32[]):
//       %4 = mul %3, %3 : f32[]
//       %5 = add %2, %4 : f32[]
//       yield %5 : f32[]
//     }
//     return %1 : f32[]
//   }
//
// Values are numbered per function in order of definition (function
// arguments are %argN). Plain ops print `results = name operands attrs :
// result types`; ops with regions print `name(operands) attrs : (operand
// types) -> result types {` followed by their regions. The full grammar is
// documented in Printer.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

#include <string>
#include <unordered_map>

namespace parax::ir {

/// Knobs of the textual form.
struct PrintOptions {
  /// Appends ` loc(file:line:col)` (or `loc(unknown)`) to every op line.
  bool printLocations = false;
  /// Constants with at most this many elements print their data; larger ones
  /// print as `dense<f32[2048,2048]>`.
  int64_t maxConstantElements = 16;
};

/// SSA names of one function: `%argN` for the function's arguments and `%N`
/// for every other value in order of definition (results before the values
/// defined inside the op's regions). Shared by the printer and the verifier
/// so that messages and dumps agree.
class ValueNames {
public:
  /// Numbers every value under `top`, which is normally a function's entry
  /// block (its arguments become %argN).
  explicit ValueNames(const Block &top);
  /// Numbers the values of a detached op (no function around it).
  explicit ValueNames(const Operation &op);
  /// Builds the names of the function that contains `op`, or of `op` alone
  /// when it is not inside a function.
  static ValueNames forOp(const Operation &op);

  /// "%3", "%arg0"; "%<null>" for null and "%<?>" for a value that does not
  /// belong to the numbered function.
  std::string name(const Value *v) const;

private:
  void numberOp(const Operation &op);
  void numberBlock(const Block &b);
  std::unordered_map<const Value *, std::string> names_;
  unsigned next_ = 0;
};

/// Prints every function of `m`, separated by a blank line.
std::string printModule(const Module &m, const PrintOptions &opts = {});
/// Prints one function, ending with a newline.
std::string printFunc(const Func &f, const PrintOptions &opts = {});
/// Prints one op (with its regions, no trailing newline), naming values as
/// the whole enclosing function would.
std::string printOp(const Operation &op, const PrintOptions &opts = {});

/// The literal of a constant's value: `2.5`, `true`, `[[1,2],[3,4]]`, or
/// `dense<f32[64,64]>` when it has more than `maxElements` elements.
std::string printArrayLiteral(const Array &a, int64_t maxElements = 16);
/// One attribute value: `3`, `0.5`, `"text"`, `[0,1]` or an array literal.
std::string printAttrValue(const AttrValue &v, int64_t maxElements = 16);
/// The shortest decimal form of `v` that reads back to the same value of
/// dtype `dt` (f16, bf16, f32), in Python's repr style: `0.0`, `2.5`,
/// `1e-05`, `1e+16`, `-inf`, `nan`.
std::string printFloat(double v, DType dt);
/// The same for a double (float attributes).
std::string printFloat(double v);
/// A double-quoted string with `"`, `\` and control characters escaped.
std::string printQuoted(const std::string &s);

} // namespace parax::ir
