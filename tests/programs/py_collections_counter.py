# collections.Counter: counting, most_common, update/subtract, arithmetic,
# elements, comparisons, the repr order (by count) and dict behaviour.
from collections import Counter

text = "it was the best of times it was the worst of times"
words = Counter(text.split())
print(words)
print(words.most_common(3), words["times"], words["nothing"], len(words))
letters = Counter("mississippi")
print(letters, sorted(letters.elements()), letters.total())
letters.update("spam")
letters.update({"s": 10})
print(letters.most_common(2))
letters.subtract("sss")
print(letters["s"], letters)
a = Counter(a=3, b=1, c=0)
b = Counter(a=1, b=2, d=4)
print(a + b, a - b, a | b, a & b)
print(+Counter(x=2, y=-1, z=0), -Counter(x=2, y=-1))
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) != Counter(a=2), Counter(a=1) <= Counter(a=2))
c = Counter()
for ch in "abracadabra":
    c[ch] += 1
print(c, isinstance(c, dict), dict(c), list(c.keys()))
del c["a"]
del c["nope"]
print(c, c.most_common()[-1], Counter(), repr(Counter()))
c += Counter(b=-5, k=1)
print(c)
print(sorted(Counter([1, 2, 2, 3, 3, 3]).items()), Counter({"red": 4, "blue": 2}).most_common(1))
ints = Counter(n % 3 for n in range(10))
print(ints, sum(ints.values()), max(ints, key=ints.get))
try:
    Counter.fromkeys("abc")
except NotImplementedError as e:
    print("NotImplementedError", e)
