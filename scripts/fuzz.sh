#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-19 and fuzzes the front end.
# usage: scripts/fuzz.sh [seconds-per-target] [targets...]
#   targets: parse eval gen (default: all three, run side by side)
# - parse: lexer + parser + AST builder on raw bytes;
# - eval:  whole programs on the interpreter, from the suite's programs;
# - gen:   valid programs with extreme shapes, dtypes, depths and widths,
#          generated from the input's bytes (tests/fuzz/ProgramGenerator.cpp);
#          `build-fuzz/tests/fuzz/... ` findings become .py files with
#          `build/tests/parax_gen_program ARTIFACT > tests/fuzz/regressions/gen-NAME.py`.
# Crashing inputs land in fuzz-out/<target>/crashes; copy each one into
# tests/fuzz/regressions/ (they are replayed by ctest).
# Fork mode keeps going after a slow seed (the suite's big programs are slow
# under ASan); leak checks are off because ANTLR's shared caches are reported
# at every exit (run one input with -detect_leaks=1 to look for real leaks:
# that is how the evaluator's closure-cycle leak was found).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-1800}
shift || true
targets=${*:-parse eval gen}
CC=clang-19 CXX=clang++-19 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPARAX_FUZZ=ON -DPARAX_BUILD_TESTS=OFF > /dev/null
cmake --build build-fuzz --target $(for t in $targets; do printf 'parax_%s_fuzzer ' "$t"; done)
for t in $targets; do
  mkdir -p fuzz-out/$t/corpus fuzz-out/$t/crashes
  if [ "$t" = gen ]; then
    # Decision streams, not programs: a few random ones to start from.
    for i in $(seq 1 32); do
      [ -e fuzz-out/gen/corpus/seed$i ] || head -c $((16 + i * 4)) /dev/urandom > fuzz-out/gen/corpus/seed$i
    done
    dict=()
  else
    cp -n tests/programs/*.py fuzz-out/$t/corpus/ 2>/dev/null || true
    dict=(-dict=tests/fuzz/python.dict)
  fi
  build-fuzz/tests/fuzz/parax_${t}_fuzzer fuzz-out/$t/corpus "${dict[@]}" \
    -max_total_time="$secs" -max_len=4096 -timeout=60 -rss_limit_mb=4096 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -detect_leaks=0 \
    -artifact_prefix=fuzz-out/$t/crashes/ -print_final_stats=1 > fuzz-out/$t/log.txt 2>&1 &
done
wait
for t in $targets; do
  echo "== $t: $(grep -E 'stat::number_of_executed_units|cov:' fuzz-out/$t/log.txt | tail -2 | tr '\n' ' ')"
  echo "   crashes: $(ls fuzz-out/$t/crashes | wc -l)"
done
