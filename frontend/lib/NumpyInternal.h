//===- NumpyInternal.h - shared by the numpy library files ------*- C++ -*-===//
//
// Type promotion (numpy 2, NEP 50: Python scalars are weak), the
// element-wise engine (broadcasting, casting, out=) and argument helpers
// the numpy module files share.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/lib/NumpyArray.h"
#include "frontend/machine/Evaluator.h"

#include <functional>

namespace parax::frontend::npy {

/// numpy's promote_types for two array dtypes.
NpDType promote(NpDType a, NpDType b);
/// result_type of operands: arrays/numpy scalars are strong; Python bool,
/// int, float are weak (they take the array's dtype within their kind).
NpDType resultType(const std::vector<Value> &xs);
/// The dtype numpy gives a Python scalar on its own (int64, float64, bool).
NpDType pyScalarDType(const Value &v);
/// The float type an integer/bool input computes in for float ufuncs
/// (np.sin(int8) is float16, int64 -> float64).
NpDType floatFor(NpDType t);
/// Whether numpy's "same_kind" casting allows from -> to.
bool canCastSameKind(NpDType from, NpDType to);

/// Arguments as numpy arrays (Python scalars too, keeping their weak dtype
/// separate in resultType).
NumpyArrayObj &arr(const Value &v);
Value asNp(Evaluator &ev, const Value &v);

/// Result of an element-wise op: computes each element from doubles,
/// int64s or uint64s depending on the computation dtype.
enum class Domain : uint8_t { Bool, Int, UInt, Float };
Domain domainOf(NpDType t);

using FloatFn1 = std::function<double(double)>;
using FloatFn2 = std::function<double(double, double)>;
using IntFn2 = std::function<int64_t(int64_t, int64_t)>;
using UIntFn2 = std::function<uint64_t(uint64_t, uint64_t)>;

/// numpy broadcasting of shapes (ValueError with numpy's message).
Shape broadcastShapes(const std::vector<Shape> &shapes);
/// Strides of `a` broadcast to `shape` (0 on broadcast axes).
std::vector<int64_t> broadcastStrides(const NumpyArrayObj &a, const Shape &shape);

/// Calls fn(flatIndex, offsets...) over a broadcast iteration space.
void forEachBroadcast(const Shape &shape, const std::vector<const NumpyArrayObj *> &xs,
                      const std::function<void(int64_t, const int64_t *)> &fn);

/// A binary ufunc: name ("add", "subtract", ..., "less", "logical_and").
Value binaryUfunc(Evaluator &ev, const std::string &name, const Value &a, const Value &b,
                  const Value *out = nullptr, std::optional<NpDType> dtype = std::nullopt);
/// A unary ufunc ("negative", "sin", "sqrt", "abs", "floor", ...).
Value unaryUfunc(Evaluator &ev, const std::string &name, const Value &a,
                 const Value *out = nullptr);
bool isBinaryUfunc(const std::string &name);
bool isUnaryUfunc(const std::string &name);

/// Writes `result` into `out` (casting check same_kind) and returns out.
Value storeOut(Evaluator &ev, const Value &out, const Value &result, const std::string &ufunc);

/// An axis argument: None -> all axes; normalised, sorted.
std::vector<int64_t> axesArg(Evaluator &ev, const Value *axis, int64_t rank);
int64_t normAxis(int64_t axis, int64_t rank);
/// A shape argument (int or sequence).
Shape shapeArg(Evaluator &ev, const Value &v);
/// Row-major strides of a shape.
std::vector<int64_t> cStrides(const Shape &s);
/// A contiguous copy (same dtype).
Value contiguousCopy(const Value &x);
std::string shapeStr(const Shape &s);

/// Reads element `off` of `a` as a Value (numpy scalar).
Value scalarAt(const NumpyArrayObj &a, int64_t off);
/// Python number / str of element `off` (tolist, item).
Value pyValueAt(const NumpyArrayObj &a, int64_t off);

/// bindArgs for numpy's signatures: every keyword naming a parameter moves
/// to its position; skipped positions hold Ellipsis (see present/has).
void npBind(CallArgs &a, std::initializer_list<const char *> params, size_t required,
            const std::string &fn);
/// Argument k was given (possibly as None) / given and not None.
inline bool present(const CallArgs &a, size_t k) {
  return a.args.size() > k && !a.args[k].is(Value::Kind::Ellipsis);
}
inline bool has(const CallArgs &a, size_t k) { return present(a, k) && !a.args[k].isNone(); }

/// np.<name> functions registered in the module (NumpyModule.cpp etc.).
void registerCreation(Evaluator &ev, ModuleObject &np);
void registerMath(Evaluator &ev, ModuleObject &np);
void registerShape(Evaluator &ev, ModuleObject &np);
void registerReductions(Evaluator &ev, ModuleObject &np);
void registerLinalg(Evaluator &ev, ModuleObject &np, ModuleObject &linalg);
void registerPrinting(Evaluator &ev, ModuleObject &np);
void registerStats(Evaluator &ev, ModuleObject &np);
void registerTesting(Evaluator &ev, ModuleObject &np, ModuleObject &testing);

/// Calls np.<name> on args (the module's function).
Value callNp(Evaluator &ev, const std::string &name, std::vector<Value> args,
             std::vector<std::pair<std::string, Value>> kwargs = {});
/// The ndarray methods that forward to np.<name>(self, ...).
bool arrayMethod(Evaluator &ev, const Value &self, const std::string &name, Value &out);

/// numpy.linalg's matrix helpers (NumpyMath.cpp): the n x m matrix at
/// `base` of a stack as doubles; LinAlgError unless the last two dims are
/// square; fn(batchOffset, outIndex) for each matrix of a stack; the dtype
/// a decomposition computes and returns (float32 stays, else float64).
std::vector<double> matrixOf(const NumpyArrayObj &a, int64_t base, int64_t n, int64_t m);
void requireSquare(const NumpyArrayObj &a);
void forEachMatrix(const NumpyArrayObj &a, const std::function<void(int64_t, int64_t)> &fn);
NpDType linalgType(NpDType t);
/// Registers cholesky, eigh, eigvalsh, qr, svd, pinv, matrix_rank and
/// lstsq on numpy.linalg
/// (NumpyDecompositions.cpp).
void registerNumpyDecompositions(ModuleObject &linalg);

} // namespace parax::frontend::npy
