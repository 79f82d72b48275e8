#!/usr/bin/env python3
"""What polling the stop word costs compiled loops (Ctrl-C, interrupt() and
--timeout stop them): runs each loop of bench/tight_fori.py in a process of
its own (the file's set-up plus that one bench() line: rows sharing a
process disturb each other's timings by a few percent either way) with the
polling on and with PARAX_POLL_STOPS=off (a switch that exists only for
this measurement), interleaved, and prints for each row the best median
wall time of its calls both ways, and the best CPU time of its process
(user + system, compilation and warm-up included; steadier than wall time
on a loaded machine), with the ratios polling/off.

usage: bench/poll_cost.py [--parax build/parax] [--rounds 5]

Not one of the benchmarks bench/run.py runs (it skips this file).
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--parax", default=os.path.join(os.path.dirname(HERE), "build", "parax"))
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    src = open(os.path.join(HERE, "tight_fori.py")).read()
    setup = src[:src.index("\na = bench(") + 1]
    rows = re.findall(r"^\w+ = (bench\(.*\))$", src, re.M)
    tmp = tempfile.mkdtemp(prefix="parax-poll-cost-")
    progs = []
    for k, row in enumerate(rows):
        progs.append(os.path.join(tmp, f"row{k}.py"))
        with open(progs[-1], "w") as f:
            f.write(setup + row + "\n")
    best = {"on": {}, "off": {}}
    cpu = {"on": {}, "off": {}}
    for _ in range(args.rounds):
        for prog in progs:
            for mode in ("on", "off"):
                env = dict(os.environ, PARAX_CACHE_DIR="off", PARAX_POLL_STOPS=mode)
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                out = subprocess.run([args.parax, "--backend", "cpu", prog], env=env,
                                     check=True, capture_output=True, text=True).stdout
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                for name, ms in re.findall(r"^RESULT (\S+) (\S+)$", out, re.M):
                    best[mode][name] = min(float(ms), best[mode].get(name, float("inf")))
                    cpu[mode][name] = min(used, cpu[mode].get(name, float("inf")))
    print(f"{'loop':22} {'polling ms':>11} {'off ms':>11} {'ratio':>7}"
          f" {'polling cpu s':>14} {'off cpu s':>10} {'ratio':>7}")
    for name in best["on"]:
        on, off = best["on"][name], best["off"][name]
        con, coff = cpu["on"][name], cpu["off"][name]
        print(f"{name:22} {on:11.2f} {off:11.2f} {on / off:7.3f}"
              f" {con:14.2f} {coff:10.2f} {con / coff:7.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
