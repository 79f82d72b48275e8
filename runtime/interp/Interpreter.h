//===- Interpreter.h - the reference interpreter of the IR ------*- C++ -*-===//
//
// `--backend interp`: runs IR directly, one whole-array kernel per op
// (runtime/Kernels.h). It is the semantic oracle for the compiled backends,
// so it stays simple: no fusion, no reordering. Two things make it usable on
// real sizes: every value lives in a slot that is released right after its
// last use (so a fori_loop's memory does not grow with its trip count), and
// a pmap region runs on N device threads with in-process collectives.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/Backend.h"

#include <memory>
#include <unordered_map>
#include <vector>

namespace parax::runtime {

/// Static facts the interpreter needs about a module: a slot per SSA value
/// and, per op, the slots whose last use it is.
class InterpPlan {
public:
  explicit InterpPlan(const ir::Func &entry);
  int slot(const ir::Value *v) const { return slots_.at(v); }
  int numSlots() const { return numSlots_; }
  /// Slots to release after `op` ran.
  const std::vector<int> &freeAfter(const ir::Operation *op) const;
  /// Block arguments that are never used (released on entry).
  const std::vector<int> &unusedArgs(const ir::Block *b) const;

private:
  void number(const ir::Block &b);
  void analyse(const ir::Block &b);
  std::unordered_map<const ir::Value *, int> slots_;
  std::unordered_map<const ir::Operation *, std::vector<int>> freeAfter_;
  std::unordered_map<const ir::Block *, std::vector<int>> unusedArgs_;
  int numSlots_ = 0;
};

class InterpBackend : public Backend {
public:
  explicit InterpBackend(int numDevices) : numDevices_(numDevices) {}
  std::string name() const override { return "interp"; }
  int numDevices() const override { return numDevices_; }
  std::unique_ptr<Executable>
  compile(std::shared_ptr<const ir::Module> module) override;
  std::vector<Array> evalEager(ir::OpKind kind, const ir::Attrs &attrs,
                               const std::vector<Array> &inputs,
                               const std::vector<TensorType> &resultTypes) override;

private:
  int numDevices_;
};

} // namespace parax::runtime
