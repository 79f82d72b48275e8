//===- Suggest.h - "did you mean" hints for unknown names ------*- C++ -*-===//
//
// A hint for a name that is not defined (a NameError, a missing module
// attribute, an ImportError) must be meaningful: names that JAX or Python
// have but parax does not are answered from a curated table ("parax does not
// support jax.vmap yet ..."), never with a similar-looking name; otherwise a
// candidate is suggested only when it is close for the name's length.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace parax::frontend {

/// Optimal-string-alignment (Damerau-Levenshtein) distance: insertions,
/// deletions, substitutions and adjacent transpositions each count one.
size_t editDistance(const std::string &a, const std::string &b);

/// The candidate close enough to `name` to be what was meant, or "": the
/// distance must be at most max(1, len/4); names of one or two characters
/// only match a candidate that differs in letter case.
std::string closestName(const std::string &name,
                        const std::vector<std::string> &candidates);

/// The curated hint for `qualified` ("jax.vmap", "jax.numpy.fft", "open" for
/// a builtin), a name JAX or Python has and parax does not; "" if none.
std::string knownGapHint(const std::string &qualified);

/// The hint for an unknown `name` looked up in `scope` ("jax", "jax.numpy",
/// "jax.lax" or "" for plain names): the curated gap hint, else
/// "did you mean 'x'?", else `fallback`.
std::string unknownNameHint(const std::string &scope, const std::string &name,
                            const std::vector<std::string> &candidates,
                            const std::string &fallback = "");

} // namespace parax::frontend
