# conform: error=TypeError line=9|11
# expect: int32[] but the corresponding output carry component has type float32[]
# expect: the dtypes do not match
import jax
import jax.numpy as jnp
from jax import lax

def body(i, acc):
    return acc * 0.5

print(lax.fori_loop(0, 3, body, jnp.int32(4)))
