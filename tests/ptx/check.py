#!/usr/bin/env python3
"""Compile every program of a suite to PTX and validate it with ptxas (no GPU needed).

usage: check.py PARAX [DIR...] [--arch sm_80] [--jobs 2] [--ptxas PATH] [-v]

Each NAME.py runs as `parax --backend cuda --dump ptx` with PARAX_CUDA_PTX_ONLY=1:
every jit/pmap program it compiles is lowered to PTX (generated for --arch, sm_80
by default) and the script itself runs on the CPU backend. Each PTX file is then
assembled by `ptxas -arch=sm_80` and `-arch=sm_90` (those not older than --arch). Programs that are expected
to fail (`# conform: error=...`) still count for the programs they compiled.

Resource gate: ptxas runs with -v, and every kernel must have no spill stores
or loads, no stack frame and no lmem (local memory) on every arch. The one
exception is local memory that libdevice itself declares (its trig functions'
Payne-Hanek slow path, __internal_trig_reduction_slowpath*, keeps a 28- or
40-byte array for huge arguments): a module whose only .local declarations are
in libdevice's functions may have that stack frame; it is counted apart. The
report gives the kernels assembled and the most registers any kernel uses, per
arch.

Reports: programs whose PTX all passed ptxas, per arch; how many programs are
fully covered by kernels (nothing "not lowered"); the ops left on the host.
Exit 0 when ptxas accepted everything, the gate held and the code generator
never failed, 1 otherwise, 77 (skip) when ptxas is not installed.
"""
import argparse, collections, concurrent.futures, glob, os, re, shlex, subprocess, sys, tempfile

ARCHS = ("sm_80", "sm_90")


def directives(path):
    d = {"devices": 4, "args": ""}
    for raw in open(path, encoding="utf-8"):
        line = raw.strip()
        if not line.startswith("#"):
            if line:
                break
            continue
        m = re.search(r"devices=(\d+)", line)
        if m:
            d["devices"] = int(m.group(1))
        a = re.search(r"parax-args=(.*)$", line)
        if a:
            d["args"] = a.group(1).strip()
    return d


def check_program(path, args, tmp):
    name = os.path.splitext(os.path.basename(path))[0]
    out = os.path.join(tmp, name)
    os.makedirs(out, exist_ok=True)
    d = directives(path)
    env = dict(os.environ, PARAX_CUDA_PTX_ONLY="1", PARAX_CUDA_ARCH=args.arch)
    cmd = [args.parax, "--backend", "cuda", "--devices", str(d["devices"])]
    cmd += shlex.split(d["args"]) + ["--dump", "ptx", "--dump-dir", out, path]
    r = {"name": name, "ptx": 0, "fail": [], "codegen": None, "complete": 0,
         "partial": 0, "host": collections.Counter(), "kernels": 0,
         "regs": collections.Counter(), "assembled": collections.Counter(), "gate": [],
         "libdevice_local": collections.Counter()}
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120,
                           stdin=subprocess.DEVNULL)
        if "cuda code generator failed" in p.stderr:
            r["codegen"] = p.stderr.strip().splitlines()[-1]
    except subprocess.TimeoutExpired:
        r["codegen"] = "timed out"
    for f in sorted(glob.glob(os.path.join(out, "*.ptx"))):
        r["ptx"] += 1
        text = open(f, encoding="utf-8").read()
        r["kernels"] += len(re.findall(r"^// parax: kernel ", text, re.M))
        libdevice_only = local_owners(text) <= {"libdevice"}
        if "// parax: coverage: complete" in text:
            r["complete"] += 1
        else:
            r["partial"] += 1
        for m in re.finditer(r"^// parax: not lowered to kernels: ([^:]+): (.*)$", text, re.M):
            r["host"][f"{m.group(1)}: {m.group(2)}"] += 1
        for arch in ARCHS:
            q = subprocess.run([args.ptxas, f"-arch={arch}", "-O3", "-v", f, "-o", os.devnull],
                               capture_output=True, text=True)
            if q.returncode != 0:
                r["fail"].append((arch, os.path.basename(f), q.stderr.strip()[:400]))
                continue
            for kernel, why, regs in resources(q.stdout + q.stderr):
                r["assembled"][arch] += 1
                r["regs"][arch] = max(r["regs"][arch], regs)
                if why == "stack" and libdevice_only:
                    r["libdevice_local"][arch] += 1
                elif why:
                    r["gate"].append((arch, os.path.basename(f), kernel, why))
    return r


ENTRY = re.compile(r"Compiling entry function '([^']+)'")
FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
USED = re.compile(r"Used (\d+) registers(.*)$")
LMEM = re.compile(r"(\d+) bytes lmem")


FUNC = re.compile(r"^(?:\.visible\s+|\.extern\s+|\.weak\s+)*(?:\.entry|\.func)\s*(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)", re.M)
LOCAL = re.compile(r"^\s*\.local\b", re.M)


def local_owners(ptx):
    """Who declares the module's .local arrays: "libdevice" for libdevice's own
    functions (__internal_*, __nv_*), else the function's name."""
    owners, starts = set(), [(m.start(), m.group(1)) for m in FUNC.finditer(ptx)]
    for m in LOCAL.finditer(ptx):
        name = None
        for at, fn in starts:
            if at > m.start():
                break
            name = fn
        owners.add("libdevice" if name and name.startswith(("__internal_", "__nv_")) else name or "?")
    return owners


def resources(text):
    """(kernel, what breaks the gate or "", registers) per kernel of ptxas -v;
    "stack" when a stack frame is all that breaks it."""
    out, kernel, why = [], None, []
    for line in text.splitlines():
        m = ENTRY.search(line)
        if m:
            kernel, why = m.group(1), []
            continue
        m = FRAME.search(line)
        if m and kernel:
            frame, st, ld = (int(g) for g in m.groups())
            if st or ld:
                why.append(f"spills ({st} bytes stored, {ld} loaded)")
            if frame:
                why.append(f"{frame} bytes stack frame (local memory)")
            continue
        m = USED.search(line)
        if m and kernel:
            lm = LMEM.search(m.group(2))
            if lm and int(lm.group(1)):
                why.append(f"{lm.group(1)} bytes lmem")
            only_stack = len(why) == 1 and why[0].endswith("stack frame (local memory)")
            out.append((kernel, "stack" if only_stack else "; ".join(why), int(m.group(1))))
            kernel = None
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("parax")
    ap.add_argument("dirs", nargs="*")
    ap.add_argument("--arch", default="sm_80")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--ptxas", default=os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas"))
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    # PTX for sm_XY assembles for sm_XY and newer only.
    global ARCHS
    ARCHS = tuple(a for a in ARCHS if int(a[3:]) >= int(args.arch[3:])) or (args.arch,)
    if not os.access(args.ptxas, os.X_OK):
        print(f"ptx check skipped: {args.ptxas} not found (install the CUDA toolkit)")
        return 77
    dirs = args.dirs or [os.path.join(os.path.dirname(__file__), "..", "programs")]
    progs = sorted(p for d in dirs for p in glob.glob(os.path.join(d, "*.py")))
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda p: check_program(p, args, tmp), progs))
    with_ptx = [r for r in results if r["ptx"]]
    ok = {a: sum(1 for r in with_ptx if not any(f[0] == a for f in r["fail"])) for a in ARCHS}
    files = sum(r["ptx"] for r in results)
    kernels = sum(r["kernels"] for r in results)
    complete = sum(1 for r in with_ptx if r["partial"] == 0)
    host = collections.Counter()
    for r in results:
        for k in r["host"]:
            host[k] += 1  # programs (scripts) with this leftover
    bad = False
    for r in results:
        if r["codegen"]:
            bad = True
            print(f"CODEGEN FAIL {r['name']}: {r['codegen']}")
        for arch, f, err in r["fail"]:
            bad = True
            print(f"PTXAS FAIL {r['name']} {f} -arch={arch}: {err}")
        for arch, f, kernel, why in r["gate"]:
            bad = True
            print(f"RESOURCE FAIL {r['name']} {f} {kernel} -arch={arch}: {why}")
        if args.v:
            print(f"{r['name']}: {r['ptx']} ptx, {r['kernels']} kernels, "
                  f"{r['partial']} partially covered")
    print(f"ptx: {len(progs)} scripts, {len(with_ptx)} of them compile programs: "
          f"{files} programs lowered to PTX modules, {kernels} kernels, for {args.arch}")
    for a in ARCHS:
        print(f"ptx: ptxas -arch={a}: {ok[a]} of {len(with_ptx)} scripts' PTX valid")
        n = sum(r["assembled"][a] for r in results)
        most = max((r["regs"][a] for r in results), default=0)
        gated = sum(1 for r in results for g in r["gate"] if g[0] == a)
        lib = sum(r["libdevice_local"][a] for r in results)
        print(f"ptx: ptxas -arch={a}: {n} kernels assembled, at most {most} registers, "
              f"{gated} with spills or local memory of their own, "
              f"{lib} with libdevice's trig slow-path stack frame only")
    print(f"ptx: fully lowered to kernels: {complete} of {len(with_ptx)} scripts "
          f"(every compiled program with nothing left on the host)")
    for k, n in host.most_common(12):
        print(f"ptx: not lowered ({n} scripts): {k}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
