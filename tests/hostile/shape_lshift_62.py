# 1 << 62 fits in a 64-bit int (Python prints it); only 1 << 63 overflows parax's ints.
# hostile: exit=0
# hostile: expect=4611686018427387904 -4611686018427387904 2305843009213693952
print(1 << 62, -1 << 62, 1 << 61)
