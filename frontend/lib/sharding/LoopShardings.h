//===- LoopShardings.h - shardings through scan, loops and cond --*- C++ -*-===//
//
// Control-flow ops are built directly (not bound), so their bodies and
// results take shardings here: body arguments as the values they stand for
// (an xs slice without its scanned dimension), results as the body's
// outputs, and the carry must keep its split (JAX's TypeError otherwise).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"

#include <string>
#include <vector>

namespace parax::frontend::sharding {

/// args[first + i] takes the sharding of from[i]; with `sliced` (scan's xs)
/// without dimension 0, which must not be split (JAX's ValueError).
void inheritShardings(const std::vector<Value> &args, size_t first,
                      const std::vector<Value> &from, bool sliced);
/// results[first + i] takes the sharding of like[i]; with `stacked` (scan's
/// ys) behind a new unsplit leading dimension.
void resultShardings(const std::vector<Value> &results, size_t first,
                     const std::vector<Value> &like, bool stacked);
/// The carry leaving the body must be split as it came in: JAX's TypeError.
void checkCarryShardings(const std::string &what, const std::string &carryName,
                         const std::vector<std::string> &paths,
                         const std::vector<Value> &initLeaves,
                         const std::vector<Value> &outLeaves, Loc at);
/// Every branch of a cond/switch returns the same splits (JAX's TypeError).
void checkBranchShardings(const std::string &kindName, const std::string &site0,
                          const std::string &siteK, const std::string &name0,
                          const std::string &nameK, const std::vector<Value> &out0,
                          const std::vector<Value> &outK, Loc at);

} // namespace parax::frontend::sharding
