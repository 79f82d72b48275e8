//===- JnpArray.cpp - attributes and methods of arrays --------------------===//
//
// x.shape, x.dtype, x.T, x.at, and the methods that forward to jnp
// functions (x.sum(axis=0) is jnp.sum(x, axis=0)).
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/JnpInternal.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/sharding/Sharding.h"

namespace parax::frontend::jnp {

namespace {
/// Methods that are jnp.<name>(x, *args, **kwargs).
const char *kForwarded[] = {"sum",    "mean",    "max",     "min",     "prod",   "argmax",
                            "argmin", "all",     "any",     "cumsum",  "cumprod", "var",
                            "std",    "clip",    "round",   "squeeze", "ravel",  "transpose",
                            "swapaxes", "take",  "dot",     "nonzero", "repeat", "flatten",
                            "trace",  "conj"};

Value jnpFn(Evaluator &ev, const std::string &name) {
  Value jnpMod = ev.importModule("jax.numpy", {});
  return ev.getAttr(jnpMod, name, {});
}
} // namespace

Value callByName(Evaluator &ev, const std::string &name, std::vector<Value> args) {
  return ev.call(jnpFn(ev, name), std::move(args));
}

std::vector<std::string> arrayAttrNames() {
  std::vector<std::string> r{"shape", "ndim", "size", "dtype", "T", "at", "astype", "devices",
                             "reshape", "item", "tolist", "block_until_ready", "copy",
                             "weak_type", "nbytes", "itemsize"};
  for (const char *f : kForwarded)
    r.push_back(f);
  return r;
}

bool arrayAttr(Evaluator &ev, const Value &x, const std::string &name, Value &out) {
  if (sharding::arrayAttr(ev, x, name, out))
    return true;
  TensorType t = prims::typeOf(x);
  if (name == "shape") {
    std::vector<Value> dims;
    for (int64_t d : t.shape)
      dims.push_back(Value::integer(d));
    out = Value::tuple(dims);
    return true;
  }
  if (name == "devices") {
    // arr.devices(): the set of devices holding the array (a pmap result is
    // spread over its devices; any other array lives on device 0).
    Value arr = x;
    out = makeBuiltin("devices", [arr](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 0, 0, "devices");
      if (arr.isTracer())
        concretizationError(ev, "ConcretizationTypeError",
                            "Abstract tracer value encountered where concrete value is "
                            "expected: .devices() of a traced array.",
                            arr, "call .devices() outside the traced function");
      Placement p = arr.asArray().buffer() ? arr.asArray().buffer()->placement() : Placement{};
      Value all = ev.call(ev.getAttr(ev.importModule("jax", a.loc), "devices", a.loc), {}, a.loc);
      std::vector<Value> mine;
      int first = std::max(0, p.device), count = std::max(1, p.numShards);
      for (int i = first; i < first + count && i < int(all.elements().size()); ++i)
        mine.push_back(all.elements()[size_t(i)]);
      Value setType = ev.builtin("set");
      if (setType.isNone())
        raise("NotImplementedError", "arr.devices() returns a set, and sets are not part of "
                                     "this parax build");
      return ev.call(setType, {Value::list(mine)}, a.loc);
    });
    return true;
  }
  if (name == "ndim") {
    out = Value::integer(t.rank());
    return true;
  }
  if (name == "size") {
    out = Value::integer(t.numElements());
    return true;
  }
  if (name == "dtype") {
    out = Value::dtype(t.dtype);
    return true;
  }
  if (name == "itemsize") {
    out = Value::integer(dtypeSize(t.dtype));
    return true;
  }
  if (name == "nbytes") {
    out = Value::integer(t.byteSize());
    return true;
  }
  if (name == "weak_type") {
    out = Value::boolean(t.weak);
    return true;
  }
  if (name == "T" || name == "mT") {
    out = transposeAxes(ev, x, Value::none());
    return true;
  }
  if (name == "at") {
    out = makeAtProxy(x);
    return true;
  }
  Value self = x;
  auto method = [&](BuiltinFunction::Impl impl) {
    out = makeBuiltin("Array." + name, std::move(impl));
    return true;
  };
  if (name == "astype")
    return method([self](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, "astype");
      return prims::convert(ev, self, *dtypeArg(ev, a.args[0]));
    });
  if (name == "reshape")
    return method([self](Evaluator &ev, CallArgs &a) {
      std::vector<Value> shape = a.args;
      if (const Value *s = a.get(99, "shape"))
        shape = {*s};
      const Value *order = a.get(99, "order");
      return reshape(ev, self, shape, order ? *order : Value::none());
    });
  if (name == "block_until_ready" || name == "copy")
    return method([self](Evaluator &, CallArgs &) { return self; });
  if (name == "item")
    return method([self](Evaluator &ev, CallArgs &a) -> Value {
      if (self.isTracer())
        concretizationError(ev, "ConcretizationTypeError",
                            "Abstract tracer value encountered where concrete value is "
                            "expected: traced array with shape " +
                                self.asTracer().type().str() +
                                "\nThe problem arose with the `item` method.",
                            self, "x.item() needs a concrete array; it cannot be used inside jit");
      const Array &arr = self.asArray();
      // item(): the one element; item(i): flat index i; item(i, j, ...):
      // one index per dim (numpy's forms).
      int64_t flat = 0;
      if (a.args.empty()) {
        if (arr.size() != 1)
          raise("ValueError", "can only convert an array of size 1 to a Python scalar");
      } else if (a.args.size() == 1) {
        flat = ev.toIndex(a.args[0], "index");
        if (flat < 0)
          flat += arr.size();
        if (flat < 0 || flat >= arr.size())
          raise("IndexError", "index " + std::to_string(ev.toIndex(a.args[0], "index")) +
                                  " is out of bounds for size " + std::to_string(arr.size()));
      } else {
        const Shape &shape = arr.type().shape;
        if (a.args.size() != shape.size())
          raise("ValueError", "incorrect number of indices for array");
        for (size_t d = 0; d < shape.size(); ++d) {
          int64_t i = ev.toIndex(a.args[d], "index");
          if (i < 0)
            i += shape[d];
          if (i < 0 || i >= shape[d])
            raise("IndexError", "index " + std::to_string(ev.toIndex(a.args[d], "index")) +
                                    " is out of bounds for axis " + std::to_string(d) +
                                    " with size " + std::to_string(shape[d]));
          flat = flat * shape[d] + i;
        }
      }
      if (arr.dtype() == DType::Bool)
        return Value::boolean(arr.getDouble(flat) != 0);
      if (isFloat(arr.dtype()))
        return Value::floating(arr.getDouble(flat));
      return Value::integer(arr.getInt(flat));
    });
  if (name == "tolist")
    return method([self](Evaluator &ev, CallArgs &) -> Value {
      if (self.isTracer())
        concretizationError(ev, "ConcretizationTypeError",
                            "Abstract tracer value encountered where concrete value is "
                            "expected: traced array with shape " +
                                self.asTracer().type().str() +
                                "\nThe problem arose with the `tolist` method.",
                            self, "x.tolist() needs a concrete array");
      const Array &arr = self.asArray();
      std::function<Value(int64_t, size_t)> rec = [&](int64_t off, size_t dim) -> Value {
        if (dim == arr.shape().size()) {
          if (arr.dtype() == DType::Bool)
            return Value::boolean(arr.getDouble(off) != 0);
          if (isFloat(arr.dtype()))
            return Value::floating(arr.getDouble(off));
          return Value::integer(arr.getInt(off));
        }
        int64_t stride = 1;
        for (size_t k = dim + 1; k < arr.shape().size(); ++k)
          stride *= arr.shape()[k];
        std::vector<Value> items;
        for (int64_t i = 0; i < arr.shape()[dim]; ++i)
          items.push_back(rec(off + i * stride, dim + 1));
        return Value::list(items);
      };
      return rec(0, 0);
    });
  for (const char *f : kForwarded) {
    if (name != f)
      continue;
    std::string fn = name == "flatten" ? "ravel" : name;
    return method([self, fn](Evaluator &ev, CallArgs &a) {
      CallArgs b;
      b.args.push_back(self);
      // x.transpose(1, 0) passes the axes unpacked.
      if (fn == "transpose" && a.args.size() > 1)
        b.args.push_back(Value::tuple(a.args));
      else
        b.args.insert(b.args.end(), a.args.begin(), a.args.end());
      b.kwargs = a.kwargs;
      b.loc = a.loc;
      return ev.call(jnpFn(ev, fn), b);
    });
  }
  return false;
}

} // namespace parax::frontend::jnp
