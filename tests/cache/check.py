#!/usr/bin/env python3
"""The compiled-code cache (PARAX_CACHE_DIR) under damage and hostile
conditions. Each case runs a program on the cpu backend with a private cache
directory, damages the cache or the directory, runs it again, and requires:
the program's output as the interpreter prints it, exit 0, no "LLVM ERROR",
no leftover temp files, and at most one warning, which names the cache.
PARAX_JIT_TIMING=1 makes parax say "cached" or "compiled" for each program,
which tells a hit from a miss.

The read-only and full-disk cases mount (a read-only bind mount, a filled
tmpfs) in a private namespace (`unshare -rm`); where that is not allowed they
are reported as skipped. RLIMIT_FSIZE stands in for a full disk everywhere.

usage: check.py PARAX [--only SUBSTR]
"""
import os, resource, shutil, signal, stat, struct, subprocess, sys, tempfile, time

parax = os.path.abspath(sys.argv[1])
only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
work = tempfile.mkdtemp(prefix="parax-cache-test-")
failures, skipped, ran = [], [], 0

PROGRAM = """import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    return x * 3.0 + {const}

print(f(jnp.arange(4.0)))
"""
CONST = 12345.0


def program(const=CONST):
    path = os.path.join(work, "prog_%d.py" % int(const))
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write(PROGRAM.format(const=repr(const)))
    return path


expected_cache = {}


def expected(const=CONST):
    """The interpreter's output: no compiled code, no cache."""
    if const not in expected_cache:
        r = subprocess.run([parax, "--backend", "interp", program(const)],
                           capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, PARAX_CACHE_DIR="off"))
        assert r.returncode == 0, r.stderr
        expected_cache[const] = r.stdout
    return expected_cache[const]


def run(cache, const=CONST, wrap=None, preexec=None, extra_env=None, args=None):
    env = dict(os.environ, PARAX_CACHE_DIR=cache, PARAX_JIT_TIMING="1")
    env.update(extra_env or {})
    cmd = [parax] + (args or ["--backend", "cpu", program(const)])
    if wrap:
        cmd = wrap(cmd)
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env,
                       preexec_fn=preexec)
    return r


def new_dir(name):
    d = os.path.join(work, name)
    os.makedirs(d, mode=0o700)
    os.chmod(d, 0o700)
    return d


def entries(d):
    return sorted(n for n in os.listdir(d) if n.startswith("parax-") and ".tmp" not in n)


def temps(d):
    return sorted(n for n in os.listdir(d) if ".tmp" in n)


def the_entry(d):
    e = entries(d)
    assert len(e) == 1, "expected one cache entry in %s, found %s" % (d, e)
    return os.path.join(d, e[0])


class Fail(Exception):
    pass


def check_run(r, const=CONST, want=None, cache_dir=None, max_warnings=1,
              warn_phrase=None):
    """Right output, exit 0, no LLVM fatal error, at most one warning (naming
    the cache), no temp files. `want`: "cached" or "compiled"."""
    problems = []
    if r.returncode != 0:
        problems.append("exit %d" % r.returncode)
    if r.stdout != expected(const):
        problems.append("stdout %r, expected %r" % (r.stdout, expected(const)))
    if "LLVM ERROR" in r.stderr or "error:" in r.stderr:
        problems.append("an error was reported")
    warnings = [l for l in r.stderr.splitlines() if "warning" in l]
    if len(warnings) > max_warnings:
        problems.append("%d warnings" % len(warnings))
    for w in warnings:
        if "cache" not in w:
            problems.append("a warning that does not name the cache: %r" % w)
    if warn_phrase and not any(warn_phrase in w for w in warnings):
        problems.append("no warning saying %r" % warn_phrase)
    if want and ("parax-jit: " + want) not in r.stderr:
        problems.append("not %s" % want)
    if cache_dir and os.path.isdir(cache_dir) and temps(cache_dir):
        problems.append("temp files left: %s" % temps(cache_dir))
    if problems:
        raise Fail("; ".join(problems) + "\n--- stderr:\n" + r.stderr[-2000:])
    return warnings


def case(fn):
    global ran
    name = fn.__name__
    if only and only not in name:
        return fn
    try:
        ran += 1
        fn()
        print("PASS", name)
    except Skip as s:
        skipped.append(name)
        print("SKIP", name, "-", s)
    except (Fail, AssertionError, subprocess.TimeoutExpired) as e:
        failures.append(name)
        print("FAIL", name, "-", e)
    return fn


class Skip(Exception):
    pass


def filled(d):
    """Runs once so that d holds the program's entry; returns its path."""
    check_run(run(d), want="compiled", cache_dir=d, max_warnings=0)
    check_run(run(d), want="cached", cache_dir=d, max_warnings=0)
    return the_entry(d)


def damaged_then_recovers(name, damage):
    d = new_dir(name)
    path = filled(d)
    damage(path)
    w = check_run(run(d), want="compiled", cache_dir=d)
    # Recompiled and stored afresh: the next run is a clean hit.
    check_run(run(d), want="cached", cache_dir=d, max_warnings=0)
    return w


@case
def cache_hit_after_miss():
    d = new_dir("hit")
    filled(d)
    assert stat.S_IMODE(os.stat(the_entry(d)).st_mode) & 0o077 == 0, "entry readable by others"


@case
def cache_flipped_constant():
    def flip(path):
        b = bytearray(open(path, "rb").read())
        i = b.find(struct.pack("<f", CONST))
        assert i >= 0, "the constant is not in the object"
        b[i:i + 4] = struct.pack("<f", 54321.0)
        open(path, "wb").write(bytes(b))
    w = damaged_then_recovers("flip", flip)
    if len(w) != 1:
        raise Fail("a damaged entry should warn once, got %d" % len(w))


@case
def cache_flipped_every_region():
    # One byte in the magic, the version, the lengths, the key, the hash and
    # the payload's start and end.
    size = len(open(filled(new_dir("probe")), "rb").read())
    for off in (0, 9, 13, 17, 30, 60, 100, size // 2, size - 1):
        def flip(path, off=off):
            b = bytearray(open(path, "rb").read())
            b[off] ^= 0x5A
            open(path, "wb").write(bytes(b))
        damaged_then_recovers("flipbyte%d" % off, flip)


@case
def cache_truncated():
    for keep in ("half", 10, 0):
        def cut(path, keep=keep):
            n = os.path.getsize(path) // 2 if keep == "half" else keep
            os.truncate(path, n)
        damaged_then_recovers("trunc_%s" % keep, cut)


@case
def cache_garbage_and_appended():
    def garbage(path):
        n = os.path.getsize(path)
        open(path, "wb").write(os.urandom(n))
    damaged_then_recovers("garbage", garbage)

    def appended(path):
        open(path, "ab").write(b"\0" * 64)
    damaged_then_recovers("appended", appended)


@case
def cache_rehashed_garbage_payload():
    # Garbage with a correct header and hashes (what a writer who recomputes
    # the hash can do): LLVM rejects the object, parax compiles instead.
    import hashlib

    def rehash(path):
        b = open(path, "rb").read()
        payload = b[88:88 + 40] + os.urandom(len(b) - 88 - 40)
        header = b[:16] + struct.pack("<Q", len(payload)) + b[24:56] + \
            hashlib.sha256(payload).digest()
        open(path, "wb").write(header + payload)
    w = damaged_then_recovers("rehash", rehash)
    if len(w) != 1 or "LLVM cannot load it" not in w[0]:
        raise Fail("expected one warning that LLVM cannot load the entry, got %s" % w)


@case
def cache_other_programs_entry():
    # Program B's (valid) entry under program A's name: the key differs.
    other = new_dir("other")
    check_run(run(other, const=777.0), const=777.0, cache_dir=other, max_warnings=0)
    theirs = the_entry(other)

    def swap(path):
        shutil.copyfile(theirs, path)
    damaged_then_recovers("swap", swap)


@case
def cache_symlink_and_directory_entry():
    other = new_dir("other2")
    check_run(run(other, const=778.0), const=778.0, cache_dir=other, max_warnings=0)
    theirs = the_entry(other)

    def link(path):
        os.unlink(path)
        os.symlink(theirs, path)
    damaged_then_recovers("symlink", link)
    # A FIFO must not block the reader.
    damaged_then_recovers("fifo", lambda path: (os.unlink(path), os.mkfifo(path)))
    # A directory where the entry should be: it can be neither read nor
    # replaced; the program still runs.
    d = new_dir("direntry")
    path = filled(d)
    os.unlink(path)
    os.mkdir(path)
    check_run(run(d), want="compiled", cache_dir=d)
    check_run(run(d), want="compiled", cache_dir=d)


def unshare_available():
    r = subprocess.run(["unshare", "-rm", "true"], capture_output=True)
    return r.returncode == 0


@case
def cache_read_only_dir():
    d = new_dir("ro")
    filled(d)
    os.unlink(the_entry(d))
    if os.geteuid() != 0:
        os.chmod(d, 0o500)
        wrap = None
    elif unshare_available():
        def wrap(cmd):
            q = " ".join("'%s'" % c for c in cmd)
            return ["unshare", "-rm", "sh", "-c",
                    "mount --bind %s %s && mount -o remount,ro,bind %s %s && exec %s"
                    % (d, d, d, d, q)]
    else:
        raise Skip("root without unshare: cannot make a read-only directory")
    try:
        for _ in range(2):
            r = run(d, wrap=wrap)
            check_run(r, want="compiled", cache_dir=d)
        if entries(d):
            raise Fail("an entry was written to a read-only directory")
    finally:
        os.chmod(d, 0o700)


@case
def cache_full_disk():
    if not unshare_available():
        raise Skip("unshare -rm is not allowed here")
    d = new_dir("full")
    script = ("mount -t tmpfs -o size=64k,mode=0700 tmpfs %s && "
              "(dd if=/dev/zero of=%s/filler bs=4k 2>/dev/null; true) && "
              "%s --backend cpu %s && ls -A %s >&2" % (d, d, parax, program(), d))
    r = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, PARAX_CACHE_DIR=d,
                                             PARAX_JIT_TIMING="1"))
    check_run(r, want="compiled")
    left = [l for l in r.stderr.splitlines() if l.startswith("parax-")
            and not l.startswith("parax-jit")]
    if left:
        raise Fail("files left on the full disk: %s" % left)
    if not any("cannot write" in l for l in r.stderr.splitlines()):
        raise Fail("no warning that the entry could not be written:\n" + r.stderr)


@case
def cache_file_size_limit():
    # RLIMIT_FSIZE below the entry's size: write() fails with EFBIG and
    # SIGXFSZ, whose default action would kill the process.
    d = new_dir("fsize")

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))
    r = run(d, preexec=small_files)
    if r.returncode < 0:
        raise Fail("killed by signal %d" % -r.returncode)
    check_run(r, want="compiled", cache_dir=d, warn_phrase="cannot write")
    if entries(d):
        raise Fail("a partial entry was left: %s" % entries(d))


@case
def cache_world_writable_dir_refused():
    for mode in (0o777, 0o770, 0o1777):
        d = new_dir("shared%o" % mode)
        os.chmod(d, mode)
        r = run(d)
        check_run(r, want="compiled", cache_dir=d, warn_phrase="written by other users")
        if entries(d):
            raise Fail("mode %o: an entry was written to a shared directory" % mode)
        # A planted entry is never read from it.
        os.chmod(d, 0o700)
        filled(d)
        os.chmod(d, mode)
        check_run(run(d), want="compiled", cache_dir=d)


@case
def cache_foreign_owner_refused():
    if os.geteuid() != 0:
        raise Skip("needs root to give the directory away")
    d = new_dir("foreign")
    filled(d)
    os.chown(d, 4242, 4242)
    check_run(run(d), want="compiled", cache_dir=d, warn_phrase="owned by uid 4242")


@case
def cache_not_a_directory():
    f = os.path.join(work, "plainfile")
    open(f, "w").write("not a directory\n")
    check_run(run(f), want="compiled", warn_phrase="not a directory")
    check_run(run(os.path.join(f, "sub")), want="compiled")


@case
def cache_eviction_keeps_limit():
    d = new_dir("evict")
    size = os.path.getsize(filled(new_dir("sizeprobe")))
    limit = str(int(size * 2.5))
    env = {"PARAX_CACHE_MAX_BYTES": limit}
    consts = [1001.0, 1002.0, 1003.0, 1004.0, 1005.0]
    for c in consts[:2]:
        check_run(run(d, const=c, extra_env=env), const=c, want="compiled", cache_dir=d, max_warnings=0)
    # Both entries an hour old; a hit on the first makes it the most recent.
    old = time.time() - 3600
    for e in entries(d):
        os.utime(os.path.join(d, e), (old, old))
    check_run(run(d, const=consts[0], extra_env=env), const=consts[0], want="cached", cache_dir=d, max_warnings=0)
    check_run(run(d, const=consts[2], extra_env=env), const=consts[2], want="compiled", cache_dir=d, max_warnings=0)
    total = sum(os.path.getsize(os.path.join(d, e)) for e in entries(d))
    if total > int(limit) or len(entries(d)) != 2:
        raise Fail("%d bytes in %d entries over a limit of %s" % (total, len(entries(d)), limit))
    check_run(run(d, const=consts[0], extra_env=env), const=consts[0], want="cached", cache_dir=d, max_warnings=0)
    check_run(run(d, const=consts[1], extra_env=env), const=consts[1], want="compiled", cache_dir=d, max_warnings=0)
    for c in consts:
        check_run(run(d, const=c, extra_env=env), const=c, cache_dir=d, max_warnings=0)
        total = sum(os.path.getsize(os.path.join(d, e)) for e in entries(d))
        if total > int(limit):
            raise Fail("%d bytes over a limit of %s" % (total, limit))


@case
def cache_stale_temp_files_removed():
    d = new_dir("temps")
    stale = os.path.join(d, "parax-0123.pxc.tmp.99999.0")
    fresh = os.path.join(d, "parax-4567.pxc.tmp.99999.1")
    mine = os.path.join(d, "notes.txt")
    for p in (stale, fresh, mine):
        open(p, "w").write("x")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(mine, (old, old))
    r = run(d)
    if r.returncode != 0 or r.stdout != expected():
        raise Fail("the run failed:\n" + r.stderr)
    if os.path.exists(stale) or not os.path.exists(fresh) or not os.path.exists(mine):
        raise Fail("stale temp kept, or a fresh temp / an unrelated file removed: %s"
                   % os.listdir(d))


@case
def cache_info_and_clear():
    d = new_dir("cmd")
    check_run(run(d), cache_dir=d, max_warnings=0)
    check_run(run(d, const=2002.0), const=2002.0, cache_dir=d, max_warnings=0)
    open(os.path.join(d, "notes.txt"), "w").write("keep me")
    r = run(d, args=["cache", "info"], extra_env={"PARAX_CACHE_MAX_BYTES": "64MiB"})
    for phrase in ("directory: " + d, "entries:   2", "bytes:", "limit:     67108864"):
        if phrase not in r.stdout:
            raise Fail("cache info lacks %r:\n%s%s" % (phrase, r.stdout, r.stderr))
    r = run("off", args=["cache", "--cache-dir", d, "clear"])
    if r.returncode != 0 or "removed 2 files" not in r.stdout:
        raise Fail("cache clear: exit %d\n%s%s" % (r.returncode, r.stdout, r.stderr))
    if entries(d) or not os.path.exists(os.path.join(d, "notes.txt")):
        raise Fail("after clear: %s" % os.listdir(d))
    r = run(d, args=["cache", "info"])
    if "entries:   0" not in r.stdout:
        raise Fail("cache info after clear:\n" + r.stdout)
    missing = os.path.join(work, "never-created")
    r = run(missing, args=["cache", "info"])
    if r.returncode != 0 or os.path.exists(missing):
        raise Fail("cache info on a missing directory: exit %d, created=%s"
                   % (r.returncode, os.path.exists(missing)))
    r = run("off", args=["cache", "info"])
    if r.returncode != 0 or "off" not in r.stdout:
        raise Fail("cache info with the cache off:\n" + r.stdout)
    r = run(d, args=["cache", "bogus"])
    if r.returncode != 2:
        raise Fail("parax cache bogus: exit %d, expected 2" % r.returncode)
    # --cache-dir on a run.
    other = os.path.join(work, "flagdir")
    check_run(run("off", args=["--cache-dir", other, "--backend", "cpu", program()]),
              max_warnings=0)
    if len(entries(other)) != 1:
        raise Fail("--cache-dir did not put the entry in %s" % other)


@case
def cache_off_writes_nothing():
    home = new_dir("home")
    r = run("off", extra_env={"HOME": home, "XDG_CACHE_HOME": ""})
    check_run(r, want="compiled", max_warnings=0)
    if os.listdir(home):
        raise Fail("PARAX_CACHE_DIR=off still wrote %s" % os.listdir(home))


print("%d passed, %d failed, %d skipped" % (ran - len(failures) - len(skipped),
                                            len(failures), len(skipped)))
for d, _, files in os.walk(work):
    os.chmod(d, 0o700)
shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if failures else 0)
