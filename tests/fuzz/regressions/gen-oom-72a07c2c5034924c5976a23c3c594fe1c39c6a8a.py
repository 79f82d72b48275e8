import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(len(f'{1:05000d}'))
print(len(f'{1:01d}'))
print(len(f'{1:01d}'))
print(len(f'{1:01d}'))
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
v = 0
for _ in range(100):
    v = [v]
w = [v, v]
print(w < w)
print(2**63 - 1 // 1e-45)
v = 0
for _ in range(500):
    v = [v]
print(v == v)
