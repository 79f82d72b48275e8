#!/usr/bin/env python3
"""psum across 2 processes: latency (8 B) and bandwidth (64 MiB), parax beside
JAX (its Gloo CPU collectives) in the same run.

usage: bench/multiproc.py [--parax build/parax] [--repeat 3] [--only CASE] [--systems a,b]

Each system runs bench/multiproc/psum.py as 2 processes of one job on this
machine (one device each), started the way run.sh starts JAX programs
(JAX_COORDINATOR_ADDRESS on a free loopback port + Slurm's variables, read
by jax.distributed.initialize()). Each process times its steady-state
calls; the row is process 0's median (microseconds), the median of --repeat
runs, interleaved across systems. Ratios are against jax_gloo (below 1:
parax is faster).

Rows are added by registering a system: a function (case, port, process,
nproc) -> (argv, env) under a name in SYSTEMS, e.g. an MPI engine under
mpirun. Keep each system's program the same psum.py where it can run it.
"""
import argparse
import os
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


def run_job(system, case, timeout=600):
    """Starts the job's processes at once; returns process 0's RESULT."""
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
    ap.add_argument("--systems", default="", help="comma-separated subset of " + ",".join(SYSTEMS))
    ARGS = ap.parse_args()
    ARGS.parax = os.path.abspath(ARGS.parax)
    systems = [s for s in SYSTEMS if not ARGS.systems or s in ARGS.systems.split(",")]
    cases = [c for c in CASES if ARGS.only in c[0]]
    results = {}
    for _ in range(ARGS.repeat):
        for c in cases:
            for s in systems:
                results.setdefault((c[0], s), []).append(run_job(s, c))
    ref = systems[0]
    print(f"{'case':<12} {'system':<14} {'median':>12} {'per call':>12} {'ratio':>7}")
    for c in cases:
        base = statistics.median(results[(c[0], ref)])
        for s in systems:
            us = statistics.median(results[(c[0], s)])
            extra = f"{c[1] / (us * 1e-6) / 1e9:8.2f} GB/s" if c[1] >= 1 << 20 else ""
            print(f"{c[0]:<12} {s:<14} {us:>10.1f}us {extra:>12} {us / base:>7.2f}")
    print(f"({NPROC} processes x 1 device, loopback; medians of {ARGS.repeat} runs; "
          f"ratio vs {ref})")


if __name__ == "__main__":
    main()
