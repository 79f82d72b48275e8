//===- Operation.h - SSA values, ops, blocks, regions -----------*- C++ -*-===//
//
// The parax IR, shaped like MLIR's generic Operation but small: an Operation
// has an OpKind (from Ops.def), operands (Value*), results, named attributes,
// regions and a source Loc + trace stack. A Region holds one Block; a Block
// has arguments and an ordered list of ops ending in a terminator. Values
// defined in an enclosing region may be used inside nested regions (implicit
// capture, as scf.for allows), which is how traced closures see outer values.
//
// Ownership: Func owns its body Region; Region owns Blocks; Block owns its
// arguments and Operations; Operation owns its results and regions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"
#include "ir/Location.h"
#include "ir/Types.h"

#include <list>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace parax::ir {

enum class OpKind : uint16_t {
#define PARAX_OP(Name, Mnemonic, NumRegions, Traits) Name,
#include "ir/Ops.def"
};

/// Trait bits (see Ops.def).
enum OpTrait : unsigned {
  P = 1u << 0, ///< Pure.
  E = 1u << 1, ///< Elementwise.
  C = 1u << 2, ///< Collective.
  S = 1u << 3, ///< Side effect.
  T = 1u << 4, ///< Terminator.
  L = 1u << 5, ///< Loop: its regions may run many times.
};

const char *mnemonic(OpKind k);
/// Declared region count; -1 means variadic (cond).
int numRegions(OpKind k);
unsigned traits(OpKind k);
inline bool hasTrait(OpKind k, OpTrait t) { return traits(k) & t; }
bool isComparison(OpKind k);

/// An attribute value.
using AttrValue = std::variant<int64_t, double, std::string,
                               std::vector<int64_t>, Array>;

/// Named attributes, kept sorted by name so printing is stable.
class Attrs {
public:
  Attrs() = default;
  Attrs(std::initializer_list<std::pair<const std::string, AttrValue>> init)
      : map_(init) {}
  void set(const std::string &name, AttrValue v) { map_[name] = std::move(v); }
  bool has(const std::string &name) const { return map_.count(name); }
  int64_t getInt(const std::string &name, int64_t dflt = 0) const;
  double getFloat(const std::string &name) const;
  const std::string &getString(const std::string &name) const;
  const std::vector<int64_t> &getInts(const std::string &name) const;
  const Array &getArray(const std::string &name) const;
  const std::map<std::string, AttrValue> &all() const { return map_; }

private:
  std::map<std::string, AttrValue> map_;
};

class Operation;
class Block;
class Region;

/// An SSA value: an op result or a block argument.
class Value {
public:
  Value(TensorType type, Operation *def, Block *owner, unsigned index)
      : type_(std::move(type)), def_(def), owner_(owner), index_(index) {}
  const TensorType &type() const { return type_; }
  void setType(TensorType t) {
    checkArraySize(t.dtype, t.shape);
    type_ = std::move(t);
  }
  /// The defining op, or null for a block argument.
  Operation *definingOp() const { return def_; }
  /// For block arguments, the owning block; for results, the op's block.
  Block *ownerBlock() const;
  bool isBlockArg() const { return def_ == nullptr; }
  unsigned index() const { return index_; }
  /// Ops that use this value (one entry per use).
  const std::vector<Operation *> &users() const { return users_; }
  /// Replaces every use of this value with `other`.
  void replaceAllUsesWith(Value *other);

private:
  friend class Operation;
  TensorType type_;
  Operation *def_;
  Block *owner_;
  unsigned index_;
  std::vector<Operation *> users_;
};

class Region {
public:
  explicit Region(Operation *parent) : parent_(parent) {}
  Block &front() { return *blocks_.front(); }
  const Block &front() const { return *blocks_.front(); }
  bool empty() const { return blocks_.empty(); }
  Block &addBlock();
  Operation *parentOp() const { return parent_; }

private:
  Operation *parent_;
  std::vector<std::unique_ptr<Block>> blocks_;
};

class Block {
public:
  explicit Block(Region *parent) : parent_(parent) {}
  /// Drops every operand in the block (nested regions included) before the
  /// ops die, so a user never outlives the value it unlinks from.
  ~Block();
  Value *addArgument(TensorType t);
  const std::vector<std::unique_ptr<Value>> &arguments() const { return args_; }
  Value *argument(unsigned i) const { return args_[i].get(); }
  unsigned numArguments() const { return unsigned(args_.size()); }
  std::list<std::unique_ptr<Operation>> &operations() { return ops_; }
  const std::list<std::unique_ptr<Operation>> &operations() const { return ops_; }
  /// The terminator (last op), or null when the block is still open.
  Operation *terminator() const;
  Region *parentRegion() const { return parent_; }
  /// The op whose region contains this block (null for a function body).
  Operation *parentOp() const;
  /// Keeps an op removed from this block alive until the block dies: a
  /// traced program's Python tracers may still point at its results.
  void retire(std::unique_ptr<Operation> op);

private:
  Region *parent_;
  std::vector<std::unique_ptr<Value>> args_;
  std::list<std::unique_ptr<Operation>> ops_;
  std::vector<std::unique_ptr<Operation>> retired_;
};

class Operation {
public:
  Operation(OpKind kind, Loc loc, TraceStack stack);
  ~Operation();
  Operation(const Operation &) = delete;
  Operation &operator=(const Operation &) = delete;

  OpKind kind() const { return kind_; }
  const char *name() const { return mnemonic(kind_); }
  Loc loc() const { return loc_; }
  const TraceStack &stack() const { return stack_; }

  unsigned numOperands() const { return unsigned(operands_.size()); }
  Value *operand(unsigned i) const { return operands_[i]; }
  const std::vector<Value *> &operands() const { return operands_; }
  void setOperand(unsigned i, Value *v);
  void addOperand(Value *v);
  /// Drops every operand (and the matching use-list entries).
  void dropOperands();

  unsigned numResults() const { return unsigned(results_.size()); }
  Value *result(unsigned i = 0) const { return results_[i].get(); }
  const std::vector<std::unique_ptr<Value>> &results() const { return results_; }
  Value *addResult(TensorType t);

  Attrs &attrs() { return attrs_; }
  const Attrs &attrs() const { return attrs_; }

  unsigned numRegions() const { return unsigned(regions_.size()); }
  Region &region(unsigned i) { return *regions_[i]; }
  const Region &region(unsigned i) const { return *regions_[i]; }
  Region &addRegion();

  Block *parentBlock() const { return parent_; }
  /// The innermost op enclosing this one (null at function level).
  Operation *parentOp() const;
  bool hasTrait(OpTrait t) const { return ir::hasTrait(kind_, t); }

  /// Visits this op and all nested ops in pre-order.
  template <typename F> void walk(F &&f) {
    f(this);
    for (auto &r : regions_)
      for (auto &op : r->front().operations())
        op->walk(f);
  }

private:
  friend class Block;
  friend class Builder;
  OpKind kind_;
  Loc loc_;
  TraceStack stack_;
  std::vector<Value *> operands_;
  std::vector<std::unique_ptr<Value>> results_;
  Attrs attrs_;
  std::vector<std::unique_ptr<Region>> regions_;
  Block *parent_ = nullptr;
};

/// A traced function: arguments, a body region ending in `return`.
class Func {
public:
  explicit Func(std::string name);
  const std::string &name() const { return name_; }
  Region &body() { return *body_; }
  const Region &body() const { return *body_; }
  Block &entry() { return body_->front(); }
  const Block &entry() const { return body_->front(); }
  /// Result types, from the return op.
  std::vector<TensorType> resultTypes() const;
  std::vector<TensorType> argumentTypes() const;
  template <typename F> void walk(F &&f) {
    for (auto &op : entry().operations())
      op->walk(f);
  }

private:
  std::string name_;
  std::unique_ptr<Region> body_;
};

/// A compilation unit (one jit/pmap program, or one eager op).
class Module {
public:
  Func &addFunc(std::string name);
  std::vector<std::unique_ptr<Func>> &funcs() { return funcs_; }
  const std::vector<std::unique_ptr<Func>> &funcs() const { return funcs_; }
  Func *lookup(const std::string &name) const;

private:
  std::vector<std::unique_ptr<Func>> funcs_;
};

} // namespace parax::ir
