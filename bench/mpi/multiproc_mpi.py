#!/usr/bin/env python3
"""psum across processes: raw MPI beside the parax MPI engine.

usage: bench/mpi/multiproc_mpi.py [--build build] [-n 2] [--repeat 3]

Two rows, each measured both ways under `mpirun -n N` (Open MPI, processes
on this machine, oversubscribed when cores are few):
  psum_8B      latency of an in-place float32 sum of 8 bytes (microseconds)
  psum_64MiB   time of an in-place float32 sum of 64 MiB (milliseconds; and
               the algorithm bandwidth, bytes / time, in GB/s)
`raw MPI` is allreduce_raw.c calling MPI_Allreduce; `parax mpi` is
allreduce_engine.cpp calling CollectiveEngine::allReduce of
libparax_engine_mpi.so (dlopen()ed as openEngine() does), timed the same way
(warm-up, barrier, a loop of calls, per-call mean; the median over rounds,
then over --repeat runs, alternating the two). The target is parax/raw <= 1.1.

bench/multiproc.py imports this module for its MPI rows:
    sys.path.insert(0, os.path.join(HERE, "mpi")); import multiproc_mpi
    for row in multiproc_mpi.rows(build_dir, procs=2, repeat=3): ...
Each row is a dict: name, unit, raw, parax, ratio (parax / raw); rows()
raises multiproc_mpi.Unavailable (with the reason) when MPI, mpirun or the
engine library is missing.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# (name, bytes, calls per round, rounds)
CASES = (("psum_8B", 8, 20000, 7), ("psum_64MiB", 64 << 20, 5, 5))


class Unavailable(RuntimeError):
    pass


def _newer(target, *sources):
    return os.path.exists(target) and all(os.path.getmtime(target) >= os.path.getmtime(s) for s in sources)


def build(build_dir):
    """Builds the two drivers into BUILD/bench-mpi; returns (raw, engine, lib)."""
    build_dir = os.path.abspath(build_dir)
    lib = os.path.join(build_dir, "libparax_engine_mpi.so")
    if not os.path.exists(lib):
        raise Unavailable(f"{lib} is not built (needs libopenmpi-dev at configure time)")
    mpicc = shutil.which("mpicc")
    if not mpicc or not shutil.which("mpirun"):
        raise Unavailable("mpicc/mpirun not found (apt-get install openmpi-bin libopenmpi-dev)")
    out = os.path.join(build_dir, "bench-mpi")
    os.makedirs(out, exist_ok=True)
    raw_src = os.path.join(HERE, "allreduce_raw.c")
    eng_src = os.path.join(HERE, "allreduce_engine.cpp")
    header = os.path.join(ROOT, "runtime", "distributed", "CollectiveEngine.h")
    raw = os.path.join(out, "allreduce_raw")
    eng = os.path.join(out, "allreduce_engine")
    if not _newer(raw, raw_src):
        subprocess.run([mpicc, "-O2", raw_src, "-o", raw], check=True)
    if not _newer(eng, eng_src, header):
        cxx = os.environ.get("CXX", "c++")
        subprocess.run([cxx, "-O2", "-std=c++20", "-I", ROOT, eng_src, "-o", eng, "-ldl"], check=True)
    return raw, eng, lib


def _env():
    # Open MPI's --oversubscribe and --allow-run-as-root, as variables.
    return dict(os.environ, OMPI_MCA_rmaps_base_oversubscribe="1", OMPI_ALLOW_RUN_AS_ROOT="1",
                OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")


def _run(cmd, procs, expect):
    p = subprocess.run(["mpirun", "-n", str(procs)] + cmd, capture_output=True, text=True, env=_env(),
                       timeout=600)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr[-1500:]}")
    rounds = [float(l.split()[1]) for l in p.stdout.splitlines() if l.startswith("ROUND ")]
    check = [l for l in p.stdout.splitlines() if l.startswith("CHECK ")]
    if not rounds or check != [f"CHECK {expect} {expect}"]:
        raise RuntimeError(f"{' '.join(cmd)}: unexpected output:\n{p.stdout[-800:]}")
    return statistics.median(rounds)


def rows(build_dir="build", procs=2, repeat=3):
    raw, eng, lib = build(build_dir)
    result = []
    for name, nbytes, iters, rounds in CASES:
        args = [str(nbytes), str(iters), str(rounds)]
        r, x = [], []
        for _ in range(repeat):
            r.append(_run([raw] + args, procs, procs))
            x.append(_run([eng, lib] + args, procs, procs))
        tr, tx = statistics.median(r), statistics.median(x)
        if nbytes < 1 << 20:
            result.append(dict(name=name, unit="us", raw=tr * 1e6, parax=tx * 1e6, ratio=tx / tr))
        else:
            result.append(dict(name=name, unit="ms", raw=tr * 1e3, parax=tx * 1e3, ratio=tx / tr))
            result.append(dict(name=name + "_bandwidth", unit="GB/s", raw=nbytes / tr / 1e9,
                               parax=nbytes / tx / 1e9, ratio=tr / tx))
    return result


def format_rows(table, procs):
    lines = [f"{'row (' + str(procs) + ' processes)':<26}{'raw MPI':>12}{'parax mpi':>12}{'parax/raw':>11}"]
    for row in table:
        lines.append(f"{row['name'] + ' [' + row['unit'] + ']':<26}{row['raw']:>12.3f}{row['parax']:>12.3f}"
                     f"{row['ratio']:>11.3f}")
    lines.append("(parax/raw is the time ratio; for GB/s rows, raw bandwidth / parax bandwidth)")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("-n", "--procs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    try:
        table = rows(args.build, args.procs, args.repeat)
    except Unavailable as e:
        print(f"multiproc_mpi: skipped: {e}")
        return 0
    lib = os.path.join(os.path.abspath(args.build), "bench-mpi")
    version = subprocess.run(["mpirun", "--version"], capture_output=True, text=True).stdout.splitlines()
    print(format_rows(table, args.procs))
    print(f"({version[0] if version else 'mpirun'}; drivers in {lib})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
