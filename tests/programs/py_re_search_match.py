# re: match/fullmatch/search, Match objects (group/groups/groupdict/start/
# end/span/lastindex/lastgroup/[]), named groups, compiled patterns and
# their attributes, pos/endpos, reprs.
import re

m = re.match(r"(\w+) (\w+)", "Isaac Newton, physicist")
print(m.group(0), m.group(1), m.group(2), m.group(1, 2), m[1], m.groups())
print(m.start(), m.end(), m.span(), m.start(2), m.end(2), m.span(1), m.lastindex)
print(m, bool(m), m.string, m.re.pattern, m.pos, m.endpos)
print(re.match("Newton", "Isaac Newton"), re.search("Newton", "Isaac Newton"))
print(re.fullmatch(r"\d+", "12345"), re.fullmatch(r"\d+", "123a"), re.fullmatch("a|ab", "ab"))

date = re.compile(r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})")
d = date.search("released on 2023-10-05, patched 2024-01-31")
print(d.group("year"), d["month"], d.groupdict(), d.lastgroup, d.lastindex, d.span("day"))
print(date.groups, date.groupindex, date.pattern, date.flags, date)
print(date.search("released on 2023-10-05, patched 2024-01-31", 20).group())
print(date.match("2023-10-05xyz"), date.fullmatch("2023-10-05xyz"), date.fullmatch("2023-10-05xyz", 0, 10))
opt = re.match(r"(a)(b)?(c)?", "ac")
print(opt.groups(), opt.groups("-"), opt.group(2), opt.span(2), opt.start(3), opt.lastindex)
print(re.search(r"(?P<first>\w)(?P<rest>\w*)", "  hello").groupdict())
print(re.search(r"(\d+)\.(\d+)", "pi is 3.14159").groups())
print(re.search(r"^\s*(#.*)?$", "   # comment").group(1))
print(re.search(r"colou?r", "The colour red").group(), re.search(r"gr[ae]y", "grey sky").span())
print(re.search(r"\bis\b", "this island is big").start(), re.search(r"(?<=-)\w+", "spam-egg").group())
print(re.search(r"(\w)\1", "hello").group(), re.search(r"(?P<c>.)(?P=c)", "abccd").span())
print(re.search(r"a.*b", "a12b34b").group(), re.search(r"a.*?b", "a12b34b").group())
print(re.search(r"\d{2,}", "1 22 333").group(), re.search(r"x*", "abc").span())
print(re.search(r"[^aeiou\s]+", "aei xyz").group(), re.search(r"[\d.]+", "v1.2.3!").group())
print(re.search("(?i)HELLO", "say hello").group(), re.search(r"\AStart", "Start here") is not None)
print(re.search(r"end\Z", "the end"), re.search(r"end$", "the end\n").span())
try:
    m.group(5)
except IndexError as e:
    print("IndexError", e)
try:
    d.group("nope")
except IndexError as e:
    print("IndexError", e)
print(re.compile("ab") == re.compile("ab"), re.compile("a+", re.I), re.compile(r"\d", re.M | re.S))
print(m.expand(r"\2, \1"), m.regs, re.search("é+", "caféé").span())
