# conform: error=re.error line=9
# An invalid regular expression is re.error (CPython's message and
# position), located at the call that compiled it.
import re

words = re.findall(r"\w+", "a valid pattern first")
print(words)
# the group is never closed
pattern = re.compile(r"(\d+-(\d+)")
print(pattern)
