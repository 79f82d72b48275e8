//===- Completion.h - tab completion of names and attributes ----*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace parax {
class Session;

/// Completions of `word` (the text before the cursor back to the last
/// delimiter): global names, built-ins and keywords for a plain name;
/// attributes for a dotted one ("jnp.li" -> "jnp.linspace", ...). Resolving
/// the dotted prefix only reads names and attributes; it runs no user code.
std::vector<std::string> completions(Session &session, const std::string &word);

} // namespace parax
