# conform: error=OverflowError line=5
# expect: int too large to convert to float
# Python ints have no limit, floats do.
n = 10 ** 400
print(float(n))
