#!/usr/bin/env python3
"""The diagnostics suite: every program here must fail with exit status 1,
name its error kind, point at its line (the `# conform:` directive, as the
shared conform tool checks) and contain each `# expect:` phrase in stderr.

usage: check.py PARAX [extra parax args...]
"""
import glob, os, re, shlex, subprocess, sys

parax = sys.argv[1]
extra = sys.argv[2:]
here = os.path.dirname(os.path.abspath(__file__))
passed = failed = 0
for prog in sorted(glob.glob(os.path.join(here, "*.py"))):
    if prog.endswith("check.py"):
        continue
    src = open(prog, encoding="utf-8").read()
    name = os.path.basename(prog)
    d = re.search(r"#\s*conform:(.*)", src).group(1)
    kind = re.search(r"error=(\S+)", d).group(1)
    lines = re.search(r"line=(\S+)", d).group(1).split("|")
    args = re.search(r"parax-args=(.*)$", d)
    args = shlex.split(args.group(1)) if args else []
    phrases = re.findall(r"#\s*expect:\s*(.*)", src)
    p = subprocess.run([parax, "--devices", "4", *extra, *args, prog], capture_output=True,
                       text=True, timeout=120)
    problems = []
    if p.returncode != 1:
        problems.append(f"exit status {p.returncode}")
    if kind not in p.stderr:
        problems.append(f"does not name {kind}")
    if not any(re.search(f"{re.escape(name)}:{l}\\b", p.stderr) for l in lines):
        problems.append(f"does not point at line {'|'.join(lines)}")
    for ph in phrases:
        if ph.strip() not in p.stderr:
            problems.append(f"missing phrase {ph.strip()!r}")
    if problems:
        failed += 1
        print(f"FAIL {name}: {'; '.join(problems)}\n{p.stderr[-1500:]}")
    else:
        passed += 1
        print(f"PASS {name}")
print(f"diagnostics: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
