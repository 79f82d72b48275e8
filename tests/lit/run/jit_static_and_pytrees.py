# RUN: %parax %s | FileCheck %s
# jit with a static argument, pytree arguments and results (dicts come back
# with sorted keys), and retracing for a new shape.
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=(1,))
def power(x, n):
    for _ in range(n):
        x = x * 2
    return x

@jax.jit
def combine(p):
    return {"sum": p["w"] + p["b"][0], "scaled": p["b"][1] * 3}

print(power(jnp.arange(3), 2), power(jnp.arange(3), 3))
print(power(jnp.ones((2, 2)), 1))
print(combine({"w": jnp.float32(1.5), "b": (2.0, jnp.arange(2))}))

# CHECK:      [0 4 8] [ 0  8 16]
# CHECK-NEXT: {{\[\[}}2. 2.]
# CHECK-NEXT:  [2. 2.]]
# CHECK-NEXT: {'scaled': Array([0, 3], dtype=int32), 'sum': Array(3.5, dtype=float32)}
