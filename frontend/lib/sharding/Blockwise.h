//===- Blockwise.h - sharded creation one block at a time -------*- C++ -*-===//
#pragma once

#include "frontend/lib/sharding/Sharding.h"

#include <optional>

namespace parax::frontend::sharding {

/// While a random block is drawn: the global shape and the block's offset,
/// so the threefry counters are the elements' global flat indices.
struct RandomWindow {
  Shape global;
  std::vector<int64_t> offset;
  Shape block;
  bool mismatch = false; ///< Bits of another shape were drawn meanwhile.
};
/// The window of the block being drawn, or null.
const RandomWindow *randomWindow();
/// A draw of a shape other than the window's block happened.
void noteWindowMismatch();
/// The counters (hi in `hi`, lo returned) of the window's block elements.
Value windowCounters(Evaluator &ev, const RandomWindow &w, Value &hi);

/// f(*a) made sharded as `pySharding` one distinct block at a time (the
/// shape argument at `shapePos` or `shape=`); nullopt when that cannot be
/// done (the caller takes the global path).
std::optional<Value> makeBlockwise(Evaluator &ev, const Value &f, CallArgs &a, size_t shapePos,
                                   bool random, const Value &pySharding);

} // namespace parax::frontend::sharding
