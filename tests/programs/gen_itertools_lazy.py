# covers: itertools lazily: count, cycle, repeat, islice (how much it consumes), chain, chain.from_iterable, takewhile, dropwhile, accumulate, starmap, zip_longest, tee, groupby (shared iterator), product, permutations, combinations, combinations_with_replacement, pairwise, compress, filterfalse
import itertools
import operator
from itertools import count, cycle, repeat, islice, chain

c = count(5, 3)
print(next(c), next(c), repr(c), repr(count()), repr(count(2.5, 0.5)))
print(list(islice(count(), 5)), list(islice(count(1, -1), 3)))
print(list(islice(cycle("abc"), 7)), list(islice(cycle([]), 3)))
print(list(repeat(7, 3)), list(repeat("x", 0)), list(repeat(1, -2)), repr(repeat("a", 2)), repr(repeat(None)))
print(list(zip(range(4), repeat("r"))))
print(list(islice(range(20), 2, 12, 3)), list(islice("abcdef", None)), list(islice("abcdef", 2, None)))
print(list(islice([1, 2, 3], 0)), list(islice([1, 2, 3], 5, 10)))

it = iter(range(10))
print(list(islice(it, 3)), next(it), list(islice(it, 2, 4)), next(it))
try:
    islice(range(3), -1)
except ValueError as e:
    print("ValueError:", e)
try:
    islice(range(3), 0, 3, 0)
except ValueError as e:
    print("ValueError:", e)

squares = (n * n for n in count(1))
print(list(islice(squares, 4)), next(squares))
print(list(chain("ab", [1], (), range(2))), list(chain()), list(chain.from_iterable(["xy", "z"])))
inf_chain = chain.from_iterable(repeat([1, 2]))
print(list(islice(inf_chain, 5)))

print(list(itertools.takewhile(lambda x: x * x < 30, count())))
print(list(islice(itertools.dropwhile(lambda x: x < 5, count()), 3)))
print(list(itertools.accumulate([1, 2, 3, 4, 5])), list(itertools.accumulate([5, 1, 3], min)))
print(list(itertools.accumulate([], initial=9)), list(itertools.accumulate([1, 2], operator.mul, initial=3)))
print(list(islice(itertools.accumulate(count(1)), 5)))
print(list(itertools.starmap(pow, [(2, 3), (3, 2), (10, 0)])))
print(list(islice(itertools.starmap(operator.add, zip(count(), count(10))), 3)))
print(list(itertools.zip_longest("abc", [1], fillvalue=0)), list(itertools.zip_longest()))
print(list(itertools.zip_longest([1, 2], "x", [True, False, None])))
print(list(islice(itertools.zip_longest(count(), "ab"), 4)))
print(list(itertools.filterfalse(lambda x: x % 2, range(7))), list(itertools.filterfalse(None, [0, 1, "", "a"])))
print(list(itertools.compress(count(), [1, 0, 1, 1, 0])))
print(list(itertools.pairwise("abcd")), list(itertools.pairwise([1])))
print(list(islice(itertools.pairwise(count()), 3)))

a, b = itertools.tee(n * 2 for n in count())
print(next(a), next(a), next(a), next(b), list(islice(b, 3)), next(a))
x, y, z = itertools.tee("ab", 3)
print(list(x), list(y), list(z), itertools.tee([1], 0))

for key, group in itertools.groupby("aaabccdaa"):
    print(key, list(group))
groups = itertools.groupby([1, 1, 2, 3, 3, 3], key=lambda v: v % 2)
k1, g1 = next(groups)
k2, g2 = next(groups)
print(k1, list(g1), k2, list(g2))
print([(k, len(list(g))) for k, g in itertools.groupby(sorted("mississippi"))])
print([k for k, _ in itertools.groupby([])], [list(g) for k, g in itertools.groupby("xxy")])
evens_odds = itertools.groupby(islice(count(), 6), key=lambda v: v < 3)
print([(k, list(g)) for k, g in evens_odds])

print(list(itertools.product("ab", range(2))), list(itertools.product()), list(itertools.product([])))
print(list(itertools.product([0, 1], repeat=3))[:5], len(list(itertools.product("abc", repeat=2))))
print(list(itertools.permutations([1, 2, 3])))
print(list(itertools.permutations("abcd", 2))[:7], list(itertools.permutations([1], 2)), list(itertools.permutations([])))
print(list(itertools.combinations(range(5), 3)))
print(list(itertools.combinations("abc", 0)), list(itertools.combinations("ab", 3)))
print(list(itertools.combinations_with_replacement("abc", 2)), list(itertools.combinations_with_replacement([], 0)))
print(sum(1 for _ in itertools.permutations(range(6))), sum(1 for _ in itertools.combinations(range(10), 4)))
first = next(itertools.permutations(range(12)))
print(first)

lr = cycle([0.1, 0.01, 0.001])
schedule = [next(lr) for _ in range(5)]
print(schedule)
steps = count()
print([next(steps) for _ in range(3)], next(steps))
print(dict(zip(count(100), "abc")), list(enumerate(islice(cycle("xy"), 3))))
