# conform: parax-args=--allow-read /tmp --allow-write /tmp
import time  # a name per run: the suites run this program at once on several backends
import io
import numpy as np

_run = time.time_ns()
path = "/tmp/parax_std_numpy_text_%d.txt" % _run
with open(path, "w") as f:
    f.write("# x y z\n1 2 3\n4 5 6  # trailing comment\n\n7 8 9\n")
a = np.loadtxt(path)
print(a.shape, a.sum(), a[1].tolist(), a[:, 2].tolist())
print(np.loadtxt(path, usecols=(0, 2)).tolist())
print(np.loadtxt(path, skiprows=2).tolist(), np.loadtxt(path, max_rows=1).tolist())
x, y, z = np.loadtxt(path, unpack=True)
print(x.tolist(), z.tolist())
print(np.loadtxt(path, dtype=int).tolist(), np.loadtxt(path, ndmin=2, max_rows=1).shape)
csv = "/tmp/parax_std_numpy_text_%d.csv" % _run
with open(csv, "w") as f:
    f.write("a,b\n0.5,1e3\n-2,3.25\n")
print(np.loadtxt(csv, delimiter=",", skiprows=1).tolist())
print(np.loadtxt(io.StringIO("1 2\n3 4")).tolist(), np.loadtxt(["5 6", "7 8"]).tolist())
print(np.loadtxt(io.StringIO("42")).shape, np.loadtxt(io.StringIO("1\n2\n3")).shape)
for bad in ["1 2\n3 x\n", "1 2\n3\n"]:
    try:
        np.loadtxt(io.StringIO(bad))
    except ValueError as e:
        print("ValueError:", e)
print(np.genfromtxt(io.StringIO("1,,3\n4,5,6"), delimiter=",").tolist()[1], np.isnan(np.genfromtxt(io.StringIO("1,,3"), delimiter=",")).tolist())
print(np.genfromtxt(io.StringIO("1,,3\n4,5,6"), delimiter=",", filling_values=0).tolist())
out = "/tmp/parax_std_numpy_text_out_%d.txt" % _run
np.savetxt(out, np.array([[1.5, 2.0], [3.0, 4.25]]))
print(repr(open(out).read()))
np.savetxt(out, np.array([1, 2, 3]), fmt="%d", header="values", footer="end")
print(repr(open(out).read()))
np.savetxt(out, np.array([[1, 2], [3, 4]]), fmt="%d", delimiter=",")
print(repr(open(out).read()))
np.savetxt(out, np.array([[1, 2], [3, 4]]), fmt="%d;%.2f")
print(repr(open(out).read()))
buf = io.StringIO()
np.savetxt(buf, np.arange(3.0), fmt="%.3f")
print(repr(buf.getvalue()))
back = np.loadtxt(out, delimiter=";")
print(back.tolist())
import os
for leftover in (path, csv, out):
    if os.path.exists(leftover):
        os.remove(leftover)
