//===- Types.cpp - dtypes and tensor types --------------------------------===//
#include "ir/Types.h"
#include "ir/Diagnostics.h"

#include <cstdio>
#include <limits>

namespace parax {

namespace {
struct DTypeInfo {
  std::string_view name, shortName;
  int64_t size;
};
constexpr DTypeInfo kInfo[kNumDTypes] = {
    {"bool", "i1", 1},    {"int8", "i8", 1},      {"int16", "i16", 2},
    {"int32", "i32", 4},  {"uint8", "u8", 1},     {"uint16", "u16", 2},
    {"uint32", "u32", 4}, {"float16", "f16", 2},  {"bfloat16", "bf16", 2},
    {"float32", "f32", 4}, {"float64", "f64", 8},  {"int64", "i64", 8},
    {"uint64", "u64", 8},
};
} // namespace

std::string_view dtypeName(DType t) { return kInfo[int(t)].name; }
std::string_view dtypeShortName(DType t) { return kInfo[int(t)].shortName; }
int64_t dtypeSize(DType t) { return kInfo[int(t)].size; }

std::optional<DType> parseDType(std::string_view n) {
  for (int i = 0; i < kNumDTypes; ++i)
    if (kInfo[i].name == n || kInfo[i].shortName == n)
      return DType(i);
  // numpy's aliases: Python float/int are the 64-bit types.
  if (n == "double" || n == "float" || n == "float_")
    return DType::F64;
  if (n == "int" || n == "long" || n == "int_" || n == "intp")
    return DType::I64;
  if (n == "uint" || n == "uintp")
    return DType::U64;
  if (n == "bool_")
    return DType::Bool;
  if (n == "half")
    return DType::F16;
  if (n == "single")
    return DType::F32;
  return std::nullopt;
}

DType canonicalDType(DType t, bool x64) {
  if (x64)
    return t;
  switch (t) {
  case DType::F64: return DType::F32;
  case DType::I64: return DType::I32;
  case DType::U64: return DType::U32;
  default: return t;
  }
}

bool is64Bit(DType t) {
  return t == DType::F64 || t == DType::I64 || t == DType::U64;
}

bool isFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 ||
         t == DType::F64;
}
bool isSigned(DType t) {
  return t == DType::I8 || t == DType::I16 || t == DType::I32 ||
         t == DType::I64;
}
bool isUnsigned(DType t) {
  return t == DType::U8 || t == DType::U16 || t == DType::U32 ||
         t == DType::U64;
}
bool isInteger(DType t) { return isSigned(t) || isUnsigned(t); }

std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (a < 0 || b < 0 || __builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (a < 0 || b < 0 || __builtin_add_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

int64_t saturatingAdd(int64_t a, int64_t b) {
  if (auto r = checkedAdd(a, b))
    return *r;
  return std::numeric_limits<int64_t>::max();
}

int64_t numElements(const Shape &s) {
  int64_t n = 1;
  bool saturated = false;
  for (int64_t d : s) {
    if (d == 0)
      return 0;
    if (auto r = checkedMul(n, d))
      n = *r;
    else
      saturated = true;
  }
  return saturated ? std::numeric_limits<int64_t>::max() : n;
}

int64_t TensorType::byteSize() const {
  if (auto r = checkedMul(numElements(), dtypeSize(dtype)))
    return *r;
  return std::numeric_limits<int64_t>::max();
}

std::string arraySizeProblem(std::optional<DType> dtype, const Shape &shape) {
  for (int64_t d : shape)
    if (d < 0)
      return "negative dimensions are not allowed: shape " + shapeToPython(shape);
  int64_t bytes = dtype ? dtypeSize(*dtype) : 1;
  double approx = double(bytes); // the true size, for the message
  bool over = false, empty = false;
  for (int64_t d : shape) {
    if (d == 0) {
      empty = true;
      continue;
    }
    approx *= double(d);
    auto r = checkedMul(bytes, d);
    if (!r || *r > kMaxArrayBytes)
      over = true;
    else
      bytes = *r;
  }
  if (!over)
    return "";
  char need[64];
  std::snprintf(need, sizeof need, "%.3g", approx);
  std::string what =
      empty ? " is empty, but its other dimensions span " + std::string(need) +
                  (dtype ? " bytes" : " elements") + " (its strides would overflow)"
      : dtype ? " of " + std::string(dtypeName(*dtype)) + " would need " + need + " bytes"
              : " has " + std::string(need) + " elements";
  return "array is too big: shape " + shapeToPython(shape) + what +
         ", and one array may span at most 2^62 bytes (4 EiB)";
}

void checkArraySize(std::optional<DType> dtype, const Shape &shape) {
  std::string problem = arraySizeProblem(dtype, shape);
  if (!problem.empty())
    throw ParaxError("ValueError", problem, {},
                     "a dimension is far larger than intended: check how the "
                     "shape was computed");
}

std::string shapeToPython(const Shape &s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i)
      r += ", ";
    r += std::to_string(s[i]);
  }
  if (s.size() == 1)
    r += ",";
  return r + ")";
}

std::string TensorType::str(bool tildeWeak) const {
  std::string r = (tildeWeak && weak) ? "~" : "";
  r += dtypeName(dtype);
  r += "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      r += ",";
    r += std::to_string(shape[i]);
  }
  return r + "]";
}

std::string TensorType::irStr() const {
  std::string r(dtypeShortName(dtype));
  r += "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      r += ",";
    r += std::to_string(shape[i]);
  }
  r += "]";
  if (weak)
    r += " weak";
  return r;
}

} // namespace parax
