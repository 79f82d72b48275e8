# conform: error=SyntaxError line=7
# A name assigned before its global declaration is a compile-time error: the
# program does not start.
print("never printed")
def f():
    total = 1
    global total
    return total
