# conform: error=ValueError line=8
# expect: unexpected tree structure of argument to vjp function
import jax
import jax.numpy as jnp

out, f_vjp = jax.vjp(lambda x: (x * 2.0, jnp.sum(x)), jnp.ones(3))
print(f_vjp((jnp.ones(3), 1.0)))
print(f_vjp(jnp.ones(3)))
