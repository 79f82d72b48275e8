import sys

print(len(sys.argv), sys.argv[0].endswith("std_sys_basics.py"))
print(sys.maxsize, sys.maxsize == 9223372036854775807)
print(sys.version_info[:2], sys.version_info.major, sys.version_info.minor)
print(sys.version_info >= (3, 8), sys.version_info < (4,), sys.version_info > (3, 11, 0, "alpha"))
print(tuple(sys.version_info)[:2], len(sys.version_info))
major, minor, *_ = sys.version_info
print(major, minor)
print(sys.version.startswith("3.11"))
print(sys.float_info.max, sys.float_info.epsilon, sys.float_info.dig, sys.float_info.mant_dig)
print(sys.float_info.min, sys.float_info.radix)
print(sys.platform, sys.byteorder)
print(sys.getrecursionlimit())
n = sys.stdout.write("written to stdout\n")
print(n)
sys.stdout.write("no newline")
sys.stdout.write(" then one\n")
sys.stdout.flush()
print("to stderr", file=sys.stderr)
sys.stderr.write("stderr again\n")
print("after stderr")
print("a", "b", sep="-", end="!\n", file=sys.stdout)
print(sys.stdout is sys.__stdout__, sys.stderr is sys.__stderr__)

try:
    sys.exit(4)
except SystemExit as e:
    print("caught SystemExit", e.code, e.args)
try:
    sys.exit()
except SystemExit as e:
    print("caught", e.code)
try:
    sys.exit("message")
except SystemExit as e:
    print("caught", repr(e.code))
try:
    sys.exit(1)
except Exception:
    print("Exception catches SystemExit (wrong)")
except BaseException as e:
    print("only BaseException catches it:", type(e).__name__)
print(issubclass(SystemExit, BaseException), issubclass(SystemExit, Exception))

def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(500))
sys.setrecursionlimit(200)
print(sys.getrecursionlimit())
try:
    depth(400)
except RecursionError:
    print("RecursionError at the lower limit")
sys.setrecursionlimit(1000)
print(depth(500))
try:
    sys.write
except AttributeError as e:
    print("AttributeError")
