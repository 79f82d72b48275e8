//===- VerifyOps.cpp - per-op type rules of the verifier ------------------===//
//
// One rule per op kind, grouped by the families of Ops.def. Each rule checks
// operand and result counts first and returns early when they are wrong, so
// the later checks can index operands freely. The structural walk
// (Verifier.cpp) has already checked that operands are non-null and that
// each region has a block. Types are compared ignoring the weak flag.
//
//===----------------------------------------------------------------------===//
#include "ir/OpRules.h"
#include "ir/VerifierImpl.h"
#include "ir/PmapParts.h"

#include <algorithm>
#include <set>

namespace parax::ir::detail {

namespace {

/// `s` without the dimensions in `axes` (which are in range).
Shape removeDims(const Shape &s, const std::vector<int64_t> &axes) {
  Shape r;
  for (int64_t d = 0; d < int64_t(s.size()); ++d)
    if (std::find(axes.begin(), axes.end(), d) == axes.end())
      r.push_back(s[d]);
  return r;
}

TensorType withShape(TensorType t, Shape s) {
  t.shape = std::move(s);
  return t;
}

TensorType withDType(TensorType t, DType d) {
  t.dtype = d;
  return t;
}

} // namespace

//===----------------------------------------------------------------------===//
// Leaves and elementwise ops
//===----------------------------------------------------------------------===//

void VerifierImpl::verifyLeaf(const Operation &op) {
  if (!counts(op, 0, 1))
    return;
  const TensorType &out = op.result()->type();
  if (op.kind() == OpKind::Constant) {
    const AttrValue *v = attr(op, "value");
    const Array *a = v ? std::get_if<Array>(v) : nullptr;
    if (!a || !a->valid()) {
      fail(op) << "missing array attribute 'value'";
      return;
    }
    expectType(op, "the result", out, a->type());
    return;
  }
  // iota
  const int64_t *dim = intAttr(op, "dimension");
  if (dim)
    checkAxis(op, "dimension", *dim, out.rank());
  if (out.dtype == DType::Bool)
    fail(op) << "result must be numeric, got " << out;
}

void VerifierImpl::verifyUnary(const Operation &op) {
  if (!counts(op, 1, 1))
    return;
  const TensorType &in = op.operand(0)->type();
  const TensorType &out = op.result()->type();
  const ElementwiseRule &rule = *elementwiseRule(op.kind());
  if (!inClass(in.dtype, rule.operands))
    fail(op) << "operand dtype must be " << className(rule.operands)
             << ", got " << in;
  expectShape(op, "the result", out.shape, in.shape);
  switch (rule.result) {
  case ResultRule::Explicit:
    return;
  case ResultRule::Bool:
    if (out.dtype != DType::Bool)
      fail(op) << "result must be bool, got " << out;
    return;
  case ResultRule::SameWidth:
    if (in.dtype == DType::Bool || out.dtype == DType::Bool ||
        dtypeSize(in.dtype) != dtypeSize(out.dtype))
      fail(op) << "bit widths differ (or bool): " << in << " -> " << out;
    return;
  case ResultRule::Same:
    if (out.dtype != in.dtype)
      fail(op) << "result dtype differs from the operand's: " << out << " vs "
               << in;
  }
}

void VerifierImpl::verifyBinary(const Operation &op) {
  if (!counts(op, 2, 1))
    return;
  const TensorType &a = op.operand(0)->type();
  const TensorType &b = op.operand(1)->type();
  const TensorType &out = op.result()->type();
  if (!a.sameIgnoringWeak(b)) {
    fail(op) << "operand types differ: " << a << " vs " << b;
    return;
  }
  const ElementwiseRule &rule = *elementwiseRule(op.kind());
  if (!inClass(a.dtype, rule.operands))
    fail(op) << "operand dtype must be " << className(rule.operands)
             << ", got " << a;
  DType want = rule.result == ResultRule::Bool ? DType::Bool : a.dtype;
  expectType(op, "the result", out, withDType(a, want));
}

void VerifierImpl::verifySelect(const Operation &op) {
  if (!counts(op, 3, 1))
    return;
  const TensorType &pred = op.operand(0)->type();
  const TensorType &t = op.operand(1)->type();
  const TensorType &f = op.operand(2)->type();
  if (pred.dtype != DType::Bool || pred.shape != t.shape)
    fail(op) << "predicate must be bool with the cases' shape, got " << pred;
  if (!t.sameIgnoringWeak(f))
    fail(op) << "case types differ: " << t << " vs " << f;
  expectType(op, "the result", op.result()->type(), t);
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

void VerifierImpl::verifyShapeOp(const Operation &op) {
  bool concat = op.kind() == OpKind::Concatenate;
  bool pad = op.kind() == OpKind::Pad;
  if (!counts(op, concat ? -1 : pad ? 2 : 1, 1))
    return;
  if (concat && op.numOperands() == 0) {
    fail(op) << "needs at least one operand";
    return;
  }
  const TensorType &in = op.operand(0)->type();
  const TensorType &out = op.result()->type();
  if (out.dtype != in.dtype) {
    fail(op) << "result dtype differs from the operand's: " << out << " vs "
             << in;
    return;
  }
  int64_t rank = in.rank();
  switch (op.kind()) {
  case OpKind::Reshape:
    if (out.numElements() != in.numElements())
      fail(op) << "element counts differ: " << in << " -> " << out;
    return;
  case OpKind::BroadcastInDim: {
    const auto *dims = intsAttr(op, "dims");
    if (!dims)
      return;
    if (int64_t(dims->size()) != rank) {
      fail(op) << "dims " << *dims << " must have one entry per operand dim ("
               << rank << ")";
      return;
    }
    // Distinct, not necessarily increasing: Ops.def defines any injective
    // mapping (JAX's "strictly increasing" is a user-level check).
    if (!checkAxes(op, "dims", *dims, out.rank(), /*sorted=*/false))
      return;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t d = (*dims)[i];
      if (in.shape[i] != 1 && in.shape[i] != out.shape[d])
        fail(op) << "operand dim " << i << " (" << in.shape[i]
                 << ") cannot broadcast to result dim " << d << " ("
                 << out.shape[d] << ")";
    }
    return;
  }
  case OpKind::Transpose: {
    const auto *perm = intsAttr(op, "perm");
    if (!perm)
      return;
    if (int64_t(perm->size()) != rank ||
        !checkAxes(op, "perm", *perm, rank, /*sorted=*/false)) {
      fail(op) << "perm " << *perm << " is not a permutation of rank " << rank;
      return;
    }
    Shape want;
    for (int64_t p : *perm)
      want.push_back(in.shape[p]);
    expectShape(op, "the result", out.shape, want);
    return;
  }
  case OpKind::Rev: {
    const auto *dims = intsAttr(op, "dims");
    if (dims)
      checkAxes(op, "dims", *dims, rank, /*sorted=*/false);
    expectType(op, "the result", out, in);
    return;
  }
  case OpKind::Slice: {
    const auto *start = intsAttr(op, "start");
    const auto *limit = intsAttr(op, "limit");
    const auto *stride = intsAttr(op, "stride", /*optional=*/true);
    if (!start || !limit || !stride)
      return;
    if (int64_t(start->size()) != rank || int64_t(limit->size()) != rank ||
        (!stride->empty() && int64_t(stride->size()) != rank)) {
      fail(op) << "start/limit/stride need one entry per dim (" << rank << ")";
      return;
    }
    Shape want;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t s = (*start)[i], l = (*limit)[i];
      int64_t st = stride->empty() ? 1 : (*stride)[i];
      if (s < 0 || s > l || l > in.shape[i] || st < 1) {
        fail(op) << "dim " << i << ": start " << s << ", limit " << l
                 << ", stride " << st << " invalid for size " << in.shape[i];
        return;
      }
      want.push_back((l - s + st - 1) / st);
    }
    expectShape(op, "the result", out.shape, want);
    return;
  }
  case OpKind::Concatenate: {
    const int64_t *axis = intAttr(op, "axis");
    if (!axis || !checkAxis(op, "axis", *axis, rank))
      return;
    Shape want = in.shape;
    want[*axis] = 0;
    for (unsigned i = 0; i < op.numOperands(); ++i) {
      const TensorType &t = op.operand(i)->type();
      bool same = t.dtype == in.dtype && t.rank() == rank;
      for (int64_t d = 0; same && d < rank; ++d)
        same = d == *axis || t.shape[d] == in.shape[d];
      if (!same) {
        fail(op) << "operand #" << i << " (" << t
                 << ") does not match operand #0 (" << in << ") outside axis "
                 << *axis;
        return;
      }
      want[*axis] += t.shape[*axis];
    }
    expectShape(op, "the result", out.shape, want);
    return;
  }
  case OpKind::Pad: {
    const TensorType &value = op.operand(1)->type();
    if (value.rank() != 0 || value.dtype != in.dtype)
      fail(op) << "padding value must be a rank-0 " << in.dtype
               << " scalar, got " << value;
    const auto *low = intsAttr(op, "low");
    const auto *high = intsAttr(op, "high");
    if (!low || !high)
      return;
    if (int64_t(low->size()) != rank || int64_t(high->size()) != rank) {
      fail(op) << "low/high need one entry per dim (" << rank << ")";
      return;
    }
    Shape want;
    for (int64_t i = 0; i < rank; ++i) {
      if ((*low)[i] < 0 || (*high)[i] < 0) {
        fail(op) << "negative padding " << *low << ", " << *high;
        return;
      }
      want.push_back((*low)[i] + in.shape[i] + (*high)[i]);
    }
    expectShape(op, "the result", out.shape, want);
    return;
  }
  default:
    return;
  }
}

//===----------------------------------------------------------------------===//
// Indexing ops
//===----------------------------------------------------------------------===//

void VerifierImpl::verifyIndexing(const Operation &op) {
  if (!counts(op, -1, 1))
    return;
  if (op.numOperands() == 0) {
    fail(op) << "needs an operand";
    return;
  }
  const TensorType &x = op.operand(0)->type();
  const TensorType &out = op.result()->type();
  int64_t rank = x.rank();
  switch (op.kind()) {
  case OpKind::DynamicSlice:
  case OpKind::DynamicUpdateSlice: {
    bool update = op.kind() == OpKind::DynamicUpdateSlice;
    unsigned first = update ? 2 : 1;
    if (!counts(op, int(first + rank), 1))
      return;
    for (unsigned i = first; i < op.numOperands(); ++i)
      expectScalarInt(op, "start index #" + std::to_string(i - first),
                      op.operand(i)->type());
    Shape sizes;
    if (update) {
      const TensorType &u = op.operand(1)->type();
      if (u.dtype != x.dtype || u.rank() != rank) {
        fail(op) << "update " << u << " must have the dtype and rank of " << x;
        return;
      }
      sizes = u.shape;
    } else {
      const auto *s = intsAttr(op, "sizes");
      if (!s)
        return;
      if (int64_t(s->size()) != rank) {
        fail(op) << "sizes " << *s << " need one entry per dim (" << rank
                 << ")";
        return;
      }
      sizes = *s;
    }
    for (int64_t i = 0; i < rank; ++i)
      if (sizes[i] < 0 || sizes[i] > x.shape[i]) {
        fail(op) << "slice size " << sizes << " does not fit in " << x;
        return;
      }
    expectType(op, "the result", out, update ? x : withShape(x, sizes));
    return;
  }
  case OpKind::Take:
  case OpKind::Scatter: {
    bool scatter = op.kind() == OpKind::Scatter;
    if (!counts(op, scatter ? 3 : 2, 1))
      return;
    const TensorType &idx = op.operand(1)->type();
    if (!isInteger(idx.dtype))
      fail(op) << "indices must be integers, got " << idx;
    const int64_t *axis = intAttr(op, "axis");
    if (!axis || !checkAxis(op, "axis", *axis, rank))
      return;
    Shape gathered(x.shape.begin(), x.shape.begin() + *axis);
    gathered.insert(gathered.end(), idx.shape.begin(), idx.shape.end());
    gathered.insert(gathered.end(), x.shape.begin() + *axis + 1, x.shape.end());
    if (!scatter) {
      expectType(op, "the result", out, withShape(x, gathered));
      return;
    }
    const std::string *mode = stringAttr(op, "mode");
    static const std::set<std::string> kModes = {"set", "add", "mul", "min",
                                                 "max"};
    if (mode && !kModes.count(*mode))
      fail(op) << "unknown scatter mode '" << *mode << "'";
    expectType(op, "updates", op.operand(2)->type(), withShape(x, gathered));
    expectType(op, "the result", out, x);
    return;
  }
  default:
    return;
  }
}

//===----------------------------------------------------------------------===//
// Reductions and cumulative ops
//===----------------------------------------------------------------------===//

void VerifierImpl::verifyReduction(const Operation &op) {
  if (!counts(op, 1, 1))
    return;
  const TensorType &in = op.operand(0)->type();
  const TensorType &out = op.result()->type();
  switch (reduceFamily(op.kind())) {
  case ReduceFamily::Arg: {
    const int64_t *axis = intAttr(op, "axis");
    if (!axis || !checkAxis(op, "axis", *axis, in.rank()))
      return;
    // The index dtype: int32, or int64 with x64 enabled.
    DType idx = out.dtype == DType::I64 ? DType::I64 : DType::I32;
    TensorType want{idx, removeDims(in.shape, {*axis}), false};
    expectType(op, "the result", out, want);
    return;
  }
  case ReduceFamily::Cumulative: {
    const int64_t *axis = intAttr(op, "axis");
    if (axis)
      checkAxis(op, "axis", *axis, in.rank());
    flagAttr(op, "reverse");
    expectType(op, "the result", out, in);
    return;
  }
  default: { // reduce_*
    // The dtypes of its combiner (reduce_and/or: bool or integer).
    DClass c = elementwiseRule(reductionCombiner(op.kind()))->operands;
    if (!inClass(in.dtype, c))
      fail(op) << "operand dtype must be " << className(c) << ", got " << in;
    const auto *axes = intsAttr(op, "axes");
    if (!axes || !checkAxes(op, "axes", *axes, in.rank(), /*sorted=*/true))
      return;
    expectType(op, "the result", out,
               withShape(in, removeDims(in.shape, *axes)));
    return;
  }
  }
}

//===----------------------------------------------------------------------===//
// dot_general and threefry2x32
//===----------------------------------------------------------------------===//

void VerifierImpl::verifyDotGeneral(const Operation &op) {
  if (!counts(op, 2, 1))
    return;
  const TensorType &lhs = op.operand(0)->type();
  const TensorType &rhs = op.operand(1)->type();
  if (lhs.dtype != rhs.dtype) {
    fail(op) << "operand dtypes differ: " << lhs << " vs " << rhs;
    return;
  }
  // Absent dimension lists read as [] (no batch / no contraction).
  const auto *lb = intsAttr(op, "lhs_batch", true);
  const auto *rb = intsAttr(op, "rhs_batch", true);
  const auto *lc = intsAttr(op, "lhs_contract", true);
  const auto *rc = intsAttr(op, "rhs_contract", true);
  if (!lb || !rb || !lc || !rc)
    return;
  if (lb->size() != rb->size() || lc->size() != rc->size()) {
    fail(op) << "batch " << *lb << "/" << *rb << " or contracting " << *lc
             << "/" << *rc << " dimension lists differ in length";
    return;
  }
  std::vector<int64_t> lused = *lb, rused = *rb;
  lused.insert(lused.end(), lc->begin(), lc->end());
  rused.insert(rused.end(), rc->begin(), rc->end());
  if (!checkAxes(op, "lhs dims", lused, lhs.rank(), false) ||
      !checkAxes(op, "rhs dims", rused, rhs.rank(), false))
    return;
  for (size_t i = 0; i < lused.size(); ++i)
    if (lhs.shape[lused[i]] != rhs.shape[rused[i]]) {
      fail(op) << "lhs dim " << lused[i] << " (" << lhs.shape[lused[i]]
               << ") does not match rhs dim " << rused[i] << " ("
               << rhs.shape[rused[i]] << ")";
      return;
    }
  Shape want;
  for (int64_t d : *lb)
    want.push_back(lhs.shape[d]);
  for (int64_t d : removeDims(lhs.shape, lused))
    want.push_back(d);
  for (int64_t d : removeDims(rhs.shape, rused))
    want.push_back(d);
  expectType(op, "the result", op.result()->type(), withShape(lhs, want));
}

void VerifierImpl::verifyThreefry(const Operation &op) {
  if (!counts(op, 4, 2))
    return;
  TensorType want{DType::U32, op.operand(0)->type().shape, false};
  for (unsigned i = 0; i < 4; ++i)
    expectType(op, "operand #" + std::to_string(i), op.operand(i)->type(),
               want);
  for (unsigned i = 0; i < 2; ++i)
    expectType(op, "result #" + std::to_string(i), op.result(i)->type(), want);
}

//===----------------------------------------------------------------------===//
// Structured control flow
//===----------------------------------------------------------------------===//

void VerifierImpl::verifyForiLoop(const Operation &op) {
  if (op.numOperands() < 2) {
    fail(op) << "needs lower and upper bounds, got " << op.numOperands()
             << " operand(s)";
    return;
  }
  std::vector<TensorType> carries = operandTypes(op, 2);
  if (!counts(op, -1, int(carries.size())))
    return;
  const TensorType &lo = op.operand(0)->type();
  const TensorType &hi = op.operand(1)->type();
  if (!expectScalarInt(op, "lower bound", lo) ||
      !expectScalarInt(op, "upper bound", hi))
    return;
  if (lo.dtype != hi.dtype)
    fail(op) << "bounds have different dtypes: " << lo << " vs " << hi;
  std::vector<TensorType> args = {TensorType{lo.dtype, {}, false}};
  args.insert(args.end(), carries.begin(), carries.end());
  checkRegionArgs(op, 0, args);
  checkYield(op, 0, carries);
  for (unsigned i = 0; i < carries.size(); ++i)
    expectType(op, "result #" + std::to_string(i), op.result(i)->type(),
               carries[i]);
}

void VerifierImpl::verifyScan(const Operation &op) {
  const int64_t *length = intAttr(op, "length");
  const int64_t *numCarry = intAttr(op, "num_carry");
  flagAttr(op, "reverse");
  if (!length || !numCarry)
    return;
  int64_t nc = *numCarry;
  if (*length < 0 || nc < 0 || nc > int64_t(op.numOperands()) ||
      nc > int64_t(op.numResults())) {
    fail(op) << "invalid length=" << *length << " num_carry=" << nc << " for "
             << op.numOperands() << " operand(s) and " << op.numResults()
             << " result(s)";
    return;
  }
  std::vector<TensorType> carries = operandTypes(op, 0);
  carries.resize(size_t(nc));
  std::vector<TensorType> args = carries;
  for (unsigned i = unsigned(nc); i < op.numOperands(); ++i) {
    const TensorType &xs = op.operand(i)->type();
    if (xs.rank() == 0 || xs.shape[0] != *length) {
      fail(op) << "scanned operand #" << i << " (" << xs
               << ") must have leading dim " << *length;
      return;
    }
    args.push_back(withShape(xs, Shape(xs.shape.begin() + 1, xs.shape.end())));
  }
  checkRegionArgs(op, 0, args);
  for (unsigned i = 0; i < unsigned(nc); ++i)
    expectType(op, "result #" + std::to_string(i), op.result(i)->type(),
               carries[i]);
  // Yield: the carries, then one y slice per stacked result.
  std::vector<TensorType> yields = carries;
  const Operation *y = yieldOf(op.region(0));
  for (unsigned i = unsigned(nc); i < op.numResults(); ++i) {
    const TensorType &ys = op.result(i)->type();
    if (ys.rank() == 0 || ys.shape[0] != *length) {
      fail(op) << "stacked result #" << i << " (" << ys
               << ") must have leading dim " << *length;
      return;
    }
    yields.push_back(
        withShape(ys, Shape(ys.shape.begin() + 1, ys.shape.end())));
  }
  if (y && y->numOperands() == yields.size())
    for (unsigned i = unsigned(nc); i < yields.size(); ++i)
      if (!y->operand(i)->type().sameIgnoringWeak(yields[i])) {
        fail(op) << "result #" << i << " (" << op.result(i)->type()
                 << ") is not the stack of yield #" << i << " ("
                 << y->operand(i)->type() << ") over length " << *length;
        return;
      }
  checkYield(op, 0, yields);
}

void VerifierImpl::verifyWhile(const Operation &op) {
  std::vector<TensorType> carries = operandTypes(op, 0);
  if (!counts(op, -1, int(carries.size())))
    return;
  checkRegionArgs(op, 0, carries);
  checkRegionArgs(op, 1, carries);
  checkYield(op, 0, {TensorType{DType::Bool, {}, false}});
  checkYield(op, 1, carries);
  for (unsigned i = 0; i < carries.size(); ++i)
    expectType(op, "result #" + std::to_string(i), op.result(i)->type(),
               carries[i]);
}

void VerifierImpl::verifyCond(const Operation &op) {
  if (op.numOperands() < 1) {
    fail(op) << "needs a branch index operand";
    return;
  }
  const TensorType &index = op.operand(0)->type();
  if (index.rank() != 0 || index.dtype != DType::I32)
    fail(op) << "branch index must be i32[], got " << index;
  std::vector<TensorType> args = operandTypes(op, 1);
  std::vector<TensorType> results = resultTypes(op);
  for (unsigned r = 0; r < op.numRegions(); ++r) {
    checkRegionArgs(op, r, args);
    checkYield(op, r, results);
  }
}

void VerifierImpl::verifyPmap(const Operation &op) {
  const std::string *name = stringAttr(op, "axis_name");
  const int64_t *size = intAttr(op, "axis_size");
  const auto *inAxes = intsAttr(op, "in_axes");
  const auto *outAxes = intsAttr(op, "out_axes");
  if (!name || !size || !inAxes || !outAxes)
    return;
  if (name->empty())
    fail(op) << "axis_name is empty";
  if (*size < 1) {
    fail(op) << "axis_size " << *size << " must be positive";
    return;
  }
  // Per-device operands/results (ir/PmapParts.h) change the counts.
  PmapParts parts = pmapParts(op);
  unsigned nArgs = parts.numArgs();
  unsigned wantOperands = nArgs ? parts.operandFor(nArgs - 1, parts.devices - 1) + 1 : 0;
  if (inAxes->size() != nArgs || wantOperands != op.numOperands()) {
    fail(op) << "in_axes " << *inAxes << " needs one entry per region argument (" << nArgs
             << ") and " << wantOperands << " operand(s), got " << op.numOperands();
    return;
  }
  // Across `processes` processes each one maps its local share of the
  // axis_size devices: operands and results carry axis_size / processes.
  const int64_t *processes = op.attrs().has("processes") ? intAttr(op, "processes") : nullptr;
  int64_t local = *size;
  if (processes && *processes > 1) {
    if (*size % *processes != 0) {
      fail(op) << "axis_size " << *size << " is not a multiple of processes " << *processes;
      return;
    }
    local = *size / *processes;
  }
  // Per-device argument = operand without its mapped axis (-1: unmapped).
  std::vector<TensorType> args;
  for (unsigned i = 0; i < nArgs; ++i) {
    TensorType t = op.operand(parts.operandFor(i, 0))->type();
    int64_t a = (*inAxes)[i];
    if (parts.partedIn[i]) {
      for (int64_t d = 1; d < parts.devices; ++d)
        expectType(op, "operand #" + std::to_string(parts.operandFor(i, d)),
                   op.operand(parts.operandFor(i, d))->type(), t);
    } else if (a != -1) {
      if (!checkAxis(op, "in_axes entry", a, t.rank()))
        return;
      if (t.shape[a] != local) {
        fail(op) << "operand #" << i << " (" << t << ") has size " << t.shape[a]
                 << " on mapped axis " << a << ", expected " << local;
        return;
      }
      t.shape.erase(t.shape.begin() + a);
    }
    args.push_back(t);
  }
  checkRegionArgs(op, 0, args);
  // Result = per-device value with axis_size inserted at out_axes[i].
  const Operation *y = yieldOf(op.region(0));
  if (!y)
    return;
  unsigned wantResults = unsigned(y->numOperands() * (parts.partedOut ? parts.devices : 1));
  if (outAxes->size() != y->numOperands() || wantResults != op.numResults()) {
    fail(op) << "region #0 yields " << y->numOperands() << " value(s) (out_axes " << *outAxes
             << "), expected " << wantResults << " result(s), got " << op.numResults();
    return;
  }
  for (unsigned i = 0; i < y->numOperands(); ++i) {
    TensorType t = y->operand(i)->type();
    int64_t a = (*outAxes)[i];
    if (parts.partedOut) {
      for (int64_t d = 0; d < parts.devices; ++d)
        expectType(op, "result #" + std::to_string(parts.resultFor(i, d)),
                   op.result(parts.resultFor(i, d))->type(), t);
      continue;
    }
    if (a != -1) {
      if (!checkAxis(op, "out_axes entry", a, t.rank() + 1))
        return;
      t.shape.insert(t.shape.begin() + a, local);
    }
    expectType(op, "result #" + std::to_string(i), op.result(i)->type(), t);
  }
}

//===----------------------------------------------------------------------===//
// Collectives and side effects
//===----------------------------------------------------------------------===//

void VerifierImpl::verifyCollective(const Operation &op) {
  int64_t size = boundAxisSize(op);
  // Over some axes of a device mesh: the devices of one group.
  if (op.attrs().has("group_size") && op.attrs().getInt("group_size") > 0)
    size = op.attrs().getInt("group_size");
  switch (collectivePattern(op.kind())) {
  case CollectivePattern::Local: // axis_index
    if (counts(op, 0, 1))
      expectType(op, "the result", op.result()->type(),
                 TensorType{DType::I32, {}, false});
    return;
  case CollectivePattern::AllReduce:
    if (op.numOperands() == 0)
      fail(op) << "needs at least one operand";
    else if (counts(op, -1, int(op.numOperands())))
      for (unsigned i = 0; i < op.numOperands(); ++i)
        expectType(op, "result #" + std::to_string(i), op.result(i)->type(),
                   op.operand(i)->type());
    return;
  case CollectivePattern::AllGather: {
    if (!counts(op, 1, 1))
      return;
    const TensorType &in = op.operand(0)->type();
    const int64_t *axis = intAttr(op, "axis");
    bool tiled = op.attrs().has("tiled") && flagAttr(op, "tiled") &&
                 op.attrs().getInt("tiled") == 1;
    if (!axis || size < 0 ||
        !checkAxis(op, "axis", *axis, in.rank() + (tiled ? 0 : 1)))
      return;
    TensorType want = in;
    if (tiled)
      want.shape[*axis] *= size;
    else
      want.shape.insert(want.shape.begin() + *axis, size);
    expectType(op, "the result", op.result()->type(), want);
    return;
  }
  case CollectivePattern::Permute: {
    if (!counts(op, 1, 1))
      return;
    expectType(op, "the result", op.result()->type(), op.operand(0)->type());
    const auto *perm = intsAttr(op, "perm");
    if (!perm || size < 0)
      return;
    if (perm->size() % 2) {
      fail(op) << "perm " << *perm << " must hold (source, destination) pairs";
      return;
    }
    std::set<int64_t> srcs, dsts;
    for (size_t i = 0; i < perm->size(); i += 2) {
      int64_t s = (*perm)[i], d = (*perm)[i + 1];
      if (s < 0 || s >= size || d < 0 || d >= size) {
        fail(op) << "perm pair (" << s << ", " << d
                 << ") is out of range for axis size " << size;
        return;
      }
      if (!srcs.insert(s).second || !dsts.insert(d).second) {
        fail(op) << "perm " << *perm << " repeats a source or destination";
        return;
      }
    }
    return;
  }
  default:
    return;
  }
}

void VerifierImpl::verifyDebug(const Operation &op) {
  if (!counts(op, -1, 0))
    return;
  if (op.kind() == OpKind::DebugPrint) {
    stringAttr(op, "format");
    return;
  }
  const std::string *names = stringAttr(op, "names");
  if (!names)
    return;
  size_t n =
      names->empty() ? 0 : 1 + std::count(names->begin(), names->end(), ';');
  if (n != op.numOperands())
    fail(op) << "names \"" << *names << "\" list " << n << " name(s) for "
             << op.numOperands() << " operand(s)";
}

} // namespace parax::ir::detail
