#!/usr/bin/env bash
# Installs what parax needs to build and test on Debian 12 (bookworm).
# Run as root (or through sudo). Nothing else is downloaded at build time.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  build-essential cmake ninja-build python3 \
  antlr4 libantlr4-runtime-dev default-jre-headless \
  llvm-19-dev llvm-19-tools libzstd-dev \
  libgtest-dev libedit-dev libopenblas0-pthread \
  libgloo-dev openmpi-bin libopenmpi-dev > /dev/null
# libgloo-dev (BSD): the Gloo engine between processes (libparax_engine_gloo.so);
# openmpi-bin, libopenmpi-dev (BSD): the MPI engine (libparax_engine_mpi.so, loaded only
# for jobs started by mpirun/srun) and its tests. parax builds without either.
