# covers: vmap of control flow under jax.disable_jit(): scan, fori_loop, cond and while_loop whose
# predicate is a batched tracer (staged, as JAX falls back from its op-by-op loop); a while_loop with a
# concrete predicate still runs op by op
import jax
import jax.numpy as jnp
from jax import lax

with jax.disable_jit():
    print(jax.vmap(lambda v: lax.scan(lambda c, e: (c + e, c), 0.0, v))(jnp.arange(6.0).reshape(2, 3)))
    print(jax.vmap(lambda v: lax.fori_loop(0, 3, lambda i, c: c * v, 1.0))(jnp.arange(3.0)))
    print(jax.vmap(lambda v: lax.cond(v > 1.0, lambda: v, lambda: -v))(jnp.arange(3.0)))
    print(jax.vmap(lambda v: lax.while_loop(lambda c: c < 3.0, lambda c: c + 1.0, v))(jnp.arange(3.0)))
    print(jax.vmap(lambda v, n: lax.while_loop(lambda c: c[0] < n, lambda c: (c[0] + 1, c[1] * v), (0, 1.0)))(
        jnp.array([2.0, 3.0]), jnp.array([3, 1])))
    print(lax.while_loop(lambda c: c < 3, lambda c: c + 1, 0))
