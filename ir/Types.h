//===- Types.h - dtypes and tensor types ------------------------*- C++ -*-===//
//
// The element types parax knows (JAX's, 64-bit ones included) and TensorType, the
// abstract value of an array: shape + dtype + weak flag. Everything that
// reasons about arrays without data (tracer, IR, verifier, memory planner)
// speaks TensorType.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace parax {

/// Element types. Order matters only for tables indexed by it.
enum class DType : uint8_t {
  Bool,
  I8,
  I16,
  I32,
  U8,
  U16,
  U32,
  F16,
  BF16,
  F32,
  F64,
  I64,
  U64,
};
constexpr int kNumDTypes = 13;

/// numpy name: "float32", "bfloat16", "bool", ...
std::string_view dtypeName(DType t);
/// Short IR name: "f32", "bf16", "i1" ... used by the IR printer.
std::string_view dtypeShortName(DType t);
/// Parses numpy names and their aliases ("double", "int", "bool_", ...) to
/// the dtype they name, 64-bit ones included; also accepts the short IR
/// names. JAX with x64 disabled canonicalises the result (canonicalDType).
std::optional<DType> parseDType(std::string_view name);
/// JAX's dtypes.canonicalize_dtype: with x64 disabled the 64-bit types
/// become their 32-bit counterparts; with x64 enabled every type is itself.
DType canonicalDType(DType t, bool x64);
/// True for float64, int64, uint64.
bool is64Bit(DType t);
/// Bytes per element (bool is stored as one byte).
int64_t dtypeSize(DType t);
bool isFloat(DType t);
bool isInteger(DType t); // signed or unsigned, not bool
bool isSigned(DType t);  // signed integers
bool isUnsigned(DType t);

using Shape = std::vector<int64_t>;

/// The most bytes one array may span. Under it every element count, byte
/// size, stride and flat offset fits int64 with room for adding two of them,
/// so the kernels', the planner's and the generated code's index math never
/// overflows. Every shape is checked against it where it is made
/// (checkArraySize); numpy's limit is the address space, XLA has none.
constexpr int64_t kMaxArrayBytes = int64_t(1) << 62;

/// a * b and a + b for a, b >= 0, or nullopt when the result leaves int64.
/// Every extent computed from user input (tile, repeat, concatenate, pad,
/// reshape's -1, pmap's stacking) goes through these.
std::optional<int64_t> checkedMul(int64_t a, int64_t b);
std::optional<int64_t> checkedAdd(int64_t a, int64_t b);
/// a + b for a, b >= 0, saturating at INT64_MAX (byte totals of many buffers).
int64_t saturatingAdd(int64_t a, int64_t b);

/// Number of elements of a shape (1 for a scalar). Saturates at INT64_MAX
/// rather than wrapping, so a shape that escaped checkArraySize can never
/// look small (it fails to allocate instead of reading past a tiny buffer).
int64_t numElements(const Shape &s);
/// Why an array of `dtype` and `shape` cannot exist ("" when it can): a
/// negative extent, or extents whose product times the element size exceeds
/// kMaxArrayBytes. As numpy does, zero extents are left out of the product,
/// so that the strides of an empty array fit too. Without a dtype (a shape
/// argument before its dtype is known) elements count as one byte.
std::string arraySizeProblem(std::optional<DType> dtype, const Shape &shape);
/// Throws ParaxError ValueError ("array is too big ...") when
/// arraySizeProblem is not empty. It has no location: the evaluator puts the
/// user's call on it, the IR builder the op's.
void checkArraySize(std::optional<DType> dtype, const Shape &shape);
/// "(2, 3)" as Python prints a shape tuple; "(3,)" for rank 1, "()" for 0.
std::string shapeToPython(const Shape &s);

/// The abstract value of an array.
struct TensorType {
  DType dtype = DType::F32;
  Shape shape;
  /// JAX weak type: derived only from Python scalars; adopts the other
  /// operand's precision in promotion.
  bool weak = false;

  int64_t rank() const { return int64_t(shape.size()); }
  int64_t numElements() const { return parax::numElements(shape); }
  /// Saturates as numElements does.
  int64_t byteSize() const;
  /// JAX's str_short: "float32[2,3]"; with `tildeWeak` a weak type is
  /// "~float32[]" as in tracer reprs.
  std::string str(bool tildeWeak = false) const;
  /// IR form: "f32[2,3]" plus " weak" when weak.
  std::string irStr() const;
  bool sameIgnoringWeak(const TensorType &o) const {
    return dtype == o.dtype && shape == o.shape;
  }
  bool operator==(const TensorType &o) const {
    return dtype == o.dtype && shape == o.shape && weak == o.weak;
  }
  bool operator!=(const TensorType &o) const { return !(*this == o); }
};

} // namespace parax
