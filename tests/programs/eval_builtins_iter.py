# Iteration builtins: range forms, enumerate (with start), zip (uneven), sorted (key, reverse), len.
print(list(range(5)), list(range(2, 6)), list(range(10, 0, -3)), list(range(0)), list(range(3, 3)))
print(len(range(0, 10, 3)), range(5)[-1], list(range(-3, 3))[::2])
for i, c in enumerate('xyz'):
    print(i, c)
print(list(enumerate([10, 20], 5)))
print(list(zip([1, 2, 3], ['a', 'b'])), list(zip()), list(zip([1], [2], [3])))
words = ['pear', 'fig', 'banana', 'kiwi']
print(sorted(words), sorted(words, key=len), sorted(words, key=len, reverse=True))
print(sorted([3.5, -1, 2]), sorted((5, 2, 8)), sorted('cab'))
print(len([1, 2]), len((1,)), len('abc'), len({'a': 1}), len(range(7)))
total = 0
for v in (1, 2, 3):
    total += v
for v in [10, 20]:
    total += v
print(total)
pairs = [(2, 'b'), (1, 'a'), (2, 'a')]
print(sorted(pairs), sorted(pairs, key=lambda p: p[1]))
print(tuple(enumerate('ab')), dict(zip(['k1', 'k2'], [1, 2])))
