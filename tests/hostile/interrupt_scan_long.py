# A lax.scan of length 2e9 with only a carry: --timeout stops it at the scan.
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=9
# hostile: timeout=30
import jax
from jax import lax

step = lambda c, _: (c * 0.5 + 1.0, None)
spin = jax.jit(lambda x: lax.scan(step, x, None, length=2000000000)[0])
print(spin(1.0))
