# conform: error=TypeError line=5
# expect: expected function with aux output to return a two-element tuple
import jax

print(jax.grad(lambda x: x * 2.0, has_aux=True)(1.0))
