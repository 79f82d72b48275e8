#!/usr/bin/env python3
"""Runs programs from the extreme-program generator (parax_gen_program
--seed N) through parax: each must end with exit status 0 or 1 within the
time limit and under the memory cap, never a signal or a hang, and a
failure must name gen.py:LINE. A failing seed is printed with its program
(saved under --save DIR when given) so it can join regressions/.

usage: gen_check.py PARAX GEN_PROGRAM [--count N] [--seed S] [--jobs J] [--save DIR]
The seeds are S, S+1, ... S+N-1; S defaults to a fresh one, printed first.
"""
import argparse, os, random, re, resource, signal, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

ap = argparse.ArgumentParser()
ap.add_argument("parax")
ap.add_argument("gen")
ap.add_argument("--count", type=int, default=100)
ap.add_argument("--seed", type=int, default=None)
ap.add_argument("--jobs", type=int, default=2)
ap.add_argument("--timeout", type=float, default=60)
ap.add_argument("--memory-mib", type=int, default=6144)
ap.add_argument("--save", default=None)
args = ap.parse_args()
start = args.seed if args.seed is not None else random.randrange(1 << 40)
print(f"gen_check: seeds {start}..{start + args.count - 1}", flush=True)
work = tempfile.mkdtemp(prefix="parax-gen-")


def limit():
    cap = args.memory_mib << 20
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def one(seed):
    prog = subprocess.run([args.gen, "--seed", str(seed)], capture_output=True, check=True).stdout
    path = os.path.join(work, f"gen_{seed}", "gen.py")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(prog)
    env = dict(os.environ, PARAX_MAX_LOOP_ITERATIONS="10000", PARAX_CACHE_DIR="off")
    # A long but finite program (10**8 loop iterations on the interpreter)
    # must end by parax's own --timeout, with a located TimeoutError.
    cmd = [args.parax, "--devices", "2", "--device-memory", "256MiB", "--backend", "interp",
           "--timeout", str(max(1, int(args.timeout / 2))), path]
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=args.timeout, preexec_fn=limit, env=env)
    except subprocess.TimeoutExpired:
        return seed, prog, f"no answer in {args.timeout} s"
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode < 0:
        return seed, prog, f"killed by {signal.Signals(-p.returncode).name}\n{err[-600:]}"
    if p.returncode not in (0, 1):
        return seed, prog, f"exit status {p.returncode}\n{err[-600:]}"
    if p.returncode == 1 and not re.search(r"gen\.py:\d+", err):
        return seed, prog, f"a failure without gen.py:LINE\n{err[-600:]}"
    return seed, prog, None


bad = 0
with ThreadPoolExecutor(args.jobs) as pool:
    for seed, prog, why in pool.map(one, range(start, start + args.count)):
        if why is None:
            continue
        bad += 1
        text = prog.decode("utf-8", "replace")
        print(f"FAIL seed {seed}: {why}\n--- program (first 2000 chars) ---\n{text[:2000]}")
        if args.save:
            os.makedirs(args.save, exist_ok=True)
            with open(os.path.join(args.save, f"gen-{seed}.py"), "wb") as f:
                f.write(prog)
print(f"generated programs: {args.count - bad} passed, {bad} failed")
sys.exit(1 if bad else 0)
