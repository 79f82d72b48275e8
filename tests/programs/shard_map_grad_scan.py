# covers: jax.grad through a jitted shard_map (data-parallel loss: local mean + pmean), lax.scan and lax.fori_loop inside a shard_map body, vmap inside the body, in_specs inferred from the arguments' shardings
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('d',))
xs = jax.device_put(np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4), NamedSharding(mesh, P('d')))
ys = jax.device_put(np.arange(8, dtype=np.float32), NamedSharding(mesh, P('d')))
w = jnp.array([0.5, -0.25, 1.0, 2.0], jnp.float32)

def loss(w, x, y):
    def local(w, xb, yb):
        pred = xb @ w
        return lax.pmean(jnp.mean((pred - yb) ** 2), 'd')
    return jax.shard_map(local, mesh=mesh, in_specs=(P(), P('d'), P('d')), out_specs=P())(w, x, y)

print(jax.jit(loss)(w, xs, ys))
g = jax.jit(jax.grad(loss))(w, xs, ys)
print(g)

def body(xb):
    def step(c, row):
        return c + row, c.sum()
    carry, trace = lax.scan(step, xb[0] * 0, xb)
    total = lax.fori_loop(0, 3, lambda i, acc: acc + lax.psum(carry, 'd'), jnp.zeros(4))
    sq = jax.vmap(lambda r: jnp.dot(r, r))(xb)
    return total[None], trace, sq

t, tr, sq = jax.shard_map(body, mesh=mesh, in_specs=P('d'), out_specs=(P('d'), P('d'), P('d')))(xs)
print(t)
print(tr, sq)
inferred = jax.shard_map(lambda b: b * 2, mesh=mesh, out_specs=P('d'))(xs)
print(jax.typeof(inferred), (inferred ** 2).sum())
c = jax.shard_map(lambda b: lax.scan(lambda c, r: (c + r, None), lax.pcast(jnp.zeros(4), 'd', to='varying'), b)[0][None],
                  mesh=mesh, in_specs=P('d'), out_specs=P('d'))(xs)
print(c)
