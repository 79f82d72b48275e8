# hostile: setup=mkdir -p in/sub in/w out && echo secret-contents > out/secret.txt && echo inside > in/data.txt && ln -s ../out/secret.txt in/link_out && ln -s ../out in/dir_out && ln -s data.txt in/link_in && ln -s /etc in/etc && ln -s ../../out/created.txt in/w/dangling
# hostile: args=--allow-read {tmp}/in --allow-write {tmp}/in/w
# hostile: argv={tmp}
# hostile: reject=secret-contents
# hostile: expect=escapes refused: 16 of 16
# A program granted {tmp}/in cannot read or write anything outside it: not
# through `..`, absolute paths, symlinks inside the grant pointing out, /proc's
# magic links, or a dangling symlink in the write grant.
import os
import sys

tmp = sys.argv[1]
print(open(tmp + "/in/data.txt").read().strip())
print(open(tmp + "/in/link_in").read().strip())
print(open(tmp + "/in/sub/../data.txt").read().strip())

escapes = [
    (tmp + "/in/../out/secret.txt", "r"),
    (tmp + "/in/sub/../../out/secret.txt", "r"),
    (tmp + "/out/secret.txt", "r"),
    (tmp + "/in/link_out", "r"),
    (tmp + "/in/dir_out/secret.txt", "r"),
    (tmp + "/in/etc/passwd", "r"),
    ("/etc/passwd", "r"),
    ("/proc/self/root" + tmp + "/out/secret.txt", "r"),
    ("/proc/self/cwd/../../../../../../../../etc/passwd", "r"),
    (tmp + "/in/missing/../../out/secret.txt", "r"),
    (tmp + "/in/w/dangling", "w"),
    (tmp + "/in/w/../../out/new.txt", "w"),
    (tmp + "/in/data.txt", "w"),
    (tmp + "/in/data.txt", "a"),
    (tmp + "/in/data.txt", "r+"),
    (tmp + "/out/new.txt", "x"),
]
refused = 0
for path, mode in escapes:
    try:
        f = open(path, mode)
        print("OPENED", path, mode, f.read() if mode == "r" else "")
    except PermissionError as e:
        refused += 1
print("escapes refused:", refused, "of", len(escapes))
print("created outside:", os.path.exists(tmp + "/out/created.txt"), os.path.exists(tmp + "/out/new.txt"))
print("exists outside:", os.path.exists(tmp + "/out/secret.txt"), os.path.exists("/etc/passwd"))
with open(tmp + "/in/w/ok.txt", "w") as f:
    f.write("written\n")
print("write inside granted")
