#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-19 and fuzzes the front end.
# usage: scripts/fuzz.sh [seconds-per-target]   (default 1800)
# Crashing inputs land in fuzz-out/<target>/crashes; copy each one into
# tests/fuzz/regressions/ (they are replayed by ctest).
# Fork mode keeps going after a slow seed (the suite's big programs are slow
# under ASan); leak checks are off because ANTLR's shared caches are reported
# at every exit (run one input with -detect_leaks=1 to look for real leaks:
# that is how the evaluator's closure-cycle leak was found).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-1800}
CC=clang-19 CXX=clang++-19 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPARAX_FUZZ=ON -DPARAX_BUILD_TESTS=OFF > /dev/null
cmake --build build-fuzz --target parax_parse_fuzzer parax_eval_fuzzer
for t in parse eval; do
  mkdir -p fuzz-out/$t/corpus fuzz-out/$t/crashes
  cp -n tests/programs/*.py fuzz-out/$t/corpus/ 2>/dev/null || true
  build-fuzz/tests/fuzz/parax_${t}_fuzzer fuzz-out/$t/corpus -dict=tests/fuzz/python.dict \
    -max_total_time="$secs" -max_len=4096 -timeout=60 -rss_limit_mb=4096 \
    -fork=1 -ignore_timeouts=1 -ignore_ooms=1 -detect_leaks=0 \
    -artifact_prefix=fuzz-out/$t/crashes/ -print_final_stats=1 || true
done
