#!/usr/bin/env bash
# Installs parax from the build tree into a temporary prefix, builds
# examples/embed against the installed package (find_package(parax)) and
# checks the example's output.
#   check.sh <source dir> <build dir>
set -euo pipefail
src=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log"
gen=""
if command -v ninja > /dev/null; then gen="-G Ninja"; fi
cmake -S "$src/examples/embed" -B "$tmp/app" $gen -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$tmp/prefix" > "$tmp/configure.log" || { cat "$tmp/configure.log"; exit 1; }
cmake --build "$tmp/app" > "$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }
out=$("$tmp/app/embed_example")
echo "$out"
expected="[parax] model loaded, scale = 0.5
y: shape (1, 2) float32: 0.4526 0.2311
error: TypeError at oops.py:1"
if [ "$out" != "$expected" ]; then
  echo "unexpected output; expected:"
  echo "$expected"
  exit 1
fi
echo "embed example: OK"
