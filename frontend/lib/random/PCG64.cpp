//===- PCG64.cpp - numpy's default bit generator --------------------------===//
#include "frontend/lib/random/PCG64.h"

namespace parax::frontend::rng {

void PCG64::seed(const uint64_t w[4]) {
  u128 initState = (u128(w[0]) << 64) | w[1];
  u128 initSeq = (u128(w[2]) << 64) | w[3];
  state = 0;
  inc = (initSeq << 1) | 1;
  state = state * kMultiplier + inc;
  state += initState;
  state = state * kMultiplier + inc;
  hasUint32 = false;
  uinteger = 0;
}

} // namespace parax::frontend::rng
