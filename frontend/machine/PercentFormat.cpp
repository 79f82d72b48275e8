//===- PercentFormat.cpp - printf-style string formatting (str % args) ----===//
//
// Each %-conversion is rewritten as the equivalent format spec and handed
// to formatValue, so both formatting languages share one implementation:
// flags '-' '+' ' ' '#' '0', width, precision, the conversions
// d i u f F e E g G x X o c s r a, %(key)s with a mapping, and %%.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Builtins.h"
#include "frontend/lib/NumpyArray.h"
#include "frontend/machine/Evaluator.h"

#include <cmath>

namespace parax::frontend {

Value percentFormat(Evaluator &ev, const std::string &fmt, const Value &args) {
  std::vector<Value> items;
  const Value *mapping = args.isDict() ? &args : nullptr;
  if (args.isTuple())
    items = args.elements();
  else
    items = {args};
  size_t next = 0;
  bool usedMapping = false;
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    if (++i >= fmt.size())
      raise("ValueError", "incomplete format");
    if (fmt[i] == '%') {
      out += '%';
      continue;
    }
    Value v;
    bool haveValue = false;
    if (fmt[i] == '(') {
      size_t close = fmt.find(')', i);
      if (close == std::string::npos)
        raise("ValueError", "incomplete format key");
      if (!mapping)
        raise("TypeError", "format requires a mapping");
      Value *found = mapping->asDict().find(Value::str(fmt.substr(i + 1, close - i - 1)));
      if (!found)
        raise("KeyError", "'" + fmt.substr(i + 1, close - i - 1) + "'");
      v = *found;
      haveValue = usedMapping = true;
      i = close + 1;
    }
    std::string flags;
    while (i < fmt.size() && std::string("-+ #0").find(fmt[i]) != std::string::npos)
      flags += fmt[i++];
    auto number = [&](std::string &digits) {
      if (i < fmt.size() && fmt[i] == '*') {
        if (next >= items.size())
          raise("TypeError", "not enough arguments for format string");
        digits = std::to_string(ev.toIndex(items[next++], "* width"));
        ++i;
        return;
      }
      while (i < fmt.size() && std::isdigit((unsigned char)fmt[i]))
        digits += fmt[i++];
    };
    std::string width, precision;
    number(width);
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      number(precision);
      if (precision.empty())
        precision = "0";
    }
    while (i < fmt.size() && std::string("hlL").find(fmt[i]) != std::string::npos)
      ++i; // length modifiers mean nothing in Python
    if (i >= fmt.size())
      raise("ValueError", "incomplete format");
    char type = fmt[i];
    if (!haveValue) {
      if (next >= items.size())
        raise("TypeError", "not enough arguments for format string");
      v = items[next++];
    }
    bool left = flags.find('-') != std::string::npos;
    if (type != 's' && type != 'r' && type != 'a')
      v = numpyScalarAsPython(v); // %.2f of np.float64(1.5) formats 1.5
    bool numeric = std::string("diufFeEgGxXoc").find(type) != std::string::npos;
    std::string spec;
    if (left)
      spec += '<';
    else if (!numeric || type == 'c')
      spec += '>'; // % right-aligns text, where format() would left-align it
    if (flags.find('+') != std::string::npos)
      spec += '+';
    else if (flags.find(' ') != std::string::npos)
      spec += ' ';
    if (flags.find('#') != std::string::npos)
      spec += '#';
    if (!left && numeric && flags.find('0') != std::string::npos)
      spec += '0';
    spec += width;
    switch (type) {
    case 'd':
    case 'i':
    case 'u': {
      if (spec.empty() && v.isInt()) { // plain %d, the common case
        out += std::to_string(v.asInt());
        break;
      }
      if (!v.isNumber() && !v.isArrayValue() && !v.isBigInt())
        raise("TypeError", "%" + std::string(1, type) + " format: a real number is required, not " +
                               typeName(v));
      Value iv = v.isFloat() ? intFromDouble(std::trunc(v.asFloat())) : v;
      out += formatValue(ev, iv, spec + "d", 0);
      break;
    }
    case 'x':
    case 'X':
    case 'o':
      if (!(v.isInt() || v.isBool() || v.isBigInt()))
        raise("TypeError", "%" + std::string(1, type) + " format: an integer is required, not " +
                               typeName(v));
      out += formatValue(ev, v, spec + type, 0);
      break;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
      if (!v.isNumber() && !v.isArrayValue() && !v.isBigInt())
        raise("TypeError", "must be real number, not " + typeName(v));
      out += formatValue(ev, v.isNumber() ? Value::floating(v.asFloat())
                             : v.isBigInt() ? Value::floating(intToDouble(v)) : v,
                         spec + "." + (precision.empty() ? "6" : precision) + type, 0);
      break;
    case 'c':
      out += formatValue(ev, v.isStr() ? v : Value::str(std::string(1, char(v.asInt()))), spec, 0);
      break;
    case 's':
    case 'r':
    case 'a': {
      if (type == 's' && flags.empty() && width.empty() && precision.empty() && v.isStr()) {
        out += v.asStr();
        break;
      }
      std::string text = type == 's' ? ev.str(v) : ev.repr(v);
      out += formatValue(ev, Value::str(text), spec + (precision.empty() ? "" : "." + precision),
                         0);
      break;
    }
    default: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu",
                    type, (unsigned)(unsigned char)type, i);
      raise("ValueError", buf);
    }
    }
  }
  if (!usedMapping && !mapping && next < items.size())
    raise("TypeError", "not all arguments converted during string formatting");
  return Value::str(out);
}

} // namespace parax::frontend
