# covers: a 2-D-mesh tensor-parallel MLP in Explicit mode: batch split over 'data', the hidden dim over 'model' (w1 column-split, w2 row-split), the second matmul's contracting split resolved with out_sharding=, activations keep their splits, values equal the unsharded MLP; grads keep the weights' splits
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('data', 'model'))
jax.set_mesh(mesh)
rng = np.random.RandomState(1)
xn = rng.randn(8, 16).astype(np.float32)
w1n = (rng.randn(16, 32) * 0.2).astype(np.float32)
w2n = (rng.randn(32, 4) * 0.2).astype(np.float32)
x = jax.device_put(xn, P('data', None))
w1 = jax.device_put(w1n, P(None, 'model'))
w2 = jax.device_put(w2n, P('model', None))

@jax.jit
def mlp(x, w1, w2):
    h = jax.nn.relu(x @ w1)
    return jnp.dot(h, w2, out_sharding=P('data', None))

print('hidden', jax.typeof(jax.jit(lambda x, w1: jax.nn.relu(x @ w1))(x, w1)))
y = mlp(x, w1, w2)
print(jax.typeof(y))
ref = np.maximum(xn @ w1n, 0) @ w2n
print(bool(np.allclose(np.asarray(y), ref, atol=1e-4)), np.round(np.asarray(y)[0], 4))

def loss(w1, w2, x):
    return jnp.sum(mlp(x, w1, w2) ** 2)
g1, g2 = jax.jit(jax.grad(loss, argnums=(0, 1)))(w1, w2, x)
print(jax.typeof(g1), jax.typeof(g2))
print(round(float(g1.sum()), 3), round(float(g2.sum()), 3))
