//===- ShardingHooks.h - where tracing calls the sharding library -*- C++ -*-===//
//
// bind and jit must carry arrays' shardings through every op and program,
// but the sharding rules live in lib/sharding (a room below tracing). The
// library fills these hooks when it is installed; null hooks cost nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/tracing/Trace.h"

#include <memory>
#include <string>
#include <vector>

namespace parax::frontend {

struct ShardingHooks {
  /// After every bind: gives the results the shardings the op's rule
  /// derives from the operands' (may raise ShardingTypeError).
  void (*propagate)(Evaluator &ev, ir::OpKind kind, const std::vector<Value> &operands,
                    const ir::Attrs &attrs, std::vector<Value> &results) = nullptr;
  /// The part of a jit cache key an argument's sharding contributes.
  std::string (*key)(const Value &leaf) = nullptr;
  /// A jit argument became `tracer`: it takes the argument's sharding.
  void (*traceArg)(const Value &leaf, const Value &tracer) = nullptr;
  /// A traced program returns `outLeaves`: their shardings are recorded.
  void (*traceResults)(const std::shared_ptr<TraceProgram> &program,
                       const std::vector<Value> &outLeaves) = nullptr;
  /// A program ran: its results take the recorded shardings.
  void (*runResults)(const TraceProgram &program, std::vector<Value> &results) = nullptr;
  /// A traced jit program over split arguments: may rewrite it into the
  /// per-device program (a pmap over the mesh) before it is compiled.
  void (*partition)(Evaluator &ev, TraceProgram &program) = nullptr;
  /// An eager op: runs it per device when its operands are split (true),
  /// or leaves it to the global path (false).
  bool (*eager)(Evaluator &ev, ir::OpKind kind, const ir::Attrs &attrs,
                const std::vector<Value> &operands, const std::vector<TensorType> &resultTypes,
                std::vector<Value> &outs) = nullptr;
  /// A program's inputs from its argument values: true (and `in` set) when
  /// the program is a per-device one that takes split arguments as their
  /// per-device shards.
  bool (*inputs)(const TraceProgram &program, const std::vector<Value> &args,
                 std::vector<Array> &in) = nullptr;
};

ShardingHooks &shardingHooks();

} // namespace parax::frontend
