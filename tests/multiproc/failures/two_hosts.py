#!/usr/bin/env python3
"""A real two-host run on one machine: two network namespaces joined by a veth
pair (10.77.0.1 and 10.77.0.2), one process in each, talking only through
that link (the coordinator on 10.77.0.1; Gloo's TCP on the interface that
reaches it). Needs root and `ip`; otherwise it says SKIP and passes.

usage: two_hosts.py PARAX
Cases: a job that computes across the "hosts", and SIGKILL of the process on
the second host (the first must exit non-zero within 15 s naming process 1).
"""
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PARAX = os.path.abspath(sys.argv[1])
NS = ('parax_mpA', 'parax_mpB')
SHARED = os.path.normpath(os.path.join(HERE, '..', '..', '..', '..', 'shared', 'conformance', 'multiproc'))


def sh(*cmd, check=True):
    return subprocess.run(list(cmd), capture_output=True, text=True, check=check)


def setup():
    teardown()
    sh('ip', 'netns', 'add', NS[0])
    sh('ip', 'netns', 'add', NS[1])
    sh('ip', 'link', 'add', 'pxvA', 'type', 'veth', 'peer', 'name', 'pxvB')
    sh('ip', 'link', 'set', 'pxvA', 'netns', NS[0])
    sh('ip', 'link', 'set', 'pxvB', 'netns', NS[1])
    for ns, dev, addr in ((NS[0], 'pxvA', '10.77.0.1/24'), (NS[1], 'pxvB', '10.77.0.2/24')):
        sh('ip', '-n', ns, 'addr', 'add', addr, 'dev', dev)
        sh('ip', '-n', ns, 'link', 'set', dev, 'up')
        sh('ip', '-n', ns, 'link', 'set', 'lo', 'up')


def teardown():
    for ns in NS:
        sh('ip', 'netns', 'del', ns, check=False)


def start(k, prog, port=23456):
    env = dict(os.environ, PARAX_DEVICES='2', PARAX_COORDINATOR_ADDRESS=f'10.77.0.1:{port}',
               PARAX_NUM_PROCESSES='2', PARAX_PROCESS_ID=str(k), PYTHONUNBUFFERED='1')
    return subprocess.Popen(['ip', 'netns', 'exec', NS[k], PARAX, prog], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def main():
    if os.geteuid() != 0 or not shutil.which('ip'):
        print('SKIP two_hosts (needs root and ip)')
        return 0
    try:
        setup()
    except subprocess.CalledProcessError as e:
        print('SKIP two_hosts (cannot make network namespaces: ' + (e.stderr or '').strip() + ')')
        teardown()
        return 0
    failed = 0
    try:
        ps = [start(k, os.path.join(HERE, 'launched.py')) for k in range(2)]
        outs = [p.communicate(timeout=60) for p in ps]
        lines = sorted(o[0].strip() for o in outs)
        ok = all(p.returncode == 0 for p in ps) and lines == [
            'process 0 of 2: 4 devices, psum [22. 22.]', 'process 1 of 2: 4 devices, psum [22. 22.]']
        print(('PASS' if ok else 'FAIL') + ' two_hosts_psum' + ('' if ok else f': {outs!r}'))
        failed += not ok

        prog = os.path.join(SHARED, 'fail_sigkill.py')
        if os.path.exists(prog):
            ps = [start(k, prog, 23457) for k in range(2)]
            t0 = time.time()
            while time.time() - t0 < 30:
                line = ps[1].stdout.readline()
                if not line or line.startswith('step 3'):
                    break
            ps[1].kill()  # SIGKILL to `ip netns exec`, which exec()ed parax
            t_kill = time.time()
            try:
                out, err = ps[0].communicate(timeout=20)
            except subprocess.TimeoutExpired:
                ps[0].kill()
                out, err = ps[0].communicate()
            took = time.time() - t_kill
            ok = ps[0].returncode not in (0, None) and took < 15 and 'process 1' in err
            print(('PASS' if ok else 'FAIL') + f' two_hosts_sigkill (process 0 rc {ps[0].returncode} '
                  f'after {took:.1f} s)' + ('' if ok else f': {err[-600:]!r}'))
            failed += not ok
            ps[1].wait()
    finally:
        teardown()
    print(f'two hosts: {"all passed" if not failed else str(failed) + " failed"}')
    return 1 if failed else 0


sys.exit(main())
