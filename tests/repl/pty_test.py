#!/usr/bin/env python3
"""Drives the real parax REPL through a pseudo-terminal (standard library
only): typing, multi-line blocks, echo, tab completion, an error followed by
use of an earlier definition, :commands, Ctrl-C while typing, during a
running Python loop and during a compiled endless lax.while_loop (cpu and
interp backends), --timeout on REPL input, history kept across sessions and
across a closed terminal, and a syntax error inside open brackets reported
at once.

usage: pty_test.py path/to/parax
"""
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import tempfile
import termios
import time

PARAX = sys.argv[1]
# Terminal control sequences libedit writes while redrawing a line.
CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|[\r\x07\x08]")


class Repl:
    def __init__(self, home, *args):
        pid, fd = pty.fork()
        if pid == 0:
            os.environ.update(HOME=home, TERM="xterm", PARAX_BACKEND="interp")
            os.execv(PARAX, [PARAX, *args])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 200, 0, 0))
        self.pid, self.fd, self.raw, self.pos = pid, fd, b"", 0

    def text(self):
        return CONTROL.sub("", self.raw.decode("utf-8", "replace"))

    def expect(self, pattern, timeout=30):
        deadline = time.time() + timeout
        while True:
            m = re.compile(pattern).search(self.text(), self.pos)
            if m:
                self.pos = m.end()
                return m
            left = deadline - time.time()
            if left <= 0:
                raise AssertionError("timed out waiting for %r; output after the "
                                     "last match:\n%s" % (pattern, self.text()[self.pos:]))
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError("parax exited while waiting for %r:\n%s"
                                         % (pattern, self.text()[self.pos:]))
                self.raw += chunk

    def send(self, s):
        # A person types after the prompt shows; libedit switches the
        # terminal to raw mode just after printing it, and input that
        # arrives before that is echoed twice (or, for Ctrl-D, lost).
        time.sleep(0.03)
        os.write(self.fd, s.encode())

    def line(self, s, then=r">>> $|>>> "):
        """Types a line and waits for the next prompt."""
        self.send(s + "\n")
        return self.expect(then)

    def close(self):
        """Ctrl-D at an empty prompt quits; returns the exit code."""
        for _ in range(3):
            self.send("\x04")
            deadline = time.time() + 3
            while time.time() < deadline:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    return os.waitstatus_to_exitcode(status)
                try:
                    if select.select([self.fd], [], [], 0.1)[0]:
                        self.raw += os.read(self.fd, 4096)
                except OSError:
                    pass
        os.kill(self.pid, signal.SIGKILL)
        raise AssertionError("parax did not exit on Ctrl-D; output after the last "
                             "match:\n%r" % self.text()[self.pos:])


def hangup_keeps_history(home):
    """Closing the terminal keeps ~/.parax_history. As under a terminal
    emulator, a shell leads the session and passes SIGHUP on to parax a
    moment after the terminal closed - while parax, whose reads ended,
    may be writing its history (the write that used to truncate it)."""
    path = os.path.join(home, ".parax_history")
    for attempt, delay in enumerate([0.0005, 0.001, 0.002, 0.0025, 0.003, 0.0035]):
        pid, fd = pty.fork()
        if pid == 0:
            kid = os.fork()
            if kid == 0:
                os.environ.update(HOME=home, TERM="xterm", PARAX_BACKEND="interp")
                os.execv(PARAX, [PARAX])

            def forward(*_):
                time.sleep(delay)
                try:
                    os.kill(kid, signal.SIGHUP)
                except OSError:
                    pass
            signal.signal(signal.SIGHUP, forward)
            os.waitpid(kid, 0)
            os._exit(0)
        r = Repl.__new__(Repl)
        r.pid, r.fd, r.raw, r.pos = pid, fd, b"", 0
        r.expect(">>> ")
        r.line("hangup_marker_%d = %d" % (attempt, attempt))
        os.close(fd)
        os.waitpid(pid, 0)
        history = open(path).read().replace("\\040", " ")
        for want in ("add(x, 2)", "hangup_marker_%d" % attempt):
            assert want in history, "after hangup %d: %r missing from %r" % (attempt, want, history)


def main():
    home = tempfile.mkdtemp(prefix="parax-repl-")
    prog = os.path.join(home, "defs.py")
    with open(prog, "w") as f:
        f.write("loaded = 5\n")

    r = Repl(home)
    r.expect(r"parax \(interp, 1 device\).*\n>>> ")
    # Typing, a multi-line block, echo of a final expression.
    r.line("x = 40")
    r.send("def add(a, b):\n")
    r.expect(r"\.\.\. ")
    r.send("    return a + b\n")
    r.expect(r"\.\.\. ")
    r.line("")
    r.send("add(x, 2)\n")
    r.expect(r"\n42\r?\n")
    r.expect(">>> ")
    # An error keeps earlier definitions.
    r.send("undefined_thing + 1\n")
    r.expect(r"NameError: name 'undefined_thing' is not defined")
    r.expect(">>> ")
    r.send("add(x, 1)\n")
    r.expect(r"\n41\r?\n")
    r.expect(">>> ")
    # Tab completion of a global name and of a module attribute.
    r.line("my_long_variable = 7")
    r.send("my_long_v\t * 6\n")
    r.expect(r"\n42\r?\n")
    r.expect(">>> ")
    r.line("import jax")
    r.line("import jax.numpy as jnp")
    r.send("jnp.linsp\t(0, 1, 3)\n")
    r.expect(r"Array\(\[0\. *, 0\.5, 1\. *\], dtype=float32\)")
    r.expect(">>> ")
    # Commands on a jitted function.
    r.line("f = jax.jit(lambda v: jnp.sin(v) * 2.0)")
    r.send("f(jnp.ones(4)).shape\n")
    r.expect(r"\(4,\)")
    r.expect(">>> ")
    r.send(":ir f\n")
    r.expect(r"sin")
    r.expect(">>> ")
    r.send(":mem f\n")
    r.expect(r"device 0: peak")
    r.expect(">>> ")
    r.send(":ptx f\n")
    r.expect(r"\.target sm_")
    r.expect(">>> ")
    r.send(":devices\n")
    r.expect(r"backend interp, 1 device")
    r.expect(">>> ")
    r.send(":time add(1, 2)\n")
    r.expect(r"\n3\r?\n.*wall time: [0-9.]+ ms")
    r.expect(">>> ")
    r.send(":load %s\n" % prog)
    r.expect(">>> ")
    r.send("loaded + 1\n")
    r.expect(r"\n6\r?\n")
    r.expect(">>> ")
    r.send(":help\n")
    r.expect(r":mem f")
    r.expect(">>> ")
    # Ctrl-C while typing drops the line.
    r.send("this is not finished")
    time.sleep(0.2)
    r.send("\x03")
    r.expect(r"KeyboardInterrupt")
    r.expect(">>> ")
    # Ctrl-C during a long loop returns to the prompt; definitions survive.
    r.line("i = 0")
    r.send("while True:\n")
    r.expect(r"\.\.\. ")
    r.send("    i = i + 1\n")
    r.expect(r"\.\.\. ")
    r.send("    if i == 1000:\n")
    r.expect(r"\.\.\. ")
    r.send("        print('running')\n")
    r.expect(r"\.\.\. ")
    r.send("\n")
    r.expect(r"running")  # the loop is under way
    time.sleep(0.2)
    r.send("\x03")
    r.expect(r"KeyboardInterrupt")
    r.expect(">>> ")
    r.send("i > 100, x\n")
    r.expect(r"\(True, 40\)")
    r.expect(">>> ")
    r.line("6 * 7")
    code = r.close()
    assert code == 0, "exit code %d" % code

    # libedit's history file escapes spaces as \040.
    history = open(os.path.join(home, ".parax_history")).read().replace("\\040", " ")
    assert "add(x, 2)" in history, history

    # A new session recalls the last line with the up arrow.
    r = Repl(home)
    r.expect(">>> ")
    r.send("\x1b[A")
    time.sleep(0.2)
    r.send("\n")
    r.expect(r"\n42\r?\n")
    r.expect(">>> ")
    # A line no continuation can fix is an error at once, not a "..." prompt.
    r.send("def broken(:\n")
    r.expect(r"SyntaxError")
    r.expect(">>> ")
    r.line("broken_done = 1")
    assert r.close() == 0

    hangup_keeps_history(home)

    # Ctrl-C inside compiled code: an endless jit'd lax.while_loop returns to
    # the prompt with KeyboardInterrupt, and earlier variables survive.
    for backend in ("cpu", "interp"):
        r = Repl(home, "--backend", backend)
        r.expect(r"parax \(%s, 1 device\).*\n>>> " % backend)
        r.line("import jax; from jax import lax")
        r.line("kept = 7")
        r.line("spin = jax.jit(lambda x: lax.while_loop(lambda c: c > -1.0, "
               "lambda c: c + 1.0, x))")
        r.send("print('spinning'); spin(0.0)\n")
        r.expect(r"spinning\r?\n")
        time.sleep(0.5)
        r.send("\x03")
        r.expect(r"error: KeyboardInterrupt: the program was interrupted")
        r.expect(">>> ")
        r.send("kept + 1\n")
        r.expect(r"\n8\r?\n")
        r.expect(">>> ")
        assert r.close() == 0

    # --timeout bounds each input; the session goes on after a TimeoutError.
    r = Repl(home, "--backend", "cpu", "--timeout", "1")
    r.expect(">>> ")
    r.line("import jax; from jax import lax")
    r.line("kept = 7")
    r.send("jax.jit(lambda x: lax.while_loop(lambda c: c > -1.0, lambda c: c + 1.0, x))(0.0)\n")
    r.expect(r"error: TimeoutError: the program ran past --timeout 1 s")
    r.expect(">>> ")
    r.send("kept * 6\n")
    r.expect(r"\n42\r?\n")
    r.expect(">>> ")
    assert r.close() == 0
    print("repl pty test: OK")


if __name__ == "__main__":
    main()
