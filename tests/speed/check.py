#!/usr/bin/env python3
"""The CPU backend's parallel loops compute what the serial loops compute.

usage: check.py PARAX

Runs each tests/speed/*.py program on the cpu backend with loop splitting
off (PARAX_PARALLEL_LOOPS=0) and on with 1, 2 and 4 threads (PARAX_THREADS);
every run must print exactly the same text (the programs print floats with
every bit)."""
import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parax = sys.argv[1]
    failed = 0
    for prog in sorted(glob.glob(os.path.join(HERE, "*.py"))):
        if os.path.basename(prog) == "check.py":
            continue
        outs = {}
        for label, extra in (("serial", {"PARAX_PARALLEL_LOOPS": "0"}),
                             ("1 thread", {"PARAX_THREADS": "1"}),
                             ("2 threads", {"PARAX_THREADS": "2"}),
                             ("4 threads", {"PARAX_THREADS": "4"})):
            env = dict(os.environ, PARAX_CACHE_DIR="off", **extra)
            p = subprocess.run([parax, "--backend", "cpu", "--devices", "2", prog],
                               capture_output=True, text=True, env=env, timeout=600)
            if p.returncode != 0:
                print(f"FAIL {os.path.basename(prog)} ({label}): exit {p.returncode}\n{p.stderr[-2000:]}")
                failed += 1
                break
            outs[label] = p.stdout
        else:
            ref = outs["serial"]
            for label, out in outs.items():
                if out != ref:
                    print(f"FAIL {os.path.basename(prog)}: {label} differs from serial:\n{ref}---\n{out}")
                    failed += 1
            if all(o == ref for o in outs.values()):
                print(f"ok {os.path.basename(prog)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
