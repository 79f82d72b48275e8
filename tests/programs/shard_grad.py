# covers: jax.grad and jax.value_and_grad of functions of sharded arrays (eager and jitted) give gradients with the arguments' shardings; a sharded MLP forward pass
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("x",))
jax.set_mesh(mesh)
w = jax.device_put(np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4), NamedSharding(mesh, P('x', None)))
b = jax.device_put(np.zeros(4, np.float32), NamedSharding(mesh, P()))
xb = jax.device_put(np.ones((16, 8), np.float32), NamedSharding(mesh, P('x', None)))

def loss(w, b, x):
    h = jnp.tanh(x @ w + b)
    return jnp.mean(h ** 2)

g = jax.grad(loss)(w, b, xb)
print(jax.typeof(g), jnp.abs(g).sum())
v, (gw, gb) = jax.jit(jax.value_and_grad(loss, argnums=(0, 1)))(w, b, xb)
print(jax.typeof(v), jax.typeof(gw), jax.typeof(gb), round(float(v), 5))
h = jax.jit(lambda x: jax.nn.relu(x @ w))(xb)
print(jax.typeof(h), h.shape)
