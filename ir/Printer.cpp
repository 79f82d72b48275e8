//===- Printer.cpp - stable textual form of the parax IR ------------------===//
//
// Grammar of the output (what FileCheck tests can rely on):
//
//   module    ::= func ("\n" func)*                 (a blank line between)
//   func      ::= "func @" name "(" (arg ("," arg)*)? ") -> " results " {\n"
//                 op-line* "}\n"
//   arg       ::= "%argN: " type
//   results   ::= type | "(" (type (", " type)*)? ")"   (parens unless one)
//   type      ::= dtype "[" (dim ("," dim)*)? "]" (" weak")?  e.g. f32[2,3]
//   op-line   ::= indent (vals " = ")? mnemonic operands attrs types loc?
//                 region-body?
//   vals      ::= "%N" (", %N")*
//   operands  ::= " %a, %b"            for ops without regions
//               | "(%a, %b)"           for ops with regions (always parens)
//   attrs     ::= (" " name "=" value)*  sorted by name; a constant's `value`
//                 prints first, bare: "constant 2.5 : f32[]"
//   types     ::= " : " result types joined ", "   if the op has results
//               | " : " operand types joined ", "  if only operands (yield)
//               | " : (" operand types ") -> " results  for region ops
//   loc       ::= " loc(file:line:col)" | " loc(unknown)"
//   region-body ::= " {\n" region (indent "} {\n" region)* indent "}"
//   region    ::= indent "^bb0(" %N ": " type (", " %N ": " type)* "):\n"
//                 op-line*            (ops indented 2 more than the header;
//                 "^bb0:\n" when the block has no arguments)
//
// Values: ints in decimal; floats in the shortest form that round-trips
// (Python repr style, always with "." or an exponent: 1.0, 1e-05, inf, nan);
// strings double-quoted with \" \\ \n \t \r and \xHH escapes; int lists as
// [1,2]; arrays as nested lists [[1,2],[3,4]], true/false for bool, or
// dense<f32[64,64]> when larger than PrintOptions::maxConstantElements.
//
//===----------------------------------------------------------------------===//
#include "ir/Printer.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace parax::ir {

//===----------------------------------------------------------------------===//
// ValueNames
//===----------------------------------------------------------------------===//

ValueNames::ValueNames(const Block &top) {
  for (unsigned i = 0; i < top.numArguments(); ++i)
    names_[top.argument(i)] = "%arg" + std::to_string(i);
  for (const auto &op : top.operations())
    numberOp(*op);
}

ValueNames::ValueNames(const Operation &op) { numberOp(op); }

ValueNames ValueNames::forOp(const Operation &op) {
  const Operation *cur = &op;
  while (const Block *b = cur->parentBlock()) {
    Operation *parent = b->parentOp();
    if (!parent)
      return ValueNames(*b);
    cur = parent;
  }
  return ValueNames(*cur);
}

void ValueNames::numberOp(const Operation &op) {
  for (const auto &r : op.results())
    names_[r.get()] = "%" + std::to_string(next_++);
  for (unsigned i = 0; i < op.numRegions(); ++i)
    if (!op.region(i).empty())
      numberBlock(op.region(i).front());
}

void ValueNames::numberBlock(const Block &b) {
  for (const auto &a : b.arguments())
    names_[a.get()] = "%" + std::to_string(next_++);
  for (const auto &op : b.operations())
    numberOp(*op);
}

std::string ValueNames::name(const Value *v) const {
  if (!v)
    return "%<null>";
  auto it = names_.find(v);
  return it == names_.end() ? "%<?>" : it->second;
}

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

namespace {

/// Renders the "%.*e" output `sci` (e.g. "-1.2500e+03") in Python's repr
/// style: fixed notation for exponents in [-4, 16), scientific otherwise.
std::string reprFromScientific(const std::string &sci) {
  size_t pos = 0;
  std::string sign;
  if (sci[0] == '-') {
    sign = "-";
    pos = 1;
  }
  size_t e = sci.find('e');
  std::string digits;
  for (size_t i = pos; i < e; ++i)
    if (sci[i] != '.')
      digits += sci[i];
  int exp = std::atoi(sci.c_str() + e + 1);
  while (digits.size() > 1 && digits.back() == '0')
    digits.pop_back();
  if (exp < -4 || exp >= 16) {
    std::string r = sign + digits.substr(0, 1);
    if (digits.size() > 1)
      r += "." + digits.substr(1);
    char buf[16];
    std::snprintf(buf, sizeof buf, "e%c%02d", exp < 0 ? '-' : '+',
                  exp < 0 ? -exp : exp);
    return r + buf;
  }
  if (exp < 0)
    return sign + "0." + std::string(size_t(-exp - 1), '0') + digits;
  size_t intLen = size_t(exp) + 1;
  if (digits.size() <= intLen)
    return sign + digits + std::string(intLen - digits.size(), '0') + ".0";
  return sign + digits.substr(0, intLen) + "." + digits.substr(intLen);
}

/// Shortest "%.*e" rendering of `v` for which `same(strtod(text))` holds.
template <typename Same> std::string shortestFloat(double v, Same same) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  char buf[64];
  for (int prec = 0; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*e", prec, v);
    if (same(std::strtod(buf, nullptr)))
      break;
  }
  return reprFromScientific(buf);
}

} // namespace

std::string printFloat(double v) {
  return shortestFloat(v, [&](double p) { return p == v; });
}

std::string printFloat(double v, DType dt) {
  float f = float(v);
  switch (dt) {
  case DType::F16:
    return shortestFloat(
        v, [&](double p) { return floatToHalf(float(p)) == floatToHalf(f); });
  case DType::BF16:
    return shortestFloat(
        v, [&](double p) { return floatToBf16(float(p)) == floatToBf16(f); });
  case DType::F32:
    return shortestFloat(v, [&](double p) { return float(p) == f; });
  default:
    return printFloat(v);
  }
}

std::string printQuoted(const std::string &s) {
  std::string r = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    switch (c) {
    case '"':
      r += "\\\"";
      break;
    case '\\':
      r += "\\\\";
      break;
    case '\n':
      r += "\\n";
      break;
    case '\t':
      r += "\\t";
      break;
    case '\r':
      r += "\\r";
      break;
    default:
      if (u < 0x20 || u == 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", u);
        r += buf;
      } else {
        r += c; // UTF-8 passes through unchanged.
      }
    }
  }
  return r + "\"";
}

namespace {

std::string printElement(const Array &a, int64_t i) {
  DType dt = a.dtype();
  if (dt == DType::Bool)
    return a.getInt(i) ? "true" : "false";
  if (isFloat(dt))
    return printFloat(a.getDouble(i), dt);
  if (dt == DType::U64)
    return std::to_string(uint64_t(a.getInt(i)));
  return std::to_string(a.getInt(i));
}

/// Appends the nested list for dimensions [dim, rank) starting at flat
/// element `offset`.
void printNested(const Array &a, size_t dim, int64_t offset, std::string &out) {
  const Shape &s = a.shape();
  if (dim == s.size()) {
    out += printElement(a, offset);
    return;
  }
  int64_t stride = 1;
  for (size_t d = dim + 1; d < s.size(); ++d)
    stride *= s[d];
  out += "[";
  for (int64_t i = 0; i < s[dim]; ++i) {
    if (i)
      out += ",";
    printNested(a, dim + 1, offset + i * stride, out);
  }
  out += "]";
}

/// "f32[2,3]" without the weak marker (used inside dense<...>).
std::string strongTypeStr(TensorType t) {
  t.weak = false;
  return t.irStr();
}

} // namespace

std::string printArrayLiteral(const Array &a, int64_t maxElements) {
  if (!a.valid())
    return "<invalid>";
  if (a.size() > maxElements)
    return "dense<" + strongTypeStr(a.type()) + ">";
  std::string out;
  printNested(a, 0, 0, out);
  return out;
}

std::string printAttrValue(const AttrValue &v, int64_t maxElements) {
  if (auto *i = std::get_if<int64_t>(&v))
    return std::to_string(*i);
  if (auto *d = std::get_if<double>(&v))
    return printFloat(*d);
  if (auto *s = std::get_if<std::string>(&v))
    return printQuoted(*s);
  if (auto *l = std::get_if<std::vector<int64_t>>(&v)) {
    std::string r = "[";
    for (size_t k = 0; k < l->size(); ++k)
      r += (k ? "," : "") + std::to_string((*l)[k]);
    return r + "]";
  }
  return printArrayLiteral(std::get<Array>(v), maxElements);
}

//===----------------------------------------------------------------------===//
// Ops, functions, modules
//===----------------------------------------------------------------------===//

namespace {

class IrPrinter {
public:
  IrPrinter(const ValueNames &names, const PrintOptions &opts, std::string &out)
      : names_(names), opts_(opts), out_(out) {}

  /// Prints `op` at `indent` spaces, without a trailing newline.
  void printOp(const Operation &op, unsigned indent) {
    out_.append(indent, ' ');
    for (unsigned i = 0; i < op.numResults(); ++i)
      out_ += (i ? ", " : "") + names_.name(op.result(i));
    if (op.numResults())
      out_ += " = ";
    out_ += op.name();
    bool hasRegions = op.numRegions() > 0;
    if (hasRegions)
      out_ += "(" + valueList(op.operands()) + ")";
    else if (op.numOperands())
      out_ += " " + valueList(op.operands());
    printAttrs(op);
    printTypes(op, hasRegions);
    if (opts_.printLocations)
      out_ += " loc(" + (op.loc().valid() ? op.loc().str() : "unknown") + ")";
    if (!hasRegions)
      return;
    out_ += " {\n";
    for (unsigned r = 0; r < op.numRegions(); ++r) {
      if (r) {
        out_.append(indent, ' ');
        out_ += "} {\n";
      }
      printRegion(op.region(r), indent);
    }
    out_.append(indent, ' ');
    out_ += "}";
  }

  /// Prints the ops of `b`, one per line, at `indent`.
  void printOps(const Block &b, unsigned indent) {
    for (const auto &op : b.operations()) {
      printOp(*op, indent);
      out_ += "\n";
    }
  }

private:
  std::string valueList(const std::vector<Value *> &vals) {
    std::string r;
    for (size_t i = 0; i < vals.size(); ++i)
      r += (i ? ", " : "") + names_.name(vals[i]);
    return r;
  }

  static std::string typeOf(const Value *v) {
    return v ? v->type().irStr() : "<null>";
  }

  void printAttrs(const Operation &op) {
    const auto &all = op.attrs().all();
    auto value = all.find("value");
    bool bareValue = op.kind() == OpKind::Constant && value != all.end() &&
                     std::holds_alternative<Array>(value->second);
    if (bareValue)
      out_ += " " + printArrayLiteral(std::get<Array>(value->second),
                                      opts_.maxConstantElements);
    for (const auto &[name, v] : all) {
      if (bareValue && name == "value")
        continue;
      out_ += " " + name + "=" + printAttrValue(v, opts_.maxConstantElements);
    }
  }

  void printTypes(const Operation &op, bool functional) {
    std::string results;
    for (unsigned i = 0; i < op.numResults(); ++i)
      results += (i ? ", " : "") + typeOf(op.result(i));
    if (functional) {
      std::string operands;
      for (unsigned i = 0; i < op.numOperands(); ++i)
        operands += (i ? ", " : "") + typeOf(op.operand(i));
      out_ += " : (" + operands + ") -> ";
      out_ += op.numResults() == 1 ? results : "(" + results + ")";
      return;
    }
    if (op.numResults()) {
      out_ += " : " + results;
      return;
    }
    if (op.numOperands()) {
      out_ += " : ";
      for (unsigned i = 0; i < op.numOperands(); ++i)
        out_ += (i ? ", " : "") + typeOf(op.operand(i));
    }
  }

  void printRegion(const Region &r, unsigned indent) {
    if (r.empty())
      return;
    const Block &b = r.front();
    out_.append(indent, ' ');
    out_ += "^bb0";
    if (b.numArguments()) {
      out_ += "(";
      for (unsigned i = 0; i < b.numArguments(); ++i)
        out_ += (i ? ", " : "") + names_.name(b.argument(i)) + ": " +
                b.argument(i)->type().irStr();
      out_ += ")";
    }
    out_ += ":\n";
    printOps(b, indent + 2);
  }

  const ValueNames &names_;
  const PrintOptions &opts_;
  std::string &out_;
};

} // namespace

std::string printOp(const Operation &op, const PrintOptions &opts) {
  ValueNames names = ValueNames::forOp(op);
  std::string out;
  IrPrinter(names, opts, out).printOp(op, 0);
  return out;
}

std::string printFunc(const Func &f, const PrintOptions &opts) {
  const Block &entry = f.entry();
  ValueNames names(entry);
  std::string out = "func @" + f.name() + "(";
  for (unsigned i = 0; i < entry.numArguments(); ++i)
    out += (i ? ", " : "") + names.name(entry.argument(i)) + ": " +
           entry.argument(i)->type().irStr();
  out += ") -> ";
  std::vector<TensorType> results = f.resultTypes();
  std::string list;
  for (size_t i = 0; i < results.size(); ++i)
    list += (i ? ", " : "") + results[i].irStr();
  out += results.size() == 1 ? list : "(" + list + ")";
  out += " {\n";
  IrPrinter(names, opts, out).printOps(entry, 2);
  return out + "}\n";
}

std::string printModule(const Module &m, const PrintOptions &opts) {
  std::string out;
  for (size_t i = 0; i < m.funcs().size(); ++i) {
    if (i)
      out += "\n";
    out += printFunc(*m.funcs()[i], opts);
  }
  return out;
}

} // namespace parax::ir
