//===- JsonCodec.cpp - the native half of json ----------------------------===//
//
// json.dumps and json.loads as CPython's json module computes them (its
// output is compared byte for byte): separators, indent, sort_keys,
// ensure_ascii's \uXXXX escapes (surrogate pairs past the BMP), NaN and
// Infinity, int/float/bool/None keys turned into strings, default= for
// other objects, circular references; the decoder's error positions
// (line, column, char) for JSONDecodeError. frontend/lib/python/json.py
// holds the Python API and calls _parax.json_encode / json_decode.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/JsonCodec.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "ir/HostMemory.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_set>

namespace parax::frontend {

namespace {
struct EncodeOptions {
  bool ensureAscii = true, allowNan = true, sortKeys = false, skipKeys = false;
  bool hasIndent = false;
  std::string indent, itemSep = ", ", keySep = ": ";
  Value deflt; ///< default=: called for objects json cannot encode
};

void appendHex4(std::string &out, unsigned v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\u%04x", v & 0xFFFF);
  out += buf;
}

void encodeString(std::string &out, const std::string &s, bool ensureAscii) {
  out += '"';
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = s[i];
    switch (c) {
    case '"':
      out += "\\\"";
      continue;
    case '\\':
      out += "\\\\";
      continue;
    case '\n':
      out += "\\n";
      continue;
    case '\r':
      out += "\\r";
      continue;
    case '\t':
      out += "\\t";
      continue;
    case '\b':
      out += "\\b";
      continue;
    case '\f':
      out += "\\f";
      continue;
    default:
      break;
    }
    if (c < 0x20) {
      appendHex4(out, c);
      continue;
    }
    if (c < 0x80 || !ensureAscii) {
      out += char(c);
      continue;
    }
    size_t len = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    uint32_t cp = c & (0x7F >> len);
    for (size_t k = 1; k < len && i + k < s.size(); ++k)
      cp = (cp << 6) | (s[i + k] & 0x3F);
    i += len - 1;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      appendHex4(out, 0xD800 + (cp >> 10));
      appendHex4(out, 0xDC00 + (cp & 0x3FF));
    } else {
      appendHex4(out, cp);
    }
  }
  out += '"';
}

class Encoder {
public:
  Encoder(Evaluator &ev, EncodeOptions o) : ev_(ev), o_(std::move(o)) {}

  void encode(const Value &v, int level) {
    // CPython's encoder recurses as Python calls do: past the recursion
    // limit it is a RecursionError (never a native stack overflow here).
    if (level >= kMaxCallDepth)
      raise("RecursionError", "maximum recursion depth exceeded while encoding a JSON object");
    if (out.size() > (size_t(1) << 20))
      HostMemory::require(int64_t(out.size()), "a JSON document");
    // A dict, list, str, int or float subclass encodes as its builtin value.
    if (const Value *b = builtinValueOf(v)) {
      encode(*b, level);
      return;
    }
    switch (v.kind()) {
    case Value::Kind::None:
      out += "null";
      return;
    case Value::Kind::Bool:
      out += v.asBool() ? "true" : "false";
      return;
    case Value::Kind::Int:
      out += std::to_string(v.asInt());
      return;
    case Value::Kind::Float:
      out += floatText(v.asFloat());
      return;
    case Value::Kind::Str:
      encodeString(out, v.asStr(), o_.ensureAscii);
      return;
    case Value::Kind::List:
    case Value::Kind::Tuple:
      encodeList(v, level);
      return;
    case Value::Kind::Dict:
      encodeDict(v, level);
      return;
    default:
      break;
    }
    // Python ints beyond int64 (and other int-like values) print as repr.
    std::string type = typeName(v);
    if (type == "int") {
      out += ev_.repr(v);
      return;
    }
    if (o_.deflt.isNone())
      raise("TypeError", "Object of type " + type + " is not JSON serializable");
    Guard g(*this, v);
    encode(ev_.call(o_.deflt, {v}, ev_.currentLoc()), level);
  }

  std::string out;

private:
  /// Marks a container as being encoded (circular references).
  struct Guard {
    Encoder &e;
    const void *key;
    Guard(Encoder &e, const Value &v) : e(e), key(v.objectPtr().get()) {
      if (key && !e.active_.insert(key).second)
        raise("ValueError", "Circular reference detected");
    }
    ~Guard() {
      if (key)
        e.active_.erase(key);
    }
  };

  std::string floatText(double d) {
    if (std::isnan(d) || std::isinf(d)) {
      if (!o_.allowNan)
        raise("ValueError", "Out of range float values are not JSON compliant");
      return std::isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
    }
    return ev_.repr(Value::floating(d));
  }

  void newline(int level) {
    out += '\n';
    for (int i = 0; i < level; ++i)
      out += o_.indent;
  }

  void encodeList(const Value &v, int level) {
    const std::vector<Value> &items = v.elements();
    if (items.empty()) {
      out += "[]";
      return;
    }
    Guard g(*this, v);
    out += '[';
    std::vector<Value> copy = items; // the default hook may mutate the list
    for (size_t i = 0; i < copy.size(); ++i) {
      if (i)
        out += o_.itemSep;
      if (o_.hasIndent)
        newline(level + 1);
      encode(copy[i], level + 1);
    }
    if (o_.hasIndent)
      newline(level);
    out += ']';
  }

  /// A key as JSON writes it, or false to skip it (skipkeys).
  bool keyText(const Value &key, std::string &text) {
    const Value &k = unwrapBuiltin(key);
    switch (k.kind()) {
    case Value::Kind::Str:
      text = k.asStr();
      return true;
    case Value::Kind::None:
      text = "null";
      return true;
    case Value::Kind::Bool:
      text = k.asBool() ? "true" : "false";
      return true;
    case Value::Kind::Int:
      text = std::to_string(k.asInt());
      return true;
    case Value::Kind::Float:
      text = floatText(k.asFloat());
      return true;
    default:
      if (typeName(k) == "int") {
        text = ev_.repr(k);
        return true;
      }
      if (o_.skipKeys)
        return false;
      raise("TypeError", "keys must be str, int, float, bool or None, not " + typeName(k));
    }
  }

  void encodeDict(const Value &v, int level) {
    std::vector<std::pair<Value, Value>> items = v.asDict().items();
    if (items.empty()) {
      out += "{}";
      return;
    }
    Guard g(*this, v);
    if (o_.sortKeys) {
      std::vector<Value> keyed;
      for (size_t i = 0; i < items.size(); ++i)
        keyed.push_back(Value::tuple({items[i].first, Value::integer(int64_t(i))}));
      sortValues(ev_, keyed, Value(), false);
      std::vector<std::pair<Value, Value>> sorted;
      for (const Value &k : keyed)
        sorted.push_back(items[size_t(k.elements()[1].asInt())]);
      items = std::move(sorted);
    }
    out += '{';
    bool first = true;
    for (auto &kv : items) {
      std::string key;
      if (!keyText(kv.first, key))
        continue;
      if (!first)
        out += o_.itemSep;
      first = false;
      if (o_.hasIndent)
        newline(level + 1);
      encodeString(out, key, o_.ensureAscii);
      out += o_.keySep;
      encode(kv.second, level + 1);
    }
    if (o_.hasIndent)
      newline(level);
    out += '}';
  }

  Evaluator &ev_;
  EncodeOptions o_;
  std::unordered_set<const void *> active_;
};

/// The decoder; errors carry the message and the character position.
class Decoder {
public:
  Decoder(Evaluator &ev, const std::string &s, Value objectHook, Value pairsHook,
          Value parseFloat, Value parseInt, Value parseConstant, bool strict)
      : ev_(ev), s_(s), objectHook_(objectHook), pairsHook_(pairsHook),
        parseFloat_(parseFloat), parseInt_(parseInt), parseConstant_(parseConstant),
        strict_(strict) {}

  struct Error {
    std::string msg;
    size_t pos;
  };

  Value document() {
    skipWs();
    Value v = value();
    skipWs();
    if (i_ != s_.size())
      throw Error{"Extra data", i_};
    return v;
  }

  /// Byte offset -> character index (positions are in characters).
  int64_t charIndex(size_t byte) const {
    int64_t n = 0;
    for (size_t k = 0; k < byte && k < s_.size(); ++k)
      n += ((unsigned char)s_[k] & 0xC0) != 0x80;
    return n;
  }

private:
  void skipWs() {
    while (i_ < s_.size() &&
           (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r'))
      ++i_;
  }
  bool startsWith(const char *w) const { return s_.compare(i_, std::strlen(w), w) == 0; }

  Value constant(const char *name, double v) {
    i_ += std::strlen(name);
    if (!parseConstant_.isNone())
      return ev_.call(parseConstant_, {Value::str(name)}, ev_.currentLoc());
    return Value::floating(v);
  }

  Value value() {
    if (++depth_ > kMaxCallDepth)
      raise("RecursionError", "maximum recursion depth exceeded while decoding a JSON object "
                              "from a unicode string");
    struct Depth {
      int &d;
      ~Depth() { --d; }
    } depth{depth_};
    if (i_ >= s_.size())
      throw Error{"Expecting value", i_};
    char c = s_[i_];
    if (c == '{')
      return object();
    if (c == '[')
      return array();
    if (c == '"')
      return Value::str(string());
    if (startsWith("null")) {
      i_ += 4;
      return Value::none();
    }
    if (startsWith("true")) {
      i_ += 4;
      return Value::boolean(true);
    }
    if (startsWith("false")) {
      i_ += 5;
      return Value::boolean(false);
    }
    if (startsWith("NaN"))
      return constant("NaN", NAN);
    if (startsWith("Infinity"))
      return constant("Infinity", INFINITY);
    if (startsWith("-Infinity"))
      return constant("-Infinity", -INFINITY);
    if (c == '-' || (c >= '0' && c <= '9'))
      return number();
    throw Error{"Expecting value", i_};
  }

  Value number() {
    size_t start = i_;
    if (s_[i_] == '-')
      ++i_;
    if (i_ >= s_.size() || !isdigit((unsigned char)s_[i_]))
      throw Error{"Expecting value", start};
    if (s_[i_] == '0')
      ++i_;
    else
      while (i_ < s_.size() && isdigit((unsigned char)s_[i_]))
        ++i_;
    bool isFloat = false;
    if (i_ + 1 < s_.size() && s_[i_] == '.' && isdigit((unsigned char)s_[i_ + 1])) {
      isFloat = true;
      i_ += 2;
      while (i_ < s_.size() && isdigit((unsigned char)s_[i_]))
        ++i_;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      size_t save = i_++;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-'))
        ++i_;
      if (i_ < s_.size() && isdigit((unsigned char)s_[i_])) {
        isFloat = true;
        while (i_ < s_.size() && isdigit((unsigned char)s_[i_]))
          ++i_;
      } else {
        i_ = save;
      }
    }
    std::string text = s_.substr(start, i_ - start);
    if (isFloat) {
      if (!parseFloat_.isNone())
        return ev_.call(parseFloat_, {Value::str(text)}, ev_.currentLoc());
      return Value::floating(std::strtod(text.c_str(), nullptr));
    }
    if (!parseInt_.isNone())
      return ev_.call(parseInt_, {Value::str(text)}, ev_.currentLoc());
    // int() of the digits: Python ints of any size where parax has them.
    return ev_.call(ev_.builtin("int"), {Value::str(text)}, ev_.currentLoc());
  }

  unsigned hex4(size_t at) {
    if (at + 4 > s_.size())
      throw Error{"Invalid \\uXXXX escape", at - 1};
    unsigned v = 0;
    for (size_t k = 0; k < 4; ++k) {
      char c = s_[at + k];
      int d = isdigit((unsigned char)c) ? c - '0'
              : (c >= 'a' && c <= 'f')  ? c - 'a' + 10
              : (c >= 'A' && c <= 'F')  ? c - 'A' + 10
                                        : -1;
      if (d < 0)
        throw Error{"Invalid \\uXXXX escape", at - 1};
      v = v * 16 + unsigned(d);
    }
    return v;
  }

  static void appendUtf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }

  std::string string() {
    size_t start = i_++;
    std::string out;
    for (;;) {
      if (i_ >= s_.size())
        throw Error{"Unterminated string starting at", start};
      unsigned char c = s_[i_];
      if (c == '"') {
        ++i_;
        return out;
      }
      if (c < 0x20 && strict_)
        throw Error{"Invalid control character at", i_};
      if (c != '\\') {
        out += char(c);
        ++i_;
        continue;
      }
      if (i_ + 1 >= s_.size())
        throw Error{"Unterminated string starting at", start};
      char e = s_[i_ + 1];
      i_ += 2;
      switch (e) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '/':
        out += '/';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t cp = hex4(i_);
        i_ += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && i_ + 6 <= s_.size() && s_[i_] == '\\' &&
            s_[i_ + 1] == 'u') {
          uint32_t lo = hex4(i_ + 2);
          if (lo >= 0xDC00 && lo < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            i_ += 6;
          }
        }
        appendUtf8(out, cp);
        break;
      }
      default:
        throw Error{"Invalid \\escape", i_ - 2};
      }
    }
  }

  Value array() {
    ++i_;
    std::vector<Value> items;
    skipWs();
    if (i_ < s_.size() && s_[i_] == ']') {
      ++i_;
      return Value::list(items);
    }
    for (;;) {
      skipWs();
      items.push_back(value());
      skipWs();
      if (i_ < s_.size() && s_[i_] == ']') {
        ++i_;
        return Value::list(items);
      }
      if (i_ >= s_.size() || s_[i_] != ',')
        throw Error{"Expecting ',' delimiter", i_};
      ++i_;
      skipWs();
      if (i_ < s_.size() && s_[i_] == ']')
        throw Error{"Expecting value", i_};
    }
  }

  Value object() {
    size_t open = i_++;
    (void)open;
    std::vector<std::pair<Value, Value>> pairs;
    skipWs();
    if (i_ < s_.size() && s_[i_] == '}') {
      ++i_;
      return finishObject(pairs);
    }
    for (;;) {
      skipWs();
      if (i_ >= s_.size() || s_[i_] != '"')
        throw Error{"Expecting property name enclosed in double quotes", i_};
      Value key = Value::str(string());
      skipWs();
      if (i_ >= s_.size() || s_[i_] != ':')
        throw Error{"Expecting ':' delimiter", i_};
      ++i_;
      skipWs();
      pairs.emplace_back(key, value());
      skipWs();
      if (i_ < s_.size() && s_[i_] == '}') {
        ++i_;
        return finishObject(pairs);
      }
      if (i_ >= s_.size() || s_[i_] != ',')
        throw Error{"Expecting ',' delimiter", i_};
      ++i_;
      skipWs();
      if (i_ >= s_.size() || s_[i_] != '"')
        throw Error{"Expecting property name enclosed in double quotes", i_};
    }
  }

  Value finishObject(std::vector<std::pair<Value, Value>> &pairs) {
    if (!pairsHook_.isNone()) {
      std::vector<Value> list;
      for (auto &kv : pairs)
        list.push_back(Value::tuple({kv.first, kv.second}));
      return ev_.call(pairsHook_, {Value::list(list)}, ev_.currentLoc());
    }
    Value d = Value::dict();
    for (auto &kv : pairs)
      d.asDict().set(kv.first, kv.second);
    if (!objectHook_.isNone())
      return ev_.call(objectHook_, {d}, ev_.currentLoc());
    return d;
  }

  Evaluator &ev_;
  const std::string &s_;
  size_t i_ = 0;
  int depth_ = 0;
  Value objectHook_, pairsHook_, parseFloat_, parseInt_, parseConstant_;
  bool strict_;
};
} // namespace

void installJsonFunctions(Evaluator &, ModuleObject &m) {
  // json_encode(obj, indent, item_sep, key_sep, sort_keys, ensure_ascii,
  //             allow_nan, skipkeys, default)
  m.def("json_encode", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 9, 9, "json_encode");
    EncodeOptions o;
    const Value &indent = a.args[1];
    if (!indent.isNone()) {
      o.hasIndent = true;
      if (indent.isInt())
        o.indent = std::string(size_t(std::max<int64_t>(0, std::min<int64_t>(indent.asInt(), 1 << 20))), ' ');
      else if (indent.isStr())
        o.indent = indent.asStr();
      else
        raise("TypeError", "indent must be an int or a str, not " + typeName(indent));
    }
    o.itemSep = a.args[2].asStr();
    o.keySep = a.args[3].asStr();
    o.sortKeys = ev.truthy(a.args[4]);
    o.ensureAscii = ev.truthy(a.args[5]);
    o.allowNan = ev.truthy(a.args[6]);
    o.skipKeys = ev.truthy(a.args[7]);
    o.deflt = a.args[8];
    Encoder e(ev, o);
    e.encode(a.args[0], 0);
    return Value::str(std::move(e.out));
  });
  // json_decode(s, object_hook, object_pairs_hook, parse_float, parse_int,
  //             parse_constant, strict) -> (value, None, 0) or (None, msg, pos)
  m.def("json_decode", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 7, 7, "json_decode");
    if (!a.args[0].isStr())
      raise("TypeError", "the JSON object must be str, bytes or bytearray, not " +
                             typeName(a.args[0]));
    const std::string &s = a.args[0].asStr();
    Decoder d(ev, s, a.args[1], a.args[2], a.args[3], a.args[4], a.args[5], ev.truthy(a.args[6]));
    try {
      Value v = d.document();
      return Value::tuple({v, Value::none(), Value::integer(0)});
    } catch (Decoder::Error &err) {
      return Value::tuple({Value::none(), Value::str(err.msg), Value::integer(d.charIndex(err.pos))});
    }
  });
}

} // namespace parax::frontend
