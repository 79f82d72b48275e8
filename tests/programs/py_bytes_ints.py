# int.to_bytes / int.from_bytes (byte orders, signed, big ints) and bytes
# built from and read back into ints, as binary encodings do it.
print((1024).to_bytes(2, "big"), (1024).to_bytes(4, "little"), (255).to_bytes(1, "big"))
print((-1).to_bytes(2, "big", signed=True), (-129).to_bytes(2, "little", signed=True))
print((2 ** 70).to_bytes(9, "big"), (5).to_bytes(), (0).to_bytes(0, "big"))
print(int.from_bytes(b"\x04\x00", "big"), int.from_bytes(b"\x04\x00", "little"))
print(int.from_bytes(b"\xff\xff", "big", signed=True), int.from_bytes(b"\xff\xff", "big"))
print(int.from_bytes(bytes(range(1, 10)), "big"), int.from_bytes([1, 0], "big"), int.from_bytes(b""))
for n in [0, 1, 127, 128, 255, 256, 65535, -32768, 2 ** 63, -(2 ** 63)]:
    b = n.to_bytes(9, "big", signed=True)
    assert int.from_bytes(b, "big", signed=True) == n
    print(n, b.hex(), len(b))
for bad in [(256, 1, False), (-1, 1, False), (128, 1, True)]:
    try:
        bad[0].to_bytes(bad[1], "big", signed=bad[2])
    except OverflowError as e:
        print("OverflowError", e)
try:
    (1).to_bytes(1, "middle")
except ValueError as e:
    print("ValueError", e)
header = (7).to_bytes(2, "big") + (3).to_bytes(2, "big") + b"abc"
kind, size = int.from_bytes(header[0:2], "big"), int.from_bytes(header[2:4], "big")
print(kind, size, header[4:4 + size].decode(), list(header))
