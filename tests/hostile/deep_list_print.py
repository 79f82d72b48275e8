# A 100,000-deep nested list: print/str/repr raise RecursionError, as in Python.
# hostile: error=RecursionError line=9
a = []
for i in range(100000):
    a = [a]
print("built")
b = [[[1]]]
print(b)
print(a)
