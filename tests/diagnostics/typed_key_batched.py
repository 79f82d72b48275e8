# conform: error=ValueError line=5
# expect: normal accepts a single key, but was given a key array of shape (3,) != ()
import jax
keys = jax.random.split(jax.random.key(0), 3)
x = jax.random.normal(keys, (2,))
