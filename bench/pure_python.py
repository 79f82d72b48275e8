# The evaluator on plain Python (no arrays): the kinds of work a data loader, a
# training script's bookkeeping and the library modules written in Python do.
# parax's row is compared with CPython running the same file (the "JAX" column
# of bench/run.py is python3). Each kernel returns a value both print as CHECK.
import time


def nbody(steps):
    # pyperformance-style n-body: float arithmetic, list indexing, nested loops.
    bodies = [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 39.47],
              [4.84, -1.16, -0.10, 0.60, 2.81, -0.02, 0.037],
              [8.34, 4.12, -0.40, -1.01, 1.82, 0.008, 0.011],
              [12.89, -15.11, -0.22, 1.08, 0.86, -0.01, 0.0017],
              [15.37, -25.91, 0.17, 0.97, 0.59, -0.03, 0.002]]
    dt = 0.01
    n = len(bodies)
    for _ in range(steps):
        for i in range(n):
            bi = bodies[i]
            for j in range(i + 1, n):
                bj = bodies[j]
                dx = bi[0] - bj[0]
                dy = bi[1] - bj[1]
                dz = bi[2] - bj[2]
                d2 = dx * dx + dy * dy + dz * dz
                mag = dt / (d2 * d2 ** 0.5)
                bm = bj[6] * mag
                bi[3] -= dx * bm
                bi[4] -= dy * bm
                bi[5] -= dz * bm
                bm = bi[6] * mag
                bj[3] += dx * bm
                bj[4] += dy * bm
                bj[5] += dz * bm
        for b in bodies:
            b[0] += dt * b[3]
            b[1] += dt * b[4]
            b[2] += dt * b[5]
    return round(sum(b[0] + b[1] + b[2] for b in bodies), 6)


class Task:
    # richards-style objects: attribute reads and writes, method calls, a
    # subclass overriding a method.
    def __init__(self, ident, priority):
        self.ident = ident
        self.priority = priority
        self.count = 0

    def run(self, packet):
        self.count += 1
        return packet + self.priority


class DeviceTask(Task):
    def run(self, packet):
        self.count += 2
        return packet - self.ident


def scheduler(rounds):
    tasks = [Task(i, i % 3) if i % 2 else DeviceTask(i, 1) for i in range(10)]
    packet = 0
    for r in range(rounds):
        t = tasks[r % len(tasks)]
        packet = t.run(packet) % 1000003
    return packet + sum(t.count for t in tasks)


def pipeline(records):
    # A data pipeline: dicts, string formatting and splitting, sorting, grouping.
    rows = []
    for i in range(records):
        rows.append({"id": i, "name": "item%d" % (i % 97), "score": (i * 7919) % 1000 / 10.0})
    groups = {}
    for row in rows:
        key = row["name"].split("m")[1]
        groups.setdefault(key, []).append(row["score"])
    summary = sorted(((k, sum(v) / len(v)) for k, v in groups.items()), key=lambda kv: (-kv[1], kv[0]))
    words = " ".join(f"{k}:{s:.1f}" for k, s in summary[:5])
    return len(groups), words


def methods(n):
    # Built-in methods called in a loop: str.split/startswith/join, dict.get
    # and setdefault, list.append (what parsing and bookkeeping code does).
    counts = {}
    out = []
    line = "alpha,beta,gamma,delta"
    for i in range(n):
        parts = line.split(",")
        if parts[i % 4].startswith("g"):
            counts.setdefault("g", []).append(i)
        counts[i % 13] = counts.get(i % 13, 0) + 1
        if i % 1000 == 0:
            out.append("-".join(parts[:2]))
    return len(out), counts[5], len(counts["g"])


def fib(n):
    # Plain recursive calls.
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def bench(name, f, arg, reps=5):
    r = f(arg)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        r = f(arg)
        times.append(time.perf_counter() - t0)
    print("RESULT", name, sorted(times)[reps // 2] * 1000.0)
    return r


a = bench("py_nbody_20k", nbody, 20000)
b = bench("py_objects_300k", scheduler, 300000)
c = bench("py_pipeline_50k", pipeline, 50000)
d = bench("py_fib_22", fib, 22)
e = bench("py_methods_100k", methods, 100000)
print("CHECK", a, b, c, d, e)
