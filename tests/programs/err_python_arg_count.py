# conform: error=TypeError line=7
# Calling a function with too many positional arguments.
def f(a, b=1):
    return a + b

print(f(1, 2))
print(f(1, 2, 3))
