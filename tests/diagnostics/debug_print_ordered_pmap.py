# conform: error=ValueError line=6
# expect: ordered=True) is not supported inside a pmap over 4 devices
import jax
import jax.numpy as jnp

f = jax.pmap(lambda x: jax.debug.print("{}", x, ordered=True))
f(jnp.arange(4.))
