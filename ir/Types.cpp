//===- Types.cpp - dtypes and tensor types --------------------------------===//
#include "ir/Types.h"

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
    {"float32", "f32", 4},
};
} // namespace

std::string_view dtypeName(DType t) { return kInfo[int(t)].name; }
std::string_view dtypeShortName(DType t) { return kInfo[int(t)].shortName; }
int64_t dtypeSize(DType t) { return kInfo[int(t)].size; }

std::optional<DType> parseDType(std::string_view n) {
  for (int i = 0; i < kNumDTypes; ++i)
    if (kInfo[i].name == n || kInfo[i].shortName == n)
      return DType(i);
  // 64-bit requests are canonicalised to 32 bits (x64 disabled).
  if (n == "float64" || n == "double" || n == "float" || n == "f64")
    return DType::F32;
  if (n == "int64" || n == "int" || n == "i64" || n == "long")
    return DType::I32;
  if (n == "uint64" || n == "u64" || n == "uint")
    return DType::U32;
  if (n == "bool_")
    return DType::Bool;
  if (n == "half")
    return DType::F16;
  if (n == "single")
    return DType::F32;
  return std::nullopt;
}

bool isFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32;
}
bool isSigned(DType t) {
  return t == DType::I8 || t == DType::I16 || t == DType::I32;
}
bool isUnsigned(DType t) {
  return t == DType::U8 || t == DType::U16 || t == DType::U32;
}
bool isInteger(DType t) { return isSigned(t) || isUnsigned(t); }

int64_t numElements(const Shape &s) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
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
