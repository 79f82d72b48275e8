#!/usr/bin/env python3
"""Runs every benchmark in bench/ with parax and with JAX in the same run and
prints a table of medians and parax/JAX ratios.

usage: bench/run.py [--parax build/parax] [--backend cpu] [--devices 4]
                    [--only NAME] [--repeat 3] [--memcheck]
                    [--save RUN.json] [--compare BASE.json]

Each bench/*.py is one program that both run unchanged: it times its own
steady-state calls and prints `RESULT <name> <milliseconds>` (the median of
its repetitions) and `CHECK <value>` (both must agree). JAX runs on the CPU
with the same number of virtual devices (XLA_FLAGS=
--xla_force_host_platform_device_count=N). The script runs each program
--repeat times per system, interleaved, and keeps the median.

Two rows are measured from outside: `start_to_first_result`, the wall time
from process start to the first printed result of the seed program
(examples/seed_fori_loop.py, the README's example), for `parax` and for
`python3` with JAX.

With --memcheck, each program also runs once under PARAX_MEMCHECK=1 and
the table of its compiled programs' peak memory follows: what the memory
plan (`parax check`) predicts beside what the runtime's buffer accounting
measured (the largest over the program's calls, per device).

Ratios below 1 mean parax is faster. The geometric mean covers the
steady-state rows (not compile latency or start-up, which have their own
targets).

Machine limits: a program may print `WORK <name> bytes <B>` (the memory it
must at least read and write per call) or `WORK <name> flops <F>`; the
table then gives, for both systems, the fraction of the machine's limit the
row reached: B / time against the copy bandwidth (a numpy copy loop over
64 MB arrays, bytes read + written, best of several) or F / time against
the peak FLOP/s (a numpy float32 2048x2048 matmul, best of several), both
measured at the start of the run (--no-limits skips them).

--save RUN.json stores the run (every repetition of every row, both
systems). --compare BASE.json then prints the rows that got slower than the
stored run by more than the noise: a row's noise is the spread
(max - min) / median of its repetitions, measured in both runs and for
both systems; a row regressed when its parax/JAX ratio (the figure that
survives a busy machine, both being timed in the same run) grew by more
than the summed spreads of both runs (and at least 3%). The exit status is
2 when a row regressed.
"""
import argparse
import glob
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NOT_STEADY = ("compile_50ops", "start_to_first_result")
WORK = {}  # row -> ("bytes" | "flops", amount per call)


def machine_limits():
    """(copy bytes/s, float32 FLOP/s) of this machine, measured: the best of
    several numpy copies of 64 MB (read + write) and of 2048^3 matmuls."""
    import numpy as np
    src = np.ones(16 * 1024 * 1024, dtype=np.float32)
    dst = np.empty_like(src)
    best = float("inf")
    for _ in range(20):
        t0 = time.perf_counter()
        np.copyto(dst, src)
        best = min(best, time.perf_counter() - t0)
    bw = 2 * src.nbytes / best
    n = 2048
    a = np.ones((n, n), dtype=np.float32)
    b = np.ones((n, n), dtype=np.float32)
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        a @ b
        best = min(best, time.perf_counter() - t0)
    return bw, 2 * n ** 3 / best


def run_once(cmd, env, timeout=900):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    wall = (time.perf_counter() - t0) * 1000.0
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr[-1500:]}")
    results = {m.group(1): float(m.group(2))
               for m in re.finditer(r"^RESULT (\S+) (\S+)$", p.stdout, re.M)}
    for m in re.finditer(r"^WORK (\S+) (bytes|flops) (\S+)$", p.stdout, re.M):
        WORK[m.group(1)] = (m.group(2), float(m.group(3)))
    checks = re.findall(r"^CHECK (.*)$", p.stdout, re.M) or [p.stdout.strip()]
    return results, checks, wall, p.stdout


def memcheck(cmd, env, name):
    """Planned and measured peak bytes of each compiled program of one run
    (PARAX_MEMCHECK=1 prints both after every call): the largest of each,
    keyed by program and device."""
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900,
                       env=dict(env, PARAX_MEMCHECK="1"))
    out = {}
    for m in re.finditer(r"^memcheck (.+) device (\d+) planned (\d+) measured (\d+)$",
                         p.stderr, re.M):
        key = f"{name}: {m.group(1)} dev {m.group(2)}"
        pl, me = out.get(key, (0, 0))
        out[key] = (max(pl, int(m.group(3))), max(me, int(m.group(4))))
    return out


def close(a, b):
    """Printed results agree token by token, numbers within 1e-3 relative
    (float32 sums in another order, a different tanh)."""
    ta, tb = a.replace("[", " ").replace("]", " ").split(), b.replace("[", " ").replace("]", " ").split()
    if len(ta) != len(tb):
        return False
    for x, y in zip(ta, tb):
        try:
            fx, fy = float(x), float(y)
            if abs(fx - fy) > 1e-3 * max(1.0, abs(fx), abs(fy)):
                return False
        except ValueError:
            if x != y:
                return False
    return True


def spread(xs):
    """Relative spread of repetitions: (max - min) / median."""
    m = statistics.median(xs)
    return (max(xs) - min(xs)) / m if m > 0 else 0.0


def compare(base, samples):
    """Rows slower than the stored run `base` by more than the noise."""
    print(f"\n{'vs ' + base.get('label', 'base'):34} {'base ratio':>11} {'now ratio':>11} "
          f"{'change':>8} {'noise':>7}")
    regressed = []
    for k, (ps, js) in samples.items():
        b = base["rows"].get(k)
        if not b:
            continue
        now = statistics.median(ps) / statistics.median(js)
        was = statistics.median(b["parax"]) / statistics.median(b["jax"])
        noise = max(0.03, spread(ps) + spread(js) + spread(b["parax"]) + spread(b["jax"]))
        change = now / was - 1.0
        mark = "  SLOWER" if change > noise else ""
        print(f"{k:34} {was:11.3f} {now:11.3f} {change:+8.1%} {noise:7.1%}{mark}")
        if mark:
            regressed.append(k)
    for k in regressed:
        print("REGRESSION", k)
    return regressed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--parax", default=os.path.join(ROOT, "build", "parax"))
    ap.add_argument("--backend", default="cpu")
    ap.add_argument("--devices", type=int, default=4)
    ap.add_argument("--only", default="")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--memcheck", action="store_true")
    ap.add_argument("--save", default="", help="store this run (JSON)")
    ap.add_argument("--compare", default="", help="a stored run to compare with")
    ap.add_argument("--no-limits", action="store_true", help="skip measuring the machine's limits")
    args = ap.parse_args()
    limits = None if args.no_limits else machine_limits()
    if limits:
        print(f"machine: copy {limits[0] / 1e9:.1f} GB/s, matmul {limits[1] / 1e9:.1f} GFLOP/s, "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)

    jax_env = dict(os.environ, JAX_PLATFORMS="cpu",
                   XLA_FLAGS=f"--xla_force_host_platform_device_count={args.devices}")
    parax_env = dict(os.environ, PARAX_CACHE_DIR="off")
    parax_cmd = [args.parax, "--backend", args.backend, "--devices", str(args.devices)]
    rows = {}
    samples = {}
    peaks = {}
    mismatches = []
    startup_prog = os.path.join(ROOT, "examples", "seed_fori_loop.py")
    # bench/multiproc.py is the driver of the multi-process rows, not a program
    progs = [p for p in sorted(glob.glob(os.path.join(HERE, "*.py"))) if os.path.basename(p) != "multiproc.py"]
    for prog in progs + [startup_prog]:
        name = os.path.basename(prog)
        if name in ("run.py", "poll_cost.py") or (args.only and args.only not in name):
            continue
        startup = prog == startup_prog
        # A program may give parax extra flags: `# bench: parax-args=...`.
        with open(prog) as fh:
            m = re.search(r"^# bench: parax-args=(.*)$", fh.read(), re.M)
        extra = m.group(1).split() if m else []
        px, jx = {}, {}
        for _ in range(args.repeat):
            for system, cmd, env, acc in (("parax", parax_cmd + extra + [prog], parax_env, px),
                                          ("jax", [sys.executable, prog], jax_env, jx)):
                res, checks, wall, _ = run_once(cmd, env)
                if startup:
                    res = {"start_to_first_result": wall}
                for k, v in res.items():
                    acc.setdefault(k, []).append(v)
                acc.setdefault("__checks", checks)
        for a, b in zip(px.get("__checks", []), jx.get("__checks", [])):
            if not close(a, b):
                mismatches.append(f"{name}: parax {a} vs jax {b}")
        for k in px:
            if k != "__checks" and k in jx:
                rows[k] = (statistics.median(px[k]), statistics.median(jx[k]))
                samples[k] = (px[k], jx[k])
        if args.memcheck and not startup:
            peaks.update(memcheck(parax_cmd + extra + [prog], parax_env, name))
        print(f"  ran {name}", file=sys.stderr, flush=True)

    print(f"{'benchmark':34} {'parax ms':>11} {'jax ms':>11} {'parax/jax':>10}"
          f" {'parax lim':>10} {'jax lim':>8}")
    steady = []
    for k, (p, j) in rows.items():
        r = p / j if j > 0 else float("inf")
        lim = ""
        if limits and k in WORK:
            kind, amount = WORK[k]
            peak = limits[0] if kind == "bytes" else limits[1]
            lim = (f" {amount / (p / 1e3) / peak:9.0%}{'B' if kind == 'bytes' else 'F'}"
                   f" {amount / (j / 1e3) / peak:7.0%}{'B' if kind == 'bytes' else 'F'}")
        print(f"{k:34} {p:11.2f} {j:11.2f} {r:10.3f}{lim}")
        if k not in NOT_STEADY and not k.startswith("compile_"):
            steady.append(r)
    if steady:
        g = math.exp(sum(math.log(r) for r in steady) / len(steady))
        print(f"{'geomean (steady state)':34} {'':11} {'':11} {g:10.3f}")
        print(f"{'worst (steady state)':34} {'':11} {'':11} {max(steady):10.3f}")
    if limits:
        print(f"(lim: fraction of the copy bandwidth (B) or matmul FLOP/s (F) above; "
              f"load average now {os.getloadavg()[0]:.1f})")
    if peaks:
        print(f"\n{'peak memory (parax)':58} {'planned B':>11} {'measured B':>11} {'meas/plan':>9}")
        for k, (pl, me) in peaks.items():
            r = me / pl if pl else float("nan")
            print(f"{k:58} {pl:11d} {me:11d} {r:9.3f}")
    for m in mismatches:
        print("CHECK MISMATCH", m)
    if args.save:
        with open(args.save, "w") as f:
            json.dump({"label": os.path.basename(args.save), "devices": args.devices,
                       "backend": args.backend, "repeat": args.repeat,
                       "rows": {k: {"parax": p, "jax": j} for k, (p, j) in samples.items()}},
                      f, indent=1)
    regressed = []
    if args.compare:
        with open(args.compare) as f:
            regressed = compare(json.load(f), samples)
    if mismatches:
        return 1
    return 2 if regressed else 0


if __name__ == "__main__":
    sys.exit(main())
