//===- ReModule.cpp - the native half of re (module _regex) ---------------===//
//
// _regex.compile(pattern, flags) gives a compiled pattern (frontend/lib/
// Regex.h) or, for a bad pattern, the tuple (message, position) that re.py
// raises as re.error. A pattern's methods:
//   match(string, pos, endpos, anchor, must_advance): one match or None,
//     anchor 0 search / 1 match / 2 fullmatch;
//   scan(string, pos, endpos, limit): the successive matches findall,
//     finditer, sub and split walk (after an empty match the next may not be
//     empty at the same place), at most `limit` (0: all).
// A match is (spans, lastindex, groups): spans a tuple of 2*(groups+1)
// code-point offsets (-1 where a group did not take part), groups the
// matched strings (None for those).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Regex.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/lib/LibUtil.h"

#include <stdexcept>

namespace parax::frontend {

namespace {
class RegexObj : public NativeObject {
public:
  explicit RegexObj(std::unique_ptr<regex::Regex> re) : re_(std::move(re)) {}
  std::string typeName() const override { return "_regex.Pattern"; }
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;

private:
  static Value matchValue(const std::u32string &s, const std::vector<int64_t> &spans, int last);
  std::shared_ptr<regex::Regex> re_;
};

Value RegexObj::matchValue(const std::u32string &s, const std::vector<int64_t> &spans,
                           int last) {
  std::vector<Value> sp, groups;
  for (size_t g = 0; 2 * g + 1 < spans.size(); ++g) {
    int64_t a = spans[2 * g], b = spans[2 * g + 1];
    sp.push_back(Value::integer(a));
    sp.push_back(Value::integer(b));
    groups.push_back(a < 0 ? Value() : Value::str(regex::encodeUtf8(s.substr(size_t(a), size_t(b - a)))));
  }
  return Value::tuple({Value::tuple(sp), Value::integer(last), Value::tuple(groups)});
}

int64_t clampPos(const Value &v, int64_t n, int64_t dflt) {
  if (v.isNone())
    return dflt;
  if (!v.isInt() && !v.isBool())
    raise("TypeError", "'" + typeName(v) + "' object cannot be interpreted as an integer");
  int64_t i = v.asInt();
  if (i < 0)
    i = 0; // CPython clamps pos/endpos rather than counting from the end
  return std::min(i, n);
}

std::u32string subject(const Value &v) {
  if (!v.isStr())
    raise("TypeError", "expected string or bytes-like object, got '" + typeName(v) + "'");
  return regex::decodeUtf8(v.asStr());
}

[[noreturn]] void tooDeep() {
  raise("RecursionError", "maximum recursion depth exceeded in a regular expression match",
        "parax's matcher backtracks recursively; simplify the pattern (fewer nested "
        "repeats of groups) or match a shorter string");
}

bool RegexObj::getAttr(Evaluator &, const std::string &name, Value &out) {
  auto re = re_;
  if (name == "groups") {
    out = Value::integer(re->groups());
    return true;
  }
  if (name == "flags") {
    out = Value::integer(re->flags());
    return true;
  }
  if (name == "groupindex") {
    out = Value::dict();
    for (auto &kv : re->groupNames())
      out.asDict().set(Value::str(kv.first), Value::integer(kv.second));
    return true;
  }
  if (name == "match") {
    out = makeBuiltin("_regex.Pattern.match", [re](Evaluator &, CallArgs &a) -> Value {
      expectPositional(a, 5, 5, "match");
      std::u32string s = subject(a.args[0]);
      int64_t n = int64_t(s.size());
      int64_t pos = clampPos(a.args[1], n, 0), endpos = clampPos(a.args[2], n, n);
      int64_t anchor = a.args[3].asInt();
      std::vector<int64_t> spans;
      int last = -1;
      try {
        if (!re->match(s, size_t(pos), size_t(endpos),
                       anchor == 0 ? regex::Anchor::Search
                                   : anchor == 1 ? regex::Anchor::Match : regex::Anchor::FullMatch,
                       spans, last, a.args[4].isBool() && a.args[4].asBool()))
          return Value();
      } catch (std::runtime_error &) {
        tooDeep();
      }
      return matchValue(s, spans, last);
    });
    return true;
  }
  if (name == "scan" || name == "pieces") {
    bool gaps = name == "pieces";
    out = makeBuiltin("_regex.Pattern." + name, [re, gaps](Evaluator &, CallArgs &a) -> Value {
      expectPositional(a, 4, 4, "scan");
      std::u32string s = subject(a.args[0]);
      int64_t n = int64_t(s.size());
      int64_t pos = clampPos(a.args[1], n, 0), endpos = clampPos(a.args[2], n, n);
      int64_t limit = a.args[3].isInt() ? a.args[3].asInt() : 0;
      std::vector<Value> found, between;
      std::vector<int64_t> spans;
      int last = -1;
      bool mustAdvance = false;
      size_t at = size_t(pos), prevEnd = size_t(pos);
      try {
        while (at <= size_t(endpos) && (limit <= 0 || int64_t(found.size()) < limit)) {
          if (!re->match(s, at, size_t(endpos), regex::Anchor::Search, spans, last, mustAdvance))
            break;
          found.push_back(matchValue(s, spans, last));
          if (gaps)
            between.push_back(
                Value::str(regex::encodeUtf8(s.substr(prevEnd, size_t(spans[0]) - prevEnd))));
          at = prevEnd = size_t(spans[1]);
          mustAdvance = spans[0] == spans[1];
        }
      } catch (std::runtime_error &) {
        tooDeep();
      }
      if (!gaps)
        return Value::list(std::move(found));
      // pieces: the matches and the text around them (one more than the
      // matches: before each, then the rest), which sub and split join
      // without slicing the string per match.
      between.push_back(Value::str(regex::encodeUtf8(s.substr(prevEnd))));
      return Value::tuple({Value::list(std::move(found)), Value::list(std::move(between))});
    });
    return true;
  }
  return false;
}
} // namespace

void installRegexModule(Evaluator &, ModuleObject &m) {
  m.def("compile", [](Evaluator &, CallArgs &a) -> Value {
    expectPositional(a, 2, 2, "compile");
    if (!a.args[0].isStr())
      raise("TypeError", "first argument must be string or compiled pattern");
    regex::Error err;
    auto re = regex::Regex::compile(regex::decodeUtf8(a.args[0].asStr()),
                                    int(a.args[1].isInt() ? a.args[1].asInt() : 0), err);
    if (!re)
      return Value::tuple({Value::str(err.message), err.pos == regex::Error::kNoPos
                                                        ? Value()
                                                        : Value::integer(int64_t(err.pos))});
    return Value::object(Value::Kind::Native, std::make_shared<RegexObj>(std::move(re)));
  });
}

} // namespace parax::frontend
