# conform: error=RuntimeError line=5|8
# expect: generator raised StopIteration
def leaky(it):
    while True:
        yield next(it)


print(list(leaky(iter([1, 2]))))
