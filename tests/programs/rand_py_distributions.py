# covers: uniform, triangular, gauss, normalvariate, lognormvariate, expovariate, vonmisesvariate, gammavariate (all three branches), betavariate, paretovariate, weibullvariate; Random instances and subclasses
# conform: exact
import random

random.seed(99)
print([random.uniform(-2, 5) for _ in range(3)])
print([random.triangular() for _ in range(3)], random.triangular(1, 4, 3.5), random.triangular(2, 2, 2))
print([random.gauss() for _ in range(5)])
print([random.gauss(10, 0.5) for _ in range(3)])
print([random.normalvariate() for _ in range(4)], random.normalvariate(-1, 3))
print([random.lognormvariate(0, 0.5) for _ in range(3)])
print([random.expovariate(1.5) for _ in range(3)], random.expovariate(-2.0))
print([random.vonmisesvariate(1.0, 4.0) for _ in range(3)], random.vonmisesvariate(0.5, 0.0))
print([random.gammavariate(2.5, 1.5) for _ in range(3)])
print([random.gammavariate(1.0, 2.0) for _ in range(2)])
print([random.gammavariate(0.3, 1.0) for _ in range(4)])
print([random.betavariate(2.0, 5.0) for _ in range(3)], random.betavariate(0.5, 0.5))
print([random.paretovariate(3.0) for _ in range(3)])
print([random.weibullvariate(1.0, 1.5) for _ in range(3)])

a = random.Random(1)
b = random.Random(1)
c = random.Random("one")
print(a.random() == b.random(), a.random(), c.random())
random.seed(1)
print(random.random() == random.Random(1).random())
a.seed(2)
print(a.random(), b.random())


class Shifted(random.Random):
    def uniform_shift(self):
        return self.random() + 100


s = Shifted(8)
print(s.uniform_shift(), s.randint(0, 9), isinstance(s, random.Random))
s.seed(8)
print(s.uniform_shift())
