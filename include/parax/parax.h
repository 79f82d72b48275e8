//===- parax/parax.h - embedding parax in a C++ application -----*- C++ -*-===//
//
// The public, stable API of parax (see docs/embedding.md). It depends only on
// the C++ standard library; every parax internal stays behind pimpl handles.
//
// Everything lives in namespace parax::embed (parax:: itself is the
// implementation's).
//
//   namespace px = parax::embed;
//   px::Interpreter ip = px::Interpreter::create().value();
//   ip.run("import jax, jax.numpy as jnp\n"
//          "f = jax.jit(lambda x: jnp.sum(x * x))\n").check();
//   float xs[] = {1, 2, 3};
//   px::Value r = ip.call("f", {px::Array::view(xs, {3})}).value();
//   float s = r.array().data<float>()[0];   // 14
//
// Errors are values: every fallible call returns Status or Result<T>, which
// carry the full diagnostic (rendered text, kind, file, line, column).
// Result<T>::value() and Status::check() throw parax::Exception instead, for
// callers that prefer exceptions. No call exits or aborts the process on a
// user error.
//
// Thread safety (docs/embedding.md, "Threads"):
//  - every Interpreter member may be called from any thread; one
//    Interpreter serializes its calls with an internal mutex (they run one
//    at a time, in the order they take the lock);
//  - distinct Interpreters run in parallel on distinct threads: they share
//    no program state (globals, jit caches, compiled code, sources, the
//    interrupt flag, the cpu backend's device threads). Parsing is the one
//    process-wide critical section (the ANTLR runtime's shared caches): the
//    parse of run()/eval() text waits for any other interpreter's parse;
//    execution does not;
//  - interrupt() may be called from any thread, or a signal handler, while
//    a call runs; it only stores to an atomic flag;
//  - create() and ~Interpreter may run on any thread; the destructor waits
//    for a call still running on another thread, so no call may start on an
//    Interpreter being destroyed (as for any C++ object);
//  - Array and Value handles may be copied and destroyed on any thread;
//    Arrays are immutable. A Value holding a function belongs to its
//    Interpreter and must be destroyed before it.
//
// Memory: an Interpreter owns the source texts it ran, their parse trees and
// its compiled programs, and frees them all when destroyed. A run that
// defined no function and compiled no program is freed when it returns.
// Compiled code no live jit object uses is kept for reuse up to
// Config::cachedPrograms programs; clearCaches() frees every compiled
// program at once (live jit objects recompile on their next call).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace parax::embed {

/// Element types: JAX's defaults, and the 64-bit ones that programs make
/// with jax_enable_x64 (or that a host passes in).
enum class DType : uint8_t {
  Bool, Int8, Int16, Int32, UInt8, UInt16, UInt32, Float16, BFloat16, Float32,
  Float64, Int64, UInt64
};
/// numpy name: "float32", "bool", ...
std::string_view dtypeName(DType t);
/// Bytes per element (bool is one byte; float16/bfloat16 are two).
int64_t dtypeSize(DType t);

/// The C++ element type of each dtype (float16/bfloat16 as raw uint16_t bits).
template <typename T> constexpr std::optional<DType> dtypeOf() {
  if constexpr (std::is_same_v<T, bool>) return DType::Bool;
  else if constexpr (std::is_same_v<T, int8_t>) return DType::Int8;
  else if constexpr (std::is_same_v<T, int16_t>) return DType::Int16;
  else if constexpr (std::is_same_v<T, int32_t>) return DType::Int32;
  else if constexpr (std::is_same_v<T, uint8_t>) return DType::UInt8;
  else if constexpr (std::is_same_v<T, uint32_t>) return DType::UInt32;
  else if constexpr (std::is_same_v<T, float>) return DType::Float32;
  else if constexpr (std::is_same_v<T, double>) return DType::Float64;
  else if constexpr (std::is_same_v<T, int64_t>) return DType::Int64;
  else if constexpr (std::is_same_v<T, uint64_t>) return DType::UInt64;
  else return std::nullopt; // uint16_t: UInt16, Float16 or BFloat16 (checked by size)
}

/// A user error: what parax prints for a wrong program, plus its parts.
struct Error {
  std::string kind;     ///< "TypeError", "SyntaxError", "KeyboardInterrupt", ...
  std::string message;  ///< The message (may span lines).
  std::string file;     ///< Source name ("" when the error has no location).
  int line = 0, col = 0;
  std::string rendered; ///< The full diagnostic: location, caret, notes, hint.
};

/// Thrown by Result::value() / Status::check().
class Exception : public std::runtime_error {
public:
  explicit Exception(Error e) : std::runtime_error(e.rendered), error_(std::move(e)) {}
  const Error &error() const { return error_; }

private:
  Error error_;
};

/// Success, or an Error.
class [[nodiscard]] Status {
public:
  Status() = default;
  Status(Error e) : error_(std::move(e)) {}
  bool ok() const { return !error_; }
  explicit operator bool() const { return ok(); }
  /// The error (only when !ok()).
  const Error &error() const { return *error_; }
  /// Throws parax::Exception when !ok().
  void check() const {
    if (error_) throw Exception(*error_);
  }

private:
  std::optional<Error> error_;
};

/// A value, or an Error.
template <typename T> class [[nodiscard]] Result {
public:
  Result(T v) : value_(std::move(v)) {}
  Result(Error e) : error_(std::move(e)) {}
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error &error() const { return *error_; }
  /// The value; throws parax::Exception when !ok().
  T &value() & {
    if (!value_) throw Exception(*error_);
    return *value_;
  }
  T value() && {
    if (!value_) throw Exception(*error_);
    return std::move(*value_);
  }
  Status status() const { return ok() ? Status() : Status(*error_); }

private:
  std::optional<T> value_;
  std::optional<Error> error_;
};

/// An immutable, dense, row-major array.
class Array {
public:
  /// Wraps caller memory without copying. The memory must stay valid and
  /// unchanged while parax may read it: for call arguments, until the call
  /// returns (and longer if the program stores the array in a global; pass
  /// `owner` to have parax keep the memory alive instead). `data` must be
  /// aligned to its element size, else the data is copied.
  static Array view(DType dt, std::vector<int64_t> shape, const void *data,
                    std::shared_ptr<const void> owner = nullptr);
  template <typename T>
  static Array view(const T *data, std::vector<int64_t> shape,
                    std::shared_ptr<const void> owner = nullptr) {
    return view(*dtypeOf<T>(), std::move(shape), data, std::move(owner));
  }
  /// Copies `data` (row-major, shape.product() elements) into a new array.
  static Array copyOf(DType dt, std::vector<int64_t> shape, const void *data);
  template <typename T>
  static Array copyOf(const std::vector<T> &v, std::vector<int64_t> shape) {
    return copyOf(*dtypeOf<T>(), std::move(shape), v.data());
  }
  /// A new, zero-filled array.
  static Array zeros(DType dt, std::vector<int64_t> shape);

  DType dtype() const;
  const std::vector<int64_t> &shape() const;
  int64_t rank() const { return int64_t(shape().size()); }
  int64_t size() const;  ///< Number of elements.
  int64_t bytes() const; ///< size() * dtypeSize(dtype()).
  /// The elements (no copy). Throws parax::Exception (TypeError) when T does
  /// not match the dtype.
  template <typename T> const T *data() const {
    checkType(dtypeOf<T>(), sizeof(T));
    return static_cast<const T *>(raw());
  }
  /// A mutable pointer, valid only for arrays made by copyOf/zeros that were
  /// not yet passed to parax.
  template <typename T> T *mutableData() {
    checkType(dtypeOf<T>(), sizeof(T));
    return static_cast<T *>(const_cast<void *>(raw()));
  }
  template <typename T> std::vector<T> toVector() const {
    const T *p = data<T>();
    return std::vector<T>(p, p + size());
  }
  /// Element i (flat) converted to double, whatever the dtype.
  double at(int64_t i) const;
  const void *raw() const;

  struct Impl;
  explicit Array(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<const Impl> &impl() const { return impl_; }

private:
  void checkType(std::optional<DType> want, size_t size) const;
  std::shared_ptr<const Impl> impl_;
};

/// Any parax value: None, bool, int, float, str, array, tuple/list, dict,
/// or an opaque object such as a function or a jit/pmap callable. Values
/// that are functions stay tied to the Interpreter that made them and must
/// be destroyed before it (their compiled programs belong to its backend);
/// numbers, strings and arrays are independent of any interpreter.
class Value {
public:
  enum class Kind { None, Bool, Int, Float, Str, Array, Tuple, List, Dict, Callable, Other };

  Value();                              ///< None.
  Value(Array a);
  Value(double d);
  Value(float f) : Value(double(f)) {}
  Value(int64_t i);
  Value(int i) : Value(int64_t(i)) {}
  /// A bool (only a real bool: pointers do not convert to it).
  template <typename B, std::enable_if_t<std::is_same_v<B, bool>, int> = 0>
  Value(B b) : Value(fromBool(b)) {}
  explicit Value(const char *s); ///< A str (explicit: names are not values).
  explicit Value(std::string s);
  /// A tuple of values (a pytree of arguments, e.g. (params, batch)).
  static Value tuple(std::vector<Value> elements);
  static Value list(std::vector<Value> elements);

  Kind kind() const;
  bool isNone() const { return kind() == Kind::None; }
  bool isArray() const { return kind() == Kind::Array; }
  bool isCallable() const { return kind() == Kind::Callable; }
  /// The array; throws parax::Exception (TypeError) for other kinds.
  Array array() const;
  double toDouble() const; ///< bool/int/float, or a one-element array.
  int64_t toInt() const;
  bool toBool() const;
  std::string str() const; ///< A str's text; throws for other kinds.
  /// Elements of a tuple or list; values of a dict.
  std::vector<Value> elements() const;
  /// Keys of a dict, as Values.
  std::vector<Value> keys() const;
  /// Python's repr() text ("Array([1., 2.], dtype=float32)", "(1, 2)").
  std::string repr() const;

  struct Impl;
  explicit Value(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<const Impl> &impl() const { return impl_; }

private:
  static Value fromBool(bool b);
  std::shared_ptr<const Impl> impl_;
};

/// Interpreter settings (defaults from PARAX_DEVICES, PARAX_BACKEND,
/// PARAX_DEVICE_MEMORY, PARAX_MAX_MEMORY when those are set, as for the
/// parax command).
struct Config {
  int devices = 0;             ///< 0: PARAX_DEVICES or 1.
  std::string backend;         ///< "", "auto", "cpu", "interp" (""=PARAX_BACKEND or auto).
  int64_t deviceMemory = -1;   ///< Bytes per device; -1: PARAX_DEVICE_MEMORY or unlimited.
  /// Host bytes the values of all interpreters in this process may hold
  /// (beyond: MemoryError); 0: PARAX_MAX_MEMORY or half the RAM.
  int64_t maxMemory = 0;
  /// Statements this interpreter may run in all (RuntimeError past it); 0 = no
  /// limit. It counts the Python statements the evaluator executes (a loop
  /// body's statements once per iteration); a statement that calls a
  /// jit/pmap function is one step however long its compiled loops
  /// (lax.fori_loop/scan/while_loop) run - bound those, and any program,
  /// by `timeout`.
  int64_t maxSteps = 0;
  /// Seconds each call (run, eval, call, ...) may take; past it the call
  /// fails with TimeoutError at the line being executed, in Python code and
  /// inside compiled loops alike; the interpreter stays usable. 0 = no limit.
  double timeout = 0;
  std::vector<std::string> argv; ///< sys.argv for programs.
  /// Compiled programs whose jit objects are gone, kept so that an
  /// identical program (e.g. jax.jit of the same lambda made again) does
  /// not recompile; least recently used dropped first; 0 keeps none.
  /// (Programs of live jit objects stay with those objects, as in JAX,
  /// until Interpreter::clearCaches().)
  int cachedPrograms = 64;
  /// Receives print() and jax.debug.print() output. Unset: stdout.
  /// Called on the thread that runs the call, with the interpreter's lock held
  /// (do not call back into the same Interpreter).
  std::function<void(std::string_view)> onPrint;
};

/// One parax interpreter: a backend, its devices and a global scope.
class Interpreter {
public:
  /// Fails (e.g. unknown backend, bad device count) with an Error.
  static Result<Interpreter> create(const Config &config = {});
  Interpreter(Interpreter &&) noexcept;
  Interpreter &operator=(Interpreter &&) noexcept;
  ~Interpreter();

  /// Runs program text in the global scope; `name` labels diagnostics.
  Status run(std::string_view source, std::string_view name = "<embedded>");
  /// Runs a file.
  Status runFile(const std::string &path);
  /// Evaluates one expression (or runs statements and returns the value of a
  /// final expression statement, None otherwise).
  Result<Value> eval(std::string_view source, std::string_view name = "<eval>");

  /// A global by name (NameError when missing).
  Result<Value> get(std::string_view name);
  /// Binds `name` in the global scope (host constants, parameters, ...).
  Status set(std::string_view name, Value value);
  /// The names bound in the global scope (sorted).
  std::vector<std::string> globals();

  /// Calls a function, jit or pmap callable with positional and keyword
  /// arguments. Arrays are passed without copies where possible.
  Result<Value> call(const Value &callable, const std::vector<Value> &args,
                     const std::vector<std::pair<std::string, Value>> &kwargs = {});
  Result<Value> call(std::string_view name, const std::vector<Value> &args,
                     const std::vector<std::pair<std::string, Value>> &kwargs = {});

  /// Frees every compiled program, as jax.clear_caches() does: the code
  /// kept for reuse (Config::cachedPrograms) and the per-signature
  /// programs of live jit/pmap objects, which trace and compile again on
  /// their next call. Waits for a running call.
  void clearCaches();

  /// Makes the running call fail with KeyboardInterrupt at the next
  /// statement or loop iteration it executes (also iterations of compiled
  /// loops, and collective waits). Safe from any thread and from a signal
  /// handler (it only stores to an atomic flag). Each call clears the flag
  /// when it starts.
  void interrupt();

  std::string backendName() const;
  int devices() const;

  struct Impl;

private:
  explicit Interpreter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// The parax version ("0.1.0").
std::string_view version();

} // namespace parax::embed
