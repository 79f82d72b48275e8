# Nested function definitions, recursion, functions as values, returning functions.
def make_counter(start):
    def step(k):
        return start + k
    def twice(k):
        return step(step(k) - start)
    return step, twice

s, t = make_counter(100)
print(s(1), t(1))

def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(10))

def fib(n):
    def go(a, b, k):
        if k == 0:
            return a
        return go(b, a + b, k - 1)
    return go(0, 1, n)
print([fib(i) for i in range(12)])

def apply_all(fs, x):
    out = []
    for f in fs:
        out.append(f(x))
    return out
print(apply_all([abs, str, float, lambda v: v * 3], -4))

def outer():
    def middle():
        def inner():
            return 'deep'
        return inner
    return middle
print(outer()()())
def noreturn():
    pass
print(noreturn())
