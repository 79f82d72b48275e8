# covers: jax Array.item() with no index (size 1), a flat index (negative too) and one index per dim; out-of-range indices raise IndexError
import jax.numpy as jnp

x = jnp.arange(6.0).reshape(2, 3)
print(jnp.array(5).item(), x.item(4), x.item(-1), x.item(1, 0), x.item(0, -1))
print(jnp.array([True, False]).item(1), jnp.arange(4, dtype=jnp.int32).item(2), type(x.item(0)).__name__)
for bad in ((6,), (2, 0), (0, 3)):
    try:
        x.item(*bad)
    except IndexError as e:
        print("IndexError", e)
try:
    x.item()
except ValueError as e:
    print("ValueError", e)
