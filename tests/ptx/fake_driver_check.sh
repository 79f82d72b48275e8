#!/usr/bin/env bash
# --backend cuda's whole host path against a fake libcuda (no GPU): driver
# loading, discovery, contexts, loading the generated PTX, finding each
# kernel's .entry, and launching it with one argument per .param. Kernels
# do not run, so only the exit status and the launch log are checked.
# usage: fake_driver_check.sh PARAX FAKE_DRIVER_SO PROGRAM.py
set -u
parax=$1 driver=$2 prog=$3
log=$(mktemp)
PARAX_CUDA_DRIVER=$driver PARAX_FAKE_CUDA_LOG=$log PARAX_CACHE_DIR=off \
  "$parax" --backend cuda "$prog" > /dev/null
rc=$?
n=$(wc -l < "$log")
echo "fake driver: exit $rc, $n launches"
sort "$log" | uniq -c | head -20
rm -f "$log"
[ "$rc" = 0 ] && [ "$n" -gt 0 ]
