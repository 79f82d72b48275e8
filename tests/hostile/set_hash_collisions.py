# hostile: backends=cpu timeout=60
# Ints whose hashes collide modulo every table size (multiples of 2^61 - 1
# hash to 0) still make a working set.
M = 2 ** 61 - 1
s = {k * M for k in range(2000)}
print(len(s), 0 in s, 1999 * M in s, 2000 * M in s)
s -= {k * M for k in range(0, 2000, 2)}
print(len(s))
