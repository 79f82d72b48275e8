//===- ParseFuzzer.cpp - libFuzzer target: source text -> AST -------------===//
//
// Any byte string must either parse or produce a ParaxError; anything else
// (a crash, a sanitizer report, another exception) is a bug.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Parser.h"
#include "ir/Diagnostics.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  parax::SourceSet sources; // frees the input's text after this run
  uint32_t file = sources.add("fuzz.py", text);
  try {
    auto m = parax::frontend::parseModule(file);
    (void)parax::frontend::dumpAst(*m);
  } catch (parax::ParaxError &e) {
    (void)e.diag().render();
  }
  return 0;
}
