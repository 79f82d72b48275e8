# conform: error=SyntaxError line=5
# nonlocal needs a binding in an enclosing function.
def outer():
    def inner():
        nonlocal missing
        missing = 1
    return inner
