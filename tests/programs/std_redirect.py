import io
import sys
from contextlib import redirect_stdout, redirect_stderr

buf = io.StringIO()
with redirect_stdout(buf):
    print("hello")
    print("a", 1, sep="-")
    sys.stdout.write("direct\n")
print("captured:", repr(buf.getvalue()))
err = io.StringIO()
with redirect_stderr(err):
    print("to err", file=sys.stderr)
print("err captured:", repr(err.getvalue()))
outer = io.StringIO()
inner = io.StringIO()
with redirect_stdout(outer):
    print("outer 1")
    with redirect_stdout(inner):
        print("inner")
    print("outer 2")
print(repr(outer.getvalue()), repr(inner.getvalue()))
try:
    with redirect_stdout(io.StringIO()) as f:
        print("lost")
        raise ValueError("boom")
except ValueError:
    print("restored after an exception", sys.stdout is sys.__stdout__)


class Upper:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s.upper())
        return len(s)

    def flush(self):
        pass


u = Upper()
print("to a custom writer", file=u)
with redirect_stdout(u):
    print("also custom")
print(u.parts)
sys.stdout = io.StringIO()
print("into a replaced stdout")
captured = sys.stdout.getvalue()
sys.stdout = sys.__stdout__
print("back:", repr(captured))
