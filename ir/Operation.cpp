//===- Operation.cpp - SSA values, ops, blocks, regions -------------------===//
#include "ir/Builder.h"
#include "ir/Diagnostics.h"

#include <algorithm>

namespace parax::ir {

namespace {
struct OpInfo {
  const char *mnemonic;
  int numRegions;
  unsigned traits;
};
constexpr OpInfo kOpInfo[] = {
#define PARAX_OP(Name, Mnemonic, NumRegions, Traits) {Mnemonic, NumRegions, Traits},
#include "ir/Ops.def"
};
} // namespace

const char *mnemonic(OpKind k) { return kOpInfo[int(k)].mnemonic; }
int numRegions(OpKind k) { return kOpInfo[int(k)].numRegions; }
unsigned traits(OpKind k) { return kOpInfo[int(k)].traits; }
bool isComparison(OpKind k) {
  // The PARAX_COMPARE rows of ir/ops/ElementwiseBinary.def.
  switch (k) {
#define PARAX_COMPARE(Name, ...) case OpKind::Name:
#include "ir/ops/ElementwiseBinary.def"
    return true;
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Attrs
//===----------------------------------------------------------------------===//
int64_t Attrs::getInt(const std::string &name, int64_t dflt) const {
  auto it = map_.find(name);
  if (it == map_.end())
    return dflt;
  PARAX_ASSERT(std::holds_alternative<int64_t>(it->second)) << name;
  return std::get<int64_t>(it->second);
}
double Attrs::getFloat(const std::string &name) const {
  auto it = map_.find(name);
  PARAX_ASSERT(it != map_.end() && std::holds_alternative<double>(it->second))
      << name;
  return std::get<double>(it->second);
}
const std::string &Attrs::getString(const std::string &name) const {
  static const std::string empty;
  auto it = map_.find(name);
  if (it == map_.end())
    return empty;
  PARAX_ASSERT(std::holds_alternative<std::string>(it->second)) << name;
  return std::get<std::string>(it->second);
}
const std::vector<int64_t> &Attrs::getInts(const std::string &name) const {
  static const std::vector<int64_t> empty;
  auto it = map_.find(name);
  if (it == map_.end())
    return empty;
  PARAX_ASSERT(std::holds_alternative<std::vector<int64_t>>(it->second)) << name;
  return std::get<std::vector<int64_t>>(it->second);
}
const Array &Attrs::getArray(const std::string &name) const {
  auto it = map_.find(name);
  PARAX_ASSERT(it != map_.end() && std::holds_alternative<Array>(it->second))
      << name;
  return std::get<Array>(it->second);
}

//===----------------------------------------------------------------------===//
// Value, Block, Region
//===----------------------------------------------------------------------===//
Block *Value::ownerBlock() const {
  return def_ ? def_->parentBlock() : owner_;
}

void Value::replaceAllUsesWith(Value *other) {
  if (other == this)
    return;
  std::vector<Operation *> users = users_;
  for (Operation *u : users)
    for (unsigned i = 0; i < u->numOperands(); ++i)
      if (u->operand(i) == this)
        u->setOperand(i, other);
}

Block &Region::addBlock() {
  blocks_.push_back(std::make_unique<Block>(this));
  return *blocks_.back();
}

Value *Block::addArgument(TensorType t) {
  checkArraySize(t.dtype, t.shape);
  args_.push_back(std::make_unique<Value>(std::move(t), nullptr, this,
                                          unsigned(args_.size())));
  return args_.back().get();
}

Block::~Block() {
  // Ops die in list order, so a later user would unlink itself from an
  // earlier op's already-freed result. Drop all references first (MLIR's
  // dropAllReferences); then destruction order no longer matters.
  for (auto &op : ops_)
    op->walk([](Operation *o) { o->dropOperands(); });
  ops_.clear();
  retired_.clear();
}

void Block::retire(std::unique_ptr<Operation> op) { retired_.push_back(std::move(op)); }

Operation *Block::terminator() const {
  if (ops_.empty())
    return nullptr;
  Operation *last = ops_.back().get();
  return last->hasTrait(T) ? last : nullptr;
}

Operation *Block::parentOp() const {
  return parent_ ? parent_->parentOp() : nullptr;
}

//===----------------------------------------------------------------------===//
// Operation
//===----------------------------------------------------------------------===//
Operation::Operation(OpKind kind, Loc loc, TraceStack stack)
    : kind_(kind), loc_(loc), stack_(std::move(stack)) {}

Operation::~Operation() {
  // Regions go first: their ops use our operands' producers and maybe our
  // own results' users, all of which die together.
  regions_.clear();
  dropOperands();
}

void Operation::setOperand(unsigned i, Value *v) {
  Value *old = operands_[i];
  if (old) {
    auto it = std::find(old->users_.begin(), old->users_.end(), this);
    if (it != old->users_.end())
      old->users_.erase(it);
  }
  operands_[i] = v;
  if (v)
    v->users_.push_back(this);
}

void Operation::addOperand(Value *v) {
  operands_.push_back(v);
  if (v)
    v->users_.push_back(this);
}

void Operation::dropOperands() {
  for (unsigned i = 0; i < operands_.size(); ++i)
    setOperand(i, nullptr);
  operands_.clear();
}

Value *Operation::addResult(TensorType t) {
  checkArraySize(t.dtype, t.shape);
  results_.push_back(std::make_unique<Value>(std::move(t), this, nullptr,
                                             unsigned(results_.size())));
  return results_.back().get();
}

Region &Operation::addRegion() {
  regions_.push_back(std::make_unique<Region>(this));
  return *regions_.back();
}

Operation *Operation::parentOp() const {
  return parent_ ? parent_->parentOp() : nullptr;
}

//===----------------------------------------------------------------------===//
// Func, Module
//===----------------------------------------------------------------------===//
Func::Func(std::string name)
    : name_(std::move(name)), body_(std::make_unique<Region>(nullptr)) {
  body_->addBlock();
}

std::vector<TensorType> Func::resultTypes() const {
  std::vector<TensorType> r;
  if (Operation *t = entry().terminator())
    for (Value *v : t->operands())
      r.push_back(v->type());
  return r;
}

std::vector<TensorType> Func::argumentTypes() const {
  std::vector<TensorType> r;
  for (auto &a : entry().arguments())
    r.push_back(a->type());
  return r;
}

Func &Module::addFunc(std::string name) {
  funcs_.push_back(std::make_unique<Func>(std::move(name)));
  return *funcs_.back();
}

Func *Module::lookup(const std::string &name) const {
  for (auto &f : funcs_)
    if (f->name() == name)
      return f.get();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Builder
//===----------------------------------------------------------------------===//
Operation *Builder::create(OpKind kind, const std::vector<Value *> &operands,
                           const std::vector<TensorType> &resultTypes,
                           Attrs attrs, Loc loc, TraceStack stack,
                           int nRegions) {
  PARAX_ASSERT(block_) << "builder has no insertion block";
  // A type too big for int64 size arithmetic never enters the IR: the
  // planner, the verifier and codegen all multiply its extents.
  for (const TensorType &t : resultTypes) {
    try {
      checkArraySize(t.dtype, t.shape);
    } catch (ParaxError &e) {
      e.diag().loc = loc;
      e.diag().stack = stack;
      throw;
    }
  }
  auto op = std::make_unique<Operation>(kind, loc, std::move(stack));
  for (Value *v : operands)
    op->addOperand(v);
  for (const TensorType &t : resultTypes)
    op->addResult(t);
  op->attrs_ = std::move(attrs);
  int n = nRegions >= 0 ? nRegions : std::max(0, numRegions(kind));
  for (int i = 0; i < n; ++i)
    op->addRegion().addBlock();
  op->parent_ = block_;
  Operation *raw = op.get();
  auto &ops = block_->operations();
  if (before_) {
    auto it = ops.begin();
    while (it != ops.end() && it->get() != before_)
      ++it;
    PARAX_ASSERT(it != ops.end()) << "insertion point not in its block";
    ops.insert(it, std::move(op));
  } else {
    ops.push_back(std::move(op));
  }
  return raw;
}

void eraseOp(Operation *op) {
  for (auto &r : op->results())
    PARAX_ASSERT(r->users().empty()) << "erasing " << op->name() << " with uses";
  Block *blk = op->parentBlock();
  auto &ops = blk->operations();
  for (auto it = ops.begin(); it != ops.end(); ++it)
    if (it->get() == op) {
      // Nested ops drop their uses of outer values first.
      op->walk([](Operation *o) { o->dropOperands(); });
      std::unique_ptr<Operation> owned = std::move(*it);
      ops.erase(it);
      blk->retire(std::move(owned));
      return;
    }
}

} // namespace parax::ir
