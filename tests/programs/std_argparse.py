import argparse
import io
import sys
from contextlib import redirect_stderr

p = argparse.ArgumentParser(prog="train", description="Train a model.")
p.add_argument("data", help="input file")
p.add_argument("--lr", type=float, default=0.01, help="learning rate")
p.add_argument("--epochs", "-e", type=int, default=3)
p.add_argument("--verbose", "-v", action="store_true")
p.add_argument("--no-shuffle", dest="shuffle", action="store_false")
p.add_argument("--layers", type=int, nargs="+", default=[64])
p.add_argument("--mode", choices=["fast", "slow"], default="fast")
p.add_argument("--tag", action="append")
p.add_argument("-q", action="count", default=0)
args = p.parse_args(["d.csv", "--lr", "0.5", "-e", "10", "-v", "--layers", "8", "16", "--tag", "a", "--tag=b", "-qq"])
print(args)
print(args.data, args.lr, args.epochs, args.verbose, args.shuffle, args.layers, args.mode, args.tag, args.q)
print(p.parse_args(["x"]))
print(p.parse_args(["x", "--no-shuffle", "--mode=slow", "--epochs=2", "-e5"]))
print(vars(p.parse_args(["y", "--lr=-1.5"])))
ns, extra = p.parse_known_args(["z", "--unknown", "1"])
print(ns.data, extra)

q = argparse.ArgumentParser(prog="q")
q.add_argument("src")
q.add_argument("dst", nargs="?", default="out")
q.add_argument("rest", nargs="*")
print(q.parse_args(["a"]), q.parse_args(["a", "b"]), q.parse_args(["a", "b", "c", "d"]))
r = argparse.ArgumentParser(prog="r")
r.add_argument("--size", type=int, required=True)
r.add_argument("--name", default="n")
r.set_defaults(extra=42)
print(r.parse_args(["--size", "3"]))
for bad in [[], ["--size", "x"], ["--size", "1", "--bogus"]]:
    err = io.StringIO()
    try:
        with redirect_stderr(err):
            r.parse_args(bad)
    except SystemExit as e:
        print("exit", e.code, err.getvalue().strip().splitlines()[-1])
err = io.StringIO()
try:
    with redirect_stderr(err):
        p.parse_args(["x", "--mode", "medium"])
except SystemExit as e:
    print("exit", e.code, err.getvalue().strip().splitlines()[-1])
ns = argparse.Namespace(a=1, b="two")
print(ns, ns.a, "a" in ns, ns == argparse.Namespace(a=1, b="two"))
sys.argv = ["prog", "file.txt", "--epochs", "7"]
print(p.parse_args().epochs, p.parse_args().data)
