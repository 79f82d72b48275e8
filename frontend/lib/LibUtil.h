//===- LibUtil.h - argument helpers for library functions -------*- C++ -*-===//
#pragma once

#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Value.h"

#include <string>

namespace parax::frontend {

/// Checks the positional argument count of library function `fn`.
inline void expectPositional(const CallArgs &a, size_t lo, size_t hi,
                             const std::string &fn) {
  if (a.args.size() < lo) {
    raise("TypeError", fn + "() missing " + std::to_string(lo - a.args.size()) +
                           " required positional argument" +
                           (lo - a.args.size() > 1 ? "s" : ""));
  }
  if (a.args.size() > hi)
    raise("TypeError", fn + "() takes " +
                           (lo == hi ? std::to_string(hi)
                                     : "from " + std::to_string(lo) + " to " +
                                           std::to_string(hi)) +
                           " positional arguments but " +
                           std::to_string(a.args.size()) + " were given");
}

/// Binds keyword arguments to positions as Python does for a function whose
/// parameters are `params` (the first `required` of them without default):
/// a keyword naming the next missing positional parameter moves into
/// `args`, so code may read a.args[i] whatever form the caller used.
/// Keywords for later parameters stay in kwargs (read them with argOr).
/// Raises Python's TypeErrors for missing, duplicate and unknown arguments.
inline void bindArgs(CallArgs &a, std::initializer_list<const char *> params, size_t required,
                     const std::string &fn) {
  std::vector<const char *> names(params);
  if (a.args.size() > names.size())
    raise("TypeError", fn + "() takes at most " + std::to_string(names.size()) +
                           " positional arguments but " + std::to_string(a.args.size()) +
                           " were given");
  for (auto &kw : a.kwargs) {
    size_t i = 0;
    while (i < names.size() && kw.first != names[i])
      ++i;
    if (i == names.size())
      raise("TypeError", fn + "() got an unexpected keyword argument '" + kw.first + "'");
    if (i < a.args.size())
      raise("TypeError", fn + "() got multiple values for argument '" + kw.first + "'");
  }
  for (bool moved = true; moved && a.args.size() < names.size();) {
    moved = false;
    for (size_t k = 0; k < a.kwargs.size(); ++k)
      if (a.kwargs[k].first == names[a.args.size()]) {
        a.args.push_back(std::move(a.kwargs[k].second));
        a.kwargs.erase(a.kwargs.begin() + long(k));
        moved = true;
        break;
      }
  }
  if (a.args.size() < required)
    raise("TypeError", fn + "() missing required argument '" + names[a.args.size()] + "'");
}

/// Rejects keyword arguments not in `allowed`.
inline void expectKeywords(const CallArgs &a,
                           std::initializer_list<const char *> allowed,
                           const std::string &fn) {
  for (auto &kw : a.kwargs) {
    bool ok = false;
    for (const char *n : allowed)
      ok |= kw.first == n;
    if (!ok)
      raise("TypeError",
            fn + "() got an unexpected keyword argument '" + kw.first + "'");
  }
}

/// Argument `name` at position `pos` (keyword or positional), or `dflt`.
inline Value argOr(const CallArgs &a, size_t pos, const std::string &name,
                   Value dflt = Value()) {
  const Value *v = a.get(pos, name);
  return v ? *v : dflt;
}

/// A required argument.
inline Value argRequired(const CallArgs &a, size_t pos, const std::string &name,
                         const std::string &fn) {
  const Value *v = a.get(pos, name);
  if (!v)
    raise("TypeError",
          fn + "() missing required argument '" + name + "'");
  return *v;
}

} // namespace parax::frontend
