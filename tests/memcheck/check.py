#!/usr/bin/env python3
"""Planned vs measured per-device peak memory (issue: the planner must match
the runtime's high-water mark within 1% + 1 MiB). Runs each program here
with PARAX_MEMCHECK=1 and compares every program's plan with the tracker.

usage: check.py PARAX [--backend B]
"""
import glob, os, re, subprocess, sys

parax = sys.argv[1]
extra = sys.argv[2:]
here = os.path.dirname(os.path.abspath(__file__))
bad = 0
rows = []
for prog in sorted(glob.glob(os.path.join(here, "*.py"))):
    if prog.endswith("check.py"):
        continue
    env = dict(os.environ, PARAX_MEMCHECK="1")
    p = subprocess.run([parax, "--devices", "4", *extra, prog], capture_output=True, text=True,
                       env=env, timeout=600)
    if p.returncode != 0:
        print(f"FAIL {os.path.basename(prog)}: exit {p.returncode}\n{p.stderr[-2000:]}")
        bad += 1
        continue
    for m in re.finditer(r"memcheck (\S+) device (\d+) planned (\d+) measured (\d+)", p.stderr):
        name, dev, planned, measured = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
        ok = abs(planned - measured) <= 0.01 * measured + (1 << 20)
        rows.append((os.path.basename(prog), name, dev, planned, measured, ok))
        if not ok:
            bad += 1
for r in rows:
    print(f"{'ok  ' if r[5] else 'FAIL'} {r[0]:16} {r[1]:28} dev{r[2]} planned {r[3]/2**20:9.2f} MiB  measured {r[4]/2**20:9.2f} MiB")
# The peak of a fori_loop program must not grow with its trip count.
peaks = {}
for r in rows:
    if r[0] in ("fori_10.py", "fori_10000.py"):
        peaks.setdefault(r[0], []).append(r[4])
if len(peaks) == 2 and peaks["fori_10.py"] != peaks["fori_10000.py"]:
    print(f"FAIL fori_loop peak grows with the trip count: {peaks}")
    bad += 1
# Peaks pinned on the compiled backend (the interpreter keeps each unfused
# op's temporary): a sharded array is one buffer per device, so creating it
# and a jit over it each peak at one block (float32[1024,2048], 8 MiB) per
# device; a pmap computes its fused result in its slot of the stacked output
# (float32[1024,1024], 4 MiB per device, nothing beside it).
pinned = {"sharded_blocks.py": 1024 * 2048 * 4, "pmap_in_place.py": 1024 * 1024 * 4}
for r in rows:
    if r[0] in pinned and "interp" not in extra and r[4] != pinned[r[0]]:
        print(f"FAIL {r[0]} {r[1]} dev{r[2]} peak {r[4]} bytes, expected {pinned[r[0]]}")
        bad += 1
print(f"memcheck: {len(rows) - sum(1 for r in rows if not r[5])} matched, {bad} failed")
sys.exit(1 if bad else 0)
