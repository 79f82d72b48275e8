# covers: generators that are never exhausted (closed when dropped, finally runs), breaking out of loops over generators, many suspended generators at once, recursion inside a generator body, RecursionError through generators, generators over mutable state
def resource(name, log):
    log.append(f"open {name}")
    try:
        i = 0
        while True:
            yield f"{name}{i}"
            i += 1
    finally:
        log.append(f"close {name}")


log = []
for item in resource("loop", log):
    if item == "loop2":
        break
log.append("after loop")
print(log)

log = []
g = resource("dropped", log)
print(next(g), next(g))
g = None
log.append("after drop")
print(log)

log = []
first = [next(resource(f"r{i}", log)) for i in range(3)]
print(first, log)

suspended = []
for i in range(20000):
    gen = (x * i for x in range(3))
    next(gen)
    suspended.append(gen)
print(len(suspended), next(suspended[7]), next(suspended[19999]))
suspended.clear()

total = 0
for i in range(100000):
    gen = iter(range(i, i + 5))
    total += next(gen)
print(total)


def counter(n):
    yield from range(n)


total = 0
for i in range(30000):
    c = counter(3)
    total += next(c) + next(c)
print(total)


def total_to(n):
    return 0 if n == 0 else n + total_to(n - 1)


def deep_inside():
    yield total_to(900)
    yield len(str(total_to(20)))


print(list(deep_inside()))


def runaway(n):
    yield n
    yield from runaway(n + 1)


try:
    for v in runaway(0):
        pass
except RecursionError as e:
    print("RecursionError caught; last value over 500:", v > 500)


def recursive_in_body():
    def down(k):
        return down(k + 1)

    try:
        down(0)
    except RecursionError:
        yield "recursion error inside the generator was caught"


print(list(recursive_in_body()))

state = {"calls": 0}


def stateful():
    while True:
        state["calls"] += 1
        yield state["calls"]


s = stateful()
print(next(s), next(s), state)
state["calls"] = 100
print(next(s))

pipeline = (x for x in range(10))
pipeline = (x * 2 for x in pipeline if x % 3)
pipeline = (f"<{x}>" for x in pipeline)
print(list(pipeline))


def producer(items):
    for item in items:
        print("producing", item)
        yield item


def consumer(source):
    for item in source:
        print("consuming", item)
        yield item * 10


print(sum(consumer(producer([1, 2, 3]))))
