#!/usr/bin/env python3
"""Replays saved fuzzer inputs through parax: each must end with exit status
0 (ran) or 1 (a diagnostic), never a signal or a hang.

usage: replay.py PARAX DIR
"""
import os, subprocess, sys

parax, folder = sys.argv[1], sys.argv[2]
bad = 0
files = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
for name in files:
    path = os.path.join(folder, name)
    env = dict(os.environ, PARAX_MAX_LOOP_ITERATIONS="10000")
    try:
        p = subprocess.run([parax, "--devices", "2", "--device-memory", "64MiB",
                            "--max-memory", "1GiB", "--timeout", "30", path],
                           capture_output=True, timeout=60, env=env)
        ok = p.returncode in (0, 1)
        why = f"exit status {p.returncode}"
    except subprocess.TimeoutExpired:
        ok, why = False, "no answer in 60 s"
    if not ok:
        bad += 1
        print(f"FAIL {name}: {why}")
print(f"fuzz regressions: {len(files) - bad} passed, {bad} failed")
sys.exit(1 if bad else 0)
