# conform: error=RuntimeError line=13
# expect: generator ignored GeneratorExit
def stubborn():
    while True:
        try:
            yield 1
        except GeneratorExit:
            pass


s = stubborn()
next(s)
s.close()
