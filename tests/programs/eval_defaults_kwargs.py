# Default arguments (evaluated once), keyword arguments, mixing positional and keyword.
def f(a, b=2, c=3):
    return a * 100 + b * 10 + c
print(f(1), f(1, 5), f(1, c=9), f(a=4, c=0, b=1), f(7, 8, 9))

def g(x, items=[]):
    items.append(x)
    return len(items)
print(g(1), g(2), g(3, []), g(4))

base = 10
def h(x, y=base):
    return x + y
base = 20
print(h(1), h(1, base))

def kw_only_like(a, b=None):
    if b is None:
        return 'no b'
    return 'b=' + str(b)
print(kw_only_like(1), kw_only_like(1, b=0), kw_only_like(b='z', a=2))

def opts(n, scale=1.0, shift=0.0, label='v'):
    return label + ':' + str(n * scale + shift)
print(opts(3), opts(3, shift=0.5), opts(3, label='w', scale=2))
