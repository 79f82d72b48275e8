//===- NumpyArray.h - numpy's host array ------------------------*- C++ -*-===//
//
// The array `import numpy as np` computes with: its own dtypes (float64 and
// int64 by default, as numpy), a mutable strided buffer that views share
// (basic slicing returns a view; assignment and in-place operators write
// through), and numpy scalars (np.float64(0.1)) as read-only 0-d arrays of a
// scalar class. The object is an instance of a class (numpy.ndarray,
// numpy.float64, ...) whose dunder methods the evaluator's protocols call,
// so operators, indexing, printing, len, iteration and truth need no case of
// their own in the evaluator. Every numpy result goes through wrapNumpyArray
// or makeNumpy.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Classes.h"
#include "frontend/machine/Value.h"
#include "ir/Array.h"

#include <optional>
#include <string>
#include <vector>

namespace parax::frontend {

/// numpy's dtypes (independent of parax's IR dtypes: numpy has 64-bit
/// types and strings whether or not the IR has them).
enum class NpDType : uint8_t { Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64, Str };
constexpr int kNumNpDTypes = 13;

enum class NpKind : uint8_t { Bool, Int, UInt, Float, Str };
NpKind npKind(NpDType t);
/// "float64", "int32", "bool", "str" ...
std::string npDTypeName(NpDType t);
int64_t npItemSize(NpDType t);
/// Parses "float64", "f8", "int", "uint8", "bool", "<U3" ... (numpy names).
std::optional<NpDType> parseNpDType(const std::string &name);
/// The IR dtype JAX converts a numpy dtype to (x64 off: 64 -> 32 bits).
DType npToJaxDType(NpDType t);
NpDType jaxToNpDType(DType t);

/// The storage views share.
struct NpStorage {
  std::shared_ptr<Buffer> buf;
  std::vector<std::string> strs; ///< string arrays
  HostCharge strCharge;          ///< their estimated bytes, while they live
};

class NumpyArrayObj : public InstanceObj {
public:
  NumpyArrayObj(std::shared_ptr<ClassObj> cls) : InstanceObj(std::move(cls)) {}
  std::shared_ptr<NpStorage> store;
  NpDType dtype = NpDType::F64;
  int64_t strLen = 1; ///< characters of a str dtype ('<U2')
  Shape shape;
  std::vector<int64_t> strides; ///< in elements
  int64_t offset = 0;           ///< in elements
  bool writeable = true;
  bool scalar = false; ///< a numpy scalar (np.float64(1.5)), not a 0-d array
  bool ownsData = true;
  Value baseArray; ///< .base of a view

  int64_t rank() const { return int64_t(shape.size()); }
  int64_t size() const;
  bool contiguous() const;
  /// Element offsets (into the storage) in row-major order.
  std::vector<int64_t> offsets() const;

  double getF(int64_t off) const;
  int64_t getI(int64_t off) const;
  uint64_t getU(int64_t off) const;
  bool getB(int64_t off) const;
  void setF(int64_t off, double v);
  void setI(int64_t off, int64_t v);
  void setU(int64_t off, uint64_t v);
  /// Copies element `srcOff` of `src` here, casting as numpy's
  /// unsafe casting does (float -> int truncates, int wraps).
  void setFrom(int64_t off, const NumpyArrayObj &src, int64_t srcOff);

  std::string repr() const override;
  std::string str() const override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override;
};

/// The numpy array value holding `a` (owns its buffer; the dtype is the
/// numpy dtype of the same name).
Value wrapNumpyArray(Array a);
/// A fresh C-contiguous numpy array (uninitialised; zeroed for strings).
Value makeNumpy(NpDType dt, const Shape &shape, bool scalar = false);
NumpyArrayObj *asNumpy(const Value &v);
inline bool isNumpyArray(const Value &v) { return asNumpy(v) != nullptr; }
/// A new view of `base`'s storage with another shape/strides/offset.
Value makeView(const Value &base, Shape shape, std::vector<int64_t> strides, int64_t offset);

/// numpy's array() / asarray() on any value: nested lists and tuples of
/// numbers, numpy arrays and scalars, JAX arrays. `copy` forces a copy of
/// numpy arrays; a tracer is a TracerArrayConversionError.
Value toNumpy(Evaluator &ev, const Value &v, std::optional<NpDType> dtype = std::nullopt,
              bool copy = false);
/// A numpy scalar as the Python bool/int/float it holds (dict keys, hashing);
/// any other value unchanged.
Value numpyScalarAsPython(const Value &v);
/// The JAX array jnp.asarray makes of a numpy array (float64 -> float32).
Value numpyToJax(const Value &v);
/// Converts numpy arrays inside an argument (lists, tuples, dicts) to JAX
/// arrays (what jnp functions and jit/pmap arguments see).
Value numpyArgsToJax(const Value &v);
/// Converts the numpy leaves of a flattened jit/pmap argument in place.
void numpyLeavesToJax(std::vector<Value> &leaves);
/// A dtype argument of a numpy function (np.float64, 'int32', float, a
/// dtype object, jnp.float32, None -> nullopt).
std::optional<NpDType> npDTypeArg(Evaluator &ev, const Value &v);
/// For jnp: np.float32 / dtype('float32') / np.float64 as an IR dtype.
std::optional<DType> numpyTypeAsJaxDType(const Value &v);
/// `x.dtype == y` when one side is a numpy type or dtype object.
std::optional<bool> numpyDTypeEquals(const Value &a, const Value &b);

/// A copy with dtype `dt` (numpy's astype, unsafe casting).
Value npAstype(const Value &x, NpDType dt);
/// A 0-d result becomes a numpy scalar (what ufuncs and reductions return).
Value npScalarize(const Value &x);
/// The numpy scalar / array classes (numpy.ndarray, numpy.float64 ...).
std::shared_ptr<ClassObj> npArrayClass();
std::shared_ptr<ClassObj> npScalarClass(NpDType t);
/// The dtype object numpy.dtype('float64').
Value npDTypeValue(NpDType t, int64_t strLen = 1);

/// Printing (NumpyPrint.cpp).
std::string npArrayStr(const NumpyArrayObj &a);
std::string npArrayRepr(const NumpyArrayObj &a);
std::string npScalarStr(const NumpyArrayObj &a);
std::string npScalarRepr(const NumpyArrayObj &a);

/// Indexing (NumpyIndexing.cpp).
Value npGetItem(Evaluator &ev, const Value &x, const Value &index);
void npSetItem(Evaluator &ev, const Value &x, const Value &index, const Value &v);

/// Writes `src` (broadcast to dst's shape) into the view `dst`, casting.
void npAssign(Evaluator &ev, NumpyArrayObj &dst, const Value &src);

/// Installs the numpy module (NumpyModule.cpp).
class ModuleObject;
void installNumpyModule(Evaluator &ev, ModuleObject &np, ModuleObject &jnpMod);

} // namespace parax::frontend
