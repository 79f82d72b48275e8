# Misuse around the x64 switch: unknown config options and out-of-range Python ints, caught as CPython exceptions.
import jax
import jax.numpy as jnp

try:
    jax.config.update("jax_enable_x65", True)
except AttributeError as e:
    print("AttributeError", "Unrecognized config option" in str(e))
try:
    jnp.array(2**40)
except OverflowError as e:
    print("OverflowError x64 off")
jax.config.update("jax_enable_x64", True)
print(jnp.array(2**40), jnp.array(2**40).dtype)
try:
    jnp.array(2**40, dtype=jnp.int32)
except OverflowError as e:
    print("OverflowError int32")
try:
    jnp.array(-1, dtype=jnp.uint64)
except OverflowError as e:
    print("OverflowError uint64")
print(jnp.array([1, 2], dtype=jnp.uint64) + 2**40)
print(jnp.int8(100) + 2**40)
