# Printing 0-d arrays of every dtype, and their str() inside f-strings and format().
import jax.numpy as jnp

print(jnp.float32(1.0), jnp.float32(1 / 3), jnp.float32(0.1) + jnp.float32(0.2), jnp.float32(-0.0))
print(jnp.float32(1e-5), jnp.float32(1e16), jnp.float32(1e15), jnp.float32(123456789.0), jnp.float32(0.0001))
print(jnp.int32(-7), jnp.uint8(200), jnp.bool_(True), jnp.array(False))
print(jnp.float16(0.1), jnp.float16(1000.5), jnp.bfloat16(0.1), jnp.bfloat16(300.0), jnp.bfloat16(2.0))
print(jnp.array(3.0), jnp.array(2.5e-8), jnp.array(jnp.inf), jnp.array(-jnp.inf), jnp.array(jnp.nan))
print(jnp.sum(jnp.arange(10)), jnp.mean(jnp.arange(10)), jnp.max(jnp.array([1.5, 7.25])))
x = jnp.float32(0.1)
print(str(x), f"{x}", f"{x:.4f}", "{}".format(x), float(x))
print(f"{jnp.int32(5)}", f"{jnp.array(True)}", f"{jnp.float16(0.1)}", f"{jnp.float32(2.5)}")
print(x.shape, x.ndim, x.size)
