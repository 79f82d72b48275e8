#!/usr/bin/env python3
"""psum across 2 processes: latency (8 B) and bandwidth (64 MiB), parax beside
JAX (its Gloo CPU collectives) and beside raw MPI in the same run.

usage: bench/multiproc.py [--parax build/parax] [--repeat 3] [--only CASE] [--systems a,b]

Each system runs bench/multiproc/psum.py as 2 processes of one job on this
machine (one device each), started the way run.sh starts JAX programs
(JAX_COORDINATOR_ADDRESS on a free loopback port + Slurm's variables, read
by jax.distributed.initialize()). Each process times its steady-state
calls; the row is process 0's median (microseconds), the median of --repeat
runs, interleaved across systems. Ratios are against jax_gloo (below 1:
parax is faster).

Rows are added by registering a system: a function (case, port, process,
nproc) -> (argv, env) under a name in SYSTEMS (one command per process), or
(case, nproc) -> (argv, env) in LAUNCHED (one command that starts the whole
job, e.g. mpirun; process 0's RESULT is taken from mpirun's --tag-output).
Keep each system's program the same psum.py where it can run it:
  parax_mpi   `mpirun -n 2 parax psum.py` (the MPI engine, auto-detected):
              the whole parax program, timed as the others
  raw_mpi     bench/mpi/allreduce_raw.c: MPI_Allreduce in place, in a loop
              (per-call mean of each round; the median of 5 rounds)
  engine_mpi  bench/mpi/allreduce_engine.cpp: libparax_engine_mpi.so's
              allReduce alone, timed as raw_mpi
The MPI rows are skipped (saying why) where Open MPI or the MPI engine is
missing. `--ratios-vs raw_mpi` adds a column of ratios against raw MPI
(target: parax_mpi <= 1.1 x raw_mpi).
"""
import argparse
import os
import shutil
import re
import socket
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PROG = os.path.join(HERE, "multiproc", "psum.py")

# name, bytes, repetitions inside one run
CASES = [("psum_8B", 8, 2000), ("psum_64MiB", 64 << 20, 12)]
NPROC = 2
ARGS = None


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def job_env(port, k, nproc, devices=1):
    return {
        "JAX_COORDINATOR_ADDRESS": f"127.0.0.1:{port}",
        "SLURM_JOB_ID": str(port), "SLURM_STEP_NODELIST": "127.0.0.1",
        "SLURM_NTASKS": str(nproc), "SLURM_PROCID": str(k), "SLURM_LOCALID": str(k),
        "SLURM_STEP_NUM_NODES": "1", "SLURM_NNODES": "1",
        "JAX_NUM_CPU_DEVICES": str(devices), "PARAX_DEVICES": str(devices),
        "XLA_FLAGS": f"--xla_force_host_platform_device_count={devices}",
        "JAX_PLATFORMS": "cpu",
    }


def jax_gloo(case, port, k, nproc):
    return [sys.executable, PROG, str(case[1]), str(case[2])], job_env(port, k, nproc)


def parax_engine(engine):
    def system(case, port, k, nproc):
        env = job_env(port, k, nproc)
        env["PARAX_ENGINE"] = engine
        return [ARGS.parax, PROG, str(case[1]), str(case[2])], env
    return system


# Systems, in table order. The first is the ratios' reference.
SYSTEMS = {
    "jax_gloo": jax_gloo,
    "parax_gloo": parax_engine("gloo"),
}


def _mpi_env():
    # Open MPI's --oversubscribe and --allow-run-as-root, as variables; no
    # PARAX_/JAX_/SLURM_ variables, so parax detects mpirun's own.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PARAX_", "SLURM_", "JAX_"))}
    env.update(OMPI_MCA_rmaps_base_oversubscribe="1", OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    return env


def parax_mpi(case, nproc):
    return (["mpirun", "-n", str(nproc), "--tag-output", "-x", "PARAX_DEVICES=1", "-x", "PARAX_ENGINE=mpi",
             ARGS.parax, PROG, str(case[1]), str(case[2])], _mpi_env())


def _mpi_driver(which):
    def system(case, nproc):
        sys.path.insert(0, os.path.join(HERE, "mpi"))
        import multiproc_mpi
        raw, eng, lib = multiproc_mpi.build(os.path.dirname(ARGS.parax))
        drv = [raw] if which == "raw" else [eng, lib]
        return (["mpirun", "-n", str(nproc)] + drv + [str(case[1]), str(case[2]), "5"], _mpi_env())
    return system


# Systems that start the whole job with one command (mpirun).
LAUNCHED = {
    "parax_mpi": parax_mpi,
    "raw_mpi": _mpi_driver("raw"),
    "engine_mpi": _mpi_driver("engine"),
}


def mpi_unavailable():
    """Why the MPI rows cannot run here, or None."""
    if not shutil.which("mpirun") or not shutil.which("mpicc"):
        return "mpirun/mpicc not found (apt-get install openmpi-bin libopenmpi-dev)"
    if not os.path.exists(os.path.join(os.path.dirname(ARGS.parax), "libparax_engine_mpi.so")):
        return "libparax_engine_mpi.so is not built (needs libopenmpi-dev at configure time)"
    return None


def run_launched(system, case, timeout=600):
    """Runs the job with one command; returns process 0's time (us)."""
    argv, env = LAUNCHED[system](case, NPROC)
    p = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        raise RuntimeError(f"{system} {case[0]}: exit {p.returncode}\n{p.stderr[-1500:]}")
    m = re.search(r"^\[\d+,0\]<stdout>:\s*RESULT (\S+)$", p.stdout, re.M)
    if m:
        return float(m.group(1))
    rounds = [float(l.split()[1]) for l in p.stdout.splitlines() if l.startswith("ROUND ")]
    if not rounds:
        raise RuntimeError(f"{system} {case[0]}: no RESULT/ROUND in {p.stdout[-500:]!r}")
    return statistics.median(rounds) * 1e6


def run_job(system, case, timeout=600):
    """Starts the job's processes at once; returns process 0's RESULT."""
    if system in LAUNCHED:
        return run_launched(system, case, timeout)
    port = free_port()
    procs = []
    for k in range(NPROC):
        argv, env = SYSTEMS[system](case, port, k, NPROC)
        procs.append(subprocess.Popen(argv, env=dict(os.environ, **env), stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=timeout)
        if p.returncode != 0:
            for q in procs:
                q.kill()
            raise RuntimeError(f"{system} {case[0]}: exit {p.returncode}\n{err[-1500:]}")
        outs.append(out)
    m = re.search(r"^RESULT (\S+)$", outs[0], re.M)
    if not m:
        raise RuntimeError(f"{system} {case[0]}: no RESULT in {outs[0][-500:]!r}")
    return float(m.group(1))


def main():
    global ARGS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--parax", default=os.path.join(ROOT, "build", "parax"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--systems", default="",
                    help="comma-separated subset of " + ",".join(list(SYSTEMS) + list(LAUNCHED)))
    ap.add_argument("--ratios-vs", default="raw_mpi",
                    help="a second reference for a ratio column (default raw_mpi)")
    ARGS = ap.parse_args()
    ARGS.parax = os.path.abspath(ARGS.parax)
    every = list(SYSTEMS) + list(LAUNCHED)
    systems = [s for s in every if not ARGS.systems or s in ARGS.systems.split(",")]
    why = mpi_unavailable()
    if why and any(s in LAUNCHED for s in systems):
        print(f"(MPI rows skipped: {why})")
        systems = [s for s in systems if s not in LAUNCHED]
    cases = [c for c in CASES if ARGS.only in c[0]]
    results = {}
    for _ in range(ARGS.repeat):
        for c in cases:
            for s in systems:
                results.setdefault((c[0], s), []).append(run_job(s, c))
    ref = systems[0]
    ref2 = ARGS.ratios_vs if ARGS.ratios_vs in systems and ARGS.ratios_vs != ref else None
    print(f"{'case':<12} {'system':<14} {'median':>12} {'per call':>12} {'ratio':>7}" +
          (f" {'vs ' + ref2:>12}" if ref2 else ""))
    for c in cases:
        base = statistics.median(results[(c[0], ref)])
        for s in systems:
            us = statistics.median(results[(c[0], s)])
            extra = f"{c[1] / (us * 1e-6) / 1e9:8.2f} GB/s" if c[1] >= 1 << 20 else ""
            line = f"{c[0]:<12} {s:<14} {us:>10.1f}us {extra:>12} {us / base:>7.2f}"
            if ref2:
                line += f" {us / statistics.median(results[(c[0], ref2)]):>12.2f}"
            print(line)
    print(f"({NPROC} processes x 1 device, loopback; medians of {ARGS.repeat} runs; "
          f"ratio vs {ref}" + (f", and vs {ref2}" if ref2 else "") + ")")


if __name__ == "__main__":
    main()
