# conform: error=NotImplementedError line=7
# expect: nested pmap is not part of parax
import jax
import jax.numpy as jnp

inner = jax.pmap(lambda v: v * 2)
outer = jax.pmap(lambda v: inner(v))
print(outer(jnp.ones((2, 2, 3))))
