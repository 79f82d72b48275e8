#!/usr/bin/env python3
"""Device-resident execution on the strict fake driver (no GPU needed).

usage: resident_check.py PARAX FAKE_DRIVER_SO [PROGRAM.py...]
       (default programs: tests/ptx/resident/*.py)

Each program runs with `--backend interp` and with `--backend cuda` on the fake
driver (tests/unit/cuda/FakeCudaDriver.cpp: device memory the host cannot touch,
kernels run as their host compilation, counters logged per compiled call). The
cuda run must exit as the interpreter's does (a host access to device memory is
a SIGSEGV), print the same numbers (rel 1e-4 / abs 1e-5), and every call of a
program named in an `# expect: NAME CHECK...` line must satisfy each CHECK:
  syncs<=N  launches>=N  launches=N  h2d=args  d2h=results  maxgrid>=N  nccl=N  cublas=N
(maxgrid: the most blocks of any launch of the call; the fake has 132 SMs;
nccl: the NCCL collectives of the call, counted once per rank; cublas: its
cuBLAS GEMM calls.)
(h2d=args: host-to-device bytes equal the call's argument bytes; d2h=results:
device-to-host bytes equal its result bytes).
A `# run: devices=N fake-gpus=A,B` line runs the program with --devices N on
fake drivers of A, then B GPUs (PARAX_FAKE_CUDA_DEVICES), each checked;
`nccl` in it also gives parax the fake's NCCL (PARAX_NCCL), which it uses
where every device is its own GPU; `cublas` gives it the fake's cuBLAS
(PARAX_CUBLAS), without which dots run their kernels.
"""
import glob, os, re, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(__file__))
from emulate_check import TOKEN, close  # noqa: E402


def expectations(path):
    exp = {}
    for line in open(path, encoding="utf-8"):
        m = re.match(r"#\s*expect:\s*(\S+)\s+(.*)$", line.strip())
        if m:
            exp.setdefault(m.group(1), []).extend(m.group(2).split())
    return exp


def runs(path):
    devices, gpus, nccl, blas = None, [None], False, False
    for line in open(path, encoding="utf-8"):
        m = re.match(r"#\s*run:\s*(.*)$", line.strip())
        if m:
            d = re.search(r"devices=(\d+)", m.group(1))
            g = re.search(r"fake-gpus=([\d,]+)", m.group(1))
            devices = d.group(1) if d else None
            gpus = g.group(1).split(",") if g else [None]
            nccl = bool(re.search(r"\bnccl\b", m.group(1)))
            blas = bool(re.search(r"\bcublas\b", m.group(1)))
    return devices, gpus, nccl, blas


def calls(log):
    out, maxgrid, nccl, blas = [], 0, 0, 0
    for line in log.splitlines():
        f = line.split()
        if f and f[0] == "launch":  # "launch NAME grid G block B params P"
            maxgrid = max(maxgrid, int(f[3]))
        if f[:1] == ["nccl"] and f[1] != "init":  # "nccl allreduce count N type T ranks R"
            nccl += int(f[-1])
        if f[:2] == ["cublas", "sgemm"]:
            blas += 1
        if f and f[0] == "call":
            d = {"name": f[1], "maxgrid": maxgrid, "nccl": nccl, "cublas": blas}
            for k, v in zip(f[2::2], f[3::2]):
                d[k] = int(v)
            out.append(d)
            maxgrid = nccl = blas = 0
    return out


def check(call, c):
    m = re.match(r"(\w+)(<=|>=|=)(\w+)$", c)
    if not m:
        return f"bad check {c}"
    key, op, want = m.groups()
    have = call[key]
    want = call[want] if want in call else int(want)
    ok = {"<=": have <= want, ">=": have >= want, "=": have == want}[op]
    return None if ok else f"{call['name']}: {key} {have}, expected {op} {want}"


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    parax, fake = sys.argv[1], os.path.abspath(sys.argv[2])
    progs = sys.argv[3:] or sorted(glob.glob(os.path.join(os.path.dirname(__file__), "resident", "*.py")))
    failed = total = 0
    for path in progs:
      devices, gpus, nccl, blas = runs(path)
      dev = ["--devices", devices] if devices else []
      for g in gpus:
        env = dict(os.environ, PARAX_CACHE_DIR="off")
        if g:
            env["PARAX_FAKE_CUDA_DEVICES"] = g
        pi = subprocess.run([parax, "--backend", "interp"] + dev + [path], capture_output=True, text=True, env=env, timeout=300)
        with tempfile.NamedTemporaryFile("r", suffix=".log") as log:
            fenv = dict(env, PARAX_CUDA_DRIVER=fake, PARAX_FAKE_CUDA_LOG=log.name)
            if nccl:
                fenv["PARAX_NCCL"] = fake
            if blas:
                fenv["PARAX_CUBLAS"] = fake
            pc = subprocess.run([parax, "--backend", "cuda"] + dev + [path], capture_output=True, text=True, env=fenv, timeout=300)
            text = open(log.name).read()
        why = []
        if pc.returncode != pi.returncode:
            why.append(f"exit {pc.returncode} (interp {pi.returncode}): {pc.stderr.strip()[-400:]}")
        ti, tc = TOKEN.findall(pi.stdout), TOKEN.findall(pc.stdout)
        if len(ti) != len(tc) or not all(close(a, b) for a, b in zip(ti, tc)):
            why.append("output differs from the interpreter's")
        cs = calls(text)
        exp = expectations(path)
        for name, checks in exp.items():
            mine = [c for c in cs if c["name"] == name or c["name"] == "pmap_" + name]
            if not mine:
                why.append(f"{name}: no device-resident call logged")
            for call in mine:
                for c in checks:
                    r = check(call, c)
                    if r:
                        why.append(r)
        total += 1
        name = os.path.basename(path) + (f" ({g} fake GPUs)" if g else "")
        summary = ", ".join(f"{c['name']}: {c['launches']} launches {c['syncs']} syncs" for c in cs)
        if why:
            failed += 1
            print(f"FAIL {name}: " + "; ".join(why))
        else:
            print(f"PASS {name} ({summary})")
    print(f"resident: {total - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
