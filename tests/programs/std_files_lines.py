# conform: parax-args=--allow-read /tmp --allow-write /tmp
import time  # a name per run: the suites run this program at once on several backends
import os

path = "/tmp/parax_std_files_lines_%d.txt" % time.time_ns()
with open(path, "w") as f:
    for i in range(20000):
        f.write("row %d,%d,%s\n" % (i, i * i, "x" * (i % 7)))
total = 0
count = 0
with open(path) as f:
    for line in f:
        a, b, c = line.rstrip("\n").split(",")
        total += int(b)
        count += 1
print(count, total)
with open(path) as f:
    head = [next(f) for _ in range(3)]
print(head)
with open(path) as f:
    print(repr(f.readline(5)), repr(f.readline()), f.tell() > 0)
    pos = f.tell()
    first = f.readline()
    f.seek(pos)
    print(f.readline() == first)
    f.seek(0, 2)
    print(repr(f.read()), repr(f.readline()))
with open(path, "r+") as f:
    f.write("ROW")
    f.seek(0)
    print(repr(f.readline()))
with open(path, "a") as f:
    print(f.tell() == os.path.getsize(path))
    f.write("end\n")
with open(path) as f:
    lines = f.readlines()
print(len(lines), lines[-1], lines[0])
with open(path, "w", newline="\r\n") as f:
    f.write("a\nb\n")
with open(path, newline="") as f:
    print(repr(f.read()))
with open(path) as f:
    print(repr(f.read()))
with open(path, "w") as f:
    f.write("mixed\rold mac\r\nwindows\nunix")
with open(path) as f:
    print(f.readlines())
with open(path, newline="") as f:
    print(f.readlines())
with open(path, newline="\n") as f:
    print(f.readlines())
with open(path, "w", encoding="latin-1") as f:
    f.write("café\n")
print(os.path.getsize(path))
with open(path, encoding="latin-1") as f:
    print(f.read().strip())
try:
    with open(path, encoding="utf-8") as f:
        f.read()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", isinstance(e, ValueError))
os.remove(path)
print(os.path.exists(path))
with open(path, "w") as f:
    f.write("\ufeffwith a byte order mark\n")
with open(path, encoding="utf-8-sig") as f:
    text = f.read()
print(text == "with a byte order mark\n", len(text), f.closed)
with open(path) as f:
    print(len(f.read()))
os.remove(path)
