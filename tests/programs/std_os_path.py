import os
import os.path
from os.path import join, basename, dirname, splitext, split, isabs, normpath

print(join("a", "b", "c.txt"), join("a/", "b"), join("a", "/abs", "c"), join("", "x"), join("a", ""))
print(basename("/x/y/z.py"), basename("/x/y/"), basename("z"), basename(""))
print(dirname("/x/y/z.py"), dirname("/x/y/"), dirname("z"), dirname("/"), dirname("//a"))
print(split("/x/y/z.py"), split("z"), split("/z"), split("//"), split("a//b"))
print(splitext("a/b.tar.gz"), splitext(".bashrc"), splitext("a/.x.y"), splitext("noext"), splitext("a.b/c"), splitext("..."))
print(isabs("/x"), isabs("x"), isabs(""))
for p in ["", ".", "/", "//", "///", "a/./b", "a/../b", "../a", "/../a", "a/b/../../..", "//a//b/", "./", "a/b/c/../../d"]:
    print(repr(p), "->", repr(normpath(p)))
print(os.path.sep, os.sep, os.pathsep, os.curdir, os.pardir, os.extsep, os.linesep == "\n", os.name)
print(os.path.abspath("/a/b/../c"), os.path.isabs(os.path.abspath("rel")))
print(os.path.abspath("rel") == os.path.join(os.getcwd(), "rel"))
print(os.path.relpath("/a/b/c", "/a"), os.path.relpath("/a", "/a/b/c"), os.path.relpath("/a/x", "/a/y"))
print(os.path.commonprefix(["/usr/lib", "/usr/local", "/usr/libx"]), repr(os.path.commonprefix([])))
print(os.path.commonpath(["/usr/lib", "/usr/local/x"]), os.path.commonpath(["a/b", "a/c"]))
print(os.path.splitdrive("/x/y"), os.path.normcase("A/B"))
print(os.path.exists("/definitely/not/here"), os.path.isfile("/definitely/not/here"), os.path.isdir("/nope/x"))
print(os.path.expanduser("noexpand"), os.path.expandvars("plain"))
name, ext = splitext(basename("/data/run_01.csv"))
print(name, ext, name.split("_")[1])
print(join(*["p", "q", "r"]))
try:
    join("a", 3)
except TypeError:
    print("TypeError")
