# re: findall/finditer (no groups, one group, several), sub/subn with group
# references, \g<name>, functions and count, split with groups and maxsplit,
# empty matches, escape.
import re

text = "The year 1999 and 2024, then 42 and 7."
print(re.findall(r"\d+", text))
print(re.findall(r"(\d)(\d)", text), re.findall(r"(\d+)(?: and)?", text))
print([m.span() for m in re.finditer(r"\d+", text)], [m.group() for m in re.finditer("and", text)])
print(re.findall(r"\b\w", "quick brown fox"), re.findall("", "ab"), re.findall("a*", "baaac"))
print(re.findall(r"(a)|(b)", "ab"), re.findall(r"[A-Z][a-z]+", "Hello World From Python"))
print(re.sub(r"\s+", " ", "too    many   spaces"), re.sub(r"(\w+)@(\w+)", r"\2 at \1", "me@host"))
print(re.sub(r"(?P<k>\w+)=(?P<v>\w+)", r"\g<v>=\g<k>", "a=1 b=2"), re.sub("x*", "-", "abxd"))
print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "3 apples and 12 pears"))
print(re.sub("a", "b", "aaaa", count=2), re.subn("a", "b", "banana"), re.subn(r"\d", "#", "no digits"))
print(re.sub(r"(\d+)", r"<\1>", "1 22 333"), re.sub(r"(a)|b", r"[\1]", "ab"), re.sub("(.)", r"\1\1", "abc"))
print(re.sub(r"\.", r"\n", "a.b").split("\n"), re.sub("b", r"\\", "abc"), re.sub(r"\w+", r"\g<0>!", "hi yo"))
print(re.split(r",\s*", "a, b,c,   d"), re.split(r"(,)", "a,b,,c"), re.split(r"\s*", "a b"))
print(re.split(r"\W+", "Words, words, words."), re.split(r"(\W+)", "Words, words."), re.split("x", "axbxc", maxsplit=1))
print(re.split(r"[;:]", "a;b:c"), re.split("(a)|(b)", "xaybz"), re.split(r"\d", "no digits"))
print(re.escape("1+1=2? (yes) [a-z] $5.00 a_b"), re.escape("tab\there"))
words = re.compile(r"[a-z]+", re.IGNORECASE)
print(words.findall("Hello, World! It's 2024."), words.sub("_", "a1B2c"), words.split("ab12cd34"))
print(len(re.findall(r"\w+", "one two three four")), re.findall(r"\d+\.\d+|\d+", "1.5 and 2 and 3.25"))
csv = "name=ada; age=36 ; lang = python"
print(dict(re.findall(r"(\w+)\s*=\s*(\w+)", csv)))
print(re.sub(r"(?m)^", "> ", "line one\nline two"), re.findall(r"(?m)^\w+", "a b\nc d\ne"))
log = "2024-01-02 ERROR disk full\n2024-01-03 INFO ok\n2024-01-04 ERROR cpu hot"
for m in re.finditer(r"^(\S+) ERROR (.*)$", log, re.MULTILINE):
    print(m.group(1), "->", m.group(2))
