#!/usr/bin/env bash
# Runs every test: the unit tests (ctest), the project's program suite and
# the shared conformance corpus (when ../shared is present), all through
# build/parax. Exits non-zero if anything fails.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -x build/parax ] || scripts/build.sh || exit 1
status=0
echo "== unit tests"
ctest --test-dir build --output-on-failure -j "$(nproc)" || status=1
echo "== project programs (tests/programs)"
python3 scripts/conform --parax build/parax tests/programs || status=1
if [ -d ../shared/conformance ]; then
  echo "== shared conformance"
  python3 scripts/conform --parax build/parax ../shared/conformance ../shared/conformance/beyond || status=1
fi
exit $status
