# Python int/float semantics kept distinct from arrays: true division, floor, mod signs, big ints, floats.
print(7 / 2, 8 / 2, type(8 / 2) == float, 7 // 2, -7 // 2, 7 // -2, 7.0 // 2)
print(7 % 3, -7 % 3, 7 % -3, -7 % -3, 7.5 % 2, -7.5 % 2, 5 % 0.3)
print(2 ** 31, 2 ** 31 - 1, -2 ** 31, 2 ** 40 * 3, 10 ** 15 + 1)
print(3 * 0.1, 0.1 + 0.2 == 0.3, 1e16 + 1, 2.0 ** 53 + 1, 1e-320 > 0)
print(int(2 ** 31 * 1.5), 9 // 0.5, 1 - 0.9)
print(True + 1, False * 5, True / 2, -True)
print(abs(-7) ** 2, (-8) // 3, (-8) % 3, 8 // -3, 8 % -3)
print(float(1 << 10) if False else 1024.0, 100 // 7 * 7 + 100 % 7)
