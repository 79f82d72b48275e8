//===- JnpLinalg.cpp - dot, matmul, outer, vdot, einsum -------------------===//
//
// Every product lowers to one dot_general (batch dims, contracting dims)
// after promoting both operands to a common dtype, plus the transposes and
// reshapes numpy's conventions need.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/JnpInternal.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace parax::frontend::jnp {

using ir::OpKind;

namespace {
std::pair<Value, Value> promotePair(Evaluator &ev, const Value &a, const Value &b) {
  Value x = asarray(ev, a, std::nullopt), y = asarray(ev, b, std::nullopt);
  WeakDType r = promoteTypes(weakDTypeOf(x), weakDTypeOf(y));
  return {prims::convert(ev, x, r.dtype, r.weak), prims::convert(ev, y, r.dtype, r.weak)};
}

/// bool products are computed as int32 and converted back (XLA has no
/// boolean dot on CPU).
Value dotGeneralAny(Evaluator &ev, const Value &a, const Value &b,
                    const std::vector<int64_t> &lb, const std::vector<int64_t> &rb,
                    const std::vector<int64_t> &lc, const std::vector<int64_t> &rc) {
  if (prims::dtypeOf(a) == DType::Bool) {
    Value r = prims::dotGeneral(ev, prims::convert(ev, a, DType::I32),
                                prims::convert(ev, b, DType::I32), lb, rb, lc, rc);
    return prims::convert(ev, r, DType::Bool);
  }
  return prims::dotGeneral(ev, a, b, lb, rb, lc, rc);
}

[[noreturn]] void shapeMismatch(const char *fn, const Shape &a, const Shape &b) {
  raise("TypeError", std::string(fn) + " requires contracting dimensions to match; got " +
                         shapeToPython(a) + " and " + shapeToPython(b) + ".");
}
} // namespace

Value matmul(Evaluator &ev, const Value &a0, const Value &b0) {
  auto [a, b] = promotePair(ev, a0, b0);
  Shape sa = prims::shapeOf(a), sb = prims::shapeOf(b);
  if (sa.empty() || sb.empty())
    raise("ValueError", "matmul: Input operand does not have enough dimensions: scalar "
                        "operands are not allowed, use '*' instead");
  bool aVec = sa.size() == 1, bVec = sb.size() == 1;
  if (aVec)
    a = prims::reshape(ev, a, {1, sa[0]}), sa = {1, sa[0]};
  if (bVec)
    b = prims::reshape(ev, b, {sb[0], 1}), sb = {sb[0], 1};
  if (sa.back() != sb[sb.size() - 2])
    raise("TypeError", "dot_general requires contracting dimensions to have the same shape, "
                       "got (" + std::to_string(sa.back()) + ",) and (" +
                           std::to_string(sb[sb.size() - 2]) + ",).",
          "matmul contracts the last axis of a " + shapeToPython(prims::shapeOf(a0)) +
              " with the second-to-last axis of b " + shapeToPython(prims::shapeOf(b0)));
  // Broadcast batch dims.
  Shape ba(sa.begin(), sa.end() - 2), bb(sb.begin(), sb.end() - 2);
  Shape batch = broadcastShapes({ba, bb});
  Shape fa = batch, fb = batch;
  fa.push_back(sa[sa.size() - 2]);
  fa.push_back(sa.back());
  fb.push_back(sb[sb.size() - 2]);
  fb.push_back(sb.back());
  a = prims::broadcastTo(ev, a, fa);
  b = prims::broadcastTo(ev, b, fb);
  int64_t nb = int64_t(batch.size());
  std::vector<int64_t> bd;
  for (int64_t i = 0; i < nb; ++i)
    bd.push_back(i);
  Value r = dotGeneralAny(ev, a, b, bd, bd, {nb + 1}, {nb});
  Shape rs = batch;
  if (!aVec)
    rs.push_back(fa[size_t(nb)]);
  if (!bVec)
    rs.push_back(fb[size_t(nb) + 1]);
  return prims::reshape(ev, r, rs);
}

namespace {
Value dot(Evaluator &ev, const Value &a0, const Value &b0) {
  auto [a, b] = promotePair(ev, a0, b0);
  Shape sa = prims::shapeOf(a), sb = prims::shapeOf(b);
  if (sa.empty() || sb.empty())
    return binary(ev, BinOpKind::Mul, a, b);
  int64_t ca = int64_t(sa.size()) - 1;
  int64_t cb = sb.size() == 1 ? 0 : int64_t(sb.size()) - 2;
  if (sa[size_t(ca)] != sb[size_t(cb)])
    raise("TypeError", "dot_general requires contracting dimensions to have the same shape, "
                       "got (" + std::to_string(sa[size_t(ca)]) + ",) and (" +
                           std::to_string(sb[size_t(cb)]) + ",).",
          "dot contracts the last axis of a " + shapeToPython(sa) +
              " with the second-to-last axis of b " + shapeToPython(sb));
  return dotGeneralAny(ev, a, b, {}, {}, {ca}, {cb});
}

/// einsum for one or two operands: sum out indices that appear in one
/// operand only, then one dot_general, then a transpose to the output order.
Value einsum(Evaluator &ev, const std::string &spec0, std::vector<Value> ops) {
  std::string spec;
  for (char c : spec0)
    if (c != ' ')
      spec += c;
  size_t arrow = spec.find("->");
  std::string lhs = arrow == std::string::npos ? spec : spec.substr(0, arrow);
  std::vector<std::string> inputs;
  size_t start = 0;
  for (size_t i = 0; i <= lhs.size(); ++i)
    if (i == lhs.size() || lhs[i] == ',') {
      inputs.push_back(lhs.substr(start, i - start));
      start = i + 1;
    }
  if (inputs.size() != ops.size())
    raise("ValueError", "einsum subscripts name " + std::to_string(inputs.size()) +
                            " operands but " + std::to_string(ops.size()) + " were given");
  if (ops.size() > 2 || ops.empty())
    raise("NotImplementedError", "einsum with " + std::to_string(ops.size()) +
                                     " operands is not part of parax (one or two operands)",
          "chain two-operand einsums");
  // '...' stands for the leading (broadcast) dims: give them fresh letters,
  // right-aligned across operands.
  if (spec.find("...") != std::string::npos) {
    std::string used = spec;
    std::string fresh;
    for (char c = 'A'; c <= 'Z' && fresh.size() < 16; ++c)
      if (used.find(c) == std::string::npos)
        fresh += c;
    size_t maxEll = 0;
    std::vector<size_t> ell(inputs.size(), 0);
    for (size_t k = 0; k < inputs.size(); ++k) {
      size_t p = inputs[k].find("...");
      if (p == std::string::npos)
        continue;
      int64_t rank = prims::typeOf(ops[k]).rank();
      int64_t named = int64_t(inputs[k].size()) - 3;
      ell[k] = size_t(std::max<int64_t>(0, rank - named));
      maxEll = std::max(maxEll, ell[k]);
    }
    std::string all = fresh.substr(0, maxEll);
    for (size_t k = 0; k < inputs.size(); ++k) {
      size_t p = inputs[k].find("...");
      if (p != std::string::npos)
        inputs[k].replace(p, 3, all.substr(maxEll - ell[k]));
    }
    if (arrow != std::string::npos) {
      std::string o = spec.substr(arrow + 2);
      size_t p = o.find("...");
      if (p != std::string::npos)
        o.replace(p, 3, all);
      spec = spec.substr(0, arrow + 2) + o;
    } else {
      spec += "->" + all; // the named part is appended below
      arrow = spec.find("->");
      std::map<char, int> cnt;
      for (auto &in : inputs)
        for (char c : in)
          if (all.find(c) == std::string::npos)
            ++cnt[c];
      for (auto &kv : cnt)
        if (kv.second == 1)
          spec += kv.first;
    }
  }
  std::map<char, int64_t> sizes, count;
  for (size_t k = 0; k < ops.size(); ++k) {
    ops[k] = asarray(ev, ops[k], std::nullopt);
    Shape s = prims::shapeOf(ops[k]);
    if (s.size() != inputs[k].size())
      raise("ValueError", "einsum subscripts '" + inputs[k] + "' do not match operand " +
                              std::to_string(k) + " of rank " + std::to_string(s.size()));
    for (size_t i = 0; i < s.size(); ++i) {
      char c = inputs[k][i];
      if (sizes.count(c) && sizes[c] != s[i])
        raise("ValueError", std::string("einsum size mismatch for index '") + c + "'");
      sizes[c] = s[i];
      ++count[c];
    }
  }
  std::string out;
  if (arrow != std::string::npos) {
    out = spec.substr(arrow + 2);
  } else {
    for (auto &kv : count)
      if (kv.second == 1)
        out += kv.first;
  }
  if (ops.size() == 2) {
    auto pr = promotePair(ev, ops[0], ops[1]);
    ops = {pr.first, pr.second};
  }
  // A repeated index within one operand takes the diagonal: mask the
  // off-diagonal entries and sum one of the two axes away.
  for (size_t k = 0; k < ops.size(); ++k) {
    std::string &in = inputs[k];
    for (size_t p = 0; p < in.size(); ++p) {
      size_t q = in.find(in[p], p + 1);
      if (q == std::string::npos)
        continue;
      TensorType t = prims::typeOf(ops[k]);
      Value eq = prims::compare(ev, OpKind::Eq, prims::iota(ev, DType::I32, t.shape, int64_t(p)),
                                prims::iota(ev, DType::I32, t.shape, int64_t(q)));
      Value zero = prims::full(ev, t.shape, Value::integer(0), t.dtype, t.weak);
      ops[k] = prims::reduce(ev, OpKind::ReduceSum, prims::select(ev, eq, ops[k], zero),
                             {int64_t(q)});
      in.erase(q, 1);
      --p; // the same index may repeat again
    }
  }
  // Sum out indices that appear only in one operand and not in the output.
  for (size_t k = 0; k < ops.size(); ++k) {
    std::vector<int64_t> axes;
    std::string kept;
    for (size_t i = 0; i < inputs[k].size(); ++i) {
      char c = inputs[k][i];
      bool elsewhere = out.find(c) != std::string::npos ||
                       (ops.size() == 2 && inputs[1 - k].find(c) != std::string::npos);
      if (!elsewhere)
        axes.push_back(int64_t(i));
      else
        kept += c;
    }
    if (!axes.empty()) {
      ops[k] = prims::reduce(ev, OpKind::ReduceSum, ops[k], axes);
      inputs[k] = kept;
    }
  }
  std::string resultIdx;
  Value r;
  if (ops.size() == 1) {
    r = ops[0];
    resultIdx = inputs[0];
  } else {
    std::vector<int64_t> lb, rb, lc, rc;
    std::string a = inputs[0], b = inputs[1];
    for (size_t i = 0; i < a.size(); ++i) {
      size_t j = b.find(a[i]);
      if (j == std::string::npos)
        continue;
      if (out.find(a[i]) != std::string::npos) {
        lb.push_back(int64_t(i));
        rb.push_back(int64_t(j));
      } else {
        lc.push_back(int64_t(i));
        rc.push_back(int64_t(j));
      }
    }
    r = dotGeneralAny(ev, ops[0], ops[1], lb, rb, lc, rc);
    for (int64_t i : lb)
      resultIdx += a[size_t(i)];
    for (size_t i = 0; i < a.size(); ++i)
      if (b.find(a[i]) == std::string::npos)
        resultIdx += a[i];
    for (size_t j = 0; j < b.size(); ++j)
      if (a.find(b[j]) == std::string::npos)
        resultIdx += b[j];
  }
  std::vector<int64_t> perm;
  for (char c : out) {
    size_t p = resultIdx.find(c);
    if (p == std::string::npos)
      raise("ValueError", std::string("einsum output index '") + c + "' does not appear in the inputs");
    perm.push_back(int64_t(p));
  }
  if (perm.size() != resultIdx.size())
    raise("ValueError", "einsum output drops an index shared by both operands");
  return prims::transpose(ev, r, perm);
}
} // namespace

namespace {
/// jnp.<name>(args..., **kwargs) through the module, so keywords work.
Value jnpCall(Evaluator &ev, const std::string &name, std::vector<Value> args,
              std::vector<std::pair<std::string, Value>> kwargs, Loc loc) {
  CallArgs ca;
  ca.args = std::move(args);
  ca.kwargs = std::move(kwargs);
  ca.loc = loc;
  return ev.call(ev.getAttr(ev.importModule("jax.numpy", loc), name, loc), ca);
}

/// jnp.linalg.norm: vector p-norms along `axis` (all elements when None),
/// and the Frobenius norm of matrices, as JAX composes them.
Value norm(Evaluator &ev, CallArgs &a) {
  bindArgs(a, {"x", "ord", "axis", "keepdims"}, 1, "norm");
  Value x = asarray(ev, a.args[0], std::nullopt);
  Value ord = argOr(a, 1, "ord"), axis = argOr(a, 2, "axis");
  Value keep = argOr(a, 3, "keepdims", Value::boolean(false));
  std::vector<std::pair<std::string, Value>> red{{"axis", axis}, {"keepdims", keep}};
  if (!isFloat(prims::dtypeOf(x)))
    x = prims::convert(ev, x, defaultFloat(), prims::typeOf(x).weak);
  Value ax = jnpCall(ev, "abs", {x}, {}, a.loc);
  bool matrixAxes = axis.isTuple() && axis.elements().size() == 2;
  if (ord.isNone() || (ord.isStr() && ord.asStr() == "fro")) {
    if (ord.isStr() && !matrixAxes && prims::typeOf(x).rank() != 2)
      raise("ValueError", "Invalid norm order 'fro' for vectors");
    return jnpCall(ev, "sqrt", {jnpCall(ev, "sum", {ev.binary(BinOpKind::Mul, ax, ax, a.loc)},
                                        red, a.loc)},
                   {}, a.loc);
  }
  if (matrixAxes || (axis.isNone() && prims::typeOf(x).rank() == 2))
    raise("NotImplementedError", "jnp.linalg.norm with ord=" + ev.repr(ord) +
                                     " on matrices is not supported by parax",
          "use ord=None or 'fro', or reduce along one axis");
  double p = ord.asFloat();
  if (std::isinf(p))
    return jnpCall(ev, p > 0 ? "max" : "min", {ax}, red, a.loc);
  if (p == 0)
    return jnpCall(ev, "sum", {prims::convert(ev, jnpCall(ev, "not_equal", {ax, Value::integer(0)}, {}, a.loc),
                                              prims::dtypeOf(ax))},
                   red, a.loc);
  if (p == 1)
    return jnpCall(ev, "sum", {ax}, red, a.loc);
  Value s = jnpCall(ev, "sum", {jnpCall(ev, "power", {ax, ord}, {}, a.loc)}, red, a.loc);
  return jnpCall(ev, "power", {s, ev.binary(BinOpKind::Div, Value::floating(1.0), ord, a.loc)}, {},
                 a.loc);
}
} // namespace

void registerJnpLinalg(Evaluator &ev, ModuleObject &m) {
  auto linalg = std::make_shared<ModuleObject>("jax.numpy.linalg");
  linalg->def("norm", norm);
  m.set("linalg", Value::object(Value::Kind::Native, linalg));
  m.def("matmul", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "matmul");
    return matmul(ev, a.args[0], a.args[1]);
  });
  m.def("dot", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "dot");
    return dot(ev, a.args[0], a.args[1]);
  });
  m.def("outer", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "outer");
    Value x = reshape(ev, a.args[0], {Value::integer(-1)});
    Value y = reshape(ev, a.args[1], {Value::integer(-1)});
    int64_t n = prims::typeOf(x).numElements(), k = prims::typeOf(y).numElements();
    return binary(ev, BinOpKind::Mul, prims::reshape(ev, x, {n, 1}),
                  prims::reshape(ev, y, {1, k}));
  });
  m.def("vdot", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "vdot");
    Value x = reshape(ev, a.args[0], {Value::integer(-1)});
    Value y = reshape(ev, a.args[1], {Value::integer(-1)});
    if (prims::typeOf(x).numElements() != prims::typeOf(y).numElements())
      shapeMismatch("vdot", prims::shapeOf(a.args[0]), prims::shapeOf(a.args[1]));
    return dot(ev, x, y);
  });
  m.def("inner", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "inner");
    auto [x, y] = promotePair(ev, a.args[0], a.args[1]);
    Shape sx = prims::shapeOf(x), sy = prims::shapeOf(y);
    if (sx.empty() || sy.empty())
      return binary(ev, BinOpKind::Mul, x, y);
    if (sx.back() != sy.back())
      shapeMismatch("inner", sx, sy);
    return dotGeneralAny(ev, x, y, {}, {}, {int64_t(sx.size()) - 1}, {int64_t(sy.size()) - 1});
  });
  m.def("einsum", [](Evaluator &ev, CallArgs &a) {
    if (a.args.empty() || !a.args[0].isStr())
      raise("TypeError", "einsum needs a subscripts string first");
    return einsum(ev, a.args[0].asStr(), std::vector<Value>(a.args.begin() + 1, a.args.end()));
  });
  m.def("trace", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "trace");
    Value x = asarray(ev, a.args[0], std::nullopt);
    Shape s = prims::shapeOf(x);
    if (s.size() != 2)
      raise("NotImplementedError", "jnp.trace of a rank-" + std::to_string(s.size()) +
                                       " array is not part of parax");
    int64_t n = std::min(s[0], s[1]);
    Value rows = prims::iota(ev, DType::I32, s, 0), cols = prims::iota(ev, DType::I32, s, 1);
    Value diag = prims::compare(ev, OpKind::Eq, rows, cols);
    Value zero = prims::full(ev, s, Value::integer(0), prims::dtypeOf(x));
    (void)n;
    return callByName(ev, "sum", {prims::select(ev, diag, x, zero)});
  });
}

} // namespace parax::frontend::jnp
