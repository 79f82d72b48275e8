# nan and inf in arrays: alignment with finite values, sign, in scientific mode, in ints after cast.
import jax.numpy as jnp

nan = jnp.nan
inf = jnp.inf
print(jnp.array([nan, inf, -inf]))
print(jnp.array([1.5, nan, -2.0]))
print(jnp.array([1.0, inf]), jnp.array([-inf, 0.25]))
print(jnp.array([1e-6, nan, 1.0]))
print(jnp.array([0.0, 1.0, -1.0]) / 0.0)
print(jnp.log(jnp.array([0.0, 1.0, -1.0])), jnp.sqrt(jnp.array([-4.0, 4.0])))
print(jnp.array([[nan, 1.0], [2.0, inf]]))
print(jnp.array([nan, 1.0], dtype=jnp.float16), jnp.array([inf, 1.5], dtype=jnp.bfloat16))
print(jnp.max(jnp.array([1.0, nan, 3.0])), jnp.min(jnp.array([inf, 2.0])), jnp.argmax(jnp.array([1.0, nan, 3.0])))
print(nan, inf, -inf, jnp.array(nan) == jnp.array(nan))
