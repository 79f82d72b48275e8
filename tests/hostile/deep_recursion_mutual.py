# Mutual recursion through a lambda and a default argument, 995 calls deep,
# then unbounded: the second is a RecursionError at the recursive call.
# hostile: error=RecursionError line=7|10
# hostile: expect=995
is_even = lambda n: True if n == 0 else is_odd(n - 1)
def is_odd(n, k=1):
    return False if n == 0 else is_even(n - k)

print(995 if is_odd(995) else -1)
print(is_odd(-1))
