# bytes and bytearray: literals (escapes, raw, concatenation), len,
# indexing (ints) and slicing (bytes), iteration, comparisons, hashing,
# repr/str, encode/decode, hex/fromhex, join and the text methods.
data = b"hello world"
print(data, repr(data), str(data), len(data), data[0], data[-1], data[:5], data[::2])
print(list(b"abc"), [c for c in b"\x00\x7f\x80\xff"], b"\t\n\r\\'\"", b'it\'s', b"\x41\102C")
print(rb"\d+\n", b"con" b"cat", b"" == b"", bool(b""), bool(b"x"), type(data).__name__)
print(data == b"hello world", data != b"x", b"abc" < b"abd", b"a" in b"cat", 97 in b"cat")
print(hash(b"abc") == hash(b"abc"), {b"k": 1}[b"k"], isinstance(data, bytes), isinstance(data, str))
print(data + b"!", b"ab" * 3, 2 * b"x", b"-".join([b"a", b"b", b"c"]))
text = "naïve café ☕"
enc = text.encode()
print(enc, len(enc), enc.decode(), enc.decode("utf-8") == text, text.encode("utf-8") == enc)
print("abc".encode("ascii"), "é".encode("latin-1"), b"caf\xe9".decode("latin-1"))
print(str(b"abc", "utf-8"), bytes("xyz", "ascii"), bytes(3), bytes([65, 66, 67]), bytes(range(3)))
print(b"\xde\xad\xbe\xef".hex(), bytes.fromhex("deadbeef"), bytes.fromhex("00 ff"), b"ab".hex("-"))
print(data.split(), b"a,b,,c".split(b","), data.upper(), b"  pad  ".strip(), data.replace(b"l", b"L"))
print(data.startswith(b"hell"), data.endswith(b"x"), data.find(b"o"), data.count(b"o"), data.index(b"w"))
print(b"42".isdigit(), b"abc".isalpha(), b"Title Case".lower(), b"x".center(5, b"*"), b"7".zfill(3))
try:
    "snowman ☃".encode("ascii")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError", e)
try:
    b"\xff\xfe".decode()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
print(b"\xff".decode("utf-8", "replace"), b"a\xffb".decode("utf-8", "ignore"))
try:
    bytes([300])
except ValueError as e:
    print("ValueError", e)
try:
    b"a" + "b"
except TypeError as e:
    print("TypeError", e)
try:
    data[20]
except IndexError as e:
    print("IndexError", e)

buf = bytearray(b"abc")
buf.append(100)
buf.extend(b"ef")
buf[0] = 65
print(buf, len(buf), buf[0], bytes(buf), buf.pop(), buf, isinstance(buf, bytearray))
buf += b"!!"
print(buf, buf.decode(), bytearray(3), bytearray([1, 2]), buf == b"Abcde!!", buf.upper())
print(bytearray("hé", "utf-8"), bytearray(), buf.hex(), list(bytearray(b"\x01\x02")))
try:
    hash(buf)
except TypeError as e:
    print("TypeError", e)
