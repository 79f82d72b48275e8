import io
from io import StringIO

s = StringIO()
print(s.write("hello"), s.write(" world\n"))
print(repr(s.getvalue()), s.tell())
print("second line", 42, file=s)
print(repr(s.getvalue()))
s.seek(0)
print(repr(s.readline()), repr(s.readline()), repr(s.readline()))
s.seek(0)
print(s.read(5), repr(s.read(1)), repr(s.read()))
print(repr(s.read()))
s.seek(6)
s.write("WORLD")
print(repr(s.getvalue()))
s.seek(0, 2)
print(s.tell())
print(s.truncate(5), repr(s.getvalue()))

t = io.StringIO("a\nb\nc")
print([line for line in t])
t.seek(0)
print(t.readlines())
t.seek(0)
print(list(t))
u = StringIO("one\ntwo\nthree\n")
for i, line in enumerate(u):
    print(i, line.rstrip())
print(u.read() == "")

with StringIO() as w:
    w.writelines(["x\n", "y\n"])
    print(repr(w.getvalue()), w.closed)
print(w.closed)
try:
    w.getvalue()
except ValueError as e:
    print("ValueError:", e)
try:
    StringIO().write(3)
except TypeError as e:
    print("TypeError:", e)

v = StringIO("abc")
v.seek(10)
v.write("z")
print(repr(v.getvalue()))
print(StringIO("x").readable(), StringIO("x").writable(), StringIO("x").seekable())
print(repr(StringIO("abc\ndef").readline(2)))
big = StringIO()
for i in range(1000):
    big.write(str(i) + ",")
print(len(big.getvalue()), big.getvalue()[:20], big.getvalue()[-10:])
print(io.SEEK_SET, io.SEEK_CUR, io.SEEK_END)
