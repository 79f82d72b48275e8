# conform: parax-args=--allow-read /tmp --allow-write /tmp
import time  # a name per run: the suites run this program at once on several backends
import os

root = "/tmp/parax_std_os_files_%d" % time.time_ns()
def remove_tree(top):
    for name in os.listdir(top):
        p = os.path.join(top, name)
        if os.path.isdir(p):
            remove_tree(p)
        else:
            os.remove(p)
    os.rmdir(top)


if os.path.isdir(root):
    remove_tree(root)
print(os.path.exists(root))
os.makedirs(os.path.join(root, "a", "b"))
os.makedirs(os.path.join(root, "a", "b"), exist_ok=True)
try:
    os.makedirs(os.path.join(root, "a"))
except FileExistsError as e:
    print("FileExistsError", e.errno)
os.mkdir(os.path.join(root, "c"))
for name in ["x.txt", "y.txt", "z.csv"]:
    with open(os.path.join(root, "c", name), "w") as f:
        f.write(name * 3)
print(sorted(os.listdir(os.path.join(root, "c"))))
print(sorted(os.listdir(root)), sorted(os.listdir(root + "/a")))
print([os.path.getsize(os.path.join(root, "c", n)) for n in sorted(os.listdir(root + "/c"))])
os.rename(os.path.join(root, "c", "x.txt"), os.path.join(root, "a", "moved.txt"))
print(sorted(os.listdir(root + "/c")), sorted(os.listdir(root + "/a")))
print(open(os.path.join(root, "a", "moved.txt")).read())
csvs = [n for n in sorted(os.listdir(root + "/c")) if os.path.splitext(n)[1] == ".csv"]
print(csvs)
try:
    os.rmdir(os.path.join(root, "c"))
except OSError as e:
    print(type(e).__name__, e.errno)
try:
    os.remove(os.path.join(root, "nothing.txt"))
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno)
try:
    os.listdir(os.path.join(root, "none"))
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno)
os.remove(os.path.join(root, "a", "moved.txt"))
print(os.path.isfile(os.path.join(root, "a", "moved.txt")), os.path.isdir(os.path.join(root, "a", "b")))
remove_tree(root)
print(os.path.exists(root))
