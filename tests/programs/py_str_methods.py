# str methods: split/rsplit with maxsplit, find family with start/end,
# startswith with tuples, partition, splitlines, expandtabs, case
# conversions, removeprefix/suffix, translate/maketrans, the is* tests.
s = "  alpha beta  gamma delta "
print(s.split(), s.split(None, 1), s.rsplit(None, 1), s.split(" "), s.rsplit(" ", 2))
print("a,b,,c".split(","), "a,b,,c".split(",", 1), "a,b,,c".rsplit(",", 1), "".split(), "".split(","))
print("banana".find("an"), "banana".find("an", 2), "banana".rfind("an"), "banana".find("an", -3))
print("banana".index("na"), "banana".rindex("na"), "banana".count("a"), "banana".count("a", 2, 5), "banana".count(""))
print("héllo wörld".find("w"), "héllo".rfind("l"), "héllo".count("l"), "ünï".index("ï"))
print("photo.png".endswith((".jpg", ".png")), "photo.png".startswith("ph", 0), "photo".startswith("ot", 2), "x".endswith(""))
print("key=value=more".partition("="), "key=value=more".rpartition("="), "novalue".partition("="), "novalue".rpartition("="))
print("one\ntwo\r\nthree\rfour\n".splitlines(), "a\nb\n".splitlines(True), "".splitlines(), "x\n\ny".splitlines())
print("a\tbc\tdef\n\tx".expandtabs(), "a\tb".expandtabs(4), "\t".expandtabs(0) == "")
print("Hello World".casefold(), "Hello World".swapcase(), "hello wORLD foo-bar".title(), "hELLO wORLD".capitalize())
print("test_file.py".removeprefix("test_"), "test_file.py".removesuffix(".py"), "abc".removeprefix("x"), "abc".removesuffix(""))
print("ABC".isupper(), "AbC".isupper(), "abc".islower(), "123".islower(), "Hello World".istitle(), "Hello world".istitle())
print("abc123".isalnum(), "abc 123".isalnum(), "123".isnumeric(), "12.3".isdecimal(), "abc".isascii(), "é".isascii())
print("var_1".isidentifier(), "1var".isidentifier(), "".isidentifier(), "hi\n".isprintable(), "hi".isprintable())
table = str.maketrans("abc", "xyz", "d")
print(sorted(table.items()), "abcdabcd".translate(table), "hello".translate({ord("l"): "L", ord("o"): None}))
print("{name} is {age}".format_map({"name": "Ada", "age": 36}), "-".join("abc".split("b")), str.upper("x"))
try:
    "abc".index("z")
except ValueError as e:
    print("ValueError", e)
try:
    "a b".split("")
except ValueError as e:
    print("ValueError", e)
