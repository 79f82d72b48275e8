# covers: randrange (steps, negative), randint, choice, shuffle, sample (pool and set paths, counts), choices (weights, cum_weights), on lists/str/range/tuples
# conform: exact
import random

random.seed(12345)
print([random.randrange(10) for _ in range(12)])
print([random.randrange(5, 50) for _ in range(8)])
print([random.randrange(0, 100, 7) for _ in range(8)])
print([random.randrange(100, 0, -3) for _ in range(8)])
print([random.randrange(-20, -5, 2) for _ in range(6)])
print([random.randint(-3, 3) for _ in range(15)])
print([random.randint(0, 10 ** 12) for _ in range(4)])
print(random.randrange(2 ** 62), random.randint(1, 2 ** 61))
print(random.randrange(10.0), random.randint(2, 2))

print([random.choice("abcdefg") for _ in range(10)])
print([random.choice(range(1000)) for _ in range(5)], random.choice((1.5, 2.5)))

deck = list(range(20))
random.shuffle(deck)
print(deck)
words = ["alpha", "beta", "gamma", "delta", "eps"]
random.shuffle(words)
print(words)
one = [9]
random.shuffle(one)
print(one)

print(random.sample(range(10), 10))
print(random.sample(range(1000), 12))
print(random.sample(list(range(100)), 30))
print(random.sample("parax-random", 4))
print(random.sample(range(10 ** 6), 5))
print(random.sample(["r", "g", "b"], k=5, counts=[3, 1, 2]))
print(random.sample(range(50), 0))

print(random.choices("xyz", k=8))
print(random.choices([1, 2, 3, 4], weights=[10, 1, 1, 5], k=10))
print(random.choices([1, 2, 3, 4], cum_weights=[1, 2, 3, 10], k=10))
print(random.choices(range(5), [0.1, 0.2, 0.3, 0.2, 0.2], k=6))
print(random.choices(["only"]))

r = random.Random(5)
print(r.sample(range(30), 6), r.choices("ab", k=4), r.randrange(3, 99, 4))
