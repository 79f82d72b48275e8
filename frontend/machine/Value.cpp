//===- Value.cpp - Python-level values ------------------------------------===//
#include "frontend/machine/Value.h"
#include "frontend/machine/ArrayStorage.h"
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Classes.h"
#include "frontend/lib/NumpyArray.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Hashing.h"
#include "frontend/machine/Sets.h"
#include "frontend/tracing/Trace.h"
#include "ir/Diagnostics.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace parax::frontend {

Value Value::dtype(DType t, bool asClass) {
  Value v;
  v.kind_ = Kind::DType;
  v.i_ = int64_t(t);
  v.b_ = asClass;
  return v;
}
Value Value::ellipsis() {
  Value v;
  v.kind_ = Kind::Ellipsis;
  return v;
}
Value Value::str(std::string s) {
  return object(Kind::Str, std::make_shared<StrObj>(std::move(s)));
}
Value Value::tuple(std::vector<Value> e) {
  return object(Kind::Tuple, std::make_shared<SequenceObj>(std::move(e)));
}
Value Value::list(std::vector<Value> e) {
  return object(Kind::List, std::make_shared<SequenceObj>(std::move(e)));
}
Value Value::dict() { return object(Kind::Dict, std::make_shared<DictObj>()); }
Value Value::array(Array a) {
  return object(Kind::Array, std::make_shared<ArrayObj>(std::move(a)));
}
Value Value::object(Kind k, std::shared_ptr<Object> o) {
  Value v;
  v.kind_ = k;
  v.obj_ = std::move(o);
  return v;
}

bool Value::isCallableKind() const {
  if (kind_ == Kind::Function || kind_ == Kind::DType)
    return true;
  if (kind_ == Kind::Native)
    return static_cast<NativeObject *>(obj_.get())->callable();
  return false;
}

const std::string &Value::asStr() const {
  return static_cast<StrObj *>(obj_.get())->s;
}
std::vector<Value> &Value::elements() const {
  return static_cast<SequenceObj *>(obj_.get())->elts;
}
DictObj &Value::asDict() const { return *static_cast<DictObj *>(obj_.get()); }
const Array &Value::asArray() const {
  // parax check: code that needs an array's data got an abstract value.
  if (kind_ == Kind::Tracer && asTracer().abstractOf)
    stopCheckAt(Loc{}, *this);
  const auto *a = static_cast<ArrayObj *>(obj_.get());
  if (!a->array.valid() && arrayStorage().materialize)
    arrayStorage().materialize(*a); // a sharded array held per device
  return a->array;
}

ArrayStorage &arrayStorage() {
  static ArrayStorage s;
  return s;
}

const TensorType &arrayTypeOf(const Value &v) {
  if (v.kind() == Value::Kind::Array) {
    const auto *a = static_cast<ArrayObj *>(v.objectPtr().get());
    if (!a->array.valid() && arrayStorage().type)
      return arrayStorage().type(*a);
  }
  return v.asArray().type();
}
TracerObj &Value::asTracer() const {
  return *static_cast<TracerObj *>(obj_.get());
}
FunctionObj &Value::asFunction() const {
  return *static_cast<FunctionObj *>(obj_.get());
}

bool Value::identical(const Value &o) const {
  if (kind_ != o.kind_)
    return false;
  switch (kind_) {
  case Kind::None:
  case Kind::Ellipsis:
    return true;
  case Kind::Bool:
    return b_ == o.b_;
  case Kind::Int:
  case Kind::DType:
    return i_ == o.i_;
  case Kind::Float:
    return f_ == o.f_;
  default:
    return obj_ == o.obj_;
  }
}

//===----------------------------------------------------------------------===//
// Host-memory charges
//===----------------------------------------------------------------------===//
namespace {
/// What a heap value costs besides its storage: the object and the
/// shared_ptr control block make_shared puts next to it.
constexpr int64_t kObjectOverhead = 64;

int64_t strBytes(const std::string &s) {
  // Short strings live inside the object (SSO).
  return kObjectOverhead + (s.capacity() > 15 ? int64_t(s.capacity()) + 1 : 0);
}
int64_t seqBytes(size_t capacity) {
  return kObjectOverhead + int64_t(capacity) * int64_t(sizeof(Value));
}
} // namespace

StrObj::StrObj(std::string str) : s(std::move(str)) {
  charge_.update(strBytes(s), "a str");
}

SequenceObj::SequenceObj(std::vector<Value> e) : elts(std::move(e)) {
  charge_.update(seqBytes(elts.capacity()), "a list or tuple");
}

void SequenceObj::growFor(size_t extra) {
  size_t need = elts.size() + extra;
  if (need <= elts.capacity())
    return;
  if (extra > size_t(INT64_MAX) / sizeof(Value) - elts.size())
    HostMemory::require(INT64_MAX, "a list");
  size_t cap = std::max(need, elts.capacity() * 2);
  charge_.update(seqBytes(cap), "a list"); // before the vector grows
  elts.reserve(cap);
}

void SequenceObj::recount() {
  charge_.sync(seqBytes(elts.capacity()));
}

void requireStrBytes(int64_t bytes) { HostMemory::require(bytes, "a str"); }

void requireSequence(int64_t n) {
  if (n > INT64_MAX / int64_t(sizeof(Value)))
    HostMemory::require(INT64_MAX, "a list or tuple");
  HostMemory::require(n * int64_t(sizeof(Value)), "a list or tuple");
}

void growList(const Value &list, size_t extra) {
  static_cast<SequenceObj *>(list.objectPtr().get())->growFor(extra);
}

void recountList(const Value &list) {
  static_cast<SequenceObj *>(list.objectPtr().get())->recount();
}

//===----------------------------------------------------------------------===//
// Destruction with bounded stack
//===----------------------------------------------------------------------===//
namespace {
/// Objects whose destruction is nested deeper than this are parked instead.
constexpr int kMaxDropNesting = 64;
// Trivially destructible, so values dropped while the thread (or process)
// exits, after thread-locals with destructors are gone, still find them.
thread_local int gDropNesting = 0;
thread_local std::vector<std::shared_ptr<Object>> *gParked = nullptr;
} // namespace

void Value::releaseObject() {
  if (obj_.use_count() == 1)
    dropLastReference(std::move(obj_));
  else
    obj_.reset();
}

void Value::dropLastReference(std::shared_ptr<Object> obj) {
  // Destroying an object destroys the values it holds, which may be the
  // last references to further objects: a nested list recurses once per
  // level. Past kMaxDropNesting levels the object is parked, and the
  // outermost drop destroys the parked objects one after another.
  if (gDropNesting >= kMaxDropNesting) {
    if (!gParked)
      gParked = new std::vector<std::shared_ptr<Object>>();
    gParked->push_back(std::move(obj));
    return;
  }
  ++gDropNesting;
  obj.reset();
  if (gDropNesting == 1 && gParked) {
    while (!gParked->empty()) {
      std::shared_ptr<Object> next = std::move(gParked->back());
      gParked->pop_back();
      next.reset();
    }
    delete gParked;
    gParked = nullptr;
  }
  --gDropNesting;
}

//===----------------------------------------------------------------------===//
// Dict
//===----------------------------------------------------------------------===//
namespace {
/// Below this many entries a scan beats hashing the key.
constexpr size_t kDictIndexFrom = 8;

uint64_t mixBits(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

/// A hash that agrees with keysEqual for keys whose equality runs no Python
/// code: equal keys hash equal (1 == 1.0 == True). False for the others.
bool dictIndexHash(const Value &v, uint64_t &h, int depth = 0) {
  using K = Value::Kind;
  switch (v.kind()) {
  case K::None: h = 0x6a09e667f3bcc908ULL; return true;
  case K::Ellipsis: h = 0xbb67ae8584caa73bULL; return true;
  case K::Bool:
  case K::Int: h = mixBits(uint64_t(v.asInt())); return true;
  case K::Float: {
    double d = v.asFloat();
    if (std::isnan(d))
      return false;
    if (d == std::floor(d) && std::fabs(d) < 9.2233720368547758e18)
      h = mixBits(uint64_t(int64_t(d)));
    else {
      uint64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      h = mixBits(bits ^ 0x3c6ef372fe94f82bULL);
    }
    return true;
  }
  case K::DType: h = mixBits(uint64_t(v.asDType()) ^ 0xa54ff53a5f1d36f1ULL); return true;
  case K::Str: h = std::hash<std::string>{}(v.asStr()); return true;
  case K::Function:
    h = mixBits(uint64_t(reinterpret_cast<uintptr_t>(v.objectPtr().get())));
    return true;
  case K::Tuple: {
    if (depth > 8)
      return false;
    uint64_t acc = 0x510e527fade682d1ULL;
    for (const Value &e : v.elements()) {
      uint64_t eh;
      if (!dictIndexHash(e, eh, depth + 1))
        return false;
      acc = mixBits(acc ^ (eh + 0x9e3779b97f4a7c15ULL + (acc << 6)));
    }
    h = acc;
    return true;
  }
  default:
    return false;
  }
}
} // namespace

int64_t DictObj::lookup(const Value &key, bool indexable, uint64_t h) const {
  if (indexable && entries_.size() >= kDictIndexFrom && unindexable_ == 0) {
    if (!indexValid_)
      rebuildIndex();
    size_t mask = index_.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      int32_t pos = index_[i];
      if (pos < 0)
        return -1;
      if (keysEqual(entries_[size_t(pos)].first, key))
        return pos;
    }
  }
  for (size_t i = 0; i < entries_.size(); ++i)
    if (keysEqual(entries_[i].first, key))
      return int64_t(i);
  return -1;
}

void DictObj::indexEntry(size_t pos, uint64_t h) const {
  size_t mask = index_.size() - 1;
  size_t i = h & mask;
  while (index_[i] >= 0)
    i = (i + 1) & mask;
  index_[i] = int32_t(pos);
}

void DictObj::rebuildIndex() const {
  size_t slots = 16;
  while (slots < 2 * entries_.size() + 2)
    slots *= 2;
  index_.assign(slots, -1);
  for (size_t i = 0; i < entries_.size(); ++i) {
    uint64_t h = 0;
    dictIndexHash(entries_[i].first, h); // every key is indexable here
    indexEntry(i, h);
  }
  indexValid_ = true;
}

int64_t DictObj::lookup(const Value &key) const {
  uint64_t h = 0;
  bool indexable = dictIndexHash(key, h);
  return lookup(key, indexable, h);
}

Value *DictObj::find(const Value &key) {
  int64_t pos = lookup(key);
  return pos < 0 ? nullptr : &entries_[size_t(pos)].second;
}

void DictObj::set(const Value &key, Value v) {
  uint64_t h = 0;
  bool indexable = dictIndexHash(key, h);
  if (int64_t pos = lookup(key, indexable, h); pos >= 0) {
    entries_[size_t(pos)].second = std::move(v);
    return;
  }
  if (entries_.size() == entries_.capacity()) {
    size_t cap = std::max<size_t>(4, entries_.capacity() * 2);
    // The index, once there is one, takes up to 4 slots of 4 bytes per entry.
    charge_.update(kObjectOverhead + int64_t(cap * (sizeof(Entry) + 4 * sizeof(int32_t))),
                   "a dict");
    entries_.reserve(cap);
  }
  entries_.emplace_back(key, std::move(v));
  if (!indexable) {
    ++unindexable_;
    indexValid_ = false;
  } else if (indexValid_) {
    if (2 * entries_.size() + 2 > index_.size())
      indexValid_ = false; // rebuilt larger at the next indexed lookup
    else
      indexEntry(entries_.size() - 1, h);
  }
}

bool DictObj::erase(const Value &key) {
  int64_t pos = lookup(key);
  if (pos < 0)
    return false;
  uint64_t h;
  if (!dictIndexHash(entries_[size_t(pos)].first, h))
    --unindexable_;
  entries_.erase(entries_.begin() + pos);
  indexValid_ = false; // the positions after it moved
  return true;
}

DictObj::Entry DictObj::popLast() {
  Entry e = std::move(entries_.back());
  entries_.pop_back();
  uint64_t h;
  if (!dictIndexHash(e.first, h)) {
    --unindexable_;
  } else if (indexValid_) {
    // The index is always filled in entry order, so the newest entry was
    // placed after every other entry of its probe run: clearing its slot
    // cuts no other entry's run.
    size_t mask = index_.size() - 1;
    size_t i = h & mask;
    while (index_[i] != int32_t(entries_.size()))
      i = (i + 1) & mask;
    index_[i] = -1;
  }
  return e;
}

void DictObj::clear() {
  entries_.clear();
  index_.clear();
  indexValid_ = false;
  unindexable_ = 0;
}

void DictObj::assign(std::vector<Entry> entries) {
  size_t cap = std::max<size_t>(4, entries.size());
  charge_.update(kObjectOverhead + int64_t(cap * (sizeof(Entry) + 4 * sizeof(int32_t))),
                 "a dict");
  entries_ = std::move(entries);
  unindexable_ = 0;
  for (auto &e : entries_) {
    uint64_t h;
    unindexable_ += !dictIndexHash(e.first, h);
  }
  indexValid_ = false;
}

int64_t RangeObj::length() const {
  if (step > 0)
    return stop > start ? (stop - start + step - 1) / step : 0;
  return start > stop ? (start - stop - step - 1) / (-step) : 0;
}

const Value *CallArgs::get(size_t pos, const std::string &name) const {
  for (auto &kw : kwargs)
    if (kw.first == name)
      return &kw.second;
  if (pos < args.size())
    return &args[pos];
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Native objects
//===----------------------------------------------------------------------===//
std::string NativeObject::repr() const { return "<" + typeName() + " object>"; }

Value NativeObject::call(Evaluator &, CallArgs &) {
  throw ParaxError("TypeError", "'" + typeName() + "' object is not callable");
}

bool NativeObject::getAttr(Evaluator &, const std::string &, Value &) {
  return false;
}

std::string BuiltinFunction::repr() const {
  return "<built-in function " + name_.substr(name_.rfind('.') + 1) + ">";
}

Value BuiltinFunction::call(Evaluator &ev, CallArgs &args) {
  return impl_(ev, args);
}

bool ModuleObject::getAttr(Evaluator &, const std::string &name, Value &out) {
  auto it = attrs_.find(name);
  if (it == attrs_.end())
    return false;
  out = it->second;
  return true;
}

std::vector<std::string> ModuleObject::attrNames() const {
  std::vector<std::string> r;
  for (auto &kv : attrs_)
    r.push_back(kv.first);
  return r;
}

void ModuleObject::def(const std::string &name, BuiltinFunction::Impl impl) {
  attrs_[name] = makeBuiltin(name_ + "." + name, std::move(impl));
}

Value makeBuiltin(std::string qualname, BuiltinFunction::Impl impl) {
  return Value::object(Value::Kind::Native,
                       std::make_shared<BuiltinFunction>(std::move(qualname),
                                                         std::move(impl)));
}

std::string typeName(const Value &v) {
  using K = Value::Kind;
  switch (v.kind()) {
  case K::None: return "NoneType";
  case K::Bool: return "bool";
  case K::Int: return "int";
  case K::Float: return "float";
  case K::DType: return v.dtypeIsClass() ? "type" : "numpy.dtype";
  case K::Ellipsis: return "ellipsis";
  case K::Str: return "str";
  case K::Tuple: return "tuple";
  case K::List: return "list";
  case K::Dict: return "dict";
  case K::Array: return "jaxlib._jax.ArrayImpl";
  case K::Tracer: // parax check's abstract values stand for concrete arrays
    return v.asTracer().abstractOf ? "jaxlib._jax.ArrayImpl" : "JitTracer";
  case K::Function: return "function";
  case K::Native: return static_cast<NativeObject *>(v.objectPtr().get())->typeName();
  case K::Slice: return "slice";
  case K::Range: return "range";
  case K::Set: return "set";
  case K::FrozenSet: return "frozenset";
  case K::BigInt: return "int";
  }
  return "object";
}

// keysEqual and hashableKey walk nested tuples with an explicit worklist:
// Python hashes and compares a 100,000-deep tuple key without trouble.

namespace {
bool scalarKeysEqual(const Value &a0, const Value &b0) {
  // numpy scalars hash and compare as the Python numbers they hold.
  Value a = numpyScalarAsPython(a0), b = numpyScalarAsPython(b0);
  if (a.isBigInt() || b.isBigInt()) {
    if (!(a.isNumber() || a.isBigInt()) || !(b.isNumber() || b.isBigInt()))
      return false;
    bool unordered;
    return compareBigNumbers(a, b, unordered) == 0 && !unordered;
  }
  // Instances compare by __hash__ then __eq__ (CPython's dict lookup), and
  // frozensets by their elements, through the evaluator running here.
  bool heap = a.kind() == Value::Kind::Native || b.kind() == Value::Kind::Native ||
              (a.isAnySet() && b.isAnySet());
  if (Evaluator *ev = heap ? currentEvaluator() : nullptr) {
    if (a.identical(b))
      return true;
    if (classOfInstance(a) || classOfInstance(b))
      return pyHash(*ev, a) == pyHash(*ev, b) && pyKeysEqual(*ev, a, b);
    if (a.isAnySet() && b.isAnySet())
      return setsEqual(*ev, a, b);
  }
  if (a.isNumber() && b.isNumber()) {
    if (a.isFloat() || b.isFloat())
      return a.asFloat() == b.asFloat();
    return a.asInt() == b.asInt();
  }
  if (a.kind() != b.kind())
    return false;
  if (a.isStr())
    return a.asStr() == b.asStr();
  return a.identical(b);
}
} // namespace

bool keysEqual(const Value &a, const Value &b) {
  // The usual keys, compared without the general walk below.
  if (a.kind() == b.kind()) {
    switch (a.kind()) {
    case Value::Kind::Str: return a.asStr() == b.asStr();
    case Value::Kind::Int: return a.asInt() == b.asInt();
    case Value::Kind::Float: return a.asFloat() == b.asFloat();
    case Value::Kind::None: return true;
    default: break;
    }
  }
  if (!a.isTuple() || !b.isTuple())
    return scalarKeysEqual(a, b);
  std::vector<std::pair<const Value *, const Value *>> todo{{&a, &b}};
  while (!todo.empty()) {
    auto [x, y] = todo.back();
    todo.pop_back();
    if (x->isTuple() && y->isTuple()) {
      if (x->identical(*y))
        continue;
      auto &xs = x->elements(), &ys = y->elements();
      if (xs.size() != ys.size())
        return false;
      for (size_t i = xs.size(); i-- > 0;)
        todo.emplace_back(&xs[i], &ys[i]);
    } else if (!scalarKeysEqual(*x, *y)) {
      return false;
    }
  }
  return true;
}

namespace {
bool scalarKey(const Value &v0, std::string &out) {
  using K = Value::Kind;
  Value v = numpyScalarAsPython(v0);
  switch (v.kind()) {
  case K::None: out += "N;"; return true;
  case K::Bool: out += v.asBool() ? "T;" : "F;"; return true;
  case K::Int: out += "i" + std::to_string(v.asInt()) + ";"; return true;
  case K::BigInt: out += "i" + bigOf(v).toString() + ";"; return true;
  case K::FrozenSet: {
    // Order-independent: the element keys sorted.
    std::vector<std::string> keys;
    for (const Value &e : asSet(v).items()) {
      std::string k;
      if (!hashableKey(e, k))
        return false;
      keys.push_back(k);
    }
    std::sort(keys.begin(), keys.end());
    out += "z{";
    for (auto &k : keys)
      out += k;
    out += "}";
    return true;
  }
  case K::Float: {
    // Python: 1.0 == 1 hashes equal.
    double d = v.asFloat();
    if (d == std::floor(d) && std::fabs(d) < 9e18)
      out += "i" + std::to_string(int64_t(d)) + ";";
    else if (std::isfinite(d) && d == std::floor(d))
      out += "i" + BigInt::fromDouble(d).toString() + ";";
    else {
      char buf[40];
      std::snprintf(buf, sizeof buf, "f%a;", d);
      out += buf;
    }
    return true;
  }
  case K::DType: out += "d" + std::to_string(int(v.asDType())) + ";"; return true;
  case K::Ellipsis: out += "E;"; return true;
  case K::Str: out += "s" + std::to_string(v.asStr().size()) + ":" + v.asStr(); return true;
  case K::Function:
  case K::Native: {
    char buf[40];
    std::snprintf(buf, sizeof buf, "o%p;", (void *)v.objectPtr().get());
    out += buf;
    return true;
  }
  default:
    return false;
  }
}
} // namespace

bool hashableKey(const Value &v, std::string &out) {
  std::vector<const Value *> todo{&v}; // nullptr closes a tuple
  while (!todo.empty()) {
    const Value *x = todo.back();
    todo.pop_back();
    if (!x) {
      out += ")";
    } else if (x->isTuple()) {
      out += "(";
      todo.push_back(nullptr);
      auto &xs = x->elements();
      for (size_t i = xs.size(); i-- > 0;)
        todo.push_back(&xs[i]);
    } else if (!scalarKey(*x, out)) {
      return false;
    }
  }
  return true;
}

} // namespace parax::frontend
