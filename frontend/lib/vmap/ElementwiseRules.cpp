//===- ElementwiseRules.cpp - vmap of elementwise ops ---------------------===//
//
// Every elementwise op (Ops.def trait E) has one rule: its operands all get
// the batch dimension in front (shared ones broadcast along it) and the op
// runs on the stacked arrays.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/vmap/Batching.h"

#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"

namespace parax::frontend::vmap {

using ir::OpKind;

namespace {

BVals elementwise(BatchCtx &c) {
  Vals ins;
  for (const BVal &b : c.in)
    ins.push_back(materialize(c.ev, b, c.axis.size));
  std::vector<TensorType> types;
  for (auto &r : c.op.results()) {
    TensorType t = r->type();
    t.shape.insert(t.shape.begin(), c.axis.size);
    types.push_back(t);
  }
  BVals out;
  for (Value &v : frontend::bind(c.ev, c.op.kind(), ins, c.op.attrs(), types))
    out.push_back(BVal{v, 0});
  return out;
}

} // namespace

void registerElementwiseRules(RuleTable &t) {
  for (size_t k = 0; k < t.byKind.size(); ++k)
    if (ir::hasTrait(OpKind(k), ir::E))
      t.byKind[k] = elementwise;
}

} // namespace parax::frontend::vmap
