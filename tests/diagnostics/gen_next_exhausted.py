# conform: error=StopIteration line=9
def pair():
    yield 1
    yield 2


g = pair()
print(next(g), next(g))
print(next(g))
