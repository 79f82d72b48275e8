#!/usr/bin/env python3
"""The GPU lowering's results against the interpreter, without a GPU.

usage: emulate_check.py [--gpu] [--devices N] [--jobs N] [--skip NAME]... PARAX [PROGRAM.py...]
       (default programs: tests/ptx/programs/*.py)

Each program runs with `--backend interp` and with `--backend cuda` under
PARAX_CUDA_EMULATE=1 (the kernels the GPU lowering outlines run on the CPU:
grid-stride loops with 3 virtual threads, one-block reductions with 256 real
threads and a barrier). The programs use sizes that take the parallel paths.
With --gpu the cuda run is the real one (scripts/gpu-check), or the strict
fake driver's when PARAX_CUDA_DRIVER names it. Printed numbers
must agree within rel 1e-4 / abs 1e-5 (float32 reductions in
another order: the GPU sums per thread, then as a tree); other tokens exactly.
"""
import concurrent.futures, glob, os, re, subprocess, sys

TOKEN = re.compile(r"-?inf|nan|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|\w+|[^\s\w]")
NUM = re.compile(r"^(-?inf|nan|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)$")


def run(parax, backend, path, env, devices):
    cmd = [parax, "--backend", backend] + (["--devices", devices] if devices else []) + [path]
    p = subprocess.run(cmd, capture_output=True, text=True,
                       env=env, timeout=300, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def close(a, b):
    if a == b:
        return True
    if not (NUM.match(a) and NUM.match(b)):
        return False
    fa, fb = float(a), float(b)
    return abs(fa - fb) <= 1e-5 + 1e-4 * max(abs(fa), abs(fb))


def main():
    argv, gpu, devices, skip, jobs = sys.argv[1:], False, None, [], 1
    while argv and argv[0].startswith("--"):
        if argv[0] == "--gpu":
            gpu = True
            argv = argv[1:]
        elif argv[0] == "--skip" and len(argv) > 1:
            skip, argv = skip + [argv[1]], argv[2:]
        elif argv[0] == "--devices" and len(argv) > 1:
            devices, argv = argv[1], argv[2:]
        elif argv[0] == "--jobs" and len(argv) > 1:
            jobs, argv = int(argv[1]), argv[2:]
        else:
            break
    if not argv:
        print(__doc__)
        return 2
    parax = argv[0]
    progs = argv[1:] or sorted(glob.glob(os.path.join(os.path.dirname(__file__), "programs", "*.py")))
    progs = [p for p in progs if os.path.splitext(os.path.basename(p))[0] not in skip]
    env = dict(os.environ, PARAX_CACHE_DIR="off")
    emu = dict(env) if gpu else dict(env, PARAX_CUDA_EMULATE="1")
    def one(path):
        rc_i, out_i, err_i = run(parax, "interp", path, env, devices)
        rc_e, out_e, err_e = run(parax, "cuda", path, emu, devices)
        ti, te = TOKEN.findall(out_i), TOKEN.findall(out_e)
        why = None
        if rc_i != rc_e:  # error programs must fail alike
            why = f"exit {rc_i} (interp) / {rc_e} (cuda): {(err_i or err_e).strip()[:300]}"
        elif len(ti) != len(te):
            why = f"{len(te)} tokens, interp printed {len(ti)}"
        else:
            for k, (a, b) in enumerate(zip(ti, te)):
                if not close(a, b):
                    why = f"token {k}: cuda {b}, interp {a}"
                    break
        return why

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for path, why in zip(progs, pool.map(one, progs)):
            print(("FAIL " if why else "PASS ") + path + (f": {why}" if why else ""), flush=True)
            failed += bool(why)
    mode = "gpu" if gpu else "gpu emulation"
    print(f"{mode}: {len(progs) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
