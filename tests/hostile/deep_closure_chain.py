# Closures each capturing the previous one: a chain of 900 runs, rebinding
# the name of a 300,000-long chain drops it without recursing, and calling
# a long chain is a RecursionError.
# hostile: error=RecursionError line=7|18
# hostile: expect=chain 900
def wrap(g):
    return lambda: g() + 1

f = lambda: 0
for i in range(900):
    f = wrap(f)
print("chain", f())
for i in range(300000):
    f = wrap(f)
f = None
for i in range(2000):
    f = wrap(f)
print(f())
