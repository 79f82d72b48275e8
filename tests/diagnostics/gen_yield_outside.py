# conform: error=SyntaxError line=6
# expect: 'yield' outside function
def ok():
    yield 1

yield 2
