#!/usr/bin/env python3
"""The hostile suite: programs a hostile user would write. Each one must end
within its time limit, under a memory cap, with exit status 0 or 1 - never a
signal, never a hang - and when it fails, its diagnostic must carry
`NAME.py:LINE`.

Directives in a program's leading comments:
  # hostile: exit=0|1|2            the exit status it must end with (default: 0 or 1;
                                   2, bad usage, only when named here)
  # hostile: error=KIND line=L     exit 1, stderr names KIND and points at NAME.py:L
  # hostile: expect=TEXT           TEXT must appear in stdout+stderr (repeatable)
  # hostile: reject=TEXT           TEXT must not appear in stdout+stderr (repeatable)
  # hostile: args=ARGS             extra parax arguments (e.g. --backend cpu --timeout 2)
  # hostile: subcommand=NAME         run `parax NAME [options] PROGRAM` (e.g. check)
  # hostile: backends=cpu,interp   run once per backend (default: cpu,interp)
  # hostile: timeout=S             wall-clock limit (default 60 s)
  # hostile: memory=MiB            address-space cap (default 6144 MiB)
  # hostile: stdin=program         feed the program on stdin to `parax -` instead of a path
  # hostile: stdin=piped           feed the program on stdin to plain `parax` (no path)
  # hostile: path=PATH             run `parax PATH` (a directory, a device ...) instead
                                   of the program itself
  # hostile: argv=ARGS             arguments for the program itself (its sys.argv[1:])
  # hostile: setup=SHELL           a shell command run in {tmp} before the program (files,
                                   symlinks, FIFOs for the sandbox tests)
In args, argv, setup and path, {tmp} is a fresh temporary directory for the run (removed after).
A UTF-8 byte order mark before the first comment is allowed.

usage: check.py PARAX [--only SUBSTR]
"""
import glob, os, re, resource, shlex, shutil, signal, subprocess, sys, tempfile

parax = sys.argv[1]
only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
here = os.path.dirname(os.path.abspath(__file__))


def directives(src):
    d = {"exit": None, "error": None, "line": None, "expect": [], "reject": [], "args": "",
         "backends": "cpu,interp", "timeout": 60, "memory": 6144, "stdin": False,
         "path": None, "subcommand": None, "argv": "", "setup": None}
    for raw in src.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if not line.startswith("#"):
            if line:
                break
            continue
        m = re.match(r"#\s*hostile:\s*(.*)", line)
        if not m:
            continue
        body = m.group(1).strip()
        for key in ("expect", "reject"):
            if body.startswith(key + "="):
                d[key].append(body[len(key) + 1:])
                break
        else:
            if body.startswith("args="):
                d["args"] = body[5:]
                continue
            if body.startswith("argv="):
                d["argv"] = body[5:]
                continue
            if body.startswith("setup="):
                d["setup"] = body[6:]
                continue
            for key, val in re.findall(r"(exit|error|line|backends|timeout|memory|stdin|path|subcommand)=(\S+)", body):
                d[key] = val
    return d


def limit(mib):
    def apply():
        cap = int(mib) << 20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        os.setsid()
    return apply


passed = failed = 0
for prog in sorted(glob.glob(os.path.join(here, "*.py"))):
    name = os.path.basename(prog)
    if name == "check.py" or only not in name:
        continue
    src = open(prog, encoding="utf-8", errors="replace").read()
    d = directives(src)
    for backend in d["backends"].split(","):
        tmp = tempfile.mkdtemp(prefix="parax-hostile-")
        cmd = [parax, *([d["subcommand"]] if d["subcommand"] else []), "--backend", backend,
               *shlex.split(d["args"].replace("{tmp}", tmp))]
        stdin = subprocess.DEVNULL
        if d["stdin"]:
            if d["stdin"] == "program":
                cmd.append("-")
            stdin = open(prog, "rb")
        elif d["path"]:
            cmd.append(d["path"].replace("{tmp}", tmp))
        else:
            cmd.append(prog)
        cmd += shlex.split(d["argv"].replace("{tmp}", tmp))
        if d["setup"]:
            subprocess.run(d["setup"].replace("{tmp}", tmp), shell=True, cwd=tmp, check=True)
        env = dict(os.environ, PARAX_CACHE_DIR=os.environ.get("PARAX_CACHE_DIR", "off"))
        problems = []
        try:
            p = subprocess.run(cmd, stdin=stdin, capture_output=True, timeout=float(d["timeout"]),
                               preexec_fn=limit(d["memory"]), env=env)
            out = p.stdout.decode("utf-8", "replace")
            err = p.stderr.decode("utf-8", "replace")
            rc = p.returncode
        except subprocess.TimeoutExpired as e:
            rc, out, err = None, "", ""
            problems.append(f"no answer in {d['timeout']} s")
        shutil.rmtree(tmp, ignore_errors=True)
        if rc is not None:
            if rc < 0:
                problems.append(f"killed by signal {signal.Signals(-rc).name}")
            elif rc not in (0, 1) and str(rc) != d["exit"]:
                problems.append(f"exit status {rc}")
            want = "1" if d["error"] else d["exit"]
            if want is not None and str(rc) != want:
                problems.append(f"exit status {rc}, expected {want}")
            if rc == 1:
                shown = "<stdin>" if d["stdin"] else name
                lines = d["line"].split("|") if d["line"] else [r"\d+"]
                if not any(re.search(f"{re.escape(shown)}:{l}\\b", err) for l in lines):
                    problems.append(f"diagnostic does not point at {shown}:{d['line'] or 'LINE'}")
            if d["error"] and d["error"] not in err:
                problems.append(f"stderr does not name {d['error']}")
            for text in d["expect"]:
                if text not in out + err:
                    problems.append(f"missing {text!r}")
            for text in d["reject"]:
                if text in out + err:
                    problems.append(f"must not print {text!r}")
        label = f"{name} [{backend}]"
        if problems:
            failed += 1
            print(f"FAIL {label}: {'; '.join(problems)}\n{(out + err)[-1200:]}")
        else:
            passed += 1
            print(f"PASS {label}")
print(f"hostile: {passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
