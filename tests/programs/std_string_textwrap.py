import string
import textwrap
from string import Template

print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(string.punctuation, repr(string.whitespace), len(string.printable))
print(string.ascii_lowercase.upper() == string.ascii_uppercase)
print(string.capwords("hello   wide world"), string.capwords("a-b c-d", "-"))
t = Template("$who likes $what, ${who}x costs $$5")
print(t.substitute(who="tim", what="kung pao"))
print(t.substitute({"who": "ann", "what": "tea"}))
print(t.safe_substitute(who="bob"))
try:
    t.substitute(who="x")
except KeyError as e:
    print("KeyError", e)
try:
    Template("bad $ here").substitute()
except ValueError as e:
    print("ValueError:", e)
print(Template("$a$b").substitute(a=1, b=2.5), Template("${a}b").safe_substitute({}))
print(Template("x $y ${z}").get_identifiers())

code = """
    def f():
        return 1

    print(f())
"""
print(textwrap.dedent(code))
print(repr(textwrap.dedent("  a\n    b\n  c")), repr(textwrap.dedent("\ta\n\tb")))
print(textwrap.indent("one\ntwo\n\nthree\n", "> "), end="")
print(textwrap.indent("x\ny", "+ ", lambda line: line.startswith("y")))
text = "The quick brown fox jumps over the lazy dog and keeps running far away"
print(textwrap.wrap(text, 20))
print(textwrap.fill(text, width=30))
print(textwrap.fill(text, 25, initial_indent="* ", subsequent_indent="  "))
print(textwrap.shorten(text, 30))
print(textwrap.wrap("supercalifragilisticexpialidocious word", 10))
