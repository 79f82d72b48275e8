#!/usr/bin/env python3
"""What polling the stop word costs compiled loops (Ctrl-C, interrupt() and
--timeout stop them): runs bench/tight_fori.py with the polling on and with
PARAX_POLL_STOPS=off (a switch that exists only for this measurement),
interleaved, and prints each row's best wall time both ways and the ratio,
then the CPU time of the whole run (user + system of the process, all rows
and compilation; steadier than wall time on a loaded machine).

usage: bench/poll_cost.py [--parax build/parax] [--rounds 5]

Not one of the benchmarks bench/run.py runs (it skips this file).
"""
import argparse
import os
import re
import resource
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--parax", default=os.path.join(os.path.dirname(HERE), "build", "parax"))
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    prog = os.path.join(HERE, "tight_fori.py")
    best = {"on": {}, "off": {}}
    cpu = {"on": float("inf"), "off": float("inf")}
    for _ in range(args.rounds):
        for mode in ("on", "off"):
            env = dict(os.environ, PARAX_CACHE_DIR="off", PARAX_POLL_STOPS=mode)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run([args.parax, "--backend", "cpu", prog], env=env, check=True,
                                 capture_output=True, text=True).stdout
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            cpu[mode] = min(cpu[mode], used)
            for name, ms in re.findall(r"^RESULT (\S+) (\S+)$", out, re.M):
                best[mode][name] = min(float(ms), best[mode].get(name, float("inf")))
    print(f"{'loop':22} {'polling ms':>11} {'off ms':>11} {'ratio':>8}")
    for name in best["on"]:
        on, off = best["on"][name], best["off"][name]
        print(f"{name:22} {on:11.2f} {off:11.2f} {on / off:8.3f}")
    print(f"{'process cpu s':22} {cpu['on']:11.2f} {cpu['off']:11.2f} {cpu['on'] / cpu['off']:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
