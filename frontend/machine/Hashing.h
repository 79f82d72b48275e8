//===- Hashing.h - Python's hash() ------------------------------*- C++ -*-===//
//
// hash(x) exactly as CPython computes it, so that a set's iteration order
// (which follows the hashes) and printed sets match CPython: numbers modulo
// 2^61 - 1 (hash(1.0) == hash(1) == hash(True)), tuples with xxHash's
// combination, str and bytes with SipHash-1-3 keyed as CPython is under
// PYTHONHASHSEED=0 (CPython randomises them per process otherwise),
// frozensets from their elements' hashes, instances through __hash__.
// Lists, dicts, sets and arrays are unhashable (TypeError).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"

#include <cstdint>
#include <string_view>

namespace parax::frontend {

class Evaluator;

int64_t pyHash(Evaluator &ev, const Value &v);
/// CPython's hash of a str given as UTF-8 (it hashes the code units of
/// the narrowest of its 1-, 2- or 4-byte representations).
int64_t strHash(std::string_view utf8);
int64_t bytesHash(std::string_view bytes);

/// Python's `a == b` as a dict or set compares keys (identity first, then
/// __eq__ for instances).
bool pyKeysEqual(Evaluator &ev, const Value &a, const Value &b);

/// The evaluator running on this thread (the newest alive), which lets
/// dict lookups call an instance key's __hash__ and __eq__.
Evaluator *currentEvaluator();
/// An evaluator registers itself while it lives.
void enterEvaluator(Evaluator *ev);
void leaveEvaluator(Evaluator *ev);

} // namespace parax::frontend
