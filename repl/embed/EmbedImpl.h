//===- EmbedImpl.h - what the public handles hold ---------------*- C++ -*-===//
//
// The pimpl side of include/parax/parax.h: public Arrays hold an internal
// parax::Array, public Values a frontend::Value tagged with the Interpreter
// that made it (functions point into that interpreter's ASTs and scopes).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"
#include "ir/Diagnostics.h"
#include "parax/parax.h"

namespace parax::embed {

struct Array::Impl {
  parax::Array array;
  std::vector<int64_t> shape;
};

struct Value::Impl {
  frontend::Value value;
  uint64_t owner = 0; ///< Interpreter id; 0 for values made by the host.
};

/// Conversions between the public and internal forms.
parax::DType toInternal(DType t);
DType toPublic(parax::DType t);
Array wrapArray(parax::Array a);
Value wrapValue(frontend::Value v, uint64_t owner);
Error toError(const Diagnostic &d);
Error makeError(const std::string &kind, const std::string &message);

} // namespace parax::embed
