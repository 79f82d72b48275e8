//===- KernelsDispatch.cpp - OpKind + Attrs -> kernel ---------------------===//
//
// evalPureOp: the one switch from an op (kind, attributes, operands, result
// types) to the kernel that computes it. Attribute names are those of
// ir/Ops.def. Region ops, collectives and side-effecting ops are not pure
// and are the interpreter's business; reaching them here is a bug.
//
//===----------------------------------------------------------------------===//
#include "ir/OpRules.h"
#include "runtime/Kernels.h"
#include "runtime/KernelsCommon.h"

namespace parax::runtime {

using ir::OpKind;

namespace {

/// Reads the rank-0 integer start operands inputs[from, from+n).
std::vector<int64_t> startsFrom(const std::vector<Array> &inputs, size_t from,
                                size_t n) {
  PARAX_ASSERT(inputs.size() == from + n)
      << "dynamic slice: expected " << n << " start operands, got "
      << inputs.size() - from;
  std::vector<int64_t> s(n);
  for (size_t i = 0; i < n; ++i) {
    PARAX_ASSERT(inputs[from + i].size() == 1) << "start index must be rank 0";
    s[i] = inputs[from + i].getInt(0);
  }
  return s;
}

void expectInputs(OpKind k, const std::vector<Array> &inputs, size_t n) {
  PARAX_ASSERT(inputs.size() == n) << mnemonic(k) << ": expected " << n
                                   << " operands, got " << inputs.size();
}

} // namespace

std::vector<Array> evalPureOp(OpKind kind, const ir::Attrs &attrs,
                              const std::vector<Array> &inputs,
                              const std::vector<TensorType> &resultTypes) {
  PARAX_ASSERT(!resultTypes.empty()) << mnemonic(kind) << ": no result types";
  const TensorType &rt = resultTypes[0];
  auto one = [&](Array a) {
    // Kernels without a result-type parameter inherit the operand's weak
    // flag; the op's declared type is authoritative.
    return std::vector<Array>{a.withWeak(rt.weak)};
  };
  switch (kind) {
  // --- Leaves ---------------------------------------------------------------
  case OpKind::Constant: {
    const Array &v = attrs.getArray("value");
    PARAX_ASSERT(v.type().sameIgnoringWeak(rt)) << "constant: type mismatch";
    return one(v);
  }
  case OpKind::Iota:
    return one(iotaOp(rt, attrs.getInt("dimension")));

  // --- Elementwise
  // ------------------------------------------------------------
  case OpKind::Convert:
    expectInputs(kind, inputs, 1);
    return one(convertOp(inputs[0], rt));
  case OpKind::BitcastConvert:
    expectInputs(kind, inputs, 1);
    return one(bitcastConvertOp(inputs[0], rt));
  case OpKind::Select:
    expectInputs(kind, inputs, 3);
    return one(selectOp(inputs[0], inputs[1], inputs[2], rt));

  // --- Shape
  // --------------------------------------------------------------------
  case OpKind::Reshape:
    expectInputs(kind, inputs, 1);
    PARAX_ASSERT(inputs[0].size() == rt.numElements())
        << "reshape: element count";
    return {Array(rt, inputs[0].buffer())};
  case OpKind::BroadcastInDim:
    expectInputs(kind, inputs, 1);
    return one(broadcastInDimOp(inputs[0], rt, attrs.getInts("dims")));
  case OpKind::Transpose:
    expectInputs(kind, inputs, 1);
    return one(transposeOp(inputs[0], attrs.getInts("perm"), rt));
  case OpKind::Rev:
    expectInputs(kind, inputs, 1);
    return one(revOp(inputs[0], attrs.getInts("dims")));
  case OpKind::Slice:
    expectInputs(kind, inputs, 1);
    return one(sliceOp(inputs[0], attrs.getInts("start"),
                       attrs.getInts("limit"), attrs.getInts("stride"), rt));
  case OpKind::Concatenate:
    return one(concatenateOp(inputs, attrs.getInt("axis"), rt));
  case OpKind::Pad:
    expectInputs(kind, inputs, 2);
    return one(padOp(inputs[0], inputs[1], attrs.getInts("low"),
                     attrs.getInts("high"), rt));
  case OpKind::DynamicSlice: {
    PARAX_ASSERT(!inputs.empty()) << "dynamic_slice: no operand";
    std::vector<int64_t> st = startsFrom(inputs, 1, size_t(inputs[0].rank()));
    return one(dynamicSliceOp(inputs[0], st, attrs.getInts("sizes")));
  }
  case OpKind::DynamicUpdateSlice: {
    PARAX_ASSERT(inputs.size() >= 2) << "dynamic_update_slice: operands";
    std::vector<int64_t> st = startsFrom(inputs, 2, size_t(inputs[0].rank()));
    return one(dynamicUpdateSliceOp(inputs[0], inputs[1], st));
  }
  case OpKind::Take:
    expectInputs(kind, inputs, 2);
    return one(takeOp(inputs[0], inputs[1], attrs.getInt("axis"), rt));
  case OpKind::Scatter:
    expectInputs(kind, inputs, 3);
    return one(scatterOp(inputs[0], inputs[1], inputs[2], attrs.getInt("axis"),
                         attrs.getString("mode")));

  // --- Linear algebra, random
  // -------------------------------------------------
  case OpKind::DotGeneral:
    expectInputs(kind, inputs, 2);
    return one(dotGeneralOp(inputs[0], inputs[1], attrs.getInts("lhs_batch"),
                            attrs.getInts("rhs_batch"),
                            attrs.getInts("lhs_contract"),
                            attrs.getInts("rhs_contract"), rt));
  case OpKind::Threefry2x32: {
    expectInputs(kind, inputs, 4);
    std::vector<Array> r =
        threefry2x32Op(inputs[0], inputs[1], inputs[2], inputs[3]);
    for (size_t i = 0; i < r.size() && i < resultTypes.size(); ++i)
      r[i] = r[i].withWeak(resultTypes[i].weak);
    return r;
  }

  default:
    break;
  }
  // The other elementwise ops (rows of ir/ops/Elementwise*.def; unary ones
  // with result Same or Bool): the elementwise kernels.
  if (const ir::ElementwiseRule *r = ir::elementwiseRule(kind)) {
    if (r->arity == 2) {
      expectInputs(kind, inputs, 2);
      return one(binaryOp(kind, inputs[0], inputs[1], rt));
    }
    if (r->result == ir::ResultRule::Same ||
        r->result == ir::ResultRule::Bool) {
      expectInputs(kind, inputs, 1);
      return one(unaryOp(kind, inputs[0], rt));
    }
  }
  // Reductions (ir/ops/Reductions.def), by family.
  switch (ir::reduceFamily(kind)) {
  case ir::ReduceFamily::Reduce:
    expectInputs(kind, inputs, 1);
    return one(reduceOp(kind, inputs[0], attrs.getInts("axes"), rt));
  case ir::ReduceFamily::Arg:
    expectInputs(kind, inputs, 1);
    return one(argReduceOp(kind, inputs[0], attrs.getInt("axis"), rt));
  case ir::ReduceFamily::Cumulative:
    expectInputs(kind, inputs, 1);
    return one(cumulativeOp(kind, inputs[0], attrs.getInt("axis"),
                            attrs.getInt("reverse") != 0));
  case ir::ReduceFamily::None:
    break;
  }
  PARAX_ASSERT(false) << "evalPureOp: '" << mnemonic(kind)
                      << "' is not a pure, region-free op";
  return {};
}

std::vector<Array> evalPureOp(const ir::Operation &op,
                              const std::vector<Array> &inputs) {
  std::vector<TensorType> types;
  for (unsigned i = 0; i < op.numResults(); ++i)
    types.push_back(op.result(i)->type());
  return evalPureOp(op.kind(), op.attrs(), inputs, types);
}

} // namespace parax::runtime
