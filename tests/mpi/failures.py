#!/usr/bin/env python3
"""Whole-job failures under mpirun: every process must be gone within the
bound (15 s, the issue's), mpirun must exit non-zero, and stderr must name
the cause. usage: failures.py MPIRUN TEST_BINARY"""
import os
import subprocess
import sys
import time

BOUND = 15.0
# scenario -> phrases stderr must contain
CASES = {
    "timeout": ["rank 0: mpi engine: all_reduce #1 (f32 sum, 4 bytes) on rank 0 of 2 timed out after 2 s "
                "(PARAX_COLLECTIVE_TIMEOUT) waiting for rank 1",
                "MPI_Finalize waited 3 s for the other processes of the job after a failed collective"],
    "abort-job": ["rank 0: aborting the job"],
    "kill-peer": ["signal 9"],
}


def main():
    mpirun, binary = sys.argv[1], sys.argv[2]
    env = dict(os.environ, OMPI_MCA_rmaps_base_oversubscribe="1", OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    failed = 0
    for name, phrases in CASES.items():
        t0 = time.monotonic()
        try:
            p = subprocess.run([mpirun, "-n", "2", binary, "--scenario", name], capture_output=True, text=True,
                               env=env, timeout=60)
            rc, err = p.returncode, p.stdout + p.stderr
        except subprocess.TimeoutExpired as e:
            rc, err = None, f"still running after 60 s\n{e.stderr or ''}"
        took = time.monotonic() - t0
        problems = []
        if rc is None or rc == 0:
            problems.append(f"exit status {rc}, expected non-zero")
        if name == "abort-job" and rc != 3:
            problems.append(f"exit status {rc}, expected MPI_Abort's 3")
        if took > BOUND:
            problems.append(f"took {took:.1f} s (bound {BOUND:.0f} s)")
        problems += [f"stderr lacks {ph!r}" for ph in phrases if ph not in err]
        print(f"{'FAIL' if problems else 'ok  '} {name}: exit {rc} after {took:.1f} s")
        if problems:
            failed += 1
            print("  " + "\n  ".join(problems))
            print("  --- output ---\n" + err[-2000:])
    print(f"failures: {len(CASES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
