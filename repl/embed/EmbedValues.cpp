//===- EmbedValues.cpp - public Array and Value handles -------------------===//
//
// Arrays wrap caller memory in place when it is aligned for its element
// type (parax kernels never write their inputs), and copy otherwise.
//
//===----------------------------------------------------------------------===//
#include "repl/embed/EmbedImpl.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/format/NumpyFormat.h"

#include <cstring>

namespace parax::embed {

namespace {
constexpr parax::DType kInternal[] = {
    parax::DType::Bool, parax::DType::I8,  parax::DType::I16,
    parax::DType::I32,  parax::DType::U8,  parax::DType::U16,
    parax::DType::U32,  parax::DType::F16, parax::DType::BF16,
    parax::DType::F32,  parax::DType::F64, parax::DType::I64,
    parax::DType::U64};
static_assert(std::size(kInternal) == parax::kNumDTypes,
              "every internal dtype has a public name");

Exception typeError(const std::string &msg) {
  return Exception(makeError("TypeError", msg));
}

std::string reprOf(const frontend::Value &v) {
  using K = frontend::Value::Kind;
  // Value::repr() cannot fail: nesting deeper than the stack allows is
  // elided, as Python's reprlib does.
  if (stackLeft() < kStackMargin)
    return "...";
  switch (v.kind()) {
  case K::None: return "None";
  case K::Bool: return v.asBool() ? "True" : "False";
  case K::Int: return std::to_string(v.asInt());
  case K::Float: return frontend::pythonFloatRepr(v.asFloat());
  case K::Str: return frontend::pyStrRepr(v.asStr());
  case K::Array: return frontend::arrayToRepr(v.asArray());
  case K::Tuple:
  case K::List: {
    auto &el = v.elements();
    std::string s = v.isTuple() ? "(" : "[";
    for (size_t i = 0; i < el.size(); ++i)
      s += (i ? ", " : "") + reprOf(el[i]);
    if (v.isTuple() && el.size() == 1)
      s += ",";
    return s + (v.isTuple() ? ")" : "]");
  }
  case K::Dict: {
    std::string s = "{";
    bool first = true;
    for (auto &kv : v.asDict().items()) {
      s += (first ? "" : ", ") + reprOf(kv.first) + ": " + reprOf(kv.second);
      first = false;
    }
    return s + "}";
  }
  case K::Function: return "<function " + v.asFunction().name + ">";
  case K::Native: return v.as<frontend::NativeObject>()->repr();
  default: return "<" + frontend::typeName(v) + ">";
  }
}
} // namespace

parax::DType toInternal(DType t) { return kInternal[size_t(t)]; }
DType toPublic(parax::DType t) {
  for (size_t i = 0; i < std::size(kInternal); ++i)
    if (kInternal[i] == t)
      return DType(i);
  return DType::Float32;
}

std::string_view dtypeName(DType t) { return parax::dtypeName(toInternal(t)); }
int64_t dtypeSize(DType t) { return parax::dtypeSize(toInternal(t)); }

Error makeError(const std::string &kind, const std::string &message) {
  Diagnostic d;
  d.kind = kind;
  d.message = message;
  return toError(d);
}

Error toError(const Diagnostic &d) {
  Error e;
  e.kind = d.kind;
  e.message = d.message;
  if (d.loc.valid()) {
    e.file = SourceRegistry::name(d.loc.file);
    e.line = int(d.loc.line);
    e.col = int(d.loc.col);
  }
  e.rendered = d.render();
  return e;
}

//===----------------------------------------------------------------------===//
// Array
//===----------------------------------------------------------------------===//
Array wrapArray(parax::Array a) {
  auto p = std::make_shared<Array::Impl>();
  p->shape = a.shape();
  p->array = std::move(a);
  return Array(std::move(p));
}

static void checkShape(DType dt, const std::vector<int64_t> &shape) {
  for (int64_t d : shape)
    if (d < 0)
      throw typeError("array dimensions must be non-negative");
  // A shape whose byte size leaves int64 would wrap to a small buffer.
  std::string problem = parax::arraySizeProblem(toInternal(dt), shape);
  if (!problem.empty())
    throw Exception(makeError("ValueError", problem));
}

Array Array::view(DType dt, std::vector<int64_t> shape, const void *data,
                  std::shared_ptr<const void> owner) {
  checkShape(dt, shape);
  int64_t esize = dtypeSize(dt);
  if (reinterpret_cast<uintptr_t>(data) % uintptr_t(esize) != 0)
    return copyOf(dt, std::move(shape), data);
  TensorType t{toInternal(dt), shape, false};
  auto buf = Buffer::wrap(const_cast<void *>(data), size_t(t.byteSize()),
                          std::move(owner));
  return wrapArray(parax::Array(t, std::move(buf)));
}

Array Array::copyOf(DType dt, std::vector<int64_t> shape, const void *data) {
  checkShape(dt, shape);
  parax::Array a = parax::Array::allocate(toInternal(dt), shape);
  if (a.byteSize())
    std::memcpy(a.raw(), data, size_t(a.byteSize()));
  return wrapArray(std::move(a));
}

Array Array::zeros(DType dt, std::vector<int64_t> shape) {
  checkShape(dt, shape);
  parax::Array a = parax::Array::allocate(toInternal(dt), shape);
  if (a.byteSize())
    std::memset(a.raw(), 0, size_t(a.byteSize()));
  return wrapArray(std::move(a));
}

DType Array::dtype() const { return toPublic(impl_->array.dtype()); }
const std::vector<int64_t> &Array::shape() const { return impl_->shape; }
int64_t Array::size() const { return impl_->array.size(); }
int64_t Array::bytes() const { return impl_->array.byteSize(); }
const void *Array::raw() const { return impl_->array.raw(); }
double Array::at(int64_t i) const {
  if (i < 0 || i >= size())
    throw Exception(makeError("IndexError", "index " + std::to_string(i) +
                                                " is out of bounds for size " +
                                                std::to_string(size())));
  return impl_->array.getDouble(i);
}

void Array::checkType(std::optional<DType> want, size_t size) const {
  DType have = dtype();
  bool ok = want ? *want == have
                 : size == 2 && (have == DType::UInt16 || have == DType::Float16 ||
                                 have == DType::BFloat16);
  if (!ok)
    throw typeError("the array's dtype is " + std::string(dtypeName(have)) +
                    ", which does not match the requested C++ element type");
}

//===----------------------------------------------------------------------===//
// Value
//===----------------------------------------------------------------------===//
Value wrapValue(frontend::Value v, uint64_t owner) {
  auto p = std::make_shared<Value::Impl>();
  p->value = std::move(v);
  p->owner = owner;
  return Value(std::move(p));
}

Value::Value() : Value(wrapValue(frontend::Value(), 0)) {}
Value::Value(Array a) : Value(wrapValue(frontend::Value::array(a.impl()->array), 0)) {}
Value::Value(double d) : Value(wrapValue(frontend::Value::floating(d), 0)) {}
Value::Value(int64_t i) : Value(wrapValue(frontend::Value::integer(i), 0)) {}
Value Value::fromBool(bool b) { return wrapValue(frontend::Value::boolean(b), 0); }
Value::Value(const char *s) : Value(wrapValue(frontend::Value::str(s), 0)) {}
Value::Value(std::string s) : Value(wrapValue(frontend::Value::str(std::move(s)), 0)) {}

static Value sequence(std::vector<Value> elements, bool tuple) {
  std::vector<frontend::Value> el;
  uint64_t owner = 0;
  for (auto &e : elements) {
    el.push_back(e.impl()->value);
    owner = owner ? owner : e.impl()->owner;
  }
  return wrapValue(tuple ? frontend::Value::tuple(std::move(el))
                         : frontend::Value::list(std::move(el)),
                   owner);
}
Value Value::tuple(std::vector<Value> elements) { return sequence(std::move(elements), true); }
Value Value::list(std::vector<Value> elements) { return sequence(std::move(elements), false); }

Value::Kind Value::kind() const {
  using K = frontend::Value::Kind;
  const frontend::Value &v = impl_->value;
  switch (v.kind()) {
  case K::None: return Kind::None;
  case K::Bool: return Kind::Bool;
  case K::Int: return Kind::Int;
  case K::Float: return Kind::Float;
  case K::Str: return Kind::Str;
  case K::Array: return Kind::Array;
  case K::Tuple: return Kind::Tuple;
  case K::List: return Kind::List;
  case K::Dict: return Kind::Dict;
  case K::Function: return Kind::Callable;
  case K::Native: {
    auto *n = v.as<frontend::NativeObject>();
    return n && n->callable() ? Kind::Callable : Kind::Other;
  }
  default: return Kind::Other;
  }
}

Array Value::array() const {
  if (!impl_->value.isArray())
    throw typeError("expected an array, got " + frontend::typeName(impl_->value));
  return wrapArray(impl_->value.asArray());
}

double Value::toDouble() const {
  const frontend::Value &v = impl_->value;
  if (v.isNumber())
    return v.asFloat();
  if (v.isArray() && v.asArray().size() == 1)
    return v.asArray().getDouble(0);
  throw typeError("expected a number or a one-element array, got " +
                  frontend::typeName(v));
}

int64_t Value::toInt() const {
  const frontend::Value &v = impl_->value;
  if (v.isBool() || v.isInt())
    return v.asInt();
  if (v.isArray() && v.asArray().size() == 1)
    return v.asArray().getInt(0);
  throw typeError("expected an int or a one-element array, got " +
                  frontend::typeName(v));
}

bool Value::toBool() const { return toDouble() != 0; }

std::string Value::str() const {
  if (!impl_->value.isStr())
    throw typeError("expected a str, got " + frontend::typeName(impl_->value));
  return impl_->value.asStr();
}

std::vector<Value> Value::elements() const {
  const frontend::Value &v = impl_->value;
  std::vector<Value> out;
  if (v.isSequence()) {
    for (auto &e : v.elements())
      out.push_back(wrapValue(e, impl_->owner));
  } else if (v.isDict()) {
    for (auto &kv : v.asDict().items())
      out.push_back(wrapValue(kv.second, impl_->owner));
  } else {
    throw typeError("expected a tuple, list or dict, got " + frontend::typeName(v));
  }
  return out;
}

std::vector<Value> Value::keys() const {
  if (!impl_->value.isDict())
    throw typeError("expected a dict, got " + frontend::typeName(impl_->value));
  std::vector<Value> out;
  for (auto &kv : impl_->value.asDict().items())
    out.push_back(wrapValue(kv.first, impl_->owner));
  return out;
}

std::string Value::repr() const { return reprOf(impl_->value); }

std::string_view version() { return "0.1.0"; }

} // namespace parax::embed
