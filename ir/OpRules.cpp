//===- OpRules.cpp - tables of per-op facts, from ir/ops/*.def ------------===//
#include "ir/OpRules.h"

#include <array>

namespace parax::ir {

namespace {

constexpr size_t kNumOps = 0
#define PARAX_OP(Name, Mnemonic, NumRegions, Traits) +1
#include "ir/Ops.def"
    ;

struct ElementwiseTable {
  std::array<ElementwiseRule, kNumOps> rule{};
  std::array<bool, kNumOps> has{};
  void set(OpKind k, unsigned arity, DClass c, ResultRule r) {
    rule[size_t(k)] = {arity, c, r};
    has[size_t(k)] = true;
  }
  ElementwiseTable() {
#define PARAX_UNARY(Name, Operands, Result, ...)                               \
  set(OpKind::Name, 1, DClass::Operands, ResultRule::Result);
#include "ir/ops/ElementwiseUnary.def"
#define PARAX_BINARY(Name, Operands, ...)                                      \
  set(OpKind::Name, 2, DClass::Operands, ResultRule::Same);
#define PARAX_COMPARE(Name, ...)                                               \
  set(OpKind::Name, 2, DClass::Any, ResultRule::Bool);
#include "ir/ops/ElementwiseBinary.def"
  }
};

const ElementwiseTable &elementwiseTable() {
  static const ElementwiseTable t;
  return t;
}

} // namespace

const ElementwiseRule *elementwiseRule(OpKind k) {
  const ElementwiseTable &t = elementwiseTable();
  return t.has[size_t(k)] ? &t.rule[size_t(k)] : nullptr;
}

bool inClass(DType d, DClass c) {
  switch (c) {
  case DClass::Any:
    return true;
  case DClass::Numeric:
    return d != DType::Bool;
  case DClass::Float:
    return isFloat(d);
  case DClass::Integer:
    return isInteger(d);
  case DClass::IntOrBool:
    return d == DType::Bool || isInteger(d);
  }
  return false;
}

const char *className(DClass c) {
  switch (c) {
  case DClass::Any:
    return "any";
  case DClass::Numeric:
    return "numeric (non-bool)";
  case DClass::Float:
    return "floating-point";
  case DClass::Integer:
    return "integer";
  case DClass::IntOrBool:
    return "bool or integer";
  }
  return "?";
}

} // namespace parax::ir
