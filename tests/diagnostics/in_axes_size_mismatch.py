# conform: error=ValueError line=10
# expect: argument 'a' has size 4
# expect: argument 'b' has size 2
import jax
import jax.numpy as jnp

x = jnp.ones((4, 3))
y = jnp.ones((2, 3))
f = jax.pmap(lambda a, b: a + b)
print(f(x, y))
