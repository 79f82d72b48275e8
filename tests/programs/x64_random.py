# jax.random with x64 enabled: 64-bit seeds, float64 uniform/normal, int64 randint, uint64 bits.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import random

key = random.PRNGKey(0)
print(key, key.dtype, random.PRNGKey(2**40 + 7), random.PRNGKey(-1))
k1, k2 = random.split(key)
u = random.uniform(k1, (6,))
print(u.dtype, u)
print(random.uniform(k2, (2, 3), minval=-2.0, maxval=5.0))
print(random.uniform(k2, (4,), dtype=jnp.float32))
n = random.normal(k1, (5,))
print(n.dtype, n)
print(random.normal(k2, (3,), dtype=jnp.float32))
r = random.randint(k1, (8,), 0, 100)
print(r.dtype, r)
print(random.randint(k2, (5,), -(2**40), 2**40))
print(random.randint(k2, (5,), 0, 10, dtype=jnp.int32))
b = random.bits(k1, (3,))
print(b.dtype, b, random.bits(k1, (3,), dtype=jnp.uint32))
print(random.bernoulli(k1, 0.3, (8,)), random.choice(k2, 10, (4,)), random.permutation(k1, 6), random.permutation(k1, 6).dtype, random.choice(k2, 10, (4,)).dtype)
print(random.exponential(k1, (3,)), random.gumbel(k2, (3,)))
print(random.truncated_normal(k1, -1.0, 1.0, (4,)), random.choice(k1, jnp.arange(5.0), (3,), p=jnp.array([0.1, 0.2, 0.3, 0.2, 0.2])))
print(jax.jit(lambda k: random.uniform(k, (3,)))(k1), jax.jit(lambda k: random.normal(k, (2,)))(k2))
print(random.uniform(random.fold_in(key, 3), ()), random.normal(random.PRNGKey(2**40 + 7), (2,)))
