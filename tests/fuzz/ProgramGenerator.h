//===- ProgramGenerator.h - fuzz bytes -> a valid, extreme program --------===//
//
// The third fuzzing mode. Random bytes rarely parse, so the parse and eval
// fuzzers spend their time in the lexer; the defects that matter for
// hardening (overflowing extents, 100,000-deep data, recursion, memory bombs)
// need *valid* programs with extreme values. The generator reads the fuzz
// input as a stream of decisions and writes a syntactically valid Python +
// JAX program from templates whose holes are filled with extreme shapes,
// dtypes, values, widths and nesting depths. The same bytes always give the
// same program, so libFuzzer's mutations stay meaningful and any finding can
// be turned back into a .py file (parax_gen_program).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace parax::fuzz {

/// Decisions drawn from the fuzz input; once it is used up every draw is 0,
/// so short inputs give short programs.
class DecisionStream {
public:
  DecisionStream(const uint8_t *data, size_t size) : data_(data), size_(size) {}
  /// A value in [0, n), n >= 1.
  uint32_t below(uint32_t n);
  bool flip() { return below(2) == 1; }
  bool exhausted() const { return pos_ >= size_; }

private:
  const uint8_t *data_;
  size_t size_;
  size_t pos_ = 0;
};

/// The program for these bytes (never empty: it always has the imports).
std::string generateProgram(const uint8_t *data, size_t size);

} // namespace parax::fuzz
