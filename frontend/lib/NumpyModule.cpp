//===- NumpyModule.cpp - the numpy module: creation, shape, ufuncs --------===//
//
// Installs `numpy`: dtypes and scalar types, constants, ufunc objects
// (np.add(x, y, out=...), np.add.at, .reduce, .accumulate, .outer),
// creation and shape functions, and the ndarray methods (which forward to
// the module's functions). Functions numpy has but this library does not
// implement natively run jax.numpy's eager implementation on converted
// arguments and hand back numpy arrays (in JAX's 32-bit dtypes).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyInternal.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"

#include <cmath>

namespace parax::frontend {

std::vector<std::pair<std::string, std::shared_ptr<ClassObj>>> npAbstractClasses();

namespace npy {

namespace {
ModuleObject *gNp = nullptr;
} // namespace

Value callNp(Evaluator &ev, const std::string &name, std::vector<Value> args,
             std::vector<std::pair<std::string, Value>> kwargs) {
  Value f;
  if (!gNp || !gNp->getAttr(ev, name, f))
    raise("AttributeError", "module 'numpy' has no attribute '" + name + "'");
  CallArgs a;
  a.args = std::move(args);
  a.kwargs = std::move(kwargs);
  a.loc = ev.currentLoc();
  return ev.call(f, a);
}

void npBind(CallArgs &a, std::initializer_list<const char *> params, size_t required,
            const std::string &fn) {
  std::vector<const char *> names(params);
  if (a.args.size() > names.size())
    raise("TypeError", fn + "() takes at most " + std::to_string(names.size()) +
                           " positional arguments but " + std::to_string(a.args.size()) +
                           " were given");
  std::vector<std::pair<std::string, Value>> rest;
  for (auto &kw : a.kwargs) {
    size_t i = 0;
    while (i < names.size() && kw.first != names[i])
      ++i;
    if (i == names.size()) {
      rest.push_back(kw);
      continue;
    }
    if (i < a.args.size() && !a.args[i].is(Value::Kind::Ellipsis))
      raise("TypeError", fn + "() got multiple values for argument '" + kw.first + "'");
    while (a.args.size() <= i)
      a.args.push_back(Value::ellipsis());
    a.args[i] = kw.second;
  }
  a.kwargs = std::move(rest);
  for (size_t i = 0; i < required; ++i)
    if (!present(a, i))
      raise("TypeError", fn + "() missing required argument '" + names[i] + "'");
}

int64_t normAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    raise("AxisError", "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                           std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

std::vector<int64_t> axesArg(Evaluator &ev, const Value *axis, int64_t rank) {
  std::vector<int64_t> out;
  if (!axis || axis->isNone()) {
    for (int64_t i = 0; i < rank; ++i)
      out.push_back(i);
    return out;
  }
  std::vector<Value> items = axis->isSequence() ? axis->elements() : std::vector<Value>{*axis};
  for (const Value &v : items) {
    int64_t a = normAxis(ev.toIndex(v, "axis"), rank);
    if (std::find(out.begin(), out.end(), a) != out.end())
      raise("ValueError", "duplicate value in 'axis'");
    out.push_back(a);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Shape shapeArg(Evaluator &ev, const Value &v) {
  Shape s;
  std::vector<Value> items = v.isSequence() ? v.elements() : std::vector<Value>{v};
  for (const Value &d : items) {
    if (d.isFloat())
      raise("TypeError", "'float' object cannot be interpreted as an integer");
    int64_t n = ev.toIndex(d, "shape");
    if (n < 0)
      raise("ValueError", "negative dimensions are not allowed");
    s.push_back(n);
  }
  return s;
}

namespace {

Value fill(NpDType dt, const Shape &shape, const Value &v, Evaluator &ev) {
  Value r = makeNumpy(dt, shape);
  if (numElements(shape) == 0)
    return r;
  Value src = toNumpy(ev, v);
  npAssign(ev, arr(r), src);
  return r;
}

/// A shape as numpy's reshape error writes it: "(4,2)", "(4,)".
std::string compactShape(const std::vector<int64_t> &s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i)
    r += (i ? "," : "") + std::to_string(s[i]);
  return r + (s.size() == 1 ? ",)" : ")");
}

/// numpy's reshape with one -1 allowed.
Shape resolveShape(const Shape &in, int64_t size, const std::vector<int64_t> &req) {
  Shape out;
  int64_t known = 1, unknown = -1;
  for (size_t i = 0; i < req.size(); ++i) {
    if (req[i] == -1) {
      if (unknown >= 0)
        raise("ValueError", "can only specify one unknown dimension");
      unknown = int64_t(i);
      out.push_back(1);
      continue;
    }
    if (req[i] < 0)
      raise("ValueError", "negative dimensions not allowed");
    known *= req[i];
    out.push_back(req[i]);
  }
  if (unknown >= 0) {
    if (known == 0 || size % known != 0)
      raise("ValueError", "cannot reshape array of size " + std::to_string(size) +
                              " into shape " + compactShape(req));
    out[size_t(unknown)] = size / known;
  } else if (known != size) {
    raise("ValueError", "cannot reshape array of size " + std::to_string(size) + " into shape " +
                            compactShape(req));
  }
  (void)in;
  return out;
}

Value reshape(Evaluator &ev, const Value &x0, const std::vector<int64_t> &req) {
  Value x = asNp(ev, x0);
  NumpyArrayObj &a = arr(x);
  Shape s = resolveShape(a.shape, a.size(), req);
  if (a.contiguous()) {
    Value v = makeView(x, s, cStrides(s), a.offset);
    return v;
  }
  Value c = contiguousCopy(x);
  NumpyArrayObj &cc = arr(c);
  cc.shape = s;
  cc.strides = cStrides(s);
  return c;
}

std::vector<int64_t> intsOf(Evaluator &ev, const std::vector<Value> &vs) {
  std::vector<int64_t> out;
  for (auto &v : vs)
    out.push_back(ev.toIndex(v, "shape"));
  return out;
}

Value transpose(Evaluator &ev, const Value &x0, std::vector<int64_t> perm) {
  Value x = asNp(ev, x0);
  NumpyArrayObj &a = arr(x);
  if (perm.empty())
    for (int64_t i = a.rank(); i-- > 0;)
      perm.push_back(i);
  if (int64_t(perm.size()) != a.rank())
    raise("ValueError", "axes don't match array");
  Shape s;
  std::vector<int64_t> st;
  std::vector<bool> seen(size_t(a.rank()), false);
  for (int64_t p : perm) {
    int64_t q = normAxis(p, a.rank());
    if (seen[size_t(q)])
      raise("ValueError", "repeated axis in transpose");
    seen[size_t(q)] = true;
    s.push_back(a.shape[size_t(q)]);
    st.push_back(a.strides[size_t(q)]);
  }
  return makeView(x, s, st, a.offset);
}

std::vector<Value> arraysOf(Evaluator &ev, const Value &seq, const std::string &fn) {
  if (!seq.isSequence() && !isNumpyArray(seq))
    raise("TypeError", fn + "() argument must be a sequence of arrays");
  std::vector<Value> items = isNumpyArray(seq) ? ev.iterate(seq, {}) : seq.elements();
  std::vector<Value> out;
  for (auto &v : items)
    out.push_back(asNp(ev, v));
  if (out.empty())
    raise("ValueError", "need at least one array to concatenate");
  return out;
}

Value concatenate(Evaluator &ev, std::vector<Value> xs, int64_t axis, bool axisNone,
                  std::optional<NpDType> dtype = std::nullopt) {
  if (axisNone) {
    for (auto &x : xs)
      x = reshape(ev, x, {-1});
    axis = 0;
  }
  NumpyArrayObj &f = arr(xs[0]);
  if (f.rank() == 0)
    raise("ValueError", "zero-dimensional arrays cannot be concatenated");
  axis = normAxis(axis, f.rank());
  NpDType dt = arr(xs[0]).dtype;
  int64_t total = 0, strLen = 1;
  for (size_t k = 0; k < xs.size(); ++k) {
    NumpyArrayObj &x = arr(xs[k]);
    if (x.rank() != f.rank())
      raise("ValueError", "all the input array dimensions except for the concatenation axis must "
                          "match exactly, but along dimension 0, the array at index 0 has " +
                              std::to_string(f.rank()) + " dimension(s) and the array at index " +
                              std::to_string(k) + " has " + std::to_string(x.rank()) +
                              " dimension(s)");
    for (int64_t d = 0; d < f.rank(); ++d)
      if (d != axis && x.shape[size_t(d)] != f.shape[size_t(d)])
        raise("ValueError", "all the input array dimensions except for the concatenation axis "
                            "must match exactly, but along dimension " + std::to_string(d) +
                                ", the array at index 0 has size " +
                                std::to_string(f.shape[size_t(d)]) + " and the array at index " +
                                std::to_string(k) + " has size " +
                                std::to_string(x.shape[size_t(d)]));
    total += x.shape[size_t(axis)];
    if (k)
      dt = x.dtype == NpDType::Str && dt == NpDType::Str ? dt : promote(dt, x.dtype);
    strLen = std::max(strLen, x.strLen);
  }
  if (dtype)
    dt = *dtype;
  Shape s = f.shape;
  s[size_t(axis)] = total;
  Value r = makeNumpy(dt, s);
  arr(r).strLen = strLen;
  int64_t pos = 0;
  for (auto &x : xs) {
    NumpyArrayObj &a = arr(x);
    Shape vs = s;
    vs[size_t(axis)] = a.shape[size_t(axis)];
    NumpyArrayObj &ro = arr(r);
    Value view = makeView(r, vs, ro.strides, pos * ro.strides[size_t(axis)]);
    npAssign(ev, arr(view), x);
    pos += a.shape[size_t(axis)];
  }
  return r;
}

Value expandDims(Evaluator &ev, const Value &x0, int64_t axis) {
  Value x = asNp(ev, x0);
  NumpyArrayObj &a = arr(x);
  axis = normAxis(axis, a.rank() + 1);
  Shape s = a.shape;
  std::vector<int64_t> st = a.strides;
  s.insert(s.begin() + long(axis), 1);
  st.insert(st.begin() + long(axis), 0);
  return makeView(x, s, st, a.offset);
}

Value atleast(Evaluator &ev, const Value &x0, int n) {
  Value x = asNp(ev, x0);
  NumpyArrayObj &a = arr(x);
  if (a.rank() >= n)
    return x;
  if (n == 1 || a.rank() == 0) {
    Shape s(size_t(n), 1);
    if (a.rank() == 1)
      s[size_t(n == 3 ? 1 : 1)] = a.shape[0];
    if (n == 1)
      return reshape(ev, x, {1});
    if (a.rank() == 0)
      return reshape(ev, x, std::vector<int64_t>(size_t(n), 1));
  }
  if (n == 2)
    return reshape(ev, x, {1, a.shape[0]});
  if (a.rank() == 1)
    return reshape(ev, x, {1, a.shape[0], 1});
  return reshape(ev, x, {a.shape[0], a.shape[1], 1});
}

/// A ufunc object: np.add(x, y, out=...), np.add.at(a, idx, b), .reduce,
/// .accumulate, .outer.
class UfuncObj : public NativeObject {
public:
  UfuncObj(std::string name, int nin) : name_(std::move(name)), nin_(nin) {}
  std::string typeName() const override { return "numpy.ufunc"; }
  std::string repr() const override { return "<ufunc '" + name_ + "'>"; }
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &a) override {
    const Value *out = nullptr;
    Value outV;
    std::optional<NpDType> dt;
    Value where;
    for (auto &[k, v] : a.kwargs) {
      if (k == "out") {
        outV = v.isTuple() && v.elements().size() == 1 ? v.elements()[0] : v;
        if (!outV.isNone())
          out = &outV;
      } else if (k == "dtype") {
        dt = npDTypeArg(ev, v);
      } else if (k == "where") {
        where = v;
      } else if (k != "casting" && k != "order" && k != "subok") {
        raise("TypeError", "'" + k + "' is an invalid keyword to ufunc '" + name_ + "'");
      }
    }
    if (int(a.args.size()) == nin_ + 1 && !out) {
      outV = a.args.back();
      out = &outV;
    } else if (int(a.args.size()) != nin_) {
      raise("TypeError", name_ + "() takes from " + std::to_string(nin_) + " to " +
                             std::to_string(nin_ + 1) + " positional arguments but " +
                             std::to_string(a.args.size()) + " were given");
    }
    for (auto &v : a.args)
      if (v.isArrayValue() && !out) {
        // A JAX operand: jax handles numpy ufuncs on its arrays by
        // converting to numpy (np.sin(jax_array) is a numpy array).
        break;
      }
    if (!where.isNone()) {
      Value full = nin_ == 2 ? binaryUfunc(ev, name_, a.args[0], a.args[1], nullptr, dt)
                             : unaryUfunc(ev, name_, a.args[0]);
      Value tgt = out ? *out : callNp(ev, "zeros_like", {full});
      Value m = toNumpy(ev, where);
      Value sel = callNp(ev, "where", {m, full, tgt});
      npAssign(ev, arr(tgt), sel);
      return tgt;
    }
    if (nin_ == 2)
      return binaryUfunc(ev, name_, a.args[0], a.args[1], out, dt);
    Value r = unaryUfunc(ev, name_, a.args[0], out);
    if (dt && !out)
      return npScalarize(npAstype(r, *dt));
    return r;
  }
  bool getAttr(Evaluator &, const std::string &n, Value &out) override;
  const std::string &name() const { return name_; }
  int nin() const { return nin_; }

private:
  std::string name_;
  int nin_;
};

bool UfuncObj::getAttr(Evaluator &, const std::string &n, Value &out) {
  std::string u = name_;
  if (n == "__name__") {
    out = Value::str(u);
    return true;
  }
  if (n == "nin") {
    out = Value::integer(nin_);
    return true;
  }
  if (n == "nout") {
    out = Value::integer(1);
    return true;
  }
  if (nin_ != 2)
    return false;
  if (n == "at") {
    out = makeBuiltin("numpy.ufunc.at", [u](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 2, 3, u + ".at");
      // Unbuffered: every occurrence of a repeated index applies.
      Value target = a.args[0];
      NumpyArrayObj *t = asNumpy(target);
      if (!t)
        raise("TypeError", "ufunc.at: first operand must be a numpy array");
      Value idx = a.args[1];
      // The positions the index selects, in order.
      Value pos = makeNumpy(NpDType::I64, t->shape);
      NumpyArrayObj &po = arr(pos);
      std::vector<int64_t> offs = t->offsets();
      for (size_t i = 0; i < offs.size(); ++i)
        po.setI(int64_t(i), offs[i]);
      Value sel = npGetItem(ev, pos, idx);
      NumpyArrayObj &so = arr(toNumpy(ev, sel));
      Value selArr = toNumpy(ev, sel);
      NumpyArrayObj &sa = arr(selArr);
      (void)so;
      Value b = has(a, 2) ? toNumpy(ev, a.args[2]) : Value();
      std::vector<int64_t> sOffs = sa.offsets();
      std::vector<int64_t> bOffs;
      if (b.isNone() == false && asNumpy(b)) {
        NumpyArrayObj &bb = arr(b);
        Shape bs = broadcastShapes({bb.shape, sa.shape});
        if (bs != sa.shape)
          raise("ValueError", "array is not broadcastable to correct shape");
        forEachBroadcast(sa.shape, {&bb}, [&](int64_t, const int64_t *o) { bOffs.push_back(o[0]); });
      }
      for (size_t i = 0; i < sOffs.size(); ++i) {
        int64_t off = sa.getI(sOffs[i]);
        Value cur = scalarAt(*t, off);
        Value rhs = b.isNone() || !asNumpy(b) ? Value() : scalarAt(arr(b), bOffs[i]);
        Value res = rhs.isNone() ? unaryUfunc(ev, u, cur) : binaryUfunc(ev, u, cur, rhs);
        NumpyArrayObj &ro = arr(toNumpy(ev, res));
        NpDType rt = ro.dtype;
        if (!canCastSameKind(rt, t->dtype))
          raise("TypeError", "Cannot cast ufunc '" + u + "' output from dtype('" +
                                 npDTypeName(rt) + "') to dtype('" + npDTypeName(t->dtype) +
                                 "') with casting rule 'same_kind'");
        if (!t->writeable)
          raise("ValueError", "assignment destination is read-only");
        Value rv = toNumpy(ev, res);
        t->setFrom(off, arr(rv), arr(rv).offset);
      }
      return Value::none();
    });
    return true;
  }
  if (n == "reduce" || n == "accumulate") {
    bool acc = n == "accumulate";
    out = makeBuiltin("numpy.ufunc." + n, [u, acc](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 2, u + (acc ? ".accumulate" : ".reduce"));
      Value x = asNp(ev, a.args[0]);
      Value axisV = argOr(a, 1, "axis", Value::integer(0));
      bool keep = ev.truthy(argOr(a, 99, "keepdims", Value::boolean(false)));
      if (u == "add" && !acc)
        return callNp(ev, "sum", {x, axisV}, {{"keepdims", Value::boolean(keep)}});
      if (u == "multiply" && !acc)
        return callNp(ev, "prod", {x, axisV}, {{"keepdims", Value::boolean(keep)}});
      if (u == "add" && acc)
        return callNp(ev, "cumsum", {x, axisV});
      if (u == "multiply" && acc)
        return callNp(ev, "cumprod", {x, axisV});
      if ((u == "maximum" || u == "minimum") && !acc)
        return callNp(ev, u == "maximum" ? "max" : "min", {x, axisV},
                      {{"keepdims", Value::boolean(keep)}});
      // General: fold along the axis.
      NumpyArrayObj &xa = arr(x);
      int64_t ax = axisV.isNone() ? 0 : normAxis(ev.toIndex(axisV, "axis"), xa.rank());
      if (axisV.isNone())
        x = reshape(ev, x, {-1});
      NumpyArrayObj &xx = arr(x);
      int64_t n = xx.shape[size_t(ax)];
      if (n == 0)
        raise("ValueError", "zero-size array to reduction operation " + u +
                                " which has no identity");
      auto slice = [&](int64_t i) {
        std::vector<Value> idx(static_cast<size_t>(xx.rank()), Value());
        for (int64_t d = 0; d < xx.rank(); ++d) {
          if (d == ax)
            idx[size_t(d)] = Value::integer(i);
          else {
            auto s = std::make_shared<SliceObj>();
            idx[size_t(d)] = Value::object(Value::Kind::Slice, s);
          }
        }
        return npGetItem(ev, x, Value::tuple(idx));
      };
      Value accv = slice(0);
      std::vector<Value> parts{accv};
      for (int64_t i = 1; i < n; ++i) {
        accv = binaryUfunc(ev, u, accv, slice(i));
        parts.push_back(accv);
      }
      if (!acc)
        return accv;
      return callNp(ev, "stack", {Value::list(parts)}, {{"axis", Value::integer(ax)}});
    });
    return true;
  }
  if (n == "outer") {
    out = makeBuiltin("numpy.ufunc.outer", [u](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 2, 2, u + ".outer");
      Value x = asNp(ev, a.args[0]), y = asNp(ev, a.args[1]);
      NumpyArrayObj &xa = arr(x);
      Shape s = xa.shape;
      std::vector<int64_t> st = xa.strides;
      for (size_t i = 0; i < arr(y).shape.size(); ++i) {
        s.push_back(1);
        st.push_back(0);
      }
      Value xv = makeView(x, s, st, xa.offset);
      return binaryUfunc(ev, u, xv, y);
    });
    return true;
  }
  return false;
}

void defUfuncs(ModuleObject &np) {
  static const char *binaries[] = {
      "add", "subtract", "multiply", "true_divide", "divide", "floor_divide", "remainder", "mod",
      "fmod", "power", "maximum", "minimum", "fmax", "fmin", "arctan2", "hypot", "logaddexp",
      "logaddexp2", "copysign", "float_power", "equal", "not_equal", "less", "less_equal",
      "greater", "greater_equal", "logical_and", "logical_or", "logical_xor", "bitwise_and",
      "bitwise_or", "bitwise_xor", "left_shift", "right_shift"};
  for (const char *n : binaries)
    np.set(n, Value::object(Value::Kind::Native, std::make_shared<UfuncObj>(n, 2)));
  static const char *unaries[] = {
      "negative", "positive", "absolute", "fabs", "sign", "square", "floor", "ceil", "trunc",
      "rint", "sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin",
      "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh",
      "arctanh", "deg2rad", "rad2deg", "degrees", "radians", "reciprocal", "isnan", "isinf",
      "isfinite", "signbit", "logical_not", "invert", "bitwise_not"};
  for (const char *n : unaries)
    np.set(n, Value::object(Value::Kind::Native, std::make_shared<UfuncObj>(n, 1)));
  np.set("abs", Value::object(Value::Kind::Native, std::make_shared<UfuncObj>("absolute", 1)));
  np.set("bitwise_invert", Value::object(Value::Kind::Native, std::make_shared<UfuncObj>("invert", 1)));
  np.set("pow", Value::object(Value::Kind::Native, std::make_shared<UfuncObj>("power", 2)));
  np.set("fix", Value::object(Value::Kind::Native, std::make_shared<UfuncObj>("trunc", 1)));
}

/// Converts a jnp result back to numpy (the fallback path).
Value jaxResultToNumpy(const Value &v) {
  if (v.isArray())
    return npScalarize(wrapNumpyArray(v.asArray()));
  if (v.isSequence()) {
    std::vector<Value> out;
    for (auto &e : v.elements())
      out.push_back(jaxResultToNumpy(e));
    return v.isTuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
  }
  return v;
}

/// numpy functions this library does not implement natively: jnp's eager
/// implementation on JAX-converted arguments, results back as numpy.
Value jnpFallback(Value f, const std::string &name) {
  return makeBuiltin("numpy." + name, [f, name](Evaluator &ev, CallArgs &a) -> Value {
    for (const Value &v : a.args)
      if (v.isTracer())
        concretizationError(ev, "TracerArrayConversionError",
                            "The numpy.ndarray conversion method __array__() was called on "
                            "traced array with shape " + v.asTracer().type().str() + ".",
                            v, "use jax.numpy (jnp." + name + ") inside traced functions");
    auto saved = ev.traceStack();
    while (ev.currentTrace())
      ev.popTrace();
    struct Restore {
      Evaluator &ev;
      std::vector<TraceContext *> saved;
      ~Restore() {
        for (TraceContext *t : saved)
          ev.pushTrace(t);
      }
    } restore{ev, saved};
    CallArgs c;
    c.loc = a.loc;
    for (auto &v : a.args)
      c.args.push_back(numpyArgsToJax(v));
    for (auto &[k, v] : a.kwargs) {
      Value kv = numpyArgsToJax(v);
      if (k == "dtype")
        if (auto d = numpyTypeAsJaxDType(v))
          kv = Value::dtype(*d, true);
      c.kwargs.push_back({k, kv});
    }
    return jaxResultToNumpy(ev.call(f, c));
  });
}

Value linspace(Evaluator &ev, CallArgs &a) {
  npBind(a, {"start", "stop", "num", "endpoint", "retstep", "dtype", "axis"}, 2, "linspace");
  Value start = asNp(ev, a.args[0]), stop = asNp(ev, a.args[1]);
  int64_t num = has(a, 2) ? ev.toIndex(a.args[2], "num") : 50;
  if (num < 0)
    raise("ValueError", "Number of samples, " + std::to_string(num) + ", must be non-negative.");
  bool endpoint = has(a, 3) ? ev.truthy(a.args[3]) : true;
  bool retstep = has(a, 4) ? ev.truthy(a.args[4]) : false;
  std::optional<NpDType> dt = has(a, 5) ? npDTypeArg(ev, a.args[5]) : std::nullopt;
  NumpyArrayObj &s0 = arr(start), &s1 = arr(stop);
  if (s0.rank() != 0 || s1.rank() != 0) {
    // Array endpoints: broadcast, samples along a new leading axis.
    Value steps = callNp(ev, "linspace", {Value::floating(0), Value::floating(1), Value::integer(num)},
                         {{"endpoint", Value::boolean(endpoint)}});
    Shape bs = broadcastShapes({s0.shape, s1.shape});
    Shape vs{num};
    vs.insert(vs.end(), bs.size(), 1);
    Value sv = reshape(ev, steps, std::vector<int64_t>(vs.begin(), vs.end()));
    Value diff = binaryUfunc(ev, "subtract", stop, start);
    Value r = binaryUfunc(ev, "add", start, binaryUfunc(ev, "multiply", sv, diff));
    return dt ? npAstype(r, *dt) : r;
  }
  double lo = s0.getF(s0.offset), hi = s1.getF(s1.offset);
  int64_t div = endpoint ? num - 1 : num;
  double delta = hi - lo;
  Value r = makeNumpy(NpDType::F64, {num});
  NumpyArrayObj &o = arr(r);
  double step = div > 0 ? delta / double(div) : NAN;
  // numpy: y = arange(num) * step + start (or / div when step is 0).
  for (int64_t i = 0; i < num; ++i) {
    double y;
    if (div > 0) {
      if (step == 0)
        y = (double(i) / double(div)) * delta + lo;
      else
        y = double(i) * step + lo;
    } else {
      y = double(i) * delta + lo;
    }
    o.setF(i, y);
  }
  if (endpoint && num > 1)
    o.setF(num - 1, hi);
  NpDType outT = dt ? *dt : promote(NpDType::F64, promote(s0.dtype, s1.dtype));
  if (npKind(outT) != NpKind::Float && dt) {
    Value f = callNp(ev, "floor", {r});
    r = npAstype(f, outT);
  } else if (outT != NpDType::F64) {
    r = npAstype(r, outT);
  }
  if (retstep)
    return Value::tuple({r, npScalarize(toNumpy(ev, Value::floating(div > 0 ? step : NAN)))});
  return r;
}

Value arange(Evaluator &ev, CallArgs &a) {
  std::optional<NpDType> dt = std::nullopt;
  std::vector<Value> pos = a.args;
  for (auto &[k, v] : a.kwargs) {
    if (k == "dtype")
      dt = npDTypeArg(ev, v);
    else if (k == "start")
      pos.insert(pos.begin(), v);
    else if (k == "stop")
      pos.push_back(v);
    else if (k == "step") {
      while (pos.size() < 2)
        pos.insert(pos.begin(), Value::integer(0));
      pos.push_back(v);
    }
  }
  if (pos.size() > 3 && !dt) {
    dt = npDTypeArg(ev, pos[3]);
    pos.resize(3);
  }
  if (pos.empty() || pos.size() > 3)
    raise("TypeError", "arange() requires stop to be specified.");
  Value start = pos.size() > 1 ? pos[0] : Value::integer(0);
  Value stop = pos.size() > 1 ? pos[1] : pos[0];
  Value step = pos.size() > 2 ? pos[2] : Value::integer(1);
  std::vector<Value> parts{start, stop, step};
  for (auto &p : parts)
    if (!p.isNumber())
      p = asNp(ev, p);
  NpDType rt = resultType(parts);
  NpDType outT = dt ? *dt : rt;
  auto d = [&](const Value &v) { return v.isNumber() ? v.asFloat() : arr(v).getF(arr(v).offset); };
  auto i = [&](const Value &v) { return v.isNumber() ? v.asInt() : arr(v).getI(arr(v).offset); };
  bool isF = npKind(rt) == NpKind::Float;
  if (isF) {
    double lo = d(start), hi = d(stop), st = d(step);
    if (st == 0)
      raise("ZeroDivisionError", "division by zero");
    int64_t n = int64_t(std::ceil((hi - lo) / st));
    n = std::max<int64_t>(n, 0);
    Value r = makeNumpy(outT, {n});
    // numpy fills by repeated differences from the first two values.
    double next = lo + st, delta = next - lo;
    for (int64_t k = 0; k < n; ++k)
      arr(r).setF(k, lo + double(k) * delta);
    return r;
  }
  int64_t lo = i(start), hi = i(stop), st = i(step);
  if (st == 0)
    raise("ZeroDivisionError", "division by zero");
  int64_t n = st > 0 ? (hi > lo ? (hi - lo + st - 1) / st : 0) : (lo > hi ? (lo - hi - st - 1) / (-st) : 0);
  Value r = makeNumpy(outT, {n});
  for (int64_t k = 0; k < n; ++k)
    arr(r).setI(k, lo + k * st);
  return r;
}

Value eye(Evaluator &ev, CallArgs &a) {
  npBind(a, {"N", "M", "k", "dtype"}, 1, "eye");
  int64_t n = ev.toIndex(a.args[0], "N");
  int64_t m = has(a, 1) && !a.args[1].isNone() ? ev.toIndex(a.args[1], "M") : n;
  int64_t k = has(a, 2) ? ev.toIndex(a.args[2], "k") : 0;
  NpDType dt = has(a, 3) && !a.args[3].isNone() ? *npDTypeArg(ev, a.args[3]) : NpDType::F64;
  Value r = makeNumpy(dt, {n, m});
  for (int64_t i = 0; i < n * m; ++i)
    arr(r).setI(i, 0);
  for (int64_t i = 0; i < n; ++i)
    if (i + k >= 0 && i + k < m)
      arr(r).setI(i * m + i + k, 1);
  return r;
}

} // namespace

void registerShape(Evaluator &, ModuleObject &np) {
  np.def("reshape", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "shape", "order"}, 2, "reshape");
    const Value &s = a.args[1];
    std::vector<int64_t> req = s.isSequence() ? intsOf(ev, s.elements())
                                              : std::vector<int64_t>{ev.toIndex(s, "shape")};
    return reshape(ev, a.args[0], req);
  });
  np.def("transpose", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "axes"}, 1, "transpose");
    std::vector<int64_t> perm;
    if (has(a, 1) && !a.args[1].isNone())
      perm = intsOf(ev, a.args[1].elements());
    return transpose(ev, a.args[0], perm);
  });
  np.def("swapaxes", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "swapaxes");
    Value x = asNp(ev, a.args[0]);
    int64_t r = arr(x).rank();
    std::vector<int64_t> perm;
    for (int64_t i = 0; i < r; ++i)
      perm.push_back(i);
    std::swap(perm[size_t(normAxis(ev.toIndex(a.args[1], "axis"), r))],
              perm[size_t(normAxis(ev.toIndex(a.args[2], "axis"), r))]);
    return transpose(ev, x, perm);
  });
  np.def("moveaxis", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "moveaxis");
    Value x = asNp(ev, a.args[0]);
    int64_t r = arr(x).rank();
    int64_t src = normAxis(ev.toIndex(a.args[1], "source"), r),
            dst = normAxis(ev.toIndex(a.args[2], "destination"), r);
    std::vector<int64_t> perm;
    for (int64_t i = 0; i < r; ++i)
      if (i != src)
        perm.push_back(i);
    perm.insert(perm.begin() + long(dst), src);
    return transpose(ev, x, perm);
  });
  np.def("concatenate", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"arrays", "axis", "out", "dtype"}, 1, "concatenate");
    Value ax = present(a, 1) ? a.args[1] : Value::integer(0);
    std::optional<NpDType> dt = has(a, 3) ? npDTypeArg(ev, a.args[3]) : std::nullopt;
    return concatenate(ev, arraysOf(ev, a.args[0], "concatenate"),
                       ax.isNone() ? 0 : ev.toIndex(ax, "axis"), ax.isNone(), dt);
  });
  np.def("stack", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"arrays", "axis", "out", "dtype"}, 1, "stack");
    std::vector<Value> xs = arraysOf(ev, a.args[0], "stack");
    Shape s0 = arr(xs[0]).shape;
    for (auto &x : xs)
      if (arr(x).shape != s0)
        raise("ValueError", "all input arrays must have the same shape");
    int64_t ax = has(a, 1) ? ev.toIndex(a.args[1], "axis") : 0;
    ax = normAxis(ax, int64_t(s0.size()) + 1);
    for (auto &x : xs)
      x = expandDims(ev, x, ax);
    return concatenate(ev, xs, ax, false);
  });
  np.def("hstack", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "hstack");
    std::vector<Value> xs = arraysOf(ev, a.args[0], "hstack");
    for (auto &x : xs)
      x = atleast(ev, x, 1);
    return concatenate(ev, xs, arr(xs[0]).rank() == 1 ? 0 : 1, false);
  });
  np.def("vstack", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "vstack");
    std::vector<Value> xs = arraysOf(ev, a.args[0], "vstack");
    for (auto &x : xs)
      x = atleast(ev, x, 2);
    return concatenate(ev, xs, 0, false);
  });
  np.def("dstack", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "dstack");
    std::vector<Value> xs = arraysOf(ev, a.args[0], "dstack");
    for (auto &x : xs)
      x = atleast(ev, x, 3);
    return concatenate(ev, xs, 2, false);
  });
  np.def("column_stack", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "column_stack");
    std::vector<Value> xs = arraysOf(ev, a.args[0], "column_stack");
    for (auto &x : xs)
      if (arr(x).rank() < 2)
        x = reshape(ev, x, {-1, 1});
    return concatenate(ev, xs, 1, false);
  });
  np.def("expand_dims", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "axis"}, 2, "expand_dims");
    Value x = asNp(ev, a.args[0]);
    std::vector<Value> axes = a.args[1].isSequence() ? a.args[1].elements()
                                                     : std::vector<Value>{a.args[1]};
    int64_t outRank = arr(x).rank() + int64_t(axes.size());
    std::vector<int64_t> norm;
    for (auto &v : axes)
      norm.push_back(normAxis(ev.toIndex(v, "axis"), outRank));
    std::sort(norm.begin(), norm.end());
    for (int64_t ax : norm)
      x = expandDims(ev, x, ax);
    return x;
  });
  np.def("squeeze", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"a", "axis"}, 1, "squeeze");
    Value x = asNp(ev, a.args[0]);
    NumpyArrayObj &o = arr(x);
    std::vector<int64_t> axes;
    if (has(a, 1) && !a.args[1].isNone()) {
      axes = axesArg(ev, &a.args[1], o.rank());
      for (int64_t ax : axes)
        if (o.shape[size_t(ax)] != 1)
          raise("ValueError", "cannot select an axis to squeeze out which has size not equal to one");
    } else {
      for (int64_t i = 0; i < o.rank(); ++i)
        if (o.shape[size_t(i)] == 1)
          axes.push_back(i);
    }
    Shape s;
    std::vector<int64_t> st;
    for (int64_t i = 0; i < o.rank(); ++i)
      if (std::find(axes.begin(), axes.end(), i) == axes.end()) {
        s.push_back(o.shape[size_t(i)]);
        st.push_back(o.strides[size_t(i)]);
      }
    return makeView(x, s, st, o.offset);
  });
  np.def("ravel", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "ravel");
    return reshape(ev, a.args[0], {-1});
  });
  np.def("broadcast_to", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"array", "shape", "subok"}, 2, "broadcast_to");
    Value x = asNp(ev, a.args[0]);
    NumpyArrayObj &o = arr(x);
    Shape s = shapeArg(ev, a.args[1]);
    if (s.size() < o.shape.size())
      raise("ValueError", "input operand has more dimensions than allowed by the axis remapping");
    Shape b;
    try {
      b = broadcastShapes({o.shape, s});
    } catch (ParaxError &) {
      raise("ValueError", "operands could not be broadcast together with remapped shapes "
                          "[original->remapped]: " + shapeStr(o.shape) + " and requested shape " +
                              shapeStr(s));
    }
    if (b != s)
      raise("ValueError", "operands could not be broadcast together with remapped shapes "
                          "[original->remapped]: " + shapeStr(o.shape) + " and requested shape " +
                              shapeStr(s));
    Value v = makeView(x, s, broadcastStrides(o, s), o.offset);
    arr(v).writeable = false;
    return v;
  });
  np.def("broadcast_shapes", [](Evaluator &ev, CallArgs &a) {
    std::vector<Shape> ss;
    for (auto &v : a.args)
      ss.push_back(shapeArg(ev, v));
    Shape r = broadcastShapes(ss);
    std::vector<Value> out;
    for (int64_t d : r)
      out.push_back(Value::integer(d));
    return Value::tuple(out);
  });
  np.def("atleast_1d", [](Evaluator &ev, CallArgs &a) { return atleast(ev, a.args.at(0), 1); });
  np.def("atleast_2d", [](Evaluator &ev, CallArgs &a) { return atleast(ev, a.args.at(0), 2); });
  np.def("atleast_3d", [](Evaluator &ev, CallArgs &a) { return atleast(ev, a.args.at(0), 3); });
  np.def("shape", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "shape");
    return ev.getAttr(asNp(ev, a.args[0]), "shape", a.loc);
  });
  np.def("ndim", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "ndim");
    return Value::integer(arr(asNp(ev, a.args[0])).rank());
  });
  np.def("size", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "size");
    NumpyArrayObj &o = arr(asNp(ev, a.args[0]));
    if (has(a, 1) && !a.args[1].isNone())
      return Value::integer(o.shape[size_t(normAxis(ev.toIndex(a.args[1], "axis"), o.rank()))]);
    return Value::integer(o.size());
  });
  np.def("flip", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"m", "axis"}, 1, "flip");
    Value x = asNp(ev, a.args[0]);
    NumpyArrayObj &o = arr(x);
    std::vector<int64_t> axes = axesArg(ev, has(a, 1) ? &a.args[1] : nullptr, o.rank());
    std::vector<int64_t> st = o.strides;
    int64_t off = o.offset;
    for (int64_t ax : axes) {
      if (o.shape[size_t(ax)] > 0)
        off += (o.shape[size_t(ax)] - 1) * st[size_t(ax)];
      st[size_t(ax)] = -st[size_t(ax)];
    }
    return makeView(x, o.shape, st, off);
  });
}

void registerCreation(Evaluator &, ModuleObject &np) {
  auto arrayFn = [](bool copyDefault, bool readOnlyJax) {
    return [copyDefault, readOnlyJax](Evaluator &ev, CallArgs &a) -> Value {
      npBind(a, {"object", "dtype", "copy", "order", "subok", "ndmin", "like"}, 1, "array");
      std::optional<NpDType> dt = has(a, 1) ? npDTypeArg(ev, a.args[1]) : std::nullopt;
      bool copy = copyDefault;
      if (has(a, 2) && !a.args[2].isNone())
        copy = ev.truthy(a.args[2]);
      const Value &v = a.args[0];
      Value r;
      if (v.isArray() && !copy && readOnlyJax) {
        // np.asarray(jax_array): a read-only view of the device buffer.
        r = toNumpy(ev, v, dt);
        if (!dt)
          arr(r).writeable = false;
        return r;
      }
      r = toNumpy(ev, v, dt, copy);
      if (!asNumpy(r))
        return r; // a grid of devices (see toNumpy)
      if (NumpyArrayObj *o = asNumpy(r); o && o->scalar)
        r = contiguousCopy(r);
      int64_t ndmin = has(a, 5) ? ev.toIndex(a.args[5], "ndmin") : 0;
      while (arr(r).rank() < ndmin)
        r = expandDims(ev, r, 0);
      return r;
    };
  };
  np.def("array", arrayFn(true, false));
  np.def("asarray", arrayFn(false, true));
  np.def("asanyarray", arrayFn(false, true));
  np.def("ascontiguousarray", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "ascontiguousarray");
    Value x = toNumpy(ev, a.args[0], has(a, 1) ? npDTypeArg(ev, a.args[1]) : std::nullopt);
    return arr(x).contiguous() && arr(x).rank() > 0 ? x : contiguousCopy(x);
  });
  np.def("copy", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "copy");
    return contiguousCopy(toNumpy(ev, a.args[0]));
  });
  auto filled = [](const char *name, int kind) { // 0 zeros, 1 ones, 2 empty
    std::string n = name;
    return [n, kind](Evaluator &ev, CallArgs &a) {
      npBind(a, {"shape", "dtype", "order", "like"}, 1, n);
      Shape s = shapeArg(ev, a.args[0]);
      NpDType dt = NpDType::F64;
      if (has(a, 1) && !a.args[1].isNone())
        dt = *npDTypeArg(ev, a.args[1]);
      Value r = makeNumpy(dt, s);
      NumpyArrayObj &o = arr(r);
      if (dt == NpDType::Str) {
        if (kind == 1)
          for (auto &x : o.store->strs)
            x = "1";
        return r;
      }
      for (int64_t i = 0; i < o.size(); ++i)
        o.setI(i, kind == 1 ? 1 : 0);
      return r;
    };
  };
  np.def("zeros", filled("zeros", 0));
  np.def("ones", filled("ones", 1));
  np.def("empty", filled("empty", 2));
  np.def("full", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"shape", "fill_value", "dtype", "order", "like"}, 2, "full");
    Shape s = shapeArg(ev, a.args[0]);
    Value fv = toNumpy(ev, a.args[1]);
    NpDType dt = has(a, 2) && !a.args[2].isNone() ? *npDTypeArg(ev, a.args[2]) : arr(fv).dtype;
    return fill(dt, s, fv, ev);
  });
  auto like = [](const char *name, int kind) { // 0 zeros 1 ones 2 empty 3 full
    std::string n = name;
    return [n, kind](Evaluator &ev, CallArgs &a) {
      if (kind == 3)
        npBind(a, {"a", "fill_value", "dtype", "order", "subok", "shape"}, 2, n);
      else
        npBind(a, {"a", "dtype", "order", "subok", "shape"}, 1, n);
      Value x = toNumpy(ev, a.args[0]);
      NumpyArrayObj &o = arr(x);
      size_t dpos = kind == 3 ? 2 : 1;
      NpDType dt = has(a, dpos) ? *npDTypeArg(ev, a.args[dpos]) : o.dtype;
      Shape s = o.shape;
      size_t spos = kind == 3 ? 5 : 4;
      if (has(a, spos))
        s = shapeArg(ev, a.args[spos]);
      Value fv = kind == 3 ? a.args[1] : Value::integer(kind == 1 ? 1 : 0);
      return fill(dt, s, fv, ev);
    };
  };
  np.def("zeros_like", like("zeros_like", 0));
  np.def("ones_like", like("ones_like", 1));
  np.def("empty_like", like("empty_like", 2));
  np.def("full_like", like("full_like", 3));
  np.def("arange", arange);
  np.def("linspace", linspace);
  np.def("logspace", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"start", "stop", "num", "endpoint", "base", "dtype", "axis"}, 2, "logspace");
    Value base = has(a, 4) ? a.args[4] : Value::floating(10.0);
    CallArgs l;
    l.args = {a.args[0], a.args[1], has(a, 2) ? a.args[2] : Value::integer(50),
              has(a, 3) ? a.args[3] : Value::boolean(true)};
    Value y = linspace(ev, l);
    Value r = binaryUfunc(ev, "power", base, y);
    if (has(a, 5) && !a.args[5].isNone())
      r = npAstype(r, *npDTypeArg(ev, a.args[5]));
    return r;
  });
  np.def("eye", eye);
  np.def("identity", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"n", "dtype", "like"}, 1, "identity");
    CallArgs e;
    e.args = {a.args[0]};
    if (has(a, 1))
      e.kwargs.push_back({"dtype", a.args[1]});
    return eye(ev, e);
  });
}

bool arrayMethod(Evaluator &ev, const Value &self, const std::string &name, Value &out) {
  NumpyArrayObj &s = arr(self);
  auto method = [&](BuiltinFunction::Impl impl) {
    out = makeBuiltin("ndarray." + name, std::move(impl));
    return true;
  };
  if (name == "reshape")
    return method([self](Evaluator &ev, CallArgs &a) {
      std::vector<Value> dims = a.args.size() == 1 && a.args[0].isSequence() ? a.args[0].elements() : a.args;
      for (auto &[k, v] : a.kwargs)
        if (k == "shape")
          dims = v.isSequence() ? v.elements() : std::vector<Value>{v};
      return reshape(ev, self, intsOf(ev, dims));
    });
  if (name == "transpose")
    return method([self](Evaluator &ev, CallArgs &a) {
      std::vector<Value> dims = a.args.size() == 1 && a.args[0].isSequence() ? a.args[0].elements() : a.args;
      if (a.args.size() == 1 && a.args[0].isNone())
        dims.clear();
      return transpose(ev, self, intsOf(ev, dims));
    });
  if (name == "flatten")
    return method([self](Evaluator &ev, CallArgs &) {
      return contiguousCopy(reshape(ev, contiguousCopy(self), {-1}));
    });
  if (name == "ravel")
    return method([self](Evaluator &ev, CallArgs &) { return reshape(ev, self, {-1}); });
  if (name == "copy")
    return method([self](Evaluator &, CallArgs &) { return contiguousCopy(self); });
  if (name == "astype")
    return method([self](Evaluator &ev, CallArgs &a) {
      npBind(a, {"dtype", "order", "casting", "subok", "copy"}, 1, "astype");
      Value r = npAstype(self, *npDTypeArg(ev, a.args[0]));
      return arr(self).scalar ? npScalarize(r) : r;
    });
  if (name == "tolist" || name == "item")
    return method([self, name](Evaluator &ev, CallArgs &a) -> Value {
      NumpyArrayObj &o = arr(self);
      if (name == "item") {
        std::vector<int64_t> offs = o.offsets();
        if (a.args.empty()) {
          if (offs.size() != 1)
            raise("ValueError", "can only convert an array of size 1 to a Python scalar");
          return pyValueAt(o, offs[0]);
        }
        int64_t i = ev.toIndex(a.args[0], "index");
        if (a.args.size() == 1) {
          if (i < 0)
            i += int64_t(offs.size());
          if (i < 0 || i >= int64_t(offs.size()))
            raise("IndexError", "index " + std::to_string(i) + " is out of bounds for size " +
                                    std::to_string(offs.size()));
          return pyValueAt(o, offs[size_t(i)]);
        }
        Value e = npGetItem(ev, self, Value::tuple(a.args));
        return pyValueAt(arr(e), arr(e).offset);
      }
      std::function<Value(size_t, int64_t)> rec = [&](size_t d, int64_t off) -> Value {
        if (d == o.shape.size())
          return pyValueAt(o, off);
        std::vector<Value> items;
        for (int64_t i = 0; i < o.shape[d]; ++i)
          items.push_back(rec(d + 1, off + i * o.strides[d]));
        return Value::list(std::move(items));
      };
      return rec(0, o.offset);
    });
  if (name == "fill")
    return method([self](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, "fill");
      npAssign(ev, arr(self), a.args[0]);
      return Value::none();
    });
  if (name == "view")
    return method([self](Evaluator &, CallArgs &) {
      NumpyArrayObj &o = arr(self);
      return makeView(self, o.shape, o.strides, o.offset);
    });
  if (name == "setflags")
    return method([self](Evaluator &ev, CallArgs &a) {
      const Value *w = a.get(0, "write");
      if (w) {
        bool on = ev.truthy(*w);
        if (on && !arr(self).writeable && !arr(self).ownsData)
          raise("ValueError", "cannot set WRITEABLE flag to True of this array");
        arr(self).writeable = on;
      }
      return Value::none();
    });
  if (name == "sort")
    return method([self](Evaluator &ev, CallArgs &a) {
      Value axis = argOr(a, 0, "axis", Value::integer(-1));
      Value sorted = callNp(ev, "sort", {self, axis});
      npAssign(ev, arr(self), sorted);
      return Value::none();
    });
  if (name == "nonzero" || name == "sum" || name == "mean" || name == "std" || name == "var" ||
      name == "min" || name == "max" || name == "argmin" || name == "argmax" || name == "prod" ||
      name == "cumsum" || name == "cumprod" || name == "all" || name == "any" ||
      name == "clip" || name == "round" || name == "squeeze" || name == "dot" ||
      name == "argsort" || name == "repeat" || name == "swapaxes" || name == "trace" ||
      name == "diagonal" || name == "ptp" || name == "searchsorted" || name == "take" ||
      name == "conj" || name == "conjugate") {
    std::string fn = name == "conjugate" ? "conj" : name;
    (void)s;
    return method([self, fn](Evaluator &ev, CallArgs &a) {
      std::vector<Value> args{self};
      args.insert(args.end(), a.args.begin(), a.args.end());
      return callNp(ev, fn, args, a.kwargs);
    });
  }
  if (name == "is_integer" && s.scalar && npKind(s.dtype) == NpKind::Float)
    return method([self](Evaluator &, CallArgs &) {
      double d = arr(self).getF(arr(self).offset);
      return Value::boolean(std::isfinite(d) && d == std::floor(d));
    });
  if (name == "__array_priority__") {
    out = Value::floating(0);
    return true;
  }
  return false;
}

} // namespace npy

namespace {
using namespace npy;

void setTypes(ModuleObject &np) {
  for (int i = 0; i < kNumNpDTypes; ++i) {
    NpDType t = NpDType(i);
    Value c = Value::object(Value::Kind::Native, npScalarClass(t));
    np.set(t == NpDType::Bool ? "bool" : t == NpDType::Str ? "str_" : npDTypeName(t), c);
  }
  auto cls = [](NpDType t) { return Value::object(Value::Kind::Native, npScalarClass(t)); };
  np.set("bool_", cls(NpDType::Bool));
  np.set("double", cls(NpDType::F64));
  np.set("single", cls(NpDType::F32));
  np.set("half", cls(NpDType::F16));
  np.set("float_", cls(NpDType::F64));
  np.set("int_", cls(NpDType::I64));
  np.set("intp", cls(NpDType::I64));
  np.set("uint", cls(NpDType::U64));
  np.set("byte", cls(NpDType::I8));
  np.set("ubyte", cls(NpDType::U8));
  np.set("short", cls(NpDType::I16));
  np.set("longlong", cls(NpDType::I64));
  np.set("bytes_", cls(NpDType::Str));
  for (auto &[n, c] : npAbstractClasses())
    np.set(n, Value::object(Value::Kind::Native, c));
  np.def("dtype", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "dtype");
    if (NumpyArrayObj *o = asNumpy(a.args[0]))
      return npDTypeValue(o->dtype, o->strLen);
    std::optional<NpDType> t = npDTypeArg(ev, a.args[0]);
    int64_t len = 1;
    if (a.args[0].isStr() && !a.args[0].asStr().empty()) {
      std::string s = a.args[0].asStr();
      size_t u = s.find('U');
      if (u != std::string::npos && u + 1 < s.size())
        len = std::stoll(s.substr(u + 1));
    }
    return npDTypeValue(t ? *t : NpDType::F64, len);
  });
}
} // namespace

void registerNumpyMathFunctions(Evaluator &ev, ModuleObject &np, ModuleObject &linalg);

void installNumpyModule(Evaluator &ev, ModuleObject &np, ModuleObject &jnpMod) {
  npy::gNp = &np;
  // Everything jnp has, as a fallback (computed by jnp, returned as numpy).
  for (const std::string &name : jnpMod.attrNames()) {
    Value v;
    jnpMod.getAttr(ev, name, v);
    if (v.kind() == Value::Kind::Native && v.as<BuiltinFunction>())
      np.set(name, jnpFallback(v, name));
    else if (!v.isDType() && v.kind() != Value::Kind::Native)
      np.set(name, v);
  }
  setTypes(np);
  np.set("pi", Value::floating(M_PI));
  np.set("e", Value::floating(M_E));
  np.set("inf", Value::floating(INFINITY));
  np.set("Inf", Value::floating(INFINITY));
  np.set("infty", Value::floating(INFINITY));
  np.set("nan", Value::floating(NAN));
  np.set("NaN", Value::floating(NAN));
  np.set("NINF", Value::floating(-INFINITY));
  np.set("PINF", Value::floating(INFINITY));
  np.set("newaxis", Value::none());
  for (bool b : {true, false}) {
    Value s = makeNumpy(NpDType::Bool, {}, true);
    arr(s).setI(0, b);
    np.set(b ? "True_" : "False_", s);
  }
  np.set("euler_gamma", Value::floating(0.5772156649015329));
  np.set("__version__", Value::str("2.4.6"));
  defUfuncs(np);
  auto linalg = std::make_shared<ModuleObject>("numpy.linalg");
  registerCreation(ev, np);
  registerShape(ev, np);
  registerPrinting(ev, np);
  registerStats(ev, np);
  registerNumpyMathFunctions(ev, np, *linalg);
  linalg->set("LinAlgError", ev.exceptionTypes().value("LinAlgError"));
  auto exceptions = std::make_shared<ModuleObject>("numpy.exceptions");
  exceptions->set("AxisError", ev.exceptionTypes().value("AxisError"));
  np.set("exceptions", Value::object(Value::Kind::Native, exceptions));
  np.set("AxisError", ev.exceptionTypes().value("AxisError"));
  np.set("linalg", Value::object(Value::Kind::Native, linalg));
  auto testing = std::make_shared<ModuleObject>("numpy.testing");
  registerTesting(ev, np, *testing);
  np.set("testing", Value::object(Value::Kind::Native, testing));
}

} // namespace parax::frontend
