# conform: error=NameError line=5
# Use of an undefined name inside a function.
def f(x):
    y = x + 1
    return y + z

print(f(1))
