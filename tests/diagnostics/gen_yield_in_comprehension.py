# conform: error=SyntaxError line=4
# expect: 'yield' inside list comprehension
def f(xs):
    return [(yield x) for x in xs]
