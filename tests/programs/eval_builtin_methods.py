s = "a b  "
print(s.split(None, 1), s.rsplit(None, 1), "a,b,,c".split(","), "a,b".split(sep=","), "  x y ".split())
print("abc".startswith("", 5), "abc".find("", 5), "abc".count("", 5), "abc".find("", 3), "héllo".find("l"), "héllo".startswith("l", 2))
print("abc".startswith(("x", "a")), "abc".endswith("bc", 0, 3), "abcabc".rfind("b"), "abcabc".index("c", 3))
print("x".join(["a", "b"]), "Ab".upper(), "Ab".lower(), " a ".strip(), "xxaxx".lstrip("x"), "a.b".replace(".", "-"))
print("5".zfill(3), "-5".zfill(4), "a".center(5, "*"), "ab".ljust(4) + "|", "ab".rjust(4))
print("a\nb\r\nc".splitlines(), "a\nb".splitlines(True), "a=b=c".partition("="), "a=b=c".rpartition("="), "abc".partition("x"))
print("hello world".title(), "Hello".swapcase(), "hello".capitalize(), "prefix_x".removeprefix("prefix_"), "x.py".removesuffix(".py"))
print("ABC".isupper(), "abc".islower(), "Title Case".istitle(), "abc1".isalnum(), "123".isdigit(), "abc".isalpha(), "  ".isspace(), "".isdigit())
print("{} {x}".format(1, x=2), "{a}".format_map({"a": 5}), "a\tb".expandtabs(4), "abc".translate(str.maketrans("ab", "xy")))
f = "a,b".split
print(f(","), [1, 2, 3].index(2), (1, 2, 2).count(2), "abc".encode())
xs = [3, 1, 2]; xs.sort(); xs.append(4); xs.extend([5]); xs.insert(0, 0); print(xs, xs.pop(), xs.pop(0), xs)
xs.reverse(); print(xs, xs.copy()); xs.remove(2); print(xs); xs.clear(); print(xs)
d = {"a": 1}; print(d.get("a"), d.get("b", 0), d.setdefault("c", 3), d.pop("a"), d, list(d.keys()), list(d.values()), list(d.items()))
d.update({"z": 1}, y=2); print(d, d.popitem(), d.copy(), dict.fromkeys("ab", 0), d.fromkeys([1]))
for bad in [lambda: 'abc'.nope(), lambda: [].apend(1), lambda: {}.gett(1), lambda: (1,).index(5), lambda: [1].index(5), lambda: 'a'.upper(1), lambda: [].pop(), lambda: 'a'.split(1), lambda: [].sort(1), lambda: {}.pop(1), lambda: "a".find(1), lambda: "a".startswith(1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print("item%d" % 5, "%s-%s" % ("a", "b"), "%5s|%-5s|%.2s" % ("ab", "cd", "xyz"), "%d %i" % (True, 3.7), "%s" % 5, "%s" % [1], "%05d" % -3, "%+d" % 4, "%x" % 255, "%%d" % ())
try:
    print({[1]: 2})
except TypeError as e:
    print(e)
print({1.5: 1, None: 2, "a": 3, (1, 2): 4})
