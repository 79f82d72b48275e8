# operator, functools (reduce, lru_cache, partial attributes, cmp_to_key),
# finite itertools, iter/next, range methods, unbound str methods.
import functools
import itertools
import operator
import jax.numpy as jnp

print(functools.reduce(operator.add, [1, 2, 3, 4]), functools.reduce(operator.mul, [], 7))
print(operator.itemgetter(0, 2)("abc"), operator.attrgetter("shape")(jnp.ones((2, 3))))
print(operator.methodcaller("upper")("x"), operator.neg(3), operator.truediv(1, 4))
p = functools.partial(pow, 2)
print(p(10), p.args, p.keywords, functools.partial(int, base=2)("101"))


@functools.lru_cache(maxsize=2)
def square(n):
    print("computing", n)
    return n * n


for n in [1, 2, 1, 3, 1]:
    print(square(n))
info = square.cache_info()
print(info.hits, info.misses, info.currsize)
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
print(list(itertools.chain([1], (2, 3), "ab")), list(itertools.chain.from_iterable([[1], [2]])))
print(list(itertools.product([0, 1], repeat=2)), list(itertools.combinations("abcd", 3)))
print(list(itertools.permutations(range(3), 2)), list(itertools.accumulate([1, 2, 3], operator.mul)))
print(list(itertools.islice(range(20), 3, 15, 4)), list(itertools.zip_longest([1, 2, 3], "ab", fillvalue="-")))
print([(k, list(g)) for k, g in itertools.groupby("aabbbc")], list(itertools.starmap(pow, [(2, 3), (3, 2)])))
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(itertools.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
it = iter(range(3))
print(next(it), next(it), next(it), next(it, "end"))
r = range(3, 30, 3)
print(r.index(12), r.count(13), r.count(9), list(map(str.lower, ["A", "Bc"])))
