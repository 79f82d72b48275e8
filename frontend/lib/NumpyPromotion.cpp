//===- NumpyPromotion.cpp - numpy's dtypes and promotion rules ------------===//
//
// numpy 2's type promotion (NEP 50): arrays and numpy scalars are strong,
// Python bool/int/float are weak and take the other operand's dtype within
// their kind; int + uint widen to the next signed type (uint64 + int64 is
// float64); integers meeting floats go to the float that holds them.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NumpyInternal.h"
#include "frontend/machine/Builtins.h"
#include "frontend/tracing/Promotion.h"

namespace parax::frontend {

NpKind npKind(NpDType t) {
  switch (t) {
  case NpDType::Bool: return NpKind::Bool;
  case NpDType::I8: case NpDType::I16: case NpDType::I32: case NpDType::I64: return NpKind::Int;
  case NpDType::U8: case NpDType::U16: case NpDType::U32: case NpDType::U64: return NpKind::UInt;
  case NpDType::Str: return NpKind::Str;
  default: return NpKind::Float;
  }
}

std::string npDTypeName(NpDType t) {
  static const char *names[] = {"bool",  "int8",   "int16",   "int32",   "int64",
                                "uint8", "uint16", "uint32",  "uint64",  "float16",
                                "float32", "float64", "str"};
  return names[int(t)];
}

int64_t npItemSize(NpDType t) {
  static const int64_t sizes[] = {1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 8, 4};
  return sizes[int(t)];
}

std::optional<NpDType> parseNpDType(const std::string &n) {
  static const std::pair<const char *, NpDType> names[] = {
      {"bool", NpDType::Bool},     {"bool_", NpDType::Bool},    {"?", NpDType::Bool},
      {"b1", NpDType::Bool},       {"int8", NpDType::I8},       {"i1", NpDType::I8},
      {"int16", NpDType::I16},     {"i2", NpDType::I16},        {"int32", NpDType::I32},
      {"i4", NpDType::I32},        {"int64", NpDType::I64},     {"i8", NpDType::I64},
      {"int", NpDType::I64},       {"int_", NpDType::I64},      {"intp", NpDType::I64},
      {"uint8", NpDType::U8},      {"u1", NpDType::U8},         {"uint16", NpDType::U16},
      {"u2", NpDType::U16},        {"uint32", NpDType::U32},    {"u4", NpDType::U32},
      {"uint64", NpDType::U64},    {"u8", NpDType::U64},        {"uint", NpDType::U64},
      {"float16", NpDType::F16},   {"f2", NpDType::F16},        {"half", NpDType::F16},
      {"float32", NpDType::F32},   {"f4", NpDType::F32},        {"single", NpDType::F32},
      {"float64", NpDType::F64},   {"f8", NpDType::F64},        {"float", NpDType::F64},
      {"double", NpDType::F64},    {"d", NpDType::F64},         {"f", NpDType::F32},
      {"i", NpDType::I32},         {"l", NpDType::I64},         {"str", NpDType::Str},
      {"U", NpDType::Str},         {"float_", NpDType::F64},    {"B", NpDType::U8},
      {"b", NpDType::I8},          {"h", NpDType::I16},         {"H", NpDType::U16},
      {"e", NpDType::F16},         {"q", NpDType::I64},         {"Q", NpDType::U64}};
  std::string s = n;
  if (!s.empty() && (s[0] == '<' || s[0] == '=' || s[0] == '|'))
    s = s.substr(1);
  if (!s.empty() && s[0] == 'U')
    return NpDType::Str;
  for (auto &[k, v] : names)
    if (s == k)
      return v;
  return std::nullopt;
}

DType npToJaxDType(NpDType t) {
  if (x64Enabled()) { // jax_enable_x64: 64-bit numpy arrays keep their width
    if (t == NpDType::F64)
      return DType::F64;
    if (t == NpDType::I64)
      return DType::I64;
    if (t == NpDType::U64)
      return DType::U64;
  }
  switch (t) {
  case NpDType::Bool: return DType::Bool;
  case NpDType::I8: return DType::I8;
  case NpDType::I16: return DType::I16;
  case NpDType::I32: case NpDType::I64: return DType::I32;
  case NpDType::U8: return DType::U8;
  case NpDType::U16: return DType::U16;
  case NpDType::U32: case NpDType::U64: return DType::U32;
  case NpDType::F16: return DType::F16;
  case NpDType::Str:
    raise("TypeError", "JAX does not support string arrays (dtype <U)");
  default: return DType::F32;
  }
}

NpDType jaxToNpDType(DType t) {
  std::string n(dtypeName(t));
  if (n == "bfloat16")
    return NpDType::F32; // numpy has no bfloat16: widen (exact)
  if (auto d = parseNpDType(n))
    return *d;
  return NpDType::F32;
}

namespace npy {

namespace {
int bits(NpDType t) { return int(npItemSize(t)) * 8; }
NpDType signedOfBits(int b) {
  return b <= 8 ? NpDType::I8 : b <= 16 ? NpDType::I16 : b <= 32 ? NpDType::I32 : NpDType::I64;
}
} // namespace

NpDType floatFor(NpDType t) {
  switch (npKind(t)) {
  case NpKind::Float: return t;
  case NpKind::Bool: return NpDType::F16;
  default:
    // The smallest float that holds every value of the integer type.
    return bits(t) <= 8 ? NpDType::F16 : bits(t) <= 16 ? NpDType::F32 : NpDType::F64;
  }
}

NpDType promote(NpDType a, NpDType b) {
  if (a == b)
    return a;
  NpKind ka = npKind(a), kb = npKind(b);
  if (ka == NpKind::Str || kb == NpKind::Str)
    raise("TypeError", "The DType <class 'numpy.dtypes.StrDType'> could not be promoted");
  if (ka == NpKind::Bool)
    return b;
  if (kb == NpKind::Bool)
    return a;
  if (ka == kb)
    return bits(a) >= bits(b) ? a : b;
  if (ka == NpKind::Float || kb == NpKind::Float) {
    NpDType f = ka == NpKind::Float ? a : b, i = ka == NpKind::Float ? b : a;
    NpDType need = floatFor(i);
    return bits(need) > bits(f) ? need : f;
  }
  // signed with unsigned
  NpDType s = ka == NpKind::Int ? a : b, u = ka == NpKind::Int ? b : a;
  if (bits(s) > bits(u))
    return s;
  if (bits(u) == 64)
    return NpDType::F64;
  return signedOfBits(bits(u) * 2);
}

NpDType pyScalarDType(const Value &v) {
  if (v.isBool())
    return NpDType::Bool;
  if (v.isInt())
    return NpDType::I64;
  return NpDType::F64;
}

NpDType resultType(const std::vector<Value> &xs) {
  std::optional<NpDType> strong;
  int weakKind = -1; // 0 bool, 1 int, 2 float
  for (const Value &x : xs) {
    if (x.isNumber()) {
      weakKind = std::max(weakKind, x.isBool() ? 0 : x.isInt() ? 1 : 2);
      continue;
    }
    NpDType t = arr(x).dtype;
    strong = strong ? promote(*strong, t) : t;
  }
  if (!strong)
    return weakKind == 0 ? NpDType::Bool : weakKind == 1 ? NpDType::I64 : NpDType::F64;
  NpKind k = npKind(*strong);
  if (weakKind == 2 && (k == NpKind::Bool || k == NpKind::Int || k == NpKind::UInt))
    return NpDType::F64;
  if (weakKind == 1 && k == NpKind::Bool)
    return NpDType::I64;
  return *strong;
}

bool canCastSameKind(NpDType from, NpDType to) {
  if (from == to)
    return true;
  NpKind f = npKind(from), t = npKind(to);
  auto rank = [](NpKind k) { return k == NpKind::Bool ? 0 : k == NpKind::UInt ? 1 : k == NpKind::Int ? 1 : k == NpKind::Float ? 2 : 3; };
  if (f == NpKind::Str || t == NpKind::Str)
    return f == t;
  return rank(f) <= rank(t);
}

Domain domainOf(NpDType t) {
  switch (npKind(t)) {
  case NpKind::Bool: return Domain::Bool;
  case NpKind::Int: return Domain::Int;
  case NpKind::UInt: return Domain::UInt;
  default: return Domain::Float;
  }
}

} // namespace npy
} // namespace parax::frontend
