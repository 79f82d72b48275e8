# conform: error=ConcretizationTypeError line=7
# float() of a traced value inside a scan body.
import jax.numpy as jnp
from jax import lax

def step(c, x):
    return c + float(x), None

print(lax.scan(step, 0.0, jnp.arange(3.0)))
