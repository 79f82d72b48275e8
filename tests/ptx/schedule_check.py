#!/usr/bin/env python3
"""The GPU lowering under adversarial schedules and grid sizes, against the interpreter.

usage: schedule_check.py PARAX FAKE_DRIVER_SO PROGRAM.py...

Each program runs under emulation (PARAX_CUDA_EMULATE=1) and on the strict
fake driver, once per schedule: grid-stride kernels with 1, 3, 32 and 4224
threads (PARAX_EMU_GRID_THREADS), and block kernels with their threads
sequenced between barriers in forward, reverse, two seeded random orders and
with one thread delayed to the end of every phase (PARAX_EMU_ORDER). Results
must equal the interpreter's as in emulate_check.py. A kernel that depends
on the grid size or on the order threads reach a barrier fails here.
"""
import os, subprocess, sys

SCHEDULES = [("1", ""), ("3", ""), ("32", ""), ("4224", ""),
             ("", "forward"), ("", "reverse"), ("", "random:1"), ("", "random:2"),
             ("", "delay:0"), ("", "delay:17")]


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    parax, fake, progs = sys.argv[1], sys.argv[2], sys.argv[3:]
    check = os.path.join(os.path.dirname(os.path.abspath(__file__)), "emulate_check.py")
    failed = 0
    for grid, order in SCHEDULES:
        for mode in ("emulation", "fake"):
            env = dict(os.environ, PARAX_EMU_GRID_THREADS=grid, PARAX_EMU_ORDER=order)
            cmd = [sys.executable, check, "--jobs", "2"]
            if mode == "fake":
                env["PARAX_CUDA_DRIVER"] = fake
                cmd.append("--gpu")
            p = subprocess.run(cmd + [parax] + progs, capture_output=True, text=True, env=env)
            what = f"grid {grid or 'launched'} order {order or 'concurrent'} ({mode})"
            last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr.strip()[-300:]
            print(("FAIL " if p.returncode else "PASS ") + what + ": " + last, flush=True)
            if p.returncode:
                failed += 1
                print("\n".join(l for l in p.stdout.splitlines() if l.startswith("FAIL")))
    print(f"schedules: {2 * len(SCHEDULES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
