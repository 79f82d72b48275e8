# namedtuples are tuples: isinstance/issubclass, concatenation and
# repetition (plain tuples), ordering, count/index, `in`, subclasses with
# methods, and as JAX pytree nodes next to a plain tuple subclass (a leaf).
from collections import namedtuple
from typing import NamedTuple

import jax
import jax.numpy as jnp

P = namedtuple("P", "x y")


class Q(NamedTuple):
    a: int
    b: int = 2


p, q = P(1, 2), Q(1)
print(isinstance(p, tuple), isinstance(q, tuple), issubclass(P, tuple), issubclass(Q, tuple))
print(tuple(p), list(q), p + (3,), (0,) + p, p * 2, len(p), p[0], q._asdict(), 2 in p)
print(P(1, 2) < P(1, 3), sorted([P(2, 1), P(1, 5)]), max(Q(1, 9), Q(2, 0)), p.count(1), p.index(2))
print(P(1, 2) == (1, 2), hash(P(1, 2)) == hash((1, 2)), {P(1, 2): "p"}[(1, 2)])


class R(P):
    def norm(self):
        return self.x + self.y


class Pair(tuple):
    pass


print(R(3, 4).norm(), R(3, 4), isinstance(R(3, 4), P))
state = {"nt": P(jnp.ones(2), 3.0), "plain": Pair((1, 2))}
print(jax.tree_util.tree_structure(state))
print(jax.tree_util.tree_map(lambda v: v * 2 if not isinstance(v, Pair) else v, state))
