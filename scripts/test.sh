#!/usr/bin/env bash
# Runs every test: ctest (unit tests, lit goldens, the program suite on each
# backend, memory and fuzz regressions) and the shared conformance corpus
# when ../shared is present. Exits non-zero if anything fails.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -x build/parax ] || scripts/build.sh || exit 1
status=0
echo "== unit tests"
ctest --test-dir build --output-on-failure -j "$(nproc)" || status=1
if [ -d ../shared/conformance ]; then
  echo "== shared conformance"
  # every folder of the corpus; multiproc has its own runner (ctest multiproc_shared)
  dirs=$(find ../shared/conformance -type d -not -name multiproc | sort)
  for backend in cpu interp; do
    python3 scripts/conform --timeout 120 --parax "build/parax --backend $backend" $dirs || status=1
  done
fi
exit $status
