# conform: parax-args=--allow-read /tmp --allow-write /tmp
import time  # a name per run: the suites run this program at once on several backends
import os

path = "/tmp/parax_std_files_text_%d.txt" % time.time_ns()
with open(path, "w") as f:
    print(f.write("first line\n"), f.writable(), f.readable(), f.mode, f.name == path)
    f.write("second line\r\nthird line\n")
    f.writelines(["x = %d\n" % i for i in range(3)])
    print("printed", 1.5, [1, 2], file=f)
    f.write("no newline at end")
print(f.closed)
with open(path) as f:
    print(repr(f.read()))
with open(path) as f:
    print(repr(f.readline()), repr(f.readline(4)), repr(f.readline()))
    print(f.readlines())
with open(path, newline="") as f:
    print([line for line in f][:3])
lines = [l.rstrip("\n") for l in open(path)]
print(len(lines), lines[-1])
with open(path, "a") as f:
    f.write("\nappended\n")
with open(path, "r") as f:
    text = f.read()
print(text.count("\n"), text.splitlines()[-1])
with open(path) as f:
    f.read(5)
    pos = f.tell()
    rest = f.read(6)
    f.seek(pos)
    print(repr(rest), f.read(6) == rest)
    f.seek(0)
    print(repr(f.read(5)))
# Numbers written and read back, as a data file.
data = path + ".csv"
with open(data, "w") as f:
    f.write("a,b,c\n")
    for i in range(5):
        f.write(f"{i},{i * i},{i / 4}\n")
rows = []
with open(data) as f:
    header = f.readline().strip().split(",")
    for line in f:
        rows.append([float(v) for v in line.split(",")])
print(header, rows[2], sum(r[1] for r in rows))
print(os.path.exists(data), os.path.isfile(data), os.path.isdir("/tmp"), os.path.exists(data + ".none"))
with open(path, "w", encoding="utf-8") as f:
    f.write("héllo wörld ✓\n")
with open(path, encoding="utf-8") as f:
    s = f.read()
print(s.strip(), len(s))
try:
    open(path + ".missing")
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno, e.strerror, e.filename == path + ".missing")
    print(str(e) == "[Errno 2] No such file or directory: '" + path + ".missing'")
except OSError:
    print("wrong class")
try:
    open("/tmp")
except IsADirectoryError as e:
    print("IsADirectoryError", e.errno)
f = open(path)
f.close()
try:
    f.read()
except ValueError as e:
    print("ValueError:", e)
try:
    open(path, "rw")
except ValueError as e:
    print("ValueError:", e)
try:
    with open(path, "w") as f:
        f.write(3)
except TypeError as e:
    print("TypeError:", e)
xpath = path + ".x"
if os.path.exists(xpath):
    os.remove(xpath)
with open(xpath, "x") as f:
    f.write("exclusive")
print(os.path.getsize(xpath))
try:
    open(xpath, "x")
except FileExistsError as e:
    print("FileExistsError", e.errno)
try:
    open(path).write("x")
except OSError as e:
    print(type(e).__name__, isinstance(e, OSError))
os.remove(xpath)
os.remove(data)
print(os.path.exists(xpath), os.path.exists(data))
os.remove(path)
