# conform: devices=2
# Typed PRNG keys (jax.random.key): shape (), dtype key<fry>, JAX's repr; the
# samplers take typed and raw keys; jit, scan and pmap carry typed keys.
import jax, jax.numpy as jnp
from jax import lax, random

k = random.key(42)
print(k)
print(repr(k))
print(k.shape, k.dtype, k.ndim, k.size)
ks = random.split(k, 3)
print(ks)
print(ks.shape, len(ks), ks.dtype)
print(ks[0])
print(ks[1:])
print(random.key_data(ks))
print(random.key_data(k))
print([x for x in ks][2])
print(random.normal(ks[1], (2,)))
print(random.uniform(random.PRNGKey(0), (3,)))
print(random.uniform(random.key(0), (3,)))
print(random.randint(random.key(1), (4,), 0, 10))
print(random.bernoulli(random.key(2), 0.5, (5,)))
print(random.permutation(random.key(3), 6))
print(random.choice(random.key(4), 10, (3,), replace=False))
print(random.gumbel(random.key(5), (2,)), random.exponential(random.key(6), (2,)))
print(random.truncated_normal(random.key(7), -1., 1., (3,)))
print(random.bits(random.key(8), (2,)))
print(random.fold_in(k, 3))
print(random.fold_in(random.PRNGKey(42), 3))
print(random.split(random.PRNGKey(42), 2))
print(random.split(k, (2, 2)).shape)
print(random.wrap_key_data(random.PRNGKey(3)))
print(random.wrap_key_data(jnp.array([[1, 2], [3, 4]], dtype=jnp.uint32)).shape)
print(random.clone(k))
print(jax.jit(lambda key: random.split(key))(k))
print(jax.jit(lambda key: random.normal(key, (2,)))(k))
print(jax.jit(lambda key: random.key_data(key) + 1)(k))

def body(c, _):
    key, s = c
    key, sub = random.split(key)
    return (key, s + random.normal(sub)), random.uniform(sub)
(kf, s), us = lax.scan(body, (k, 0.0), None, length=4)
print(kf, s, us)

def loop(i, key):
    return random.fold_in(key, i)
print(lax.fori_loop(0, 3, loop, k))
print(jax.pmap(lambda key: random.normal(key, (2,)))(random.split(k, 2)))
print(jax.pmap(lambda key: random.split(key))(random.split(k, 2)).shape)
keys = random.split(random.key(0), 4)
print(jnp.stack([random.uniform(kk) for kk in keys]))
