# A jit'd lax.while_loop whose condition never fails: --timeout stops the compiled loop.
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=9
# hostile: expect=ran past --timeout 2 s
# hostile: timeout=30
import jax
from jax import lax

forever = jax.jit(lambda x: lax.while_loop(lambda c: c > -1.0, lambda c: c + 1.0, x))
print(forever(0.0))
