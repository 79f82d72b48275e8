//===- Verifier.cpp - structural checks and the per-op dispatch -----------===//
//
// The verifier walks a function once, in textual order:
//   1. Each block is non-empty and ends in exactly one terminator: `return`
//      in the function body, `yield` in the regions of ops.
//   2. Each operand is non-null, registered in its use list, and visible:
//      defined earlier in the same block or in an enclosing block (a scope
//      set grows with block arguments and results and shrinks on leaving a
//      block, so values of sibling or inner regions are not visible).
//   3. Each op has its declared number of regions, each with a block.
//   4. A switch over OpKind runs the op's type rule (VerifyOps.cpp): operand
//      and result counts, dtypes, shapes and attributes, and for region ops
//      the block-argument and yield signatures.
//   5. `pmap` binds its axis name while its region is walked; collectives
//      look their axis up in that stack.
//
//===----------------------------------------------------------------------===//
#include "ir/OpRules.h"
#include "ir/Verifier.h"
#include "ir/VerifierImpl.h"

#include <algorithm>
#include <set>

namespace parax::ir {
namespace detail {

//===----------------------------------------------------------------------===//
// Reporting
//===----------------------------------------------------------------------===//

Report::~Report() { out_.push_back(prefix_ + os_.str()); }

Report &Report::operator<<(const TensorType &t) {
  os_ << t.irStr();
  return *this;
}

Report &Report::operator<<(const std::vector<int64_t> &v) {
  os_ << "[";
  for (size_t i = 0; i < v.size(); ++i)
    os_ << (i ? "," : "") << v[i];
  os_ << "]";
  return *this;
}

Report &Report::operator<<(DType d) {
  os_ << dtypeShortName(d);
  return *this;
}

std::string VerifierImpl::opRef(const Operation &op) const {
  std::string r;
  for (unsigned i = 0; i < op.numResults(); ++i)
    r += (i ? ", " : "") + names_.name(op.result(i));
  if (op.numResults())
    r += " = ";
  r += op.name();
  if (!op.numResults())
    if (const Operation *parent = op.parentOp())
      r += " in " + opRef(*parent);
  return r;
}

Report VerifierImpl::fail(const Operation &op) {
  std::string prefix = "@" + func_.name() + ": " + opRef(op);
  if (op.loc().valid())
    prefix += " (" + op.loc().str() + ")";
  return Report(out_, prefix + ": ");
}

Report VerifierImpl::failFunc() {
  return Report(out_, "@" + func_.name() + ": ");
}

//===----------------------------------------------------------------------===//
// Shared helpers for the op rules
//===----------------------------------------------------------------------===//

bool VerifierImpl::counts(const Operation &op, int nOperands, int nResults) {
  bool ok = true;
  if (nOperands >= 0 && op.numOperands() != unsigned(nOperands)) {
    fail(op) << "expected " << nOperands << " operand(s), got "
             << op.numOperands();
    ok = false;
  }
  if (nResults >= 0 && op.numResults() != unsigned(nResults)) {
    fail(op) << "expected " << nResults << " result(s), got "
             << op.numResults();
    ok = false;
  }
  return ok;
}

const AttrValue *VerifierImpl::attr(const Operation &op,
                                    const std::string &name) const {
  auto &all = op.attrs().all();
  auto it = all.find(name);
  return it == all.end() ? nullptr : &it->second;
}

const int64_t *VerifierImpl::intAttr(const Operation &op,
                                     const std::string &name) {
  const AttrValue *v = attr(op, name);
  const int64_t *i = v ? std::get_if<int64_t>(v) : nullptr;
  if (!i)
    fail(op) << (v ? "attribute '" + name + "' must be an int"
                   : "missing int attribute '" + name + "'");
  return i;
}

const std::vector<int64_t> *VerifierImpl::intsAttr(const Operation &op,
                                                   const std::string &name,
                                                   bool optional) {
  static const std::vector<int64_t> empty;
  const AttrValue *v = attr(op, name);
  if (!v && optional)
    return &empty;
  auto *l = v ? std::get_if<std::vector<int64_t>>(v) : nullptr;
  if (!l)
    fail(op) << (v ? "attribute '" + name + "' must be an int list"
                   : "missing int-list attribute '" + name + "'");
  return l;
}

const std::string *VerifierImpl::stringAttr(const Operation &op,
                                            const std::string &name) {
  const AttrValue *v = attr(op, name);
  const std::string *s = v ? std::get_if<std::string>(v) : nullptr;
  if (!s)
    fail(op) << (v ? "attribute '" + name + "' must be a string"
                   : "missing string attribute '" + name + "'");
  return s;
}

bool VerifierImpl::flagAttr(const Operation &op, const std::string &name) {
  const AttrValue *v = attr(op, name);
  if (!v)
    return true;
  const int64_t *i = std::get_if<int64_t>(v);
  if (!i || (*i != 0 && *i != 1)) {
    fail(op) << "attribute '" << name << "' must be 0 or 1";
    return false;
  }
  return true;
}

bool VerifierImpl::checkAxis(const Operation &op, const char *what,
                             int64_t axis, int64_t rank) {
  if (axis >= 0 && axis < rank)
    return true;
  fail(op) << what << " " << axis << " is out of range for rank " << rank;
  return false;
}

bool VerifierImpl::checkAxes(const Operation &op, const char *what,
                             const std::vector<int64_t> &axes, int64_t rank,
                             bool sorted) {
  std::set<int64_t> seen;
  for (size_t i = 0; i < axes.size(); ++i) {
    if (!checkAxis(op, what, axes[i], rank))
      return false;
    if (!seen.insert(axes[i]).second) {
      fail(op) << what << " " << axes << " repeats " << axes[i];
      return false;
    }
    if (sorted && i && axes[i] < axes[i - 1]) {
      fail(op) << what << " " << axes << " are not sorted";
      return false;
    }
  }
  return true;
}

bool VerifierImpl::expectType(const Operation &op, const std::string &what,
                              const TensorType &got, const TensorType &want) {
  if (got.sameIgnoringWeak(want))
    return true;
  fail(op) << what << " has type " << got << ", expected " << want;
  return false;
}

bool VerifierImpl::expectShape(const Operation &op, const std::string &what,
                               const Shape &got, const Shape &want) {
  if (got == want)
    return true;
  fail(op) << what << " has shape " << got << ", expected " << want;
  return false;
}

bool VerifierImpl::expectScalarInt(const Operation &op, const std::string &what,
                                   const TensorType &t) {
  if (t.rank() == 0 && isInteger(t.dtype))
    return true;
  fail(op) << what << " must be a rank-0 integer, got " << t;
  return false;
}

const Operation *VerifierImpl::yieldOf(const Region &r) const {
  if (r.empty())
    return nullptr;
  Operation *t = r.front().terminator();
  return t && t->kind() == OpKind::Yield ? t : nullptr;
}

void VerifierImpl::checkRegionArgs(const Operation &op, unsigned region,
                                   const std::vector<TensorType> &want) {
  const Block &b = op.region(region).front();
  if (b.numArguments() != want.size()) {
    fail(op) << "region #" << region << " has " << b.numArguments()
             << " argument(s), expected " << want.size();
    return;
  }
  for (unsigned i = 0; i < want.size(); ++i)
    expectType(op,
               "region #" + std::to_string(region) + " argument #" +
                   std::to_string(i),
               b.argument(i)->type(), want[i]);
}

void VerifierImpl::checkYield(const Operation &op, unsigned region,
                              const std::vector<TensorType> &want) {
  const Operation *y = yieldOf(op.region(region));
  if (!y)
    return; // The structural walk reports the missing terminator.
  if (y->numOperands() != want.size()) {
    fail(op) << "region #" << region << " yields " << y->numOperands()
             << " value(s), expected " << want.size();
    return;
  }
  for (unsigned i = 0; i < want.size(); ++i)
    expectType(op,
               "region #" + std::to_string(region) + " yield #" +
                   std::to_string(i),
               y->operand(i)->type(), want[i]);
}

std::vector<TensorType> VerifierImpl::operandTypes(const Operation &op,
                                                   unsigned from) const {
  std::vector<TensorType> r;
  for (unsigned i = from; i < op.numOperands(); ++i)
    r.push_back(op.operand(i)->type());
  return r;
}

std::vector<TensorType> VerifierImpl::resultTypes(const Operation &op) const {
  std::vector<TensorType> r;
  for (unsigned i = 0; i < op.numResults(); ++i)
    r.push_back(op.result(i)->type());
  return r;
}

int64_t VerifierImpl::boundAxisSize(const Operation &op) {
  const std::string *name = stringAttr(op, "axis_name");
  if (!name)
    return -1;
  for (auto it = axes_.rbegin(); it != axes_.rend(); ++it)
    if (it->first == *name)
      return it->second;
  std::string bound;
  for (auto &[n, size] : axes_)
    bound += (bound.empty() ? "'" : ", '") + n + "'";
  fail(op) << "axis name '" << *name << "' is not bound by an enclosing pmap"
           << (bound.empty() ? std::string(" (no axis is bound)")
                             : " (bound: " + bound + ")");
  return -1;
}

//===----------------------------------------------------------------------===//
// The structural walk
//===----------------------------------------------------------------------===//

void VerifierImpl::run() { verifyBlock(func_.entry(), nullptr); }

void VerifierImpl::checkOperand(const Operation &op, unsigned i) {
  const Value *v = op.operand(i);
  if (!v) {
    fail(op) << "operand #" << i << " is null";
    return;
  }
  const auto &users = v->users();
  if (std::find(users.begin(), users.end(), &op) == users.end())
    fail(op) << "operand #" << i << " (" << names_.name(v)
             << ") does not list this op among its users";
  if (visible_.count(v))
    return;
  if (defined_.count(v))
    fail(op) << "operand #" << i << " (" << names_.name(v)
             << ") is defined in a region that does not enclose this use";
  else if (names_.name(v) != "%<?>")
    fail(op) << "operand #" << i << " (" << names_.name(v)
             << ") is used before its definition";
  else
    fail(op) << "operand #" << i << " is not defined in this function";
}

void VerifierImpl::define(const Value *v, std::vector<const Value *> &scope) {
  visible_.insert(v);
  defined_.insert(v);
  scope.push_back(v);
}

void VerifierImpl::verifyBlock(const Block &b, const Operation *parent) {
  std::vector<const Value *> scope;
  for (const auto &a : b.arguments()) {
    if (a->ownerBlock() != &b || !a->isBlockArg())
      (parent ? fail(*parent) : failFunc())
          << "block argument " << names_.name(a.get()) << " has a stale owner";
    define(a.get(), scope);
  }
  const char *want = parent ? "yield" : "return";
  if (b.operations().empty())
    (parent ? fail(*parent) : failFunc())
        << (parent ? "a region" : "the function body")
        << " block is empty; expected it to end in '" << want << "'";

  for (auto it = b.operations().begin(); it != b.operations().end(); ++it) {
    const Operation &op = **it;
    bool last = std::next(it) == b.operations().end();
    if (op.parentBlock() != &b)
      fail(op) << "the op's parent-block pointer is stale";
    if (op.hasTrait(T)) {
      if (!last)
        fail(op) << "terminator is not the last op of its block";
      else if (op.name() != std::string(want))
        fail(op) << "a " << (parent ? "region" : "function body")
                 << " must end in '" << want << "'";
    } else if (last) {
      fail(op) << "the block does not end in a terminator (expected '" << want
               << "')";
    }
    bool operandsOk = true;
    for (unsigned i = 0; i < op.numOperands(); ++i) {
      checkOperand(op, i);
      operandsOk &= op.operand(i) != nullptr;
    }
    for (const auto &r : op.results())
      if (r->definingOp() != &op)
        fail(op) << "result " << names_.name(r.get())
                 << " has a stale defining op";
    verifyOp(op, operandsOk);
    for (const auto &r : op.results())
      define(r.get(), scope);
  }
  for (const Value *v : scope)
    visible_.erase(v);
}

bool VerifierImpl::checkRegionCount(const Operation &op) {
  int want = numRegions(op.kind());
  bool ok = true;
  if (want >= 0 && op.numRegions() != unsigned(want)) {
    fail(op) << "has " << op.numRegions() << " region(s), expected " << want;
    ok = false;
  } else if (want < 0 && op.numRegions() == 0) {
    fail(op) << "needs at least one region";
    ok = false;
  }
  for (unsigned i = 0; i < op.numRegions(); ++i)
    if (op.region(i).empty()) {
      fail(op) << "region #" << i << " has no block";
      ok = false;
    }
  return ok;
}

void VerifierImpl::verifyOp(const Operation &op, bool operandsOk) {
  bool shapeOk = checkRegionCount(op);
  if (operandsOk && shapeOk)
    verifyKind(op);

  // Recurse into the regions, binding the axis of a pmap.
  bool bound = false;
  if (op.kind() == OpKind::Pmap) {
    const AttrValue *n = attr(op, "axis_name");
    const AttrValue *s = attr(op, "axis_size");
    if (n && s && std::holds_alternative<std::string>(*n) &&
        std::holds_alternative<int64_t>(*s)) {
      axes_.emplace_back(std::get<std::string>(*n), std::get<int64_t>(*s));
      bound = true;
    }
  }
  for (unsigned i = 0; i < op.numRegions(); ++i)
    if (!op.region(i).empty())
      verifyBlock(op.region(i).front(), &op);
  if (bound)
    axes_.pop_back();
}

void VerifierImpl::verifyKind(const Operation &op) {
  // Elementwise unary/binary ops: their rows in ir/ops/Elementwise*.def.
  if (const ElementwiseRule *rule = elementwiseRule(op.kind())) {
    if (rule->arity == 1)
      return verifyUnary(op);
    return verifyBinary(op);
  }
  // Reductions, arg-reductions, cumulative ops: ir/ops/Reductions.def.
  if (reduceFamily(op.kind()) != ReduceFamily::None)
    return verifyReduction(op);
  // Collectives: ir/ops/Collectives.def.
  if (collectivePattern(op.kind()) != CollectivePattern::None)
    return verifyCollective(op);
  switch (op.kind()) {
  case OpKind::Constant:
  case OpKind::Iota:
    return verifyLeaf(op);

  case OpKind::Select:
    return verifySelect(op);

  case OpKind::Reshape:
  case OpKind::BroadcastInDim:
  case OpKind::Transpose:
  case OpKind::Rev:
  case OpKind::Slice:
  case OpKind::Concatenate:
  case OpKind::Pad:
    return verifyShapeOp(op);

  case OpKind::DynamicSlice:
  case OpKind::DynamicUpdateSlice:
  case OpKind::Take:
  case OpKind::Scatter:
    return verifyIndexing(op);

  case OpKind::DotGeneral:
    return verifyDotGeneral(op);
  case OpKind::Threefry2x32:
    return verifyThreefry(op);

  case OpKind::ForiLoop:
    return verifyForiLoop(op);
  case OpKind::Scan:
    return verifyScan(op);
  case OpKind::While:
    return verifyWhile(op);
  case OpKind::Cond:
    return verifyCond(op);
  case OpKind::Pmap:
    return verifyPmap(op);
  case OpKind::Yield:
  case OpKind::Return:
    // Placement is structural; the parent op checks the yielded types.
    counts(op, -1, 0);
    return;

  case OpKind::DebugPrint:
  case OpKind::DebugBreakpoint:
    return verifyDebug(op);
  default:
    // A kind with neither a table row nor a case above (OpRulesTest).
    fail(op) << "no verifier rule for this op (ir/ops/ tables)";
  }
}

} // namespace detail

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

std::vector<std::string> verify(const Func &f, const VerifyOptions &opts) {
  std::vector<std::string> out;
  detail::VerifierImpl(f, opts, out).run();
  return out;
}

std::vector<std::string> verifyModule(const Module &m,
                                      const VerifyOptions &opts) {
  std::vector<std::string> out;
  std::set<std::string> names;
  for (const auto &f : m.funcs()) {
    if (!names.insert(f->name()).second)
      out.push_back("@" + f->name() + ": function name is defined twice");
    detail::VerifierImpl(*f, opts, out).run();
  }
  return out;
}

} // namespace parax::ir
