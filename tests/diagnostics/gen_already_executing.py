# conform: error=ValueError line=4
# expect: generator already executing
def me():
    yield next(g)


g = me()
next(g)
