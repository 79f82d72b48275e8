# re: flags (IGNORECASE, MULTILINE, DOTALL, VERBOSE, ASCII; inline and
# scoped), lookahead/lookbehind, lazy and possessive quantifiers, and
# re.error with CPython's messages, positions and attributes.
import re

print(re.findall("^a", "a\na\nb", re.M), re.findall("^a", "a\na"), re.search("a.b", "a\nb", re.S).group() == "a\nb")
print(re.findall(r"[a-z]+", "ABC def", re.I), re.match("(?s).+", "x\ny").group() == "x\ny")
pattern = re.compile(r"""
    (?P<int>\d+)      # the integer part
    (?:\.(?P<frac>\d+))?  # an optional fraction
""", re.VERBOSE)
print(pattern.match("3.14").groupdict(), pattern.match("42").groupdict())
print(re.findall(r"\w+", "naïve café", re.ASCII), re.findall(r"\w+", "naïve café"))
print(re.search("(?i:HE)llo", "hello Hello HEllo").group(), re.search("a(?-i:B)", "AB ab aB", re.I).group())
print(re.I, re.M | re.S, re.compile("x", re.X).flags & re.X == re.X, int(re.IGNORECASE), re.NOFLAG)
print(re.findall(r"\w+(?=,)", "a, b, c"), re.findall(r"\b(?!un)\w+", "undo redo unto do"))
print(re.findall(r"(?<!\$)\b\d+", "$10 20 $30 40"), re.findall(r"(?<=\$)\d+", "$10 20 $30"))
print(re.match(r"<.*>", "<a><b>").group(), re.match(r"<.*?>", "<a><b>").group())
print(re.match(r"a++b", "aaab"), re.match(r"a++a", "aaaa"), re.match(r"(?>a+)b", "aab").group())
print(re.match(r"(\d{1,3}?)(\d*)", "12345").groups(), re.match(r"(a|ab)(c|bcd)(d*)", "abcd").groups())
print(re.match(r"(?:(\w)\s?)+", "a b c").group(1), re.match(r"(a)?(?(1)b|c)", "c").group())
for bad in ["a(b", "a)", "*a", "a**", "[a-", "[z-a]", r"\q", r"(a)\2", "(?P<n>a)(?P<n>b)",
            "(?P=zz)", "a{3,2}", "a(?i)b", "(?<=a+)b", "(?P<1a>x)", "(?z)", "(?", r"\x4",
            "x{2}{3}", "ab\n(c"]:
    try:
        re.compile(bad)
        print("compiled", repr(bad))
    except re.error as e:
        print(repr(bad), "->", e, "|", e.msg, e.pos, e.lineno, e.colno)
try:
    re.sub("a", r"\q", "a")
except re.error as e:
    print("template:", e)
try:
    re.sub("(a)", r"\2", "a")
except re.error as e:
    print("template:", e)
print(isinstance(re.error("x"), Exception), re.error.__name__)
try:
    re.search(1, "a")
except TypeError as e:
    print("TypeError", e)
