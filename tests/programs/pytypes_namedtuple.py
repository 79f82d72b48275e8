# typing.NamedTuple and collections.namedtuple: tuple behaviour, defaults,
# _replace/_asdict/_fields, and pytree nodes through jit, scan and tree_util.
from typing import NamedTuple, Tuple, Optional, Any
from collections import namedtuple
import jax
import jax.numpy as jnp
from jax import lax


class Params(NamedTuple):
    w: jnp.ndarray
    b: jnp.ndarray
    scale: float = 1.0


Point = namedtuple("Point", "x y")
Color = namedtuple("Color", ["r", "g", "b"], defaults=[0])

p = Params(jnp.ones(2), jnp.zeros(2))
print(p)
print(p.scale, p[2], len(p), Params._fields)
w, b, s = p
print(w, b, s)
q = p._replace(scale=2.0)
print(q.scale, p.scale, q == p, p == Params(p.w, p.b, 1.0))
print(p._asdict()["scale"])
pt = Point(1, y=2)
print(pt, pt.x + pt.y, pt == (1, 2), hash(pt) == hash((1, 2)), Color(1, 2))
print(jax.tree_util.tree_leaves(p))
print(jax.tree_util.tree_structure(Point(1, 2)))
print(jax.tree_util.tree_map(lambda v: v * 10, Point(1, 2)))


@jax.jit
def step(params, x):
    return Params(params.w * x, params.b + 1.0, params.scale)


out = step(p, 3.0)
print(type(out).__name__, out.w, out.b, out.scale)


def body(carry, x):
    return carry._replace(w=carry.w + x), carry.b.sum()


final, ys = lax.scan(body, Params(jnp.zeros(2), jnp.ones(2), jnp.float32(0.5)), jnp.arange(6.).reshape(3, 2))
print(final, ys)
Pair = Tuple[int, int]
maybe: Optional[Any] = None
print(maybe, Pair is not None)
