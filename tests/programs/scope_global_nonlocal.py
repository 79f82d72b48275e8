# global and nonlocal: module state updated from functions, closures with
# counters, nonlocal through an intermediate scope, globals created inside a
# function, del of a global, globals read at trace time.
import jax
import jax.numpy as jnp

calls = 0


def tick():
    global calls
    calls += 1
    return calls


tick()
tick()
print(calls, tick())


def make_counter(start):
    count = start

    def inc(step=1):
        nonlocal count
        count += step
        return count

    return inc


c1, c2 = make_counter(0), make_counter(100)
print(c1(), c1(), c2(5), c1(10), c2())


def outer():
    x = "outer"

    def middle():
        def inner():
            nonlocal x
            x = "set by inner"

        inner()
        return x

    r = middle()
    return r, x


print(outer())


def define_global():
    global created, other
    created = [1, 2]
    other = "o"


define_global()
print(created, other)


def shadow():
    calls = "local"
    return calls


print(shadow(), calls)


def reader():
    return calls * 2


print(reader())


def remove():
    global created
    del created


remove()
try:
    print(created)
except NameError as e:
    print("deleted:", e)

scale = 3.0


@jax.jit
def scaled(x):
    global seen_shape
    seen_shape = x.shape
    return x * scale


print(scaled(jnp.ones(2)), seen_shape)


def loop_global():
    global total
    total = 0
    for i in range(5):
        total += i


loop_global()
print(total)


def accumulate():
    items = []
    n = 0

    def add(v):
        nonlocal n
        items.append(v)
        n += 1

    for v in "abc":
        add(v)
    return items, n


print(accumulate())


def both():
    def g():
        global gv
        gv = "global"

    gv = "local"
    g()
    return gv


print(both(), gv)


x = "global x"


def a():
    x = "a's x"

    def b():
        global x

        def c():
            return x

        return c()

    return b(), x


print(a())
