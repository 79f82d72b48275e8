# Python's recursion limit is 1000 frames: 990 deep works, 1100 deep is a
# located RecursionError (not a crash, not an early limit).
# hostile: error=RecursionError line=6
# hostile: expect=depth 990
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


print("depth", depth(990))
print(depth(1100))
