#!/usr/bin/env python3
"""Failure and launch tests of parax's multi-process jobs, each bounded in time.

usage: run_failures.py PARAX

Each case starts processes of one job by hand (PARAX_COORDINATOR_ADDRESS,
PARAX_NUM_PROCESSES, PARAX_PROCESS_ID; or `parax launch -n N`) and checks that
every process exits non-zero within the bound with the cause named: a skipped
collective (PARAX_COLLECTIVE_TIMEOUT names the missing process and where it
is), processes that traced different programs, a process that never starts,
a coordinator that never starts, and `parax launch` success and failure.
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PARAX = os.path.abspath(sys.argv[1])
BOUND = 15.0


def free_port():
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    p = s.getsockname()[1]
    s.close()
    return p


def job(prog, ids, nproc=2, env=None, timeout=30):
    """Starts processes `ids` of an nproc-process job; returns [(rc, out, err, seconds)]."""
    port = free_port()
    procs = []
    t0 = time.time()
    for i in ids:
        e = dict(os.environ, PARAX_DEVICES='2', PARAX_COORDINATOR_ADDRESS=f'127.0.0.1:{port}',
                 PARAX_NUM_PROCESSES=str(nproc), PARAX_PROCESS_ID=str(i))
        e.update(env or {})
        procs.append(subprocess.Popen([PARAX, os.path.join(HERE, prog)], env=e, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True, start_new_session=True))
    res = []
    for p in procs:
        try:
            out, err = p.communicate(timeout=max(1, timeout - (time.time() - t0)))
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, 9)
            out, err = p.communicate()
            res.append((None, out, err, time.time() - t0))
            continue
        res.append((p.returncode, out, err, time.time() - t0))
    return res


def launch(args, timeout=30):
    t0 = time.time()
    p = subprocess.run([PARAX, 'launch'] + args, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr, time.time() - t0


failures = []


def check(name, cond, detail):
    print(('PASS ' if cond else 'FAIL ') + name + ('' if cond else ': ' + detail), flush=True)
    if not cond:
        failures.append(name)


def all_failed_in_time(res, bound):
    return all(rc not in (None, 0) and t <= bound for rc, _, _, t in res)


def show(res):
    return ' | '.join(f'rc {rc} at {t:.1f} s: {err.strip()[-400:]!r}' for rc, _, err, t in res)


# 1. process 1 skips a collective: process 0's psum #3 times out after 3 s,
# naming process 1 and where it is; process 1 then stops too, naming process 0.
r = job('skip_collective.py', [0, 1], env={'PARAX_COLLECTIVE_TIMEOUT': '3'})
check('skip_collective', all_failed_in_time(r, 3 + BOUND) and
      'psum #3' in r[0][2] and 'process 1 is at the end of the program' in r[0][2] and
      'process 0 failed' in r[1][2], show(r))

# 1b. process 1 is stuck in its own Python loop: process 0 names it as past its last collective
r = job('busy_process.py', [0, 1], env={'PARAX_COLLECTIVE_TIMEOUT': '3'})
check('busy_process', all_failed_in_time(r, 3 + BOUND) and
      re.search(r'psum #2, \S+busy_process.py:9 waited 3 s .*process 1 is past psum #1', r[0][2]) is not None and
      'process 0 failed' in r[1][2], show(r))

# 1c. --timeout while the engine waits (it cannot be interrupted): the process
# stops within a second of the stop, telling the others
def job_args(prog, ids, args, env):
    port = free_port()
    procs = []
    t0 = time.time()
    for i in ids:
        e = dict(os.environ, PARAX_DEVICES='2', PARAX_COORDINATOR_ADDRESS=f'127.0.0.1:{port}',
                 PARAX_NUM_PROCESSES='2', PARAX_PROCESS_ID=str(i), **env)
        procs.append(subprocess.Popen([PARAX] + args + [os.path.join(HERE, prog)], env=e,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    res = []
    for p in procs:
        out, err = p.communicate(timeout=60)
        res.append((p.returncode, out, err, time.time() - t0))
    return res


r = job_args('skip_collective.py', [0, 1], ['--timeout', '2'], {'PARAX_COLLECTIVE_TIMEOUT': '60'})
check('timeout_in_collective', all_failed_in_time(r, 2 + 5) and
      'TimeoutError: the program ran past --timeout 2 s while waiting in psum #3' in r[0][2] and
      'process 0 failed: TimeoutError' in r[1][2], show(r))

# 2. the processes traced different programs: caught at the first call
r = job('diverge_trace.py', [0, 1])
check('diverge_trace', all_failed_in_time(r, BOUND) and
      re.search(r'process [01] traced a different program', r[0][2] + r[1][2]) is not None, show(r))

# 2b. a lax.cond around a psum decided by jax.process_index() while tracing:
# each process rejects it at trace time (the value is process-varying in
# the divergent-collective check), naming the psum, the cond and the value
DIVERGE = (r"diverge_cond.py:13:\d+: error: DivergentCollectiveError: lax.psum over axis 'i' is "
           r"inside a lax.cond branch whose predicate depends on a value derived from "
           r"jax.process_index\(\)")
r = job('diverge_cond.py', [0, 1])
check('diverge_cond', all_failed_in_time(r, BOUND) and
      all(re.search(DIVERGE, err) or re.search(r'process [01] failed: .*DivergentCollectiveError', err)
          for _, _, err, _ in r) and
      re.search(DIVERGE, r[0][2] + r[1][2]) is not None and
      'note: the lax.cond whose control varies between devices' in r[0][2] + r[1][2], show(r))

# 2c. the same decision in a fori_loop's trip count (a Python int derived
# from process_index() through arithmetic)
r = job('diverge_fori.py', [0, 1])
check('diverge_fori', all_failed_in_time(r, BOUND) and
      re.search(r"DivergentCollectiveError: lax.psum over axis 'i' is inside a lax.fori_loop "
                r"whose trip count depends on a value derived from jax.process_index\(\)",
                r[0][2] + r[1][2]) is not None, show(r))

# 2d. process_index() used where it does not decide control around a
# collective (data, and a branch without collectives) is not rejected
r = job('process_index_ok.py', [0, 1])
check('process_index_ok', all(rc == 0 for rc, _, _, _ in r) and
      r[0][1].strip() == '[3. 3.]\n[2. 2.]' and r[1][1].strip() == '[3. 3.]\n[4. 4.]',
      show(r) + ' stdout ' + repr([o for _, o, _, _ in r]))

# 3. process 1 never starts: process 0 gives up at the initialization timeout
r = job('launched.py', [0], env={'PARAX_INIT_TIMEOUT': '3'})
check('never_starts', all_failed_in_time(r, 3 + BOUND) and
      'process 1 has not reached jax.distributed.initialize within 3 s' in r[0][2], show(r))

# 4. process 0 (the coordinator's host) never starts
r = job('launched.py', [1], env={'PARAX_INIT_TIMEOUT': '3'})
check('coordinator_never_starts', all_failed_in_time(r, 3 + BOUND) and
      'could not reach the coordinator (process 0)' in r[0][2], show(r))

# 5. parax launch -n 2: both processes run, exit 0
rc, out, err, t = launch(['-n', '2', '--devices', '2', os.path.join(HERE, 'launched.py')])
lines = sorted(out.strip().splitlines())
check('launch_ok', rc == 0 and lines == ['process 0 of 2: 4 devices, psum [22. 22.]',
                                         'process 1 of 2: 4 devices, psum [22. 22.]'],
      f'rc {rc}, stdout {out!r}, stderr {err[-500:]!r}')

# 6. parax launch: process 1 calls sys.exit(3) while process 0 waits in a collective
rc, out, err, t = launch(['-n', '2', '--devices', '2', os.path.join(HERE, 'launched_exit.py')])
check('launch_exit', rc == 3 and t < BOUND and 'process 1 failed: sys.exit(3)' in err and
      'process 1 exited with status 3' in err and
      'parax launch: the job failed in process 1 (status 3; the others stopped because of it)' in err,
      f'rc {rc} after {t:.1f} s, stderr {err[-800:]!r}')

# 6b. parax launch: process 1 is killed by SIGKILL (os.kill is not granted,
# so the test kills it from outside): the job's status is 128+9, naming it
p = subprocess.Popen([PARAX, 'launch', '-n', '2', '--devices', '2', os.path.join(HERE, 'launched_wait.py')],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
t0 = time.time()
victim = None
line = p.stdout.readline()  # 'ready' once both are in the loop


def child_with_id(parent, k):
    for d in os.listdir('/proc'):
        try:
            if d.isdigit() and int(open(f'/proc/{d}/stat').read().rsplit(')', 1)[1].split()[1]) == parent \
                    and f'PARAX_PROCESS_ID={k}'.encode() in open(f'/proc/{d}/environ', 'rb').read().split(b'\0'):
                return int(d)
        except (OSError, ValueError, IndexError):
            pass
    return None


if line.strip() == 'ready':
    victim = child_with_id(p.pid, 1)
    if victim:
        os.kill(victim, 9)
try:
    out, err = p.communicate(timeout=30)
except subprocess.TimeoutExpired:
    p.kill()
    out, err = p.communicate()
check('launch_sigkill', victim is not None and p.returncode == 137 and time.time() - t0 < BOUND and
      'process 1 was killed by signal 9' in err and
      'parax launch: the job failed in process 1 (status 137' in err,
      f'rc {p.returncode}, first line {line!r}, stderr {err[-800:]!r}')

# 7. parax launch usage errors exit 2
rc, out, err, t = launch(['--devices', '2', os.path.join(HERE, 'launched.py')])
check('launch_usage', rc == 2 and '-n N' in err, f'rc {rc}, stderr {err!r}')

# 8. mpirun -n 2 parax prog.py: Open MPI's variables are detected by
# jax.distributed.initialize() (the MPI engine when installed, else Gloo)
cases = 13
mpirun = shutil.which('mpirun')
if mpirun:
    cases += 1
    argv = [mpirun, '-n', '2', '--oversubscribe']
    if os.geteuid() == 0:
        argv.append('--allow-run-as-root')
    argv += ['-x', 'PARAX_DEVICES=2', PARAX, os.path.join(HERE, 'launched.py')]
    env = {k: v for k, v in os.environ.items() if not k.startswith(('PARAX_', 'SLURM_', 'JAX_'))}
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=env)
        lines = sorted(p.stdout.strip().splitlines())
        check('mpirun', p.returncode == 0 and
              lines == ['process 0 of 2: 4 devices, psum [22. 22.]',
                        'process 1 of 2: 4 devices, psum [22. 22.]'],
              f'rc {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr[-800:]!r}')
    except subprocess.TimeoutExpired:
        check('mpirun', False, 'still running after 60 s')
else:
    print('SKIP mpirun (not installed)')

print(f'multiproc failures: {cases - len(failures)} passed, {len(failures)} failed')
sys.exit(1 if failures else 0)
