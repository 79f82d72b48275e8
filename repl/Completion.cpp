//===- Completion.cpp - tab completion of names and attributes ------------===//
#include "repl/Completion.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/lib/Jnp.h"
#include "repl/Session.h"

#include <algorithm>
#include <set>

namespace parax {

namespace {
// Python keywords and the built-ins parax provides (the evaluator keeps its
// built-in table private; these are the ones worth completing).
const char *const kWords[] = {
    "False", "None", "True", "and", "assert", "break", "continue", "def", "del",
    "elif", "else", "for", "from", "global", "if", "import", "in", "is", "lambda",
    "nonlocal", "not", "or", "pass", "raise", "return", "while", "with",
    "abs", "all", "any", "bool", "dict", "divmod", "enumerate", "float", "int",
    "isinstance", "len", "list", "map", "max", "min", "print", "range", "repr",
    "reversed", "round", "sorted", "str", "sum", "tuple", "type", "zip"};

/// The value of a dotted name ("jax.numpy"), or None when any part is
/// missing. Only module-like native objects are looked into: their getAttr
/// is a table lookup.
frontend::Value resolve(Session &s, const std::string &dotted) {
  frontend::Evaluator &ev = s.evaluator();
  size_t start = 0, dot = dotted.find('.');
  std::string first = dotted.substr(0, dot);
  auto &vars = ev.globals().vars;
  auto it = vars.find(first);
  frontend::Value v = it != vars.end() ? it->second : frontend::Value();
  while (dot != std::string::npos && !v.isNone()) {
    start = dot + 1;
    dot = dotted.find('.', start);
    std::string part = dotted.substr(start, dot == std::string::npos ? dot : dot - start);
    auto *m = v.as<frontend::ModuleObject>();
    frontend::Value next;
    if (!m || !m->getAttr(ev, part, next))
      return frontend::Value();
    v = next;
  }
  return v;
}
} // namespace

std::vector<std::string> completions(Session &session, const std::string &word) {
  std::set<std::string> out;
  size_t dot = word.rfind('.');
  if (dot == std::string::npos) {
    for (auto &kv : session.evaluator().globals().vars)
      if (kv.first.rfind(word, 0) == 0 && kv.first.rfind("__", 0) != 0)
        out.insert(kv.first);
    for (const char *w : kWords)
      if (std::string(w).rfind(word, 0) == 0)
        out.insert(w);
  } else {
    std::string base = word.substr(0, dot), prefix = word.substr(dot + 1);
    frontend::Value v = resolve(session, base);
    std::vector<std::string> names;
    if (v.isArray())
      names = frontend::jnp::arrayAttrNames();
    else if (auto *n = v.as<frontend::NativeObject>())
      names = n->attrNames();
    for (auto &n : names)
      if (n.rfind(prefix, 0) == 0 && (n.rfind("_", 0) != 0 || prefix.rfind("_", 0) == 0))
        out.insert(base + "." + n);
  }
  return {out.begin(), out.end()};
}

} // namespace parax
