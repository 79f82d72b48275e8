//===- Bytes.cpp - bytes and bytearray ------------------------------------===//
//
// bytes and bytearray are classes parax provides (ClassObjs with native
// methods, like the stand-ins of machine/BuiltinSubclass.h); an instance
// keeps its bytes as the raw text of a str in builtinValue, which is not a
// str to the program (the classes derive from no builtin). Indexing gives
// ints, slices give the same type, and the text methods (split, strip,
// replace, find, startswith, upper ...) run as the str methods on the
// Latin-1 text of the bytes, their str results turned back into bytes.
// A b'...' literal calls the hidden builtin __parax_bytes_literal__ with
// the literal's characters (all below 256).
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Hashing.h"
#include "frontend/lib/LibUtil.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace parax::frontend {

namespace {
std::string latin1ToUtf8(const std::string &raw) {
  std::string out;
  for (unsigned char c : raw) {
    if (c < 0x80) {
      out.push_back(char(c));
    } else {
      out.push_back(char(0xC0 | (c >> 6)));
      out.push_back(char(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

/// The code points of a UTF-8 str, each below 256 (else `what` fails).
bool utf8ToLatin1(const std::string &s, std::string &out) {
  out.clear();
  for (size_t i = 0; i < s.size();) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) {
      out.push_back(char(c));
      ++i;
    } else if ((c >> 5) == 6 && i + 1 < s.size() && c <= 0xC3) {
      out.push_back(char(((c & 0x1F) << 6) | ((unsigned char)s[i + 1] & 0x3F)));
      i += 2;
    } else {
      return false;
    }
  }
  return true;
}

ClassObj *bytesClassOf(const Value &v) {
  ClassObj *c = classOfInstance(v);
  if (!c)
    return nullptr;
  for (ClassObj *k : c->mro())
    if (k->builtinType.empty() && (k->name() == "bytes" || k->name() == "bytearray") &&
        k->bases().size() == 1 && k->bases()[0]->name() == "object" &&
        k->qualifiedName() == k->name())
      return k;
  return nullptr;
}

std::string pyBytesRepr(const std::string &raw) {
  bool hasSingle = raw.find('\'') != std::string::npos;
  bool hasDouble = raw.find('"') != std::string::npos;
  char q = hasSingle && !hasDouble ? '"' : '\'';
  std::string out = "b";
  out += q;
  for (unsigned char c : raw) {
    if (c == '\\') out += "\\\\";
    else if (c == (unsigned char)q) { out += '\\'; out += q; }
    else if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c < 32 || c >= 127) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else out += char(c);
  }
  out += q;
  return out;
}

/// The bytes of one of the many arguments that accept a bytes-like value.
std::string bytesArg(const Value &v, const std::string &what) {
  if (const Value *b = bytesClassOf(v) ? &asInstance(v)->builtinValue : nullptr)
    return b->asStr();
  raise("TypeError", what + ": a bytes-like object is required, not '" + typeName(v) + "'");
}

/// The bytes an iterable of ints stands for (bytes([1, 2]), b.join, extend).
std::string bytesFromInts(Evaluator &ev, const Value &v, Loc loc) {
  std::string out;
  for (const Value &x : ev.iterate(v, loc)) {
    if (!x.isInt() && !x.isBool())
      raise("TypeError", "'" + typeName(x) + "' object cannot be interpreted as an integer");
    int64_t i = x.asInt();
    if (i < 0 || i > 255)
      raise("ValueError", "bytes must be in range(0, 256)");
    out.push_back(char(i));
  }
  return out;
}

std::string encodeStr(const std::string &s, const std::string &encodingIn,
                      const std::string &errors) {
  std::string enc;
  for (char c : encodingIn)
    enc += c == '_' ? '-' : char(std::tolower((unsigned char)c));
  if (enc == "utf-8" || enc == "utf8")
    return s;
  if (enc == "ascii" || enc == "latin-1" || enc == "latin1" || enc == "iso-8859-1") {
    bool ascii = enc == "ascii";
    std::u32string cps;
    std::string out;
    size_t pos = 0;
    for (size_t i = 0; i < s.size(); ++pos) {
      unsigned char c = (unsigned char)s[i];
      size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
      char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
      for (size_t k = 1; k < n && i + k < s.size(); ++k)
        cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3F);
      i += n;
      if (cp < (ascii ? 0x80u : 0x100u)) {
        out.push_back(char(cp));
      } else if (errors == "ignore") {
      } else if (errors == "replace") {
        out.push_back('?');
      } else {
        char buf[16];
        std::snprintf(buf, sizeof buf, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x",
                      unsigned(cp));
        raise("UnicodeEncodeError", "'" + std::string(ascii ? "ascii" : "latin-1") +
                                        "' codec can't encode character '" + buf +
                                        "' in position " + std::to_string(pos) +
                                        ": ordinal not in range(" + (ascii ? "128" : "256") + ")");
      }
    }
    return out;
  }
  raise("LookupError", "unknown encoding: " + encodingIn);
}

std::string decodeBytes(const std::string &raw, const std::string &encodingIn,
                        const std::string &errors) {
  std::string enc;
  for (char c : encodingIn)
    enc += c == '_' ? '-' : char(std::tolower((unsigned char)c));
  if (enc == "latin-1" || enc == "latin1" || enc == "iso-8859-1")
    return latin1ToUtf8(raw);
  bool ascii = enc == "ascii";
  if (!ascii && enc != "utf-8" && enc != "utf8")
    raise("LookupError", "unknown encoding: " + encodingIn);
  std::string out;
  for (size_t i = 0; i < raw.size();) {
    unsigned char c = (unsigned char)raw[i];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 && c >= 0xC2 ? 2 : (c >> 4) == 14 ? 3
                            : (c >> 3) == 30 && c <= 0xF4 ? 4 : 0;
    bool ok = n > 0 && (!ascii || n == 1) && i + n <= raw.size();
    for (size_t k = 1; ok && k < n; ++k)
      ok = ((unsigned char)raw[i + k] >> 6) == 2;
    if (ok) {
      out.append(raw, i, n);
      i += n;
      continue;
    }
    if (errors == "ignore") {
      ++i;
      continue;
    }
    if (errors == "replace") {
      out += "\xEF\xBF\xBD";
      ++i;
      continue;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", c);
    std::string why = ascii ? "ordinal not in range(128)"
                      : n == 0 ? "invalid start byte"
                      : i + n > raw.size() ? "unexpected end of data" : "invalid continuation byte";
    raise("UnicodeDecodeError", "'" + std::string(ascii ? "ascii" : "utf-8") +
                                    "' codec can't decode byte " + buf + " in position " +
                                    std::to_string(i) + ": " + why);
  }
  return out;
}

/// The result of a str method run on Latin-1 text, back as bytes values.
Value fromTextResult(Evaluator &ev, const Value &r, ClassObj &cls);

Value makeBytesOf(ClassObj &cls, std::string raw) {
  auto inst = std::make_shared<InstanceObj>(
      std::static_pointer_cast<ClassObj>(cls.shared_from_this()));
  inst->builtinValue = Value::str(std::move(raw));
  return Value::object(Value::Kind::Native, inst);
}

Value fromTextResult(Evaluator &ev, const Value &r, ClassObj &cls) {
  if (r.isStr()) {
    std::string raw;
    if (!utf8ToLatin1(r.asStr(), raw))
      raise("ValueError", "bytes result out of range");
    return makeBytesOf(cls, raw);
  }
  if (r.isList() || r.isTuple()) {
    std::vector<Value> out;
    for (const Value &e : r.elements())
      out.push_back(fromTextResult(ev, e, cls));
    return r.isList() ? Value::list(out) : Value::tuple(out);
  }
  return r;
}

Value textArg(const Value &v) {
  if (bytesClassOf(v))
    return Value::str(latin1ToUtf8(asInstance(v)->builtinValue.asStr()));
  if (v.isInt() || v.isNone() || v.isBool())
    return v;
  if (v.isTuple()) {
    std::vector<Value> out;
    for (const Value &e : v.elements())
      out.push_back(textArg(e));
    return Value::tuple(out);
  }
  raise("TypeError", "a bytes-like object is required, not '" + typeName(v) + "'");
}

std::shared_ptr<ClassObj> makeBytesClass(const Value &objectClass, const std::string &name,
                                         bool mut) {
  auto object = std::static_pointer_cast<ClassObj>(asClass(objectClass)->shared_from_this());
  auto c = std::make_shared<ClassObj>(name, "", std::vector<std::shared_ptr<ClassObj>>{object});
  c->linearize();
  ClassObj *cp = c.get();
  auto raw = [](const Value &self) -> std::string & {
    return const_cast<std::string &>(asInstance(self)->builtinValue.asStr());
  };
  auto def = [&](const std::string &m, BuiltinFunction::Impl impl) {
    c->setAttr(m, nativeMethod(m, std::move(impl)));
  };
  auto construct = [name](Evaluator &ev, const std::vector<Value> &args,
                          const std::vector<std::pair<std::string, Value>> &kw) -> std::string {
    Value src = args.empty() ? Value() : args[0];
    std::string enc, errors = "strict";
    if (args.size() > 1)
      enc = args[1].isStr() ? args[1].asStr() : "";
    if (args.size() > 2)
      errors = args[2].isStr() ? args[2].asStr() : "strict";
    for (auto &k : kw) {
      if (k.first == "source")
        src = k.second;
      else if (k.first == "encoding" && k.second.isStr())
        enc = k.second.asStr();
      else if (k.first == "errors" && k.second.isStr())
        errors = k.second.asStr();
      else
        raise("TypeError", "'" + k.first + "' is an invalid keyword argument for " + name + "()");
    }
    if (src.isNone() && args.empty())
      return "";
    if (src.isStr()) {
      if (enc.empty())
        raise("TypeError", "string argument without an encoding");
      return encodeStr(src.asStr(), enc, errors);
    }
    if (!enc.empty())
      raise("TypeError", "encoding without a string argument");
    if (src.isInt() || src.isBool()) {
      if (src.asInt() < 0)
        raise("ValueError", "negative count");
      requireStrBytes(src.asInt());
      return std::string(size_t(src.asInt()), '\0');
    }
    if (bytesClassOf(src))
      return asInstance(src)->builtinValue.asStr();
    return bytesFromInts(ev, src, {});
  };
  c->setAttr("__new__", Value::object(Value::Kind::Native, std::make_shared<StaticMethodObj>(
      makeBuiltin(name + ".__new__", [construct, mut](Evaluator &ev, CallArgs &a) -> Value {
        ClassObj *target = a.args.empty() ? nullptr : asClass(a.args[0]);
        if (!target)
          raise("TypeError", "__new__(X): X is not a type object");
        std::vector<Value> rest(a.args.begin() + 1, a.args.end());
        return makeBytesOf(*target, mut ? std::string() : construct(ev, rest, a.kwargs));
      }))));
  def("__init__", [construct, mut, raw](Evaluator &ev, CallArgs &a) -> Value {
    if (mut) {
      std::vector<Value> rest(a.args.begin() + 1, a.args.end());
      raw(a.args[0]) = construct(ev, rest, a.kwargs);
    }
    return Value();
  });
  def("__repr__", [mut, raw](Evaluator &, CallArgs &a) {
    std::string r = pyBytesRepr(raw(a.args[0]));
    if (mut)
      r = classOfInstance(a.args[0])->name() + "(" + r + ")";
    return Value::str(r);
  });
  def("__len__", [raw](Evaluator &, CallArgs &a) {
    return Value::integer(int64_t(raw(a.args[0]).size()));
  });
  def("__bool__", [raw](Evaluator &, CallArgs &a) {
    return Value::boolean(!raw(a.args[0]).empty());
  });
  def("__iter__", [raw](Evaluator &ev, CallArgs &a) {
    std::vector<Value> ints;
    for (unsigned char ch : raw(a.args[0]))
      ints.push_back(Value::integer(ch));
    return ev.call(ev.builtin("iter"), {Value::list(ints)}, a.loc);
  });
  def("__getitem__", [raw, cp](Evaluator &ev, CallArgs &a) -> Value {
    const std::string &b = raw(a.args[0]);
    const Value &idx = a.args[1];
    if (idx.is(Value::Kind::Slice)) {
      std::vector<Value> ints;
      for (unsigned char ch : b)
        ints.push_back(Value::integer(ch));
      Value part = ev.getItem(Value::list(ints), idx, a.loc);
      std::string out;
      for (const Value &x : part.elements())
        out.push_back(char(x.asInt()));
      return makeBytesOf(*cp, out);
    }
    int64_t i = ev.toIndex(idx, "byte indices");
    int64_t n = int64_t(b.size());
    if (i < 0)
      i += n;
    if (i < 0 || i >= n)
      raise("IndexError", std::string(cp->name() == "bytes" ? "index" : "bytearray index") +
                              " out of range");
    return Value::integer((unsigned char)b[size_t(i)]);
  });
  def("__contains__", [raw](Evaluator &, CallArgs &a) {
    const std::string &b = raw(a.args[0]);
    const Value &x = a.args[1];
    if (x.isInt() || x.isBool()) {
      if (x.asInt() < 0 || x.asInt() > 255)
        raise("ValueError", "byte must be in range(0, 256)");
      return Value::boolean(b.find(char(x.asInt())) != std::string::npos);
    }
    return Value::boolean(b.find(bytesArg(x, "in")) != std::string::npos);
  });
  static const std::pair<const char *, int> cmps[] = {{"__eq__", 0}, {"__ne__", 1}, {"__lt__", 2},
                                                      {"__le__", 3}, {"__gt__", 4}, {"__ge__", 5}};
  for (auto [m, op] : cmps) {
    int k = op;
    def(m, [raw, k](Evaluator &, CallArgs &a) -> Value {
      if (!bytesClassOf(a.args[1]))
        return k == 0 ? Value::boolean(false) : k == 1 ? Value::boolean(true) : notImplemented();
      int c = raw(a.args[0]).compare(raw(a.args[1]));
      bool r = k == 0 ? c == 0 : k == 1 ? c != 0 : k == 2 ? c < 0 : k == 3 ? c <= 0 : k == 4 ? c > 0 : c >= 0;
      return Value::boolean(r);
    });
  }
  def("__hash__", [raw, mut](Evaluator &ev, CallArgs &a) {
    if (mut)
      raise("TypeError", "unhashable type: 'bytearray'");
    // CPython hashes bytes as the str of the same code units.
    return Value::integer(pyHash(ev, Value::str(latin1ToUtf8(raw(a.args[0])))));
  });
  def("__add__", [raw, cp](Evaluator &, CallArgs &a) {
    if (!bytesClassOf(a.args[1]))
      raise("TypeError", "can't concat " + typeName(a.args[1]) + " to " + cp->name());
    return makeBytesOf(*cp, raw(a.args[0]) + raw(a.args[1]));
  });
  def("__mul__", [raw, cp](Evaluator &ev, CallArgs &a) {
    int64_t n = ev.toIndex(a.args[1], "can't multiply sequence by non-int");
    std::string out;
    const std::string &b = raw(a.args[0]);
    if (n > 0)
      requireStrBytes(int64_t(b.size()) * n);
    for (int64_t i = 0; i < n; ++i)
      out += b;
    return makeBytesOf(*cp, out);
  });
  c->setAttr("__rmul__", *c->lookup("__mul__"));
  def("decode", [raw](Evaluator &, CallArgs &a) {
    bindArgs(a, {"self", "encoding", "errors"}, 1, "decode");
    Value enc = argOr(a, 1, "encoding"), err = argOr(a, 2, "errors");
    return Value::str(decodeBytes(raw(a.args[0]), enc.isStr() ? enc.asStr() : "utf-8",
                                  err.isStr() ? err.asStr() : "strict"));
  });
  def("hex", [raw](Evaluator &, CallArgs &a) {
    std::string sep = a.args.size() > 1 && a.args[1].isStr() ? a.args[1].asStr() : "";
    std::string out;
    const std::string &b = raw(a.args[0]);
    for (size_t i = 0; i < b.size(); ++i) {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%02x", (unsigned char)b[i]);
      out += (i && !sep.empty() ? sep : "") + buf;
    }
    return Value::str(out);
  });
  def("join", [raw, cp](Evaluator &ev, CallArgs &a) {
    std::string out;
    bool first = true;
    for (const Value &x : ev.iterate(a.args[1], a.loc)) {
      if (!first)
        out += raw(a.args[0]);
      out += bytesArg(x, "sequence item");
      first = false;
    }
    return makeBytesOf(*cp, out);
  });
  // The text methods: str's, on the Latin-1 text.
  for (const char *m : {"split", "rsplit", "strip", "lstrip", "rstrip", "replace", "find",
                        "rfind", "index", "rindex", "count", "startswith", "endswith", "upper",
                        "lower", "title", "capitalize", "swapcase", "isdigit", "isalpha",
                        "isalnum", "isspace", "isupper", "islower", "center", "ljust", "rjust",
                        "zfill", "partition", "rpartition", "splitlines", "removeprefix",
                        "removesuffix", "expandtabs", "isascii"}) {
    std::string mname = m;
    def(mname, [raw, cp, mname](Evaluator &ev, CallArgs &a) {
      Value text = Value::str(latin1ToUtf8(raw(a.args[0])));
      CallArgs ca;
      ca.loc = a.loc;
      for (size_t i = 1; i < a.args.size(); ++i)
        ca.args.push_back(textArg(a.args[i]));
      for (auto &kw : a.kwargs)
        ca.kwargs.emplace_back(kw.first, textArg(kw.second));
      Value r = ev.call(ev.getAttr(text, mname, a.loc), ca);
      return fromTextResult(ev, r, *cp);
    });
  }
  c->setAttr("fromhex", Value::object(Value::Kind::Native, std::make_shared<ClassMethodObj>(
      makeBuiltin(name + ".fromhex", [](Evaluator &, CallArgs &a) -> Value {
        ClassObj *target = a.args.empty() ? nullptr : asClass(a.args[0]);
        if (!target || a.args.size() != 2 || !a.args[1].isStr())
          raise("TypeError", "fromhex() argument must be str");
        const std::string &s = a.args[1].asStr();
        std::string out;
        auto hv = [](char ch) {
          return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                                               : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
        };
        for (size_t i = 0; i < s.size();) {
          if (s[i] == ' ') {
            ++i;
            continue;
          }
          int h = hv(s[i]), l = i + 1 < s.size() ? hv(s[i + 1]) : -1;
          if (h < 0 || l < 0)
            raise("ValueError", "non-hexadecimal number found in fromhex() arg at position " +
                                    std::to_string(h < 0 ? i : i + 1));
          out.push_back(char(h * 16 + l));
          i += 2;
        }
        return makeBytesOf(*target, out);
      }))));
  if (mut) {
    auto byteOf = [](Evaluator &ev, const Value &v) {
      int64_t i = ev.toIndex(v, "an integer is required");
      if (i < 0 || i > 255)
        raise("ValueError", "byte must be in range(0, 256)");
      return char(i);
    };
    def("append", [raw, byteOf](Evaluator &ev, CallArgs &a) {
      raw(a.args[0]).push_back(byteOf(ev, a.args[1]));
      return Value();
    });
    def("extend", [raw](Evaluator &ev, CallArgs &a) {
      raw(a.args[0]) += bytesClassOf(a.args[1]) ? raw(a.args[1]) : bytesFromInts(ev, a.args[1], a.loc);
      return Value();
    });
    def("__iadd__", [raw](Evaluator &, CallArgs &a) {
      raw(a.args[0]) += bytesArg(a.args[1], "+=");
      return a.args[0];
    });
    def("pop", [raw](Evaluator &ev, CallArgs &a) {
      std::string &b = raw(a.args[0]);
      if (b.empty())
        raise("IndexError", "pop from empty bytearray");
      int64_t i = a.args.size() > 1 ? ev.toIndex(a.args[1], "index") : -1;
      if (i < 0)
        i += int64_t(b.size());
      if (i < 0 || i >= int64_t(b.size()))
        raise("IndexError", "pop index out of range");
      Value r = Value::integer((unsigned char)b[size_t(i)]);
      b.erase(size_t(i), 1);
      return r;
    });
    def("clear", [raw](Evaluator &, CallArgs &a) {
      raw(a.args[0]).clear();
      return Value();
    });
    def("reverse", [raw](Evaluator &, CallArgs &a) {
      std::reverse(raw(a.args[0]).begin(), raw(a.args[0]).end());
      return Value();
    });
    def("copy", [raw, cp](Evaluator &, CallArgs &a) { return makeBytesOf(*cp, raw(a.args[0])); });
    def("__setitem__", [raw, byteOf](Evaluator &ev, CallArgs &a) {
      std::string &b = raw(a.args[0]);
      int64_t i = ev.toIndex(a.args[1], "bytearray indices");
      if (i < 0)
        i += int64_t(b.size());
      if (i < 0 || i >= int64_t(b.size()))
        raise("IndexError", "bytearray index out of range");
      b[size_t(i)] = byteOf(ev, a.args[2]);
      return Value();
    });
  }
  return c;
}
} // namespace

bool isBytesValue(const Value &v) { return bytesClassOf(v) != nullptr; }

namespace {
bool bigEndian(const Value &order) {
  if (!order.isStr())
    raise("TypeError", "to_bytes() argument 'byteorder' must be str, not " + typeName(order));
  if (order.asStr() != "big" && order.asStr() != "little")
    raise("ValueError", "byteorder must be either 'little' or 'big'");
  return order.asStr() == "big";
}
} // namespace

Value intToBytes(Evaluator &ev, const Value &n, CallArgs &a) {
  bindArgs(a, {"length", "byteorder", "signed"}, 0, "to_bytes");
  Value lenV = argOr(a, 0, "length"), orderV = argOr(a, 1, "byteorder"),
        signedV = argOr(a, 2, "signed");
  int64_t length = lenV.isNone() ? 1 : ev.toIndex(lenV, "length");
  if (length < 0)
    raise("ValueError", "length argument must be non-negative");
  bool big = orderV.isNone() ? true : bigEndian(orderV);
  bool isSigned = !signedV.isNone() && ev.truthy(signedV);
  requireStrBytes(length);
  Loc loc = a.loc;
  Value zero = Value::integer(0), b256 = Value::integer(256);
  Value limit = ev.binary(BinOpKind::Pow, b256, Value::integer(length), loc);
  Value v = n.isBool() ? Value::integer(n.asInt()) : n;
  bool negative = ev.truthy(ev.compare(CmpOpKind::Lt, v, zero, loc));
  if (negative && !isSigned)
    raise("OverflowError", "can't convert negative int to unsigned");
  if (isSigned) {
    Value half = ev.binary(BinOpKind::FloorDiv, limit, Value::integer(2), loc);
    bool fits = negative ? ev.truthy(ev.compare(CmpOpKind::GtE, v, ev.unary(UnaryOpKind::Neg, half, loc), loc))
                         : ev.truthy(ev.compare(CmpOpKind::Lt, v, half, loc));
    if (!fits)
      raise("OverflowError", "int too big to convert");
    if (negative)
      v = ev.binary(BinOpKind::Add, v, limit, loc);
  } else if (!ev.truthy(ev.compare(CmpOpKind::Lt, v, limit, loc))) {
    raise("OverflowError", "int too big to convert");
  }
  std::string out(size_t(length), '\0');
  for (int64_t i = 0; i < length; ++i) {
    out[size_t(big ? length - 1 - i : i)] = char(ev.binary(BinOpKind::Mod, v, b256, loc).asInt());
    v = ev.binary(BinOpKind::FloorDiv, v, b256, loc);
  }
  return makeBytesOf(*asClass(ev.builtin("bytes")), out);
}

Value intFromBytes(Evaluator &ev, CallArgs &a) {
  bindArgs(a, {"bytes", "byteorder", "signed"}, 1, "from_bytes");
  Value src = argOr(a, 0, "bytes"), orderV = argOr(a, 1, "byteorder"),
        signedV = argOr(a, 2, "signed");
  std::string raw = bytesClassOf(src) ? asInstance(src)->builtinValue.asStr()
                                      : bytesFromInts(ev, src, a.loc);
  bool big = orderV.isNone() ? true : bigEndian(orderV);
  Loc loc = a.loc;
  Value acc = Value::integer(0), b256 = Value::integer(256);
  for (size_t i = 0; i < raw.size(); ++i) {
    unsigned char c = (unsigned char)raw[big ? i : raw.size() - 1 - i];
    acc = ev.binary(BinOpKind::Add, ev.binary(BinOpKind::Mul, acc, b256, loc),
                    Value::integer(c), loc);
  }
  if (!signedV.isNone() && ev.truthy(signedV) && !raw.empty() &&
      ((unsigned char)raw[big ? 0 : raw.size() - 1] & 0x80))
    acc = ev.binary(BinOpKind::Sub, acc,
                    ev.binary(BinOpKind::Pow, b256, Value::integer(int64_t(raw.size())), loc), loc);
  return acc;
}

std::string decodeBytesValue(const Value &v, const std::string &encoding,
                             const std::string &errors) {
  return decodeBytes(asInstance(v)->builtinValue.asStr(), encoding, errors);
}

Value strEncode(Evaluator &ev, const std::string &s, CallArgs &a) {
  bindArgs(a, {"encoding", "errors"}, 0, "encode");
  Value enc = argOr(a, 0, "encoding"), err = argOr(a, 1, "errors");
  ClassObj *bytes = asClass(ev.builtin("bytes"));
  return makeBytesOf(*bytes, encodeStr(s, enc.isStr() ? enc.asStr() : "utf-8",
                                       err.isStr() ? err.asStr() : "strict"));
}

void installBytesBuiltins(Evaluator &ev, NameMap<Value> &b) {
  auto bytes = makeBytesClass(b["object"], "bytes", false);
  b["bytes"] = Value::object(Value::Kind::Native, bytes);
  b["bytearray"] = Value::object(Value::Kind::Native, makeBytesClass(b["object"], "bytearray", true));
  (void)ev;
  b["__parax_bytes_literal__"] = makeBuiltin("bytes", [bytes](Evaluator &, CallArgs &a) {
    std::string raw;
    if (a.args.size() != 1 || !a.args[0].isStr() || !utf8ToLatin1(a.args[0].asStr(), raw))
      raise("SyntaxError", "bytes can only contain ASCII literal characters");
    return makeBytesOf(*bytes, raw);
  });
}

} // namespace parax::frontend
