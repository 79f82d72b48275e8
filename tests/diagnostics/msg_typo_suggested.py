# conform: parax-only error=AttributeError line=5
# expect: did you mean 'fori_loop'?
from jax import lax

print(lax.fori_lop(0, 3, lambda i, c: c + i, 0))
