//===- DebugPrint.h - formatting jax.debug.print at run time ---*- C++ -*-===//
#pragma once

#include "ir/Array.h"

#include <string>
#include <vector>

namespace parax::runtime {

/// Formats a debug_print template whose fields are `{N[!c][:spec]}` with N
/// indexing `values`: arrays print as numpy's str(); a spec formats a 0-d
/// array's scalar (`{x:.3f}`).
std::string formatDebugTemplate(const std::string &tmpl,
                                const std::vector<Array> &values);

} // namespace parax::runtime
