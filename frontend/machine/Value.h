//===- Value.h - Python-level values ----------------------------*- C++ -*-===//
//
// The values the evaluator computes with. Scalars (None, bool, int, float,
// dtype, Ellipsis) are stored inline; everything else is a shared heap
// Object. Arrays come in two flavours: a concrete Array (data) and a Tracer
// (an abstract value that stands for an IR value while a jit/pmap/loop body
// is being traced). Python ints are int64 inline; a result that does not fit
// becomes a BigInt (machine/BigInt.h), so ints never overflow.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"
#include "ir/HostMemory.h"
#include "ir/Location.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace parax::ir {
class Value;
}

namespace parax::frontend {

class Object;
class Evaluator;
struct FunctionObj;
struct TraceContext;

class Value {
public:
  enum class Kind : uint8_t {
    None,
    Bool,
    Int,
    Float,
    DType,    ///< jnp.float32 (as a scalar type) or x.dtype (a dtype object)
    Ellipsis,
    Str,
    Tuple,
    List,
    Dict,
    Array,    ///< concrete array
    Tracer,   ///< abstract array inside a trace
    Function, ///< user-defined def/lambda
    Native,   ///< built-in function, module, jit object, ... (NativeObject)
    Slice,
    Range,
    Set,       ///< set (SetObj, machine/Sets.h)
    FrozenSet, ///< frozenset (SetObj)
    BigInt,    ///< an int outside int64 (BigIntObj, machine/BigInt.h)
  };

  // Copies, moves and destruction happen at every step of the evaluator:
  // always inline (its big switch would otherwise call them).
  Value() : kind_(Kind::None) {}
  [[gnu::always_inline]] Value(const Value &) = default;
  [[gnu::always_inline]] Value(Value &&) noexcept = default;
  [[gnu::always_inline]] Value &operator=(const Value &) = default;
  [[gnu::always_inline]] Value &operator=(Value &&) noexcept = default;
  /// Dropping the last reference to a heap object goes through
  /// dropLastReference(), which bounds the native stack that destroying
  /// nested values takes (a million-deep list, a long closure chain).
  [[gnu::always_inline]] ~Value() {
    if (obj_) // scalars: nothing to do, and nothing called
      releaseObject();
  }
  static Value none() { return Value(); }
  /// The mark of a function-local slot not (or no longer) bound; never a
  /// Python value (Scope::find hides it).
  static Value unbound() {
    Value v;
    v.b_ = true;
    return v;
  }
  bool isUnbound() const { return kind_ == Kind::None && b_; }
  static Value boolean(bool b) {
    Value v;
    v.kind_ = Kind::Bool;
    v.b_ = b;
    return v;
  }
  static Value integer(int64_t i) {
    Value v;
    v.kind_ = Kind::Int;
    v.i_ = i;
    return v;
  }
  static Value floating(double d) {
    Value v;
    v.kind_ = Kind::Float;
    v.f_ = d;
    return v;
  }
  /// A dtype; `asClass` marks the scalar-type form (jnp.float32) whose repr
  /// is "<class 'jax.numpy.float32'>"; a dtype object prints as "float32".
  static Value dtype(DType t, bool asClass = false);
  static Value ellipsis();
  static Value str(std::string s);
  static Value tuple(std::vector<Value> elts);
  static Value list(std::vector<Value> elts);
  static Value dict();
  static Value array(Array a);
  static Value object(Kind k, std::shared_ptr<Object> o);

  Kind kind() const { return kind_; }
  bool is(Kind k) const { return kind_ == k; }
  bool isNone() const { return kind_ == Kind::None; }
  bool isBool() const { return kind_ == Kind::Bool; }
  /// An int64 int; isBigInt() is the int beyond int64 range.
  bool isInt() const { return kind_ == Kind::Int; }
  bool isBigInt() const { return kind_ == Kind::BigInt; }
  bool isAnySet() const { return kind_ == Kind::Set || kind_ == Kind::FrozenSet; }
  bool isFloat() const { return kind_ == Kind::Float; }
  /// Python number: bool, int or float.
  bool isNumber() const {
    return kind_ == Kind::Bool || kind_ == Kind::Int || kind_ == Kind::Float;
  }
  bool isStr() const { return kind_ == Kind::Str; }
  bool isTuple() const { return kind_ == Kind::Tuple; }
  bool isList() const { return kind_ == Kind::List; }
  bool isSequence() const { return isTuple() || isList(); }
  bool isDict() const { return kind_ == Kind::Dict; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isTracer() const { return kind_ == Kind::Tracer; }
  /// Concrete or traced array.
  bool isArrayValue() const { return isArray() || isTracer(); }
  /// Something jnp accepts as an array operand: arrays and Python numbers.
  bool isArrayLike() const { return isArrayValue() || isNumber(); }
  bool isDType() const { return kind_ == Kind::DType; }
  bool isCallableKind() const;

  bool asBool() const { return b_; }
  int64_t asInt() const { return isBool() ? int64_t(b_) : i_; }
  double asFloat() const {
    return isFloat() ? f_ : isBool() ? double(b_) : double(i_);
  }
  DType asDType() const { return DType(i_); }
  bool dtypeIsClass() const { return b_; }

  const std::string &asStr() const;
  /// Elements of a tuple or list.
  std::vector<Value> &elements() const;
  struct DictObj &asDict() const;
  const Array &asArray() const;
  struct TracerObj &asTracer() const;
  FunctionObj &asFunction() const;
  template <typename T> T *as() const { return dynamic_cast<T *>(obj_.get()); }
  /// The NativeObject of a Native value (null for other kinds); no
  /// dynamic_cast: every Native value holds one.
  class NativeObject *asNative() const;
  const std::shared_ptr<Object> &objectPtr() const { return obj_; }

  /// Identity for `is` on heap objects; value identity for inline ones.
  bool identical(const Value &o) const;

  /// A Python number derived from jax.process_index() in a job of several
  /// processes: it differs between processes, so a trace constant made from
  /// it counts as device-varying in the divergent-collective check. Carried
  /// through arithmetic and comparisons (Operators.cpp); never changes the
  /// value, its hash or equality.
  bool processVarying() const { return processVarying_; }
  Value &markProcessVarying() {
    processVarying_ = true;
    return *this;
  }

private:
  static void dropLastReference(std::shared_ptr<Object> obj);
  /// Drops obj_ (through dropLastReference when it is the last reference).
  void releaseObject();

  Kind kind_;
  bool b_ = false;
  bool processVarying_ = false;
  union {
    int64_t i_ = 0;
    double f_;
  };
  std::shared_ptr<Object> obj_;
};

/// Base of heap values.
class Object {
public:
  virtual ~Object() = default;
};

// Strings, sequences and dicts are charged to the HostMemory budget while
// they live (MemoryError when one would exceed it).
struct StrObj : Object {
  std::string s;
  explicit StrObj(std::string s);

private:
  HostCharge charge_;
};
struct SequenceObj : Object {
  std::vector<Value> elts;
  explicit SequenceObj(std::vector<Value> e);
  /// Makes room for `extra` more elements, checking the budget before the
  /// vector grows (list.append, extend, insert, +=).
  void growFor(size_t extra);
  /// Re-counts the storage after a mutation that changed its capacity.
  void recount();

private:
  HostCharge charge_;
};
/// An insertion-ordered dict. Keys are hashable Python values (str, int,
/// bool, float, None, tuples of those, dtypes, instances).
/// Entries are kept in insertion order; once there are more than a few, an
/// open-addressing index over their positions makes lookups O(1). Keys the
/// index cannot hash without running Python (instances with __hash__,
/// numpy scalars, big ints, frozensets) make the dict scan instead, which
/// is always right: a hit is confirmed with keysEqual either way.
struct DictObj : Object {
  using Entry = std::pair<Value, Value>;
  const std::vector<Entry> &items() const { return entries_; }
  size_t size() const { return entries_.size(); }
  Value *find(const Value &key);
  void set(const Value &key, Value v);
  bool erase(const Value &key);
  /// Removes and returns the newest entry (the dict must not be empty).
  Entry popLast();
  void clear();
  /// Replaces every entry (keys distinct, e.g. another dict's).
  void assign(std::vector<Entry> entries);
  /// The value of entry i, to update in place (values are not indexed).
  Value &valueAt(size_t i) { return entries_[i].second; }

private:
  int64_t lookup(const Value &key) const;
  /// The same, with the key's index hash computed (indexable: it has one).
  int64_t lookup(const Value &key, bool indexable, uint64_t hash) const;
  void rebuildIndex() const;
  void indexEntry(size_t pos, uint64_t hash) const;
  std::vector<Entry> entries_;
  /// Entry positions by key hash (-1 empty); built when first needed.
  mutable std::vector<int32_t> index_;
  mutable bool indexValid_ = false;
  /// Keys present that the index cannot hash (see above).
  size_t unindexable_ = 0;
  HostCharge charge_;
};

/// Checks that a str of `bytes` bytes fits the host-memory budget before it
/// is built (repeat, concatenation, join, format widths).
void requireStrBytes(int64_t bytes);
/// The same for a list or tuple of `n` elements.
void requireSequence(int64_t n);
/// Makes room in a list for `extra` more elements (see SequenceObj::growFor).
void growList(const Value &list, size_t extra);
/// Re-counts a list's storage after an in-place mutation.
void recountList(const Value &list);
struct ArrayObj : Object {
  Array array;
  explicit ArrayObj(Array a) : array(std::move(a)) {}
};
struct SliceObj : Object {
  Value lower, upper, step;
};
struct RangeObj : Object {
  int64_t start, stop, step;
  int64_t length() const;
  int64_t at(int64_t i) const { return start + i * step; }
};

/// Arguments of a call: positional then keyword.
struct CallArgs {
  std::vector<Value> args;
  std::vector<std::pair<std::string, Value>> kwargs;
  Loc loc; ///< The call expression (for diagnostics).

  /// Keyword `name`, removing it; or positional `pos` if there; else null.
  const Value *get(size_t pos, const std::string &name) const;
  bool has(size_t pos, const std::string &name) const {
    return get(pos, name) != nullptr;
  }
};

/// Built-ins, modules, jit objects and other natively implemented values.
class NativeObject : public Object {
public:
  /// Python type name for messages and repr ("function", "module", ...).
  virtual std::string typeName() const = 0;
  virtual std::string repr() const;
  /// Python str(); defaults to repr().
  virtual std::string str() const { return repr(); }
  virtual bool callable() const { return false; }
  virtual Value call(Evaluator &ev, CallArgs &args);
  /// Attribute lookup; returns false if there is no such attribute.
  virtual bool getAttr(Evaluator &ev, const std::string &name, Value &out);
  /// Names for tab completion and error suggestions.
  virtual std::vector<std::string> attrNames() const { return {}; }
  /// Value equality with another native object (a PyTreeDef compares by
  /// structure); false when the type compares by identity, as by default.
  virtual bool equalsNative(const NativeObject &, bool &) const { return false; }

  /// Which of the kinds the evaluator tests every operand for this is (a
  /// byte compare instead of a dynamic_cast): set by the constructors of
  /// InstanceObj, ClassObj and ExceptionValue, inherited by their subclasses.
  enum class Role : uint8_t { Other, Instance, Class, Exception };
  Role role() const { return role_; }

protected:
  Role role_ = Role::Other;
};

inline NativeObject *Value::asNative() const {
  return kind_ == Kind::Native ? static_cast<NativeObject *>(obj_.get()) : nullptr;
}

/// A native function: name plus implementation.
class BuiltinFunction : public NativeObject {
public:
  using Impl = std::function<Value(Evaluator &, CallArgs &)>;
  BuiltinFunction(std::string qualname, Impl impl)
      : name_(std::move(qualname)), impl_(std::move(impl)) {}
  std::string typeName() const override { return "builtin_function_or_method"; }
  std::string repr() const override;
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override;
  const std::string &name() const { return name_; }

private:
  std::string name_;
  Impl impl_;
};

/// A module: a name and an attribute table (jax, jax.numpy, math ...).
class ModuleObject : public NativeObject {
public:
  explicit ModuleObject(std::string name) : name_(std::move(name)) {}
  std::string typeName() const override { return "module"; }
  std::string repr() const override { return "<module '" + name_ + "'>"; }
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override;
  void set(const std::string &name, Value v) { attrs_[name] = std::move(v); }
  /// Registers a native function under `name` (qualified as module.name).
  void def(const std::string &name, BuiltinFunction::Impl impl);
  const std::string &name() const { return name_; }

private:
  std::string name_;
  std::map<std::string, Value> attrs_;
};

Value makeBuiltin(std::string qualname, BuiltinFunction::Impl impl);

/// Python type name of any value ("int", "jax.Array", "tuple", ...).
std::string typeName(const Value &v);

/// Hash-consistent equality for dict keys and static arguments (Python ==
/// on hashable values). Arrays/tracers never compare equal here.
bool keysEqual(const Value &a, const Value &b);
/// A stable text key of a hashable value (for jit caches); throws
/// ValueError-style ParaxError for unhashable values when `what` is set.
bool hashableKey(const Value &v, std::string &out);

} // namespace parax::frontend
