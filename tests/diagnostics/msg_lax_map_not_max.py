# conform: parax-only error=ImportError line=3
# expect: parax does not support lax.map yet
from jax.lax import map
print(map)
