# conform: error=ValueError line=6
# expect: Can only use `unroll` in `fori_loop` if the loop bounds are statically known
import jax
from jax import lax

f = jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c + 1, 0, unroll=3))
print(f(5))
