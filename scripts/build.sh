#!/usr/bin/env bash
# Configures and builds parax into build/ (Release).
set -euo pipefail
cd "$(dirname "$0")/.."
GEN=""
if command -v ninja > /dev/null; then GEN="-G Ninja"; fi
cmake -S . -B build $GEN -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build -j "$(nproc)"
