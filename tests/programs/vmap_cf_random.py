# covers: random functions over batched keys inside control flow: vmap of a fori_loop that splits its
# key every step, a scan drawing normals per step, a while loop that draws until a threshold (batched
# predicate), a cond on a random draw, keys mapped with in_axes, one shared key with batched data
import jax
import jax.numpy as jnp
from jax import lax

keys = jax.random.split(jax.random.PRNGKey(42), 4)

def walk(key):
    def body(i, c):
        k, pos = c
        k, sub = jax.random.split(k)
        return k, pos + jax.random.normal(sub, (2,))
    return lax.fori_loop(0, 5, body, (key, jnp.zeros(2)))[1]
print(jax.vmap(walk)(keys))

def noisy(key, xs):
    def step(c, e):
        k, acc = c
        k, sub = jax.random.split(k)
        return (k, acc + e * jax.random.uniform(sub)), jax.random.bernoulli(sub, 0.5)
    (_, acc), flips = lax.scan(step, (key, 0.0), xs)
    return acc, flips
acc, flips = jax.vmap(noisy, in_axes=(0, None))(keys, jnp.arange(1.0, 6.0))
print(acc, flips)

def until(key, t):
    def body(c):
        k, n, last = c
        k, sub = jax.random.split(k)
        return k, n + 1, jax.random.uniform(sub)
    return lax.while_loop(lambda c: (c[2] < t) & (c[1] < 100), body, (key, 0, 0.0))[1:]
print(jax.vmap(until)(keys, jnp.array([0.5, 0.9, 0.99, 0.1])))

def coin(key, v):
    u = jax.random.uniform(key)
    return lax.cond(u > 0.5, lambda: v * 2.0, lambda: v - 1.0)
print(jax.vmap(coin)(keys, jnp.arange(4.0)))
print(jax.vmap(coin, in_axes=(None, 0))(keys[0], jnp.arange(4.0)))
# a key per lane from fold_in of the lane's data inside a scan
def folded(seed):
    k = jax.random.fold_in(jax.random.PRNGKey(0), seed)
    return lax.scan(lambda c, _: (jax.random.split(c)[0], jax.random.randint(c, (), 0, 10)), k, None, length=3)[1]
print(jax.vmap(folded)(jnp.array([1, 2, 3])))
