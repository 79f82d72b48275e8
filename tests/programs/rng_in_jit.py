# keys as traced uint32 arrays under jit: split inside jit, samplers with static shapes, fori_loop/scan carrying keys.
import jax
import jax.numpy as jnp
from functools import partial

key = jax.random.PRNGKey(0)

@jax.jit
def sample(k):
    k1, k2, k3 = jax.random.split(k, 3)
    return (jax.random.randint(k1, (5,), 0, 10), jax.random.permutation(k2, 7),
            jax.random.choice(k3, jnp.arange(5) * 3, (3,), replace=False),
            jax.random.bernoulli(k1, 0.4, (4,)), jax.random.fold_in(k2, 7),
            jax.random.uniform(k3, (2,), jnp.bfloat16), jax.random.normal(k1, (3,)))

for x in sample(key):
    print(x)

@partial(jax.jit, static_argnums=1)
def draw(k, n):
    return jax.random.uniform(k, (n,), minval=-1.0, maxval=1.0)

print(draw(key, 3), draw(jax.random.PRNGKey(1), 4))
print(jax.jit(lambda k, i: jax.random.fold_in(k, i))(key, jnp.uint32(9)), jax.random.fold_in(key, 9))
print(jax.jit(lambda k, lo, hi: jax.random.randint(k, (4,), lo, hi))(key, -3, 3))

def body(i, c):
    k, acc = c
    k, s = jax.random.split(k)
    return k, acc + jax.random.normal(s, (2,))

print(jax.lax.fori_loop(0, 5, body, (key, jnp.zeros(2))))

def step(k, _):
    k, s = jax.random.split(k)
    return k, jax.random.uniform(s, (2,))

print(jax.lax.scan(step, jax.random.PRNGKey(42), None, length=3))
print(jax.jit(lambda k: jax.random.split(k, 4))(key))
