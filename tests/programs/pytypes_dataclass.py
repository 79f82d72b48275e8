# dataclasses: generated __init__/__repr__/__eq__, defaults, field(),
# frozen, __post_init__, inheritance, and pytree registration for jit.
import dataclasses
from dataclasses import dataclass, field
import functools
import jax
import jax.numpy as jnp


@dataclass
class Config:
    lr: float
    steps: int = 10
    layers: list = field(default_factory=lambda: [16, 16])

    def __post_init__(self):
        self.total = self.lr * self.steps


c = Config(0.1)
print(c, c.total)
print(Config(0.5, steps=2) == Config(0.5, 2), Config(0.5) == Config(0.25))
c.steps = 3
print(c.steps, [f.name for f in dataclasses.fields(c)], dataclasses.asdict(c)["layers"])
print(dataclasses.replace(c, lr=1.0), dataclasses.is_dataclass(c), dataclasses.is_dataclass(3))


@dataclass(frozen=True)
class Frozen:
    a: int
    b: int = 2


fz = Frozen(1)
print(fz, hash(fz) == hash(Frozen(1, 2)), fz == Frozen(1))


@dataclass
class Child(Config):
    name: str = "child"


print(Child(0.2, name="x"))


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w", "b"], meta_fields=["act"])
@dataclass
class Layer:
    w: jax.Array
    b: jax.Array
    act: str = "relu"

    def __call__(self, x):
        y = x @ self.w + self.b
        return jnp.maximum(y, 0.0) if self.act == "relu" else y


layer = Layer(jnp.eye(2), jnp.array([0.5, -2.0]))
print(jax.tree_util.tree_structure(layer).num_leaves, len(jax.tree_util.tree_leaves(layer)))
print(jax.jit(lambda l, x: l(x))(layer, jnp.ones((1, 2))))
doubled = jax.tree_util.tree_map(lambda v: v * 2, layer)
print(type(doubled).__name__, doubled.b, doubled.act)
