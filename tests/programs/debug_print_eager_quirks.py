# conform: sort-lines
# debug.print outside jit; a format whose first chunk has no field (escaped braces) prints args space-joined.
import jax
import jax.numpy as jnp

jax.debug.print("eager {} {}", jnp.arange(3), 2.5)
jax.debug.print("eager float32 scalar {}", jnp.float32(0.1))
jax.debug.print("eager int {} bool {}", jnp.int32(-4), jnp.array(True))
jax.debug.print("no placeholders")
jax.debug.print("{{escaped}} first {}", 7)
jax.debug.print("named {a} and {b:.2f}", a=jnp.arange(2), b=jnp.float32(1 / 3))
jax.debug.print("{x} then {y}", x=1, y=jnp.ones((1, 2)))
