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
Each row is a dict: name, unit, raw (Open MPI's default algorithm), raw_best
(the fastest of it and three forced coll/tuned algorithms, named by `best`),
parax, ratio and ratio_best (parax time / raw time); rows()
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
# Open MPI's own choice, and the allreduce algorithms of coll/tuned forced
# (the "raw best" column keeps the fastest: the baseline at its best).
RAW_VARIANTS = (("default", []),
                ("recursive_doubling", ["--mca", "coll_tuned_use_dynamic_rules", "1",
                                        "--mca", "coll_tuned_allreduce_algorithm", "3"]),
                ("ring", ["--mca", "coll_tuned_use_dynamic_rules", "1",
                          "--mca", "coll_tuned_allreduce_algorithm", "4"]),
                ("rabenseifner", ["--mca", "coll_tuned_use_dynamic_rules", "1",
                                  "--mca", "coll_tuned_allreduce_algorithm", "6"]))


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


def _run(cmd, procs, expect, mca=()):
    p = subprocess.run(["mpirun", "-n", str(procs)] + list(mca) + cmd, capture_output=True, text=True, env=_env(),
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
        r = {v: [] for v, _ in RAW_VARIANTS}
        x = []
        for _ in range(repeat):
            for variant, mca in RAW_VARIANTS:
                r[variant].append(_run([raw] + args, procs, procs, mca))
            x.append(_run([eng, lib] + args, procs, procs))
        med = {v: statistics.median(t) for v, t in r.items()}
        tr, tx = med["default"], statistics.median(x)
        best = min(med, key=med.get)
        tb = med[best]
        scale, unit = (1e6, "us") if nbytes < 1 << 20 else (1e3, "ms")
        result.append(dict(name=name, unit=unit, raw=tr * scale, raw_best=tb * scale, best=best,
                           parax=tx * scale, ratio=tx / tr, ratio_best=tx / tb))
        if nbytes >= 1 << 20:
            result.append(dict(name=name + "_bandwidth", unit="GB/s", raw=nbytes / tr / 1e9,
                               raw_best=nbytes / tb / 1e9, best=best, parax=nbytes / tx / 1e9,
                               ratio=tx / tr, ratio_best=tx / tb))
    return result


def format_rows(table, procs):
    lines = [f"{'row (' + str(procs) + ' processes)':<26}{'raw MPI':>10}{'raw best':>10}{'parax mpi':>11}"
             f"{'parax/raw':>11}{'parax/best':>12}  best algorithm"]
    for row in table:
        lines.append(f"{row['name'] + ' [' + row['unit'] + ']':<26}{row['raw']:>10.3f}{row['raw_best']:>10.3f}"
                     f"{row['parax']:>11.3f}{row['ratio']:>11.3f}{row['ratio_best']:>12.3f}  {row['best']}")
    lines.append("(ratios are parax time / raw time, for the GB/s rows too; raw MPI is "
                 "Open MPI's default choice, raw best the fastest of it and coll/tuned's recursive doubling, "
                 "ring and Rabenseifner forced)")
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
