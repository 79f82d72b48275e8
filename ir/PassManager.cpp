//===- PassManager.cpp - the IR pass pipeline -----------------------------===//
#include "ir/PassManager.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"

namespace parax::ir {

std::vector<std::string> PassManager::run(Module &m) {
  for (const Pass &p : passes_) {
    bool changed = p.run(m);
#ifndef NDEBUG
    std::vector<std::string> problems = verifyModule(m);
    if (!problems.empty()) {
      problems.insert(problems.begin(), "after pass '" + p.name + "':");
      return problems;
    }
#endif
    if (changed && dump_)
      dump_(p.name, printModule(m));
  }
  return {};
}

PassManager defaultPipeline() {
  PassManager pm;
  pm.add("canonicalize", canonicalize);
  pm.add("transposed-dot", foldTransposedDots);
  pm.add("hoist-invariants", hoistLoopInvariants);
  pm.add("dce", eliminateDeadCode);
  return pm;
}

} // namespace parax::ir
