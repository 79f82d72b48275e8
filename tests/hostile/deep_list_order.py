# Ordering of deep nested tuples (sorted, <) recurses element-wise.
# hostile: error=RecursionError line=8
a, b = (), ()
for i in range(100000):
    a = (a, 1)
    b = (b, 2)
print("built")
print(sorted([a, b])[0] is a)
