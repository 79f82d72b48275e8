//===- NumpyPrint.cpp - numpy's array printing and print options ----------===//
//
// str()/repr() of numpy arrays and scalars as numpy 2 prints them, and the
// print-option functions (set_printoptions, printoptions, array2string,
// array_str/array_repr, format_float_*). The printing itself is
// format/ArrayPrint (shared with JAX arrays, which obey the same options);
// this file adds numpy's array_repr suffixes and the Python-facing API.
//
//===----------------------------------------------------------------------===//
#include "frontend/format/ArrayPrint.h"
#include "frontend/format/FloatDigits.h"
#include "frontend/format/NumpyFormat.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyInternal.h"
#include "frontend/machine/Builtins.h"
#include "ir/Half.h"

#include <cmath>
#include <functional>

namespace parax::frontend {

using namespace npy;
using floatfmt::FloatKind;
using floatfmt::Trim;

namespace {

using arrayprint::PrintOptions;

PrintOptions &options() { return arrayprint::globalOptions(); }

FloatKind kindOf(NpDType t) {
  return t == NpDType::F64 ? FloatKind::F64 : t == NpDType::F32 ? FloatKind::F32 : FloatKind::F16;
}

uint64_t bitsOf(double v, NpDType t) {
  if (t == NpDType::F64)
    return floatfmt::bitsOfF64(v);
  if (t == NpDType::F32)
    return floatfmt::bitsOfF32(float(v));
  return floatToHalf(float(v));
}

std::string intStr(const NumpyArrayObj &a, int64_t off) {
  if (npKind(a.dtype) == NpKind::UInt)
    return std::to_string(a.getU(off));
  return std::to_string(a.getI(off));
}

/// A (possibly strided) numpy array as the printer reads it: element i of
/// the row-major order lives at offs[i].
struct NumpyElements {
  explicit NumpyElements(const NumpyArrayObj &a) : a(a), offs(a.offsets()) {
    using arrayprint::ElementKind;
    e.shape = a.shape;
    const NumpyArrayObj *p = &a;
    const std::vector<int64_t> *o = &offs;
    switch (npKind(a.dtype)) {
    case NpKind::Bool:
      e.kind = ElementKind::Bool;
      e.truth = [p, o](int64_t i) { return p->getB((*o)[size_t(i)]); };
      break;
    case NpKind::Float:
      e.kind = a.dtype == NpDType::F64   ? ElementKind::Float64
               : a.dtype == NpDType::F32 ? ElementKind::Float32
                                         : ElementKind::Float16;
      e.number = [p, o](int64_t i) { return p->getF((*o)[size_t(i)]); };
      break;
    case NpKind::Str:
      e.kind = ElementKind::Text;
      e.text = [p, o](int64_t i) { return pyStrRepr(p->store->strs[size_t((*o)[size_t(i)])]); };
      break;
    default:
      e.kind = ElementKind::Integer;
      e.text = [p, o](int64_t i) { return intStr(*p, (*o)[size_t(i)]); };
      break;
    }
  }
  NumpyElements(const NumpyElements &) = delete;
  const NumpyArrayObj &a;
  std::vector<int64_t> offs;
  arrayprint::Elements e;
};

/// np.array2string for a non-empty array (0-d included).
std::string array2string(const NumpyArrayObj &a, const PrintOptions &po, const std::string &sep,
                         const std::string &prefix, const std::string &suffix) {
  NumpyElements el(a);
  return arrayprint::array2string(el.e, po, sep, prefix, suffix);
}

std::string strDTypeRepr(const NumpyArrayObj &a) {
  if (a.dtype == NpDType::Str)
    return "'<U" + std::to_string(a.strLen) + "'";
  return npDTypeName(a.dtype);
}

std::string arrayStrWith(const NumpyArrayObj &a, const PrintOptions &po) {
  if (a.rank() == 0)
    return npScalarStr(a);
  if (a.size() == 0)
    return "[]";
  return array2string(a, po, " ", "", "");
}

std::string arrayReprWith(const NumpyArrayObj &a, const PrintOptions &po) {
  const std::string prefix = "array(";
  std::string lst = a.size() == 0 && a.rank() > 0 ? "[]" : array2string(a, po, ", ", prefix, ")");
  std::vector<std::string> extras;
  // numpy >= 2.2 also names the shape of a summarised array.
  if ((a.size() == 0 && !(a.rank() == 1)) || a.size() > po.threshold)
    extras.push_back("shape=" + shapeStr(a.shape));
  bool implied = a.dtype == NpDType::F64 || a.dtype == NpDType::I64 || a.dtype == NpDType::Bool;
  if (!implied || a.size() == 0)
    extras.push_back("dtype=" + strDTypeRepr(a));
  if (extras.empty())
    return prefix + lst + ")";
  std::string arrStr = prefix + lst + ",";
  std::string extra;
  for (size_t i = 0; i < extras.size(); ++i)
    extra += (i ? ", " : "") + extras[i];
  size_t nl = arrStr.rfind('\n');
  int64_t lastLineLen = int64_t(arrStr.size()) - (nl == std::string::npos ? 0 : int64_t(nl) + 1);
  std::string spacer = " ";
  if (lastLineLen + int64_t(extra.size()) + 1 > po.linewidth)
    spacer = "\n" + std::string(prefix.size(), ' ');
  return arrStr + spacer + extra + ")";
}

} // namespace

std::string npArrayStr(const NumpyArrayObj &a) { return arrayStrWith(a, options()); }
std::string npArrayRepr(const NumpyArrayObj &a) { return arrayReprWith(a, options()); }

std::string npScalarStr(const NumpyArrayObj &a) {
  int64_t o = a.offset;
  switch (npKind(a.dtype)) {
  case NpKind::Bool: return a.getB(o) ? "True" : "False";
  case NpKind::Float: return floatfmt::numpyScalarStr(bitsOf(a.getF(o), a.dtype), kindOf(a.dtype));
  case NpKind::Str: return a.store->strs[size_t(o)];
  default: return intStr(a, o);
  }
}

std::string npScalarRepr(const NumpyArrayObj &a) {
  int64_t o = a.offset;
  switch (npKind(a.dtype)) {
  case NpKind::Bool: return a.getB(o) ? "np.True_" : "np.False_";
  case NpKind::Str: return "np.str_(" + pyStrRepr(a.store->strs[size_t(o)]) + ")";
  default: return "np." + npDTypeName(a.dtype) + "(" + npScalarStr(a) + ")";
  }
}

namespace npy {

namespace {
/// Reads print-option keywords into `po` (set_printoptions, array2string).
void readOptions(Evaluator &ev, const CallArgs &a, PrintOptions &po, bool strict) {
  for (auto &[k, v] : a.kwargs) {
    if (v.isNone() && k != "sign")
      continue;
    if (k == "precision")
      po.precision = int(ev.toIndex(v, "precision"));
    else if (k == "threshold")
      po.threshold = v.isFloat() ? (std::isinf(v.asFloat()) ? INT64_MAX : int64_t(v.asFloat()))
                                 : ev.toIndex(v, "threshold");
    else if (k == "edgeitems")
      po.edgeitems = ev.toIndex(v, "edgeitems");
    else if (k == "linewidth" || k == "max_line_width")
      po.linewidth = int(ev.toIndex(v, "linewidth"));
    else if (k == "suppress" || k == "suppress_small")
      po.suppress = ev.truthy(v);
    else if (k == "floatmode") {
      std::string m = ev.str(v);
      if (m != "fixed" && m != "unique" && m != "maxprec" && m != "maxprec_equal")
        raise("ValueError", "floatmode option must be one of 'fixed', 'unique', 'maxprec', "
                            "'maxprec_equal'");
      po.floatmode = m;
    } else if (k == "sign") {
      if (v.isNone())
        continue;
      std::string s = ev.str(v);
      if (s != "-" && s != "+" && s != " ")
        raise("ValueError", "sign option must be one of ' ', '+', or '-'");
      po.sign = s[0];
    } else if (k == "nanstr")
      po.nanstr = ev.str(v);
    else if (k == "infstr")
      po.infstr = ev.str(v);
    else if (k == "legacy" || k == "formatter" || k == "separator" || k == "prefix" ||
             k == "suffix" || k == "override_repr")
      continue;
    else if (strict)
      raise("TypeError", "set_printoptions() got an unexpected keyword argument '" + k + "'");
  }
}

Value optionsDict() {
  PrintOptions &po = options();
  Value d = Value::dict();
  auto set = [&](const char *k, Value v) { d.asDict().set(Value::str(k), std::move(v)); };
  set("edgeitems", Value::integer(po.edgeitems));
  set("threshold", Value::integer(po.threshold));
  set("floatmode", Value::str(po.floatmode));
  set("precision", Value::integer(po.precision));
  set("suppress", Value::boolean(po.suppress));
  set("linewidth", Value::integer(po.linewidth));
  set("nanstr", Value::str(po.nanstr));
  set("infstr", Value::str(po.infstr));
  set("sign", Value::str(std::string(1, po.sign)));
  set("legacy", Value::boolean(false));
  return d;
}

/// with np.printoptions(...): sets the options, restores them on exit.
std::shared_ptr<ClassObj> printOptionsClass() {
  static std::shared_ptr<ClassObj> c = [] {
    auto k = std::make_shared<ClassObj>("printoptions", "numpy",
                                        std::vector<std::shared_ptr<ClassObj>>{});
    k->linearize();
    return k;
  }();
  return c;
}

class PrintOptionsCtx : public InstanceObj {
public:
  PrintOptionsCtx(PrintOptions next) : InstanceObj(printOptionsClass()), next(std::move(next)) {}
  PrintOptions next, saved;
};
} // namespace

void registerPrinting(Evaluator &, ModuleObject &np) {
  np.def("set_printoptions", [](Evaluator &ev, CallArgs &a) {
    static const char *names[] = {"precision", "threshold", "edgeitems", "linewidth", "suppress",
                                  "nanstr", "infstr", "formatter", "sign", "floatmode"};
    for (size_t i = 0; i < a.args.size() && i < 10; ++i)
      a.kwargs.push_back({names[i], a.args[i]});
    a.args.clear();
    readOptions(ev, a, options(), true);
    return Value::none();
  });
  np.def("get_printoptions", [](Evaluator &, CallArgs &) { return optionsDict(); });
  auto cls = printOptionsClass();
  cls->setAttr("__enter__", nativeMethod("__enter__", [](Evaluator &, CallArgs &a) {
                 auto *c = dynamic_cast<PrintOptionsCtx *>(asInstance(a.args[0]));
                 c->saved = options();
                 options() = c->next;
                 return optionsDict();
               }));
  cls->setAttr("__exit__", nativeMethod("__exit__", [](Evaluator &, CallArgs &a) {
                 auto *c = dynamic_cast<PrintOptionsCtx *>(asInstance(a.args[0]));
                 options() = c->saved;
                 return Value::boolean(false);
               }));
  np.def("printoptions", [](Evaluator &ev, CallArgs &a) {
    PrintOptions next = options();
    readOptions(ev, a, next, true);
    return Value::object(Value::Kind::Native, std::make_shared<PrintOptionsCtx>(next));
  });
  np.def("array2string", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 4, "array2string");
    PrintOptions po = options();
    if (a.args.size() > 1)
      a.kwargs.push_back({"max_line_width", a.args[1]});
    if (a.args.size() > 2)
      a.kwargs.push_back({"precision", a.args[2]});
    if (a.args.size() > 3)
      a.kwargs.push_back({"suppress_small", a.args[3]});
    readOptions(ev, a, po, false);
    std::string sep = " ", prefix, suffix;
    for (auto &[k, v] : a.kwargs) {
      if (k == "separator")
        sep = ev.str(v);
      else if (k == "prefix")
        prefix = ev.str(v);
      else if (k == "suffix")
        suffix = ev.str(v);
    }
    Value x = toNumpy(ev, a.args[0]);
    NumpyArrayObj &o = arr(x);
    if (o.size() == 0)
      return Value::str("[]");
    return Value::str(array2string(o, po, sep, prefix, suffix));
  });
  auto strOrRepr = [](bool repr) {
    return [repr](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 4, repr ? "array_repr" : "array_str");
      PrintOptions po = options();
      if (a.args.size() > 1)
        a.kwargs.push_back({"max_line_width", a.args[1]});
      if (a.args.size() > 2)
        a.kwargs.push_back({"precision", a.args[2]});
      if (a.args.size() > 3)
        a.kwargs.push_back({"suppress_small", a.args[3]});
      readOptions(ev, a, po, false);
      Value x = toNumpy(ev, a.args[0]);
      return Value::str(repr ? arrayReprWith(arr(x), po) : arrayStrWith(arr(x), po));
    };
  };
  np.def("array_str", strOrRepr(false));
  np.def("array_repr", strOrRepr(true));
  auto fmtFloat = [](bool sci) {
    return [sci](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 8, sci ? "format_float_scientific" : "format_float_positional");
      Value x = toNumpy(ev, a.args[0]);
      NumpyArrayObj &o = arr(x);
      NpDType t = npKind(o.dtype) == NpKind::Float ? o.dtype : NpDType::F64;
      double v = o.getF(o.offset);
      floatfmt::Options op;
      op.scientific = sci;
      op.unique = true;
      op.trim = Trim::Keep;
      for (auto &[k, val] : a.kwargs) {
        if (k == "precision" && !val.isNone())
          op.precision = int(ev.toIndex(val, "precision"));
        else if (k == "unique")
          op.unique = ev.truthy(val);
        else if (k == "trim") {
          std::string s = ev.str(val);
          op.trim = s == "k" ? Trim::Keep : s == "." ? Trim::Zeros : s == "0" ? Trim::LeaveOneZero : Trim::DptZeros;
        } else if (k == "sign")
          op.sign = ev.truthy(val);
        else if (k == "pad_left" && !val.isNone())
          op.padLeft = int(ev.toIndex(val, "pad_left"));
        else if (k == "pad_right" && !val.isNone())
          op.padRight = int(ev.toIndex(val, "pad_right"));
        else if (k == "exp_digits" && !val.isNone())
          op.expDigits = int(ev.toIndex(val, "exp_digits"));
        else if (k == "min_digits" && !val.isNone())
          op.minDigits = int(ev.toIndex(val, "min_digits"));
      }
      if (has(a, 1) && !a.args[1].isNone())
        op.precision = int(ev.toIndex(a.args[1], "precision"));
      return Value::str(floatfmt::dragon4(bitsOf(v, t), kindOf(t), op));
    };
  };
  np.def("format_float_positional", fmtFloat(false));
  np.def("format_float_scientific", fmtFloat(true));
}

} // namespace npy
} // namespace parax::frontend
