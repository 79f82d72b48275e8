import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(x0[-1, -1])
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
