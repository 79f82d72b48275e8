# x.at[...] with mode= / fill_value= (out-of-bound handling) must not be ignored.
import jax
import jax.numpy as jnp

x = jnp.arange(6)
print(x.at[jnp.array([1, 20])].get(mode='fill', fill_value=-1))
print(x.at[jnp.array([7])].add(1, mode='clip'))
print(x.at[jnp.array([7])].add(1, mode='drop'))
print(x.at[jnp.array([2, 9])].set(-5, mode='clip'))
print(jax.jit(lambda v, i: v.at[i].get(mode='fill', fill_value=100))(x, jnp.array([0, 6, -1])))
