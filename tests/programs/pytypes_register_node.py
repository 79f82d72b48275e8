# jax.tree_util.register_pytree_node and register_pytree_node_class: user
# classes as pytrees through tree_util, jit and fori_loop.
import jax
import jax.numpy as jnp
from jax import lax


class Box:
    def __init__(self, value, label):
        self.value = value
        self.label = label

    def __repr__(self):
        return f"Box({self.value}, {self.label!r})"


jax.tree_util.register_pytree_node(
    Box, lambda b: ((b.value,), b.label), lambda label, children: Box(children[0], label))


@jax.tree_util.register_pytree_node_class
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def tree_flatten(self):
        return (self.a, self.b), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


b = Box(jnp.arange(3.), "x")
print(jax.tree_util.tree_leaves(b), jax.tree_util.tree_map(lambda v: v + 1, b))
print(jax.jit(lambda box: Box(box.value * 2, box.label))(b))
p = lax.fori_loop(0, 3, lambda i, pr: Pair(pr.a + 1, pr.b * 2), Pair(jnp.float32(0), jnp.float32(1)))
print(p.a, p.b, len(jax.tree_util.tree_leaves([Pair(1, 2), Box(3, "y")])))


class Tagged:
    def __init__(self, v):
        self.v = v


jax.tree_util.register_pytree_node(Tagged, lambda t: ((t.v,), ("tag", 1)), lambda a, c: Tagged(c[0]))
print(jax.tree_util.tree_structure(Tagged(1)), jax.tree_util.tree_structure(Box(1, "lab")))
