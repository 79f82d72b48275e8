# conform: error=ValueError line=5
# expect: but only accepts 1 positional arguments
import jax

f = jax.jit(lambda x: x, static_argnums=1)
print(f(3))
