//===- NumberBuiltins.cpp - pow, hex, bin, oct, chr, ord, int methods -----===//
//
// The integer builtins that need Python's unbounded ints: pow with a
// modulus, hex/bin/oct of any int, chr/ord, round to tens, and the
// methods of int values (bit_length, bit_count, conjugate ...).
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"

namespace parax::frontend {

Value roundIntToTens(const Value &x, int64_t digits) {
  if (digits <= 0)
    return intValue(toBigInt(x));
  if (digits > 100000)
    return Value::integer(0);
  BigInt p = BigInt::pow(BigInt(10), uint64_t(digits)), q, r;
  BigInt::divMod(toBigInt(x), p, q, r); // r in [0, p)
  int c = BigInt::compare(r + r, p);
  bool odd = !q.isZero() && (q.limbs()[0] & 1u);
  if (c > 0 || (c == 0 && odd))
    q = q + BigInt(1);
  return intValue(q * p);
}

void raiseIntTooLargeForJax(const Value &v) {
  raise("OverflowError", "Python int " + intToString(v) + " too large to convert to int32");
}

namespace {
/// hex/bin/oct: '-0x1f' style.
Value prefixed(Evaluator &ev, const Value &v, int base, const char *prefix,
               const char *fn) {
  Value i = v;
  if (!isPyInt(i)) {
    Value r;
    if (!callSpecial(ev, v, "__index__", {}, r) || !isPyInt(r))
      raise("TypeError", "'" + typeName(v) + "' object cannot be interpreted as an integer");
    i = r;
  }
  BigInt b = toBigInt(i);
  bool neg = b.isNegative();
  return Value::str(std::string(neg ? "-" : "") + prefix + (neg ? -b : b).toString(base));
  (void)fn;
}

int64_t smallIndex(Evaluator &ev, const Value &v, const char *what) {
  if (v.isBigInt())
    raise("OverflowError", std::string("Python int too large to convert to C ") + what);
  return ev.toIndex(v, what);
}
} // namespace

Value intMethod(Evaluator &, const Value &self, const std::string &name) {
  Value v = self.isBool() ? Value::integer(self.asInt()) : self;
  auto noArgs = [](CallArgs &a, const std::string &n) {
    if (!a.args.empty() || !a.kwargs.empty())
      raise("TypeError", "int." + n + "() takes no arguments (" +
                             std::to_string(a.args.size()) + " given)");
  };
  if (name == "real" || name == "numerator")
    return v;
  if (name == "imag")
    return Value::integer(0);
  if (name == "denominator")
    return Value::integer(1);
  if (name == "to_bytes")
    return makeBuiltin("int.to_bytes", [v](Evaluator &ev, CallArgs &a) {
      return intToBytes(ev, v, a);
    });
  if (name == "bit_length" || name == "bit_count" || name == "conjugate" ||
      name == "as_integer_ratio" || name == "__index__" || name == "__int__")
    return makeBuiltin("int." + name, [v, name, noArgs](Evaluator &, CallArgs &a) {
      noArgs(a, name);
      BigInt b = toBigInt(v);
      if (name == "bit_length")
        return Value::integer(b.bitLength());
      if (name == "bit_count")
        return Value::integer(b.bitCount());
      if (name == "as_integer_ratio")
        return Value::tuple({v, Value::integer(1)});
      return v;
    });
  return Value::none();
}

void installNumberBuiltins(Evaluator &, NameMap<Value> &b) {
  auto def = [&](const std::string &name, BuiltinFunction::Impl impl) {
    b[name] = makeBuiltin(name, std::move(impl));
  };
  def("pow", [](Evaluator &ev, CallArgs &a) -> Value {
    const Value *base = a.get(0, "base"), *exp = a.get(1, "exp"), *mod = a.get(2, "mod");
    if (!base || !exp)
      raise("TypeError", "pow() missing required argument '" +
                             std::string(base ? "exp" : "base") + "' (pos " +
                             (base ? "2" : "1") + ")");
    if (!mod || mod->isNone())
      return ev.binary(BinOpKind::Pow, *base, *exp, a.loc);
    if (!isPyInt(*base) || !isPyInt(*exp) || !isPyInt(*mod))
      raise("TypeError", "pow() 3rd argument not allowed unless all arguments are integers");
    BigInt m = toBigInt(*mod), e = toBigInt(*exp), x = toBigInt(*base);
    if (m.isZero())
      raise("ValueError", "pow() 3rd argument cannot be 0");
    if (e.isNegative()) {
      // x ** -n % m: the inverse of x modulo m, to the n-th power.
      BigInt mm = m.isNegative() ? -m : m, q, r;
      BigInt::divMod(x, mm, q, r);
      // Extended Euclid for the inverse of r modulo mm.
      BigInt g0 = mm, g1 = r, s0(0), s1(1);
      while (!g1.isZero()) {
        BigInt qq, rr;
        BigInt::divMod(g0, g1, qq, rr);
        BigInt s2 = s0 - qq * s1;
        g0 = g1;
        g1 = rr;
        s0 = s1;
        s1 = s2;
      }
      if (BigInt::compare(g0, BigInt(1)) != 0)
        raise("ValueError", "base is not invertible for the given modulus");
      BigInt inv;
      BigInt::divMod(s0, mm, q, inv);
      return intValue(BigInt::powMod(inv, -e, m));
    }
    return intValue(BigInt::powMod(x, e, m));
  });
  def("hex", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "hex() takes exactly one argument (" + std::to_string(a.args.size()) +
                             " given)");
    return prefixed(ev, a.args[0], 16, "0x", "hex");
  });
  def("oct", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "oct() takes exactly one argument (" + std::to_string(a.args.size()) +
                             " given)");
    return prefixed(ev, a.args[0], 8, "0o", "oct");
  });
  def("bin", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "bin() takes exactly one argument (" + std::to_string(a.args.size()) +
                             " given)");
    return prefixed(ev, a.args[0], 2, "0b", "bin");
  });
  def("chr", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "chr() takes exactly one argument (" + std::to_string(a.args.size()) +
                             " given)");
    if (a.args[0].isFloat())
      raise("TypeError", "'float' object cannot be interpreted as an integer");
    int64_t cp = smallIndex(ev, a.args[0], "int");
    if (cp < 0 || cp > 0x10ffff)
      raise("ValueError", "chr() arg not in range(0x110000)");
    std::string out;
    uint32_t c = uint32_t(cp);
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xc0 | (c >> 6));
      out += char(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      out += char(0xe0 | (c >> 12));
      out += char(0x80 | ((c >> 6) & 0x3f));
      out += char(0x80 | (c & 0x3f));
    } else {
      out += char(0xf0 | (c >> 18));
      out += char(0x80 | ((c >> 12) & 0x3f));
      out += char(0x80 | ((c >> 6) & 0x3f));
      out += char(0x80 | (c & 0x3f));
    }
    return Value::str(out);
  });
  def("ord", [](Evaluator &, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "ord() takes exactly one argument (" + std::to_string(a.args.size()) +
                             " given)");
    if (!a.args[0].isStr())
      raise("TypeError", "ord() expected string of length 1, but " + typeName(a.args[0]) +
                             " found");
    const std::string &s = a.args[0].asStr();
    size_t n = 0;
    for (char c : s)
      n += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
    if (n != 1)
      raise("TypeError", "ord() expected a character, but string of length " +
                             std::to_string(n) + " found");
    unsigned char c0 = s[0];
    uint32_t cp = c0 < 0x80 ? c0 : (c0 >> 5) == 6 ? (c0 & 0x1f) : (c0 >> 4) == 14 ? (c0 & 0x0f) : (c0 & 0x07);
    for (size_t k = 1; k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[k]) & 0x3f);
    return Value::integer(cp);
  });
}

} // namespace parax::frontend
